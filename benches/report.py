"""Turn pytest-benchmark JSON files from benches/ into the tables of benches/RESULTS.md, or
compare two runs.

    python benches/report.py benches/baseline.json            # the table of benches/RESULTS.md
    python benches/report.py NEW.json benches/baseline.json   # NEW against the baseline
    python benches/report.py benches/layouts_baseline.json    # the layout questions' table
    python benches/report.py --hands benches/layouts_baseline.json   # ... and every hand
    python benches/report.py /tmp/many.json                   # many positions at once
    python benches/report.py /tmp/wrapper.json                # pa.solve's cost around the engine

The engine benchmarks (benches/test_engine_speed.py) print as one row per deal set and mode.
The layout benchmarks (benches/test_layouts_speed.py; they carry a `question`) print as one
row per question: median and max seconds per hand (per deal for the open-card check) and
layouts solved per second per core; "guaranteed?" is also split by its answer. A file with
both (`pytest benches`) prints both tables. `--hands` adds one row per hand, slowest first.
"""
from __future__ import annotations

import json
import statistics
import sys


def benchmarks(path: str) -> tuple[dict, list[dict], list[dict]]:
    """(machine info, engine benchmarks, layout benchmarks) of one run."""
    data = json.load(open(path))
    engine = [b for b in data["benchmarks"] if "nodes_median" in b["extra_info"]]
    layouts = [b for b in data["benchmarks"] if "question" in b["extra_info"]]
    return data.get("machine_info", {}), engine, layouts


def many_table(path: str) -> None:
    """The many-positions entry point (benches/test_many_speed.py): positions per second."""
    data = json.load(open(path))
    rows = [b["extra_info"] for b in data["benchmarks"] if "many" in b["extra_info"]]
    if not rows:
        return
    by = {(r["set"], r["answer"], r.get("tables", "fresh"), r["threads"]): r["per_second"]
          for r in rows}
    print("| set | answer | tables | 1 thread /s | 2 threads /s | scaling |")
    print("|---|---|---|---:|---:|---:|")
    for (name, answer, tables, threads), rate in by.items():
        if threads == 1 and (name, answer, tables, 2) in by:
            two = by[(name, answer, tables, 2)]
            print(f"| {name} | {answer} | {tables} | {rate:,.0f} | {two:,.0f} | {two / rate:.2f}× |")


def load(path: str) -> dict[tuple[str, str], dict]:
    """Engine benchmarks of one run by (set, mode), with their stats and extra info."""
    return {(b["params"]["name"], b["params"]["mode"]): b for b in benchmarks(path)[1]}


def table(path: str, hands: bool = False) -> None:
    many_table(path)
    for bench in json.load(open(path))["benchmarks"]:
        if "wrapper_us" in bench["extra_info"]:
            print(f"pa.solve's own cost around Solver.full: {bench['extra_info']['wrapper_us']:.1f}"
                  f" µs (median over {bench['extra_info']['positions']} positions)\n")
    machine, engine, layouts = benchmarks(path)
    if engine:
        engine_table(path, machine)
    if layouts:
        if engine:
            print()
        layouts_table(machine, layouts, hands)


