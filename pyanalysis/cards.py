"""Cards, suits and ranks, and reading them in every notation people type.

A card is `suit*8 + rank` in the engine: suits 0..3 are ♠ ♣ ♦ ♥, ranks 0..7 are 7 8 9 10 J Q K A.
Printed canonically a card is rank letter then suit letter: `AS`, `TH`, `7C`.

Accepted on input (any case): ranks `A K Q J T 10 9 8 7` and the Russian `Т К Д В 10 9 8 7`
(Т is the ace, туз); suits as letters `S C D H`, symbols `♠ ♣ ♦ ♥` (outline ones too), Russian
letters `п т б ч` and words (`пики`, `трефы`, `бубны`, `червы` and their usual forms), English
words (`spades` ...). The Cyrillic `Т` is the ace and the Latin `T` is the ten: they are different
letters and are never confused.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import (
    NotationError, UnknownRankError, UnknownSuitError, check_characters, check_length, shorten,
)

SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
RANK_LETTERS = "789TJQKA"
#: Ranks as printed in diagrams with suit symbols (the ten is written 10 there).
RANK_DISPLAY = ("7", "8", "9", "10", "J", "Q", "K", "A")

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)

#: Every rank as typed (lower case) → rank 0..7.
RANK_TOKENS: dict[str, int] = {
    "7": 0, "8": 1, "9": 2, "10": 3, "t": 3, "j": 4, "q": 5, "k": 6, "a": 7,
    # Russian: валет, дама, король, туз.
    "в": 4, "д": 5, "к": 6, "т": 7,
}

# Single-character suit marks that can never be read as a rank.
_SUIT_CHARS: dict[str, int] = {
    "s": 0, "c": 1, "d": 2, "h": 3,
    "♠": 0, "♣": 1, "♦": 2, "♥": 3,
    "♤": 0, "♧": 1, "♢": 2, "♡": 3,
    "п": 0, "б": 2, "ч": 3,
}
# `т` (трефы) is also the Russian ace; it is a suit only where a rank cannot stand.
_AMBIGUOUS_SUIT_CHARS: dict[str, int] = {"т": 1}

_SUIT_WORDS: dict[str, int] = {
    **{w: 0 for w in ("spade", "spades", "пики", "пика", "пик", "пиковая", "пиковый", "пиковые")},
    **{w: 1 for w in ("club", "clubs", "трефы", "трефа", "треф", "трефи", "крести", "крестей",
                      "трефовая", "трефовый", "трефовые")},
    **{w: 2 for w in ("diamond", "diamonds", "бубны", "бубна", "бубен", "бубей", "буби",
                      "бубновая", "бубновый", "бубновые")},
    **{w: 3 for w in ("heart", "hearts", "червы", "черви", "черва", "червей", "черв", "червь",
                      "червовая", "червовый", "червовые", "червонная", "червонный")},
}


def normalize(text: str) -> str:
    """Lower-case `text` and drop the emoji variation selector that some keyboards add to ♠."""
    return text.replace("\ufe0f", "").replace("\ufe0e", "").strip().lower()


def suit_index(token: str, *, allow_ambiguous: bool = True) -> int | None:
    """The suit 0..3 that `token` names (letter, symbol or word), or None if it names none.

    `allow_ambiguous=False` refuses the Russian `т`, which is also the ace.
    """
    t = normalize(token).rstrip(":")
    if t in _SUIT_CHARS:
        return _SUIT_CHARS[t]
    if allow_ambiguous and t in _AMBIGUOUS_SUIT_CHARS:
        return _AMBIGUOUS_SUIT_CHARS[t]
    return _SUIT_WORDS.get(t)


def parse_suit(token: str) -> int:
    """The suit 0..3 that `token` names; `UnknownSuitError` if it names none."""
    suit = suit_index(token)
    if suit is None:
        raise UnknownSuitError(f"unknown suit '{token}'")
    return suit


def rank_index(token: str) -> int | None:
    """The rank 0..7 that `token` names (`A`, `10`, `T`, Russian `Т`...), or None."""
    return RANK_TOKENS.get(normalize(token))


def suit_words() -> dict[str, int]:
    """Every suit word and mark that is unambiguous, lower case, mapped to its suit."""
    return {**_SUIT_WORDS, **_SUIT_CHARS}


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. Ordered like the engine's integers: by suit ♠ ♣ ♦ ♥, then by rank."""

    suit: int
    rank: int

    def __post_init__(self) -> None:
        if not (_small_int(self.suit, 4) and _small_int(self.rank, 8)):
            raise NotationError(
                f"no card with suit {shorten(repr(self.suit), 20)} and rank "
                f"{shorten(repr(self.rank), 20)}: suits are 0..3, ranks 0..7")

    @property
    def index(self) -> int:
        """The engine's integer for this card: suit*8 + rank."""
        return self.suit * 8 + self.rank

    @property
    def bit(self) -> int:
        """This card as a one-card engine mask."""
        return 1 << self.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card for engine integer `index` (0..31)."""
        if not _small_int(index, 32):
            raise NotationError(f"no card with index {shorten(repr(index), 20)}; cards are 0..31")
        return _ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read one card: `AS`, `as`, `♠A`, `A♠`, `10♥`, `TH`, `Т♠`, `тп`, `A spades`...

        Raises `UnknownRankError` or `UnknownSuitError` naming the bad part and the card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(f"not a card: {shorten(repr(text), 40)}")
        check_length(text, "card")
        check_characters(text, "card")
        token = normalize(text)
        compact = "".join(token.split()).replace(":", "")
        if not compact:
            raise NotationError("empty card: expected a rank and a suit, like AS or 10♥")
        card = _rank_then_suit(compact) or _suit_then_rank(compact)
        if card is not None:
            return card
        shown = "".join(text.replace("\ufe0f", "").split()).replace(":", "")
        if len(shown) != len(compact):  # lower() changed the length: do not slice by it
            shown = compact
        raise _card_error(text.strip(), compact, shown)

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank] + SUIT_LETTERS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def symbol(self) -> str:
        """The card with a suit symbol, rank first: `A♠`, `10♥`."""
        return RANK_DISPLAY[self.rank] + SUIT_SYMBOLS[self.suit]


def _small_int(value: object, end: int) -> bool:
    """True for an `int` (not a `bool`) in 0..end-1."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < end


