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
    wseat = winner_seat(s, i)
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
            wseat = winner_seat(s, i)
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
