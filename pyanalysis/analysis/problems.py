"""Published problems: the collection in `pyanalysis/data/problems.json`, each solved and checked.

Every problem is a deal from a book or an earlier solver with the question it asks (the
declarer's tricks with best play by both sides, or in misère the tricks forced on him) and,
where its source gives one, the published answer. `status` says how much was published:

- ``published``: the answer is printed; solving it must give the same number;
- ``partial_answer``: the source discusses the play but prints no trick count to compare;
- ``statement_only``: only the deal and the question.

A problem's game may name only the strain (``"trump S"``): the question is a trick count,
which the level does not change, so the lowest level (six) stands in for it.
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from ..cards import SUIT_SYMBOLS
from ..deal import Deal
from ..errors import NotationError
from ..games import CONTRACT, MISERE, RASPASY, Game
from ..serialize import JsonFields, moves_to_json, to_jsonable
from ..solving import Solution, solve

__all__ = [
    "COLLECTION", "STATUSES", "Problem", "ProblemCheck", "ProblemError", "ProblemSolution",
    "check_problems", "find_problem", "load_problems", "parse_problem_game", "question_words",
    "solve_problem",
]

#: The collection that ships inside the package (pyanalysis/data/problems.json), read through
#: importlib.resources so that it is found after any kind of install, not only in a checkout.
COLLECTION = Path(str(resources.files("pyanalysis") / "data" / "problems.json"))

PUBLISHED, PARTIAL, STATEMENT = "published", "partial_answer", "statement_only"
STATUSES = (PUBLISHED, PARTIAL, STATEMENT)

_REQUIRED = ("id", "source", "deal", "game", "declarer", "question", "status")


class ProblemError(ValueError):
    """A problem collection or a problem id that cannot be used (the message says why)."""


@dataclass(frozen=True)
class Problem:
    """One published problem.

    `game_text` is the game as the collection writes it (``"trump S"``, ``"misere"``);
    `game` the game solved (``6S`` for ``"trump S"``). `seats_as_printed`: how the source
    names the 1st, 2nd and 3rd hands (``"Юг"``, ``"I"``), when it says.
    `published_answer`: the trick count the source prints, or None (see `status`).
    """

    id: str
    source: str
    deal: Deal
    game: Game
    game_text: str
    declarer: int
    leader: int
    question: str
    published_answer: int | None
    status: str
    seats_as_printed: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Problem:
        """A problem from its entry in the collection; `ProblemError` naming what is wrong."""
        if not isinstance(data, dict):
            raise ProblemError(f"a problem is a JSON object, not {type(data).__name__}")
        name = data.get("id", "?")
        missing = [key for key in _REQUIRED if key not in data]
        if missing:
            raise ProblemError(f"problem '{name}': missing {', '.join(missing)}")
        status = data["status"]
        if status not in STATUSES:
            raise ProblemError(f"problem '{name}': status '{status}' is not one of"
                               f" {', '.join(STATUSES)}")
        answer = data.get("published_answer")
        if status == PUBLISHED and not _is_count(answer):
            raise ProblemError(f"problem '{name}': status published needs a published_answer"
                               f" (a trick count), not {answer!r}")
        if answer is not None and not _is_count(answer):
            raise ProblemError(f"problem '{name}': published_answer {answer!r} is not a"
                               f" trick count")
        try:
            discard = data.get("discard")
            deal = Deal.parse(data["deal"] + (f" discard:{discard}" if discard else ""))
            game = parse_problem_game(data["game"])
        except NotationError as error:
            raise ProblemError(f"problem '{name}': {error}") from None
        seats = tuple(str(s) for s in data.get("seats_as_printed") or ())
        return cls(id=str(name), source=str(data["source"]), deal=deal, game=game,
                   game_text=str(data["game"]), declarer=_seat(data["declarer"], name),
                   leader=_seat(data.get("leader", 1), name), question=str(data["question"]),
                   published_answer=answer, status=status, seats_as_printed=seats)

    @property
    def game_words(self) -> str:
        """The game for people: "♠ trumps", "misère", "no trumps", "8♠"."""
        if self.game_text.startswith("trump ") and self.game.kind == CONTRACT:
            return "no trumps" if self.game.trump is None else \
                f"{SUIT_SYMBOLS[self.game.trump]} trumps"
        return self.game.symbol()

    def seat_printed(self, seat: int) -> str | None:
        """The source's name for `seat` (1..3), if it gives one."""
        return self.seats_as_printed[seat - 1] if len(self.seats_as_printed) == 3 else None

    def to_dict(self) -> dict[str, Any]:
        """The entry as in the collection (deal without the discard, which is its own field)."""
        hands_and_talon = Deal(self.deal.hands, self.deal.talon)
        return {
            "id": self.id, "source": self.source, "deal": str(hands_and_talon),
            "seats_as_printed": list(self.seats_as_printed), "game": self.game_text,
            "declarer": self.declarer, "leader": self.leader,
            "discard": str(self.deal.discard) if self.deal.discard is not None else None,
            "question": self.question, "published_answer": self.published_answer,
            "status": self.status,
        }


