"""The ten-trick game for people (`prefdd tenner`): the open-card check with the defence's
refutation, and "was it guaranteed?" over the layouts."""
from __future__ import annotations

import json
from typing import Any

import pyanalysis as pa
from pyanalysis.analysis import TennerCheck, TennerOdds
from pyanalysis.diagram import draw_deal

from .layouts import DOUBLE_DUMMY, counted_text, discard_rows, estimate_text, layout_lines
from .lines import line_lines
from .scoring import format_deal
from .words import (
    card_text, count, game_text, hand_text, interval_text, merged_text, noun, pair_text,
    percent, say, seat_name, table, the_others,
)

__all__ = ["refutation_lines", "tenner_check_lines", "tenner_odds_lines"]


def tenner_sentence(check: TennerCheck, symbols: bool) -> str:
    """"Declarer (2nd hand) takes 8 tricks in 10♠: down 2."."""
    of = "" if check.need == 10 else f" of the {check.need} left"
    verdict = "made" if check.made else f"down {check.down}"
    return (f"Declarer ({seat_name(check.declarer)}) takes {noun(check.tricks)}{of} in"
            f" {game_text(check.game, symbols)}: {verdict}.")


def refutation_lines(tree: dict[str, Any] | None, symbols: bool) -> list[str]:
    """The defence's strategy in words, from the start of a trick: each defender's card and,
    after every card of the declarer (cards with the same answers grouped), the defence's
    answer, one level deeper. Plays within a trick are joined by commas, tricks by
    semicolons; the first card of a trick "leads"."""
    def card(text: str) -> str:
        return card_text(pa.Card.parse(text), symbols)

    def play(seat: int, shown: str, k: int, first: bool) -> str:
        lead = " leads" if k % 3 == 0 else ""
        joint = "" if first else ("; " if k % 3 == 0 else ", ")
        return f"{joint}{seat_name(seat)}{lead} {shown}"

    def chain(node: dict[str, Any] | None, k: int) -> tuple[str, dict[str, Any] | None, int]:
        text = ""
        while node is not None and node["side"] == "defence":
            text += play(node["seat"], card(node["card"]), k, not text)
            node, k = node["next"], k + 1
        return text, node, k

    def either(cards: list[str]) -> str:
        shown = [card(c) for c in cards]
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]

    arrow = "→" if symbols else "->"

    def replies(node: dict[str, Any], k: int, indent: int) -> list[str]:
        groups: dict[str, list[str]] = {}
        subtrees: dict[str, Any] = {}
        for played, sub in node["replies"].items():
            key = json.dumps(sub, sort_keys=True)
            groups.setdefault(key, []).append(played)
            subtrees[key] = sub
        out = []
        for key, cards in groups.items():
            if subtrees[key] is None:
                continue  # past the tricks shown
            shown = "any card" if len(groups) == 1 and len(cards) > 1 else either(cards)
            answer, rest, after = chain(subtrees[key], k + 1)
            answer = answer if answer.startswith("; ") else " " + answer.lstrip(", ")
            out.append(" " * indent + play(node["seat"], shown, k, True).strip()
                       + f" {arrow}" + answer)
            if rest is not None:
                out += replies(rest, after, indent + 2)
        return out

    if tree is None:
        return []
    plays, rest, k = chain(tree, 0)
    lines = ["  " + plays] if plays else []
    if rest is not None:
        lines += replies(rest, k, 4 if plays else 2)
    return lines


def tenner_check_lines(check: TennerCheck, given: pa.Deal, depth: int,
                       symbols: bool) -> list[str]:
    lines = [draw_deal(given, symbols=symbols, declarer=check.declarer), ""]
    if check.discards:
        lines += say(f"No discard given: each of his {len(check.discards)} distinct discards is"
                     f" checked, all cards open.")
        merged = merged_text(check.merged, symbols)
        same = f" (the same as {merged})" if merged else ""
        lines += say(f"Best discard: {pair_text(check.discard or (), symbols)}{same}.")
    lines += say(tenner_sentence(check, symbols))
    lines += line_lines(check.deal, check.line, check.game, symbols)
    if check.refutation is not None:
        first = "the first trick" if depth == 1 else f"the first {depth} tricks"
        lines += say(f"A refutation: the defence sets him whatever he plays. Its cards in"
                     f" {first}, answering each of his:")
        lines += refutation_lines(check.refutation, symbols)
    if check.score is not None:
        lines += ["", "Score:", *format_deal(check.score)]
    if check.discards:
        rows = [["discard", "tricks", "verdict", "same as"]]
        for one in check.discards:
            rows.append([pair_text(one.discard or (), symbols), str(one.tricks),
                         one.verdict, merged_text(one.merged, symbols)])
        lines += ["", "Every distinct discard, best first:", *table(rows, right=(1,))]
    return lines


def tenner_odds_lines(result: TennerOdds, given: pa.Hand, out: pa.Hand | None,
                      symbols: bool) -> list[str]:
    odds = result.odds
    twelve = bool(odds.discards)
    lines = [f"Declarer ({seat_name(odds.declarer)}) in {game_text(odds.game, symbols)},"
             f" the {seat_name(odds.leader)} leading. His cards:",
             "  " + hand_text(given, symbols)]
    if twelve:
        lines.append("Twelve cards, hand and talon: every distinct discard is tried.")
    elif out is not None:
        lines.append(f"His discard, out of play: {pair_text(list(out), symbols)}.")
    lines += [*say(f"Was the tenner guaranteed? Does he take ten in every layout of the other"
                   f" {len(odds.others)} cards between {the_others(odds.declarer)}?"),
              *say(counted_text(odds)), *say(DOUBLE_DUMMY), ""]
    discard = pair_text(odds.discard, symbols) if odds.discard else None
    if result.guaranteed and odds.exact:
        how = f"discarding {discard} he" if discard else "he"
        lines += say(f"Guaranteed: {how} takes ten in every one of the"
                     f" {count(odds.layouts)} layouts.")
    elif result.guaranteed:
        how = f"discarding {discard} he" if discard else "he"
        interval = f", {interval_text(odds.interval, symbols)}" if odds.interval else ""
        lines += say(f"No sampled layout beats it: {how} takes ten in all"
                     f" {count(odds.layouts)} sampled layouts (an estimate{interval}, not a"
                     f" proof: count every layout without --samples).")
    else:
        which = f"best discard {discard}" if twelve else "the hand"
        sampled = " sampled" if odds.sample is not None else ""
        share = percent(odds.probability) if odds.probability is not None else "-"
        lines += say(f"Not guaranteed: {which} makes ten in {count(odds.made or 0)}/"
                     f"{count(odds.layouts)}{sampled} layouts"
                     f" ({share}{estimate_text(odds, symbols)}).")
        beaten = result.beaten_by
        if beaten is not None:
            lines += ["", f"A layout that beats it (he takes {noun(beaten.tricks)}):",
                      *layout_lines(beaten, odds.game, odds.declarer, symbols)]
    if twelve:
        lines += ["", "Discards, best first:", *discard_rows(odds, symbols, "made")]
    return lines
