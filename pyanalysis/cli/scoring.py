"""`prefdd score` (one deal's writes and value in vists) and `prefdd sheet` (a whole game)."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Sequence

import click

from pyanalysis.games import Game
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import DEALER, DealScore, ScoringError, score_deal
from pyanalysis.sheet import Sheet
from pyanalysis.sheet_io import read_record_file

from .common import Command, emit_json, json_option, seat_option

__all__ = ["COMMANDS", "score", "sheet"]

SEAT_LABELS = {1: "1st hand", 2: "2nd hand", 3: "3rd hand", DEALER: "dealer"}


def _rules_options(func):  # type: ignore[no-untyped-def]
    func = click.option("--rule", "rule_overrides", multiple=True, metavar="KEY=VALUE",
                        help="Override one knob of the rule set, e.g. --rule "
                             "whist_split=gentleman (repeatable; see docs/rules.md).")(func)
    return click.option("--rules", "rules_name", default=None, metavar="PRESET",
                        help="Rule set: sochi (default), leningrad or rostov.")(func)


def _ruleset(name: str | None, overrides: Sequence[str], base: RuleSet | None = None) -> RuleSet:
    rules = RuleSet.preset(name) if name else (base or RuleSet.preset("sochi"))
    return rules.with_strings(overrides)


def parse_seat_map(text: str | None, what: str, numbers: bool) -> dict[int, str]:
    """Read `1=6,2=3` (or `6 3 1`, seats in order, for numbers) into {seat: text}."""
    if not text:
        return {}
    parts = [p for p in text.replace(",", " ").split() if p]
    result: dict[int, str] = {}
    for index, part in enumerate(parts, 1):
        seat_text, sep, value = part.partition("=")
        if not sep:
            if not numbers:
                raise ScoringError(f"{what} '{part}': write SEAT=WORD, e.g. 2=whist")
            seat_text, value = str(index), part
        if seat_text not in ("1", "2", "3", "4"):
            raise ScoringError(f"{what} '{part}': seat '{seat_text}' is not 1, 2, 3 or 4")
        if int(seat_text) in result:
            raise ScoringError(f"{what} '{part}': seat {seat_text} given twice")
        result[int(seat_text)] = value
    return result


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
    first = declarer % 3 + 1
    second = first % 3 + 1
    missing = [s for s in (first, second) if s not in whist]
    if missing:
        raise ScoringError(
            f"{game}: give both defenders' words with --whist (seats {first} and {second}), "
            f"e.g. --whist {first}=whist,{second}=pass")


def _show(value: Fraction) -> str:
    """A value for people: whole numbers as they are, others to two decimals."""
    if value.denominator == 1:
        return f"{value.numerator:+d}" if value else "0"
    return f"{float(value):+.2f}"


def _plain(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def format_deal(score: DealScore) -> list[str]:
    """The human table of one scored deal."""
    seats = score.seats
    who = "" if score.declarer is None else f", declarer {SEAT_LABELS[score.declarer]}"
    rnd = f" #{score.raspasy_round}" if score.raspasy_round else ""
    lines = [f"{score.game.symbol()}{rnd}{who} — {score.rules.name}, {score.players} "
             f"players: {score.result}"]
    changed = score.rules.changed_from_preset()
    if changed:
        lines.append("rules changed: " + ", ".join(f"{k}={_knob(v)}" for k, v in changed.items()))
    header = f"{'':10}{'pool':>6}{'hill':>6}" + "".join(
        f"{'on ' + str(s):>7}" for s in seats) + f"{'value':>10}"
    lines.append(header)
    for s in seats:
        w = score.writes[s]
        cells = "".join(f"{'.' if o == s or not w.vists.get(o) else _plain(w.vists[o]):>7}"
                        for o in seats)
        lines.append(f"{SEAT_LABELS[s]:10}{_plain(w.pool):>6}{_plain(w.hill):>6}{cells}"
                     f"{_show(score.values[s]):>10}")
    exact = ", ".join(f"{SEAT_LABELS[s]} {score.values[s]}" for s in seats)
    lines.append(f"value in vists (exact): {exact}")
    return lines


def _knob(value: object) -> str:
    """A knob's value as it is typed after --rule: `1,2,4`, `false`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


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
@json_option
def score(game: str, declarer: int | None, tricks: str | None, whist: str | None,
          players: int, honours: int, raspasy_round: int, rules_name: str | None,
          rule_overrides: tuple[str, ...], as_json: bool) -> None:
    """Price one deal: every player's pool, hill and vists, and his value in vists.

    GAME is 6S … 10NT, misere or raspasy (Russian names too). The value of a deal
    (RULES.md §4.3) is what it changes in each player's final result; the values sum to zero.
    """
    rules = _ruleset(rules_name, rule_overrides)
    the_game = Game.parse(game)
    words = parse_seat_map(whist, "whist", numbers=False)
    _check_words(the_game, rules, declarer, words)
    result = score_deal(the_game, rules, players=players, declarer=declarer,
                        tricks=_tricks(tricks), whist=words,
                        talon_honours=honours, raspasy_round=raspasy_round)
    if as_json:
        emit_json(result.to_json())
        return
    for line in format_deal(result):
        click.echo(line)


