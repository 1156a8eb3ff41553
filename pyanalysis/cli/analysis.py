"""`prefdd tenner`, `odds`, `totus`, `underbid` and `misere-odds`: questions over layouts.

Each command reads a deal or the declarer's hand, asks one function of `pyanalysis.analysis`
and prints its answer for people (suit symbols, diagrams, lines of play) or, with `--json`,
the result's ``to_dict()``. Counts over every layout of the unseen cards draw a
progress bar on a terminal, and Ctrl-C stops them with one line.
"""
from __future__ import annotations

import json
import math
import textwrap
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Callable, Iterator, Sequence

import click

import pyanalysis as pa
from pyanalysis.analysis import (
    LayoutOdds, TennerCheck, TennerOdds, Totus, Underbid, check_tenner, layout_odds,
    misere_odds, tenner_odds, totus, underbid,
)
from pyanalysis.analysis.layouts import Layout, distinct_discards, prepare
from pyanalysis.analysis.misere import BIAS
from pyanalysis.analysis.totus import FORMS
from pyanalysis.diagram import draw_deal, hand_lines
from pyanalysis.errors import CardCountError, PositionError
from pyanalysis.progress import Progress
from pyanalysis.rules import RuleSet
from pyanalysis.wording import percent

from .common import (
    COMMAND_SETTINGS,
    CliError,
    LongCommand,
    card_set,
    card_text,
    emit_json,
    jobs_option,
    sample_options,
    seat_name,
    seat_option,
    symbols_option,
    words_argument,
)
from .lines import split_line
from .scoring import format_deal
from .solving import format_tricks

__all__ = ["COMMANDS", "misere_odds_command", "odds", "tenner", "totus_command",
           "underbid_command"]

#: What every layout count assumes, said wherever one is shown (see `analysis.layouts`).
DOUBLE_DUMMY = ("Double-dummy: in every layout each player sees all the cards. The defenders"
                " see his hand (his chances are a lower bound), and he plays as if he knew the"
                " layout.")

WIDTH = 92  # prose is wrapped to this width; diagrams and tables are not

TOTUS_GAME = pa.Game.contract(10, None)

EXAMPLE_TEN_DEAL = "AKQ.AKQJ9.-.AK T9.87.JT7.987 J87.T.A98.QJT discard:-.-.KQ.-"
EXAMPLE_TEN_TALON = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"


def game_choice(help_text: str) -> Callable[[Callable], Callable]:
    """``--game/-g``, required, with a help text naming the games the command asks about."""
    return click.option("--game", "-g", required=True, metavar="GAME", help=help_text)


def declarer_option(func: Callable) -> Callable:
    """``--declarer SEAT``, required."""
    return click.option("--declarer", type=click.IntRange(1, 3), required=True, metavar="SEAT",
                        help="The declarer's seat: 1, 2 or 3.")(func)


def leader_option(func: Callable) -> Callable:
    return seat_option("leader", "The seat that leads to the first trick.", default=1)(func)


def out_option(func: Callable) -> Callable:
    return click.option("--out", metavar="CARDS", default=None,
                        help="The declarer's discard, out of play (\"KD QD\" or -.-.KQ.-), for a"
                             " ten-card hand. Without it a twelve-card hand (hand and talon)"
                             " is tried with every distinct discard.")(func)


def others_option(func: Callable) -> Callable:
    return click.option("--others", metavar="CARDS", default=None,
                        help="The cards the two other seats hold between them (default: the"
                             " rest of the deck less --out); fewer cards make an ending.")(func)


def json_flag(func: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True,
                        help="Print the result as JSON (its to_dict()).")(func)


# ----------------------------------------------------------------------------- shared pieces


def emit(result: Any) -> None:
    """The result's ``to_dict()`` as strict JSON, like every other command's ``--json``."""
    emit_json(result.to_dict())


def words_text(words: Sequence[str]) -> str:
    text = " ".join(words).strip()
    if not text:
        raise CliError("no cards given")
    return text


def read_hand(words: Sequence[str]) -> pa.Hand:
    return card_set(words_text(words), "hand")


def optional_cards(text: str | None, what: str) -> pa.Hand | None:
    if text is None:
        return None
    if not text.strip():
        raise CliError(f"{what} is empty: give the cards, e.g. {what} \"KD QD\"")
    return card_set(text, what)


def check_sample(sample: int | None, seed: int | None) -> None:
    if seed is not None and sample is None:
        raise CliError("--seed is for sampling: give --sample N too")


