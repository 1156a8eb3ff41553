"""A study's counts as a picture (`prefdd stats --plot FILE.svg`): one SVG file, written by hand.

The first panel has a bar per group (`Stats.groups`, or the one group "all" when the answers
are not grouped): the share of the counted answers meeting the outcome, with its 95% Wilson
interval as a whisker and "yes of counted" under the group's name. With a field averaged
(`--mean`), a second panel is the histogram of that field over all answers: one bar per whole
number when every value is a whole number within a range of `MAX_UNIT_BINS`, else `BINS` bins of
equal width. Every bar carries the numbers it draws as ``data-*`` attributes (``data-yes``,
``data-counted``, ``data-rate``, ``data-low``, ``data-high``; a histogram bar's ``data-from``,
``data-to`` and ``data-count``), so a script (or a test) reads the plot's data back.

The SVG is written by hand rather than by a plotting library: two panels of rectangles, lines
and text are a few dozen lines, the file has no fonts or scripts in it, and prefdd takes no new
dependency for them.
"""
from __future__ import annotations

import math
from fractions import Fraction
from html import escape
from typing import Any

from ..analysis.study import Stats, StatsGroup

__all__ = ["stats_svg", "histogram", "BINS", "MAX_UNIT_BINS"]

#: The bins of a histogram of values that are not all whole numbers in a small range.
BINS = 20
#: Whole numbers within a range of this many get one bar each.
MAX_UNIT_BINS = 40

WIDTH = 720
PANEL = 300        # the height of a panel's plotting area
TOP, LEFT, RIGHT, FOOT = 48, 56, 16, 64
FONT = 'font-family="system-ui, sans-serif" font-size="12"'


def histogram(values: list[Fraction]) -> list[tuple[Fraction, Fraction, int]]:
    """The histogram's bins: (from, to, how many values), each bin from <= value < to (the
    last bin holds its upper end)."""
    if not values:
        return []
    low, high = min(values), max(values)
    if all(v.denominator == 1 for v in values) and high - low < MAX_UNIT_BINS:
        counts = {int(v): 0 for v in range(int(low), int(high) + 1)}
        for value in values:
            counts[int(value)] += 1
        return [(Fraction(v), Fraction(v + 1), n) for v, n in counts.items()]
    if low == high:
        return [(low, high, len(values))]
    width = (high - low) / BINS
    bins = [0] * BINS
    for value in values:
        bins[min(BINS - 1, int((value - low) / width))] += 1
    return [(low + i * width, low + (i + 1) * width, n) for i, n in enumerate(bins)]


def _number(value: Fraction | float) -> str:
    """A number as a label: whole numbers as they are, others to two decimals."""
    value = Fraction(value) if not isinstance(value, float) else value
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def _text(x: float, y: float, words: str, anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>'
            f'{escape(words)}</text>')


def _rates(stats: Stats, top: float) -> list[str]:
    """The panel of rates: a bar per group with its interval."""
    groups: list[StatsGroup] = [g for g in stats.groups if g.counted] or [stats.total]
    inner = WIDTH - LEFT - RIGHT
    step = inner / len(groups)
    bar = min(56.0, step * 0.6)
    y_of = lambda share: top + PANEL * (1 - share)  # noqa: E731
    out = [_text(LEFT, top - 18, f"{stats.outcome}: share of the answers, 95% interval"
                 + (f", by {stats.by}" if stats.by else ""), "start",
                 ' font-weight="600"')]
    for tick in range(0, 101, 25):
        y = y_of(tick / 100)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"'
                   f' stroke="#d5dbe2"/>')
        out.append(_text(LEFT - 6, y + 4, f"{tick}%", "end"))
    for i, group in enumerate(groups):
        x = LEFT + i * step + (step - bar) / 2
        rate = group.rate or 0.0
        y = y_of(rate)
        out.append(f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}"'
                   f' height="{top + PANEL - y:.1f}" fill="#8fb3d9"'
                   f' data-group="{escape(group.value)}" data-yes="{group.yes}"'
                   f' data-counted="{group.counted}" data-lines="{group.lines}"'
                   f' data-rate="{rate!r}" data-low="{group.low!r}" data-high="{group.high!r}">'
                   f'<title>{escape(group.value)}: {group.yes:,} of {group.counted:,},'
                   f' {100 * rate:.1f}% ({100 * (group.low or 0):.1f}–'
                   f'{100 * (group.high or 0):.1f}%)</title></rect>')
        if group.low is not None and group.high is not None:
            mid, y1, y2 = x + bar / 2, y_of(group.low), y_of(group.high)
            out.append(f'<path class="interval" d="M{mid:.1f} {y1:.1f}V{y2:.1f}'
                       f'M{mid - 6:.1f} {y1:.1f}h12M{mid - 6:.1f} {y2:.1f}h12"'
                       f' stroke="#14171a" stroke-width="1.5" fill="none"/>')
        centre = x + bar / 2
        out.append(_text(centre, top + PANEL + 16, group.value))
        out.append(_text(centre, top + PANEL + 31, f"{group.yes:,}/{group.counted:,}",
                         extra=' fill="#5b6470"'))
    return out


def _histogram(stats: Stats, top: float) -> list[str]:
    """The panel of the averaged field's histogram, over all answers."""
    bins = histogram(stats.total.numbers)
    most = max((n for _, _, n in bins), default=0) or 1
    inner = WIDTH - LEFT - RIGHT
    step = inner / max(1, len(bins))
    y_of = lambda n: top + PANEL * (1 - n / most)  # noqa: E731
    out = [_text(LEFT, top - 18, f"{stats.average}: answers by value"
                 f" (mean {_number(stats.total.mean or 0)})", "start", ' font-weight="600"')]
    for tick in sorted({0, most // 2, most}):
        y = y_of(tick)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"'
                   f' stroke="#d5dbe2"/>')
        out.append(_text(LEFT - 6, y + 4, f"{tick:,}", "end"))
    unit = all(b - a == 1 and a.denominator == 1 for a, b, _ in bins)
    label_every = max(1, math.ceil(len(bins) / 12))
    for i, (low, high, n) in enumerate(bins):
        x = LEFT + i * step
        y = y_of(n)
        out.append(f'<rect class="bin" x="{x + 1:.1f}" y="{y:.1f}" width="{step - 2:.1f}"'
                   f' height="{top + PANEL - y:.1f}" fill="#b9c7d6" data-from="{low}"'
                   f' data-to="{high}" data-count="{n}"><title>{_number(low)}'
                   f'{"" if unit else "–" + _number(high)}: {n:,}</title></rect>')
        if i % label_every == 0:
            out.append(_text(x + step / 2, top + PANEL + 16,
                             _number(low) if unit else f"{_number(low)}–"))
    return out


def stats_svg(stats: Stats) -> str:
    """The plot of `stats` as an SVG document (see the module doc)."""
    panels: list[Any] = [_rates(stats, TOP)]
    if stats.average is not None and stats.total.numbers:
        panels.append(_histogram(stats, TOP + PANEL + FOOT + TOP))
    height = len(panels) * (TOP + PANEL + FOOT)
    body = "\n".join(line for panel in panels for line in panel)
    title = f"prefdd stats: {stats.outcome}" + (f" by {stats.by}" if stats.by else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}"'
            f' width="{WIDTH}" height="{height}" role="img" {FONT}>\n'
            f'<title>{escape(title)}</title>\n<rect width="100%" height="100%" fill="#fff"/>\n'
            f'{body}\n</svg>\n')
