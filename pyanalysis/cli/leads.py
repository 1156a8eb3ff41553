"""`prefdd lead`: which card to lead, on open cards or from the leader's seat.

Two views of one question (`pyanalysis.analysis.leads`):

- a whole DEAL (or an ending: three hands): the open-card table, every legal lead of the
  leader with the declarer's double-dummy tricks after it and the verdict in words, priced in
  vists for the leader when rules are given;
- one HAND (the leader's cards): the leader's seat, every lead scored over the layouts he
  cannot see (a declarer model, a bidding filter, a seeded sample or every layout), all leads
  on the same layouts, so that their differences have their own, smaller errors.

`--json` prints the result's ``to_dict()``. Sampling draws a progress bar on a terminal, and
Ctrl-C stops it with one line.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

import click

import pyanalysis as pa
from pyanalysis.analysis import LeadDecision, LeadTable, lead_decision, lead_table
from pyanalysis.analysis.leads import BIAS, leader_wants_more
from pyanalysis.analysis.sampling import DISCARD_MODELS, FILTERS
from pyanalysis.diagram import draw_deal
from pyanalysis.games import MISERE
from pyanalysis.rules import RuleSet

from .analysis import (
    count, declarer_option, emit, game_choice, game_text, hand_text, json_flag, leader_option,
    optional_cards, percent, read_deal_or_hand, say, table, words_text,
)
from .common import (
    COMMAND_SETTINGS, CliError, LongCommand, card_set, card_text, jobs_option, seat_name,
    symbols_option, words_argument,
)
from .whist import drawing_bar, parse_samples, plus_minus, rules_text, signed

__all__ = ["COMMANDS", "lead", "table_lines", "decision_lines"]

#: The examples of `--help` (each runs in a few seconds; tests run them verbatim).
EXAMPLE_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
EXAMPLE_HAND = "T987.AKQ.-.QJ9"
EXAMPLE_TALON = "TD 9D"
EXAMPLE_ENDING = "AK.7.-.-"
EXAMPLE_OTHERS = "QJ9.8.AK.-"
WORDS = ("whist", "pass", "half", "return")

OPEN_NOTE = ("Open cards: play after the lead is double-dummy, every player seeing all the"
             " cards. At the table the defenders (in misère the catchers) cannot see the"
             " declarer's hand: for them these numbers are an upper bound.")


# ----------------------------------------------------------------------------- words


def role(game: pa.Game, declarer: int, leader: int) -> str:
    """"the declarer", "a defender", "a catcher"."""
    if leader == declarer:
        return "the declarer"
    return "a catcher" if game.kind == MISERE else "a defender"


def aim(game: pa.Game, declarer: int, leader: int) -> str:
    """What the leader wants, in words."""
    if leader == declarer:
        return ("fewest tricks for himself" if game.kind == MISERE
                else "most tricks for himself")
    return ("most tricks for the declarer (to catch him)" if game.kind == MISERE
            else "fewest tricks for the declarer")


def short_text(game: pa.Game) -> str:
    """The column heading of the share that goes wrong for the declarer."""
    return "P(caught)" if game.kind == MISERE else "P(set)"


def card_list(cards: Sequence[pa.Card], symbols: bool) -> str:
    names = [card_text(c, symbols) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def with_se(value: Fraction | float, se: float | None, symbols: bool, sign: bool = False,
            places: int = 2) -> str:
    shown = signed(value) if sign else f"{float(value):.{places}f}"
    return shown if se is None else f"{shown} {plus_minus(symbols)} {se:.2f}"


def words_sentence(words: dict[int, str] | None) -> str:
    if not words:
        return "no whisting (misère or a checked tenner)"
    return ", ".join(f"the {seat_name(s)} {w}" for s, w in sorted(words.items()))


# ----------------------------------------------------------------------------- open cards


def table_lines(result: LeadTable, symbols: bool = True) -> list[str]:
    """The open-card table for people."""
    game = game_text(result.game, symbols)
    lines = [draw_deal(result.deal, symbols=symbols, declarer=result.declarer), ""]
    lines += say(f"{game} by the {seat_name(result.declarer)}; the {seat_name(result.leader)}"
                 f" ({role(result.game, result.declarer, result.leader)}) leads and wants"
                 f" {aim(result.game, result.declarer, result.leader)}.")
    if result.vists is not None and result.rules is not None:
        lines += say(f"Priced in vists for the {seat_name(result.leader)}: rules"
                     f" {rules_text(result.rules)}; {words_sentence(result.whist)}.")
    lines += ["", *say("Every lead, double-dummy after it (the declarer's tricks and his"
                       " result; * = best for the leader):")]
    header = ["lead", "tricks", "result"] + (["vists"] if result.vists is not None else [])
    rows = [header]
    for card, tricks in result.leads.items():
        mark = "*" if card in result.best else ""
        row = [card_text(card, symbols) + mark, str(tricks), result.verdict(card)]
        if result.vists is not None:
            row.append(signed(result.vists[card]))
        rows.append(row)
    lines += table(rows, right=(1, 3) if result.vists is not None else (1,))
    best = result.best
    tricks = result.leads[best[0]]
    outcome = f"the declarer takes {tricks} ({result.game.verdict(tricks)})"
    if result.vists is not None:
        outcome += f", {signed(result.vists[best[0]])} vists for the leader"
    lines += ["", *say(f"Best lead: {card_list(best, symbols)}: {outcome}.")]
    others = [c for c in result.leads if c not in best]
    if others:
        worst = min(others, key=lambda c: (result.vists[c] if result.vists is not None
                                           else (result.leads[c] if leader_wants_more(
                                               result.game, result.declarer, result.leader)
                                               else -result.leads[c])))
        lines += say(f"Worst: {card_text(worst, symbols)}, after which the declarer takes"
                     f" {result.leads[worst]} ({result.verdict(worst)}).")
    else:
        lines += say("Every lead gives the same.")
    lines += ["", *say(OPEN_NOTE)]
    return lines


# ----------------------------------------------------------------------------- the seat


def question_lines(result: LeadDecision, talon: pa.Hand | None, others: pa.Hand | None,
                   symbols: bool) -> list[str]:
    game = game_text(result.game, symbols)
    head = (f"Which card to lead? The {seat_name(result.leader)},"
            f" {role(result.game, result.declarer, result.leader)} against {game} by the"
            f" {seat_name(result.declarer)}, leads and wants"
            f" {aim(result.game, result.declarer, result.leader)}.")
    if result.leader == result.declarer:
        head = (f"Which card to lead? The {seat_name(result.leader)}, the declarer in {game},"
                f" leads and wants {aim(result.game, result.declarer, result.leader)}.")
    lines = [*say(head), "His cards:", "  " + hand_text(result.hand, symbols)]
    if talon is not None:
        what = ("His discard, out of play" if result.leader == result.declarer
                else "The talon, open")
        lines.append(f"{what}: {' '.join(card_text(c, symbols) for c in talon)}.")
    if others is not None:
        lines.append("The other two hold between them: " + hand_text(others, symbols))
    return lines


def model_lines(result: LeadDecision) -> list[str]:
    level = result.game.level
    lines = []
    if result.discard_model == "dd":
        lines += say("Declarer model: he discards the two of his twelve cards that are best"
                     " for him double-dummy (--discard dd).")
    elif result.discard_model == "low":
        lines += say("Declarer model: he discards two low cards outside trumps, shortest"
                     " suits first (in misère his two highest) (--discard low).")
    elif result.discard_model == "none":
        lines += say("No discard to model (no talon, or the declarer leads): the unseen cards"
                     " are only dealt.")
    if result.filter == "bid":
        need = ("at most one trick" if result.game.kind == MISERE
                else f"at least {level - 1} tricks (the contract less one)")
        lines += say(f"Bidding filter: a layout is kept only if with his discard he takes"
                     f" {need} double-dummy (--filter bid).")
    elif result.filter == "none":
        lines += say("Bidding filter: none, every layout is kept (--filter none).")
    share = percent(Fraction(result.kept, result.drawn)) if result.drawn else "-"
    if result.exact:
        lines += say(f"Layouts: every one of the {count(result.drawn)} layouts of the unseen"
                     f" cards, {count(result.kept)} kept ({share}): exact, no sampling error.")
    else:
        seed = f"seed {result.seed}" if result.seed is not None else "no seed"
        lines += say(f"Layouts: {count(result.drawn)} drawn at random, {count(result.kept)}"
                     f" kept ({share}); {seed}. Every lead is scored on the same layouts.")
    if result.rules is not None:
        lines += say(f"Priced in vists for the {seat_name(result.leader)}: rules"
                     f" {rules_text(result.rules)}; {words_sentence(result.whist)}.")
    return lines


def ranked(result: LeadDecision) -> list[pa.Card]:
    """The leads, best first (by the paired difference; `best` first on a tie)."""
    cards = list(result.leads)
    return sorted(cards, key=lambda c: (c != result.best, -result.leads[c].diff,
                                        cards.index(c)))


def leads_table(result: LeadDecision, symbols: bool) -> list[str]:
    priced = result.rules is not None
    unit = "vists" if priced else "tricks"
    header = ["lead", "tricks", short_text(result.game)] + (["vists"] if priced else []) + \
        [f"vs best ({unit})"]
    rows = [header]
    for card in ranked(result):
        s = result.leads[card]
        row = [card_text(card, symbols) + ("*" if card == result.best else ""),
               with_se(s.tricks, s.tricks_se, symbols), percent(s.set_probability)]
        if priced:
            row.append(with_se(s.vists, s.vists_se, symbols, sign=True))
        row.append("best" if card == result.best else with_se(s.diff, s.diff_se, symbols,
                                                              sign=True))
        rows.append(row)
    return table(rows, right=range(1, len(header)))


def recommendation_lines(result: LeadDecision, symbols: bool) -> list[str]:
    best = result.leads[result.best]
    ties = [c for c in ranked(result) if c != result.best and result.leads[c].diff == 0]
    shown = card_text(result.best, symbols)
    also = f" (as good: {card_list(ties, symbols)})" if ties else ""
    short = ("he is caught" if result.game.kind == MISERE else "the contract goes down")
    text = (f"Lead {shown}{also}: the declarer takes"
            f" {with_se(best.tricks, best.tricks_se, symbols)} tricks on average and {short}"
            f" in {percent(best.set_probability)} of the layouts")
    if best.vists is not None:
        text += f"; {with_se(best.vists, best.vists_se, symbols, sign=True)} vists for the leader"
    lines = say(text + ".")
    rest = [c for c in ranked(result) if c != result.best and c not in ties]
    if not rest:
        lines += say("Every lead gives the same on these layouts.")
        return lines
    runner = rest[0]
    s = result.leads[runner]
    unit = "vists" if result.rules is not None else "tricks"
    gap = with_se(-s.diff, s.diff_se, symbols)
    lines += say(f"The next best, {card_text(runner, symbols)}, is {gap} {unit} worse for the"
                 f" leader on the same layouts.")
    if s.diff_se is not None and s.diff_se > 0 and -s.diff < 2 * s.diff_se:
        lines += say(f"That is within two standard errors: {count(result.kept)} layouts do not"
                     f" settle it (more --samples would).")
    elif s.diff_se:
        lines += say(f"That is {-float(s.diff) / s.diff_se:.1f} standard errors: not a"
                     f" sampling accident.")
    return lines


def decision_lines(result: LeadDecision, talon: pa.Hand | None = None,
                   others: pa.Hand | None = None, symbols: bool = True) -> list[str]:
    """The leader's seat for people."""
    unit = "vists" if result.rules is not None else "tricks"
    lines = [*question_lines(result, talon, others, symbols), "", *model_lines(result), ""]
    lines += say(f"Every lead over the layouts kept: the declarer's mean tricks after it,"
                 f" the share in which {'he is caught' if result.game.kind == MISERE else 'the contract goes down'},"
                 f" {'the leader’s value in vists, ' if result.rules is not None else ''}"
                 f"and the difference to the best lead on the same layouts (in {unit}, from"
                 f" the leader's side), each with its standard error (* = best):")
    lines += [*leads_table(result, symbols), "", *recommendation_lines(result, symbols), ""]
    lines += say(f"Note: {BIAS}.")
    return lines


