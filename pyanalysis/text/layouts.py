"""Counts over the layouts of the unseen cards for people (`prefdd odds`), and the pieces
the other layout counts share: how many layouts were counted, a layout drawn with its line,
the ranked discards."""
from __future__ import annotations

from fractions import Fraction

import pyanalysis as pa
from pyanalysis.analysis import LayoutOdds
from pyanalysis.analysis.layouts import Layout
from pyanalysis.analysis.settle import FIRST_LOOK, stop_words
from pyanalysis.diagram import draw_deal

from .lines import line_lines
from .words import (
    count, fraction_text, game_text, hand_text, interval_text, merged_text, noun, pair_text,
    percent, say, seat_name, table, the_others,
)

__all__ = ["DOUBLE_DUMMY", "counted_text", "discard_rows", "estimate_text", "layout_lines",
           "odds_lines", "stopping_text"]

#: What every layout count assumes, said wherever one is shown (see `analysis.layouts`).
DOUBLE_DUMMY = ("Double-dummy: in every layout each player sees all the cards. The defenders"
                " see his hand, which favours them, and he plays as if he knew the layout,"
                " which favours him: at the table his chances may be higher or lower.")


def layout_lines(layout: Layout, game: pa.Game, declarer: int, symbols: bool) -> list[str]:
    """A layout drawn as a deal (the declarer marked, his discard in the middle), its line."""
    return [draw_deal(layout.deal, symbols=symbols, declarer=declarer), "",
            *line_lines(layout.deal, layout.line, game, symbols)]


def counted_text(odds: LayoutOdds) -> str:
    """"184,756 layouts: exact, every layout counted." or the sample's description, with why
    its draw stopped ("…; settled after 150 of at most 1,000 layouts")."""
    per = " for each distinct discard" if odds.discards else ""
    if odds.sample is not None:
        seed = f", seed {odds.seed}" if odds.seed is not None else ", no seed"
        return (f"Estimate from {count(odds.sample)} sampled layouts{per}{seed}, of the"
                f" {count(odds.total)} possible{stopping_text(odds)}.")
    stopped = any(not one.complete for one in odds.discards)
    cut = " (a discard's count stops once it is sure to be worse than the best)" if stopped \
        else ""
    return f"{count(odds.total)} layouts{per}: exact, every layout counted{cut}."


def stopping_text(odds: LayoutOdds) -> str:
    """"; settled after 150 of at most 1,000 layouts" for a sampled count drawn in rounds
    (`analysis.settle`); nothing when it took the layouts asked as asked (`fixed`), or
    reached a cap too small for a look before it."""
    if (odds.stopped in (None, "fixed") or odds.sample is None
            or (odds.stopped == "cap" and (odds.cap or 0) <= FIRST_LOOK)):
        return ""
    return "; " + stop_words(odds.stopped, odds.sample, shares=odds.target is None,
                             cap=odds.cap or None)


def estimate_text(odds: LayoutOdds, symbols: bool = True) -> str:
    """The 95% interval (and the standard error, when the layouts drawn do not all agree)
    of a sampled probability, or ""."""
    if odds.interval is None or odds.stderr is None:
        return ""
    error = f", standard error {odds.stderr * 100:.2f}%" if odds.stderr else ""
    return f"; {interval_text(odds.interval, symbols)}{error}"


def made_text(odds: LayoutOdds) -> str:
    """"176,045/184,756 layouts (95.29%)" for a target count; "… layouts counted" when the
    count was stopped."""
    shown = f"{count(odds.made or 0)}/{count(odds.layouts)}"
    if not odds.complete:
        return f"{shown} layouts counted"
    share = percent(odds.probability) if odds.probability is not None else "-"
    return f"{shown} layouts ({share})"


def discard_rows(odds: LayoutOdds, symbols: bool, verb: str) -> list[str]:
    """The ranked discards of a twelve-card target count: "K♦ Q♦   made in a/b layouts (p%)"."""
    rows = [["discard", "result", "same as"]]
    for one in odds.discards:
        result = f"{verb} in {made_text(one)}"
        if not one.complete:
            result += " (stopped: worse than the best)"
        rows.append([pair_text(one.discard or (), symbols), result,
                     merged_text(one.merged, symbols)])
    return table(rows)


def odds_question(odds: LayoutOdds, given: pa.Hand, symbols: bool) -> str:
    seat = seat_name(odds.declarer)
    game = game_text(odds.game, symbols)
    lying = (f"the other {len(odds.others)} cards lying every way between"
             f" {the_others(odds.declarer)}, the {seat_name(odds.leader)} leading")
    if odds.game.kind == "misere":
        if odds.target is None:
            return f"How many tricks is the misère declarer ({seat}) forced to take, {lying}?"
        least = "a trick" if odds.target == 1 else f"{odds.target} tricks or more"
        return f"In how many layouts is the misère declarer ({seat}) caught (forced to take" \
               f" {least}), {lying}?"
    if odds.target is None:
        return f"How many tricks does the declarer ({seat}) take in {game}, {lying}?"
    return (f"In how many layouts does the declarer ({seat}) take at least"
            f" {noun(odds.target)} in {game}, {lying}?")


