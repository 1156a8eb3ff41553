"""Turn pytest-benchmark JSON files from benches/ into the README's table, or compare two runs.

    python benches/report.py benches/baseline.json            # the README table
    python benches/report.py NEW.json benches/baseline.json   # NEW against the baseline
"""
from __future__ import annotations

import json
import sys


def load(path: str) -> dict[tuple[str, str], dict]:
    """Benchmarks of one run by (set, mode), with their stats and extra info."""
    data = json.load(open(path))
    return {(b["params"]["name"], b["params"]["mode"]): b for b in data["benchmarks"]}


def table(path: str) -> None:
    machine = json.load(open(path)).get("machine_info", {})
    print(f"Machine: {machine.get('cpu', {}).get('brand_raw', '?')}, "
          f"Python {machine.get('python_version', '?')}, one thread.\n")
    print("| set | mode | median ms | p90 ms | p99 ms | max ms | nodes (median) | Mnodes/s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for (name, mode), bench in load(path).items():
        stats, extra = bench["stats"], bench["extra_info"]
        print(f"| {name} | {mode} | {1e3 * stats['median']:.3f} | "
              f"{extra['p90_ms']:.3f} | {extra['p99_ms']:.3f} | {1e3 * stats['max']:.3f} | "
              f"{extra['nodes_median']:.0f} | {extra['nodes_per_second'] / 1e6:.1f} |")


def compare(new_path: str, old_path: str) -> None:
    """Median time and nodes of each benchmark, new against old (ratios above 1 are slower)."""
    new, old = load(new_path), load(old_path)
    print("| set | mode | median ms old → new | ratio | nodes old → new |")
    print("|---|---|---:|---:|---:|")
    for key in new:
        if key not in old:
            continue
        a, b = old[key], new[key]
        ta, tb = 1e3 * a["stats"]["median"], 1e3 * b["stats"]["median"]
        print(f"| {key[0]} | {key[1]} | {ta:.3f} → {tb:.3f} | {tb / ta:.2f} | "
              f"{a['extra_info']['nodes_median']:.0f} → {b['extra_info']['nodes_median']:.0f} |")


if __name__ == "__main__":
    args = sys.argv[1:] or ["benches/baseline.json"]
    if len(args) == 2:
        compare(*args)
    else:
        table(args[0])
