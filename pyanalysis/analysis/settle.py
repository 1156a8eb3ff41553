"""Sampled analyses that stop when their decision is settled, and report it growing.

A sampled analysis compares options (games, words, leads) on the same layouts. Its full
sample is fixed first (the seeded draw of `cap` layouts, in order); it is then taken in rounds,
a prefix at a time, and after each round the analysis says how every other option compares
with the provisional best: the mean of the paired difference (option minus best, never above
0) and its standard error. `run_rounds` stops at the first look where

- "settled": the best is ahead of every other option by more than `z` standard errors of
  their paired difference, or
- "practical": every option not so beaten is at most `margin` better than the best, with
  the same confidence (0.5 vists for values, 0.5 percentage points for shares), or
- "cap": the whole sample was taken (the answer is then the fixed run's, exactly), or
- "fixed": the caller asked for exactly that many layouts (no looks before the end).

The rule (`z_bound`): the looks are made at fixed sample sizes known before the run
(`looks`: 100 layouts, then half as many again each time, then the cap), so the number of
looks K is known in advance. At each look and for each of the m rivals two one-sided claims
may be made ("the best is better", "the rival is at most `margin` better"); a wrong claim of
either kind is the only way the rule names an option worse than another (by more than the
margin). Each claim is made at the normal bound z with one-sided level
alpha / (2 K m), so by the union (Bonferroni) bound the chance of any wrong claim over all
looks and rivals is at most alpha = 1%. This is the simplest of the group-sequential
boundaries (Bonferroni over looks is more conservative than the Pocock and O'Brien-Fleming
boundaries, see Jennison & Turnbull, "Group Sequential Methods with Applications to Clinical
Trials", 2000, ch. 2; and Maron & Moore's Hoeffding races, 1994, for racing options on
shared samples). The normal bound stands on the central limit theorem for the paired mean of
a hundred or more layouts; a difference seen as zero in every layout drawn has a standard
error of zero and counts as within the margin (it may differ in a rare layout not drawn).
tests/analysis/test_settle.py checks the error rate by simulation.

Each look is reported as it is made: `provisional(progress, payload)` hands the analysis's
provisional answer (a dict shaped as its `to_dict()`, with "provisional": true) to a progress
hook that takes a `provisional` keyword; other hooks are not called with it.
"""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Callable, Generic, Iterable, Sequence, TypeVar

from .. import checks
from ..errors import PositionError

__all__ = ["ALPHA", "FIRST_LOOK", "GROWTH", "MARGIN_SHARE", "MARGIN_VISTS", "STOPS",
           "Rows", "looks", "provisional", "run_rounds", "stop_words", "verdict", "z_bound"]

#: The chance, over every look and rival, that the rule names a worse option.
ALPHA = 0.01
#: The first look, in layouts: the normal bound wants a hundred or so.
FIRST_LOOK = 100
#: Each look after the first is this many times the one before (then the cap).
GROWTH = 1.5
#: Differences smaller than these do not matter to a player: 0.5 vists; half a percentage
#: point of a probability.
MARGIN_VISTS = 0.5
MARGIN_SHARE = 0.005
#: Why a run stopped, as results say it.
STOPS = ("settled", "practical", "cap", "fixed")

R = TypeVar("R")


def looks(cap: int, fixed: bool = False) -> list[int]:
    """The sample sizes at which a run of at most `cap` layouts looks: `FIRST_LOOK`, then
    `GROWTH` times the last (rounded up), then `cap`; only `cap` when `fixed`."""
    if fixed or cap <= FIRST_LOOK:
        return [cap]
    out = [FIRST_LOOK]
    while math.ceil(out[-1] * GROWTH) < cap:
        out.append(math.ceil(out[-1] * GROWTH))
    return out + [cap]


def z_bound(count: int, rivals: int, alpha: float = ALPHA) -> float:
    """The normal bound of each one-sided claim: level alpha / (2 * count * rivals) (see the
    module doc)."""
    if rivals < 1:
        return 0.0
    return NormalDist().inv_cdf(1 - alpha / (2 * max(count, 1) * rivals))


