"""The engine on full deals with evident answers, invariants, bad positions, memory and threads."""
from __future__ import annotations

import os
import random
import resource
import threading
import time

import pytest

import solver
from engine_positions import random_position
from solver import Position
from solver.position import card_name

SUITS = "SCDH"
RANKS = "789TJQKA"


def mask(*names: str) -> int:
    """A hand from card names such as "AS" or "TH"."""
    return sum(1 << (SUITS.index(n[1]) * 8 + RANKS.index(n[0])) for n in names)


def suit(s: str, ranks: str) -> list[str]:
    return [r + s for r in ranks]


def random_full_deal(rng: random.Random) -> tuple[tuple[int, int, int], tuple[int, int]]:
    cards = rng.sample(range(32), 32)
    hands = tuple(sum(1 << c for c in cards[10 * i:10 * i + 10]) for i in range(3))
    return hands, (cards[30], cards[31])


@pytest.fixture(scope="module")
def engine() -> solver.Solver:
    return solver.Solver(tt_mb=16)


# --- full deals whose answer is evident by hand ---------------------------------------------

def test_notrump_top_winners_take_all_ten(engine):
    # Declarer (1st hand, on lead) holds all eight spades and the two top clubs.
    hands = (mask(*suit("S", "AKQJT987"), "AC", "KC"),
             mask(*suit("C", "QJT987"), *suit("D", "AKQJ")),
             mask(*suit("D", "T987"), *suit("H", "AKQJT9")))
    pos = Position(hands, leader=0, game="contract", trump=None, focus=0)
    assert engine.tricks(pos) == 10
    assert set(engine.moves(pos).values()) == {10}


def test_declarer_without_the_lead_loses_what_the_defence_cashes(engine):
    # Declarer (2nd hand) has spades AKQJ and six small clubs; the 1st hand leads his hearts
    # A-K-Q-J-T-9-8-7 in no-trump: every heart wins, then the defence has nothing left to cash.
    hands = (mask(*suit("H", "AKQJT987"), "7D", "8D"),
             mask(*suit("S", "AKQJ"), *suit("C", "QJT987")),
             mask(*suit("S", "T987"), "AC", "KC", *suit("D", "AKQJ")))
    pos = Position(hands, leader=0, game="contract", trump=None, focus=1)
    # Eight hearts run, then the 1st hand leads a diamond to the 3rd hand's winners.
    assert engine.tricks(pos) == 0


def test_misere_with_the_lowest_cards_takes_nothing(engine):
    # The misère declarer holds the 7, 8 of every suit and the 9 of two: he can always duck.
    low = suit("S", "789") + suit("C", "789") + suit("D", "78") + suit("H", "78")
    rest = [c for c in (r + s for s in SUITS for r in RANKS) if c not in low]
    hands = (mask(*rest[:10]), mask(*low), mask(*rest[10:20]))
    for leader in range(3):
        assert engine.tricks(Position(hands, leader=leader, game="misere", focus=1)) == 0


def test_misere_with_the_top_cards_takes_everything(engine):
    tops = suit("S", "AKQ") + suit("C", "AKQ") + suit("D", "AK") + suit("H", "AK")
    rest = [c for c in (r + s for s in SUITS for r in RANKS) if c not in tops]
    hands = (mask(*tops), mask(*rest[:10]), mask(*rest[10:20]))
    # With the lead he must win every trick: nothing of his can lose to a lower card.
    assert engine.tricks(Position(hands, leader=0, game="misere", focus=0)) == 10


@pytest.mark.parametrize("rule", ["suit", "card", "none"])
def test_raspasy_all_the_sevens_take_nothing(engine, rule):
    # The 3rd hand holds all four sevens and six eights/nines; he never has to win.
    low = ["7S", "7C", "7D", "7H", "8S", "8C", "8D", "8H", "9S", "9C"]
    rest = [c for c in (r + s for s in SUITS for r in RANKS) if c not in low]
    talon = tuple(SUITS.index(n[1]) * 8 + RANKS.index(n[0]) for n in rest[20:22])
    hands = (mask(*rest[:10]), mask(*rest[10:20]), mask(*low))
    pos = Position(hands, leader=0, game="raspasy", focus=2,
                   talon=talon if rule != "none" else (), talon_rule=rule)
    assert engine.tricks(pos) == 0


