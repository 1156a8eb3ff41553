# cython: language_level=3
"""The search core: exact trick counts by null-window alpha-beta (see ALGORITHM.md).

Everything below ``Solver`` runs without the GIL on a plain C struct, so several threads can
search at once, each with its own ``Solver`` (and so its own transposition table).
"""
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

cdef extern from *:
    """
    /* This file is compiled twice (setup.py): `solver._engine` for any processor, and
       `solver._engine_bmi2` with the BMI2 instructions (-mbmi2 -DPREFDD_BMI2), which
       `solver/_build.py` loads where they run fast. There `pext` renumbers a hand's cards
       among the cards in play in one instruction, instead of the COMPRESS table. */
    #if defined(PREFDD_BMI2)
    #include <immintrin.h>
    #define PREFDD_HAVE_PEXT 1
    #define prefdd_pext(a, m) _pext_u32((a), (m))
    #else
    #define PREFDD_HAVE_PEXT 0
    #define prefdd_pext(a, m) 0u
    #endif

    /* Whether this processor has BMI2 and runs pext in hardware: Intel, and AMD from family
       19h (Zen 3) on; earlier AMD processors run it in microcode, slower than the tables. */
    #if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    #include <cpuid.h>
    static int prefdd_fast_pext(void) {
        unsigned int a, b, c, d, family;
        __builtin_cpu_init();
        if (!__builtin_cpu_supports("bmi") || !__builtin_cpu_supports("bmi2"))
            return 0;
        if (!__get_cpuid(0, &a, &b, &c, &d))
            return 0;
        if (b == 0x756e6547u && d == 0x49656e69u && c == 0x6c65746eu)   /* GenuineIntel */
            return 1;
        if (b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u) { /* AuthenticAMD */
            if (!__get_cpuid(1, &a, &b, &c, &d))
                return 0;
            family = ((a >> 8) & 0xF) + ((a >> 20) & 0xFF);
            return family >= 0x19;
        }
        return 0;
    }
    #else
    static int prefdd_fast_pext(void) { return 0; }
    #endif
    """
    bint PREFDD_HAVE_PEXT
    uint32_t prefdd_pext(uint32_t a, uint32_t m) nogil
    bint prefdd_fast_pext() nogil
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil

# x % 3 for 0 <= x < 8, by table: seats are counted round the table in every hot loop.
cdef int MOD3[8]

cdef enum:
    MAXMOVES = 10
    BUCKET = 4
    PBUCKET = 8        # slots per bucket of the contracts' table (partition search)

# COMPRESS[present][held]: the ranks of `held` renumbered among the cards `present` in one suit
# (8-bit masks), so that positions differing only in cards already gone share a table entry.
cdef uint8_t COMPRESS[256][256]
# TOPS[present][mine]: the cards of `mine` (within `present`, one suit) that top their run of
# equivalent cards: the next card up still in play is not his (or there is none).
cdef uint8_t TOPS[256][256]
# TOPK[present][t]: the t-th highest card of `present` (one suit), 8 for none (t = 0 or too many).
cdef uint8_t TOPK[256][9]
# SPREAD[b]: bit r of b moved to bit 4r (the cards of one suit laid out rank by rank)
cdef uint32_t SPREAD[256]


cdef void _init_tables():
    cdef int present, held, bit, k, out, up, tops
    for k in range(8):
        MOD3[k] = k % 3
    for present in range(256):
        for held in range(256):
            out = 0
            k = 0
            tops = 0
            for bit in range(8):
                if present >> bit & 1:
                    if held >> bit & 1:
                        out |= 1 << k
                    k += 1
                if held >> bit & 1:
                    up = bit + 1
                    while up < 8 and not (present >> up) & 1:
                        up += 1
                    if up == 8 or not (held >> up) & 1:
                        tops |= 1 << bit
            COMPRESS[present][held] = out
            TOPS[present][held] = tops
        for k in range(9):
            TOPK[present][k] = 8
        SPREAD[present] = 0
        for bit in range(8):
            if present >> bit & 1:
                SPREAD[present] |= (<uint32_t>1) << (4 * bit)
        k = 0
        for bit in range(7, -1, -1):
            if present >> bit & 1:
                k += 1
                TOPK[present][k] = bit


_init_tables()

cdef enum:
    # Search techniques, each of which can be switched off to measure what it buys.
    USE_TABLE = 1
    USE_EQUIVALENCE = 2
    USE_QUICK_TRICKS = 4
    USE_ORDERING = 8
    USE_GUESS = 16
    USE_TABLE_MOVE = 32
    USE_MIN_BOUNDS = 64
    USE_SUIT_SYMMETRY = 128
    USE_TRUMP_TOPS = 256
    USE_GUESS_SHIFT = 512
    USE_KILLER = 1024
    USE_PARTNER_TRICKS = 2048
    USE_PARTITION = 4096
    USE_ENDINGS = 8192
    USE_DECLARER_TOPS = 16384
    USE_DEFENDERS_RUN = 32768
    USE_ALL = 65535

cdef enum:
    RULE_NONE = 0
    RULE_SUIT = 1
    RULE_CARD = 2

ctypedef struct Entry:
    uint64_t k0
    uint64_t k1
    int8_t lo          # lower bound on the focus player's tricks from this trick boundary
    int8_t hi          # upper bound
    uint8_t depth      # tricks left: deeper entries are kept in preference
    uint8_t used       # 0: empty, else the generation of the solve that last used it
    int8_t move        # the card that last decided the search here (-1: none), tried first

ctypedef struct PEntry:
    # An entry of the contracts' table (partition search, see ALGORITHM.md): it holds for
    # every position with the suit lengths, leader and context `keep` whose hands 0 and 1
    # (relative ranks, 16 bits a suit) agree with `cards` on the bits of `mask`: a suit's top
    # cards, from the lowest card the answer depended on up (hand 2 holds the rest).
    uint64_t cards
    uint64_t keep
    uint64_t mask
    int8_t lo
    int8_t hi
    uint8_t depth
    uint8_t used
    int8_t move

ctypedef struct Search:
    uint32_t hands[3]
    int trick[3]       # cards of the current trick, in play order
    int ntrick
    int leader
    int talon[2]
    int talon_pos      # index of the current talon trick; talon tricks pending while < talon_n
    int talon_n
    int trump          # -1: no trump
    int focus
    int maxmask        # bit per seat: 1 if the seat wants the focus player's count high
    int rule
    uint64_t ctx       # game, focus and trump, mixed into every table key
    int features       # USE_* bits
    Entry* tt
    uint64_t tt_mask   # number of buckets - 1
    int tt_used        # the main table may hold entries (clear() skips it otherwise)
    PEntry* pt         # the contracts' table (partition search), made on first use; NULL: none
    uint64_t pt_mask   # its number of buckets - 1
    uint64_t nodes
    uint64_t hits
    uint64_t stores
    uint8_t gen        # this solve's generation (1..255), stamped on the entries it uses
    int8_t killer[11][3]  # per tricks left and seat: the lead that last settled a node
    int part           # partition search: a contract with USE_PARTITION (see load_job)
    int line_order     # gen_moves orders for the principal line, not for the search (walk_line)
    uint32_t rel       # set by ge: cards whose ranks its answer depended on (see ALGORITHM.md)
    int endings        # bit r: an endings table answers this game's boundaries with r tricks left
    EndTable* ctable   # a contract's table of END_MIN tricks (partition search), or NULL

ctypedef struct Key:
    # A trick boundary's key in the contracts' table (see `part_key`), the cards in play,
    # which suit is in each canonical place (perm, 2 bits a place), and the bucket's first slot.
    uint64_t cards
    uint64_t keep
    uint32_t present
    int perm
    int slot

ctypedef struct Job:
    # One position to solve, as `Solver._load` would set up the Search (see `load_job`).
    uint32_t hands[3]
    int8_t trick[3]
    int8_t ntrick
    int8_t leader
    int8_t talon[2]
    int8_t talon_n
    int8_t trump
    int8_t focus
    int8_t maxmask
    int8_t rule
    int8_t ctx
    int8_t target      # this job's own bound (run with target -2); -1: the exact count


cdef inline uint32_t suit_bits(int suit) noexcept nogil:
    return (<uint32_t>0xFF) << (8 * suit)


cdef inline uint32_t legal_mask(Search* s, int mover) noexcept nogil:
    cdef uint32_t hand = s.hands[mover]
    cdef int lead
    cdef uint32_t follow
    if s.talon_pos < s.talon_n:
        lead = s.talon[s.talon_pos] >> 3
    elif s.ntrick == 0:
        return hand
    else:
        lead = s.trick[0] >> 3
    follow = hand & suit_bits(lead)
    if follow:
        return follow
    if s.trump >= 0 and hand & suit_bits(s.trump):
        return hand & suit_bits(s.trump)
    return hand


cdef inline bint legal_from(uint32_t hand, int lead, int trump, int c) noexcept nogil:
    """Whether card c is a legal play from `hand` to a trick whose suit to follow is `lead`:
    follow suit, else trump (in a trump contract), else any card."""
    cdef uint32_t m = hand & suit_bits(lead)
    if m == 0 and trump >= 0:
        m = hand & suit_bits(trump)
    if m == 0:
        m = hand
    return (m >> c) & 1


cdef inline int winner_index(Search* s, int n) noexcept nogil:
    """Index in s.trick of the card winning the trick's first n cards (n = 3: the trick).

    -1 when nothing is played yet, or while the talon card of a "card" talon trick holds the
    trick (for a complete trick: nobody takes it).
    """
    cdef int best = -1, i, c, suit, tc
    if n == 0:
        return -1
    if s.talon_pos < s.talon_n:
        tc = s.talon[s.talon_pos]
        suit = tc >> 3
        for i in range(n):
            c = s.trick[i]
            if c >> 3 == suit and (best < 0 or c > s.trick[best]):
                best = i
        if s.rule == RULE_CARD:
            if best < 0 or s.trick[best] < tc:
                return -1
            return best
        if best >= 0:
            return best
        # Nobody has shown the talon's suit: the 1st hand's card stands as the card led.
    best = 0
    for i in range(1, n):
        c = s.trick[i]
        if c >> 3 == s.trick[best] >> 3:
            if c > s.trick[best]:
                best = i
        elif s.trump >= 0 and c >> 3 == s.trump:
            best = i
    return best


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
    if not b[victim].used:
        s.stores += 1
    b[victim].k0 = k0
    b[victim].k1 = k1
    b[victim].lo = lo
    b[victim].hi = hi
    b[victim].depth = depth
    b[victim].used = s.gen
    b[victim].move = move


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
    if not b[victim].used:
        s.stores += 1
    b[victim].cards = k
    b[victim].keep = key.keep
    b[victim].mask = m
    b[victim].lo = lo
    b[victim].hi = hi
    b[victim].depth = depth
    b[victim].used = s.gen
    b[victim].move = move


