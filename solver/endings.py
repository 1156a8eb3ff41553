"""The endings tables: the exact value of every misère and raspasy position with four or five
tricks left, and of every contract with four tricks left together with the cards that value
rests on, which the search looks up instead of searching (ALGORITHM.md, "Endings tables").

The engine numbers the positions and reads the tables (the files of
``solver._build.ENDING_FILES``, read when the first ``Solver`` is made); this module makes
those files, by solving one position of every number with search:

    python -m solver.endings            # writes the four files (about 45 s on two cores)

A position is read from the focus player's side, on relative ranks: each suit is a
*pattern*, the owners of its cards from the lowest up (0 the focus player, 1 the seat after
him in play order, 2 the one after that). Without trumps the suits are interchangeable, so
positions with the same multiset of four patterns have the same value for the same leader;
the engine numbers those multisets densely (``endings_entry``, ``endings_position``).
"""
from __future__ import annotations

import itertools
import os
import sys
import threading
import zlib
from collections import defaultdict

import numpy as np

from ._build import ENDING_FILES, ending_path
from ._build import engine as _built

SIZES = (4, 5)
#: The tables that ship: (tricks, kind), in the order they are made (each with the ones before).
TABLES = tuple((tricks, kind) for tricks, kind, _ in ENDING_FILES)


def path(tricks: int, kind: str = "misere") -> str:
    """Where the table of `tricks` tricks and `kind` ("misere", "notrump" or "trump") ships."""
    return ending_path(tricks, kind)


def multisets(tricks: int, trumps: bool = False) -> int:
    """How many positions a table of `tricks` tricks has, counted here independently of the
    engine's numbering: multisets of four suit patterns (at most eight cards a suit) in which
    each of the three owners has `tricks` cards; with `trumps`, one of the four is the trump
    suit's and is told apart from the others."""
    classes: dict[tuple[int, int, int], int] = defaultdict(int)
    for length in range(9):
        for pattern in itertools.product(range(3), repeat=length):
            counts = (pattern.count(0), pattern.count(1), pattern.count(2))
            if max(counts) <= tricks:
                classes[counts] += 1
    vectors = sorted(classes)

    def walk(start: int, left: int, room: tuple[int, ...], picked: list) -> int:
        if left == 0:
            if room != (0, 0, 0):
                return 0
            ways = 1
            for v, group in itertools.groupby(picked):
                ways *= _multichoose(classes[v], len(list(group)))
            return ways
        total = 0
        for i in range(start, len(vectors)):
            v = vectors[i]
            if all(a <= b for a, b in zip(v, room)):
                rest = (room[0] - v[0], room[1] - v[1], room[2] - v[2])
                total += walk(i, left - 1, rest, picked + [v])
        return total

    full = (tricks, tricks, tricks)
    if not trumps:
        return walk(0, 4, full, [])
    return sum(classes[v] * walk(0, 3, (tricks - v[0], tricks - v[1], tricks - v[2]), [])
               for v in vectors if all(a <= tricks for a in v))


def _multichoose(n: int, m: int) -> int:
    out = 1
    for i in range(m):
        out = out * (n + i) // (i + 1)
    return out


def build(tricks: int, kind: str = "misere", threads: int = 2, progress: bool = False) -> bytes:
    """The table of `tricks` tricks and `kind`: for every number, v0 + (T + 1) v1 +
    (T + 1)^2 v2, the focus player's tricks with each leader (counted from him), each solved
    by the search without this table (with the smaller tables that are loaded); for the
    contracts' kinds followed by three little-endian 32-bit words per number, the cards each
    value rests on (`Solver.build_endings`)."""
    size = _built.endings_size(tricks, kind)
    out = np.zeros(size, dtype=np.uint8)
    rels = np.zeros(3 * size, dtype="<u4") if kind != "misere" else None
    chunk = 1 << 16
    starts = list(range(0, size, chunk))
    lock = threading.Lock()
    bad = [0]
    done = [0]

    def work() -> None:
        engine = _built.Solver(tt_mb=16)
        while True:
            with lock:
                if not starts:
                    return
                start = starts.pop(0)
            n = engine.build_endings(tricks, start, min(start + chunk, size), out, rels, kind)
            with lock:
                bad[0] += n
                done[0] += 1
                if progress:
                    print(f"\r{kind} endings of {tricks} tricks: {done[0]}/{-(-size // chunk)}",
                          end="", file=sys.stderr, flush=True)

    workers = [threading.Thread(target=work) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    if progress:
        print(file=sys.stderr)
    if bad[0]:
        raise RuntimeError(f"{bad[0]} positions of the endings table are not numbered back")
    return out.tobytes() + (rels.tobytes() if rels is not None else b"")


def main() -> None:
    threads = max(1, len(os.sched_getaffinity(0))) if hasattr(os, "sched_getaffinity") else 2
    for tricks, kind in TABLES:
        data = build(tricks, kind, threads=threads, progress=True)
        with open(path(tricks, kind), "wb") as f:
            f.write(zlib.compress(data, 9))
        crc = zlib.crc32(data)
        # The next table is built with this one: loaded under its own sum, just made.
        _built.load_endings(tricks, data, kind, crc32=crc)
        known = _built.ENDING_CRC32[(tricks, kind)]
        note = "" if crc == known else f" (the engine expects {known:#010x}: update ENDING_CRC32)"
        print(f"{path(tricks, kind)}: {_built.endings_size(tricks, kind):,} positions,"
              f" CRC-32 {crc:#010x}{note}", file=sys.stderr)


if __name__ == "__main__":
    main()
