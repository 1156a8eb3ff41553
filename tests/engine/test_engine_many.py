"""Bound queries and many positions at once: Solver.at_least, tricks_many, run_jobs, Jobs and
the colex ranking of card subsets, each checked against the reference minimax or plain Python."""
from __future__ import annotations

import math
import random
import threading
import time
from itertools import combinations

import numpy as np
import pytest

import solver
import solver.many
from solver import Jobs, Position, reference
from engine_positions import GAME_SPECS, random_position

SPEC_IDS = [f"{g}-{t}-{r}" for g, t, r in GAME_SPECS]


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def mixed_positions(seed: int, count: int, max_cards: int = 4) -> list[Position]:
    """`count` random positions cycling through every game spec (mid-trick ones included)."""
    rng = random.Random(seed)
    return [random_position(rng, max_cards, spec=GAME_SPECS[i % len(GAME_SPECS)])
            for i in range(count)]


def random_ending(rng: random.Random, n: int, game: str = "contract", trump=None,
                  focus: int | None = None, leader: int | None = None):
    """A random n-card ending: (template position, focus seat, pool of the other two seats)."""
    cards = rng.sample(range(32), 3 * n)
    hands = [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3)]
    focus = rng.randrange(3) if focus is None else focus
    leader = rng.randrange(3) if leader is None else leader
    pos = Position(hands=tuple(hands), leader=leader, game=game, trump=trump, focus=focus)
    pool = sum(hands[s] for s in range(3) if s != focus)
    return pos, focus, pool


# --- Solver.at_least ------------------------------------------------------------------------

@pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
def test_at_least_agrees_with_reference_for_every_target(spec):
    # One Solver for all positions and targets: its table carries over between questions,
    # so a bound stored for one target must never answer another one wrongly.
    engine = solver.Solver(tt_mb=4)
    rng = random.Random(GAME_SPECS.index(spec))
    mid_trick = 0
    for _ in range(40):
        pos = random_position(rng, 4, spec=spec)
        mid_trick += bool(pos.played)
        value = reference.tricks(pos)
        for t in range(0, pos.tricks_left + 2):
            assert engine.at_least(pos, t) == (value >= t), (pos, t, value)
        with pytest.raises(solver.EngineArgumentError, match="target: -1 is out of range"):
            engine.at_least(pos, -1)
        # The module-level helper answers the same.
        assert solver.at_least(pos, value) and not solver.at_least(pos, value + 1), pos
    assert mid_trick > 0  # the sample covered positions with a trick in progress


@pytest.mark.parametrize("spec", GAME_SPECS, ids=SPEC_IDS)
def test_at_least_hands_equals_one_bound_query_per_hand(spec):
    # The positions differ in one seat's hand (a card swapped for one out of play), as the
    # worlds of a hidden discard do; each answer must be the bound query of that position,
    # and a hand that makes no valid position must be refused, as Position refuses it.
    engine, single = solver.Solver(tt_mb=2), solver.Solver(tt_mb=2)
    rng = random.Random(100 + GAME_SPECS.index(spec))
    asked = refused = stopped = mid_trick = 0
    for _ in range(60):
        pos = random_position(rng, 4, spec=spec)
        mid_trick += bool(pos.played)
        seat = rng.randrange(3)
        used = sum(pos.hands) | sum(1 << c for c in pos.played + pos.talon)
        free = [c for c in range(32) if not used >> c & 1]
        mine = [c for c in range(32) if pos.hands[seat] >> c & 1]
        if not mine or not free:
            continue
        hands = [pos.hands[seat] & ~(1 << rng.choice(mine)) | 1 << rng.choice(free)
                 for _ in range(rng.randint(1, 6))]
        target, stop_after = rng.randint(0, pos.tricks_left + 1), rng.choice([-1, 0, 1])
        others: list[Position] = []
        error = None
        for i, hand in enumerate(hands):  # every hand is checked before any is searched
            try:
                others.append(Position(**{**pos.__dict__, "hands": tuple(
                    hand if s == seat else h for s, h in enumerate(pos.hands))}))
            except ValueError:
                error = i
                break
        if error is not None:
            with pytest.raises(ValueError, match=f"hand {error}"):
                engine.at_least_hands(pos, seat, hands, target, stop_after)
            refused += 1
            continue
        want: list[bool] = []
        for other in others:
            want.append(single.at_least(other, target))
            if 0 <= stop_after < want.count(False):
                break
        got = engine.at_least_hands(pos, seat, hands, target, stop_after)
        assert got == want, (pos, seat, hands, target, stop_after)
        asked += len(got)
        stopped += len(got) < len(hands)
    assert asked > 50 and stopped > 0 and mid_trick > 0, (asked, stopped, mid_trick)


