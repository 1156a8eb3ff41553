"""Stopping when settled (`analysis.settle`): the rule's error rate by simulation, runs that
reach the cap equal to the fixed runs, seeded runs repeating, provisional answers."""
from __future__ import annotations

import numpy as np
import pytest

from pyanalysis.analysis import settle
from pyanalysis.analysis.declare import declare_options
from pyanalysis.analysis.leads import lead_decision
from pyanalysis.analysis.whist import whist_decision
from pyanalysis.errors import PositionError

HAND, TALON = "AKQJ.AK.AK.98", "8D 7D"  # the README's declare example
DEFENDER, DEF_TALON = "A8.K8.QJ9.AK9", "7D 8D"


def test_looks_are_fixed_in_advance() -> None:
    assert settle.looks(1000) == [100, 150, 225, 338, 507, 761, 1000]
    assert settle.looks(1000, fixed=True) == [1000]
    assert settle.looks(80) == [80]


def test_verdict_words() -> None:
    z = 3.0
    assert settle.verdict([(-5.0, 1.0), (-4.0, 1.0)], z, 0.5) == "settled"
    # -0.2 + 3 * 0.2 = 0.4 < 0.5: not beaten, but within the margin
    assert settle.verdict([(-5.0, 1.0), (-0.2, 0.2)], z, 0.5) == "practical"
    assert settle.verdict([(-5.0, 1.0), (-0.2, 0.3)], z, 0.5) is None
    assert settle.verdict([(-5.0, None)], z, 0.5) is None


def _simulate(runs: int, means: list[float], sd: float, cap: int, seed: int) -> tuple[int, int]:
    """Runs of the rule on synthetic options with known means (normal values, a shared
    layout effect so the options are correlated as on real layouts): (how many named an
    option worse than the best by more than the margin or claimed a tie settled, how many
    stopped before the cap)."""
    rng = np.random.default_rng(seed)
    truth = np.array(means)
    top = truth.max()
    wrong = early = 0
    for _ in range(runs):
        shared = rng.normal(0, sd, size=(cap, 1))
        values = truth + shared + rng.normal(0, sd, size=(cap, len(means)))

        def evaluate(n: int, values: np.ndarray = values) -> tuple[int, list]:
            prefix = values[:n]
            best = int(np.argmax(prefix.mean(axis=0)))
            diffs = prefix - prefix[:, [best]]
            gaps = [(float(diffs[:, j].mean()), float(diffs[:, j].std(ddof=1) / np.sqrt(n)))
                    for j in range(len(means)) if j != best]
            return best, gaps

        run = settle.run_rounds(cap, evaluate, lambda r: r[1], rivals=len(means) - 1,
                                margin=settle.MARGIN_VISTS)
        if run.stopped in ("settled", "practical"):
            early += 1
            named = truth[run.result[0]]
            # A settled claim says the best is ahead of every rival: wrong where one ties it.
            tied = np.sum(truth >= named) > 1
            if named < top - settle.MARGIN_VISTS or (run.stopped == "settled" and tied):
                wrong += 1
    return wrong, early


def test_error_rate_by_simulation() -> None:
    # Two options tie for the best, one is a little behind, one is far behind; values spread
    # as vists do (a few vists a layout).
    runs = 400
    wrong, early = _simulate(runs, [0.0, 0.0, -0.6, -3.0], sd=3.0, cap=1000, seed=7)
    assert early > runs // 2  # the rule does stop early (mostly "practical": a tie)
    assert wrong <= settle.ALPHA * runs + 4  # at most 1%, with room for the draw's noise


def test_simulation_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same simulation with an uncorrected one-sided 5% bound at every look: the check
    # above would catch it.
    monkeypatch.setattr(settle, "z_bound", lambda count, rivals, alpha=0.01: 1.645)
    wrong, _ = _simulate(200, [0.0, 0.0, -0.6, -3.0], sd=3.0, cap=1000, seed=7)
    assert wrong > settle.ALPHA * 200 + 4


def _never_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settle, "verdict", lambda diffs, z, margin: None)


def _same(a: dict, b: dict) -> bool:
    return {**a, "stopped": None} == {**b, "stopped": None}


def test_declare_cap_equals_fixed(monkeypatch: pytest.MonkeyPatch) -> None:
    fixed = declare_options(HAND, 2, talon=TALON, samples=300, fixed=True)
    _never_stop(monkeypatch)
    rounds = declare_options(HAND, 2, talon=TALON, samples=300)
    assert (fixed.stopped, rounds.stopped) == ("fixed", "cap")
    assert _same(fixed.to_dict(), rounds.to_dict())


def test_whist_and_lead_cap_equal_fixed(monkeypatch: pytest.MonkeyPatch) -> None:
    whist = whist_decision(DEFENDER, "6S", 1, 2, talon=DEF_TALON, samples=400, fixed=True)
    lead = lead_decision(DEFENDER, "6S", 3, leader=1, talon=DEF_TALON, samples=400,
                         fixed=True, rules="sochi")
    _never_stop(monkeypatch)
    whist_rounds = whist_decision(DEFENDER, "6S", 1, 2, talon=DEF_TALON, samples=400)
    lead_rounds = lead_decision(DEFENDER, "6S", 3, leader=1, talon=DEF_TALON, samples=400,
                                rules="sochi")
    assert whist_rounds.stopped == lead_rounds.stopped == "cap"
    assert _same(whist.to_dict(), whist_rounds.to_dict())
    assert _same(lead.to_dict(), lead_rounds.to_dict())


