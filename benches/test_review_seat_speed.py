"""The seat-aware review of a whole played deal, on fixed inputs; no timing asserts.

    pytest benches/test_review_seat_speed.py --benchmark-only --benchmark-json=seat.json

The bench deals: the first DEALS deals of data/bench/trump.jsonl (eight-level trump
contracts) and of data/bench/notrump.jsonl, each played out along its principal line (best
play by all, the engine's line from the start), whisted by two (closed whist: every hand
hidden, the declarer's discard too, so that every card of the ten tricks has more layouts
than are weighed: the dearest case). `review(record, view="seat", samples=200, seed=0,
jobs=JOBS)`: every card with a choice weighed over at most 200 layouts drawn from its player's
seat (every one when there are fewer), every legal card solved in each, stopping at a look
once the card's verdict is settled; `fixed=True`: all 200 (the same draw). Target: 20 s a
deal on two cores.

Extra info: `question`, per deal its seconds, the cards weighed and the layouts solved.
"""
from __future__ import annotations

import json
import time

import pyanalysis as pa
import solver
from pyanalysis.solving import make_position
from sets import BENCH_DIR

JOBS = 2
SAMPLES = 200
DEALS = 5


def played(job: dict) -> pa.Record:
    """The bench deal played out along its principal line, closed whist by two whisters."""
    deal, game = pa.Deal.parse(job["deal"]), pa.Game.parse(job["game"])
    position = make_position(deal, game, declarer=job["declarer"], leader=job["leader"])[0]
    line = [pa.Card.from_index(c) for c in solver.default_solver().line(position)]
    return pa.Record(deal=deal, game=game, declarer=job["declarer"], leader=job["leader"],
                     whist=("whist", "whist"), plays=tuple(line), whisting="closed")


def records() -> list[pa.Record]:
    out = []
    for name in ("trump", "notrump"):
        lines = (BENCH_DIR / f"{name}.jsonl").read_text().splitlines()[:DEALS]
        out += [played(json.loads(line)) for line in lines]
    return out


def timed(benchmark, question: str, **options) -> list:
    """One played deal per round, reviewed with `options`; the seconds in extra info."""
    deals = records()
    pa.review(deals[0], view="seat", samples=SAMPLES, jobs=JOBS)  # warm up
    pending = iter(deals)
    seconds: list[float] = []
    results: list = []

    def run():
        record = next(pending)
        start = time.perf_counter()
        results.append(pa.review(record, view="seat", samples=SAMPLES, jobs=JOBS, **options))
        seconds.append(time.perf_counter() - start)

    benchmark.pedantic(run, rounds=len(deals), iterations=1)
    ordered = sorted(seconds)
    benchmark.extra_info.update(
        question=question, seconds=[round(s, 3) for s in seconds],
        median_s=round(ordered[len(ordered) // 2], 3), max_s=round(ordered[-1], 3))
    return results


def _weighed(benchmark, results: list) -> None:
    weighed = [[c for c in r.cards if c.seat_layouts] for r in results]
    benchmark.extra_info.update(
        cards_weighed=[len(w) for w in weighed],
        positions_solved=[sum(c.seat_layouts * len(c.seat_values) for c in w) for w in weighed],
        stopped_early=[sum(c.seat_stopped in ("settled", "practical") for c in w)
                       for w in weighed])


def test_seat_review_of_a_full_deal(benchmark):
    """Every card weighed from its player's seat, in tricks, stopping when settled."""
    _weighed(benchmark, timed(benchmark, f"review(view='seat', samples={SAMPLES}, "
                                         f"jobs={JOBS}), closed whist"))


def test_seat_review_of_a_full_deal_fixed(benchmark):
    """The same weighing all 200 layouts of each card's draw."""
    _weighed(benchmark, timed(benchmark, f"review(view='seat', samples={SAMPLES}, "
                                         f"jobs={JOBS}, fixed=True), closed whist",
                              fixed=True))


def test_seat_review_priced_in_vists(benchmark):
    """The same with rules="sochi": every legal card's mean vists too. With two whisters each
    defender's own tricks count, so each layout's principal line after each card is walked
    (the dearer way)."""
    timed(benchmark, f"review(view='seat', samples={SAMPLES}, jobs={JOBS}, rules='sochi'), "
                     f"closed whist, two whisters", rules="sochi")


def test_seat_review_priced_in_vists_fixed(benchmark):
    """Priced, all 200 layouts of each card's draw."""
    timed(benchmark, f"review(view='seat', samples={SAMPLES}, jobs={JOBS}, rules='sochi', "
                     f"fixed=True), closed whist, two whisters", rules="sochi", fixed=True)