# ----------------------------------------------------------------------------- the command


def parse_whist(text: str | None) -> dict[int, str] | None:
    """``--whist "2=whist,3=pass"``: each defender's word."""
    if text is None:
        return None
    words: dict[int, str] = {}
    for item in text.replace(";", ",").split(","):
        if not item.strip():
            continue
        seat, _, word = item.partition("=")
        seat, word = seat.strip(), word.strip().lower()
        if seat not in ("1", "2", "3") or word not in WORDS:
            raise CliError(f"--whist '{text}': give each defender's word as SEAT=WORD, e.g."
                           f" \"2=whist,3=pass\" (words: {', '.join(WORDS)})")
        words[int(seat)] = word
    return words


def parse_known(items: Sequence[str]) -> dict[int, pa.Hand] | None:
    """``--known "3=AS KS"``: cards known to lie in an unseen hand."""
    if not items:
        return None
    known: dict[int, pa.Hand] = {}
    for item in items:
        seat, sep, cards = item.partition("=")
        if not sep or seat.strip() not in ("1", "2", "3") or not cards.strip():
            raise CliError(f"--known '{item}': give SEAT=CARDS, e.g. --known \"3=AS KS\"")
        known[int(seat)] = card_set(cards, "--known")
    return known


@click.command("lead", cls=LongCommand, context_settings=COMMAND_SETTINGS,
               short_help="Which card to lead: open cards, or from the leader's seat.",
               epilog=f"""\b
Example:
  prefdd lead "{EXAMPLE_DEAL}" --game 6S --declarer 1 --leader 2
  prefdd lead "{EXAMPLE_DEAL}" -g 6S --declarer 1 --leader 2 --rules sochi --json
  prefdd lead {EXAMPLE_HAND} -g 6S --declarer 1 --leader 2 --talon "{EXAMPLE_TALON}" --samples 200
  prefdd lead {EXAMPLE_ENDING} -g misere --declarer 1 --leader 2 --others {EXAMPLE_OTHERS} --samples all
""")
@words_argument("deal_or_hand", "DEAL_OR_HAND")
@game_choice("The game: a contract (6S … 10NT, also 7♥, 6БК) or misere (мизер).")
@declarer_option
@leader_option
@click.option("--rules", "rules_name", default=None, metavar="PRESET",
              help="Price the leads in vists for the leader: sochi, leningrad or rostov.")
