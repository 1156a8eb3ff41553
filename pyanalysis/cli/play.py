"""`prefdd play`: step through a deal card by card with the double-dummy value of every card.

At each turn the command shows the position, the cards played so far and the value of every
legal card of the player to move (best marked); the user answers with a card, ``best``,
``undo`` or ``quit``. Commands may come from a terminal or from a pipe::

    printf 'best\\nAS\\nundo\\nquit\\n' | prefdd play DEAL --game 8S --declarer 2
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any, TextIO

import click

import pyanalysis as pa
from pyanalysis.jsonout import cards_to_json
from pyanalysis.play import Play, Trick
from pyanalysis.solving import focus_seat, make_position
from pyanalysis.text.play import turn_lines
from pyanalysis.text.words import seat_name

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


@dataclass
class Turn:
    """The position before the next card: what the display and the values are built from."""

    deal: pa.Deal  # hands as at the start of the current trick (they hold its cards)
    leader: int  # seat that led the current trick
    trick: list[pa.Card]  # cards played to the current trick so far
    done: list[Trick]  # completed tricks, first one first
    taken: dict[int, int]  # tricks taken so far by each seat (1..3)
    talon_rule: str  # the talon rule still in force ("none" once the talon tricks are over)
    solution: pa.Solution | None = None  # None when the deal is over

    @property
    def over(self) -> bool:
        return self.solution is None


@dataclass
class PlaySession:
    """A deal being played through: the cards played so far, and undo.

    The cards are played on a `Play` (the rules of play: who takes each trick, who leads
    next), so undo is taking the last card back.
    """

    deal: pa.Deal
    game: pa.Game
    focus: int  # the declarer, or in raspasy the chosen player
    leader: int = 1
    played: tuple[pa.Card, ...] = ()  # cards already in the first trick when the session starts
    talon_rule: str | None = None  # None: the default for the deal (see `pa.solve`)
    history: list[pa.Card] = field(default_factory=list)
    _turn: Turn | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.played = tuple(pa.Card.parse(card) for card in self.played)
        seats = {"player" if self.game.kind == "raspasy" else "declarer": self.focus}
        # The options checked once, as `pa.solve` checks them; its talon rule is the one in force.
        start, _, _ = make_position(self.deal, self.game, leader=self.leader, played=self.played,
                                    talon_rule=self.talon_rule, **seats)
        self.talon_rule = start.talon_rule
        self._play = Play(self.deal, self.game, leader=self.leader, talon_rule=self.talon_rule)
        for card in self.played:
            self._play.push(card)

    # --- state ---------------------------------------------------------------------------
    @property
    def talon(self) -> tuple[pa.Card, ...]:
        """Talon cards whose tricks open the play (raspasy, rule "suit" or "card")."""
        return self._play.talon

    def turn(self) -> Turn:
        """The current position and its double-dummy solution (cached until the next card)."""
        if self._turn is None:
            self._turn = self._compute_turn()
        return self._turn

    def _compute_turn(self) -> Turn:
        play = self._play
        trick = play.trick
        done, taken = list(play.tricks), dict(play.taken)
        if play.done:
            return Turn(self.deal, trick.leader, [], done, taken, "none", None)
        talon_left = play.talon_left
        rule = self.talon_rule if talon_left else "none"
        # In raspasy the deal carries the talon cards still to be played; otherwise the
        # talon is only shown.
        talon = talon_left if self.game.kind == "raspasy" else self.deal.talon
        now = pa.Deal(play.trick_start_hands, talon, self.deal.discard)
        solution = self._solve(now, trick.leader, list(trick.cards), rule)
        return Turn(now, trick.leader, list(trick.cards), done, taken, rule, solution)

    def _solve(self, deal: pa.Deal, leader: int, trick: list[pa.Card], rule: str) -> pa.Solution:
        options: dict[str, Any] = {"leader": leader, "played": trick}
        if self.game.kind == "raspasy":
            options.update(player=self.focus, talon_rule=rule)
        else:
            options["declarer"] = self.focus
        return pa.solve(deal, self.game, **options)

    # --- moves ---------------------------------------------------------------------------
    def play(self, card: pa.Card | str) -> pa.Card:
        """Play `card` for the player to move; `ValueError` if it is not a legal card."""
        turn = self.turn()
        if turn.over:
            raise ValueError("the deal is over: no card left to play")
        if isinstance(card, str) and _several_cards(card):
            raise ValueError(f"'{card.strip()}': type one card at a time")
        card = pa.Card.parse(card)
        moves = turn.solution.moves
        if card not in moves:
            mover = seat_name(turn.solution.to_move)
            if card in self.played or card in self.history:
                raise ValueError(f"{card} has been played already")
            if card not in turn.deal.hands[turn.solution.to_move - 1]:
                raise ValueError(f"the {mover} does not hold {card}")
            legal = " ".join(str(c) for c in moves)
            raise ValueError(f"{card} is not a legal card for the {mover} (legal: {legal})")
        self._play.push(card)
        self.history.append(card)
        self._turn = None
        return card

    def best(self) -> pa.Card:
        """Play the first card of the principal line (a best card) and return it."""
        turn = self.turn()
        if turn.over:
            raise ValueError("the deal is over: no card left to play")
        return self.play(turn.solution.line[0])

    def undo(self) -> pa.Card:
        """Take back the last card played in this session."""
        if not self.history:
            raise ValueError("nothing to undo")
        self._turn = None
        self._play.pop()
        return self.history.pop()

    def focus_taken(self) -> int:
        """The focus player's tricks taken so far."""
        return self.turn().taken[self.focus]

    def focus_total(self) -> int:
        """The focus player's tricks so far, plus those he takes from here with best play."""
        turn = self.turn()
        later = 0 if turn.over else turn.solution.tricks
        return turn.taken[self.focus] + later


def _several_cards(text: str) -> bool:
    """True for `AS KS` (two cards), false for `A spades` (one card in two words)."""
    words = text.replace(",", " ").split()
    if len(words) < 2:
        return False
    try:
        for word in words:
            pa.Card.parse(word)
    except ValueError:
        return False
    return True


def _turn_json(session: PlaySession) -> dict[str, Any]:
    """One position: the solution as `solve --json` gives it (`tricks` and the card values are
    the focus player's tricks from here), with the tricks so far (`taken`: the focus player's,
    `taken_by`: every seat's)."""
    turn = session.turn()
    data: dict[str, Any] = {"event": "turn" if not turn.over else "end"}
    if turn.over:
        data["deal"] = str(turn.deal)
    else:
        data.update(turn.solution.to_dict())
    data.update(
        tricks_played=[cards_to_json(t.cards) for t in turn.done],
        taken=turn.taken[session.focus],
        taken_by={str(seat): n for seat, n in turn.taken.items()},
    )
    return data


# ------------------------------------------------------------------------------- command


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
                click.echo(json.dumps(_turn_json(session), ensure_ascii=False))
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