cdef inline bint beats(Search* s, int c, int w) noexcept nogil:
    """Whether card c, added to the trick in progress, beats w, the card winning it so far.

    w < 0 stands for the talon card of a "card" talon trick.
    """
    cdef int t
    if s.talon_pos < s.talon_n:
        t = s.talon[s.talon_pos]
        if w < 0:
            return (c >> 3) == (t >> 3) and (s.rule == RULE_SUIT or c > t)
        if (w >> 3) == (t >> 3):
            return (c >> 3) == (t >> 3) and c > w
        # rule "suit", nobody has shown the talon's suit yet
        return (c >> 3) == (t >> 3) or ((c >> 3) == (w >> 3) and c > w)
    if (c >> 3) == (w >> 3):
        return c > w
    return s.trump >= 0 and (c >> 3) == s.trump


cdef inline int emit(uint32_t m, bint down, int* out, int n) noexcept nogil:
    """Append the cards of m to out[n:], highest first if `down`, else lowest first."""
    cdef int c
    while m:
        if down:
            c = 31 - __builtin_clz(m)
            m &= ~((<uint32_t>1) << c)
        else:
            c = __builtin_ctz(m)
            m &= m - 1
        out[n] = c
        n += 1
    return n


cdef inline int emit_by_rank(uint32_t m, bint down, int* out, int n) noexcept nogil:
    """Append the cards of m (of several suits) to out[n:] by rank, lowest first or (`down`)
    highest first, the lower suit first among cards of one rank."""
    cdef uint32_t t = 0
    cdef int u, b
    if down:
        for u in range(4):
            t |= SPREAD[(m >> (8 * u)) & 0xFF] << (3 - u)
        while t:
            b = 31 - __builtin_clz(t)
            t &= ~((<uint32_t>1) << b)
            out[n] = 8 * (3 - (b & 3)) + (b >> 2)
            n += 1
    else:
        for u in range(4):
            t |= SPREAD[(m >> (8 * u)) & 0xFF] << u
        while t:
            b = __builtin_ctz(t)
            t &= t - 1
            out[n] = 8 * (b & 3) + (b >> 2)
            n += 1
    return n


cdef int emit_discards(Search* s, int mover, uint32_t reps, int* out) noexcept nogil:
    """Discards of several suits in misere and raspasy: suit by suit, highest first within
    a suit, the suits in the order below.

    Trying one suit's cards before the next suit's (rather than all the cards by rank) keeps
    the first tries on one plan, emptying one suit: node sums over 200 deals, the focus
    player's discards by rank (before) misere 6.30 M, suit by suit in a fixed suit order
    6.04 M, shortest suit first 6.02 M; with both players' orders below 5.69 M (raspasy
    without talon 6.62 M -> 5.53 M, bid misere 3.33 M -> 2.32 M).
    The focus player sheds first the suits where he has the fewest cards under the others'
    lowest (those still duck a lead, so they are worth keeping), then his shortest (a void
    lets him discard again), and last the suits nobody else holds (he never has to lead them
    while he has another suit; shedding them first instead: misere +2.6 % nodes).
    His opponents shed their shortest suits first but keep the suits where they hold a card
    under his lowest (a lead there makes him take the trick) and, last of all, the suits he
    is void in (misere, against 5.69 M: theirs by rank 5.91 M, shortest suit first without
    the two suits kept 5.85 M, longest suit first 6.27 M)."""
    cdef int keys[4]
    cdef int suits[4]
    cdef int k = 0, j, u, key, n = 0
    cdef uint32_t mine, o
    for u in range(4):
        if not (reps >> (8 * u)) & 0xFF:
            continue
        mine = s.hands[mover] & suit_bits(u)
        if mover == s.focus:
            o = (s.hands[0] | s.hands[1] | s.hands[2]) & ~mine & suit_bits(u)
            key = u - 4 * __builtin_popcount(mine)
            if o:
                key -= 32 * __builtin_popcount(mine & (((<uint32_t>1) << __builtin_ctz(o)) - 1))
            else:
                key -= 200
        else:
            o = s.hands[s.focus] & suit_bits(u)
            key = u - 8 * __builtin_popcount(mine)
            if o == 0:
                key -= 200
            elif mine & (((<uint32_t>1) << __builtin_ctz(o)) - 1):
                key -= 100
        j = k
        while j > 0 and keys[j - 1] < key:
            keys[j] = keys[j - 1]
            suits[j] = suits[j - 1]
            j -= 1
        keys[j] = key
        suits[j] = u
        k += 1
    for j in range(k):
        n = emit(reps & suit_bits(suits[j]), 1, out, n)
    return n


cdef inline uint32_t sure_winners(Search* s, int mover, uint32_t beat, int u) noexcept nogil:
    """Of `beat`, the mover's cards of suit u that take the trick second to play, those that
    also hold it whatever the last player plays: above all his cards of the suit, or any of
    them when he has none of it and cannot ruff."""
    cdef uint32_t last = s.hands[MOD3[mover + 1]]
    if last & suit_bits(u):
        return beat & ~(((<uint32_t>2) << (31 - __builtin_clz(last & suit_bits(u)))) - 1)
    if s.trump >= 0 and u != s.trump and last & suit_bits(s.trump):
        return 0
    return beat


cdef int trick_order(Search* s, int mover, uint32_t reps, int* out) noexcept nogil:
    """`gen_moves`' order for a player who does not lead, after the talon tricks, from masks.

    For misère and raspasy the same order as the scores of `gen_moves` give (which see for the
    reasons; its scores serve the talon tricks); a contract has no talon tricks, and its order
    when following is given here only. Cards of one suit split into classes, each ordered by
    rank, so runs over bit masks replace the scoring and the sort; discards of several suits
    (which cannot win the trick) go by rank for a contract side and suit by suit in misère and
    raspasy (see `emit_discards`). No table move or killer applies here: both are for the
    first card of a trick."""
    cdef int lead = s.trick[0] >> 3, i, w, wseat, n, u
    cdef uint32_t beat = 0, first, other, sm
    cdef bint wants_high = (s.maxmask >> mover) & 1
    i = winner_index(s, s.ntrick)
    w = s.trick[i]
    wseat = MOD3[s.leader + i]
    u = __builtin_ctz(reps) >> 3
    if reps & ~suit_bits(u):
        # discards of several suits: none takes the trick (a player with a trump must ruff)
        if wants_high == (mover == s.focus):
            return emit_by_rank(reps, 0, out, 0)   # contract side: the lowest first
        return emit_discards(s, mover, reps, out)  # misere and raspasy: suit by suit
    sm = suit_bits(u)
    if (w >> 3) == u:
        beat = reps & ~(((<uint32_t>2) << w) - 1)     # the cards that take over the trick
    elif u == s.trump:
        beat = reps                                  # a ruff of a trick that has none
    if wants_high == (mover == s.focus):
        # contract side: win cheaply, else play low (a partner's winning card: play low)
        if s.ntrick == 1 and u == lead and not s.line_order:
            other = s.hands[MOD3[mover + 1]]
            if ((s.maxmask >> wseat) & 1) == wants_high:
                # a defender after his partner's lead: when the declarer, last, can beat it,
                # first a card above all the declarer's cards of the suit
                if other & sm and (31 - __builtin_clz(other & sm)) > w:
                    first = reps & ~(((<uint32_t>2) << (31 - __builtin_clz(other & sm))) - 1)
                    n = emit(first, 0, out, 0)
                    return emit(reps & ~first, 0, out, n)
                return emit(reps, 0, out, 0)
            if beat and mover == s.focus:
                # the declarer second to play: first a card the last player cannot beat, then
                # low, then a card that the last player can still overtake
                first = sure_winners(s, mover, beat, u)
                n = emit(first, 0, out, 0)
                n = emit(reps & ~beat, 0, out, n)
                return emit(beat & ~first, 0, out, n)
            if beat and ((other & sm and (31 - __builtin_clz(other & sm)) > w)
                         or (not other & sm and s.trump >= 0 and u != s.trump
                             and other & suit_bits(s.trump))):
                # a defender after the declarer's lead whose partner, last, can take the
                # trick: low first
                n = emit(reps & ~beat, 0, out, 0)
                return emit(beat, 0, out, n)
        if ((s.maxmask >> wseat) & 1) == wants_high:
            return emit(reps, 0, out, 0)
        n = emit(beat, 0, out, 0)
        return emit(reps & ~beat, 0, out, n)
    if mover == s.focus:
        # duck with the highest card that loses (or that the last player must beat)
        first = reps & ~beat
        if s.ntrick == 1 and u == lead:
            other = s.hands[MOD3[mover + 1]] & sm
            if other:
                first |= beat & (((<uint32_t>1) << __builtin_ctz(other)) - 1)
    elif MOD3[s.focus - s.leader + 3] >= s.ntrick:
        # the focus player still to play: first the cards that keep the trick under all his
        # cards of the suit, highest first
        other = s.hands[s.focus] & sm
        first = 0
        if other and (w >> 3) == u and __builtin_ctz(other) > w:
            first = reps & (((<uint32_t>1) << __builtin_ctz(other)) - 1)
    elif wseat == s.focus:
        first = reps & ~beat      # keep his card winning, highest first
    else:
        first = 0
    n = emit(first, 1, out, 0)
    return emit(reps & ~first, 1, out, n)


