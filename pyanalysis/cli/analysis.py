"""`prefdd tenner`, `odds`, `totus`, `underbid` and `misere-odds`: questions over layouts.

Each command reads a deal or the declarer's hand, asks one function of `pyanalysis.analysis`
and prints its answer for people (`pyanalysis.text`) or, with `--json`, the result's
``to_dict()``. Counts over every layout of the unseen cards draw a progress bar on a
terminal, and Ctrl-C stops them with one line.
"""
from __future__ import annotations

import click

import pyanalysis as pa
from pyanalysis.analysis import (
    check_tenner, layout_odds, misere_odds, tenner_odds, totus, underbid,
)
from pyanalysis.analysis.hands import check_hand, planned_layouts
from pyanalysis.analysis.tenner import ten_game
from pyanalysis.analysis.totus import FORMS
from pyanalysis.progress import Progress
from pyanalysis.text.layouts import odds_lines
from pyanalysis.text.misere import misere_lines
from pyanalysis.text.tenner import tenner_check_lines, tenner_odds_lines
from pyanalysis.text.totus import totus_lines
from pyanalysis.text.underbid import underbid_lines

from .common import CliError, answer, command, count_so_far, layout_bar, make_rules
from .options import (
    answer_options, check_sampling, count_option, given, jobs_option, leader_option,
    others_option, out_option, question, read_deal_or_hand, read_hand, refuse_with_deal,
    fixed_option, rules_options, samples_options,
)

__all__ = ["COMMANDS", "misere_odds_command", "odds", "tenner", "totus_command",
           "underbid_command"]

EXAMPLE_TEN_DEAL = "AKQ.AKQJ9.-.AK T9.87.JT7.987 J87.T.A98.QJT discard:-.-.KQ.-"
EXAMPLE_TEN_TALON = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
UNDERBID_EXAMPLES = [
    'prefdd underbid AKQJ8.AQ.K.98 --game 6S --declarer 1 --out "7C 7D"',
    'prefdd underbid AKQJ8.AK.K.98 -g 6S --declarer 1 --out "7C 7D" --json',
    "prefdd underbid AKQ.7.-.- -g 6NT --declarer 3 --others JT987.A8.K.- --bid 2"]
SAMPLES_HELP = ("Solve N layouts drawn at random (an estimate with its 95% interval) instead"
                " of every layout.")
SEED_HELP = "Seed of the sample (with --samples), so that a run can be repeated."


def sampling_options(func):  # type: ignore[no-untyped-def]
    """``--samples N --seed S`` of a layout count, and ``--fixed`` (exactly N layouts; by
    default a count stops once its answer is settled)."""
    return samples_options(SAMPLES_HELP, SEED_HELP)(fixed_option()(func))


def hand_question(game_help: str | None):  # type: ignore[no-untyped-def]
    """HAND, --game (`game_help`), --declarer, --out, --others, --leader: a count over the
    unseen cards."""
    def decorate(func):  # type: ignore[no-untyped-def]
        for option in (leader_option(), others_option(), out_option(),
                       question("hand", "HAND", game_help)):
            func = option(func)
        return func
    return decorate


@command("tenner", "The ten-trick game: the open-card check, or was it guaranteed?", [
    f'prefdd tenner "{EXAMPLE_TEN_DEAL}" --game 10C --declarer 1',
    f'prefdd tenner "{EXAMPLE_TEN_TALON}" -g 10S --declarer 2 --rules sochi',
    'prefdd tenner AKQ87.AK.AQ.A -g 10S --declarer 1 --out "KH QH"',
    "prefdd tenner AKQ87.AKQ.AQ.AK -g 10S --declarer 1 --json"], long=True)
@question("deal_or_hand", "DEAL_OR_HAND",
          "The ten contract: 10S, 10C, 10D, 10H or 10NT (also 10♠, 10БК).")
@leader_option()
@rules_options("Deal: score the tenner as it went under a rule set (sochi, leningrad, rostov).",
               "Deal: change one knob of the rule set, e.g. --rule tenner_checked=false"
               " (repeatable; sochi unless --rules says otherwise).")
@click.option("--depth", type=click.IntRange(0, 3), default=None, metavar="N",
              help="Deal: tricks of the defence's refutation to spell out (0-3, default 2).")
