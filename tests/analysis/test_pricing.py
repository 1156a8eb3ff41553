"""One outcome, one score (`pyanalysis.analysis.pricing`).

Expected splits come from a brute force written plainly here: on endings of three and four
cards, every play of the cards is searched (`Position.advance`, no pruning) for the splits the
defence can force while holding the declarer to his double-dummy count (`solver.reference`);
each split is scored with `score_deal` (checked against RULES.md's worked examples in
tests/core/test_scoring.py), never with the module under test.
"""
from __future__ import annotations

import ast
import random
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

import pyanalysis as pa
from pyanalysis.analysis.pricing import outcome, price_said, shares_at, shares_of
from pyanalysis.analysis.whist import Node, whisting_tree
from pyanalysis.games import CONTRACT, Game
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import score_deal
from pyanalysis.seat import Seat
from solver import reference
from solver.position import Position

from plain_pricing import PlainRow, words_of

PACKAGE = Path(pa.__file__).resolve().parent
RULES = [RuleSet.get("sochi"), RuleSet.get("leningrad"), RuleSet.get("rostov"),
         RuleSet.get("sochi").with_(responsibility="half", whist_split="gentleman"),
         RuleSet.get("leningrad").with_(two_whister_duty="strict")]
GAMES = [Game(CONTRACT, level, trump) for level in (6, 7, 8, 9, 10)
         for trump in (0, 1, 2, 3, None)]


@lru_cache(maxsize=None)
def can_force(pos: Position, seat: int, budget: int, need: int) -> bool:
    """Can the defence play so that, whatever the declarer does, he takes at most `budget`
    more tricks and the defender `seat` (0..2) at least `need` more?"""
    if budget < 0:
        return False
    if pos.is_terminal:
        return need <= 0
    results = []
    for card in pos.legal_moves():
        nxt, taker, _ = pos.advance(card)
        results.append(can_force(nxt, seat, budget - (taker == pos.focus),
                                 need - (taker == seat)))
    return all(results) if pos.to_move == pos.focus else any(results)


def random_ending(rng: random.Random, n: int) -> tuple[Position, int]:
    """A contract ending of n cards a hand, and its declarer (a seat 1..3)."""
    deck = rng.sample(range(32), 3 * n)
    hands = tuple(sum(1 << c for c in deck[k * n:(k + 1) * n]) for k in range(3))
    declarer = rng.randint(1, 3)
    trump = rng.choice((0, 1, 2, 3, None))
    return Position(hands=hands, leader=rng.randint(0, 2), game=CONTRACT, trump=trump,
                    focus=declarer - 1), declarer


def plain_choice(game: Game, rules: RuleSet, declarer: int, whole: int, words: dict,
                 splits: list[int], defence: int, sign: int) -> int:
    """The first defender's tricks of the split chosen among `splits`: the highest (sign 1)
    or lowest (sign -1) sum of the two defenders' values, then the most even, then the first
    defender's more."""
    first, second = Seat.defenders(declarer)

    def key(a: int) -> tuple:
        values = score_deal(game, rules=rules, declarer=declarer,
                            tricks={declarer: whole, first: a, second: defence - a},
                            whist=words).values
        return sign * (values[first] + values[second]), -abs(2 * a - defence), a
    return max(splits, key=key)


@pytest.mark.parametrize("n", [3, 4])
def test_the_split_priced_is_one_the_defence_can_reach_brute_force(n):
    rng = random.Random(100 + n)
    declarer_choices = compared = 0
    for i in range(40 if n == 3 else 20):
        pos, declarer = random_ending(rng, n)
        first, second = Seat.defenders(declarer)
        dd = reference.tricks(pos)
        defence = n - dd
        forced = {s: [k for k in range(defence + 1) if can_force(pos, s - 1, dd, k)]
                  for s in (first, second)}
        most = {s: max(ks) for s, ks in forced.items()}
        reach = [a for a in range(defence + 1)
                 if a in forced[first] and defence - a in forced[second]]
        engine = shares_at(pos)
        assert engine.most == most  # the engine's search agrees with the plain one
        whole = 10 - n + dd  # the tricks before the ending are the declarer's
        shares = shares_of(declarer, whole, most)
        for game in rng.sample(GAMES, 3):
            rules = RULES[i % len(RULES)]
            checked = game.level == 10 and rules.tenner_checked
            words = {} if checked else {first: "whist", second: "whist"}
            result = outcome(game, rules, declarer, words, whole, shares)
            split = result.tricks
            assert split is not None and sum(split.values()) == 10 and split[declarer] == whole
            if reach:
                assert split[first] in reach
                assert split[first] == plain_choice(game, rules, declarer, whole, words, reach,
                                                    defence, 1)
                assert result.shares[first] == (min(reach), max(reach))
            else:
                # The mosts leave tricks between them: the declarer gives them away.
                left = [a for a in range(defence + 1)
                        if a >= most[first] and defence - a >= most[second]]
                assert split[first] == plain_choice(game, rules, declarer, whole, words, left,
                                                    defence, -1)
                declarer_choices += 1
            score = score_deal(game, rules=rules, declarer=declarer, tricks=split,
                               whist=words)
            assert dict(result.values) == dict(score.values)
            assert sum(result.values.values()) == 0
            compared += 1
    assert compared >= 60


