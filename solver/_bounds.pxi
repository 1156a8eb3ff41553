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