# --- invariants on random full deals -----------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_best_root_card_value_equals_trick_count(engine, seed):
    rng = random.Random(seed)
    hands, talon = random_full_deal(rng)
    for pos in (
        Position(hands, game="contract", trump=seed % 4, focus=seed % 3),
        Position(hands, game="contract", trump=None, focus=(seed + 1) % 3),
        Position(hands, game="misere", focus=seed % 3),
        Position(hands, game="raspasy", focus=seed % 3, talon=talon, talon_rule="suit"),
        Position(hands, game="raspasy", focus=(seed + 2) % 3, talon=talon, talon_rule="card"),
    ):
        value = engine.tricks(pos)
        moves = engine.moves(pos)
        assert set(moves) == set(pos.legal_moves())
        mover_maximises = (pos.to_move == pos.focus) == (pos.game == "contract")
        assert (max if mover_maximises else min)(moves.values()) == value


@pytest.mark.parametrize("seed", range(4))
def test_full_names_the_cards_by_labels_and_lists_them_by_suit_high_first(engine, seed):
    hands, talon = random_full_deal(random.Random(300 + seed))
    pos = Position(hands, leader=seed % 3, game="contract", trump=None, focus=seed % 3)
    value, moves, line = engine.full(pos)
    # Suits 0..3, and within a suit the higher card (the larger number) first.
    assert list(moves) == sorted(moves, key=lambda c: (c // 8, -c))
    labels = [f"card {c}" for c in range(32)]
    named = engine.full(pos, True, labels)
    assert named == (value, {labels[c]: v for c, v in moves.items()}, [labels[c] for c in line])
    assert list(named[1]) == [labels[c] for c in moves]
    assert engine.full(pos, False, labels) == (value, named[1], [])
    with pytest.raises(ValueError, match="labels: expected 32"):
        engine.full(pos, True, labels[:31])


def test_the_line_has_a_defender_on_lead_cash_his_own_winner_first(engine):
    # The line keeps its own order (the whist analysis splits the defenders' tricks along it):
    # the 2nd hand on lead cashes his ♠A before he leads the ♦8 to his partner's ♦A, though
    # the search tries the lead to the partner first. Both take every trick.
    pos = Position((1 << 8 | 1 << 9, 1 << 7 | 1 << 17, 1 << 23 | 1 << 0), leader=1,
                   game="contract", trump=None, focus=0)
    value, moves, line = engine.full(pos)
    assert value == 0 and moves == {7: 0, 17: 0}
    assert line[0] == 7 and engine.line(pos)[0] == 7


@pytest.mark.parametrize("seed", range(6))
def test_misere_equals_raspasy_without_talon(engine, seed):
    # Without the talon, raspasy for one player is the same game as misère against him.
    hands, _ = random_full_deal(random.Random(100 + seed))
    for focus in range(3):
        misere = engine.tricks(Position(hands, leader=seed % 3, game="misere", focus=focus))
        raspasy = engine.tricks(Position(hands, leader=seed % 3, game="raspasy", focus=focus))
        assert misere == raspasy


@pytest.mark.parametrize("seed", range(4))
def test_line_of_a_full_deal_is_legal_and_reaches_the_value(engine, seed):
    hands, talon = random_full_deal(random.Random(200 + seed))
    pos = Position(hands, game="raspasy", focus=seed % 3, talon=talon, talon_rule="card")
    value = engine.tricks(pos)
    line = engine.line(pos)
    assert len(line) == 30
    taken, here = 0, pos
    for card in line:
        here, taker, _ = here.advance(card)
        taken += taker == pos.focus
    assert taken == value


def test_every_card_of_a_played_through_deal_is_consistent(engine):
    # Along the principal line the value never changes: each card is best for its player.
    hands, _ = random_full_deal(random.Random(7))
    pos = Position(hands, game="contract", trump=2, focus=1)
    value = engine.tricks(pos)
    taken = 0
    for card in engine.line(pos):
        assert engine.moves(pos)[card] == value
        pos, taker, _ = pos.advance(card)
        gain = taker == 1
        taken += gain
        value -= gain
        if not pos.is_terminal:
            assert engine.tricks(pos) == value


def test_features_switched_off_give_the_same_answers():
    # The techniques speed the search up; none may change an answer.
    rng = random.Random(11)
    full = solver.Solver(tt_mb=4)
    for bit in solver.FEATURES.values():
        bare = solver.Solver(tt_mb=4, features=solver.ALL_FEATURES & ~bit)
        for game in ("contract", "contract", "misere", "raspasy"):
            hands, talon = random_full_deal(rng)
            pos = Position(hands, game=game, focus=rng.randrange(3),
                           trump=rng.choice([None, 0, 1, 2, 3]) if game == "contract" else None,
                           talon=talon if game == "raspasy" else (),
                           talon_rule=rng.choice(["suit", "card"]) if game == "raspasy" else "none")
            assert bare.tricks(pos) == full.tricks(pos)


def test_the_two_builds_search_alike():
    # solver._engine_bmi2 (the BMI2 instructions) and solver._engine (any processor) are one
    # source: the same answers, and the same nodes, since their table keys must be the same.
    from solver import _build
    try:
        from solver import _engine_bmi2
    except ImportError:
        pytest.skip("the BMI2 build is not built on this platform")
    if not _build.portable.cpu_runs_bmi2():
        pytest.skip("this processor does not run the BMI2 instructions fast (or at all)")
    if os.environ.get("PREFDD_ENGINE", "").strip().lower() != "portable":
        assert solver.Solver is _engine_bmi2.Solver and solver.BUILD == "bmi2"
    for build in (_engine_bmi2, _build.portable):
        _build.load_endings(build)
        assert build.endings_loaded(4) and build.endings_loaded(5)
    rng = random.Random(23)
    fast, plain = _engine_bmi2.Solver(tt_mb=1), _build.portable.Solver(tt_mb=1)
    for i in range(120):
        if i % 2:
            hands, talon = random_full_deal(rng)
            game = rng.choice(["contract", "misere", "raspasy"])
            pos = Position(hands, game=game, trump=rng.choice([None, 0, 2]) if game == "contract" else None,
                           focus=rng.randrange(3) if game != "misere" else 0)
        else:
            pos = random_position(rng, max_cards=7)
        fast.clear()
        plain.clear()
        assert fast.full(pos) == plain.full(pos)
        assert fast.stats["nodes"] == plain.stats["nodes"]


def low_cards_dealt_again(rng: random.Random, pos: Position) -> Position:
    """`pos` (at a trick's start) with each suit's cards below a random rank dealt again among
    the hands that held them: the suit lengths and the higher cards stay."""
    hands = [0, 0, 0]
    for su in range(4):
        cut = 8 * su + rng.randrange(8)
        low = [c for c in range(8 * su, cut) if any(h >> c & 1 for h in pos.hands)]
        owners = [i for c in low for i in range(3) if pos.hands[i] >> c & 1]
        rng.shuffle(owners)
        for c, i in zip(low, owners):
            hands[i] |= 1 << c
        high = ((1 << (8 * su + 8)) - 1) & ~((1 << cut) - 1)
        for i in range(3):
            hands[i] |= pos.hands[i] & high
    return Position(tuple(hands), leader=pos.leader, game=pos.game, trump=pos.trump,
                    focus=pos.focus)


def test_partition_search_changes_no_answer():
    # An entry of the contracts' table holds for every position with the same suit lengths
    # that agrees with its own on the cards its answer rested on. Families of positions that
    # differ only in their low cards, solved on one table (crowded suits, where low cards meet
    # most), apply entries across the family; a table without the partition is the judge.
    rng = random.Random(23)
    part = solver.Solver(tt_mb=1)
    exact = solver.Solver(tt_mb=4, features=solver.ALL_FEATURES & ~solver.FEATURES["partition"])
    for _ in range(1500):
        suits = rng.choice([2, 2, 3, 4])
        spec = ("contract", rng.choice([None, 0, 1, 2, 3]), "none")
        pos = random_position(rng, max_cards=10 if suits == 4 else 6, spec=spec, suits=suits)
        while pos.played:
            pos = pos.play(pos.legal_moves()[0])
        if pos.is_terminal:
            continue
        part.clear()
        for other in [pos] + [low_cards_dealt_again(rng, pos) for _ in range(8)]:
            assert part.tricks(other) == exact.tricks(other), other



# --- invalid positions ------------------------------------------------------------------

FULL_MASK = (1 << 32) - 1
FULL = (mask(*suit("S", "AKQJT987"), "AC", "KC"),
        mask(*suit("C", "QJT987"), *suit("D", "AKQJ")),
        mask(*suit("D", "T987"), *suit("H", "AKQJT9")))


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands=(FULL[0], FULL[0] & -FULL[0] | FULL[1] & ~(FULL[1] & -FULL[1]), FULL[2])),
     "hands overlap: 7S is in seat 0 and seat 1"),
    (dict(hands=(FULL[0] & ~1, FULL[1], FULL[2])),
     "card counts 9/10/10 do not fit a trick led by seat 0 with 0 card(s) played"),
    (dict(hands=(FULL[0] & ~1, FULL[1], FULL[2]), leader=1, played=(0,)),
     "card counts 9/10/10 do not fit a trick led by seat 1 with 1 card(s) played"),
    (dict(hands=(FULL[0] & ~mask("AC"), FULL[1], FULL[2] & ~mask("AH")), leader=2,
          played=(mask("AH").bit_length() - 1, mask("AC").bit_length() - 1), trump=0),
     "AC played by seat 0 is not a legal play"),
    (dict(hands=FULL, leader=3), "leader seat 3 out of range 0..2"),
    (dict(hands=FULL, focus=-1), "focus seat -1 out of range 0..2"),
    (dict(hands=FULL, game="whist"),
     "unknown game 'whist' (expected one of: contract, misere, raspasy)"),
    (dict(hands=FULL, game="raspasy", talon_rule="dark"),
     "unknown talon rule 'dark' (expected one of: suit, card, none)"),
    (dict(hands=FULL, game="misere", trump=0), "a misere game has no trump suit"),
    (dict(hands=FULL, trump=4), "trump suit 4 out of range 0..3"),
    (dict(hands=(FULL[0] & ~mask("AC"), FULL[1], FULL[2] & ~mask("TD")), game="raspasy",
          talon=(mask("TD").bit_length() - 1, mask("KC").bit_length() - 1), talon_rule="suit"),
     "talon card KC is also in the hand of seat 0"),
    (dict(hands=FULL, game="raspasy", talon=(30,), talon_rule="none"),
     "talon tricks exist only in raspasy with talon rule 'suit' or 'card'"),
    (dict(hands=FULL, played=(0,)), "played card 7S is still in a hand"),
])
def test_invalid_positions_name_the_problem(kwargs, message):
    with pytest.raises(ValueError) as error:
        Position(**kwargs)
    assert str(error.value) == message


