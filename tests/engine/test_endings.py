"""The endings tables (solver/endings.py): their numbering of positions, and every value they
ship (and, for the contracts, the cards each value rests on), against the plain minimax of
solver.reference and against the search."""
from __future__ import annotations

import random
import zlib

import numpy as np
import pytest

import solver
from solver import endings, reference
from solver._build import engine
from solver.position import Position
from engine_positions import low_cards_dealt_again


def shipped(tricks: int, kind: str = "misere") -> bytes:
    with open(endings.path(tricks, kind), "rb") as f:
        return zlib.decompress(f.read())


@pytest.fixture(scope="module")
def tables() -> dict:
    solver.Solver(tt_mb=1)  # the first Solver loads the tables
    out: dict = {tricks: shipped(tricks) for tricks in endings.SIZES}
    out["notrump"] = shipped(4, "notrump")
    out["trump"] = shipped(4, "trump")
    return out


def deal(rng: random.Random, tricks: int, suits: int = 4) -> tuple[int, int, int]:
    pool = [c for s in rng.sample(range(4), suits) for c in range(8 * s, 8 * s + 8)]
    cards = rng.sample(pool, 3 * tricks)
    return tuple(sum(1 << c for c in cards[i * tricks:(i + 1) * tricks]) for i in range(3))


def pattern_multiset(hands: tuple[int, int, int], focus: int, sort: bool = True) -> tuple:
    """The position as the table reads it, computed plainly: for each suit the owners of its
    cards from the lowest up (0 the focus player, then the seats after him), suits sorted
    (unless not `sort`)."""
    out = []
    for suit in range(4):
        owners = []
        for rank in range(8):
            for seat in range(3):
                if hands[seat] >> (8 * suit + rank) & 1:
                    owners.append((seat - focus) % 3)
        out.append(tuple(owners))
    return tuple(sorted(out)) if sort else tuple(out)


def table_value(tables: dict, pos: Position) -> int:
    """The value the shipped table holds for `pos`, read from its bytes here."""
    tricks = bin(pos.hands[0]).count("1")
    number, leader = engine.endings_entry(pos)
    if pos.game == "contract":
        data = tables["notrump" if pos.trump is None else "trump"]
    else:
        data = tables[tricks]
    return data[number] // (tricks + 1) ** leader % (tricks + 1)


def test_the_tables_are_loaded(tables):
    # they ship beside the engine (read when the first Solver is made); without them the
    # search is exact but slower
    assert all(engine.endings_loaded(t, kind) for t, kind in endings.TABLES)


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


def test_the_trump_numbers_tell_the_trump_suit_apart(tables):
    # the trump contracts' table: the trump suit's pattern and a multiset of the other three
    assert engine.endings_size(4, "trump") == endings.multisets(4, trumps=True)
    assert 13 * engine.endings_size(4, "trump") == len(tables["trump"])
    rng = random.Random(11)
    for number in rng.sample(range(engine.endings_size(4, "trump")), 3000):
        hands = engine.endings_position(4, number, "trump")
        pos = Position(hands, game="contract", trump=0, focus=0)
        assert engine.endings_entry(pos) == (number, 0)
    seen: dict[int, tuple] = {}
    for i in range(4000):
        hands = deal(rng, 4, suits=rng.choice((2, 3, 4)))
        focus, trump = rng.randrange(3), rng.randrange(4)
        number, _ = engine.endings_entry(Position(hands, game="contract", trump=trump,
                                                  focus=focus))
        suits = pattern_multiset(hands, focus, sort=False)
        shape = (suits[trump], tuple(sorted(suits[:trump] + suits[trump + 1:])))
        assert seen.setdefault(number, shape) == shape
    assert len(set(seen.values())) == len(seen)


def test_a_position_is_numbered_alike_whatever_its_suits_ranks_and_seats(tables):
    rng = random.Random(7)
    for i in range(1500):
        kind = ("misere", "notrump", "trump")[i % 3]
        tricks = rng.choice(endings.SIZES) if kind == "misere" else 4
        hands = deal(rng, tricks)
        focus, leader = rng.randrange(3), rng.randrange(3)
        game = "misere" if kind == "misere" else "contract"
        trump = rng.randrange(4) if kind == "trump" else None
        pos = Position(hands, leader=leader, game=game, trump=trump, focus=focus)
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
        other = Position(tuple(moved), leader=(leader + shift) % 3,
                         game="raspasy" if kind == "misere" else "contract",
                         trump=None if trump is None else perm[trump], focus=(focus + shift) % 3)
        assert engine.endings_entry(other) == engine.endings_entry(pos)
        assert table_value(tables, other) == table_value(tables, pos)


