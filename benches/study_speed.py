"""A study's speed: random contract deals, each answered with its full double-dummy table
(every game and declarer: 15 contracts, 3 misères, 3 raspasy counts), by `prefdd batch` on two
local worker processes and on a Dask cluster of two local worker processes; the answers of the
two backends must be the same, byte for byte.

    python benches/study_speed.py --count 100000 --seed 1
    python benches/study_speed.py --count 10000 --seed 1 --runs 2
    python benches/study_speed.py --tenners 10000 --seed 1

Prints, per backend and run, the wall time and the tables per second, and the CPU time the
workers spent (their own processes' user and system time, read from the operating system)
with the tables per CPU second: the rate of one core, which does not depend on how busy the
machine is, where the wall time does; then the Dask rates as a share of the local processes'.
The
deals are `prefdd deals --count N --seed S` (table jobs); a Dask cluster's scheduler and its
workers are started here (`distributed.LocalCluster`, processes, one thread a worker) before
the clock starts, as a cluster would be running already.

`--tenners N` times instead the worked study of docs/study.md, its three commands one after the
other (`prefdd deals`, `prefdd batch --jobs 2`, `prefdd stats`), and prints the counts.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyanalysis.analysis.study import deal_jobs, random_deals
from pyanalysis.batch import run_batch

WORKERS = 2


def write_deals(path: Path, count: int, seed: int) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for job in deal_jobs(random_deals(count, seed), "table"):
            out.write(json.dumps(job) + "\n")


def cpu_seconds() -> float:
    """This process's CPU time, all its threads, user and system."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def children_cpu_seconds() -> float:
    """The CPU time of this process's children that have ended (a process pool's workers)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(inp: Path, out: Path, client: object = None, **backend: object
          ) -> tuple[float, float]:
    """(wall seconds, the workers' CPU seconds) of one run."""
    before = (sum(client.run(cpu_seconds).values()) if client is not None  # type: ignore[attr-defined]
              else children_cpu_seconds())
    start = time.perf_counter()
    summary = run_batch(inp, out, jobs=WORKERS, progress=False, **backend)
    seconds = time.perf_counter() - start
    after = (sum(client.run(cpu_seconds).values()) if client is not None  # type: ignore[attr-defined]
             else children_cpu_seconds())
    assert summary.error_lines == [], summary.error_lines[:5]
    return seconds, after - before


def tenner_study(count: int, seed: int) -> None:
    """docs/study.md's commands with `count` deals, each timed, in a fresh directory."""
    prefdd = [sys.executable, "-m", "pyanalysis.cli"]
    steps = [
        ["deals", "--count", str(count), "--seed", str(seed), "--kind", "tenner", "--game",
         "10S", "--declarer", "1", "--filter", "dd", "-o", "tenners.jsonl"],
        ["batch", "tenners.jsonl", "-o", "checked.jsonl", "--jobs", str(WORKERS)],
        ["stats", "checked.jsonl", "--by", "trumps"],
        ["stats", "checked.jsonl", "--by", "shape"],
    ]
    with tempfile.TemporaryDirectory() as where:
        for step in steps:
            load = os.getloadavg()[0]
            start = time.perf_counter()
            done = subprocess.run(prefdd + step, cwd=where, capture_output=True, text=True,
                                  check=True)
            seconds = time.perf_counter() - start
            print(f"$ prefdd {shlex.join(step)}")
            print(done.stdout, end="")
            print(f"({seconds:.1f} s; load average {load:.2f} before,"
                  f" {os.getloadavg()[0]:.2f} after)\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1, help="alternating runs of each backend")
    parser.add_argument("--tenners", type=int, default=None, metavar="N",
                        help="time docs/study.md's worked study with N deals instead")
    args = parser.parse_args()
    if args.tenners is not None:
        tenner_study(args.tenners, args.seed)
        return
    from distributed import Client, LocalCluster

    with tempfile.TemporaryDirectory() as where:
        inp = Path(where) / "deals.jsonl"
        write_deals(inp, args.count, args.seed)
        print(f"{args.count:,} random deals (seed {args.seed}), a full table each;"
              f" {WORKERS} workers; load average before: {os.getloadavg()[0]:.2f}")
        with LocalCluster(n_workers=WORKERS, threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=":0") as cluster, \
                Client(cluster.scheduler_address) as client:
            walls: dict[str, list[float]] = {"processes": [], "dask": []}
            cpus: dict[str, list[float]] = {"processes": [], "dask": []}
            for run in range(args.runs):
                for backend, options in (("processes", {}),
                                         ("dask", {"backend": "dask", "client": client,
                                                   "scheduler": cluster.scheduler_address})):
                    out = Path(where) / f"{backend}.jsonl"
                    seconds, cpu = timed(inp, out, **options)
                    walls[backend].append(args.count / seconds)
                    cpus[backend].append(args.count / cpu)
                    print(f"run {run + 1} {backend:9}: {seconds:7.1f} s wall"
                          f" {args.count / seconds:7.1f} tables/s;"
                          f" workers {cpu:7.1f} CPU s {args.count / cpu:7.1f} tables per CPU s"
                          f"  (load {os.getloadavg()[0]:.2f})")
                same = ((Path(where) / "processes.jsonl").read_bytes()
                        == (Path(where) / "dask.jsonl").read_bytes())
                assert same, "the two backends' answers differ"
        for name, rates in (("wall", walls), ("CPU", cpus)):
            best = {backend: max(values) for backend, values in rates.items()}
            print(f"{name}: Dask at {best['dask'] / best['processes']:.0%} of the local"
                  f" processes' rate (best runs)")
        print("answers identical on both backends")


if __name__ == "__main__":
    main()
