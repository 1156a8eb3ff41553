"""The whisting as a game tree: who says which word after which (`whisting_tree`), and the
row a rational table reaches by backward induction (`induce`). The open-card table
(`whist.whist_table`) and every decision from a seat (`whist.whist_decision`,
`declare_seat.seat_words`) walk the same tree."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..games import Game
from ..rules import RuleSet
from ..scoring import DEALER
from ..seat import Seat
from ..serialize import JsonFields
from .pricing import WhistRow

WHIST, PASS, HALF, RETURN = "whist", "pass", "half", "return"
#: Ties go to the word that commits less.
TIE_ORDER = (PASS, HALF, WHIST, RETURN)


#: The first and second defender of a declarer (`Seat.defenders`), under its older name.
defenders = Seat.defenders


@dataclass(frozen=True)
class Node:
    """A point of the whisting where `seat` says one of `options` (word → Node or row words)."""

    seat: int
    options: dict[str, "Node | tuple[tuple[str, int], ...]"]


def whisting_tree(game: Game, declarer: int, rules: RuleSet, players: int = 3
                  ) -> "Node | tuple[tuple[str, int], ...]":
    """The whisting the rules allow for `game`: a `Node`, or the words of the only row.

    A leaf is the words said, as ((word, seat), ...) in order. A checked tenner has no words;
    six spades with compulsory whist has only whist/whist.
    """
    first, second = defenders(declarer)
    level = game.level
    if level == 10 and rules.tenner_checked:
        return ()
    if level == 6 and game.trump == 0 and rules.six_spades_whist:
        return ((WHIST, first), (WHIST, second))
    half = level in (6, 7) and rules.half_whist

    def after_half(said: tuple[tuple[str, int], ...], returner: int) -> Node | tuple:
        if not rules.return_whist:
            return said + ((PASS, returner),) if said[-1][1] != returner else said
        options: dict[str, Any] = {PASS: said + ((PASS, returner),),
                                   RETURN: said + ((RETURN, returner),)}
        if players == 4:
            # The dealer may return a half-whist that the other defender accepted.
            options[PASS] = Node(DEALER, {PASS: said + ((PASS, returner),),
                                          RETURN: said + ((PASS, returner), (RETURN, DEALER))})
        return Node(returner, options)

    second_after_pass: dict[str, Any] = {
        WHIST: ((PASS, first), (WHIST, second)),
        PASS: ((PASS, first), (PASS, second)),
    }
    if half:
        second_after_pass[HALF] = after_half(((PASS, first), (HALF, second)), first)
    top: dict[str, Any] = {
        WHIST: Node(second, {WHIST: ((WHIST, first), (WHIST, second)),
                             PASS: ((WHIST, first), (PASS, second))}),
        PASS: Node(second, second_after_pass),
    }
    if half and rules.half_whist_by == "either":
        top[HALF] = after_half(((HALF, first),), second)
    return Node(first, top)


@dataclass(frozen=True)
class Choice(JsonFields):
    """A decision on the path the table takes: `seat` said `word`; `values`: what each of his
    words would have given him (the others answering as they would)."""

    seat: int
    word: str
    values: dict[str, Fraction]


def induce(tree: Node | tuple, evaluate: Callable[[tuple], WhistRow]
           ) -> tuple[WhistRow, list[Choice]]:
    """The row a rational table reaches, and the choices along its path (backward induction,
    each speaker maximising his own value; ties by `TIE_ORDER`)."""
    if not isinstance(tree, Node):
        return evaluate(tree), []
    results = {word: induce(sub, evaluate) for word, sub in tree.options.items()}
    values = {word: row.values[tree.seat] for word, (row, _) in results.items()}
    best = max(values, key=lambda w: (values[w], -TIE_ORDER.index(w)))
    row, path = results[best]
    return row, [Choice(tree.seat, best, values)] + path


def leaves(tree: Node | tuple) -> list[tuple]:
    """Every way through the whisting, in the order of the tree."""
    if not isinstance(tree, Node):
        return [tree]
    return [leaf for sub in tree.options.values() for leaf in leaves(sub)]
