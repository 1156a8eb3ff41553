"""The "seat" bidding filter (`sampling.seat_bids`): a layout is kept when the declarer, from
his own twelve cards, would declare the game. Checked plainly: every one of his 66 discards
solved on its own in each layout he weighs, the rule applied to the counts."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import pyanalysis as pa
from pyanalysis.analysis import sampling
from pyanalysis.analysis.sampling import (SEAT_BID_HIGHER, SEAT_BID_LAYOUTS, SEAT_BID_MAKE,
                                          seat_bid_layouts, seat_bids)
from pyanalysis.cards import Card
from pyanalysis.deal import Deal
from pyanalysis.errors import PositionError
from pyanalysis.games import CONTRACT, MISERE, Game
from pyanalysis.hand import Hand


def plain_would_bid(mine: int, view, seed: int) -> bool:
    """The rule, counted plainly: for each discard of his twelve (all 66), the layouts in
    which he makes the game (and the next level) with it; his best discard for each."""
    cards = [c for c in range(32) if mine >> c & 1]
    layouts = seat_bid_layouts(mine, view, seed)
    game = view.game
    made: dict[tuple[int, int], int] = {}
    clean: dict[tuple[int, int], int] = {}
    higher: dict[tuple[int, int], int] = {}
    for pair in itertools.combinations(cards, 2):
        ten = Hand(mine & ~(1 << pair[0]) & ~(1 << pair[1]))
        for hands, _ in layouts:
            full = [Hand(h) for h in hands]
            full[view.declarer - 1] = ten
            tricks = pa.solve(Deal(tuple(full)), game, view.leader).tricks
            if game.kind == MISERE:
                clean[pair] = clean.get(pair, 0) + (tricks == 0)
            else:
                made[pair] = made.get(pair, 0) + (tricks >= game.level)
                higher[pair] = higher.get(pair, 0) + (tricks >= game.level + 1)
    k = len(layouts)
    if game.kind == MISERE:
        return Fraction(max(clean.values()), k) >= Fraction(1, 2)
    if Fraction(max(made.values()), k) < Fraction(1, 2):
        return False
    return game.level == 10 or Fraction(max(higher.values()), k) < Fraction(7, 10)


def a_view(game: Game, seed: int):
    """A defender's (2nd hand) view of a whole deal with the talon, the 1st hand declaring."""
    rng = random.Random(seed)
    deck = rng.sample(range(32), 32)
    hand = Hand(sum(1 << c for c in deck[12:22]))
    talon = [Card.from_index(c) for c in deck[10:12]]
    return sampling._view(hand, talon, game, 1, 2, None, None, 1), rng


def test_the_rule_is_the_one_documented():
    assert (SEAT_BID_LAYOUTS, SEAT_BID_MAKE, SEAT_BID_HIGHER) == (16, Fraction(1, 2),
                                                                 Fraction(7, 10))


@pytest.mark.slow
@pytest.mark.parametrize("game", [Game(CONTRACT, 6, 0), Game(CONTRACT, 7, 1), Game(MISERE)],
                         ids=str)
def test_a_declarer_bids_as_his_counts_say(game):
    view, rng = a_view(game, 4)
    # His twelve cards: some as the layouts deal them, some of the lowest cards the defender
    # does not see (clean misère hands), each with one card changed at random.
    candidates = [view.layout(rng.randrange(0, 184756))[1] for _ in range(40)]
    unseen = [c for c in range(32) if view.free >> c & 1]
    low = sorted(unseen, key=lambda c: c % 8)
    for _ in range(20):
        ten = low[:9] + [rng.choice(low[9:])]
        candidates.append(sum(1 << c for c in ten) | view.talon)
    seed = 3
    answers = dict(zip(candidates, seat_bids(candidates, view, seed)))
    # Two hands he would bid and two he would not, counted plainly.
    chosen = ([m for m in candidates if answers[m]][:2]
              + [m for m in candidates if not answers[m]][:2])
    assert len(chosen) == 4
    assert [answers[m] for m in chosen] == [plain_would_bid(m, view, seed) for m in chosen]


