"""What a seat view's layouts are: the bidding filters of `sampling.sample_worlds` against a
brute force, and the counts asked, drawn and kept.

The brute force is written out here: on small misère endings (the catcher's n cards, a talon
of two, the declarer taking it and discarding two of his n + 2) every layout of the unseen
cards and every discard is solved by `solver.reference` (the plain minimax); a layout is one
the declarer would bid misère with when his best discard leaves him clean.
"""
from __future__ import annotations

import random
from itertools import combinations

import pytest

import pyanalysis as pa
import solver
from pyanalysis.analysis.layouts import MAX_DRAWS
from pyanalysis.analysis.sampling import sample_worlds, talon_cards
from pyanalysis.cards import Card
from pyanalysis.errors import PositionError
from pyanalysis.games import Game
from pyanalysis.hand import Hand
from solver import reference

MISERE = Game.parse("misere")


def mask(cards) -> int:
    """Cards (or card numbers, each once) as a bit mask."""
    return sum(1 << (c.index if isinstance(c, Card) else c) for c in cards)


def bits(m: int) -> list[int]:
    return [c for c in range(32) if m >> c & 1]


def other_seat(declarer: int, seat: int) -> int:
    return ({1, 2, 3} - {declarer, seat}).pop()


def misere_tricks(hands: dict[int, int], declarer: int, leader: int) -> int:
    """The declarer's tricks in misère, every card open, by the plain minimax."""
    position = solver.Position(hands=tuple(hands[s] for s in (1, 2, 3)), leader=leader - 1,
                               game=MISERE.kind, trump=None, focus=declarer - 1)
    return reference.tricks(position)


def brute(hand: Hand, talon: int, others: Hand, declarer: int, seat: int, leader: int
          ) -> dict[tuple[int, int], dict[tuple[int, int], int]]:
    """{(his n + 2 cards, the other unseen hand): {discard: his tricks}} for every layout."""
    n = len(hand)
    rest_seat = other_seat(declarer, seat)
    out = {}
    for combo in combinations(bits(others.mask), n):
        mine = mask(combo) | talon
        rest = others.mask & ~mask(combo)
        counts = {}
        for pair in combinations(bits(mine), 2):
            hands = {seat: hand.mask, rest_seat: rest, declarer: mine & ~mask(pair)}
            counts[pair] = misere_tricks(hands, declarer, leader)
        out[(mine, rest)] = counts
    return out


def ending(rng: random.Random):
    """A catcher's ending: his n cards, the talon, the 2n cards of the others, the seats."""
    n = rng.choice((2, 3))
    cards = rng.sample(range(32), 3 * n + 2)
    hand = Hand(mask(cards[:n]))
    talon = [Card.from_index(c) for c in cards[n:n + 2]]
    others = Hand(mask(cards[n + 2:]))
    declarer = rng.randint(1, 3)
    seat = rng.choice([s for s in (1, 2, 3) if s != declarer])
    return hand, talon, others, declarer, seat, rng.randint(1, 3)


def layout_of(deal: pa.Deal, declarer: int, seat: int) -> tuple[int, int]:
    return (deal.hand(declarer).mask | deal.discard.mask,
            deal.hand(other_seat(declarer, seat)).mask)


def worlds_or_none(*args, **kw):
    """The layouts kept, or None when none fits (said by a PositionError)."""
    try:
        return sample_worlds(*args, **kw)
    except PositionError as error:
        assert "fits the bidding filter" in str(error)
        return None


ENDINGS = [ending(random.Random(seed)) for seed in range(40)]


def test_clean_keeps_exactly_the_layouts_clean_with_his_best_discard():
    kinds = set()
    for hand, talon, others, declarer, seat, leader in ENDINGS:
        every = brute(hand, mask(talon), others, declarer, seat, leader)
        best = {layout: min(counts.values()) for layout, counts in every.items()}
        clean = {layout for layout, count in best.items() if count == 0}
        kinds.add((bool(clean), len(clean) < len(best)))
        args = (hand, talon, MISERE, declarer, seat)
        for model in ("dd", "low"):
            worlds = worlds_or_none(*args, samples="all", filter="clean", discard=model,
                                    others=others, leader=leader)
            if not clean:
                assert worlds is None
                continue
            assert worlds.filter == "clean" and worlds.discard_model == model
            assert worlds.exact and worlds.drawn == worlds.asked == len(best)
            kept = [layout_of(deal, declarer, seat) for deal in worlds.deals]
            assert len(kept) == len(set(kept)) == worlds.kept
            assert set(kept) == clean
            for deal, tricks, layout in zip(worlds.deals, worlds.tricks, kept):
                pair = tuple(sorted(c.index for c in deal.discard))
                assert every[layout][pair] == tricks
                if model == "dd":
                    assert tricks == 0  # his best discard: clean
                else:  # his two highest cards, clean or not
                    ranks = sorted((c.rank for c in Hand(layout[0])), reverse=True)
                    assert sorted((c.rank for c in deal.discard), reverse=True) == ranks[:2]
    # Endings with no clean layout, with some, and with every one clean all occurred.
    assert {(False, True), (True, True)} <= kinds


def test_at_most_one_keeps_the_old_rule_with_his_best_discard():
    for hand, talon, others, declarer, seat, leader in ENDINGS[:20]:
        every = brute(hand, mask(talon), others, declarer, seat, leader)
        best = {layout: min(counts.values()) for layout, counts in every.items()}
        wanted = {layout for layout, count in best.items() if count <= 1}
        worlds = worlds_or_none(hand, talon, MISERE, declarer, seat, samples="all",
                                filter="at-most-one", others=others, leader=leader)
        if not wanted:
            assert worlds is None
            continue
        kept = [layout_of(deal, declarer, seat) for deal in worlds.deals]
        assert worlds.filter == "at-most-one" and set(kept) == wanted
        assert worlds.tricks == [best[layout] for layout in kept]


