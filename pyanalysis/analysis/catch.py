"""Catching a misère when the discard is unknown (RULES.md §2.2).

After the first lead the cards are open, except the declarer's two discarded cards: the
catchers see each other's hands and the declarer's twelve cards (his ten and the talon) but not
which two of them he put away. Solving one discard with open cards assumes they know it.

`misere_catch` answers the real question exactly. Each distinct discard is a *world*; within a
world all cards are known to everybody except that the catchers do not know which world it is.
The declarer knows everything and answers each world with his best play; the catchers choose
one card for all worlds still consistent with what they have seen (a card the declarer plays
rules out every world in which he does not hold it). A defence (one catcher card for each
sequence of cards seen) catches him in a world when, whatever he does there, he takes a trick.

The search is over sets of worlds (vector minimax, Cazenave's α-μ without a depth limit): the
value of a node for a set of worlds is the set of Pareto-optimal "caught" vectors (bitmasks
over the worlds) that some defence achieves. At a catcher node the children's sets are united
(one card for every world); at a declarer node each world chooses its own card, so the worlds
split by the card played and the vectors of the children are combined world by world with a
minimum, one vector from each child.

Only the best defences are asked for, so the search is told a `need`: it returns the
Pareto-optimal vectors of at least `need` worlds, no others. The root asks for every world
caught with open cards, then one fewer, and so on: the first search that finds a vector finds
every best one (`pareto="all"` asks with need 0 for the whole Pareto set instead). Exact
shortcuts:

- a world in which he escapes with open cards is 0 under every defence: it is dropped from the
  set (the catchers' strategies, and so the other worlds' values, are unchanged); below a
  declarer node every world is caught with open cards still, so no engine call is made there;
- fewer worlds left than `need`: nothing; at a declarer node a child is asked for `need` minus
  the most worlds a vector keeps outside the child's worlds, and partial products smaller than
  `need` are dropped (each child's minimum only removes worlds);
- one world left: its double-dummy value (one engine bound search);
- a trick he takes catches every world of the set (they share the cards played);
- catcher cards are tried in order of the worlds they catch with open cards (an upper bound
  for any defence); a card whose upper bound lies inside a vector already found cannot add
  anything, and a vector catching every world of the set ends the node;
- α: vectors found higher up are passed down (from a catcher node to its other cards, through
  a declarer node while one partial product is left); a vector inside one of them is of no
  use, and a node all of whose worlds lie inside one returns at once;
- equivalent cards are tried once (for the declarer, a card whose worlds are covered by an
  equivalent card's: revealing less never helps the catchers).

Results are memoised with the need and the α they were searched with: a stored result answers
a later question with a need no lower and an α in which each stored α vector lies inside
one (its vectors are filtered by the new need and α), and the vectors it holds start a later search of the
same catcher node as vectors already found. At a trick's start the key renames every card by
its rank among the cards still in play of its suit (the discards too, the worlds listed in
the order of their renamed discards): positions reached by different earlier tricks share
their results.

What each part buys, in search nodes on the bench's five hardest hands
(data/bench/misere_hands.jsonl): asking only for the best vectors (the need) takes the
hardest from 1.7 million nodes to 296,000, and α, relative-rank keys and seeds together to
45,000; with the rest on, switching off α costs 15-95 % more nodes, the relative-rank keys
30-125 %, the seeds 0-30 %. The engine's bound searches are
cheap there (a couple of microseconds each), so nodes, and the Python work in each, are
the cost.
`tests/test_misere_catch.py` checks the answers against a brute force without any of these
shortcuts.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..cards import Card
from ..deal import Deal
from ..errors import PositionError
from ..games import Game
from ..hand import Hand, card_list
from ..serialize import JsonFields, to_jsonable
from ..solving import SEATS, make_position
from . import zerosum
from .layouts import discard_classes

__all__ = ["MisereCatch", "misere_catch", "CatchSearch"]

MISERE_GAME = Game.parse("misere")


@dataclass(frozen=True)
class MisereCatch(JsonFields):
    """The misère as the catchers see it: the declarer's discard unknown to them.

    `by_discard`: {distinct discard: his double-dummy tricks with it} (open cards: the
    catchers knowing the discard); `merged`: {discard: the discards merged into it (they differ
    only by equivalent cards)}; `open_caught`: the discards with which open-card play catches
    him. `guaranteed`: one defence catches him whatever he discarded. `caught`: the discards
    the best single defence catches (the most of them); `pareto`: the sets of discards the
    best defences catch, every one as large as `caught` (with `misere_catch(...,
    pareto="all")` every Pareto-optimal set of discards some defence catches, smaller ones
    too). `line`: a principal line of play under that defence, with discard `line_discard`
    (one it catches; when it catches none, the open-card line of a discard, `line_kind`
    "open"); `defence`: the catcher cards of that line chosen while the discard was still
    unknown (after that, play is open-card play). `divergence`: for each discard caught with
    open cards but not by the defence, where the defence lets him off: the cards played
    before, the defence's card and the cards that catch him there with open cards. `nodes`: search nodes; `engine_calls`: the engine's bound searches of the search
    and its count for each discard (both measures of the work).
    """

    deal: Deal
    declarer: int
    leader: int
    played: tuple[Card, ...]
    hand: Hand
    by_discard: dict[tuple[Card, Card], int]
    merged: dict[tuple[Card, Card], list[tuple[Card, Card]]]
    guaranteed: bool
    caught: list[tuple[Card, Card]]
    open_caught: list[tuple[Card, Card]]
    pareto: list[list[tuple[Card, Card]]]
    line: list[Card]
    line_discard: tuple[Card, Card] | None
    line_kind: str
    defence: list[Card]
    divergence: dict[tuple[Card, Card], dict[str, Any]] = field(default_factory=dict)
    nodes: int = 0
    engine_calls: int = 0
    game_value: Fraction = Fraction(0)
    mix: tuple[Fraction, ...] = ()
    escapes: list[tuple[Card, Card]] = field(default_factory=list)
    declarer_mix: dict[tuple[Card, Card], Fraction] = field(default_factory=dict)
    matrix: list[list[int]] = field(default_factory=list)

    @property
    def discards(self) -> list[tuple[Card, Card]]:
        return list(self.by_discard)

    # JSON-ready, as `prefdd misere-catch --json` prints it.
    JSON = ("deal", "declarer", "leader", "played", "hand",
            ("by_discard", lambda m: [
                {"discard": to_jsonable(d), "merged": to_jsonable(m.merged[d]), "tricks": t,
                 "open_caught": t >= 1, "caught": d in m.caught}
                for d, t in m.by_discard.items()]),
            "guaranteed", "caught", "open_caught", "pareto", "line", "line_discard",
            "line_kind", "defence",
            ("divergence", lambda m: {_pair_text(d): {"before": to_jsonable(v["before"]),
                                                      "defence": str(v["defence"]),
                                                      "open": to_jsonable(v["open"])}
                                      for d, v in m.divergence.items()}),
            "nodes", "engine_calls", "game_value", "mix", "escapes",
            ("declarer_mix", lambda m: [{"discard": to_jsonable(d), "weight": to_jsonable(w)}
                                        for d, w in m.declarer_mix.items()]),
            "matrix")


def _pair_text(pair: tuple[Card, Card]) -> str:
    return f"{pair[0]} {pair[1]}"


# --- the search ------------------------------------------------------------------------------

def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _legal(hand: int, lead: int | None) -> int:
    if lead is None:
        return hand
    follow = hand & (0xFF << (8 * lead))
    return follow or hand


def _between(a: int, b: int, present: int) -> bool:
    """Whether a card of `present` lies strictly between cards a < b of one suit."""
    return bool(present & ((1 << b) - (1 << (a + 1))))


class CatchSearch:
    """The world-set search for one misère: `focus` (0-based) holds `pool` (his known cards,
    n + 2 minus those played) and in world i has discarded `discards[i]` (a mask)."""

    def __init__(self, focus: int, discards: list[int], engine: Any = None,
                 progress: Callable[[int], None] | None = None) -> None:
        import solver

        self.solver = solver
        self.engine = engine or solver.Solver()
        self.focus = focus
        self.discards = discards
        # memo[key]: [(need, alpha, vectors)], see `_frontier`; dd_memo: see `dd_set`.
        self.memo: dict[tuple, list[tuple[int, tuple[int, ...], list[int]]]] = {}
        self.dd_memo: dict[tuple, list[int]] = {}
        # holds[c]: the worlds in which he has not discarded card c.
        every = (1 << len(discards)) - 1
        self.holds = [every & ~sum(1 << w for w, d in enumerate(discards) if d >> c & 1)
                      for c in range(32)]
        self.moves_memo: dict[tuple, list] = {}
        self.discard_cards = [tuple(_bits(d)) for d in discards]
        self.keys: dict[tuple, tuple[tuple, list[int]]] = {}
        self.nodes = 0
        self.engine_calls = 0
        #: Called with 0 before each engine call: a hook that raises stops the search there.
        self.progress = progress
        #: How often each shortcut ended a node: "need" (too few worlds left), "alpha"
        #: (inside a vector found higher up), "memo" (a stored result).
        self.cuts: Counter[str] = Counter()
        # Every field of a checked misère position but the hands, the leader and the trick.
        self._fields = dict(solver.Position(hands=(0, 0, 0), game="misere", focus=focus).__dict__)

    # positions ---------------------------------------------------------------------------
    def position(self, hands: tuple[int, int, int], leader: int, played: tuple[int, ...],
                 world: int) -> Any:
        h = list(hands)
        h[self.focus] &= ~self.discards[world]
        return self.solver.Position(hands=tuple(h), leader=leader, played=played,
                                    game="misere", focus=self.focus)

    def dd_caught(self, hands, leader, played, world) -> bool:
        return bool(self.dd_set(hands, leader, played, 1 << world))

    def dd_set(self, hands, leader, played, worlds: int, need: int = 0) -> int:
        """The worlds of `worlds` in which he is caught with open cards (one bound search per
        world, remembered per position: [worlds asked, worlds caught]). With `need`: -1 as
        soon as fewer than `need` can be caught (the remaining worlds are not asked)."""
        key = (hands, leader, played)
        known = self.dd_memo.get(key)
        if known is None:
            known = self.dd_memo[key] = [0, 0]
        missing = worlds & ~known[0]
        if missing:
            # Worlds he may still escape in before fewer than `need` are caught.
            spare = worlds.bit_count() - need - (worlds & known[0] & ~known[1]).bit_count()
            if spare < 0:
                return -1
            # One engine call for all the worlds asked: they differ in his hand only, and
            # the engine stops once more than `spare` of them escape (when `need` counts).
            # The template skips the constructor's checks: the search makes its positions by
            # legal play from a checked one, and the engine checks each world's hand.
            template = object.__new__(self.solver.Position)
            template.__dict__.update(self._fields, leader=leader, played=played, hands=hands)
            pool, discards = hands[self.focus], self.discards
            ws = list(_bits(missing))
            if self.progress is not None:
                self.progress(0)
            answers = self.engine.at_least_hands(
                template, self.focus, [pool & ~discards[w] for w in ws], 1,
                spare if need else -1)
            n = len(answers)
            # The worlds are asked in order, so those asked are the first n.
            asked = missing if n == len(ws) else missing & ((2 << ws[n - 1]) - 1)
            caught = sum(1 << w for w, yes in zip(ws, answers) if yes)
            if need:
                spare -= n - sum(answers)
            self.engine_calls += n
            known[0] |= asked
            known[1] |= caught
            if spare < 0:
                return -1
        found = known[1] & worlds
        return found if found.bit_count() >= need else -1

    def advance(self, hands, leader, played, card):
        """(hands, leader, played, focus_took) after the mover plays `card`."""
        mover = (leader + len(played)) % 3
        h = list(hands)
        h[mover] &= ~(1 << card)
        played = played + (card,)
        if len(played) < 3:
            return tuple(h), leader, played, False
        lead = played[0] >> 3
        best = 0
        for i in (1, 2):
            if played[i] >> 3 == lead and played[i] > played[best]:
                best = i
        taker = (leader + best) % 3
        return tuple(h), taker, (), taker == self.focus

    # moves ------------------------------------------------------------------------------
    def catcher_cards(self, hands, leader, played) -> list[int]:
        mover = (leader + len(played)) % 3
        lead = played[0] >> 3 if played else None
        legal = _legal(hands[mover], lead)
        present = hands[0] | hands[1] | hands[2]
        for c in played:
            present |= 1 << c
        others = present & ~hands[mover]
        cards: list[int] = []
        for c in _bits(legal):
            if cards and cards[-1] >> 3 == c >> 3 and not _between(cards[-1], c, others):
                continue  # equivalent to the card kept: no other card between them
            cards.append(c)
        return cards

    def declarer_cards(self, hands, leader, played, worlds: int) -> list[tuple[int, int]]:
        """[(card, worlds in which it is legal)], equivalent cards covered by another dropped."""
        lead = played[0] >> 3 if played else None
        pool = hands[self.focus]
        holds = self.holds
        where: dict[int, int] = {}
        if lead is None:
            for c in _bits(pool):
                where[c] = holds[c] & worlds
        else:
            suit = 0xFF << (8 * lead)
            follow = 0  # the worlds in which he holds a card of the suit led
            for c in _bits(pool & suit):
                follow |= holds[c]
            follow &= worlds
            for c in _bits(pool):
                where[c] = holds[c] & (follow if suit >> c & 1 else worlds & ~follow)
        where = {c: wc for c, wc in where.items() if wc}
        present = 0
        for s in range(3):
            if s != self.focus:
                present |= hands[s]
        for c in played:
            present |= 1 << c
        cards = sorted(where)
        kept = []
        for c in cards:
            wc = where[c]
            covered = any(
                d != c and d >> 3 == c >> 3 and where[d] | wc == where[d]
                and (where[d] != wc or d > c)
                and not _between(min(c, d), max(c, d), present)
                for d in cards)
            if not covered:
                kept.append((c, wc))
        kept.sort(key=lambda item: -item[1].bit_count())
        return kept

    # values -----------------------------------------------------------------------------
    def children(self, hands, leader, played, worlds):
        """The node's moves: [(card, child state, worlds, took)]; catcher or declarer node."""
        mover = (leader + len(played)) % 3
        declarer = mover == self.focus
        key = (hands, leader, played, worlds) if declarer else (hands, leader, played)
        found = self.moves_memo.get(key)
        if found is not None:
            if declarer:
                return True, found
            return False, [(card, child, worlds, took) for card, child, took in found]
        out = []
        if declarer:
            for card, wc in self.declarer_cards(hands, leader, played, worlds):
                h, l, p, took = self.advance(hands, leader, played, card)
                out.append((card, (h, l, p), wc, took))
            self.moves_memo[key] = out
            return True, out
        for card in self.catcher_cards(hands, leader, played):
            h, l, p, took = self.advance(hands, leader, played, card)
            out.append((card, (h, l, p), took))
        self.moves_memo[key] = out
        return False, [(card, child, worlds, took) for card, child, took in out]

    #: Pass vectors already achieved higher up into the search (α-cuts).
    use_alpha = True

    def frontier(self, hands, leader, played, worlds: int, need: int = 0
                 ) -> tuple[int, list[int]]:
        """(the worlds caught with open cards, the Pareto-optimal caught-world masks of at
        least `need` worlds, largest first). `need` 0: the whole Pareto set."""
        return self._frontier(hands, leader, played, worlds, need)

    def best_front(self, hands, leader, played, worlds: int) -> tuple[int, list[int]]:
        """(the worlds caught with open cards, every Pareto-optimal caught-world mask of the
        largest size): the searches for `need` = every open-card world, one fewer, ... until
        one finds a vector (each is cheap, cut by its `need`)."""
        live = self.dd_set(hands, leader, played, worlds)
        for need in range(live.bit_count(), 0, -1):
            front = self._frontier(hands, leader, played, live, need)[1]
            if front:
                return live, front
        return live, [0]

    def _frontier(self, hands, leader, played, worlds: int, need: int,
                  alpha: tuple[int, ...] = (), known: bool = False):
        """(live worlds, vectors): every Pareto-optimal vector of at least `need` worlds that
        no vector of `alpha` (vectors a defence achieves higher up) contains. `known`: every
        world of `worlds` is caught here with open cards."""
        if not known:
            worlds = self.dd_set(hands, leader, played, worlds)
        size = worlds.bit_count()
        if size < need:
            self.cuts["need"] += 1
            return worlds, []
        if alpha:
            alpha = tuple(_pareto([a & worlds for a in alpha]))
            if alpha[0] == worlds:
                self.cuts["alpha"] += 1
                return worlds, []  # whatever is caught here is caught higher up already
        if size <= 1:
            return worlds, [worlds]
        key, order = self.key(hands, leader, played, worlds)
        entries = self.memo.get(key)
        if entries is not None:
            c_alpha = [_to_order(a, order) for a in alpha] if order else alpha
            for e_need, e_alpha, e_front in entries:
                # Valid here when asked for less: a lower need, alpha vectors contained in ours.
                if e_need <= need and all(any(x | y == y for y in c_alpha) for x in e_alpha):
                    front = [v for v in e_front if v.bit_count() >= need
                             and not any(v | y == y for y in c_alpha)]
                    self.cuts["memo"] += 1
                    return worlds, [_from_order(v, order) for v in front] if order else front
        seeds = []
        if entries and self.use_seeds:
            # Vectors found here before (for another need or alpha) are achieved here: at a
            # catcher node they start the search as vectors already found.
            for e_front in (e[2] for e in entries):
                seeds += [_from_order(v, order) for v in e_front] if order else e_front
        self.nodes += 1
        declarer, moves = self.children(hands, leader, played, worlds)
        if declarer:
            acc = [worlds]
            for card, child, wc, took in moves:
                if took:
                    continue  # he takes the trick in every world playing it: 1 there
                outside = worlds & ~wc
                # A vector a here keeps at most |a outside wc| worlds besides the child's.
                sub_need = max(0, need - max((a & outside).bit_count() for a in acc))
                if len(acc) == 1 and alpha and self.use_alpha:
                    # v is of no use when a & (v | outside) lies inside an alpha vector x,
                    # that is when a & outside ⊆ x and v ⊆ x | ~a.
                    a = acc[0]
                    sub_alpha = tuple((x | ~a) & wc for x in alpha if a & outside & ~x == 0)
                else:
                    sub_alpha = ()
                # Caught with open cards here, so after any card he may play (known=True).
                _, sub = self._frontier(*child, wc, sub_need, sub_alpha, True)
                acc = _pareto([a & (v | outside) for a in acc for v in sub], need, alpha)
                if not acc:
                    break
        else:
            acc = _pareto(seeds)
            ranked = []
            if not acc or acc[0] != worlds:
                for card, child, wc, took in moves:
                    # -1: fewer than `need` worlds caught after this card, even with open cards
                    upper = worlds if took else self.dd_set(*child, worlds, need)
                    if upper >= 0:
                        ranked.append((-upper.bit_count(), card, child, took, upper))
                ranked.sort(key=lambda item: item[:2])
            for negsize, card, child, took, upper in ranked:
                if any(upper | a == a for a in acc):
                    continue  # nothing this card can catch is beyond a vector already found
                if any(upper | a == a for a in alpha):
                    self.cuts["alpha"] += 1
                    continue  # ... or beyond one found higher up
                if took:
                    sub = [worlds]
                else:
                    sub_alpha = alpha + tuple(acc) if self.use_alpha else ()
                    sub = self._frontier(*child, upper, need, sub_alpha, True)[1]
                acc = _pareto(acc + sub)
                if acc and acc[0] == worlds:
                    break  # every world of the set: nothing can do better
            acc = _pareto(acc, need, alpha)
        entries = self.memo.setdefault(key, [])
        if len(entries) >= 4:
            del entries[0]
        if order:
            entries.append((need, tuple(_to_order(a, order) for a in alpha),
                            [_to_order(v, order) for v in acc]))
        else:
            entries.append((need, alpha, acc))
        return worlds, acc

    #: Merge positions at a trick's start that differ only by cards equal in play.
    use_transpositions = True
    #: Start a catcher node with the vectors found there by earlier searches.
    use_seeds = True

    def key(self, hands, leader, played, worlds: int) -> tuple[tuple, list[int] | None]:
        """The memo key of a node and the order of its worlds in the key (None: their own).

        At a trick's start every card still in play is renamed by its rank among the cards of
        its suit still in play (the engine's relative ranks), the hands and each world's discard
        alike: positions reached by different tricks, or with cards that have become equal,
        share a key. The worlds are then listed by their renamed discards, and vectors stored
        under the key are masks over that list."""
        if played or not self.use_transpositions:
            return (hands, leader, played, worlds), None
        found = self.keys.get((hands, leader, worlds))
        if found is not None:
            return found
        present = hands[0] | hands[1] | hands[2]
        lows = [_LOW[present >> 8 * s & 0xFF] for s in range(4)]
        squeeze = _squeeze
        renamed = tuple(squeeze(h, present) for h in hands)
        named = []
        for w in _bits(worlds):
            a, b = self.discard_cards[w]
            named.append(((a & 24) | lows[a >> 3][a & 7], (b & 24) | lows[b >> 3][b & 7], w))
        named.sort()
        found = (renamed, leader, tuple(n[:2] for n in named)), [n[2] for n in named]
        self.keys[hands, leader, worlds] = found
        return found

    # the defence -------------------------------------------------------------------------
    def choose(self, hands, leader, played, worlds: int, target: int):
        """How the defence aiming at `target` (a subset of an achievable vector) plays here.

        Returns (worlds caught with open cards, the achieved vector ⊇ target, decision): at a
        catcher node the decision is the card; at a declarer node {card: child target}; None
        when one world is left or none (open-card play from here).
        """
        live, front = self.frontier(hands, leader, played, worlds, target.bit_count())
        achieved = next(v for v in front if v | target == v)
        if not live or live & (live - 1) == 0:
            return live, achieved, None
        declarer, moves = self.children(hands, leader, played, live)
        if declarer:
            return live, achieved, {card: achieved & wc for card, _, wc, _ in moves}
        for card, child, wc, took in moves:
            if took:
                return live, achieved, card
            sub = self.frontier(*child, live, achieved.bit_count())[1]
            if any(v | achieved == v for v in sub):
                return live, achieved, card
        raise AssertionError("no card achieves a vector of the frontier")  # pragma: no cover

    def achieved_at(self, hands, leader, played, worlds: int, target: int) -> int:
        """The vector the defence aiming at `target` achieves here (the first of the frontier
        containing it)."""
        front = self.frontier(hands, leader, played, worlds, target.bit_count())[1]
        return next(v for v in front if v | target == v)

    def follow(self, hands, leader, played, worlds: int, target: int, world: int):
        """Play in `world` under the defence aiming at `target`, the declarer answering best.

        Returns (cards played, the catcher cards chosen blind, divergence or None): the line
        runs to the end of the deal (open-card play once the world is known or decided).
        Divergence (for a world the defence does not catch): (cards before, the defence's
        card, the cards that would catch him there with open cards).
        """
        line: list[int] = []
        blind: list[int] = []
        divergence = None
        bit = 1 << world
        h, l, p = hands, leader, played
        while True:
            live, achieved, decision = self.choose(h, l, p, worlds, target)
            pos = self.position(h, l, p, world)
            if decision is None or not live & bit or pos.is_terminal:
                line += self.engine.line(pos)
                break
            mover = (l + len(p)) % 3
            if mover == self.focus:
                values = self.engine.moves(pos)
                options = [c for c in decision if c in values]
                if achieved & bit:
                    card = min(options, key=lambda c: (values[c], c))
                else:  # a card after which the defence does not catch this world
                    card = next(c for c in sorted(options, key=lambda c: (values[c], c))
                                if not self._keeps(h, l, p, c, decision[c], world, live))
                target = decision[card]
            else:
                card = decision
                blind.append(card)
                if divergence is None and not achieved & bit:
                    nh, nl, np_, took = self.advance(h, l, p, card)
                    if not took and not self.dd_caught(nh, nl, np_, world):
                        values = self.engine.moves(pos)
                        divergence = (list(line), card,
                                      sorted(c for c, v in values.items() if v >= 1))
                target = achieved
            line.append(card)
            worlds = self._worlds_after(h, l, p, card, live)
            h, l, p, took = self.advance(h, l, p, card)
            if took:
                line += self.engine.line(self.position(h, l, p, world))
                break
        return line, blind, divergence

    def _worlds_after(self, hands, leader, played, card, live) -> int:
        mover = (leader + len(played)) % 3
        if mover != self.focus:
            return live
        lead = played[0] >> 3 if played else None
        out = 0
        for w in _bits(live):
            if _legal(hands[self.focus] & ~self.discards[w], lead) >> card & 1:
                out |= 1 << w
        return out

    def _keeps(self, hands, leader, played, card, child_target, world, live) -> bool:
        """Whether the defence (aiming at `child_target` after `card`) still catches `world`."""
        wc = self._worlds_after(hands, leader, played, card, live)
        h, l, p, took = self.advance(hands, leader, played, card)
        if took:
            return True
        return bool(self.achieved_at(h, l, p, wc, child_target) >> world & 1)


