"""The play as a report shows it: every card played, with the value of every legal card at
that point, cut into tricks.

`Step` is one card played: the position before it (the trick, the seat to move, the tricks
each seat has taken so far), the value of every legal card there (the focus player's tricks in
the whole deal, tricks already taken included, best play by all after that card), the best
cards, and what the card played cost its side. `Play` is the whole line: its steps and its
tricks.

Both kinds of line come from a review (`pyanalysis.analysis.review`): a played deal's
(`play_from_review`), or the principal line of a deal's solution reviewed
(`principal_play`: every card best, so every cost is zero).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..analysis.review import Review, review
from ..cards import Card
from ..deal import Deal
from ..games import Game
from ..jsonout import cards_to_json, moves_to_json
from ..solving import solve

__all__ = ["Play", "Step", "TrickRow", "principal_play", "play_from_review"]


@dataclass(frozen=True)
class Step:
    """One card played. `index` counts the cards played before it (0 for the first);
    `taken`: tricks taken by seats 1, 2, 3 before it; `focus`: whose tricks the numbers
    count; `values`: {legal card: the focus player's tricks in the whole deal after it, best
    play by all}; `before`: the value of the position (the best card's); `after`: the value
    after the card played; `cost`: tricks the card gave away for its side (0 for a best
    card)."""

    index: int
    trick: int
    seat: int
    card: Card
    focus: int
    values: dict[Card, int]
    best: list[Card]
    before: int
    after: int
    cost: int
    taken: tuple[int, int, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "trick": self.trick, "seat": self.seat, "card": str(self.card),
            "focus": self.focus, "values": moves_to_json(self.values),
            "best": cards_to_json(self.best), "before": self.before, "after": self.after,
            "cost": self.cost, "taken": list(self.taken),
        }


@dataclass(frozen=True)
class TrickRow:
    """One trick of the line: `cards` and `seats` in play order (fewer than three if the line
    stops inside it), `taker` (None when unfinished or when the raspasy talon card kept it),
    `talon_card` for a raspasy talon trick, `first_step` the index of its first card."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    taker: int | None
    talon_card: Card | None
    first_step: int

    @property
    def complete(self) -> bool:
        return len(self.cards) == 3

    def by_seat(self) -> dict[int, tuple[Card, int] | None]:
        """{seat: (its card, the card's step index)} for seats 1..3 (None: not played)."""
        out: dict[int, tuple[Card, int] | None] = {1: None, 2: None, 3: None}
        for k, (seat, card) in enumerate(zip(self.seats, self.cards)):
            out[seat] = (card, self.first_step + k)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number, "leader": self.leader, "cards": cards_to_json(self.cards),
            "seats": list(self.seats), "taker": self.taker,
            "talon_card": str(self.talon_card) if self.talon_card else None,
            "first_step": self.first_step,
        }


@dataclass(frozen=True)
class Play:
    """A line of play with every position's card values.

    `dd_start`: the focus player's tricks with best play from the start; `result`: his
    tricks at the end (the line played out, then a claim or best play for what is left);
    `final_taken`: tricks taken by seats 1, 2, 3 in the tricks played; `complete`: whether
    the line runs to the last card; `source`: "principal line" or "played"; `review`: the
    review the values come from.
    """

    steps: list[Step]
    tricks: list[TrickRow]
    final_taken: tuple[int, int, int]
    dd_start: int | None
    result: int | None
    complete: bool
    source: str
    review: Review

    @property
    def cost_by_seat(self) -> dict[int, int]:
        costs = {1: 0, 2: 0, 3: 0}
        for step in self.steps:
            costs[step.seat] += step.cost
        return costs

    @property
    def errors(self) -> list[Step]:
        """The cards that cost their side tricks, in play order."""
        return [step for step in self.steps if step.cost > 0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source, "complete": self.complete,
            "dd_start": self.dd_start, "result": self.result,
            "final_taken": list(self.final_taken),
            "cost_by_seat": {str(s): c for s, c in self.cost_by_seat.items()},
            "steps": [step.to_dict() for step in self.steps],
            "tricks": [trick.to_dict() for trick in self.tricks],
        }


def play_from_review(result: Review, source: str = "played") -> Play:
    """The line of a review with the values, best cards and costs it found for every card."""
    steps = []
    for i, entry in enumerate(result.cards):
        taken = tuple(int(entry.taken.get(s, 0)) for s in (1, 2, 3))
        steps.append(Step(i, entry.trick, entry.seat, entry.card, entry.focus,
                          _ordered(entry.values), _ordered_cards(entry.best), entry.before,
                          entry.after, entry.cost, taken))  # type: ignore[arg-type]
    tricks = [TrickRow(t.number, t.leader, tuple(t.cards), t.seats, t.winner, t.talon_card,
                       3 * (t.number - 1)) for t in result.record.tricks]
    final = result.record.taken
    return Play(steps, tricks, (final[1], final[2], final[3]), result.dd_start, result.result,
                result.record.complete, source, result)


def principal_play(deal: Deal | str, game: Game | str, *, declarer: int | None = None,
                   player: int | None = None, leader: int = 1,
                   talon_rule: str | None = None) -> Play:
    """The principal line of the deal's solution, reviewed: every card best (cost zero), the
    values showing what each other legal card would have given."""
    deal = Deal.parse(deal)
    game = Game.parse(game)
    solution = solve(deal, game, declarer=declarer, player=player, leader=leader,
                     talon_rule=talon_rule)
    reviewed = review(deal, game, declarer=declarer, player=player, leader=leader,
                      talon_rule=talon_rule, plays=solution.line)
    return play_from_review(reviewed, source="principal line")


def _ordered(values: dict[Card, int]) -> dict[Card, int]:
    return {c: values[c] for c in _ordered_cards(values)}


def _ordered_cards(cards: Iterable[Card]) -> list[Card]:
    """Suits ♠ ♣ ♦ ♥, high cards first, as hands are printed."""
    return sorted(cards, key=lambda c: (c.suit, -c.rank))
