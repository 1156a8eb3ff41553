"""Batch job kinds: which function of the Python API answers a job line, with which arguments.

A job's ``"kind"`` names the question (`KINDS`: solve, table, and every analysis of
`pyanalysis.registry`, review among them, the command's name with ``_`` for ``-``); its other fields are that
function's keyword arguments, by the function's own parameter names (``"deal"``,
``"game"``, ``"declarer"``, ``"rules"``, ``"samples"``, ...; ``"rule"``, a list of
``"KEY=VALUE"``, changes knobs of ``"rules"``), and its answer is the result's ``to_dict()``,
added to the job as ``"answer"``. Several kinds have two questions, told apart by the field that carries the
cards: ``"deal"`` (open cards) or ``"hand"`` (the player's own cards, the others unseen), as the
command line tells ``prefdd tenner DEAL`` from ``prefdd tenner HAND``.

A line without ``"kind"`` is a solve job (the batch's first and default kind, answered with
``"tricks"``, ``"verdict"`` and ``"moves"``), or, when it carries ``"play"``, a played deal's
record in its JSON form (`Record.from_dict`), which is reviewed; so is a line whose
``"record"`` holds a record's text (`Record.parse`: the form `prefdd review` reads).

Arguments are given as JSON gives them: text for deals, hands, games, cards and rules (the
functions read text as the command line does), numbers for seats, objects keyed by seat
(``{"2": "whist"}``) for per-seat mappings. What belongs to the run rather than to the question
is not a job's field: the batch computes each job on one core (``jobs=1``), without a progress
callback or an engine of its own. A field that is nobody's argument is kept with the answer as
it is (an id, a source), unless it is a near miss of an argument's name (``"declarr"``), which
is refused naming the one meant.
"""
from __future__ import annotations

import difflib
import inspect
import json
from dataclasses import dataclass
from typing import Any, Callable

import pyanalysis as pa

from . import registry
from .record import Record
from .solving import table_from_counts, table_positions

__all__ = ["KINDS", "Kind", "Question", "Counted", "JobError", "job_kind", "job_cost",
           "counted_job", "kind_function", "kind_arguments", "answer_kind"]


class JobError(ValueError):
    """A job that names no known kind, or whose fields do not fit its function."""


@dataclass(frozen=True)
class Counted:
    """How a question made only of trick counts is answered many jobs at a time: `positions`
    takes the function's arguments and gives (what the result is built from, the engine
    positions to count); `result` takes that and the counts, in the same order, and gives the
    very result the function would. The batch counts the positions of a task's jobs together
    in one call of the engine's many-positions entry point."""

    positions: Callable[..., tuple[Any, list[Any]]]
    result: Callable[[Any, list[int]], Any]


def _table_positions(deal: Any, talon_rule: str | None = None) -> tuple[Any, list[Any]]:
    deal, rule, entries = table_positions(deal, talon_rule)
    return (deal, rule, [key for key, _ in entries]), [position for _, position in entries]


def _table_result(made: Any, counts: list[int]) -> Any:
    return table_from_counts(*made, counts)


@dataclass(frozen=True)
class Question:
    """One function a kind may ask: `function` (a `pyanalysis` name) answers the jobs that have
    the field `selector` (None: any job); `cost` is the work of one such job against a solve
    job's 1, so that the tasks handed to workers are of even size (a job of cost `CHUNK_COST`
    or more is a task alone); `counted`, for a question of trick counts alone, how to answer
    many at once."""

    selector: str | None
    function: str
    cost: int
    counted: Counted | None = None


@dataclass(frozen=True)
class Kind:
    """One job kind: its `questions`, tried in order (the first whose field the job has)."""

    name: str
    questions: tuple[Question, ...]


#: A task's size, in solve jobs: a task is as much work as this many solve jobs, give or take
#: one job (tasks of even size keep every worker busy to the end, and a worker lost loses
#: little).
CHUNK_COST = 32

