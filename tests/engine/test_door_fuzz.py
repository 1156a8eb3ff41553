"""Fuzzing the engine's door: random and mutated arguments to every public function of
`solver` that reaches compiled code, run in subprocesses in batches so that a crash is seen
and attributed to its case.

Each case must end in one of two ways: a `solver.EngineArgumentError` (and then the same
arguments, as a `Position`, must not have been a valid question), or an answer (and then the
arguments must have been a valid question, and the answer the one the engine gives that
question asked properly). Anything else, a crash or another exception, is a failure.

    python tests/engine/test_door_fuzz.py SEED BATCH CASES   # one batch, a JSON summary
"""
from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from collections import Counter

import pytest

pytestmark = pytest.mark.slow  # thousands of random inputs; CI runs them

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 2025
BATCHES = 10
CASES = 220          # per batch: 2,200 cases in all

# Values that no argument wants, or wants only sometimes: out of range, of another type,
# numpy scalars of every kind.
def hostile_values():
    import numpy as np
    return [-1, 3, 7, 9, 11, 31, 32, 255, 2**31, 2**32, 2**64, -2**63, True, False, 3.7, 1.0,
            float("nan"), None, "x", "", [], (), [1, 2, 3], np.int64(2), np.uint32(5),
            np.int8(-1), np.float64(2.0), np.bool_(True), object(), b"\x00", {},
            np.arange(3), 0, 1, 2, 10, -2]