def test_at_least_hands_rejects_bad_hands():
    pos = Position(hands=(0b111, 0b111000, 0b111000000), leader=0, game="misere", focus=0)
    engine = solver.Solver(tt_mb=1)
    for hands, message in [([0b111 | 1 << 20], "hand 0 holds 4 card"), ([1 << 20], "hand 0 holds 1"),
                           ([0b111, 0b1001], "hand 1 holds a card of another hand"),
                           ([-1], "hand 0: -1 is not"), (["x"], "hand 0: 'x' is not")]:
        with pytest.raises(ValueError, match=message):
            engine.at_least_hands(pos, 0, hands, 1)
    # Seat 1 discarded the ace of clubs on the 7 of spades: a hand with a spade would have
    # had to follow suit.
    spade_7, spade_8, spade_10, club_ace, heart_7, heart_9 = 0, 1, 3, 15, 24, 26
    mid = Position(hands=(1 << spade_10, 1 << heart_9, 1 << 27 | 1 << 28), leader=0,
                   game="misere", focus=2, played=(spade_7, club_ace))
    other = Position(**{**mid.__dict__, "hands": (1 << spade_10, 1 << heart_7, 1 << 27 | 1 << 28)})
    assert engine.at_least_hands(mid, 1, [1 << heart_7], 1) == [engine.at_least(other, 1)]
    with pytest.raises(ValueError, match="hand 0: the card it played"):
        engine.at_least_hands(mid, 1, [1 << spade_8], 1)
    with pytest.raises(ValueError, match="seat: 3 is out of range"):
        engine.at_least_hands(pos, 3, [0b111], 1)
    assert engine.at_least_hands(pos, 0, [], 1) == []


@pytest.mark.parametrize("rule", ["suit", "card"])
def test_at_least_with_both_talon_tricks_to_come(rule):
    engine = solver.Solver(tt_mb=4)
    rng = random.Random(7)
    for _ in range(40):
        pos = random_position(rng, 4, spec=("raspasy", None, rule), suits=3, full_talon=True)
        value = reference.tricks(pos)
        for t in range(0, pos.tricks_left + 2):
            assert engine.at_least(pos, t) == (value >= t), (pos, t, value)


# --- tricks_many ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mixed():
    positions = mixed_positions(11, 300)
    return positions, [reference.tricks(p) for p in positions]


@pytest.mark.parametrize("threads", [1, 2])
def test_tricks_many_counts_equal_the_reference_in_input_order(mixed, threads, monkeypatch):
    positions, expected = mixed
    # Small chunks, so that two threads really share these 300 positions.
    monkeypatch.setattr(solver.many, "CHUNK", 16)
    got = solver.tricks_many(positions, threads=threads)
    assert isinstance(got, np.ndarray) and got.dtype == np.int8
    assert got.tolist() == expected
    # The same positions reversed come back reversed: the order is the input's.
    assert solver.tricks_many(positions[::-1], threads=threads).tolist() == expected[::-1]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("target", [0, 1, 2, 3, 5])
def test_tricks_many_with_a_target_equals_the_reference_bound(mixed, threads, target,
                                                              monkeypatch):
    positions, expected = mixed
    monkeypatch.setattr(solver.many, "CHUNK", 16)
    got = solver.tricks_many(positions, target=target, threads=threads)
    assert got.dtype == np.int8
    assert got.tolist() == [int(v >= target) for v in expected]


