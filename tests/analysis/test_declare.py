"""declare_options: every game the declarer may name, each with its best discard, priced in
vists: checked against a brute force written plainly here (every game, every discard of his
n + 2 cards, every layout of the others' 2n, each solved by the reference minimax, scored with
score_deal, the defenders' words decided by a plain backward induction), sampled runs against
the exact answer, and bad input."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import pytest

import solver
from solver import reference
from solver.position import Position
from pyanalysis import Game, Hand, RuleSet, score_deal
from pyanalysis.analysis.declare import declare_options, planned_positions
from pyanalysis.analysis.whist import Node, whisting_tree
from pyanalysis.errors import CardCountError, DuplicateCardError, PositionError
from plain_pricing import plain_split

SEATS = (1, 2, 3)
TIES = ("pass", "half", "whist", "return")


def bits(cards) -> int:
    return sum(1 << c for c in cards)


def every_game() -> list[Game]:
    """The bidding's order, written out: six to eight, misère, nine and ten."""
    strains = "S C D H NT".split()
    names = [f"{level}{s}" for level in (6, 7, 8) for s in strains] + ["misere"]
    names += [f"{level}{s}" for level in (9, 10) for s in strains]
    return [Game.parse(name) for name in names]


def defenders(declarer: int) -> tuple[int, int]:
    return tuple(s for s in (declarer % 3 + 1, (declarer + 1) % 3 + 1))


def plain_value(game: Game, rules: RuleSet, players: int, declarer: int, whole: int,
                split: dict[int, int]) -> Fraction:
    """The declarer's value when every defender says what is best for himself, knowing what
    the others will say (ties: the word that commits less)."""
    if game.kind == "misere":
        return score_deal(game, rules=rules, players=players, declarer=declarer,
                          tricks={declarer: whole}).values[declarer]

    def leaf(said):
        words = {seat: word for word, seat in said}
        pair = tuple(words.get(s) for s in defenders(declarer))
        if pair == ("pass", "pass") or ("half" in pair and "return" not in words.values()):
            tricks = {}
        elif not said or pair == ("whist", "whist"):
            # One outcome: the defence's tricks split once, as tests/plain_pricing.py does.
            tricks = plain_split(game, rules, players, declarer, words, whole, split)
        else:
            tricks = {declarer: whole}
        return score_deal(game, rules=rules, players=players, declarer=declarer,
                          tricks=tricks, whist=words).values

    def walk(node):
        if not isinstance(node, Node):
            return leaf(node)
        results = {word: walk(sub) for word, sub in node.options.items()}
        word = max(results, key=lambda w: (results[w][node.seat], -TIES.index(w)))
        return results[word]

    return walk(whisting_tree(game, declarer, rules, players))[declarer]


def brute_force(hand: int, others: int, declarer: int, leader: int, rules: RuleSet,
                players: int) -> dict:
    """{(game, discard pair): (mean value, made share, {whole tricks: share})} over every
    layout, and the layouts' per-layout values {(game, pair): [values]}."""
    n = bin(others).count("1") // 2
    other_seats = [s for s in SEATS if s != declarer]
    other_cards = [c for c in range(32) if others >> c & 1]
    layouts = [bits(part) for part in combinations(other_cards, n)]
    engine = solver.Solver()
    out = {}
    per_layout = {}
    prices = {}  # the same value asked again: (game, tricks, each defender's) -> value
    for pair in combinations([c for c in range(32) if hand >> c & 1], 2):
        kept = hand & ~bits(pair)
        for kind, trump in [("contract", t) for t in (0, 1, 2, 3, None)] + [("misere", None)]:
            counts = []
            for part in layouts:
                hands = [0, 0, 0]
                hands[declarer - 1] = kept
                hands[other_seats[0] - 1] = part
                hands[other_seats[1] - 1] = others & ~part
                position = Position(hands=tuple(hands), leader=leader - 1, game=kind,
                                    trump=trump, focus=declarer - 1)
                tricks = reference.tricks(position)
                # Each defender's most (tests/engine/test_share.py checks the engine's
                # against a plain brute force).
                split = {} if kind == "misere" else {
                    s: engine.share(position, s - 1) for s in defenders(declarer)}
                counts.append((tricks, split))
            for game in every_game():
                if game.kind != kind or (kind == "contract" and game.trump != trump):
                    continue
                earlier = 10 - n if kind == "contract" else 0
                values, made, shares = [], 0, {}
                for tricks, split in counts:
                    whole = tricks + earlier
                    first, second = defenders(declarer)
                    key = (game, whole, split.get(first), split.get(second))
                    if key not in prices:
                        prices[key] = plain_value(game, rules, players, declarer, whole, split)
                    values.append(prices[key])
                    made += whole == 0 if kind == "misere" else whole >= game.level
                    shares[whole] = shares.get(whole, 0) + 1
                count = len(counts)
                out[game, pair] = (sum(values, Fraction(0)) / count, Fraction(made, count),
                                   {t: Fraction(k, count) for t, k in shares.items()})
                per_layout[game, pair] = values
    return out, per_layout


