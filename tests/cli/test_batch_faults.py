"""The batch under faults: killed runs leave no workers and resume exactly; lines that are not
strict JSON (NaN, Infinity, 1e400), huge or nested junk are answered with an error, and the
output is always strict JSON that `--resume` reads back.

The kill tests run the real command (`python -m pyanalysis.cli batch`) in a subprocess on
whole deals, find its worker processes in /proc, and kill the main process only.
"""
from __future__ import annotations

import json
import math
import os
import random
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pyanalysis as pa
from cli_support import random_deal, run, write_jobs
from pyanalysis.batch import BatchError, parse_job, process_line, run_batch

DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
PREFDD = [sys.executable, "-m", "pyanalysis.cli"]
# Whole-deal misère jobs: a few seconds for two workers, so that a signal sent once ten
# answers are written lands half way even while other work slows the test's own process.
JOBS = 1000

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists() or os.name != "posix",
                                reason="finds the worker processes in /proc (Linux)")


def strict(text: str | bytes):
    """`text` read as strict JSON: no NaN or Infinity, no number beyond a double."""
    def constant(name: str):
        raise AssertionError(f"not strict JSON: {name}")

    def finite(number: str) -> float:
        value = float(number)
        assert math.isfinite(value), f"not strict JSON: {number}"
        return value
    return json.loads(text, parse_constant=constant, parse_float=finite)


# ------------------------------------------------------------------------------ processes


