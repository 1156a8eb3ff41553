"""A defender's sure share (`solver.share`, `solver.shares_many`, `run_jobs(share=...)`).

The expected shares come from a brute force written plainly here: the game "the declarer takes
at most `limit` and the seat at least k" enumerated over every legal card, with both counters,
no double-dummy shortcut and no pruning; the share is the largest k the defence can force.
"""
from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

import solver
from solver import EngineArgumentError, Jobs, Position

TRUMPS = (None, 0, 1, 2, 3)


def brute_share(pos: Position, seat: int, limit: int) -> int:
    """The largest k such that the defenders can make sure, whatever the declarer does, that
    he takes at most `limit` of the tricks left and `seat` at least k of them."""

    @lru_cache(maxsize=None)
    def defence_wins(p: Position, budget: int, k: int) -> bool:
        if p.is_terminal:
            return budget >= 0 and k <= 0
        results = []
        for card in p.legal_moves():
            nxt, taker, _ = p.advance(card)
            results.append(defence_wins(nxt, budget - (taker == p.focus), k - (taker == seat)))
        # the defenders choose a card (either will do), the declarer any card (all must hold)
        return any(results) if p.to_move != p.focus else all(results)

    return max(k for k in range(pos.tricks_left + 1) if defence_wins(pos, limit, k))


def random_ending(rng: random.Random, cards: int, trump, suits: int) -> Position:
    """A contract with `cards` cards a hand from `suits` suits, any leader and declarer, at a
    trick's start or after one or two cards of it."""
    pool = [c for s in rng.sample(range(4), suits) for c in range(8 * s, 8 * s + 8)]
    deck = rng.sample(pool, 3 * cards)
    hands = tuple(sum(1 << c for c in deck[i * cards:(i + 1) * cards]) for i in range(3))
    pos = Position(hands=hands, leader=rng.randrange(3), game="contract", trump=trump,
                   focus=rng.randrange(3))
    for _ in range(rng.choice((0, 0, 1, 2))):
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


