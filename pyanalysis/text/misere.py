"""Misère over every layout for people (`prefdd misere-odds`): how often he is caught."""
from __future__ import annotations

import pyanalysis as pa
from pyanalysis.analysis import LayoutOdds
from pyanalysis.analysis.misere import BIAS

from .layouts import counted_text, discard_rows, estimate_text, layout_lines
from .words import count, hand_text, noun, pair_text, percent, say, seat_name, the_others

__all__ = ["misere_lines"]


def misere_lines(odds: LayoutOdds, given: pa.Hand, out: pa.Hand | None,
                 symbols: bool) -> list[str]:
    seat = seat_name(odds.declarer)
    lines = [f"Misère, the {seat} declaring, the {seat_name(odds.leader)} leading. His cards:",
             "  " + hand_text(given, symbols)]
    if odds.discards:
        lines.append("Twelve cards, hand and talon: every distinct discard is tried.")
    elif out is not None and len(out):
        lines.append(f"His discard, out of play: {pair_text(list(out), symbols)}.")
    lines += [*say(f"How often is he caught, the other {len(odds.others)} cards lying every way"
                   f" between {the_others(odds.declarer)}?"), *say(counted_text(odds)), ""]
    if odds.discards:
        lines += ["Discards, fewest catches first:", *discard_rows(odds, symbols, "caught"), ""]
        head = f"Best discard {pair_text(odds.discard or (), symbols)}: he is"
    elif out is not None and len(out):
        head = f"With the discard {pair_text(list(out), symbols)} he is"
    else:
        head = "He is"
    caught = odds.made or 0
    sampled = " sampled" if odds.sample is not None else ""
    if caught == 0:
        lines += say(f"{head} never caught in the {count(odds.layouts)}{sampled} layouts"
                     f"{estimate_text(odds, symbols)}.")
    else:
        share = percent(odds.probability) if odds.probability is not None else "-"
        lines += say(f"{head} caught in {count(caught)}/{count(odds.layouts)}{sampled} layouts"
                     f" ({share}{estimate_text(odds, symbols)}).")
        if odds.worst is not None:
            lines += ["", f"A layout that catches him (he takes {noun(odds.worst.tricks)}):",
                      *layout_lines(odds.worst, odds.game, odds.declarer, symbols)]
    lines += ["", *say(f"Note: {BIAS}.")]
    return lines