@pytest.mark.parametrize("tricks, count, games", [(4, 400, ("misere", "raspasy")),
                                                  (5, 40, ("misere", "raspasy")),
                                                  (4, 400, ("contract",))])
@pytest.mark.slow
def test_the_shipped_values_are_the_minimax_values(tricks, count, games, tables):
    # read from the shipped bytes, against the plain minimax; few and short suits too, where
    # the hands meet in the same suits
    rng = random.Random(100 + tricks + len(games))
    for i in range(count):
        hands = deal(rng, tricks, suits=(4, 3, 2)[i % 3] if tricks == 4 else 4)
        game = rng.choice(games)
        trump = rng.choice([None, 0, 1, 2, 3]) if game == "contract" else None
        pos = Position(hands, leader=rng.randrange(3), game=game, trump=trump,
                       focus=rng.randrange(3))
        reference.clear_cache()
        assert table_value(tables, pos) == reference.tricks(pos)


@pytest.mark.slow
def test_the_contract_answers_hold_wherever_their_cards_lie_alike(tables):
    # the cards a contract's answer rests on (what the partition search stores it for): with
    # the lower cards of each suit dealt again among their holders, the answer is the same
    rng = random.Random(17)
    checked = moved = 0
    for i in range(200):
        hands = deal(rng, 4, suits=(4, 3, 2)[i % 3])
        pos = Position(hands, leader=rng.randrange(3), game="contract", focus=rng.randrange(3),
                       trump=None if i % 2 else rng.randrange(4))
        reference.clear_cache()
        value = reference.tricks(pos)
        for target in range(1, 5):
            answer, rests_on = engine.endings_rests_on(pos, target)
            assert answer == (value >= target)
            for _ in range(2):
                other = Position(low_cards_dealt_again(rng, hands, rests_on), leader=pos.leader,
                                 game="contract", trump=pos.trump, focus=pos.focus)
                moved += other.hands != hands
                assert (reference.tricks(other) >= target) == answer
                checked += 1
    assert moved > checked // 2


def test_the_four_trick_tables_are_what_the_search_makes(tables):
    # the whole tables made again (a few seconds) must be the shipped ones
    assert endings.build(4) == tables[4]
    assert endings.build(4, "notrump") == tables["notrump"]


def test_parts_of_the_trump_table_are_what_the_search_makes(tables):
    # the whole table takes about ten seconds on two cores: random stretches of it
    size = engine.endings_size(4, "trump")
    values = np.zeros(size, dtype=np.uint8)
    rels = np.zeros(3 * size, dtype="<u4")
    rng = random.Random(4)
    searcher = solver.Solver(tt_mb=1)
    shipped_rels = np.frombuffer(tables["trump"][size:], dtype="<u4")
    for start in rng.sample(range(0, size - 3000), 6) + [0, size - 3000]:
        assert searcher.build_endings(4, start, start + 3000, values, rels, "trump") == 0
        assert values[start:start + 3000].tobytes() == tables["trump"][start:start + 3000]
        assert (rels[3 * start:3 * start + 9000] == shipped_rels[3 * start:3 * start + 9000]).all()


def test_parts_of_the_five_trick_table_are_what_the_search_makes(tables):
    # the whole table takes about half a minute on two cores: random stretches of it
    size = engine.endings_size(5)
    out = np.zeros(size, dtype=np.uint8)
    rng = random.Random(5)
    searcher = solver.Solver(tt_mb=4)
    for start in rng.sample(range(0, size - 3000), 6) + [0, size - 3000]:
        assert searcher.build_endings(5, start, start + 3000, out) == 0
        assert out[start:start + 3000].tobytes() == tables[5][start:start + 3000]


