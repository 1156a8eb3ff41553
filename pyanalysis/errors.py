"""Errors for bad input: every one is a `ValueError` whose message names the bad token.

The command line prints `str(error)` as its one-line message, so each message must make sense
on its own: what was wrong (the token, quoted) and why.
"""
from __future__ import annotations

import json
import re
from typing import Any

#: The longest text read as one deal, hand or card. A full deal in the longest notation
#: (Russian suit words, ranks spaced, a talon and a discard) stays well under it; anything
#: longer is refused before it is read, so that a huge input costs no time.
MAX_INPUT_CHARS = 400
#: At most this many characters of the input are quoted in a message; the rest is elided (…).
QUOTE_CHARS = 60
#: Every message is shorter than this.
MAX_MESSAGE_CHARS = 300

#: A piece of input quoted in a message: it opens with a quote that no letter or digit comes
#: before and closes with one that none comes after, so that the words between two short
#: quoted pieces ("no 'x' in ...: ... ('prefdd problem' lists them)") are never taken for one.
_QUOTED = re.compile(r"(?<![\w'])'([^']{%d,})'(?![\w'])" % (QUOTE_CHARS + 1))


def shorten(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` cut to at most `limit` characters, the cut marked with `…`."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def one_line(message: str) -> str:
    """The message every input error carries: one line, short, printable.

    Input quoted in it may span lines (a deal typed on three): the lines are joined with " / ".
    Control characters (a NUL, a tab) are shown escaped. A quoted piece of input ('...') longer
    than `QUOTE_CHARS` is elided, and the whole message is cut below `MAX_MESSAGE_CHARS`.
    """
    parts = [part.strip() for part in str(message).splitlines()]
    text = " / ".join(part for part in parts if part).replace("\t", " ")
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    text = _QUOTED.sub(lambda m: f"'{shorten(m.group(1))}'", text)
    return shorten(text, MAX_MESSAGE_CHARS - 1)


def check_length(text: str, what: str) -> None:
    """Refuse `text` longer than `MAX_INPUT_CHARS`, naming `what` it was meant to be."""
    if len(text) > MAX_INPUT_CHARS:
        raise InputTooLongError(
            f"{what} is too long: {len(text)} characters, at most {MAX_INPUT_CHARS} "
            f"('{shorten(text.strip(), 30)}')")


#: Characters that separate words in notation besides the printable ones: a deal may be typed
#: on three lines, with tabs.
_BLANKS = " \t\r\n"


def check_characters(text: str, what: str) -> None:
    """Refuse a control or other unprintable character in `text` (a bell, a NUL, a zero-width
    space), naming it and its place (1 = the first character): read as notation it would be
    blamed on the rank or suit beside it."""
    for i, ch in enumerate(text):
        if not ch.isprintable() and ch not in _BLANKS:
            raise NotationError(f"unexpected character '{ch}' at position {i + 1} in {what}"
                                f" '{text.strip()}'")


class NotationError(ValueError):
    """Text that cannot be read as a card, hand, deal or game."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


class InputTooLongError(NotationError):
    """Text far longer than any deal (more than `MAX_INPUT_CHARS` characters)."""


class UnknownRankError(NotationError):
    """A rank that is not one of 7 8 9 10 J Q K A (or their Russian letters)."""


class UnknownSuitError(NotationError):
    """A suit that is not a letter, symbol or word for spades, clubs, diamonds or hearts."""


class DuplicateCardError(NotationError):
    """The same card given twice (the message says where both copies are)."""


class TalonConflictError(DuplicateCardError):
    """A card that is both in a hand and in the talon (or the discard)."""


class CardCountError(NotationError):
    """Wrong number of cards: in a hand, between hands, in the talon, or of hands in a deal."""


class EmptyDealError(NotationError):
    """A deal without a single card."""


class UnknownGameError(NotationError):
    """A game name that is not a contract, misère or raspasy."""


class PositionError(ValueError):
    """A position that cannot be solved: bad seat, illegal or misplaced played card, bad option."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def read_json(text: str, error: type[ValueError], too_deep: str) -> Any:
    """The JSON value of `text`; `error` with the line and the reason when it is not JSON, or
    with `too_deep` when its nesting is deeper than the reader can follow."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as fault:
        raise error(f"bad JSON at line {fault.lineno}: {fault.msg}") from None
    except RecursionError:
        raise error(too_deep) from None
