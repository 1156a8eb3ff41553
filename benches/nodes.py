"""Node counts of the trick count on every deal of the benchmark sets: exact and repeatable,
unlike times, so the way to compare two versions of the search on a busy machine.

    python benches/nodes.py [SET ...]

One thread, a fresh table per deal; prints the sum and the median per set.
"""
from __future__ import annotations

import statistics
import sys

import solver
from sets import SET_NAMES, load_positions


def main(names: list[str]) -> None:
    engine = solver.Solver()
    print("| set | nodes, sum | nodes, median |")
    print("|---|---:|---:|")
    for name in names or SET_NAMES:
        nodes = []
        for position in load_positions(name):
            engine.clear()
            engine.tricks(position)
            nodes.append(engine.stats["nodes"])
        print(f"| {name} | {sum(nodes):,} | {statistics.median(nodes):,.0f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
