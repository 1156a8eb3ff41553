"""Stopping when settled gives the fixed run's answer: over the bench sets of data/bench, each
analysis that stops once its answer is settled (`analysis.settle`), run with the default
settings, against exactly 1,000 layouts of the same seeded draw (`fixed=True`).

The best answer (declare: the game; a count of twelve cards: the best discard; a
distribution of twelve cards: the discard with the best mean) must be the
fixed run's on at least 95% of the hands, and where it is not, the two must be within the
noise the fixed run reports: the practical margin (0.5 vists; 0.5 percentage points; 0.05
of a trick) plus two
standard errors of the difference. A count of ten cards has no best to choose: asked for at
most 5,000 layouts it stops once its 95% interval is narrower than 0.5 points, and its
probability must lie within two standard errors (of the two estimates together) of the
fixed 1,000-layout run's.

To keep the run time modest (CI runs it), only a subset of each set is used: the first 20
hands of `bid_contracts`, `bid_misere` and `bid_tenners` for the counts (the declarer's
twelve cards, his discard taken as the talon, the game's level as the target), the first 20
of `tenner_hands` and `misere_hands` for the ten-card counts (the hand less its discard), and
the first 5 of `bid_contracts` and of `bid_misere` for declare, whose fixed run takes 3-17 s
a hand on two cores (benches/RESULTS.md, "What to declare").
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import pyanalysis as pa
from pyanalysis.analysis.declare import declare_options
from pyanalysis.analysis.settle import MARGIN_SHARE, MARGIN_TRICKS, MARGIN_VISTS

pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[2] / "data" / "bench"
#: The share of hands on which the default run must name the fixed run's best.
AGREE = 0.95


def rows(name: str, count: int) -> list[dict]:
    return [json.loads(line) for line in (BENCH / f"{name}.jsonl").read_text().splitlines()[:count]]


def twelve(row: dict) -> tuple[pa.Hand, int, str]:
    """The declarer's twelve cards of a bid set's deal (his hand and his discard), his seat,
    the game."""
    deal = pa.Deal.parse(row["deal"])
    declarer = row["declarer"]
    return deal.hands[declarer - 1] | deal.discard, declarer, row["game"]


def agree(pairs: list[tuple[object, object]], close: list[bool]) -> None:
    """At least `AGREE` of the pairs name the same best; every pair that does not is close."""
    same = [a == b for a, b in pairs]
    assert sum(same) >= math.ceil(AGREE * len(same)), (sum(same), len(same), pairs)
    assert all(s or c for s, c in zip(same, close)), [p for p, s, c in zip(pairs, same, close)
                                                      if not (s or c)]


def count_of(kind: str, hand: pa.Hand, declarer: int, game: str, fixed: bool):
    if kind == "misere":
        return pa.misere_odds(hand, declarer, samples=1000, fixed=fixed)
    if kind == "tenner":
        return pa.tenner_odds(hand, game, declarer, samples=1000, fixed=fixed).odds
    return pa.layout_odds(hand, game, declarer, target=pa.Game.parse(game).level,
                          samples=1000, fixed=fixed)


@pytest.mark.parametrize("kind, name", [("odds", "bid_contracts"), ("misere", "bid_misere"),
                                        ("tenner", "bid_tenners")])
def test_a_settled_count_names_the_fixed_runs_best_discard(kind, name):
    pairs, close = [], []
    for row in rows(name, 20):
        hand, declarer, game = twelve(row)
        settled = count_of(kind, hand, declarer, game, False)
        fixed = count_of(kind, hand, declarer, game, True)
        assert fixed.samples == 1000 and settled.samples <= 1000
        pairs.append((settled.discard, fixed.discard))
        # The settled run's discard as the fixed run counted it, against the fixed run's best.
        mine = next(d for d in fixed.discards if d.discard == settled.discard)
        if not mine.complete:  # cut by the fixed count's pruning: worse than the best there
            close.append(False)
            continue
        gap = abs(mine.failed - fixed.failed) / fixed.layouts
        noise = math.hypot(mine.stderr or 0.0, fixed.stderr or 0.0)
        close.append(gap <= MARGIN_SHARE + 2 * noise)
    agree(pairs, close)


def test_a_settled_distribution_names_the_fixed_runs_best_discard():
    """Without a target the discards are ranked by their mean tricks: the settled run's best,
    as the fixed run counted it, is the fixed best or within a twentieth of a trick plus two
    standard errors of it (first 10 hands of bid_contracts)."""
    pairs, close = [], []
    for row in rows("bid_contracts", 10):
        hand, declarer, game = twelve(row)
        settled = pa.layout_odds(hand, game, declarer, samples=1000)
        fixed = pa.layout_odds(hand, game, declarer, samples=1000, fixed=True)
        assert fixed.samples == 1000 and settled.samples <= 1000
        pairs.append((settled.discard, fixed.discard))
        mine = next(d for d in fixed.discards if d.discard == settled.discard)
        noise = math.hypot(mine.stderr or 0.0, fixed.stderr or 0.0)
        close.append(abs(float(fixed.mean - mine.mean)) <= MARGIN_TRICKS + 2 * noise)
    agree(pairs, close)


@pytest.mark.parametrize("kind, name", [("odds", "tenner_hands"), ("misere", "misere_hands")])
def test_a_precise_probability_is_the_fixed_runs_within_its_noise(kind, name):
    for row in rows(name, 20):
        discard = pa.Hand.from_cards(row["discard"])
        hand = pa.Hand(pa.Hand.parse(row["hand"]).mask & ~discard.mask)
        runs = [pa.misere_odds(hand, row["declarer"], out=discard, samples=samples,
                               fixed=fixed)
                if kind == "misere" else
                pa.layout_odds(hand, row["game"], row["declarer"], out=discard, target=10,
                               samples=samples, fixed=fixed)
                for samples, fixed in ((5000, False), (1000, True))]
        settled, fixed = runs
        assert settled.stopped in ("precise", "cap") and fixed.stopped == "fixed"
        noise = math.hypot(settled.stderr, fixed.stderr)
        assert abs(float(settled.probability) - float(fixed.probability)) <= \
            2 * noise + 1e-12, (row["hand"], settled.probability, fixed.probability)


@pytest.mark.parametrize("name", ["bid_contracts", "bid_misere"])
def test_a_settled_declaration_is_the_fixed_runs(name):
    pairs, close = [], []
    for row in rows(name, 5):
        hand, declarer, _ = twelve(row)
        settled = declare_options(hand, declarer)
        fixed = declare_options(hand, declarer, fixed=True)
        assert fixed.layouts == 1000 and settled.layouts <= 1000
        pairs.append((settled.best.game, fixed.best.game))
        mine = fixed.option(settled.best.game)
        close.append(-mine.diff <= MARGIN_VISTS + 2 * (mine.diff_se or 0.0))
    agree(pairs, close)
