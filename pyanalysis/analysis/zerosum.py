"""Two-person zero-sum matrix games, solved exactly in rational arithmetic.

The row player picks a row and wants the entry large; the column player picks a column and
wants it small. Either may mix. By the minimax theorem there is one value `v` and a pair of
mixes such that the row mix earns at least `v` against every column and the column mix gives
away at most `v` against every row; `solve` finds them with the simplex method on `Fraction`s
(Bland's rule, so it cannot cycle), which is exact: no floating point anywhere.

The construction is the textbook one: add a constant so that every entry is positive (the
value then is too), and solve the column player's program

    maximise  sum(y)   subject to   A y <= 1,  y >= 0.

Its optimum is 1/v; y·v is the column player's mix, and the program's dual solution (read off
the final tableau, at the slack columns) times v is the row player's.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

__all__ = ["MatrixGame", "solve"]


@dataclass(frozen=True)
class MatrixGame:
    """The solution of a zero-sum matrix game.

    `value`: what the row player can make sure of on average, and the most the column player
    can be held to. `rows` and `columns`: optimal mixes (weights summing to 1, one per row or
    column). `pure_value`: the most the row player can make sure of with one row, unmixed;
    `pure`: whether that is already the value (mixing gains nothing).
    """

    value: Fraction
    rows: tuple[Fraction, ...]
    columns: tuple[Fraction, ...]
    pure_value: Fraction

    @property
    def pure(self) -> bool:
        """True when mixing gains the row player nothing over his best single row."""
        return self.pure_value == self.value


def solve(matrix: Sequence[Sequence[int | Fraction]]) -> MatrixGame:
    """The value and optimal mixes of the game with payoff `matrix[row][column]` to the row
    player. Raises ValueError for an empty or ragged matrix."""
    rows = [[Fraction(x) for x in row] for row in matrix]
    if not rows or not rows[0]:
        raise ValueError("matrix: a game needs at least one row and one column")
    n = len(rows[0])
    if any(len(row) != n for row in rows):
        raise ValueError("matrix: every row needs the same number of columns")
    m = len(rows)
    shift = 1 - min(min(row) for row in rows)  # every entry at least 1 after the shift
    a = [[x + shift for x in row] for row in rows]

    # Tableau: m constraint rows over n decision columns and m slack columns, then the
    # right-hand side; the objective row holds the negated reduced costs.
    width = n + m
    table = [a[i] + [Fraction(int(i == k)) for k in range(m)] + [Fraction(1)] for i in range(m)]
    objective = [Fraction(-1)] * n + [Fraction(0)] * m + [Fraction(0)]
    basis = [n + i for i in range(m)]
    while True:
        entering = next((j for j in range(width) if objective[j] < 0), None)  # Bland
        if entering is None:
            break
        best: tuple[Fraction, int] | None = None
        for i in range(m):
            if table[i][entering] > 0:
                ratio = table[i][-1] / table[i][entering]
                if best is None or ratio < best[0] or (ratio == best[0]
                                                       and basis[i] < basis[best[1]]):
                    best = (ratio, i)
        if best is None:  # cannot happen: the program is bounded since every entry is positive
            raise ArithmeticError("unbounded program in a matrix game")
        leaving = best[1]
        pivot = table[leaving][entering]
        table[leaving] = [x / pivot for x in table[leaving]]
        for i in range(m):
            if i != leaving and table[i][entering] != 0:
                factor = table[i][entering]
                table[i] = [x - factor * y for x, y in zip(table[i], table[leaving])]
        factor = objective[entering]
        objective = [x - factor * y for x, y in zip(objective, table[leaving])]
        basis[leaving] = entering

    total = objective[-1]  # the optimum of sum(y) = 1 / (value + shift)
    scaled_value = 1 / total
    y = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            y[var] = table[i][-1]
    columns = tuple(v * scaled_value for v in y)
    row_mix = tuple(objective[n + i] * scaled_value for i in range(m))
    return MatrixGame(scaled_value - shift, row_mix, columns, max(min(row) for row in rows))
