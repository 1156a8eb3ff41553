# cython: language_level=3
"""The search's shared declarations: the C helpers, the constants, and the structs every
part of the search (the ``.pxi`` files that ``_engine.pyx`` includes) works on."""
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t, int64_t

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

    /* The transposition tables: zeroed pages straight from the system where it has mmap, so
       that a freed table goes back to it at once (a table allocated by a worker thread and
       freed through malloc stayed in that thread's arena: a process that had asked for 40
       table sizes held them all). */
    #if defined(__unix__) || defined(__APPLE__)
    #include <sys/mman.h>
    static void* prefdd_table_alloc(size_t bytes) {
        void* p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        return p == MAP_FAILED ? NULL : p;
    }
    static void prefdd_table_free(void* p, size_t bytes) { if (p) munmap(p, bytes); }
    #else
    #include <stdlib.h>
    static void* prefdd_table_alloc(size_t bytes) { return calloc(bytes, 1); }
    static void prefdd_table_free(void* p, size_t bytes) { free(p); }
    #endif
    """
    bint PREFDD_HAVE_PEXT
    uint32_t prefdd_pext(uint32_t a, uint32_t m) nogil
    bint prefdd_fast_pext() nogil
    void* prefdd_table_alloc(size_t bytes) nogil
    void prefdd_table_free(void* p, size_t bytes) nogil
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil

cdef enum:
    MAXMOVES = 10
    BUCKET = 4
    PBUCKET = 8        # slots per bucket of the contracts' table (partition search)

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
