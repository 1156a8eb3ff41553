"""Batch analysis over JSON lines: one job per line in, the same job with its answer out.

The contract (DESIGN.md, "Batch (JSON lines)"): each input line is a job such as
``{"deal": "...", "game": "8S", "declarer": 1, "leader": 1}`` (misère: ``"game": "misere"``;
raspasy: ``"game": "raspasy", "player": 2, "talon_rule": "suit"``; ``"played": ["AS", ...]``
for cards already played to the current trick). The output line is the job with
``"tricks"``, ``"verdict"`` ("made", "down 2", "caught for 1", ...; null for an ending) and
``"moves"`` (card -> tricks, cards written like ``"AS"``) added. Other fields of the job (an
id, a source) are kept as they are. A line that cannot be solved gets an ``"error"`` field
with a one-line reason instead, and the run goes on. A line that is not strict JSON (``NaN``
and ``Infinity`` are not JSON, nor a number too large for a double) comes back as
``{"input": <the text>, "error": ...}``. Blank lines are skipped. Every output line is strict
JSON, so that any JSON reader, and ``--resume``, reads it back.

A job's ``"kind"`` asks any other analysis (`pyanalysis.jobs`: table, tenner, odds, whist,
lead, misere_catch, review, declare): its other fields are that function's arguments, and its
answer, ``"answer"``, the result's ``to_dict()``. A played deal's record (its JSON form) is a
job line too. Jobs go to the workers in tasks of even work (`pyanalysis.jobs.job_cost`).

Output lines are in input order and are written (and flushed) as soon as every earlier line
is done, so an interrupted run leaves a prefix of the answer, at worst with a torn last line;
``resume=True`` keeps that prefix, drops the torn line and computes only the rest. However the
run ends, its worker processes end with it (`_start_worker`).

A run holds an exclusive lock on its output file from before it reads it (to resume) or
empties it until it ends (`_lock_output`): a second run on the same file, from this machine,
is refused at once and touches nothing, so two runs never write the same file.
"""
from __future__ import annotations

import errno
import json
import math
import multiprocessing
import os
import signal
import stat
import threading
import time
from collections import deque
from contextlib import contextmanager
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

try:
    import fcntl
except ImportError:  # not on Windows: see `_lock_output`
    fcntl = None  # type: ignore[assignment]

import pyanalysis as pa

from .jobs import CHUNK_COST, answer_kind, counted_job, job_cost, job_kind
from .jsonout import moves_to_json
from .progress import Progress
from .serialize import to_jsonable
from .solving import deal_verdict, engine_moves, make_position

__all__ = [
    "AnswerLines",
    "BatchError",
    "BatchSummary",
    "OutputInUseError",
    "default_jobs",
    "parse_job",
    "process_line",
    "process_lines",
    "signals_stop_the_run",
    "read_json",
    "run_batch",
    "answer_job",
    "solve_job",
    "write_json",
]

#: Fields the batch writes; they are replaced if a job already carries them.
RESULT_FIELDS = ("tricks", "verdict", "moves", "error", "answer")

#: Deepest nesting of arrays and objects read in a job. A job is flat; the limit keeps junk
#: nested a thousand deep from overflowing the stack when its answer is written.
MAX_NESTING = 64

#: At most this many characters of a value are quoted in a message, and a message is shorter
#: than `MAX_MESSAGE`: a huge field must not come back as a huge error.
QUOTE_CHARS = 60

#: The longest job line read: a deal is at most a few hundred characters, and a job a few
#: fields more. A longer line is refused and only its start is echoed in the answer, so that
#: a huge line never comes back as a huge answer.
MAX_JOB_CHARS = 4000
MAX_MESSAGE = 300
#: The longest answer line read back (`--resume`, `prefdd stats`), in bytes: an answer is the
#: job and its analysis (a tenner check with every discard's line is about 16 kB), far below.
#: A longer line is no answer of a batch, and is refused before it is read whole.
MAX_ANSWER_BYTES = 8 * 1024 * 1024
#: Pieces in which the rest of an over-long input line is read past (characters).
SKIP_CHUNK = 1 << 16

#: How often (seconds) a worker checks that the process that started it is still there.
PARENT_CHECK_SECONDS = 0.2

#: Seat fields of a job, each 1, 2 or 3 when present.
SEAT_FIELDS = ("declarer", "leader", "player")

Worker = Callable[[str], str]

