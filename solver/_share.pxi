# A defender's sure share of a contract (ALGORITHM.md, "A defender's sure share"): the most
# tricks of the rest that one defender can be sure of while the defence still holds the
# declarer to a limit. Searched as a game of its own, "can the defence hold the declarer to
# `budget` tricks and give the seat `k`?": the defence chooses among its cards (OR), the
# declarer among his (AND); the ordinary search (`ge`, with its tables) prunes every node that
# the declarer's double-dummy count already decides, and a table of its own keeps what the
# share search proved at trick boundaries.

ctypedef struct ShareEntry:
    uint64_t k0
    uint64_t k1        # 0: an empty slot (a real key has the seat's bits, never all zero)
    int8_t lo          # the share from this boundary, with this budget, is >= lo
    int8_t hi          # and <= hi
    int8_t move        # the lead that last decided a test here (-1: none), tried first
    uint8_t depth      # tricks left: deeper entries are kept in preference

ctypedef struct Share:
    int seat           # the defender whose tricks are counted
    ShareEntry* memo
    uint64_t mask      # buckets - 1
    uint64_t nodes

cdef enum:
    # Slots of a solver's share table (24 bytes each): 3 MB, made on the first share asked,
    # in buckets of SHARE_BUCKET slots.
    SHARE_SLOTS = 1 << 17
    SHARE_BUCKET = 4


cdef inline ShareEntry* share_bucket(Search* s, Share* sh, int budget, uint64_t* k0,
                                     uint64_t* k1) noexcept nogil:
    """The bucket of the trick boundary loaded in `s` with `budget`, and its key: the ordinary
    table's key on relative ranks (`table_key`: the hands renumbered among the cards left, the
    suits sorted where they are interchangeable, the leader, the declarer and the trump suit),
    the budget and the seat. Positions with one key have the same game, whoever counts, so
    an entry holds from one question to the next."""
    table_key(s, k0, k1)
    k1[0] |= ((<uint64_t>budget) << 44) | ((<uint64_t>sh.seat + 1) << 48)
    return sh.memo + (mix(k0[0] ^ mix(k1[0])) & sh.mask) * SHARE_BUCKET


cdef inline ShareEntry* share_find(ShareEntry* b, uint64_t k0, uint64_t k1) noexcept nogil:
    cdef int i
    for i in range(SHARE_BUCKET):
        if b[i].k0 == k0 and b[i].k1 == k1:
            return &b[i]
    return NULL


cdef inline ShareEntry* share_victim(ShareEntry* b) noexcept nogil:
    """The slot a new entry takes: an empty one, else the one with the fewest tricks left."""
    cdef int i, v = 0
    for i in range(SHARE_BUCKET):
        if b[i].k1 == 0:
            return &b[i]
        if b[i].depth < b[v].depth:
            v = i
    return &b[v]


