"""The engine equals the reference minimax on random positions of every kind."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solver
from solver import reference
from engine_positions import GAME_SPECS, positions

pytestmark = pytest.mark.slow  # minutes of random positions; CI runs them

ENGINE = solver.Solver(tt_mb=4)
SETTINGS = settings(max_examples=350, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def check_against_reference(pos: solver.Position) -> None:
    expected = reference.tricks(pos)
    assert ENGINE.tricks(pos) == expected, pos
    assert ENGINE.moves(pos) == reference.moves(pos), pos
    check_line(pos, expected, ENGINE.line(pos))
    # The one-pass answer is the same question answered from a fresh table.
    ENGINE.clear()
    tricks, moves, line = ENGINE.full(pos)
    assert (tricks, moves) == (expected, reference.moves(pos)), pos
    check_line(pos, expected, line)


def check_line(pos: solver.Position, expected: int, line: list[int]) -> None:
    """`line` is a legal sequence of plays to the end in which every card keeps the value:
    each one is a best card for its player, so the line reaches `expected`."""
    value, here = expected, pos
    for card in line:
        assert reference.moves(here)[card] == value, (pos, line, card)
        here, taker, _ = here.advance(card)
        value -= taker == pos.focus
    assert here.is_terminal, (pos, line)
    assert value == 0, (pos, line)


@pytest.mark.parametrize("spec", GAME_SPECS, ids=lambda s: f"{s[0]}-{s[1]}-{s[2]}")
@SETTINGS
@given(data=st.data())
def test_engine_matches_reference(spec, data):
    check_against_reference(data.draw(positions(spec=spec)))


@pytest.mark.parametrize("spec", GAME_SPECS, ids=lambda s: f"{s[0]}-{s[1]}-{s[2]}")
@settings(max_examples=120, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_engine_matches_reference_in_crowded_suits(spec, data):
    # Cards from two suits only: hands collide in every trick, runs of equivalent cards are
    # broken by other hands' and the talon's cards, and trumps are short or long.
    check_against_reference(data.draw(positions(spec=spec, suits=2)))


@pytest.mark.parametrize("rule", ["suit", "card"])
@settings(max_examples=700, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_engine_matches_reference_with_both_talon_tricks_to_come(rule, data):
    # The second talon card is still out during the first trick: under rule "card" it competes
    # by rank later, so it must keep the cards on either side of it apart.
    spec = ("raspasy", None, rule)
    check_against_reference(data.draw(positions(spec=spec, suits=3, full_talon=True)))
