"""A deal being played through, for people (`prefdd play`): the position, the tricks so far
and the value of every legal card before each prompt."""
from __future__ import annotations

from typing import Any

import pyanalysis as pa
from pyanalysis.diagram import draw_deal

from .lines import format_tricks
from .solution import format_moves
from .words import format_cards, seat_name

__all__ = ["standing_sentence", "turn_lines"]


def _noun(n: int) -> str:
    return "trick" if n == 1 else "tricks"


def standing_sentence(game: pa.Game, focus: int, taken: int, more: int, symbols: bool,
                      talon_rule: str) -> str:
    """The focus player's tricks so far, and the tricks from here with best play (and in all)."""
    if game.kind == "raspasy":
        who = seat_name(focus).capitalize()
        at_least = "at least "
        where = f"raspasy (talon rule: {talon_rule})"
    else:
        who = f"Declarer ({seat_name(focus)})"
        at_least = ""
        where = game.symbol() if symbols else str(game)
    return (f"{who} has taken {taken} {_noun(taken)}; with best play he takes {at_least}"
            f"{more} more ({taken + more} in all) in {where}.")


def turn_lines(session: Any, symbols: bool) -> list[str]:
    """The text shown before each prompt of `prefdd play`: the position of `session` (a
    `PlaySession`), the tricks so far and the value of every legal card."""
    turn = session.turn()
    game = session.game
    marked = session.focus if game.kind != "raspasy" else None
    if turn.over:
        title = "As dealt:"
    else:
        title = f"Trick {len(turn.done) + 1}, {seat_name(turn.leader)} leading:"
    lines = [draw_deal(turn.deal, symbols=symbols, declarer=marked, title=title), ""]
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
    lines.append(standing_sentence(game, session.focus, session.focus_taken(), solution.tricks,
                                   symbols, session.talon_rule))
    whose = "declarer's" if game.kind != "raspasy" else f"{seat_name(session.focus)}'s"
    lines.append(f"{seat_name(solution.to_move).capitalize()} to play; each card with the {whose}"
                 f" tricks from here (* best):")
    lines += format_moves(solution.moves, solution.best, symbols)
    return lines
