"""A deal played through card by card, with the double-dummy value of every legal card.

`PlaySession` holds the cards played so far (on a `Play`, so undo is taking the last card
back) and solves the position before each card; `turn_json` is one position as JSON. The
text for people is `pyanalysis.text.play`; `prefdd play` drives a session from a prompt.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .deal import Deal
from .games import Game
from .play import Play, Trick
from .seat import Seat
from .serialize import cards_to_json
from .solving import Solution, make_position, solve

__all__ = ["PlaySession", "Turn", "turn_json"]


@dataclass
class Turn:
    """The position before the next card: what the display and the values are built from."""

    deal: Deal  # hands as at the start of the current trick (they hold its cards)
    leader: int  # seat that led the current trick
    trick: list[Card]  # cards played to the current trick so far
    done: list[Trick]  # completed tricks, first one first
    taken: dict[int, int]  # tricks taken so far by each seat (1..3)
    talon_rule: str  # the talon rule still in force ("none" once the talon tricks are over)
    solution: Solution | None = None  # None when the deal is over

    @property
    def over(self) -> bool:
        return self.solution is None


@dataclass
class PlaySession:
    """A deal being played through: the cards played so far, and undo.

    The cards are played on a `Play` (the rules of play: who takes each trick, who leads
    next), so undo is taking the last card back.
    """

    deal: Deal
    game: Game
    focus: int  # the declarer, or in raspasy the chosen player
    leader: int = 1
    played: tuple[Card, ...] = ()  # cards already in the first trick when the session starts
    talon_rule: str | None = None  # None: the default for the deal (see `solve`)
    history: list[Card] = field(default_factory=list)
    _turn: Turn | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.played = tuple(Card.parse(card) for card in self.played)
        seats = {"player" if self.game.kind == "raspasy" else "declarer": self.focus}
        # The options checked once, as `solve` checks them; its talon rule is the one in force.
        start, _, _ = make_position(self.deal, self.game, leader=self.leader, played=self.played,
                                    talon_rule=self.talon_rule, **seats)
        self.talon_rule = start.talon_rule
        self._play = Play(self.deal, self.game, leader=self.leader, talon_rule=self.talon_rule)
        for card in self.played:
            self._play.push(card)

    # --- state ---------------------------------------------------------------------------
    @property
    def talon(self) -> tuple[Card, ...]:
        """Talon cards whose tricks open the play (raspasy, rule "suit" or "card")."""
        return self._play.talon

    def turn(self) -> Turn:
        """The current position and its double-dummy solution (cached until the next card)."""
        if self._turn is None:
            self._turn = self._compute_turn()
        return self._turn

    def _compute_turn(self) -> Turn:
        play = self._play
        trick = play.trick
        done, taken = list(play.tricks), dict(play.taken)
        if play.done:
            return Turn(self.deal, trick.leader, [], done, taken, "none", None)
        talon_left = play.talon_left
        rule = self.talon_rule if talon_left else "none"
        # In raspasy the deal carries the talon cards still to be played; otherwise the
        # talon is only shown.
        talon = talon_left if self.game.kind == "raspasy" else self.deal.talon
        now = Deal(play.trick_start_hands, talon, self.deal.discard)
        solution = self._solve(now, trick.leader, list(trick.cards), rule)
        return Turn(now, trick.leader, list(trick.cards), done, taken, rule, solution)

    def _solve(self, deal: Deal, leader: int, trick: list[Card], rule: str) -> Solution:
        options: dict[str, Any] = {"leader": leader, "played": trick}
        if self.game.kind == "raspasy":
            options.update(player=self.focus, talon_rule=rule)
        else:
            options["declarer"] = self.focus
        return solve(deal, self.game, **options)

    # --- moves ---------------------------------------------------------------------------
    def play(self, card: Card | str) -> Card:
        """Play `card` for the player to move; `ValueError` if it is not a legal card."""
        turn = self.turn()
        if turn.over:
            raise ValueError("the deal is over: no card left to play")
        if isinstance(card, str) and _several_cards(card):
            raise ValueError(f"'{card.strip()}': type one card at a time")
        card = Card.parse(card)
        moves = turn.solution.moves
        if card not in moves:
            mover = Seat(turn.solution.to_move).title
            if card in self.played or card in self.history:
                raise ValueError(f"{card} has been played already")
            if card not in turn.deal.hands[turn.solution.to_move - 1]:
                raise ValueError(f"the {mover} does not hold {card}")
            legal = " ".join(str(c) for c in moves)
            raise ValueError(f"{card} is not a legal card for the {mover} (legal: {legal})")
        self._play.push(card)
        self.history.append(card)
        self._turn = None
        return card

    def best(self) -> Card:
        """Play the first card of the principal line (a best card) and return it."""
        turn = self.turn()
        if turn.over:
            raise ValueError("the deal is over: no card left to play")
        return self.play(turn.solution.line[0])

    def undo(self) -> Card:
        """Take back the last card played in this session."""
        if not self.history:
            raise ValueError("nothing to undo")
        self._turn = None
        self._play.pop()
        return self.history.pop()

    def focus_taken(self) -> int:
        """The focus player's tricks taken so far."""
        return self.turn().taken[self.focus]

    def focus_total(self) -> int:
        """The focus player's tricks so far, plus those he takes from here with best play."""
        turn = self.turn()
        later = 0 if turn.over else turn.solution.tricks
        return turn.taken[self.focus] + later


def _several_cards(text: str) -> bool:
    """True for `AS KS` (two cards), false for `A spades` (one card in two words)."""
    words = text.replace(",", " ").split()
    if len(words) < 2:
        return False
    try:
        for word in words:
            Card.parse(word)
    except ValueError:
        return False
    return True


def turn_json(session: PlaySession) -> dict[str, Any]:
    """One position: the solution as `solve --json` gives it (`tricks` and the card values are
    the focus player's tricks from here), with the tricks so far (`taken`: the focus player's,
    `taken_by`: every seat's)."""
    turn = session.turn()
    data: dict[str, Any] = {"event": "turn" if not turn.over else "end"}
    if turn.over:
        data["deal"] = str(turn.deal)
    else:
        data.update(turn.solution.to_dict())
    data.update(
        tricks_played=[cards_to_json(t.cards) for t in turn.done],
        taken=turn.taken[session.focus],
        taken_by={str(seat): n for seat, n in turn.taken.items()},
    )
    return data