def test_every_leaf_of_every_whisting_is_one_deal_score():
    """Random deals of every contract and rule set: each leaf's values are one `DealScore`
    of the tricks it shows, and sum to zero (with four players too)."""
    rng = random.Random(5)
    for i in range(60):
        game = GAMES[i % len(GAMES)]
        rules = RULES[i % len(RULES)]
        players = 3 + (i % 3 == 2)
        declarer = rng.randint(1, 3)
        whole = rng.randint(0, 10)
        a = rng.randint(0, 10 - whole)
        b = rng.randint(10 - whole - a, 10 - whole)
        shares = shares_of(declarer, whole, (a, b))
        tree = whisting_tree(game, declarer, rules, players)
        for said in _leaves(tree):
            row = price_said(said, game, declarer, rules, players, whole, shares)
            score = score_deal(game, rules=rules, players=players, declarer=declarer,
                               tricks=row.tricks or {}, whist=words_of(said))
            assert dict(row.values) == dict(score.values)
            assert sum(row.values.values()) == 0
            plain = PlainRow(said, game, rules, players, declarer, whole,
                             dict(zip(Seat.defenders(declarer), (a, b))))
            assert dict(row.values) == dict(plain.values), (game, said)
            if row.tricks and len(row.tricks) == 3:
                assert sum(row.tricks.values()) == 10


def _leaves(tree) -> list:
    if not isinstance(tree, Node):
        return [tree]
    return [leaf for sub in tree.options.values() for leaf in _leaves(sub)]


# -- the deals of the report --------------------------------------------------------------

SIX = "AKQ87.AK.A7.9 JT.T9.KJ.AKQT 9.QJ87.QT98.J discard:-.-.-.87"
SEVEN = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"


def test_the_six_spades_table_does_not_go_whist_whist_into_a_shortfall():
    table = pa.whist_table(SIX, "6S", 1)
    assert table.tricks == 8
    assert table.chosen.label != "whist/whist"
    both = next(r for r in table.rows if r.label == "whist/whist")
    assert both.tricks == {1: 8, 2: 1, 3: 1}
    assert both.values == score_deal("6S", rules="sochi", declarer=1,
                                     tricks={1: 8, 2: 1, 3: 1},
                                     whist={2: "whist", 3: "whist"}).values
    assert both.values[2] < 0 and both.values[3] < 0
    for row in table.rows:
        assert sum(row.values.values()) == 0
        assert row.tricks is None or sum(row.tricks.values()) <= 10


def test_no_row_of_the_seven_diamonds_table_takes_more_than_ten_tricks():
    table = pa.whist_table(SEVEN, "7D", 1)
    for row in table.rows:
        assert row.tricks is None or sum(row.tricks.values()) <= 10
        assert sum(row.values.values()) == 0
    assert table.chosen.tricks is not None and sum(table.chosen.tricks.values()) == 10


