"""Positions: what the engine and the reference solver are asked about, and the rules of play.

A position is three hands (32-bit masks), the trick in progress, the game, the focus player and,
in raspasy, the talon tricks still to come. Cards are integers ``suit * 8 + rank`` with suits
0..3 = ♠ ♣ ♦ ♥ and ranks 0..7 = 7 8 9 10 J Q K A. Seats are 0, 1, 2 (1st, 2nd, 3rd hand).

This module is the executable statement of the rules of play (RULES.md §2): which cards are
legal, who takes a trick, who leads next. ``solver.reference`` searches with it; the compiled
engine implements the same rules on its own and is tested against it.
"""
from __future__ import annotations

from dataclasses import dataclass

GAMES = ("contract", "misere", "raspasy")
TALON_RULES = ("suit", "card", "none")
SUIT_LETTERS = "SCDH"
RANK_LETTERS = "789TJQKA"
FULL_DECK = (1 << 32) - 1


def card_name(card: int) -> str:
    """The short ASCII name of an engine card: rank letter then suit letter, e.g. ``AS``."""
    return RANK_LETTERS[card & 7] + SUIT_LETTERS[card >> 3]


def suit_of(card: int) -> int:
    return card >> 3


def suit_mask(suit: int) -> int:
    """The mask of all eight cards of a suit."""
    return 0xFF << (8 * suit)


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, in ascending order."""
    return [c for c in range(32) if mask >> c & 1]


def popcount(mask: int) -> int:
    return mask.bit_count()


@dataclass(frozen=True)
class Position:
    """A position to solve.

    hands:      the cards each seat still holds, not counting cards in ``played``.
    leader:     the seat that led (or is to lead) the current trick; 0 during talon tricks.
    played:     cards already played to the current trick, in play order from the leader.
    game:       ``"contract"``, ``"misere"`` or ``"raspasy"``.
    trump:      the trump suit of a contract, ``None`` for no-trump (and always in the others).
    focus:      the declarer, or in raspasy the player whose tricks are counted.
    talon:      raspasy only: talon cards whose tricks are still to be played, first one first.
    talon_rule: ``"suit"``, ``"card"`` or ``"none"`` (RULES.md §2.3).

    Construction validates everything and raises ``ValueError`` naming the problem.
    """

    hands: tuple[int, int, int]
    leader: int = 0
    played: tuple[int, ...] = ()
    game: str = "contract"
    trump: int | None = None
    focus: int = 0
    talon: tuple[int, ...] = ()
    talon_rule: str = "none"

    def __post_init__(self) -> None:
        if type(self.hands) is not tuple:
            object.__setattr__(self, "hands", tuple(self.hands))
        if type(self.played) is not tuple:
            object.__setattr__(self, "played", tuple(self.played))
        if type(self.talon) is not tuple:
            object.__setattr__(self, "talon", tuple(self.talon))
        _validate(self)

    # --- derived facts -------------------------------------------------------------------
    @property
    def in_talon_trick(self) -> bool:
        """True while the current trick is one of the raspasy talon tricks."""
        return bool(self.talon)

    @property
    def to_move(self) -> int:
        """The seat to play the next card."""
        return (self.leader + len(self.played)) % 3

    @property
    def is_terminal(self) -> bool:
        return not any(self.hands) and not self.played

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        return max(popcount(h) for h in self.hands)

    @property
    def lead_suit(self) -> int | None:
        """The suit that must be followed in the current trick (None when nothing is led yet)."""
        if self.talon:
            return suit_of(self.talon[0])
        if self.played:
            return suit_of(self.played[0])
        return None

    def legal_moves(self) -> list[int]:
        """The cards the seat to move may play, ascending."""
        return cards_of(legal_mask(self.hands[self.to_move], self.lead_suit, self.trump))

    # --- playing -------------------------------------------------------------------------
    def advance(self, card: int) -> tuple["Position", int | None, bool]:
        """Play ``card`` for the seat to move.

        Returns the next position, the seat that took the trick (None if nobody did or the
        trick is not complete) and whether this card completed a trick.
        """
        if self.is_terminal:
            raise ValueError("the position is terminal: no card can be played")
        mover = self.to_move
        if card not in self.legal_moves():
            raise ValueError(f"{card_name(card)} is not a legal play for seat {mover}")
        hands = list(self.hands)
        hands[mover] &= ~(1 << card)
        played = self.played + (card,)
        if len(played) < 3:
            return self._replace(hands=tuple(hands), played=played), None, False
        seats = [(self.leader + i) % 3 for i in range(3)]
        if self.talon:
            taker = talon_trick_taker(played, seats, self.talon[0], self.talon_rule)
            nxt = self._replace(hands=tuple(hands), played=(), leader=0, talon=self.talon[1:])
        else:
            taker = trick_taker(played, seats, self.trump)
            nxt = self._replace(hands=tuple(hands), played=(), leader=taker)
        return nxt, taker, True

    def play(self, card: int) -> "Position":
        """The position after ``card`` is played by the seat to move."""
        return self.advance(card)[0]

    def _replace(self, **changes) -> "Position":
        fields = dict(
            hands=self.hands, leader=self.leader, played=self.played, game=self.game,
            trump=self.trump, focus=self.focus, talon=self.talon, talon_rule=self.talon_rule,
        )
        fields.update(changes)
        return Position(**fields)


def legal_mask(hand: int, lead_suit: int | None, trump: int | None) -> int:
    """The legal cards of ``hand``: follow suit, else trump (in a trump contract), else any."""
    if lead_suit is None:
        return hand
    follow = hand & suit_mask(lead_suit)
    if follow:
        return follow
    if trump is not None and hand & suit_mask(trump):
        return hand & suit_mask(trump)
    return hand


def trick_taker(cards: tuple[int, ...], seats: list[int], trump: int | None) -> int:
    """The seat taking an ordinary trick: the highest trump, else the highest card of the suit led."""
    best = 0
    for i in range(1, 3):
        if _beats(cards[i], cards[best], trump):
            best = i
    return seats[best]


def _beats(card: int, other: int, trump: int | None) -> bool:
    if suit_of(card) == suit_of(other):
        return card > other
    return trump is not None and suit_of(card) == trump


def talon_trick_taker(cards: tuple[int, ...], seats: list[int], talon_card: int,
                      rule: str) -> int | None:
    """The seat taking a raspasy talon trick, or None when the talon card keeps it (rule "card").

    Rule "suit": the highest card of the talon's suit among the players' cards takes it; when no
    player has that suit, the 1st hand's card stands as the card led and the highest card of its
    suit takes the trick (the rule texts are silent on this case; see ALGORITHM.md).
    Rule "card": the talon card competes as the first card of the trick; if it stays highest the
    trick belongs to nobody.
    """
    suit = suit_of(talon_card)
    best = None
    for i, c in enumerate(cards):
        if suit_of(c) == suit and (best is None or c > cards[best]):
            best = i
    if rule == "card":
        if best is None or cards[best] < talon_card:
            return None
        return seats[best]
    if best is None:
        return trick_taker(cards, seats, None)
    return seats[best]


def _validate(p: Position) -> None:
    """Raise ValueError naming the first problem of `p`, if any."""
    # Most positions asked about are at a trick's start outside the talon tricks; this test
    # accepts exactly those of them that the full checks below accept, in a fraction of the
    # time (it runs once per question, and a question may take only tens of microseconds).
    hands = p.hands
    if not p.played and not p.talon and len(hands) == 3:
        h0, h1, h2 = hands
        trump, leader, focus = p.trump, p.leader, p.focus
        if (type(h0) is int and type(h1) is int and type(h2) is int
                and 0 <= h0 <= FULL_DECK and 0 <= h1 <= FULL_DECK and 0 <= h2 <= FULL_DECK
                and not (h0 & h1 or h0 & h2 or h1 & h2)
                and type(leader) is int and 0 <= leader <= 2
                and type(focus) is int and 0 <= focus <= 2
                and p.talon_rule in TALON_RULES
                and (p.game == "contract" if trump is not None else p.game in GAMES)
                and (trump is None or (type(trump) is int and 0 <= trump <= 3))):
            n = h0.bit_count()
            if n <= 10 and h1.bit_count() == n and h2.bit_count() == n:
                return
    _check_fully(p)


def _check_fully(p: Position) -> None:
    if p.game not in GAMES:
        raise ValueError(f"unknown game {p.game!r} (expected one of: {', '.join(GAMES)})")
    if p.talon_rule not in TALON_RULES:
        raise ValueError(
            f"unknown talon rule {p.talon_rule!r} (expected one of: {', '.join(TALON_RULES)})")
    if p.trump is not None:
        if p.game != "contract":
            raise ValueError(f"a {p.game} game has no trump suit")
        if not _is_int(p.trump) or not 0 <= p.trump <= 3:
            raise ValueError(f"trump suit {p.trump!r} out of range 0..3")
    for name, seat in (("leader", p.leader), ("focus", p.focus)):
        if not _is_int(seat) or not 0 <= seat <= 2:
            raise ValueError(f"{name} seat {seat!r} out of range 0..2")
    if len(p.hands) != 3:
        raise ValueError(f"a position has 3 hands, got {len(p.hands)}")
    for seat, hand in enumerate(p.hands):
        if not _is_int(hand) or hand < 0 or hand > FULL_DECK:
            raise ValueError(f"hand of seat {seat} is not a 32-bit card mask: {hand!r}")
    for a in range(3):
        for b in range(a + 1, 3):
            common = p.hands[a] & p.hands[b]
            if common:
                raise ValueError(
                    f"hands overlap: {card_name(cards_of(common)[0])} is in seat {a} and seat {b}")
    held = p.hands[0] | p.hands[1] | p.hands[2]
    _check_cards("played", p.played)
    _check_cards("talon", p.talon)
    if len(p.played) > 2:
        raise ValueError(f"at most 2 cards can be in the current trick, got {len(p.played)}")
    for c in p.played:
        if held >> c & 1:
            raise ValueError(f"played card {card_name(c)} is still in a hand")
    if p.talon:
        if p.game != "raspasy" or p.talon_rule == "none":
            raise ValueError("talon tricks exist only in raspasy with talon rule 'suit' or 'card'")
        if len(p.talon) > 2:
            raise ValueError(f"at most 2 talon tricks, got {len(p.talon)}")
        for c in p.talon:
            for seat, hand in enumerate(p.hands):
                if hand >> c & 1:
                    raise ValueError(f"talon card {card_name(c)} is also in the hand of seat {seat}")
            if c in p.played:
                raise ValueError(f"talon card {card_name(c)} is also in the current trick")
        if p.leader != 0:
            raise ValueError("the 1st hand (seat 0) plays first in a talon trick")
    counts = [h.bit_count() for h in p.hands]
    n = max(counts)
    expected = [n, n, n]
    for i in range(len(p.played)):
        expected[(p.leader + i) % 3] = n - 1
    if counts != expected or (p.played and n == 0):
        raise ValueError(
            f"card counts {counts[0]}/{counts[1]}/{counts[2]} do not fit a trick led by seat "
            f"{p.leader} with {len(p.played)} card(s) played")
    if n > 10:
        raise ValueError(f"a hand holds at most 10 cards, got {n}")
    if len(p.talon) > n:
        raise ValueError(f"{len(p.talon)} talon tricks but only {n} tricks left")
    # Replay the current trick to check that each card was a legal play.
    lead = p.lead_suit
    for i, c in enumerate(p.played):
        seat = (p.leader + i) % 3
        before = p.hands[seat] | 1 << c
        if i == 0 and not p.talon:
            continue
        if not legal_mask(before, lead, p.trump) >> c & 1:
            raise ValueError(f"{card_name(c)} played by seat {seat} is not a legal play")


def _is_int(x: object) -> bool:
    """A whole number, not a bool (``True`` is no seat, card or hand)."""
    return isinstance(x, int) and not isinstance(x, bool)


def _check_cards(what: str, cards: tuple[int, ...]) -> None:
    for c in cards:
        if not _is_int(c) or not 0 <= c <= 31:
            raise ValueError(f"{what} card {c!r} is not a card number 0..31")
    if len(set(cards)) != len(cards):
        raise ValueError(f"a {what} card appears twice")
