"""Two whisters' outcome priced plainly, for the tests' oracles (never `analysis.pricing`).

RULES.md §3: with two whisters each defender's own tricks are scored. The defence can hold the
declarer to his double-dummy count and give the first defender any number from the defence's
tricks less the second's most, to his own most (a defender's most: `solver.share`, checked
against a brute force in tests/engine/test_share.py); every such split is written out here,
each scored with `score_deal` (itself checked against RULES.md's worked examples in
tests/core/test_scoring.py), and the one with the highest sum of the two defenders' values is
taken; ties to the most even, then to the first defender's larger share. When the two mosts
do not cover the defence's tricks, the declarer decides who takes the rest: every split from
each defender's most up is written out, and the one with the lowest sum is taken.
"""
from __future__ import annotations

from typing import Mapping

from pyanalysis.scoring import DealScore, score_deal


def pair(declarer: int) -> tuple[int, int]:
    """The first and second defender (the seats after the declarer's)."""
    return declarer % 3 + 1, (declarer + 1) % 3 + 1


def reachable(declarer: int, tricks: int, most: Mapping[int, int],
              total: int = 10) -> list[dict[int, int]]:
    """Every split of the defence's tricks that fits both defenders' mosts."""
    first, second = pair(declarer)
    defence = total - tricks
    return [{declarer: tricks, first: a, second: defence - a} for a in range(defence + 1)
            if a <= most[first] and defence - a <= most[second]]


def declarers_choice(declarer: int, tricks: int, most: Mapping[int, int],
                     total: int = 10) -> list[dict[int, int]]:
    """When the mosts do not cover the defence's tricks: every split giving each defender at
    least his most."""
    first, second = pair(declarer)
    defence = total - tricks
    return [{declarer: tricks, first: a, second: defence - a} for a in range(defence + 1)
            if a >= most[first] and defence - a >= most[second]]


def plain_split(game, rules, players: int, declarer: int, words: Mapping[int, str],
                tricks: int, most: Mapping[int, int], total: int = 10) -> dict[int, int]:
    """The split the outcome is priced at (see the module doc)."""
    first, second = pair(declarer)
    best, best_key = None, None
    splits, sign = reachable(declarer, tricks, most, total), 1
    if not splits:
        splits, sign = declarers_choice(declarer, tricks, most, total), -1
    assert splits, (tricks, most)
    for split in splits:
        score = score_deal(game, rules=rules, players=players, declarer=declarer,
                           tricks=split, whist=dict(words))
        key = (sign * (score.values[first] + score.values[second]),
               -abs(split[first] - split[second]), split[first])
        if best_key is None or key > best_key:
            best, best_key = split, key
    return best


def plain_score(game, rules, players: int, declarer: int, words: Mapping[int, str],
                tricks: int | None, most: Mapping[int, int] | None = None,
                total: int = 10) -> DealScore:
    """The one score of an outcome: `tricks` None for no play; two whisters (every word
    "whist", or no words in a contract) priced at `plain_split`; else the declarer's count."""
    words = dict(words)
    if tricks is None:
        by_seat: dict[int, int] = {}
    elif game.kind == "contract" and (not words or set(words.values()) == {"whist"}):
        assert most is not None
        by_seat = plain_split(game, rules, players, declarer, words, tricks, most, total)
    else:
        by_seat = {declarer: tricks}
    return score_deal(game, rules=rules, players=players, declarer=declarer, tricks=by_seat,
                      whist=words)


def words_of(said) -> dict[int, str]:
    """{seat: word} of the words said ((word, seat), ...): a seat that spoke twice by his last."""
    return {seat: word for word, seat in said}


def is_played(words: Mapping[int, str], declarer: int) -> bool:
    """RULES.md §3: no play when both pass, or a half-whist is not returned."""
    if not words:
        return True
    said = tuple(words.get(s) for s in pair(declarer))
    return not (said == ("pass", "pass") or ("half" in said and "return" not in words.values()))


class PlainRow:
    """A leaf of the whisting priced plainly: `values` {seat: vists}, what induction reads."""

    def __init__(self, said, game, rules, players: int, declarer: int, tricks: int,
                 most: Mapping[int, int]) -> None:
        words = words_of(said)
        count = tricks if is_played(words, declarer) else None
        self.score = plain_score(game, rules, players, declarer, words, count, most)
        self.values = self.score.values
