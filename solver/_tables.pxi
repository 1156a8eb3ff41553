# x % 3 for 0 <= x < 8, by table: seats are counted round the table in every hot loop.
cdef int MOD3[8]

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
