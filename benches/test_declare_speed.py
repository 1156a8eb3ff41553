"""What to declare: `declare_options` on whole twelve-card hands, 1,000 layouts; no timing
asserts.

    pytest benches/test_declare_speed.py --benchmark-only --benchmark-json=declare.json

The hands: the declarer's ten cards and his discard (his twelve before it) in the first two
deals of each bid set of data/bench (`bid_contracts`, `bid_misere`, `bid_tenners`: hands a
player would bid a contract, a misère and a ten on), one hand per round, 1,000 layouts of the
defenders' cards (seed 0) on JOBS threads. Each round counts five strains and misère with
every distinct discard on the same layouts. Target: 15 s a hand on two cores.

Extra info: per hand its wall-clock seconds and the process's processor seconds (both cores'
threads: on a machine shared with other work the wall clock overstates what two free cores
take, the processor time much less so), the distinct discards and the best declaration.
"""
from __future__ import annotations

import json
import time

import pyanalysis as pa
from sets import BENCH_DIR

JOBS = 2
SAMPLES = 1000
SETS = ("bid_contracts", "bid_misere", "bid_tenners")
PER_SET = 2


def bench_hands() -> list[dict]:
    """The twelve-card hands: each set's first deals, the declarer's hand and discard."""
    hands = []
    for name in SETS:
        lines = (BENCH_DIR / f"{name}.jsonl").read_text().splitlines()[:PER_SET]
        for line in lines:
            job = json.loads(line)
            deal = pa.Deal.parse(job["deal"])
            twelve = deal.hands[job["declarer"] - 1] | deal.discard
            hands.append({"set": name, "hand": str(twelve), "declarer": job["declarer"]})
    return hands


def test_declare_options_1000_layouts(benchmark):
    """Every game and discard of a twelve-card hand over 1,000 layouts, one hand per round."""
    hands = bench_hands()
    pa.declare_options(hands[0]["hand"], hands[0]["declarer"], samples=10, jobs=JOBS)  # warm up
    pending = iter(hands)
    records: list[dict] = []

    def setup():
        return (next(pending),), {}

    def run(hand):
        start, cpu = time.perf_counter(), time.process_time()
        result = pa.declare_options(hand["hand"], hand["declarer"], samples=SAMPLES, seed=0,
                                    jobs=JOBS)
        records.append({**hand, "seconds": time.perf_counter() - start,
                        "cpu_seconds": time.process_time() - cpu, "discards": result.discards,
                        "best": str(result.best.game),
                        "best_vists": float(result.best.vists)})

    benchmark.pedantic(run, setup=setup, rounds=len(hands), iterations=1)
    seconds = sorted(r["seconds"] for r in records)
    cpu = sorted(r["cpu_seconds"] for r in records)
    benchmark.extra_info.update(
        question=f"declare_options, {SAMPLES} layouts, twelve-card hands", threads=JOBS,
        rounds=len(records), median_s=seconds[len(seconds) // 2], max_s=seconds[-1],
        median_cpu_s=cpu[len(cpu) // 2], max_cpu_s=cpu[-1], hands=records)
    assert all(r["discards"] > 0 for r in records)


SEAT_LAYOUTS = 10


def test_declare_options_from_the_seats(benchmark):
    """The defenders deciding from their seats (`whist="seat"`, 50 layouts a decision): the
    first hand of each bid set, its talon its discard in the deal, 10 layouts each."""
    hands = bench_hands()[::PER_SET]
    pending = iter(hands)
    records: list[dict] = []

    def setup():
        return (next(pending),), {}

    def run(hand):
        twelve = pa.Hand.parse(hand["hand"])
        start, cpu = time.perf_counter(), time.process_time()
        result = pa.declare_options(
            pa.Hand(twelve.mask & ~hand["talon"].mask), hand["declarer"], talon=hand["talon"],
            samples=SEAT_LAYOUTS, seed=0, whist="seat", jobs=JOBS)
        seconds = time.perf_counter() - start
        records.append({"hand": hand["hand"], "seconds": seconds,
                        "cpu_seconds": time.process_time() - cpu,
                        "seconds_a_layout": seconds / SEAT_LAYOUTS,
                        "best": str(result.best.game)})

    for hand in hands:
        hand["talon"] = _discard_of(hand)
    benchmark.pedantic(run, setup=setup, rounds=len(hands), iterations=1)
    per = sorted(r["seconds_a_layout"] for r in records)
    benchmark.extra_info.update(
        question=f"declare_options(whist='seat'), {SEAT_LAYOUTS} layouts", threads=JOBS,
        median_s_a_layout=per[len(per) // 2], max_s_a_layout=per[-1], hands=records)


def _discard_of(hand: dict) -> "pa.Hand":
    """The deal's discard of a bench hand, standing in for the talon he took."""
    for name in SETS:
        for line in (BENCH_DIR / f"{name}.jsonl").read_text().splitlines()[:PER_SET]:
            job = json.loads(line)
            deal = pa.Deal.parse(job["deal"])
            if str(deal.hands[job["declarer"] - 1] | deal.discard) == hand["hand"]:
                return deal.discard
    raise LookupError(hand["hand"])
