"""Whist or pass: the open-card table and the seat view, on fixed seeded inputs; no timing
asserts.

    pytest benches/test_whist_speed.py --benchmark-only --benchmark-json=whist.json

- open-card table: `whist_table` on every deal of data/bench/trump.jsonl (200 full deals,
  eight-level trump contracts), one deal per round: the double-dummy count, the principal
  line, every whisting row scored and the backward induction. Target: 50 ms a deal.
- seat view, fixed count: `whist_decision` for the first defender, exactly 1,000 kept
  layouts, the partner answering with open cards (`partner="open"`), the default declarer
  model ("dd": his best double-dummy discard), the double-dummy bidding filter ("dd", the
  default before the seat rule) and no model table, seed 0, on
  JOBS threads, one hand per round. The hands are those of trump.jsonl in which the
  declarer's double-dummy tricks reach the contract less one (the bidding filter's own test:
  a declarer who could have bid it); the defender sees his ten cards and the deal's talon.
  Each layout drawn costs the bidding filter one bound search per discard of
  `sampling.top_discards` (ten at most). Target: 10 s a hand on two cores.

- seat view as a player runs it: `whist_decision` with every default (the partner from his
  own seat, stopping when settled, the model table) for the first defender of the first
  `DEFAULT_HANDS` deals of data/bench/bid_contracts.jsonl (his ten cards, the deal's discard
  as the talon), once with the bidding filter "dd" (the default before) and once with "bid"
  (the seat rule, the default now), so that one run reports before and after. Target: 10 s
  median on two cores (issue: seat views an expert accepts).

Extra info: `question`, `rounds`, and per deal or hand its seconds; for the table `p90_ms`
and the five slowest deals; for the seat view `drawn`, `kept`, the layouts drawn per second
(each one solved: the declarer's discard searched and his tricks counted) and kept per second.
"""
from __future__ import annotations

import json
import statistics
import time

import pytest

import pyanalysis as pa
from pyanalysis.analysis import whist_decision, whist_table
from pyanalysis.analysis.whist import defenders
from sets import BENCH_DIR, time_each

JOBS = 2
SAMPLES = 1000


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (BENCH_DIR / f"{name}.jsonl").read_text().splitlines()]


def decision_hands() -> list[dict]:
    """The trump.jsonl deals whose declarer could have bid his contract: the first defender's
    hand, the talon, the game and the declarer."""
    hands = []
    for job in load("trump"):
        game = pa.Game.parse(job["game"])
        if pa.solve(job["deal"], game, declarer=job["declarer"]).tricks < game.level - 1:
            continue
        deal = pa.Deal.parse(job["deal"])
        seat = defenders(job["declarer"])[0]
        hands.append({"hand": str(deal.hand(seat)), "talon": [str(c) for c in deal.talon],
                      "game": job["game"], "declarer": job["declarer"], "seat": seat})
    return hands


def test_open_card_whist_table(benchmark):
    """Every whisting of a full deal priced with open cards, one deal per round."""
    jobs = load("trump")
    whist_table(jobs[0]["deal"], jobs[0]["game"], jobs[0]["declarer"])  # warm up
    pending = iter(jobs)
    seconds: list[float] = []
    chosen: list[str] = []

    def setup():
        job = next(pending)
        return (job["deal"], job["game"], job["declarer"]), {}

    def run(deal, game, declarer):
        start = time.perf_counter()
        table = whist_table(deal, game, declarer)
        seconds.append(time.perf_counter() - start)
        chosen.append(table.chosen.label)

    benchmark.pedantic(run, setup=setup, rounds=len(jobs), iterations=1)
    ordered = sorted(seconds)
    slowest = sorted(range(len(seconds)), key=lambda i: -seconds[i])[:5]
    benchmark.extra_info.update(
        question="open-card whist table, full deal (whist_table)", threads=1,
        rounds=len(seconds), mean_ms=1e3 * sum(seconds) / len(seconds),
        p90_ms=1e3 * ordered[int(0.9 * (len(ordered) - 1))], max_ms=1e3 * ordered[-1],
        chosen={label: chosen.count(label) for label in sorted(set(chosen))},
        slowest=[{**jobs[i], "seconds": seconds[i]} for i in slowest])
    assert chosen


def test_whist_decision_1000_layouts(benchmark):
    """The first defender's whist or pass over 1,000 kept layouts, one hand per round."""
    hands = decision_hands()
    assert hands, "no deal of trump.jsonl fits the bidding filter"
    whist_decision(hands[0]["hand"], hands[0]["game"], hands[0]["declarer"], hands[0]["seat"],
                   talon=hands[0]["talon"], samples=20, seed=1, jobs=JOBS)  # warm up
    pending = iter(hands)
    records: list[dict] = []

    def setup():
        return (next(pending),), {}

    def run(hand):
        start = time.perf_counter()
        result = whist_decision(hand["hand"], hand["game"], hand["declarer"], hand["seat"],
                                talon=hand["talon"], samples=SAMPLES, seed=0, jobs=JOBS,
                                partner="open", fixed=True, filter="dd", models=False)
        elapsed = time.perf_counter() - start
        records.append({**hand, "seconds": elapsed, "drawn": result.drawn,
                        "kept": result.kept, "drawn_per_second": result.drawn / elapsed,
                        "kept_per_second": result.kept / elapsed, "best": result.best,
                        "vists": {w: float(o.vists) for w, o in result.options.items()}})

    benchmark.pedantic(run, setup=setup, rounds=len(hands), iterations=1)
    total = sum(r["seconds"] for r in records)
    drawn = sum(r["drawn"] for r in records)
    kept = sum(r["kept"] for r in records)
    benchmark.extra_info.update(
        question=f"whist decision, {SAMPLES} kept layouts (dd discard, dd filter, partner"
                 f" with open cards, fixed count)",
        threads=JOBS, rounds=len(records), drawn=drawn, kept=kept,
        drawn_per_second=drawn / total, kept_per_second=kept / total, hands=records)
    assert all(r["kept"] == SAMPLES for r in records)


DEFAULT_HANDS = 8


@pytest.mark.parametrize("filter_", ["dd", "bid"])
def test_whist_decision_as_run(benchmark, filter_):
    """The first defender's decision with the defaults (partner from his seat, settling, the
    model table) under the bidding filter `filter_`, one bid_contracts deal per round: median
    and max seconds in the extra info."""
    def one(job):
        deal = pa.Deal.parse(job["deal"])
        seat = defenders(job["declarer"])[0]
        result = whist_decision(deal.hand(seat), job["game"], job["declarer"], seat,
                                talon=list(deal.discard), seed=0, jobs=JOBS, filter=filter_)
        return {"game": job["game"], "samples": result.samples, "stopped": result.stopped,
                "best": result.best}

    jobs = load("bid_contracts")[:DEFAULT_HANDS]
    records = time_each(benchmark, jobs, one, f"whist decision with the defaults (partner from"
                        f" his seat, settling), filter {filter_}", JOBS)
    assert len(records) == len(jobs)