@click.option("--rule", "rule_overrides", multiple=True, metavar="KEY=VALUE",
              help="Change one knob of the rule set (implies pricing; repeatable).")
@click.option("--whist", "whist_text", default=None, metavar="WORDS",
              help="The defenders' words for pricing, e.g. \"2=whist,3=pass\" (implies"
                   " pricing; default: both whist in a contract).")
@click.option("--talon", metavar="CARDS", default=None,
              help="Hand: the two talon cards, open to all (\"TD 9D\"); when the declarer"
                   " leads, his discard.")
@click.option("--others", metavar="CARDS", default=None,
              help="Hand: the cards the other two hold between them (default: the rest of"
                   " the deck less the talon); fewer cards make an ending.")
@click.option("--samples", metavar="N|all", default=None,
              help="Hand: layouts to keep (default 1000), or 'all' for every layout (exact).")
@click.option("--seed", type=click.IntRange(min=0), default=None, metavar="S",
              help="Hand: seed of the sample (default 0), so that a run can be repeated.")
@click.option("--filter", "filter_name", type=click.Choice(FILTERS), default=None,
              help="Hand: 'bid' keeps the layouts where the declarer could have bid the game"
                   " (default for a hand of ten); 'none' keeps every layout (default for an"
                   " ending).")
@click.option("--discard", "discard_model", type=click.Choice(DISCARD_MODELS), default=None,
              help="Hand: the declarer's discard: 'dd' the best double-dummy one (default),"
                   " 'low' low cards outside trumps.")
