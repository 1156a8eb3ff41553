# cython: language_level=3
"""The search core: exact trick counts by null-window alpha-beta (see ALGORITHM.md).

Everything below ``Solver`` runs without the GIL on a plain C struct, so several threads can
search at once, each with its own ``Solver`` (and so its own transposition table).

The search is one extension built from several files, one concern each (ALGORITHM.md, "Where
is what"); this file holds only the Python-facing functions and classes:

- ``_engine_defs.pxd``: the C helpers (popcount, pext), constants and shared structs;
- ``_tables.pxi``: the rank tables (seat arithmetic, renumbering, tops of runs);
- ``_tricks.pxi``: the rules of a trick (legal cards, who wins it, playing a card);
- ``_table.pxi``: the transposition tables (exact keys, and the contracts' partition keys);
- ``_moves.pxi``: move generation and ordering;
- ``_bounds.pxi``: quick tricks, losing tricks and the other bounds that cut the search;
- ``_endings.pxi``: the endings tables, read instead of searched;
- ``_search.pxi``: the alpha-beta search and its drivers (exact value, card values, lines);
- ``_jobs.pxi``: positions in engine form (jobs, layouts of unseen cards);
- ``_door.pxi``: every argument converted and checked once, before it reaches the search;
- ``_share.pxi``: a defender's sure share of a contract, a search of its own over the first.
"""
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from solver._engine_defs cimport *

include "_tables.pxi"
include "_tricks.pxi"
include "_table.pxi"
include "_moves.pxi"
include "_bounds.pxi"
include "_endings.pxi"
include "_search.pxi"
include "_jobs.pxi"
include "_door.pxi"
include "_share.pxi"


FEATURES = {
    "table": USE_TABLE, "equivalence": USE_EQUIVALENCE, "quick_tricks": USE_QUICK_TRICKS,
    "ordering": USE_ORDERING, "guess": USE_GUESS, "table_move": USE_TABLE_MOVE,
    "min_bounds": USE_MIN_BOUNDS, "suit_symmetry": USE_SUIT_SYMMETRY,
    "trump_tops": USE_TRUMP_TOPS, "guess_shift": USE_GUESS_SHIFT,
    "killer": USE_KILLER, "partner_tricks": USE_PARTNER_TRICKS, "partition": USE_PARTITION,
    "endings": USE_ENDINGS, "declarer_tops": USE_DECLARER_TOPS,
    "defenders_run": USE_DEFENDERS_RUN,
}
ALL_FEATURES = USE_ALL


def subset(pool, k, rank) -> int:
    """The `rank`-th subset of `k` cards of the mask `pool` (colex order), as a mask.

    The inverse of `subset_rank`; rank 0 is the `k` lowest cards.
    """
    pool = as_mask(pool, "pool")
    cdef int m = bin(pool).count("1")
    k = whole(k, "k", 0, m, f"a number of cards 0..{m}")
    rank = whole(rank, "rank", 0, BINOM[m][k] - 1, "a whole number")
    return unrank_subset(pool, k, rank)


def subset_rank(pool, sub) -> int:
    """The colex rank of the mask `sub` among the subsets of `pool` of its size."""
    pool = as_mask(pool, "pool")
    sub = as_mask(sub, "sub")
    if sub & ~pool:
        raise EngineArgumentError("sub: the subset has cards outside the pool")
    cdef int64_t rank = 0
    cdef int i = 0, j = 0, c
    for c in range(32):
        if (pool >> c) & 1:
            if (sub >> c) & 1:
                j += 1
                rank += BINOM[i][j]
            i += 1
    return rank


ENDING_KINDS = ("misere", "notrump", "trump")
#: The CRC-32 of each endings table as `solver/endings.py` makes it, (tricks, kind) -> crc.
#: `load_endings` refuses a table that does not match: a table of the right size whose bytes
#: are all in range (all zeros, a truncated file padded out) would otherwise pass its checks
#: and make every later count that reads it wrong. Made again with a changed numbering, the
#: tables get new sums (`python -m solver.endings` prints them).
ENDING_CRC32 = {(4, "misere"): 0x8a215a35, (5, "misere"): 0x77301d6b,
                (4, "notrump"): 0x48885b47, (4, "trump"): 0x59d70689}

import threading as _threading
import zlib as _zlib

_first_solver_hook = None
_first_solver_lock = _threading.Lock()


def on_first_solver(hook) -> None:
    """Call `hook()` once, when the first `Solver` of this build is made (`solver/_build.py`
    loads the endings tables then, so that a process that never searches does not read them)."""
    global _first_solver_hook
    _first_solver_hook = hook


def _run_first_solver_hook() -> None:
    global _first_solver_hook
    with _first_solver_lock:
        hook = _first_solver_hook
        if hook is not None:
            hook()
            _first_solver_hook = None


def endings_size(int tricks, str kind="misere") -> int:
    """How many positions the endings table of `tricks` tricks and `kind` numbers (multisets of
    suit patterns; see `solver/endings.py`)."""
    return _end_table(tricks, kind).count


