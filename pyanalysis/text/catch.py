"""Misère with the discard unseen, for people (`prefdd misere-catch`): every discard with its
open-card result, the verdict of the search over the discards the catchers cannot tell apart,
and a line of play."""
from __future__ import annotations

import pyanalysis as pa
from pyanalysis.analysis.catch import MisereCatch
from pyanalysis.diagram import cards_text, draw_deal

from .lines import format_tricks, line_tricks
from .words import card_text, merged_text, pair_text, say, seat_name, table

__all__ = ["catch_lines"]


def catch_lines(result: MisereCatch, symbols: bool = True) -> list[str]:
    """The human report of a `MisereCatch`."""
    d = result.declarer
    lines = [draw_deal(result.deal, symbols=symbols, declarer=d), ""]
    played = (f", {cards_text(result.played, symbols)} played to the trick" if result.played
              else "")
    lines += say(f"Misère, declarer {seat_name(d)}, the {seat_name(result.leader)} leading"
                  f"{played}. His twelve cards: {cards_text(list(result.hand), symbols)}. The"
                  f" catchers see them all but not which two he discarded.")
    lines += ["", "Each distinct discard, all cards open (the catchers knowing it):"]
    rows: list[tuple[str, str, str]] = []
    for pair, tricks in result.by_discard.items():
        verdict = f"caught for {tricks}" if tricks else "escapes"
        same = result.merged.get(pair) or []
        rows.append((pair_text(pair, symbols), verdict,
                     f"(same as {merged_text(same, symbols)})" if same else ""))
    lines += table(rows)
    total = len(result.by_discard)
    lines.append("")
    defence = cards_text(result.defence, symbols)
    if result.guaranteed:
        lines += say(f"Caught whatever he discarded: the defence catches all {total} discards"
                      f" without knowing which one he made (its cards while the discard is"
                      f" unknown, in the line below: {defence}).")
    elif not result.caught:
        escaped = len(result.open_caught)
        lines += say(f"No single defence catches every discard: the best catches 0 of {total}."
                      + (f" With open cards {escaped} of them would be caught: the catchers"
                         f" need to know the discard." if escaped else
                         " He escapes with open cards whatever he discarded."))
    else:
        lines += say(f"No single defence catches every discard: the best catches"
                      f" {len(result.caught)} of {total} ({merged_text(result.caught, symbols)}).")
        missed = [p for p in result.open_caught if p not in result.caught]
        if missed:
            lines += say(f"With open cards it would also catch {merged_text(missed, symbols)}.")
    if len(result.pareto) > 1:
        lines += say("Other defences catch, instead: " + "; ".join(
            merged_text(s, symbols) or "none" for s in result.pareto[1:]) + ".")
    for pair, where in result.divergence.items():
        before = cards_text(where["before"], symbols) if where["before"] else "the start"
        lines += say(f"Discard {pair_text(pair, symbols)}: after {before}, the defence plays"
                      f" {card_text(where['defence'], symbols)}; with open cards"
                      f" {cards_text(where['open'], symbols)} would catch him.")
    if result.line:
        # "defence": a discard it catches; "escape": one he would choose that it does not.
        kind = ("with open cards (no defence catches him)" if result.line_kind == "open"
                else "under that defence")
        shown = pair_text(result.line_discard or (), symbols)
        lines += ["", *say(f"Line of play {kind}, his discard {shown}:")]
        focus = d - 1
        pair = result.line_discard or ()
        kept = pa.Hand(result.hand.mask & ~sum(c.bit for c in pair))
        hands = tuple(kept if s == focus else result.deal.hands[s] for s in range(3))
        world = pa.Deal(hands, discard=pa.Hand.from_cards(pair))
        tricks = line_tricks(world, "misere", list(result.played) + list(result.line))
        lines += format_tricks(tricks, symbols)
    return lines
