# The engine's door: every argument that crosses into the compiled search is converted and
# checked here, once, whatever object carries it (a `Position`, an object that only looks like
# one, numpy integers, a `Jobs` array built in C). The search itself trusts its input: a hand
# of eleven cards, a seat 7 or two hands sharing a card would overrun its fixed arrays or give
# an answer to another question. A bad argument raises `EngineArgumentError` (a ValueError)
# naming it; nothing is checked again inside the search.

import operator as _operator

from cpython.long cimport PyLong_AsLongLongAndOverflow

from solver.errors import EngineArgumentError

_CONTEXT_GAMES = {"contract": 0, "misere": 1, "raspasy": 2}
_RULES = {"none": RULE_NONE, "suit": RULE_SUIT, "card": RULE_CARD}
cdef enum:
    # The most tricks a deal has (ten cards a hand): the search's tables are sized by it.
    MAX_TRICKS = 10

cdef enum:
    # What `job_fault` found wrong with a position in engine form (0: nothing).
    FAULT_NONE = 0
    FAULT_LEADER
    FAULT_FOCUS
    FAULT_TRUMP
    FAULT_GAME
    FAULT_TRICK_SIZE
    FAULT_TALON_SIZE
    FAULT_CARD
    FAULT_OVERLAP
    FAULT_TRICK_HELD
    FAULT_TALON_HELD
    FAULT_COUNTS
    FAULT_TOO_MANY
    FAULT_TALON_GAME
    FAULT_TALON_LEADER
    FAULT_TALON_TRICKS
    FAULT_ILLEGAL
    FAULT_TARGET


cdef int job_fault(Job* j) noexcept nogil:
    """What is wrong with the position `j`, as the rules of play (`solver/position.py`) see
    it: a FAULT_* code, 0 when it is a valid position. Cheap enough to run on every job of a
    `Jobs` array (tens of instructions)."""
    cdef int i, n, seat, lead, k
    cdef int counts[3]
    cdef uint32_t held, seen = 0, bit
    if not 0 <= j.leader <= 2:
        return FAULT_LEADER
    if not 0 <= j.focus <= 2:
        return FAULT_FOCUS
    if not -1 <= j.trump <= 3:
        return FAULT_TRUMP
    if not 0 <= j.ctx <= 2 or not 0 <= j.rule <= 2 or (j.trump >= 0 and j.ctx != 0) \
            or j.maxmask != ((1 << j.focus) if j.ctx == 0 else 7 & ~(1 << j.focus)):
        return FAULT_GAME
    if not 0 <= j.ntrick <= 2:
        return FAULT_TRICK_SIZE
    if not 0 <= j.talon_n <= 2:
        return FAULT_TALON_SIZE
    for i in range(j.ntrick):
        if not 0 <= j.trick[i] <= 31:
            return FAULT_CARD
    for i in range(j.talon_n):
        if not 0 <= j.talon[i] <= 31:
            return FAULT_CARD
    if (j.hands[0] & j.hands[1]) or (j.hands[0] & j.hands[2]) or (j.hands[1] & j.hands[2]):
        return FAULT_OVERLAP
    held = j.hands[0] | j.hands[1] | j.hands[2]
    for i in range(j.ntrick):
        bit = (<uint32_t>1) << j.trick[i]
        if (held | seen) & bit:
            return FAULT_TRICK_HELD
        seen |= bit
    for i in range(j.talon_n):
        bit = (<uint32_t>1) << j.talon[i]
        if (held | seen) & bit:
            return FAULT_TALON_HELD
        seen |= bit
    n = 0
    for i in range(3):
        counts[i] = __builtin_popcount(j.hands[i])
        if counts[i] > n:
            n = counts[i]
    for i in range(3):
        k = n - 1 if MOD3[i - j.leader + 3] < j.ntrick else n
        if counts[i] != k:
            return FAULT_COUNTS
    if j.ntrick and n == 0:
        return FAULT_COUNTS
    if n > MAX_TRICKS:
        return FAULT_TOO_MANY
    if j.talon_n:
        if j.ctx != 2 or j.rule == RULE_NONE:
            return FAULT_TALON_GAME
        if j.leader != 0:
            return FAULT_TALON_LEADER
        if j.talon_n > n:
            return FAULT_TALON_TRICKS
    # Each card of the trick was a legal play from its hand (and so shows the voids it shows).
    lead = (j.talon[0] if j.talon_n else j.trick[0]) >> 3
    for i in range(j.ntrick):
        if i == 0 and not j.talon_n:
            continue
        seat = MOD3[j.leader + i]
        if not legal_from(j.hands[seat] | ((<uint32_t>1) << j.trick[i]), lead,
                          j.trump, j.trick[i]):
            return FAULT_ILLEGAL
    if not -1 <= j.target <= MAX_TRICKS:
        return FAULT_TARGET
    return FAULT_NONE


