"""What `pa.solve` costs around the engine: the same positions solved through the Python API
and by `Solver.full` directly, on a warm table (so that the search itself is a few table
hits and what is left is reading the arguments, building the `Position` and the `Solution`).

    python -m pytest benches/test_wrapper_speed.py --benchmark-only

The extra info `wrapper_us` is the median of (pa.solve − Solver.full) per position, in µs.
"""
from __future__ import annotations

import statistics
import time

import pyanalysis as pa
import solver
from pyanalysis.solving import make_position
from sets import load_jobs


def test_wrapper_cost(benchmark):
    jobs = load_jobs("trump")[:50]
    engine = solver.Solver()
    positions = [make_position(job["deal"], job["game"], declarer=job["declarer"],
                               leader=job["leader"])[0] for job in jobs]
    for position in positions:
        engine.full(position)  # warm: every later search is table hits

    def best_of(call, repeat: int = 200) -> float:
        start = time.perf_counter()
        for _ in range(repeat):
            call()
        return (time.perf_counter() - start) / repeat

    def run():
        return [best_of(lambda job=job: pa.solve(**job, engine=engine))
                - best_of(lambda position=position: engine.full(position))
                for job, position in zip(jobs, positions)]

    costs = benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info.update(wrapper_us=1e6 * statistics.median(costs), positions=len(jobs))
    assert len(costs) == len(jobs)