cdef int gen_moves(Search* s, int mover, int* out, int hint, int killer) noexcept nogil:
    """Legal cards of `mover`, one per group of equivalent cards, best-looking first.

    Ordering has three roles: a contract side wants to win tricks itself; the focus player of
    misere and raspasy wants to lose them; his opponents there want him to win them.
    """
    cdef uint32_t legal
    cdef uint32_t held = s.hands[0] | s.hands[1] | s.hands[2]
    cdef uint32_t present = held
    cdef uint32_t above, rest, others, fsuit, reps
    cdef int i, n = 0, c, j, key, tmp, rank, sc, role, leading, w = -1, wseat = -1, after, sh
    cdef int focus_to_play = 0, wants_high
    cdef int scores[MAXMOVES]
    # (Orderings measured by node counts on random deals; a history heuristic was tried and lost.)
    for i in range(s.ntrick):
        present |= (<uint32_t>1) << s.trick[i]
    # Keep a card only if it tops its run: the next card up still in play is not the mover's.
    # (Legality goes by suit, so within a suit the legal cards are all of the mover's there.)
    sh = 8 * (s.trick[0] >> 3) if s.ntrick > 0 else 0
    if (s.ntrick > 0 and s.talon_pos >= s.talon_n and s.features & USE_EQUIVALENCE
            and (s.hands[mover] >> sh) & 0xFF):
        # Following suit after the talon tricks, the most common node: one suit to look at.
        legal = s.hands[mover] & ((<uint32_t>0xFF) << sh)
        reps = (<uint32_t>TOPS[(present >> sh) & 0xFF][legal >> sh]) << sh
        if reps & (reps - 1) and s.features & USE_ORDERING:
            return trick_order(s, mover, reps, out)
    else:
        legal = legal_mask(s, mover)
        # Every pending talon card counts as present: under rule "card" a later talon card
        # competes by its rank, so two cards on either side of it are not equivalent.
        for i in range(s.talon_pos, s.talon_n):
            present |= (<uint32_t>1) << s.talon[i]
        if s.features & USE_EQUIVALENCE:
            reps = 0
            for i in range(4):
                if (legal >> (8 * i)) & 0xFF:
                    reps |= (<uint32_t>TOPS[(present >> (8 * i)) & 0xFF][(legal >> (8 * i)) & 0xFF]) << (8 * i)
        else:
            reps = legal
    if reps & (reps - 1) == 0:
        # One card to try (often so when following suit): nothing to order.
        out[0] = __builtin_ctz(reps)
        return 1
    if s.ntrick > 0 and s.talon_pos >= s.talon_n and s.features & USE_ORDERING:
        return trick_order(s, mover, reps, out)
    wants_high = (s.maxmask >> mover) & 1
    # role 0: contract side; 1: focus avoiding tricks; 2: his opponents pushing them on him
    if wants_high == (mover == s.focus):
        role = 0
    elif mover == s.focus:
        role = 1
    else:
        role = 2
    leading = s.ntrick == 0 and s.talon_pos >= s.talon_n
    if not leading:
        i = winner_index(s, s.ntrick)
        if i >= 0:
            w = s.trick[i]
            wseat = i if s.talon_pos < s.talon_n else MOD3[s.leader + i]
        elif s.ntrick > 0 or s.rule == RULE_CARD:
            w = -1          # the talon card holds the trick
            wseat = -1
        else:
            w = -2          # nothing played yet in a talon trick
        if s.talon_pos < s.talon_n:
            focus_to_play = s.focus >= s.ntrick
        else:
            focus_to_play = MOD3[s.focus - s.leader + 3] >= s.ntrick
    rest = reps
    while rest:
        c = __builtin_ctz(rest)
        rest &= rest - 1
        out[n] = c
        if not s.features & USE_ORDERING:
            scores[n] = 0
            n += 1
            continue
        if c == hint:
            scores[n] = 1 << 20
            n += 1
            continue
        if c == killer:
            scores[n] = 1 << 19
            n += 1
            continue
        rank = c & 7
        if leading:
            others = held & suit_bits(c >> 3) & ~s.hands[mover]
            if role == 0:
                # cash a top card, else lead low to a suit the partner tops, else from the longest
                # suit; a defender leads to his partner's top card before cashing his own, and
                # in a trump contract first leads a suit his partner can ruff and last a top card
                # the declarer can ruff
                # (a seven's low lead scores 0, not below 0, so the two rules for low leads
                # below pass it by: giving it -1 measured worse, see ALGORITHM.md "Fifth round")
                sc = 100 + rank if (others == 0 or (31 - __builtin_clz(others)) < c) else -rank
                if sc < 0:
                    j = 31 - __builtin_clz(others)
                    for tmp in range(1, 3):
                        key = MOD3[mover + tmp]
                        if (s.hands[key] >> j) & 1 and ((s.maxmask >> key) & 1) == wants_high:
                            sc = (50 if s.line_order else 150) - rank
                if sc < 0:
                    sc += 8 * __builtin_popcount(s.hands[mover] & suit_bits(c >> 3)) - 64
                    if mover == s.focus and not s.line_order:
                        # the declarer: first a suit where one card stands above his top card
                        # (losing one trick sets up his next)
                        tmp = 31 - __builtin_clz(s.hands[mover] & suit_bits(c >> 3))
                        if __builtin_popcount(others & ~(((<uint32_t>2) << tmp) - 1)) == 1:
                            sc += 64
                if mover != s.focus and s.trump >= 0 and (c >> 3) != s.trump and not s.line_order:
                    key = 3 - mover - s.focus
                    if (s.hands[key] & suit_bits(s.trump)) and not s.hands[key] & suit_bits(c >> 3):
                        sc = 300 - rank
                    elif (sc >= 100 and s.hands[s.focus] & suit_bits(s.trump)
                            and not s.hands[s.focus] & suit_bits(c >> 3)):
                        sc -= 150
            elif role == 1:
                # exit in a suit where someone else holds a higher card, with the highest such card,
                # first where he has the fewest cards
                sc = (0 if (others == 0 or (31 - __builtin_clz(others)) < c) else 100) + rank
                if sc >= 100:
                    sc -= 8 * __builtin_popcount(s.hands[mover] & suit_bits(c >> 3))
            else:
                # lead under the focus player's lowest card of the suit, first where he is
                # shortest (he runs out of safe cards there soonest), shedding high cards
                fsuit = s.hands[s.focus] & suit_bits(c >> 3)
                sc = ((100 + 8 * (8 - __builtin_popcount(fsuit)))
                      if (fsuit and __builtin_ctz(fsuit) > c) else 0) + rank
                if fsuit == 0:
                    sc -= 50
                elif sc < 100:
                    sc += 8 * (4 - __builtin_popcount(fsuit & ((<uint32_t>1 << c) - 1)))
        else:
            if w == -2 or beats(s, c, w):
                after = mover
            else:
                after = wseat
            if role == 0:
                # (not reached: a contract side follows in `trick_order`)
                sc = (100 - rank) if (after >= 0 and ((s.maxmask >> after) & 1) == wants_high) else -rank
            elif role == 1:
                # duck with the highest card that loses; forced to win, win high
                sc = (100 if after != s.focus else 0) + rank
                if after == s.focus and s.ntrick == 1 and s.talon_pos >= s.talon_n:
                    # the last player must beat it if all his cards of the suit are higher
                    fsuit = s.hands[MOD3[mover + 1]] & suit_bits(s.trick[0] >> 3)
                    if fsuit and __builtin_ctz(fsuit) > c:
                        sc += 100
            elif focus_to_play:
                sc = rank     # shed a high card while the focus player is still to play
                fsuit = s.hands[s.focus] & suit_bits(c >> 3)
                if (fsuit and w >= 0 and (w >> 3) == (c >> 3)
                        and __builtin_ctz(fsuit) > (c if c > w else w)):
                    sc += 100     # the trick stays below all his cards of the suit: no ducking
            else:
                # the focus card is down: keep it winning with the highest card below it
                sc = (100 if after == s.focus else 0) + rank
        scores[n] = sc
        n += 1
    # Insertion sort, best score first.
    for i in range(1, n):
        key = scores[i]
        tmp = out[i]
        j = i - 1
        while j >= 0 and scores[j] < key:
            scores[j + 1] = scores[j]
            out[j + 1] = out[j]
            j -= 1
        scores[j + 1] = key
        out[j + 1] = tmp
    return n


cdef int quick_tricks(Search* s, int leader, uint32_t* rel) noexcept nogil:
    """Tricks the leader takes for certain by cashing his top cards, suit by suit.

    A top card counts while no other player can ruff it; once the others are out of the suit
    and hold no trumps, the leader's small cards count too.

    `rel` (unless NULL) receives the cards whose ranks the count rests on: per suit the lowest
    of the leader's top cards it needs. Any position with the same suit lengths in which the
    leader holds those top cards gives at least the same count (a longer run only adds to it).
    """
    cdef int su, k, lim, total = 0, l0, l1, maxlen, need
    cdef uint32_t mine, others, sm, run
    cdef int o1 = MOD3[leader + 1]
    cdef int o2 = MOD3[leader + 2]
    cdef int ot1 = 0, ot2 = 0
    if s.trump >= 0:
        ot1 = (s.hands[o1] & suit_bits(s.trump)) != 0
        ot2 = (s.hands[o2] & suit_bits(s.trump)) != 0
    for su in range(4):
        sm = suit_bits(su)
        mine = s.hands[leader] & sm
        if mine == 0:
            continue
        others = (s.hands[o1] | s.hands[o2]) & sm
        # run: the leader's unbroken run from the top of the suit, k cards
        if others:
            run = mine & ~(((<uint32_t>2) << (31 - __builtin_clz(others))) - 1)
        else:
            run = mine
        k = __builtin_popcount(run)
        if k == 0:
            continue
        l0 = __builtin_popcount(s.hands[o1] & sm)
        l1 = __builtin_popcount(s.hands[o2] & sm)
        maxlen = l0 if l0 > l1 else l1
        lim = 99
        if s.trump >= 0 and su != s.trump:
            if ot1 and l0 < lim:
                lim = l0
            if ot2 and l1 < lim:
                lim = l1
        if lim == 99 and k >= maxlen:
            total += __builtin_popcount(mine)
            need = maxlen
        else:
            need = k if k < lim else lim
            total += need
        if rel != NULL and need > 0:
            rel[0] |= (<uint32_t>1) << (8 * su + TOPK[(run >> (8 * su)) & 0xFF][need])
    return total


cdef int partner_tricks(Search* s, int leader, uint32_t* rel) noexcept nogil:
    """Sure tricks of a defender on lead through his partner: he leads his lowest card of a
    suit that his partner tops (above that card and all the declarer's cards of the suit) and
    in which the declarer must follow; the partner wins it with his top card and then cashes
    his own sure tricks (`quick_tricks`). The declarer following with his lowest card of the
    suit is the worst case: it keeps his higher cards, the ones that can stop the partner's
    run, and his length in the suit is the same whichever card he plays. The best such suit
    counts; 0 when there is none.

    `rel` receives the cards whose ranks the count rests on (as for `quick_tricks`): the
    partner's top card of the best suit and what his sure tricks after it rest on.
    """
    cdef int p = 3 - leader - s.focus, u, ptop, lc, dc, q, best = 0
    cdef uint32_t lu, pu, du, sm, qrel
    for u in range(4):
        sm = suit_bits(u)
        lu = s.hands[leader] & sm
        pu = s.hands[p] & sm
        du = s.hands[s.focus] & sm
        if lu == 0 or pu == 0 or du == 0:
            continue
        ptop = 31 - __builtin_clz(pu)
        lc = __builtin_ctz(lu)
        if (31 - __builtin_clz(du)) > ptop or lc > ptop:
            continue
        dc = __builtin_ctz(du)
        s.hands[leader] &= ~((<uint32_t>1) << lc)
        s.hands[p] &= ~((<uint32_t>1) << ptop)
        s.hands[s.focus] &= ~((<uint32_t>1) << dc)
        qrel = (<uint32_t>1) << ptop
        q = 1 + quick_tricks(s, p, &qrel)
        s.hands[leader] |= (<uint32_t>1) << lc
        s.hands[p] |= (<uint32_t>1) << ptop
        s.hands[s.focus] |= (<uint32_t>1) << dc
        if q > best:
            best = q
            rel[0] = qrel
    return best


