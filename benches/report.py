"""Turn a pytest-benchmark JSON file from benches/ into the README's performance table.

    python benches/report.py benches/baseline.json
"""
from __future__ import annotations

import json
import sys


def main(path: str) -> None:
    data = json.load(open(path))
    machine = data.get("machine_info", {})
    print(f"Machine: {machine.get('cpu', {}).get('brand_raw', '?')}, "
          f"Python {machine.get('python_version', '?')}, one thread.\n")
    print("| set | mode | median ms | p90 ms | p99 ms | max ms | nodes (median) | Mnodes/s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for bench in data["benchmarks"]:
        params, stats, extra = bench["params"], bench["stats"], bench["extra_info"]
        print(f"| {params['name']} | {params['mode']} | {1e3 * stats['median']:.3f} | "
              f"{extra['p90_ms']:.3f} | {extra['p99_ms']:.3f} | {1e3 * stats['max']:.3f} | "
              f"{extra['nodes_median']:.0f} | {extra['nodes_per_second'] / 1e6:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "benches/baseline.json")
