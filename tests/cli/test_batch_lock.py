"""Two batch runs on one output file: the second is refused in one line and touches nothing;
the first finishes, its file whole, in order, and resumable.

The main test runs the real command (`python -m pyanalysis.cli batch`) twice at once in
subprocesses; the others call `run_batch` with the file locked the way a run locks it.
"""
from __future__ import annotations

import fcntl
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_support import echo_worker, random_deal, read_answers, write_jobs
from pyanalysis.batch import BatchError, OutputInUseError, run_batch

PREFDD = [sys.executable, "-m", "pyanalysis.cli"]
#: Whole-deal misère jobs: several seconds for one worker, so that the first run is still
#: writing when the second one starts (the test checks that it was).
JOBS = 1500


def _refusal(out: Path) -> str:
    return (f"{out} is being written by another batch run; let it finish, or stop it and"
            " run again with --resume")


def _jobs_file(path: Path) -> Path:
    rng = random.Random(25)
    jobs = [{"id": i, "deal": str(random_deal(rng, 10)), "game": "misere",
             "declarer": 1 + i % 3} for i in range(JOBS)]
    return write_jobs(path, jobs)


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _batch(inp: Path, out: Path, *words: str) -> subprocess.CompletedProcess:
    return subprocess.run([*PREFDD, "batch", str(inp), "-o", str(out), "--no-progress", *words],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("second", [["--resume"], []], ids=["resume", "afresh"])
def test_a_second_run_on_the_same_output_is_refused_and_the_first_finishes(tmp_path, second):
    inp, out = _jobs_file(tmp_path / "in.jsonl"), tmp_path / "out.jsonl"
    log = tmp_path / "first.stderr"
    with open(log, "w") as stderr:
        first = subprocess.Popen([*PREFDD, "batch", str(inp), "-o", str(out), "--jobs", "2",
                                  "--no-progress", "--json"],
                                 stdout=subprocess.PIPE, stderr=stderr, text=True)
    try:
        deadline = time.monotonic() + 120
        while _lines(out) < 10 and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert first.poll() is None, "the first run ended before the second one started"
        written = out.read_bytes()

        refused = _batch(inp, out, "--jobs", "2", *second)
        assert first.poll() is None, "the first run ended before the second one was refused"
        assert (refused.returncode, refused.stdout) == (2, "")
        assert refused.stderr == f"Error: {_refusal(out)}\n"
        assert out.read_bytes().startswith(written)  # nothing already written was lost

        summary, _ = first.communicate(timeout=300)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 0, log.read_text()
    assert json.loads(summary)["solved"] == JOBS
    answers = read_answers(out)
    assert [answer["id"] for answer in answers] == list(range(JOBS))  # whole, once, in order
    assert all("tricks" in answer and "error" not in answer for answer in answers)

    # The file is the first run's, and resumable: a resume finds nothing left to do.
    complete = out.read_bytes()
    again = _batch(inp, out, "--resume", "--json")
    assert again.returncode == 0, again.stderr
    assert (json.loads(again.stdout)["resumed"], json.loads(again.stdout)["solved"]) == (JOBS, 0)
    assert out.read_bytes() == complete


def _hold_lock(out: Path) -> int:
    """Lock `out` as a run does, from a separate open file (as another process would)."""
    fd = os.open(out, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


@pytest.mark.parametrize("resume", [False, True])
def test_run_batch_refuses_a_locked_output_and_leaves_it_as_it_was(tmp_path, resume):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(5)])
    out = tmp_path / "out.jsonl"
    out.write_text('{"id": 0}\n{"id": 1}\n{"id"')  # two answers and a torn line
    fd = _hold_lock(out)
    try:
        with pytest.raises(OutputInUseError) as caught:
            run_batch(inp, out, jobs=1, resume=resume, progress=False, worker=echo_worker)
    finally:
        os.close(fd)
    assert str(caught.value) == _refusal(out)
    assert isinstance(caught.value, BatchError) and isinstance(caught.value, ValueError)
    assert out.read_text() == '{"id": 0}\n{"id": 1}\n{"id"'
    # Once the lock is gone, the same file resumes.
    summary = run_batch(inp, out, jobs=1, resume=True, progress=False, worker=echo_worker)
    assert (summary.resumed, summary.solved) == (2, 3)
    assert [answer["id"] for answer in read_answers(out)] == list(range(5))


def test_the_lock_is_held_while_the_run_lasts_and_ends_with_it(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(3)])
    out = tmp_path / "out.jsonl"
    seen: list[str] = []

    def worker(text: str) -> str:
        try:  # another open file of the output, as another run would open it
            os.close(_hold_lock(out))
            seen.append("free")
        except BlockingIOError:
            seen.append("locked")
        return text

    run_batch(inp, out, jobs=1, progress=False, worker=worker)
    assert seen == ["locked"] * 3
    os.close(_hold_lock(out))  # free again once the run is over


def _open_outputs(text: str) -> str:
    """A worker that answers with the files this worker process holds open (Linux)."""
    job = json.loads(text)
    fds = Path("/proc/self/fd")
    job["open"] = sorted({os.path.realpath(fds / fd) for fd in os.listdir(fds)})
    return json.dumps(job)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="lists open files in /proc")
def test_worker_processes_do_not_keep_the_output_open(tmp_path):
    # A forked worker that kept the locked output open would keep the lock after the main
    # process is killed, and refuse the --resume run until it noticed.
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(4)])
    out = tmp_path / "out.jsonl"
    run_batch(inp, out, jobs=2, progress=False, worker=_open_outputs)
    answers = read_answers(out)
    assert [answer["id"] for answer in answers] == list(range(4))
    assert all(str(out.resolve()) not in answer["open"] for answer in answers)


def test_a_backend_that_cannot_start_leaves_no_output_behind(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": 1}])
    out = tmp_path / "out.jsonl"
    with pytest.raises(BatchError):
        run_batch(inp, out, jobs=1, backend="no such backend", progress=False,
                  worker=echo_worker)
    assert not out.exists()


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="writes to /dev/null")
def test_a_device_is_written_without_a_lock(tmp_path):
    # Many runs may write /dev/null at once (a benchmark throws the answers away): a device
    # is no file to resume, so it is neither locked nor emptied.
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(3)])
    fd = os.open("/dev/null", os.O_WRONLY)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        for resume in (False, True):
            summary = run_batch(inp, "/dev/null", jobs=1, resume=resume, progress=False,
                                worker=echo_worker)
            assert (summary.resumed, summary.solved) == (0, 3)
    finally:
        os.close(fd)
