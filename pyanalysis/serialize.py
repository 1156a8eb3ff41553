"""Results as JSON-ready data: one set of rules for every `to_dict()` and every `--json`.

`to_jsonable(value)` turns anything a result holds into plain JSON data:

    Fraction          "7", "-31/3"          (exact, as `str(Fraction)`; the canonical form)
    Card, Hand, Deal  "AS", "AKQ.-.-.-", ... (their canonical text)
    Game              "8S", "misere", ...
    RuleSet           its name ("sochi")
    Seat, IntEnum     the number; other enums their value
    mapping           an object, keys as text (seat 1 → "1", card → "AS")
    tuple, list, set  a list (a set sorted)
    a result          its `to_dict()`; a dataclass without one: its fields in order
    None, bool, int, float, str as they are

Result classes get `to_dict()` from `JsonFields`: their dataclass fields in order, or the
entries of `JSON` (a field's name, or `(key, function of the result)` for a key of a special
shape or a computed one). `--json` is a stable interface: a result keeps its JSON text, so a
field whose shape differs from the canonical one (a fraction given as `{"fraction": "n/d",
"value": x}` by `LayoutOdds`) says so in its entry (`fraction_object`).
"""
from __future__ import annotations

import dataclasses
from enum import Enum
from fractions import Fraction
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence, Union

from .cards import Card
from .deal import Deal
from .games import Game
from .hand import Hand
from .rules import RuleSet

__all__ = ["to_jsonable", "JsonFields", "OMIT", "exact", "fraction_object", "cards_to_json",
           "moves_to_json", "seats_json", "floats_json", "nonempty", "Entry"]

#: What an entry's function returns to leave its key out (an optional key, absent when empty).
OMIT: Any = object()
#: One entry of `JsonFields.JSON`: a field (or property) name, or (key, function of the result).
Entry = Union[str, tuple[str, Callable[[Any], Any]]]


def to_jsonable(value: Any) -> Any:
    """`value` as JSON-ready data (see the module doc for each kind)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Enum):
        return int(value) if isinstance(value, int) else to_jsonable(value.value)
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Fraction):
        return exact(value)
    if isinstance(value, (Card, Hand, Deal, Game)):
        return str(value)
    if isinstance(value, RuleSet):
        return value.name
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {_key(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return [to_jsonable(v) for v in sorted(value)]
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    raise TypeError(f"no JSON form for {type(value).__name__}: {value!r}")


def _key(key: Any) -> str:
    """A mapping key as JSON object keys are: text."""
    data = to_jsonable(key)
    return data if isinstance(data, str) else str(data)


class JsonFields:
    """A result whose `to_dict()` is its JSON form, built by `to_jsonable`.

    `JSON` lists the keys in order: a name (a field or property, converted by `to_jsonable`)
    or `(key, function)` for a value of its own shape (`OMIT` leaves the key out). Empty:
    every dataclass field in order.
    """

    JSON: ClassVar[Sequence[Entry]] = ()

    def to_dict(self) -> dict[str, Any]:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        entries = self.JSON or tuple(f.name for f in fields)
        out: dict[str, Any] = {}
        for entry in entries:
            if isinstance(entry, str):
                out[entry] = to_jsonable(getattr(self, entry))
            else:
                key, shape = entry
                value = shape(self)
                if value is not OMIT:
                    out[key] = value
        return out


def exact(value: Fraction | int) -> str:
    """An exact number as text: "7", "-31/3" (the canonical form of a fraction)."""
    return str(Fraction(value))


def fraction_object(value: Fraction | None) -> dict[str, Any] | None:
    """A fraction as `{"fraction": "n/d", "value": float}` (the shape `LayoutOdds` gives its
    probability and mean, "1/1" included), None for None."""
    if value is None:
        return None
    return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}


def nonempty(name: str) -> tuple[str, Callable[[Any], Any]]:
    """An entry for an optional list: the key only when the result's `name` is not empty."""
    return name, lambda result: to_jsonable(getattr(result, name)) or OMIT


def cards_to_json(cards: Iterable[Card]) -> list[str]:
    """Cards as ``["AS", "TD"]``, in the order given."""
    return [str(card) for card in cards]


def moves_to_json(moves: Mapping[Card, Any]) -> dict[str, Any]:
    """``{Card: value}`` as a JSON object in a fixed order: suits ♠ ♣ ♦ ♥, high cards
    first."""
    ordered = sorted(moves.items(), key=lambda item: (item[0].suit, -item[0].rank))
    return {str(card): to_jsonable(value) for card, value in ordered}


def seats_json(by_seat: Mapping[int, Any] | None) -> dict[str, Any] | None:
    """``{seat: value}`` as an object keyed "1", "2", "3" in seat order (None for None)."""
    if by_seat is None:
        return None
    return {str(int(s)): to_jsonable(v) for s, v in sorted(by_seat.items())}


def floats_json(values: Mapping[Any, Fraction] | None,
                digits: int | None = 4) -> dict[str, float] | None:
    """Exact values as floats for reading, rounded to `digits` (None: not rounded), keyed as
    `to_jsonable` keys them, in the order given (None for None)."""
    if values is None:
        return None
    return {_key(k): float(v) if digits is None else round(float(v), digits)
            for k, v in values.items()}
