"""The static bounds that settle a contract's trick boundary without a search (`contract_cut`):
each one, alone, against the reference minimax, and the cards it says it rests on."""
from __future__ import annotations

import itertools
import random

import pytest

import solver
from solver import reference
from solver._build import engine
from solver.position import Position
from engine_positions import low_cards_dealt_again

BOUNDS = ("trump_tops", "quick_tricks", "partner_tricks", "declarer_tops", "defenders_run")


def boundary(rng: random.Random, tricks: int, trump: int | None) -> Position:
    """A contract at a trick boundary in which one hand, often the declarer's, gets the higher
    cards more often (as in the contracts players bid), so that every bound comes into play."""
    deck = list(range(32))
    deck.sort(key=lambda c: (c & 7) + rng.random() * 9, reverse=True)
    strong = deck[:tricks]
    rest = rng.sample(deck[tricks:], 2 * tricks)
    hands = [sum(1 << c for c in strong), sum(1 << c for c in rest[:tricks]),
             sum(1 << c for c in rest[tricks:])]
    k = rng.choice((0, 0, 1, 2))  # the strong hand's seat
    hands[0], hands[k] = hands[k], hands[0]
    return Position(tuple(hands), leader=rng.randrange(3), game="contract", trump=trump, focus=0)


@pytest.mark.slow
@pytest.mark.parametrize("name", BOUNDS)
def test_each_bound_is_a_bound_and_holds_wherever_its_cards_lie_alike(name):
    rng = random.Random(BOUNDS.index(name))
    features = solver.FEATURES[name]
    decided = moved = 0
    for i in range(800):
        pos = boundary(rng, rng.randint(2, 4), None if i % 2 else rng.randrange(4))
        value = None
        for target in range(1, bin(pos.hands[0]).count("1") + 1):
            bound, rests_on = engine.contract_bound(pos, target, features)
            if bound < 0:
                continue
            if value is None:
                value = reference.tricks(pos)
            # a lower bound that reaches the target, or an upper bound below it
            assert (value >= bound) if bound >= target else (value <= bound), (pos, target)
            decided += 1
            other = Position(low_cards_dealt_again(rng, pos.hands, rests_on), leader=pos.leader,
                             game="contract", trump=pos.trump, focus=pos.focus)
            moved += other.hands != pos.hands
            assert (reference.tricks(other) >= target) == (bound >= target), (pos, other, target)
    assert decided >= 40 and moved >= decided // 4, (decided, moved)


def cards(*names: str) -> int:
    """A hand from card names: rank 7 8 9 T J Q K A, suit S C D H."""
    return sum(1 << (8 * "SCDH".index(n[1]) + "789TJQKA".index(n[0])) for n in names)


def test_the_declarer_tops_bound_needs_the_top_of_every_suit_the_leader_holds():
    # The 2nd hand leads a spade or a club; the declarer holds both aces: he wins the first
    # trick and cashes the other ace, so at least 2 tricks. With a heart the 2nd hand can lead
    # a suit the declarer does not top, and the bound says nothing.
    features = solver.FEATURES["declarer_tops"]
    pos = Position((cards("AS", "AC", "7D"), cards("KS", "QS", "KC"), cards("JS", "QC", "8D")),
                   leader=1, game="contract", trump=None, focus=0)
    assert engine.contract_bound(pos, 2, features)[0] == 2
    assert reference.tricks(pos) >= 2
    with_a_heart = Position((cards("AS", "AC", "7D"), cards("KS", "8H", "KC"),
                             cards("QS", "QC", "8D")),
                            leader=1, game="contract", trump=None, focus=0)
    assert engine.contract_bound(with_a_heart, 2, features)[0] == -1
    # With spades trumps the 3rd hand, out of clubs, can ruff the club ace: the declarer's
    # quick tricks (the trump ace and the diamond ace) are no bound then.
    ruffed = Position((cards("AS", "AC", "AD"), cards("KC", "KD", "QD"), cards("7S", "JD", "TD")),
                      leader=1, game="contract", trump=0, focus=0)
    assert engine.contract_bound(ruffed, 2, features)[0] == -1
    assert engine.contract_bound(ruffed, 2, solver.FEATURES["quick_tricks"])[0] == -1