# _LOW[present][r]: how many cards of `present` (a suit's 8 bits) lie below rank r.
_LOW = [[bin(p & ((1 << r) - 1)).count("1") for r in range(8)] for p in range(256)]
_SQUEEZED: dict[tuple[int, int], int] = {}


def _squeeze(mask: int, present: int) -> int:
    """`mask` (a subset of `present`) with each card renamed by its rank among the cards of
    `present` of its suit."""
    key = (mask, present)
    out = _SQUEEZED.get(key)
    if out is None:
        out = 0
        for s in range(4):
            low = _LOW[present >> 8 * s & 0xFF]
            for r in _bits(mask >> 8 * s & 0xFF):
                out |= 1 << (8 * s + low[r])
        if len(_SQUEEZED) > 1 << 20:
            _SQUEEZED.clear()
        _SQUEEZED[key] = out
    return out


def _to_order(mask: int, order: list[int]) -> int:
    """A mask over worlds as a mask over positions in `order` (a list of worlds)."""
    out = 0
    for i, w in enumerate(order):
        if mask >> w & 1:
            out |= 1 << i
    return out


def _from_order(mask: int, order: list[int]) -> int:
    out = 0
    for i in _bits(mask):
        out |= 1 << order[i]
    return out


def _pareto(vectors: list[int], need: int = 0, alpha: tuple[int, ...] = ()) -> list[int]:
    """The non-dominated masks (a ⊆ b: b dominates a) of `need` worlds or more, largest
    first, leaving out those inside a mask of `alpha`."""
    if len(vectors) == 1:
        v = vectors[0]
        if v.bit_count() < need or any(v | u == u for u in alpha):
            return []
        return [v]
    out: list[int] = []
    for v in sorted(set(vectors), key=lambda m: (-m.bit_count(), m)):
        if v.bit_count() < need:
            break
        if not any(v | u == u for u in out) and not any(v | u == u for u in alpha):
            out.append(v)
    return out


