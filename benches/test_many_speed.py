"""Throughput of the many-positions entry point (`solver.tricks_many`) on the benchmark sets,
one and two threads: trick counts per second, and whole answers (every card's value) per
second, each round from fresh tables.

    python -m pytest benches/test_many_speed.py --benchmark-only --benchmark-json=/tmp/many.json
    python benches/report.py /tmp/many.json
"""
from __future__ import annotations

import pytest

import solver
import solver.many
from sets import load_positions


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("answer", ["count", "moves"])
@pytest.mark.parametrize("name", ["trump", "notrump", "misere", "raspasy_none"])
def test_many_positions_per_second(benchmark, name, answer, threads):
    positions = load_positions(name)

    def setup():
        solver.many._idle.clear()  # fresh engines, so fresh tables, every round
        return (), {}

    def run():
        return solver.tricks_many(positions, threads=threads, moves=answer == "moves")

    result = benchmark.pedantic(run, setup=setup, rounds=3, iterations=1)
    seconds = benchmark.stats.stats.median
    benchmark.extra_info.update(many=True, set=name, answer=answer, threads=threads,
                                positions=len(positions),
                                per_second=len(positions) / seconds)
    tricks = result if answer == "count" else result.tricks
    assert len(tricks) == len(positions) and tricks.min() >= 0
