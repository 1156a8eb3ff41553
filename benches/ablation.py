"""What each search technique buys: nodes and time with every technique, and with one off.

    python benches/ablation.py [DEALS_PER_SET] [SET ...]
    python benches/ablation.py 30 bid_contracts bid_misere bid_tenners   # the bid sets

Runs the first DEALS_PER_SET (default 30) deals of several fixed sets in data/bench/ (default:
trump, notrump, misere, raspasy_suit; any of sets.SET_NAMES by name) with a
fresh table per deal and prints a markdown table for solver/ALGORITHM.md. Times are wall
clock on this machine (run it on a quiet machine); node counts are exact and repeatable.
"""
from __future__ import annotations

import sys
import time

import solver
from sets import load_positions

SETS = ("trump", "notrump", "misere", "raspasy_suit")


def measure(positions, features: int) -> tuple[int, float]:
    engine = solver.Solver(features=features)
    nodes, seconds = 0, 0.0
    for pos in positions:
        engine.clear()
        start = time.perf_counter()
        engine.tricks(pos)
        seconds += time.perf_counter() - start
        nodes += engine.stats["nodes"]
    return nodes, seconds


def main(count: int, names: tuple[str, ...] = SETS) -> None:
    variants = [("all techniques", solver.ALL_FEATURES)] + [
        (f"without {name.replace('_', ' ')}", solver.ALL_FEATURES & ~bit)
        for name, bit in solver.FEATURES.items()]
    header = " | ".join(f"{name} nodes | {name} ms" for name in names)
    print(f"Mean per deal over the first {count} deals of each set.\n")
    print(f"| variant | {header} |")
    print("|---|" + "---:|" * (2 * len(names)))
    sets = {name: load_positions(name)[:count] for name in names}
    for label, features in variants:
        cells = []
        for name in names:
            nodes, seconds = measure(sets[name], features)
            cells.append(f"{nodes / count:,.0f} | {1e3 * seconds / count:.2f}")
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30, tuple(sys.argv[2:]) or SETS)