@click.option("--known", "known_items", multiple=True, metavar="SEAT=CARDS",
              help="Hand: cards known to lie in an unseen hand, e.g. \"3=AS KS\" (repeatable).")
@jobs_option
@symbols_option
@json_flag
def lead(deal_or_hand: tuple[str, ...], game: str, declarer: int, leader: int,
         rules_name: str | None, rule_overrides: tuple[str, ...], whist_text: str | None,
         talon: str | None, others: str | None, samples: str | None, seed: int | None,
         filter_name: str | None, discard_model: str | None, known_items: tuple[str, ...],
         jobs: int | None, ascii_only: bool, as_json: bool) -> None:
    """Which card to lead: every opening lead of the --leader scored.

    A DEAL (three hands, the declarer's after his discard; an ending too) gives the
    open-card table: every lead with the declarer's double-dummy tricks after it and his
    result in words (made / down 2 / caught for 1), priced in vists for the leader with
    --rules.

    A HAND (the leader's cards) gives the leader's seat: every lead scored over the layouts
    he cannot see (the declarer's discard by a model, the layouts kept by a bidding filter),
    all leads on the same layouts: mean tricks, the share in which the contract goes down
    (in misère: he is caught), vists when priced, and the paired difference to the best lead.
    Play after the lead is double-dummy, which favours the defenders and the catchers: their
    numbers are an upper bound.
    """
    symbols = not ascii_only
    the_deal, hand = read_deal_or_hand(words_text(deal_or_hand))
    words = parse_whist(whist_text)
    priced = rules_name is not None or bool(rule_overrides) or words is not None
    rules = RuleSet.preset(rules_name or "sochi").with_strings(rule_overrides) if priced \
        else None
    if the_deal is not None:
        for name, given in (("--talon", talon), ("--others", others), ("--samples", samples),
                            ("--seed", seed), ("--filter", filter_name),
                            ("--discard", discard_model), ("--known", known_items or None),
                            ("--jobs", jobs)):
            if given is not None:
                raise CliError(f"{name} is for a single hand (the leader's seat); a deal is"
                               f" scored with all cards open")
        result = lead_table(the_deal, game, declarer, leader=leader, rules=rules, whist=words)
        if as_json:
            emit(result)
            return
        for line in table_lines(result, symbols):
            click.echo(line)
        return
    assert hand is not None
    talon_cards = optional_cards(talon, "--talon")
    others_cards = optional_cards(others, "--others")
    if len(hand) == 10 and talon_cards is None and others_cards is None:
        raise CliError("a hand of ten needs --talon (the open talon; the declarer's discard"
                       " when he leads) or --others")
    if talon_cards is not None and len(talon_cards) != 2:
        raise CliError(f"--talon '{talon}': two cards, e.g. --talon \"{EXAMPLE_TALON}\"")
    how_many = parse_samples(samples)
    if how_many == "all" and seed is not None:
        raise CliError("--seed is for sampling; --samples all takes every layout")
    known = parse_known(known_items)
    n = len(hand)
    total = math.comb(2 * n, n) if how_many == "all" and not known else None
    with drawing_bar(total) as progress:
        result = lead_decision(hand, game, declarer, leader=leader, others=others_cards,
                               talon=list(talon_cards) if talon_cards is not None else None,
                               whist=words, rules=rules, samples=how_many,
                               seed=0 if seed is None else seed,
                               filter=filter_name or ("bid" if n == 10 else "none"),
                               discard=discard_model or "dd", jobs=jobs, known=known,
                               progress=progress)
    if as_json:
        emit(result)
        return
    for line in decision_lines(result, talon_cards, others_cards, symbols):
        click.echo(line)


COMMANDS = [lead]
