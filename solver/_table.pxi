cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 33
    x *= <uint64_t>0xff51afd7ed558ccd
    x ^= x >> 33
    x *= <uint64_t>0xc4ceb9fe1a85ec53
    x ^= x >> 33
    return x


cdef inline void cswap(uint64_t* a, uint64_t* b) noexcept nogil:
    cdef uint64_t t
    if a[0] > b[0]:
        t = a[0]
        a[0] = b[0]
        b[0] = t


cdef inline void order_suits(Search* s, uint64_t* w) noexcept nogil:
    """Sort the four suits' words `w`, leaving the trump suit (if any) first."""
    cdef uint64_t t
    if s.trump < 0:
        cswap(&w[0], &w[1])
        cswap(&w[2], &w[3])
        cswap(&w[0], &w[2])
        cswap(&w[1], &w[3])
        cswap(&w[1], &w[2])
    else:
        if s.trump != 0:
            t = w[0]
            w[0] = w[s.trump]
            w[s.trump] = t
        cswap(&w[1], &w[2])
        cswap(&w[2], &w[3])
        cswap(&w[1], &w[2])


cdef inline void table_key(Search* s, uint64_t* k0, uint64_t* k1) noexcept nogil:
    """Key of a trick boundary on relative ranks: hands renumbered within the cards left.

    Without trumps the suits are interchangeable (after the talon tricks nothing refers to a suit
    by name), so with USE_SUIT_SYMMETRY the four suits' patterns are sorted and positions that
    differ only by naming the suits share an entry; with trumps the trump suit keeps its place
    and only the other three are sorted.
    """
    cdef uint32_t allc = s.hands[0] | s.hands[1] | s.hands[2]
    cdef uint64_t w[4]
    cdef int suit, sh
    cdef uint32_t p
    for suit in range(4):
        sh = 8 * suit
        p = (allc >> sh) & 0xFF
        if PREFDD_HAVE_PEXT:
            w[suit] = (<uint64_t>prefdd_pext(s.hands[0], p << sh)) \
                | (<uint64_t>prefdd_pext(s.hands[1], p << sh)) << 8 \
                | (<uint64_t>prefdd_pext(s.hands[2], p << sh)) << 16
        else:
            w[suit] = (<uint64_t>COMPRESS[p][(s.hands[0] >> sh) & 0xFF]) \
                | (<uint64_t>COMPRESS[p][(s.hands[1] >> sh) & 0xFF]) << 8 \
                | (<uint64_t>COMPRESS[p][(s.hands[2] >> sh) & 0xFF]) << 16
    if s.features & USE_SUIT_SYMMETRY:
        order_suits(s, w)
    k0[0] = w[0] | (w[1] << 24) | ((w[2] & 0xFFFF) << 48)
    k1[0] = (w[2] >> 16) | (w[3] << 8) | (<uint64_t>s.leader << 32) | (s.ctx << 34)


cdef inline Entry* tt_bucket(Search* s, uint64_t k0, uint64_t k1) noexcept nogil:
    return s.tt + (mix(k0 ^ (k1 * <uint64_t>0x9e3779b97f4a7c15)) & s.tt_mask) * BUCKET


cdef inline Entry* tt_find(Search* s, Entry* b, uint64_t k0, uint64_t k1) noexcept nogil:
    cdef int i
    for i in range(BUCKET):
        if b[i].used and b[i].k0 == k0 and b[i].k1 == k1:
            if b[i].used != s.gen:
                b[i].used = s.gen  # still of use: not stale
            return &b[i]
    return NULL


cdef inline void tighten(int8_t* elo, int8_t* ehi, int8_t* emove, int lo, int hi, int move) noexcept nogil:
    """An entry's bounds and move, updated with a new search's."""
    if lo > elo[0]:
        elo[0] = lo
    if hi < ehi[0]:
        ehi[0] = hi
    if move >= 0:
        emove[0] = move


cdef inline bint replaces_first(Search* s, int used, int depth, int vused, int vdepth) noexcept nogil:
    """Whether an entry (generation `used`, tricks left `depth`) is to go before the victim
    chosen so far: a stale entry (of an earlier solve) before one of this solve, then the
    shallower."""
    return (used != s.gen) > (vused != s.gen) or (
        (used != s.gen) == (vused != s.gen) and depth < vdepth)


