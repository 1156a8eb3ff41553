"""The declarer's hand of a layout count, checked before the count: which option is wrong,
and how many layouts the count will solve (a progress bar's total)."""
from __future__ import annotations

import math

from ..errors import PositionError
from ..games import Game
from ..hand import Hand
from .layouts import distinct_discards, prepare

__all__ = ["check_hand", "planned_layouts"]


def planned_layouts(hand: Hand, game: Game | str, declarer: int, *,
                    others: Hand | None, out: Hand | None, leader: int,
                    samples: int | None, pruned: bool = False) -> int | None:
    """How many layouts a count will solve (for the bar's total), or None when it stops
    early. Checks the question the way the count will, with the same messages."""
    q = prepare(hand, game, declarer, others=others, out=out, leader=leader)
    per = samples if samples is not None else math.comb(2 * q.n, q.n)
    if len(q.hand) == q.n:
        return per
    return None if pruned else per * len(distinct_discards(q.hand, q.others))


def check_hand(hand: Hand, out: Hand | None, others: Hand | None,
               endings: bool = True) -> None:
    """Name the option that is wrong in a full-deal question (ten cards with --out, or
    twelve), before the count's own checks speak of the others' cards. An ending (--others)
    is left to those checks."""
    if others is not None:
        return
    ending = "; an ending needs --others" if endings else ""
    if out is None:
        if len(hand) == 10:
            raise PositionError("a ten-card hand needs its discard: --out CARDS (or give his twelve"
                           " cards, hand and talon)")
        if len(hand) != 12:
            raise PositionError(f"a hand has 10 cards (with --out, his discard) or 12 (hand and"
                           f" talon), got {len(hand)}{ending}")
        return
    if len(hand) == 12:
        raise PositionError("--out is the discard of a ten-card hand; a twelve-card hand (hand and"
                       " talon) is tried with every distinct discard")
    if len(hand) != 10:
        raise PositionError(f"with --out the hand has 10 cards, got {len(hand)}{ending}")
    if len(out) != 2:
        raise PositionError(f"a discard is two cards, got {len(out)} in --out")