#: Solve jobs a worker answers in one call: the engine solves them together without the GIL,
#: and a process pool pays its round trip once per chunk rather than once per line. Small
#: enough that the output still advances steadily (it is written in input order). Jobs of other
#: kinds count as their cost (`pyanalysis.jobs.KINDS`).
CHUNK_LINES = CHUNK_COST
#: A Dask task is bigger: each one costs the client, the scheduler and a worker a few round
#: trips (more than a process pool's pipe), which a task of several times the work amortises.
#: It stays small against a run, so that a worker lost costs little to redo.
DASK_TASK_COST = 4 * CHUNK_COST


class BatchError(ValueError):
    """A batch run cannot start or go on (unreadable input, output that does not match)."""


class OutputInUseError(BatchError):
    """Another run holds the lock on the output file."""


@dataclass
class BatchSummary:
    """What a run did: line numbers refer to the input file (1-based)."""

    total: int = 0  # jobs in the input (non-blank lines)
    resumed: int = 0  # jobs already answered in the output and kept
    solved: int = 0  # jobs answered by this run, errors included
    error_lines: list[int] = field(default_factory=list)  # input lines answered with "error"

    def to_dict(self, output: str) -> dict[str, Any]:
        """The run as JSON, with `output`, the answers' file."""
        return {"output": output, "jobs": self.total, "resumed": self.resumed,
                "solved": self.solved, "errors": len(self.error_lines),
                "error_lines": self.error_lines}


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not available on every platform
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------------------- one job


