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


cdef inline int winner_seat(Search* s, int widx) noexcept nogil:
    """The seat that played the card at index `widx` of the trick (`winner_index`): seats
    play a talon trick in order from seat 0, any other from the leader; -1 for -1 (the talon
    card holds the trick)."""
    if widx < 0:
        return -1
    if s.talon_pos < s.talon_n:
        return widx
    return MOD3[s.leader + widx]


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


cdef inline void close_trick(Search* s, int wseat) noexcept nogil:
    """End the complete trick that `wseat` took: the next talon trick (the 1st hand plays
    first), else `wseat` leads the next one."""
    if s.talon_pos < s.talon_n:
        s.talon_pos += 1
        s.leader = 0
    else:
        s.leader = wseat
    s.ntrick = 0


cdef int play_card(Search* s, int c, int* saved) noexcept nogil:
    """Play c for the mover at the root level; returns the focus player's gain (0/1).

    `saved` receives what `unplay_card` needs (5 ints).
    """
    cdef int mover = MOD3[s.leader + s.ntrick], wseat
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
    wseat = winner_seat(s, winner_index(s, 3))
    saved[4] = 1
    close_trick(s, wseat)
    return wseat == s.focus


cdef void unplay_card(Search* s, int c, int* saved, int* trick_copy) noexcept nogil:
    s.hands[saved[0]] |= (<uint32_t>1) << c
    s.leader = saved[1]
    s.talon_pos = saved[2]
    s.ntrick = saved[3]
    s.trick[0] = trick_copy[0]
    s.trick[1] = trick_copy[1]
    s.trick[2] = trick_copy[2]
