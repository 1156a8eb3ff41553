"""Misère with the discard unknown (`misere_catch`) on full deals; no timing asserts.

    pytest benches/test_catch_speed.py --benchmark-only --benchmark-json=catch.json

The hands are data/bench/misere_hands.jsonl: twenty real 12-card misère hands (seeded set),
each with the deal it was played in (his ten, the discard, the others' twenty). The
declarer's twelve cards are his ten and that discard; `misere_catch` solves every distinct
discard with open cards, then the exact world-set search. One hand per round, the 1st hand
leading. Target: 10 s a hand.

Extra info: per hand its seconds, search nodes, engine calls, discards, how many are caught with
open cards and by the best single defence; the median and the maximum (seconds, nodes, engine
calls), and the hands over the target. The machine is shared: nodes and engine calls are the
steadier measure, seconds the one the target is about.
"""
from __future__ import annotations

import json
import statistics
import time

from pyanalysis.analysis.catch import misere_catch
from sets import BENCH_DIR

TARGET_SECONDS = 10.0


def load_hands() -> list[dict]:
    lines = (BENCH_DIR / "misere_hands.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_misere_catch_full_deals(benchmark):
    """The exact catch search on a full deal (12 + 10 + 10), one hand per round."""
    hands = load_hands()
    misere_catch(hands[0]["deal"], hands[0]["declarer"])  # warm up (imports, tables)
    pending = iter(hands)
    records: list[dict] = []

    def setup():
        return (next(pending),), {}

    def run(job):
        start = time.perf_counter()
        result = misere_catch(job["deal"], job["declarer"], leader=job.get("leader", 1))
        elapsed = time.perf_counter() - start
        records.append({"deal": job["deal"], "declarer": job["declarer"], "seconds": elapsed,
                        "nodes": result.nodes, "engine_calls": result.engine_calls,
                        "discards": len(result.by_discard),
                        "open_caught": len(result.open_caught), "caught": len(result.caught),
                        "guaranteed": result.guaranteed})

    benchmark.pedantic(run, setup=setup, rounds=len(hands), iterations=1)
    seconds = [r["seconds"] for r in records]
    nodes = [r["nodes"] for r in records]
    calls = [r["engine_calls"] for r in records]
    benchmark.extra_info.update(
        question="misere_catch, full deal, discard unknown to the catchers", threads=1,
        rounds=len(records), median_s=statistics.median(seconds), max_s=max(seconds),
        median_nodes=statistics.median(nodes), max_nodes=max(nodes),
        median_engine_calls=statistics.median(calls), max_engine_calls=max(calls),
        over_target=[r for r in records if r["seconds"] > TARGET_SECONDS],
        target_s=TARGET_SECONDS, hands=records)
    print(f"\nmisere_catch on {len(records)} full deals: median {statistics.median(seconds):.3f}"
          f" s, max {max(seconds):.1f} s, {sum(s > TARGET_SECONDS for s in seconds)} over"
          f" {TARGET_SECONDS:.0f} s; engine calls median {statistics.median(calls):.0f},"
          f" max {max(calls)}; nodes median {statistics.median(nodes):.0f}, max {max(nodes)}")
    assert all(r["caught"] <= r["open_caught"] for r in records)
