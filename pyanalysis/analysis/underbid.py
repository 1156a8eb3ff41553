"""Underbid (недозаказ, seed 002): could the declarer have taken only what he bid?

A declarer who bid k and took more must show a layout of the others' cards in which he would
have taken no more than k; if there is none, he is punished as if set (RULES.md §2.6). With
his hand and discard as played, `underbid` searches every layout of the other twenty cards.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable

from .. import checks
from ..cards import Card
from ..errors import PositionError
from ..games import CONTRACT, Game
from ..hand import Hand
from ..serialize import JsonFields, fraction_object
from .layouts import Layout, layout_at, prepare, solve_layouts


@dataclass(frozen=True)
class Underbid(JsonFields):
    """The underbid check of a contract bid at `bid` tricks.

    `justified`: some layout holds him to at most `bid` tricks. `layouts`: all of them;
    `at_most`: how many hold him to `bid` or fewer; `shown`: such a layout, with `bid` tricks
    exactly when there is one (else the most he takes in one of them), with its line.
    """

    game: Game
    declarer: int
    bid: int
    hand: Hand
    layouts: int
    at_most: int
    shown: Layout | None

    @property
    def justified(self) -> bool:
        return self.at_most > 0

    @property
    def probability(self) -> Fraction:
        """The share of layouts holding him to the bid."""
        return Fraction(self.at_most, self.layouts)

    # The probability in the object shape `LayoutOdds` gives its fractions.
    JSON = ("game", "declarer", "bid", "hand", "justified", "layouts",
            ("at_most_bid", lambda u: u.at_most),
            ("probability", lambda u: fraction_object(u.probability)), "shown")


def underbid(hand: Hand | str | Iterable[Card | str], game: Game | str, declarer: int, *,
             others: Hand | str | None = None, out: Hand | str | None = None,
             leader: int = 1, bid: int | None = None, jobs: int | None = None,
             progress: Callable[[int], None] | None = None) -> Underbid:
    """Is there a layout in which the declarer of `game` takes no more than he bid?

    `hand`: his ten cards as played; `out`: his discard (arguments as in `layout_odds`).
    `bid`: the tricks bid, by default the contract's level; an ending (fewer than ten cards a
    hand) needs it given, as the tricks of the ending he must be held to.
    """
    import numpy as np

    q = prepare(hand, game, declarer, others=others, out=out, leader=leader)
    checks.callback("progress", progress)
    checks.whole("jobs", jobs, low=1, optional=True)
    if q.game.kind != CONTRACT:
        raise PositionError(f"underbid is a question about contracts, not {q.game}")
    if len(q.hand) != q.n:
        raise PositionError(f"underbid needs the hand as played: {q.n} cards, its discard out")
    if bid is None:
        if q.n != 10:
            raise PositionError(f"an ending of {q.n} tricks: give the bid in tricks of the ending")
        bid = q.game.level
    if isinstance(bid, bool) or not isinstance(bid, int) or not 0 <= bid < q.n:
        raise PositionError(f"bid {bid!r} is not a number of tricks 0..{q.n - 1}")
    total = math.comb(2 * q.n, q.n)
    batch, tricks = solve_layouts(q, q.hand, np.arange(total, dtype=np.int64), None,
                                  jobs=jobs, progress=progress)
    low = tricks <= bid
    shown = None
    if low.any():
        exact = np.flatnonzero(tricks == bid)
        index = int(exact[0]) if exact.size else int(np.argmax(np.where(low, tricks, -1)))
        shown = layout_at(q, batch, index, None)
    return Underbid(q.game, declarer, bid, q.hand, total, int(low.sum()), shown)