def _unchecked(**fields) -> Position:
    """A Position built without its checks, to put the checks to the test."""
    position = object.__new__(Position)
    defaults = dict(hands=(0, 0, 0), leader=0, played=(), game="contract", trump=None, focus=0,
                    talon=(), talon_rule="none")
    for name, value in {**defaults, **fields}.items():
        object.__setattr__(position, name, value)
    return position


def _outcome(check, position) -> str:
    try:
        check(position)
    except (ValueError, TypeError) as error:
        return f"{type(error).__name__}: {error}"
    return "valid"


def test_the_quick_check_accepts_exactly_what_the_full_check_accepts():
    # `_validate` accepts the usual positions (a trick's start, no talon) by a short test and
    # hands everything else to `_check_fully`; the two must agree on every position.
    from solver.position import _check_fully, _validate
    rng = random.Random(11)
    odd_values = [-1, 3, 4, 1.0, True, None, "0", FULL_MASK + 1, FULL_MASK, 2 ** 40]
    seen = {"valid": 0, "invalid": 0}
    for _ in range(4000):
        n = rng.randint(0, 10)
        cards = rng.sample(range(32), 3 * n)
        hands = [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3)]
        game = rng.choice(["contract", "misere", "raspasy"])
        fields = dict(game=game, leader=rng.randrange(3), focus=rng.randrange(3),
                      trump=rng.choice([None, 0, 1, 2, 3]) if game == "contract" else None)
        for _ in range(rng.choice([0, 0, 1, 2])):
            what = rng.choice(["hand", "card", "overlap", "length", "leader", "focus", "trump", "game",
                               "rule", "played", "talon"])
            if what == "hand":
                hands[rng.randrange(len(hands))] = rng.choice(odd_values)
            elif what == "card":
                seat = rng.randrange(len(hands))
                if type(hands[seat]) is int:
                    hands[seat] ^= 1 << rng.randrange(32)
            elif what == "overlap" and len(hands) == 3 and all(type(h) is int and h for h in hands):
                a, b = rng.sample(range(3), 2)  # a card of seat a also in seat b, same counts
                hands[b] = hands[b] & (hands[b] - 1) | hands[a] & -hands[a]
            elif what == "length":
                hands = hands[:rng.choice([2, 3])] + [0] * rng.choice([0, 1])
            elif what in ("leader", "focus", "trump"):
                fields[what] = rng.choice(odd_values + [0, 2])
            elif what == "game":
                fields["game"] = rng.choice(["whist", "contract", "misere", "raspasy"])
            elif what == "rule":
                fields["talon_rule"] = rng.choice(["dark", "suit", "card", "none"])
            else:
                fields[what] = (rng.randrange(32),)
        position = _unchecked(hands=tuple(hands), **fields)
        quick, full = _outcome(_validate, position), _outcome(_check_fully, position)
        assert quick == full, (hands, fields)
        seen["valid" if full == "valid" else "invalid"] += 1
    assert min(seen.values()) > 500, seen  # both kinds were tried


