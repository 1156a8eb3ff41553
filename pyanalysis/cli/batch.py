"""`prefdd batch`: solve a file of jobs, one JSON object per line, in parallel."""
from __future__ import annotations

import json
import shlex
import signal

import click

from pyanalysis.batch import BatchError, default_jobs, run_batch, signals_stop_the_run
from pyanalysis.text.batch import summary_sentence

from .common import CliError, Command

__all__ = ["COMMANDS", "batch"]


@click.command(cls=Command, short_help="Answer a file of JSON-lines jobs in parallel, resumably.",
               epilog="""\b
Example:
  prefdd batch deals.jsonl -o answers.jsonl --jobs 4
  prefdd batch deals.jsonl -o answers.jsonl --resume    # after an interruption

\b
A job line:   {"deal": "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87", "game": "8S", "declarer": 1}
Its answer:   the same object with "tricks", "verdict" ("made", "down 1"; null for an
              ending) and "moves" ({"AS": 8, ...}) added, or "error".
Misère: "game": "misere"; raspasy: "game": "raspasy", "player": 2, "talon_rule": "suit";
"leader": 2 and "played": ["AS"] for a trick in progress.
Any analysis: "kind": "table", "tenner", "odds", "whist", "lead", "misere_catch", "review" or
"declare", the other fields its Python function's arguments, its to_dict() as "answer"; a
played deal's record (its JSON form, or its text as "record") is a job line too.
""")
@click.argument("input_path", metavar="IN.jsonl", type=click.Path(dir_okay=False))
@click.option("-o", "--output", "output_path", metavar="OUT.jsonl", required=True,
              type=click.Path(dir_okay=False), help="Where the answers go, one line per job.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help=f"Worker processes (default: all cores, here {default_jobs()}).")
@click.option("--resume", is_flag=True,
              help="Keep the answers already in OUT.jsonl and solve only the rest.")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar on stderr (default: only on a terminal).")
@click.option("--backend", type=click.Choice(["processes", "dask"]), default="processes",
              show_default=True, help="Local worker processes, or a Dask cluster.")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Dask scheduler address (default: a local Dask cluster).")
@click.option("--json", "as_json", is_flag=True, help="Print the run's summary as JSON.")
def batch(input_path: str, output_path: str, jobs: int | None, resume: bool,
          progress: bool | None, backend: str, scheduler: str | None, as_json: bool) -> None:
    """Answer every job of IN.jsonl; write the answers to OUT.jsonl in input order.

    A line that cannot be solved gets an "error" field and the run goes on. Answers are
    saved as they are found: after an interruption (Ctrl-C, SIGTERM), --resume computes only
    the rest; the worker processes end with the run however it ends.
    """
    if scheduler and backend != "dask":
        raise CliError("--scheduler needs --backend dask")
    with signals_stop_the_run() as caught:
        try:
            summary = run_batch(input_path, output_path, jobs=jobs, resume=resume,
                                progress=progress, backend=backend, scheduler=scheduler)
        except (KeyboardInterrupt, BatchError) as exc:
            if isinstance(exc, BatchError) and not caught:
                raise
            # A BatchError here is a worker killed by the same signal as this process.
            signum = caught[0] if caught else signal.SIGINT
            again = resume_command(click.get_current_context(), input_path, output_path,
                                   jobs, progress, backend, scheduler, as_json)
            click.echo(f"Interrupted ({signal.Signals(signum).name}): the answers so far are in"
                       f" {output_path}; to finish, run: {again}", err=True)
            raise SystemExit(128 + signum) from None
    if as_json:
        click.echo(json.dumps(summary.to_dict(output_path), allow_nan=False))
    else:
        click.echo(summary_sentence(summary, output_path))


def resume_command(ctx: click.Context, input_path: str, output_path: str, jobs: int | None,
                   progress: bool | None, backend: str, scheduler: str | None,
                   as_json: bool) -> str:
    """The command line that finishes an interrupted run: this run's options and --resume."""
    words = [input_path, "-o", output_path]
    if jobs is not None:
        words += ["--jobs", str(jobs)]
    if progress is not None:
        words.append("--progress" if progress else "--no-progress")
    if backend != "processes":
        words += ["--backend", backend]
    if scheduler:
        words += ["--scheduler", scheduler]
    if as_json:
        words.append("--json")
    return " ".join([ctx.command_path, *map(shlex.quote, words), "--resume"])


COMMANDS = [batch]