def endings_loaded(int tricks, str kind="misere") -> bool:
    """Whether the endings table of `tricks` tricks and `kind` is in use."""
    _end_table(tricks, kind)
    if kind == "misere":
        return (END_LOADED >> tricks) & 1 == 1
    return bool(END_NT_LOADED if kind == "notrump" else END_TRUMP_LOADED)


def load_endings(int tricks, data, str kind="misere", crc32=None) -> None:
    """Use `data`, as `solver/endings.py` makes it, as the endings table of `tricks` tricks
    and `kind` ("misere": `endings_size(tricks)` bytes, a value byte per number; the
    contracts' kinds: those bytes, then three little-endian 32-bit words per number, the cards
    each value rests on); None: stop using it.

    `data` must have the table's CRC-32: `ENDING_CRC32`'s, or `crc32` when given (a table
    just made by `solver/endings.py`, which vouches for it). A `ValueError` naming `data`
    otherwise, and the table in use stays as it was."""
    global END_LOADED, END_NT_LOADED, END_TRUMP_LOADED
    cdef EndTable* t = _end_table(tricks, kind)
    cdef const uint8_t[::1] view
    cdef uint8_t* buf
    cdef uint32_t* words
    cdef Py_ssize_t i, size
    cdef int top
    cdef bint contract = kind != "misere"
    if data is None:
        if kind == "misere":
            END_LOADED &= ~(1 << tricks)
        elif kind == "notrump":
            END_NT_LOADED = 0
        else:
            END_TRUMP_LOADED = 0
        return
    view = data
    size = 13 * t.count if contract else t.count
    if view.shape[0] != size:
        raise ValueError(f"data: the {kind} endings table of {tricks} tricks has "
                         f"{view.shape[0]} bytes, not {size}")
    top = (tricks + 1) ** 3
    buf = <uint8_t*>malloc(t.count if t.count else 1)
    words = <uint32_t*>malloc(3 * t.count * sizeof(uint32_t) if contract else 1)
    if buf == NULL or words == NULL:
        free(buf)
        free(words)
        raise MemoryError("cannot allocate an endings table")
    memcpy(buf, &view[0], t.count)
    if contract:
        memcpy(words, &view[t.count], 3 * t.count * sizeof(uint32_t))
    for i in range(t.count):
        if buf[i] >= top:
            free(buf)
            free(words)
            raise ValueError(f"data: byte {i} of the {kind} endings table of {tricks} tricks is not "
                             f"a value")
    if contract:
        for i in range(3 * t.count):
            # each 4-bit place is 0..7 or 15: no nibble has its top bit without the other three
            if (words[i] >> 3) & 0x11111111 & ~(words[i] & (words[i] >> 1) & (words[i] >> 2)):
                free(buf)
                free(words)
                raise ValueError(f"data: word {i} of the {kind} endings table is not a place")
    # Last, the sum: the checks above say what is wrong where they can (a byte out of range).
    expected = ENDING_CRC32[(tricks, kind)] if crc32 is None else crc32
    got = _zlib.crc32(view)
    if got != expected:
        free(buf)
        free(words)
        raise ValueError(f"data: the {kind} endings table of {tricks} tricks has CRC-32 "
                         f"{got:#010x}, not {expected:#010x}: it is damaged, or not the "
                         f"table this engine numbers")
    if not contract:
        free(words)
    # A table replaced while another thread searches would be freed under it: the old one
    # is kept (tables are loaded once, at import).
    if kind == "misere":
        END_LOADED &= ~(1 << tricks)
        t.values = buf
        END_LOADED |= 1 << tricks
    elif kind == "notrump":
        END_NT_LOADED = 0
        t.cvalues = buf
        t.crels = words
        END_NT_LOADED = 1
    else:
        END_TRUMP_LOADED = 0
        t.cvalues = buf
        t.crels = words
        END_TRUMP_LOADED = 1


def endings_entry(pos) -> tuple:
    """(number, leader) of a position in its endings table: a trick boundary of misère or
    raspasy with four or five cards in each hand and no talon card pending, or of a contract
    with four. `leader` is counted from the focus player (0: he leads, 1: the seat after him);
    the table's byte `number` holds v0 + (T + 1) v1 + (T + 1)^2 v2, the focus player's tricks
    for each leader."""
    cdef Search s
    cdef int suits[4]
    cdef EndTable* t = _pos_table(pos, &s)
    return ending_index(t, &s, suits), (s.leader - s.focus + 3) % 3


def endings_rests_on(pos, target) -> tuple:
    """(answer, cards) of the contracts' table for "does the declarer take at least `target`
    of the tricks left?" at `pos`, a trick boundary with four cards a hand: the answer holds
    for every position with the same suit lengths in each hand in which each suit's cards from
    the lowest card of `cards` in that suit up (none: no card) lie as here."""
    cdef Search s
    cdef EndTable* t
    cdef int goal = as_target(target, "target")
    t = _pos_table(pos, &s)
    if s.maxmask != (1 << s.focus):
        raise EngineArgumentError("pos: not a contract")
    if s.ctable == NULL:
        raise ValueError("the contracts' endings table for this game is not loaded")
    return contract_ending(&s, t, goal) >= goal, s.rel


