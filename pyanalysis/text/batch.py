"""A batch run's summary for people (`prefdd batch`)."""
from __future__ import annotations

from typing import Any

__all__ = ["summary_sentence"]


def summary_sentence(summary: Any, output: str) -> str:
    """How many jobs of a run (a `pyanalysis.batch.BatchSummary`) were solved, kept and
    answered with an error; where the answers are."""
    errors = len(summary.error_lines)
    kept = f", {summary.resumed} kept from the earlier run" if summary.resumed else ""
    message = f"{summary.total} jobs: {summary.solved} solved now{kept}; answers in {output}"
    if errors:
        lines = ", ".join(str(n) for n in summary.error_lines[:10])
        more = ", ..." if errors > 10 else ""
        message += f"; {errors} with an error (input lines {lines}{more})"
    return message
