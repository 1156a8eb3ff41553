"""`prefdd solve`, `prefdd table` and `prefdd raspasy`: double-dummy answers for one deal."""
from __future__ import annotations

import pyanalysis as pa
from pyanalysis.solving import RaspasyPlayer, focus_seat, raspasy_player, raspasy_players
from pyanalysis.text.solution import ending_verdict, raspasy_lines, solution_lines, table_lines

from .common import answer, command, echo_lines, emit_json, parse_cards, parse_deal, parse_game
from .options import (
    JSON_HELP, answer_options, game_option, json_option, played_option, seat_option,
    symbols_option, talon_rule_option, words_argument,
)

__all__ = ["COMMANDS", "RaspasyPlayer", "ending_verdict", "raspasy", "raspasy_player", "solve",
           "table"]

EXAMPLE_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"


def option_name(name: str) -> str:
    """How the messages of `focus_seat` name a seat argument on the command line."""
    return f"--{name}"


def deal_options(func):  # type: ignore[no-untyped-def]
    """DEAL, --talon-rule, --ascii and --json: what `table` and `raspasy` take."""
    for decorate in (json_option(), symbols_option(), talon_rule_option(), words_argument()):
        func = decorate(func)
    return func


@command(None, "Solve a deal: the result, every card's value, a line of play.", [
    f'prefdd solve "{EXAMPLE_DEAL}" --game 8S --declarer 1',
    f'prefdd solve "{EXAMPLE_DEAL}" -g 8S --declarer 1 --played "AH"',
    f'prefdd solve "{EXAMPLE_DEAL}" -g raspasy --player 3 --talon-rule card'])
@words_argument()
@game_option()
@seat_option("declarer", "The declarer's seat (contracts and misère).")
@seat_option("leader", "The seat that leads the current trick.", default=1)
@played_option("Cards already played to the current trick, in order from the leader"
               " (e.g. \"AH KH\"); the deal still holds them.")
@seat_option("player", "Raspasy: the player whose guaranteed minimum is wanted.")
@talon_rule_option()
@answer_options(JSON_HELP)
def solve(deal: tuple[str, ...], game: str, declarer: int | None, leader: int, played: str | None,
          player: int | None, talon_rule: str | None, ascii_only: bool, as_json: bool) -> None:
    """Solve DEAL double dummy: the result, the value of every legal card, a line of play.

    DEAL is the one-line deal: three hands in seat order (dotted suit groups ♠.♣.♦.♥), then
    optionally the talon. Quote it, or type its words one after another.

    In raspasy the talon tricks open a full deal (10 cards a hand). An ending written with its
    talon is past them unless --talon-rule is given; then they are still to come.
    """
    the_deal = parse_deal(deal)
    the_game = parse_game(game)
    focus = focus_seat(the_game, declarer, player, spell=option_name)
    cards = parse_cards(played)
    # The options go to pa.solve as given, so that it rejects what does not fit the game
    # (a talon rule for a contract, a declarer in raspasy); it reports the rule it applied.
    solution = pa.solve(the_deal, the_game, declarer=declarer, leader=leader, played=cards,
                        player=player, talon_rule=talon_rule)
    answer(solution, as_json,
           lambda: solution_lines(the_deal, solution, cards, focus, not ascii_only))


@command(None, "The double-dummy table: every declarer in every game.", [
    f'prefdd table "{EXAMPLE_DEAL}"',
    f'prefdd table "{EXAMPLE_DEAL}" --talon-rule card --json'])
@deal_options
def table(deal: tuple[str, ...], talon_rule: str | None, ascii_only: bool, as_json: bool) -> None:
    """The double-dummy table of DEAL: every declarer and game, the 1st hand leading.

    Contracts in ♠ ♣ ♦ ♥ NT and misère for each declarer, and for each player his raspasy
    guaranteed minimum under the talon rule.
    """
    the_deal = parse_deal(deal)
    result = pa.table(the_deal, talon_rule=talon_rule)
    answer(result, as_json, lambda: table_lines(the_deal, result, not ascii_only))


@command(None, "Raspasy: each player's guaranteed minimum and first cards.", [
    f'prefdd raspasy "{EXAMPLE_DEAL}"',
    f'prefdd raspasy "{EXAMPLE_DEAL}" --talon-rule card --json'])
@deal_options
def raspasy(deal: tuple[str, ...], talon_rule: str | None, ascii_only: bool, as_json: bool) -> None:
    """Raspasy on DEAL: each player's guaranteed minimum of tricks and his best first cards.

    For each player P the other two play together to give P as many tricks as they can; the
    minimum is what P can hold his tricks to. P's first cards are valued after the best
    play before his turn.
    """
    the_deal = parse_deal(deal)
    players = raspasy_players(the_deal, talon_rule)
    rule = players[0].solution.talon_rule  # the rule `pa.solve` applied (its default if None)
    if not as_json:
        echo_lines(raspasy_lines(the_deal, rule, players, not ascii_only))
        return
    emit_json({
        "deal": str(the_deal),
        "talon_rule": rule,
        "leader": 1,
        "players": [p.to_dict() for p in players],
    })


COMMANDS = [solve, table, raspasy]
