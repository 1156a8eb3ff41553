"""`prefdd batch`: solve a file of jobs, one JSON object per line, in parallel."""
from __future__ import annotations

import json

import click

from pyanalysis.batch import default_jobs, run_batch

from .common import CliError, Command

__all__ = ["COMMANDS", "batch"]


@click.command(cls=Command, short_help="Solve a file of JSON-lines jobs in parallel, resumably.",
               epilog="""\b
Example:
  prefdd batch deals.jsonl -o answers.jsonl --jobs 4
  prefdd batch deals.jsonl -o answers.jsonl --resume    # after an interruption

\b
A job line:   {"deal": "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87", "game": "8S", "declarer": 1}
Its answer:   the same object with "tricks" and "moves" ({"AS": 8, ...}) added, or "error".
Misère: "game": "misere"; raspasy: "game": "raspasy", "player": 2, "talon_rule": "suit";
"leader": 2 and "played": ["AS"] for a trick in progress.
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
    """Solve every job of IN.jsonl; write the answers to OUT.jsonl in input order.

    A line that cannot be solved gets an "error" field and the run goes on. Answers are
    saved as they are found: after an interruption, --resume computes only the rest.
    """
    if scheduler and backend != "dask":
        raise CliError("--scheduler needs --backend dask")
    try:
        summary = run_batch(input_path, output_path, jobs=jobs, resume=resume,
                            progress=progress, backend=backend, scheduler=scheduler)
    except KeyboardInterrupt:
        click.echo(f"Interrupted: the answers so far are in {output_path};"
                   " run the same command with --resume to finish.", err=True)
        raise SystemExit(130) from None
    if as_json:
        click.echo(json.dumps({
            "output": output_path,
            "jobs": summary.total,
            "resumed": summary.resumed,
            "solved": summary.solved,
            "errors": len(summary.error_lines),
            "error_lines": summary.error_lines,
        }))
        return
    errors = len(summary.error_lines)
    kept = f", {summary.resumed} kept from the earlier run" if summary.resumed else ""
    message = f"{summary.total} jobs: {summary.solved} solved now{kept}; answers in {output_path}"
    if errors:
        lines = ", ".join(str(n) for n in summary.error_lines[:10])
        more = ", ..." if errors > 10 else ""
        message += f"; {errors} with an error (input lines {lines}{more})"
    click.echo(message)


COMMANDS = [batch]
