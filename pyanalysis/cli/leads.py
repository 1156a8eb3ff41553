"""`prefdd lead`: which card to lead, on open cards or from the leader's seat.

Two views of one question (`pyanalysis.analysis.leads`):

- a whole DEAL (or an ending: three hands): the open-card table, every legal lead of the
  leader with the declarer's double-dummy tricks after it and the verdict in words, priced in
  vists for the leader when rules are given;
- one HAND (the leader's cards): the leader's seat, every lead scored over the layouts he
  cannot see (a declarer model, a bidding filter, a seeded sample or every layout), all leads
  on the same layouts, so that their differences have their own, smaller errors.

`--json` prints the result's ``to_dict()``; the text is `pyanalysis.text.leads`. Sampling
draws a progress bar on a terminal, and Ctrl-C stops it with one line.
"""
from __future__ import annotations

import math

import click

import pyanalysis as pa
from pyanalysis.analysis import lead_decision, lead_table
from pyanalysis.analysis.sampling import FILTER_HELP
from pyanalysis.progress import Progress
from pyanalysis.text.leads import decision_lines, table_lines

from .common import CliError, answer, best_so_far, command, layout_bar, make_rules
from .options import (
    SeatCardsType, SeatWordsType, answer_options, cards_option, check_sampling, given,
    leader_option, others_option, question, read_deal_or_hand, refuse_with_deal, rules_options,
    fixed_option, samples_options, seat_view_options,
)

__all__ = ["COMMANDS", "decision_lines", "lead", "table_lines"]

#: The examples of `--help` (each runs in a few seconds; tests run them verbatim).
EXAMPLE_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
EXAMPLE_HAND = "T987.AKQ.-.QJ9"
EXAMPLE_TALON = "TD 9D"
EXAMPLE_ENDING = "AK.7.-.-"
EXAMPLE_OTHERS = "QJ9.8.AK.-"


@command("lead", "Which card to lead: open cards, or from the leader's seat.", [
    f'prefdd lead "{EXAMPLE_DEAL}" --game 6S --declarer 1 --leader 2',
    f'prefdd lead "{EXAMPLE_DEAL}" -g 6S --declarer 1 --leader 2 --rules sochi --json',
    f'prefdd lead {EXAMPLE_HAND} -g 6S --declarer 1 --leader 2 --talon "{EXAMPLE_TALON}" --samples 200',
    f"prefdd lead {EXAMPLE_ENDING} -g misere --declarer 1 --leader 2 --others {EXAMPLE_OTHERS} --samples all"], long=True)
@question("deal_or_hand", "DEAL_OR_HAND",
          "The game: a contract (6S … 10NT, also 7♥, 6БК) or misere (мизер).")
@leader_option()
@rules_options("Price the leads in vists for the leader: sochi, leningrad or rostov.")
@click.option("--whist", "words", type=SeatWordsType(), default=None, metavar="WORDS",
              help="The defenders' words for pricing, e.g. \"2=whist,3=pass\" (implies"
                   " pricing; default: both whist in a contract).")
@cards_option("talon", "Hand: the two talon cards, open to all (\"TD 9D\"); when the declarer"
                       " leads, his discard.", two=EXAMPLE_TALON)
@others_option("Hand: the cards the other two hold between them (default: the rest of the"
               " deck less the talon); fewer cards make an ending.")
@samples_options("Hand: layouts to keep (default 1000), or 'all' for every layout (exact).",
                 "Hand: seed of the sample (default 0), so that a run can be repeated.",
                 every=True)
@seat_view_options(f"Hand: {FILTER_HELP}",
                   "Hand: the declarer's discard: 'dd' the best double-dummy one (default),"
                   " 'low' low cards outside trumps.")
@click.option("--known", type=SeatCardsType(), multiple=True, metavar="SEAT=CARDS",
              help="Hand: cards known to lie in an unseen hand, e.g. \"3=AS KS\" (repeatable).")
@fixed_option()
@answer_options(jobs=True)
def lead(deal_or_hand: tuple[str, ...], game: str, declarer: int, leader: int,
         rules_name: str | None, rule_overrides: tuple[str, ...], words: dict[int, str] | None,
         talon: pa.Hand | None, others: pa.Hand | None, samples: int | str | None,
         seed: int | None, filter_name: str | None, discard_model: str | None,
         draw: int | None, known: tuple[tuple[int, pa.Hand], ...], fixed: bool,
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
    the_deal, hand = read_deal_or_hand(deal_or_hand)
    rules = make_rules(rules_name, rule_overrides, priced=words is not None)
    if the_deal is not None:
        refuse_with_deal(" (the leader's seat); a deal is scored with all cards open",
                         talon=talon, others=others, samples=samples, seed=seed,
                         filter=filter_name, discard=discard_model, draw=draw, known=known,
                         jobs=jobs, fixed=fixed or None)
        table = lead_table(the_deal, game, declarer, leader=leader, rules=rules, whist=words)
        answer(table, as_json, lambda: table_lines(table, symbols))
        return
    assert hand is not None
    if len(hand) == 10 and talon is None and others is None:
        raise CliError("a hand of ten needs --talon (the open talon; the declarer's discard"
                       " when he leads) or --others")
    check_sampling(samples, seed, sampled=True, draw=draw)
    n = len(hand)
    total = math.comb(2 * n, n) if samples == "all" and not known else None
    with layout_bar(total, "drawing", bar=Progress, describe=best_so_far) as progress:
        result = lead_decision(hand, game, declarer, leader=leader, others=others,
                               talon=list(talon) if talon is not None else None, whist=words,
                               rules=rules, known=dict(known) or None, jobs=jobs,
                               progress=progress, fixed=fixed,
                               **given(samples=samples, seed=seed, filter=filter_name,
                                       discard=discard_model, max_draws=draw))
    answer(result, as_json, lambda: decision_lines(result, talon, others, symbols))


COMMANDS = [lead]
