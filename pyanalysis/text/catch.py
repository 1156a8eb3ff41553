"""Misère with the discard unseen, for people (`prefdd misere-catch`): every discard with its
open-card result, the verdict of the search over the discards the catchers cannot tell apart,
and a line of play."""
from __future__ import annotations

import pyanalysis as pa
from pyanalysis.analysis.catch import MisereCatch
from pyanalysis.diagram import cards_text, draw_deal

from .lines import format_tricks, line_tricks
from .words import card_text, fraction_text, merged_text, pair_text, say, seat_name, table

__all__ = ["catch_lines"]


def _verdict(result: MisereCatch, total: int, symbols: bool) -> list[str]:
    """Caught whatever he discards, or the discards that escape the best single defence,
    named first."""
    defence = cards_text(result.defence, symbols)
    if result.guaranteed:
        return say(f"Caught whatever he discarded: the defence catches all {total} discards"
                   f" without knowing which one he made (its cards while the discard is"
                   f" unknown, in the line below: {defence}).")
    if not result.caught:
        escaped = len(result.open_caught)
        return say(f"He escapes whatever he discards: no single defence catches any of the"
                   f" {total} discards."
                   + (f" With open cards {escaped} of them would be caught: the catchers"
                      f" need to know the discard." if escaped else
                      " He escapes with open cards whatever he discarded."))
    out = say(f"He escapes by discarding {merged_text(result.escapes, symbols)}: the best"
              f" single defence catches {len(result.caught)} of {total} discards, not"
              f" {'that one' if len(result.escapes) == 1 else 'those'}.")
    missed = [p for p in result.open_caught if p not in result.caught]
    if missed:
        out += say(f"With open cards the catchers would also catch"
                   f" {merged_text(missed, symbols)}.")
    return out


def _game(result: MisereCatch, total: int, symbols: bool) -> list[str]:
    """The value of the game he plays by choosing a hidden discard against catchers who may
    mix defences, and how both sides play it."""
    if result.guaranteed:
        return []
    value = result.game_value
    head = ("As a game (he chooses the discard knowing the catchers cannot see it; they may"
            " choose a defence at random)")
    if value == 0:
        sure = [p for p in result.by_discard if p not in result.open_caught]
        return say(f"{head}: he is never caught: discarding {merged_text(sure, symbols)} he"
                   f" escapes even with open cards.") if sure else say(f"{head}: he is never caught.")
    uses = ", ".join(f"{pair_text(p, symbols)} {fraction_text(w)}"
                     for p, w in result.declarer_mix.items())
    mixed = sum(1 for w in result.mix if w)
    return say(f"{head}: he is caught with probability {fraction_text(value)}"
               f" ({float(value):.2%}) when both sides play best. Any single defence, once he"
               f" knows it, lets him escape; the catchers choosing among {mixed} defences at"
               f" random, with the weights below, catch him that often whatever he discards."
               f" His optimal mix of discards: {uses}.")


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
    lines += _verdict(result, total, symbols)
    lines += _game(result, total, symbols)
    if len(result.pareto) > 1:
        lines += ["", "The catchers' defences: what each catches, and its weight in their best mix:"]
        lines += table([(f"{i}.", f"{len(s)} of {total}", str(w),
                         merged_text(s, symbols) or "none")
                        for i, (s, w) in enumerate(zip(result.pareto, result.mix), 1)],
                       right=(1, 2))
    if result.divergence:
        lines.append("")
    for pair, where in result.divergence.items():
        before = cards_text(where["before"], symbols) if where["before"] else "the start"
        lines += say(f"Discard {pair_text(pair, symbols)}: after {before}, the defence plays"
                      f" {card_text(where['defence'], symbols)}; with open cards"
                      f" {cards_text(where['open'], symbols)} would catch him.")
    if result.line:
        # "defence": a discard it catches; "escape": one he would choose that it does not.
        shown = pair_text(result.line_discard or (), symbols)
        kind = {"open": f"with open cards, his discard {shown} (no defence catches him)",
                "escape": f"under the best single defence, his discard {shown}, with which he"
                          f" escapes it",
                "defence": f"under the best single defence, his discard {shown}"}
        lines += ["", *say(f"Line of play {kind[result.line_kind]}:")]
        focus = d - 1
        pair = result.line_discard or ()
        kept = pa.Hand(result.hand.mask & ~sum(c.bit for c in pair))
        hands = tuple(kept if s == focus else result.deal.hands[s] for s in range(3))
        world = pa.Deal(hands, discard=pa.Hand.from_cards(pair))
        tricks = line_tricks(world, "misere", list(result.played) + list(result.line))
        lines += format_tricks(tricks, symbols)
    return lines
