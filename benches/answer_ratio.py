"""The whole answer against the trick count, timed in pairs: for each deal of a set the count
(`Solver.tricks`) and the whole answer of `pa.solve` (the count, every card's value and a line,
from a `Deal` and a `Game` already read) are timed one after the other, each from an empty
table, and the sets are gone through three times; the ratio of the two medians is printed,
and the ratio of the totals over the set of each deal's fastest time (what a batch pays: the
hard deals weigh in it, where the median is an easy deal's).

    python benches/answer_ratio.py [SET ...]

Timing both on the same deals within the same second keeps the machine's drift out of the
ratio, which the separate benchmarks of `test_engine_speed.py` (minutes apart) do not.
"""
from __future__ import annotations

import statistics
import sys
import time

import pyanalysis as pa
import solver
from sets import SET_NAMES, load_jobs, load_positions


def main(names: list[str], rounds: int = 3) -> None:
    engine = solver.Solver()
    print("| set | count, median ms | whole answer, median ms | ratio | ratio of totals |")
    print("|---|---:|---:|---:|---:|")
    for name in names or SET_NAMES:
        count: list[float] = []
        whole: list[float] = []
        pairs = list(zip(load_positions(name), load_jobs(name)))
        for _ in range(rounds):
            for position, job in pairs:
                engine.clear()
                start = time.perf_counter()
                engine.tricks(position)
                count.append(time.perf_counter() - start)
                engine.clear()
                start = time.perf_counter()
                pa.solve(**job, engine=engine)
                whole.append(time.perf_counter() - start)
        a, b = statistics.median(count), statistics.median(whole)
        n = len(pairs)
        total = [sum(min(times[i::n]) for i in range(n)) for times in (count, whole)]
        print(f"| {name} | {1e3 * a:.3f} | {1e3 * b:.3f} | {b / a:.2f}× "
              f"| {total[1] / total[0]:.2f}× |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
