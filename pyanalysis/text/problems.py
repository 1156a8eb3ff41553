"""Published problems for people (`prefdd problem`): the collection, one problem solved
against its published answer, every problem checked."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

from pyanalysis.analysis.problems import (
    COLLECTION, PARTIAL, PUBLISHED, Problem, ProblemCheck, ProblemSolution, question_words,
)
from pyanalysis.diagram import draw_deal

from .lines import format_tricks, line_tricks
from .solution import format_moves
from .words import say, seat_name, table

__all__ = ["check_lines", "list_lines", "problem_lines"]

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
    lines += format_tricks(line_tricks(p.deal, p.game, solution.line), symbols)
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