class Fuzz:
    """One batch: cases drawn from `rng`, a tally per door, the failures."""

    def __init__(self, rng: random.Random):
        import numpy as np
        import solver
        sys.path.insert(0, os.path.dirname(HERE))
        from engine_positions import random_position
        self.np, self.solver, self.rng = np, solver, rng
        self.random_position = random_position
        self.hostile = hostile_values()
        self.tally: Counter = Counter()
        self.failures: list[str] = []
        self.engine = solver.Solver(tt_mb=1)

    # --- values -------------------------------------------------------------------------
    def maybe(self, good, p: float = 0.25):
        """`good`, or with probability p a hostile value."""
        return self.rng.choice(self.hostile) if self.rng.random() < p else good

    def whole_in(self, value, lo: int, hi: int) -> bool:
        np = self.np
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            return False
        return lo <= int(value) <= hi

    def ranks_in(self, ranks, count: int) -> bool:
        """Whether `ranks` is a 1-D sequence of whole numbers in 0..count-1 (or empty)."""
        try:
            a = self.np.asarray(ranks)
        except Exception:
            return False
        return a.ndim == 1 and (a.size == 0 or (a.dtype.kind in "iu" and bool(
            ((a >= 0) & (a < count)).all())))

    def position(self, max_cards: int = 4):
        return self.random_position(self.rng, max_cards)

    def fields(self, pos) -> dict:
        return {k: getattr(pos, k) for k in ("hands", "leader", "played", "game", "trump",
                                                 "focus", "talon", "talon_rule")}

    def mutated(self, pos, p: float = 0.6):
        """`pos`'s fields with none, one or two mutations, carried by an object that is not a
        checked Position: (the object, its fields)."""
        rng, f = self.rng, self.fields(pos)
        for _ in range(rng.choice((1, 1, 2)) if rng.random() < p else 0):
            kind = rng.randrange(9)
            hands = list(f["hands"]) if isinstance(f["hands"], (tuple, list)) else [0, 0, 0]
            if kind == 0:
                f[rng.choice(list(f))] = rng.choice(self.hostile)
            elif kind == 1 and len(hands) == 3:
                s = rng.randrange(3)
                hands[s] = hands[s] ^ (1 << rng.randrange(32)) if isinstance(hands[s], int) \
                    else hands[s]
                f["hands"] = tuple(hands)
            elif kind == 2 and len(hands) == 3:
                a, b = rng.sample(range(3), 2)
                if isinstance(hands[a], int) and hands[a]:
                    c = rng.choice([c for c in range(32) if hands[a] >> c & 1])
                    hands[a] &= ~(1 << c)
                    if isinstance(hands[b], int):
                        hands[b] |= 1 << c
                    f["hands"] = tuple(hands)
            elif kind == 3:
                f["played"] = tuple(f["played"]) + (rng.randrange(32),) \
                    if isinstance(f["played"], tuple) else (rng.randrange(32),)
            elif kind == 4:
                f["played"] = ()
            elif kind == 5:
                f["talon"] = tuple(rng.sample(range(32), rng.randint(0, 3)))
            elif kind == 6:
                f["leader"] = rng.randrange(3)
            elif kind == 7:
                f["game"], f["trump"] = rng.choice(
                    [("misere", 1), ("raspasy", None), ("contract", 3), ("contract", None)])
            else:
                f["hands"] = tuple(self.np.uint32(h) if isinstance(h, int) and 0 <= h < 2**32
                                   else h for h in hands)
        carrier = object.__new__(self.solver.Position)
        carrier.__dict__.update(f)
        if rng.random() < 0.3:
            carrier = type("Plain", (), {})()
            carrier.__dict__.update(f)
            if rng.random() < 0.1:
                del carrier.__dict__[rng.choice(list(f))]
        return carrier, f

    def as_position(self, f: dict):
        """The Position the fields state (numpy integers read as ints), or None if they do
        not state one."""
        np = self.np

        def plain(v):
            if isinstance(v, np.integer):
                return int(v)
            if isinstance(v, (tuple, list)):
                return tuple(plain(x) for x in v)
            return v
        try:
            return self.solver.Position(**{k: plain(v) for k, v in f.items()})
        except Exception:
            return None

    # --- outcome ------------------------------------------------------------------------
    def run(self, door: str, call, valid: bool, check=None, args=()) -> None:
        """Call the door; `valid`: whether the arguments ask a proper question; `check(result)`
        compares an answer with the one the question has; `args` name the case in a failure."""
        self.tally[door, "cases"] += 1
        try:
            result = call()
        except self.solver.EngineArgumentError as error:
            self.tally[door, "refused"] += 1
            if valid:
                self.failures.append(f"{door}{args!r}: a valid question refused: {error}")
            return
        except Exception as error:  # anything but the door's own error is a failure
            self.failures.append(f"{door}{args!r}: {type(error).__name__}: {error}")
            return
        self.tally[door, "answered"] += 1
        if not valid:
            self.failures.append(f"{door}{args!r}: answered a question that is not one: "
                                 f"{result!r}")
        elif check is not None and not check(result):
            self.failures.append(f"{door}{args!r}: wrong answer {result!r}")

    # --- the doors ----------------------------------------------------------------------
    def case_position(self) -> None:
        rng, solver = self.rng, self.solver
        carrier, f = self.mutated(self.position())
        pos = self.as_position(f) if set(vars(carrier)) == set(f) else None
        call = rng.choice(["tricks", "at_least", "full", "moves", "line", "module"])
        fresh = solver.Solver(tt_mb=1)
        if call == "at_least":
            target = self.maybe(rng.randint(0, 5))
            valid = pos is not None and self.whole_in(target, 0, 10)
            self.run("Solver.at_least", lambda: self.engine.at_least(carrier, target), valid,
                     lambda r: r == fresh.at_least(pos, int(target)))
        elif call == "module":
            self.run("solver.tricks", lambda: solver.tricks(carrier), pos is not None,
                     lambda r: r == fresh.tricks(pos))
        else:
            self.run(f"Solver.{call}", lambda: getattr(self.engine, call)(carrier),
                     pos is not None, lambda r: r == getattr(fresh, call)(pos))

    def case_solver(self) -> None:
        rng = self.rng
        tt_mb, features = self.maybe(rng.randint(1, 3), 0.5), self.maybe(
            rng.choice([self.solver.ALL_FEATURES, 0, 1 << 16, 2**20, 4095]), 0.3)
        valid = self.whole_in(tt_mb, 1, 65536) and self.whole_in(features, 0, 65535)
        if isinstance(tt_mb, (int, self.np.integer)) and not isinstance(tt_mb, bool) \
                and 64 < tt_mb <= 65536:
            return  # a valid but large table: not what a fuzz case should allocate
        pos = self.position()
        want = self.engine.tricks(pos)
        self.run("Solver()", lambda: self.solver.Solver(tt_mb=tt_mb, features=features).tricks(
            pos), valid, lambda r: r == want)

    def case_at_least_hands(self) -> None:
        rng, np = self.rng, self.np
        pos = self.position()
        seat = rng.randrange(3)
        own = pos.hands[seat]
        others = pos.hands[(seat + 1) % 3] | pos.hands[(seat + 2) % 3]
        free = [c for c in range(32) if not (others >> c & 1) and c not in pos.played
                and c not in pos.talon]
        hands = []
        for _ in range(rng.randint(0, 4)):
            if rng.random() < 0.5:
                hands.append(sum(1 << c for c in rng.sample(free, min(len(free), bin(own).count("1")))))
            else:
                hands.append(self.maybe(own ^ (1 << rng.randrange(32)), 0.4))
        if rng.random() < 0.2:
            hands = np.array([h for h in hands if isinstance(h, int) and 0 <= h < 2**32],
                             dtype=np.uint32)
        seat_arg, target = self.maybe(seat, 0.15), self.maybe(rng.randint(0, 4), 0.15)
        stop = self.maybe(-1, 0.15)
        template, _ = self.mutated(pos, 0.2)
        tf = self.fields(template) if set(vars(template)) >= set(self.fields(pos)) else None
        worlds = []
        for h in hands:
            if tf is None:
                worlds.append(None)
                continue
            g = dict(tf)
            hs = list(g["hands"]) if isinstance(g["hands"], (tuple, list)) else None
            if hs is None or len(hs) != 3 or not self.whole_in(h, 0, 2**32 - 1):
                worlds.append(None)
                continue
            hs[seat] = h
            g["hands"] = tuple(hs)
            worlds.append(self.as_position(g))
        valid = (tf is not None and self.whole_in(seat_arg, 0, 2) and self.whole_in(target, 0, 10)
                 and self.whole_in(stop, -1, 1 << 30) and all(w is not None for w in worlds))
        fresh = self.solver.Solver(tt_mb=1)

        def check(got):
            want = [fresh.at_least(w, int(target)) for w in worlds]
            if int(stop) >= 0:
                fails = [i for i, ok in enumerate(want) if not ok]
                if len(fails) > int(stop):
                    want = want[:fails[int(stop)] + 1]
            return got == want
        self.run("Solver.at_least_hands",
                 lambda: self.engine.at_least_hands(template, seat_arg, hands, target, stop),
                 valid, check)

    def case_many(self) -> None:
        rng, solver = self.rng, self.solver
        items = [self.mutated(self.position(), 0.3) for _ in range(rng.randint(1, 4))]
        carriers = [c for c, _ in items]
        positions = [self.as_position(f) if set(vars(c)) == set(f) else None for c, f in items]
        ok = all(p is not None for p in positions)
        shape = rng.randrange(4)
        threads = self.maybe(rng.randint(1, 2), 0.1)
        valid_threads = threads is None or self.whole_in(threads, 1, 1 << 16)
        fresh = solver.Solver(tt_mb=1)
        if shape == 0:
            target = self.maybe(None, 0.5)
            if isinstance(target, (list, tuple, self.np.ndarray)):
                target = None  # a sequence of targets is the next shape's question
            valid = ok and valid_threads and (target is None or self.whole_in(target, 0, 10))
            want = lambda: [fresh.tricks(p) if target is None else int(fresh.at_least(p, int(target)))
                            for p in positions]
            self.run("tricks_many", lambda: solver.tricks_many(
                carriers, target=target, threads=threads), valid,
                lambda r: list(r) == want(), ([f for _, f in items], target, threads))
        elif shape == 1:
            targets = [self.maybe(rng.choice([None, rng.randint(0, 5)]), 0.2) for _ in carriers]
            valid = ok and valid_threads and all(
                t is None or self.whole_in(t, 0, 10) for t in targets)
            want = lambda: [fresh.tricks(p) if t is None else int(fresh.at_least(p, int(t)))
                            for p, t in zip(positions, targets)]
            self.run("tricks_many(targets)", lambda: solver.tricks_many(
                carriers, target=targets, threads=threads), valid, lambda r: list(r) == want(),
                ([f for _, f in items], targets, threads))
        elif shape == 2:
            lines = rng.random() < 0.5
            valid = ok and valid_threads

            def check(r):
                for i, p in enumerate(positions):
                    v, moves, line = fresh.full(p)
                    got = {c: int(r.moves[i, c]) for c in range(32) if r.moves[i, c] >= 0}
                    if r.tricks[i] != v or got != moves:
                        return False
                return True
            self.run("tricks_many(moves)", lambda: solver.tricks_many(
                carriers, threads=threads, moves=True, lines=lines), valid, check)
        else:
            tt_mb = self.maybe(rng.randint(1, 2), 0.3)
            give_up = self.maybe(None, 0.3)
            target = self.maybe(None, 0.3)
            valid = (ok and valid_threads and self.whole_in(tt_mb, 1, 65536)
                     and (target is None or self.whole_in(target, 0, 10)) and give_up is None)
            if isinstance(tt_mb, (int, self.np.integer)) and 64 < tt_mb <= 65536:
                return
            try:
                jobs = solver.Jobs.from_positions(carriers)
            except solver.EngineArgumentError:
                self.tally["run_jobs", "refused"] += 1
                self.tally["run_jobs", "cases"] += 1
                return
            want = lambda: [fresh.tricks(p) if target is None else int(fresh.at_least(p, int(target)))
                            for p in positions]
            self.run("run_jobs", lambda: solver.run_jobs(
                jobs, target=target, threads=threads, tt_mb=tt_mb, give_up=give_up),
                valid, lambda r: list(r) == want())

    def case_from_hands(self) -> None:
        rng, np, solver = self.rng, self.np, self.solver
        while True:
            pos = self.position()
            if not pos.played and not pos.talon:
                break
        cards = [c for h in pos.hands for c in range(32) if h >> c & 1]
        n = len(cards) // 3
        rows = []
        for _ in range(rng.randint(1, 4)):
            rng.shuffle(cards)
            row = [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3)]
            if rng.random() < 0.3:
                row[rng.randrange(3)] ^= 1 << rng.randrange(32)
            rows.append(row)
        dtype = rng.choice([np.uint32] * 4 + [np.int64, np.float64, np.int8])
        try:
            hands = np.array(rows, dtype=dtype)
        except OverflowError:
            hands = np.array(rows, dtype=np.uint32)
        targets = None if rng.random() < 0.5 else self.maybe(
            np.array([rng.randint(-1, 5) for _ in rows]), 0.3)
        template, _ = self.mutated(pos, 0.2)
        worlds = []
        for row in rows:
            g = self.fields(template) if set(vars(template)) >= set(self.fields(pos)) else None
            if g is None:
                worlds.append(None)
                continue
            g["hands"] = tuple(row)
            worlds.append(self.as_position(g))
        exact = hands.dtype.kind in "iu" and all(
            int(x) == y for r, row in zip(hands.tolist(), rows) for x, y in zip(r, row))
        tvalid = targets is None or (isinstance(targets, np.ndarray) and targets.dtype.kind == "i"
                                     and targets.ndim == 1 and len(targets) == len(rows)
                                     and targets.max() <= 10)
        valid = exact and tvalid and all(w is not None and not w.played and not w.talon
                                         for w in worlds)
        fresh = solver.Solver(tt_mb=1)

        def check(jobs):
            got = solver.run_jobs(jobs, threads=1, target="each")
            return all(got[i] == (fresh.tricks(w) if targets is None or targets[i] < 0
                                  else int(fresh.at_least(w, int(targets[i]))))
                       for i, w in enumerate(worlds))
        self.run("Jobs.from_hands", lambda: solver.Jobs.from_hands(template, hands, targets),
                 valid, check)

    def case_layouts(self) -> None:
        rng, np, solver = self.rng, self.np, self.solver
        pos = self.position(5)
        seat_a, seat_b = rng.sample(range(3), 2)
        pool = pos.hands[seat_a] | pos.hands[seat_b]
        k = bin(pos.hands[seat_a]).count("1")
        m = bin(pool).count("1")
        k_arg = self.maybe(rng.choice([k, k, k, rng.randint(0, m)]), 0.15)
        pool_arg = self.maybe(pool if rng.random() < 0.9 else pool ^ (1 << rng.randrange(32)), 0.1)
        seat_arg = self.maybe(seat_a, 0.1)
        count = math.comb(m, k)
        ranks = np.array(rng.sample(range(count), min(count, rng.randint(1, 6))), dtype=np.int64)
        if rng.random() < 0.2:
            ranks = self.maybe(np.array([count, -1, 2**40])[rng.randrange(3):], 0.5)
        template, tf = self.mutated(pos, 0.15)
        # (With seat_b's hand empty the template does not say which seat the other is.)
        proper = (pos.hands[seat_b] != 0 and self.whole_in(seat_arg, 0, 2) and int(seat_arg) == seat_a
                  and self.whole_in(pool_arg, 0, 2**32 - 1) and int(pool_arg) == pool
                  and self.whole_in(k_arg, 0, 32) and int(k_arg) == k
                  and self.ranks_in(ranks, count)
                  and set(vars(template)) == set(tf) and self.as_position(tf) is not None
                  and self.as_position(tf).hands[seat_a] | self.as_position(tf).hands[seat_b] == pool)
        worlds = []
        if proper:
            for r in np.asarray(ranks).tolist():
                g = dict(tf)
                hs = list(self.as_position(tf).hands)
                hs[seat_a] = solver.subset(pool, k, r)
                hs[seat_b] = pool & ~hs[seat_a]
                g["hands"] = tuple(hs)
                worlds.append(self.as_position(g))
        valid = proper and all(w is not None for w in worlds)
        fresh = solver.Solver(tt_mb=1)

        def check(jobs):
            got = solver.run_jobs(jobs, threads=1)
            return list(got) == [fresh.tricks(w) for w in worlds]
        self.run("Jobs.layouts", lambda: solver.Jobs.layouts(template, seat_arg, pool_arg, k_arg,
                                                             ranks), valid, check,
                 (tf, seat_arg, pool_arg, k_arg, ranks, seat_a, seat_b))

    def case_run(self) -> None:
        rng, np, solver = self.rng, self.np, self.solver
        positions = [self.position() for _ in range(rng.randint(1, 3))]
        jobs = solver.Jobs.from_positions(positions)
        n = len(positions)
        start, end = self.maybe(0, 0.2), self.maybe(n, 0.2)
        target = self.maybe(rng.choice([-1, -2, 0, 3]), 0.2)
        dtype = rng.choice([np.int8] * 3 + [np.int64, np.uint8])
        size = n if rng.random() < 0.9 else rng.choice([0, n - 1, n + 1])
        out = np.zeros(size, dtype=dtype) if rng.random() < 0.95 else [0] * n
        full = rng.random() < 0.3
        valid = (self.whole_in(start, 0, n) and self.whole_in(end, 0, n)
                 and int(start) <= int(end) and isinstance(out, np.ndarray)
                 and out.dtype == np.int8 and out.shape[0] >= n)
        fresh = solver.Solver(tt_mb=1)
        if full:
            values = np.full((n, rng.choice([32, 32, 31])), -1, dtype=np.int8)
            valid = valid and values.shape[1] == 32
            self.run("Solver.run_full", lambda: self.engine.run_full(
                jobs, start, end, out, values), valid,
                lambda _: all(out[i] == fresh.tricks(positions[i])
                              for i in range(int(start), int(end))))
        else:
            valid = valid and self.whole_in(target, -2, 10)
            self.run("Solver.run", lambda: self.engine.run(jobs, start, end, target, out), valid,
                     lambda _: all(out[i] == (fresh.tricks(positions[i]) if int(target) < 0
                                              else int(fresh.at_least(positions[i], int(target))))
                                   for i in range(int(start), int(end))))

    def case_small(self) -> None:
        rng, solver = self.rng, self.solver
        kind = rng.randrange(4)
        if kind == 0:
            n, k = self.maybe(rng.randint(0, 32), 0.3), self.maybe(rng.randint(-1, 33), 0.2)
            valid = self.whole_in(n, 0, 32) and self.whole_in(k, -(1 << 62), 1 << 62)
            self.run("binomial", lambda: solver.binomial(n, k), valid,
                     lambda r: r == (math.comb(int(n), int(k)) if 0 <= int(k) <= int(n) else 0),
                     (n, k))
        elif kind == 1:
            pool = self.maybe(rng.getrandbits(32), 0.2)
            m = bin(pool).count("1") if self.whole_in(pool, 0, 2**32 - 1) else 0
            k = self.maybe(rng.randint(0, m), 0.2)
            count = math.comb(m, int(k)) if self.whole_in(k, 0, m) else 0
            rank = self.maybe(rng.randrange(max(count, 1)), 0.2)
            valid = (self.whole_in(pool, 0, 2**32 - 1) and self.whole_in(k, 0, m)
                     and self.whole_in(rank, 0, count - 1))
            self.run("subset", lambda: solver.subset(pool, k, rank), valid,
                     lambda r: solver.subset_rank(int(pool), r) == int(rank)
                     and bin(r).count("1") == int(k) and r & ~int(pool) == 0, (pool, k, rank))
        elif kind == 2:
            pool = self.maybe(rng.getrandbits(32), 0.2)
            sub = self.maybe(pool & rng.getrandbits(32) if isinstance(pool, int) else 0, 0.2)
            valid = (self.whole_in(pool, 0, 2**32 - 1) and self.whole_in(sub, 0, 2**32 - 1)
                     and int(sub) & ~int(pool) == 0)
            self.run("subset_rank", lambda: solver.subset_rank(pool, sub), valid,
                     lambda r: solver.subset(int(pool), bin(int(sub)).count("1"), r) == int(sub),
                     (pool, sub))
        else:
            jobs = solver.Jobs.from_positions([self.position()])
            i = self.maybe(0, 0.5)
            self.tally["Jobs.hands", "cases"] += 1
            try:
                jobs.hands(i)
                self.tally["Jobs.hands", "answered"] += 1
            except (solver.EngineArgumentError, IndexError):
                self.tally["Jobs.hands", "refused"] += 1
            except Exception as error:
                self.failures.append(f"Jobs.hands: {type(error).__name__}: {error}")

    CASES = ("case_position", "case_position", "case_position", "case_solver",
             "case_at_least_hands", "case_many", "case_many", "case_from_hands",
             "case_layouts", "case_layouts", "case_run", "case_small")


