"""Sampled analyses that stop when their decision is settled, and report it growing.

A sampled analysis compares options (games, words, leads) on the same layouts. Its full
sample is fixed first (the seeded draw of `cap` layouts, in order); it is then taken in rounds,
a prefix at a time, and after each round the analysis says how every other option compares
with the provisional best: the mean of the paired difference (option minus best, never above
0) and its standard error. `run_rounds` stops at the first look where

- "settled": the best is ahead of every other option by more than `z` standard errors of
  their paired difference, or
- "practical": every option not so beaten is at most `margin` better than the best, with
  the same confidence (0.5 vists for values, 0.5 percentage points for shares, 0.05 of a
  trick for mean tricks), or
- "cap": the whole sample was taken (the answer is then the fixed run's, exactly), or
- "fixed": the caller asked for exactly that many layouts (no looks before the end).

An analysis with no options to compare, a single sampled probability (the layout odds of
a ten-card hand), stops instead when its estimate is precise ("precise", `precise`): its 95%
interval (the Wilson interval it reports) is narrower than the practical margin, 0.5
percentage points, at a look; a distribution (a ten-card hand's tricks) when the interval
of each of its shares is. That is a precision target, not a claim about a rival: the
interval reported is the one of the layouts taken, and the looks are the same as above.

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

Each look is reported as it is made (and, to show something at once, a first answer on
`PREVIEW` layouts, on which the rule decides nothing): `provisional(progress, payload)` hands the analysis's
provisional answer (a dict shaped as its `to_dict()`, with "provisional": true) to a progress
hook that takes a `provisional` keyword; other hooks are not called with it.
"""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, is_dataclass, replace
from statistics import NormalDist
from typing import Any, Callable, Generic, Iterable, Sequence, TypeVar

from .. import checks
from ..errors import PositionError

__all__ = ["ALPHA", "FIRST_LOOK", "GROWTH", "MARGIN_SHARE", "MARGIN_TRICKS", "MARGIN_VISTS",
           "STOPS",
           "Looker", "Rounds", "Rows", "looks", "precise", "provisional", "run_rounds",
           "stop_words", "verdict", "z_bound"]

#: The chance, over every look and rival, that the rule names a worse option.
ALPHA = 0.01
#: The first look, in layouts: the normal bound wants a hundred or so.
FIRST_LOOK = 100
#: The layouts of the first provisional answer shown (before the first look; no claim is
#: made on it).
PREVIEW = 25
#: Each look after the first is this many times the one before (then the cap).
GROWTH = 1.5
#: Differences smaller than these do not matter to a player: 0.5 vists; half a percentage
#: point of a probability.
MARGIN_VISTS = 0.5
MARGIN_SHARE = 0.005
#: The same for a mean number of tricks (the discards of a twelve-card hand ranked by the
#: tricks they take on average): a twentieth of a trick, half the smallest average loss the
#: seat review flags (`review_seat.SEAT_FLAGS`).
MARGIN_TRICKS = 0.05
#: Why a run stopped, as results say it ("provisional" in the answers reported while it runs).
STOPS = ("settled", "practical", "precise", "cap", "fixed")

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


def precise(interval: tuple[float, float] | None, margin: float = MARGIN_SHARE) -> str | None:
    """"precise" when the 95% `interval` of a single estimate is narrower than `margin`
    (the stop of an analysis with no rival to compare, see the module doc), else None."""
    if interval is None:
        return None
    low, high = interval
    return "precise" if high - low < margin else None


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def stop_words(stopped: str, samples: int, close: Sequence[str] = (),
               shares: bool = False, cap: int | None = None) -> str:
    """How a run stopped, in words: "settled after 300 of at most 1,000 layouts", "cap
    reached: 8♠ and 8♦ within noise" (`close`: the options not told apart from the best, the
    best first; `shares`: a distribution's count, whose "precise" stop found every share's
    95% interval narrow, where a single probability's found its one interval narrow; `cap`:
    the most layouts the run would have taken, said of a run that stopped before it)."""
    interval = "every share's 95% interval" if shares else "the 95% interval"
    taken = (f"{samples:,} of at most {cap:,} layouts" if cap is not None and cap > samples
             else f"{samples:,} layouts")
    if stopped == "settled":
        return f"settled after {taken}"
    if stopped == "practical":
        # Not "within the margin of each other": the best may be ahead by much more; what
        # is known is that no rival is more than the margin better than it.
        return (f"stopped after {taken}: no other is better by more than the practical margin"
                + (f" ({_joined(close[1:])} not told apart from {close[0]})"
                   if len(close) > 1 else ""))
    if stopped == "precise":
        return (f"stopped after {taken}: {interval} is narrower than"
                f" {MARGIN_SHARE * 100:g} percentage points")
    if stopped == "fixed":
        return f"{samples:,} layouts, as asked"
    if stopped == "provisional":
        return f"provisional: {taken} so far"
    if len(close) > 1:
        return f"cap reached: {_joined(close)} within noise"
    return f"cap reached ({samples:,} layouts)"


def provisional(progress: Callable[..., Any] | None, payload: dict[str, Any],
                result: Any = None) -> None:
    """Hand `payload` (marked provisional) to `progress` if it takes a `provisional` keyword
    (`progress(0, provisional=...)`), and the provisional result object itself if it also
    takes a `result` keyword (to render it as a final one is rendered)."""
    if progress is None or not _takes(progress, "provisional"):
        return
    extra = {"result": result} if result is not None and _takes(progress, "result") else {}
    progress(0, provisional=dict(payload, provisional=True), **extra)


