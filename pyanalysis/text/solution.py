"""A double-dummy solution for people: the verdict, every card's value, the line of play;
the table of every game and the raspasy minimums of one deal."""
from __future__ import annotations

from typing import Any, Sequence

import pyanalysis as pa
from pyanalysis.diagram import draw_deal
from pyanalysis.games import CONTRACT, DEAL_TRICKS, MISERE, RASPASY
from pyanalysis.solving import DDTable

from .lines import format_tricks, line_tricks
from .words import card_text, format_cards, seat_name

__all__ = ["ending_verdict", "format_moves", "moves_heading", "raspasy_lines",
           "result_sentence", "solution_lines", "table_lines"]


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
    still to play, given what the tricks before it may have brought (`Game.ending_verdict`)."""
    return game.ending_verdict(tricks, left)


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


def solution_lines(deal: pa.Deal, solution: pa.Solution, played: Sequence[pa.Card],
                   focus: int, symbols: bool) -> list[str]:
    """`prefdd solve`: the diagram, the verdict, the values of the cards, the line of play.

    `played`: the cards already in the current trick; `focus`: the declarer, or in raspasy
    the player whose tricks are counted."""
    game, rule = solution.game, solution.talon_rule
    tricks = line_tricks(deal, game, [*played, *solution.line],
                         talon_rule=rule if game.kind == RASPASY else "none")
    lines = [draw_deal(deal, symbols=symbols, declarer=focus if game.kind != RASPASY else None),
             "", result_sentence(game, solution.tricks, focus, symbols, rule, left=deal.size)]
    if played:
        lines.append(f"Played to the current trick: {format_cards(played, symbols)}")
    heading, defence_of = moves_heading(solution)
    lines += [heading, *format_moves(solution.moves, solution.best, symbols,
                                     defence_of=defence_of)]
    return lines + ["Line of play:", *format_tricks(tricks, symbols)]


def table_lines(deal: pa.Deal, result: DDTable, symbols: bool) -> list[str]:
    """`prefdd table`: the diagram and the table of every declarer in every game."""
    return [draw_deal(deal, symbols=symbols), "", result.format(symbols=symbols)]


def raspasy_lines(deal: pa.Deal, rule: str, players: Sequence[Any], symbols: bool) -> list[str]:
    """`prefdd raspasy`: each player's guaranteed minimum and the values of his first cards.

    `players`: one per seat, each with `player`, `solution` (from the start), `before` (the
    cards before his first one along its line) and `first` (the solution at that card)."""
    lines = [draw_deal(deal, symbols=symbols), "",
             f"Raspasy, talon rule: {rule}. Each player against the other two:"]
    for p in players:
        tricks = p.solution.tricks
        noun = "trick" if tricks == 1 else "tricks"
        lines.append(f"{seat_name(p.player).capitalize()}: at least {tricks} {noun}.")
        if p.before:
            lines.append(f"  after {format_cards(p.before, symbols)}, his first card (* best):")
        else:
            lines.append("  his first card (* best):")
        lines += ["  " + line for line in format_moves(p.first.moves, p.first.best, symbols)]
    return lines
