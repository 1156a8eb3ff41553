"""`prefdd report`: a deal or a played deal as one self-contained HTML page.

A DEAL (with --game and the seats) gives the principal line of its solution; a game record
FILE (`pyanalysis.record`, `-` for stdin) gives the play as recorded, reviewed card by card.
Either way the page holds the diagram, the double-dummy table and the play to step through,
every position with the value of every legal card; `--whist`, `--leads` and `--odds` add those
tables, `--declare` what he should have declared, and `--whist-seat SEAT`, `--lead-seat` and
`--catch` the seat views (a defender's whist, the leader's lead, the misère catch) drawn as
the web page draws them. `--json` prints the page's data (`Report.to_dict()`) instead of,
or besides, writing it.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Callable, Iterator

import click

import pyanalysis as pa
from pyanalysis.record_file import is_record, read_record
from pyanalysis.report import SeatViews, deal_report, review_report
from pyanalysis.solving import focus_seat

from .common import (
    EXAMPLE_RECORD, CliError, command, emit_json, layout_bar, parse_deal, parse_game,
    write_page,
)
from .options import (
    game_option, json_option, rules_option, seat_option, talon_rule_option, words_argument,
)

__all__ = ["COMMANDS", "odds_bar", "report"]

EXAMPLE_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"


@contextmanager
def odds_bar(deal: pa.Deal, wanted: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar over the layouts of `--odds` (every split of the defenders' cards)."""
    if not wanted:
        yield None
        return
    with layout_bar(math.comb(2 * deal.size, deal.size)) as progress:
        yield progress


@command("report", "A deal or a played deal as one self-contained HTML page.", [
    f'prefdd report "{EXAMPLE_DEAL}" --game 8S --declarer 1 -o deal.html',
    f'prefdd report "{EXAMPLE_DEAL}" -g 8S --declarer 1 --whist --leads --rules sochi -o deal.html',
    f"printf '{EXAMPLE_RECORD}' | prefdd report - --rules sochi -o played.html"], long=True)
@words_argument("source", "DEAL|FILE")
@game_option("With a DEAL: the game (8S, 6NT, misere, raspasy; 8♠, мизер too).", required=False)
@seat_option("declarer", "With a DEAL: the declarer's seat (contracts and misère).")
@seat_option("player", "Raspasy: the player whose tricks are counted (a record without it:"
                       " each card by its own player's).")
@seat_option("leader", "With a DEAL: the seat that leads to the first trick (default 1).")
@talon_rule_option()
@rules_option("Price in vists: the whist and lead tables, and a record's review.", choice=True)
@click.option("--whist", "with_whist", is_flag=True,
              help="Add the whist table: every whisting the rules allow, priced (a contract"
                   " on a whole deal; rules default to sochi).")
@click.option("--leads", "with_leads", is_flag=True,
              help="Add the opening-lead table: every lead with the declarer's tricks after it.")
@click.option("--odds", "with_odds", is_flag=True,
              help="Add the layout table: the declarer's tricks over every layout of the cards"
                   " he cannot see.")
@click.option("--declare", "with_declare", is_flag=True,
              help="Add what the declarer should have declared: every game with his best"
                   " discard, over 1,000 layouts (the deal's talon or discard needed).")
@seat_option("whist-seat", "Add whist or pass decided from this defender's seat: his cards"
                          " and the open talon, over up to 1,000 layouts (rules default to"
                          " sochi).")
@click.option("--lead-seat", "with_lead_seat", is_flag=True,
              help="Add the opening lead decided from the leader's seat: his cards and the"
                   " talon (or the cards he cannot see), over up to 1,000 layouts.")
@click.option("--catch", "with_catch", is_flag=True,
              help="Add the misère catch: his discards against the catchers' defences, the"
                   " discard unseen (a misère with its discard).")
@click.option("--title", default=None, metavar="TEXT", help="The page's title.")
@click.option("--output", "-o", default=None, metavar="FILE",
              help="The page to write ('-': standard output).")
@json_option("Print the page's data as JSON (the report's to_dict()).")
def report(source: tuple[str, ...], game: str | None, declarer: int | None,
           player: int | None, leader: int | None, talon_rule: str | None,
           rules_name: str | None, with_whist: bool, with_leads: bool, with_odds: bool,
           with_declare: bool, whist_seat: int | None, with_lead_seat: bool,
           with_catch: bool, title: str | None, output: str | None, as_json: bool) -> None:
    """Write a deal, or a played deal, as one HTML page that opens in any browser.

    DEAL|FILE is a one-line deal (with --game and --declarer, or --player in raspasy), whose
    page shows the principal line of play; or a game record file as `prefdd review` reads it
    (`-` for stdin), whose page shows the play as recorded with every costly card marked.

    The page needs no network: styles and script are inside it. It shows the diagram, the
    double-dummy table, and the play trick by trick, stepped through with the buttons or
    the arrow keys (← →, Home, End), each position with the value of every legal card.
    """
    if output is None and not as_json:
        raise CliError("give the page's file with -o FILE ('-' for standard output), or --json")
    if output == "-" and as_json:
        raise CliError("-o - and --json both print to standard output: choose one")
    seats = SeatViews(whist=whist_seat, lead=with_lead_seat, catch=with_catch)
    if is_record(source):
        given = [name for name, value in (("--game", game), ("--declarer", declarer),
                                          ("--leader", leader), ("--talon-rule", talon_rule))
                 if value is not None]
        if given:
            raise CliError(f"{given[0]}: a record carries its game, seats and talon rule")
        record = read_record(source[0])
        if player is not None and record.game.kind != "raspasy":
            raise CliError(f"--player is for raspasy; in {record.game} the declarer is counted")
        reviewed = pa.review(record, player=player, rules=rules_name)
        with odds_bar(record.deal, with_odds) as progress:
            page = review_report(reviewed, rules=rules_name, whist=with_whist,
                                 leads=with_leads, odds=with_odds, title=title,
                                 progress=progress, declare=with_declare, seats=seats)
    else:
        if game is None:
            raise CliError("--game is needed with a DEAL (e.g. --game 8S --declarer 1)")
        the_deal = parse_deal(source)
        the_game = parse_game(game)
        focus_seat(the_game, declarer, player, spell=lambda name: f"--{name}")
        with odds_bar(the_deal, with_odds) as progress:
            page = deal_report(the_deal, the_game, declarer=declarer, player=player,
                               leader=leader or 1, talon_rule=talon_rule, rules=rules_name,
                               whist=with_whist, leads=with_leads, odds=with_odds,
                               title=title, progress=progress, declare=with_declare,
                               seats=seats)
    if output is not None:
        said = write_page(page, output)
        if said and not as_json:
            click.echo(said)
    if as_json:
        emit_json(page.to_dict())


COMMANDS = [report]