def test_stops_early_agrees_and_repeats() -> None:
    fixed = whist_decision(DEFENDER, "6S", 1, 2, talon=DEF_TALON, fixed=True)
    first = whist_decision(DEFENDER, "6S", 1, 2, talon=DEF_TALON)
    again = whist_decision(DEFENDER, "6S", 1, 2, talon=DEF_TALON)
    assert first.to_dict() == again.to_dict()
    assert first.stopped in ("settled", "practical")
    assert first.to_dict()["samples"] == first.kept < fixed.kept == 1000
    assert first.drawn < fixed.drawn
    assert first.best == fixed.best


def test_provisional_answers_reach_a_hook_that_takes_them() -> None:
    seen: list[dict] = []
    plain: list[int] = []

    def hook(k: int, provisional: dict | None = None) -> None:
        if provisional is not None:
            seen.append(provisional)

    result = declare_options(HAND, 2, talon=TALON, samples=1000, progress=hook)
    declare_options(HAND, 2, talon=TALON, samples=300, progress=plain.append)
    assert seen and all(p["provisional"] is True for p in seen)
    assert [p["samples"] for p in seen] == [settle.PREVIEW, *settle.looks(1000)][:len(seen)]
    assert set(seen[0]) == set(result.to_dict()) | {"provisional"}
    assert all(isinstance(k, int) for k in plain)  # a plain hook is never given them


@pytest.mark.parametrize("call", [
    lambda: declare_options(HAND, 2, talon=TALON, samples=100, fixed="yes"),
    lambda: whist_decision(DEFENDER, "6S", 1, 2, talon=DEF_TALON, fixed=1),
    lambda: lead_decision(DEFENDER, "6S", 3, leader=1, talon=DEF_TALON, fixed=None)])
def test_bad_fixed_is_refused_by_name(call) -> None:
    with pytest.raises(PositionError, match="^fixed "):
        call()


def test_stop_words() -> None:
    assert settle.stop_words("settled", 300) == "settled after 300 layouts"
    assert settle.stop_words("cap", 1000, ["8♠", "8♦"]) == "cap reached: 8♠ and 8♦ within noise"
    # A practical stop says no rival is more than the margin better, not that the options are
    # within the margin of each other (the best may lead by far more).
    assert settle.stop_words("practical", 150) == (
        "stopped after 150 layouts: no other is better by more than the practical margin")
    assert settle.stop_words("practical", 400, ["8♠", "8♦", "8♣"]) == (
        "stopped after 400 layouts: no other is better by more than the practical margin"
        " (8♦ and 8♣ not told apart from 8♠)")
    # The cap is said of a run that stopped before it, and only then.
    assert settle.stop_words("settled", 300, cap=1000) == (
        "settled after 300 of at most 1,000 layouts")
    assert settle.stop_words("provisional", 25, cap=1000) == (
        "provisional: 25 of at most 1,000 layouts so far")
    assert settle.stop_words("cap", 1000, cap=1000) == "cap reached (1,000 layouts)"
    assert settle.stop_words("settled", 1000, cap=1000) == "settled after 1,000 layouts"


def test_a_web_job_shows_its_provisional_answer_and_keeps_it_on_cancel() -> None:
    from pyanalysis.web.jobs import CANCELLED, JobPool, RUNNING

    pool = JobPool(workers=1)
    seen: list[dict] = []

    def work(job):
        def hook(k: int, provisional: dict | None = None, result: object = None) -> None:
            if provisional is not None:
                job.provisional = {"result": provisional, "html": "<p>so far</p>"}
                seen.append(job.to_dict())
                pool.cancel(job.id)  # the user cancels once an answer shows
            job.progress(k)
        return {"result": declare_options(HAND, 2, talon=TALON, progress=hook).to_dict()}

    try:
        job = pool.wait(pool.start("declare", work).id, timeout=300)
        assert seen and seen[0]["state"] == RUNNING
        assert seen[0]["provisional"]["result"]["provisional"] is True
        assert job.state == CANCELLED
        status = job.to_dict()
        assert status["provisional"]["result"]["samples"] == settle.PREVIEW
        assert "result" not in status
    finally:
        pool.shutdown()


def test_precise_is_an_interval_narrower_than_the_margin() -> None:
    assert settle.precise((0.95, 0.954)) == "precise"
    assert settle.precise((0.95, 0.955)) is None  # not narrower: as wide as the margin
    assert settle.precise((0.2, 0.8)) is None and settle.precise(None) is None
    assert settle.precise((0.2, 0.21), margin=0.02) == "precise"
    assert settle.stop_words("precise", 1142) == (
        "stopped after 1,142 layouts: the 95% interval is narrower than 0.5 percentage points")
    assert settle.stop_words("precise", 800, shares=True) == (
        "stopped after 800 layouts: every share's 95% interval is narrower than 0.5"
        " percentage points")


def test_a_run_with_its_own_stop_rule_looks_with_it() -> None:
    # `decide` replaces the rule on the rivals: here it stops at the third look.
    asked: list[int] = []

    def decide(n: int) -> str | None:
        asked.append(n)
        return "precise" if n >= 225 else None

    run = settle.run_rounds(1000, lambda n: n, lambda r: [], rivals=0, decide=decide)
    assert (run.result, run.samples, run.stopped) == (225, 225, "precise")
    assert asked == [100, 150, 225]
    fixed = settle.run_rounds(1000, lambda n: n, lambda r: [], rivals=0, decide=decide,
                              fixed=True)
    assert (fixed.samples, fixed.stopped) == (1000, "fixed")
