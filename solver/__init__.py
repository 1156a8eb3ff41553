"""prefdd's engine: exact double-dummy trick counts for Preferans positions.

    >>> import solver
    >>> pos = solver.Position(hands=(h1, h2, h3), game="contract", trump=0, focus=1)
    >>> solver.tricks(pos), solver.moves(pos), solver.line(pos)
    >>> solver.at_least(pos, 8)                      # one bound search: tricks >= 8?
    >>> solver.share(pos, 2)                         # a defender's sure share of the tricks
    >>> solver.tricks_many([pos, ...], target=None)  # numpy array, several threads, no GIL
    >>> solver.tricks_many([pos, ...], moves=True, lines=True)  # every card's value, a line

``Position`` (in ``solver.position``) holds a position and the rules of play; ``Solver`` (the
compiled search, ``solver._engine``) answers questions about it; ``solver.reference`` is the
plain minimax the engine is tested against. See ALGORITHM.md for how the search works.
"""
from __future__ import annotations

import threading

from . import reference
from ._build import engine as _built

ALL_FEATURES, FEATURES, Jobs, Solver = _built.ALL_FEATURES, _built.FEATURES, _built.Jobs, _built.Solver
binomial, subset, subset_rank = _built.binomial, _built.subset, _built.subset_rank
#: The compiled build of the search in use ("bmi2" or "portable"; see ``solver/_build.py``).
BUILD: str = _built.BUILD
from .errors import EngineArgumentError
from .many import Answers, Cancelled, run_jobs, shares_many, tricks_many
from .position import GAMES, TALON_RULES, Position, card_name

__all__ = ["ALL_FEATURES", "BUILD", "FEATURES", "GAMES", "TALON_RULES", "Position", "Solver", "card_name", "reference",
           "tricks", "moves", "line", "at_least", "share", "shares_many", "default_solver", "tricks_many", "run_jobs",
           "Jobs", "Cancelled", "Answers", "binomial", "subset", "subset_rank", "EngineArgumentError"]

_local = threading.local()


def default_solver() -> Solver:
    """This thread's shared Solver (its table is kept between calls)."""
    s = getattr(_local, "solver", None)
    if s is None:
        s = _local.solver = Solver()
    return s


def tricks(pos: Position) -> int:
    """The focus player's tricks from ``pos`` to the end, best play by all."""
    return default_solver().tricks(pos)


def at_least(pos: Position, target: int) -> bool:
    """Whether the focus player's tricks from ``pos``, best play by all, are >= ``target``."""
    return default_solver().at_least(pos, target)


def share(pos: Position, seat: int, limit: int | None = None) -> int:
    """The sure share of the defender ``seat`` at ``pos`` (a contract): the most of the tricks
    left he takes whatever the declarer does while the defence holds the declarer to ``limit``
    (None: his double-dummy count). See ``Solver.share``."""
    return default_solver().share(pos, seat, limit)


def moves(pos: Position) -> dict[int, int]:
    """The value (focus player's tricks) of every legal card of the seat to move."""
    return default_solver().moves(pos)


def line(pos: Position) -> list[int]:
    """A principal line of play from ``pos`` to the end."""
    return default_solver().line(pos)
