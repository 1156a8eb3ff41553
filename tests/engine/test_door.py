"""The engine's door: every argument that crosses into compiled code is checked there, once,
whatever object carries it. Each case that once crashed the process or answered another
question runs in a subprocess, so that a crash is a failed test, not a dead test run."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import solver
from solver import EngineArgumentError, Jobs, Position

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(solver.__file__)))

# A full deal: seat 0 holds spades and clubs 8..9, seat 1 the rest of clubs and diamonds, ...
DEAL = Position(hands=(0x3FF, 0x3FF << 10, 0x3FF << 20), game="contract", trump=0, focus=2)
# Seat 0 led the 7 of spades, seat 1 showed out of spades (the 7 of hearts); seat 2 holds
# the spades the layouts below would hand to seat 1.
SPADES = tuple(range(8))
MID = Position(hands=(0b1110 | 0b111111 << 8, 0b1111111 << 25 | 0b11 << 16,
                      0b11110000 | 0b11 << 14 | 0b1111 << 18),
               leader=0, played=(0, 24), game="contract", trump=None, focus=0)


def run_isolated(code: str) -> subprocess.CompletedProcess:
    """Run `code` (after the imports every case needs) in a fresh interpreter on this tree."""
    prelude = textwrap.dedent("""
        import numpy as np
        import solver
        from solver import EngineArgumentError, Jobs, Position
        def refused(call, *names):
            try:
                call()
            except EngineArgumentError as error:
                assert all(n in str(error) for n in names), str(error)
                print("refused:", error)
                return
            raise AssertionError("accepted")
    """)
    env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def assert_clean(result: subprocess.CompletedProcess) -> None:
    assert result.returncode == 0, (
        f"exit {result.returncode} (a negative code is a signal)\n{result.stdout}\n{result.stderr}")


# --- item 1: a k that does not match the template (was SIGSEGV) -----------------------------

def test_layouts_with_k_not_matching_the_template_is_refused_not_a_crash():
    result = run_isolated("""
        P = Position(hands=(0x3FF, 0x3FF << 10, 0x3FF << 20), game="contract", trump=0, focus=2)
        refused(lambda: solver.run_jobs(Jobs.layouts(P, 0, P.hands[0] | P.hands[1], 5,
                                                     np.arange(100, dtype=np.int64)),
                                        moves=True, lines=True), "k:", "holds 10")
    """)
    assert_clean(result)
    assert "refused: k: 5 cards for seat 0, whose hand in the template holds 10" in result.stdout


# --- item 2: silent wrong answers at the same door -----------------------------------------

@pytest.mark.parametrize("k", [0, 3, 5, 17, 20])
def test_layouts_refuse_every_k_but_the_templates(k):
    pool = DEAL.hands[0] | DEAL.hands[1]
    with pytest.raises(EngineArgumentError, match="^k: "):
        Jobs.layouts(DEAL, 0, pool, k, np.arange(1, dtype=np.int64))
    assert len(Jobs.layouts(DEAL, 0, pool, 10, np.arange(3, dtype=np.int64))) == 3


def test_layouts_refuse_a_suit_the_seat_showed_out_of():
    pool = MID.hands[1] | MID.hands[2]
    # Rank 0 is the nine lowest cards of the pool: four spades for seat 1, which showed out.
    assert solver.subset(pool, 9, 0) & 0xFF
    with pytest.raises(EngineArgumentError, match=r"^ranks\[0\].*not a legal play"):
        Jobs.layouts(MID, 1, pool, 9, np.arange(5, dtype=np.int64))
    with pytest.raises(ValueError, match="not a legal play"):
        Position(hands=(MID.hands[0], solver.subset(pool, 9, 0),
                        pool & ~solver.subset(pool, 9, 0)), leader=0, played=(0, 24), focus=0)
    # The layouts without a spade for seat 1 are positions, and solved as such.
    ranks = [r for r in range(300) if not solver.subset(pool, 9, r) & 0xFF][:20]
    jobs = Jobs.layouts(MID, 1, pool, 9, np.array(ranks, dtype=np.int64))
    got = solver.run_jobs(jobs, threads=1)
    for i, r in enumerate(ranks):
        a = solver.subset(pool, 9, r)
        want = solver.tricks(Position(hands=(MID.hands[0], a, pool & ~a), leader=0,
                                      played=(0, 24), focus=0))
        assert got[i] == want


def test_from_hands_checks_each_row_as_a_position():
    template = Position(hands=(0b111, 0b111 << 8, 0b111 << 16), game="misere", focus=0)
    ok = np.array([[0b111, 0b111 << 8, 0b111 << 16]], dtype=np.uint32)
    assert len(Jobs.from_hands(template, ok)) == 1
    for rows, message in [([[0b111, 0b111, 0b111 << 16]], "overlap"),
                          ([[0b1111, 0b111 << 8, 0b111 << 16]], "differ in size"),
                          ([[0x7FF, 0x7FF << 11, 0x3FF << 22]], "differ in size")]:
        with pytest.raises(EngineArgumentError, match=message):
            Jobs.from_hands(template, np.array(rows, dtype=np.uint32))
    with pytest.raises(EngineArgumentError, match="^hands: expected an integer array"):
        Jobs.from_hands(template, np.ones((2, 3)))
    with pytest.raises(EngineArgumentError, match="^targets: values out of range"):
        Jobs.from_hands(template, ok, np.array([300]))


# --- item 3: objects that are not a checked Position ---------------------------------------

@pytest.mark.parametrize("field, value, message", [
    ("leader", 7, "pos.leader: 7 is out of range 0..2"),
    ("trump", 9, "pos.trump: 9 is out of range 0..3"),
    ("played", tuple(range(8)), "pos.played: at most 2 cards, got 8"),
    ("hands", (0x3FF, 0x3FF, 0x3FF << 20), "pos: two hands hold the same card"),
    ("focus", -1, "pos.focus: -1 is out of range 0..2"),
    ("hands", (0x3FF, 0x3FF << 10, 1 << 40), "pos.hands[2]: 1099511627776 is out of range"),
    ("hands", (0x7FF, 0x7FF << 11, 0x3FF << 22), "card counts 11/11/10"),
    ("game", "poker", "pos.game: unknown game 'poker'"),
    ("talon", (30, 31), "talon tricks exist only in raspasy"),
    ("played", (31,), "card counts 10/10/10 do not fit"),
])
@pytest.mark.parametrize("call", ["tricks", "full", "at_least", "line"])
def test_a_forged_position_is_refused_not_a_crash(field, value, message, call):
    args = ", 5" if call == "at_least" else ""
    result = run_isolated(f"""
        P = Position(hands=(0x3FF, 0x3FF << 10, 0x3FF << 20), game="contract", trump=0, focus=2)
        object.__setattr__(P, {field!r}, {value!r})
        refused(lambda: solver.Solver().{call}(P{args}), {message!r})
    """)
    assert_clean(result)


def test_a_duck_typed_position_is_answered_as_the_position_it_is():
    class Plain:
        pass
    duck = Plain()
    duck.__dict__.update(DEAL.__dict__)
    assert solver.Solver().tricks(duck) == solver.tricks(DEAL)
    duck.hands = tuple(np.uint32(h) for h in DEAL.hands)
    assert solver.Solver().tricks(duck) == solver.tricks(DEAL)
    del duck.talon_rule
    with pytest.raises(EngineArgumentError, match="no 'talon_rule'; not a position"):
        solver.Solver().tricks(duck)


def test_mid_trick_voids_are_checked_on_every_object():
    forged = object.__new__(Position)
    hands = list(MID.hands)
    hands[1], hands[2] = hands[1] & ~(1 << 25) | 1 << 4, hands[2] & ~(1 << 4) | 1 << 25
    forged.__dict__.update(MID.__dict__, hands=tuple(hands))
    with pytest.raises(EngineArgumentError, match="card 24 played by seat 1 is not a legal play"):
        solver.Solver().tricks(forged)


# --- item 7, the engine's part: targets, features, masks ------------------------------------

@pytest.mark.parametrize("target, message", [
    (2**31, "target: 2147483648 is out of range 0..10"), (11, "target: 11 is out of range"),
    (255, "target: 255 is out of range"), (-1, "target: -1 is out of range"),
    (True, "target: True is not"), (3.7, "target: 3.7 is not"), ("3", "target: '3' is not"),
])
def test_targets_out_of_range_or_not_whole_are_refused(target, message):
    ps = [DEAL]
    with pytest.raises(EngineArgumentError, match=message):
        solver.tricks_many(ps, target=target, threads=1)
    with pytest.raises(EngineArgumentError, match=message.replace("target", r"targets\[0\]")):
        solver.tricks_many(ps, target=[target], threads=1)
    with pytest.raises(EngineArgumentError, match=message):
        solver.Solver().at_least(DEAL, target)


def test_numpy_integer_targets_are_accepted():
    ps = [DEAL, DEAL]
    want = solver.tricks(DEAL)
    assert list(solver.tricks_many(ps, target=[np.int64(want), np.int8(want + 1)],
                                   threads=1)) == [1, 0]
    assert list(solver.tricks_many(ps, target=np.int32(want), threads=1)) == [1, 1]
    assert solver.Solver().at_least(DEAL, np.uint8(want)) is True


def test_features_refuse_unknown_bits_and_tt_mb_a_bad_size():
    with pytest.raises(EngineArgumentError, match="features: 1048576 is out of range 0..65535"):
        solver.Solver(features=2**20)
    with pytest.raises(EngineArgumentError, match="features: -1 is out of range"):
        solver.Solver(features=-1)
    with pytest.raises(EngineArgumentError, match="tt_mb: 0 is out of range"):
        solver.Solver(tt_mb=0)
    with pytest.raises(EngineArgumentError, match="tt_mb: 2.5 is not"):
        solver.Solver(tt_mb=2.5)
    assert solver.Solver(features=solver.ALL_FEATURES & ~solver.FEATURES["table"]).tricks(DEAL) \
        == solver.tricks(DEAL)


def test_at_least_hands_takes_numpy_masks():
    pos = Position(hands=(0b111, 0b111000, 0b111000000), leader=0, game="misere", focus=0)
    engine = solver.Solver(tt_mb=1)
    plain = engine.at_least_hands(pos, 0, [0b111, 0b111 << 12], 1)
    assert engine.at_least_hands(pos, 0, np.array([0b111, 0b111 << 12], dtype=np.uint32),
                                 1) == plain
    assert engine.at_least_hands(pos, np.int64(0), [np.uint32(0b111)], np.int8(1)) == plain[:1]
    with pytest.raises(EngineArgumentError, match="hand 0: True is not"):
        engine.at_least_hands(pos, 0, [True], 1)
    with pytest.raises(EngineArgumentError, match="stop_after: -2 is out of range"):
        engine.at_least_hands(pos, 0, [0b111], 1, -2)


def test_the_small_functions_check_their_arguments():
    assert solver.subset(0b1111, 2, 5) == 0b1100
    for call, message in [(lambda: solver.subset(1 << 40, 2, 0), "pool: 1099511627776"),
                          (lambda: solver.subset(0b1111, 5, 0), "k: 5 is out of range 0..4"),
                          (lambda: solver.subset(0b1111, 2, 6), "rank: 6 is out of range 0..5"),
                          (lambda: solver.subset_rank(-1, 0), "pool: -1"),
                          (lambda: solver.subset_rank(0b1, 0b10), "sub: the subset has cards"),
                          (lambda: solver.binomial(33, 2), "n: 33 is out of range 0..32"),
                          (lambda: solver.binomial(3.0, 2), "n: 3.0 is not"),
                          (lambda: solver.run_jobs([DEAL]), "jobs: list is not"),
                          (lambda: solver.run_jobs(Jobs.from_positions([DEAL]), threads=0),
                           "threads: 0 is out of range"),
                          (lambda: Jobs(-1), "size: -1 is out of range")]:
        with pytest.raises(EngineArgumentError, match=message):
            call()


def test_solver_run_checks_its_range_and_arrays():
    jobs = Jobs.from_positions([DEAL, DEAL])
    engine = solver.Solver(tt_mb=1)
    out = np.zeros(2, dtype=np.int8)
    engine.run(jobs, 0, 2, -1, out)
    assert list(out) == [solver.tricks(DEAL)] * 2
    for args, message in [((0, 3, -1, out), "end: 3 is out of range 0..2"),
                          ((1, 0, -1, out), "end: 0 is out of range 1..2"),
                          ((0, 2, 11, out), "target: 11 is out of range -2..10"),
                          ((0, 2, -1, np.zeros(1, dtype=np.int8)), "out: expected"),
                          ((0, 2, -1, np.zeros(2, dtype=np.int64)), "out: expected")]:
        with pytest.raises(EngineArgumentError, match=message):
            engine.run(jobs, *args)
    with pytest.raises(EngineArgumentError, match="values: expected"):
        engine.run_full(jobs, 0, 2, out, np.zeros((2, 31), dtype=np.int8))


# --- item 4: the engine pool is bounded ------------------------------------------------------

def test_the_engine_pool_keeps_two_sizes_and_memory_returns():
    """Idle engines of the two table sizes given back last only: after 40 sizes the process
    holds what it holds after one (the largest), within 2x (every size's engines kept would
    be 1.5 GB); two sizes that alternate keep their engines (no new table each run)."""
    result = run_isolated("""
        import random
        import sys
        sys.path.insert(0, "tests")
        import solver.many
        from engine_positions import random_position
        rng = random.Random(5)
        ps = [random_position(rng, 8, spec=("contract", 0, "none")) for _ in range(60)]
        def rss():
            return int(open("/proc/self/statm").read().split()[1]) * 4096
        solver.tricks_many(ps, threads=2, tt_mb=40)
        one = rss()
        for mb in range(1, 41):
            solver.tricks_many(ps, threads=2, tt_mb=mb)
            assert solver.many.idle_engines()[0] == mb
        assert solver.many.idle_engines()[1] <= max(2, solver.many.default_threads())
        assert set(solver.many._idle) == {39, 40}, solver.many._idle
        print(one, rss())
        assert rss() < 2 * one, (one, rss())
        made = []
        real = solver.many.Solver
        solver.many.Solver = lambda tt_mb: made.append(tt_mb) or real(tt_mb=tt_mb)
        for mb in (39, 40):  # each size's pool filled to the two threads' engines
            solver.tricks_many(ps, threads=2, tt_mb=mb)
        made.clear()
        for mb in (39, 40, 39, 40, 39):
            solver.tricks_many(ps, threads=2, tt_mb=mb)
        assert made == [], made
        solver.tricks_many(ps, threads=2, tt_mb=7)  # a third size: the older one goes
        assert set(solver.many._idle) == {39, 7} and set(made) == {7}, (solver.many._idle, made)
    """)
    assert_clean(result)


def test_the_endings_functions_check_their_arguments():
    from solver._build import engine
    four = Position((0b1111, 0b1111 << 8, 0b1111 << 16), game="contract", trump=None)
    forged = object.__new__(Position)
    forged.__dict__.update(four.__dict__, leader=7)
    for call, message in [(lambda: engine.endings_rests_on(four, 3.7), "target: 3.7 is not"),
                          (lambda: engine.endings_rests_on(four, 11), "target: 11 is out of"),
                          (lambda: engine.endings_entry(forged), "pos.leader: 7"),
                          (lambda: engine.contract_bound(forged, 2), "pos.leader: 7"),
                          (lambda: engine.contract_bound(four, 2, 2**20), "features: 1048576"),
                          (lambda: engine.endings_position(4, -1), "number: -1 is out of range"),
                          (lambda: engine.endings_position(4.5, 0), "tricks: 4.5 is not")]:
        with pytest.raises(EngineArgumentError, match=message):
            call()
    assert engine.endings_position(4, 0) == engine.endings_position(np.int64(4), np.uint8(0))


def test_a_jobs_array_made_directly_is_refused_by_every_run():
    # Jobs(n) holds n zeroed jobs, no position: the runs refuse it, naming the argument.
    jobs = Jobs(2)
    assert not jobs.filled and Jobs.from_positions([DEAL]).filled
    engine = solver.Solver(tt_mb=1)
    out = np.zeros(2, dtype=np.int8)
    message = ("jobs: a Jobs array made as Jobs(2) holds no positions; make it with"
               " Jobs.from_positions, Jobs.from_hands or Jobs.layouts")
    for call in (lambda: engine.run(jobs, 0, 2, -1, out),
                 lambda: engine.run_full(jobs, 0, 2, out, np.zeros((2, 32), dtype=np.int8)),
                 lambda: engine.run_share(jobs, 0, 2, np.zeros(2, dtype=np.int8), out),
                 lambda: solver.run_jobs(jobs)):
        with pytest.raises(EngineArgumentError) as caught:
            call()
        assert str(caught.value) == message