def test_a_table_is_refused_unless_it_has_the_right_size_and_values(tables):
    with pytest.raises(ValueError, match="has 10 bytes"):
        engine.load_endings(4, bytes(10))
    with pytest.raises(ValueError, match="not a value"):
        engine.load_endings(4, bytes([200]) * engine.endings_size(4))
    with pytest.raises(ValueError, match="no endings table of 6 tricks"):
        engine.endings_size(6)
    with pytest.raises(ValueError, match="not a trick boundary"):
        engine.endings_entry(Position((0b11111, 0b11111 << 8, 0b11111 << 16), game="contract",
                                      trump=0))
    with pytest.raises(ValueError, match="has 12 bytes"):
        engine.load_endings(4, bytes(12), "notrump")
    with pytest.raises(ValueError, match="not a place"):
        engine.load_endings(4, bytes(engine.endings_size(4)) + b"\x09" * 12 * engine.endings_size(4),
                            "notrump")
    with pytest.raises(ValueError, match="no endings table of kind"):
        engine.endings_loaded(4, "spades")
    with pytest.raises(ValueError, match="has 4 tricks, not 5"):
        engine.endings_size(5, "trump")
    assert all(engine.endings_loaded(t, kind) for t, kind in endings.TABLES)


def test_the_search_with_the_tables_equals_the_search_without(tables):
    # full deals and mid-trick positions of misère, raspasy and contracts
    rng = random.Random(3)
    on = solver.Solver(tt_mb=4)
    off = solver.Solver(tt_mb=4, features=solver.ALL_FEATURES & ~solver.FEATURES["endings"])
    for i in range(90):
        tricks = rng.choice((5, 6, 7, 10))
        hands = deal(rng, tricks)
        game = rng.choice(["misere", "raspasy", "contract"])
        pos = Position(hands, leader=rng.randrange(3), focus=rng.randrange(3), game=game,
                       trump=rng.choice([None, 0, 3]) if game == "contract" else None)
        for _ in range(i % 3):
            pos = pos.play(rng.choice(pos.legal_moves()))
        on.clear()
        off.clear()
        assert on.full(pos) == off.full(pos)


def test_a_table_of_the_right_size_with_wrong_values_is_refused_by_its_sum(tables):
    # All zeros, or the file's bytes cut short and padded out: every byte is a value, so only
    # the table's CRC-32 tells them from the real one.
    size = engine.endings_size(4)
    real = tables[4]
    for damaged in (bytes(size), real[:size // 2] + bytes(size - size // 2),
                    real[:-1] + bytes([(real[-1] + 1) % 125])):
        with pytest.raises(ValueError, match=r"^data: the misere endings table of 4 tricks has"
                                             r" CRC-32 0x[0-9a-f]{8}, not 0x8a215a35: it is"
                                             r" damaged"):
            engine.load_endings(4, damaged)
    nt = tables["notrump"]
    with pytest.raises(ValueError, match="data: the notrump endings table of 4 tricks has CRC"):
        engine.load_endings(4, bytes(len(nt)), "notrump")
    with pytest.raises(ValueError, match=f"data: the misere endings table of 4 tricks has"
                                         f" {size - 100} bytes, not {size}"):
        engine.load_endings(4, real[:-100])
    # The table in use is the one loaded first, and its sum is the one the engine knows.
    assert all(engine.endings_loaded(t, kind) for t, kind in endings.TABLES)
    for tricks, kind in endings.TABLES:
        data = tables[tricks] if kind == "misere" else tables[kind]
        assert zlib.crc32(data) == engine.ENDING_CRC32[(tricks, kind)]
    # A table made afresh is loaded under the sum given with it (`solver/endings.py` does).
    with pytest.raises(ValueError, match="not 0x00000001"):
        engine.load_endings(4, real, crc32=1)


def test_a_damaged_table_file_is_refused_naming_the_file(tables, tmp_path, monkeypatch):
    from solver import _build

    class Unloaded:  # a build with no table loaded yet, reading into the engine's checks
        load_endings = staticmethod(engine.load_endings)

        @staticmethod
        def endings_loaded(tricks: int, kind: str) -> bool:
            return False

    real = tables[4]
    zeroed = tmp_path / "zeroed.bin"
    zeroed.write_bytes(zlib.compress(bytes(len(real))))
    cut = tmp_path / "cut.bin"
    cut.write_bytes(zlib.compress(real)[:-500])
    for where, message in [(zeroed, "has CRC-32"), (cut, "not a compressed endings table")]:
        monkeypatch.setattr(_build, "ENDING_FILES", ((4, "misere", where.name),))
        monkeypatch.setattr(_build, "ending_path", lambda tricks, kind, where=where: str(where))
        with pytest.raises(ValueError, match=f"^{where}: .*{message}"):
            _build.load_endings(Unloaded)