@dataclass(frozen=True)
class ProblemSolution(JsonFields):
    """A problem solved: the `solution` (tricks, every first card's value, a principal line)
    and `agrees`: True or False against the published answer, None when none is published."""

    problem: Problem
    solution: Solution

    @property
    def tricks(self) -> int:
        return self.solution.tricks

    @property
    def agrees(self) -> bool | None:
        if self.problem.published_answer is None:
            return None
        return self.solution.tricks == self.problem.published_answer

    @property
    def verdict(self) -> str:
        """"agrees", "disagrees", or why nothing was compared."""
        if self.agrees is None:
            return ("no trick count published" if self.problem.status == PARTIAL
                    else "no answer published")
        return "agrees" if self.agrees else "disagrees"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the problem's entry, then the answer found and the comparison."""
        return {**self.problem.to_dict(), **super().to_dict()}

    JSON = (("solved_game", lambda s: str(s.problem.game)), "tricks", "agrees", "verdict",
            ("moves", lambda s: moves_to_json(s.solution.moves)),
            ("best", lambda s: to_jsonable(s.solution.best)),
            ("line", lambda s: to_jsonable(s.solution.line)))


@dataclass(frozen=True)
class ProblemCheck(JsonFields):
    """Every problem of a collection solved: `solutions` in the collection's order."""

    solutions: list[ProblemSolution]

    @property
    def agree(self) -> int:
        return sum(s.agrees is True for s in self.solutions)

    @property
    def disagree(self) -> list[ProblemSolution]:
        return [s for s in self.solutions if s.agrees is False]

    @property
    def unanswered(self) -> int:
        return sum(s.agrees is None for s in self.solutions)

    @property
    def ok(self) -> bool:
        """True when no solved answer differs from a published one."""
        return not self.disagree

    JSON = (("problems", lambda c: to_jsonable(c.solutions)), "agree",
            ("disagree", lambda c: len(c.disagree)), "unanswered", "ok")


def parse_problem_game(text: str) -> Game:
    """``"trump S"`` → 6S (the lowest level stands in: the question is a trick count);
    anything else as `Game.parse` reads it."""
    words = str(text).split()
    if len(words) == 2 and words[0].lower() == "trump":
        return Game.parse("6" + words[1])
    return Game.parse(text)


def load_problems(path: str | Path | None = None) -> list[Problem]:
    """The problems of a collection file (default: the collection that ships in the package)."""
    path = Path(path) if path is not None else COLLECTION
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ProblemError(f"cannot read the problem collection {path}: "
                           f"{error.strerror or error}") from None
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProblemError(f"{path} is not JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(entries, list):
        raise ProblemError(f"{path}: a collection is a JSON list of problems")
    problems = [Problem.from_dict(entry) for entry in entries]
    seen: set[str] = set()
    for problem in problems:
        if problem.id in seen:
            raise ProblemError(f"{path}: problem id '{problem.id}' appears twice")
        seen.add(problem.id)
    return problems


def find_problem(problem_id: str, problems: Iterable[Problem] | None = None) -> Problem:
    """The problem with this id (case does not matter); `ProblemError` naming the nearest ids."""
    problems = list(load_problems() if problems is None else problems)
    by_id = {p.id.lower(): p for p in problems}
    found = by_id.get(str(problem_id).strip().lower())
    if found is not None:
        return found
    near = difflib.get_close_matches(str(problem_id).lower(), list(by_id), n=3, cutoff=0.5)
    hint = (f"did you mean {', '.join(by_id[n].id for n in near)}?" if near
            else f"the ids are {', '.join(p.id for p in problems[:4])}, ...")
    raise ProblemError(f"no problem '{problem_id}' in the collection: {hint}"
                       f" ('prefdd problem' lists them)")


def solve_problem(problem: Problem | str) -> ProblemSolution:
    """Solve a problem (or the problem with this id) exactly and compare with its answer."""
    if isinstance(problem, str):
        problem = find_problem(problem)
    seats: dict[str, Any] = ({"player": problem.declarer} if problem.game.kind == RASPASY
                             else {"declarer": problem.declarer})
    solution = solve(problem.deal, problem.game, leader=problem.leader, **seats)
    return ProblemSolution(problem, solution)


def check_problems(problems: Iterable[Problem] | None = None) -> ProblemCheck:
    """Every problem solved and compared (default: the whole shipped collection)."""
    problems = load_problems() if problems is None else problems
    return ProblemCheck([solve_problem(p) for p in problems])


def question_words(problem: Problem) -> str:
    """The question as a sentence."""
    if problem.game.kind == MISERE:
        return "How many tricks is the misère player forced to take, with best play by all?"
    return "How many tricks does the declarer take, with best play by both sides?"


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10


def _seat(value: Any, name: str) -> int:
    if isinstance(value, bool) or value not in (1, 2, 3):
        raise ProblemError(f"problem '{name}': seat {value!r} is not 1, 2 or 3")
    return int(value)
