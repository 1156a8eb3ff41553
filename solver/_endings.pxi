# ---------------------------------------------------------------------------------------------
# The endings tables (ALGORITHM.md, "Endings tables"): the exact value of every misère and
# raspasy position with four (five) tricks left at a trick boundary, looked up instead of
# searched. A position is read on relative ranks from the focus player's side: each suit is a
# *pattern*, the owners of its cards from the lowest up (0 the focus player, 1 the next seat
# in play order, 2 the one after), and the suits are interchangeable (no trumps), so a position
# is a multiset of four patterns in which each owner has T cards. The multisets are numbered
# densely (`ending_index`), and one byte per multiset holds the value for each of the three
# leaders, v0 + (T + 1) v1 + (T + 1)^2 v2, the leader counted from the focus player.


# END_OFF[L]: patterns of fewer than L cards; END_T3[m]: the sum of 3^i over the bits i of m
cdef uint32_t END_OFF[10]
cdef uint32_t END_T3[256]
# C(n, k) for the ranks of equal counts: two or more patterns with equal counts have at most
# (2, 2, 2), whose class has 90 patterns, so n < 96 is enough (k = 1 is done as n itself)
cdef uint32_t END_BIN[96][5]
cdef EndTable END_TABLES[END_MAX - END_MIN + 1]
cdef EndTable END_TRUMP                 # contracts with trumps, four tricks
cdef int END_LOADED = 0             # bit T: the table of T tricks is loaded
cdef int END_NT_LOADED = 0          # the no-trump contracts' table is loaded
cdef int END_TRUMP_LOADED = 0       # the trump contracts' table is loaded
# END_LOWK[p][k]: the k-th lowest card of the cards p of a suit (8: none)
cdef uint8_t END_LOWK[256][16]
cdef uint32_t END_NONE = ~(<uint32_t>0)   # no pattern of a table (an owner has too many cards)


cdef inline uint32_t end_hash(uint32_t k) noexcept nogil:
    return (k * <uint32_t>2654435761u) >> 18


cdef uint32_t binom_small(int n, int k) noexcept nogil:
    cdef uint64_t out = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return <uint32_t>out


cdef inline int end_vec(int a, int b, int c) noexcept nogil:
    return a * 36 + b * 6 + c


cdef inline int end_count(int v, int owner) noexcept nogil:
    """How many cards `owner` has in the patterns with the counts numbered v."""
    return v // 36 if owner == 0 else (v // 6) % 6 if owner == 1 else v % 6