def batch(seed: int, index: int, cases: int) -> dict:
    """Run one batch; print each case's name before it runs (a crash names its case)."""
    rng = random.Random(seed * 1000 + index)
    fuzz = Fuzz(rng)
    for i in range(cases):
        name = rng.choice(Fuzz.CASES)
        print(f"case {i} {name}", file=sys.stderr, flush=True)
        getattr(fuzz, name)()
    tally: dict = {}
    for (door, what), count in fuzz.tally.items():
        tally.setdefault(door, {})[what] = count
    return {"tally": tally, "failures": fuzz.failures}


def run_batch(index: int, cases: int = CASES) -> dict:
    root = os.path.dirname(os.path.dirname(HERE))
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    result = subprocess.run([sys.executable, __file__, str(SEED), str(index), str(cases)],
                            cwd=root, env=env, capture_output=True, text=True, timeout=300)
    last = result.stderr.strip().splitlines()[-3:]
    assert result.returncode == 0, (
        f"batch {index} (seed {SEED}) died with exit {result.returncode} (negative: a signal) "
        f"after: {last}")
    return json.loads(result.stdout)


def test_door_fuzz():
    """BATCHES x CASES random and mutated calls; every door answers or refuses properly."""
    totals: dict = {}
    failures: list[str] = []
    for index in range(BATCHES):
        out = run_batch(index)
        failures += [f"batch {index}: {f}" for f in out["failures"]]
        for door, counts in out["tally"].items():
            for what, n in counts.items():
                totals.setdefault(door, Counter())[what] += n
    cases = sum(c["cases"] for c in totals.values())
    print(json.dumps({d: dict(c) for d, c in sorted(totals.items())}, indent=1))
    assert not failures, "\n".join(failures[:20])
    assert cases >= 2000, cases
    # Every door was tried, both with questions it answers and with ones it refuses.
    for door, counts in totals.items():
        assert counts["cases"] >= 20 and counts["refused"] and counts["answered"], (door, counts)


if __name__ == "__main__":
    seed, index, cases = (int(a) for a in sys.argv[1:4])
    print(json.dumps(batch(seed, index, cases)))
