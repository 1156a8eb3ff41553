"""Trick counts a second from a new process: the first `solver.tricks_many` call of a process,
whose engines' table memory is touched for the first time during the run (the pytest
benchmark's "fresh" rounds run in one long process, where freed tables are often reused).

    python benches/fresh_process.py [RUNS] [TT_MB ...]

For each set, table size and thread count, RUNS new processes each time one call on the
set's 200 deals; prints the range of counts a second. Without TT_MB: the entry point's
default table and 16 MB.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CHILD = """
import sys, time
sys.path.insert(0, {benches!r})
import solver
from sets import load_positions
positions = load_positions({name!r})
solver.tricks_many(positions[:1], threads=1, tt_mb=1)  # the endings tables, loaded once
start = time.perf_counter()
solver.tricks_many(positions, threads={threads}, tt_mb={tt_mb})
print(len(positions) / (time.perf_counter() - start))
"""


def per_second(name: str, threads: int, tt_mb: int) -> float:
    code = CHILD.format(benches=str(Path(__file__).parent), name=name, threads=threads,
                        tt_mb=tt_mb)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.split()[-1])


def main(runs: int, sizes: list[int]) -> None:
    import solver.many

    sizes = sizes or [solver.many.UNRELATED_TT_MB, 16]
    print("| set | table MB | 1 thread /s | 2 threads /s |")
    print("|---|---:|---:|---:|")
    for name in ["trump", "notrump", "misere", "raspasy_none"]:
        for tt_mb in sizes:
            cells = []
            for threads in (1, 2):
                got = sorted(per_second(name, threads, tt_mb) for _ in range(runs))
                cells.append(f"{got[0]:,.0f}–{got[-1]:,.0f}")
            print(f"| {name} | {tt_mb} | {cells[0]} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, [int(a) for a in sys.argv[2:]])
