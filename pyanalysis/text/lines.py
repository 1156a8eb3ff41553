"""Lines of play for people: a flat line of cards played out trick by trick (`Play`), one
trick a line with who played what and who took it."""
from __future__ import annotations

from typing import Sequence

import pyanalysis as pa
from pyanalysis.play import Play, Trick

from .words import SHORT_SEATS, card_text, seat_name

__all__ = ["format_tricks", "line_lines", "line_tricks"]


def line_tricks(deal: pa.Deal, game: pa.Game | str, cards: Sequence[pa.Card],
                talon_rule: str = "none") -> list[Trick]:
    """`cards`, the play from the start of the current trick of `deal` (whose hands still
    hold them), as tricks: the completed ones and the unfinished last one. `talon_rule`
    "suit" or "card": the raspasy talon tricks of `deal.talon` come first."""
    if not cards:
        return []
    leader = next(seat for seat, hand in enumerate(deal.hands, start=1) if cards[0] in hand)
    play = Play(deal, game, leader=leader, talon_rule=talon_rule)
    for card in cards:
        play.push(card)
    return list(play.all_tricks)


def format_tricks(tricks: Sequence[Trick], symbols: bool, first_number: int = 1) -> list[str]:
    """The line of play, one trick a line: number, seat and card of each play, the taker."""
    lines = []
    for number, trick in enumerate(tricks, start=first_number):
        plays = "  ".join(f"{SHORT_SEATS[seat]} {card_text(card, symbols):<3}"
                          for seat, card in zip(trick.seats, trick.cards))
        talon = f"[talon {card_text(trick.talon_card, symbols):<3}]  " if trick.talon_card else ""
        if not trick.complete:
            taken = ""
        elif trick.winner is None:
            taken = "  -> nobody (the talon card holds)"
        else:
            taken = f"  -> {seat_name(trick.winner)}"
        lines.append(f"  {number:>2}. {talon}{plays}{taken}")
    return lines


def line_lines(deal: pa.Deal, line: Sequence[pa.Card], game: pa.Game,
               symbols: bool) -> list[str]:
    """A line of play from the start of `deal`, one trick a line (as `prefdd solve`)."""
    return ["Line of play:", *format_tricks(line_tricks(deal, game, line), symbols)]
