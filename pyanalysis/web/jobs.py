"""Long analyses run in the background: a pool of worker threads with a cap, each job's
progress, and cancelling.

The analyses count layouts through `solver.run_jobs`, which calls their `progress(k)` hook
from the thread that runs the analysis and stops its engine threads cleanly on a
`KeyboardInterrupt` raised there (that is how Ctrl-C ends a count on the command line). A
cancelled job's hook raises `JobCancelled`, a `KeyboardInterrupt`, so the count stops within a
chunk of layouts and its engine threads are joined; the misère catch and the review call the
hook between engine calls (and cards), so they stop there. An analysis without a progress
hook (the open-card tables) cannot be stopped half way: cancelling it drops its answer when
it ends.

A job's id is a random token (`secrets.token_urlsafe`): knowing it is what lets a client ask
for the job or cancel it, so another page cannot guess its way to the user's jobs.
"""
from __future__ import annotations

import secrets
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = ["Job", "JobCancelled", "JobPool", "PoolFullError", "UnknownJobError",
           "QUEUED", "RUNNING", "DONE", "FAILED", "CANCELLED"]

#: Random bytes in a job's id (its text is about 4/3 as many characters).
ID_BYTES = 16

QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"
_FINISHED = (DONE, FAILED, CANCELLED)


class JobCancelled(KeyboardInterrupt):
    """Raised by a cancelled job's progress hook: the interrupt the engine's runs stop on."""


class PoolFullError(ValueError):
    """More analyses waiting than the pool takes."""


class UnknownJobError(LookupError):
    """A job id the pool does not know (never started, or forgotten)."""


@dataclass
class Job:
    """One analysis in the pool. `done`/`total`: layouts counted so far and planned (None
    when the analysis does not say); `answer`: what the work function returned (a dict);
    `result` and `subject`: the analysis's own result and what it was asked of, where the
    work function keeps them (the page's report shows a finished analysis from them)."""

    id: str
    name: str
    state: str = QUEUED
    done: int = 0
    total: int | None = None
    #: What `done` and `total` count: layouts, or the cards reviewed.
    unit: str = "layouts"
    answer: dict[str, Any] | None = None
    provisional: dict[str, Any] | None = None
    error: str | None = None
    started: float = field(default_factory=time.monotonic)
    seconds: float | None = None
    result: Any = field(default=None, repr=False)
    subject: Any = None
    cancel_event: threading.Event = field(default_factory=threading.Event, repr=False)
    future: Future | None = field(default=None, repr=False)

    def progress(self, k: int) -> None:
        """The analyses' hook: `k` more layouts counted; stops the count once cancelled."""
        self.done += k
        if self.cancel_event.is_set():
            raise JobCancelled(self.id)

    def to_dict(self) -> dict[str, Any]:
        """The job's status as the API gives it."""
        data: dict[str, Any] = {"id": self.id, "analysis": self.name, "state": self.state,
                                "done": self.done, "total": self.total, "unit": self.unit,
                                "seconds": None if self.seconds is None
                                else round(self.seconds, 3)}
        if self.state == DONE:
            data.update(self.answer or {})
        elif self.provisional is not None and self.state in (RUNNING, CANCELLED):
            # The answer so far, marked: the page shows it while the bar runs, and after a
            # cancel as the last answer there was.
            data["provisional"] = self.provisional
        if self.error is not None:
            data["error"] = self.error
        return data


class JobPool:
    """At most `workers` analyses run at once and at most `queue` more wait; the last `keep`
    finished jobs are remembered for their status."""

    def __init__(self, workers: int = 2, queue: int = 8, keep: int = 64) -> None:
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="analysis")
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self.workers, self.queue, self.keep = workers, queue, keep

    def start(self, name: str, work: Callable[[Job], dict[str, Any]],
              total: int | None = None, unit: str = "layouts") -> Job:
        """Queue `work(job)` (it passes `job.progress` to the analysis) and return the job."""
        with self._lock:
            waiting = sum(1 for job in self._jobs.values() if job.state not in _FINISHED)
            if waiting >= self.workers + self.queue:
                raise PoolFullError(f"{waiting} analyses are running or waiting, at most"
                                    f" {self.workers + self.queue}: cancel one first")
            job = Job(id=secrets.token_urlsafe(ID_BYTES), name=name, total=total, unit=unit)
            self._jobs[job.id] = job
            self._forget_old()
        job.future = self._executor.submit(self._run, job, work)
        return job

    def get(self, job_id: str) -> Job:
        """The job `job_id`; `UnknownJobError` if there is none."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            raise UnknownJobError(f"job: no analysis '{job_id[:30]}' (finished long ago,"
                                  f" or never started)")
        return job

    def cancel(self, job_id: str) -> Job:
        """Ask the job to stop: a waiting job never starts, a running count stops at its next
        progress report. A finished job is left as it is."""
        job = self.get(job_id)
        with self._lock:
            if job.state in _FINISHED:
                return job
            job.cancel_event.set()
            if job.future is not None and job.future.cancel():
                self._finish(job, CANCELLED)
        return job

    def wait(self, job_id: str, timeout: float | None = None) -> Job:
        """Block until the job has finished (or `timeout` seconds have passed)."""
        job = self.get(job_id)
        if job.future is not None:
            try:
                job.future.result(timeout)
            except BaseException:  # the job's own outcome is in its state
                pass
        return job

    def shutdown(self) -> None:
        """Cancel every job and let the worker threads end."""
        with self._lock:
            jobs = list(self._jobs.values())
        for job in jobs:
            self.cancel(job.id)
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _run(self, job: Job, work: Callable[[Job], dict[str, Any]]) -> None:
        with self._lock:
            if job.cancel_event.is_set():
                self._finish(job, CANCELLED)
                return
            job.state, job.started = RUNNING, time.monotonic()
        try:
            answer = work(job)
        except JobCancelled:
            state, answer, error = CANCELLED, None, None
        except ValueError as exc:  # the analysis refused its question: bad input
            state, answer, error = FAILED, None, " ".join(str(exc).split())
        except Exception as exc:  # pragma: no cover - a bug; said, not hidden
            state, answer, error = FAILED, None, f"internal error: {type(exc).__name__}: {exc}"
        else:
            state, error = (CANCELLED if job.cancel_event.is_set() else DONE), None
        with self._lock:
            job.answer, job.error = (answer if state == DONE else None), error
            self._finish(job, state)

    def _finish(self, job: Job, state: str) -> None:
        job.state = state
        job.seconds = time.monotonic() - job.started

    def _forget_old(self) -> None:
        finished = [key for key, job in self._jobs.items() if job.state in _FINISHED]
        for key in finished[:max(0, len(finished) - self.keep)]:
            del self._jobs[key]