cdef void _init_end_table(EndTable* t, int tricks, int fixed):
    cdef int L, code, i, v, x, m, pid
    cdef int v1, v2, v3, v4, a1, a2, a3, nv
    cdef int vs[4]
    cdef int valid[END_VECTORS]
    cdef int cnt[3]
    cdef uint32_t p, key, h, size
    memset(t, 0, sizeof(EndTable))
    t.tricks = tricks
    t.fixed = fixed
    for L in range(9):
        p = 1
        for i in range(L):
            p *= 3
        for code in range(<int>p):
            cnt[0] = cnt[1] = cnt[2] = 0
            x = code
            for i in range(L):
                cnt[x % 3] += 1
                x //= 3
            pid = END_OFF[L] + code
            if cnt[0] > tricks or cnt[1] > tricks or cnt[2] > tricks:
                t.cid[pid] = END_NONE
            else:
                v = end_vec(cnt[0], cnt[1], cnt[2])
                t.cid[pid] = (<uint32_t>v << END_RANK_BITS) | t.vsize[v]
                t.pattern[(v << END_RANK_BITS) | t.vsize[v]] = pid
                t.vsize[v] += 1
    for v in range(END_VECTORS):
        for m in range(5):
            t.gsize[v][m] = binom_small(t.vsize[v] + m - 1, m)
    for x in range(216):
        t.dec[x][0] = x % (tricks + 1)
        t.dec[x][1] = (x // (tricks + 1)) % (tricks + 1)
        t.dec[x][2] = x // ((tricks + 1) * (tricks + 1))
    # The fours of counts in order (v1 <= v2 <= v3 <= v4; with `fixed`, v1 the trump suit's
    # and any) adding up to `tricks` cards an owner; within one, each group of equal counts is
    # numbered as a multiset (the trump suit a group of its own), the groups in mixed radix.
    nv = 0
    for v in range(END_VECTORS):
        if t.vsize[v]:
            valid[nv] = v
            nv += 1
    for a1 in range(nv):
        v1 = valid[a1]
        for a2 in range(0 if fixed else a1, nv):
            v2 = valid[a2]
            for a3 in range(a2, nv):
                v3 = valid[a3]
                for i in range(3):
                    cnt[i] = tricks - end_count(v1, i) - end_count(v2, i) - end_count(v3, i)
                if cnt[0] < 0 or cnt[1] < 0 or cnt[2] < 0 or cnt[0] + cnt[1] + cnt[2] > 8:
                    continue
                v4 = end_vec(cnt[0], cnt[1], cnt[2])
                if v4 < v3:
                    continue
                key = (v1 + 1) | (v2 + 1) << 8 | (v3 + 1) << 16 | (<uint32_t>(v4 + 1)) << 24
                h = end_hash(key)
                while t.hkey[h]:
                    h = (h + 1) & (END_HASH - 1)
                t.hkey[h] = key
                t.hbase[h] = t.count
                t.tkey[t.ntuples] = key
                t.tbase[t.ntuples] = t.count
                t.ntuples += 1
                vs[0] = v1
                vs[1] = v2
                vs[2] = v3
                vs[3] = v4
                size = 1
                m = 1
                for i in range(1, 4):
                    if vs[i] == vs[i - 1] and not (fixed and i == 1):
                        m += 1
                    else:
                        size *= t.gsize[vs[i - 1]][m]
                        m = 1
                t.count += size * t.gsize[v4][m]


cdef void _init_endings():
    cdef int L, i, x, n, k
    cdef uint32_t p = 1
    END_OFF[0] = 0
    for L in range(9):
        END_OFF[L + 1] = END_OFF[L] + p
        p *= 3
    for x in range(256):
        END_T3[x] = 0
        p = 1
        for i in range(8):
            if x >> i & 1:
                END_T3[x] += p
            p *= 3
    for n in range(96):
        for k in range(5):
            END_BIN[n][k] = binom_small(n, k)
    for k in range(END_MIN, END_MAX + 1):
        _init_end_table(&END_TABLES[k - END_MIN], k, 0)
    _init_end_table(&END_TRUMP, END_MIN, 1)
    for x in range(256):
        n = 0
        for i in range(16):
            END_LOWK[x][i] = 8
        for i in range(8):
            if x >> i & 1:
                END_LOWK[x][n] = i
                n += 1


cdef inline uint32_t ending_pattern(EndTable* t, Search* s, int suit, int o1, int o2) noexcept nogil:
    """The counts' number and rank of `suit`'s pattern (owners from the lowest card up, seen
    from the focus player; o1 and o2 are the seats after him in play order)."""
    cdef int sh = 8 * suit
    cdef uint32_t p = ((s.hands[0] | s.hands[1] | s.hands[2]) >> sh) & 0xFF
    cdef uint32_t m1, m2
    if PREFDD_HAVE_PEXT:
        m1 = prefdd_pext(s.hands[o1], p << sh)
        m2 = prefdd_pext(s.hands[o2], p << sh)
    else:
        m1 = COMPRESS[p][(s.hands[o1] >> sh) & 0xFF]
        m2 = COMPRESS[p][(s.hands[o2] >> sh) & 0xFF]
    return t.cid[END_OFF[__builtin_popcount(p)] + END_T3[m1] + 2 * END_T3[m2]]


cdef int64_t ending_index(EndTable* t, Search* s, int* suits) noexcept nogil:
    """The number of the position's multiset of patterns (a trick boundary with t.tricks cards
    in each hand, no talon pending), or -1 if it has none (a hand of another size); suits[i]
    := the suit in the i-th place of the multiset's order."""
    cdef int o1 = MOD3[s.focus + 1], o2 = MOD3[s.focus + 2]
    cdef uint64_t c[4]      # the places' sort keys: pattern << 2 | suit
    cdef uint32_t v[4]
    cdef int i, m, su
    cdef uint32_t key, h, idx = 0, local = 0, r
    for i in range(4):
        # with a fixed first place, the trump suit goes there (its place swapped with suit 0)
        su = i
        if t.fixed:
            su = s.trump if i == 0 else 0 if i == s.trump else i
        c[i] = ending_pattern(t, s, su, o1, o2)
        if c[i] == END_NONE:
            return -1
        c[i] = c[i] << 2 | su
    if not t.fixed:
        cswap(&c[0], &c[1])
        cswap(&c[2], &c[3])
        cswap(&c[0], &c[2])
        cswap(&c[1], &c[3])
    cswap(&c[1], &c[2])
    if t.fixed:
        cswap(&c[2], &c[3])
        cswap(&c[1], &c[2])
    for i in range(4):
        suits[i] = c[i] & 3
        c[i] >>= 2
        v[i] = c[i] >> END_RANK_BITS
    key = (v[0] + 1) | (v[1] + 1) << 8 | (v[2] + 1) << 16 | (v[3] + 1) << 24
    h = end_hash(key)
    while t.hkey[h] != key:
        if t.hkey[h] == 0:
            return -1
        h = (h + 1) & (END_HASH - 1)
    # Equal counts are numbered as a multiset (ranks r1 <= r2 <= ...: the sum of
    # C(r_j + j - 1, j)), the groups in mixed radix.
    m = 0
    for i in range(4):
        if i > 0 and (v[i] != v[i - 1] or (i == 1 and t.fixed)):
            idx = idx * t.gsize[v[i - 1]][m] + local
            local = 0
            m = 0
        m += 1
        r = c[i] & ((1 << END_RANK_BITS) - 1)
        if m == 1:
            local += r
        else:
            local += END_BIN[r + m - 1][m]
    idx = idx * t.gsize[v[3]][m] + local
    return t.hbase[h] + idx


cdef inline int ending_value(Search* s, int r) noexcept nogil:
    """The focus player's tricks from this trick boundary with r tricks left, by its endings
    table, or -1."""
    cdef EndTable* t = &END_TABLES[r - END_MIN]
    cdef int suits[4]
    cdef int64_t i = ending_index(t, s, suits)
    if i < 0:
        return -1
    return t.dec[t.values[i]][MOD3[s.leader + 3 - s.focus]]


cdef inline int contract_ending(Search* s, EndTable* t, int target) noexcept nogil:
    """A contract's trick boundary with END_MIN tricks left: its value v by the table `t`, and
    s.rel := the cards that the answer to "at least target?" rests on (with v >= target, the
    proof of "at least v"; else that of "not v + 1": each also proves v as the bound it
    gives); -1: not in the table.

    For each position and leader the table keeps, besides the value v, the cards on which the
    search's proofs of "at least v" and of "not v + 1" rested (as `search` sets s.rel), as the
    place from the bottom of the lowest such card of each suit of the multiset (4 bits a suit,
    15: none). `suits` turns the multiset's places back into this position's suits, and the
    place into its card."""
    cdef int suits[4]
    cdef int64_t i = ending_index(t, s, suits)
    cdef int lead, v, k, sh, low
    cdef uint32_t rel = 0, bits, allc
    if i < 0:
        return -1
    lead = MOD3[s.leader + 3 - s.focus]
    v = t.dec[t.cvalues[i]][lead]
    bits = t.crels[i * 3 + lead]
    if v < target:
        bits >>= 16
    allc = s.hands[0] | s.hands[1] | s.hands[2]
    for k in range(4):
        low = (bits >> (4 * k)) & 15
        if low != 15:
            sh = 8 * suits[k]
            rel |= (<uint32_t>1) << (sh + END_LOWK[(allc >> sh) & 0xFF][low])
    s.rel = rel
    return v


cdef int ending_position(EndTable* t, uint32_t number, uint32_t* hands) noexcept nogil:
    """hands := the hands (focus player first, then the seats after him) of the position
    numbered `number`: suit i gets the i-th pattern, on the lowest ranks. -1: no such number."""
    cdef int lo = 0, hi, j, i, k, g, L, ngroups = 0, m
    cdef uint32_t local, key, pid, code, b
    cdef uint32_t v[4]
    cdef uint32_t ranks[4]
    cdef int gv[4]
    cdef int gm[4]
    if number >= t.count:
        return -1
    hi = t.ntuples - 1
    while lo < hi:
        j = (lo + hi + 1) // 2
        if t.tbase[j] <= number:
            lo = j
        else:
            hi = j - 1
    key = t.tkey[lo]
    local = number - t.tbase[lo]
    for i in range(4):
        v[i] = ((key >> (8 * i)) & 0xFF) - 1
        if i == 0 or v[i] != v[i - 1] or (i == 1 and t.fixed):
            gv[ngroups] = v[i]
            gm[ngroups] = 0
            ngroups += 1
        gm[ngroups - 1] += 1
    # the groups' local numbers, last group first (mixed radix), each unranked as a multiset
    k = 4
    for g in range(ngroups - 1, -1, -1):
        m = gm[g]
        b = local % t.gsize[gv[g]][m]
        local //= t.gsize[gv[g]][m]
        k -= m
        for j in range(m, 0, -1):
            if j == 1:
                ranks[k] = b
            else:
                # the largest n with C(n, j) <= b; the rank is n - (j - 1)
                L = j - 1
                while END_BIN[L + 1][j] <= b:
                    L += 1
                b -= END_BIN[L][j]
                ranks[k + j - 1] = L - (j - 1)
        for j in range(m):
            ranks[k + j] = (<uint32_t>gv[g] << END_RANK_BITS) | ranks[k + j]
    hands[0] = hands[1] = hands[2] = 0
    for i in range(4):
        pid = t.pattern[ranks[i]]
        L = 0
        while END_OFF[L + 1] <= pid:
            L += 1
        code = pid - END_OFF[L]
        for j in range(L):
            hands[code % 3] |= (<uint32_t>1) << (8 * i + j)
            code //= 3
    return 0


_init_endings()


cdef EndTable* _end_table(int tricks, str kind) except NULL:
    """The table of `tricks` tricks and `kind`: "misere" (misère and raspasy: four or five
    tricks), "notrump" or "trump" (contracts: four tricks)."""
    if kind not in ENDING_KINDS:
        raise ValueError(f"no endings table of kind {kind!r}")
    if kind == "misere" and not END_MIN <= tricks <= END_MAX:
        raise ValueError(f"no endings table of {tricks} tricks (only {END_MIN} to {END_MAX})")
    if kind != "misere" and tricks != END_MIN:
        raise ValueError(f"the {kind} endings table has {END_MIN} tricks, not {tricks}")
    if kind == "trump":
        return &END_TRUMP
    return &END_TABLES[tricks - END_MIN]


cdef EndTable* _pos_table(pos, Search* s) except NULL:
    """Load `pos` into `s` and give its endings table (ValueError if it has none)."""
    cdef Job j
    fill_job(&j, pos)
    cdef int r = __builtin_popcount(j.hands[0])
    if j.ntrick or j.talon_n or __builtin_popcount(j.hands[1]) != r or \
            not (END_MIN <= r <= END_MAX if j.ctx != 0 else r == END_MIN):
        raise EngineArgumentError(
            "pos: not a trick boundary of misère or raspasy with four or five cards a hand, "
            "or of a contract with four")
    memset(s, 0, sizeof(Search))
    s.features = USE_ENDINGS
    load_job(s, &j)
    if j.ctx != 0:
        return &END_TABLES[r - END_MIN]
    return &END_TABLES[0] if j.trump < 0 else &END_TRUMP