cdef str fault_text(Job* j, int fault):
    """The message for `job_fault`'s answer on `j` (without the argument's name)."""
    cdef int i
    counts = [__builtin_popcount(j.hands[i]) for i in range(3)]
    n = max(counts)
    if fault == FAULT_ILLEGAL:
        for i in range(j.ntrick):
            if (i > 0 or j.talon_n) and not legal_from(
                    j.hands[MOD3[j.leader + i]] | ((<uint32_t>1) << j.trick[i]),
                    (j.talon[0] if j.talon_n else j.trick[0]) >> 3, j.trump, j.trick[i]):
                return (f"card {j.trick[i]} played by seat {MOD3[j.leader + i]} is not a legal "
                        f"play from its hand (it holds a card of the suit it did not follow)")
    texts = {
        FAULT_LEADER: f"leader {j.leader} is not a seat 0..2",
        FAULT_FOCUS: f"focus {j.focus} is not a seat 0..2",
        FAULT_TRUMP: f"trump {j.trump} is not a suit 0..3",
        FAULT_GAME: "trumps exist only in a contract",
        FAULT_TRICK_SIZE: f"at most 2 cards can be in the current trick, got {j.ntrick}",
        FAULT_TALON_SIZE: f"at most 2 talon tricks, got {j.talon_n}",
        FAULT_CARD: "a card of the trick or the talon is not a card number 0..31",
        FAULT_OVERLAP: "two hands hold the same card",
        FAULT_TRICK_HELD: "a card of the current trick is still in a hand, or played twice",
        FAULT_TALON_HELD: "a talon card is also in a hand or in the current trick",
        FAULT_COUNTS: (f"card counts {counts[0]}/{counts[1]}/{counts[2]} do not fit a trick "
                       f"led by seat {j.leader} with {j.ntrick} card(s) played"),
        FAULT_TOO_MANY: f"a hand holds at most {MAX_TRICKS} cards, got {n}",
        FAULT_TALON_GAME: "talon tricks exist only in raspasy with talon rule 'suit' or 'card'",
        FAULT_TALON_LEADER: "the 1st hand (seat 0) plays first in a talon trick",
        FAULT_TALON_TRICKS: f"{j.talon_n} talon tricks but only {n} tricks left",
        FAULT_TARGET: f"target {j.target} is out of range 0..{MAX_TRICKS}",
    }
    return texts.get(fault, f"not a valid position (fault {fault})")


cdef int check_job(Job* j, str name) except -1:
    """Raise `EngineArgumentError` naming `name` unless `j` is a valid position."""
    cdef int fault = job_fault(j)
    if fault:
        raise EngineArgumentError(f"{name}: {fault_text(j, fault)}")
    return 0