# --- the analysis ----------------------------------------------------------------------------

def misere_catch(deal: Deal | str, declarer: int, *, leader: int = 1,
                 played: Iterable[Card | str] = (), pareto: str = "best",
                 progress: Callable[[int], None] | None = None) -> MisereCatch:
    """Can the catchers, not seeing his discard, catch the misère whatever he discarded?

    deal:     the three hands and the talon ("h1 h2 h3 T1 T2"; an ending likewise, n cards a
              hand): the declarer's cards are his hand and the talon, n + 2, before the
              discard. A deal with `discard:` instead of a talon gives the discard as the two
              extra cards (his hand as played plus the discard). Hands as at the start of the
              current trick.
    declarer: his seat 1..3. leader: the seat leading the current trick (1st hand by default).
    played:   cards already played to the current trick, in order from the leader.
    pareto:   "best": `pareto` lists the best defences' sets (every Pareto-optimal set as
              large as `caught`); "all": every Pareto-optimal set, smaller ones too (a much
              longer search when there are many).
    progress: called with 0 before each engine call of the search (the catch counts no
              layouts); a hook that raises (a `KeyboardInterrupt`) stops it there.
    """
    deal = Deal.parse(deal)
    if pareto not in ("best", "all"):
        raise ValueError(f"pareto {pareto!r} is not 'best' or 'all'")
    if isinstance(declarer, bool) or declarer not in SEATS:
        raise PositionError(f"declarer seat {declarer!r} is not 1, 2 or 3")
    if isinstance(leader, bool) or leader not in SEATS:
        raise PositionError(f"leader seat {leader!r} is not 1, 2 or 3")
    if deal.discard is not None:
        extra = deal.discard
        if len(extra) != 2:
            raise PositionError(f"the discard has {len(extra)} card(s): a misère discard is two")
    elif len(deal.talon) == 2:
        extra = Hand.from_cards(deal.talon)
    else:
        raise PositionError(
            "misère-catch needs the declarer's two extra cards: give the two-card talon after "
            "the three hands (his twelve = his hand + the talon)")
    focus = declarer - 1
    twelve = deal.hand(declarer).mask | extra.mask
    cards = card_list(played, "played")
    # Check the catchers' cards and the trick against one world: the declarer's hand of n.
    probe_hands = tuple(Hand(twelve) if s == declarer else deal.hand(s) for s in SEATS)
    catcher_seats = [s for s in range(3) if s != focus]
    if len(cards) > 2:
        raise PositionError(f"{len(cards)} cards played to the current trick; at most 2")
    if len(set(cards)) != len(cards):
        raise PositionError("a card is played twice to the current trick")
    hands = [h.mask for h in probe_hands]
    lead = cards[0].suit if cards else None
    for i, card in enumerate(cards):
        seat = (leader - 1 + i) % 3
        if not hands[seat] & card.bit:
            raise PositionError(
                f"played card {card}: card {i + 1} of the trick is hand {seat + 1}'s, "
                f"but it is not in that hand")
        if seat != focus and i > 0 and not _legal(hands[seat], lead) & card.bit:
            raise PositionError(f"illegal play {card}: hand {seat + 1} must follow suit")
        hands[seat] &= ~card.bit
    played_idx = tuple(c.index for c in cards)
    others = hands[catcher_seats[0]] | hands[catcher_seats[1]]
    for c in played_idx:
        others |= (1 << c) if not (twelve >> c & 1) else 0
    classes = discard_classes(hands[focus], others)
    # Worlds: discards consistent with the declarer's card in the trick (legal in that world).
    worlds: list[tuple[int, int]] = []
    merged: dict[tuple[Card, Card], list[tuple[Card, Card]]] = {}
    for pairs in classes:
        rep = pairs[0]
        mask = (1 << rep[0]) | (1 << rep[1])
        ok = True
        for i, c in enumerate(played_idx):
            if (leader - 1 + i) % 3 == focus and i > 0:
                before = (hands[focus] & ~mask) | (1 << c)
                ok = bool(_legal(before, lead) >> c & 1)
        if ok:
            worlds.append(rep)
            merged[_pair(rep)] = [_pair(p) for p in pairs[1:]]
    if not worlds:
        raise PositionError("the declarer's card in the trick is illegal whatever he discarded")
    # Validate the position itself once (counts, seats) through the usual checks.
    first = worlds[0]
    kept = Hand(twelve & ~(1 << first[0]) & ~(1 << first[1]))
    try:
        probe = Deal(tuple(kept if s == declarer else deal.hand(s) for s in SEATS))
    except ValueError as error:
        raise PositionError(f"not a misère position: {error}") from None
    make_position(probe, MISERE_GAME, declarer=declarer, leader=leader, played=cards)

    search = CatchSearch(focus, [(1 << a) | (1 << b) for a, b in worlds], progress=progress)
    state = (tuple(hands), leader - 1, played_idx)
    all_worlds = (1 << len(worlds)) - 1
    by_discard: dict[tuple[Card, Card], int] = {}
    open_mask = 0
    for i, rep in enumerate(worlds):
        pos = search.position(*state, i)
        tricks = int(search.engine.tricks(pos))
        by_discard[_pair(rep)] = tricks
        if tricks >= 1:
            open_mask |= 1 << i
    if pareto == "all":
        live, front = search.frontier(*state, all_worlds)
    else:
        live, front = search.best_front(*state, all_worlds)
    best = front[0]
    names = [_pair(rep) for rep in worlds]

    def listed(mask: int) -> list[tuple[Card, Card]]:
        return [names[i] for i in range(len(worlds)) if mask >> i & 1]

    # The game: unless a discard escapes even with open cards (value 0) or one defence catches
    # every discard (value 1), a defence catching fewer than the best may enter the catchers'
    # optimal mix, so the matrix needs the whole Pareto set.
    full = front
    if pareto != "all" and open_mask == all_worlds and best != all_worlds:
        full = search.frontier(*state, all_worlds)[1]
    solved = zerosum.solve([[v >> i & 1 for i in range(len(worlds))] for v in full])
    weight = dict(zip(full, solved.rows))
    listed_vectors = list(front) + [v for v in full if weight[v] and v not in front]
    declarer_mix = {names[i]: w for i, w in enumerate(solved.columns) if w}

    # The line: a discard he would choose. Against the best single defence, an escape he
    # uses in his optimal mix (the one with most weight; then the first); caught everywhere,
    # a discard the defence catches; escaping everywhere, his open-card line.
    escapes = all_worlds & ~best
    if best and escapes:
        world = max(_bits(escapes), key=lambda i: (solved.columns[i], -i))
        kind = "escape"
    elif best:
        world = (best & -best).bit_length() - 1
        kind = "defence"
    else:
        world = max(range(len(worlds)), key=lambda i: (solved.columns[i], -i))
        kind = "open"
    if kind == "open":
        line, blind = list(search.engine.line(search.position(*state, world))), []
    else:
        line, blind, _ = search.follow(*state, all_worlds, best, world)
    divergence = {}
    for i in range(len(worlds)):
        if open_mask >> i & 1 and not best >> i & 1:
            _, _, div = search.follow(*state, all_worlds, best, i)
            if div is not None:
                divergence[names[i]] = {"before": [Card.from_index(c) for c in div[0]],
                                        "defence": Card.from_index(div[1]),
                                        "open": [Card.from_index(c) for c in div[2]]}
    return MisereCatch(
        deal=deal, declarer=declarer, leader=leader, played=tuple(cards), hand=Hand(twelve),
        by_discard=by_discard, merged=merged, guaranteed=best == all_worlds,
        caught=listed(best), open_caught=listed(open_mask),
        pareto=[listed(v) for v in listed_vectors], line=[Card.from_index(c) for c in line],
        line_discard=names[world], line_kind=kind,
        defence=[Card.from_index(c) for c in blind], divergence=divergence, nodes=search.nodes,
        engine_calls=search.engine_calls + len(worlds),
        game_value=solved.value, mix=tuple(weight.get(v, Fraction(0)) for v in listed_vectors),
        escapes=listed(escapes), declarer_mix=declarer_mix,
        matrix=[[v >> i & 1 for i in range(len(worlds))] for v in listed_vectors])


def _pair(pair: tuple[int, int]) -> tuple[Card, Card]:
    return Card.from_index(pair[0]), Card.from_index(pair[1])