def count(n: int) -> str:
    """184756 -> "184,756"."""
    return f"{n:,}"


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def noun(n: int, word: str = "trick") -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def pair_text(pair: Sequence[pa.Card], symbols: bool) -> str:
    """A discard, suit by suit, high card first: ``K♦ Q♦``."""
    cards = sorted(pair, key=lambda c: (c.suit, -c.rank))
    return " ".join(card_text(card, symbols) for card in cards)


def merged_text(merged: Sequence[Sequence[pa.Card]], symbols: bool) -> str:
    return ", ".join(pair_text(pair, symbols) for pair in merged)


def hand_text(hand: pa.Hand, symbols: bool) -> str:
    """A hand on one line: ``♠ A K Q   ♣ A K Q J 9   ♦ -   ♥ A K``."""
    return "   ".join(hand_lines(hand, symbols))


def game_text(game: pa.Game, symbols: bool) -> str:
    return game.symbol() if symbols else str(game)


def line_lines(deal: pa.Deal, line: Sequence[pa.Card], game: pa.Game,
               symbols: bool) -> list[str]:
    """A line of play from the start of `deal`, one trick a line (as `prefdd solve`)."""
    return ["Line of play:", *format_tricks(split_line(deal, line, trump=game.trump), symbols)]


def layout_lines(layout: Layout, game: pa.Game, declarer: int, symbols: bool) -> list[str]:
    """A layout drawn as a deal (the declarer marked, his discard in the middle), its line."""
    return [draw_deal(layout.deal, symbols=symbols, declarer=declarer), "",
            *line_lines(layout.deal, layout.line, game, symbols)]


def say(text: str) -> list[str]:
    """A sentence or two for people, wrapped to the width of a terminal."""
    return textwrap.wrap(text, width=WIDTH, break_on_hyphens=False, break_long_words=False)


