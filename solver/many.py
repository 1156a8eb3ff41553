"""Many positions at once: solved in compiled code, on several threads, without the GIL.

``tricks_many`` takes a sequence of ``Position`` objects; ``run_jobs`` takes a ``Jobs`` array
built in C (e.g. every layout of some cards, ``Jobs.layouts``), so that no Python call is made
per position. ``shares_many`` and ``run_jobs(share=...)`` ask each position for a defender's
sure share instead (``Solver.share``). Each thread has its own ``Solver`` (and so its own table); the work is handed out
in chunks, so that a progress callback can be told how far it got and a run can be stopped.
"""
from __future__ import annotations

import os
import threading
import time
from typing import Callable, NamedTuple, Sequence

import numpy as np

from ._build import engine as _built
from .errors import EngineArgumentError
from .position import Position

Jobs, Solver = _built.Jobs, _built.Solver
#: The largest table a run may ask for, in megabytes (the engine's own limit).
MAX_TT_MB = 1 << 16

CHUNK = 512
#: Positions first solved between two looks at a stop request, within a chunk; the step then
#: grows or shrinks so that one takes about STEP_SECONDS.
STEP = 16
STEP_SECONDS = 0.1
#: Each thread's table, in megabytes, for unrelated positions (``tricks_many``'s default: a
#: batch of deals). Their entries rarely serve another deal, and a fresh engine's table memory
#: is first touched during the run: from a new process, two threads counted the 200 trump
#: deals of ``data/bench`` at 7,900-9,300 a second with 2 MB and 3,300-3,600 with 16 MB
#: (ALGORITHM.md, "A table kept from one deal to the next").
UNRELATED_TT_MB = 2
#: Each thread's table for related positions (``run_jobs``' default: the layouts of one hand,
#: the leads of one deal), which share many positions that a larger table keeps.
RELATED_TT_MB = 16
#: ``run_jobs(target=EACH)``: every job's own target (see ``Jobs.from_positions``).
EACH = "each"