def test_the_turns_are_where_a_defender_s_word_changes_at_the_other_end_of_his_range():
    """`WhistTable.turns`, recomputed with a plain induction over rows priced plainly at each
    end of each defender's range."""
    rng = random.Random(11)
    found = 0
    for i in range(60):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [pa.Hand(sum(1 << c for c in cards[10 * k:10 * k + 10])) for k in range(3)]
        deal = pa.Deal.parse(" ".join(map(str, hands)))
        game = Game(CONTRACT, rng.choice((6, 7)), rng.choice((0, 1, 2, 3, None)))
        rules = RULES[i % len(RULES)].with_(six_spades_whist=False)
        declarer = rng.randint(1, 3)
        table = pa.whist_table(deal, game, declarer, rules=rules)
        if not table.split:
            continue
        tree = whisting_tree(game, declarer, rules, 3)
        expected = []
        for seat in Seat.defenders(declarer):
            said = next((c.word for c in table.path if c.seat == seat), None)
            if said is None:
                continue
            for end in sorted(set(table.shares[seat]) - {table.split[seat]}):
                other = next(s for s in Seat.defenders(declarer) if s != seat)
                forced = {declarer: table.tricks, seat: end, other: 10 - table.tricks - end}

                def value(leaf):
                    words = words_of(leaf)
                    if not leaf or set(words.values()) == {"whist"}:
                        return score_deal(game, rules=rules, declarer=declarer, tricks=forced,
                                          whist=words).values
                    return next(r for r in table.rows
                                if tuple(zip(r.words, r.seats)) == leaf).values
                word = _first_word(tree, value, seat)
                if word != said:
                    expected.append((seat, end, word, said))
        assert [(t.seat, t.share, t.word, t.instead) for t in table.turns] == expected
        found += len(expected)
    assert found  # some deal has a turn


def _first_word(tree, value, seat: int) -> str:
    """The word `seat` says first on the path of a plain backward induction (ties: the word
    that commits less)."""
    order = ("pass", "half", "whist", "return")

    def walk(node):
        if not isinstance(node, Node):
            return value(node), []
        results = {w: walk(sub) for w, sub in node.options.items()}
        best = max(results, key=lambda w: (results[w][0][node.seat], -order.index(w)))
        vals, path = results[best]
        return vals, [(node.seat, best)] + path

    return next(w for s, w in walk(tree)[1] if s == seat)


@pytest.mark.slow
def test_declare_keeps_his_aces_and_prices_six_spades_as_the_whist_table_does():
    """`declare AKQJT.AK.A.AK --talon "7D 7H"`: in every game he always makes, no ace goes to
    the discard; and his 6♠ value over the layouts equals the mean of the whist table's
    chosen rows, layout by layout, with that discard."""
    from pyanalysis.analysis.declare import _layout_hands, _question, _ranks

    samples, seed = 24, 3
    result = pa.declare_options("AKQJT.AK.A.AK", 1, talon="7D 7H", samples=samples, seed=seed)
    for option in result.options:
        if option.probability == 1:
            assert all(c.rank != "A" for c in option.discard), option.game
    six = result.option("6S")
    q = _question("AKQJT.AK.A.AK", "7D 7H", None, 1, 1)
    ranks, _ = _ranks(q.n, samples, seed)
    kept = q.hand.mask & ~sum(c.bit for c in six.discard)
    values = []
    for row in _layout_hands(q, ranks, kept):
        hands = [pa.Hand(int(h)) for h in row]
        deal = pa.Deal.parse(" ".join(map(str, hands)))
        values.append(pa.whist_table(deal, "6S", 1).chosen.values[1])
    assert six.vists == sum(values, Fraction(0)) / len(values)


# -- one module -----------------------------------------------------------------------------

#: The modules that may score a deal from its tricks: the scoring itself, the score sheet of
#: played deals, the command that scores a deal as typed, the package's re-export, and the
#: pricing of outcomes.
SCORERS = {"scoring.py", "sheet.py", "cli/scoring.py", "__init__.py", "analysis/pricing.py"}
#: The modules that may ask the engine for a defender's most.
SHARERS = {"solving.py", "analysis/pricing.py"}


def test_one_module_prices_an_outcome():
    scorers, sharers = set(), set()
    for path in sorted(PACKAGE.rglob("*.py")):
        name = str(path.relative_to(PACKAGE))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and any(a.name == "score_deal"
                                                        for a in node.names):
                scorers.add(name)
            if isinstance(node, ast.keyword) and node.arg in ("share", "share_least"):
                sharers.add(name)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("share", "shares_many"):
                sharers.add(name)
    assert scorers <= SCORERS, scorers - SCORERS
    assert sharers <= SHARERS, sharers - SHARERS
    assert "analysis/pricing.py" in scorers and "analysis/pricing.py" in sharers
