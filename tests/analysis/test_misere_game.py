"""The misère with the discard hidden, solved as the game it is: the catchers mix defences, he
mixes discards, `game_value` is the probability he is caught when both play best.

The brute force enumerates the caught sets of every defence from the definition
(`test_misere_catch.brute_force`: no Pareto sets, no engine), keeps the maximal ones, builds
the matrix (a row per defence, a column per distinct discard, 1 where it is caught) and
solves it here by plain vertex enumeration: the catchers' optimal mix is a vertex of
{p >= 0, sum p = 1, p·column >= v}, so it solves a square system in which some rows are the
support and as many columns are tight; every such system is solved with Fractions and the best
feasible one kept. No simplex, nothing shared with the code under test.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from test_misere_catch import SAMPLES, LARGER, caught_sets_by_brute_force
from pyanalysis.analysis.catch import misere_catch


def _solve_linear(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The unique solution of a square system, or None when it is singular."""
    n = len(rows)
    a = [row[:] + [b] for row, b in zip(rows, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def game_value_by_vertices(matrix: list[list[int]]) -> Fraction:
    """max over mixes p of the rows of min over columns of p·column, by vertex enumeration."""
    m, n = len(matrix), len(matrix[0])
    best: Fraction | None = None
    for k in range(1, m + 1):
        for support in combinations(range(m), k):
            for tight in combinations(range(n), k):
                # Unknowns: p over the support, then v. Equations: each tight column pays v;
                # the weights sum to 1.
                rows = [[Fraction(matrix[i][j]) for i in support] + [Fraction(-1)]
                        for j in tight]
                rows.append([Fraction(1)] * k + [Fraction(0)])
                rhs = [Fraction(0)] * k + [Fraction(1)]
                solution = _solve_linear(rows, rhs)
                if solution is None or any(x < 0 for x in solution[:k]):
                    continue
                p, v = solution[:k], solution[k]
                if all(sum(w * matrix[i][j] for w, i in zip(p, support)) >= v
                       for j in range(n)):
                    best = v if best is None else max(best, v)
    assert best is not None
    return best


def _matrix(sets, discards):
    return [[int(d in s) for d in discards] for s in sets]


@pytest.mark.parametrize("pareto", ["best", "all"])
def test_the_game_value_matches_a_brute_force(pareto):
    mixing_helps = 0
    for text, declarer, leader in SAMPLES[:110]:
        result = misere_catch(text, declarer, leader=leader, pareto=pareto)
        discards = list(result.by_discard)
        sets = caught_sets_by_brute_force(result, every=True)
        expected = game_value_by_vertices(_matrix(sets, discards))
        assert result.game_value == expected, text
        # The mix is over the defences listed, a distribution, and earns the value against
        # every discard; the matrix is what the listed defences catch.
        assert len(result.mix) == len(result.pareto) == len(result.matrix)
        assert sum(result.mix) == 1 and all(w >= 0 for w in result.mix)
        assert result.matrix == _matrix([frozenset(s) for s in result.pareto], discards)
        for j in range(len(discards)):
            assert sum(w * row[j] for w, row in zip(result.mix, result.matrix)) >= expected
        # The discards that escape the best single defence: every one it does not catch.
        assert set(result.escapes) == set(discards) - set(result.caught)
        assert set(result.declarer_mix) <= set(discards)
        assert sum(result.declarer_mix.values()) == 1
        mixing_helps += expected > Fraction(len(result.caught) == len(discards))
    # Endings where the catchers do strictly better by mixing than with any single defence
    # occur among these (the value lies strictly between 0 and 1).
    assert mixing_helps > 0


def test_larger_endings_game_value():
    for text, declarer, leader in LARGER[:30]:
        result = misere_catch(text, declarer, leader=leader)
        sets = caught_sets_by_brute_force(result, every=True)
        if len(sets) > 6:
            continue  # vertex enumeration grows fast; the smaller fronts are enough here
        discards = list(result.by_discard)
        assert result.game_value == game_value_by_vertices(_matrix(sets, discards)), text
