"""Lines of play for people: a flat line cut into tricks, who played what, who took it.

The rules of who takes a trick are the engine's (`solver.position`); this module only sorts a
flat line of cards into tricks and names the players.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.position import talon_trick_taker, trick_taker

import pyanalysis as pa

from .words import SHORT_SEATS, card_text, seat_name

__all__ = ["Trick", "format_tricks", "line_lines", "owner_of", "split_line"]


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


def format_tricks(tricks: Sequence[Trick], symbols: bool, first_number: int = 1) -> list[str]:
    """The line of play, one trick a line: number, seat and card of each play, the taker."""
    lines = []
    for number, trick in enumerate(tricks, start=first_number):
        plays = "  ".join(f"{SHORT_SEATS[seat]} {card_text(card, symbols):<3}"
                          for seat, card in zip(trick.seats, trick.cards))
        talon = f"[talon {card_text(trick.talon_card, symbols):<3}]  " if trick.talon_card else ""
        if not trick.complete:
            taken = ""
        elif trick.taker is None:
            taken = "  -> nobody (the talon card holds)"
        else:
            taken = f"  -> {seat_name(trick.taker)}"
        lines.append(f"  {number:>2}. {talon}{plays}{taken}")
    return lines


def line_lines(deal: pa.Deal, line: Sequence[pa.Card], game: pa.Game,
               symbols: bool) -> list[str]:
    """A line of play from the start of `deal`, one trick a line (as `prefdd solve`)."""
    return ["Line of play:", *format_tricks(split_line(deal, line, trump=game.trump), symbols)]
