"""The defenders' words from their own seats (`declare_seat.seat_words`).

The expected leaves come from a brute force written plainly here: in every layout of an
ending, each speaker's worlds are every split of the cards he cannot see, the declarer
discarding his best double-dummy discard (the "dd" model's tie rule: the low discard if it is
among the best, else the first best in the order of `discard_classes`), each world solved by
the plain minimax (`solver.reference`) and each defender's sure share by a plain search over
every card; the speaker says the word with the highest mean value, the words after it decided
with open cards in each world.
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

import solver
from pyanalysis.analysis.declare_seat import seat_words
from pyanalysis.analysis.layouts import discard_classes
from pyanalysis.analysis.sampling import quick_discard
from pyanalysis.analysis.whist import TIE_ORDER, Node, induce, leaves, whisting_tree
from pyanalysis.errors import PositionError
from pyanalysis.games import CONTRACT, Game
from pyanalysis.hand import Hand
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import DEALER
from pyanalysis.seat import Seat
from solver import reference
from solver.position import Position
from plain_defence import defence_wins, random_ending, unseen_worlds
from plain_pricing import PlainRow

RULES = {
    "sochi": RuleSet.get("sochi"),
    # Half-whist by either defender and a whisted tenner: more points of decision.
    "leningrad, half-whist by either, tenner whisted": RuleSet.get("leningrad").with_(
        half_whist_by="either", tenner_checked=False),
}


def bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def brute_share(pos: Position, seat: int, limit: int) -> int:
    """The most tricks `seat` makes sure of while the declarer takes at most `limit`."""
    return max(k for k in range(pos.tricks_left + 1)
               if defence_wins(pos.hands, pos.leader, pos.played, pos.trump, pos.focus, seat,
                               limit, k))


#: (hands, declarer, leader, trump) -> his tricks and the sure shares with his dd discard: the
#: same for every level of a strain.
SOLVED: dict[tuple, tuple[int, int, int]] = {}


class Brute:
    """The rule, plainly, for one ending's game."""

    def __init__(self, game: Game, declarer: int, leader: int, talon: int, rules: RuleSet,
                 players: int, n: int) -> None:
        self.game, self.declarer, self.leader, self.talon = game, declarer, leader, talon
        self.rules, self.players, self.n = rules, players, n
        self.first, self.second = Seat.defenders(declarer)
        self.decided: dict[tuple, str] = {}

    def position(self, hands: list[int]) -> Position:
        return Position(hands=tuple(hands), leader=self.leader - 1, game=CONTRACT,
                        trump=self.game.trump, focus=self.declarer - 1)

    def world(self, hands: list[int]) -> tuple[int, int, int]:
        """(his tricks, first's share, second's share) with his dd discard; `hands` holds
        his n + 2 cards."""
        key = (tuple(hands), self.declarer, self.leader, self.game.trump)
        if key in SOLVED:
            return SOLVED[key]
        mine = hands[self.declarer - 1]
        others = sum(hands) - mine
        low = tuple(sorted(c.index for c in quick_discard(Hand(mine), self.game)))
        counted = {}
        for pair in [low] + [group[0] for group in discard_classes(mine, others)]:
            kept = list(hands)
            kept[self.declarer - 1] = mine & ~(1 << pair[0]) & ~(1 << pair[1])
            counted[pair] = (reference.tricks(self.position(kept)), kept)
        best = max(t for t, _ in counted.values())
        pair = low if counted[low][0] == best else next(
            p for p in counted if counted[p][0] == best)
        t, kept = counted[pair]
        pos = self.position(kept)
        answer = (t, brute_share(pos, self.first - 1, t), brute_share(pos, self.second - 1, t))
        SOLVED[key] = answer
        return answer

    def value(self, tree, t: int, a: int, b: int, seat: int) -> Fraction:
        def evaluate(said):
            return PlainRow(said, self.game, self.rules, self.players, self.declarer,
                            10 - self.n + t, {self.first: a, self.second: b})
        return induce(tree, evaluate)[0].values[seat]

    def worlds(self, hands: list[int], seat: int) -> list[list[int]]:
        """Every layout the defender in `seat` cannot tell from `hands`."""
        return unseen_worlds(hands, seat, self.declarer, self.talon, self.n)

    def leaf(self, hands: list[int]) -> tuple:
        node, said = whisting_tree(self.game, self.declarer, self.rules, self.players), ()
        while isinstance(node, Node):
            if node.seat == DEALER:
                t, a, b = self.world(hands)
                word = max(node.options, key=lambda w: (
                    self.value(node.options[w], t, a, b, DEALER), -TIE_ORDER.index(w)))
            else:
                key = (said, node.seat, hands[node.seat - 1])
                if key not in self.decided:
                    means = {}
                    worlds = [self.world(w) for w in self.worlds(hands, node.seat)]
                    for word, sub in node.options.items():
                        total = sum(self.value(sub, *w, node.seat) for w in worlds)
                        means[word] = Fraction(total) / len(worlds)
                    self.decided[key] = max(means, key=lambda w: (means[w],
                                                                  -TIE_ORDER.index(w)))
                word = self.decided[key]
            said += (word,)
            node = node.options[word]
        return node

    def open_leaf(self, hands: list[int]) -> tuple:
        """The leaf every word decided with open cards in the layout itself reaches."""
        t, a, b = self.world(hands)
        node, said = whisting_tree(self.game, self.declarer, self.rules, self.players), ()
        while isinstance(node, Node):
            word = max(node.options, key=lambda w: (
                self.value(node.options[w], t, a, b, node.seat), -TIE_ORDER.index(w)))
            node = node.options[word]
        return node


