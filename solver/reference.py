"""The reference solver: a plain minimax over ``Position.advance``, with no pruning.

It is the executable specification of what the engine computes and is deliberately simple:
every legal card is tried, results are memoised on the exact position and nothing else. Use it
for small positions (a few cards per hand); it is far too slow for full deals.

The value of a position is the number of tricks the focus player takes from here to the end
(the current trick included). In a contract the focus player maximises it and the other two
minimise it; in misère and raspasy the focus player minimises it and the other two maximise it.
"""
from __future__ import annotations

from functools import lru_cache

from .position import Position


def focus_maximises(pos: Position, seat: int) -> bool:
    """Whether ``seat`` wants the focus player's trick count high in this game."""
    is_focus = seat == pos.focus
    return is_focus if pos.game == "contract" else not is_focus


def tricks(pos: Position) -> int:
    """The focus player's tricks from ``pos`` to the end, best play by everyone."""
    return _value(pos)


def moves(pos: Position) -> dict[int, int]:
    """The value of every legal card of the seat to move."""
    return {card: _after(pos, card) for card in pos.legal_moves()}


def _after(pos: Position, card: int) -> int:
    nxt, taker, _ = pos.advance(card)
    return (taker == pos.focus) + _value(nxt)


@lru_cache(maxsize=None)
def _value(pos: Position) -> int:
    if pos.is_terminal:
        return 0
    values = [_after(pos, card) for card in pos.legal_moves()]
    return max(values) if focus_maximises(pos, pos.to_move) else min(values)


def clear_cache() -> None:
    """Forget memoised positions (they accumulate across calls)."""
    _value.cache_clear()
