"""`prefdd problem`: the published problems in data/problems.json.

- `prefdd problem`: the collection, one problem a line with its id, game, status and source;
- `prefdd problem ID`: the problem drawn, its question, the answer solved exactly, the first
  cards' values, the solution line, and whether it matches the published answer
  (`--html FILE` writes the same as a page);
- `prefdd problem --all`: every problem solved and checked; the exit code is 1 when any
  answer differs from the published one.

`--json` prints the result's ``to_dict()`` (for the list: the problems' entries).
"""
from __future__ import annotations

from pathlib import Path

import click

from pyanalysis.analysis.problems import (
    COLLECTION, check_problems, find_problem, load_problems, solve_problem,
)
from pyanalysis.text.problems import check_lines, list_lines, problem_lines

from .common import CliError, check_page_file, command, emit_json, write_page
from .options import answer_options, html_option

__all__ = ["COMMANDS", "check_lines", "list_lines", "problem", "problem_lines"]


@command("problem", "Published problems: list them, solve one, check them all.", [
    "prefdd problem",
    "prefdd problem SS-ex3",
    "prefdd problem MIS-Kovalevskaya --json",
    "prefdd problem --all"], long=True, deal=False)
@click.argument("problem_id", required=False, metavar="[ID]")
@click.option("--all", "check_all", is_flag=True,
              help="Solve every problem and compare with the published answers; exit code 1"
                   " if any differs.")
@click.option("--collection", "collection", metavar="FILE", default=None,
              help="A problem collection in the same JSON form (default: the project's"
                   " data/problems.json).")
@html_option("Write the problem's page to FILE: one self-contained HTML file with the"
             " question, the published answer and the solution line.")
@answer_options()
def problem(problem_id: str | None, check_all: bool, collection: str | None,
            html_file: str | None, ascii_only: bool, as_json: bool) -> None:
    """The published problems: without ID the list, with ID one problem solved and
    compared with its published answer, with --all every problem checked.

    ID is a problem's id as the list shows it (case does not matter).
    """
    where = Path(collection) if collection else COLLECTION
    problems = load_problems(where)
    symbols = not ascii_only
    if check_all:
        if problem_id is not None:
            raise CliError("give a problem ID or --all, not both")
        if html_file is not None:
            raise CliError("--html writes one problem's page: give its ID instead of --all")
        check = check_problems(problems)
        if as_json:
            emit_json(check.to_dict())
        else:
            click.echo("\n".join(check_lines(check, symbols)))
        if not check.ok:
            ids = ", ".join(s.problem.id for s in check.disagree)
            click.echo(f"Error: {len(check.disagree)} problem(s) disagree with the published"
                       f" answer: {ids}", err=True)
            click.get_current_context().exit(1)
        return
    if problem_id is None:
        if html_file is not None:
            raise CliError("--html writes one problem's page: give its ID")
        if as_json:
            emit_json({"collection": str(where), "problems": [p.to_dict() for p in problems]})
        else:
            click.echo("\n".join(list_lines(problems, where, symbols)))
        return
    check_page_file(html_file, "problem's")
    solved = solve_problem(find_problem(problem_id, problems))
    written = ""
    if html_file is not None:
        from pyanalysis.report import problem_report  # the page's templates only when asked

        written = write_page(problem_report(solved), html_file)
    if as_json:
        emit_json(solved.to_dict())
        return
    click.echo("\n".join(problem_lines(solved, symbols)))
    if written:
        click.echo(written)


COMMANDS = [problem]