def verdict(diffs: Iterable[tuple[float, float | None]], z: float,
            margin: float) -> str | None:
    """"settled", "practical" or None (go on), from each rival's paired difference to the
    best (mean, never above 0, and its standard error; None: not known, go on)."""
    beaten = True
    for mean, se in diffs:
        if se is None or math.isnan(se):
            return None
        if mean + z * se < 0:
            continue
        beaten = False
        if mean + z * se >= margin:
            return None
    return "settled" if beaten else "practical"


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def stop_words(stopped: str, samples: int, close: Sequence[str] = ()) -> str:
    """How a run stopped, in words: "settled after 300 layouts", "cap reached: 8♠ and 8♦
    within noise" (`close`: the options not told apart from the best, the best first)."""
    if stopped == "settled":
        return f"settled after {samples:,} layouts"
    if stopped == "practical":
        return (f"stopped after {samples:,} layouts: the rest are within the practical margin"
                + (f" ({_joined(close)})" if len(close) > 1 else ""))
    if stopped == "fixed":
        return f"{samples:,} layouts, as asked"
    if len(close) > 1:
        return f"cap reached: {_joined(close)} within noise"
    return f"cap reached ({samples:,} layouts)"


def provisional(progress: Callable[..., Any] | None, payload: dict[str, Any]) -> None:
    """Hand `payload` (marked provisional) to `progress` if it takes a `provisional` keyword."""
    if progress is None or not _takes_provisional(progress):
        return
    progress(0, provisional=dict(payload, provisional=True))


def _takes_provisional(progress: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(progress).parameters
    except (TypeError, ValueError):  # a builtin without a signature: the plain hook
        return False
    return "provisional" in parameters or any(
        p.kind == inspect.Parameter.VAR_KEYWORD for p in parameters.values())


@dataclass(frozen=True)
class Rounds(Generic[R]):
    """What `run_rounds` returns: the `result` of the last look, the layouts it took
    (`samples`) and why it stopped (`stopped`, one of `STOPS`)."""

    result: R
    samples: int
    stopped: str
    z: float

    def close(self, diffs: Iterable[tuple[Any, float, float | None]]) -> list[Any]:
        """The rivals not told apart from the best at this run's bound, from (name, mean
        difference, standard error) triples."""
        return [name for name, mean, se in diffs
                if se is None or mean + self.z * se >= 0]


def run_rounds(cap: int, evaluate: Callable[[int], R],
               diffs: Callable[[R], Sequence[tuple[float, float | None]]], *,
               fixed: bool = False, margin: float = MARGIN_VISTS,
               progress: Callable[..., Any] | None = None,
               payload: Callable[[R, int], dict[str, Any]] | None = None,
               rivals: int | None = None) -> Rounds[R]:
    """Take the first `cap` layouts in rounds until the decision is settled.

    evaluate(n): the analysis on the first n layouts (it keeps what it counted for the
              layouts before: no round counts a layout again).
    diffs(result): each rival's paired difference to the best (mean, standard error).
    payload(result, n): the provisional answer after a look that does not stop (a dict as
              the result's `to_dict()`), handed to `progress` (see `provisional`).
    rivals:   how many rivals the looks compare (default: as many as the first look
              reports); the bound is spread over them.
    The last look's result is returned; a run that reaches the cap is the fixed run."""
    checks.whole("cap", cap, low=1)
    checks.callback("progress", progress)
    sizes = looks(cap, fixed)
    z: float | None = None
    for n in sizes:
        result = evaluate(n)
        if n == sizes[-1]:
            if z is None:  # one look: the bound still says which rivals are close
                z = z_bound(1, rivals if rivals is not None else len(list(diffs(result))))
            return Rounds(result, n, "fixed" if fixed else "cap", z)
        gaps = list(diffs(result))
        if z is None:
            z = z_bound(len(sizes) - 1, rivals if rivals is not None else len(gaps))
        stopped = verdict(gaps, z, margin)
        if stopped is not None:
            return Rounds(result, n, stopped, z)
        if payload is not None:
            provisional(progress, payload(result, n))
    raise AssertionError("unreachable: the last look returns")


class Rows:
    """What a run counted per layout, kept from one round to the next: `take(name, items,
    count)` counts only the items past those counted before (the items of one name only grow
    at their end, as the rounds take longer prefixes of one sample)."""

    def __init__(self) -> None:
        self._done: dict[Any, list[Any]] = {}

    def take(self, name: Any, items: Sequence[Any],
             count: Callable[[Sequence[Any]], Iterable[Any]]) -> list[Any]:
        """The counts of every item of `items`, `count` called on the new ones only."""
        done = self._done.setdefault(name, [])
        if len(items) > len(done):
            done.extend(count(items[len(done):]))
        if len(done) < len(items):
            raise AssertionError(f"{name}: counted {len(done)} of {len(items)}")
        return done[:len(items)]


def check_fixed(fixed: Any, samples: Any) -> bool:
    """`fixed` checked: True or False; with samples='all' it changes nothing."""
    if not isinstance(fixed, bool):
        raise PositionError(f"fixed {checks.shown(fixed)}: True (exactly `samples` layouts) or"
                            f" False (stop when settled)")
    return fixed or samples == "all"