def test_a_bound_is_asked_of_a_trick_boundary_and_a_target_in_range():
    pos = Position((0b111, 0b111 << 8, 0b111 << 16), game="contract", trump=None)
    with pytest.raises(ValueError, match="target: 4 is out of range 1..3"):
        engine.contract_bound(pos, 4)
    with pytest.raises(ValueError, match="not a contract at a trick boundary"):
        engine.contract_bound(Position((0b111, 0b111 << 8, 0b111 << 16), game="misere"), 1)


def test_the_defenders_run_bound_keeps_the_quick_tricks_their_run_cannot_take():
    # The 2nd hand leads. The defenders top hearts only, one heart each, so they can run one
    # trick at most before a lead in a suit the declarer tops; on it he throws a card his
    # quick tricks do not need if he has one, else one they do. He has none (spades A K, the
    # club and diamond aces: 4 quick tricks out of 4 cards), so he keeps min(4, 4 - 1) = 3,
    # which is the value. The declarer's tops say nothing: the leader holds a heart.
    features = solver.FEATURES["defenders_run"]
    pos = Position((cards("KS", "AS", "AC", "AD"), cards("9C", "QC", "7D", "8H"),
                    cards("7C", "KC", "TD", "AH")),
                   leader=1, game="contract", trump=None, focus=0)
    assert engine.contract_bound(pos, 3, features)[0] == 3
    assert engine.contract_bound(pos, 4, features)[0] == -1
    assert reference.tricks(pos) == 3
    assert engine.contract_bound(pos, 3, solver.FEATURES["declarer_tops"])[0] == -1
    # Here the run is short but so are the quick tricks: the declarer's low spades are his
    # to throw, yet they lose when the defenders lead spades after his ace (1 quick trick).
    # One trick at most runs in hearts, so min(1, 3 - 1) = 1: the quick tricks bound it.
    short = Position((cards("AS", "8S", "7S"), cards("KS", "QS", "AH"), cards("JS", "TS", "KH")),
                     leader=1, game="contract", trump=None, focus=0)
    assert engine.contract_bound(short, 1, features)[0] == 1
    assert engine.contract_bound(short, 2, features)[0] == -1
    assert reference.tricks(short) == 1
    # In a trump contract a defender may ruff the declarer's top cards: the bound is not used.
    trumps = Position(pos.hands, leader=1, game="contract", trump=3, focus=0)
    assert engine.contract_bound(trumps, 1, features)[0] == -1


def singleton_tops_positions():
    """Every no-trump position, up to the ranks that do not matter, in which the declarer (seat
    0) holds m <= 3 cards, each the top card of its suit and alone in it, and a defender on
    lead holds a card of a suit the defenders top: per suit, the defenders' cards from the top
    down as a word over their seats."""
    for m in (1, 2, 3):
        for lengths in itertools.product(range(2 * m + 1), repeat=4):
            if sum(lengths) != 2 * m:
                continue
            words = [itertools.product((1, 2), repeat=n) for n in lengths]
            for suits in itertools.product(*words):
                hands = [sum(1 << (8 * su + 7) for su in range(m)), 0, 0]
                for su, word in enumerate(suits):
                    top = 6 if su < m else 7
                    for i, seat in enumerate(word):
                        hands[seat] |= 1 << (8 * su + top - i)
                if bin(hands[1]).count("1") != m:
                    continue
                for leader in (1, 2):
                    if hands[leader] >> (8 * m):
                        yield m, suits, Position(tuple(hands), leader=leader, game="contract",
                                                 trump=None, focus=0)


def test_the_defenders_run_bound_holds_when_only_lone_top_cards_are_left():
    # The one step of the bound's proof that is not argued in general (ALGORITHM.md, "Quick
    # tricks"): the declarer holds only lone top cards and must throw one, opening its suit to
    # the defenders. Checked here for every such position, against the reference minimax.
    checked = 0
    for m, suits, pos in singleton_tops_positions():
        claim = m - sum(max(word.count(1), word.count(2)) for word in suits[m:])
        if claim < 1:
            continue
        assert reference.tricks(pos) >= claim, pos
        # and the engine's bound is that claim: m quick tricks, n = m cards
        assert engine.contract_bound(pos, claim, solver.FEATURES["defenders_run"])[0] == claim
        checked += 1
    assert checked == 1500, checked
