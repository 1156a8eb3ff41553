"""Layout questions on the fixed hand sets: one benchmark round per hand, no timing asserts.

    pytest benches/test_layouts_speed.py --benchmark-only \
        --benchmark-json=benches/layouts_baseline.json
    python benches/report.py benches/layouts_baseline.json      # the markdown table

The hands are every hand of data/bench/tenner_hands.jsonl and misere_hands.jsonl (20 each,
see make_sets.py); the full deals of the open-card check are data/bench/tenner_deals.jsonl.
Each question over the layouts runs `layout_odds` on JOBS threads over all C(20,10) = 184,756
layouts of the 20 cards the declarer cannot see:

- tenner target odds: the ten kept cards, the discard out of play, target 10;
- misère caught odds: the ten kept cards, the discard out of play, target 1;
- tenner guaranteed?: the twelve cards, every distinct discard, target 10, `prune=True`
  (what `tenner_odds` runs);
- tenner distribution: the ten kept cards, target None (every layout's exact trick count);
- open-card tenner check: `check_tenner` and the bare bound search `Solver.at_least(pos, 10)`
  on each full deal, one thread, the table emptied before each deal (outside the timing).

Extra info per benchmark: `question` (the row's name in the report), `layouts` solved and
`layouts_per_core_second` (layouts / seconds / threads; for "guaranteed?" the layouts of every
discard's count, cut or not, and of the quick screen that orders the discards), and `hands`:
one record per round (the hand, its answer, its seconds) to see which hands are slow; for the
open-card check `p90_ms`, `made` (deals where he takes ten) and the five `slowest` deals.
"""
from __future__ import annotations

import json
import math
import time

import pytest

import solver
from pyanalysis import Card, Hand
from pyanalysis.analysis import layouts as layouts_module
from pyanalysis.analysis.layouts import layout_odds
from pyanalysis.solving import make_position
from sets import BENCH_DIR

JOBS = 2
ALL_LAYOUTS = math.comb(20, 10)


def load_hands(name: str) -> list[dict]:
    """data/bench/NAME.jsonl, one dict per hand."""
    return [json.loads(line) for line in (BENCH_DIR / f"{name}.jsonl").read_text().splitlines()]


def kept(hand: dict) -> tuple[Hand, Hand]:
    """The ten cards kept and the discard."""
    out = Hand.from_cards(Card.parse(c) for c in hand["discard"])
    return Hand(Hand.parse(hand["hand"]).mask & ~out.mask), out


def warm_up() -> None:
    """Imports, thread start-up and first allocations, outside the timing."""
    layout_odds("AKQJT.AK.AK.A", "10S", 1, out="-.-.87.-", target=10, sample=64, seed=0,
                jobs=JOBS)


def run_over_hands(benchmark, question: str, hands: list[dict], ask, count) -> None:
    """One round per hand: `ask(hand)` is timed; `count(hand, result)` gives the layouts it
    solved and the record kept for the hand."""
    warm_up()
    pending = iter(hands)
    records: list[dict] = []
    solved = [0]

    def setup():
        return (next(pending),), {}

    def run(hand):
        start = time.perf_counter()
        result = ask(hand)
        seconds = time.perf_counter() - start
        layouts, record = count(hand, result)
        solved[0] += layouts
        records.append({"hand": hand["hand"], "discard": hand["discard"], "game": hand["game"],
                        "declarer": hand["declarer"], "seconds": seconds, "layouts": layouts,
                        **record})

    benchmark.pedantic(run, setup=setup, rounds=len(hands), iterations=1)
    seconds = sum(r["seconds"] for r in records)
    benchmark.extra_info.update(
        question=question, threads=JOBS, rounds=len(records), layouts=solved[0],
        layouts_per_core_second=solved[0] / seconds / JOBS, hands=records)
    assert records  # every hand (one only under --benchmark-disable, a smoke run)


def odds_record(odds) -> dict:
    return {"made": odds.made, "probability": float(odds.probability)}


def test_tenner_target_odds(benchmark):
    """(a) Exact odds of ten tricks for the ten kept cards, the discard out."""
    def ask(hand):
        ten, out = kept(hand)
        return layout_odds(ten, hand["game"], hand["declarer"], out=out, target=10, jobs=JOBS)

    def count(hand, odds):
        assert odds.exact and odds.layouts == ALL_LAYOUTS
        return odds.layouts, odds_record(odds)

    run_over_hands(benchmark, "tenner target odds (10 cards, target 10)",
                   load_hands("tenner_hands"), ask, count)


