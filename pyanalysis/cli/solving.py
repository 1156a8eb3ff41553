"""`prefdd solve`, `prefdd table` and `prefdd raspasy`: double-dummy answers for one deal."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import click

import pyanalysis as pa
from pyanalysis.diagram import SEAT_NAMES, draw_deal
from pyanalysis.games import CONTRACT, DEAL_TRICKS, MISERE, RASPASY
from pyanalysis.jsonout import cards_to_json, moves_to_json
from pyanalysis.solving import focus_seat

from .common import (
    COMMAND_SETTINGS,
    Command,
    card_text,
    deal_argument,
    emit_json,
    format_cards,
    game_option,
    json_option,
    parse_cards,
    parse_deal,
    parse_game,
    seat_name,
    seat_option,
    symbols_option,
    talon_rule_option,
)
from .lines import Trick, split_line

__all__ = ["COMMANDS", "RaspasyPlayer", "raspasy", "raspasy_player", "solve", "table"]

#: "1st" for the 1st hand: the seat names without "hand", for the columns of a line of play.
SHORT_SEATS = {seat: name.split()[0] for seat, name in SEAT_NAMES.items()}
EXAMPLE_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"


def format_moves(moves: dict[pa.Card, int], best: Sequence[pa.Card], symbols: bool,
                 defence_of: int | None = None) -> list[str]:
    """One line per suit: each legal card with its value, best cards marked with ``*``.

    `defence_of`: the tricks left to play; when given, each value (the declarer's tricks) is
    shown as "defence/declarer", e.g. ``A♠ 4/6`` for 4 of 10 tricks to the defence.
    """
    def value(card: pa.Card) -> str:
        tricks = moves[card]
        return str(tricks) if defence_of is None else f"{defence_of - tricks}/{tricks}"

    lines = []
    for suit in range(4):
        cards = sorted((card for card in moves if card.suit == suit), key=lambda c: -c.rank)
        if not cards:
            continue
        cells = [f"{card_text(card, symbols)} {value(card)}{'*' if card in best else ''}"
                 for card in cards]
        lines.append("  " + "   ".join(cells))
    return lines


def format_tricks(tricks: Sequence[Trick], symbols: bool, first_number: int = 1) -> list[str]:
    """The line of play, one trick a line: number, seat and card of each play, the taker."""
    lines = []
    for number, trick in enumerate(tricks, start=first_number):
        plays = "  ".join(f"{SHORT_SEATS[seat]} {card_text(card, symbols):<3}"
                          for seat, card in zip(trick.seats, trick.cards))
        talon = f"[talon {card_text(trick.talon_card, symbols):<3}]  " if trick.talon_card else ""
        if not trick.complete:
            taken = ""
        elif trick.taker is None:
            taken = "  -> nobody (the talon card holds)"
        else:
            taken = f"  -> {seat_name(trick.taker)}"
        lines.append(f"  {number:>2}. {talon}{plays}{taken}")
    return lines


def result_sentence(game: pa.Game, tricks: int, seat: int, symbols: bool, talon_rule: str,
                    left: int = DEAL_TRICKS) -> str:
    """The headline with the verdict: "Declarer (2nd hand) takes 8 tricks in 8♠: made.",
    "... in misère: caught for 2.", and the raspasy form (each player for himself, no
    verdict). `left`: the tricks still to play; fewer than ten is an ending, whose verdict
    depends on the tricks before it (`ending_verdict`)."""
    shown = game.symbol() if symbols else str(game)
    noun = "trick" if tricks == 1 else "tricks"
    if game.kind == RASPASY:
        return (f"{seat_name(seat).capitalize()} takes at least {tricks} {noun} in raspasy"
                f" (talon rule: {talon_rule}), the other two playing against him.")
    if left == DEAL_TRICKS:
        return (f"Declarer ({seat_name(seat)}) takes {tricks} {noun} in {shown}:"
                f" {game.verdict(tricks)}.")
    return (f"Declarer ({seat_name(seat)}) takes {tricks} {noun} of the {left} left in {shown}:"
            f" {ending_verdict(game, tricks, left)}.")


def ending_verdict(game: pa.Game, tricks: int, left: int) -> str:
    """The verdict of an ending in which the declarer takes `tricks` of the `left` tricks
    still to play, given what the tricks before it may have brought (any number of them)."""
    before = DEAL_TRICKS - left
    if game.kind == MISERE:
        return f"caught for {tricks} or more" if tricks else "clean if he took no trick before"
    assert game.level is not None
    need = game.level - tricks  # tricks he must have taken before this ending
    if need <= 0:
        return "made, whatever the tricks before"
    if need > before:
        return f"down {need - before} or more"
    return f"made if he took {need} of the {before} tricks before"


def moves_heading(solution: pa.Solution) -> tuple[str, int | None]:
    """The line above the cards' values, saying whose tricks they are and what the seat to
    play wants; and `defence_of` for `format_moves` when the defence is to play a contract
    (its own tricks are shown beside the declarer's)."""
    mover = seat_name(solution.to_move)
    focus = seat_name(solution.focus)
    game = solution.game
    if game.kind == RASPASY:
        if solution.to_move == solution.focus:
            return (f"{mover.capitalize()} to play; each card with the {focus}'s tricks"
                    f" (* best):", None)
        (partner,) = {1, 2, 3} - {solution.to_move, solution.focus}
        return (f"{mover.capitalize()} to play, with the {seat_name(partner)} against the"
                f" {focus}; each card with the {focus}'s tricks, which they want high (* best):",
                None)
    if solution.to_move == solution.focus:
        return (f"{mover.capitalize()} (declarer) to play; each card with the declarer's tricks"
                f" (* best):", None)
    if game.kind == CONTRACT:
        left = solution.deal.size if solution.deal is not None else DEAL_TRICKS
        return (f"{mover.capitalize()} (defence) to play; each card with the defence's tricks"
                f" / the declarer's (* best):", left)
    return (f"{mover.capitalize()} (defence) to play; each card with the tricks forced on the"
            f" declarer, which the defence wants high (* best):", None)


def _diagram(deal: pa.Deal, symbols: bool, declarer: int | None, title: str | None) -> str:
    return draw_deal(deal, symbols=symbols, declarer=declarer, title=title)


def option_name(name: str) -> str:
    """How the messages of `focus_seat` name a seat argument on the command line."""
    return f"--{name}"


@click.command(cls=Command,
               short_help="Solve a deal: the result, every card's value, a line of play.",
               context_settings=COMMAND_SETTINGS, epilog=f"""\b
Example:
  prefdd solve "{EXAMPLE_DEAL}" --game 8S --declarer 1
  prefdd solve "{EXAMPLE_DEAL}" -g 8S --declarer 1 --played "AH"
  prefdd solve "{EXAMPLE_DEAL}" -g raspasy --player 3 --talon-rule card
""")
@deal_argument
@game_option
@seat_option("declarer", "The declarer's seat (contracts and misère).")
@seat_option("leader", "The seat that leads the current trick.", default=1)
@click.option("--played", metavar="CARDS", default=None,
              help="Cards already played to the current trick, in order from the leader"
                   " (e.g. \"AH KH\"); the deal still holds them.")
@seat_option("player", "Raspasy: the player whose guaranteed minimum is wanted.")
@talon_rule_option
@symbols_option
@json_option
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
    if as_json:
        emit_json(solution.to_dict())
        return
    rule = solution.talon_rule
    talon = the_deal.talon if the_game.kind == "raspasy" else ()
    tricks = split_line(the_deal, [*cards, *solution.line], trump=the_game.trump,
                        talon=talon, talon_rule=rule)
    symbols = not ascii_only
    declarer_mark = focus if the_game.kind != "raspasy" else None
    click.echo(_diagram(the_deal, symbols, declarer_mark, None))
    click.echo()
    click.echo(result_sentence(the_game, solution.tricks, focus, symbols, rule,
                               left=the_deal.size))
    if cards:
        click.echo(f"Played to the current trick: {format_cards(cards, symbols)}")
    heading, defence_of = moves_heading(solution)
    click.echo(heading)
    for line in format_moves(solution.moves, solution.best, symbols, defence_of=defence_of):
        click.echo(line)
    click.echo("Line of play:")
    for line in format_tricks(tricks, symbols):
        click.echo(line)


@click.command(cls=Command, short_help="The double-dummy table: every declarer in every game.",
               context_settings=COMMAND_SETTINGS, epilog=f"""\b
Example:
  prefdd table "{EXAMPLE_DEAL}"
  prefdd table "{EXAMPLE_DEAL}" --talon-rule card --json
""")
@deal_argument
@talon_rule_option
@symbols_option
@json_option
def table(deal: tuple[str, ...], talon_rule: str | None, ascii_only: bool, as_json: bool) -> None:
    """The double-dummy table of DEAL: every declarer and game, the 1st hand leading.

    Contracts in ♠ ♣ ♦ ♥ NT and misère for each declarer, and for each player his raspasy
    guaranteed minimum under the talon rule.
    """
    the_deal = parse_deal(deal)
    result = pa.table(the_deal, talon_rule=talon_rule)
    if as_json:
        emit_json(result.to_dict())
        return
    symbols = not ascii_only
    click.echo(_diagram(the_deal, symbols, None, None))
    click.echo()
    click.echo(result.format(symbols=symbols))


@click.command(cls=Command, short_help="Raspasy: each player's guaranteed minimum and first cards.",
               context_settings=COMMAND_SETTINGS, epilog=f"""\b
Example:
  prefdd raspasy "{EXAMPLE_DEAL}"
  prefdd raspasy "{EXAMPLE_DEAL}" --talon-rule card --json
""")
@deal_argument
@talon_rule_option
@symbols_option
@json_option
def raspasy(deal: tuple[str, ...], talon_rule: str | None, ascii_only: bool, as_json: bool) -> None:
    """Raspasy on DEAL: each player's guaranteed minimum of tricks and his best first cards.

    For each player P the other two play together to give P as many tricks as they can; the
    minimum is what P can hold his tricks to. P's first cards are valued after the best
    play before his turn.
    """
    the_deal = parse_deal(deal)
    players = [raspasy_player(the_deal, seat, talon_rule) for seat in (1, 2, 3)]
    rule = players[0].solution.talon_rule  # the rule `pa.solve` applied (its default if None)
    if as_json:
        emit_json({
            "deal": str(the_deal),
            "talon_rule": rule,
            "leader": 1,
            "players": [{
                "player": p.player,
                "tricks": p.solution.tricks,
                "before": cards_to_json(p.before),
                "moves": moves_to_json(p.first.moves),
                "best": cards_to_json(p.first.best),
                "line": cards_to_json(p.solution.line),
            } for p in players],
        })
        return
    symbols = not ascii_only
    click.echo(_diagram(the_deal, symbols, None, None))
    click.echo()
    click.echo(f"Raspasy, talon rule: {rule}. Each player against the other two:")
    for p in players:
        tricks = p.solution.tricks
        noun = "trick" if tricks == 1 else "tricks"
        click.echo(f"{seat_name(p.player).capitalize()}: at least {tricks} {noun}.")
        if p.before:
            click.echo(f"  after {format_cards(p.before, symbols)}, his first card (* best):")
        else:
            click.echo("  his first card (* best):")
        for line in format_moves(p.first.moves, p.first.best, symbols):
            click.echo("  " + line)


@dataclass(frozen=True)
class RaspasyPlayer:
    """One player's raspasy: `solution` from the start, and `first`, the position at his
    first card, reached by the cards `before` him in the principal line."""

    player: int
    solution: pa.Solution
    before: list[pa.Card]
    first: pa.Solution


def raspasy_player(deal: pa.Deal, seat: int, rule: str | None) -> RaspasyPlayer:
    """Player `seat`'s guaranteed minimum, and the value of each of his first cards."""
    solution = pa.solve(deal, "raspasy", player=seat, talon_rule=rule)
    waiting = (seat - solution.to_move) % 3
    before = list(solution.line[:waiting])
    first = solution
    if before:
        first = pa.solve(deal, "raspasy", player=seat, talon_rule=rule, played=before)
    return RaspasyPlayer(seat, solution, before, first)


COMMANDS = [solve, table, raspasy]