def contract_bound(pos, target, features=USE_ALL) -> tuple:
    """(bound, cards) of the static bounds of a contract at a trick boundary (`contract_cut`,
    with those of them that `features` keeps): a lower bound >= `target` or an upper bound
    < `target` on the declarer's tricks, -1 when none decides `target`; and the cards it rests
    on, as in `endings_rests_on`."""
    cdef Search s
    cdef Job j
    cdef int r, q, goal
    fill_job(&j, pos)
    if j.ctx != 0 or j.ntrick or j.talon_n:
        raise EngineArgumentError("pos: not a contract at a trick boundary")
    r = __builtin_popcount(j.hands[0])
    goal = whole(target, "target", 1, r, "a whole number of tricks")
    memset(&s, 0, sizeof(Search))
    s.features = whole(features, "features", 0, USE_ALL, "a set of FEATURES bits") \
        & ~(USE_TABLE | USE_PARTITION | USE_ENDINGS)
    load_job(&s, &j)
    s.rel = 0
    q = contract_cut(&s, goal, r)
    return q, s.rel


def endings_position(tricks, number, kind="misere") -> tuple:
    """The hands (focus player first, then the seats after him in play order) of a position
    numbered `number` in the endings table of `tricks` tricks and `kind`: suit i has the i-th
    pattern of its multiset (for "trump", suit 0 is the trump suit), on the lowest ranks."""
    cdef uint32_t hands[3]
    cdef EndTable* t = _end_table(whole(tricks, "tricks", END_MIN, END_MAX, "a number of tricks"),
                                  kind if isinstance(kind, str) else repr(kind))
    number = whole(number, "number", 0, t.count - 1, "a position number")
    ending_position(t, number, hands)
    return hands[0], hands[1], hands[2]


def cpu_runs_bmi2() -> bool:
    """Whether this processor has the BMI2 instructions and runs them in hardware (then
    `solver._engine_bmi2`, where it was built, is the faster build: see `solver/_build.py`)."""
    return prefdd_fast_pext()


#: Which build this module is: "bmi2" (compiled with the BMI2 instructions) or "portable".
BUILD = "bmi2" if PREFDD_HAVE_PEXT else "portable"


def binomial(n, k) -> int:
    """C(n, k) for 0 <= n <= 32 (0 when k is out of range)."""
    n = whole(n, "n", 0, 32, "a whole number")
    k = whole(k, "k", -(1 << 62), 1 << 62, "a whole number")
    if k < 0 or k > n:
        return 0
    return BINOM[n][k]