def test_misere_caught_odds(benchmark):
    """(b) Exact odds that the misère declarer is caught, one discard (out of play)."""
    def ask(hand):
        ten, out = kept(hand)
        return layout_odds(ten, "misere", hand["declarer"], out=out, target=1, jobs=JOBS)

    def count(hand, odds):
        assert odds.exact and odds.layouts == ALL_LAYOUTS
        return odds.layouts, odds_record(odds)

    run_over_hands(benchmark, "misère caught odds (10 cards, target 1)",
                   load_hands("misere_hands"), ask, count)


def test_tenner_guaranteed(benchmark):
    """(c) "Was the tenner guaranteed?": twelve cards, every distinct discard, pruned."""
    def ask(hand):
        return layout_odds(hand["hand"], hand["game"], hand["declarer"], target=10,
                           jobs=JOBS, prune=True)

    def count(hand, odds):
        assert odds.complete
        screen = layouts_module.SCREEN_LAYOUTS * len(odds.discards)
        return sum(d.layouts for d in odds.discards) + screen, {
            "answer": "yes" if odds.failed == 0 else "no",
            "best": [str(c) for c in odds.discard], "probability": float(odds.probability),
            "discards": len(odds.discards),
            "cut": sum(not d.complete for d in odds.discards)}

    run_over_hands(benchmark, "tenner guaranteed? (12 cards, every discard, target 10)",
                   load_hands("tenner_hands"), ask, count)


def test_tenner_distribution(benchmark):
    """(d) The full distribution of the declarer's tricks, ten kept cards (no target)."""
    def ask(hand):
        ten, out = kept(hand)
        return layout_odds(ten, hand["game"], hand["declarer"], out=out, jobs=JOBS)

    def count(hand, odds):
        assert odds.exact and odds.layouts == ALL_LAYOUTS
        return odds.layouts, {"counts": {str(k): v for k, v in odds.counts.items()},
                              "mean": float(odds.mean)}

    run_over_hands(benchmark, "tenner distribution (10 cards, no target)",
                   load_hands("tenner_hands"), ask, count)


@pytest.mark.parametrize("mode", ["check_tenner", "at_least"])
def test_open_tenner_check(benchmark, mode):
    """(e) The open-card tenner check on full deals, one deal per round, a fresh table."""
    jobs = load_hands("tenner_deals")
    if mode == "check_tenner":  # the analysis: parses the deal, solves, a line, a refutation
        from pyanalysis import check_tenner

        engine = solver.default_solver()
        args = [(job["deal"], job["game"], job["declarer"]) for job in jobs]

        def ask(deal, game, declarer):
            return check_tenner(deal, game, declarer).made
    else:  # the engine alone: one bound search on a position built beforehand
        engine = solver.Solver()
        args = [(make_position(job["deal"], job["game"], declarer=job["declarer"])[0], 10)
                for job in jobs]
        ask = engine.at_least

    ask(*args[0])  # warm up
    pending = iter(args)
    answers: list[bool] = []
    data: list[float] = []  # seconds per deal, in round order

    def setup():
        engine.clear()  # each deal is timed from an empty table, outside the timing
        return next(pending), {}

    def run(*a):
        start = time.perf_counter()
        answers.append(ask(*a))
        data.append(time.perf_counter() - start)

    benchmark.pedantic(run, setup=setup, rounds=len(args), iterations=1)
    times = sorted(data)
    slowest = sorted(range(len(data)), key=lambda i: -data[i])[:5]
    benchmark.extra_info.update(
        question=f"open-card tenner check, full deal ({mode})", threads=1, rounds=len(times),
        layouts=len(times), layouts_per_core_second=len(times) / sum(times),
        p90_ms=1e3 * times[int(0.9 * len(times))], made=sum(answers),
        slowest=[{"deal": jobs[i]["deal"], "game": jobs[i]["game"],
                  "declarer": jobs[i]["declarer"], "seconds": data[i], "made": answers[i]}
                 for i in slowest])
    assert answers