cdef inline int trump_tops(Search* s, int r, int target) noexcept nogil:
    """Settle `ge` in a trump contract by the trumps above all the other side's trumps: the
    bound that decides `target` (a lower bound >= target on the declarer's tricks, or an upper
    bound < target), or -1 when they do not decide it.

    Such a trump wins every trick it is played to (only a higher trump could beat it, and those
    are on its own side), every card gets played by the end, and one player plays one card to a
    trick, so each of the declarer's such trumps is a trick of his, and the defender with more
    such trumps takes at least that many tricks (his partner's may fall on the same tricks).
    """
    cdef uint32_t tm = suit_bits(s.trump)
    cdef uint32_t d = s.hands[s.focus] & tm
    cdef uint32_t a = s.hands[MOD3[s.focus + 1]] & tm
    cdef uint32_t b = s.hands[MOD3[s.focus + 2]] & tm
    cdef int ca, cb, k
    # s.rel: the other side's top trump (resp. the declarer's) and everything above it.
    if a | b:
        k = __builtin_popcount(d & ~((<uint32_t>2 << (31 - __builtin_clz(a | b))) - 1))
        if k >= target:
            s.rel = (<uint32_t>1) << (31 - __builtin_clz(a | b))
            return k
    elif __builtin_popcount(d) >= target:
        s.rel = 0
        return __builtin_popcount(d)
    if d:
        ca = __builtin_popcount(a & ~((<uint32_t>2 << (31 - __builtin_clz(d))) - 1))
        cb = __builtin_popcount(b & ~((<uint32_t>2 << (31 - __builtin_clz(d))) - 1))
    else:
        ca = __builtin_popcount(a)
        cb = __builtin_popcount(b)
    if r - (ca if ca > cb else cb) < target:
        s.rel = ((<uint32_t>1) << (31 - __builtin_clz(d))) if d else 0
        return r - (ca if ca > cb else cb)
    return -1


cdef inline bint ducks_always(uint32_t f, uint32_t o) noexcept nogil:
    """Whether the focus player, holding `f` in a suit against the others' `o`, can follow every
    lead of that suit by the others without taking the trick: f_j < o_j for his j-th lowest card
    f_j and their j-th lowest card o_j, for every j up to the shorter length.

    Why this suffices: the j-th time the others lead the suit they have used at least j - 1 of
    its cards, so the card led is at least o_j, while he, playing his lowest card on each lead of
    the suit (and discarding from the top elsewhere), still holds f_j. Taking cards away from `o`
    only raises every o_j, so the test stays true while the others play on.
    """
    while f and o:
        if __builtin_ctz(f) > __builtin_ctz(o):
            return 0
        f &= f - 1
        o &= o - 1
    return 1


cdef bint two_trick_escape(Search* s, int f, uint32_t lh, uint32_t ph, int force) noexcept nogil:
    """Whether the focus player F, not on lead, surely loses one of the next two tricks, given
    `force`: the suits in which the leader can make him take this trick (any other lead lets
    him lose it at once).

    After such a forced trick in suit s F leads; he loses that trick if he holds a suit u != s
    where an opponent has only higher cards: the leader's u cards are untouched (he played s),
    and so are the partner's if he held s; a partner out of s may discard, so then he needs two
    such cards for one to be left.
    """
    cdef int su, u, l
    cdef uint32_t fu, xu, pu, ok
    # ok bit u: an exit in suit u that survives a forced trick in another suit whoever follows;
    # okp bit u: an exit in u that needs the partner to follow suit.
    cdef int okp = 0
    ok = 0
    for u in range(4):
        fu = s.hands[f] & suit_bits(u)
        if fu == 0:
            continue
        l = __builtin_ctz(fu)
        xu = lh & suit_bits(u)
        pu = ph & suit_bits(u)
        if xu and __builtin_ctz(xu) > l:
            ok |= 1 << u
        elif pu and __builtin_ctz(pu) > l:
            if __builtin_popcount(pu) >= 2:
                ok |= 1 << u
            else:
                okp |= 1 << u
    for su in range(4):
        if not (force >> su) & 1:
            continue
        if ok & ~(1 << su):
            continue
        if (ph & suit_bits(su)) and (okp & ~(1 << su)):
            continue
        return 0
    return 1


cdef bint loses_two(Search* s, int f, int r, bint loses_now) noexcept nogil:
    """Whether the focus player F surely loses two of the remaining r tricks, by exits that last.

    An exit is a suit u of F's where an opponent Y holds only cards above F's lowest u card.
    While it lasts, every trick in u loses for F: led by him (Y must beat his lowest card), or
    by an opponent (Y leads above it, or Y must follow above it). A trick that F takes is
    forced on him in another suit, and then he leads an exit. Y loses at most one card a trick,
    so an exit with c cards of Y lasts c - 1 more tricks at least. With F on lead: exit, then a
    loss or a forced trick, then the other exit (3 tricks; that exit has lost at most 2 cards).
    Not on lead, the longest sequence is forced trick, exit, forced trick, exit: the first exit
    must last 1 trick, the second 3; and if a first lost trick used up one exit, the other
    must last 2. A suit where two of F's cards lie under all of Y's cards serves as both exits:
    a trick in it, led by anyone, costs F only his lowest card of it.
    `loses_now`: F is not on lead and surely loses this trick, which costs him at most one of
    the cards his exits need; then a forced trick and one exit that has lasted 2 tricks follow.
    """
    cdef int u, j, l, c, cy, best1 = 0, best2 = 0, twice = 0
    cdef uint32_t fu, yu
    for u in range(4):
        fu = s.hands[f] & suit_bits(u)
        if fu == 0:
            continue
        l = __builtin_ctz(fu)
        c = 0
        for j in range(1, 3):
            yu = s.hands[MOD3[f + j]] & suit_bits(u)
            if yu and __builtin_ctz(yu) > l:
                cy = __builtin_popcount(yu)
                if cy > c:
                    c = cy
                # two of F's cards under all of Y's: the suit gives two exits
                if __builtin_popcount(fu & ((<uint32_t>1 << __builtin_ctz(yu)) - 1)) >= 2 and cy > twice:
                    twice = cy
        if c > best1:
            best2 = best1
            best1 = c
        elif c > best2:
            best2 = c
    if s.leader == f:
        return r >= 3 and ((best2 >= 1 and best1 >= 3) or twice >= 3)
    if loses_now:
        return r >= 3 and (best2 >= 3 or twice >= 3)
    return r >= 4 and ((best2 >= 3 and best1 >= 4) or twice >= 4)


cdef int min_game_cut(Search* s, int target, int r) noexcept nogil:
    """Settle `ge` at a trick boundary of misere or raspasy (the focus player F wants few tricks)
    without searching, when a simple argument decides it: the bound on F's tricks that decides
    `target` (a lower bound >= target or an upper bound < target: 0 when F takes nothing more,
    r when he takes everything, and so on), or -1 when none applies.

    Every argument is about play without trumps after the talon tricks, where a trick goes to
    the highest card of the suit led:
    - F takes nothing more (any target fails): he is not on lead and ducks every lead of every
      suit (`ducks_always`), so he never takes a trick and so never gets the lead; or he is on
      lead with a card that one of the others must beat (that player holds only higher cards of
      its suit), and the first case holds for what F has left (the others' cards only shrink).
    - F takes everything (any target <= r holds): every card he holds is above all the others'
      cards of its suit, and he is on lead or the leader has no suit that F lacks: he takes this
      trick, then leads top cards to the end.
    - F takes this trick (target 1 holds): on lead, every card he can lead can be ducked by both
      others (each is out of the suit or has a lower card of it); not on lead, the leader has a
      suit whose lowest card is below F's lowest of it, and the partner is out of it or can play
      under F's lowest too.
    - F loses one of the next two tricks (target r fails): see `two_trick_escape`.
    - F loses two tricks (target r - 1 fails): see `loses_two`.
    - F loses this trick (target r fails): on lead, he has a card someone must beat; not on lead,
      every suit the leader holds is one F lacks, or one where F's lowest card is below the
      leader's lowest or below every card of it the partner holds (the partner must follow
      above it).
    """
    cdef int f = s.focus, o1 = MOD3[f + 1], o2 = MOD3[f + 2], su, unsafe = 0, bad_suit = -1
    cdef int low, lim, fl
    cdef uint32_t fh = s.hands[f], oh = s.hands[o1] | s.hands[o2], sm, fs, os, a, b, lh, ph
    cdef uint32_t under
    cdef bint all_top = 1, loses = 1, wins = 0
    cdef int force = 0
    # unsafe: suits he may not duck throughout, counted only as far as the tests below need
    lim = 1 if s.leader != f else 2
    for su in range(4):
        sm = suit_bits(su)
        fs = fh & sm
        os = oh & sm
        if fs and os:
            if __builtin_ctz(fs) < 31 - __builtin_clz(os):
                all_top = 0
            if unsafe < lim and not ducks_always(fs, os):
                unsafe += 1
                bad_suit = su
    if s.leader != f:
        if unsafe == 0:
            return 0            # nothing more
        lh = s.hands[s.leader]
        ph = s.hands[3 - f - s.leader]
        for su in range(4):
            sm = suit_bits(su)
            fs = fh & sm
            if (lh & sm) and fs:
                fl = __builtin_ctz(fs)
                if fl > __builtin_ctz(lh & sm):
                    if (ph & sm) == 0 or __builtin_ctz(ph & sm) < fl:
                        loses = 0
                        wins = 1
                        force |= 1 << su
            elif lh & sm:
                all_top = 0
        if all_top:
            return r
        if wins and target == 1:
            return 1
        if target >= r:
            if loses:
                return r - 1
            if r >= 2 and two_trick_escape(s, f, lh, ph, force):
                return r - 1
        if target >= r - 1 and loses_two(s, f, r, loses):
            return r - 2
        return -1
    if all_top:
        return r
    wins = 1
    for su in range(4):
        sm = suit_bits(su)
        fs = fh & sm
        if fs == 0:
            continue
        low = __builtin_ctz(fs)
        a = s.hands[o1] & sm
        b = s.hands[o2] & sm
        # lim: the lowest card of an opponent who holds the suit only above F's lowest card
        lim = -1
        if a and __builtin_ctz(a) > low:
            lim = __builtin_ctz(a)
        if b and __builtin_ctz(b) > low and __builtin_ctz(b) > lim:
            lim = __builtin_ctz(b)
        if lim < 0:
            continue
        wins = 0
        if target >= r:
            return r - 1
        if unsafe == 0 or (unsafe == 1 and bad_suit == su):
            # lead the highest card that player must beat: what is left ducks best
            under = fs & (((<uint32_t>1) << lim) - 1)
            under &= ~((<uint32_t>1) << (31 - __builtin_clz(under)))
            if ducks_always(under | (fs & ~(((<uint32_t>1) << lim) - 1)), oh & sm):
                return 0        # nothing more
    if wins and target == 1:
        return 1
    if target >= r - 1 and loses_two(s, f, r, 0):
        return r - 2
    return -1