cdef object whole(value, str name, long long lo, long long hi, str what):
    """`value` as a Python int in lo..hi: an int or a numpy integer, not a bool nor a float
    (3.7 tricks is refused, not truncated)."""
    if type(value) is not int:
        if isinstance(value, bool):
            raise EngineArgumentError(f"{name}: {value!r} is not {what}")
        try:
            value = _operator.index(value)
        except TypeError:
            raise EngineArgumentError(f"{name}: {value!r} is not {what}") from None
    if not lo <= value <= hi:
        raise EngineArgumentError(f"{name}: {value!r} is out of range {lo}..{hi}")
    return value


cdef inline object as_seat(value, str name):
    return whole(value, name, 0, 2, "a seat 0..2")


cdef inline object as_mask(value, str name):
    return whole(value, name, 0, 0xFFFFFFFF, "a 32-bit card mask")


cdef inline object as_card(value, str name):
    return whole(value, name, 0, 31, "a card number 0..31")


cdef object as_target(value, str name):
    """A number of tricks to reach, 0..10."""
    return whole(value, name, 0, MAX_TRICKS, "a whole number of tricks")


cdef tuple as_cards(value, str name, int most):
    """A sequence of at most `most` card numbers."""
    try:
        cards = tuple(value)
    except TypeError:
        raise EngineArgumentError(f"{name}: {value!r} is not a sequence of cards") from None
    if len(cards) > most:
        raise EngineArgumentError(f"{name}: at most {most} cards, got {len(cards)}")
    return tuple([as_card(c, f"{name}[{i}]") for i, c in enumerate(cards)])


cdef inline long long fast_whole(v, long long lo, long long hi) noexcept:
    """`v` when it is an int in lo..hi, else lo - 1: the common case without a call or a
    message built (the caller then takes the slow path, which says what is wrong)."""
    cdef int overflow = 0
    cdef long long x
    if type(v) is not int:
        return lo - 1
    x = PyLong_AsLongLongAndOverflow(v, &overflow)
    if overflow or not lo <= x <= hi:
        return lo - 1
    return x


cdef tuple fast_cards(value, str name, int most):
    if type(value) is tuple and len(value) <= most:
        for c in value:
            if fast_whole(c, 0, 31) < 0:
                break
        else:
            return value
    return as_cards(value, name, most)


cdef int fill_job(Job* j, pos, str name="pos", bint check=True) except -1:
    """`j` := the engine form of the position `pos` (a `Position`, or any object with its
    attributes), each field converted and checked; with `check` also the position as a
    whole (`job_fault`): counts, disjoint hands, legal trick cards. Without it (a template
    whose hands are replaced before the search) only each field on its own."""
    cdef int i
    cdef long long x
    memset(j, 0, sizeof(Job))
    try:
        hands, played, leader, talon = pos.hands, pos.played, pos.leader, pos.talon
        trump, focus, game, rule = pos.trump, pos.focus, pos.game, pos.talon_rule
    except AttributeError:
        missing = [a for a in ("hands", "played", "leader", "talon", "trump", "focus", "game",
                               "talon_rule") if not hasattr(pos, a)]
        raise EngineArgumentError(f"{name}: {type(pos).__name__} object has no "
                                  f"{missing[0]!r}; not a position") from None
    if type(hands) is not tuple:
        try:
            hands = tuple(hands)
        except TypeError:
            raise EngineArgumentError(
                f"{name}.hands: {hands!r} is not three card masks") from None
    if len(hands) != 3:
        raise EngineArgumentError(f"{name}.hands: a position has 3 hands, got {len(hands)}")
    for i in range(3):
        x = fast_whole(hands[i], 0, 0xFFFFFFFF)
        j.hands[i] = x if x >= 0 else as_mask(hands[i], f"{name}.hands[{i}]")
    played = fast_cards(played, f"{name}.played", 2)
    j.ntrick = len(played)
    for i in range(j.ntrick):
        j.trick[i] = played[i]
    x = fast_whole(leader, 0, 2)
    j.leader = x if x >= 0 else as_seat(leader, f"{name}.leader")
    talon = fast_cards(talon, f"{name}.talon", 2)
    j.talon_n = len(talon)
    for i in range(j.talon_n):
        j.talon[i] = talon[i]
    if trump is None:
        j.trump = -1
    else:
        x = fast_whole(trump, 0, 3)
        j.trump = x if x >= 0 else whole(trump, f"{name}.trump", 0, 3, "a suit 0..3")
    x = fast_whole(focus, 0, 2)
    j.focus = x if x >= 0 else as_seat(focus, f"{name}.focus")
    if not isinstance(game, str) or game not in _CONTEXT_GAMES:
        raise EngineArgumentError(f"{name}.game: unknown game {game!r} "
                                  f"(expected one of: {', '.join(_CONTEXT_GAMES)})")
    if not isinstance(rule, str) or rule not in _RULES:
        raise EngineArgumentError(f"{name}.talon_rule: unknown talon rule {rule!r} "
                                  f"(expected one of: {', '.join(_RULES)})")
    j.ctx = _CONTEXT_GAMES[game]
    j.maxmask = (1 << j.focus) if j.ctx == 0 else 7 & ~(1 << j.focus)
    j.rule = _RULES[rule]
    j.target = -1
    if check:
        check_job(j, name)
    return 0