@jobs_option()
@sampling_options
@out_option()
@answer_options()
def tenner(deal_or_hand: tuple[str, ...], game: str, declarer: int, leader: int,
           rules_name: str | None, rule_overrides: tuple[str, ...], depth: int | None,
           jobs: int | None, samples: int | None, seed: int | None, fixed: bool,
           out: pa.Hand | None, ascii_only: bool, as_json: bool) -> None:
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
    check_sampling(samples, seed, fixed=fixed)
    symbols = not ascii_only
    the_deal, hand = read_deal_or_hand(deal_or_hand)
    if the_deal is not None:
        refuse_with_deal("; a deal is checked with all cards open (write its discard after"
                         " 'discard:')", out=out, samples=samples, seed=seed,
                         fixed=fixed or None)
        rules = make_rules(rules_name, rule_overrides, priced=False)
        if rules is not None and not the_deal.is_full:
            raise CliError(f"--rules scores a whole deal of ten tricks; this is an ending of"
                           f" {the_deal.size}")
        shown_depth = 2 if depth is None else depth
        check = check_tenner(the_deal, game, declarer, leader=leader, rules=rules,
                             depth=shown_depth)
        answer(check, as_json, lambda: tenner_check_lines(check, the_deal, shown_depth, symbols))
        return
    assert hand is not None
    for name, value in (("--rules", rules_name), ("--rule", rule_overrides or None),
                        ("--depth", depth)):
        if value is not None:
            raise CliError(f"{name} is for a deal (the open-card check), not a single hand")
    check_hand(hand, out, None, endings=False)
    total = planned_layouts(hand, ten_game(game), declarer, others=None, out=out,
                            leader=leader, samples=samples, pruned=True)
    with layout_bar(total, bar=Progress, describe=count_so_far) as progress:
        result = tenner_odds(hand, game, declarer, out=out, leader=leader, jobs=jobs,
                             progress=progress,
                             **given(samples=samples, seed=seed, fixed=fixed or None))
    answer(result, as_json, lambda: tenner_odds_lines(result, hand, out, symbols))


@command("odds", "The declarer's result over every layout of the cards he cannot see.", [
    'prefdd odds AKJ98.AQ.K7.8 --game 6S --declarer 1 --out "9H 7H" --target 6',
    "prefdd odds AKJ98.AQ.K7.987 -g 6S --declarer 1 --target 6 --samples 200 --seed 1",
    "prefdd odds AKQ.7.-.- -g 6NT --declarer 3 --others JT987.A8.K.- --json"], long=True)
@hand_question("The game: a contract (6S … 10NT, also 8♠, 6БК) or misere (мизер).")
@count_option("target", "T", "Count the layouts where he takes at least T tricks (misère: where"
                             " he is forced to take T or more) instead of the whole"
                             " distribution; faster.")
@sampling_options
@answer_options(jobs=True)
def odds(hand: tuple[str, ...], game: str, declarer: int, out: pa.Hand | None,
         others: pa.Hand | None, leader: int, target: int | None, samples: int | None,
         seed: int | None, fixed: bool, jobs: int | None, ascii_only: bool,
         as_json: bool) -> None:
    """The declarer's double-dummy result over every layout of the cards he cannot see.

    HAND is his cards: ten with --out (his discard), twelve (hand and talon: every distinct
    discard is tried and ranked), or an ending with --others. The other cards lie between
    the two other seats in C(2n, n) equally likely ways (184,756 for a full deal); each
    is solved (or a seeded --samples of them). Without --target: how many tricks he takes,
    layout by layout; with it: how often he takes at least T.
    """
    the_hand, total = layout_question(hand, game, declarer, out, others, leader, samples, seed,
                                      fixed)
    with layout_bar(total, bar=Progress, describe=count_so_far) as progress:
        result = layout_odds(the_hand, game, declarer, others=others, out=out, leader=leader,
                             target=target, jobs=jobs, progress=progress,
                             **given(samples=samples, seed=seed, fixed=fixed or None))
    answer(result, as_json, lambda: odds_lines(result, the_hand, out, not ascii_only))


def layout_question(words: tuple[str, ...], game: str, declarer: int, out: pa.Hand | None,
                    others: pa.Hand | None, leader: int, samples: int | None,
                    seed: int | None, fixed: bool = False) -> tuple[pa.Hand, int | None]:
    """Check a count's question: the declarer's hand, and how many layouts the count will
    solve (the progress bar's total, the most it will solve when it may stop early)."""
    check_sampling(samples, seed, fixed=fixed)
    hand = read_hand(words)
    check_hand(hand, out, others)
    return hand, planned_layouts(hand, game, declarer, others=others, out=out, leader=leader,
                                 samples=samples)


