"""Lines of play cut into tricks, for showing to people: who played what, who took it.

The rules of who takes a trick are the engine's (`solver.position`); this module only sorts a
flat line of cards into tricks and names the players.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.position import talon_trick_taker, trick_taker

import pyanalysis as pa

__all__ = ["Trick", "owner_of", "split_line"]


@dataclass(frozen=True)
class Trick:
    """One trick of a line: `cards` in play order, `seats` (1..3) who played them.

    `talon_card` is set for a raspasy talon trick; `taker` is the seat that took the trick,
    or None when nobody did (raspasy "card" rule) or the line stops before the trick ends.
    """

    cards: tuple[pa.Card, ...]
    seats: tuple[int, ...]
    taker: int | None
    talon_card: pa.Card | None = None

    @property
    def complete(self) -> bool:
        return len(self.cards) == 3


def owner_of(deal: pa.Deal, card: pa.Card) -> int:
    """The seat (1..3) whose hand holds `card` in `deal`."""
    for seat, hand in enumerate(deal.hands, start=1):
        if card in hand:
            return seat
    raise ValueError(f"card {card} is in none of the hands")


def split_line(
    deal: pa.Deal,
    cards: Sequence[pa.Card],
    *,
    trump: int | None = None,
    talon: Sequence[pa.Card] = (),
    talon_rule: str = "none",
) -> list[Trick]:
    """Cut `cards` (the whole play from the start of the current trick) into tricks.

    `deal` holds every card of `cards` in its hands (hands as at the start of the current
    trick). `talon`: raspasy talon cards whose tricks come first (empty unless the talon rule
    is "suit" or "card").
    """
    talon = list(talon) if talon_rule in ("suit", "card") else []
    tricks: list[Trick] = []
    for start in range(0, len(cards), 3):
        chunk = tuple(cards[start:start + 3])
        seats = tuple(owner_of(deal, card) for card in chunk)
        talon_card = talon.pop(0) if talon else None
        taker = None
        if len(chunk) == 3:
            indices = tuple(card.index for card in chunk)
            engine_seats = [seat - 1 for seat in seats]
            if talon_card is not None:
                seat = talon_trick_taker(indices, engine_seats, talon_card.index, talon_rule)
            else:
                seat = trick_taker(indices, engine_seats, trump)
            taker = None if seat is None else seat + 1
        tricks.append(Trick(chunk, seats, taker, talon_card))
    return tricks