def every_layout(ending: dict) -> np.ndarray:
    """Every layout of the defenders' cards, the declarer's n + 2 as they are."""
    declarer, n = ending["declarer"], ending["n"]
    first, second = Seat.defenders(declarer)
    others = ending["hands"][first - 1] | ending["hands"][second - 1]
    rows = []
    for part in combinations(bits(others), n):
        row = list(ending["hands"])
        row[first - 1] = sum(1 << c for c in part)
        row[second - 1] = others & ~row[first - 1]
        rows.append(row)
    return np.array(rows, dtype=np.uint32)


def talon_of(ending: dict) -> tuple:
    from pyanalysis.cards import Card

    return tuple(Card.from_index(c) for c in bits(ending["talon"]))


CONTRACTS = [Game(CONTRACT, level, trump) for level in (6, 7, 8, 9, 10)
             for trump in (0, 1, 2, 3, None)]


@pytest.mark.slow
def test_the_leaves_equal_the_brute_force_on_every_layout_of_random_endings():
    rng = random.Random(27)
    seen = {"leaves": 0, "differs from open": 0, "dealer": 0, "rules": set(), "n": set()}
    for i in range(33):
        # Three endings of three cards (two suits, two levels of one strain: the worlds
        # are solved once for both), thirty of two.
        n = 3 if i < 3 else 2
        ending = random_ending(rng, n, 2 if n == 3 else (2, 3, 4))
        name = list(RULES)[i % 2]
        rules = RULES[name]
        players = 4 if i % 5 == 4 else 3
        if n == 3:
            trump = rng.choice((0, 1, 2, 3, None))
            games = [Game(CONTRACT, level, trump) for level in rng.sample(range(6, 11), 2)]
        else:
            games = rng.sample(CONTRACTS, 2)
        layouts = every_layout(ending)
        got = seat_words(talon_of(ending), ending["declarer"], ending["leader"], layouts,
                         games, rules, players, samples="all", seed=None)
        for game in games:
            brute = Brute(game, ending["declarer"], ending["leader"], ending["talon"], rules,
                          players, n)
            assert len(got[game]) == len(layouts)
            for row, leaf in zip(layouts, got[game]):
                hands = [int(h) for h in row]
                assert leaf == brute.leaf(hands), (ending, game, name, players, hands)
                seen["leaves"] += 1
                seen["differs from open"] += leaf != brute.open_leaf(hands)
                seen["dealer"] += any(seat == DEALER for _, seat in leaf)
        seen["rules"].add(name)
        seen["n"].add(n)
    assert seen["rules"] == set(RULES) and seen["n"] == {2, 3}
    # The seat rule is not the open-card rule in disguise, and the dealer's word was reached.
    assert seen["differs from open"] > 0
    assert seen["dealer"] > 0