@command("totus", "Totus, the twelve-card slam: is it sound?", [
    "prefdd totus AKQJ.AKQ.AKQ.AK --declarer 1",
    "prefdd totus AKQJ.AKQ.AKQ.87 --declarer 1",
    f'prefdd totus "{EXAMPLE_TEN_TALON}" --declarer 2 --form open'], long=True)
@question("cards", "CARDS")
@click.option("--form", type=click.Choice(FORMS), default=None,
              help="'layouts' (seed 003: every layout of the others' cards, whoever leads) or"
                   " 'open' (seed 002: the opponents choose his discard, then all cards open)."
                   " Default: 'open' for a deal, 'layouts' for a hand.")
@others_option()
@answer_options(jobs=True)
def totus_command(cards: tuple[str, ...], declarer: int, form: str | None,
                  others: pa.Hand | None, jobs: int | None, ascii_only: bool,
                  as_json: bool) -> None:
    """Totus (тотус, RULES.md §2.5): all ten tricks in no-trump on the declarer's twelve cards.

    CARDS is his twelve cards (hand and talon), or a deal with the talon. In the form
    'layouts' some discard must take ten in every one of the 184,756 layouts, whoever leads
    (one failing layout settles a discard); in the form 'open' the opponents choose his
    discard and he must take ten with all cards open.
    """
    the_deal, hand = read_deal_or_hand(cards)
    if others is not None and the_deal is not None:
        raise CliError("--others is for a hand; a deal has the others' cards")
    # How many layouts it takes is not known: one failing layout settles a discard.
    with layout_bar(None, bar=Progress) as progress:
        result = totus(the_deal if the_deal is not None else hand, declarer, form=form,
                       others=others, jobs=jobs, progress=progress)
    answer(result, as_json, lambda: totus_lines(result, the_deal, not ascii_only))


@command("underbid", "Underbid (недозаказ): a layout where he takes only what he bid?",
         UNDERBID_EXAMPLES, long=True)
@hand_question("The contract he bid and played: 6S … 10NT (also 6♠, 6БК).")
@count_option("bid", "K", "The tricks he bid (default: the contract's level); an ending needs"
                         " it, in tricks of the ending.")
@answer_options(jobs=True)
def underbid_command(hand: tuple[str, ...], game: str, declarer: int, out: pa.Hand | None,
                     others: pa.Hand | None, leader: int, bid: int | None, jobs: int | None,
                     ascii_only: bool, as_json: bool) -> None:
    """Underbid (недозаказ, RULES.md §2.6): a declarer who bid K and took more must show a
    layout in which he would have taken only K; is there one?

    HAND is his ten cards as played, --out his discard; every one of the 184,756 layouts of
    the other cards is solved.
    """
    the_hand, total = layout_question(hand, game, declarer, out, others, leader, None, None)
    with layout_bar(total, bar=Progress) as progress:
        result = underbid(the_hand, game, declarer, others=others, out=out, leader=leader,
                          bid=bid, jobs=jobs, progress=progress)
    answer(result, as_json, lambda: underbid_lines(result, out, not ascii_only))


@command("misere-odds", "Misère: how often is he caught, discard by discard?", [
    'prefdd misere-odds 87.9.AQT97.87 --declarer 1 --out "QS 8C"',
    "prefdd misere-odds Q87.98.AQT97.87 --declarer 1 --samples 100 --seed 1"], long=True)
@hand_question(None)
@sampling_options
@answer_options(jobs=True)
def misere_odds_command(hand: tuple[str, ...], declarer: int, out: pa.Hand | None,
                        others: pa.Hand | None, leader: int, samples: int | None,
                        seed: int | None, fixed: bool, jobs: int | None, ascii_only: bool,
                        as_json: bool) -> None:
    """Misère over every layout: in how many is the declarer caught (forced to take a trick)?

    HAND is his ten cards with --out (his discard) or his twelve (hand and talon: every
    distinct discard is counted and ranked, fewest catches first). A full twelve-card count
    solves some six million layouts (minutes); --samples N estimates it in seconds.
    """
    the_hand, total = layout_question(hand, "misere", declarer, out, others, leader, samples,
                                      seed, fixed)
    with layout_bar(total, bar=Progress, describe=count_so_far) as progress:
        result = misere_odds(the_hand, declarer, others=others, out=out, leader=leader,
                             jobs=jobs, progress=progress,
                             **given(samples=samples, seed=seed, fixed=fixed or None))
    answer(result, as_json, lambda: misere_lines(result, the_hand, out, not ascii_only))


COMMANDS = [tenner, odds, totus_command, underbid_command, misere_odds_command]