@pytest.mark.parametrize("threads", [1, 2])
def test_tricks_many_with_a_target_per_position(mixed, threads, monkeypatch):
    positions, expected = mixed
    monkeypatch.setattr(solver.many, "CHUNK", 16)
    rng = random.Random(5)
    targets = [rng.choice([None, 0, 1, 2, 3, 4]) for _ in positions]
    got = solver.tricks_many(positions, target=targets, threads=threads)
    assert got.tolist() == [v if t is None else int(v >= t) for v, t in zip(expected, targets)]
    with pytest.raises(ValueError, match="targets for"):
        solver.tricks_many(positions, target=targets[:-1])
    with pytest.raises(ValueError, match="target"):
        solver.tricks_many(positions[:2], target=[1, -1])


def test_tricks_many_with_the_real_chunk_size_on_two_threads():
    # More positions than two chunks: both threads take work with the default chunk size.
    n = 2 * solver.many.CHUNK + 37
    positions = mixed_positions(23, n, max_cards=3)
    expected = [reference.tricks(p) for p in positions]
    assert solver.tricks_many(positions, threads=2).tolist() == expected
    assert solver.tricks_many(positions, target=2, threads=2).tolist() == \
        [int(v >= 2) for v in expected]


@pytest.mark.parametrize("threads", [1, 2])
def test_tricks_many_whole_answers_equal_the_reference(mixed, threads, monkeypatch):
    positions, expected = mixed
    monkeypatch.setattr(solver.many, "CHUNK", 16)
    got = solver.tricks_many(positions, moves=True, lines=True, threads=threads)
    assert got.tricks.tolist() == expected
    assert got.moves.shape == (len(positions), 32) and got.lines.shape == (len(positions), 30)
    for pos, value, row, line in zip(positions, expected, got.moves, got.lines):
        best = reference.moves(pos)
        assert {c: int(row[c]) for c in range(32) if row[c] >= 0} == best, pos
        # The line is played card by card, each one keeping the value, to the end.
        cards = [int(c) for c in line if c >= 0]
        assert (line[len(cards):] == -1).all()
        here = pos
        for card in cards:
            assert reference.moves(here)[card] == value, (pos, cards, card)
            here, taker, _ = here.advance(card)
            value -= taker == pos.focus
        assert here.is_terminal and value == 0, (pos, cards)
    # Without lines: the same counts and values, no line array.
    plain = solver.tricks_many(positions, moves=True, threads=threads)
    assert plain.lines is None
    assert (plain.tricks == got.tricks).all() and (plain.moves == got.moves).all()
    with pytest.raises(ValueError, match="bound"):
        solver.tricks_many(positions, moves=True, target=3)


def test_tricks_many_whole_answers_of_terminal_and_full_positions():
    # A full trump deal from every seat as declarer, and a position with nothing left.
    rng = random.Random(11)
    cards = rng.sample(range(32), 30)
    hands = tuple(sum(1 << c for c in cards[i * 10:(i + 1) * 10]) for i in range(3))
    positions = [Position(hands=hands, game="contract", trump=0, focus=f) for f in range(3)]
    positions.append(Position(hands=(0, 0, 0), game="contract", trump=0, focus=0))
    got = solver.tricks_many(positions, moves=True, lines=True, threads=2)
    engine = solver.Solver()
    for i, pos in enumerate(positions[:3]):
        value, moves, _ = engine.full(pos)
        assert got.tricks[i] == value == engine.tricks(pos)
        assert {c: int(got.moves[i, c]) for c in range(32) if got.moves[i, c] >= 0} == moves
        assert (got.lines[i] >= 0).sum() == 30
    assert got.tricks[3] == 0 and (got.moves[3] == -1).all() and (got.lines[3] == -1).all()


def test_tricks_many_of_nothing_is_an_empty_array():
    for target in (None, 3):
        for threads in (None, 1, 2):
            got = solver.tricks_many([], target=target, threads=threads)
            assert isinstance(got, np.ndarray) and got.shape == (0,) and got.dtype == np.int8


@pytest.mark.parametrize("target", [1.5, "2", True, False, [1]])
def test_tricks_many_rejects_a_bad_target(mixed, target):
    with pytest.raises(ValueError, match="target"):
        solver.tricks_many(mixed[0][:3], target=target)


