"""Helpers for the CLI and batch tests: seeded small endings, batch jobs, stand-in workers.

Run as a script it is a batch run with a slow stand-in worker, for the test that kills a run
half way:  python tests/cli_support.py IN.jsonl OUT.jsonl JOBS
"""
from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis.cli import main

GAMES = ("8S", "6NT", "7H", "misere", "raspasy")


def run(*args: str):
    """`prefdd ARGS` through click's runner (stdout and stderr apart)."""
    return CliRunner().invoke(main, list(args), prog_name="prefdd")


def ok(*args: str) -> str:
    """The stdout of `prefdd ARGS`, which must succeed without a word on stderr."""
    result = run(*args)
    assert result.exit_code == 0, (result.output, result.stderr)
    assert result.stderr == ""
    return result.stdout


def flat(text: str) -> str:
    """Prose is wrapped to the terminal: compare it with the line breaks taken out."""
    return " ".join(text.split())


def strict_json(text: str):
    """`text` read as JSON that has no NaN or Infinity in it."""
    def no_constant(name: str):
        raise AssertionError(f"not strict JSON: {name}")
    return json.loads(text, parse_constant=no_constant)


def same_json(out: str, result) -> None:
    """`--json` prints the result's to_dict(), as strict JSON."""
    assert strict_json(out) == json.loads(json.dumps(result.to_dict()))


def random_deal(rng: random.Random, size: int, talon: bool = False) -> pa.Deal:
    """A deal of three hands of `size` cards drawn from the whole deck, with a talon if asked."""
    cards = [pa.Card.from_index(i) for i in rng.sample(range(32), 3 * size + 2 * talon)]
    hands = tuple(pa.Hand.from_cards(cards[i * size:(i + 1) * size]) for i in range(3))
    return pa.Deal(hands, tuple(cards[3 * size:]))  # type: ignore[arg-type]


def random_jobs(count: int, seed: int, size: int = 4) -> list[dict]:
    """`count` batch jobs over every game kind, seat and talon rule, on `size`-card endings."""
    rng = random.Random(seed)
    jobs = []
    for number in range(count):
        game = GAMES[number % len(GAMES)]
        job: dict = {"id": number, "deal": str(random_deal(rng, size, talon=game == "raspasy")),
                     "game": game}
        if game == "raspasy":
            job.update(player=rng.randint(1, 3), talon_rule=rng.choice(["suit", "card", "none"]))
        else:
            job.update(declarer=rng.randint(1, 3), leader=rng.randint(1, 3))
        jobs.append(job)
    return jobs


def write_jobs(path: Path, jobs: list) -> Path:
    """Write jobs one per line (strings are written as they are, for bad lines)."""
    path.write_text("".join((j if isinstance(j, str) else json.dumps(j)) + "\n" for j in jobs),
                    encoding="utf-8")
    return path


def read_answers(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def tricks_along(deal: str, game: str, line: list[str], **seats) -> int:
    """Play `line` out with the engine's rules (an illegal card raises) and count the
    focus player's tricks: for a principal line they equal the position's value."""
    from pyanalysis.solving import make_position

    position, _, focus = make_position(deal, game, **seats)
    taken = 0
    for card in line:
        position, taker, _ = position.advance(pa.Card.parse(card).index)
        taken += taker == focus - 1
    assert position.is_terminal, "the line stops before the end"
    return taken


def echo_worker(text: str) -> str:
    """A stand-in for the solver: the job back with its id squared as "tricks"."""
    job = json.loads(text)
    job["tricks"] = job["id"] ** 2
    return json.dumps(job)


def reversed_speed_worker(text: str) -> str:
    """Early jobs finish last, so that answers arrive out of input order."""
    job = json.loads(text)
    time.sleep(0.02 * max(0, 8 - job["id"]))
    return echo_worker(text)


def slow_worker(text: str) -> str:
    """Slow enough that a run can be killed half way."""
    time.sleep(0.05)
    return echo_worker(text)


class RecordingBar:
    """Stands in for `Progress`: remembers the total and the layouts reported."""

    made: list["RecordingBar"] = []

    def __init__(self, total, desc="", **kwargs):
        self.total, self.count = total, 0
        RecordingBar.made.append(self)

    def update(self, n=1):
        self.count += n

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None


if __name__ == "__main__":
    from pyanalysis.batch import run_batch

    in_path, out_path, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    run_batch(in_path, out_path, jobs=jobs, resume=True, progress=False, worker=slow_worker)
