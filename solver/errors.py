"""The engine's error for a bad argument."""
from __future__ import annotations


class EngineArgumentError(ValueError):
    """An argument the compiled engine refuses: the message names it (``seat_a: 3 is out of
    range 0..2``). Raised at the door, before any search: no bad argument reaches the search,
    which would overrun its fixed arrays or answer another question than the one asked."""
