"""Batch analysis over JSON lines: one job per line in, the same job with its answer out.

The contract (DESIGN.md, "Batch (JSON lines)"): each input line is a job such as
``{"deal": "...", "game": "8S", "declarer": 1, "leader": 1}`` (misère: ``"game": "misere"``;
raspasy: ``"game": "raspasy", "player": 2, "talon_rule": "suit"``; ``"played": ["AS", ...]``
for cards already played to the current trick). The output line is the job with
``"tricks"`` and ``"moves"`` (card -> tricks, cards written like ``"AS"``) added. Other fields
of the job (an id, a source) are kept as they are. A line that cannot be solved gets an
``"error"`` field with a one-line reason instead, and the run goes on. A line that is not
JSON at all comes back as ``{"input": <the text>, "error": ...}``. Blank lines are skipped.

Output lines are in input order and are written (and flushed) as soon as every earlier line
is done, so an interrupted run leaves a prefix of the answer, at worst with a torn last line;
``resume=True`` keeps that prefix, drops the torn line and computes only the rest.
"""
from __future__ import annotations

import json
import os
import signal
from collections import deque
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pyanalysis as pa

from .jsonout import moves_to_json
from .progress import Progress

__all__ = [
    "BatchError",
    "BatchSummary",
    "default_jobs",
    "parse_job",
    "process_line",
    "run_batch",
    "solve_job",
]

#: Fields the batch writes; they are replaced if a job already carries them.
RESULT_FIELDS = ("tricks", "moves", "error")

#: Seat fields of a job, each 1, 2 or 3 when present.
SEAT_FIELDS = ("declarer", "leader", "player")

Worker = Callable[[str], str]


class BatchError(ValueError):
    """A batch run cannot start or go on (unreadable input, output that does not match)."""


@dataclass
class BatchSummary:
    """What a run did: line numbers refer to the input file (1-based)."""

    total: int = 0  # jobs in the input (non-blank lines)
    resumed: int = 0  # jobs already answered in the output and kept
    solved: int = 0  # jobs answered by this run, errors included
    error_lines: list[int] = field(default_factory=list)  # input lines answered with "error"


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not available on every platform
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------------------- one job


def parse_job(text: str) -> dict[str, Any]:
    """Read one input line as a job object; `BatchError` if it is not a JSON object."""
    try:
        job = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BatchError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(job, dict):
        raise BatchError(f"a job must be a JSON object, got {type(job).__name__}")
    return job


def _text_field(job: dict[str, Any], key: str, *, required: bool) -> str | None:
    value = job.get(key)
    if value is None:
        if required:
            raise BatchError(f"missing field {key!r}")
        return None
    if not isinstance(value, str):
        raise BatchError(f"field {key!r} must be a string, got {json.dumps(value)}")
    return value


def _seat_field(job: dict[str, Any], key: str) -> int | None:
    value = job.get(key)
    if value is None:
        return None
    # bool is an int in Python, but `true` is no seat
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
        raise BatchError(f"field {key!r} must be 1, 2 or 3, got {json.dumps(value)}")
    return value


def _played_field(job: dict[str, Any]) -> list[pa.Card]:
    value = job.get("played")
    if value is None:
        return []
    if isinstance(value, str):  # "AS KS" is as easy to write as ["AS", "KS"]
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise BatchError(f"field 'played' must be a list of cards, got {json.dumps(value)}")
    return [pa.Card.parse(card) for card in value]


def solve_job(job: dict[str, Any]) -> dict[str, Any]:
    """Solve one job; return it with ``tricks`` and ``moves`` added.

    Raises `ValueError` (with a one-line message) for a job that cannot be solved.
    """
    deal = pa.Deal.parse(_text_field(job, "deal", required=True))
    game = pa.Game.parse(_text_field(job, "game", required=True))
    options: dict[str, Any] = {}
    for key in SEAT_FIELDS:
        seat = _seat_field(job, key)
        if seat is not None:
            options[key] = seat
    played = _played_field(job)
    if played:
        options["played"] = played
    talon_rule = _text_field(job, "talon_rule", required=False)
    if talon_rule is not None:
        options["talon_rule"] = talon_rule
    solution = pa.solve(deal, game, **options)
    answer = {key: value for key, value in job.items() if key not in RESULT_FIELDS}
    answer["tricks"] = solution.tricks
    answer["moves"] = moves_to_json(solution.moves)
    return answer