def _stat(pid: int) -> list[str] | None:
    """Fields of /proc/PID/stat after the command name: [state, ppid, ...]; None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _descendants(root: int) -> dict[int, str]:
    """The live processes under `root` (workers; with the forkserver start method also the
    forkserver): pid -> start time, to tell a pid reused later."""
    parents: dict[int, list[tuple[int, str]]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields and fields[0] not in "ZX":
                parents.setdefault(int(fields[1]), []).append((int(entry), fields[19]))
    found: dict[int, str] = {}
    todo = [root]
    while todo:
        for pid, started in parents.get(todo.pop(), []):
            found[pid] = started
            todo.append(pid)
    return found


def _alive(pid: int, started: str) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[19] == started and fields[0] not in "ZX"


def _wait_gone(workers: dict[int, str], seconds: float) -> list[int]:
    """Wait up to `seconds` for every worker to end; the ones still running."""
    deadline = time.monotonic() + seconds
    while True:
        left = [pid for pid, started in workers.items() if _alive(pid, started)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.02)


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _jobs_file(tmp_path: Path) -> Path:
    rng = random.Random(12)
    jobs = [{"id": i, "deal": str(random_deal(rng, 10)), "game": "misere",
             "declarer": 1 + i % 3} for i in range(JOBS)]
    return write_jobs(tmp_path / "in.jsonl", jobs)


@pytest.fixture
def leftovers():
    """Worker processes a test found ({pid: start time}); any still running at the end of the
    test (after its checks) are killed, so that a failing test leaves nothing behind."""
    workers: dict[int, str] = {}
    yield workers
    for pid, started in workers.items():
        if _alive(pid, started):
            os.kill(pid, signal.SIGKILL)


def _start_and_interrupt(inp: Path, out: Path, signum: int, workers: dict[int, str]):
    """Start a two-worker batch, and once it has written some answers send `signum` to its
    main process. Its worker processes are put in `workers`. Returns the process (ended) and
    its stderr."""
    command = [*PREFDD, "batch", str(inp), "-o", str(out), "--jobs", "2", "--no-progress"]
    # stderr goes to a file, not a pipe: workers left running would hold a pipe open
    log = out.with_suffix(".stderr")
    with open(log, "w") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr,
                                   start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while _lines(out) < 10 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert process.poll() is None, "the run ended before it could be interrupted"
        workers.update(_descendants(process.pid))
        os.kill(process.pid, signum)
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process, log.read_text()


def _check_finished(out: Path) -> None:
    answers = [strict(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [a["id"] for a in answers] == list(range(JOBS))  # every line answered, once
    for answer in random.Random(0).sample(answers, 25):
        solution = pa.solve(answer["deal"], "misere", declarer=answer["declarer"])
        assert (answer["tricks"], answer["verdict"]) == (solution.tricks, solution.verdict)


@needs_proc
def test_sigkill_of_the_main_process_leaves_no_worker_and_resume_finishes(tmp_path, leftovers):
    inp, out = _jobs_file(tmp_path), tmp_path / "out.jsonl"
    workers = leftovers
    process, _ = _start_and_interrupt(inp, out, signal.SIGKILL, workers)
    assert process.returncode == -signal.SIGKILL
    assert len(workers) >= 2, "the run's two workers were not found"
    # the workers notice that their parent is gone (they poll a few times a second)
    assert _wait_gone(workers, 10) == []
    done = _lines(out)
    assert 10 <= done < JOBS, "the run was not interrupted half way"
    result = subprocess.run([*PREFDD, "batch", str(inp), "-o", str(out), "-j", "2", "--resume",
                             "--json"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    summary = strict(result.stdout)
    assert (summary["resumed"], summary["solved"]) == (done, JOBS - done)
    _check_finished(out)


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_sigint_end_the_workers_and_print_the_command_that_resumes(
        tmp_path, signum, leftovers):
    inp, out = _jobs_file(tmp_path), tmp_path / "out.jsonl"
    workers = leftovers
    process, stderr = _start_and_interrupt(inp, out, signum, workers)
    assert len(workers) >= 2, "the run's two workers were not found"
    assert _wait_gone(workers, 10) == []
    assert process.returncode == 128 + signum  # as a shell reports a death by that signal
    assert 10 <= _lines(out) < JOBS, "the run was not interrupted half way"
    again = (f"prefdd batch {shlex.quote(str(inp))} -o {shlex.quote(str(out))} --jobs 2"
             f" --no-progress --resume")
    name = signal.Signals(signum).name
    assert stderr == (f"Interrupted ({name}): the answers so far are in {out};"
                      f" to finish, run: {again}\n")
    # the printed command finishes the run
    words = shlex.split(again)
    assert words[0] == "prefdd"
    result = subprocess.run([*PREFDD, *words[1:]], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "kept from the earlier run" in result.stdout
    _check_finished(out)


# ------------------------------------------------------------------------------ junk lines

VALID = {"deal": DEAL, "game": "8S", "declarer": 1}
TEXT_JOB = json.dumps(VALID)[:-1]  # '{"deal": ..., "declarer": 1' to append fields to

# (line, what it gets: its exact error, ERROR for an error whose words come from elsewhere
# (the notation layer, the JSON reader), or SOLVED): every kind of line a fuzzer or a careless
# export produces. A line that is no job comes back as {"input": line, "error": ...}.
ERROR, SOLVED = "<an error>", "<solved>"
def too_long(line: str) -> tuple[str, str]:
    """A line over the batch's limit, with the message that refuses it unread."""
    return line, f"a job line is at most 4,000 characters; this one has {len(line):,}"


