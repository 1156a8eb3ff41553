"""What the report's templates share: the Jinja environment (the package's `templates/`,
every value escaped) and the markup of cards and vists, for the report's page (`html`) and the
result views (`views`)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import jinja2
from markupsafe import Markup

from ..cards import RANK_DISPLAY, SUIT_SYMBOLS, Card

__all__ = ["ENV", "SUIT_NAMES", "card_markup", "cards_markup", "vists_markup"]

ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("pyanalysis.report", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)

SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")


def _card(card: Card | str, rank_only: bool = False) -> Markup:
    """A card as a coloured span: ``<span class="c red">10♥</span>``."""
    card = Card.parse(card)
    colour = "red" if card.suit in (2, 3) else "black"
    text = RANK_DISPLAY[card.rank] + ("" if rank_only else SUIT_SYMBOLS[card.suit])
    label = f"{RANK_DISPLAY[card.rank]} of {SUIT_NAMES[card.suit]}"
    return Markup('<span class="c {}" title="{}">{}</span>').format(colour, label, text)


def _cards(cards: Any) -> Markup:
    return Markup(" ").join(_card(c) for c in cards)


def _vists(value: Any, signed: bool = False) -> Markup:
    """Vists for reading: whole numbers as they are, fractions to two decimals with the
    exact value in the title (``110.67`` for 332/3)."""
    exact = Fraction(value)
    sign = "+" if signed and exact > 0 else ""
    if exact.denominator == 1:
        return Markup("{}{}").format(sign, exact.numerator)
    return Markup('<span title="{} exactly">{}{:.2f}</span>').format(
        f"{sign}{exact}", sign, float(exact))


# The names the templates and the modules use.
card_markup, cards_markup, vists_markup = _card, _cards, _vists
