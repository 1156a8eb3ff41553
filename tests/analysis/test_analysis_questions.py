"""The questions built on the layouts (tenner, totus, underbid, misère) against brute force.

Each answer is recomputed here the plain way on small endings: every split of the others'
cards made with `itertools.combinations`, every discard, every leader, each position solved
by `solver.reference`. Full deals are too big for the reference; their answers are checked
by the properties that must hold (a 10-top-card hand is a sound totus, ...).
"""
from __future__ import annotations

import random
from itertools import combinations

import pytest

import pyanalysis as pa
import solver
from pyanalysis.cards import Card
from pyanalysis.deal import Deal
from pyanalysis.errors import PositionError
from pyanalysis.hand import Hand
from solver import reference

SEATS = (1, 2, 3)


def masks_of(cards):
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def random_cards(rng: random.Random, k: int) -> list[int]:
    return rng.sample(range(32), k)


def brute_tricks(hands: dict[int, int], game: pa.Game, declarer: int, leader: int) -> int:
    """The declarer's tricks by the reference minimax; hands by seat 1..3 as masks."""
    pos = solver.Position(hands=(hands[1], hands[2], hands[3]), leader=leader - 1,
                          game=game.kind, trump=game.trump, focus=declarer - 1)
    return reference.tricks(pos)


def splits(others: int, n: int):
    """Every way to give n of the others' cards to the lower other seat."""
    cards = [c for c in range(32) if others >> c & 1]
    for chosen in combinations(cards, n):
        a = masks_of(chosen)
        yield a, others & ~a


def layout_hands(declarer: int, mine: int, a: int, b: int) -> dict[int, int]:
    low, high = [s for s in SEATS if s != declarer]
    return {declarer: mine, low: a, high: b}


def teardown_module() -> None:
    reference.clear_cache()


# --- the open-card tenner check ------------------------------------------------------------

def test_check_tenner_matches_the_reference_and_its_refutation_holds():
    rng = random.Random(7)
    tried = 0
    for _ in range(60):
        n = rng.choice((2, 3))
        cards = random_cards(rng, 3 * n)
        deal = Deal(tuple(Hand(masks_of(cards[i * n:(i + 1) * n])) for i in range(3)))
        game = pa.Game.parse(rng.choice(("10S", "10H", "10NT")))
        declarer, leader = rng.choice(SEATS), rng.choice(SEATS)
        check = pa.check_tenner(deal, game, declarer, leader=leader, depth=2)
        hands = {s: deal.hand(s).mask for s in SEATS}
        expected = brute_tricks(hands, game, declarer, leader)
        assert check.tricks == expected
        assert check.made == (expected == n)
        assert check.down == n - expected
        assert sum(check.tricks_by.values()) == n
        assert check.tricks_by[declarer] == expected
        if check.made:
            assert check.refutation is None
        else:
            tried += 1
            pos = solver.Position(hands=(hands[1], hands[2], hands[3]), leader=leader - 1,
                                  game=game.kind, trump=game.trump, focus=declarer - 1)
            _walk_refutation(check.refutation, pos, 0, n)
    assert tried >= 10


def _walk_refutation(node, pos, taken, need):
    """Every defence card in the tree keeps the declarer short of `need` (by the reference);
    every declarer node lists all his legal cards."""
    if node is None:
        return
    assert node["seat"] == pos.to_move + 1
    if node["side"] == "declarer":
        legal = {str(Card.from_index(c)) for c in pos.legal_moves()}
        assert set(node["replies"]) == legal
        for name, child in node["replies"].items():
            nxt, taker, _ = pos.advance(Card.parse(name).index)
            _walk_refutation(child, nxt, taken + (taker == pos.focus), need)
    else:
        nxt, taker, _ = pos.advance(Card.parse(node["card"]).index)
        gain = taken + (taker == pos.focus)
        assert gain + reference.tricks(nxt) < need
        _walk_refutation(node["next"], nxt, gain, need)


def test_check_tenner_scores_a_set_tenner_as_the_rules_say():
    deal = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8"
    check = pa.check_tenner(Deal.parse(deal), "10S", 2, rules="sochi")
    assert not check.made
    expected = pa.score_deal("10S", rules="sochi", declarer=2, tricks=check.tricks_by, whist={})
    assert check.score == expected
    assert check.score.values[2] < 0


def test_check_tenner_twelve_cards_checks_every_distinct_discard():
    deal = Deal.parse("J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD")
    check = pa.check_tenner(deal, "10S", 2)
    twelve = deal.hand(2).mask | Hand.from_cards(deal.talon).mask
    seen = []
    for one in check.discards:
        for pair in [one.discard, *one.merged]:
            seen.append(frozenset(pair))
            kept = Hand(twelve & ~pair[0].bit & ~pair[1].bit)
            alone = Deal((deal.hand(1), kept, deal.hand(3)), discard=Hand.from_cards(pair))
            assert pa.solve(alone, "10S", declarer=2).tricks == one.tricks
    assert len(seen) == len(set(seen)) == 66
    assert [c.tricks for c in check.discards] == sorted((c.tricks for c in check.discards),
                                                        reverse=True)
    assert check.tricks == check.discards[0].tricks


@pytest.mark.parametrize("game", ["8S", "misere", "raspasy"])
def test_check_tenner_refuses_other_games(game):
    with pytest.raises(PositionError, match="ten contract"):
        pa.check_tenner("J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8", game, 2)


# --- totus ---------------------------------------------------------------------------------

