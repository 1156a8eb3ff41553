"""`prefdd declare`: what should he have declared, holding his ten cards and the talon.

Every game from six spades to ten no-trump and misère, each with his best discard, its odds
and its value in vists over the layouts of the defenders' cards, and the best declaration with
every other one's paired difference to it (`pyanalysis.analysis.declare`). `--json` prints the
result's ``to_dict()``; the text is `pyanalysis.text.declare`. The count draws a progress bar
on a terminal, and Ctrl-C stops it with one line.
"""
from __future__ import annotations

import click

import pyanalysis as pa
from pyanalysis.analysis.declare import WHIST_RULES, declare_options, planned_positions
from pyanalysis.progress import Progress
from pyanalysis.text.declare import declare_lines

from .common import answer, command, make_rules
from .options import (
    SamplesType, answer_options, cards_option, check_options, check_sampling, fixed_option,
    given,
    leader_option,
    others_option, question, read_hand, rules_options, samples_options,
)

__all__ = ["COMMANDS", "declare"]

#: The examples of `--help` (each runs in a few seconds; tests run them verbatim).
EXAMPLE_HAND = "AKQJ.AK.AK.98"
EXAMPLE_TALON = "8D 7D"
EXAMPLE_ENDING = "AK.7.7.-"
EXAMPLE_OTHERS = "QJ.9.8.-"


@command("declare", "What to declare: every game with its best discard, in vists.", [
    f'prefdd declare {EXAMPLE_HAND} --talon "{EXAMPLE_TALON}" --declarer 2 --samples 100',
    f'prefdd declare {EXAMPLE_HAND} --talon "{EXAMPLE_TALON}" --declarer 2 --samples 100'
    f' --rules leningrad --json',
    f"prefdd declare {EXAMPLE_ENDING} --declarer 1 --others {EXAMPLE_OTHERS} --samples all"],
    long=True)
@question("hand", "HAND")
@cards_option("talon", "The two talon cards he took (\"AD QD\"); without it HAND is his twelve"
                       " cards.", two=EXAMPLE_TALON)
@others_option("The cards the defenders hold between them (default: the rest of the deck);"
               " fewer cards make an ending.")
@click.option("--players", type=click.IntRange(3, 4), default=None, metavar="3|4",
              help="Three players (default) or four, the dealer sitting out.")
@leader_option()
@rules_options("Rule set: sochi (default), leningrad or rostov.",
               "Change one knob of the rule set, e.g. --rule whist_split=gentleman"
               " (repeatable; see docs/rules.md).")
@samples_options("Layouts of the defenders' cards to draw (default 1000; 100 with --defenders"
                 " seat), or 'all' for every one (exact; long for a whole deal).",
                 "Seed of the sample (default 0), so that a run can be repeated.", every=True)
@click.option("--defenders", "whist", type=click.Choice(WHIST_RULES), default=None,
              help="How the defenders decide to whist or pass in each layout: 'open' (default),"
                   " with open cards; 'seat', each from his own seat (needs --talon; slow).")
@click.option("--seat-samples", type=SamplesType("--seat-samples"), default=None,
              metavar="N|all", help="With --defenders seat: the layouts each defender weighs"
                                   " (default 50), or 'all'.")
@fixed_option()
@answer_options(jobs=True)
def declare(hand: tuple[str, ...], declarer: int, talon: pa.Hand | None,
            others: pa.Hand | None, players: int | None, leader: int, rules_name: str | None,
            rule_overrides: tuple[str, ...], samples: int | str | None,
            seed: int | None, whist: str | None, seat_samples: int | str | None,
            fixed: bool, jobs: int | None, ascii_only: bool, as_json: bool) -> None:
    """What should he have declared: every game he may name after the talon.

    HAND is the declarer's ten cards with --talon, or his twelve. For every game from six
    spades to ten no-trump and misère: his best discard for it, how often he makes it (misère:
    stays clean), his mean tricks and his mean value in vists, the defenders whisting or
    passing as is best for each with open cards (or, with --defenders seat, each from his own
    seat); then the best declaration, and every other game's difference to it on the same
    layouts. Play is double-dummy in each layout.
    """
    check_options("declare", whist=whist, talon=talon, seat_samples=seat_samples)
    if whist != "seat" or seat_samples == "all":  # else the seed draws each defender's too
        check_sampling(samples, seed, sampled=True)
    cards = read_hand(hand)
    rules = make_rules(rules_name, rule_overrides)
    talon_cards = list(talon) if talon is not None else None
    total = planned_positions(cards, declarer, talon=talon_cards, others=others, leader=leader,
                              **given(samples=samples, whist=whist))
    with Progress(total, desc="solving", unit=" positions", describe=_best_so_far) as bar:
        result = declare_options(cards, declarer, talon=talon_cards, others=others,
                                 leader=leader, rules=rules, jobs=jobs, progress=bar.update,
                                 fixed=fixed,
                                 **given(samples=samples, seed=seed, players=players,
                                         whist=whist, seat_samples=seat_samples))
    answer(result, as_json, lambda: declare_lines(result, not ascii_only))


def _best_so_far(provisional: dict) -> str:
    """The progress bar's words for a provisional answer: the best game and its value."""
    best = next(o for o in provisional["options"] if o["game"] == provisional["best"])
    return (f"best so far {best['game']} {best['vists_float']:+.2f}"
            f" ± {best['vists_se'] or 0:.2f} vists after {provisional['samples']:,} layouts")


COMMANDS = [declare]