cdef int contract_cut(Search* s, int target, int r) noexcept nogil:
    """Settle `ge` at a trick boundary of a contract by its bounds: the bound that decides
    `target` (a lower bound >= target on the declarer's tricks, or an upper bound < target),
    or -1 when none decides it. The declarer's trumps above the defence's (`trump_tops`); the
    leader's sure tricks (`quick_tricks`): V >= them when the declarer leads, V <= r - them
    when a defender does; a no-trump defender's sure tricks through his partner
    (`partner_tricks`; in trump contracts it cost more instructions than the nodes it saved)."""
    cdef int q, p
    if s.trump >= 0 and s.features & USE_TRUMP_TOPS:
        q = trump_tops(s, r, target)
        if q >= 0:
            return q
    if s.features & USE_QUICK_TRICKS:
        s.rel = 0
        q = quick_tricks(s, s.leader, &s.rel)
        if s.leader == s.focus:
            if q >= target:
                return q
        elif r - q < target:
            return r - q
    if s.trump < 0 and s.leader != s.focus and s.features & USE_PARTNER_TRICKS:
        p = partner_tricks(s, s.leader, &s.rel)
        if r - p < target:
            return r - p
    if s.leader != s.focus and s.features & USE_DECLARER_TOPS:
        q = declarer_tops(s, target)
        if q >= target:
            return q
    if s.leader != s.focus and s.trump < 0 and s.features & USE_DEFENDERS_RUN:
        q = defenders_run(s, target)
        if q >= target:
            return q
    return -1


cdef int defenders_run(Search* s, int target) noexcept nogil:
    """A no-trump lower bound with a defender on lead who holds a card of a suit the defenders
    top (the case `declarer_tops` leaves): V >= min(Q, n - d). Q is the declarer's quick tricks
    as if he led now, n his cards, d the tricks that can be played at most in the suits the
    defenders top (per suit the longer defender's length: every trick in a suit takes a card
    from each of them that holds it). The declarer wins any trick led in a suit he tops; while
    the defenders hold the lead he gives up first the cards that Q does not count, so he loses
    a card that Q counts only once d exceeds them (the proof, and the exhaustive check of its
    one case that needs it, are in ALGORITHM.md, "Quick tricks"). The bound, or -1 when it
    does not reach `target` or the condition fails.

    Sets s.rel when the bound reaches `target`: the cards the quick tricks rest on. A position
    with the same suit lengths and those cards where they are here has at least these quick
    tricks, and the suits the declarer tops here he tops there too (the cards rest on his top
    card of each suit the defenders hold), so d is no larger there: the bound holds there.
    Which defender tops the other suits does not matter."""
    cdef uint32_t held = s.hands[0] | s.hands[1] | s.hands[2], h, sm, rel = 0
    cdef uint32_t mine = s.hands[s.focus], lead = s.hands[s.leader]
    cdef uint32_t partner = s.hands[3 - s.leader - s.focus]
    cdef int su, top, a, b, d = 0, q
    cdef bint led = 0
    for su in range(4):
        sm = suit_bits(su)
        h = held & sm
        if h == 0:
            continue
        top = 31 - __builtin_clz(h)
        if (mine >> top) & 1:
            continue
        a = __builtin_popcount(lead & sm)
        b = __builtin_popcount(partner & sm)
        led |= a != 0
        d += a if a > b else b
    q = __builtin_popcount(mine) - d
    if not led or q < target:
        return -1
    a = quick_tricks(s, s.focus, &rel)
    if a < q:
        q = a
    if q >= target:
        s.rel = rel
    return q


cdef int declarer_tops(Search* s, int target) noexcept nogil:
    """A lower bound with a defender on lead: if the declarer holds the top card of every
    suit the leader holds, and the leader's partner cannot ruff it (it is trumps, or he has
    cards of it, or no trumps), the declarer wins the first trick whatever is led, and from the
    lead he then cashes at least his quick tricks less the top card he won with. So his tricks
    are at least his quick tricks as if he led now: the defenders' cards that fall to the first
    trick can only add to the others (each defender with cards of the led suit follows, so
    each length that limits a run or a ruff falls by at most the one card the declarer lost).
    The bound, or -1 when the condition fails.

    Sets s.rel when the bound reaches `target`: the top card of each suit the leader holds,
    and the cards the quick tricks rest on."""
    cdef uint32_t held = s.hands[0] | s.hands[1] | s.hands[2], lead = s.hands[s.leader]
    cdef uint32_t mine = s.hands[s.focus], sm, rel = 0
    cdef uint32_t partner = s.hands[3 - s.leader - s.focus]
    cdef bint ruffs = s.trump >= 0 and (partner & suit_bits(s.trump)) != 0
    cdef int su, top, q
    for su in range(4):
        sm = suit_bits(su)
        if lead & sm:
            top = 31 - __builtin_clz(held & sm)
            if not (mine >> top) & 1 or (ruffs and su != s.trump and not partner & sm):
                return -1
            rel |= (<uint32_t>1) << top
    q = quick_tricks(s, s.focus, &rel)
    if q >= target:
        s.rel = rel
    return q


cdef inline uint32_t trick_rel(Search* s, int widx) noexcept nogil:
    """The trick's winning card if it beat another card of its suit (its rank decided the
    trick), else nothing: a lone card of its suit wins whatever its rank."""
    cdef int c, i, k = 0
    if widx < 0:
        return 0
    c = s.trick[widx]
    for i in range(3):
        k += (s.trick[i] >> 3) == (c >> 3)
    return ((<uint32_t>1) << c) if k > 1 else 0


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


# ---------------------------------------------------------------------------------------------
# The endings tables (ALGORITHM.md, "Endings tables"): the exact value of every misère and
# raspasy position with four (five) tricks left at a trick boundary, looked up instead of
# searched. A position is read on relative ranks from the focus player's side: each suit is a
# *pattern*, the owners of its cards from the lowest up (0 the focus player, 1 the next seat
# in play order, 2 the one after), and the suits are interchangeable (no trumps), so a position
# is a multiset of four patterns in which each owner has T cards. The multisets are numbered
# densely (`ending_index`), and one byte per multiset holds the value for each of the three
# leaders, v0 + (T + 1) v1 + (T + 1)^2 v2, the leader counted from the focus player.

cdef enum:
    END_MIN = 4           # the tables: four and five tricks left
    END_MAX = 5
    END_PATTERNS = 9841   # patterns of 0..8 cards: (3^9 - 1) / 2
    END_RANK_BITS = 10    # a pattern's rank among those of its owners' counts: < 560 = 8!/(3!3!2!)
    END_VECTORS = 216     # owners' counts (a, b, c), each <= 5: numbered a * 36 + b * 6 + c
    END_HASH = 16384      # slots of the map from four counts to their first number
    END_TUPLES = 8192     # room for the fours of counts (5 tricks: 6,806; trumps: 7,333)

ctypedef struct EndTable:
    int tricks
    int fixed                       # 1: the first suit is the trump suit, not sorted with the rest
    uint32_t count                  # multisets numbered
    int ntuples
    uint8_t* values                 # count bytes once loaded, else NULL
    # contracts (four tricks only): the values as in `values`, and for each number and leader
    # the cards the search's proofs rested on (see `contract_ending`)
    uint8_t* cvalues
    uint32_t* crels
    # cid[pattern]: its counts' number << END_RANK_BITS | its rank among the patterns with
    # those counts (by code); END_NONE when an owner has more than `tricks` cards in it
    uint32_t cid[END_PATTERNS]
    uint16_t vsize[END_VECTORS]     # patterns with these counts
    uint32_t gsize[END_VECTORS][5]  # multisets of m patterns with these counts: C(n + m - 1, m)
    uint16_t pattern[END_VECTORS << END_RANK_BITS]  # [counts][rank]: the pattern (`ending_position`)
    uint32_t hkey[END_HASH]         # four counts' numbers + 1, 8 bits each; 0: an empty slot
    uint32_t hbase[END_HASH]
    uint32_t tkey[END_TUPLES]       # the fours of counts in numbering order, and their first
    uint32_t tbase[END_TUPLES]      # numbers
    uint8_t dec[216][3]             # a byte's value for each leader

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


ctypedef struct PartMode:
    int unused
ctypedef struct ExactMode:
    int unused
# The search is compiled twice: with the partition search's bookkeeping (contracts) and without.
ctypedef fused Mode:
    PartMode
    ExactMode