def distribution_lines(odds: LayoutOdds) -> list[str]:
    rows = [["tricks", "layouts", "share"]]
    for tricks, layouts in sorted(odds.counts.items(), reverse=True):
        if layouts:
            rows.append([str(tricks), count(layouts), percent(Fraction(layouts, odds.layouts))])
    lines = table(rows, right=(0, 1, 2))
    if odds.mean is not None:
        mean = f"Mean: {float(odds.mean):.2f} tricks"
        if odds.stderr is not None:
            low, high = float(odds.mean) - 1.96 * odds.stderr, float(odds.mean) + 1.96 * odds.stderr
            mean += f"; 95% interval [{low:.2f}, {high:.2f}], standard error {odds.stderr:.3f}"
        lines += say(mean + ".")
    return lines


def target_lines(odds: LayoutOdds, symbols: bool = True) -> list[str]:
    misere = odds.game.kind == "misere"
    made = odds.made or 0
    if misere:
        what = "Caught" if odds.target == 1 else f"Forced to take {odds.target} or more"
        other = "clean"
    else:
        what = f"At least {noun(odds.target or 0)}"
        other = "fewer"
    if odds.probability is None:
        return say(f"{what} in {count(made)} of {count(odds.layouts)} layouts counted (stopped"
                   f" early).")
    exact = f" = {fraction_text(odds.probability)}" if odds.exact else ""
    return say(f"{what} in {count(made)} of {count(odds.layouts)} layouts{exact}"
               f" ({percent(odds.probability)}{estimate_text(odds, symbols)}); {other} in"
               f" {count(odds.layouts - made)}.")


def worst_lines(odds: LayoutOdds, symbols: bool) -> list[str]:
    worst = odds.worst
    if worst is None:
        return []
    misere = odds.game.kind == "misere"
    if odds.target is not None and odds.failed == 0:
        if misere:
            return ["He is never caught in the layouts counted."]
        head = (f"He reaches {odds.target} in every layout counted; the worst for him"
                f" ({noun(worst.tricks)}):")
    elif odds.target is not None:
        head = (f"A layout that catches him ({noun(worst.tricks)}):" if misere else
                f"A layout where he falls short ({noun(worst.tricks)}):")
    else:
        head = (f"The worst layout for him: he is forced to take {noun(worst.tricks)}:" if misere
                else f"The worst layout for him: he takes {noun(worst.tricks)}:")
    return [*say(head), *layout_lines(worst, odds.game, odds.declarer, symbols)]


def odds_discard_lines(odds: LayoutOdds, symbols: bool) -> list[str]:
    if odds.target is not None:
        verb = "caught" if odds.game.kind == "misere" else "made"
        return discard_rows(odds, symbols, verb)
    misere = odds.game.kind == "misere"
    rows = [["discard", "mean", "worst", "same as"]]
    for one in odds.discards:
        present = [t for t, n in one.counts.items() if n]
        worst = (max if misere else min)(present) if present else 0
        mean = f"{float(one.mean):.2f}" if one.mean is not None else "-"
        rows.append([pair_text(one.discard or (), symbols), mean, str(worst),
                     merged_text(one.merged, symbols)])
    return table(rows, right=(1, 2))


def odds_lines(odds: LayoutOdds, given: pa.Hand, out: pa.Hand | None,
               symbols: bool) -> list[str]:
    lines = [*say(odds_question(odds, given, symbols)), "His cards:",
             "  " + hand_text(given, symbols)]
    if odds.discards:
        lines.append("Twelve cards, hand and talon: every distinct discard is tried, best first.")
    elif out is not None and len(out):
        lines.append(f"His discard, out of play: {pair_text(list(out), symbols)}.")
    lines += [*say(counted_text(odds)), *say(DOUBLE_DUMMY), ""]
    if odds.discards:
        merged = merged_text(odds.merged, symbols)
        same = f" (the same as {merged})" if merged else ""
        lines += say(f"Best discard: {pair_text(odds.discard or (), symbols)}{same}.")
    lines += distribution_lines(odds) if odds.target is None else target_lines(odds, symbols)
    worst = worst_lines(odds, symbols)
    if worst:
        lines += ["", *worst]
    if odds.discards:
        lines += ["", "Every distinct discard, best first:", *odds_discard_lines(odds, symbols)]
    return lines
