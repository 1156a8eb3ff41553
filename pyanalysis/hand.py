"""A hand of cards, and reading hands in every notation people type.

Two shapes of text are read:

* dotted suit groups in the order ♠.♣.♦.♥, `-` (or nothing) for a void: `AKQ.J98.T7.A8`,
  `ТКД.В98.10 7.Т8`;
* suit-labelled groups in any order, with or without a colon, missing suits void:
  `S:AKQ C:J98 D:T7 H:A8`, `♠AKQ ♣J98 ♦10 7 ♥A8`, `пики ТКД трефы В98 бубны 10 7 червы Т8`.
  The single Russian letter `т` (трефы) is a label only when a colon follows it (`т: В98`),
  because on its own it is the ace.

Ranks may be separated by spaces or commas; `10` and `T` are the ten (the Latin `T`; the
Cyrillic `Т` is the ace, туз), so `T10` or `AТ` name one card twice and are refused.

The two shapes are never mixed in one hand: a suit label (`S`, `♠`, `п`, `пики`, ...) in a text
with dots (`s8.9.Q.-`, `AK.♣98.-.-`), or a dot in a labelled hand, is refused with a message
naming the label, because a label would otherwise silently move the ranks after it into its
suit. So is a suit mark stuck to the end of a rank (`c9S`: ♣9 and an empty ♠, or ♣ and the
card 9♠?). A void mark (`-`) inside a group with ranks is ignored.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Mapping

from .cards import (
    RANK_DISPLAY, RANK_LETTERS, RANK_TOKENS, SUIT_SYMBOLS, Card, all_cards, suit_words,
)
from .errors import (
    DuplicateCardError, NotationError, UnknownRankError, UnknownSuitError, check_characters,
    check_length, shorten,
)

_VOID_MARKS = "-—–"
_SEPARATORS = " \t\r\n,:"
# Longest first, so that `пики` wins over `п` and `spades` over `s`.
_LABELS = sorted(suit_words().items(), key=lambda item: -len(item[0]))
_LABEL_STARTS = frozenset(word[0] for word, _ in _LABELS) | {"т"}


class Hand:
    """An immutable set of cards; `mask` is the engine's 32-bit mask (bit `card.index`)."""

    __slots__ = ("_mask",)

    def __init__(self, mask: int = 0) -> None:
        if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask < 1 << 32:
            shown = f"{mask:#x}" if isinstance(mask, int) else shorten(repr(mask), 40)
            raise NotationError(f"hand mask {shown} is not a 32-bit card mask")
        self._mask = mask

    @property
    def mask(self) -> int:
        """The engine mask: bit `suit*8 + rank` is set for every card held."""
        return self._mask

    @classmethod
    def from_cards(cls, cards: Iterable[Card | str] | str) -> Hand:
        """The hand holding `cards` (Card objects or card tokens, or one text of cards as
        `card_list` reads it); a repeat is an error."""
        mask = 0
        for card in card_list(cards, "the hand"):
            if mask & card.bit:
                raise DuplicateCardError(f"card {card} appears twice in the hand")
            mask |= card.bit
        return cls(mask)

    @classmethod
    def parse(cls, text: str | Hand, where: str = "hand") -> Hand:
        """Read a hand in dotted or labelled form (see the module doc).

        `where` names the hand in error messages (e.g. "hand 2").
        """
        if isinstance(text, Hand):
            return text
        mask = 0
        for card in parse_cards(text, where):
            mask |= card.bit
        return cls(mask)

    def __str__(self) -> str:
        return ".".join(
            "".join(RANK_LETTERS[c.rank] for c in self.suit(s)) or "-" for s in range(4))

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def symbols(self) -> str:
        """All four suits with symbols: `♠AKQ ♣J98 ♦10 7 ♥A8`, `-` for a void."""
        return " ".join(SUIT_SYMBOLS[s] + self.ranks(s, symbols=True) for s in range(4))

    def ranks(self, suit: int, *, symbols: bool = False) -> str:
        """The ranks held in `suit`, high to low: `AKT9`, or `A K 10 9` with `symbols=True`.

        With symbols the ten is written `10`, so the ranks of a suit holding it are spaced.
        """
        cards = self.suit(suit)
        if not cards:
            return "-"
        if not symbols:
            return "".join(RANK_LETTERS[c.rank] for c in cards)
        shown = [RANK_DISPLAY[c.rank] for c in cards]
        return " ".join(shown) if "10" in shown else "".join(shown)

    def suit(self, suit: int) -> list[Card]:
        """The cards held in `suit`, high to low."""
        bits = (self._mask >> (suit * 8)) & 0xFF
        return [all_cards()[suit * 8 + r] for r in range(7, -1, -1) if bits >> r & 1]

    def __iter__(self) -> Iterator[Card]:
        for s in range(4):
            yield from self.suit(s)

    def __len__(self) -> int:
        return bin(self._mask).count("1")

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        return isinstance(card, Card) and bool(self._mask & card.bit)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("Hand", self._mask))

    def __or__(self, other: Hand) -> Hand:
        return Hand(self._mask | other._mask)

    def without(self, cards: Iterable[Card]) -> Hand:
        """This hand less `cards` (cards it does not hold are ignored)."""
        mask = self._mask
        for card in cards:
            mask &= ~card.bit
        return Hand(mask)