cdef class Jobs:
    """Many positions in engine form, for `Solver.run` (see `solver.many`).

    Build it from `Position` objects (`Jobs.from_positions`) or as every layout of some cards
    between two seats (`Jobs.layouts`), which is made in C without a Python call per layout.
    """
    cdef Job* jobs
    cdef readonly Py_ssize_t size
    # Set by the three makers once every job is filled and checked: `Jobs(n)` made directly
    # holds n zeroed jobs, no position, which the runs refuse (`_filled`) rather than search.
    cdef readonly bint filled

    def __cinit__(self, size):
        size = whole(size, "size", 0, 1 << 40, "a number of positions")
        self.jobs = <Job*>calloc(size if size > 0 else 1, sizeof(Job))
        if self.jobs == NULL:
            raise MemoryError("cannot allocate the positions")
        self.size = size

    def __dealloc__(self):
        free(self.jobs)

    def __len__(self):
        return self.size

    @staticmethod
    def from_positions(positions, targets=None) -> Jobs:
        """The given `solver.Position` objects, in order; `targets`: each one's own bound
        (0..10, or None: its exact count), used when run with target -2."""
        try:
            positions = list(positions)
        except TypeError:
            raise EngineArgumentError(f"positions: {positions!r} is not a sequence") from None
        cdef Jobs out = Jobs(len(positions))
        cdef Py_ssize_t i
        if targets is not None:
            try:
                targets = list(targets)
            except TypeError:
                raise EngineArgumentError(f"targets: {targets!r} is not a sequence") from None
            if len(targets) != len(positions):
                raise EngineArgumentError(
                    f"targets: {len(targets)} targets for {len(positions)} positions")
        for i, pos in enumerate(positions):
            fill_job(&out.jobs[i], pos, f"positions[{i}]")
            if targets is not None and targets[i] is not None:
                out.jobs[i].target = as_target(targets[i], f"targets[{i}]")
        out.filled = True
        return out

    @staticmethod
    def from_hands(template, hands, targets=None) -> Jobs:
        """Positions like `template` (a `Position` at a trick's start) with other hands: row i
        of `hands` (an array of shape (n, 3), the three hands' masks) is position i.

        The hands are checked as a trick's start needs: no card twice, equal counts. `targets`
        (an int array, negative for none): each position's own bound, as `from_positions`.
        """
        import numpy as np
        cdef uint32_t[:, ::1] h = as_array(hands, "hands", np.uint32, 2, 3)
        cdef Py_ssize_t n = h.shape[0], i
        cdef Jobs out = Jobs(n)
        cdef Job base
        cdef int8_t[::1] t
        fill_job(&base, template, "template", False)
        if base.ntrick or base.talon_n:
            raise EngineArgumentError(
                "template: must be at a trick's start, without talon tricks")
        if targets is not None:
            t = as_array(targets, "targets", np.int8, 1)
            if t.shape[0] != n:
                raise EngineArgumentError(f"targets: {t.shape[0]} targets for {n} positions")
        for i in range(n):
            out.jobs[i] = base
            out.jobs[i].hands[0] = h[i, 0]
            out.jobs[i].hands[1] = h[i, 1]
            out.jobs[i].hands[2] = h[i, 2]
            if targets is not None and t[i] >= 0:
                out.jobs[i].target = t[i]
            if job_fault(&out.jobs[i]):
                if job_fault(&out.jobs[i]) in (FAULT_OVERLAP, FAULT_COUNTS):
                    raise EngineArgumentError(f"hands: hands of position {i} overlap or "
                                              f"differ in size")
                check_job(&out.jobs[i], f"hands[{i}]")
        out.filled = True
        return out

    @staticmethod
    def layouts(template, seat_a, pool, k, ranks) -> Jobs:
        """Positions like `template` (a `Position`) but for two seats' hands: for each colex
        rank r in `ranks`, seat_a holds subset r of `k` cards of `pool` and the third seat
        (neither seat_a nor the template's seat holding cards) the rest.

        The template is a valid position in which seat_a and the third seat hold any cards
        of the right counts (e.g. the first layout); their hands are replaced.
        """
        import numpy as np
        cdef int sa = as_seat(seat_a, "seat_a")
        cdef uint32_t p = as_mask(pool, "pool")
        cdef int m = __builtin_popcount(p)
        cdef int kk = whole(k, "k", 0, m, f"a number of cards 0..{m} (the pool's)")
        cdef int64_t[::1] r = as_array(ranks, "ranks", np.int64, 1)
        cdef Jobs out = Jobs(r.shape[0])
        cdef Job base
        cdef Py_ssize_t i, bad = -1
        cdef uint32_t a
        cdef int seat_b = -1, seat
        fill_job(&base, template, "template")
        for seat in range(3):
            if seat != sa and base.hands[seat] & p:
                seat_b = seat
        if seat_b < 0 or (base.hands[sa] | base.hands[seat_b]) != p:
            raise EngineArgumentError(
                "pool: the template's two other seats must hold exactly the pool's cards")
        if __builtin_popcount(base.hands[sa]) != kk:
            raise EngineArgumentError(
                f"k: {kk} cards for seat {sa}, whose hand in the template holds "
                f"{__builtin_popcount(base.hands[sa])}")
        base.hands[sa] = 0
        base.hands[seat_b] = 0
        for i in range(r.shape[0]):
            if not 0 <= r[i] < BINOM[m][kk]:
                raise EngineArgumentError(
                    f"ranks: layout rank {r[i]} out of range 0..{BINOM[m][kk] - 1}")
        with nogil:
            for i in range(r.shape[0]):
                out.jobs[i] = base
                a = unrank_subset(p, kk, r[i])
                out.jobs[i].hands[sa] = a
                out.jobs[i].hands[seat_b] = p & ~a
                # A mid-trick template: a seat that showed out of a suit holds none of it.
                if bad < 0 and job_fault(&out.jobs[i]):
                    bad = i
        if bad >= 0:
            check_job(&out.jobs[bad], f"ranks[{bad}] (layout {r[bad]})")
        out.filled = True
        return out

    def hands(self, i) -> tuple:
        """The three hands (masks) of position `i`."""
        i = whole(i, "i", -(1 << 62), 1 << 62, "a whole number")
        if not 0 <= i < self.size:
            raise IndexError(i)
        return (self.jobs[i].hands[0], self.jobs[i].hands[1], self.jobs[i].hands[2])


