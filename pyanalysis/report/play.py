"""The play as a report shows it: every card played, with the value of every legal card at
that point, cut into tricks.

`Step` is one card played: the position before it (the trick, the seat to move, the tricks
each seat has taken so far), the value of every legal card there (the focus player's tricks in
the whole deal, tricks already taken included, best play by all after that card), the best
cards, and what the card played cost its side. `PlayView` is the whole line: its steps and
its tricks (the `pyanalysis.play.Trick`s of the record).

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
from ..serialize import JsonFields, cards_to_json, moves_to_json
from ..play import Trick
from ..solving import solve

__all__ = ["PlayView", "Step", "principal_play", "play_from_review"]


@dataclass(frozen=True)
class Step(JsonFields):
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

    JSON = ("index", "trick", "seat", "card", "focus",
            ("values", lambda s: moves_to_json(s.values)), "best", "before", "after", "cost",
            "taken")


@dataclass(frozen=True)
class PlayView(JsonFields):
    """A line of play with every position's card values.

    `dd_start`: the focus player's tricks with best play from the start; `result`: his
    tricks at the end (the line played out, then a claim or best play for what is left);
    `final_taken`: tricks taken by seats 1, 2, 3 in the tricks played; `complete`: whether
    the line runs to the last card; `source`: "principal line" or "played"; `review`: the
    review the values come from.
    """

    steps: list[Step]
    tricks: list[Trick]
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

    JSON = ("source", "complete", "dd_start", "result", "final_taken", "cost_by_seat",
            "steps", ("tricks", lambda p: [_trick_json(trick) for trick in p.tricks]))


def play_from_review(result: Review, source: str = "played") -> PlayView:
    """The line of a review with the values, best cards and costs it found for every card."""
    steps = []
    for i, entry in enumerate(result.cards):
        taken = tuple(int(entry.taken.get(s, 0)) for s in (1, 2, 3))
        steps.append(Step(i, entry.trick, entry.seat, entry.card, entry.focus,
                          _ordered(entry.values), _ordered_cards(entry.best), entry.before,
                          entry.after, entry.cost, taken))  # type: ignore[arg-type]
    final = result.record.taken
    return PlayView(steps, list(result.record.tricks), (final[1], final[2], final[3]),
                    result.dd_start, result.result, result.record.complete, source, result)


def principal_play(deal: Deal | str, game: Game | str, *, declarer: int | None = None,
                   player: int | None = None, leader: int = 1,
                   talon_rule: str | None = None) -> PlayView:
    """The principal line of the deal's solution, reviewed: every card best (cost zero), the
    values showing what each other legal card would have given."""
    deal = Deal.parse(deal)
    game = Game.parse(game)
    solution = solve(deal, game, declarer=declarer, player=player, leader=leader,
                     talon_rule=talon_rule)
    reviewed = review(deal, game, declarer=declarer, player=player, leader=leader,
                      talon_rule=talon_rule, plays=solution.line)
    return play_from_review(reviewed, source="principal line")


def _trick_json(trick: Trick) -> dict[str, Any]:
    """A trick as the report's JSON gives it: the seats of its cards, the taker and the index of
    its first card among the steps."""
    return {
        "number": trick.number, "leader": trick.leader, "cards": cards_to_json(trick.cards),
        "seats": list(trick.seats), "taker": trick.winner,
        "talon_card": str(trick.talon_card) if trick.talon_card else None,
        "first_step": trick.first_card,
    }


def _ordered(values: dict[Card, int]) -> dict[Card, int]:
    return {c: values[c] for c in _ordered_cards(values)}


def _ordered_cards(cards: Iterable[Card]) -> list[Card]:
    """Suits ♠ ♣ ♦ ♥, high cards first, as hands are printed."""
    return sorted(cards, key=lambda c: (c.suit, -c.rank))