@pytest.mark.parametrize("threads", [0, -1, 1.0, "2", True])
def test_tricks_many_rejects_bad_threads(mixed, threads):
    with pytest.raises(ValueError, match="threads"):
        solver.tricks_many(mixed[0][:3], threads=threads)


# --- binomial, subset, subset_rank ----------------------------------------------------------

def test_binomial_matches_math_comb():
    for n in range(33):
        for k in range(-2, n + 3):
            expected = math.comb(n, k) if 0 <= k <= n else 0
            assert solver.binomial(n, k) == expected, (n, k)
    for n in (-1, 33, 40):
        with pytest.raises(ValueError):
            solver.binomial(n, 1)


def random_pool(rng: random.Random, m: int) -> int:
    return sum(1 << c for c in rng.sample(range(32), m))


def test_subset_and_subset_rank_are_inverse_bijections_on_every_rank():
    rng = random.Random(3)
    for m in list(range(0, 11)) + [32]:
        pool = random_pool(rng, m)
        cards = [c for c in range(32) if pool >> c & 1]
        for k in range(m + 1):
            total = math.comb(m, k)
            ranks = range(total) if total <= 300 else rng.sample(range(total), 300)
            seen = {}
            for r in ranks:
                sub = solver.subset(pool, k, r)
                assert sub & ~pool == 0, (pool, k, r)
                assert popcount(sub) == k
                assert solver.subset_rank(pool, sub) == r
                assert sub not in seen, (pool, k, r, seen.get(sub))
                seen[sub] = r
            if total <= 300:
                # Every k-subset of the pool is reached, exactly once.
                assert set(seen) == {sum(1 << c for c in combo)
                                     for combo in combinations(cards, k)}
                # Colex order: the masks (cards ascending = bits ascending) increase with rank.
                masks = [solver.subset(pool, k, r) for r in range(total)]
                assert masks == sorted(masks)
            # Rank 0 is the k lowest cards of the pool, the last rank the k highest.
            assert solver.subset(pool, k, 0) == sum(1 << c for c in cards[:k])
            assert solver.subset(pool, k, total - 1) == sum(1 << c for c in cards[m - k:])


def test_subset_rank_of_every_subset_of_a_pool_is_its_colex_position():
    rng = random.Random(4)
    for _ in range(20):
        pool = random_pool(rng, rng.randint(1, 9))
        cards = [c for c in range(32) if pool >> c & 1]
        for k in range(len(cards) + 1):
            subs = sorted(sum(1 << c for c in combo) for combo in combinations(cards, k))
            assert [solver.subset_rank(pool, s) for s in subs] == list(range(len(subs)))


def test_subset_rejects_ranks_and_sizes_out_of_range():
    pool = 0b1011_0110
    with pytest.raises(ValueError):
        solver.subset(pool, 2, math.comb(5, 2))
    with pytest.raises(ValueError):
        solver.subset(pool, 2, -1)
    with pytest.raises(ValueError):
        solver.subset(pool, 6, 0)
    with pytest.raises(ValueError):
        solver.subset_rank(pool, 0b1)  # card 0 is not in the pool


# --- Jobs -----------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 11))
def test_layouts_are_every_split_exactly_once(n):
    rng = random.Random(100 + n)
    template, focus, pool = random_ending(rng, n)
    seats = [s for s in range(3) if s != focus]
    seat_a = seats[n % 2]  # either of the two other seats
    seat_b = seats[1 - n % 2]
    total = math.comb(2 * n, n)
    ranks = np.arange(total, dtype=np.int64)
    if n % 3 == 0:
        ranks = np.random.default_rng(n).permutation(ranks)
    jobs = Jobs.layouts(template, seat_a, pool, n, ranks)
    assert len(jobs) == total
    seen = set()
    for i in range(total):
        hands = jobs.hands(i)
        assert hands[focus] == template.hands[focus]  # the fixed hand is untouched
        a, b = hands[seat_a], hands[seat_b]
        assert popcount(a) == n and popcount(b) == n
        assert a & b == 0 and a | b == pool
        if n <= 6 or i % 997 == 0:
            assert a == solver.subset(pool, n, int(ranks[i]))
        seen.add(a)
    assert len(seen) == total  # no layout twice, so all C(2n, n) of them
    with pytest.raises(IndexError):
        jobs.hands(total)


