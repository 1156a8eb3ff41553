"""Does a table kept from one deal to the next slow the next solve? One thread, one Solver.

    python benches/table_reuse.py [SET ...] [--mb 8]

Each set is solved four ways in one process, a deal at a time, timing only the solve:
`kept` (the table carried from the previous deals), `cleared` (emptied before each deal,
outside the timing), and both again with a 64 MB buffer written before each deal, which
pushes the table out of the processor's caches as other work between two solves would. The
node counts show whether stale entries cost searches; the times show what the caches do.
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import solver
from sets import SET_NAMES, load_positions


def run(name: str, tt_mb: int, evict: np.ndarray) -> None:
    positions = load_positions(name)
    engine = solver.Solver(tt_mb=tt_mb)
    for mode in ("kept", "cleared", "kept, caches flushed", "cleared, caches flushed"):
        engine.clear()
        times, nodes = [], 0
        for position in positions:
            if mode.startswith("cleared"):
                engine.clear()
            if mode.endswith("flushed"):
                evict += 1
            start = time.perf_counter()
            engine.tricks(position)
            times.append(time.perf_counter() - start)
            nodes += engine.stats["nodes"]
        print(f"| {name} | {mode} | {nodes:,} | {1e3 * statistics.median(times):.3f} | "
              f"{1e3 * sum(times):.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=list(SET_NAMES))
    parser.add_argument("--mb", type=int, default=8, help="table size in MB")
    args = parser.parse_args()
    evict = np.zeros(64 << 20, dtype=np.uint8)
    print(f"Table {args.mb} MB, one thread.\n")
    print("| set | table | nodes | median ms | total ms |")
    print("|---|---|---:|---:|---:|")
    for name in args.sets:
        run(name, args.mb, evict)


if __name__ == "__main__":
    main()
