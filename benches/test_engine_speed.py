"""Engine speed on the fixed deal sets: one benchmark round per deal, a fresh table each time.

Modes: `tricks` (the trick count, `Solver.tricks`), `moves` (every card's value) and `solve`
(`pa.solve`: the trick count, every card's value and a line, through the Python API from a
`Deal` and a `Game` already read: reading the notation is the same for every question).

    pytest benches --benchmark-only --benchmark-json=benches/baseline.json
    python benches/report.py benches/baseline.json      # the table of benches/RESULTS.md

Extra info per benchmark: p90/p99 time per solve, median nodes per solve, nodes per second.
"""
from __future__ import annotations

import statistics

import pytest

import pyanalysis as pa
import solver
from sets import SET_NAMES, load_jobs, load_positions


@pytest.mark.parametrize("mode", ["tricks", "moves", "solve"])
@pytest.mark.parametrize("name", SET_NAMES)
def test_solve_speed(benchmark, name, mode):
    positions = load_positions(name) if mode != "solve" else load_jobs(name)
    engine = solver.Solver()
    pending = iter(positions)
    nodes: list[int] = []
    values: list = []
    if mode == "solve":
        def solve(job):
            return pa.solve(**job, engine=engine)
    else:
        solve = getattr(engine, mode)

    def setup():
        engine.clear()  # each deal is timed from an empty table, outside the timing
        return (next(pending),), {}

    def run(position):
        values.append(solve(position))
        nodes.append(engine.stats["nodes"])

    benchmark.pedantic(run, setup=setup, rounds=len(positions), iterations=1)
    times = sorted(benchmark.stats.stats.data)
    benchmark.extra_info.update(
        solves=len(times),
        p90_ms=1e3 * times[int(0.9 * len(times))],
        p99_ms=1e3 * times[int(0.99 * len(times))],
        nodes_median=statistics.median(nodes),
        nodes_per_second=sum(nodes) / sum(times),
    )
    assert len(values) == len(positions)
