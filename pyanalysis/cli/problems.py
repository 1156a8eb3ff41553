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

import re
from pathlib import Path
from typing import Sequence

import click

from pyanalysis.analysis.problems import (
    COLLECTION, PARTIAL, PUBLISHED, Problem, ProblemCheck, ProblemSolution, check_problems,
    find_problem, load_problems, question_words, solve_problem,
)
from pyanalysis.diagram import draw_deal

from .analysis import say, table
from .common import CliError, LongCommand, emit_json, seat_name, symbols_option
from .lines import split_line
from .solving import format_moves, format_tricks

__all__ = ["COMMANDS", "problem", "list_lines", "problem_lines", "check_lines"]

STATUS_WORDS = {PUBLISHED: "published", PARTIAL: "partial answer",
                "statement_only": "statement only"}


def _game(problem: Problem, symbols: bool) -> str:
    return problem.game_words if symbols else problem.game_text


def answer_text(problem: Problem) -> str:
    """The published answer in a few words."""
    if problem.published_answer is not None:
        return str(problem.published_answer)
    return "no trick count" if problem.status == PARTIAL else "-"


def source_parts(problem: Problem) -> list[str]:
    """The problem's sources, one a line (the collection separates them with ";")."""
    return [part.strip() for part in re.split(r"\s;\s|;\s+(?=http)", problem.source)
            if part.strip()]


def list_lines(problems: Sequence[Problem], where: Path, symbols: bool = True) -> list[str]:
    """The collection for people: one row a problem, its source under it."""
    answered = sum(p.published_answer is not None for p in problems)
    name = "data/problems.json" if where == COLLECTION else str(where)
    lines = say(f"{len(problems)} problems in {name} ({answered} with a published"
                f" answer). 'prefdd problem ID' solves one, 'prefdd problem --all' checks"
                f" them all.")
    rows = [["id", "game", "declarer", "status", "answer"]]
    for p in problems:
        rows.append([p.id, _game(p, symbols), seat_name(p.declarer), STATUS_WORDS[p.status],
                     answer_text(p)])
    body = table(rows)
    lines += ["", body[0]]
    for problem, row in zip(problems, body[1:]):
        lines.append(row)
        lines += [f"      {part}" for part in source_parts(problem)]
    return lines


def _seat_words(problem: Problem, seat: int) -> str:
    printed = problem.seat_printed(seat)
    return seat_name(seat) + (f" ({printed} in the source)" if printed else "")


def problem_lines(solved: ProblemSolution, symbols: bool = True) -> list[str]:
    """One problem for people: the diagram, the question, the answer, the line."""
    p = solved.problem
    solution = solved.solution
    role = "plays misère" if p.game.kind == "misere" else "declares"
    lines = [f"Problem {p.id}"] + [f"Source: {part}" for part in source_parts(p)] + [""]
    lines += [draw_deal(p.deal, symbols=symbols, declarer=p.declarer), ""]
    lines += say(f"{_game(p, symbols)}: the {_seat_words(p, p.declarer)} {role}, the"
                 f" {_seat_words(p, p.leader)} leads.")
    lines += say(f"Question: {question_words(p)}")
    noun = "trick" if solved.tricks == 1 else "tricks"
    who = "the misère player is forced to take" if p.game.kind == "misere" else \
        "the declarer takes"
    lines += ["", f"Solved: {who} {solved.tricks} {noun}."]
    if p.published_answer is not None:
        mark = "agrees" if solved.agrees else "DISAGREES"
        lines.append(f"Published answer: {p.published_answer} — {mark}.")
    elif p.status == PARTIAL:
        lines.append("Published answer: the source discusses the play but prints no trick"
                     " count to compare.")
    else:
        lines.append("Published answer: none (the source gives the statement only).")
    lines += ["", f"First cards ({seat_name(solution.to_move)} to play), each with the"
                  f" declarer's tricks (* best):"]
    lines += format_moves(solution.moves, solution.best, symbols)
    lines.append("Solution line:")
    lines += format_tricks(split_line(p.deal, solution.line, trump=p.game.trump), symbols)
    return lines


def check_lines(check: ProblemCheck, symbols: bool = True) -> list[str]:
    """Every problem checked, one a line, then the count."""
    rows = [["id", "game", "declarer", "solved", "published", "verdict"]]
    for s in check.solutions:
        p = s.problem
        rows.append([p.id, _game(p, symbols), seat_name(p.declarer), str(s.tricks),
                     answer_text(p), s.verdict if s.agrees is not False else "DISAGREES"])
    lines = table(rows, right=(3,))
    total = len(check.solutions)
    lines += [""] + say(f"{total} problems: {check.agree} agree with the published answer,"
                        f" {len(check.disagree)} disagree, {check.unanswered} have no published"
                        f" trick count to compare.")
    return lines


@click.command("problem", cls=LongCommand,
               short_help="Published problems: list them, solve one, check them all.",
               epilog="""\b
Example:
  prefdd problem
  prefdd problem SS-ex3
  prefdd problem MIS-Kovalevskaya --json
  prefdd problem --all
""")
@click.argument("problem_id", required=False, metavar="[ID]")
@click.option("--all", "check_all", is_flag=True,
              help="Solve every problem and compare with the published answers; exit code 1"
                   " if any differs.")
@click.option("--collection", "collection", metavar="FILE", default=None,
              help="A problem collection in the same JSON form (default: the project's"
                   " data/problems.json).")
@click.option("--html", "html_file", metavar="FILE", default=None,
              help="Write the problem's page to FILE: one self-contained HTML file with the"
                   " question, the published answer and the solution line.")
@symbols_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (its to_dict()).")
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
    if html_file == "-":
        raise CliError("--html needs a file name (the problem's text goes to standard output)")
    solved = solve_problem(find_problem(problem_id, problems))
    written = ""
    if html_file is not None:
        from pyanalysis.report import problem_report  # the page's templates only when asked

        from .report import write_page

        written = write_page(problem_report(solved), html_file)
    if as_json:
        emit_json(solved.to_dict())
        return
    click.echo("\n".join(problem_lines(solved, symbols)))
    if written:
        click.echo(written)


COMMANDS = [problem]