cdef bint search(Search* s, int target, Mode* mode) noexcept nogil:
    """Whether the focus player's tricks from here, best play, are at least `target`.

    On return s.rel holds the cards whose ranks the answer rested on: the answer holds for
    every position that agrees with this one on the suit lengths and on who holds each card
    from the lowest of those cards of its suit up (the partition the table stores). Only the
    contracts' search (Mode PartMode) keeps it; the other games' (ExactMode) is compiled
    without that bookkeeping."""
    cdef int r, mover, n, i, c, gain, w, wseat, result, widx
    cdef int saved_leader, saved_talon, t0, t1, t2, lo, hi, q, hint = -1, cut = -1, kil
    cdef int moves[MAXMOVES]
    cdef bint use_tt = 0, maxer, sub
    cdef uint32_t rel = 0, crel
    cdef Key key
    cdef uint64_t k0 = 0, k1 = 0
    cdef Entry* e
    cdef Entry* bucket = NULL
    s.nodes += 1
    if s.ntrick == 0:
        if target <= 0:
            if Mode is PartMode:
                s.rel = 0
            return 1
        r = __builtin_popcount(s.hands[0])
        if target > r:
            if Mode is PartMode:
                s.rel = 0
            return 0
        if s.talon_pos >= s.talon_n:
            if r == 1:
                s.trick[0] = __builtin_ctz(s.hands[s.leader])
                s.trick[1] = __builtin_ctz(s.hands[MOD3[s.leader + 1]])
                s.trick[2] = __builtin_ctz(s.hands[MOD3[s.leader + 2]])
                w = winner_index(s, 3)
                if Mode is PartMode:
                    s.rel = trick_rel(s, w)
                return (MOD3[s.leader + w] == s.focus) >= target
            if Mode is ExactMode:
                if (s.endings >> r) & 1:
                    q = ending_value(s, r)
                    if q >= 0:
                        s.hits += 1
                        return q >= target
            if s.features & USE_TABLE:
                use_tt = 1
                if Mode is PartMode:
                    part_key(s, &key)
                    q = pt_probe(s, &key, target, &hint)
                    if q >= 0:
                        s.hits += 1
                        return q
                    if not s.features & USE_TABLE_MOVE:
                        hint = -1
                else:
                    table_key(s, &k0, &k1)
                    bucket = tt_bucket(s, k0, k1)
                    e = tt_find(s, bucket, k0, k1)
                    if e != NULL:
                        if s.features & USE_TABLE_MOVE:
                            hint = e.move
                        if e.lo >= target:
                            s.hits += 1
                            return 1
                        if e.hi < target:
                            s.hits += 1
                            return 0
            # The bounds come after the table: a probe costs fewer instructions than their
            # tests, and settles some of the same positions. Each returns the bound it proved
            # (a lower bound >= target or an upper bound < target). The contracts' table keeps
            # it: the same position comes back, often with another target that the bound also
            # settles, and a probe costs less than the tests again. The main table does not:
            # there it saved 7 % of a misere solve's instructions but crowded out the entries
            # that the layouts of a hand share, and the misere layout questions ran 20 % slower.
            q = -1
            if s.maxmask == (1 << s.focus):
                q = contract_cut(s, target, r)      # (sets s.rel)
            elif s.features & USE_MIN_BOUNDS:
                q = min_game_cut(s, target, r)
            if Mode is PartMode:
                if q < 0 and r == END_MIN and s.ctable != NULL:
                    q = contract_ending(s, s.ctable, target)     # (sets s.rel)
            if q >= 0:
                if Mode is PartMode and use_tt:
                    lo = q if q >= target else 0
                    hi = r if q >= target else q
                    pt_store(s, &key, s.rel, r, lo, hi, hint)
                return q >= target
    mover = MOD3[s.leader + s.ntrick]
    maxer = (s.maxmask >> mover) & 1
    kil = -1
    if s.ntrick == 0 and s.talon_pos >= s.talon_n and s.features & USE_KILLER:
        kil = s.killer[r][mover]
    n = gen_moves(s, mover, moves, hint, kil)
    result = 0 if maxer else 1
    for i in range(n):
        c = moves[i]
        s.hands[mover] &= ~((<uint32_t>1) << c)
        s.trick[s.ntrick] = c
        s.ntrick += 1
        if s.ntrick < 3:
            sub = search(s, target, mode)
            if Mode is PartMode:
                crel = s.rel
            s.ntrick -= 1
        else:
            widx = winner_index(s, 3)
            if widx < 0:
                wseat = -1
            elif s.talon_pos < s.talon_n:
                wseat = widx
            else:
                wseat = MOD3[s.leader + widx]
            if Mode is PartMode:
                crel = trick_rel(s, widx)
            gain = wseat == s.focus
            saved_leader = s.leader
            saved_talon = s.talon_pos
            t0 = s.trick[0]
            t1 = s.trick[1]
            t2 = s.trick[2]
            if s.talon_pos < s.talon_n:
                s.talon_pos += 1
                s.leader = 0
            else:
                s.leader = wseat
            s.ntrick = 0
            # The two trivial answers of the next trick boundary, without the call.
            q = target - gain
            if q <= 0:
                sub = 1
            elif q > __builtin_popcount(s.hands[0]):
                sub = 0
            else:
                sub = search(s, q, mode)
                if Mode is PartMode:
                    crel |= s.rel
            s.leader = saved_leader
            s.talon_pos = saved_talon
            s.trick[0] = t0
            s.trick[1] = t1
            s.trick[2] = t2
            s.ntrick = 2
        s.hands[mover] |= (<uint32_t>1) << c
        if maxer == sub:
            result = sub
            cut = c
            if Mode is PartMode:
                rel = crel
            if s.ntrick == 0 and s.talon_pos >= s.talon_n and i > 0:
                # a lead that settled the node after the ordering's first choice failed
                s.killer[r][mover] = c
            break
        if Mode is PartMode:
            rel |= crel
    if Mode is PartMode:
        if cut < 0 and s.features & USE_EQUIVALENCE:
            for i in range(n):
                rel = run_bottom(s, mover, moves[i], rel)
    if use_tt:
        if result:
            if Mode is PartMode:
                pt_store(s, &key, rel, r, target, r, cut)
            else:
                tt_store(s, bucket, k0, k1, r, target, r, cut)
        elif Mode is PartMode:
            pt_store(s, &key, rel, r, 0, target - 1, cut)
        else:
            tt_store(s, bucket, k0, k1, r, 0, target - 1, cut)
    if Mode is PartMode:
        s.rel = rel
    return result


cdef inline bint ge(Search* s, int target) noexcept nogil:
    """Whether the focus player's tricks from here, best play, are at least `target`."""
    cdef PartMode pm
    cdef ExactMode em
    if s.part:
        return search(s, target, &pm)
    return search(s, target, &em)


cdef int tricks_left(Search* s) noexcept nogil:
    cdef int i, m = 0, k
    for i in range(3):
        k = __builtin_popcount(s.hands[i])
        if k > m:
            m = k
    return m


cdef int solve_range(Search* s, int lo, int hi, int guess) noexcept nogil:
    """The exact value, known to lie in [lo, hi], by null-window searches stepping from `guess`.

    Each search tests "value >= t"; its answer moves one end of the interval, and the table
    keeps the bounds found so that later searches over the same positions are cheap.
    """
    cdef int t
    while lo < hi:
        t = guess if s.features & USE_GUESS else (lo + hi + 1) // 2
        if t <= lo:
            t = lo + 1
        if t > hi:
            t = hi
        if ge(s, t):
            lo = t
            guess = t + 1
        else:
            hi = t - 1
            guess = t - 1
    return lo


cdef int first_guess(Search* s) noexcept nogil:
    """Where the searches start: an estimate of the value from the focus player's cards, moved
    to the side where a wrong guess costs less.

    The weights are a least-squares fit of the exact values of random full deals (on a set
    separate from the benchmarks); a guess one trick off costs one extra null-window search.
    The errors do not cost the same both ways: contracts are solved fastest from one trick
    above the value, and a guess too low costs more than one too high; misère and raspasy are
    solved fastest from the value itself, and a guess too high costs more than one too low.
    Hence the shift, with USE_GUESS_SHIFT: one trick up for a contract, two down for misère
    and raspasy (chosen on a separate set of deals; measured in ALGORITHM.md).
    """
    cdef uint32_t h = s.hands[s.focus]
    cdef int c, rank, nj = 0, nka = 0, ranksum = 0, trumps = 0, g
    while h:
        c = __builtin_ctz(h)
        h &= h - 1
        rank = c & 7
        ranksum += rank
        nj += rank >= 4
        nka += rank >= 6
        trumps += (c >> 3) == s.trump
    if s.maxmask != (1 << s.focus):
        g = -287 - 42 * nj - 56 * nka + 32 * ranksum
    elif s.trump >= 0:
        g = -393 + 51 * nka + 8 * ranksum + 97 * trumps
    else:
        g = -282 - 13 * nj + 89 * nka + 10 * ranksum
    if s.features & USE_GUESS_SHIFT:
        g += 100 if s.maxmask == (1 << s.focus) else -200
    if g < 0:
        return 0
    return (g + 50) // 100


cdef int play_card(Search* s, int c, int* saved) noexcept nogil:
    """Play c for the mover at the root level; returns the focus player's gain (0/1).

    `saved` receives what `unplay_card` needs (5 ints).
    """
    cdef int mover = MOD3[s.leader + s.ntrick], widx, wseat
    saved[0] = mover
    saved[1] = s.leader
    saved[2] = s.talon_pos
    saved[3] = s.ntrick
    s.hands[mover] &= ~((<uint32_t>1) << c)
    s.trick[s.ntrick] = c
    s.ntrick += 1
    if s.ntrick < 3:
        saved[4] = 0
        return 0
    widx = winner_index(s, 3)
    if widx < 0:
        wseat = -1
    elif s.talon_pos < s.talon_n:
        wseat = widx
    else:
        wseat = MOD3[s.leader + widx]
    saved[4] = 1
    if s.talon_pos < s.talon_n:
        s.talon_pos += 1
        s.leader = 0
    else:
        s.leader = wseat
    s.ntrick = 0
    return wseat == s.focus


cdef void unplay_card(Search* s, int c, int* saved, int* trick_copy) noexcept nogil:
    s.hands[saved[0]] |= (<uint32_t>1) << c
    s.leader = saved[1]
    s.talon_pos = saved[2]
    s.ntrick = saved[3]
    s.trick[0] = trick_copy[0]
    s.trick[1] = trick_copy[1]
    s.trick[2] = trick_copy[2]


cdef int card_values(Search* s, int* cards, int* values, int ncards) noexcept nogil:
    """values[i] := the exact value of root card cards[i]; returns the position's value (the
    best of them for the mover).

    Each card is solved by the driver, the first from the position's guess and every later one
    from the best value found so far, since most cards keep it (then two null-window searches
    pin its value). Searching the position's own value first, and then each card only on the
    side of it where it can lie, costs more: the cards' searches prove again, card by card,
    much of what the position's searches proved (ALGORITHM.md, "All cards and the line").
    """
    cdef int i, gain, v = -1
    cdef int saved[5]
    cdef int tc[3]
    cdef int mover = MOD3[s.leader + s.ntrick]
    cdef bint maxer = (s.maxmask >> mover) & 1
    cdef int guess = first_guess(s)
    for i in range(ncards):
        tc[0] = s.trick[0]
        tc[1] = s.trick[1]
        tc[2] = s.trick[2]
        gain = play_card(s, cards[i], saved)
        values[i] = gain + solve_range(s, 0, tricks_left(s), (guess if v < 0 else v) - gain)
        unplay_card(s, cards[i], saved, tc)
        if v < 0 or (values[i] > v if maxer else values[i] < v):
            v = values[i]
    return v


cdef bint keeps_value(Search* s, int target, bint maxer) noexcept nogil:
    """After a card, whether the child (worth at most `target` to a maximiser, at least
    `target` to a minimiser, since no card beats the parent's value) is worth exactly it."""
    if maxer:
        return target <= 0 or ge(s, target)
    return target + 1 > tricks_left(s) or not ge(s, target + 1)


cdef void spread_values(Search* s, int mover, int* cards, int* values, int n,
                        int8_t* row) noexcept nogil:
    """row[c] := the value of every legal card c of `mover` (-1 for the other cards), from the
    values of the cards `gen_moves` kept: each stands for its run of equivalent cards."""
    cdef uint32_t legal = legal_mask(s, mover), present, mine = s.hands[mover]
    cdef int by_card[32]
    cdef int i, c, up, top
    present = s.hands[0] | s.hands[1] | s.hands[2]
    for i in range(s.ntrick):
        present |= (<uint32_t>1) << s.trick[i]
    for i in range(s.talon_pos, s.talon_n):
        present |= (<uint32_t>1) << s.talon[i]
    for i in range(n):
        by_card[cards[i]] = values[i]
    for c in range(32):
        row[c] = -1
    while legal:
        c = __builtin_ctz(legal)
        legal &= legal - 1
        # The kept card of c's run: climb while the next card still in play is his.
        top = c
        while True:
            up = top + 1
            while up & 7 and not (present >> up) & 1:
                up += 1
            if up & 7 and (mine >> up) & 1:
                top = up
            else:
                break
        row[c] = by_card[top]


