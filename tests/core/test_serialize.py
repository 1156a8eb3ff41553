"""The one serializer of results: `to_jsonable`, `JsonFields` and the number shapes."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

import pytest

import pyanalysis as pa
from pyanalysis.seat import Seat
from pyanalysis.serialize import (OMIT, JsonFields, exact, floats_json, fraction_object,
                                  moves_to_json, nonempty, seats_json, to_jsonable)


class Colour(Enum):
    RED = "red"


def test_each_kind_has_its_json_form():
    deal = pa.Deal.parse("A.-.-.- K.-.-.- Q.-.-.-")
    assert to_jsonable(Fraction(-31, 3)) == "-31/3" and to_jsonable(Fraction(7)) == "7"
    assert to_jsonable(pa.Card.parse("10♥")) == "TH"
    assert to_jsonable(pa.Hand.parse("AK.-.T.-")) == "AK.-.T.-"
    assert to_jsonable(deal) == "A.-.-.- K.-.-.- Q.-.-.-"
    assert to_jsonable(pa.Game.parse("мизер")) == "misere"
    assert to_jsonable(pa.RuleSet.get("rostov")) == "rostov"
    assert to_jsonable(Seat(2)) == 2 and type(to_jsonable(Seat(2))) is int
    assert to_jsonable(Colour.RED) == "red"
    assert to_jsonable((1, [None, True], {3})) == [1, [None, True], [3]]
    assert to_jsonable({Seat(1): Fraction(1, 2), pa.Card.parse("AS"): 1, "x": 2.5}) == {
        "1": "1/2", "AS": 1, "x": 2.5}


def test_dataclasses_give_their_fields_in_order_and_results_their_to_dict():
    @dataclass
    class Plain:
        b: int
        a: tuple[pa.Card, ...]

    class Own:
        def to_dict(self):
            return {"own": True}

    assert to_jsonable(Plain(1, (pa.Card.parse("AS"),))) == {"b": 1, "a": ["AS"]}
    assert list(to_jsonable(Plain(1, ()))) == ["b", "a"]
    assert to_jsonable([Own()]) == [{"own": True}]
    with pytest.raises(TypeError, match="no JSON form for object"):
        to_jsonable(object())


def test_json_fields_by_default_and_with_entries():
    @dataclass(frozen=True)
    class Result(JsonFields):
        game: pa.Game
        value: Fraction
        seats: dict[int, int] = field(default_factory=dict)
        extras: list[int] = field(default_factory=list)

    class Shaped(Result):
        JSON = ("value", ("float", lambda r: float(r.value)),
                ("game", lambda r: OMIT if r.game.kind == "misere" else str(r.game)),
                ("seats", lambda r: seats_json(r.seats)), nonempty("extras"))

    plain = Result(pa.Game.parse("8S"), Fraction(1, 4), {3: 1, 1: 2})
    assert plain.to_dict() == {"game": "8S", "value": "1/4", "seats": {"3": 1, "1": 2},
                               "extras": []}
    shaped = Shaped(pa.Game.parse("8S"), Fraction(1, 4), {3: 1, 1: 2}, [5])
    assert json.dumps(shaped.to_dict()) == (
        '{"value": "1/4", "float": 0.25, "game": "8S", "seats": {"1": 2, "3": 1}, '
        '"extras": [5]}')
    bare = Shaped(pa.Game.parse("misere"), Fraction(0))
    assert bare.to_dict() == {"value": "0", "float": 0.0, "seats": {}}


def test_number_shapes():
    assert exact(Fraction(6, 4)) == "3/2" and exact(5) == "5"
    assert fraction_object(Fraction(1)) == {"fraction": "1/1", "value": 1.0}
    assert fraction_object(Fraction(2, 6)) == {"fraction": "1/3", "value": 1 / 3}
    assert fraction_object(None) is None
    assert floats_json({2: Fraction(1, 3), 1: Fraction(2)}) == {"2": 0.3333, "1": 2.0}
    assert floats_json({2: Fraction(1, 3)}, None) == {"2": 1 / 3}
    assert floats_json(None) is None and seats_json(None) is None
    assert seats_json({3: Fraction(-1, 2), 1: 4}) == {"1": 4, "3": "-1/2"}


def test_moves_in_display_order():
    moves = {pa.Card.parse(c): n for c, n in (("7H", 1), ("AS", 2), ("KS", 3), ("TC", 0))}
    assert list(moves_to_json(moves)) == ["AS", "KS", "TC", "7H"]


def test_results_keep_their_json():
    """A result's JSON through the serializer is plain JSON of plain values."""
    solution = pa.solve("A.-.-.- K.-.-.- Q.-.-.-", "6NT", declarer=1)
    data = solution.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert list(data) == ["deal", "game", "declarer", "leader", "played", "to_move", "tricks",
                          "verdict", "moves", "best", "line"]
    rasp = pa.solve("A.-.-.- K.-.-.- Q.-.-.-", "raspasy", player=2).to_dict()
    assert list(rasp)[:5] == ["deal", "game", "player", "talon_rule", "leader"]