def random_ending(rng: random.Random, n: int):
    suits = rng.sample(range(4), rng.choice((2, 3, 4)))
    pool = [c for s in suits for c in range(8 * s, 8 * s + 8)]
    cards = rng.sample(pool, 3 * n + 2)
    return (bits(cards[:n + 2]), bits(cards[n + 2:]), rng.choice(SEATS), rng.choice(SEATS),
            RuleSet.preset(rng.choice(("sochi", "leningrad", "rostov"))),
            rng.choice((3, 3, 4)))


def expected(table: dict, games: list[Game]) -> dict:
    """The brute force's best discard per game (most vists, then the most tricks on average
    (misère: the fewest), then made most often, then the discard of the lowest cards: its
    higher card lower, then its other card, then fewer trumps, then card order) and the best
    game (most vists, then the lower bid)."""
    best = {}
    for game in games:
        pairs = [pair for g, pair in table if g == game]
        sign = -1 if game.kind == "misere" else 1

        def low_cards(p: tuple[int, int], game: Game = game) -> tuple:
            high, low = sorted(p, key=lambda c: -(c % 8))
            trumps = sum(game.trump is not None and c // 8 == game.trump for c in p)
            return (high % 8, low % 8, trumps, *sorted(p))

        def key(p: tuple[int, int], game: Game = game, sign: int = sign) -> tuple:
            value, made, shares = table[game, p]
            tricks = sum(t * s for t, s in shares.items())
            return (value, sign * tricks, made, [-x for x in low_cards(p)])
        best[game] = max(pairs, key=key)
    top = max(games, key=lambda g: (table[g, best[g]][0], -games.index(g)))
    return best, top


def check_against_brute_force(seed: int, n: int) -> None:
    rng = random.Random(seed)
    hand, others, declarer, leader, rules, players = random_ending(rng, n)
    reference.clear_cache()
    table, per_layout = brute_force(hand, others, declarer, leader, rules, players)
    result = declare_options(Hand(hand), declarer, others=Hand(others), leader=leader,
                             rules=rules, players=players, samples="all")
    games = every_game()
    best, top = expected(table, games)
    assert [o.game for o in result.options] == games
    assert result.best.game == top
    assert result.exact and result.layouts == math.comb(2 * n, n)
    for option in result.options:
        game = option.game
        pair = tuple(sorted(c.index for c in option.discard))
        # His discard is the brute force's best, or one equal to it in play (merged).
        assert pair == best[game], (seed, game, pair, best[game])
        value, made, shares = table[game, best[game]]
        assert option.vists == value, (seed, game)
        assert option.probability == made
        assert option.distribution == shares
        assert option.tricks == sum(t * s for t, s in shares.items())
        diffs = [a - b for a, b in zip(per_layout[game, best[game]],
                                        per_layout[top, best[top]])]
        assert option.diff == sum(diffs, Fraction(0)) / len(diffs)
        assert option.vists_se is None and option.diff_se is None
        assert option.probability_se is None


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(46))
def test_two_and_three_card_endings_equal_the_brute_force(seed):
    check_against_brute_force(seed, 2 + seed % 2)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 104))
def test_four_card_endings_equal_the_brute_force(seed):
    check_against_brute_force(seed, 4)


@pytest.mark.slow
@pytest.mark.parametrize("seed", (200, 201, 202))
def test_sampled_runs_agree_with_exact_within_three_standard_errors(seed):
    rng = random.Random(seed)
    hand, others, declarer, leader, rules, players = random_ending(rng, 3)
    table, _ = brute_force(hand, others, declarer, leader, rules, players)
    sampled = declare_options(Hand(hand), declarer, others=Hand(others), leader=leader,
                              rules=rules, players=players, samples=400, seed=seed,
                              fixed=True)
    assert not sampled.exact and sampled.layouts == 400 and sampled.seed == seed
    for option in sampled.options:
        pair = tuple(sorted(c.index for c in option.discard))
        value, made, _ = table[option.game, pair]
        assert abs(option.vists - value) <= 3 * (option.vists_se or 0), option.game
        assert abs(float(option.probability - made)) <= 3 * (option.probability_se or 0)