def _takes(progress: Callable[..., Any], keyword: str) -> bool:
    try:
        parameters = inspect.signature(progress).parameters
    except (TypeError, ValueError):  # a builtin without a signature: the plain hook
        return False
    return keyword in parameters or any(
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


class Looker(Generic[R]):
    """The looks of one run, made as its layouts arrive (`offer`): at each look size the
    analysis is evaluated on that prefix and the rule decides whether to stop.

    evaluate(prefix): the analysis on a prefix of the layouts (it keeps what it counted for
              the layouts before: no round counts a layout again).
    diffs(result): each rival's paired difference to the best (mean, standard error).
    payload(result, n): the provisional answer after a look that does not stop (a dict as
              the result's `to_dict()`), handed to `progress` (see `provisional`).
    rivals:   how many rivals the looks compare; the bound is spread over them.
    decide(result): the stop of an analysis with no rivals (e.g. `precise` on its interval),
              used instead of `verdict` on `diffs` when given.
    After a stop, `stopped`, `samples` and `result` say where and what; otherwise they are
    None and the caller evaluates the whole sample itself."""

    def __init__(self, cap: int, evaluate: Callable[[Any], R],
                 diffs: Callable[[R], Sequence[tuple[float, float | None]]], *, rivals: int,
                 fixed: bool = False, margin: float = MARGIN_VISTS,
                 progress: Callable[..., Any] | None = None,
                 payload: Callable[[R, int], dict[str, Any]] | None = None,
                 decide: Callable[[R], str | None] | None = None) -> None:
        checks.whole("cap", cap, low=1)
        checks.callback("progress", progress)
        self.sizes = looks(cap, fixed)
        self.z = z_bound(max(1, len(self.sizes) - 1), rivals)
        self.evaluate, self.diffs, self.margin = evaluate, diffs, margin
        self.progress, self.payload = progress, payload
        self.fixed, self.decide = fixed, decide
        self._next = 0
        self._previewed = False
        self.result: R | None = None
        self.samples: int | None = None
        self.stopped: str | None = None

    def want(self) -> int:
        """The layouts the next look needs (the cap when no look is left before it)."""
        return self.sizes[min(self._next, len(self.sizes) - 1)]

    def offer(self, have: int, prefix: Callable[[int], Any]) -> bool:
        """`have` layouts are ready (`prefix(n)`: the first n): make every look they allow;
        True when one of them stops the run."""
        if (not self._previewed and self.payload is not None and len(self.sizes) > 1
                and have >= PREVIEW):
            # An early answer to show, not a look: the rule makes no claim on it.
            self._previewed = True
            self._show(self.evaluate(prefix(PREVIEW)), PREVIEW)
        while self._next < len(self.sizes) - 1 and self.sizes[self._next] <= have:
            n = self.sizes[self._next]
            self._next += 1
            result = self.evaluate(prefix(n))
            stopped = (self.decide(result) if self.decide is not None
                       else verdict(self.diffs(result), self.z, self.margin))
            if stopped is not None:
                self.result, self.samples, self.stopped = result, n, stopped
                return True
            self._show(result, n)
        return False

    def _show(self, result: R, n: int) -> None:
        """Report `result` on the first n layouts as the provisional answer."""
        if self.payload is None:
            return
        shown = (replace(result, stopped="provisional")
                 if is_dataclass(result) and hasattr(result, "stopped") else result)
        provisional(self.progress, self.payload(shown, n), shown)

    def end(self) -> str:
        """Why the run stopped: the rule's word, or "cap" / "fixed" when it took them all."""
        return self.stopped or ("fixed" if self.fixed else "cap")


def run_rounds(cap: int, evaluate: Callable[[int], R],
               diffs: Callable[[R], Sequence[tuple[float, float | None]]], *, rivals: int,
               fixed: bool = False, margin: float = MARGIN_VISTS,
               progress: Callable[..., Any] | None = None,
               payload: Callable[[R, int], dict[str, Any]] | None = None,
               decide: Callable[[R], str | None] | None = None) -> Rounds[R]:
    """Take the first `cap` layouts of a sample drawn in full in rounds until the decision is
    settled (`Looker`: `evaluate(n)` is the analysis on the first n; `decide`, for an
    analysis with no rivals, as there). The last look's result is returned; a run that
    reaches the cap is the fixed run."""
    looker = Looker(cap, evaluate, diffs, rivals=rivals, fixed=fixed, margin=margin,
                    progress=progress, payload=payload, decide=decide)
    for n in ([PREVIEW] if len(looker.sizes) > 1 else []) + looker.sizes[:-1]:
        if looker.offer(n, lambda k: k):
            assert looker.result is not None and looker.samples is not None
            return Rounds(looker.result, looker.samples, looker.end(), looker.z)
    return Rounds(evaluate(cap), cap, looker.end(), looker.z)


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


def looks_cap(samples: Any, fixed: bool, default: int) -> int | None:
    """The cap of a run that draws `samples` layouts (None: the analysis's `default`), or None
    when there is nothing to look at: every layout ("all"), or a value the analysis will
    refuse in its own words. (The default is the caller's: this module imports no analysis,
    so that every analysis may import it.)"""
    if samples is None:
        return default
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        return None
    return samples
