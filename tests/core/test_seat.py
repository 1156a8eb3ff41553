"""The `Seat` type: play order, the defenders of a declarer, names and reading."""
from __future__ import annotations

import json

import pytest

from pyanalysis.errors import PositionError
from pyanalysis.seat import SEATS, Seat


def test_play_goes_round_the_table():
    assert [Seat(s).next for s in (1, 2, 3)] == [2, 3, 1]
    assert [Seat(s).prev for s in (1, 2, 3)] == [3, 1, 2]
    for seat in SEATS:
        assert seat.next.prev == seat and seat.next.next.next == seat


def test_defenders_play_in_order_after_the_declarer():
    assert Seat.defenders(1) == (2, 3)
    assert Seat.defenders(2) == (3, 1)
    assert Seat.defenders(3) == (1, 2)
    for declarer in SEATS:
        first, second = Seat.defenders(declarer)
        assert {declarer, first, second} == {1, 2, 3}
        assert first == declarer.next and second == first.next


def test_after_counts_the_cards_of_a_trick_from_its_leader():
    for leader in SEATS:
        seats = [Seat.after(leader, i) for i in range(3)]
        assert seats[0] == leader and seats[1] == leader.next and seats[2] == leader.prev
    assert Seat.after(3, 1) == 1 and Seat.after(2, 2) == 1


def test_names_and_printing():
    assert [s.title for s in SEATS] == ["1st hand", "2nd hand", "3rd hand"]
    assert [s.ordinal for s in SEATS] == ["1st", "2nd", "3rd"]
    # A seat prints, formats and serialises as the number it replaces.
    assert str(Seat(2)) == "2" and f"{Seat(3)}" == "3" and f"{Seat(1):>2}" == " 1"
    assert repr(Seat(2)) == "2" and repr((Seat(1), Seat(3))) == "(1, 3)"
    assert json.dumps({Seat(1): Seat(2)}) == '{"1": 2}'
    assert {1: "a"}[Seat.FIRST] == "a"


@pytest.mark.parametrize("value", [1, 2, 3, "1", " 3 "])
def test_parse_reads_numbers_and_their_text(value):
    assert Seat.parse(value) == int(value)
    assert isinstance(Seat.parse(value), Seat)


@pytest.mark.parametrize("value", [0, 4, True, 1.0, "one", "", None, "12"])
def test_parse_refuses_other_values_naming_the_argument(value):
    with pytest.raises(PositionError) as caught:
        Seat.parse(value, "leader")
    message = str(caught.value)
    assert message == f"leader: '{value}' is not a seat 1, 2 or 3"
    assert "\n" not in message


def test_parse_raises_the_error_type_asked_for():
    class Mine(ValueError):
        pass

    with pytest.raises(Mine, match="^declarer: '5'"):
        Seat.parse(5, "declarer", error=Mine)
