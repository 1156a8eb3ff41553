"""Totus for people (`prefdd totus`): is the twelve-card slam sound, and what beats it."""
from __future__ import annotations

import pyanalysis as pa
from pyanalysis.analysis import Totus
from pyanalysis.diagram import draw_deal

from .layouts import DOUBLE_DUMMY, layout_lines
from .words import hand_text, merged_text, noun, pair_text, say, seat_name, table

__all__ = ["totus_lines"]

TOTUS_GAME = pa.Game.contract(10, None)


def totus_lines(result: Totus, given: pa.Deal | None, symbols: bool) -> list[str]:
    seat = seat_name(result.declarer)
    lines = []
    if given is not None:
        lines += [draw_deal(given, symbols=symbols, declarer=result.declarer), ""]
    tricks = "all ten tricks" if len(result.hand) == 12 else "every trick"
    lines += [f"Totus: {tricks} in no-trump on the {seat}'s {len(result.hand)} cards:",
              "  " + hand_text(result.hand, symbols)]
    if result.form == "open":
        lines += say("Form 'open' (seed 002): the opponents choose his discard, then all cards"
                     " are open.")
        worst = result.discards[0]
        if result.sound:
            lines += say(f"Sound: whichever two cards they discard for him, he takes {tricks}.")
        else:
            lines += say(f"Not sound: the opponents discard {pair_text(worst.discard, symbols)}"
                         f" for him and he takes only {noun(worst.tricks or 0)}.")
        rows = [["discard", "tricks", "same as"]]
        for one in result.discards:
            rows.append([pair_text(one.discard, symbols), str(one.tricks),
                         merged_text(one.merged, symbols)])
        lines += ["", "Every distinct discard, worst for him first:", *table(rows, right=(1,))]
        return lines
    leaders = ", ".join(seat_name(s) for s in result.leaders)
    lines += [*say(f"Form 'layouts' (seed 003): some discard must take {tricks} in every layout"
                   f" of the others' cards, whoever leads ({leaders})."), *say(DOUBLE_DUMMY), ""]
    if result.sound:
        best = result.discards[0]
        merged = merged_text(best.merged, symbols)
        same = f" (the same as {merged})" if merged else ""
        lines += say(f"Sound: discarding {pair_text(best.discard, symbols)}{same} he takes"
                     f" {tricks} in every layout, whoever leads.")
        return lines
    lines += say(f"Not sound: each of his {len(result.discards)} distinct discards loses a"
                 f" trick in some layout.")
    rows = [["discard", "beaten with", "same as"]]
    for one in result.discards:
        who = f"the {seat_name(one.leader)} leading" if one.leader else "-"
        rows.append([pair_text(one.discard, symbols), who, merged_text(one.merged, symbols)])
    lines += ["", "Every distinct discard, and who leads in the first layout found that beats"
                  " it:", *table(rows)]
    first = result.discards[0]
    if first.beaten_by is not None:
        lines += ["", *say(f"A layout that beats the discard {pair_text(first.discard, symbols)},"
                           f" the {seat_name(first.leader or 1)} leading (he takes"
                           f" {noun(first.beaten_by.tricks)}):"),
                  *layout_lines(first.beaten_by, TOTUS_GAME, result.declarer, symbols)]
    return lines