def table(rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> list[str]:
    """Rows as aligned columns (the first row is the header), indented by two spaces."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                 for i, cell in enumerate(row)]
        lines.append(("  " + "   ".join(cells)).rstrip())
    return lines


def the_others(declarer: int) -> str:
    first, second = [seat_name(s) for s in (1, 2, 3) if s != declarer]
    return f"the {first} and the {second}"


@contextmanager
def layout_bar(total: int | None) -> Iterator[Callable[[int], None]]:
    """A progress bar counting solved layouts (drawn only on a terminal); yields the callback
    the analysis functions take. Always passed, so that the count stays interruptible."""
    with Progress(total, desc="solving", unit=" layouts") as bar:
        yield bar.update


def planned_layouts(hand: pa.Hand, game: pa.Game | str, declarer: int, *,
                    others: pa.Hand | None, out: pa.Hand | None, leader: int,
                    sample: int | None, pruned: bool = False) -> int | None:
    """How many layouts a count will solve (for the bar's total), or None when it stops
    early. Checks the question the way the count will, with the same messages."""
    q = prepare(hand, game, declarer, others=others, out=out, leader=leader)
    per = sample if sample is not None else math.comb(2 * q.n, q.n)
    if len(q.hand) == q.n:
        return per
    return None if pruned else per * len(distinct_discards(q.hand, q.others))


def counted_text(odds: LayoutOdds) -> str:
    """"184,756 layouts: exact, every layout counted." or the sample's description."""
    per = " for each distinct discard" if odds.discards else ""
    if odds.sample is not None:
        seed = f", seed {odds.seed}" if odds.seed is not None else ", no seed"
        return (f"Estimate from {count(odds.sample)} sampled layouts{per}{seed}, of the"
                f" {count(odds.total)} possible.")
    stopped = any(not one.complete for one in odds.discards)
    cut = " (a discard's count stops once it is sure to be worse than the best)" if stopped \
        else ""
    return f"{count(odds.total)} layouts{per}: exact, every layout counted{cut}."


def estimate_text(odds: LayoutOdds) -> str:
    """The 95% interval and standard error of a sampled probability, or ""."""
    if odds.interval is None or odds.stderr is None:
        return ""
    low, high = odds.interval
    return (f"; 95% interval [{percent(low)}, {percent(high)}],"
            f" standard error {odds.stderr * 100:.2f}%")


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


# ----------------------------------------------------------------------------- tenner


def read_deal_or_hand(text: str) -> tuple[pa.Deal | None, pa.Hand | None]:
    """The argument of `tenner`: a deal if it reads as one, else the declarer's hand."""
    try:
        return pa.Deal.parse(text), None
    except ValueError as deal_error:
        try:
            return None, card_set(text, "hand")
        except ValueError as hand_error:
            if isinstance(deal_error, CardCountError) and "expected 3 hands" in str(deal_error):
                raise hand_error from None  # one hand, mistyped
            raise deal_error from None


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
        lines += say(f"No sampled layout beats it: {how} takes ten in all"
                     f" {count(odds.layouts)} sampled layouts (an estimate, not a proof: count"
                     f" every layout without --sample).")
    else:
        which = f"best discard {discard}" if twelve else "the hand"
        sampled = " sampled" if odds.sample is not None else ""
        share = percent(odds.probability) if odds.probability is not None else "-"
        lines += say(f"Not guaranteed: {which} makes ten in {count(odds.made or 0)}/"
                     f"{count(odds.layouts)}{sampled} layouts ({share}{estimate_text(odds)}).")
        beaten = result.beaten_by
        if beaten is not None:
            lines += ["", f"A layout that beats it (he takes {noun(beaten.tricks)}):",
                      *layout_lines(beaten, odds.game, odds.declarer, symbols)]
    if twelve:
        lines += ["", "Discards, best first:", *discard_rows(odds, symbols, "made")]
    return lines


@click.command("tenner", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="The ten-trick game: the open-card check, or was it guaranteed?",
               epilog=f"""\b
Example:
  prefdd tenner "{EXAMPLE_TEN_DEAL}" --game 10C --declarer 1
  prefdd tenner "{EXAMPLE_TEN_TALON}" -g 10S --declarer 2 --rules sochi
  prefdd tenner AKQ87.AK.AQ.A -g 10S --declarer 1 --out "KH QH"
  prefdd tenner AKQ87.AKQ.AQ.AK -g 10S --declarer 1 --json
""")
@words_argument("deal_or_hand", "DEAL_OR_HAND")
@game_choice("The ten contract: 10S, 10C, 10D, 10H or 10NT (also 10♠, 10БК).")
@declarer_option
@leader_option
@click.option("--rules", "rules_name", default=None, metavar="PRESET",
              help="Deal: score the tenner as it went under a rule set (sochi, leningrad,"
                   " rostov).")
@click.option("--rule", "rule_overrides", multiple=True, metavar="KEY=VALUE",
              help="Deal: change one knob of the rule set, e.g. --rule tenner_checked=false"
                   " (repeatable; sochi unless --rules says otherwise).")
@click.option("--depth", type=click.IntRange(0, 3), default=None, metavar="N",
              help="Deal: tricks of the defence's refutation to spell out (0-3, default 2).")
@jobs_option
@sample_options
@out_option
@symbols_option
@json_flag
def tenner(deal_or_hand: tuple[str, ...], game: str, declarer: int, leader: int,
           rules_name: str | None, rule_overrides: tuple[str, ...], depth: int | None,
           jobs: int | None, sample: int | None, seed: int | None, out: str | None,
           ascii_only: bool, as_json: bool) -> None:
    """The ten-trick game (RULES.md §2.4), for a deal or for the declarer's hand.

    A DEAL (three hands, the declarer's after his discard) is checked as at the table: all
    cards open, does he take all ten against the best defence? If not, the defence's
    refutation is spelled out. A deal with the talon and no discard is checked for every
    distinct discard of his twelve cards. --rules scores the deal as it went.

    A HAND (his ten cards with --out DISCARD, or his twelve with the talon) asks "was it
    guaranteed?": is there a discard with which he takes ten in every one of the 184,756
    layouts of the others' cards? A count stops a discard as soon as it is worse than the
    best one.
    """
    check_sample(sample, seed)
    symbols = not ascii_only
    the_deal, hand = read_deal_or_hand(words_text(deal_or_hand))
    if the_deal is not None:
        for name, given in (("--out", out), ("--sample", sample), ("--seed", seed)):
            if given is not None:
                raise CliError(f"{name} is for a single hand; a deal is checked with all cards"
                               f" open (write its discard after 'discard:')")
        rules = None
        if rules_name is not None or rule_overrides:
            rules = RuleSet.preset(rules_name or "sochi").with_strings(rule_overrides)
            if not the_deal.is_full:
                raise CliError(f"--rules scores a whole deal of ten tricks; this is an ending of"
                               f" {the_deal.size}")
        shown_depth = 2 if depth is None else depth
        check = check_tenner(the_deal, game, declarer, leader=leader, rules=rules,
                             depth=shown_depth)
        if as_json:
            emit(check)
            return
        for line in tenner_check_lines(check, the_deal, shown_depth, symbols):
            click.echo(line)
        return
    assert hand is not None
    for name, given in (("--rules", rules_name), ("--rule", rule_overrides or None),
                        ("--depth", depth)):
        if given is not None:
            raise CliError(f"{name} is for a deal (the open-card check), not a single hand")
    gone = optional_cards(out, "--out")
    check_hand(hand, gone, None, endings=False)
    total = planned_layouts(hand, _ten_game(game), declarer, others=None, out=gone,
                            leader=leader, sample=sample, pruned=True)
    with layout_bar(total) as progress:
        result = tenner_odds(hand, game, declarer, out=gone, leader=leader, sample=sample,
                             seed=seed, jobs=jobs, progress=progress)
    if as_json:
        emit(result)
        return
    for line in tenner_odds_lines(result, hand, gone, symbols):
        click.echo(line)


def _ten_game(text: str) -> pa.Game:
    game = pa.Game.parse(text)
    if game.kind != "contract" or game.level != 10:
        raise PositionError(f"the tenner check is for a ten contract (10S … 10NT), not {game}")
    return game


def check_hand(hand: pa.Hand, out: pa.Hand | None, others: pa.Hand | None,
               endings: bool = True) -> None:
    """Name the option that is wrong in a full-deal question (ten cards with --out, or
    twelve), before the count's own checks speak of the others' cards. An ending (--others)
    is left to those checks."""
    if others is not None:
        return
    ending = "; an ending needs --others" if endings else ""
    if out is None:
        if len(hand) == 10:
            raise CliError("a ten-card hand needs its discard: --out CARDS (or give his twelve"
                           " cards, hand and talon)")
        if len(hand) != 12:
            raise CliError(f"a hand has 10 cards (with --out, his discard) or 12 (hand and"
                           f" talon), got {len(hand)}{ending}")
        return
    if len(hand) == 12:
        raise CliError("--out is the discard of a ten-card hand; a twelve-card hand (hand and"
                       " talon) is tried with every distinct discard")
    if len(hand) != 10:
        raise CliError(f"with --out the hand has 10 cards, got {len(hand)}{ending}")
    if len(out) != 2:
        raise CliError(f"a discard is two cards, got {len(out)} in --out")


# ----------------------------------------------------------------------------- odds


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


def target_lines(odds: LayoutOdds) -> list[str]:
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
               f" ({percent(odds.probability)}{estimate_text(odds)}); {other} in"
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
    lines += distribution_lines(odds) if odds.target is None else target_lines(odds)
    worst = worst_lines(odds, symbols)
    if worst:
        lines += ["", *worst]
    if odds.discards:
        lines += ["", "Every distinct discard, best first:", *odds_discard_lines(odds, symbols)]
    return lines


@click.command("odds", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="The declarer's result over every layout of the cards he cannot see.",
               epilog="""\b
Example:
  prefdd odds AKJ98.AQ.K7.8 --game 6S --declarer 1 --out "9H 7H" --target 6
  prefdd odds AKJ98.AQ.K7.987 -g 6S --declarer 1 --target 6 --sample 200 --seed 1
  prefdd odds AKQ.7.-.- -g 6NT --declarer 3 --others JT987.A8.K.- --json
""")
@words_argument("hand", "HAND")
@game_choice("The game: a contract (6S … 10NT, also 8♠, 6БК) or misere (мизер).")
@declarer_option
@out_option
@others_option
@leader_option
@click.option("--target", type=int, default=None, metavar="T",
              help="Count the layouts where he takes at least T tricks (misère: where he is"
                   " forced to take T or more) instead of the whole distribution; faster.")
@sample_options
@jobs_option
@symbols_option
@json_flag
def odds(hand: tuple[str, ...], game: str, declarer: int, out: str | None, others: str | None,
         leader: int, target: int | None, sample: int | None, seed: int | None,
         jobs: int | None, ascii_only: bool, as_json: bool) -> None:
    """The declarer's double-dummy result over every layout of the cards he cannot see.

    HAND is his cards: ten with --out (his discard), twelve (hand and talon: every distinct
    discard is tried and ranked), or an ending with --others. The other cards lie between
    the two other seats in C(2n, n) equally likely ways (184,756 for a full deal); each
    is solved (or a seeded --sample of them). Without --target: how many tricks he takes,
    layout by layout; with it: how often he takes at least T.
    """
    check_sample(sample, seed)
    the_hand = read_hand(hand)
    gone = optional_cards(out, "--out")
    rest = optional_cards(others, "--others")
    check_hand(the_hand, gone, rest)
    total = planned_layouts(the_hand, game, declarer, others=rest, out=gone, leader=leader,
                            sample=sample)
    with layout_bar(total) as progress:
        result = layout_odds(the_hand, game, declarer, others=rest, out=gone, leader=leader,
                             target=target, sample=sample, seed=seed, jobs=jobs,
                             progress=progress)
    if as_json:
        emit(result)
        return
    for line in odds_lines(result, the_hand, gone, not ascii_only):
        click.echo(line)


# ----------------------------------------------------------------------------- totus


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


@click.command("totus", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="Totus, the twelve-card slam: is it sound?",
               epilog=f"""\b
Example:
  prefdd totus AKQJ.AKQ.AKQ.AK --declarer 1
  prefdd totus AKQJ.AKQ.AKQ.87 --declarer 1
  prefdd totus "{EXAMPLE_TEN_TALON}" --declarer 2 --form open
""")
@words_argument("cards", "CARDS")
@declarer_option
@click.option("--form", type=click.Choice(FORMS), default=None,
              help="'layouts' (seed 003: every layout of the others' cards, whoever leads) or"
                   " 'open' (seed 002: the opponents choose his discard, then all cards open)."
                   " Default: 'open' for a deal, 'layouts' for a hand.")
@others_option
@jobs_option
@symbols_option
@json_flag
def totus_command(cards: tuple[str, ...], declarer: int, form: str | None, others: str | None,
                  jobs: int | None, ascii_only: bool, as_json: bool) -> None:
    """Totus (тотус, RULES.md §2.5): all ten tricks in no-trump on the declarer's twelve cards.

    CARDS is his twelve cards (hand and talon), or a deal with the talon. In the form
    'layouts' some discard must take ten in every one of the 184,756 layouts, whoever leads
    (one failing layout settles a discard); in the form 'open' the opponents choose his
    discard and he must take ten with all cards open.
    """
    the_deal, hand = read_deal_or_hand(words_text(cards))
    rest = optional_cards(others, "--others")
    if rest is not None and the_deal is not None:
        raise CliError("--others is for a hand; a deal has the others' cards")
    source: Any = the_deal if the_deal is not None else hand
    # How many layouts it takes is not known: one failing layout settles a discard.
    with layout_bar(None) as progress:
        result = totus(source, declarer, form=form, others=rest, jobs=jobs, progress=progress)
    if as_json:
        emit(result)
        return
    for line in totus_lines(result, the_deal, not ascii_only):
        click.echo(line)


# ----------------------------------------------------------------------------- underbid


def underbid_lines(result: Underbid, out: pa.Hand | None, symbols: bool) -> list[str]:
    seat = seat_name(result.declarer)
    game = game_text(result.game, symbols)
    n = len(result.hand)
    if n == 10:
        question = (f"Underbid: the declarer ({seat}) bid {game} and took more. Is there a"
                    f" layout of the other 20 cards in which he takes only {result.bid}?")
    else:
        question = (f"Underbid in {game}, an ending of {n} tricks: is there a layout of the"
                    f" other {2 * n} cards in which the declarer ({seat}) takes only"
                    f" {result.bid} of them?")
    discard = f" (discard {pair_text(list(out), symbols)})" if out is not None and len(out) \
        else ""
    lines = [*say(question), f"His cards{discard}:", "  " + hand_text(result.hand, symbols),
             f"{count(result.layouts)} layouts: exact, every layout counted.", *say(DOUBLE_DUMMY),
             ""]
    if not result.justified or result.shown is None:
        lines += say(f"Not justified: he takes more than {result.bid} in every one of the"
                     f" {count(result.layouts)} layouts.")
        return lines
    lines.append(f"Justified: a layout where he takes only {noun(result.shown.tricks)}:")
    lines += layout_lines(result.shown, result.game, result.declarer, symbols)
    lines += ["", *say(f"He takes {result.bid} or fewer in {count(result.at_most)} of the"
                       f" {count(result.layouts)} layouts ({percent(result.probability)}).")]
    return lines


@click.command("underbid", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="Underbid (недозаказ): a layout where he takes only what he bid?",
               epilog="""\b
Example:
  prefdd underbid AKQJ8.AQ.K.98 --game 6S --declarer 1 --out "7C 7D"
  prefdd underbid AKQJ8.AK.K.98 -g 6S --declarer 1 --out "7C 7D" --json
  prefdd underbid AKQ.7.-.- -g 6NT --declarer 3 --others JT987.A8.K.- --bid 2
""")
@words_argument("hand", "HAND")
@game_choice("The contract he bid and played: 6S … 10NT (also 6♠, 6БК).")
@declarer_option
@out_option
@others_option
@leader_option
@click.option("--bid", type=int, default=None, metavar="K",
              help="The tricks he bid (default: the contract's level); an ending needs it,"
                   " in tricks of the ending.")
@jobs_option
@symbols_option
@json_flag
def underbid_command(hand: tuple[str, ...], game: str, declarer: int, out: str | None,
                     others: str | None, leader: int, bid: int | None, jobs: int | None,
                     ascii_only: bool, as_json: bool) -> None:
    """Underbid (недозаказ, RULES.md §2.6): a declarer who bid K and took more must show a
    layout in which he would have taken only K; is there one?

    HAND is his ten cards as played, --out his discard; every one of the 184,756 layouts of
    the other cards is solved.
    """
    the_hand = read_hand(hand)
    gone = optional_cards(out, "--out")
    rest = optional_cards(others, "--others")
    check_hand(the_hand, gone, rest)
    total = planned_layouts(the_hand, game, declarer, others=rest, out=gone, leader=leader,
                            sample=None)
    with layout_bar(total) as progress:
        result = underbid(the_hand, game, declarer, others=rest, out=gone, leader=leader,
                          bid=bid, jobs=jobs, progress=progress)
    if as_json:
        emit(result)
        return
    for line in underbid_lines(result, gone, not ascii_only):
        click.echo(line)


# ----------------------------------------------------------------------------- misère


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
        lines += say(f"{head} never caught in the {count(odds.layouts)}{sampled} layouts.")
    else:
        share = percent(odds.probability) if odds.probability is not None else "-"
        lines += say(f"{head} caught in {count(caught)}/{count(odds.layouts)}{sampled} layouts"
                     f" ({share}{estimate_text(odds)}).")
        if odds.worst is not None:
            lines += ["", f"A layout that catches him (he takes {noun(odds.worst.tricks)}):",
                      *layout_lines(odds.worst, odds.game, odds.declarer, symbols)]
    lines += ["", *say(f"Note: {BIAS}.")]
    return lines


@click.command("misere-odds", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="Misère: how often is he caught, discard by discard?",
               epilog="""\b
Example:
  prefdd misere-odds 87.9.AQT97.87 --declarer 1 --out "QS 8C"
  prefdd misere-odds Q87.98.AQT97.87 --declarer 1 --sample 100 --seed 1
""")
@words_argument("hand", "HAND")
@declarer_option
@out_option
@others_option
@leader_option
@sample_options
@jobs_option
@symbols_option
@json_flag
def misere_odds_command(hand: tuple[str, ...], declarer: int, out: str | None,
                        others: str | None, leader: int, sample: int | None, seed: int | None,
                        jobs: int | None, ascii_only: bool, as_json: bool) -> None:
    """Misère over every layout: in how many is the declarer caught (forced to take a trick)?

    HAND is his ten cards with --out (his discard) or his twelve (hand and talon: every
    distinct discard is counted and ranked, fewest catches first). A full twelve-card count
    solves some six million layouts (minutes); --sample N estimates it in seconds.
    """
    check_sample(sample, seed)
    the_hand = read_hand(hand)
    gone = optional_cards(out, "--out")
    rest = optional_cards(others, "--others")
    check_hand(the_hand, gone, rest)
    total = planned_layouts(the_hand, "misere", declarer, others=rest, out=gone, leader=leader,
                            sample=sample)
    with layout_bar(total) as progress:
        result = misere_odds(the_hand, declarer, others=rest, out=gone, leader=leader,
                             sample=sample, seed=seed, jobs=jobs, progress=progress)
    if as_json:
        emit(result)
        return
    for line in misere_lines(result, the_hand, gone, not ascii_only):
        click.echo(line)


COMMANDS = [tenner, odds, totus_command, underbid_command, misere_odds_command]
