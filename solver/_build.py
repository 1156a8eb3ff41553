"""Which compiled build of the search this process uses.

``solver._engine`` runs on any processor. ``solver._engine_bmi2`` is the same source compiled
with the BMI2 instructions (setup.py builds it on x86-64), which renumber a hand's cards among
the cards in play in one instruction; it is used where the processor runs them in hardware
(``cpu_runs_bmi2``). The two give the same answers and search the same nodes
(``tests/test_engine.py``). ``PREFDD_ENGINE=portable`` in the environment keeps the first.
"""
from __future__ import annotations

import os
import zlib
from types import ModuleType

from . import _engine as portable


def _fastest() -> ModuleType:
    if os.environ.get("PREFDD_ENGINE", "").strip().lower() == "portable":
        return portable
    if not portable.cpu_runs_bmi2():
        return portable
    try:
        from . import _engine_bmi2
    except ImportError:  # not built here (another processor family, or an old build)
        return portable
    return _engine_bmi2


#: The endings tables that ship beside the engine, (tricks, kind, file), in the order
#: ``solver/endings.py`` makes them (each with the ones before it).
ENDING_FILES = ((4, "misere", "endings4.bin"), (5, "misere", "endings5.bin"),
                (4, "notrump", "endings4nt.bin"), (4, "trump", "endings4tr.bin"))


def ending_path(tricks: int, kind: str) -> str:
    """Where the endings table of `tricks` tricks and `kind` ships."""
    for t, k, name in ENDING_FILES:
        if (t, k) == (tricks, kind):
            return os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
    raise ValueError(f"no endings table of {tricks} tricks and kind {kind!r} ships")


def load_endings(module: ModuleType) -> None:
    """Give `module` (a build) the endings tables that ship beside it (``solver/endings.py``
    makes them). Without them the search is still exact, only slower;
    ``module.endings_loaded(tricks, kind)`` says which are in use."""
    for tricks, kind, _ in ENDING_FILES:
        path = ending_path(tricks, kind)
        if os.path.exists(path) and not module.endings_loaded(tricks, kind):
            try:
                with open(path, "rb") as f:
                    data = zlib.decompress(f.read())
            except zlib.error as exc:
                raise ValueError(f"{path}: not a compressed endings table ({exc})") from None
            try:
                module.load_endings(tricks, data, kind)
            except ValueError as exc:  # name the file, not only the argument
                raise ValueError(f"{path}: {exc}") from None


#: The build in use: its ``Solver``, ``Jobs`` and the rest.
engine: ModuleType = _fastest()
# Read when the first Solver is made: about 0.2 s, which a process that never searches
# (reading notation, keeping score) does not pay.
engine.on_first_solver(lambda: load_endings(engine))
