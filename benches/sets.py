"""The fixed benchmark sets of data/bench/ as engine positions."""
from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any, Callable

import solver
from pyanalysis import Deal, Game
from pyanalysis.solving import make_position

BENCH_DIR = Path(__file__).resolve().parent.parent / "data" / "bench"
SET_NAMES = ("trump", "notrump", "misere", "raspasy_suit", "raspasy_card", "raspasy_none",
             "bid_contracts", "bid_misere", "bid_tenners")


def load_positions(name: str) -> list[solver.Position]:
    """Every job of data/bench/NAME.jsonl as the engine position it asks about."""
    positions = []
    for line in (BENCH_DIR / f"{name}.jsonl").read_text().splitlines():
        job = json.loads(line)
        deal, game = job.pop("deal"), job.pop("game")
        positions.append(make_position(deal, game, **job)[0])
    return positions


def load_jobs(name: str) -> list[dict]:
    """Every job of data/bench/NAME.jsonl as `pa.solve` keyword arguments, the deal and the
    game read into a `Deal` and a `Game`."""
    jobs = []
    for line in (BENCH_DIR / f"{name}.jsonl").read_text().splitlines():
        job = json.loads(line)
        job["deal"], job["game"] = Deal.parse(job["deal"]), Game.parse(job["game"])
        jobs.append(job)
    return jobs


def time_each(benchmark: Any, items: list, one: Callable[[Any], dict], question: str,
              threads: int) -> list[dict]:
    """`one(item)` timed once per round for every item (a dict of what it found back), the
    median and max seconds and every record in the benchmark's extra info."""
    pending = iter(items)
    records: list[dict] = []

    def setup():
        return (next(pending),), {}

    def run(item):
        start = time.perf_counter()
        found = one(item)
        records.append({**found, "seconds": time.perf_counter() - start})

    benchmark.pedantic(run, setup=setup, rounds=len(items), iterations=1)
    seconds = sorted(r["seconds"] for r in records)
    benchmark.extra_info.update(question=question, threads=threads, rounds=len(records),
                                median_s=statistics.median(seconds), max_s=seconds[-1],
                                hands=records)
    return records