def default_threads() -> int:
    """The threads a run uses unless told otherwise: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class Answers(NamedTuple):
    """The whole answer for many positions (``tricks_many(..., moves=True)``), numpy ``int8``
    arrays in input order: ``tricks`` (n,), the focus player's trick count; ``moves`` (n, 32),
    ``moves[i, c]`` the count after card ``c`` for every legal card of the seat to move, -1 for
    the other cards; ``lines`` (n, 30), a principal line padded with -1 (None unless asked)."""

    tricks: np.ndarray
    moves: np.ndarray
    lines: np.ndarray | None


def shares_many(positions: Sequence[Position], seats: Sequence[int], *,
                limits: Sequence[int | None] | None = None, threads: int | None = None,
                tt_mb: int = RELATED_TT_MB) -> np.ndarray:
    """The sure share of ``seats[i]`` (a defender) at ``positions[i]`` with the declarer held
    to ``limits[i]`` (None, or no ``limits``: his double-dummy count), in input order, as a
    numpy ``int8`` array (see ``Solver.share``). ``threads``, ``tt_mb``: as ``tricks_many``."""
    positions = list(positions)
    try:
        jobs = Jobs.from_positions(positions, None if limits is None else _limits(limits))
        out = run_jobs(jobs, share=seats, threads=threads, tt_mb=tt_mb)
    except EngineArgumentError as error:
        # the limits travel as the jobs' targets: name them as the caller gave them
        text = str(error)
        if text.startswith("targets"):
            raise EngineArgumentError("limits" + text[len("targets"):]) from None
        raise
    below = np.flatnonzero(out < 0)
    if below.size:
        i = int(below[0])
        raise EngineArgumentError(f"limits[{i}]: {limits[i]} is below the declarer's "
                                  f"double-dummy count at positions[{i}]")
    return out


def _limits(limits: Sequence[int | None]) -> list[int | None]:
    try:
        return list(limits)
    except TypeError:
        raise EngineArgumentError(f"limits: {limits!r} is not a sequence") from None


def _per_job(values: Sequence[int], n: int, name: str, things: str, unit: str, low: int,
             high: int) -> np.ndarray:
    """`values` as an int8 array, one a job of `n`, each a whole number low..high checked and
    named (`name[i]`); `things`, `unit`: what they are, for the messages."""
    try:
        values = list(values)
    except TypeError:
        raise EngineArgumentError(f"{name}: {values!r} is not a sequence of {things}") from None
    if len(values) != n:
        raise EngineArgumentError(f"{name}: {len(values)} {unit} for {n} positions")
    return np.array([_built.check_whole(v, f"{name}[{i}]", low, high)
                     for i, v in enumerate(values)], dtype=np.int8)


def _seats(seats: Sequence[int], n: int) -> np.ndarray:
    """`seats` as an int8 array of `n` seats (each checked by the engine, naming it)."""
    return _per_job(seats, n, "seats", "seats", "seats", 0, 2)


def _counts(counts: Sequence[int], n: int) -> np.ndarray:
    """`counts` as an int8 array of `n` numbers of tricks, each checked, naming it."""
    return _per_job(counts, n, "share_least", "numbers of tricks", "numbers", 0, 10)


def tricks_many(positions: Sequence[Position], *,
                target: int | Sequence[int | None] | None = None,
                threads: int | None = None, moves: bool = False,
                lines: bool = False, tt_mb: int = UNRELATED_TT_MB) -> np.ndarray | Answers:
    """Every position's answer, in input order, as a numpy ``int8`` array.

    ``target`` None: the focus player's trick count from each position; a number: 1 where it
    is at least ``target`` and 0 where not (one bound search each, much cheaper than the
    count); a sequence: each position's own target (None: its count).
    ``moves``/``lines``: the whole answer instead, as ``Answers`` (every card's value, and a
    principal line when ``lines``), what ``Solver.full`` gives for one position.
    ``threads``: how many threads share the work (default: one per core).
    ``tt_mb``: each thread's transposition table, in megabytes (engines, and so tables, of one
    size are kept from one call to the next); the default suits unrelated positions, and
    related ones (the layouts of one hand) want ``RELATED_TT_MB``.
    """
    if moves or lines:
        if target is not None:
            raise ValueError("a target asks for a bound, not for every card's value")
        return run_jobs(Jobs.from_positions(positions), threads=threads, moves=True,
                        lines=lines, tt_mb=tt_mb)
    if isinstance(target, (list, tuple, np.ndarray)):
        # Each target is checked where it enters the engine (``Jobs.from_positions``).
        return run_jobs(Jobs.from_positions(positions, list(target)), target=EACH, threads=threads,
                        tt_mb=tt_mb)
    return run_jobs(Jobs.from_positions(positions), target=target, threads=threads, tt_mb=tt_mb)



# Engines kept between runs: a run's threads borrow them, so that a series of small runs
# (a sampler's rounds) neither allocates a table each time nor starts from an empty one.
# Engines of the two table sizes given back last, a few of each: an analysis that alternates
# two kinds of run (the seat views: bound searches on 64 MB tables between the rounds' counts
# on 16 MB ones) keeps both warm, and a run that asks for a third size frees the older one
# (memory does not grow with the sizes a process has asked for).
KEPT_SIZES = 2
_idle: dict[int, list[Solver]] = {}  # by table size, the size given back last at the end
_idle_lock = threading.Lock()


def _borrow(tt_mb: int) -> Solver:
    with _idle_lock:
        kept = _idle.get(tt_mb)
        if kept:
            return kept.pop()
    return Solver(tt_mb=tt_mb)


def _give_back(engine: Solver, tt_mb: int) -> None:
    with _idle_lock:
        kept = _idle.pop(tt_mb, [])
        _idle[tt_mb] = kept  # now the size given back last
        while len(_idle) > KEPT_SIZES:
            del _idle[next(iter(_idle))]
        if len(kept) < max(2, default_threads()):
            kept.append(engine)


def idle_engines() -> tuple[int | None, int]:
    """The table size (MB) of the engines given back last, and how many of that size are
    kept (engines of one other size may be kept too, `KEPT_SIZES`)."""
    with _idle_lock:
        if not _idle:
            return None, 0
        size = next(reversed(_idle))
        return size, len(_idle[size])


class Cancelled(Exception):
    """A run stopped before every job was solved (``stop`` was set)."""


def run_jobs(jobs: Jobs, *, target: int | None = None, threads: int | None = None,
             progress: Callable[[int], None] | None = None,
             stop: threading.Event | None = None, give_up: tuple[int, int] | None = None,
             tt_mb: int = RELATED_TT_MB, moves: bool = False,
             lines: bool = False, share: Sequence[int] | None = None,
             share_least: Sequence[int] | None = None) -> np.ndarray | Answers:
    """Solve every job of ``jobs`` (see ``tricks_many`` for ``target``, ``threads``, ``moves``
    and ``lines``).

    ``share``: a seat per job; each answer is then that defender's sure share at the job,
    with the declarer held to the job's own target (none: his double-dummy count), as
    ``Solver.share`` gives it, or -1 where that target is below his count (``target``,
    ``moves`` and ``lines`` are not asked with it). ``share_least``, with ``share``: a number
    of tricks per job; each answer is then 1 where that share is at least it, else 0 (-1 as
    before), found by one test of the share's search where the share itself takes several.

    ``give_up=(value, k)``: stop handing out work once more than ``k`` answers equal ``value``
    (a search that only needs to know whether something fails more often than a bound); the
    jobs never solved are -1 in the result.

    ``progress(k)`` is called from the calling thread every tenth of a second, ``k`` the jobs
    done since (0 when none): a hook that raises stops the run as ``stop`` does.
    Setting ``stop`` (or a ``KeyboardInterrupt`` in the calling thread) ends the run after the
    chunks in hand, and raises ``Cancelled`` (or re-raises the interrupt).
    """
    if not isinstance(jobs, Jobs):
        raise EngineArgumentError(f"jobs: {type(jobs).__name__} is not a solver.Jobs array")
    if target is not None and not (isinstance(target, str) and target == EACH):
        target = _built.check_whole(target, "target", 0, 10)
    threads = default_threads() if threads is None else _built.check_whole(
        threads, "threads", 1, 1 << 16)
    tt_mb = _built.check_whole(tt_mb, "tt_mb", 1, MAX_TT_MB)
    if give_up is not None:
        if not isinstance(give_up, tuple) or len(give_up) != 2:
            raise EngineArgumentError(f"give_up: {give_up!r} is not a pair (value, count)")
        give_up = (_built.check_whole(give_up[0], "give_up[0]", -1, 10),
                   _built.check_whole(give_up[1], "give_up[1]", 0, 1 << 62))
    if share is not None:
        if target is not None or moves or lines:
            raise EngineArgumentError("share: a sure share is asked alone, without target, "
                                      "moves or lines")
        share = _seats(share, len(jobs))
    if share_least is not None:
        if share is None:
            raise EngineArgumentError("share_least: asked with share (the seats)")
        share_least = _counts(share_least, len(jobs))
    if progress is not None and not callable(progress):
        raise EngineArgumentError(f"progress: {progress!r} is not callable")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise EngineArgumentError(f"stop: {stop!r} is not a threading.Event")
    n = len(jobs)
    out = np.full(max(n, 1), -1, dtype=np.int8)
    values = np.full((max(n, 1), 32), -1, dtype=np.int8) if moves or lines else None
    line_array = np.full((max(n, 1), 30), -1, dtype=np.int8) if lines else None
    goal = -1 if target is None else -2 if target == EACH else target
    stop = stop or threading.Event()
    # Chunks of CHUNK jobs, fewer when there are few jobs so that every thread gets some
    # (eight chunks a thread keeps them even when some positions are much harder than others).
    chunk = max(1, min(CHUNK, -(-n // (8 * threads))))
    threads = min(threads, max(1, -(-n // chunk)))
    next_start = [0]
    lock = threading.Lock()
    done: list[int] = []
    seen = [0]
    errors: list[BaseException] = []
    wake = threading.Condition(lock)

    given_up = threading.Event()
    cut_short = threading.Event()

    def take() -> tuple[int, int] | None:
        with lock:
            if stop.is_set() or given_up.is_set() or next_start[0] >= n:
                return None
            start = next_start[0]
            next_start[0] = min(n, start + chunk)
            return start, next_start[0]

    def work() -> None:
        engine = _borrow(tt_mb)
        step = STEP
        try:
            while (span := take()) is not None:
                # A chunk is solved in steps by the same engine (its table still serves the
                # chunk's related positions), looking at `stop` between steps: a stop is
                # heard within a step, not a whole chunk. Steps grow while they are quick
                # (cheap positions pay no overhead) and shrink when slow.
                start = span[0]
                while start < span[1]:
                    if stop.is_set():
                        cut_short.set()
                        break
                    end = min(span[1], start + step)
                    began = time.monotonic()
                    if share is not None:
                        engine.run_share(jobs, start, end, share, out, share_least)
                    elif values is None:
                        engine.run(jobs, start, end, goal, out)
                    else:
                        engine.run_full(jobs, start, end, out, values, line_array)
                    took = time.monotonic() - began
                    step = (min(chunk, 2 * step) if took < STEP_SECONDS / 4 else
                            max(1, step // 2) if took > STEP_SECONDS else step)
                    with wake:
                        done.append(end - start)
                        if give_up is not None:
                            seen[0] += int(np.count_nonzero(out[start:end] == give_up[0]))
                            if seen[0] > give_up[1]:
                                given_up.set()
                        wake.notify()
                    start = end
        except BaseException as error:  # pragma: no cover - reported to the caller
            with wake:
                errors.append(error)
                stop.set()
                wake.notify()
        finally:
            _give_back(engine, tt_mb)

    if threads == 1 and progress is None:
        work()
    else:
        workers = [threading.Thread(target=work, daemon=True) for _ in range(threads)]
        for worker in workers:
            worker.start()
        try:
            while any(w.is_alive() for w in workers):
                with wake:
                    wake.wait(0.1)
                    finished, done[:] = sum(done), []
                if progress is not None:
                    progress(finished)  # every 0.1 s, even at 0: a hook may stop the run
        except KeyboardInterrupt:
            stop.set()
            for worker in workers:
                worker.join()
            raise
        for worker in workers:
            worker.join()
        if done and progress is not None:
            progress(sum(done))
    if errors:
        raise errors[0]
    if stop.is_set() and (next_start[0] < n or cut_short.is_set()):
        raise Cancelled(f"stopped after {next_start[0]} of {n} positions")
    if values is None:
        return out[:n]
    if n and out[:n].min() < 0:  # pragma: no cover - the engine could not walk a line
        raise RuntimeError("internal error: no move keeps the position's value")
    return Answers(out[:n], values[:n], None if line_array is None else line_array[:n])