def _one_line(exc: BaseException) -> str:
    message = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, ValueError):
        return message
    # Not a bad-input error: name its kind so that a bug is not mistaken for a bad deal.
    return f"{type(exc).__name__}: {message}"


def process_line(text: str) -> str:
    """The worker: one input line in, one output line out (without newline). Never raises."""
    try:
        job = parse_job(text)
    except BatchError as exc:
        return json.dumps({"input": text, "error": _one_line(exc)}, ensure_ascii=False)
    try:
        answer = solve_job(job)
    except Exception as exc:  # the run goes on whatever one line does
        answer = {key: value for key, value in job.items() if key not in RESULT_FIELDS}
        answer["error"] = _one_line(exc)
    return json.dumps(answer, ensure_ascii=False)


# ---------------------------------------------------------------------------------- files


def _input_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of every non-blank input line."""
    with open(path, encoding="utf-8-sig") as stream:  # tolerate a byte-order mark
        for number, line in enumerate(stream, start=1):
            text = line.strip()
            if text:
                yield number, text


def _count_jobs(path: Path) -> int:
    return sum(1 for _ in _input_lines(path))


def _kept_output(out_path: Path) -> tuple[list[str], int]:
    """The complete answer lines already in `out_path`, and the byte length they occupy.

    A line is complete when it ends with a newline and holds a JSON object; reading stops at
    the first line that is not (a torn line left by a kill).
    """
    kept: list[str] = []
    length = 0
    with open(out_path, "rb") as stream:
        for raw in stream:
            if not raw.endswith(b"\n"):
                break
            try:
                answer = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                break
            if not isinstance(answer, dict):
                break
            kept.append(raw.decode("utf-8"))
            length += len(raw)
    return kept, length


def _check_resumed(kept: list[str], in_path: Path, out_path: Path) -> None:
    """Refuse to resume into an output that answers some other input."""
    lines = _input_lines(in_path)
    for index, answer_text in enumerate(kept, start=1):
        try:
            number, text = next(lines)
        except StopIteration:
            raise BatchError(
                f"{out_path} has {len(kept)} answers but {in_path} has only {index - 1} jobs;"
                " it is not the output of this input"
            ) from None
        answer = json.loads(answer_text)
        try:
            job = parse_job(text)
        except BatchError:
            matches = answer.get("input") == text
        else:
            matches = all(
                answer.get(key) == value for key, value in job.items() if key not in RESULT_FIELDS
            )
        if not matches:
            raise BatchError(
                f"{out_path} line {index} does not answer {in_path} line {number};"
                " it is not the output of this input (remove it or choose another -o)"
            )


def _error_line_numbers(kept: list[str], in_path: Path) -> list[int]:
    numbers = [number for number, _ in _input_lines(in_path)]
    return [numbers[i] for i, text in enumerate(kept) if "error" in json.loads(text)]


# ---------------------------------------------------------------------------------- runs


def _ignore_sigint() -> None:
    # Ctrl-C is the parent's to handle: it stops the run and leaves the output resumable.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _make_executor(backend: str, jobs: int,
                   scheduler: str | None) -> tuple[Executor, Callable[[], None]]:
    """An executor for the backend, and what to call when the run is over."""
    if backend == "processes":
        executor = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
        return executor, lambda: executor.shutdown(wait=True, cancel_futures=True)
    if backend == "dask":
        try:
            from dask.distributed import Client
        except ImportError:
            raise BatchError(
                "the dask backend needs dask.distributed, which is not installed"
                " (pip install 'prefdd[dask]')"
            ) from None
        if scheduler:
            client = Client(scheduler)
        else:
            client = Client(n_workers=jobs, threads_per_worker=1, processes=True)
        return client.get_executor(pure=False), client.close
    raise BatchError(f"unknown backend {backend!r} (choose 'processes' or 'dask')")


def run_batch(
    in_path: str | os.PathLike[str],
    out_path: str | os.PathLike[str],
    *,
    jobs: int | None = None,
    resume: bool = False,
    progress: bool | None = None,
    backend: str = "processes",
    scheduler: str | None = None,
    worker: Worker = process_line,
) -> BatchSummary:
    """Answer every job of `in_path` into `out_path`, in input order.

    `jobs`: worker processes (default: every core); 1 solves in this process. `resume`: keep
    the complete answers already in `out_path` and compute only the rest; without it the
    output is written afresh. `progress`: draw a bar on stderr (None: only on a terminal).
    `backend`: ``"processes"`` (local cores) or ``"dask"`` (`scheduler`: the address of a
    Dask scheduler; none starts a local cluster). `worker` maps one input line to one output
    line; it must be a module-level function so that it can be sent to worker processes.
    """
    in_path, out_path = Path(in_path), Path(out_path)
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise BatchError(f"--jobs must be at least 1, got {jobs}")
    try:
        total = _count_jobs(in_path)
    except OSError as exc:
        raise BatchError(f"cannot read {in_path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise BatchError(f"cannot read {in_path}: it is not UTF-8 text") from None

    if out_path.exists() and out_path.resolve() == in_path.resolve():
        raise BatchError(f"the output {out_path} is the input file; choose another -o")
    summary = BatchSummary(total=total)
    if resume and out_path.exists():
        kept, length = _kept_output(out_path)
        _check_resumed(kept, in_path, out_path)
        with open(out_path, "r+b") as stream:
            stream.truncate(length)  # drop a torn last line
        summary.resumed = len(kept)
        summary.error_lines = _error_line_numbers(kept, in_path)
        mode = "a"
    else:
        mode = "w"

    todo = ((number, text) for index, (number, text) in enumerate(_input_lines(in_path))
            if index >= summary.resumed)
    parallel = jobs > 1 or backend != "processes"
    # Start the workers before the output is touched: a backend that cannot start must not
    # leave an emptied output behind.
    executor, close = _make_executor(backend, jobs, scheduler) if parallel else (None, None)
    try:
        output = open(out_path, mode, encoding="utf-8")
    except OSError as exc:
        if close is not None:
            close()
        raise BatchError(f"cannot write {out_path}: {exc.strerror}") from None
    with output, Progress(total, "solving", initial=summary.resumed, enabled=progress) as bar:

        def write(number: int, answer: str) -> None:
            output.write(answer + "\n")
            output.flush()  # a kill now loses nothing that was written
            summary.solved += 1
            if '"error"' in answer and "error" in json.loads(answer):
                summary.error_lines.append(number)
            bar.update()

        if executor is None:
            for number, text in todo:
                write(number, worker(text))
        else:
            _run_parallel(todo, write, worker, executor, close, jobs)
    return summary


def _run_parallel(
    todo: Iterator[tuple[int, str]],
    write: Callable[[int, str], None],
    worker: Worker,
    executor: Executor,
    close: Callable[[], None],
    jobs: int,
) -> None:
    """Keep a window of jobs in flight and write their answers in input order."""
    # Enough in flight that a slow job does not idle the other workers, few enough that a
    # huge input is never all in memory at once.
    window = max(16, 8 * jobs)
    pending: deque[tuple[int, Any]] = deque()
    try:
        for number, text in todo:
            pending.append((number, executor.submit(worker, text)))
            if len(pending) >= window:
                _write_next(pending, write)
        while pending:
            _write_next(pending, write)
    finally:
        for _, future in pending:
            future.cancel()
        close()


def _write_next(pending: deque[tuple[int, Any]], write: Callable[[int, str], None]) -> None:
    number, future = pending.popleft()
    try:
        answer = future.result()
    except Exception as exc:  # a worker process died (crash, out of memory, killed)
        raise BatchError(
            f"a worker stopped while solving input line {number} ({_one_line(exc)});"
            " the answers so far are saved: run again with --resume"
        ) from None
    write(number, answer)