def test_layouts_solved_equal_the_reference_per_layout():
    rng = random.Random(8)
    for game, trump in (("contract", 1), ("contract", None), ("misere", None)):
        template, focus, pool = random_ending(rng, 3, game=game, trump=trump)
        seat_a = (focus + 1) % 3
        ranks = np.arange(math.comb(6, 3), dtype=np.int64)
        jobs = Jobs.layouts(template, seat_a, pool, 3, ranks)
        got = solver.run_jobs(jobs, threads=1)
        for i in range(len(jobs)):
            pos = Position(hands=jobs.hands(i), leader=template.leader, game=game, trump=trump,
                           focus=focus)
            assert got[i] == reference.tricks(pos), pos


def test_layouts_reject_bad_arguments():
    rng = random.Random(9)
    template, focus, pool = random_ending(rng, 3)
    seat_a = (focus + 1) % 3
    ok = np.arange(3, dtype=np.int64)
    with pytest.raises(ValueError):
        Jobs.layouts(template, seat_a, pool, 3, np.array([20], dtype=np.int64))
    with pytest.raises(ValueError):
        Jobs.layouts(template, seat_a, pool, 3, np.array([-1], dtype=np.int64))
    with pytest.raises(ValueError):
        Jobs.layouts(template, 3, pool, 3, ok)
    with pytest.raises(ValueError):
        Jobs.layouts(template, seat_a, pool, 7, ok)
    # A pool that is not what the two other seats hold.
    with pytest.raises(ValueError):
        Jobs.layouts(template, seat_a, pool & (pool - 1), 3, ok)


# --- run_jobs -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ending_jobs():
    """Every layout of a 4-card ending, and the reference count of each."""
    rng = random.Random(2024)
    template, focus, pool = random_ending(rng, 4, game="contract", trump=None)
    seat_a = (focus + 1) % 3
    jobs = Jobs.layouts(template, seat_a, pool, 4, np.arange(70, dtype=np.int64))
    values = [reference.tricks(Position(hands=jobs.hands(i), leader=template.leader,
                                        game="contract", trump=None, focus=focus))
              for i in range(len(jobs))]
    return jobs, values


def common_value(values, target):
    """The most frequent answer in target mode, and how many times it occurs."""
    bits = [int(v >= target) for v in values]
    value = max((0, 1), key=bits.count)
    return bits, value, bits.count(value)


@pytest.mark.parametrize("threads", [1, 2])
def test_run_jobs_gives_up_once_the_bound_is_passed(ending_jobs, threads, monkeypatch):
    jobs, values = ending_jobs
    monkeypatch.setattr(solver.many, "CHUNK", 4)
    tried = 0
    for target in range(1, 5):
        bits, value, count = common_value(values, target)
        if count < 20:
            continue
        tried += 1
        got = solver.run_jobs(jobs, target=target, threads=threads, give_up=(value, 2))
        assert got.shape == (len(jobs),)
        solved = [i for i in range(len(jobs)) if got[i] >= 0]
        assert -1 in got.tolist(), "the run did not stop early"
        assert set(got.tolist()) <= {-1, 0, 1}
        for i in solved:  # never a wrong answer for the entries it did solve
            assert got[i] == bits[i], (target, i)
        # It stopped because the bound was passed, not before.
        assert sum(1 for i in solved if got[i] == value) > 2
        # A bound never passed leaves nothing unsolved.
        full = solver.run_jobs(jobs, target=target, threads=threads,
                               give_up=(value, count))
        assert full.tolist() == bits
    assert tried  # the ending has a target that most layouts share
    # In count mode the bound is on the trick count.
    common = max(set(values), key=values.count)
    got = solver.run_jobs(jobs, threads=threads, give_up=(common, 1))
    assert -1 in got.tolist()
    assert all(got[i] == values[i] for i in range(len(jobs)) if got[i] >= 0)