def test_a_sampled_run_repeats_with_its_seed_and_differs_with_another():
    rng = random.Random(5)
    ending = random_ending(rng, 5)
    layouts = every_layout(ending)[:60]
    games = [Game(CONTRACT, 6, None), Game(CONTRACT, 7, 2)]
    rules = RULES["sochi"]

    def run(seed):
        return seat_words(talon_of(ending), ending["declarer"], ending["leader"], layouts,
                          games, rules, 3, samples=3, seed=seed)

    first = run(11)
    assert run(11) == first
    assert any(run(seed) != first for seed in (12, 13, 14))


def test_a_bare_whisting_gives_its_leaf_in_every_layout():
    ending = random_ending(random.Random(3), 2)
    layouts = every_layout(ending)
    tenner, six_spades = Game(CONTRACT, 10, None), Game(CONTRACT, 6, 0)
    got = seat_words(talon_of(ending), ending["declarer"], 1, layouts, [tenner, six_spades],
                     RuleSet.get("sochi").with_(six_spades_whist=True), 3, samples="all",
                     seed=None)
    first, second = Seat.defenders(ending["declarer"])
    assert got[tenner] == [()] * len(layouts)
    assert got[six_spades] == [(("whist", first), ("whist", second))] * len(layouts)


@pytest.mark.parametrize("samples", [0, -1, 2.5, True, "some", None, 100_001])
def test_bad_samples_are_refused_naming_seat_samples(samples):
    ending = random_ending(random.Random(1), 2)
    with pytest.raises(PositionError, match="seat_samples"):
        seat_words(talon_of(ending), ending["declarer"], 1, every_layout(ending),
                   [Game(CONTRACT, 6, None)], RULES["sochi"], 3, samples=samples, seed=0)


@pytest.mark.slow
def test_a_whole_deal_repeats_with_its_seed_and_reaches_a_leaf_of_the_tree():
    rng = random.Random(8)
    deck = rng.sample(range(32), 32)
    hands = [sum(1 << c for c in deck[:12]), sum(1 << c for c in deck[12:22]),
             sum(1 << c for c in deck[22:])]
    ending = {"talon": sum(1 << c for c in deck[10:12])}
    layouts = np.array([hands], dtype=np.uint32)
    games = [Game(CONTRACT, 6, None), Game(CONTRACT, 9, 1)]
    rules = RULES["sochi"]
    run = seat_words(talon_of(ending), 1, 1, layouts, games, rules, 3, samples=8, seed=4)
    assert run == seat_words(talon_of(ending), 1, 1, layouts, games, rules, 3, samples=8,
                             seed=4)
    for game in games:
        assert run[game][0] in leaves(whisting_tree(game, 1, rules, 3))


@pytest.mark.parametrize("level, trump", [(6, None), (7, 2), (8, 0)])
def test_the_layouts_that_fit_a_bid_are_those_the_bid_filter_keeps(level, trump):
    # Whole hands share layouts drawn without the filter (or for a lower level) between the
    # levels of a strain, keeping those where the declarer's best discard takes level - 1:
    # the same layouts, discards and counts as the "dd" filter keeps of the same draws.
    from pyanalysis.analysis.sampling import sample_worlds

    rng = random.Random(level)
    deck = rng.sample(range(32), 32)
    talon = talon_of({"talon": sum(1 << c for c in deck[10:12])})
    hand = Hand(sum(1 << c for c in deck[12:22]))
    game = Game(CONTRACT, level, trump)
    common = dict(seed=9, discard="dd", max_draws=256, leader=2)
    loose = sample_worlds(hand, talon, game, 1, 2, samples=256, filter="none", **common)
    kept = sample_worlds(hand, talon, game, 1, 2, samples=256, filter="dd", **common)
    assert loose.kept == 256 and 0 < kept.kept < 256
    fitting = [(str(d), str(d.discard), t) for d, t in zip(loose.deals, loose.tricks)
               if t >= level - 1]
    assert fitting == [(str(d), str(d.discard), t) for d, t in zip(kept.deals, kept.tricks)]