def endings(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [random_ending(rng, 3 + i % 2, TRUMPS[i % 5], rng.choice((2, 3, 4)))
            for i in range(count)]


@pytest.mark.slow
def test_shares_equal_the_brute_force_on_endings_of_three_and_four_cards():
    seen = {"mid-trick": 0, "four cards": 0, "more than the defence": 0, "limit above": 0}
    for pos in endings(220, 26):
        v = solver.tricks(pos)
        n = pos.tricks_left
        shares = {}
        for seat in (s for s in range(3) if s != pos.focus):
            shares[seat] = solver.share(pos, seat)
            assert shares[seat] == brute_share(pos, seat, v), (pos, seat)
            assert solver.share(pos, seat, v) == shares[seat]
            assert shares[seat] <= n - v
            if v < n:
                looser = solver.share(pos, seat, v + 1)
                assert looser == brute_share(pos, seat, v + 1), (pos, seat, v + 1)
                assert looser >= shares[seat]  # a looser limit leaves the defence more ways
                seen["limit above"] += 1
        seen["mid-trick"] += bool(pos.played)
        seen["four cards"] += n == 4 and not pos.played
        # Each share is one defender's own guarantee: together they may be more than the
        # defence's tricks (each counts on the other's help).
        seen["more than the defence"] += sum(shares.values()) > n - v
    assert all(k >= 10 for k in seen.values()), seen


def test_equal_cards_give_equal_shares():
    # The 1st hand leads against no-trumps by the 2nd; his 7♠ and 8♠ touch (nobody else holds
    # a spade between them), so leading either gives each defender the same share.
    pos = Position(hands=(0b11 | 1 << 14, 1 << 8 | 1 << 31 | 1 << 30, 1 << 15 | 1 << 29 | 1 << 2),
                   leader=0, game="contract", trump=None, focus=1)
    for seat in (0, 2):
        assert solver.share(pos.play(0), seat) == solver.share(pos.play(1), seat)
        assert solver.share(pos.play(0), seat) == brute_share(pos.play(0), seat,
                                                              solver.tricks(pos.play(0)))


def test_many_positions_at_once_give_the_single_answers():
    rng = random.Random(3)
    positions, seats, limits = [], [], []
    for _ in range(60):
        pos = random_ending(rng, rng.choice((3, 4, 5)), rng.choice(TRUMPS), 4)
        seat = rng.choice([s for s in range(3) if s != pos.focus])
        v = solver.tricks(pos)
        positions.append(pos)
        seats.append(seat)
        limits.append(rng.choice((None, v, min(v + 1, pos.tricks_left))))
    expected = [solver.Solver().share(p, s, lim) for p, s, lim in zip(positions, seats, limits)]
    for threads in (1, 2):
        got = solver.shares_many(positions, seats, limits=limits, threads=threads)
        assert got.dtype == np.int8 and list(got) == expected
    # run_jobs itself: the jobs' own targets are the limits
    jobs = Jobs.from_positions(positions, limits)
    assert list(solver.run_jobs(jobs, share=np.array(seats, dtype=np.int8))) == expected
    without = [solver.Solver().share(p, s) for p, s in zip(positions, seats)]
    assert list(solver.shares_many(positions, seats)) == without
    # one test a job: is the share at least k? (-1 where the limit is below his count)
    least = [rng.randint(0, p.tricks_left + 1) for p in positions]
    for threads in (1, 2):
        got = solver.run_jobs(Jobs.from_positions(positions, limits), share=seats,
                              share_least=least, threads=threads)
        assert list(got) == [-1 if e < 0 else int(e >= k) for e, k in zip(expected, least)]
    assert {0, 1} <= set(got.tolist())


def test_a_share_test_equals_the_brute_force_on_endings():
    for pos in endings(40, 11):
        v = solver.tricks(pos)
        for seat in (s for s in range(3) if s != pos.focus):
            share = brute_share(pos, seat, v)
            ks = list(range(pos.tricks_left + 2))
            got = solver.run_jobs(Jobs.from_positions([pos] * len(ks)), share=[seat] * len(ks),
                                  share_least=ks)
            assert list(got) == [int(share >= k) for k in ks], (pos, seat)


# -- the door ------------------------------------------------------------------------------

# The declarer (seat 0) leads three trumps: he takes all three tricks.
CONTRACT = Position(hands=(0b111, 0b111 << 8, 0b111 << 16), leader=0, game="contract",
                    trump=0, focus=0)


@pytest.mark.parametrize("seat, words", [
    (0, "seat: seat 0 is the declarer, not a defender"),
    (3, "seat: 3 is out of range 0..2"),
    (-1, "seat: -1 is out of range 0..2"),
    (True, "seat: True is not a seat 0..2"),
    (1.0, "seat: 1.0 is not a seat 0..2"),
])
def test_a_seat_that_is_not_a_defender_is_refused_naming_seat(seat, words):
    with pytest.raises(EngineArgumentError) as error:
        solver.share(CONTRACT, seat)
    assert str(error.value) == words
    assert solver.share(CONTRACT, 1) == solver.share(CONTRACT, 2) == 0


@pytest.mark.parametrize("game", ["misere", "raspasy"])
def test_misere_and_raspasy_have_no_share(game):
    pos = Position(hands=CONTRACT.hands, leader=0, game=game, focus=0)
    with pytest.raises(EngineArgumentError, match=f"^seat: a sure share is a contract "
                                                  f"defender's; this position is {game}$"):
        solver.share(pos, 1)


def test_a_limit_out_of_range_or_below_the_count_is_refused_naming_limit():
    v = solver.tricks(CONTRACT)
    assert v == 3
    for limit, words in ((4, "limit: 4 is out of range 0..3"), (-1, "limit: -1 is out of range"),
                         (2.0, "limit: 2.0 is not a whole number of tricks 0..3"),
                         (v - 1, f"limit: {v - 1} is below the declarer's double-dummy count "
                                 f"{v}")):
        with pytest.raises(EngineArgumentError) as error:
            solver.share(CONTRACT, 1, limit)
        assert str(error.value).startswith(words), str(error.value)
    assert solver.share(CONTRACT, 1, v) == solver.share(CONTRACT, 1)


def test_the_batch_door_names_the_job():
    misere = Position(hands=CONTRACT.hands, leader=0, game="misere", focus=0)
    with pytest.raises(EngineArgumentError, match=r"^seats\[1\]: seat 0 is the declarer"):
        solver.shares_many([CONTRACT, CONTRACT], [1, 0])
    with pytest.raises(EngineArgumentError, match=r"^seats\[0\]: a sure share is a contract"):
        solver.shares_many([misere], [1])
    with pytest.raises(EngineArgumentError, match=r"^seats: 1 seats for 2 positions$"):
        solver.shares_many([CONTRACT, CONTRACT], [1])
    with pytest.raises(EngineArgumentError, match=r"^limits\[0\]: 2 is below the declarer's"):
        solver.shares_many([CONTRACT], [1], limits=[2])
    with pytest.raises(EngineArgumentError, match=r"^limits\[0\]: 5 is out of range 0..3"):
        solver.shares_many([CONTRACT], [1], limits=[5])
    with pytest.raises(EngineArgumentError, match="^share: a sure share is asked alone"):
        solver.run_jobs(Jobs.from_positions([CONTRACT]), share=[1], target=1)
    jobs = Jobs.from_positions([CONTRACT, CONTRACT])
    for least, words in (([1, 11], r"^share_least\[1\]: 11 is out of range 0..10"),
                         ([1, -1], r"^share_least\[1\]: -1 is out of range 0..10"),
                         ([1, 1.5], r"^share_least\[1\]: 1.5 is not"),
                         ([1], r"^share_least: 1 numbers for 2 positions$"),
                         (3, r"^share_least: 3 is not a sequence")):
        with pytest.raises(EngineArgumentError, match=words):
            solver.run_jobs(jobs, share=[1, 2], share_least=least)
    with pytest.raises(EngineArgumentError, match=r"^share_least: asked with share"):
        solver.run_jobs(jobs, share_least=[1, 1])
    engine = solver.Solver()
    out = np.full(2, -1, dtype=np.int8)
    with pytest.raises(EngineArgumentError, match=r"^least\[0\]: 12 is not a number of tricks"):
        engine.run_share(jobs, 0, 2, np.array([1, 2], np.int8), out, np.array([12, 1], np.int8))
    with pytest.raises(EngineArgumentError, match=r"^least: 1 values for 2 positions$"):
        engine.run_share(jobs, 0, 2, np.array([1, 2], np.int8), out, np.array([1], np.int8))