ctypedef fused AnyEntry:
    Entry
    PEntry


cdef inline void stamp(Search* s, AnyEntry* e, int depth, int lo, int hi, int move) noexcept nogil:
    """Write an entry's bounds, depth and move, and this solve's generation (counting it as
    stored if the slot was empty): the part common to both tables' entries."""
    if not e.used:
        s.stores += 1
    e.lo = lo
    e.hi = hi
    e.depth = depth
    e.used = s.gen
    e.move = move


cdef inline void tt_store(Search* s, Entry* b, uint64_t k0, uint64_t k1, int depth, int lo, int hi,
                          int move) noexcept nogil:
    cdef int i, victim = 0
    for i in range(BUCKET):
        if b[i].used and b[i].k0 == k0 and b[i].k1 == k1:
            tighten(&b[i].lo, &b[i].hi, &b[i].move, lo, hi, move)
            return
    # The victim: an empty slot, else the shallowest entry left by an earlier solve (a stale
    # one), else the shallowest of this solve's.
    for i in range(BUCKET):
        if not b[i].used:
            victim = i
            break
        if replaces_first(s, b[i].used, b[i].depth, b[victim].used, b[victim].depth):
            victim = i
    b[victim].k0 = k0
    b[victim].k1 = k1
    stamp(s, &b[victim], depth, lo, hi, move)


cdef inline void part_key(Search* s, Key* key) noexcept nogil:
    """A contract's trick boundary on relative ranks, for the partition search's table.

    Per suit the relative ranks of hands 0 and 1 (`cards`, 16 bits a suit; hand 2 holds the
    rest) and the three lengths (`keep`, with the leader and the context). The suits are put
    in a canonical order as in `table_key`, by their lengths and then their cards. Every entry
    for one `keep` is in one bucket (of PBUCKET slots): an entry may hold for positions whose
    low cards lie differently, so their cards cannot choose the bucket.
    """
    cdef uint32_t allc = s.hands[0] | s.hands[1] | s.hands[2]
    cdef uint64_t sk[4]
    cdef uint32_t p, h0, h1, c0, c1
    cdef int suit, sh
    key.present = allc
    for suit in range(4):
        sh = 8 * suit
        p = (allc >> sh) & 0xFF
        h0 = (s.hands[0] >> sh) & 0xFF
        h1 = (s.hands[1] >> sh) & 0xFF
        # bits 0-1 the suit, 2-17 the relative ranks of hands 0 and 1, 18-29 the lengths
        if PREFDD_HAVE_PEXT:
            c0 = prefdd_pext(h0, p)
            c1 = prefdd_pext(h1, p)
        else:
            c0 = COMPRESS[p][h0]
            c1 = COMPRESS[p][h1]
        sk[suit] = (<uint64_t>(suit | (c0 << 2) | (c1 << 10)
                    | (<uint32_t>__builtin_popcount(h0) << 18) | (<uint32_t>__builtin_popcount(h1) << 22)
                    | (<uint32_t>__builtin_popcount(p) << 26)))
    if s.features & USE_SUIT_SYMMETRY:
        order_suits(s, sk)
    key.cards = ((<uint64_t>((sk[0] >> 2) & 0xFFFF)) | (<uint64_t>((sk[1] >> 2) & 0xFFFF) << 16)
                 | (<uint64_t>((sk[2] >> 2) & 0xFFFF) << 32) | (<uint64_t>((sk[3] >> 2) & 0xFFFF) << 48))
    key.keep = ((<uint64_t>(sk[0] >> 18)) | (<uint64_t>(sk[1] >> 18) << 12) | (<uint64_t>(sk[2] >> 18) << 24)
                | (<uint64_t>(sk[3] >> 18) << 36) | (<uint64_t>s.leader << 48) | (s.ctx << 50))
    key.perm = <int>((sk[0] & 3) | ((sk[1] & 3) << 2) | ((sk[2] & 3) << 4) | ((sk[3] & 3) << 6))
    key.slot = <int>(mix(key.keep) & s.pt_mask) * PBUCKET


