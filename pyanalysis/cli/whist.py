"""`prefdd whist`: whist or pass, priced in vists.

Two views of one question (RULES.md §3–§4, `pyanalysis.analysis.whist`):

- a whole DEAL (three hands of ten, the declarer's after his discard): the open-card table,
  every whisting the rules allow with its double-dummy result and each player's value, and
  the way a rational table goes (backward induction), with what each defender's best other
  word would have cost him;
- one HAND of ten (a defender's, `--seat`, with the open `--talon`): the seat view, each of
  his words priced over the layouts he cannot see (a declarer model, a bidding filter, a
  seeded sample or every layout), the words compared on the same layouts.

`--json` prints the result's ``to_dict()``; the text is `pyanalysis.text.whist`. Sampling
draws a progress bar on a terminal, and Ctrl-C stops it with one line.
"""
from __future__ import annotations

import math

import click

import pyanalysis as pa
from pyanalysis.analysis import whist_decision, whist_table
from pyanalysis.analysis.sampling import FILTER_HELP
from pyanalysis.analysis.whist import defenders
from pyanalysis.progress import Progress
from pyanalysis.text.whist import decision_lines, table_lines
from pyanalysis.text.words import seat_name

from .common import CliError, answer, best_so_far, command, layout_bar, make_rules
from .options import (
    answer_options, cards_option, check_sampling, given, question, read_deal_or_hand,
    refuse_with_deal, rules_options, samples_options, seat_option, seat_view_options,
    RegistryType, fixed_option,
)

__all__ = ["COMMANDS", "decision_lines", "table_lines", "whist"]

#: The examples of `--help` (each runs in a few seconds; tests run them verbatim).
EXAMPLE_DEAL = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
EXAMPLE_HAND = "QJ.AKT8.T.AT9"
EXAMPLE_TALON = "7S JD"
DEFAULT_SAMPLES = 1000


@command("whist", "Whist or pass, priced in vists: open cards, or from his seat.", [
    f'prefdd whist "{EXAMPLE_DEAL}" --game 7D --declarer 1',
    f'prefdd whist "{EXAMPLE_DEAL}" -g 7D --declarer 1 --rules leningrad --json',
    f'prefdd whist {EXAMPLE_HAND} -g 7D --declarer 1 --seat 2 --talon "{EXAMPLE_TALON}" --samples 200',
    f'prefdd whist AT98.9.K.KQ87 -g 7D --declarer 1 --seat 3 --partner pass --talon "{EXAMPLE_TALON}" --samples 100 --seed 1'], long=True)
@question("deal_or_hand", "DEAL_OR_HAND", "The contract: 6S … 10NT (also 7♥, 6БК).")
@rules_options("Rule set: sochi (default), leningrad or rostov.",
               "Change one knob of the rule set, e.g. --rule whist_split=gentleman"
               " (repeatable; see docs/rules.md).")
@click.option("--players", type=click.IntRange(3, 4), default=None, metavar="3|4",
              help="Deal: three players (default) or four, the dealer sitting out.")
@seat_option("leader", "Deal: the seat that leads to the first trick (default 1).")
@seat_option("seat", "Hand: the defender who decides, by his seat at the table (1, 2 or 3; not the declarer's).")
@cards_option("talon", "Hand: the two talon cards, open to all (\"AD QD\"). Required for a hand.",
              two=EXAMPLE_TALON)
@click.option("--partner", metavar="WORD", default=None, type=RegistryType("whist", "partner"),
              help="Hand: when the second defender decides, the first's word (required);"
                   " when the first decides, how the second answers: 'seat' from his own"
                   " seat (default), 'open' with open cards in each layout, or a fixed word"
                   " (whist, pass, half or return).")
@samples_options(f"Hand: layouts to keep (default {DEFAULT_SAMPLES}), or 'all' for every"
                 f" layout (exact, slow).",
                 "Hand: seed of the sample (default 0), so that a run can be repeated.",
                 every=True)
@seat_view_options(f"Hand: {FILTER_HELP}",
                   "Hand: the declarer's discard: 'dd' the best double-dummy one (default),"
                   " 'low' two low cards outside trumps.")
@fixed_option()
@answer_options(jobs=True)
def whist(deal_or_hand: tuple[str, ...], game: str, declarer: int, rules_name: str | None,
          rule_overrides: tuple[str, ...], players: int | None, leader: int | None,
          seat: int | None,
          talon: pa.Hand | None, partner: str | None, samples: int | str | None,
          seed: int | None, filter_name: str | None, discard_model: str | None,
          draw: int | None, fixed: bool, jobs: int | None, ascii_only: bool,
          as_json: bool) -> None:
    """Whist or pass (RULES.md §3), priced in vists under the table's rules.

    A DEAL (three hands of ten, the declarer's after his discard) gives the open-card
    table: every whisting the rules allow (whist/pass, pass/half/return, ...), its
    double-dummy result and each player's value in vists, the way a rational table goes
    (backward induction; on a tie a player takes the word that commits less) and what each
    defender's best other word would have cost him.

    A HAND (a defender's ten cards, with --seat and --talon) gives the seat view: each of his
    words priced over the layouts he cannot see, the declarer's discard chosen by a model and
    the layouts kept by a bidding filter, all words scored on the same layouts. Play after
    the decision is double-dummy, which favours the defenders: it overstates whisting.
    """
    symbols = not ascii_only
    the_deal, hand = read_deal_or_hand(deal_or_hand)
    rules = make_rules(rules_name, rule_overrides)
    if the_deal is not None:
        refuse_with_deal(" (the seat view); a deal is priced with all cards open", seat=seat,
                         talon=talon, partner=partner, samples=samples, seed=seed,
                         filter=filter_name, discard=discard_model, draw=draw, jobs=jobs,
                         fixed=fixed or None)
        table = whist_table(the_deal, game, declarer, rules=rules, players=players or 3,
                            leader=leader or 1)
        answer(table, as_json, lambda: table_lines(table, symbols))
        return
    if players == 4:
        raise CliError("--players 4 is for a deal; the seat view is priced for three players")
    if leader is not None:
        raise CliError("--leader is for a deal; in the seat view the 1st hand leads")
    if seat is None:
        first, second = defenders(declarer)
        raise CliError(f"a hand needs --seat: the defender who decides ({first} or {second})")
    if seat == defenders(declarer)[1] and partner in (None, "seat", "open"):
        raise CliError(f"the {seat_name(seat)} is the second defender and decides after the"
                       f" first: give the first defender's word, e.g. --partner pass")
    if talon is None:
        raise CliError("a hand needs the open talon: --talon CARDS, e.g. --talon \"AD QD\"")
    check_sampling(samples, seed, sampled=True, draw=draw)
    total = math.comb(20, 10) if samples == "all" else None
    with layout_bar(total, "drawing", bar=Progress, describe=best_so_far) as progress:
        result = whist_decision(hand, game, declarer, seat, talon=list(talon), rules=rules,
                                partner=partner, jobs=jobs, progress=progress, fixed=fixed,
                                **given(samples=samples, seed=seed, filter=filter_name,
                                        discard=discard_model, max_draws=draw))
    answer(result, as_json, lambda: decision_lines(result, symbols))


COMMANDS = [whist]