def test_a_full_hand_with_its_talon():
    """Ten cards and the talon, or the twelve: the same answer; every game listed once."""
    hand, talon = "AKQJ.AK.AK.98", "7D 8D"
    one = declare_options(hand, 2, talon=talon, samples=30, seed=3)
    two = declare_options("AKQJ.AK.AK87.98", 2, samples=30, seed=3)
    assert one.to_dict() == two.to_dict()
    assert one.hand == Hand.parse("AKQJ.AK.AK87.98") and len(one.others) == 20
    assert all(set(o.discard) <= set(one.hand) and len(set(o.discard)) == 2
               for o in one.options)
    assert [str(o.game) for o in one.options][:3] == ["6S", "6C", "6D"]
    best = one.best
    assert best.diff == 0 and best.diff_se is None
    assert all(o.vists - best.vists == o.diff for o in one.options)
    assert all(o.diff <= 0 for o in one.options)
    assert sum(one.option("6S").distribution.values()) == 1
    assert planned_positions(hand, 2, talon=talon, samples=30) == 30 * one.discards * 6


def test_the_seat_rule_counts_fewer_layouts_by_default():
    hand = "AKQJ.AK.AK87.98"
    twelve = len(pa_discards(hand))
    assert planned_positions(hand, 2) == 1000 * twelve * 6
    assert planned_positions(hand, 2, whist="seat") == 100 * twelve * 6 + 100
    assert planned_positions(hand, 2, samples=7, whist="seat") == 7 * twelve * 6 + 7


def pa_discards(hand: str) -> list:
    from pyanalysis.analysis.layouts import discard_classes

    cards = Hand.parse(hand)
    return discard_classes(cards.mask, ((1 << 32) - 1) & ~cards.mask)


def test_the_json_keys():
    result = declare_options(Hand(bits([7, 6, 15, 31])), 1, others=Hand(bits([5, 4, 14, 30])),
                             samples="all")
    data = result.to_dict()
    assert list(data) == ["hand", "others", "declarer", "leader", "rules", "rule_overrides",
                          "players", "whist", "seat_samples", "seat_weighed", "layouts",
                          "total_layouts",
                          "exact", "samples", "stopped", "cap",
                          "seed", "discards", "earlier", "best", "options", "double_dummy"]
    assert data["earlier"] == 8 and data["total_layouts"] == 6 and data["samples"] is None
    entry = data["options"][0]
    assert list(entry) == ["game", "discard", "merged", "probability", "probability_float",
                           "probability_se", "distribution", "tricks", "tricks_float", "vists",
                           "vists_float", "vists_se", "diff", "diff_float", "diff_se",
                           "probability_interval", "seat_weighed"]
    assert entry["game"] == "6S" and len(data["options"]) == 26


@pytest.mark.parametrize("call, error, words", [
    (lambda: declare_options("AKQJ.AK.AK.98", 1), CardCountError, "talon"),
    (lambda: declare_options("AKQJ.AK.AK.98", 1, talon="AS 7D"), DuplicateCardError, "talon"),
    (lambda: declare_options("AKQJ.AK.AK.98", 1, talon="7D"), PositionError, "talon"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 4), PositionError, "declarer"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, leader=0), PositionError, "leader"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, samples=0), PositionError, "samples"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, samples="some"), PositionError, "samples"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, seed=-1), PositionError, "seed"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, whist="seat"), PositionError,
     "whist='seat': the defenders see the talon"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, whist="closed"), PositionError, "whist"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, seat_samples=5), PositionError,
     "seat_samples is for whist='seat'"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, players=5), PositionError, "players"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, rules="moscow"), ValueError, "moscow"),
    (lambda: declare_options("AKQJ.AK.AK87.98", 1, jobs=0), ValueError, "jobs"),
    (lambda: declare_options("AK.7.-.-", 1, others="QJ.98.-.-"), CardCountError, "hand"),
    (lambda: declare_options("AK.7.-.-", 1, others="QJT.98.7.-"), CardCountError,
     "before the discard"),
    (lambda: declare_options("AKQJ.AK.AK87.9", 1), CardCountError, "hand"),
    (lambda: declare_options(None, 1), ValueError, "hand"),
    (lambda: planned_positions("AKQJ.AK.AK87.98", 1, samples=-3), PositionError, "samples"),
])
def test_bad_input_is_one_clear_message(call, error, words):
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert words in message and "\n" not in message


def test_a_misere_caught_for_every_trick():
    """Every top card: misère caught for all ten in every layout, whatever he discards (no
    bound search may ask for an eleventh trick)."""
    result = declare_options("AKQJ.AKQJ.AK.AK", 1, samples=20, seed=4)
    misere = result.option("misere")
    assert misere.distribution == {10: 1} and misere.probability == 0
    assert result.option("10NT").probability == 1
