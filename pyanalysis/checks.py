"""Checks of the plain arguments of public functions (seats, counts, flags, options).

A wrong value, or a value of the wrong type, becomes a `PositionError` (a `ValueError`) whose
message names the argument, never a `TypeError` or `AttributeError` from deep inside. Cards,
hands, deals and games are checked by their own readers (`Card.parse`, `card_list`, ...).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from .errors import CardCountError, PositionError, shorten

SEATS = (1, 2, 3)


def shown(value: Any) -> str:
    """`value` as quoted in a message: its repr, short."""
    return shorten(repr(value), 40)


def is_whole(value: Any) -> bool:
    """An `int` that is not a `bool` (`True == 1` in Python, but it is not a seat or a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat(name: str, value: Any, *, optional: bool = False) -> int | None:
    """`value` as a seat 1, 2 or 3 (None allowed if `optional`)."""
    if value is None and optional:
        return None
    if not is_whole(value) or value not in SEATS:
        raise PositionError(f"{name} seat {shown(value)} is not 1, 2 or 3")
    return value


def whole(name: str, value: Any, *, low: int | None = None, high: int | None = None,
          optional: bool = False) -> int | None:
    """`value` as a whole number in `low..high` (either end open if None)."""
    if value is None and optional:
        return None
    if not is_whole(value):
        raise PositionError(f"{name} {shown(value)} is not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = (f"{low}..{high}" if low is not None and high is not None
                  else f"at least {low}" if low is not None else f"at most {high}")
        raise PositionError(f"{name} {shown(value)} is not {bounds}")
    return value


def flag(name: str, value: Any) -> bool:
    """`value` as a yes/no flag: only `True` or `False`."""
    if not isinstance(value, bool):
        raise PositionError(f"{name} {shown(value)} is not True or False")
    return value


def callback(name: str, value: Any) -> Callable[..., Any] | None:
    """`value` as a function to call (or None)."""
    if value is not None and not callable(value):
        raise PositionError(f"{name} {shown(value)} is not a function")
    return value


def mapping(name: str, value: Any) -> Mapping[Any, Any] | None:
    """`value` as a mapping (a dict), or None."""
    if value is not None and not isinstance(value, Mapping):
        raise PositionError(f"{name} {shown(value)} is not a mapping (a dict)")
    return value


def seat_mapping(name: str, value: Any) -> Mapping[int, Any] | None:
    """`value` as a mapping keyed by seats 1..3 (or None)."""
    value = mapping(name, value)
    for key in value or ():
        if not is_whole(key) or key not in SEATS:
            raise PositionError(f"{name}: key {shown(key)} is not a seat 1, 2 or 3")
    return value


def text(name: str, value: Any, *, optional: bool = False) -> str | None:
    """`value` as a string (None allowed if `optional`)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise PositionError(f"{name} {shown(value)} is not text")
    return value


def seats(name: str, value: Any) -> tuple[int, ...]:
    """`value` as several seats (an iterable of 1, 2 or 3)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError(f"{name} {shown(value)} is not a list of seats 1, 2 or 3")
    return tuple(seat(name, item) for item in value)  # type: ignore[misc]


#: Cards in the deck: the declarer's hand, the two other seats' and the cards out of play
#: (the talon or discard, tricks played) make all of them.
DECK_CARDS = 32


def _cards(count: int) -> str:
    return "no card" if count == 0 else "1 card" if count == 1 else f"{count} cards"


def hand_size(hand: int, out: int, *, out_what: str = "out of play",
              with_talon: bool = True) -> int:
    """n, the cards in each of the two other seats' hands, when they share between them the
    deck less a hand of `hand` cards and `out` cards `out_what`: the hand holds n, or (with
    `with_talon`) n + 2, its talon still in it before the discard.

    A `CardCountError` naming `hand` when no n fits: the hand's count is what the two other
    seats' count follows from, so a hand one card short is said to be short ("hand has 9
    cards; with 2 cards out of play it needs 10"), not blamed on the other seats.
    """
    sizes: dict[int, int] = {}  # hand size -> n, for this many cards out
    for extra in (0, 2) if with_talon else (0,):
        n, rest = divmod(DECK_CARDS - out - extra, 3)
        if not rest and 1 <= n <= 10:
            sizes[n + extra] = n
    if hand in sizes:
        return sizes[hand]
    if sizes:
        (size, n), = sizes.items()  # n and n + 2 never both fit: they differ by 2/3 of a card
        note = ", hand and talon before the discard" if size != n else ""
        raise CardCountError(
            f"hand has {_cards(hand)}; with {_cards(out)} {out_what} it needs {size}{note}"
            f" (the two other seats would hold {DECK_CARDS - hand - out} between them, not two"
            f" hands of {n})")
    # No hand fits this many cards out: say what fits this hand.
    outs = [DECK_CARDS - hand - 2 * n for n in ((hand, hand - 2) if with_talon else (hand,))
            if 1 <= n <= 10]
    if not outs:
        most = " (12 with the talon, before the discard)" if with_talon else ""
        raise CardCountError(f"hand has {_cards(hand)}; a hand holds 1 to 10{most}")
    needed = " or ".join(str(count) for count in outs)
    raise CardCountError(
        f"hand has {_cards(hand)}, with {_cards(out)} {out_what}: the two other seats would"
        f" hold {DECK_CARDS - hand - out} between them; a hand of {hand} needs {needed} cards"
        f" {out_what}")
