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
from pyanalysis.batch import moves_to_json
from pyanalysis.solving import make_position, resolve_talon_rule

from .common import (
    COMMAND_SETTINGS,
    Command,
    deal_argument,
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
from .solving import (
    EXAMPLE_DEAL, focus_seat, format_moves, format_tricks, result_sentence,
)

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

    The state is a function of the start and the cards played since (`history`): the
    completed tricks and their takers come from cutting `history` into tricks with the
    rules of play, so undo is just dropping the last card.
    """

    deal: pa.Deal
    game: pa.Game
    focus: int  # the declarer, or in raspasy the chosen player
    leader: int = 1
    played: tuple[pa.Card, ...] = ()  # cards already in the first trick when the session starts
    talon_rule: str = "none"
    history: list[pa.Card] = field(default_factory=list)
    _turn: Turn | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.played = tuple(self.played)

    # --- state ---------------------------------------------------------------------------
    @property
    def talon(self) -> tuple[pa.Card, ...]:
        """Talon cards whose tricks open the play (raspasy, rule "suit" or "card")."""
        if self.game.kind == "raspasy" and self.talon_rule in ("suit", "card"):
            return self.deal.talon
        return ()

    def turn(self) -> Turn:
        """The current position and its double-dummy solution (cached until the next card)."""
        if self._turn is None:
            self._turn = self._compute_turn()
        return self._turn

    def _compute_turn(self) -> Turn:
        cards = [*self.played, *self.history]
        tricks = split_line(self.deal, cards, trump=self.game.trump, talon=self.talon,
                            talon_rule=self.talon_rule)
        done = [trick for trick in tricks if trick.complete]
        trick = list(tricks[-1].cards) if tricks and not tricks[-1].complete else []
        taken = {1: 0, 2: 0, 3: 0}
        for t in done:
            if t.taker is not None:
                taken[t.taker] += 1
        gone = [card for t in done for card in t.cards]
        hands = tuple(hand.without(gone) for hand in self.deal.hands)
        talon_left = self.talon[len(done):]
        leader = self._leader_after(done)
        rule = self.talon_rule if talon_left else "none"
        # In raspasy the deal carries the talon cards still to be played; otherwise the
        # talon is only shown.
        talon = talon_left if self.game.kind == "raspasy" else self.deal.talon
        if not len(hands[0]) and not trick:
            return Turn(self.deal, leader, trick, done, taken, rule, None)
        now = pa.Deal(hands, talon, self.deal.discard)
        solution = self._solve(now, leader, trick, rule)
        return Turn(now, leader, trick, done, taken, rule, solution)

    def _leader_after(self, done: list[Trick]) -> int:
        if not done:
            return self.leader
        last = done[-1]
        # After a talon trick the 1st hand plays first again (RULES.md §2.3).
        if last.talon_card is not None or last.taker is None:
            return 1
        return last.taker

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
        return self.history.pop()

    def focus_total(self) -> int:
        """The focus player's tricks so far, plus those he takes from here with best play."""
        turn = self.turn()
        later = 0 if turn.over else turn.solution.tricks
        return turn.taken[self.focus] + later


# ------------------------------------------------------------------------------- display


def _describe(session: PlaySession, symbols: bool) -> list[str]:
    """The text shown before each prompt."""
    turn = session.turn()
    game = session.game
    marked = session.focus if game.kind != "raspasy" else None
    if turn.over:
        title = "As dealt:"
    else:
        title = f"Trick {len(turn.done) + 1}, {seat_name(turn.leader)} leading:"
    lines = [turn.deal.diagram(symbols=symbols, declarer=marked, title=title), ""]
    if turn.done:
        lines.append("Tricks played:")
        lines += format_tricks(turn.done, symbols)
    taken = ", ".join(f"{seat_name(seat)} {n}" for seat, n in turn.taken.items())
    lines.append(f"Tricks taken: {taken}")
    if turn.over:
        noun = "trick" if turn.taken[session.focus] == 1 else "tricks"
        who = "Declarer" if game.kind != "raspasy" else "Player"
        lines.append(f"The deal is over. {who} ({seat_name(session.focus)}) took"
                     f" {turn.taken[session.focus]} {noun}.")
        return lines
    solution = turn.solution
    if turn.trick:
        lines.append(f"Cards in trick {len(turn.done) + 1}: {format_cards(turn.trick, symbols)}")
    rule = turn.talon_rule
    lines.append("With best play from here: "
                 + result_sentence(game, session.focus_total(), session.focus, symbols, rule))
    lines.append(f"{seat_name(solution.to_move).capitalize()} to play (* best):")
    lines += format_moves(solution.moves, solution.best, symbols)
    return lines


def _turn_json(session: PlaySession) -> dict[str, Any]:
    turn = session.turn()
    data: dict[str, Any] = {
        "event": "turn" if not turn.over else "end",
        "deal": str(turn.deal),
        "tricks_played": [[str(card) for card in t.cards] for t in turn.done],
        "taken": {str(seat): n for seat, n in turn.taken.items()},
    }
    if not turn.over:
        data.update(
            trick=[str(card) for card in turn.trick],
            to_move=turn.solution.to_move,
            tricks=session.focus_total(),
            moves=moves_to_json(turn.solution.moves),
            best=[str(card) for card in turn.solution.best],
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
                click.echo("\n".join(_describe(session, symbols)))
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


@click.command(cls=Command, short_help="Play a deal through card by card, with every card's value.",
               context_settings=COMMAND_SETTINGS, epilog=f"""\b
Example:
  prefdd play "{EXAMPLE_DEAL}" --game 8S --declarer 1
  printf 'best\\nundo\\nquit\\n' | prefdd play "{EXAMPLE_DEAL}" -g 8S --declarer 1
""")
@deal_argument
@game_option
@seat_option("declarer", "The declarer's seat (contracts and misère).")
@seat_option("leader", "The seat that leads the first trick.", default=1)
@click.option("--played", metavar="CARDS", default=None,
              help="Cards already played to the first trick, in order from the leader.")
@seat_option("player", "Raspasy: the player whose tricks are counted.")
@talon_rule_option
@symbols_option
@json_option
def play(deal: tuple[str, ...], game: str, declarer: int | None, leader: int, played: str | None,
         player: int | None, talon_rule: str | None, ascii_only: bool, as_json: bool) -> None:
    """Play DEAL through, card by card, with the double-dummy value of every legal card.

    At each turn type a card (AS, A♠, 10♥), 'best', 'undo' or 'quit'. Commands can be
    piped in, one per line. With --json every position and every answer is one JSON line.
    """
    the_deal = parse_deal(deal)
    the_game = parse_game(game)
    focus = focus_seat(the_game, declarer, player)
    session = PlaySession(the_deal, the_game, focus, leader=leader,
                          played=tuple(parse_cards(played)),
                          talon_rule=resolve_talon_rule(the_deal, the_game, talon_rule))
    # Reject what does not fit the game (a talon rule for a contract, a declarer in raspasy)
    # the way `solve` does, before any prompt.
    make_position(the_deal, the_game, declarer=declarer, leader=leader, played=session.played,
                  player=player, talon_rule=talon_rule)
    stdin = sys.stdin
    run_session(session, stdin, symbols=not ascii_only, as_json=as_json,
                echo_input=not stdin.isatty())


COMMANDS = [play]