def _analysis_kind(entry: registry.Analysis) -> Kind:
    """An analysis of the registry as a job kind: one question a view, chosen by the view's
    field (``"deal"``, ``"hand"``; an analysis of one view by none)."""
    return Kind(entry.kind, tuple(Question(view.key if len(entry.views) > 1 else None,
                                           view.function, view.cost)
                                  for view in entry.views))


#: The job kinds: solve and table (the solving functions) and every analysis of the registry
#: (`pyanalysis.registry.ANALYSES`, its costs there; review reads a played deal's record).
#: Costs are rough measures on random full deals, a solve job being 1: a table is 21 counts,
#: the open-card questions some dozens of searches (the tenner check more when it spells out
#: the refutation), the seat views and the layout counts thousands.
KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("solve", (Question(None, "solve", 1),)),
    Kind("table", (Question(None, "table", 8, Counted(_table_positions, _table_result)),)),
    *(_analysis_kind(entry) for entry in registry.ANALYSES.values()),
)}

#: Parameters that belong to the run, not to the question: never taken from a job.
RUN_PARAMETERS = ("jobs", "progress", "engine")

#: A record's JSON fields (`Record.from_dict`); "play", "claim" and "stop" are a record's only.
RECORD_FIELDS = ("deal", "game", "declarer", "leader", "talon_rule", "whist", "play", "claim",
                 "stop")
RECORD_ONLY = ("play", "claim", "stop")

#: Fields of every job that are the batch's own, not arguments.
JOB_FIELDS = ("kind", "tricks", "verdict", "moves", "error", "answer")

#: Parameters holding {seat: ...}: a JSON object's keys are text, the functions' seats numbers.
SEAT_MAPPINGS = ("whist", "known")


def job_kind(job: dict[str, Any]) -> str:
    """The kind of `job`: its ``"kind"``, else review for a record (it has ``"play"``, or a
    ``"record"`` in the text form), else solve. `JobError` for a kind that is not one of `KINDS`."""
    kind = job.get("kind")
    if kind is None:
        return "review" if "play" in job or "record" in job else "solve"
    if not isinstance(kind, str) or kind not in KINDS:
        near = difflib.get_close_matches(str(kind), KINDS, n=1) if isinstance(kind, str) else []
        hint = f"did you mean '{near[0]}'?" if near else f"one of: {', '.join(KINDS)}"
        raise JobError(f"field 'kind': unknown kind {_shown(kind)} ({hint})")
    return kind


def _question(kind: str, job: dict[str, Any]) -> Question | None:
    """The question of `kind` that `job` asks: the first whose field it has."""
    for question in KINDS[kind].questions:
        if question.selector is None or job.get(question.selector) is not None:
            return question
    return None


def counted_job(job: dict[str, Any]) -> tuple[Counted, Any, list[Any]] | None:
    """For a job whose question is answered from trick counts alone (`Counted`): how, what
    its result is built from, and the positions to count; None for any other job. Raises
    `ValueError` for a job that cannot be answered."""
    kind = job_kind(job)
    question = _question(kind, job)
    if question is None or question.counted is None:
        return None
    function = kind_function(kind, job)
    made, positions = question.counted.positions(**kind_arguments(kind, function, job))
    return question.counted, made, positions


def job_cost(job: dict[str, Any]) -> int:
    """How much work `job` is, in solve jobs (`Question.cost`; 1 for a job that is refused)."""
    try:
        question = _question(job_kind(job), job)
    except JobError:
        return 1
    return 1 if question is None else question.cost


def kind_function(kind: str, job: dict[str, Any]) -> Callable[..., Any]:
    """The `pyanalysis` function that answers `job` of `kind` (`JobError` when the job has
    none of the fields that choose one, or the function is not in this version)."""
    question = _question(kind, job)
    if question is None:
        fields = " or ".join(f"'{q.selector}'" for q in KINDS[kind].questions)
        raise JobError(f"a {kind} job needs the field {fields}")
    function = getattr(pa, question.function, None)
    if function is None:
        raise JobError(f"kind '{kind}' is answered by pyanalysis.{question.function}, which"
                       f" this version does not have")
    return function


