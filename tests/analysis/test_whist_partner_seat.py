"""The seat view's partner deciding from his own seat (`whist_decision(partner="seat")`),
against a brute force written plainly here.

On an ending (n cards a hand, the talon open, the tricks before it the declarer's), with every
layout taken (`samples="all"`): the deciding defender's worlds are every split of the 2n cards
he cannot see between the declarer (who takes the talon and discards his best double-dummy
discard: the low one if it is among the best, else the first best in the order of
`discard_classes`) and his partner. In each world, below each of his words, every later word
is decided from its speaker's own seat: the speaker weighs every split of the cards HE cannot
see, each world solved by the plain minimax (`solver.reference`) and each defender's most by
a plain search over every card, and says the word with the highest mean value, the words
after his own decided with open cards in each of his worlds (one level deep). The decider
says the word with the highest mean over his worlds.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

import pyanalysis as pa
from pyanalysis.analysis.layouts import discard_classes
from pyanalysis.analysis.sampling import quick_discard
from pyanalysis.analysis.whist import TIE_ORDER, Node, induce, whisting_tree
from pyanalysis.cards import Card
from pyanalysis.games import CONTRACT, Game
from pyanalysis.hand import Hand
from pyanalysis.rules import RuleSet
from pyanalysis.seat import Seat
from solver import reference
from solver.position import Position
from plain_defence import defence_wins, random_ending, unseen_worlds
from plain_pricing import PlainRow

RULES = {
    "sochi": RuleSet.get("sochi"),
    "leningrad, half-whist by either": RuleSet.get("leningrad").with_(half_whist_by="either"),
}


def bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def hand_of(mask: int) -> Hand:
    return Hand(mask)


@lru_cache(maxsize=None)
def solved(hands: tuple[int, int, int], declarer: int, trump: int | None
           ) -> tuple[int, int, int]:
    """(his tricks, the first's most, the second's most) of an ending, the declarer (seat)
    holding n + 2 cards and discarding his best double-dummy two; the first seat leads."""
    game = Game(CONTRACT, 6, trump)
    mine = hands[declarer - 1]
    others = sum(hands) - mine

    def position(kept: int) -> Position:
        row = list(hands)
        row[declarer - 1] = kept
        return Position(hands=tuple(row), leader=0, game=CONTRACT, trump=trump,
                        focus=declarer - 1)

    low = tuple(sorted(c.index for c in quick_discard(Hand(mine), game)))
    counted = {}
    for pair in [low] + [group[0] for group in discard_classes(mine, others)]:
        kept = mine & ~(1 << pair[0]) & ~(1 << pair[1])
        counted[pair] = (reference.tricks(position(kept)), kept)
    best = max(t for t, _ in counted.values())
    pair = low if counted[low][0] == best else next(p for p in counted if counted[p][0] == best)
    t, kept = counted[pair]
    pos = position(kept)
    first, second = Seat.defenders(declarer)
    mosts = []
    for seat in (first, second):
        mosts.append(max(k for k in range(pos.tricks_left + 1)
                         if defence_wins(pos.hands, pos.leader, pos.played, trump,
                                         declarer - 1, seat - 1, t, k)))
    return t, mosts[0], mosts[1]


class Brute:
    """Every word from its speaker's seat, plainly, for one ending's game."""

    def __init__(self, game: Game, declarer: int, talon: int, rules: RuleSet, n: int):
        self.game, self.declarer, self.talon, self.rules, self.n = (game, declarer, talon,
                                                                    rules, n)
        self.first, self.second = Seat.defenders(declarer)

    def row_of(self, t: int, a: int, b: int):
        def evaluate(said):
            return PlainRow(said, self.game, self.rules, 3, self.declarer, 10 - self.n + t,
                            {self.first: a, self.second: b})
        return evaluate

    def worlds(self, hands: tuple[int, int, int], seat: int) -> list[tuple[int, int, int]]:
        """(t, a, b) of every world the defender in `seat` cannot tell from `hands` (the
        declarer's column: his n + 2 cards)."""
        return [solved(tuple(world), self.declarer, self.game.trump)
                for world in unseen_worlds(hands, seat, self.declarer, self.talon, self.n)]

    def seat_word(self, node: Node, hands: tuple[int, int, int]) -> str:
        """The word the speaker at `node` says from his seat."""
        worlds = self.worlds(hands, node.seat)
        means = {word: sum((induce(sub, self.row_of(*w))[0].values[node.seat]
                            for w in worlds), Fraction(0)) / len(worlds)
                 for word, sub in node.options.items()}
        return max(means, key=lambda w: (means[w], -TIE_ORDER.index(w)))

    def open_word(self, node: Node, world: tuple[int, int, int]) -> str:
        return induce(node, self.row_of(*world))[1][0].word

    def below(self, tree, hands: tuple[int, int, int]):
        """The leaf reached below a point, every word from its speaker's seat."""
        while isinstance(tree, Node):
            tree = tree.options[self.seat_word(tree, hands)]
        return tree

    def decide(self, seat: int, hands: tuple[int, int, int]) -> dict[str, Fraction]:
        """The decider's mean value of each of his words at the first point of the
        whisting, over every world he cannot tell from `hands`."""
        tree = whisting_tree(self.game, self.declarer, self.rules, 3)
        partner = self.first + self.second - seat
        unseen = (hands[self.declarer - 1] & ~self.talon) | hands[partner - 1]
        totals = {word: Fraction(0) for word in tree.options}
        count = 0
        self.differs = 0
        for part in combinations(bits(unseen), self.n):
            his = sum(1 << c for c in part)
            world = list(hands)
            world[self.declarer - 1] = his | self.talon
            world[partner - 1] = unseen & ~his
            world = tuple(world)
            t, a, b = solved(world, self.declarer, self.game.trump)
            count += 1
            for word, sub in tree.options.items():
                leaf = self.below(sub, world)
                totals[word] += self.row_of(t, a, b)(leaf).values[seat]
                if isinstance(sub, Node) and sub.seat == partner:
                    self.differs += (self.seat_word(sub, world)
                                     != self.open_word(sub, (t, a, b)))
        return {word: total / count for word, total in totals.items()}


def check(ending: dict, game: Game, name: str) -> int:
    """The module equals the brute force on one ending; returns how often the partner's
    seat word differed from his open-card word in the decider's worlds."""
    rules = RULES[name]
    declarer, n, hands = ending["declarer"], ending["n"], ending["hands"]
    first, second = Seat.defenders(declarer)
    brute = Brute(game, declarer, ending["talon"], rules, n)
    means = brute.decide(first, hands)
    others = (hands[declarer - 1] & ~ending["talon"]) | hands[second - 1]
    talon = [Card.from_index(c) for c in bits(ending["talon"])]
    got = pa.whist_decision(hand_of(hands[first - 1]), game, declarer, first, talon=talon,
                            rules=rules, samples="all", others=hand_of(others))
    assert got.exact and got.partner == "seat" and got.answers == "seat"
    assert {w: o.vists for w, o in got.options.items()} == means, (ending, game, name)
    best = max(means, key=lambda w: (means[w], -TIE_ORDER.index(w)))
    assert got.best == best
    # The model table's first row is this model; the open-card row is the old answer.
    assert got.models[0].partner == "seat" and got.models[0].best == best
    return brute.differs


CONTRACTS = [Game(CONTRACT, level, trump) for level in (6, 7, 8)
             for trump in (0, 1, 2, 3, None)]


def run_endings(count: int, seed: int) -> dict:
    rng = random.Random(seed)
    seen = {"endings": 0, "differs": 0, "rules": set()}
    for i in range(count):
        ending = random_ending(rng, 3, (2, 3), leader=False)
        name = list(RULES)[i % 2]
        seen["differs"] += check(ending, rng.choice(CONTRACTS), name)
        seen["endings"] += 1
        seen["rules"].add(name)
    return seen


def test_the_partner_from_his_seat_equals_the_brute_force_on_a_few_endings():
    seen = run_endings(6, 41)
    assert seen["endings"] == 6 and seen["rules"] == set(RULES)


@pytest.mark.slow
def test_the_partner_from_his_seat_equals_the_brute_force_on_forty_endings():
    seen = run_endings(40, 7)
    assert seen["endings"] == 40
    # The partner's word from his seat is not his open-card word in disguise.
    assert seen["differs"] > 0
