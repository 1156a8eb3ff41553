"""The analyses' pool: a cap on waiting work, cancelling before and during a run, what a
failing analysis leaves, and finished jobs forgotten beyond `keep`."""
from __future__ import annotations

import threading

import pytest

from pyanalysis.web.jobs import (
    CANCELLED, DONE, FAILED, JobPool, PoolFullError, UnknownJobError,
)


def counting(release: threading.Event):
    """Work that reports progress until `release` is set, then answers."""
    def work(job):
        while not release.wait(0.01):
            job.progress(1)
        return {"answer": 42}
    return work


def test_a_running_job_stops_at_its_next_progress_report():
    pool = JobPool(workers=1, queue=0)
    job = pool.start("count", counting(threading.Event()), total=1000)
    while job.done == 0:
        threading.Event().wait(0.01)
    pool.cancel(job.id)
    assert pool.wait(job.id, 10).state == CANCELLED and job.answer is None
    assert job.to_dict()["state"] == CANCELLED and "answer" not in job.to_dict()
    pool.shutdown()


def test_a_job_that_ends_answers_and_its_cancel_is_too_late():
    pool = JobPool(workers=1, queue=0)
    release = threading.Event()
    release.set()
    job = pool.wait(pool.start("count", counting(release)).id, 10)
    assert job.state == DONE and job.to_dict()["answer"] == 42
    assert pool.cancel(job.id).state == DONE
    pool.shutdown()


def test_the_cap_counts_running_and_waiting_jobs():
    pool = JobPool(workers=1, queue=1)
    release = threading.Event()
    first = pool.start("a", counting(release))
    second = pool.start("b", counting(release))
    with pytest.raises(PoolFullError, match="2 analyses are running or waiting, at most 2"):
        pool.start("c", counting(release))
    assert pool.cancel(second.id).state == CANCELLED  # never started
    third = pool.start("c", counting(release))  # room again
    release.set()
    assert pool.wait(first.id, 10).state == DONE and pool.wait(third.id, 10).state == DONE
    assert second.done == 0
    pool.shutdown()


def test_a_refused_question_and_a_bug_are_failures_in_one_line():
    pool = JobPool(workers=1)

    def refuse(job):
        raise ValueError("game: 'X'\nis not a game")

    def crash(job):
        return {}["missing"]

    refused = pool.wait(pool.start("refuse", refuse).id, 10)
    assert refused.state == FAILED and refused.error == "game: 'X' is not a game"
    crashed = pool.wait(pool.start("crash", crash).id, 10)
    assert crashed.state == FAILED and crashed.error.startswith("internal error: KeyError")
    pool.shutdown()


def test_finished_jobs_beyond_keep_are_forgotten():
    pool = JobPool(workers=1, keep=2)
    done = threading.Event()
    done.set()
    ids = [pool.wait(pool.start(str(i), counting(done)).id, 10).id for i in range(4)]
    pool.start("last", counting(done))
    with pytest.raises(UnknownJobError, match=f"job: no analysis '{ids[0]}'"):
        pool.get(ids[0])
    assert pool.get(ids[3]).state == DONE
    pool.shutdown()