cdef int full_answer(Search* s, int8_t* row, int8_t* line) noexcept nogil:
    """The loaded position's value; row[c] := every card's value (-1: not a legal card) and,
    when `line` is not NULL, line[:30] := a principal line padded with -1. Returns -1 if the
    line could not be walked (an internal error)."""
    cdef int cards[MAXMOVES]
    cdef int values[MAXMOVES]
    cdef int out[32]
    cdef int n, i, v, best, mover, length = 0
    for i in range(32):
        row[i] = -1
    if line != NULL:
        for i in range(30):
            line[i] = -1
    if tricks_left(s) == 0 and s.ntrick == 0:
        return 0
    mover = MOD3[s.leader + s.ntrick]
    n = gen_moves(s, mover, cards, -1, -1)
    v = card_values(s, cards, values, n)
    spread_values(s, mover, cards, values, n, row)
    if line != NULL:
        # The line's first card: the first in the line's order that keeps the value.
        s.line_order = 1
        n = gen_moves(s, mover, cards, -1, -1)
        s.line_order = 0
        best = 0
        while row[cards[best]] != v:
            best += 1
        length = walk_line(s, v, cards[best], out)
        if length < 0:
            return -1  # no card kept the value: a bug, reported by the caller
        for i in range(length if length <= 30 else 30):
            line[i] = out[i]
    return v


cdef int walk_line(Search* s, int v, int first, int* out) noexcept nogil:
    """Play a principal line from the loaded position (value `v`) into `out`; returns its
    length, or -1 if no card keeps the value (which would be a bug). `first`, when >= 0, is a
    card known to keep `v`: it is played without a search.

    Each step plays the first card that keeps the value in the line's own order (`line_order`:
    the search's ordering without the contract rules of the fifth round, ALGORITHM.md "All
    cards and the line"), so the line, and the defenders' tricks along it that the whist
    analysis reads, stay put when the search's ordering is tuned."""
    cdef int cards[MAXMOVES]
    cdef int saved[5]
    cdef int tc[3]
    cdef int n, i, gain, target, mover, chosen, length = 0
    cdef bint maxer
    while tricks_left(s) > 0 or s.ntrick > 0:
        mover = MOD3[s.leader + s.ntrick]
        maxer = (s.maxmask >> mover) & 1
        if first >= 0:
            n = 1
            cards[0] = first
            first = -1
        else:
            s.line_order = 1
            n = gen_moves(s, mover, cards, -1, -1)
            s.line_order = 0
        chosen = -1
        for i in range(n):
            tc[0] = s.trick[0]
            tc[1] = s.trick[1]
            tc[2] = s.trick[2]
            gain = play_card(s, cards[i], saved)
            target = v - gain
            if n == 1 or keeps_value(s, target, maxer):
                chosen = cards[i]
                v = target
                break
            unplay_card(s, cards[i], saved, tc)
        if chosen < 0:
            return -1
        out[length] = chosen
        length += 1
    return length


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

_CONTEXT_GAMES = {"contract": 0, "misere": 1, "raspasy": 2}
_RULES = {"none": RULE_NONE, "suit": RULE_SUIT, "card": RULE_CARD}


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
        s.pt = <PEntry*>calloc(nb * PBUCKET, sizeof(PEntry))
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


cdef int fill_job(Job* j, pos) except -1:
    """`j` := the engine form of the `Position` pos (validated on construction)."""
    cdef int i
    memset(j, 0, sizeof(Job))
    j.hands[0] = pos.hands[0]
    j.hands[1] = pos.hands[1]
    j.hands[2] = pos.hands[2]
    j.ntrick = len(pos.played)
    for i in range(j.ntrick):
        j.trick[i] = pos.played[i]
    j.leader = pos.leader
    j.talon_n = len(pos.talon)
    for i in range(j.talon_n):
        j.talon[i] = pos.talon[i]
    j.trump = -1 if pos.trump is None else pos.trump
    j.focus = pos.focus
    j.maxmask = (1 << j.focus) if pos.game == "contract" else 7 & ~(1 << j.focus)
    j.rule = _RULES[pos.talon_rule]
    j.ctx = _CONTEXT_GAMES[pos.game]
    j.target = -1
    return 0


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


def subset(pool: int, k: int, rank: int) -> int:
    """The `rank`-th subset of `k` cards of the mask `pool` (colex order), as a mask.

    The inverse of `subset_rank`; rank 0 is the `k` lowest cards.
    """
    if not 0 <= k <= bin(pool).count("1") or not 0 <= rank < BINOM[bin(pool).count("1")][k]:
        raise ValueError(f"no subset {rank} of {k} cards among {bin(pool).count('1')}")
    return unrank_subset(pool, k, rank)


def subset_rank(pool: int, sub: int) -> int:
    """The colex rank of the mask `sub` among the subsets of `pool` of its size."""
    if sub & ~pool:
        raise ValueError("the subset has cards outside the pool")
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

import threading as _threading

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


def load_endings(int tricks, data, str kind="misere") -> None:
    """Use `data`, as `solver/endings.py` makes it, as the endings table of `tricks` tricks
    and `kind` ("misere": `endings_size(tricks)` bytes, a value byte per number; the
    contracts' kinds: those bytes, then three little-endian 32-bit words per number, the cards
    each value rests on); None: stop using it."""
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
        raise ValueError(f"the {kind} endings table of {tricks} tricks has {view.shape[0]} "
                         f"bytes, not {size}")
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
            raise ValueError(f"byte {i} of the {kind} endings table of {tricks} tricks is not "
                             f"a value")
    if contract:
        for i in range(3 * t.count):
            # each 4-bit place is 0..7 or 15: no nibble has its top bit without the other three
            if (words[i] >> 3) & 0x11111111 & ~(words[i] & (words[i] >> 1) & (words[i] >> 2)):
                free(buf)
                free(words)
                raise ValueError(f"word {i} of the {kind} endings table is not a place")
    else:
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


cdef EndTable* _pos_table(pos, Search* s) except NULL:
    """Load `pos` into `s` and give its endings table (ValueError if it has none)."""
    cdef Job j
    cdef int r = bin(pos.hands[0]).count("1")
    if pos.played or pos.talon or any(bin(h).count("1") != r for h in pos.hands) or \
            not (END_MIN <= r <= END_MAX if pos.game != "contract" else r == END_MIN):
        raise ValueError("not a trick boundary of misère or raspasy with four or five cards a "
                         "hand, or of a contract with four")
    fill_job(&j, pos)
    memset(s, 0, sizeof(Search))
    s.features = USE_ENDINGS
    load_job(s, &j)
    if pos.game != "contract":
        return &END_TABLES[r - END_MIN]
    return &END_TABLES[0] if pos.trump is None else &END_TRUMP


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


def endings_rests_on(pos, int target) -> tuple:
    """(answer, cards) of the contracts' table for "does the declarer take at least `target`
    of the tricks left?" at `pos`, a trick boundary with four cards a hand: the answer holds
    for every position with the same suit lengths in each hand in which each suit's cards from
    the lowest card of `cards` in that suit up (none: no card) lie as here."""
    cdef Search s
    cdef EndTable* t
    if pos.game != "contract":
        raise ValueError("not a contract")
    t = _pos_table(pos, &s)
    if s.ctable == NULL:
        raise ValueError("the contracts' endings table for this game is not loaded")
    return contract_ending(&s, t, target) >= target, s.rel


def contract_bound(pos, int target, int features=USE_ALL) -> tuple:
    """(bound, cards) of the static bounds of a contract at a trick boundary (`contract_cut`,
    with those of them that `features` keeps): a lower bound >= `target` or an upper bound
    < `target` on the declarer's tricks, -1 when none decides `target`; and the cards it rests
    on, as in `endings_rests_on`."""
    cdef Search s
    cdef Job j
    cdef int r, q
    if pos.game != "contract" or pos.played or pos.talon:
        raise ValueError("not a contract at a trick boundary")
    r = bin(pos.hands[0]).count("1")
    if not 1 <= target <= r:
        raise ValueError(f"target {target} out of range 1..{r}")
    fill_job(&j, pos)
    memset(&s, 0, sizeof(Search))
    s.features = features & ~(USE_TABLE | USE_PARTITION | USE_ENDINGS)
    load_job(&s, &j)
    s.rel = 0
    q = contract_cut(&s, target, r)
    return q, s.rel


def endings_position(int tricks, number, str kind="misere") -> tuple:
    """The hands (focus player first, then the seats after him in play order) of a position
    numbered `number` in the endings table of `tricks` tricks and `kind`: suit i has the i-th
    pattern of its multiset (for "trump", suit 0 is the trump suit), on the lowest ranks."""
    cdef uint32_t hands[3]
    cdef EndTable* t = _end_table(tricks, kind)
    if not 0 <= number < t.count:
        raise ValueError(f"no position {number} in the {kind} endings table of {tricks} tricks")
    ending_position(t, number, hands)
    return hands[0], hands[1], hands[2]


def cpu_runs_bmi2() -> bool:
    """Whether this processor has the BMI2 instructions and runs them in hardware (then
    `solver._engine_bmi2`, where it was built, is the faster build: see `solver/_build.py`)."""
    return prefdd_fast_pext()


#: Which build this module is: "bmi2" (compiled with the BMI2 instructions) or "portable".
BUILD = "bmi2" if PREFDD_HAVE_PEXT else "portable"


