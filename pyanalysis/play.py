"""Trick play: a deal played card by card by the rules of play, with undo.

`Play` is the one place where cards are played: it checks each card (held, not played before,
following suit, trumping), cuts the cards into tricks, says who took each trick and who leads
next, and counts the tricks each seat took. The rules themselves (legal cards, the taker of a
trick, the raspasy talon tricks) are the engine's, `solver.position`, so a line played here is
played as the solver plays it.

    >>> play = Play("AK.-.-.- 87.-.-.- -.A7.-.-", "6S", leader=2)
    >>> play.turn, play.legal()           # the 2nd hand leads: any card
    (2, [Card('8S'), Card('7S')])
    >>> play.push("8S"); play.push("7C")  # the 3rd hand has no spade: any card
    >>> play.legal()                      # the 1st hand follows suit
    [Card('AS'), Card('KS')]
    >>> play.push("KS")
    Trick(number=1, leader=2, cards=(Card('8S'), Card('7C'), Card('KS')), talon_card=None, winner=1)
    >>> play.taken, play.turn
    ({1: 1, 2: 0, 3: 0}, 1)
    >>> play.pop()                        # takes back KS: the trick is open again
    Card('KS')

In raspasy under the talon rule "suit" or "card" the first tricks (one per talon card) are
talon tricks: the talon card's suit is led, the 1st hand plays first, and after them the 1st
hand leads again (RULES.md §2.3). A card that may not be played raises `IllegalCard` (a
`PositionError`, so a `ValueError`), which says why and carries the facts for other wordings.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .cards import SUIT_SYMBOLS, Card
from .deal import Deal
from .errors import PositionError
from .games import RASPASY, Game
from .hand import Hand
from .seat import SEATS, Seat
from .serialize import JsonFields

__all__ = ["Play", "Trick", "IllegalCard", "PLAYED", "NOT_HELD", "NOT_FOLLOWING",
           "NOT_TRUMPING"]

#: Why a card may not be played (`IllegalCard.kind`).
PLAYED, NOT_HELD, NOT_FOLLOWING, NOT_TRUMPING = "played", "not held", "not following", \
    "not trumping"


@dataclass(frozen=True)
class Trick(JsonFields):
    """One trick.

    `number` 1..10; `leader` the seat playing first; `cards` in play order (fewer than three
    while it is being played); `talon_card` the talon card of a raspasy talon trick (None
    otherwise); `winner` the seat that took it, or None while it is unfinished or when, under
    the raspasy talon rule `card`, the talon card kept it. `to_dict()`: these fields in order.
    """

    number: int
    leader: int
    cards: tuple[Card, ...]
    talon_card: Card | None = None
    winner: int | None = None

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat that played each card."""
        return tuple(Seat.after(self.leader, i) for i in range(len(self.cards)))

    @property
    def complete(self) -> bool:
        return len(self.cards) == 3

    @property
    def first_card(self) -> int:
        """How many cards were played before this trick (its first card's 0-based index)."""
        return 3 * (self.number - 1)

    def by_seat(self) -> dict[Seat, tuple[Card, int] | None]:
        """{seat: (its card, the card's index in the play)} for seats 1..3 (None: not played)."""
        out: dict[Seat, tuple[Card, int] | None] = dict.fromkeys(SEATS)
        for k, (seat, card) in enumerate(zip(self.seats, self.cards)):
            out[seat] = (card, self.first_card + k)
        return out


class IllegalCard(PositionError):
    """A card that may not be played now.

    `kind`: `PLAYED` (already played, in trick `played_in`), `NOT_HELD` (`owner`: the seat
    whose hand held it at the start, None if none did; `in_talon`), `NOT_FOLLOWING` or
    `NOT_TRUMPING` (`hand`: the player's cards, `lead_suit`, `trump`). `trick` is the number
    of the trick, `seat` the player to move. The message names the trick, the card and why.
    """

    def __init__(self, kind: str, card: Card, seat: Seat, trick: int, hand: Hand, *,
                 lead_suit: int | None = None, trump: int | None = None,
                 played_in: int | None = None, owner: Seat | None = None,
                 in_talon: bool = False) -> None:
        self.kind, self.card, self.seat, self.trick, self.hand = kind, card, seat, trick, hand
        self.lead_suit, self.trump, self.played_in = lead_suit, trump, played_in
        self.owner, self.in_talon = owner, in_talon
        super().__init__(f"trick {trick}: {self.reason}")

    @property
    def reason(self) -> str:
        """Why the card may not be played, without the trick's number."""
        card, name = self.card, self.seat.ordinal
        if self.kind == PLAYED:
            return f"{card} was already played in trick {self.played_in}"
        if self.kind == NOT_HELD:
            held = (f"; the {self.owner.ordinal} hand holds it" if self.owner
                    else "; it is in the talon" if self.in_talon else "; it is in no hand")
            return f"{card} is not in the {name} hand's cards{held}"
        lead = SUIT_SYMBOLS[self.lead_suit]  # type: ignore[index]
        if self.kind == NOT_FOLLOWING:
            return f"{card} does not follow suit {lead} (the {name} hand holds {lead})"
        return (f"{card} is not a trump: the {name} hand holds no {lead} and must play a "
                f"trump {SUIT_SYMBOLS[self.trump]}")  # type: ignore[index]