def kind_arguments(kind: str, function: Callable[..., Any], job: dict[str, Any],
                   skip: tuple[str, ...] = (), given: int = 0) -> dict[str, Any]:
    """The keyword arguments `job` (of `kind`) gives `function`: each of its parameters that the
    job has a field for (less `skip`), converted from JSON; ``jobs=1`` where the function takes
    it. `given`: how many of its first parameters the caller passes itself. `JobError` for a
    field that belongs to the run, that misspells a parameter, or a required one missing."""
    parameters = {name: parameter for name, parameter
                  in inspect.signature(function).parameters.items()
                  if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)}
    names = [name for name in parameters if name not in RUN_PARAMETERS]
    arguments: dict[str, Any] = {}
    for key, value in job.items():
        if key in JOB_FIELDS or key in skip or (key == "rule" and "rules" in names):
            continue
        if key in RUN_PARAMETERS:
            raise JobError(f"field '{key}' is not a job's: the batch run sets it")
        if key in names:
            arguments[key] = _argument(key, value)
            continue
        near = difflib.get_close_matches(key, names, n=1, cutoff=0.8)
        if near and near[0] not in job:
            raise JobError(f"unknown field '{key}' (did you mean '{near[0]}'?)")
    for name, parameter in list(parameters.items())[given:]:
        if parameter.default is inspect.Parameter.empty and name not in arguments:
            raise JobError(f"a {kind} job needs the field '{name}'")
    if "rule" in job and "rules" in parameters and "rule" not in skip:
        # Knobs of the rule set changed, as --rule KEY=VALUE: a list of "KEY=VALUE".
        knobs = registry.read_value(registry.RULE, job["rule"], "field 'rule'")
        default = parameters["rules"].default
        arguments["rules"] = registry.rules_of(
            {"rules": arguments.get("rules"), "rule": knobs},
            default if isinstance(default, str) else None)
    if "jobs" in parameters:
        arguments["jobs"] = 1  # one job, one core: the batch runs jobs side by side
    return arguments


def _argument(name: str, value: Any) -> Any:
    """A job field's JSON value as the function's argument."""
    if name in ("declarer", "leader", "seat", "player", "claimant"):
        # A JSON true is a Python int; no function should take it for seat 1.
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
            raise JobError(f"field '{name}' must be 1, 2 or 3, got {_shown(value)}")
    if name in SEAT_MAPPINGS and isinstance(value, dict):
        return {_seat_key(name, key): item for key, item in value.items()}
    return value


def _seat_key(name: str, key: str) -> int | str:
    """A seat written as a JSON object's key ("2") as the seat number."""
    return int(key) if key in ("1", "2", "3") else key  # the function names a bad one


def answer_kind(kind: str, job: dict[str, Any]) -> Any:
    """The result of `job` of `kind` (not solve, whose answer the batch writes itself): the
    function's result object. `ValueError` (a one-line message) for a job that cannot be
    answered."""
    if kind == "review" and "record" in job:
        # A record in its text form (or JSON) under "record": the review's first argument.
        text = job["record"]
        if not isinstance(text, (str, dict)):
            raise JobError(f"field 'record' must be a record's text or object, got {_shown(text)}")
        record = Record.parse(text) if isinstance(text, str) else Record.from_dict(text)
        function = kind_function(kind, job)
        return function(record, **kind_arguments(kind, function, job, skip=("record",),
                                                 given=1))
    if kind == "review" and any(key in job for key in RECORD_ONLY):
        # A played deal in the record format: the record is the review's first argument, the
        # job's other fields (rules, ...) its options.
        record = Record.from_dict({key: job[key] for key in RECORD_FIELDS if key in job})
        function = kind_function(kind, job)
        arguments = kind_arguments(kind, function, job, skip=RECORD_FIELDS, given=1)
        return function(record, **arguments)
    function = kind_function(kind, job)
    return function(**kind_arguments(kind, function, job))


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"
