"""Stopping when settled against the fixed count: over hands of `data/bench/bid_contracts.jsonl`,
each analysis (declare, the seat whist decision, the seat lead) run with the default settings
and with exactly 1,000 layouts (`fixed=True`), in one process, timed, the answers compared;
and the sampled counts (`layout_odds` with the game's level as target on bid_contracts, and
without a target, its distribution; `misere_odds` on bid_misere, `tenner_odds` on bid_tenners: the declarer's twelve cards, 1,000
layouts asked) the same way.

    python benches/settle_speed.py [HANDS] [KIND ...]   (from the repository root, the package
                                                         on the path; KIND: declare, whist,
                                                         lead, odds, distribution,
                                                         misere-odds, tenner-odds)

prints a Markdown table (benches/RESULTS.md, "Stopping when settled"). The pricing tables of
each declarer are made before the timing (once per process; both runs would share them).
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pyanalysis as pa
from pyanalysis.analysis.declare import declare_options
from pyanalysis.analysis.layouts import layout_odds
from pyanalysis.analysis.misere import misere_odds
from pyanalysis.analysis.tenner import tenner_odds
from pyanalysis.analysis.leads import lead_decision
from pyanalysis.analysis.whist import whist_decision
from pyanalysis.seat import Seat

ROOT = Path(__file__).resolve().parents[1]


def hands(count: int, name: str = "bid_contracts") -> list[dict[str, Any]]:
    """The first `count` questions of a bid set (default: the contracts): the declarer's twelve
    cards (his hand and the discard, taken as the talon), the game, the first defender's ten."""
    out = []
    for line in (ROOT / f"data/bench/{name}.jsonl").read_text().splitlines()[:count]:
        row = json.loads(line)
        deal = pa.Deal.parse(row["deal"])
        declarer = row["declarer"]
        talon = list(deal.discard)
        first = Seat.defenders(declarer)[0]
        out.append({"declarer": declarer, "game": row["game"], "talon": talon,
                    "twelve": deal.hands[declarer - 1] | pa.Hand.from_cards(talon),
                    "defender": first, "defender_hand": deal.hands[first - 1]})
    return out


RUNS: dict[str, Callable[[dict[str, Any], bool], Any]] = {
    "declare": lambda h, fixed: declare_options(h["twelve"], h["declarer"], fixed=fixed),
    "whist": lambda h, fixed: whist_decision(h["defender_hand"], h["game"], h["declarer"],
                                             h["defender"], talon=h["talon"], fixed=fixed),
    "lead": lambda h, fixed: lead_decision(h["defender_hand"], h["game"], h["declarer"],
                                           leader=h["defender"], talon=h["talon"],
                                           rules="sochi", fixed=fixed),
    "odds": lambda h, fixed: layout_odds(h["twelve"], h["game"], h["declarer"],
                                         target=pa.Game.parse(h["game"]).level, samples=1000,
                                         fixed=fixed),
    "distribution": lambda h, fixed: layout_odds(h["twelve"], h["game"], h["declarer"],
                                                 samples=1000, fixed=fixed),
    "misere-odds": lambda h, fixed: misere_odds(h["twelve"], h["declarer"], samples=1000,
                                                fixed=fixed),
    "tenner-odds": lambda h, fixed: tenner_odds(h["twelve"], h["game"], h["declarer"],
                                                samples=1000, fixed=fixed).odds,
}
#: The bid set each analysis is run on.
SETS = {"misere-odds": "bid_misere", "tenner-odds": "bid_tenners"}


def best_of(result: Any) -> str:
    if hasattr(result, "discard"):  # a layout count: its best discard
        return str(result.discard)
    return str(result.best.game) if hasattr(result.best, "game") else str(result.best)


def drawn(result: Any) -> int:
    """The layouts a run stands on (a layout count's `samples`, else its JSON's)."""
    return result.samples if hasattr(result, "discard") else result.to_dict()["samples"]


def compare(kind: str, questions: list[dict[str, Any]]) -> dict[str, Any]:
    """Times and answers of one analysis, settled against fixed, hand by hand."""
    rows = []
    for h in questions:
        if kind == "declare":  # the value tables, once per declarer and process
            declare_options(h["twelve"], h["declarer"], samples=1, fixed=True)
        t0 = time.perf_counter()
        fixed = RUNS[kind](h, True)
        t1 = time.perf_counter()
        settled = RUNS[kind](h, False)
        t2 = time.perf_counter()
        rows.append({"ratio": (t2 - t1) / (t1 - t0), "fixed_s": t1 - t0, "settled_s": t2 - t1,
                     "same": best_of(fixed) == best_of(settled),
                     "samples": drawn(settled), "stopped": settled.stopped})
    ratios = [r["ratio"] for r in rows]
    return {"kind": kind, "hands": len(rows), "median_ratio": statistics.median(ratios),
            "max_ratio": max(ratios),
            "median_fixed_s": statistics.median(r["fixed_s"] for r in rows),
            "median_settled_s": statistics.median(r["settled_s"] for r in rows),
            "max_fixed_s": max(r["fixed_s"] for r in rows),
            "max_settled_s": max(r["settled_s"] for r in rows),
            "same": sum(r["same"] for r in rows),
            "median_samples": statistics.median(r["samples"] for r in rows), "rows": rows}


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    kinds = sys.argv[2:] or list(RUNS)
    print("| analysis | hands | same best | median layouts | median s fixed | median s settled"
          " | max s fixed | max s settled | median ratio | max ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind in kinds:
        r = compare(kind, hands(count, SETS.get(kind, "bid_contracts")))
        print(f"| {kind} | {r['hands']} | {r['same']} | {r['median_samples']:.0f} |"
              f" {r['median_fixed_s']:.2f} | {r['median_settled_s']:.2f} |"
              f" {r['max_fixed_s']:.2f} | {r['max_settled_s']:.2f} |"
              f" {r['median_ratio']:.2f} | {r['max_ratio']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
