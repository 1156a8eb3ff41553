"""Progress bars for long runs: count, rate and time left, drawn on stderr.

A bar is drawn only where someone can see it: by default only when stderr is a terminal, so
logs and pipes stay clean. ``enabled=True`` forces it (useful when stderr is redirected on
purpose), ``enabled=False`` silences it.
"""
from __future__ import annotations

import sys
from typing import IO, Any, Callable

__all__ = ["Progress", "progress_enabled"]


def progress_enabled(enabled: bool | None, stream: IO[str] | None = None) -> bool:
    """Decide whether to draw: ``None`` means "only if `stream` (stderr) is a terminal"."""
    if enabled is not None:
        return enabled
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Progress:
    """A counter of finished items, drawn as a bar with rate and time left.

    Use as a context manager::

        with Progress(total=len(jobs), desc="solving") as bar:
            for job in jobs:
                ...
                bar.update()

    `initial` counts items already done before this run (for resumed runs): the bar starts
    there, and the rate is measured on this run's items only. `describe(provisional)`: the
    words shown after the bar for an analysis's provisional answer (its current best).
    """

    def __init__(
        self,
        total: int | None,
        desc: str = "",
        *,
        initial: int = 0,
        unit: str = "deal",
        enabled: bool | None = None,
        stream: IO[str] | None = None,
        describe: Callable[[dict[str, Any]], str] | None = None,
    ) -> None:
        self.count = initial
        self._describe = describe
        self._stream = sys.stderr if stream is None else stream
        self._bar: Any = None
        if progress_enabled(enabled, self._stream):
            from tqdm import tqdm  # imported here: plain runs never pay for it

            self._bar = tqdm(
                total=total,
                desc=desc,
                initial=initial,
                unit=unit,
                file=self._stream,
                dynamic_ncols=True,
                smoothing=0.1,
            )

    def update(self, n: int = 1, provisional: dict[str, Any] | None = None) -> None:
        """Count `n` more finished items; `provisional`: an analysis's answer so far (see
        `analysis.settle`), shown after the bar through `describe` when one was given."""
        self.count += n
        if self._bar is not None:
            if provisional is not None and self._describe is not None:
                self._bar.set_postfix_str(self._describe(provisional), refresh=False)
            self._bar.update(n)

    def close(self) -> None:
        """Finish the bar (leaves the final line on screen)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
