"""Opening leads: the open-card table and the leader's seat, on fixed seeded inputs; no timing
asserts.

    pytest benches/test_leads_speed.py --benchmark-only --benchmark-json=leads.json

- open-card table: `lead_table` on every deal of data/bench/trump.jsonl (200 full deals,
  eight-level trump contracts), the first defender leading, one deal per round: every legal
  lead solved double-dummy. Target: 50 ms a deal.
- priced open-card table: `lead_table(..., rules="sochi")` (both defenders whist: each
  priced from his own sure share after each lead, `solver.share`) on every deal of
  data/bench/bid_contracts.jsonl (200 full deals of contracts as bid, the declarer's discard
  made) and of trump.jsonl, the first defender leading, one deal per round. Target: 50 ms a
  deal (median).
- leader's seat: `lead_decision` for the first defender, 1,000 kept layouts, the default
  declarer model ("dd": his best double-dummy discard), the double-dummy bidding filter
  ("dd", the default before the seat rule) and no model table, seed 0, on
  JOBS threads, one hand per round: the first HANDS deals of trump.jsonl in which the
  declarer's double-dummy tricks reach the contract less one (a declarer who could have bid
  it); the leader sees his ten cards and the deal's talon. Each layout drawn costs the
  bidding filter one bound search per discard of `sampling.top_discards` (ten at most); each
  kept layout is solved once per lead (ten searches). Target: 10 s a hand on two cores.

- leader's seat as a player runs it: `lead_decision` with every default (stopping when
  settled, the model table), unpriced, for the first defender of the first `DEFAULT_HANDS`
  deals of data/bench/bid_contracts.jsonl (his ten cards, the deal's discard as the talon),
  once with the bidding filter "dd" (the default before) and once with "bid" (the seat rule,
  the default now). Target: 10 s median on two cores.

Extra info: `question`, `rounds`, and per deal or hand its seconds; for the table `p90_ms`
and the five slowest deals; for the seat `drawn`, `kept`, and the layouts drawn and kept per
second.
"""
from __future__ import annotations

import json
import statistics
import time

import pytest

import pyanalysis as pa
from pyanalysis.analysis import lead_decision, lead_table
from sets import BENCH_DIR, time_each

JOBS = 2
SAMPLES = 1000
HANDS = 4


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (BENCH_DIR / f"{name}.jsonl").read_text().splitlines()]


def first_defender(declarer: int) -> int:
    return declarer % 3 + 1


def decision_hands() -> list[dict]:
    hands = []
    for job in load("trump"):
        game = pa.Game.parse(job["game"])
        if pa.solve(job["deal"], game, declarer=job["declarer"]).tricks < game.level - 1:
            continue
        deal = pa.Deal.parse(job["deal"])
        leader = first_defender(job["declarer"])
        hands.append({"hand": str(deal.hand(leader)), "talon": [str(c) for c in deal.talon],
                      "game": job["game"], "declarer": job["declarer"], "leader": leader})
        if len(hands) == HANDS:
            break
    return hands


def table_rounds(benchmark, jobs: list[dict], question: str, **options) -> None:
    """`lead_table` with `options` on each deal of `jobs`, the first defender leading, one
    deal per round; the times per deal into the extra info."""
    first = jobs[0]
    lead_table(first["deal"], first["game"], first["declarer"],
               leader=first_defender(first["declarer"]), **options)  # warm up
    pending = iter(jobs)
    seconds: list[float] = []

    def run(job):
        start = time.perf_counter()
        lead_table(job["deal"], job["game"], job["declarer"],
                   leader=first_defender(job["declarer"]), **options)
        seconds.append(time.perf_counter() - start)

    benchmark.pedantic(run, setup=lambda: ((next(pending),), {}), rounds=len(jobs),
                       iterations=1)
    ordered = sorted(seconds)
    slowest = sorted(range(len(seconds)), key=lambda i: -seconds[i])[:5]
    benchmark.extra_info.update(
        question=question, threads=1, rounds=len(seconds),
        median_ms=1e3 * statistics.median(seconds), mean_ms=1e3 * sum(seconds) / len(seconds),
        p90_ms=1e3 * ordered[int(0.9 * (len(ordered) - 1))], max_ms=1e3 * ordered[-1],
        slowest=[{**jobs[i], "seconds": seconds[i]} for i in slowest])


def test_open_card_lead_table(benchmark):
    """Every lead of a full deal with open cards, one deal per round."""
    table_rounds(benchmark, load("trump"), "open-card lead table, full deal (lead_table)")


@pytest.mark.parametrize("name", ["bid_contracts", "trump"])
def test_priced_lead_table(benchmark, name):
    """Every lead of a full deal priced for both defenders (sochi, both whist), one deal per
    round."""
    table_rounds(benchmark, load(name),
                 f"priced open-card lead table, full deal ({name}, sochi, both whist)",
                 rules="sochi")


def test_lead_decision_1000_layouts(benchmark):
    """The first defender's lead over 1,000 kept layouts, one hand per round."""
    hands = decision_hands()
    assert hands, "no deal of trump.jsonl fits the bidding filter"
    h = hands[0]
    lead_decision(h["hand"], h["game"], h["declarer"], leader=h["leader"], talon=h["talon"],
                  samples=20, seed=1, jobs=JOBS)  # warm up
    pending = iter(hands)
    records: list[dict] = []

    def setup():
        return (next(pending),), {}

    def run(hand):
        start = time.perf_counter()
        result = lead_decision(hand["hand"], hand["game"], hand["declarer"],
                               leader=hand["leader"], talon=hand["talon"], samples=SAMPLES,
                               seed=0, jobs=JOBS, filter="dd", models=False, fixed=True)
        elapsed = time.perf_counter() - start
        records.append({**hand, "seconds": elapsed, "drawn": result.drawn,
                        "kept": result.kept, "drawn_per_second": result.drawn / elapsed,
                        "kept_per_second": result.kept / elapsed, "best": str(result.best)})

    benchmark.pedantic(run, setup=setup, rounds=len(hands), iterations=1)
    total = sum(r["seconds"] for r in records)
    drawn = sum(r["drawn"] for r in records)
    kept = sum(r["kept"] for r in records)
    benchmark.extra_info.update(
        question=f"lead decision, {SAMPLES} kept layouts (dd discard, dd filter)",
        threads=JOBS, rounds=len(records), drawn=drawn, kept=kept,
        drawn_per_second=drawn / total, kept_per_second=kept / total, hands=records)
    assert all(r["kept"] == SAMPLES for r in records)


DEFAULT_HANDS = 8


@pytest.mark.parametrize("filter_", ["dd", "bid"])
def test_lead_decision_as_run(benchmark, filter_):
    """The first defender's lead with the defaults (settling, the model table) under the
    bidding filter `filter_`, one bid_contracts deal per round: median and max seconds in the
    extra info."""
    def one(job):
        deal = pa.Deal.parse(job["deal"])
        leader = first_defender(job["declarer"])
        result = lead_decision(deal.hand(leader), job["game"], job["declarer"], leader=leader,
                               talon=list(deal.discard), seed=0, jobs=JOBS, filter=filter_)
        return {"game": job["game"], "samples": result.samples, "drawn": result.drawn,
                "stopped": result.stopped, "best": str(result.best)}

    jobs = load("bid_contracts")[:DEFAULT_HANDS]
    records = time_each(benchmark, jobs, one, f"lead decision with the defaults (settling,"
                        f" model table), filter {filter_}", JOBS)
    assert len(records) == len(jobs)