def _clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` cut to at most `limit` characters, the cut marked with `…`."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _shown(value: Any) -> str:
    """A JSON value as a message quotes it: short, whatever its size."""
    return _clip(json.dumps(value, ensure_ascii=False))


def _no_constant(name: str) -> Any:
    raise BatchError(f"not strict JSON: {name} is not a JSON value (write a number or null)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as infinity, which JSON cannot write back
        raise BatchError(f"not strict JSON: the number {_clip(text, 30)} is too large")
    return value


def _readable_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        digits = len(text.lstrip("-"))
        raise BatchError(f"not strict JSON: a number of {digits} digits is too long") from None


def read_json(text: str | bytes) -> Any:
    """Strict JSON: `BatchError` for anything a strict JSON reader refuses (NaN, Infinity,
    numbers beyond a double), for text that is not JSON, and for nesting deeper than
    `MAX_NESTING`. Python's own reader takes NaN and Infinity, and then writes them back as
    tokens that are not JSON."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float,
                           parse_int=_readable_int)
    except json.JSONDecodeError as exc:
        what = exc.msg.removesuffix(" at")  # "Invalid control character at"
        raise BatchError(f"not JSON: {what} at column {exc.colno}") from None
    except RecursionError:
        raise BatchError(f"not a job: nested deeper than {MAX_NESTING} levels") from None
    except BatchError:
        raise
    except ValueError as exc:  # bytes that are not UTF-8 (an output line read back)
        raise BatchError(f"not JSON: {_clip(' '.join(str(exc).split()), 80)}") from None
    _check_value(value)
    return value


def _check_value(value: Any) -> None:
    """Refuse what cannot be written back as UTF-8 JSON: deep nesting, lone surrogates."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:  # "\ud800" reads as half a character
                    raise BatchError("not text: a string holds a lone surrogate (\\ud800-"
                                     "\\udfff) that is half a character") from None
        elif isinstance(item, (list, dict)):
            if depth >= MAX_NESTING:
                raise BatchError(f"not a job: nested deeper than {MAX_NESTING} levels")
            if isinstance(item, dict):
                stack.extend((key, depth + 1) for key in item)
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)


class LongLine(str):
    """An input line longer than any job: only its start is kept (`MAX_JOB_CHARS` + 1
    characters), with `chars`, the length of the whole line (`_input_lines`)."""

    chars: int

    def __new__(cls, start: str, chars: int) -> LongLine:
        line = super().__new__(cls, start)
        line.chars = chars
        return line

    def __reduce__(self) -> tuple[Any, ...]:  # sent whole to a worker process
        return LongLine, (str(self), self.chars)


def parse_job(text: str) -> dict[str, Any]:
    """Read one input line as a job object; `BatchError` if it is not a JSON object, or not
    strict JSON (`read_json`), or longer than any job (`MAX_JOB_CHARS`)."""
    if len(text) > MAX_JOB_CHARS or isinstance(text, LongLine):
        chars = text.chars if isinstance(text, LongLine) else len(text)
        raise BatchError(f"a job line is at most {MAX_JOB_CHARS:,} characters; this one has"
                         f" {chars:,}")
    job = read_json(text)
    if not isinstance(job, dict):
        raise BatchError(f"a job must be a JSON object, got {type(job).__name__}")
    return job


def write_json(value: Any) -> str:
    """One output line: strict JSON (never NaN or Infinity), UTF-8 characters as they are."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _text_field(job: dict[str, Any], key: str, *, required: bool) -> str | None:
    value = job.get(key)
    if value is None:
        if required:
            raise BatchError(f"missing field {key!r}")
        return None
    if not isinstance(value, str):
        raise BatchError(f"field {key!r} must be a string, got {_shown(value)}")
    return value


def _seat_field(job: dict[str, Any], key: str) -> int | None:
    value = job.get(key)
    if value is None:
        return None
    # bool is an int in Python, but `true` is no seat
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
        raise BatchError(f"field {key!r} must be 1, 2 or 3, got {_shown(value)}")
    return value


def _played_field(job: dict[str, Any]) -> list[pa.Card]:
    value = job.get("played")
    if value is None:
        return []
    if isinstance(value, str):  # "AS KS" is as easy to write as ["AS", "KS"]
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise BatchError(f"field 'played' must be a list of cards, got {_shown(value)}")
    return [pa.Card.parse(card) for card in value]


def _job_arguments(job: dict[str, Any]) -> tuple[pa.Deal, pa.Game, dict[str, Any]]:
    """The deal, the game and the `pa.solve` options a job asks about (ValueError if bad)."""
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
    return deal, game, options


def _answer(job: dict[str, Any], tricks: int, verdict: str | None,
            moves: dict[pa.Card, int]) -> dict[str, Any]:
    answer = {key: value for key, value in job.items() if key not in RESULT_FIELDS}
    answer["tricks"] = tricks
    answer["verdict"] = verdict
    answer["moves"] = moves_to_json(moves)
    return answer


def solve_job(job: dict[str, Any]) -> dict[str, Any]:
    """Solve one job; return it with ``tricks``, ``verdict`` and ``moves`` added.

    Raises `ValueError` (with a one-line message) for a job that cannot be solved.
    """
    deal, game, options = _job_arguments(job)
    solution = pa.solve(deal, game, **options)
    return _answer(job, solution.tricks, solution.verdict, solution.moves)


def answer_job(job: dict[str, Any]) -> dict[str, Any]:
    """Answer one job of any kind (`pyanalysis.jobs`): a solve job as `solve_job` does, any
    other with the answering function's result, ``to_dict()``, added as ``"answer"``.

    Raises `ValueError` (with a one-line message) for a job that cannot be answered.
    """
    kind = job_kind(job)
    if kind == "solve":
        return solve_job(job)
    return _kind_answer(job, answer_kind(kind, job))


def _kind_answer(job: dict[str, Any], result: Any) -> dict[str, Any]:
    answer = {key: value for key, value in job.items() if key not in RESULT_FIELDS}
    answer["answer"] = to_jsonable(result)
    return answer


def _one_line(exc: BaseException) -> str:
    """The error field: one printable line (controls and separators escaped), short."""
    message = " ".join(str(exc).split()) or type(exc).__name__
    if not isinstance(exc, ValueError):
        # Not a bad-input error: name its kind so that a bug is not mistaken for a bad deal.
        message = f"{type(exc).__name__}: {message}"
    message = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in message)
    return _clip(message, MAX_MESSAGE - 1)


def _echo(text: str) -> str:
    """The input as an answer repeats it: whole, or only its start if it is over-long."""
    return _clip(text) if len(text) > MAX_JOB_CHARS or isinstance(text, LongLine) else text


def process_line(text: str) -> str:
    """The worker: one input line in, one output line out (without newline). Never raises.

    The line out is strict JSON: the job with its answer, the job with an "error", or, for a
    line that is no job (or whose answer cannot be written), ``{"input": text, "error": ...}``
    (only the start of the text when the line is over-long).
    """
    try:
        job = parse_job(text)
    except BatchError as exc:
        return write_json({"input": _echo(text), "error": _one_line(exc)})
    try:
        answer = answer_job(job)
    except Exception as exc:  # the run goes on whatever one line does
        answer = {key: value for key, value in job.items() if key not in RESULT_FIELDS}
        answer["error"] = _one_line(exc)
    try:
        return write_json(answer)
    except Exception as exc:  # parse_job lets through nothing that fails here: a last guard
        return write_json({"input": _echo(text), "error": _one_line(exc)})


def process_lines(texts: list[str]) -> list[str]:
    """Many input lines at once, each answered exactly as `process_line` would: the lines are
    read here, their positions solved together by the engine's many-positions entry point
    (`solver.tricks_many`: every card's value, in compiled code, one Python call for all of
    them; the questions made of trick counts alone, `pyanalysis.jobs.Counted`, in a second
    call, counts only), and the answers written. Other kinds are answered one by one. Never
    raises."""
    import solver

    answers: list[str | None] = [None] * len(texts)
    ready: list[tuple[int, dict[str, Any], Any, pa.Game, pa.Deal]] = []
    counted: list[tuple[int, dict[str, Any], Any, Any, int, int]] = []
    to_count: list[Any] = []
    for i, text in enumerate(texts):
        try:
            job = parse_job(text)
        except BatchError as exc:
            answers[i] = write_json({"input": _echo(text), "error": _one_line(exc)})
            continue
        try:
            if job_kind(job) != "solve":
                found = counted_job(job)
                if found is None:
                    raise LookupError("neither a solve job nor counts: answered alone")
                how, made, positions = found
                counted.append((i, job, how, made, len(to_count), len(positions)))
                to_count.extend(positions)
                continue
            deal, game, options = _job_arguments(job)
            position, game, _ = make_position(deal, game, **options)
        except Exception:  # the one-line path says what is wrong, exactly as it would alone
            answers[i] = process_line(text)
            continue
        ready.append((i, job, position, game, deal))
    try:
        # A batch's deals are unrelated: the entry point's default table suits them (on the
        # benchmark sets' 800 lines, 2 MB answered 11-27 % faster than 16 MB, alternating).
        solved = solver.tricks_many([item[2] for item in ready], moves=True, threads=1)
        counts = solver.tricks_many(to_count, threads=1).tolist() if to_count else []
    except Exception:  # pragma: no cover - a bug in the engine: each line alone says which
        return [answer if answer is not None else process_line(text)
                for answer, text in zip(answers, texts)]
    for i, job, how, made, start, size in counted:
        try:
            answers[i] = write_json(_kind_answer(job, how.result(made, counts[start:start + size])))
        except Exception as exc:  # as `process_line` would say it
            answers[i] = write_json({**{key: value for key, value in job.items()
                                        if key not in RESULT_FIELDS}, "error": _one_line(exc)})
    for k, (i, job, position, game, deal) in enumerate(ready):
        tricks = int(solved.tricks[k])
        row = solved.moves[k]
        moves = engine_moves({c: int(row[c]) for c in range(32) if row[c] >= 0})
        try:
            answers[i] = write_json(_answer(job, tricks, deal_verdict(deal, game, tricks), moves))
        except Exception as exc:
            answers[i] = write_json({"input": _echo(texts[i]), "error": _one_line(exc)})
    return [answer for answer in answers if answer is not None]


# ---------------------------------------------------------------------------------- files


def _input_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of every non-blank input line.

    A line is read at most `MAX_JOB_CHARS` + 1 characters at a time: a longer one is no job,
    and the run goes on past it (it is answered with an error, as any bad line is), so the
    rest of it is read past in pieces of `SKIP_CHUNK` characters and only counted
    (`LongLine`). However long a line, or endless, the memory it takes stays bounded."""
    with open(path, encoding="utf-8-sig") as stream:  # tolerate a byte-order mark
        number = 0
        while True:
            line = stream.readline(MAX_JOB_CHARS + 1)
            if not line:
                return
            number += 1
            if len(line) <= MAX_JOB_CHARS or line.endswith("\n"):
                text = line.strip()
                if text:
                    yield number, text
                continue
            yield number, _long_line(stream, line)


def _long_line(stream: Any, start: str) -> LongLine:
    """The over-long line that begins with `start`, its rest read past in bounded pieces;
    its length is counted as it stands (blanks too, not its line end)."""
    chars = len(start)
    piece = start
    while not piece.endswith("\n"):
        piece = stream.readline(SKIP_CHUNK)
        if not piece:
            break
        chars += len(piece)
    chars -= len(piece) - len(piece.rstrip("\r\n"))
    return LongLine(start.strip()[:MAX_JOB_CHARS + 1], chars)


class AnswerLines:
    """The answer objects of a batch's output file, in order, blank lines skipped: iterate
    over it once. Each line is read at most `MAX_ANSWER_BYTES` + 1 bytes at a time.

    `BatchError`, naming the file and the line number, for a line that is not a JSON object
    and for a line longer than any answer (refused there: the rest of the file is not read,
    since a count that skipped it would not be the count of the file). A last line without
    its newline that does not read is what a run stopped while writing leaves (``prefdd
    batch --resume`` redoes it): it is skipped, and counted in `torn` (its number in
    `torn_line`).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self.torn = 0
        self.torn_line: int | None = None

    def __iter__(self) -> Iterator[dict[str, Any]]:
        try:
            with open(self.path, "rb") as stream:
                number = 0
                while True:
                    raw = stream.readline(MAX_ANSWER_BYTES + 1)
                    if not raw:
                        return
                    number += 1
                    answer = self._read(raw, number)
                    if answer is not None:
                        yield answer
        except OSError as exc:
            raise BatchError(f"cannot read {self.path}: {exc.strerror}") from None

    def _read(self, raw: bytes, number: int) -> dict[str, Any] | None:
        whole = raw.endswith(b"\n")
        if len(raw) > MAX_ANSWER_BYTES and not whole:
            raise BatchError(f"{self.path} line {number}: longer than any answer"
                             f" ({MAX_ANSWER_BYTES:,} bytes); not a batch's output")
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a byte-order mark
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if not whole:  # cut inside a character
                return self._torn(number)
            raise BatchError(f"{self.path} line {number}: not UTF-8 text") from None
        if not text.strip():
            return None
        try:
            answer = read_json(text)
        except BatchError as exc:
            if not whole:
                return self._torn(number)
            raise BatchError(f"{self.path} line {number}: {exc}") from None
        if not isinstance(answer, dict):
            if not whole:
                return self._torn(number)
            raise BatchError(f"{self.path} line {number}: an answer is a JSON object")
        return answer

    def _torn(self, number: int) -> None:
        self.torn += 1
        self.torn_line = number
        return None


def _count_jobs(path: Path) -> int:
    return sum(1 for _ in _input_lines(path))


def _kept_output(fd: int, out_path: Path) -> tuple[list[str], int]:
    """The complete answer lines already in the output open as `fd`, and the byte length they
    occupy. (Read through the locked descriptor, not the path: the file locked is the file
    read.)

    A line is complete when it ends with a newline and holds a JSON object; reading stops at
    the first line that is not (a torn line left by a kill). A line longer than any answer
    (`MAX_ANSWER_BYTES`) is not one this batch wrote: the run is refused, naming it, before
    the rest of it is read and before anything of the output changes.
    """
    kept: list[str] = []
    length = 0
    os.lseek(fd, 0, os.SEEK_SET)
    with open(fd, "rb", closefd=False) as stream:
        while True:
            raw = stream.readline(MAX_ANSWER_BYTES + 1)
            if not raw:
                break
            if len(raw) > MAX_ANSWER_BYTES and not raw.endswith(b"\n"):
                raise BatchError(
                    f"{out_path} line {len(kept) + 1} is longer than any answer"
                    f" ({MAX_ANSWER_BYTES:,} bytes); it is not the output of a batch run"
                    " (remove it or choose another -o)")
            if not raw.endswith(b"\n"):
                break
            try:
                answer = read_json(raw)
            except BatchError:  # torn, or not strict JSON (NaN from an older version): redo
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
        # A line that is no job, or whose answer could not be written, comes back as its text.
        matches = answer.get("input") == _echo(text)
        if not matches:
            try:
                job = parse_job(text)
            except BatchError:
                pass
            else:
                matches = all(answer.get(key) == value
                              for key, value in job.items() if key not in RESULT_FIELDS)
        if not matches:
            raise BatchError(
                f"{out_path} line {index} does not answer {in_path} line {number};"
                " it is not the output of this input (remove it or choose another -o)"
            )


def _error_line_numbers(kept: list[str], in_path: Path) -> list[int]:
    numbers = [number for number, _ in _input_lines(in_path)]
    return [numbers[i] for i, text in enumerate(kept) if "error" in json.loads(text)]


#: Descriptors of the outputs this process holds locked. A worker process forked during a run
#: inherits them, and with them the lock (a `flock` lock belongs to the open file, which the
#: fork shares): `_start_worker` closes them, so that the lock ends with the main process, and
#: a run killed with SIGKILL can be resumed at once, not only once its workers have noticed.
_LOCKED_OUTPUTS: set[int] = set()

#: `flock`'s answers for a lock held by someone else (EWOULDBLOCK; EACCES on some systems).
_LOCK_BUSY = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES}


def _lock_output(out_path: Path) -> tuple[int, bool]:
    """Open `out_path` for reading and writing, creating it if it is absent but never emptying
    it, and take an exclusive lock on it. Returns the descriptor (the lock lasts until it is
    closed, and ends with the process however it ends) and whether the file was created here.

    `OutputInUseError` if another run holds the lock: nothing of the file is read or changed.
    The lock is `flock`'s: advisory (it keeps out other prefdd runs, not other programs) and
    local (on a network file system, runs on different machines may not see each other's).
    Where there is no `fcntl` (Windows), or the file system has no locks, the run goes on
    unlocked, as before locks were taken: two runs on one file are then not refused.
    """
    binary = getattr(os, "O_BINARY", 0)  # Windows: no newline translation below the text layer
    for _ in range(3):
        try:
            try:
                fd = os.open(out_path, os.O_RDWR | os.O_CREAT | os.O_EXCL | binary, 0o666)
                created = True
            except FileExistsError:
                fd = os.open(out_path, os.O_RDWR | binary)
                created = False
        except OSError as exc:
            raise BatchError(f"cannot write {out_path}: {exc.strerror}") from None
        if fcntl is None or not stat.S_ISREG(os.fstat(fd).st_mode):
            # No locks here; nor on a device or a pipe (`-o /dev/null`), which is no file
            # that a run could resume, and which other runs may write as well.
            return fd, created
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in _LOCK_BUSY:
                return fd, created  # a file system without locks: go on unlocked
            os.close(fd)
            raise OutputInUseError(
                f"{out_path} is being written by another batch run; let it finish, or stop"
                " it and run again with --resume"
            ) from None
        # The lock is on the file opened; if the name now leads to another file (the one
        # opened was removed or replaced meanwhile), lock that one instead.
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(out_path))
        except OSError:
            same = False
        if same:
            return fd, created
        os.close(fd)
    raise BatchError(f"cannot write {out_path}: it is being removed or replaced")


# ---------------------------------------------------------------------------------- runs


def _start_worker(parent_pid: int, start_method: str) -> None:
    """Run in each worker process as it starts: Ctrl-C is ignored (it is the main process's to
    handle: it stops the run and leaves the output resumable), and the worker ends as soon as
    the main process is gone, however it ended.

    A process killed with SIGKILL runs no code, so the workers must notice by themselves. Each
    one runs a daemon thread that watches its parent, two ways:
    - `multiprocessing.parent_process()`'s sentinel: a pipe whose other end only the parent
      holds (spawn, forkserver) or a process handle (Windows), ready when the parent is gone.
      It is portable, and with those start methods it wakes the thread at once.
    - `os.getppid()` against the parent it started with: on POSIX an orphan is re-parented
      (to init or a subreaper). With the "fork" start method the sentinel pipe is also held
      open by the workers forked after this one, for as long as they live; this check does
      not depend on them.
    Linux's prctl(PR_SET_PDEATHSIG) would need no thread, but it is Linux only, fires when
    the parent *thread* that forked the worker ends (not the process), and with the forkserver
    start method watches the forkserver instead; the thread works for every start method. The
    solver releases the GIL while it searches, so the thread runs even during a long job.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A forked worker inherits the main process's SIGTERM handler (the command line turns
    # SIGTERM into an interruption); in a worker the pool would catch that as the job's error.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for fd in _LOCKED_OUTPUTS:  # forked with the output open: the lock is the main process's
        try:
            os.close(fd)
        except OSError:
            pass
    _LOCKED_OUTPUTS.clear()
    parent = multiprocessing.parent_process()
    # The parent to watch: the main process itself (fork, spawn), or the forkserver, which
    # exits when the main process is gone.
    first_parent = os.getppid()
    died_already = (parent is not None and not parent.is_alive()) or (
        start_method != "forkserver" and first_parent != parent_pid)
    if died_already:
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent, first_parent), daemon=True,
                     name="prefdd-watch-parent").start()


def _watch_parent(parent: multiprocessing.process.BaseProcess | None, first_parent: int) -> None:
    while True:
        if parent is not None:
            parent.join(PARENT_CHECK_SECONDS)  # returns at once when the parent is gone
            gone = not parent.is_alive()
        else:
            time.sleep(PARENT_CHECK_SECONDS)
            gone = False
        if gone or os.getppid() != first_parent:
            # `os._exit`: no clean-up that could wait on the dead parent's queues.
            os._exit(1)


Close = Callable[[bool], None]


def _make_executor(backend: str, jobs: int, scheduler: str | None
                   ) -> tuple[Executor, Close, int]:
    """An executor for the backend, what to call when the run is over: ``close(False)``
    after a finished run (wait for the workers), ``close(True)`` when it stops half way
    (interrupted, a worker died: end the workers now, do not wait for their jobs), and how
    many tasks it runs at once (a Dask cluster: its workers' threads, as they are now)."""
    if backend == "processes":
        context = multiprocessing.get_context()
        executor = ProcessPoolExecutor(max_workers=jobs, mp_context=context,
                                       initializer=_start_worker,
                                       initargs=(os.getpid(), context.get_start_method()))

        def close(abort: bool) -> None:
            if abort:
                # No public way to stop running jobs: end the worker processes themselves.
                # (They would end with this process anyway, see `_start_worker`, but the
                # exit of this process waits for the pool.)
                processes = list((getattr(executor, "_processes", None) or {}).values())
                for process in processes:
                    process.terminate()
                for process in processes:
                    process.join(2)
                    if process.is_alive():
                        process.kill()
            executor.shutdown(wait=True, cancel_futures=True)

        return executor, close, jobs
    if backend == "dask":
        try:
            from dask.distributed import Client
        except ImportError:
            raise BatchError(
                "the dask backend needs dask.distributed, which is not installed"
                " (pip install 'prefdd[dask]')"
            ) from None
        # A local cluster's worker processes end when this process does (distributed's own
        # processes watch their parent); a remote cluster's workers are not ours to end, and
        # the scheduler drops the tasks of a client that is gone.
        if scheduler:
            client = Client(scheduler)
        else:
            client = Client(n_workers=jobs, threads_per_worker=1, processes=True)
        slots = sum(client.nthreads().values()) or jobs
        return client.get_executor(pure=False), lambda abort: client.close(), slots
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
    fd, created = _lock_output(out_path)
    _LOCKED_OUTPUTS.add(fd)
    try:
        return _run_locked(in_path, out_path, fd, created, summary, jobs=jobs, resume=resume,
                           progress=progress, backend=backend, scheduler=scheduler,
                           worker=worker)
    finally:
        _LOCKED_OUTPUTS.discard(fd)
        os.close(fd)  # ends the lock


def _run_locked(in_path: Path, out_path: Path, fd: int, created: bool, summary: BatchSummary,
                *, jobs: int, resume: bool, progress: bool | None, backend: str,
                scheduler: str | None, worker: Worker) -> BatchSummary:
    """`run_batch` once the output is open as `fd` and locked."""
    length = 0
    if resume and stat.S_ISREG(os.fstat(fd).st_mode):
        kept, length = _kept_output(fd, out_path)
        _check_resumed(kept, in_path, out_path)
        summary.resumed = len(kept)
        summary.error_lines = _error_line_numbers(kept, in_path)

    todo = ((number, text) for index, (number, text) in enumerate(_input_lines(in_path))
            if index >= summary.resumed)
    parallel = jobs > 1 or backend != "processes"
    # Start the workers before the output is changed: a backend that cannot start must not
    # leave an emptied output behind (nor one this run created).
    try:
        executor, close, slots = (_make_executor(backend, jobs, scheduler) if parallel
                                  else (None, None, 1))
    except BaseException:
        if created:
            try:
                os.unlink(out_path)
            except OSError:  # Windows removes no open file: an empty output stays
                pass
        raise
    try:
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):  # not a device or a pipe (`-o /dev/null`)
                os.ftruncate(fd, length)  # drop a torn last line, or all without `resume`
                os.lseek(fd, length, os.SEEK_SET)
            # Written through the locked descriptor (closed by `run_batch`, not here).
            output = open(fd, "w", encoding="utf-8", closefd=False)
        except OSError as exc:
            raise BatchError(f"cannot write {out_path}: {exc.strerror}") from None
        with output, Progress(summary.total, "solving", initial=summary.resumed,
                              enabled=progress) as bar:

            def write(number: int, answer: str) -> None:
                output.write(answer + "\n")
                output.flush()  # a kill now loses nothing that was written
                summary.solved += 1
                if '"error"' in answer and "error" in json.loads(answer):
                    summary.error_lines.append(number)
                bar.update()

            # The default worker answers many lines in one call (the engine solves them
            # together), in tasks of even work (`line_cost`); any other worker is called
            # line by line.
            if worker is process_line:
                many, cost = process_lines, line_cost
                budget = DASK_TASK_COST if backend == "dask" else CHUNK_COST
            else:
                many, budget, cost = _line_by_line(worker), 1, _one
            if executor is None:
                for numbers, texts in _chunks(todo, budget, cost):
                    for number, answer in zip(numbers, many(texts)):
                        write(number, answer)
            else:
                _run_parallel(_chunks(todo, budget, cost), write, many, executor, slots)
    except BaseException:  # Ctrl-C, SIGTERM turned into an exception, a dead worker
        if close is not None:
            close(True)
        raise
    if close is not None:
        close(False)
    return summary


class _line_by_line:
    """A one-line worker made to answer a list of lines (picklable, for worker processes)."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker

    def __call__(self, texts: list[str]) -> list[str]:
        return [self.worker(text) for text in texts]


def line_cost(text: str) -> int:
    """The work of answering one input line, in solve jobs (`pyanalysis.jobs.job_cost`): a
    line that is no job is answered at once, and costs 1."""
    try:
        job = (json.loads(text) if len(text) <= MAX_JOB_CHARS
               and not isinstance(text, LongLine) else None)
    except (ValueError, RecursionError):
        return 1
    return job_cost(job) if isinstance(job, dict) else 1


def _one(text: str) -> int:
    return 1


def _chunks(todo: Iterator[tuple[int, str]], budget: int, cost: Callable[[str], int]
            ) -> Iterator[tuple[list[int], list[str]]]:
    """The (line number, text) pairs of `todo` in tasks: consecutive lines whose `cost` adds up
    to `budget` (the last line may pass it; a line costing `budget` or more is a task alone)."""
    numbers: list[int] = []
    texts: list[str] = []
    work = 0
    for number, text in todo:
        numbers.append(number)
        texts.append(text)
        work += cost(text)
        if work >= budget:
            yield numbers, texts
            numbers, texts, work = [], [], 0
    if texts:
        yield numbers, texts


def _run_parallel(
    chunks: Iterator[tuple[list[int], list[str]]],
    write: Callable[[int, str], None],
    many: Callable[[list[str]], list[str]],
    executor: Executor,
    slots: int,
) -> None:
    """Keep a window of chunks of jobs in flight and write their answers in input order
    (`slots`: how many tasks the executor runs at once)."""
    # Enough in flight that a slow chunk does not idle the other workers, few enough that a
    # huge input is never all in memory at once.
    window = max(16, 8 * slots)
    pending: deque[tuple[list[int], Any]] = deque()
    # The jobs still pending when the run stops are dropped by the executor's `close`. (Not
    # here: a process pool whose workers are then ended fails the pending futures itself, and
    # in Python 3.11 it raises in its own thread on those already cancelled.)
    for numbers, texts in chunks:
        pending.append((numbers, executor.submit(many, texts)))
        if len(pending) >= window:
            _write_next(pending, write)
    while pending:
        _write_next(pending, write)


def _write_next(pending: deque[tuple[list[int], Any]],
                write: Callable[[int, str], None]) -> None:
    numbers, future = pending.popleft()
    try:
        answers = future.result()
    except Exception as exc:  # a worker process died (crash, out of memory, killed)
        where = (f"input line {numbers[0]}" if len(numbers) == 1
                 else f"input lines {numbers[0]}-{numbers[-1]}")
        raise BatchError(
            f"a worker stopped while solving {where} ({_one_line(exc)});"
            " the answers so far are saved: run again with --resume"
        ) from None
    for number, answer in zip(numbers, answers):
        write(number, answer)


@contextmanager
def signals_stop_the_run() -> Iterator[list[int]]:
    """While the run lasts, SIGTERM stops it as Ctrl-C does: the run's clean-up ends the
    workers and keeps the answers so far. Yields the list of signals caught (the first one
    decides the exit code, 128 + its number, as a shell reports a death by that signal).

    A signal the process was started ignoring (``nohup``, a background job) stays ignored.
    Only the main thread may set handlers; elsewhere the defaults stay.
    """
    caught: list[int] = []

    def stop(signum: int, frame: object) -> None:
        if caught:  # the clean-up is running: let it finish
            return
        caught.append(signum)
        raise KeyboardInterrupt

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is not signal.SIG_IGN:
                previous[signum] = signal.signal(signum, stop)
    try:
        yield caught
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