class Play:
    """A deal being played: push a card, pop it back, ask whose turn it is and what is legal.

    `deal`: the hands at the start (a `Deal` or its text), and in raspasy the talon; `game`;
    `leader`: the seat leading the first trick; `talon_rule`: "suit" or "card" make the first
    tricks raspasy talon tricks (one per talon card, the 1st hand leading), "none" (the
    default) plays none. The rule is taken as given: `solving.resolve_talon_rule` chooses a
    deal's default.
    """

    def __init__(self, deal: Deal | str, game: Game | str, leader: int = 1,
                 talon_rule: str = "none") -> None:
        from solver.position import TALON_RULES  # the engine package, loaded on first use

        self.deal = Deal.parse(deal)
        self.game = Game.parse(game)
        self.leader = Seat.parse(leader, "leader")
        if talon_rule not in TALON_RULES:
            raise PositionError(f"unknown talon rule '{talon_rule}': expected suit, card or none")
        if talon_rule != "none" and self.game.kind != RASPASY:
            raise PositionError(f"talon rule '{talon_rule}' applies only to raspasy, not "
                                f"{self.game}")
        self.talon_rule = talon_rule
        #: The talon cards that open the play as talon tricks, first one first.
        self.talon: tuple[Card, ...] = self.deal.talon if talon_rule != "none" else ()
        if self.talon and self.leader != 1:
            raise PositionError(f"leader {self.leader}: in raspasy talon tricks the 1st hand "
                                f"plays first (leader 1)")
        self._hands = [hand.mask for hand in self.deal.hands]
        self._moves: list[Card] = []
        self._played_in: dict[Card, int] = {}
        self._tricks: list[Trick] = []
        self._trick_leader = self.leader
        self._taken = dict.fromkeys(SEATS, 0)

    # ------------------------------------------------------------------ state

    @property
    def moves(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        return tuple(self._moves)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, first one first."""
        return tuple(self._tricks)

    @property
    def trick(self) -> Trick:
        """The trick being played: its leader, talon card and the cards played to it so far
        (none at a trick's start). After the last card it is an empty trick 11 or so."""
        played = len(self._moves) % 3
        cards = tuple(self._moves[len(self._moves) - played:])
        return Trick(len(self._tricks) + 1, self._trick_leader, cards, self._talon_card())

    @property
    def all_tricks(self) -> tuple[Trick, ...]:
        """The completed tricks and, if cards have been played to it, the current one."""
        trick = self.trick
        return self.tricks + ((trick,) if trick.cards else ())

    @property
    def taken(self) -> dict[Seat, int]:
        """Tricks each seat took in the completed tricks."""
        return dict(self._taken)

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The cards each seat holds now."""
        return tuple(Hand(mask) for mask in self._hands)

    @property
    def trick_start_hands(self) -> tuple[Hand, ...]:
        """The hands as at the start of the current trick: its cards back with their players."""
        hands = list(self._hands)
        for seat, card in zip(self.trick.seats, self.trick.cards):
            hands[seat - 1] |= card.bit
        return tuple(Hand(mask) for mask in hands)

    @property
    def talon_left(self) -> tuple[Card, ...]:
        """The talon cards whose tricks are not finished (the current trick's included)."""
        return self.talon[len(self._tricks):]

    @property
    def done(self) -> bool:
        """Whether every card has been played."""
        return len(self._moves) == 3 * self.deal.size

    @property
    def turn(self) -> Seat | None:
        """The seat to play the next card (None when the deal is over)."""
        if self.done:
            return None
        return Seat.after(self._trick_leader, len(self._moves) % 3)

    @property
    def lead_suit(self) -> int | None:
        """The suit to follow in the current trick (None when the next card leads it)."""
        talon_card = self._talon_card()
        if talon_card is not None:
            return talon_card.suit
        played = len(self._moves) % 3
        return self._moves[-played].suit if played else None

    def legal(self) -> list[Card]:
        """The cards the player to move may play, suits ♠ ♣ ♦ ♥ and high cards first (none
        when the deal is over)."""
        if self.done:
            return []
        seat = self.turn
        mask = _rules().legal_mask(self._hands[seat - 1], self.lead_suit, self.game.trump)
        return sorted(Hand(mask), key=lambda c: (c.suit, -c.rank))

    def position(self, focus: int) -> Any:
        """The engine's `solver.Position` of the play now, counting `focus`'s tricks from
        here on (the declarer, or in raspasy the player)."""
        trick = self.trick
        return _rules().Position(
            hands=tuple(self._hands), leader=trick.leader - 1,
            played=tuple(c.index for c in trick.cards), game=self.game.kind,
            trump=self.game.trump, focus=Seat.parse(focus, "focus") - 1,
            talon=tuple(c.index for c in self.talon_left), talon_rule=self.talon_rule)

    # ------------------------------------------------------------------ moves

    def push(self, card: Card | str) -> Trick | None:
        """Play `card` for the seat to move. Returns the trick it completes (None if it does
        not complete one). Raises `IllegalCard` if the card may not be played, and
        `PositionError` when the deal is over."""
        card = Card.parse(card)
        if self.done:
            raise PositionError("the deal is over: no card left to play")
        seat = self.turn
        assert seat is not None
        number = len(self._tricks) + 1
        hand = self._hands[seat - 1]
        if card in self._played_in:
            raise IllegalCard(PLAYED, card, seat, number, Hand(hand),
                              played_in=self._played_in[card])
        if not hand & card.bit:
            owner = next((s for s in SEATS if card in self.deal.hands[s - 1]), None)
            raise IllegalCard(NOT_HELD, card, seat, number, Hand(hand), owner=owner,
                              in_talon=card in self.deal.talon)
        lead_suit, trump = self.lead_suit, self.game.trump
        if not _rules().legal_mask(hand, lead_suit, trump) & card.bit:
            kind = NOT_FOLLOWING if hand & (0xFF << (8 * lead_suit)) else NOT_TRUMPING
            raise IllegalCard(kind, card, seat, number, Hand(hand), lead_suit=lead_suit,
                              trump=trump)
        self._hands[seat - 1] &= ~card.bit
        self._moves.append(card)
        self._played_in[card] = number
        if len(self._moves) % 3:
            return None
        trick = self._finish(number)
        self._tricks.append(trick)
        if trick.winner is not None:
            self._taken[trick.winner] += 1
        # After a talon trick the 1st hand plays first again (RULES.md §2.3).
        self._trick_leader = Seat.FIRST if trick.talon_card is not None else trick.winner
        return trick

    def pop(self) -> Card:
        """Take back the last card played and return it (`PositionError` if none was)."""
        if not self._moves:
            raise PositionError("no card has been played: nothing to take back")
        if len(self._moves) % 3 == 0:  # the last card completed a trick: open it again
            trick = self._tricks.pop()
            if trick.winner is not None:
                self._taken[trick.winner] -= 1
            self._trick_leader = trick.leader
        card = self._moves.pop()
        seat = Seat.after(self._trick_leader, len(self._moves) % 3)
        self._hands[seat - 1] |= card.bit
        del self._played_in[card]
        return card

    def _talon_card(self) -> Card | None:
        number = len(self._tricks)
        return self.talon[number] if number < len(self.talon) else None

    def _finish(self, number: int) -> Trick:
        """The trick just completed by the third card, with its winner."""
        rules = _rules()
        cards = tuple(self._moves[-3:])
        leader = self._trick_leader
        seats = [Seat.after(leader, i) - 1 for i in range(3)]
        ints = tuple(c.index for c in cards)
        talon_card = self._talon_card()
        if talon_card is not None:
            taker = rules.talon_trick_taker(ints, seats, talon_card.index, self.talon_rule)
        else:
            taker = rules.trick_taker(ints, seats, self.game.trump)
        return Trick(number, leader, cards, talon_card, None if taker is None else Seat(taker + 1))


def _rules() -> ModuleType:
    """The rules of play (`solver.position`), imported on first use: importing the engine
    package loads the compiled search, which the notation layers do without."""
    import solver.position

    return solver.position