cdef object as_array(value, str name, dtype, int ndim, int width=0):
    """`value` as a C-contiguous numpy array of `dtype` (integers only: no float is cast)."""
    import numpy as np
    a = np.asarray(value)
    if a.size == 0 and a.ndim == ndim and a.dtype.kind not in "iub":
        a = a.astype(dtype)
    if a.dtype.kind not in "iu" or a.ndim != ndim or (width and a.shape[1] != width):
        shape = "(n,)" if ndim == 1 else f"(n, {width})"
        raise EngineArgumentError(f"{name}: expected an integer array of shape {shape}, "
                                  f"got {a.dtype} of shape {a.shape}")
    if a.dtype != dtype:
        info = np.iinfo(dtype)
        if a.size and (a.min() < info.min or a.max() > info.max):
            raise EngineArgumentError(f"{name}: values out of range {info.min}..{info.max}")
        a = a.astype(dtype)
    return np.ascontiguousarray(a)


cdef object out_array(value, str name, dtype, int ndim, Py_ssize_t rows, int width=0):
    """`value` checked as an array the engine writes into: exactly `dtype`, C-contiguous, at
    least `rows` rows (of `width` columns)."""
    import numpy as np
    if not isinstance(value, np.ndarray) or value.dtype != dtype or value.ndim != ndim \
            or not value.flags.c_contiguous or not value.flags.writeable \
            or value.shape[0] < rows or (width and value.shape[1] != width):
        shape = f"({rows},)" if ndim == 1 else f"({rows}, {width})"
        raise EngineArgumentError(f"{name}: expected a writable C-contiguous {np.dtype(dtype)} "
                                  f"array of shape {shape}")
    return value


cdef int share_seat(Job* j, seat, str name) except -1:
    """`seat` checked as a defender of the contract `j` (a sure share is asked of one), its
    number returned; else `EngineArgumentError` naming `name`."""
    cdef int x = as_seat(seat, name)
    if j.ctx != 0:
        raise EngineArgumentError(f"{name}: a sure share is a contract defender's; this "
                                  f"position is {('contract', 'misere', 'raspasy')[j.ctx]}")
    if x == j.focus:
        raise EngineArgumentError(f"{name}: seat {x} is the declarer, not a defender")
    return x


cdef int share_limit(Job* j, limit, str name) except -2:
    """`limit` (None: -1, the declarer's double-dummy count) checked as a number of the tricks
    left at `j` (the current one included)."""
    cdef int n = max(__builtin_popcount(j.hands[0]), __builtin_popcount(j.hands[1]),
                     __builtin_popcount(j.hands[2]))
    if limit is None:
        return -1
    return whole(limit, name, 0, n, f"a whole number of tricks 0..{n}")