def test_run_jobs_gives_up_on_a_full_deal_with_the_real_chunk_size():
    # A random ten-card hand rarely takes all ten: most answers are 0, so the run stops after
    # a chunk or two of the 184,756 layouts; the answers it gives agree with the
    # single-position search.
    rng = random.Random(12)
    cards = rng.sample(range(32), 32)
    hands = [sum(1 << c for c in cards[10 * i:10 * i + 10]) for i in range(3)]
    template = Position(hands=tuple(hands), leader=0, game="contract", trump=2, focus=1)
    pool = hands[0] | hands[2]
    total = math.comb(20, 10)
    jobs = Jobs.layouts(template, 0, pool, 10, np.arange(total, dtype=np.int64))
    engine = solver.Solver()
    target = 10
    got = solver.run_jobs(jobs, target=target, threads=2, give_up=(0, 100))
    solved = np.flatnonzero(got >= 0)
    assert 100 < len(solved) < total
    for i in random.Random(1).sample(solved.tolist(), 60):
        pos = Position(hands=jobs.hands(i), leader=0, game="contract", trump=2, focus=1)
        assert got[i] == int(engine.at_least(pos, target)), i


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("chunk", [3, 512])
def test_run_jobs_progress_adds_up_to_the_job_count(ending_jobs, threads, chunk, monkeypatch):
    jobs, values = ending_jobs
    monkeypatch.setattr(solver.many, "CHUNK", chunk)
    told: list[int] = []
    caller = threading.get_ident()
    callers = set()

    def progress(k: int) -> None:
        told.append(k)
        callers.add(threading.get_ident())

    got = solver.run_jobs(jobs, threads=threads, progress=progress)
    assert got.tolist() == values
    assert sum(told) == len(jobs)
    assert all(k >= 0 for k in told)  # 0: a tenth of a second with no job done
    assert callers == {caller}  # called from the calling thread


@pytest.mark.parametrize("threads", [1, 2])
def test_run_jobs_with_stop_already_set_is_cancelled(ending_jobs, threads):
    jobs, _ = ending_jobs
    stop = threading.Event()
    stop.set()
    with pytest.raises(solver.Cancelled):
        solver.run_jobs(jobs, threads=threads, stop=stop)
    with pytest.raises(solver.Cancelled):
        solver.run_jobs(jobs, target=2, threads=threads, stop=stop, progress=lambda k: None)


@pytest.mark.parametrize("threads", [1, 2])
def test_a_stop_is_heard_within_a_chunk(threads):
    # Misère on random whole deals with the real chunk size: a chunk of 512 is most of a
    # second's work for one thread. A stop set at the first report ends the run within a
    # step, not after the chunks in hand.
    rng = random.Random(7)
    rows = []
    for _ in range(512 * 8):
        cards = rng.sample(range(32), 30)
        rows.append([sum(1 << c for c in cards[10 * i:10 * i + 10]) for i in range(3)])
    rows = np.array(rows, dtype=np.uint32)
    template = Position(hands=tuple(int(h) for h in rows[0]), leader=0, game="misere",
                        trump=None, focus=1)
    solver.run_jobs(Jobs.from_hands(template, rows[:16]), threads=threads)  # the tables
    stop = threading.Event()
    told: list[int] = []
    when: list[float] = []

    def progress(k: int) -> None:
        told.append(k)
        if not stop.is_set():
            stop.set()
            when.append(time.monotonic())

    with pytest.raises(solver.Cancelled):
        solver.run_jobs(Jobs.from_hands(template, rows), threads=threads, stop=stop,
                        progress=progress)
    late = time.monotonic() - when[0]
    assert sum(told) < len(rows)
    assert late < 0.3, f"the run went on {late:.2f} s after its stop"


def test_run_jobs_from_positions_equals_tricks_many(mixed):
    positions, expected = mixed
    jobs = Jobs.from_positions(positions)
    assert len(jobs) == len(positions)
    for i in (0, 7, len(positions) - 1):
        assert jobs.hands(i) == positions[i].hands
    assert solver.run_jobs(jobs, threads=1).tolist() == expected
