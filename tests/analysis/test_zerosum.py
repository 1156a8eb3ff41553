"""Exact zero-sum matrix games: every answer carries its own proof.

A row mix that earns at least v against every column and a column mix that gives away at most
v against every row prove, by the minimax theorem's easy half, that v is the value and both
mixes are optimal. The test checks that certificate in plain arithmetic on random matrices
(0/1 ones like the misère catch's, and general integers), and a few games worked by hand.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pyanalysis.analysis.zerosum import solve


def _certified(matrix: list[list[int]]) -> None:
    game = solve(matrix)
    rows, cols = len(matrix), len(matrix[0])
    assert len(game.rows) == rows and len(game.columns) == cols
    assert all(isinstance(w, Fraction) and w >= 0 for w in game.rows + game.columns)
    assert sum(game.rows) == 1 and sum(game.columns) == 1
    for j in range(cols):  # the row mix earns at least the value against every column
        assert sum(game.rows[i] * matrix[i][j] for i in range(rows)) >= game.value
    for i in range(rows):  # the column mix holds every row to at most the value
        assert sum(game.columns[j] * matrix[i][j] for j in range(cols)) <= game.value
    assert game.pure_value == max(min(row) for row in matrix)
    assert game.pure == (game.pure_value == game.value)


@pytest.mark.parametrize("seed", range(300))
def test_random_games_come_with_a_proof(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 6), rng.randint(1, 8)
    if seed % 2:
        matrix = [[rng.randint(0, 1) for _ in range(cols)] for _ in range(rows)]
    else:
        matrix = [[rng.randint(-5, 5) for _ in range(cols)] for _ in range(rows)]
    _certified(matrix)


def test_games_worked_by_hand() -> None:
    # Matching pennies: each side mixes evenly, the value is 1/2 where one row alone earns 0.
    game = solve([[1, 0], [0, 1]])
    assert (game.value, game.rows, game.columns) == (Fraction(1, 2), (Fraction(1, 2),) * 2,
                                                      (Fraction(1, 2),) * 2)
    assert not game.pure
    # A saddle point: row 0 column 1 (value 2), no mixing.
    game = solve([[3, 2], [1, 0]])
    assert game.value == 2 and game.rows == (1, 0) and game.columns == (0, 1) and game.pure
    # 3x-1 / -2x1: v = (3*1 - (-1)(-2)) / (3 + 1 + 2 + 1) = 1/7, rows (3/7, 4/7).
    game = solve([[3, -1], [-2, 1]])
    assert game.value == Fraction(1, 7) and game.rows == (Fraction(3, 7), Fraction(4, 7))


def test_bad_matrices_are_refused() -> None:
    with pytest.raises(ValueError, match="matrix: a game needs at least one row"):
        solve([])
    with pytest.raises(ValueError, match="matrix: every row needs the same number"):
        solve([[1, 0], [1]])