def is_labelled(text: str) -> bool:
    """True if `text` names suits with letters, symbols or words (not the dotted form)."""
    norm = text.replace("\ufe0f", "").lower()
    # Only a letter that starts some label can start one: a dotted hand is checked at a glance.
    return any(ch in _LABEL_STARTS and _label_at(norm, i) for i, ch in enumerate(norm))


def parse_cards(text: str, where: str = "hand") -> list[Card]:
    """The cards of a hand text in the order written; a card given twice is an error."""
    if not isinstance(text, str):
        raise NotationError(f"{where} is not text: {text!r}")
    check_length(text, where)
    check_characters(text, where)
    shown = text.strip()
    if not shown:
        raise NotationError(f"{where} is empty: write '-.-.-.-' for a hand with no cards")
    if is_labelled(text):
        cards = [c for _, group in labelled_groups(text, where) for c in group]
    else:
        cards = _dotted_cards(text, where)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(f"duplicate card {card}: twice in {where} '{shown}'")
        seen.add(card)
    return cards


def labelled_groups(text: str, where: str = "hand") -> list[tuple[int, list[Card]]]:
    """Read suit-labelled text into (suit, cards in written order) groups, in written order."""
    typed = text.replace("\ufe0f", "")
    norm = typed.lower()
    if len(norm) != len(typed):  # a case change altered the length: report in lower case
        typed = norm
    if "." in norm:
        raise _mixed_error(text, typed, norm, where)
    groups: list[tuple[int, list[Card]]] = []
    i = 0
    while i < len(norm):
        ch = norm[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        label = _label_at(norm, i)
        if label is not None:
            suit, length = label
            word = _word_at(norm, i)
            if any(ch not in RANK_TOKENS for ch in word[length:]):  # `spuds` is not `s` + ranks
                raise UnknownSuitError(
                    f"unknown suit '{typed[i:i + len(word)]}' in {where} '{text.strip()}'")
            after = norm[i + length:i + length + 1]
            before = norm[max(i - 2, 0):i] if norm[max(i - 2, 0):i] == "10" else norm[i - 1:i]
            if before in RANK_TOKENS and (not after or after in " \t\r\n,"):
                # `c9S`: the ♣9 and an empty ♠ group, or a ♣ label and the card 9♠?
                raise NotationError(
                    f"suit '{typed[i:i + length]}' right after rank "
                    f"'{typed[i - len(before):i]}' in {where} "
                    f"'{text.strip()}': a card is rank then suit (9S), a suit label comes "
                    f"before its ranks (♣9); write one or the other")
            groups.append((suit, []))
            i += length
            continue
        if ch in _VOID_MARKS:
            i += 1
            continue
        rank, length = _rank_at(norm, i)
        if rank is None:
            word = _word_at(norm, i)
            # A word before a colon, or too long for a rank, was meant as a suit.
            if word and (len(word) >= 3 or norm[i + len(word):].lstrip(" ").startswith(":")):
                raise UnknownSuitError(
                    f"unknown suit '{typed[i:i + len(word)]}' in {where} '{text.strip()}'")
            raise UnknownRankError(
                f"unknown rank '{typed[i:i + length]}' in {where} '{text.strip()}'"
                f"{_cyrillic_hint(norm[i:i + length])}")
        if not groups:
            raise NotationError(
                f"rank '{typed[i:i + length]}' comes before any suit in {where} '{text.strip()}'")
        suit = groups[-1][0]
        groups[-1][1].append(all_cards()[suit * 8 + rank])
        i += length
    return groups


def _mixed_error(text: str, typed: str, norm: str, where: str) -> NotationError:
    """The error for suit labels and dotted groups in one text, naming the label or group."""
    shown = text.strip()
    dot = norm.index(".")
    start = max(norm.rfind(ch, 0, dot) for ch in " \t\r\n") + 1
    ends = [e for e in (norm.find(ch, dot) for ch in " \t\r\n") if e >= 0]
    end = min(ends, default=len(norm))
    label = next(((i, _label_at(norm, i)) for i in range(start, end) if _label_at(norm, i)), None)
    if label is not None:
        i, (_, length) = label
        return NotationError(
            f"suit label '{typed[i:i + length]}' in dotted {where} '{shown}': dotted groups "
            f"(♠.♣.♦.♥) hold ranks only; drop the label, or label every suit without dots")
    return NotationError(
        f"dotted group '{typed[start:end]}' among suit labels in {where} '{shown}': write a "
        f"hand either as dotted groups (♠.♣.♦.♥) or with a label before each suit, not both")


def card_list(value: Any, what: str = "cards") -> list[Card]:
    """Cards given one by one, in order: a text of card tokens separated by spaces or commas
    (`"AS KS"`, `"AS,KS"`, `"♠A ♠K"`), or an iterable of `Card` objects and card tokens.

    None and a blank text are no cards; text with separators and no card (`",,,"`) and any
    other type (a number, bytes, a dict) are refused naming `what`.
    """
    if value is None or (type(value) in (tuple, list) and not value):
        return []
    if isinstance(value, Card):
        return [value]
    if isinstance(value, str):
        check_length(value, what)
        check_characters(value, what)
        tokens = [t for t in re.split(r"[\s,]+", value) if t]
        if not tokens and value.strip():
            raise NotationError(f"no cards in {what} '{value.strip()}'")
        return [Card.parse(t) for t in tokens]
    if isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise NotationError(
            f"{what} must be cards (['AS', 'KS'] or 'AS KS'), not {shorten(repr(value), 40)}")
    cards = []
    for item in value:
        if not isinstance(item, (str, Card)):
            raise NotationError(f"{what}: {shorten(repr(item), 40)} is not a card")
        cards.append(Card.parse(item))
    return cards


def card_set(value: Any, what: str) -> Hand:
    """A set of cards given to a public function, read as the command line reads it: a
    `Hand`; text written as a hand (`-.-.KQ.-`, `♦KQ`, `AKJ98.AQ.K7.87`) or as cards one
    after another (`"KD QD"`, `"K♦,Q♦"`); or an iterable of `Card` objects and card tokens.

    `what` names the argument in messages. None is refused (an argument that is a set of
    cards has no default of its own here), and so is a card given twice.
    """
    if isinstance(value, Hand):
        return value
    if value is None:
        raise NotationError(f"{what} is None: give cards, like 'AKJ98.AQ.K7.87' or 'AS KS'")
    if not isinstance(value, str):
        return Hand.from_cards(card_list(value, what))
    check_length(value, what)
    check_characters(value, what)
    try:
        return Hand.parse(value, what)
    except NotationError as hand_error:
        words = [w for w in re.split(r"[\s,]+", value) if w]
        try:
            cards = [Card.parse(word) for word in words]
        except NotationError as card_error:
            # Cards one after another, one of them mistyped: blame that card, not the reading
            # of the text as a hand ("rank '7' comes before any suit" for `7C 7X`), unless
            # that reading already names the bad rank or suit.
            if type(hand_error) is NotationError and meant_as_cards(words):
                raise card_error from None
            raise hand_error from None
        if not cards:
            raise hand_error from None
    mask = 0
    for card in cards:
        if mask & card.bit:
            raise DuplicateCardError(f"card {card} given twice in {what} '{value.strip()}'")
        mask |= card.bit
    return Hand(mask)


def meant_as_cards(words: list[str]) -> bool:
    """Whether words that do not all read as cards were meant as cards one after another
    (`AD QX`, `QX`) rather than as a hand (`AKJ`, `-.-.KQ`): short words without dots, one of
    them a card or each a rank and one more character that is no rank (the suit)."""
    if not words or any("." in word or len(word) > 3 for word in words):
        return False
    if any(is_card(word) for word in words):
        return True
    return all(word[:-1].lower() in RANK_TOKENS and word[-1].lower() not in RANK_TOKENS
               for word in words)


def is_card(word: str) -> bool:
    """Whether `word` reads as one card."""
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def _cyrillic_hint(token: str) -> str:
    """A note for a Cyrillic letter that is no rank (`А` typed for `A` on a Russian keyboard)."""
    if any("\u0400" <= ch <= "\u04ff" for ch in token):
        return " (a Cyrillic letter: ranks are A K Q J T 9 8 7, or Т К Д В 10 9 8 7)"
    return ""


def _label_at(norm: str, i: int) -> tuple[int, int] | None:
    """(suit, length) of a suit label starting at `norm[i]`, or None."""
    for word, suit in _LABELS:
        if norm.startswith(word, i):
            return suit, len(word)
    if norm.startswith("т", i) and norm[i + 1:].lstrip(" ").startswith(":"):
        return 1, 1
    return None


def _word_at(norm: str, i: int) -> str:
    """The run of letters starting at `norm[i]` (empty if `norm[i]` is not a letter)."""
    end = i
    while end < len(norm) and norm[end].isalpha():
        end += 1
    return norm[i:end]


def _rank_at(norm: str, i: int) -> tuple[int | None, int]:
    """(rank, length) of the rank at `norm[i]`; rank None (length 1 or 2) if there is none."""
    if norm.startswith("10", i):
        return 3, 2
    ch = norm[i]
    if ch != "1" and ch in RANK_TOKENS:
        return RANK_TOKENS[ch], 1
    if ch == "1" and i + 1 < len(norm) and norm[i + 1].isdigit():
        return None, 2
    return None, 1


def _dotted_cards(text: str, where: str) -> list[Card]:
    typed = text.replace("\ufe0f", "").strip()
    norm = typed.lower()
    if len(norm) != len(typed):
        typed = norm
    groups = norm.split(".")
    typed_groups = typed.split(".")
    if len(groups) != 4:
        raise NotationError(
            f"{where} '{text.strip()}' has {len(groups)} suit group"
            f"{'s' if len(groups) != 1 else ''}; expected 4 (♠.♣.♦.♥, '-' for a void)")
    cards: list[Card] = []
    for suit, (group, typed_group) in enumerate(zip(groups, typed_groups)):
        i = 0
        while i < len(group):
            ch = group[i]
            if ch in _SEPARATORS or ch in _VOID_MARKS:
                i += 1
                continue
            rank, length = _rank_at(group, i)
            if rank is None:
                raise UnknownRankError(
                    f"unknown rank '{typed_group[i:i + length]}' in {where} '{text.strip()}'"
                    f"{_cyrillic_hint(group[i:i + length])}")
            cards.append(all_cards()[suit * 8 + rank])
            i += length
    return cards
