"""The three seats at the table: 1st, 2nd and 3rd hand, in play order.

Play goes 1 → 2 → 3 → 1. `Seat` is an `IntEnum`, so a seat is also the plain number 1, 2 or
3 everywhere a number is expected (dictionary keys, JSON, arithmetic); it prints and shows
as the number (`str(seat) == repr(seat) == "1"`), its name is `seat.name` ("FIRST").

    >>> Seat(2).next, Seat(1).prev
    (3, 3)
    >>> Seat.defenders(2)               # the declarer's opponents, the first to play first
    (3, 1)
    >>> Seat.after(3, 1)                # who plays the 2nd card of a trick the 3rd hand leads
    1
    >>> Seat(1).title, Seat(3).ordinal
    ('1st hand', '3rd')
"""
from __future__ import annotations

from enum import IntEnum
from typing import Any

from .errors import PositionError

__all__ = ["Seat", "SEATS"]


class Seat(IntEnum):
    """A seat 1..3 (1st, 2nd, 3rd hand)."""

    FIRST = 1
    SECOND = 2
    THIRD = 3

    # A seat prints and shows as its number, as the plain ints it replaces did, so results
    # and their reprs read as before (Python 3.10's IntEnum would print "Seat.FIRST").
    __repr__ = int.__repr__
    __str__ = int.__repr__
    __format__ = int.__format__

    @property
    def next(self) -> Seat:
        """The seat playing after this one."""
        return Seat(self % 3 + 1)

    @property
    def prev(self) -> Seat:
        """The seat playing before this one."""
        return Seat((self + 1) % 3 + 1)

    @property
    def ordinal(self) -> str:
        """"1st", "2nd" or "3rd"."""
        return _ORDINALS[self - 1]

    @property
    def title(self) -> str:
        """"1st hand", "2nd hand" or "3rd hand"."""
        return f"{self.ordinal} hand"

    @classmethod
    def defenders(cls, declarer: int) -> tuple[Seat, Seat]:
        """The two other seats, in play order after `declarer` (the first defender first)."""
        first = cls(declarer).next
        return first, first.next

    @classmethod
    def after(cls, leader: int, i: int) -> Seat:
        """The seat playing card `i` (0, 1, 2) of a trick `leader` leads."""
        return cls((leader - 1 + i) % 3 + 1)

    @classmethod
    def parse(cls, value: Any, name: str = "seat", *,
              error: type[ValueError] = PositionError) -> Seat:
        """`value` (1, 2, 3, or the text "1", "2", "3") as a `Seat`; otherwise `error` (a
        `ValueError`) with a one-line message naming the argument `name`."""
        if isinstance(value, str) and value.strip() in ("1", "2", "3"):
            return cls(int(value))
        if isinstance(value, int) and not isinstance(value, bool) and value in (1, 2, 3):
            return cls(value)
        raise error(f"{name}: '{value}' is not a seat 1, 2 or 3")


_ORDINALS = ("1st", "2nd", "3rd")
#: The seats in play order from the 1st hand.
SEATS = (Seat.FIRST, Seat.SECOND, Seat.THIRD)