def format_sheet(sheet: Sheet) -> list[str]:
    """The sheet deal by deal, the totals, and the settlement by both methods."""
    names = sheet.players
    width = max(8, *(len(n) + 1 for n in names))
    lines = [f"{sheet.rules.name}, {len(names)} players, pool {_plain(sheet.pool_size)}"
             + ("" if sheet.finished else " — not finished")]
    changed = sheet.rules.changed_from_preset()
    if changed:
        lines.append("rules changed: " + ", ".join(f"{k}={_knob(v)}" for k, v in changed.items()))
    lines.append("")
    lines.append("deal values in vists:" + "".join(f"{n:>{width}}" for n in names))
    for row in sheet.rows:
        lines.append(f"  {row.describe()}")
        lines.append(f"{'':21}" + "".join(f"{_show(row.values[n]):>{width}}" for n in names))
        for h in row.helps:
            lines.append(f"{'':6}{h.giver} helps {h.taker} with {_plain(h.points)} "
                         f"({_plain(10 * h.points)} vists on {h.taker})" if h.taker else
                         f"{'':6}{h.giver}: {_plain(h.points)} over the closed pools, "
                         f"off the hill ({sheet.rules.help_overflow})")
    lines.append("")
    lines.append(f"{'':21}" + "".join(f"{n:>{width}}" for n in names))
    lines.append(f"{'pool':21}" + "".join(f"{_plain(sheet.pool[n]):>{width}}" for n in names))
    lines.append(f"{'hill':21}" + "".join(f"{_plain(sheet.hill[n]):>{width}}" for n in names))
    for target in names:
        lines.append(f"{'vists on ' + target:21}" + "".join(
            f"{'.' if n == target else _plain(sheet.vists[n][target]):>{width}}" for n in names))
    s = sheet.settlement()
    lines.append("")
    lines.append("settlement (seed 004 §4.2.14):")
    lines.append(f"{'hill after amnesty':21}" + "".join(
        f"{_plain(s.hills[n]):>{width}}" for n in names))
    lines.append(f"{'1: hill vists each':21}" + "".join(
        f"{_plain(s.hill_vists[n]):>{width}}" for n in names))
    lines.append(f"{'1: result':21}" + "".join(
        f"{_show(s.by_hill_vists[n]):>{width}}" for n in names))
    lines.append(f"{'2: mean hill':21}" + "".join(
        f"{_show(s.hill_balance[n]):>{width}}" for n in names))
    lines.append(f"{'2: net vists':21}" + "".join(
        f"{_show(s.net_vists[n]):>{width}}" for n in names))
    lines.append(f"{'2: result':21}" + "".join(
        f"{_show(s.by_mean_hill[n]):>{width}}" for n in names))
    lines.append("the two methods agree" if s.methods_agree else "THE METHODS DISAGREE")
    return lines


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
@json_option
def sheet(file: str, rules_name: str | None, rule_overrides: tuple[str, ...],
          as_json: bool) -> None:
    """Play a score-sheet record FILE (a game's deals, text or JSON) onto a sheet; settle it.

    Prints every deal with its value in vists, the running pool, hill and vists, and the
    settlement by both methods of seed 004 (they must agree). --rules replaces the record's
    rule set (and its overrides) by a preset; --rule changes single knobs.
    """
    record = read_record_file(file)
    if rules_name or rule_overrides:
        record = replace(record, rules=_ruleset(rules_name, rule_overrides, record.rules))
    played = record.to_sheet()
    if as_json:
        emit_json(played.to_json())
        return
    for line in format_sheet(played):
        click.echo(line)


COMMANDS = [score, sheet]