@pytest.mark.slow
def test_declare_options_from_the_seats_equals_the_brute_force_on_endings():
    """`declare_options(whist="seat")` with every layout and every world: each game's best
    discard priced as the brute force prices it. In every layout the leaf is the plain rule's
    (`Brute.leaf`, which does not depend on his discard); each discard's value there is that
    leaf scored with his tricks and both defenders' mosts with that discard, all plain
    (tests/plain_pricing.py)."""
    from pyanalysis.analysis.declare import declare_options

    rng = random.Random(41)
    compared = differs = 0
    for i in range(10):
        ending = random_ending(rng, 2)
        declarer, leader, n = ending["declarer"], ending["leader"], ending["n"]
        rules = list(RULES.values())[i % 2]
        players = 4 if i % 4 == 3 else 3
        first, second = Seat.defenders(declarer)
        mine = ending["hands"][declarer - 1]
        others = ending["hands"][first - 1] | ending["hands"][second - 1]
        seat = declare_options(Hand(mine & ~ending["talon"]), declarer, talon=talon_of(ending),
                               others=Hand(others), leader=leader, rules=rules,
                               players=players, samples="all", whist="seat",
                               seat_samples="all", seed=None)
        opened = declare_options(Hand(mine), declarer, others=Hand(others), leader=leader,
                                 rules=rules, players=players, samples="all")
        layouts = every_layout(ending)
        for game in rng.sample(CONTRACTS, 3):
            brute = Brute(game, declarer, leader, ending["talon"], rules, players, n)
            leaves_of = [brute.leaf([int(h) for h in row]) for row in layouts]
            means = {}
            for pair in combinations(bits(mine), 2):
                total = Fraction(0)
                for row, leaf in zip(layouts, leaves_of):
                    hands = [int(h) for h in row]
                    hands[declarer - 1] = mine & ~(1 << pair[0]) & ~(1 << pair[1])
                    pos = brute.position(hands)
                    t = reference.tricks(pos)
                    a, b = (brute_share(pos, s - 1, t) for s in (first, second))
                    total += brute.value(leaf, t, a, b, declarer)
                means[pair] = total / len(layouts)
            option = seat.option(game)
            assert option.vists == max(means.values()), (ending, game)
            assert means[tuple(sorted(c.index for c in option.discard))] == option.vists
            compared += 1
            differs += option.vists != opened.option(game).vists
    assert compared == 30
    assert differs > 0  # the seat rule prices some game otherwise than open cards


def test_what_the_decisions_weighed_is_counted():
    ending = random_ending(random.Random(6), 2)
    weighed: dict = {}
    seat_words(talon_of(ending), ending["declarer"], 1, every_layout(ending),
               [Game(CONTRACT, 6, None), Game(CONTRACT, 7, 1)], RULES["sochi"], 3,
               samples="all", seed=None, weighed=weighed)
    # every world of an ending: his partner's two cards of the four he cannot see
    assert weighed["decisions"] > 0 and weighed["fewest"] == 6 and weighed["short"] == 0


@pytest.mark.slow
def test_a_bid_rarely_made_is_weighed_on_fewer_layouts_and_said():
    import dataclasses

    from pyanalysis.analysis.declare import declare_options
    from pyanalysis.text.declare import declare_lines

    result = declare_options("Q.T.AQJT87.KT", 1, talon="9S 7S", samples=2, seat_samples=20,
                             whist="seat", seed=3)
    seen = result.seat_weighed
    assert seen["decisions"] > 0 and 0 < seen["fewest"] <= 20
    assert (seen["short"] > 0) == (seen["fewest"] < 20)
    assert result.to_dict()["seat_weighed"] == seen
    short = dataclasses.replace(result, seat_weighed={"decisions": 10, "fewest": 3, "short": 2})
    text = " ".join(declare_lines(short))
    assert "left 2 of the 10 decisions fewer layouts than asked (the fewest: 3)" in text
    assert "decisions fewer layouts" not in " ".join(
        declare_lines(dataclasses.replace(result, seat_weighed={**seen, "short": 0})))
