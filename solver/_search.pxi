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
                return (winner_seat(s, w) == s.focus) >= target
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
            wseat = winner_seat(s, widx)
            if Mode is PartMode:
                crel = trick_rel(s, widx)
            gain = wseat == s.focus
            saved_leader = s.leader
            saved_talon = s.talon_pos
            t0 = s.trick[0]
            t1 = s.trick[1]
            t2 = s.trick[2]
            close_trick(s, wseat)
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
