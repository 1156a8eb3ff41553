"""Sets of cards as an option gives them: one after another (``"AS KS"``, ``"AS,KS"``,
``"♠A ♠K"``) or written as a hand (``-.-.KQ.-``)."""
from __future__ import annotations

from .cards import Card
from .errors import DuplicateCardError, NotationError
from .hand import Hand

__all__ = ["card_set", "parse_cards"]


def parse_cards(text: str | None, what: str = "--played") -> list[Card]:
    """Cards written one after another: ``"AS KS"``, ``"AS,KS"``, ``"♠A ♠K"``.

    None (the option not given) is no cards; an option given with no card in it (``""``,
    ``",,,"``) is an error, never read as none. `what` names the option in messages.
    """
    if text is None:
        return []
    _require_cards(text, what)
    return [Card.parse(word) for word in text.replace(",", " ").split()]


def _require_cards(text: str, what: str) -> None:
    if not text.replace(",", " ").split():
        raise NotationError(
            f"{what} is given but holds no cards ('{text}'): give cards like \"AS KS\", or "
            f"leave {what} out")


def card_set(text: str, what: str) -> Hand:
    """Cards one after another (``"KD QD"``, ``"K♦,Q♦"``) or as a hand (``-.-.KQ.-``,
    ``♦KQ``); `what` names them in error messages. Text with no card and no hand in it
    (``""``, ``",,,"``) is an error; ``-.-.-.-`` is an empty hand written out."""
    _require_cards(text, what)
    try:
        cards = parse_cards(text, what)
    except ValueError as cards_error:
        try:
            return Hand.parse(text, what)
        except ValueError as hand_error:
            words = text.replace(",", " ").split()
            if "." not in text and words and all(len(word) <= 3 for word in words):
                raise cards_error from None  # cards one after another, one of them wrong
            raise hand_error from None
    twice = sorted({card for card in cards if cards.count(card) > 1})
    if twice:
        raise DuplicateCardError(f"card {twice[0]} given twice in {what} '{text.strip()}'")
    return Hand.from_cards(cards)