_ALL_CARDS = tuple(Card(i // 8, i % 8) for i in range(32))


def all_cards() -> tuple[Card, ...]:
    """The 32 cards in engine order."""
    return _ALL_CARDS


def _rank_prefixes(token: str) -> list[tuple[int, str]]:
    """Ways to read a rank at the start of `token`: (rank, rest of token)."""
    out = []
    if token.startswith("10"):
        out.append((3, token[2:]))
    rank = RANK_TOKENS.get(token[:1])
    if rank is not None and token[:1] != "1":
        out.append((rank, token[1:]))
    return out


def _rank_then_suit(token: str) -> Card | None:
    for rank, rest in _rank_prefixes(token):
        suit = suit_index(rest)
        if suit is not None:
            return _ALL_CARDS[suit * 8 + rank]
    return None


def _suit_then_rank(token: str) -> Card | None:
    suit = suit_index(token[:1])
    if suit is None:
        return None
    rank = rank_index(token[1:])
    if rank is None:
        return None
    return _ALL_CARDS[suit * 8 + rank]


def _card_error(original: str, token: str, shown: str) -> NotationError:
    """The most helpful error for a card token that could not be read.

    `token` is the normalised text that was tried, `shown` the same characters as typed.
    """
    prefixes = _rank_prefixes(token)
    if prefixes:
        _, rest = prefixes[0]
        if rest:
            return UnknownSuitError(
                f"unknown suit '{shown[len(token) - len(rest):]}' in card '{original}'")
        return UnknownSuitError(f"card '{original}' has no suit")
    if suit_index(token[:1]) is not None:
        rest = token[1:]
        if rest:
            return UnknownRankError(f"unknown rank '{shown[1:]}' in card '{original}'")
        return UnknownRankError(f"card '{original}' has no rank")
    # Neither end reads: blame the rank, the part people mistype most.
    for cut in range(len(token) - 1, 0, -1):
        if suit_index(token[cut:]) is not None:
            return UnknownRankError(f"unknown rank '{shown[:cut]}' in card '{original}'")
    return NotationError(
        f"cannot read card '{original}': expected a rank and a suit, like AS or 10♥")
