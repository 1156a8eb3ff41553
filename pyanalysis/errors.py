"""Errors for bad input: every one is a `ValueError` whose message names the bad token.

The command line prints `str(error)` as its one-line message, so each message must make sense
on its own: what was wrong (the token, quoted) and why.
"""
from __future__ import annotations


def one_line(message: str) -> str:
    """`message` on one line: input quoted in it may span lines (a deal typed on three)."""
    parts = [part.strip() for part in str(message).splitlines()]
    return " / ".join(part for part in parts if part)


class NotationError(ValueError):
    """Text that cannot be read as a card, hand, deal or game."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


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