def test_totus_layouts_form_matches_brute_force_on_endings():
    rng = random.Random(11)
    sound_seen = unsound_seen = 0
    for _ in range(40):
        n = 2
        cards = random_cards(rng, 3 * n + 2)
        # Bias towards strong hands so that both answers occur.
        cards.sort(key=lambda c: -(c & 7) + rng.random() * 6)
        hand = masks_of(cards[:n + 2])
        others = masks_of(cards[n + 2:])
        declarer = rng.choice(SEATS)
        result = pa.totus(Hand(hand), declarer, others=Hand(others), leaders=SEATS)
        game = pa.Game.parse("10NT")
        sound_pairs = []
        for pair in combinations([c for c in range(32) if hand >> c & 1], 2):
            kept = hand & ~masks_of(pair)
            ok = all(brute_tricks(layout_hands(declarer, kept, a, b), game, declarer, leader) == n
                     for leader in SEATS for a, b in splits(others, n))
            if ok:
                sound_pairs.append(frozenset(Card.from_index(c) for c in pair))
        assert result.sound == bool(sound_pairs)
        if result.sound:
            sound_seen += 1
            assert frozenset(result.discard) in sound_pairs
        else:
            unsound_seen += 1
            for verdict in result.discards:
                short = verdict.beaten_by
                hands = {s: short.deal.hand(s).mask for s in SEATS}
                assert brute_tricks(hands, game, declarer, verdict.leader) < n
    assert sound_seen and unsound_seen


def test_totus_open_form_is_the_opponents_choice_of_discard():
    rng = random.Random(5)
    for _ in range(25):
        n = 2
        cards = random_cards(rng, 3 * n + 2)
        hands = [masks_of(cards[i * n:(i + 1) * n]) for i in range(3)]
        talon = [Card.from_index(c) for c in cards[3 * n:]]
        deal = Deal(tuple(Hand(h) for h in hands), talon=tuple(talon))
        declarer = rng.choice(SEATS)
        result = pa.totus(deal, declarer, form="open")
        twelve = hands[declarer - 1] | masks_of(c.index for c in talon)
        game = pa.Game.parse("10NT")
        worst = min(
            brute_tricks({s: (twelve & ~masks_of(pair) if s == declarer else hands[s - 1])
                          for s in SEATS}, game, declarer, 1)
            for pair in combinations([c for c in range(32) if twelve >> c & 1], 2))
        assert result.discards[0].tricks == worst
        assert result.sound == (worst == n)


def test_ten_top_cards_make_a_sound_totus_and_a_guaranteed_tenner():
    result = pa.totus("AKQJ.AKQ.AKQ.AK", 1)
    assert result.sound
    kept = Hand(Hand.parse("AKQJ.AKQ.AKQ.AK").mask & ~result.discard[0].bit & ~result.discard[1].bit)
    assert len(kept) == 10
    odds = pa.tenner_odds(kept, "10NT", 1, out=Hand.from_cards(result.discard))
    assert odds.guaranteed and odds.odds.probability == 1 and odds.odds.layouts == 184756


# --- underbid ------------------------------------------------------------------------------

def test_underbid_matches_brute_force_on_endings():
    rng = random.Random(3)
    justified = unjustified = 0
    for _ in range(40):
        n = 3
        cards = random_cards(rng, 3 * n)
        cards.sort(key=lambda c: -(c & 7) + rng.random() * 8)
        hand = masks_of(cards[:n])
        others = masks_of(cards[n:])
        declarer = rng.choice(SEATS)
        game = pa.Game.parse(rng.choice(("6S", "6C", "6NT")))
        bid = rng.choice((0, 1, 2))
        result = pa.underbid(Hand(hand), game, declarer, others=Hand(others), bid=bid)
        counts = [brute_tricks(layout_hands(declarer, hand, a, b), game, declarer, 1)
                  for a, b in splits(others, n)]
        low = [t for t in counts if t <= bid]
        assert result.layouts == len(counts)
        assert result.at_most == len(low)
        assert result.justified == bool(low)
        if low:
            justified += 1
            shown = result.shown
            hands = {s: shown.deal.hand(s).mask for s in SEATS}
            got = brute_tricks(hands, game, declarer, 1)
            assert got == shown.tricks == (bid if bid in low else max(low))
        else:
            unjustified += 1
            assert result.shown is None
    assert justified and unjustified


def test_underbid_needs_the_bid_in_an_ending():
    with pytest.raises(PositionError, match="bid"):
        pa.underbid("A.K.-.-", "6S", 1, others="Q.Q.J.J")


# --- misère --------------------------------------------------------------------------------

@pytest.mark.slow
def test_misere_odds_match_brute_force_on_endings():
    rng = random.Random(9)
    for _ in range(30):
        n = 3
        cards = random_cards(rng, 3 * n + 2)
        hand = masks_of(cards[:n + 2])
        others = masks_of(cards[n + 2:])
        declarer, leader = rng.choice(SEATS), rng.choice(SEATS)
        result = pa.misere_odds(Hand(hand), declarer, others=Hand(others), leader=leader)
        game = pa.Game.parse("misere")
        expected = {}
        for pair in combinations([c for c in range(32) if hand >> c & 1], 2):
            kept = hand & ~masks_of(pair)
            caught = sum(brute_tricks(layout_hands(declarer, kept, a, b), game, declarer,
                                      leader) >= 1 for a, b in splits(others, n))
            expected[frozenset(Card.from_index(c) for c in pair)] = caught
        for odds in result.discards:
            for pair in [odds.discard, *odds.merged]:
                assert odds.made == expected.pop(frozenset(pair))
        assert not expected
        assert result.made == min(o.made for o in result.discards)
        if result.made:
            hands = {s: result.worst.deal.hand(s).mask for s in SEATS}
            assert brute_tricks(hands, game, declarer, leader) >= 1