cdef bint share_ge(Search* s, Share* sh, int budget, int k, bint known) noexcept nogil:
    """Whether the defence has a way of play that holds the declarer to at most `budget` of
    the tricks left (the current one included) and gives the seat `sh.seat` at least `k` of
    them, whatever the declarer does. `known`: the declarer's count here is already known to
    be under the threshold below (a card of his cannot raise it)."""
    cdef int n = tricks_left(s), t, mover, nm, i, c, wseat, lo, hi
    cdef int saved_leader, t0, t1, t2
    cdef int moves[MAXMOVES]
    cdef bint defence, sub, result
    cdef uint64_t k0 = 0, k1 = 0
    cdef ShareEntry* e = NULL
    cdef ShareEntry* b = NULL
    cdef int hint = -1, cut = -1
    sh.nodes += 1
    if budget < 0 or k > n:
        return 0
    if k <= 0:
        # only the declarer's count is asked for: the ordinary search answers
        return known or budget >= n or not ge(s, budget + 1)
    # He takes at least his double-dummy count whatever the defence does: at least budget + 1
    # breaks the limit, at least n - k + 1 leaves the seat fewer than k.
    t = budget + 1
    if n - k + 1 < t:
        t = n - k + 1
    if not known and ge(s, t):
        return 0
    if s.ntrick == 0:
        b = share_bucket(s, sh, budget, &k0, &k1)
        e = share_find(b, k0, k1)
        if e != NULL:
            if e.lo >= k:
                return 1
            if e.hi < k:
                return 0
            hint = e.move
    mover = MOD3[s.leader + s.ntrick]
    defence = mover != s.focus
    # One card per run of equivalent cards: such cards give the same game, whoever counts.
    nm = gen_moves(s, mover, moves, hint, -1)
    result = not defence
    for i in range(nm):
        c = moves[i]
        s.hands[mover] &= ~((<uint32_t>1) << c)
        s.trick[s.ntrick] = c
        s.ntrick += 1
        if s.ntrick < 3:
            # After a card of the declarer his count is at most what it was, below t.
            sub = share_ge(s, sh, budget, k, not defence)
            s.ntrick -= 1
        else:
            wseat = winner_seat(s, winner_index(s, 3))
            saved_leader = s.leader
            t0 = s.trick[0]
            t1 = s.trick[1]
            t2 = s.trick[2]
            close_trick(s, wseat)
            # The same holds when his card ends a trick that he or the seat takes (both sides
            # of each test move together); a trick of the partner lowers n - k + 1.
            sub = share_ge(s, sh, budget - (wseat == s.focus), k - (wseat == sh.seat),
                           not defence and wseat != 3 - s.focus - sh.seat)
            s.leader = saved_leader
            s.trick[0] = t0
            s.trick[1] = t1
            s.trick[2] = t2
            s.ntrick = 2
        s.hands[mover] |= (<uint32_t>1) << c
        if sub == defence:
            result = sub
            cut = c
            break
    if b != NULL:
        # the search below may have moved the entries of this bucket: find it again
        e = share_find(b, k0, k1)
        if e != NULL:
            lo = e.lo
            hi = e.hi
        else:
            e = share_victim(b)
            lo = 0
            hi = n
        if result and k > lo:
            lo = k
        if not result and k - 1 < hi:
            hi = k - 1
        e.k0 = k0
        e.k1 = k1
        e.lo = lo
        e.hi = hi
        e.move = cut
        e.depth = n
    return result


cdef int share_value(Search* s, Share* sh, int limit, int* dd) noexcept nogil:
    """The sure share of `sh.seat` at the loaded position with the declarer held to `limit`
    (-1: his double-dummy count, which `dd[0]` receives); -1 when `limit` is below that count
    (no way of play holds him to it)."""
    cdef int n = tricks_left(s), v, lo, hi, t
    v = solve_range(s, 0, n, first_guess(s))
    dd[0] = v
    if limit < 0:
        limit = v
    if limit < v:
        return -1
    # He takes at least v whatever happens: the seat at most n - v. The share lies in
    # [lo, hi]; each test "share >= t" moves one end, from the middle (on the first 60
    # deals of data/bench/notrump.jsonl, every lead, both defenders: 20 % fewer nodes than
    # stepping down from the top, 1 % fewer than from the lower middle).
    lo = 0
    hi = n - v
    t = (hi + 1) // 2
    while lo < hi:
        if t <= lo:
            t = lo + 1
        if t > hi:
            t = hi
        if share_ge(s, sh, limit, t, 0):
            lo = t
            t += 1
        else:
            hi = t - 1
            t -= 1
    return lo


cdef int share_at_least(Search* s, Share* sh, int limit, int k, int* dd) noexcept nogil:
    """Whether the sure share of `sh.seat` at the loaded position, with the declarer held to
    `limit` (-1: his double-dummy count, which `dd[0]` then receives), is at least `k`: 1 or
    0; -1 when `limit` is below his count. One test of the share's search, where
    `share_value` finds the share by several."""
    if limit < 0:
        limit = solve_range(s, 0, tricks_left(s), first_guess(s))
        dd[0] = limit
    elif ge(s, limit + 1):
        return -1
    return 1 if share_ge(s, sh, limit, k, 0) else 0


cdef int share_prepare(Search* s, Share* sh, ShareEntry** memo, int seat) noexcept nogil:
    """Set `sh` up for `seat` with the solver's share table `memo[0]` (made here on first
    use); -1 when it cannot be allocated."""
    if memo[0] == NULL:
        memo[0] = <ShareEntry*>prefdd_table_alloc(SHARE_SLOTS * sizeof(ShareEntry))
        if memo[0] == NULL:
            return -1
    sh.seat = seat
    sh.memo = memo[0]
    sh.mask = SHARE_SLOTS // SHARE_BUCKET - 1
    sh.nodes = 0
    return 0
