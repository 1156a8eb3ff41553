"""Throughput of the many-positions entry point (`solver.tricks_many`) on the benchmark sets,
one and two threads: trick counts per second, and whole answers (every card's value) per
second. Each round starts from fresh engines; with tables "kept" the engines have first
solved another set (untimed), as the engines kept between the calls of `prefdd batch` or of
an analysis have, so that their tables' memory is in use rather than touched for the first
time during the run. The other set's deals are not the measured ones, so none of their
entries answers a measured deal outright.

    python -m pytest benches/test_many_speed.py --benchmark-only --benchmark-json=/tmp/many.json
    python benches/report.py /tmp/many.json
"""
from __future__ import annotations

import pytest

import solver
import solver.many
from sets import load_positions


# The set an engine solves first, with tables "kept": another set of deals of the same game.
WARM_UP = {"trump": "bid_contracts", "notrump": "bid_contracts", "misere": "bid_misere",
           "raspasy_none": "bid_misere"}


@pytest.mark.parametrize("tables", ["fresh", "kept"])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("answer", ["count", "moves"])
@pytest.mark.parametrize("name", ["trump", "notrump", "misere", "raspasy_none"])
def test_many_positions_per_second(benchmark, name, answer, threads, tables):
    positions = load_positions(name)
    warm_up = load_positions(WARM_UP[name])

    def setup():
        solver.many._idle.clear()  # fresh engines every round
        if tables == "kept":
            solver.tricks_many(warm_up, threads=threads)
        return (), {}

    def run():
        return solver.tricks_many(positions, threads=threads, moves=answer == "moves")

    result = benchmark.pedantic(run, setup=setup, rounds=3, iterations=1)
    seconds = benchmark.stats.stats.median
    benchmark.extra_info.update(many=True, set=name, answer=answer, threads=threads, tables=tables,
                                positions=len(positions),
                                per_second=len(positions) / seconds)
    tricks = result if answer == "count" else result.tricks
    assert len(tricks) == len(positions) and tricks.min() >= 0