cdef inline uint32_t entry_rel(PEntry* e, Key* key) noexcept nogil:
    """The cards of the position behind `key` whose ranks an entry's answer rests on: per suit
    its lowest card inside the entry's mask (all higher cards count too)."""
    cdef uint32_t rel = 0
    cdef int i, t, u
    if e.mask == <uint64_t>(-1):
        return key.present
    for i in range(4):
        t = __builtin_popcount(<uint32_t>((e.mask >> (16 * i)) & 0xFF))
        if t:
            u = (key.perm >> (2 * i)) & 3
            rel |= (<uint32_t>1) << (8 * u + TOPK[(key.present >> (8 * u)) & 0xFF][t])
    return rel


cdef inline int pt_probe(Search* s, Key* key, int target, int* hint) noexcept nogil:
    """1 or 0 when an entry that holds for this position decides `target` (s.rel set), else -1.

    Sets `hint` to the move of the first entry that holds here."""
    cdef PEntry* b = s.pt + key.slot
    cdef int i
    for i in range(PBUCKET):
        if b[i].keep == key.keep and ((b[i].cards ^ key.cards) & b[i].mask) == 0 and b[i].used:
            if b[i].used != s.gen:
                b[i].used = s.gen  # still of use: not stale
            if hint[0] < 0:
                hint[0] = b[i].move
            if b[i].lo >= target:
                s.rel = entry_rel(&b[i], key)
                return 1
            if b[i].hi < target:
                s.rel = entry_rel(&b[i], key)
                return 0
    return -1


cdef void pt_store(Search* s, Key* key, uint32_t rel, int depth, int lo, int hi, int move) noexcept nogil:
    cdef PEntry* b = s.pt + key.slot
    cdef int i, victim, first, u, n, t
    cdef uint32_t p, rb
    cdef uint64_t mb, m = <uint64_t>(-1), k
    if (rel & key.present) != key.present:
        # Each suit's mask: its cards from the lowest one the answer rested on up.
        m = 0
        for i in range(4):
            u = (key.perm >> (2 * i)) & 3
            p = (key.present >> (8 * u)) & 0xFF
            rb = (rel >> (8 * u)) & p
            if rb:
                n = __builtin_popcount(p)
                t = __builtin_popcount(p >> __builtin_ctz(rb))
                mb = (<uint64_t>(((1 << t) - 1) << (n - t))) * 0x0101
                m |= mb << (16 * i)
    k = key.cards & m
    for i in range(PBUCKET):
        if b[i].keep == key.keep and b[i].cards == k and b[i].mask == m and b[i].used:
            tighten(&b[i].lo, &b[i].hi, &b[i].move, lo, hi, move)
            return
    # The victim: an empty slot, else the shallowest entry left by an earlier solve (a stale
    # one), else the shallowest of this solve's; among equals, in turn.
    victim = -1
    first = <int>(s.nodes & (PBUCKET - 1))
    for u in range(PBUCKET):
        i = (first + u) & (PBUCKET - 1)
        if not b[i].used:
            victim = i
            break
        if victim < 0 or replaces_first(s, b[i].used, b[i].depth, b[victim].used, b[victim].depth):
            victim = i
    b[victim].cards = k
    b[victim].keep = key.keep
    b[victim].mask = m
    stamp(s, &b[victim], depth, lo, hi, move)


cdef inline uint32_t run_bottom(Search* s, int mover, int c, uint32_t rel) noexcept nogil:
    """`rel` with the bottom of mover's run of equivalent cards topped by c added, when the
    lowest card of c's suit in `rel` lies inside the run below c.

    Only the run's top card was searched; the others stand for it by equivalence, which holds
    in another position only while the whole run lies on one side of the lowest card that
    counts (see "Partition search" in ALGORITHM.md)."""
    cdef uint32_t sm = suit_bits(c >> 3), rs = rel & sm, pres, below
    cdef int i, bot = c, thr
    if rs == 0:
        return rel
    thr = __builtin_ctz(rs)
    if thr > c:
        return rel
    pres = (s.hands[0] | s.hands[1] | s.hands[2]) & sm
    for i in range(s.ntrick):
        pres |= (<uint32_t>1) << s.trick[i]
    while True:
        below = pres & (((<uint32_t>1) << bot) - 1)
        if below == 0:
            break
        i = 31 - __builtin_clz(below)
        if not (s.hands[mover] >> i) & 1:
            break
        bot = i
    if bot < thr:
        rel |= (<uint32_t>1) << bot
    return rel
