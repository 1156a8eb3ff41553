"""A deal: three hands in seat order (1st, 2nd, 3rd hand), an optional talon and discard.

Canonical one-line form (DESIGN.md): the three hands as dotted suit groups, then the talon
cards in their order, then the discard, if any:

    AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D
    A.KJT.A98.KJ7 KQJT9.-.KQJ.A9 87.AQ9.T7.QT8 discard:-.87.-.-

Also read: hands separated by `/`, `;`, `|` or new lines (then each hand may be in any hand
notation, e.g. `♠AKQ ♣J98 ♦10 7 ♥A8`); suit-labelled hands on one line when each lists its
suits in the order ♠ ♣ ♦ ♥; the talon as a fourth dotted group (`-.-.T9.-`, read left to
right) or as two cards (`TD 9D`, `♦10 ♦9`), optionally after `talon:` / `прикуп:`; the discard
after `discard:` / `снос:`. Endings with fewer cards use the same forms. A hand's own text
follows `hand.py`: dotted groups or suit labels, never both in one hand (`s8.9.Q.-` is refused).

The cards must make a deal that can happen (checked on construction, so by every reader):
no card twice; three hands of the same size, at most 10 (a trick in progress does not change
this: hands are written as at the start of the current trick, and the cards played to it are
given apart, `solve(..., played=...)`); a discard of 2 cards (or none); a talon of at most 2.
A full deal (hands of ten) is 32 cards: two in the talon or the discard, or none of them
given; so a full deal's talon of one card is refused. An ending may carry one talon card:
raspasy with the second talon trick still to come. Text longer than `MAX_INPUT_CHARS` is
refused before it is read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from .cards import Card
from .errors import (
    CardCountError, DuplicateCardError, EmptyDealError, NotationError, PositionError,
    TalonConflictError, check_characters, check_length, shorten,
)
from .hand import (
    Hand, card_list, is_card, is_labelled, labelled_groups, meant_as_cards, parse_cards,
)

HAND_SIZE = 10
#: Cards in a full deal: three hands of ten and the two of the talon.
DECK_SIZE = 32
_HARD_SEPARATORS = re.compile(r"[/;|\n]")
_KEYWORDS = re.compile(r"(talon|прикуп|discard|снос)\s*[:=]?", re.IGNORECASE)


@dataclass(frozen=True)
class Deal:
    """Three hands in seat order, the talon (0..2 cards, order kept) and the discard (or None).

    Construction checks the deal: no card twice, equal hands of at most 10 cards, a talon of at
    most 2 cards, a discard of at most 2, at least one card somewhere.
    """

    hands: tuple[Hand, Hand, Hand]
    talon: tuple[Card, ...] = ()
    discard: Hand | None = None

    def __post_init__(self) -> None:
        if isinstance(self.hands, (str, bytes)) or not isinstance(self.hands, (tuple, list)):
            raise NotationError(
                f"hands {shorten(repr(self.hands), 40)}: a deal takes a tuple of 3 hands "
                f"(or use Deal.parse for a text)")
        if len(self.hands) != 3:
            raise CardCountError(f"a deal has 3 hands (1st, 2nd, 3rd), got {len(self.hands)}")
        object.__setattr__(
            self, "hands", tuple(Hand.parse(h, f"hand {i + 1}") for i, h in enumerate(self.hands)))
        object.__setattr__(self, "talon", tuple(card_list(self.talon, "talon")))
        if self.discard is not None:
            discard = self.discard
            object.__setattr__(
                self, "discard",
                Hand.parse(discard, "discard") if isinstance(discard, (str, Hand))
                else Hand.from_cards(card_list(discard, "discard")))
        _check(self)

    @classmethod
    def parse(cls, text: str | Deal) -> Deal:
        """Read a deal in any accepted notation (see the module doc)."""
        if isinstance(text, Deal):
            return text
        if not isinstance(text, str):
            raise NotationError(f"not a deal: {shorten(repr(text), 40)}")
        check_length(text, "deal")
        check_characters(text, "deal")
        if not text.strip():
            raise EmptyDealError("empty deal: expected three hands like 'AKQJ.T9.87.AK ...'")
        main, talon_text, discard_text = _split_keywords(text)
        parts = _split_hands(main)
        if len(parts) < 3:
            raise CardCountError(
                f"expected 3 hands (1st, 2nd, 3rd) and an optional talon, got {len(parts)} "
                f"in '{text.strip()}'")
        hands = tuple(Hand.parse(p, f"hand {i + 1}") for i, p in enumerate(parts[:3]))
        extra = parts[3:]
        if extra and talon_text is not None:
            raise CardCountError(
                f"talon given twice: '{' '.join(extra)}' and after the talon keyword")
        if talon_text is not None:
            extra = [talon_text]
        talon = _parse_talon(extra) if extra else ()
        discard = _parse_discard(discard_text) if discard_text is not None else None
        return cls(hands, talon, discard)  # type: ignore[arg-type]

    @property
    def size(self) -> int:
        """Cards in each hand (10 for a full deal)."""
        return len(self.hands[0])

    @property
    def is_full(self) -> bool:
        """True when every hand holds 10 cards."""
        return self.size == HAND_SIZE

    def hand(self, seat: int) -> Hand:
        """The hand of `seat` 1..3."""
        if seat not in (1, 2, 3):
            raise PositionError(f"seat {seat!r} is not 1, 2 or 3")
        return self.hands[seat - 1]

    def __str__(self) -> str:
        parts = [str(h) for h in self.hands]
        parts += [str(c) for c in self.talon]
        if self.discard is not None:
            parts.append(f"discard:{self.discard}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Deal.parse('{self}')"


def _split_keywords(text: str) -> tuple[str, str | None, str | None]:
    """Cut `talon:` and `discard:` sections off the text: (hands, talon, discard)."""
    pieces = _KEYWORDS.split(text)
    main, sections = pieces[0], pieces[1:]
    found: dict[str, str] = {}
    for keyword, body in zip(sections[::2], sections[1::2]):
        key = "talon" if keyword.lower() in ("talon", "прикуп") else "discard"
        if key in found:
            raise NotationError(f"'{keyword}' given twice in deal '{text.strip()}'")
        if not body.strip(" /;|\n\t"):
            raise NotationError(f"nothing after '{keyword}' in deal '{text.strip()}'")
        found[key] = body.strip(" /;|\n\t")
    return main, found.get("talon"), found.get("discard")


def _split_hands(text: str) -> list[str]:
    """The hand texts (and talon texts after them) of the main part of a deal."""
    if _HARD_SEPARATORS.search(text.strip()):
        return [p.strip() for p in _HARD_SEPARATORS.split(text) if p.strip()]
    words = text.split()
    # Dotted hands carry no suit labels; talon cards after them (`TD 9D`) may.
    if not words or not is_labelled(words[0]):
        return words
    return _split_labelled_deal(words)


def _split_labelled_deal(words: list[str]) -> list[str]:
    """Three suit-labelled hands on one line, then perhaps the talon.

    The talon's cards carry suit labels too (`TD 9D`, `10♦ 9♦`, `♦10 ♦9`), so read as part of
    the hands its leading rank would join the 3rd hand's last suit. Cut it off first: the last
    word as a dotted group, or the last one or two cards, whichever leaves three hands of equal
    size; with no such cut the whole line is hands (and its errors are reported as such).
    """
    if any("." in w for w in words[:-1]) or ("." in words[-1] and is_labelled(words[-1])):
        labelled_groups(" ".join(words), "deal")  # raises: suit labels mixed with dotted groups
    if "." in words[-1]:  # `-.-.T9.-`
        return [*_split_labelled_line(" ".join(words[:-1])), words[-1]]
    tokens = [t for w in words for t in w.split(",") if t]
    for cut in (0, 2, 1):
        hands_text, talon = tokens[:len(tokens) - cut], tokens[len(tokens) - cut:]
        if not hands_text or not all(is_card(t) for t in talon):
            continue
        try:
            hands = _split_labelled_line(" ".join(hands_text))
            sizes = {len(parse_cards(h)) for h in hands}
        except NotationError:
            continue
        if len(hands) == 3 and len(sizes) == 1:
            return [*hands, *talon]
    return _split_labelled_line(" ".join(words))


def _split_labelled_line(text: str) -> list[str]:
    """Split one line of suit-labelled hands where the suit order starts again (♠ after ♥...)."""
    hands: list[list[tuple[int, list[Card]]]] = []
    for suit, cards in labelled_groups(text, "deal"):
        if not hands or suit <= hands[-1][-1][0]:
            hands.append([])
        hands[-1].append((suit, cards))
    return [" ".join(f"{'SCDH'[s]}:{''.join(str(c)[0] for c in cs) or '-'}" for s, cs in h)
            for h in hands]


def _parse_talon(parts: Sequence[str]) -> tuple[Card, ...]:
    """The talon from the text after the hands: card tokens, or one hand-like group."""
    tokens = _card_tokens(" ".join(parts))
    if len(parts) > 1 and any("." in p for p in parts):
        raise CardCountError(
            f"too many groups after the hands: '{' '.join(parts)}'; the talon is one dotted "
            f"group or two cards")
    try:
        return tuple(Card.parse(t) for t in tokens)
    except NotationError:
        pass
    if len(parts) == 1 or is_labelled(" ".join(parts)):
        try:
            return tuple(parse_cards(" ".join(parts), "talon"))
        except NotationError as error:
            # Words meant as cards, one of them mistyped (`AD QX`): blame that card. Read as
            # one group, the text blames the good one ("rank 'A' comes before any suit"),
            # unless that reading already names the bad rank or suit (`XD 9D`).
            if type(error) is not NotationError or not meant_as_cards(tokens):
                raise
    # Words meant as cards, not one group: report the first bad card.
    for token in tokens:
        Card.parse(token)
    raise NotationError(f"cannot read talon '{' '.join(parts)}'")  # pragma: no cover


def _card_tokens(text: str) -> list[str]:
    """Words of a talon or discard: cards may be separated by spaces or commas (`TD,9D`)."""
    return [t for t in re.split(r"[\s,]+", text) if t]


def _parse_discard(text: str) -> Hand:
    """The discard: two cards (`9D 8D`, `9D,8D`, `9♦`) or a hand (`-.87.-.-`, `♦9 ♥8`)."""
    tokens = _card_tokens(text)
    if tokens and all(is_card(t) for t in tokens):
        return Hand.from_cards(tokens)
    return Hand.parse(text, "discard")


def _check(deal: Deal) -> None:
    """Raise the first problem found in a deal's cards, naming the card or hand."""
    where: dict[Card, str] = {}

    def place(card: Card, name: str) -> None:
        if card in where:
            first = where[card]
            if name in ("the talon", "the discard") and first.startswith("hand"):
                raise TalonConflictError(f"card {card} is both in {first} and in {name}")
            if first == name:
                raise DuplicateCardError(f"duplicate card {card}: twice in {name}")
            raise DuplicateCardError(f"duplicate card {card}: in {first} and in {name}")
        where[card] = name

    for i, hand in enumerate(deal.hands):
        for card in hand:
            place(card, f"hand {i + 1}")
    for card in deal.talon:
        place(card, "the talon")
    if deal.discard is not None:
        for card in deal.discard:
            place(card, "the discard")

    if not where:
        raise EmptyDealError("empty deal: no cards in any hand")
    sizes = [len(h) for h in deal.hands]
    for i, n in enumerate(sizes):
        if n > HAND_SIZE:
            raise CardCountError(f"hand {i + 1} has {n} cards; a hand holds at most {HAND_SIZE}")
    if len(set(sizes)) > 1:
        listed = ", ".join(f"hand {i + 1} has {n}" for i, n in enumerate(sizes))
        hint = ("; write them as at the start of the current trick (played cards still in "
                "hand)" if max(sizes) - min(sizes) == 1 else "")
        raise CardCountError(f"the hands must hold the same number of cards: {listed}{hint}")
    if sizes[0] == 0:
        raise EmptyDealError("empty deal: no cards in any hand")
    if len(deal.talon) > 2:
        raise CardCountError(f"the talon has {len(deal.talon)} cards; it holds at most 2")
    discarded = len(deal.discard) if deal.discard is not None else 0
    if discarded > 2:
        raise CardCountError(f"the discard has {discarded} cards; it holds at most 2")
    if discarded == 1:
        raise CardCountError(
            f"the discard has 1 card ({next(iter(deal.discard))}); it holds 2, "  # type: ignore[arg-type]
            f"or give none")
    if sizes[0] == HAND_SIZE and len(deal.talon) == 1:
        total = 3 * HAND_SIZE + 1 + discarded
        raise CardCountError(
            f"the talon has 1 card ({deal.talon[0]}); with three hands of ten it holds 2 "
            f"(a deal is {DECK_SIZE} cards, this one {total})")
