cdef void load_job(Search* s, Job* j) noexcept nogil:
    """Set up the search for the position in `j` (the table and features are kept)."""
    cdef int i
    cdef uint64_t nb
    s.hands[0] = j.hands[0]
    s.hands[1] = j.hands[1]
    s.hands[2] = j.hands[2]
    s.ntrick = j.ntrick
    for i in range(3):
        s.trick[i] = j.trick[i]
    s.leader = j.leader
    s.talon_n = j.talon_n
    s.talon_pos = 0
    s.talon[0] = j.talon[0]
    s.talon[1] = j.talon[1]
    s.trump = j.trump
    s.focus = j.focus
    s.maxmask = j.maxmask
    s.rule = j.rule
    # Partition search pays in contracts only: the misère and raspasy bounds read low cards,
    # so their answers rest on the whole position (measured in ALGORITHM.md).
    s.part = (s.features & USE_PARTITION) != 0 and s.maxmask == (1 << s.focus)
    if s.part and s.pt == NULL:
        # Made on the first contract only: as many bytes as the other table, in a power of two
        # of buckets.
        nb = (s.tt_mask + 1) * BUCKET * sizeof(Entry) // (PBUCKET * sizeof(PEntry))
        while nb & (nb - 1):
            nb &= nb - 1
        if nb == 0:
            nb = 1
        s.pt = <PEntry*>prefdd_table_alloc(nb * PBUCKET * sizeof(PEntry))
        s.pt_mask = nb - 1
    if s.pt == NULL:
        s.part = 0
    if not s.part:
        s.tt_used = 1
    # The endings table holds the games where the focus player wants few tricks and nothing
    # is trumps: misère and raspasy, whose last tricks are played alike.
    s.endings = END_LOADED if (s.features & USE_ENDINGS) != 0 and s.trump < 0 \
        and s.maxmask == (7 & ~(1 << s.focus)) else 0
    s.ctable = NULL
    if (s.features & USE_ENDINGS) != 0 and s.maxmask == (1 << s.focus):
        if s.trump < 0 and END_NT_LOADED:
            s.ctable = &END_TABLES[0]
        elif s.trump >= 0 and END_TRUMP_LOADED:
            s.ctable = &END_TRUMP
    s.ctx = (<uint64_t>j.ctx) | (<uint64_t>s.focus << 2) | (<uint64_t>(s.trump + 1) << 4)
    s.nodes = 0
    s.hits = 0
    s.stores = 0
    s.gen = s.gen % 255 + 1
    memset(s.killer, -1, sizeof(s.killer))


cdef int answer(Search* s, int target) noexcept nogil:
    """The loaded position's value (target < 0), or whether it reaches `target` (0/1)."""
    if target < 0:
        return solve_range(s, 0, tricks_left(s), first_guess(s))
    if target == 0:
        return 1
    return ge(s, target)


# C(n, k) for n, k <= 32: enough for any split of a 32-card deck.
cdef int64_t BINOM[33][33]


cdef void _init_binomials():
    cdef int n, k
    for n in range(33):
        BINOM[n][0] = 1
        for k in range(1, 33):
            BINOM[n][k] = 0 if n == 0 else BINOM[n - 1][k - 1] + BINOM[n - 1][k]


_init_binomials()


cdef uint32_t unrank_subset(uint32_t pool, int k, int64_t rank) noexcept nogil:
    """The `rank`-th (colex order, 0-based) subset of `k` cards of `pool`.

    Colex order: subsets compared by their highest differing card; rank 0 is the k lowest
    cards. The i-th card of the pool (ascending) counts C(i, j) for the j-th card chosen.
    """
    cdef int cards[32]
    cdef int m = 0, i
    cdef uint32_t rest = pool, out = 0
    while rest:
        cards[m] = __builtin_ctz(rest)
        rest &= rest - 1
        m += 1
    i = m - 1
    while k > 0:
        while BINOM[i][k] > rank:
            i -= 1
        out |= (<uint32_t>1) << cards[i]
        rank -= BINOM[i][k]
        k -= 1
        i -= 1
    return out


cdef int _filled(object jobs) except -1:
    """Refuse a `Jobs` array made directly (`Jobs(n)`): its jobs are zeroed, no position, and
    every argument that reaches the search is checked first (`_door.pxi`)."""
    if not jobs.filled:
        raise EngineArgumentError(
            f"jobs: a Jobs array made as Jobs({jobs.size}) holds no positions; make it with"
            f" Jobs.from_positions, Jobs.from_hands or Jobs.layouts")
    return 0
