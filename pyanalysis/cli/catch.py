"""`prefdd misere-catch`: can the catchers catch the misère without seeing his discard?

Reads a deal with the talon (the declarer's twelve cards = his hand + the talon), asks
`pyanalysis.analysis.catch.misere_catch` and prints, for people, the diagram, every distinct
discard with its open-card result, the verdict of the exact search over the discards the
catchers cannot tell apart, and a line of play; with `--json`, the result's ``to_dict()``.
"""
from __future__ import annotations

import textwrap
from typing import Sequence

import click

import pyanalysis as pa
from pyanalysis.analysis.catch import MisereCatch, misere_catch
from pyanalysis.diagram import draw_deal

from .common import (
    COMMAND_SETTINGS,
    LongCommand,
    card_text,
    emit_json,
    parse_cards,
    seat_name,
    seat_option,
    symbols_option,
    words_argument,
)
from .lines import split_line
from .solving import format_tricks

__all__ = ["COMMANDS", "misere_catch_command", "catch_lines"]

WIDTH = 92
MISERE = pa.Game.parse("misere")
EXAMPLE_ENDING = "8.-.T.- J.-.-.9 -.-.J.7 KD KH"
EXAMPLE_DEAL = "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 QS 8C"


def _say(text: str) -> list[str]:
    return textwrap.wrap(text, width=WIDTH, break_on_hyphens=False, break_long_words=False)


def _pair(pair: Sequence[pa.Card], symbols: bool) -> str:
    cards = sorted(pair, key=lambda c: (c.suit, -c.rank))
    return " ".join(card_text(c, symbols) for c in cards)


def _pairs(pairs: Sequence[Sequence[pa.Card]], symbols: bool) -> str:
    return ", ".join(_pair(p, symbols) for p in pairs)


def _cards(cards: Sequence[pa.Card], symbols: bool) -> str:
    return " ".join(card_text(c, symbols) for c in cards) or "-"


def catch_lines(result: MisereCatch, symbols: bool = True) -> list[str]:
    """The human report of a `MisereCatch`."""
    d = result.declarer
    lines = [draw_deal(result.deal, symbols=symbols, declarer=d), ""]
    played = (f", {_cards(result.played, symbols)} played to the trick" if result.played
              else "")
    lines += _say(f"Misère, declarer {seat_name(d)}, the {seat_name(result.leader)} leading"
                  f"{played}. His twelve cards: {_cards(list(result.hand), symbols)}. The"
                  f" catchers see them all but not which two he discarded.")
    lines += ["", "Each distinct discard, all cards open (the catchers knowing it):"]
    rows = []
    for pair, tricks in result.by_discard.items():
        verdict = f"caught for {tricks}" if tricks else "escapes"
        same = result.merged.get(pair) or []
        rows.append((_pair(pair, symbols), verdict,
                     f"(same as {_pairs(same, symbols)})" if same else ""))
    width = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        lines.append(f"  {row[0]:<{width[0]}}   {row[1]:<{width[1]}}   {row[2]}".rstrip())
    total = len(result.by_discard)
    lines.append("")
    defence = _cards(result.defence, symbols)
    if result.guaranteed:
        lines += _say(f"Caught whatever he discarded: the defence catches all {total} discards"
                      f" without knowing which one he made (its cards while the discard is"
                      f" unknown, in the line below: {defence}).")
    elif not result.caught:
        escaped = len(result.open_caught)
        lines += _say(f"No single defence catches every discard: the best catches 0 of {total}."
                      + (f" With open cards {escaped} of them would be caught: the catchers"
                         f" need to know the discard." if escaped else
                         " He escapes with open cards whatever he discarded."))
    else:
        lines += _say(f"No single defence catches every discard: the best catches"
                      f" {len(result.caught)} of {total} ({_pairs(result.caught, symbols)}).")
        missed = [p for p in result.open_caught if p not in result.caught]
        if missed:
            lines += _say(f"With open cards it would also catch {_pairs(missed, symbols)}.")
    if len(result.pareto) > 1:
        lines += _say("Other defences catch, instead: " + "; ".join(
            _pairs(s, symbols) or "none" for s in result.pareto[1:]) + ".")
    for pair, where in result.divergence.items():
        before = _cards(where["before"], symbols) if where["before"] else "the start"
        lines += _say(f"Discard {_pair(pair, symbols)}: after {before}, the defence plays"
                      f" {card_text(where['defence'], symbols)}; with open cards"
                      f" {_cards(where['open'], symbols)} would catch him.")
    if result.line:
        kind = ("under that defence" if result.line_kind == "defence"
                else "with open cards (no defence catches him)")
        shown = _pair(result.line_discard or (), symbols)
        lines += ["", *_say(f"Line of play {kind}, his discard {shown}:")]
        focus = d - 1
        pair = result.line_discard or ()
        kept = pa.Hand(result.hand.mask & ~sum(c.bit for c in pair))
        hands = tuple(kept if s == focus else result.deal.hands[s] for s in range(3))
        world = pa.Deal(hands, discard=pa.Hand.from_cards(pair))
        tricks = split_line(world, list(result.played) + list(result.line))
        lines += format_tricks(tricks, symbols)
    return lines


@click.command("misere-catch", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="Misère: caught whatever he discarded, the discard unseen?",
               epilog=f"""\b
Example:
  prefdd misere-catch "{EXAMPLE_ENDING}" --declarer 2
  prefdd misere-catch {EXAMPLE_DEAL} --declarer 1
  prefdd misere-catch "{EXAMPLE_ENDING}" --declarer 2 --all-defences
  prefdd misere-catch "{EXAMPLE_ENDING}" --declarer 2 --json
""")
@words_argument("deal", "DEAL")
@click.option("--declarer", type=click.IntRange(1, 3), required=True, metavar="SEAT",
              help="The declarer's seat: 1, 2 or 3.")
@seat_option("leader", "The seat that leads the current trick.", default=1)
@click.option("--played", default=None, metavar="CARDS",
              help="Cards already played to the current trick, from the leader: \"AS KS\".")
@click.option("--all-defences", "all_defences", is_flag=True,
              help="Also list what the other non-dominated defences catch (slower on hard"
                   " deals: the search can no longer stop at the best).")
@symbols_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (its to_dict()).")
def misere_catch_command(deal: tuple[str, ...], declarer: int, leader: int, played: str | None,
                         all_defences: bool, ascii_only: bool, as_json: bool) -> None:
    """Misère with the discard unknown: is there one defence that catches him whatever he
    discarded?

    DEAL is the three hands and the two-card talon (his twelve cards = his hand + the
    talon); an ending likewise. Every distinct discard is solved with open cards, then the
    exact search finds the defence (one card for each sequence of cards the catchers have
    seen, the same whatever the discard) that catches him against the most discards.
    """
    the_deal = pa.Deal.parse(" ".join(deal))
    result = misere_catch(the_deal, declarer, leader=leader, played=parse_cards(played),
                          pareto="all" if all_defences else "best")
    if as_json:
        emit_json(result.to_dict())
        return
    for line in catch_lines(result, not ascii_only):
        click.echo(line)


COMMANDS = [misere_catch_command]
