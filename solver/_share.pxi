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

ctypedef struct Share:
    int seat           # the defender whose tricks are counted
    ShareEntry* memo
    uint64_t mask      # slots - 1
    uint64_t nodes

cdef enum:
    # Slots of a solver's share table (24 bytes each): 1.5 MB, made on the first share asked.
    SHARE_SLOTS = 1 << 16


cdef inline ShareEntry* share_slot(Search* s, Share* sh, int budget, uint64_t* k0,
                                   uint64_t* k1) noexcept nogil:
    """The slot of the trick boundary loaded in `s` with `budget`, and its key: the three hands,
    the leader, the budget, the seat, the declarer and the trump suit say all of a contract's
    boundary (nothing else is mixed in, so an entry holds from one question to the next)."""
    k0[0] = (<uint64_t>s.hands[0]) | ((<uint64_t>s.hands[1]) << 32)
    k1[0] = ((<uint64_t>s.hands[2]) | ((<uint64_t>s.leader) << 32) | ((<uint64_t>budget) << 34)
             | ((<uint64_t>sh.seat + 1) << 40) | ((<uint64_t>s.focus) << 44)
             | ((<uint64_t>(s.trump + 1)) << 48))
    return sh.memo + (mix(k0[0] ^ mix(k1[0])) & sh.mask)


cdef bint share_ge(Search* s, Share* sh, int budget, int k) noexcept nogil:
    """Whether the defence has a way of play that holds the declarer to at most `budget` of
    the tricks left (the current one included) and gives the seat `sh.seat` at least `k` of
    them, whatever the declarer does."""
    cdef int n = tricks_left(s), t, mover, nm, i, c, wseat, lo, hi
    cdef int saved_leader, t0, t1, t2
    cdef int moves[MAXMOVES]
    cdef bint defence, sub, result
    cdef uint64_t k0 = 0, k1 = 0
    cdef ShareEntry* e = NULL
    sh.nodes += 1
    if budget < 0 or k > n:
        return 0
    if k <= 0:
        # only the declarer's count is asked for: the ordinary search answers
        return budget >= n or not ge(s, budget + 1)
    # He takes at least his double-dummy count whatever the defence does: at least budget + 1
    # breaks the limit, at least n - k + 1 leaves the seat fewer than k.
    t = budget + 1
    if n - k + 1 < t:
        t = n - k + 1
    if ge(s, t):
        return 0
    if s.ntrick == 0:
        e = share_slot(s, sh, budget, &k0, &k1)
        if e.k0 == k0 and e.k1 == k1:
            if e.lo >= k:
                return 1
            if e.hi < k:
                return 0
    mover = MOD3[s.leader + s.ntrick]
    defence = mover != s.focus
    # One card per run of equivalent cards: such cards give the same game, whoever counts.
    nm = gen_moves(s, mover, moves, -1, -1)
    result = not defence
    for i in range(nm):
        c = moves[i]
        s.hands[mover] &= ~((<uint32_t>1) << c)
        s.trick[s.ntrick] = c
        s.ntrick += 1
        if s.ntrick < 3:
            sub = share_ge(s, sh, budget, k)
            s.ntrick -= 1
        else:
            wseat = winner_seat(s, winner_index(s, 3))
            saved_leader = s.leader
            t0 = s.trick[0]
            t1 = s.trick[1]
            t2 = s.trick[2]
            close_trick(s, wseat)
            sub = share_ge(s, sh, budget - (wseat == s.focus), k - (wseat == sh.seat))
            s.leader = saved_leader
            s.trick[0] = t0
            s.trick[1] = t1
            s.trick[2] = t2
            s.ntrick = 2
        s.hands[mover] |= (<uint32_t>1) << c
        if sub == defence:
            result = sub
            break
    if e != NULL:
        if e.k0 == k0 and e.k1 == k1:
            lo = e.lo
            hi = e.hi
        else:
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
    return result


cdef int share_value(Search* s, Share* sh, int limit, int* dd) noexcept nogil:
    """The sure share of `sh.seat` at the loaded position with the declarer held to `limit`
    (-1: his double-dummy count, which `dd[0]` receives); -1 when `limit` is below that count
    (no way of play holds him to it)."""
    cdef int n = tricks_left(s), v, k
    v = solve_range(s, 0, n, first_guess(s))
    dd[0] = v
    if limit < 0:
        limit = v
    if limit < v:
        return -1
    # He takes at least v whatever happens: the seat at most n - v. From the top down, since
    # the first k the defence can reach is the answer.
    k = n - v
    while k > 0 and not share_ge(s, sh, limit, k):
        k -= 1
    return k


cdef int share_prepare(Search* s, Share* sh, ShareEntry** memo, int seat) noexcept nogil:
    """Set `sh` up for `seat` with the solver's share table `memo[0]` (made here on first
    use); -1 when it cannot be allocated."""
    if memo[0] == NULL:
        memo[0] = <ShareEntry*>prefdd_table_alloc(SHARE_SLOTS * sizeof(ShareEntry))
        if memo[0] == NULL:
            return -1
    sh.seat = seat
    sh.memo = memo[0]
    sh.mask = SHARE_SLOTS - 1
    sh.nodes = 0
    return 0