def binomial(int n, int k) -> int:
    """C(n, k) for 0 <= n <= 32 (0 when k is out of range)."""
    if not 0 <= n <= 32:
        raise ValueError("binomial: n out of range 0..32")
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

    def __cinit__(self, Py_ssize_t size):
        if size < 0:
            raise ValueError("a negative number of positions")
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
        (None or a negative number: its exact count), used when run with target -2."""
        positions = list(positions)
        cdef Jobs out = Jobs(len(positions))
        cdef Py_ssize_t i
        if targets is not None:
            targets = list(targets)
            if len(targets) != len(positions):
                raise ValueError(f"{len(targets)} targets for {len(positions)} positions")
        for i, pos in enumerate(positions):
            fill_job(&out.jobs[i], pos)
            if targets is not None and targets[i] is not None and targets[i] >= 0:
                if targets[i] > 10:
                    raise ValueError(f"target {targets[i]} is more than the tricks of a deal")
                out.jobs[i].target = targets[i]
        return out

    @staticmethod
    def from_hands(template, hands, targets=None) -> Jobs:
        """Positions like `template` (a `Position` at a trick's start) with other hands: row i
        of `hands` (an array of shape (n, 3), the three hands' masks) is position i.

        The hands are checked as a trick's start needs: no card twice, equal counts. `targets`
        (an int array, negative for none): each position's own bound, as `from_positions`.
        """
        cdef uint32_t[:, ::1] h = hands
        cdef Py_ssize_t n = h.shape[0], i
        cdef Jobs out = Jobs(n)
        cdef Job base
        cdef int8_t[::1] t
        cdef int c0
        if h.shape[1] != 3:
            raise ValueError("hands: one row of three masks per position")
        if template.played or template.talon:
            raise ValueError("the template must be at a trick's start, without talon tricks")
        fill_job(&base, template)
        if targets is not None:
            t = targets
            if t.shape[0] != n:
                raise ValueError(f"{t.shape[0]} targets for {n} positions")
        for i in range(n):
            c0 = __builtin_popcount(h[i, 0])
            if (h[i, 0] & h[i, 1]) or (h[i, 0] & h[i, 2]) or (h[i, 1] & h[i, 2]) \
                    or __builtin_popcount(h[i, 1]) != c0 or __builtin_popcount(h[i, 2]) != c0 \
                    or c0 > 10:
                raise ValueError(f"hands of position {i} overlap or differ in size")
            out.jobs[i] = base
            out.jobs[i].hands[0] = h[i, 0]
            out.jobs[i].hands[1] = h[i, 1]
            out.jobs[i].hands[2] = h[i, 2]
            if targets is not None and t[i] >= 0:
                out.jobs[i].target = t[i]
        return out

    @staticmethod
    def layouts(template, int seat_a, uint32_t pool, int k, ranks) -> Jobs:
        """Positions like `template` (a `Position`) but for two seats' hands: for each colex
        rank r in `ranks`, seat_a holds subset r of `k` cards of `pool` and the third seat
        (neither seat_a nor the template's seat holding cards) the rest.

        The template is a valid position in which seat_a and the third seat hold any cards
        of the right counts (e.g. the first layout); their hands are replaced.
        """
        cdef int64_t[::1] r = ranks
        cdef int m = __builtin_popcount(pool)
        cdef Jobs out = Jobs(r.shape[0])
        cdef Job base
        cdef Py_ssize_t i
        cdef uint32_t a
        cdef int seat_b = -1, seat
        if not 0 <= seat_a <= 2:
            raise ValueError("seat_a must be a seat 0..2")
        if not 0 <= k <= m:
            raise ValueError(f"cannot give {k} of {m} cards to one seat")
        for seat in range(3):
            if seat != seat_a and template.hands[seat] & pool:
                seat_b = seat
        fill_job(&base, template)
        if seat_b < 0 or (base.hands[seat_a] | base.hands[seat_b]) != pool:
            raise ValueError("the template's two other seats must hold exactly the pool's cards")
        base.hands[seat_a] = 0
        base.hands[seat_b] = 0
        for i in range(r.shape[0]):
            if not 0 <= r[i] < BINOM[m][k]:
                raise ValueError(f"layout rank {r[i]} out of range 0..{BINOM[m][k] - 1}")
        with nogil:
            for i in range(r.shape[0]):
                out.jobs[i] = base
                a = unrank_subset(pool, k, r[i])
                out.jobs[i].hands[seat_a] = a
                out.jobs[i].hands[seat_b] = pool & ~a
        return out

    def hands(self, Py_ssize_t i) -> tuple:
        """The three hands (masks) of position `i`."""
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
    cdef public dict stats

    def __cinit__(self, int tt_mb=8, int features=USE_ALL):
        if _first_solver_hook is not None:
            _run_first_solver_hook()
        cdef uint64_t bytes_ = (<uint64_t>max(tt_mb, 1)) << 20
        cdef uint64_t nb = 1
        while nb * 2 * BUCKET * sizeof(Entry) <= bytes_:
            nb *= 2
        self.nbuckets = nb
        self.table = <Entry*>calloc(nb * BUCKET, sizeof(Entry))
        if self.table == NULL:
            raise MemoryError("cannot allocate the transposition table")
        memset(&self.s, 0, sizeof(Search))
        self.s.tt = self.table
        self.s.tt_mask = nb - 1
        self.s.features = features
        self.stats = {}

    def __dealloc__(self):
        free(self.table)
        free(self.s.pt)

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

    def at_least(self, pos, int target) -> bool:
        """Whether the focus player's tricks from ``pos``, best play by all, are >= ``target``.

        One bound search: much cheaper than the exact count when only a threshold matters
        (a contract made, a misère caught).
        """
        cdef int v
        self._load(pos)
        with nogil:
            v = answer(&self.s, target if target > 0 else 0)
        self._finish()
        return bool(v)

    def at_least_hands(self, pos, int seat, hands, int target, int stop_after=-1) -> list:
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
        cdef Py_ssize_t n = len(hands), i, asked = 0
        cdef uint32_t* hs
        cdef uint32_t others, played = 0
        cdef int k, want, t = target if target > 0 else 0, fails = 0, mine, lead
        cdef uint64_t nodes = 0
        cdef uint8_t* out
        if not 0 <= seat <= 2:
            raise ValueError(f"seat {seat!r} out of range 0..2")
        fill_job(&j, pos)
        for k in range(j.ntrick):
            played |= (<uint32_t>1) << j.trick[k]
        for k in range(j.talon_n):
            played |= (<uint32_t>1) << j.talon[k]
        others = j.hands[MOD3[seat + 1]] | j.hands[MOD3[seat + 2]]
        # The card the seat has played to the trick, if any, must have been a legal play
        # from its hand: `mine` is its place in the trick (-1: none, or a free lead).
        mine = MOD3[seat - j.leader + 3]
        if mine >= j.ntrick or (mine == 0 and j.talon_n == 0):
            mine = -1
        lead = (j.talon[0] if j.talon_n else j.trick[0]) >> 3
        # In a valid position the seats that have played to the current trick hold one card
        # fewer than the others: the count the hand must have follows from the next seat's.
        k = MOD3[seat + 1]
        want = (__builtin_popcount(j.hands[k]) + (MOD3[k - j.leader + 3] < j.ntrick)
                - (MOD3[seat - j.leader + 3] < j.ntrick))
        hs = <uint32_t*>malloc((n if n > 0 else 1) * sizeof(uint32_t))
        out = <uint8_t*>malloc((n if n > 0 else 1) * sizeof(uint8_t))
        if hs == NULL or out == NULL:
            free(hs)
            free(out)
            raise MemoryError("cannot allocate the hands")
        try:
            for i in range(n):
                h = hands[i]
                if not isinstance(h, int) or h < 0 or h > 0xFFFFFFFF:
                    raise ValueError(f"hand {i}: {h!r} is not a 32-bit card mask")
                hs[i] = h
                if hs[i] & (others | played):
                    raise ValueError(f"hand {i} holds a card of another hand or of the trick")
                if __builtin_popcount(hs[i]) != want:
                    raise ValueError(f"hand {i} holds {__builtin_popcount(hs[i])} card(s); "
                                     f"the position needs {want}")
                if mine >= 0 and not legal_from(hs[i] | ((<uint32_t>1) << j.trick[mine]),
                                                lead, j.trump, j.trick[mine]):
                    raise ValueError(f"hand {i}: the card it played to the trick would not "
                                     f"have been a legal play")
            with nogil:
                for i in range(n):
                    j.hands[seat] = hs[i]
                    load_job(&self.s, &j)
                    out[i] = answer(&self.s, t)
                    nodes += self.s.nodes
                    asked = i + 1
                    if not out[i]:
                        fails += 1
                        if 0 <= stop_after < fails:
                            break
            self.stats = {"nodes": nodes}
            return [bool(out[i]) for i in range(asked)]
        finally:
            free(hs)
            free(out)

    def run(self, Jobs jobs, Py_ssize_t start, Py_ssize_t end, int target, out) -> None:
        """Solve jobs[start:end] into ``out[start:end]`` (an int8 array) without the GIL.

        ``target`` -1: each position's trick count; -2: each job's own target (its count
        where it has none); else 1 or 0 for reaching ``target``.
        The table carries over from one job to the next (its entries hold for any position).
        """
        cdef int8_t[::1] res = out
        cdef Py_ssize_t i
        if not 0 <= start <= end <= jobs.size or res.shape[0] < jobs.size:
            raise ValueError("job range out of bounds")
        cdef uint64_t nodes = 0
        with nogil:
            for i in range(start, end):
                load_job(&self.s, &jobs.jobs[i])
                res[i] = answer(&self.s, jobs.jobs[i].target if target == -2 else target)
                nodes += self.s.nodes
        self.stats = {"nodes": nodes}

    def build_endings(self, int tricks, Py_ssize_t start, Py_ssize_t end, out,
                      rels=None, str kind="misere") -> int:
        """Solve the positions numbered start..end-1 of the endings table of `tricks` tricks
        and `kind` into ``out[start:end]`` (uint8, as `load_endings` takes them), by search
        without that table, and without the GIL. Returns how many of them `endings_entry`
        would not number back (0 when the numbering is one to one).

        For the contracts' kinds ``rels`` (uint32, three per number) gets in
        ``rels[3 n + leader]`` the cards each proof rested on (see `contract_ending`); they
        are searched without the transposition tables, so that what a proof rests on does not
        depend on what was searched before it."""
        cdef uint8_t[::1] res = out
        cdef uint32_t[::1] rel_out
        cdef EndTable* t
        cdef Job j
        cdef uint32_t hands[3]
        cdef Py_ssize_t n
        cdef int leader, v, code, bad = 0, half, k, low, features = self.s.features
        cdef int suits[4]
        cdef bint contract = kind != "misere"
        cdef uint32_t bits, rel
        t = _end_table(tricks, kind)
        if not 0 <= start <= end <= t.count or res.shape[0] < t.count:
            raise ValueError("endings range out of bounds")
        if contract:
            if rels is None:
                raise ValueError(f"the {kind} endings table needs its cards' array")
            rel_out = rels
            if rel_out.shape[0] < 3 * t.count:
                raise ValueError("endings range out of bounds")
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
                for n in range(start, end):
                    ending_position(t, <uint32_t>n, hands)
                    j.hands[0] = hands[0]
                    j.hands[1] = hands[1]
                    j.hands[2] = hands[2]
                    code = 0
                    for leader in range(2, -1, -1):
                        j.leader = leader
                        load_job(&self.s, &j)
                        self.s.endings &= ~(1 << tricks)
                        if leader == 0 and ending_index(t, &self.s, suits) != n:
                            bad += 1
                        v = solve_range(&self.s, 0, tricks, first_guess(&self.s))
                        code = code * (tricks + 1) + v
                        if not contract:
                            continue
                        # the proofs of "at least v" and "not v + 1" (none at the ends)
                        bits = 0
                        for half in range(2):
                            rel = 0
                            if (half == 0 and v == 0) or (half == 1 and v == tricks):
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

    def run_full(self, Jobs jobs, Py_ssize_t start, Py_ssize_t end, tricks, values,
                 lines=None) -> None:
        """The whole answer of jobs[start:end] without the GIL: ``tricks[i]`` the count,
        ``values[i, c]`` each legal card's value (-1: not legal), ``lines[i]`` a principal line
        padded with -1 (skipped when ``lines`` is None). Arrays: int8, shapes (n,), (n, 32),
        (n, 30)."""
        cdef int8_t[::1] t = tricks
        cdef int8_t[:, ::1] v = values
        cdef int8_t[:, ::1] l
        cdef bint with_lines = lines is not None
        cdef Py_ssize_t i
        if with_lines:
            l = lines
        if (not 0 <= start <= end <= jobs.size or t.shape[0] < jobs.size
                or v.shape[0] < jobs.size or v.shape[1] != 32
                or (with_lines and (l.shape[0] < jobs.size or l.shape[1] != 30))):
            raise ValueError("job range or answer arrays out of bounds")
        cdef uint64_t nodes = 0
        with nogil:
            for i in range(start, end):
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