cdef class Solver:
    """A search engine with its own transposition table.

    Keep one Solver for a series of related solves (the table carries over between them);
    use one Solver per thread. ``tt_mb`` fixes the table's size in megabytes; the first
    contract solved adds the contracts' table (partition search) of the same size.
    """
    cdef Search s
    cdef Entry* table
    cdef uint64_t nbuckets
    cdef ShareEntry* share_memo
    cdef public dict stats

    def __cinit__(self, tt_mb=8, features=USE_ALL):
        tt_mb = whole(tt_mb, "tt_mb", 1, 1 << 16, "a whole number of megabytes")
        features = whole(features, "features", 0, USE_ALL, "a set of FEATURES bits")
        if _first_solver_hook is not None:
            _run_first_solver_hook()
        cdef uint64_t bytes_ = (<uint64_t>tt_mb) << 20
        cdef uint64_t nb = 1
        while nb * 2 * BUCKET * sizeof(Entry) <= bytes_:
            nb *= 2
        self.nbuckets = nb
        self.table = <Entry*>prefdd_table_alloc(nb * BUCKET * sizeof(Entry))
        if self.table == NULL:
            raise MemoryError("cannot allocate the transposition table")
        memset(&self.s, 0, sizeof(Search))
        self.s.tt = self.table
        self.s.tt_mask = nb - 1
        self.s.features = features
        self.stats = {}

    def __dealloc__(self):
        prefdd_table_free(self.table, self.nbuckets * BUCKET * sizeof(Entry))
        if self.s.pt != NULL:
            prefdd_table_free(self.s.pt, (self.s.pt_mask + 1) * PBUCKET * sizeof(PEntry))
        prefdd_table_free(self.share_memo, SHARE_SLOTS * sizeof(ShareEntry))

    @property
    def table_bytes(self) -> int:
        """The memory held by the transposition tables."""
        return self.nbuckets * BUCKET * sizeof(Entry) + (
            (self.s.pt_mask + 1) * PBUCKET * sizeof(PEntry) if self.s.pt != NULL else 0)

    def clear(self):
        """Empty the transposition tables."""
        if self.s.tt_used:
            memset(self.table, 0, self.nbuckets * BUCKET * sizeof(Entry))
            self.s.tt_used = 0
        if self.s.pt != NULL:
            memset(self.s.pt, 0, (self.s.pt_mask + 1) * PBUCKET * sizeof(PEntry))
        if self.share_memo != NULL:
            memset(self.share_memo, 0, SHARE_SLOTS * sizeof(ShareEntry))

    cdef void _load(self, pos) except *:
        cdef Job j
        fill_job(&j, pos)
        load_job(&self.s, &j)

    cdef void _finish(self):
        self.stats = {"nodes": self.s.nodes, "tt_hits": self.s.hits, "tt_entries": self.s.stores}

    def tricks(self, pos) -> int:
        """The focus player's tricks from ``pos`` to the end, best play by all."""
        cdef int v, hi
        self._load(pos)
        hi = tricks_left(&self.s)
        with nogil:
            v = solve_range(&self.s, 0, hi, first_guess(&self.s))
        self._finish()
        return v

    def at_least(self, pos, target) -> bool:
        """Whether the focus player's tricks from ``pos``, best play by all, are >= ``target``.

        One bound search: much cheaper than the exact count when only a threshold matters
        (a contract made, a misère caught).
        """
        cdef int v, t = as_target(target, "target")
        self._load(pos)
        with nogil:
            v = answer(&self.s, t)
        self._finish()
        return bool(v)

    def share(self, pos, seat, limit=None) -> int:
        """The sure share of the defender `seat` at ``pos`` (a contract): the most of the
        tricks left (the current one included) that he takes whatever the declarer does,
        while the defence holds the declarer to ``limit`` of them (None: his double-dummy
        count, the least the defence can hold him to). See ALGORITHM.md, "A defender's sure
        share"."""
        cdef Job j
        cdef Share sh
        cdef int k, dd = 0, lim, x
        fill_job(&j, pos)
        x = share_seat(&j, seat, "seat")
        lim = share_limit(&j, limit, "limit")
        load_job(&self.s, &j)
        if share_prepare(&self.s, &sh, &self.share_memo, x) < 0:
            raise MemoryError("cannot allocate the share table")
        with nogil:
            k = share_value(&self.s, &sh, lim, &dd)
        self.stats = {"nodes": self.s.nodes, "share_nodes": sh.nodes}
        if k < 0:
            raise EngineArgumentError(f"limit: {lim} is below the declarer's double-dummy "
                                      f"count {dd}; no defence holds him to it")
        return k

    def run_share(self, Jobs jobs not None, start, end, seats, out, least=None) -> None:
        """The sure share of ``seats[i]`` at job i for jobs[start:end], into ``out[start:end]``
        (int8), without the GIL; each job's own target is the declarer's limit (-1: his
        double-dummy count). A limit below that count is -1 in ``out``. With ``least`` (an
        int8 array, one a job): 1 where that share is at least ``least[i]``, else 0."""
        import numpy as np
        _filled(jobs)
        cdef Py_ssize_t lo = whole(start, "start", 0, jobs.size, "a job index")
        cdef Py_ssize_t hi = whole(end, "end", lo, jobs.size, "a job index")
        cdef int8_t[::1] st = as_array(seats, "seats", np.int8, 1)
        cdef int8_t[::1] res = out_array(out, "out", np.int8, 1, jobs.size)
        cdef int8_t[::1] ks
        cdef bint tests = least is not None
        cdef Py_ssize_t i
        cdef Share sh
        cdef int dd = 0
        cdef uint64_t nodes = 0, share_nodes = 0
        if st.shape[0] < jobs.size:
            raise EngineArgumentError(f"seats: {st.shape[0]} seats for {jobs.size} positions")
        if tests:
            ks = as_array(least, "least", np.int8, 1)
            if ks.shape[0] < jobs.size:
                raise EngineArgumentError(f"least: {ks.shape[0]} values for {jobs.size}"
                                          f" positions")
        for i in range(lo, hi):
            share_seat(&jobs.jobs[i], st[i], f"seats[{i}]")
            share_limit(&jobs.jobs[i], None if jobs.jobs[i].target < 0 else jobs.jobs[i].target,
                        f"targets[{i}]")
            if tests and not 0 <= ks[i] <= 10:
                raise EngineArgumentError(f"least[{i}]: {ks[i]} is not a number of tricks,"
                                          f" 0 to 10")
        if share_prepare(&self.s, &sh, &self.share_memo, 0) < 0:
            raise MemoryError("cannot allocate the share table")
        with nogil:
            for i in range(lo, hi):
                load_job(&self.s, &jobs.jobs[i])
                sh.seat = st[i]
                if tests:
                    res[i] = share_at_least(&self.s, &sh, jobs.jobs[i].target, ks[i], &dd)
                else:
                    res[i] = share_value(&self.s, &sh, jobs.jobs[i].target, &dd)
                nodes += self.s.nodes
        share_nodes = sh.nodes
        self.stats = {"nodes": nodes, "share_nodes": share_nodes}

    def at_least_hands(self, pos, seat, hands, target, stop_after=-1) -> list:
        """`at_least(p, target)` for each position p that is ``pos`` with the hand of `seat`
        replaced by ``hands[i]``, in order, in one call: the answers, a list of bools.

        With ``stop_after`` >= 0 the searches stop once more than that many answers are False,
        and the list ends with the answer that made them stop. Each hand must fit ``pos``
        (no card of another hand, of the current trick or of the pending talon; the card count
        of a valid position; a card the seat has played to the trick still a legal play from
        it); every hand is checked before any search, and one that does not fit raises
        ValueError naming its index. ``pos`` itself, but for that hand, is taken as valid.
        """
        cdef Job j
        cdef Py_ssize_t n, i, asked = 0
        cdef uint32_t* hs
        cdef uint32_t others, played = 0
        cdef int k, want, fails = 0, mine, lead
        cdef int t = as_target(target, "target"), st = whole(
            stop_after, "stop_after", -1, 1 << 30, "a whole number (-1: never stop)")
        cdef int s_ = as_seat(seat, "seat")
        cdef uint64_t nodes = 0
        cdef uint8_t* out
        try:
            hands = list(hands)
        except TypeError:
            raise EngineArgumentError(f"hands: {hands!r} is not a sequence of masks") from None
        n = len(hands)
        fill_job(&j, pos, "pos", False)
        for k in range(j.ntrick):
            played |= (<uint32_t>1) << j.trick[k]
        for k in range(j.talon_n):
            played |= (<uint32_t>1) << j.talon[k]
        others = j.hands[MOD3[s_ + 1]] | j.hands[MOD3[s_ + 2]]
        # The card the seat has played to the trick, if any, must have been a legal play
        # from its hand: `mine` is its place in the trick (-1: none, or a free lead).
        mine = MOD3[s_ - j.leader + 3]
        if mine >= j.ntrick or (mine == 0 and j.talon_n == 0):
            mine = -1
        lead = (j.talon[0] if j.talon_n else j.trick[0]) >> 3
        # In a valid position the seats that have played to the current trick hold one card
        # fewer than the others: the count the hand must have follows from the next seat's.
        k = MOD3[s_ + 1]
        want = (__builtin_popcount(j.hands[k]) + (MOD3[k - j.leader + 3] < j.ntrick)
                - (MOD3[s_ - j.leader + 3] < j.ntrick))
        hs = <uint32_t*>malloc((n if n > 0 else 1) * sizeof(uint32_t))
        out = <uint8_t*>malloc((n if n > 0 else 1) * sizeof(uint8_t))
        if hs == NULL or out == NULL:
            free(hs)
            free(out)
            raise MemoryError("cannot allocate the hands")
        try:
            for i in range(n):
                h = hands[i]
                try:
                    hs[i] = as_mask(h, f"hands[{i}]")
                except EngineArgumentError:
                    raise EngineArgumentError(f"hand {i}: {h!r} is not a 32-bit card mask")
                if hs[i] & (others | played):
                    raise EngineArgumentError(
                        f"hand {i} holds a card of another hand or of the trick")
                if __builtin_popcount(hs[i]) != want:
                    raise EngineArgumentError(
                        f"hand {i} holds {__builtin_popcount(hs[i])} card(s); "
                        f"the position needs {want}")
                if mine >= 0 and not legal_from(hs[i] | ((<uint32_t>1) << j.trick[mine]),
                                                lead, j.trump, j.trick[mine]):
                    raise EngineArgumentError(f"hand {i}: the card it played to the trick "
                                              f"would not have been a legal play")
                j.hands[s_] = hs[i]
                check_job(&j, f"pos with hand {i}")
            with nogil:
                for i in range(n):
                    j.hands[s_] = hs[i]
                    load_job(&self.s, &j)
                    out[i] = answer(&self.s, t)
                    nodes += self.s.nodes
                    asked = i + 1
                    if not out[i]:
                        fails += 1
                        if 0 <= st < fails:
                            break
            self.stats = {"nodes": nodes}
            return [bool(out[i]) for i in range(asked)]
        finally:
            free(hs)
            free(out)

    def run(self, Jobs jobs not None, start, end, target, out) -> None:
        """Solve jobs[start:end] into ``out[start:end]`` (an int8 array) without the GIL.

        ``target`` -1: each position's trick count; -2: each job's own target (its count
        where it has none); else 1 or 0 for reaching ``target``.
        The table carries over from one job to the next (its entries hold for any position).
        """
        import numpy as np
        _filled(jobs)
        cdef Py_ssize_t lo = whole(start, "start", 0, jobs.size, "a job index")
        cdef Py_ssize_t hi = whole(end, "end", lo, jobs.size, "a job index")
        cdef int goal = whole(target, "target", -2, MAX_TRICKS,
                              "a whole number of tricks (-1: the count, -2: each job's own)")
        cdef int8_t[::1] res = out_array(out, "out", np.int8, 1, jobs.size)
        cdef Py_ssize_t i
        cdef uint64_t nodes = 0
        with nogil:
            for i in range(lo, hi):
                load_job(&self.s, &jobs.jobs[i])
                res[i] = answer(&self.s, jobs.jobs[i].target if goal == -2 else goal)
                nodes += self.s.nodes
        self.stats = {"nodes": nodes}

    def build_endings(self, tricks, start, end, out, rels=None, kind="misere") -> int:
        """Solve the positions numbered start..end-1 of the endings table of `tricks` tricks
        and `kind` into ``out[start:end]`` (uint8, as `load_endings` takes them), by search
        without that table, and without the GIL. Returns how many of them `endings_entry`
        would not number back (0 when the numbering is one to one).

        For the contracts' kinds ``rels`` (uint32, three per number) gets in
        ``rels[3 n + leader]`` the cards each proof rested on (see `contract_ending`); they
        are searched without the transposition tables, so that what a proof rests on does not
        depend on what was searched before it."""
        import numpy as np
        cdef uint8_t[::1] res
        cdef uint32_t[::1] rel_out
        cdef EndTable* t
        cdef Job j
        cdef uint32_t hands[3]
        cdef Py_ssize_t n, start_, end_
        cdef int leader, v, code, bad = 0, half, k, low, features = self.s.features
        cdef int suits[4]
        cdef bint contract = kind != "misere"
        cdef uint32_t bits, rel
        cdef int nt = whole(tricks, "tricks", END_MIN, END_MAX, "a number of tricks")
        if not isinstance(kind, str):
            raise EngineArgumentError(f"kind: {kind!r} is not a kind of endings table")
        t = _end_table(nt, kind)
        start_ = whole(start, "start", 0, t.count, "a position number")
        end_ = whole(end, "end", start_, t.count, "a position number")
        res = out_array(out, "out", np.uint8, 1, t.count)
        if contract:
            if rels is None:
                raise EngineArgumentError(f"rels: the {kind} endings table needs its cards' array")
            rel_out = out_array(rels, "rels", np.uint32, 1, 3 * t.count)
        memset(&j, 0, sizeof(Job))
        j.trump = 0 if kind == "trump" else -1
        j.focus = 0
        j.maxmask = 1 if contract else 6
        j.rule = RULE_NONE
        j.ctx = 0 if contract else 1
        j.target = -1
        if contract:
            # The cards a proof rests on depend on the bounds that cut it: the files are made
            # with the bounds they were first made with, so that a new bound leaves them as
            # they are (made again with `declarer_tops`, their cards served the search a
            # little worse: trump nodes +0.3 %).
            self.s.features &= ~(USE_TABLE | USE_ENDINGS | USE_DECLARER_TOPS | USE_DEFENDERS_RUN)
        try:
            with nogil:
                for n in range(start_, end_):
                    ending_position(t, <uint32_t>n, hands)
                    j.hands[0] = hands[0]
                    j.hands[1] = hands[1]
                    j.hands[2] = hands[2]
                    code = 0
                    for leader in range(2, -1, -1):
                        j.leader = leader
                        load_job(&self.s, &j)
                        self.s.endings &= ~(1 << nt)
                        if leader == 0 and ending_index(t, &self.s, suits) != n:
                            bad += 1
                        v = solve_range(&self.s, 0, nt, first_guess(&self.s))
                        code = code * (nt + 1) + v
                        if not contract:
                            continue
                        # the proofs of "at least v" and "not v + 1" (none at the ends)
                        bits = 0
                        for half in range(2):
                            rel = 0
                            if (half == 0 and v == 0) or (half == 1 and v == nt):
                                bits |= (<uint32_t>0xFFFF) << (16 * half)
                                continue
                            ge(&self.s, v + half)
                            rel = self.s.rel
                            for k in range(4):
                                low = 15
                                if (rel >> (8 * k)) & 0xFF:
                                    low = __builtin_ctz((rel >> (8 * k)) & 0xFF)
                                bits |= (<uint32_t>low) << (16 * half + 4 * k)
                        rel_out[3 * n + leader] = bits
                    res[n] = code
        finally:
            self.s.features = features
        return bad

    def run_full(self, Jobs jobs not None, start, end, tricks, values, lines=None) -> None:
        """The whole answer of jobs[start:end] without the GIL: ``tricks[i]`` the count,
        ``values[i, c]`` each legal card's value (-1: not legal), ``lines[i]`` a principal line
        padded with -1 (skipped when ``lines`` is None). Arrays: int8, shapes (n,), (n, 32),
        (n, 30)."""
        import numpy as np
        _filled(jobs)
        cdef Py_ssize_t lo = whole(start, "start", 0, jobs.size, "a job index")
        cdef Py_ssize_t hi = whole(end, "end", lo, jobs.size, "a job index")
        cdef int8_t[::1] t = out_array(tricks, "tricks", np.int8, 1, jobs.size)
        cdef int8_t[:, ::1] v = out_array(values, "values", np.int8, 2, jobs.size, 32)
        cdef int8_t[:, ::1] l
        cdef bint with_lines = lines is not None
        cdef Py_ssize_t i
        if with_lines:
            l = out_array(lines, "lines", np.int8, 2, jobs.size, 30)
        cdef uint64_t nodes = 0
        with nogil:
            for i in range(lo, hi):
                load_job(&self.s, &jobs.jobs[i])
                t[i] = full_answer(&self.s, &v[i, 0], &l[i, 0] if with_lines else NULL)
                nodes += self.s.nodes
        self.stats = {"nodes": nodes}

    def moves(self, pos) -> dict:
        """The value of every legal card of the seat to move (equivalent cards share a value)."""
        return self.full(pos, False)[1]

    def full(self, pos, bint with_line=True, labels=None) -> tuple:
        """The whole answer in one pass: ``(tricks, moves, line)``, as `tricks`, `moves` and
        `line` would give them, with the position's value found once and every later search
        bounded by it (see ALGORITHM.md, "All cards and the line"). Without `with_line` the
        line is left empty.

        ``moves`` lists the cards suit by suit (0 to 3), high cards first. With ``labels``
        (a sequence of 32 objects, one per card) the cards of ``moves`` and ``line`` are given
        as ``labels[c]`` instead of the numbers c, which spares the caller a second pass.
        """
        cdef int8_t row[32]
        cdef int8_t line[30]
        cdef int v, c, suit, rank
        cdef tuple names
        if labels is not None:
            names = tuple(labels)
            if len(names) != 32:
                raise ValueError(f"labels: expected 32, one per card, got {len(names)}")
        self._load(pos)
        with nogil:
            v = full_answer(&self.s, row, line if with_line else NULL)
        self._finish()
        if v < 0:
            raise RuntimeError("internal error: no move keeps the position's value")
        moves = {}
        for suit in range(4):
            for rank in range(7, -1, -1):
                c = suit * 8 + rank
                if row[c] >= 0:
                    moves[c if labels is None else names[c]] = row[c]
        if not with_line:
            return v, moves, []
        if labels is None:
            return v, moves, [line[c] for c in range(30) if line[c] >= 0]
        return v, moves, [names[line[c]] for c in range(30) if line[c] >= 0]

    cdef list _walk(self, int v, int first):
        """A principal line from the loaded position of value `v`, `first` (a card known to
        keep `v`) played first, or the first card that keeps it when `first` < 0."""
        cdef int out[32]
        cdef int n, i
        with nogil:
            n = walk_line(&self.s, v, first, out)
        if n < 0:
            raise RuntimeError("internal error: no move keeps the position's value")
        return [out[i] for i in range(n)]

    def line(self, pos) -> list:
        """A principal line: cards in play order to the end, each one best for its player."""
        cdef int v
        self._load(pos)
        with nogil:
            v = solve_range(&self.s, 0, tricks_left(&self.s), first_guess(&self.s))
        out = self._walk(v, -1)
        self._finish()
        return out


def check_whole(value, str name, lo, hi) -> int:
    """`value` as an int in lo..hi (an int or a numpy integer; bools and floats refused), else
    `EngineArgumentError` naming `name`: the door's own check, for the Python layers above."""
    return whole(value, name, lo, hi, "a whole number")