JUNK = [
    (TEXT_JOB + ', "id": NaN}',
     "not strict JSON: NaN is not a JSON value (write a number or null)"),
    (TEXT_JOB + ', "id": Infinity}',
     "not strict JSON: Infinity is not a JSON value (write a number or null)"),
    (TEXT_JOB + ', "extra": [1, {"deep": -Infinity}]}',
     "not strict JSON: -Infinity is not a JSON value (write a number or null)"),
    ("NaN", "not strict JSON: NaN is not a JSON value (write a number or null)"),
    (TEXT_JOB + ', "id": 1e400}', "not strict JSON: the number 1e400 is too large"),
    (TEXT_JOB + ', "id": -1e999}', "not strict JSON: the number -1e999 is too large"),
    (TEXT_JOB + ', "id": 1e308}', SOLVED),
    (TEXT_JOB + ', "id": -0}', SOLVED),
    (TEXT_JOB + ', "id": -0.0}', SOLVED),
    (TEXT_JOB + ', "id": 123456789012345678901234567890}', SOLVED),
    (TEXT_JOB + ', "id": ' + "9" * 3000 + "}", SOLVED),
    too_long(TEXT_JOB + ', "id": ' + "9" * 5000 + "}"),
    (TEXT_JOB + ', "note": "' + "x" * 3000 + '"}', SOLVED),
    too_long(TEXT_JOB + ', "note": "' + "x" * 300_000 + '"}'),
    (TEXT_JOB + ', "note": "a\\u0000b\\u2028c\\ud83d\\ude00"}', SOLVED),
    (TEXT_JOB + ', "note": "\\ud800"}',
     "not text: a string holds a lone surrogate (\\ud800-\\udfff) that is half a character"),
    (TEXT_JOB + ', "junk": ' + "[" * 100 + "]" * 100 + "}",
     "not a job: nested deeper than 64 levels"),
    (TEXT_JOB + ', "junk": ' + "[" * 1900 + "]" * 1900 + "}",
     "not a job: nested deeper than 64 levels"),
    too_long(TEXT_JOB + ', "junk": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    (TEXT_JOB + ', "junk": ' + "[" * 3000 + "}", ERROR),  # message from the JSON reader
    ('{"deal": "' + "AKQJ" * 500 + '", "game": "8S", "declarer": 1}', ERROR),
    too_long('{"deal": "' + "AKQJ" * 50_000 + '", "game": "8S", "declarer": 1}'),
    ('{"deal": ' + "[" * 50 + "]" * 50 + ', "game": "8S", "declarer": 1}', ERROR),
    ('{"deal": "' + DEAL + '", "game": "8S", "declarer": 1e308}',
     "field 'declarer' must be 1, 2 or 3, got 1e+308"),
    ('{"deal": "' + DEAL + '", "game": "8S", "declarer": -0}',
     "field 'declarer' must be 1, 2 or 3, got 0"),
    ('{"deal": "' + DEAL + '", "game": "8S", "declarer": 1, "played": ["' + "A" * 3000 + '"]}',
     ERROR),
    ('{"deal": "' + DEAL + '", "game": "' + "8" * 3000 + '", "declarer": 1}',
     "unknown game '88888888888888888888…': 3000 characters; a game is named in a few,"
     " e.g. 8S, 6NT, misere or raspasy"),
    too_long('{"deal": "' + DEAL + '", "game": "' + "8" * 100_000 + '", "declarer": 1}'),
    ('{"deal": "' + DEAL + '", "game": ["' + "S" * 3000 + '"], "declarer": 1}', ERROR),
    ('{"a": "tab\there"}', "not JSON: Invalid control character at column 11"),
    ('{"deal": ["\\u2028\\u007f\\u0000"], "game": "8S"}', ERROR),  # printed escaped
    ("[1e308]", "a job must be a JSON object, got list"),
    ('"' + "x" * 3000 + '"', "a job must be a JSON object, got str"),
    too_long('"' + "x" * 100_000 + '"'),
    ("{" * 10, ERROR),
    ("\x00", ERROR),
]
ANSWERED = [line for line, message in JUNK if message is SOLVED]


def _answer_holds(line: str, answer: dict, message: str) -> None:
    assert ("error" in answer) == (message is not SOLVED), answer.get("error")
    if message not in (ERROR, SOLVED):
        assert answer["error"] == message
    if "error" in answer:
        error = answer["error"]
        assert "tricks" not in answer and error.isprintable() and 0 < len(error) < 300, error
        try:
            job = parse_job(line)
        except BatchError:
            # the line itself, or only its start when it is over-long
            shown = line if len(line) <= 4000 else line[:59] + "…"
            assert answer == {"input": shown, "error": error}
        else:
            assert {k: v for k, v in answer.items() if k != "error"} == job
    else:
        solution = pa.solve(VALID["deal"], "8S", declarer=1)
        assert (answer["tricks"], answer["verdict"]) == (solution.tricks, solution.verdict)


@pytest.mark.parametrize("line, message", JUNK, ids=[f"{i}" for i in range(len(JUNK))])
def test_each_junk_line_gets_an_answer_or_a_short_error_in_strict_json(line, message):
    out = process_line(line)
    _answer_holds(line, strict(out), message)


def test_the_junk_that_is_answered_is_the_strict_json_kind():
    # the lines answered: a valid job with odd but strict extra fields, echoed unchanged
    assert len(ANSWERED) == 7
    for line in ANSWERED:
        answer = strict(process_line(line))
        assert {k: v for k, v in answer.items() if k not in ("tricks", "verdict", "moves")} \
            == json.loads(line)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_junk_batch_is_answered_line_by_line_and_resumes(tmp_path, jobs):
    inp = write_jobs(tmp_path / "in.jsonl", [line for line, _ in JUNK])
    out = tmp_path / "out.jsonl"
    summary = run_batch(inp, out, jobs=jobs, progress=False)
    lines = out.read_bytes().splitlines()
    assert len(lines) == len(JUNK) == summary.total == summary.solved
    for (line, message), text in zip(JUNK, lines):
        _answer_holds(line, strict(text), message)
    assert len(summary.error_lines) == len(JUNK) - len(ANSWERED)
    full = out.read_bytes()
    # --resume accepts the run's own output: nothing to redo...
    again = run_batch(inp, out, jobs=jobs, resume=True, progress=False)
    assert (again.resumed, again.solved) == (len(JUNK), 0) and out.read_bytes() == full
    # ...and after a cut in the middle of any line it redoes the rest only
    cut = len(full) * 2 // 3
    out.write_bytes(full[:cut])
    kept = full[:cut].count(b"\n")
    again = run_batch(inp, out, jobs=jobs, resume=True, progress=False)
    assert (again.resumed, again.solved) == (kept, len(JUNK) - kept) and out.read_bytes() == full


def test_resume_redoes_a_line_that_an_older_version_wrote_with_nan(tmp_path):
    lines = [TEXT_JOB + ', "id": 0}', TEXT_JOB + ', "id": NaN}', TEXT_JOB + ', "id": 2}']
    inp = write_jobs(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out.jsonl"
    run_batch(inp, out, jobs=1, progress=False)
    fresh = out.read_bytes()
    first = fresh.split(b"\n")[0]
    # what the batch used to write: the NaN echoed, then a further answer
    out.write_bytes(first + b"\n" + (TEXT_JOB + ', "id": NaN, "tricks": 6}\n').encode()
                    + fresh.split(b"\n")[2] + b"\n")
    summary = run_batch(inp, out, jobs=1, resume=True, progress=False)
    assert (summary.resumed, summary.solved) == (1, 2)
    assert out.read_bytes() == fresh


def test_the_command_on_a_junk_batch_prints_a_strict_summary(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [line for line, _ in JUNK[:8]])
    out = tmp_path / "out.jsonl"
    result = run("batch", str(inp), "-o", str(out), "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    summary = strict(result.stdout)
    errors = [n for n, (line, _) in enumerate(JUNK[:8], start=1)
              if "error" in strict(process_line(line))]
    assert summary["error_lines"] == errors and summary["jobs"] == 8
    assert [strict(line) for line in out.read_text(encoding="utf-8").splitlines()] == [
        strict(process_line(line)) for line, _ in JUNK[:8]]


@pytest.mark.parametrize("text, message", [
    ('{"a": NaN}', "not strict JSON: NaN is not a JSON value (write a number or null)"),
    ("[1e400]", "not strict JSON: the number 1e400 is too large"),
    ("{", "not JSON: Expecting property name enclosed in double quotes at column 2"),
    ("[" * 3000, "not a job: nested deeper than 64 levels"),
    ("[" * 5000, "a job line is at most 4,000 characters; this one has 5,000"),
])
def test_parse_job_says_why_a_line_is_no_job(text, message):
    with pytest.raises(BatchError) as raised:
        parse_job(text)
    assert str(raised.value) == message