def engine_table(path: str, machine: dict) -> None:
    print(f"Machine: {machine.get('cpu', {}).get('brand_raw', '?')}, "
          f"Python {machine.get('python_version', '?')}, engine build "
          f"{machine.get('prefdd_engine_build', '?')}, one thread.\n")
    print("| set | mode | median ms | p90 ms | p99 ms | max ms | nodes (median) | Mnodes/s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for (name, mode), bench in load(path).items():
        stats, extra = bench["stats"], bench["extra_info"]
        print(f"| {name} | {mode} | {1e3 * stats['median']:.3f} | "
              f"{extra['p90_ms']:.3f} | {extra['p99_ms']:.3f} | {1e3 * stats['max']:.3f} | "
              f"{extra['nodes_median']:.0f} | {extra['nodes_per_second'] / 1e6:.1f} |")


def layouts_table(machine: dict, layouts: list[dict], hands: bool = False) -> None:
    """The layout questions: one row per question (and per answer of "guaranteed?")."""
    cpu = machine.get("cpu", {})
    print(f"Machine: {cpu.get('brand_raw', '?')}, {cpu.get('count', '?')} cores, "
          f"Python {machine.get('python_version', '?')}.\n")
    print("| question | rounds | threads | median s | max s | layouts/s per core |")
    print("|---|---:|---:|---:|---:|---:|")
    for bench in layouts:
        extra, stats = bench["extra_info"], bench["stats"]
        # Questions that do not count layouts (the misère catch) have no rate.
        rows = [(extra["question"], extra["rounds"], stats["median"], stats["max"],
                 extra.get("layouts_per_core_second"))]
        by_answer: dict[str, list[dict]] = {}
        for hand in extra.get("hands", []):
            if "answer" in hand:
                by_answer.setdefault(hand["answer"], []).append(hand)
        for answer, group in sorted(by_answer.items(), reverse=True):
            seconds = [h["seconds"] for h in group]
            rate = sum(h["layouts"] for h in group) / sum(seconds) / extra["threads"]
            rows.append((f"{extra['question']}, answer {answer}", len(group),
                         statistics.median(seconds), max(seconds), rate))
        for question, rounds, median, most, rate in rows:
            shown = "—" if rate is None else f"{rate:,.0f}"
            print(f"| {question} | {rounds} | {extra['threads']} | {_seconds(median)} | "
                  f"{_seconds(most)} | {shown} |")
    if hands:
        hand_rows(layouts)


def _seconds(seconds: float) -> str:
    """Seconds to three significant figures, small times in plain decimals."""
    return f"{seconds:.3g}" if seconds >= 0.001 else f"{seconds:.6f}"


def hand_rows(layouts: list[dict]) -> None:
    """Every hand of every layout question, slowest first within a question (for the
    open-card check, its five slowest deals)."""
    print("\n| question | hand | game | declarer | discard | s | answer |")
    print("|---|---|---|---:|---|---:|---|")
    for bench in layouts:
        extra = bench["extra_info"]
        for hand in sorted(extra.get("hands", []), key=lambda h: -h["seconds"]):
            if "answer" in hand:
                answer = (f"{hand['answer']}: {hand['probability']:.4f} with "
                          f"{' '.join(hand['best'])} ({hand['cut']} of {hand['discards']} "
                          f"discards cut)")
            elif "probability" in hand:
                answer = f"{hand['probability']:.4f}"
            else:
                answer = f"mean {hand['mean']:.3f}"
            print(f"| {extra['question']} | {hand['hand']} | {hand['game']} | "
                  f"{hand['declarer']} | {' '.join(hand['discard'])} | {hand['seconds']:.3f} | "
                  f"{answer} |")
        for deal in extra.get("slowest", []):
            print(f"| {extra['question']} | {deal['deal']} | {deal['game']} | "
                  f"{deal['declarer']} | | {deal['seconds']:.4f} | "
                  f"{'made' if deal['made'] else 'set'} |")


def compare(new_path: str, old_path: str) -> None:
    """Median time (and nodes) of each benchmark, new against old (ratios above 1 are slower)."""
    new, old = load(new_path), load(old_path)
    if new:
        print("| set | mode | median ms old → new | ratio | nodes old → new |")
        print("|---|---|---:|---:|---:|")
    for key in new:
        if key not in old:
            continue
        a, b = old[key], new[key]
        ta, tb = 1e3 * a["stats"]["median"], 1e3 * b["stats"]["median"]
        print(f"| {key[0]} | {key[1]} | {ta:.3f} → {tb:.3f} | {tb / ta:.2f} | "
              f"{a['extra_info']['nodes_median']:.0f} → {b['extra_info']['nodes_median']:.0f} |")
    new_q = {b["extra_info"]["question"]: b for b in benchmarks(new_path)[2]}
    old_q = {b["extra_info"]["question"]: b for b in benchmarks(old_path)[2]}
    shared = [q for q in new_q if q in old_q]
    if shared:
        print("\n| question | median s old → new | max s old → new | ratio (median) |")
        print("|---|---:|---:|---:|")
    for q in shared:
        a, b = old_q[q]["stats"], new_q[q]["stats"]
        print(f"| {q} | {_seconds(a['median'])} → {_seconds(b['median'])} | "
              f"{_seconds(a['max'])} → {_seconds(b['max'])} | {b['median'] / a['median']:.2f} |")


if __name__ == "__main__":
    args = sys.argv[1:] or ["benches/baseline.json"]
    show_hands = "--hands" in args
    args = [a for a in args if a != "--hands"]
    if len(args) == 2:
        compare(*args)
    else:
        table(args[0], hands=show_hands)
