"""`prefdd play`: step through a deal card by card with the double-dummy value of every card.

At each turn the command shows the position, the cards played so far and the value of every
legal card of the player to move (best marked); the user answers with a card, ``best``,
``undo`` or ``quit``. Commands may come from a terminal or from a pipe::

    printf 'best\\nAS\\nundo\\nquit\\n' | prefdd play DEAL --game 8S --declarer 2
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

import click

from pyanalysis.session import PlaySession, Turn, turn_json
from pyanalysis.solving import focus_seat
from pyanalysis.text.play import turn_lines

from .common import command, parse_cards, parse_deal, parse_game
from .options import (
    JSON_HELP, answer_options, game_option, played_option, seat_option, talon_rule_option,
    words_argument,
)

EXAMPLE_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"

__all__ = ["COMMANDS", "PlaySession", "Turn", "play"]

QUIT_WORDS = {"quit", "q", "exit"}
BEST_WORDS = {"best", "b"}
UNDO_WORDS = {"undo", "u"}
HELP_WORDS = {"help", "h", "?"}


def _read_command(stream: TextIO, echo: bool) -> str | None:
    line = stream.readline()
    if not line:
        return None
    text = line.strip()
    if echo:  # a piped command would otherwise be invisible in the transcript
        click.echo(text)
    return text


def run_session(session: PlaySession, stream: TextIO, *, symbols: bool, as_json: bool,
                echo_input: bool) -> None:
    """The prompt loop: show the position, read a command, act on it; until quit or input ends."""
    shown = True  # show the position before the first prompt
    while True:
        if shown:
            if as_json:
                click.echo(json.dumps(turn_json(session), ensure_ascii=False))
            else:
                click.echo("\n".join(turn_lines(session, symbols)))
        if not as_json:
            click.echo("> card, best, undo or quit: ", nl=False)
        command = _read_command(stream, echo_input and not as_json)
        if command is None:
            if not as_json:
                click.echo()
            return
        if not command:
            shown = False
            continue
        word = command.lower()
        if word in QUIT_WORDS:
            return
        shown = True
        try:
            if word in HELP_WORDS:
                click.echo("Type a card (AS, A♠, 10♥, ТП), 'best' for a best card, 'undo' to take"
                           " the last card back, 'quit' to stop.")
                shown = False
                continue
            if word in BEST_WORDS:
                card = session.best()
                _announce(f"Played {card.symbol() if symbols else card} (best).",
                          {"event": "played", "card": str(card), "best": True}, as_json)
            elif word in UNDO_WORDS:
                card = session.undo()
                _announce(f"Took back {card.symbol() if symbols else card}.",
                          {"event": "undone", "card": str(card)}, as_json)
            else:
                card = session.play(command)
                _announce(f"Played {card.symbol() if symbols else card}.",
                          {"event": "played", "card": str(card), "best": False}, as_json)
        except ValueError as exc:
            shown = False
            message = " ".join(str(exc).split())
            _announce(f"{message}", {"event": "error", "error": message}, as_json)


def _announce(text: str, data: dict[str, Any], as_json: bool) -> None:
    click.echo(json.dumps(data, ensure_ascii=False) if as_json else text)


@command(None, "Play a deal through card by card, with every card's value.", [
    f'prefdd play "{EXAMPLE_DEAL}" --game 8S --declarer 1',
    f"""printf 'best\\nundo\\nquit\\n' | prefdd play "{EXAMPLE_DEAL}" -g 8S --declarer 1"""])
@words_argument()
@game_option()
@seat_option("declarer", "The declarer's seat (contracts and misère).")
@seat_option("leader", "The seat that leads the first trick.", default=1)
@played_option("Cards already played to the first trick, in order from the leader.")
@seat_option("player", "Raspasy: the player whose tricks are counted.")
@talon_rule_option()
@answer_options(JSON_HELP)
def play(deal: tuple[str, ...], game: str, declarer: int | None, leader: int, played: str | None,
         player: int | None, talon_rule: str | None, ascii_only: bool, as_json: bool) -> None:
    """Play DEAL through, card by card, with the double-dummy value of every legal card.

    At each turn type a card (AS, A♠, 10♥), 'best', 'undo' or 'quit'. Commands can be
    piped in, one per line. With --json every position and every answer is one JSON line.
    """
    the_deal = parse_deal(deal)
    the_game = parse_game(game)
    # Reject what does not fit the game (a declarer in raspasy, a talon rule for a contract)
    # the way `solve` does, before any prompt.
    focus = focus_seat(the_game, declarer, player, spell=lambda name: f"--{name}")
    session = PlaySession(the_deal, the_game, focus, leader=leader,
                          played=tuple(parse_cards(played)), talon_rule=talon_rule)
    stdin = sys.stdin
    run_session(session, stdin, symbols=not ascii_only, as_json=as_json,
                echo_input=not stdin.isatty())


COMMANDS = [play]
