"""Seat views searched in batches: `sampling.sample_bid_many` (many defenders' views of one
game drawn together) and `SeatDecider.prepare` (the decisions of many layouts made ready
together) give what each view, each decision, gives alone."""
from __future__ import annotations

import random

import pytest

import pyanalysis as pa
from pyanalysis.analysis.declare_seat import SeatDecider
from pyanalysis.analysis.layouts import discard_classes
from pyanalysis.analysis.sampling import sample_bid_many
from pyanalysis.analysis.whist import Node, whisting_tree
from pyanalysis.cards import Card
from pyanalysis.deal import Deal
from pyanalysis.games import CONTRACT, Game
from pyanalysis.hand import Hand
from pyanalysis.rules import RuleSet


def whole_deal(seed: int) -> tuple[list[int], list[Card]]:
    """The declarer's (1st hand) twelve, the 2nd and 3rd hands' ten, and the talon."""
    rng = random.Random(seed)
    deck = rng.sample(range(32), 32)
    hands = [sum(1 << c for c in deck[:12]), sum(1 << c for c in deck[12:22]),
             sum(1 << c for c in deck[22:])]
    return hands, [Card.from_index(c) for c in deck[10:12]]


def views_of(seeds: range, talon_seed: int) -> tuple[list, list[Card]]:
    """Views of the 3rd hand (the second defender): his ten, the twenty he cannot see."""
    _, talon = whole_deal(talon_seed)
    talon_mask = Hand.from_cards(talon).mask
    rest = [c for c in range(32) if not talon_mask >> c & 1]
    out = []
    for s in seeds:
        mine = random.Random(s).sample(rest, 10)
        hand = Hand(sum(1 << c for c in mine))
        others = Hand(sum(1 << c for c in rest) & ~hand.mask)
        out.append((hand, others, 1000 + s))
    return out, talon


def test_a_view_drawn_in_a_batch_is_the_view_drawn_alone():
    views, talon = views_of(range(6), 3)
    game = Game(CONTRACT, 7, 1)
    together = sample_bid_many(views, talon, game, 1, 3, samples=12, max_draws=60)
    for view, worlds in zip(views, together):
        [alone] = sample_bid_many([view], talon, game, 1, 3, samples=12, max_draws=60)
        assert (worlds is None) == (alone is None)
        if worlds is not None:
            assert [str(d) for d in worlds.deals] == [str(d) for d in alone.deals]
            assert (worlds.tricks, worlds.drawn, worlds.kept) == (
                alone.tricks, alone.drawn, alone.kept)
    assert any(w is not None and w.kept == 12 for w in together)


def test_a_short_view_draws_on_to_the_least_and_keeps_its_first_layouts():
    """Past `max_draws` a view with fewer than `least` kept draws on (to `least_draws`); its
    layouts up to `max_draws` are those it kept without `least`, and the views that were not
    short are unchanged."""
    views, talon = views_of(range(8), 3)
    game = Game(CONTRACT, 8, 1)
    plain = sample_bid_many(views, talon, game, 1, 3, samples=12, max_draws=24)
    more = sample_bid_many(views, talon, game, 1, 3, samples=12, max_draws=24, least=6,
                           least_draws=400)
    drew_on = 0
    for before, after in zip(plain, more):
        if before is not None and before.kept >= 6:
            assert [str(d) for d in after.deals] == [str(d) for d in before.deals]
            assert after.drawn == before.drawn
            continue
        assert after is None or after.kept >= 6 or after.drawn == 400
        if after is not None and before is not None:
            assert [str(d) for d in after.deals[:before.kept]] == [str(d) for d in before.deals]
        drew_on += after is not None and after.drawn > 24
    assert drew_on, "some view should have been short at 24 draws"


def test_every_layout_kept_fits_the_bid_with_his_best_discard():
    # Checked plainly: every distinct discard of his twelve solved on its own.
    views, talon = views_of(range(3), 5)
    game = Game(CONTRACT, 6, 0)
    for worlds in sample_bid_many(views, talon, game, 1, 3, samples=6, max_draws=40):
        assert worlds is not None and worlds.kept == 6 and worlds.drawn >= 6
        for deal, tricks in zip(worlds.deals, worlds.tricks):
            twelve = deal.hands[0].mask | deal.discard.mask
            in_play = twelve | deal.hands[1].mask | deal.hands[2].mask
            best = max(
                pa.solve(Deal((Hand(twelve & ~sum(1 << c for c in group[0])),
                               deal.hands[1], deal.hands[2])), game, 1).tricks
                for group in discard_classes(twelve, in_play & ~twelve))
            assert tricks == best >= game.level - 1
            assert pa.solve(deal, game, 1).tricks == tricks


@pytest.mark.parametrize("seed", [11, 12])
def test_prepared_decisions_are_the_decisions_made_one_at_a_time(seed):
    rules = RuleSet.get("sochi")
    hands, talon = whole_deal(seed)
    rng = random.Random(seed)
    rest = hands[1] | hands[2] | (hands[0] & ~Hand.from_cards(talon).mask)
    cards = [c for c in range(32) if rest >> c & 1]
    layouts = []
    for _ in range(8):  # the 2nd hand's ten fixed, the other twenty dealt again
        free = [c for c in cards if not hands[1] >> c & 1]
        rng.shuffle(free)
        declarer = sum(1 << c for c in free[:10]) | Hand.from_cards(talon).mask
        layouts.append((declarer, hands[1], sum(1 << c for c in free[10:])))
    games = [Game(CONTRACT, 6, 2), Game(CONTRACT, 7, 2)]
    batched = SeatDecider(tuple(talon), 1, 1, rules, 3, samples=10, seed=seed)
    alone = SeatDecider(tuple(talon), 1, 1, rules, 3, samples=10, seed=seed)
    for game in games:
        tree = whisting_tree(game, 1, rules, 3)
        points = [(tree.options[w], (w,), layout) for layout in layouts for w in tree.options
                  if isinstance(tree.options[w], Node)]
        batched.prepare(game, points)
        for node, said, layout in points:
            assert batched.word(node, game, said, layout) == alone.word(node, game, said,
                                                                        layout)
    assert batched.table.weighed == alone.table.weighed
    assert len(set(batched.table.weighed)) >= 1 and len(batched.table.weighed) >= 8