def test_engine_answers_are_for_valid_positions_only():
    with pytest.raises(ValueError, match="not a legal play"):
        Position(FULL, game="contract").play(mask("AH").bit_length() - 1)


# --- memory and threads ---------------------------------------------------------------

def test_table_size_is_fixed_and_bounded():
    assert solver.Solver().table_bytes <= 64 << 20
    assert solver.Solver(tt_mb=8).table_bytes <= 8 << 20
    assert solver.Solver(tt_mb=8).table_bytes > 4 << 20


def test_a_long_series_of_solves_does_not_grow_memory():
    engine = solver.Solver(tt_mb=8)
    rng = random.Random(5)
    for _ in range(50):  # warm up: the table's pages are touched
        engine.tricks(Position(random_full_deal(rng)[0], game="contract", trump=0))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for i in range(400):
        hands, _ = random_full_deal(rng)
        engine.tricks(Position(hands, game="contract", trump=i % 4, focus=i % 3))
        engine.moves(Position(hands, game="contract", trump=None, focus=i % 3))
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kb < 4096


def test_clearing_the_table_keeps_answers():
    engine = solver.Solver(tt_mb=4)
    hands, _ = random_full_deal(random.Random(9))
    pos = Position(hands, game="misere", focus=2)
    first = engine.tricks(pos)
    assert engine.stats["tt_entries"] > 0
    engine.clear()
    assert engine.tricks(pos) == first


