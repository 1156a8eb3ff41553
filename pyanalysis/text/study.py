"""A study's counts for people and for spreadsheets (`prefdd stats`, `prefdd deals`)."""
from __future__ import annotations

import csv
import io
from typing import Any

from pyanalysis.analysis.study import unread_words

__all__ = ["stats_lines", "stats_notes", "stats_csv", "draw_sentence", "CSV_COLUMNS"]

#: The CSV columns, one row per group and the total last (its value "all").
CSV_COLUMNS = ("value", "lines", "errors", "counted", "yes", "rate", "low", "high", "mean",
               "stderr")


def _share(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def stats_lines(stats: Any) -> list[str]:
    """A table of a `pyanalysis.analysis.study.Stats`: one row per group, then the total: its
    answers, errors, the share meeting the outcome and its 95% interval (and the mean)."""
    head = [stats.by or "", "answers", "errors", stats.outcome, "rate", "95% interval"]
    if stats.average:
        head += [f"mean {stats.average}", "± se"]
    rows = [head]
    for group in [*stats.groups, stats.total]:
        interval = ("-" if group.low is None
                    else f"{_share(group.low)} – {_share(group.high)}")
        row = [group.value if stats.by else "all", f"{group.lines:,}", f"{group.errors:,}",
               f"{group.yes:,} of {group.counted:,}", _share(group.rate), interval]
        if stats.average:
            row += ["-" if group.mean is None else f"{group.mean:.3f}",
                    "-" if group.stderr is None else f"{group.stderr:.3f}"]
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
             for row in rows]
    lines.append(f"Rate: answers meeting {stats.outcome} among those that have the field;"
                 f" 95% Wilson interval.")
    return lines


def stats_notes(stats: Any, path: str | None = None, torn_line: int | None = None
                ) -> list[str]:
    """What a count left out, one sentence each: the answers counted apart for want of the
    field (kind by kind), the values of a field that no answer met with "=", a torn last line
    skipped."""
    notes = []
    for unread in stats.unread:
        left = "the rate" if unread.role == "outcome" else "the mean"
        they = "it is" if unread.answers == 1 else "they are"
        notes.append(f"{unread_words(unread)}; {they} not in {left}")
    if stats.values:
        field = stats.outcome.split("=", 1)[0]
        shown = ", ".join(f"'{value}'" for value in stats.values)
        notes.append(f"no answer meets {stats.outcome}; the values of {field} are {shown}"
                     f"{', ...' if len(stats.values) >= 6 else ''}")
    if stats.torn:
        where = f"{path} line {torn_line}" if path and torn_line else "the last line"
        notes.append(f"{where} is torn (a run stopped while writing it): skipped, not"
                     f" counted; prefdd batch --resume writes it again")
    return notes


def stats_csv(stats: Any) -> str:
    """The groups and the total (value "all") as CSV, `CSV_COLUMNS`, numbers unrounded."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for group in [*stats.groups, stats.total]:
        writer.writerow(["" if getattr(group, name) is None else getattr(group, name)
                         for name in CSV_COLUMNS])
    return out.getvalue()


def draw_sentence(written: int, drawn: int, output: str | None, kind: str) -> str:
    """What `prefdd deals` did: the job lines written, out of how many deals drawn."""
    where = f" to {output}" if output else ""
    kept = f" (kept of {drawn:,} dealt)" if drawn != written else ""
    return f"{written:,} {kind} jobs written{where}{kept}"