def test_strong_weak_and_too_strong_hands():
    game = Game(CONTRACT, 6, 0)  # six spades
    view, _ = a_view(game, 1)
    talon = view.talon
    unseen = [c for c in range(32) if view.in_play >> c & 1 and not talon >> c & 1
              and not view.hand >> c & 1]
    # Weak: his lowest ten cards; strong: the highest spades he can hold and aces; the rule
    # keeps a hand only where his counts say so, and these three differ.
    weak = sum(1 << c for c in sorted(unseen, key=lambda c: c % 8)[:10]) | talon
    strong = sum(1 << c for c in sorted(unseen, key=lambda c: (c // 8 != 0, -(c % 8)))[:10]) \
        | talon
    answers = seat_bids([weak, strong, weak], view, 0)
    assert answers == [plain_would_bid(weak, view, 0), plain_would_bid(strong, view, 0),
                       plain_would_bid(weak, view, 0)]
    assert answers[0] is False


def counted_would_bid(mine: int, view, seed: int) -> bool:
    """The rule with every discard the filter tries (`top_discards` in a contract, every
    distinct one in misère) counted on every one of the hand's layouts: no round skipped."""
    game = view.game
    misere = game.kind == MISERE
    pairs = sampling._bid_discards(mine, view, False)
    layouts = seat_bid_layouts(mine, view, seed)
    counts: dict[tuple[int, ...], list[int]] = {pair: [0, 0] for pair in pairs}
    for pair in pairs:
        ten = Hand(mine & ~sum(1 << c for c in pair))
        for hands, _ in layouts:
            full = [Hand(h) for h in hands]
            full[view.declarer - 1] = ten
            tricks = pa.solve(Deal(tuple(full)), game, view.leader).tricks
            counts[pair][0] += tricks == 0 if misere else tricks >= game.level
            counts[pair][1] += not misere and tricks >= game.level + 1
    k = len(layouts)
    if Fraction(max(c[0] for c in counts.values()), k) < SEAT_BID_MAKE:
        return False
    return misere or game.level == 10 or \
        Fraction(max(c[1] for c in counts.values()), k) < SEAT_BID_HIGHER


@pytest.mark.slow
@pytest.mark.parametrize("game", [Game(CONTRACT, 6, 0), Game(CONTRACT, 8, 3), Game(MISERE)],
                         ids=str)
def test_the_rounds_answer_as_counting_every_discard_on_every_layout(game):
    # `seat_bids` stops searching a discard once it cannot change his bid; the answer must
    # be the full count's, for weak hands, hands that bid and hands too strong for the game.
    view, rng = a_view(game, 6)
    unseen = [c for c in range(32) if view.free >> c & 1]
    if game.kind == MISERE:
        order = sorted(unseen, key=lambda c: c % 8)
    else:
        order = sorted(unseen, key=lambda c: (c // 8 != game.trump, -(c % 8)))
    candidates = [view.layout(rng.randrange(0, 184756))[1] for _ in range(10)]
    for top in (4, 6, 8):
        for _ in range(4):
            ten = order[:top] + rng.sample(order[top:], 10 - top)
            candidates.append(sum(1 << c for c in ten) | view.talon)
    answers = seat_bids(candidates, view, 1)
    assert answers == [counted_would_bid(m, view, 1) for m in candidates]
    assert True in answers and False in answers


def test_a_hand_is_judged_alike_whatever_the_batch():
    game = Game(CONTRACT, 7, 2)
    view, rng = a_view(game, 7)
    hands = [view.layout(rng.randrange(0, 184756))[1] for _ in range(6)]
    cache: dict[int, bool] = {}
    together = seat_bids(hands, view, 5, cache=cache)
    assert [seat_bids([m], view, 5)[0] for m in hands] == together
    assert set(cache) == set(hands)


def test_the_seat_filter_keeps_the_hands_he_would_bid():
    hand, talon = Hand.parse("97.A87.A98.T9"), [Card.parse("8S"), Card.parse("TD")]
    game = Game(CONTRACT, 6, 0)
    worlds = sampling.sample_worlds(hand, talon, game, 1, 2, samples=12, seed=2,
                                    filter="seat")
    assert worlds.filter == "seat" and worlds.kept == 12 and worlds.drawn > 12
    view = sampling._view(hand, talon, game, 1, 2, None, None, 1)
    for deal in worlds.deals:
        twelve = deal.hands[0].mask | deal.discard.mask
        assert seat_bids([twelve], view, 2) == [True]


@pytest.mark.parametrize("kwargs, message", [
    ({"talon": None}, "needs the talon"),
    ({"seat": 1}, "needs the talon"),
])
def test_the_seat_filter_needs_a_defender_and_the_talon(kwargs, message):
    talon = [Card.parse("8S"), Card.parse("TD")]
    hand = Hand.parse("97.A87.A98.T9")
    args = {"talon": talon, "seat": 2}
    args.update(kwargs)
    others = sampling.unseen_cards(hand, talon)
    with pytest.raises(PositionError, match=message):
        sampling.sample_worlds(hand, args["talon"], Game(CONTRACT, 6, 0), 1, args["seat"],
                               samples=4, filter="seat", others=others)


def test_an_ending_has_no_seat_filter():
    with pytest.raises(PositionError, match="whole hands"):
        sampling.sample_worlds(Hand.parse("97.A8.-.-"), None, Game(CONTRACT, 6, 0), 1, 2,
                               samples=4, filter="seat", others=Hand.parse("KQ.KQ.AK.AK"))


@pytest.mark.parametrize("game", ["6S", "misere"])
def test_a_study_keeps_the_deals_whose_declarer_would_declare_from_his_seat(game):
    from pyanalysis.analysis.study import random_deals

    draw = random_deals(3, seed=2, game=game, declarer=1, filter="seat")
    assert len(draw.deals) == 3 and draw.drawn > 3
    parsed = Game.parse(game)
    for deal in draw.deals:
        view = sampling._view(deal.hand(1), deal.talon, parsed, 1, 1, None, None, 1)
        twelve = deal.hand(1).mask | Hand.from_cards(deal.talon).mask
        assert seat_bids([twelve], view, 2) == [True]


def test_the_command_line_says_the_seat_filter():
    from click.testing import CliRunner

    from pyanalysis.cli import main

    result = CliRunner().invoke(main, ["whist", "97.A87.A98.T9", "-g", "6S", "--declarer", "1",
                                       "--seat", "2", "--talon", "8S TD", "--filter", "seat",
                                       "--partner", "open", "--samples", "20", "--fixed"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "would declare this game from his own seat" in text
    assert "he makes 6 in at least half of them and 7 in fewer than 70%" in text
    assert "--filter bid, the default)" in text


def test_the_engine_rows_are_the_layouts_with_each_discard_taken_out():
    # `_hands_array` (built with numpy) against the rows written out one by one, and
    # `_by_suit` (read from a table) against the cards listed suit by suit.
    rng = random.Random(5)
    for trial in range(60):
        declarer = rng.randint(1, 3)
        batch = []
        for _ in range(rng.randint(1, 12)):
            cards = rng.sample(range(32), 32)
            hands = [sum(1 << c for c in cards[10 * k:10 * k + 10]) for k in range(3)]
            mine = hands[declarer - 1] | sum(1 << c for c in cards[30:])  # his ten and talon
            hands[declarer - 1] = 0
            batch.append((hands, mine))
        rows = [rng.randrange(len(batch)) for _ in range(rng.randint(0, 20))]
        pairs = [() if trial % 5 == 0 or (trial % 7 == 0 and k % 2) else tuple(sorted(
            rng.sample([c for c in range(32) if batch[i][1] >> c & 1], 2)))
            for k, i in enumerate(rows)]
        got = sampling._hands_array(batch, pairs, declarer, rows)
        assert got.shape == (len(rows), 3)
        for k, i in enumerate(rows):
            hands, mine = batch[i]
            want = list(hands)
            want[declarer - 1] = mine & ~sum(1 << c for c in pairs[k])
            assert [int(h) for h in got[k]] == want
        for hands, mine in batch:
            assert sampling._by_suit(mine) == [
                [c for c in range(32) if mine >> c & 1 and c // 8 == s] for s in range(4)]