def test_answers_do_not_depend_on_what_the_table_saw_before():
    # One table kept across unrelated deals of every game, in two orders and with a small
    # table (so that entries are overwritten): the same counts and card values as a table
    # cleared before every deal.
    rng = random.Random(41)
    games = [dict(game="contract", trump=0), dict(game="contract", trump=None),
             dict(game="misere"), dict(game="raspasy")]
    positions = []
    for i in range(24):
        hands, _ = random_full_deal(rng)
        positions.append(Position(hands, focus=i % 3, leader=(i // 3) % 3, **games[i % 4]))
    fresh = solver.Solver(tt_mb=1)
    expected = []
    for pos in positions:
        fresh.clear()
        expected.append((fresh.tricks(pos), fresh.moves(pos)))
    for order in (positions, positions[::-1]):
        kept = solver.Solver(tt_mb=1)
        got = {id(pos): (kept.tricks(pos), kept.moves(pos)) for pos in order}
        assert [got[id(pos)] for pos in positions] == expected


def test_threads_solve_in_parallel_with_the_serial_answers():
    rng = random.Random(21)
    positions = [Position(random_full_deal(rng)[0], game="contract", trump=i % 4, focus=i % 3)
                 for i in range(24)]
    serial = [solver.Solver(tt_mb=4).tricks(p) for p in positions]
    results: dict[int, int] = {}

    def work(indices):
        engine = solver.Solver(tt_mb=4)
        for i in indices:
            results[i] = engine.tricks(positions[i])

    threads = [threading.Thread(target=work, args=(range(k, 24, 3),)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[i] for i in range(24)] == serial


def test_the_search_releases_the_gil():
    # While a thread is inside a search, another Python thread keeps running. Searching
    # without the tables makes each solve long enough to be seen.
    engine = solver.Solver(tt_mb=1, features=solver.ALL_FEATURES & ~solver.FEATURES["table"]
                           & ~solver.FEATURES["endings"])
    positions = []
    for seed in range(5):
        hands, _ = random_full_deal(random.Random(seed))
        positions.append(Position(hands, game="misere", focus=0))
    windows: list[tuple[float, float]] = []

    def work():
        for pos in positions:
            start = time.perf_counter()
            engine.tricks(pos)
            windows.append((start, time.perf_counter()))

    worker = threading.Thread(target=work)
    stamps = []
    worker.start()
    while worker.is_alive():
        stamps.append(time.perf_counter())
        time.sleep(0.0005)
    worker.join()
    inside = [t for t in stamps if any(a < t < b for a, b in windows)]
    # Holding the GIL, the main thread could slip in at most once per solve, as it returns.
    assert len(inside) > 3 * len(windows)


def test_card_names_follow_the_notation():
    assert [card_name(c) for c in (0, 7, 12, 31)] == ["7S", "AS", "JC", "AH"]
