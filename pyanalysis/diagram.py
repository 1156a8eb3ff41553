"""Drawing a deal: the three hands around the talon, as players lay them out.

The 1st hand sits on the left, the 2nd at the top and the 3rd on the right (play goes
clockwise 1 → 2 → 3); the talon (and the discard, if known) is in the middle. With
`symbols=False` the drawing uses only ASCII (suit letters, `T` for the ten) for terminals
without the suit symbols.
"""
from __future__ import annotations

from typing import Sequence

from .cards import SUIT_LETTERS, SUIT_SYMBOLS, Card
from .deal import Deal
from .hand import Hand
from .seat import SEATS

#: "1st hand", "2nd hand", "3rd hand" by seat (`Seat.title`).
SEAT_NAMES = {int(seat): seat.title for seat in SEATS}
_GAP = 4


def hand_lines(hand: Hand, symbols: bool = True) -> list[str]:
    """Four lines, one per suit ♠ ♣ ♦ ♥: `♠ A K 10 9` or, in ASCII, `S: AKT9`."""
    if symbols:
        return [f"{SUIT_SYMBOLS[s]} {_spaced(hand.ranks(s, symbols=True))}" for s in range(4)]
    return [f"{SUIT_LETTERS[s]}: {hand.ranks(s)}" for s in range(4)]


def cards_text(cards: Sequence[Card], symbols: bool = True) -> str:
    """Cards in a row: `10♦ 9♦` with symbols, `TD 9D` without."""
    return " ".join(c.symbol() if symbols else str(c) for c in cards) or "-"


def seat_label(seat: int, declarer: int | None) -> str:
    """`2nd hand`, marked `2nd hand (declarer)` for the declarer's seat."""
    name = SEAT_NAMES[seat]
    return f"{name} (declarer)" if seat == declarer else name


def draw_deal(deal: Deal, symbols: bool = True, declarer: int | None = None,
              title: str | None = None) -> str:
    """The deal as a multi-line string (no trailing newline)."""
    if declarer is not None and declarer not in SEAT_NAMES:
        raise ValueError(f"declarer seat {declarer} is not 1, 2 or 3")
    blocks = {
        seat: [seat_label(seat, declarer)] + hand_lines(deal.hands[seat - 1], symbols)
        for seat in (1, 2, 3)
    }
    middle: list[str] = []
    if deal.talon:
        middle += ["talon", cards_text(deal.talon, symbols)]
    if deal.discard is not None:
        middle += ["discard", cards_text(list(deal.discard), symbols)]

    left_width = max(len(line) for line in blocks[1]) + _GAP
    middle_width = max([len(line) for line in blocks[2] + middle]) + _GAP
    lines: list[str] = []
    if title:
        lines += [title, ""]
    lines += [" " * left_width + line for line in blocks[2]]
    lines.append("")
    # The talon sits level with the suits of the side hands, under their labels.
    middle_rows = [""] + middle
    for row in range(max(len(blocks[1]), len(middle_rows))):
        left = blocks[1][row] if row < len(blocks[1]) else ""
        centre = middle_rows[row] if row < len(middle_rows) else ""
        right = blocks[3][row] if row < len(blocks[3]) else ""
        lines.append((left.ljust(left_width) + centre.ljust(middle_width) + right).rstrip())
    return "\n".join(lines)


def _spaced(ranks: str) -> str:
    """`AKQ` → `A K Q` so that columns read easily; `A K 10 9` (and a lone `10`) stays."""
    return ranks if " " in ranks or ranks in ("-", "10") else " ".join(ranks)
