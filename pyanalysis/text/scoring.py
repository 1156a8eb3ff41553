"""Scores for people: one deal's writes and values (`prefdd score`), a whole sheet settled
(`prefdd sheet`)."""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping

from pyanalysis.scoring import DEALER, DealScore
from pyanalysis.sheet import Sheet

from .words import changed_knobs

__all__ = ["SEAT_LABELS", "format_deal", "format_sheet"]

SEAT_LABELS = {1: "1st hand", 2: "2nd hand", 3: "3rd hand", DEALER: "dealer"}


def _show(value: Fraction) -> str:
    """A value for people: whole numbers as they are, others to two decimals."""
    if value.denominator == 1:
        return f"{value.numerator:+d}" if value else "0"
    return f"{float(value):+.2f}"


def _plain(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def format_deal(score: DealScore) -> list[str]:
    """The human table of one scored deal."""
    seats = score.seats
    who = "" if score.declarer is None else f", declarer {SEAT_LABELS[score.declarer]}"
    rnd = f" #{score.raspasy_round}" if score.raspasy_round else ""
    lines = [f"{score.game.symbol()}{rnd}{who} — {score.rules.name}, {score.players} "
             f"players: {score.result}"]
    changed = changed_knobs(score.rules)
    if changed:
        lines.append("rules changed: " + changed)
    header = f"{'':10}{'pool':>6}{'hill':>6}" + "".join(
        f"{'on ' + str(s):>7}" for s in seats) + f"{'value':>10}"
    lines.append(header)
    for s in seats:
        w = score.writes[s]
        cells = "".join(f"{'.' if o == s or not w.vists.get(o) else _plain(w.vists[o]):>7}"
                        for o in seats)
        lines.append(f"{SEAT_LABELS[s]:10}{_plain(w.pool):>6}{_plain(w.hill):>6}{cells}"
                     f"{_show(score.values[s]):>10}")
    exact = ", ".join(f"{SEAT_LABELS[s]} {score.values[s]}" for s in seats)
    lines.append(f"value in vists (exact): {exact}")
    return lines


def format_sheet(sheet: Sheet) -> list[str]:
    """The sheet deal by deal, the totals, and the settlement by both methods."""
    names = sheet.players
    width = max(8, *(len(n) + 1 for n in names))

    def row(label: str, values: Mapping[str, Fraction],
            shown: Callable[[Fraction], str] = _plain) -> str:
        return f"{label:21}" + "".join(f"{shown(values[n]):>{width}}" for n in names)

    lines = [f"{sheet.rules.name}, {len(names)} players, pool {_plain(sheet.pool_size)}"
             + ("" if sheet.finished else " — not finished")]
    changed = changed_knobs(sheet.rules)
    if changed:
        lines.append("rules changed: " + changed)
    lines.append("")
    lines.append("deal values in vists:" + "".join(f"{n:>{width}}" for n in names))
    for deal in sheet.rows:
        lines.append(f"  {deal.describe()}")
        lines.append(row("", deal.values, _show))
        for h in deal.helps:
            lines.append(f"{'':6}{h.giver} helps {h.taker} with {_plain(h.points)} "
                         f"({_plain(10 * h.points)} vists on {h.taker})" if h.taker else
                         f"{'':6}{h.giver}: {_plain(h.points)} over the closed pools, "
                         f"off the hill ({sheet.rules.help_overflow})")
    lines.append("")
    lines.append(f"{'':21}" + "".join(f"{n:>{width}}" for n in names))
    lines.append(row("pool", sheet.pool))
    lines.append(row("hill", sheet.hill))
    for target in names:
        lines.append(f"{'vists on ' + target:21}" + "".join(
            f"{'.' if n == target else _plain(sheet.vists[n][target]):>{width}}" for n in names))
    s = sheet.settlement()
    lines.append("")
    lines.append("settlement (seed 004 §4.2.14):")
    lines.append(row("hill after amnesty", s.hills))
    lines.append(row("1: hill vists each", s.hill_vists))
    lines.append(row("1: result", s.by_hill_vists, _show))
    lines.append(row("2: mean hill", s.hill_balance, _show))
    lines.append(row("2: net vists", s.net_vists, _show))
    lines.append(row("2: result", s.by_mean_hill, _show))
    lines.append("the two methods agree" if s.methods_agree else "THE METHODS DISAGREE")
    return lines