def test_the_leaders_view_of_an_ending_keeps_the_clean_layouts():
    hand, talon, others, declarer, seat, leader = next(
        case for case in ENDINGS
        if 0 < sum(min(c.values()) == 0 for c in brute(case[0], mask(case[1]), case[2],
                                                       case[3], case[4], case[4]).values()))
    every = brute(hand, mask(talon), others, declarer, seat, seat)
    clean = sum(min(counts.values()) == 0 for counts in every.values())
    result = pa.lead_decision(hand, MISERE, declarer, leader=seat, others=others,
                              talon=talon, samples="all", filter="clean")
    assert result.exact and result.filter == "clean"
    assert (result.asked, result.drawn, result.kept) == (len(every), len(every), clean)
    # Clean against the leader's best lead is clean against each: no lead catches him.
    assert all(stats.set_probability == 0 for stats in result.leads.values())


# ----------------------------------------------------------------------------- whole hands

CATCHER = "J.A87.987.T97"   # the 1st hand, a catcher against the 2nd hand's misère
CATCHER_TALON = "AD QD"


def test_the_default_misere_filter_is_clean_and_draws_until_the_layouts_are_kept():
    args = (Hand.parse(CATCHER), talon_cards(CATCHER_TALON), MISERE, 2, 1)
    worlds = sample_worlds(*args, samples=2, seed=0)
    assert worlds.filter == "clean" and worlds.discard_model == "dd"
    assert worlds.kept == worlds.asked == 2 and worlds.max_draws == MAX_DRAWS
    assert worlds.drawn > 50 * worlds.asked  # past the old limit of 50 draws per layout
    for deal, tricks in zip(worlds.deals, worlds.tricks):
        twelve = Hand(deal.hand(2).mask | deal.discard.mask)
        counts = []
        for a, b in combinations(list(twelve), 2):
            hands = [deal.hand(1), Hand(twelve.mask & ~a.bit & ~b.bit), deal.hand(3)]
            counts.append(pa.solve(pa.Deal(tuple(hands)), MISERE, declarer=2).tricks)
        assert min(counts) == tricks == 0
    old = sample_worlds(*args, samples=5, seed=0, filter="at-most-one")
    assert old.filter == "at-most-one" and set(old.tricks) <= {0, 1} and 1 in old.tricks


def test_the_declarers_own_seat_in_misere_keeps_every_layout_unless_told():
    hand = Hand.parse("87.987.987.T9")
    talon = talon_cards("AS KS")  # his discard, out of play
    worlds = sample_worlds(hand, talon, MISERE, 1, 1, samples=5, seed=1)
    assert worlds.filter == "none" and worlds.drawn == worlds.kept == 5
    for word in ("bid", "clean"):
        with pytest.raises(PositionError) as info:
            sample_worlds(hand, talon, MISERE, 1, 1, samples=5, filter=word)
        assert str(info.value) == (
            "filter clean is not for the seat of the declarer: he sees his hand, and keeping "
            "only the layouts where he is clean would decide the answer; give filter 'none' or "
            "'at-most-one'")
    older = sample_worlds(hand, talon, MISERE, 1, 1, samples=5, seed=1, filter="at-most-one")
    assert older.filter == "at-most-one" and all(t <= 1 for t in older.tricks)


@pytest.mark.parametrize("word", ["clean", "at-most-one"])
def test_the_misere_filters_are_refused_for_a_contract(word):
    with pytest.raises(PositionError) as info:
        pa.whist_decision("QJ.AKT8.T.AT9", "7D", 1, 2, talon="7S JD", samples=3, filter=word)
    assert str(info.value) == (f"filter '{word}' is for misère; a contract's bidding filter "
                               f"is 'bid', 'seat' or 'dd'")


# ----------------------------------------------------------------------------- counts

def test_max_draws_stops_the_draw_and_the_result_says_fewer_were_kept():
    result = pa.whist_decision("QJ.AKT8.T.AT9", "7D", 1, 2, talon="7S JD", samples=50,
                               seed=0, max_draws=60)
    assert (result.asked, result.drawn, result.max_draws) == (50, 60, 60)
    assert 0 < result.kept < result.asked and result.short
    data = result.to_dict()
    assert (data["asked"], data["drawn"], data["kept"], data["max_draws"]) == (
        50, 60, result.kept, 60)
    enough = pa.whist_decision("QJ.AKT8.T.AT9", "7D", 1, 2, talon="7S JD", samples=10,
                               seed=0)
    assert enough.kept == enough.asked == 10 and not enough.short
    assert enough.max_draws == MAX_DRAWS


def test_max_draws_is_checked_and_is_for_sampling():
    args = (Hand.parse("AK.7.-.-"), None, MISERE, 1, 2)
    kw = dict(others=Hand.parse("QJ9.8.AK.-"), leader=2, filter="none")
    with pytest.raises(PositionError) as info:
        sample_worlds(*args, samples="all", max_draws=10, **kw)
    assert str(info.value) == "max_draws is for sampling: samples='all' takes every layout once"
    for bad in (0, MAX_DRAWS + 1, 2.5, True):
        with pytest.raises(PositionError, match=r"^max_draws "):
            pa.lead_decision("AK.7.-.-", "misere", 1, leader=2, others="QJ9.8.AK.-",
                             filter="none", samples=3, max_draws=bad)
