"""The endings tables (solver/endings.py): their numbering of positions, and every value they
ship, against the plain minimax of solver.reference and against the search."""
from __future__ import annotations

import random
import zlib

import numpy as np
import pytest

import solver
from solver import endings, reference
from solver._build import engine
from solver.position import Position


def shipped(tricks: int) -> bytes:
    with open(endings.path(tricks), "rb") as f:
        return zlib.decompress(f.read())


@pytest.fixture(scope="module")
def tables() -> dict[int, bytes]:
    return {tricks: shipped(tricks) for tricks in endings.SIZES}


def deal(rng: random.Random, tricks: int, suits: int = 4) -> tuple[int, int, int]:
    pool = [c for s in rng.sample(range(4), suits) for c in range(8 * s, 8 * s + 8)]
    cards = rng.sample(pool, 3 * tricks)
    return tuple(sum(1 << c for c in cards[i * tricks:(i + 1) * tricks]) for i in range(3))


def pattern_multiset(hands: tuple[int, int, int], focus: int) -> tuple:
    """The position as the table reads it, computed plainly: for each suit the owners of its
    cards from the lowest up (0 the focus player, then the seats after him), suits sorted."""
    out = []
    for suit in range(4):
        owners = []
        for rank in range(8):
            for seat in range(3):
                if hands[seat] >> (8 * suit + rank) & 1:
                    owners.append((seat - focus) % 3)
        out.append(tuple(owners))
    return tuple(sorted(out))


def table_value(tables: dict[int, bytes], pos: Position) -> int:
    """The value the shipped table holds for `pos`, read from its bytes here."""
    tricks = bin(pos.hands[0]).count("1")
    number, leader = engine.endings_entry(pos)
    return tables[tricks][number] // (tricks + 1) ** leader % (tricks + 1)


def test_the_tables_are_loaded():
    # they ship beside the engine; without them the search is exact but slower
    assert all(engine.endings_loaded(t) for t in endings.SIZES)


@pytest.mark.parametrize("tricks", endings.SIZES)
def test_the_numbers_are_the_multisets_of_patterns(tricks, tables):
    # as many numbers as multisets, counted independently; each number's position numbers
    # back to it; positions with the same multiset share a number, others do not
    assert engine.endings_size(tricks) == endings.multisets(tricks) == len(tables[tricks])
    rng = random.Random(tricks)
    for number in rng.sample(range(engine.endings_size(tricks)), 3000):
        hands = engine.endings_position(tricks, number)
        assert engine.endings_entry(Position(hands, game="misere", focus=0)) == (number, 0)
    seen: dict[int, tuple] = {}
    for i in range(4000):
        hands = deal(rng, tricks, suits=rng.choice((2, 3, 4)))
        focus, leader = rng.randrange(3), rng.randrange(3)
        game = rng.choice(["misere", "raspasy"])
        number, lead = engine.endings_entry(Position(hands, leader=leader, game=game, focus=focus))
        assert lead == (leader - focus) % 3
        shape = pattern_multiset(hands, focus)
        assert seen.setdefault(number, shape) == shape
    assert len(set(seen.values())) == len(seen)


def test_a_position_is_numbered_alike_whatever_its_suits_ranks_and_seats(tables):
    rng = random.Random(7)
    for _ in range(1500):
        tricks = rng.choice(endings.SIZES)
        hands = deal(rng, tricks)
        focus, leader = rng.randrange(3), rng.randrange(3)
        pos = Position(hands, leader=leader, game="misere", focus=focus)
        # the suits renamed, each suit's cards moved to other ranks in the same order, and
        # every seat moved round the table
        perm = rng.sample(range(4), 4)
        shift = rng.randrange(3)
        # a rank map per suit that keeps the order of the cards in play
        maps = {}
        for suit in range(4):
            ranks = [r for r in range(8) if any(h >> (8 * suit + r) & 1 for h in hands)]
            maps[suit] = dict(zip(ranks, sorted(rng.sample(range(8), len(ranks)))))
        moved = [0, 0, 0]
        for seat in range(3):
            for c in range(32):
                if hands[seat] >> c & 1:
                    suit, rank = divmod(c, 8)
                    moved[(seat + shift) % 3] |= 1 << (8 * perm[suit] + maps[suit][rank])
        other = Position(tuple(moved), leader=(leader + shift) % 3, game="raspasy",
                         focus=(focus + shift) % 3)
        assert engine.endings_entry(other) == engine.endings_entry(pos)
        assert table_value(tables, other) == table_value(tables, pos)


@pytest.mark.parametrize("tricks, count", [(4, 400), (5, 40)])
def test_the_shipped_values_are_the_minimax_values(tricks, count, tables):
    # read from the shipped bytes, against the plain minimax; few and short suits too, where
    # the hands meet in the same suits
    rng = random.Random(100 + tricks)
    for i in range(count):
        hands = deal(rng, tricks, suits=(4, 3, 2)[i % 3] if tricks == 4 else 4)
        pos = Position(hands, leader=rng.randrange(3), game=rng.choice(["misere", "raspasy"]),
                       focus=rng.randrange(3))
        reference.clear_cache()
        assert table_value(tables, pos) == reference.tricks(pos)


def test_the_four_trick_table_is_what_the_search_makes(tables):
    # the whole table made again (a second or two) must be the shipped one
    assert endings.build(4) == tables[4]


def test_parts_of_the_five_trick_table_are_what_the_search_makes(tables):
    # the whole table takes about half a minute on two cores: random stretches of it
    size = engine.endings_size(5)
    out = np.zeros(size, dtype=np.uint8)
    rng = random.Random(5)
    searcher = solver.Solver(tt_mb=4)
    for start in rng.sample(range(0, size - 3000), 6) + [0, size - 3000]:
        assert searcher.build_endings(5, start, start + 3000, out) == 0
        assert out[start:start + 3000].tobytes() == tables[5][start:start + 3000]


def test_a_table_is_refused_unless_it_has_the_right_size_and_values():
    with pytest.raises(ValueError, match="has 10 bytes"):
        engine.load_endings(4, bytes(10))
    with pytest.raises(ValueError, match="not a value"):
        engine.load_endings(4, bytes([200]) * engine.endings_size(4))
    with pytest.raises(ValueError, match="no endings table of 6 tricks"):
        engine.endings_size(6)
    with pytest.raises(ValueError, match="not a misère or raspasy"):
        engine.endings_entry(Position((0b1111, 0b1111 << 8, 0b1111 << 16), game="contract"))
    assert engine.endings_loaded(4)


def test_the_search_with_the_tables_equals_the_search_without(tables):
    # full deals and mid-trick positions of misère and raspasy, every talon rule
    rng = random.Random(3)
    on = solver.Solver(tt_mb=4)
    off = solver.Solver(tt_mb=4, features=solver.ALL_FEATURES & ~solver.FEATURES["endings"])
    for i in range(60):
        tricks = rng.choice((5, 6, 7, 10))
        hands = deal(rng, tricks)
        pos = Position(hands, leader=rng.randrange(3), game=rng.choice(["misere", "raspasy"]),
                       focus=rng.randrange(3))
        for _ in range(i % 3):
            pos = pos.play(rng.choice(pos.legal_moves()))
        on.clear()
        off.clear()
        assert on.full(pos) == off.full(pos)
