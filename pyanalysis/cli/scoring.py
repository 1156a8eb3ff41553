"""`prefdd score` (one deal's writes and value in vists) and `prefdd sheet` (a whole game)."""
from __future__ import annotations

from dataclasses import replace

import click

from pyanalysis.games import Game
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import ScoringError, score_deal
from pyanalysis.seat import Seat
from pyanalysis.sheet_io import read_record_file
from pyanalysis.text.scoring import format_deal, format_sheet

from .common import Command, echo_lines, emit_json, make_rules
from .options import json_option, parse_seat_map, rules_options, seat_option

__all__ = ["COMMANDS", "format_deal", "score", "sheet"]


_rules_options = rules_options("Rule set: sochi (default), leningrad or rostov.",
                               "Override one knob of the rule set, e.g. --rule"
                               " whist_split=gentleman (repeatable; see docs/rules.md).")

def _tricks(text: str | None) -> dict[int, int]:
    tricks = {}
    for seat, value in parse_seat_map(text, "tricks", numbers=True).items():
        # isascii: Unicode digits such as "²" pass isdigit() but int() cannot read them.
        if not (value.isascii() and value.isdigit()) or int(value) > 10:
            raise ScoringError(f"tricks '{seat}={value}': '{value}' is not a trick count; "
                              f"tricks are 0..10")
        tricks[seat] = int(value)
    return tricks


def _check_words(game: Game, rules: RuleSet, declarer: int | None,
                 whist: dict[int, str]) -> None:
    """Name the missing option before the scorer, which knows no options, complains."""
    if game.kind == "raspasy":
        return
    if declarer is None:
        raise ScoringError(f"{game} needs --declarer SEAT (1, 2 or 3)")
    if game.kind != "contract" or (game.level == 10 and rules.tenner_checked):
        return
    first, second = Seat.defenders(declarer)
    missing = [s for s in (first, second) if s not in whist]
    if missing:
        raise ScoringError(
            f"{game}: give both defenders' words with --whist (seats {first} and {second}), "
            f"e.g. --whist {first}=whist,{second}=pass")


@click.command(cls=Command, epilog="""\b
Examples:
  prefdd score 7H --declarer 1 --tricks 1=6,2=4,3=0 --whist 2=whist,3=pass
  prefdd score 6S --players 4 --declarer 1 --tricks 5,2,3 --whist 2=whist,3=whist
  prefdd score 6S --rules leningrad --players 4 --declarer 1 --tricks 1=3,2=7 \\
      --whist 2=whist,3=pass --honours 1
  prefdd score 10NT --declarer 2 --tricks 1=1,2=9,3=0    # a checked tenner
  prefdd score raspasy --tricks 2,3,5 --round 2 --json
  prefdd score misere --declarer 3 --tricks 3=1 --rule misere_price=10
""")
@click.argument("game")
@seat_option("declarer", "The declarer's seat, 1–3 (the dealer, seat 4, never declares); "
                         "not for raspasy.")
@click.option("--tricks", default=None, metavar="SEAT=N,…",
              help="Tricks by seat (1=6,2=3,3=1) or in seat order (6,3,1); "
                   "one hand of a contract may be left out.")
@click.option("--whist", default=None, metavar="SEAT=WORD,…",
              help="Each defender's word: whist, pass, half, return (2=whist,3=pass); "
                   "none for a checked tenner.")
@click.option("--players", type=click.IntRange(3, 4), default=3, show_default=True,
              help="Three, or four with the dealer (seat 4) sitting out.")
@click.option("--honours", type=click.IntRange(0, 3), default=0,
              help="Four players: tricks the dealer writes for honours in the talon.")
@click.option("--round", "raspasy_round", type=click.IntRange(1), default=1,
              help="Raspasy: the deal's place in a run of raspasy (1, 2, 3…).")
@_rules_options
@json_option()
def score(game: str, declarer: int | None, tricks: str | None, whist: str | None,
          players: int, honours: int, raspasy_round: int, rules_name: str | None,
          rule_overrides: tuple[str, ...], as_json: bool) -> None:
    """Price one deal: every player's pool, hill and vists, and his value in vists.

    GAME is 6S … 10NT, misere or raspasy (Russian names too). The value of a deal
    (RULES.md §4.3) is what it changes in each player's final result; the values sum to zero.
    """
    rules = make_rules(rules_name, rule_overrides)
    the_game = Game.parse(game)
    words = parse_seat_map(whist, "whist", numbers=False)
    _check_words(the_game, rules, declarer, words)
    result = score_deal(the_game, rules, players=players, declarer=declarer,
                        tricks=_tricks(tricks), whist=words,
                        talon_honours=honours, raspasy_round=raspasy_round)
    if as_json:
        emit_json(result.to_json())
        return
    echo_lines(format_deal(result))


@click.command(cls=Command, epilog="""\b
Examples:
  prefdd sheet data/sheets/sochi_example.txt
  prefdd sheet data/sheets/leningrad_four.json --json
  prefdd sheet data/sheets/sochi_example.txt --rule raspasy_prices=1,2,4
\b
A record lists the players, the rules and the deals, one a line:
  rules sochi
  players Anna Boris Vera
  pool 20
  7H Boris=7 Vera=whist:2 Anna=pass
  raspasy Anna=0 Boris=4 Vera=6
(the full format: docs/rules.md, "Game records").
""")
@click.argument("file", type=click.Path(dir_okay=False))
@_rules_options
@json_option()
def sheet(file: str, rules_name: str | None, rule_overrides: tuple[str, ...],
          as_json: bool) -> None:
    """Play a score-sheet record FILE (a game's deals, text or JSON) onto a sheet; settle it.

    Prints every deal with its value in vists, the running pool, hill and vists, and the
    settlement by both methods of seed 004 (they must agree). --rules replaces the record's
    rule set (and its overrides) by a preset; --rule changes single knobs.
    """
    record = read_record_file(file)
    if rules_name or rule_overrides:
        record = replace(record, rules=make_rules(rules_name, rule_overrides, record.rules))
    played = record.to_sheet()
    if as_json:
        emit_json(played.to_json())
        return
    echo_lines(format_sheet(played))


COMMANDS = [score, sheet]
