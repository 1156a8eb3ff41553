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
minimum, one vector from each child. Exact shortcuts:

- a world in which he escapes with open cards is 0 under every defence: it is dropped from the
  set (the catchers' strategies, and so the other worlds' values, are unchanged);
- one world left: its double-dummy value (one engine bound search);
- a trick he takes catches every world of the set (they share the cards played);
- a catcher card whose worlds caught with open cards are all inside a vector already found
  cannot add anything; a vector catching every world of the set ends the node;
- equivalent cards are tried once (for the declarer, a card whose worlds are covered by an
  equivalent card's: revealing less never helps the catchers).

Values are memoised on (position, world set). `tests/test_misere_catch.py` checks the answer
against a brute force without any of these shortcuts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..cards import Card
from ..deal import Deal
from ..errors import PositionError
from ..games import Game
from ..hand import Hand
from ..jsonout import cards_to_json
from ..solving import SEATS, make_position
from .layouts import discard_classes

__all__ = ["MisereCatch", "misere_catch", "CatchSearch"]

MISERE_GAME = Game.parse("misere")


@dataclass(frozen=True)
class MisereCatch:
    """The misère as the catchers see it: the declarer's discard unknown to them.

    `by_discard`: {distinct discard: his double-dummy tricks with it} (open cards: the
    catchers knowing the discard); `merged`: {discard: the discards merged into it (they differ
    only by equivalent cards)}; `open_caught`: the discards with which open-card play catches
    him. `guaranteed`: one defence catches him whatever he discarded. `caught`: the discards
    the best single defence catches (the most of them); `pareto`: every Pareto-optimal set of
    discards some defence catches. `line`: a principal line of play under that defence, with
    discard `line_discard` (one it catches; when it catches none, the open-card line of a
    discard, `line_kind` "open"); `defence`: the catcher cards of that line chosen while the
    discard was still unknown (after that, play is open-card play). `divergence`: for each
    discard caught with open cards but not by the defence, where the defence lets him off:
    the cards played before, the defence's card and the cards that catch him there with open
    cards. `nodes`: search nodes (a measure of the work).
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

    @property
    def discards(self) -> list[tuple[Card, Card]]:
        return list(self.by_discard)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, as `prefdd misere-catch --json` prints it."""
        key = _pair_text
        return {
            "deal": str(self.deal),
            "declarer": self.declarer,
            "leader": self.leader,
            "played": cards_to_json(self.played),
            "hand": str(self.hand),
            "by_discard": [
                {"discard": cards_to_json(d), "merged": [cards_to_json(m) for m in self.merged[d]],
                 "tricks": t, "open_caught": t >= 1, "caught": d in self.caught}
                for d, t in self.by_discard.items()],
            "guaranteed": self.guaranteed,
            "caught": [cards_to_json(d) for d in self.caught],
            "open_caught": [cards_to_json(d) for d in self.open_caught],
            "pareto": [[cards_to_json(d) for d in s] for s in self.pareto],
            "line": cards_to_json(self.line),
            "line_discard": cards_to_json(self.line_discard) if self.line_discard else None,
            "line_kind": self.line_kind,
            "defence": cards_to_json(self.defence),
            "divergence": {key(d): {"before": cards_to_json(v["before"]),
                                    "defence": str(v["defence"]),
                                    "open": cards_to_json(v["open"])}
                           for d, v in self.divergence.items()},
            "nodes": self.nodes,
        }


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

    def __init__(self, focus: int, discards: list[int], engine: Any = None) -> None:
        import solver

        self.solver = solver
        self.engine = engine or solver.Solver()
        self.focus = focus
        self.discards = discards
        self.memo: dict[tuple, list[int]] = {}
        self.dd_memo: dict[tuple, bool] = {}
        self.nodes = 0

    # positions ---------------------------------------------------------------------------
    def position(self, hands: tuple[int, int, int], leader: int, played: tuple[int, ...],
                 world: int) -> Any:
        h = list(hands)
        h[self.focus] &= ~self.discards[world]
        return self.solver.Position(hands=tuple(h), leader=leader, played=played,
                                    game="misere", focus=self.focus)

    def dd_caught(self, hands, leader, played, world) -> bool:
        key = (hands, leader, played, world)
        value = self.dd_memo.get(key)
        if value is None:
            value = self.dd_memo[key] = bool(
                self.engine.at_least(self.position(hands, leader, played, world), 1))
        return value

    def dd_set(self, hands, leader, played, worlds: int) -> int:
        out = 0
        for w in _bits(worlds):
            if self.dd_caught(hands, leader, played, w):
                out |= 1 << w
        return out

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
        where: dict[int, int] = {}
        for w in _bits(worlds):
            for c in _bits(_legal(pool & ~self.discards[w], lead)):
                where[c] = where.get(c, 0) | 1 << w
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
        kept.sort(key=lambda item: -bin(item[1]).count("1"))
        return kept

    # values -----------------------------------------------------------------------------
    def children(self, hands, leader, played, worlds):
        """The node's moves: [(card, child state, worlds, took)]; catcher or declarer node."""
        mover = (leader + len(played)) % 3
        if mover == self.focus:
            moves = self.declarer_cards(hands, leader, played, worlds)
        else:
            moves = [(c, worlds) for c in self.catcher_cards(hands, leader, played)]
        out = []
        for card, wc in moves:
            h, l, p, took = self.advance(hands, leader, played, card)
            out.append((card, (h, l, p), wc, took))
        return mover == self.focus, out

    def frontier(self, hands, leader, played, worlds: int) -> tuple[int, list[int]]:
        """(the worlds caught with open cards, the Pareto set of caught-world masks)."""
        return self._frontier(hands, leader, played, worlds, ())[:2]

    #: Pass vectors already achieved higher up into the search (α-cuts). Cut results are
    #: not memoised, and measured on the misère bench hands that costs more than it saves.
    use_alpha = False

    def _frontier(self, hands, leader, played, worlds: int, alpha: tuple[int, ...]):
        """(live worlds, vectors, exact). With `alpha` (vectors some defence achieves higher
        up, here on these worlds), vectors dominated by one of them may be left out (then
        `exact` is False and nothing is memoised): every achievable vector is dominated by
        one returned or by one of `alpha`."""
        worlds = self.dd_set(hands, leader, played, worlds)
        if not worlds:
            return 0, [0], True
        if worlds & (worlds - 1) == 0:
            return worlds, [worlds], True
        key = (hands, leader, played, worlds)
        found = self.memo.get(key)
        if found is not None:
            return worlds, found, True
        alpha = tuple(a & worlds for a in alpha) if self.use_alpha else ()
        if any(a == worlds for a in alpha):
            return worlds, [], False  # nothing here can beat what is already found
        self.nodes += 1
        exact = True
        declarer, moves = self.children(hands, leader, played, worlds)
        if declarer:
            acc = [worlds]
            for card, child, wc, took in moves:
                if took:
                    continue  # he takes the trick in every world playing it: 1 there
                outside = worlds & ~wc
                if len(acc) == 1:
                    # v matters only if acc[0] & (v | outside) escapes every alpha vector
                    a = acc[0]
                    sub_alpha = tuple((x | ~a) & wc for x in alpha if a & outside & ~x == 0)
                else:
                    sub_alpha = ()
                _, sub, sub_exact = self._frontier(*child, wc, sub_alpha)
                exact &= sub_exact
                acc = _pareto([a & (v | outside) for a in acc for v in sub])
                if not acc:
                    acc = [0]
                if acc == [0]:
                    break
                if alpha and all(any(a | x == x for x in alpha) for a in acc):
                    exact = False  # everything left is dominated higher up
                    break
        else:
            acc = []
            ranked = []
            for card, child, wc, took in moves:
                upper = worlds if took else self.dd_set(*child, worlds)
                ranked.append((-bin(upper).count("1"), card, child, took, upper))
            ranked.sort(key=lambda item: item[:2])
            for _, card, child, took, upper in ranked:
                if any(upper | a == a for a in acc):
                    continue  # nothing this card can catch is beyond a vector already found
                if any(upper | a == a for a in alpha):
                    exact = False
                    continue
                if took:
                    sub = [worlds]
                else:
                    _, sub, sub_exact = self._frontier(*child, worlds, alpha + tuple(acc))
                    exact &= sub_exact
                acc = _pareto(acc + sub)
                if acc and acc[0] == worlds:
                    exact = True  # the best possible: complete whatever was cut
                    acc = [worlds]
                    break
            if not acc:
                acc = [0]
                exact = False if alpha else exact
        if exact:
            self.memo[key] = acc
        return worlds, acc, exact

    # the defence -------------------------------------------------------------------------
    def choose(self, hands, leader, played, worlds: int, target: int):
        """How the defence aiming at `target` (a subset of an achievable vector) plays here.

        Returns (worlds caught with open cards, the achieved vector ⊇ target, decision): at a
        catcher node the decision is the card; at a declarer node {card: child target}; None
        when one world is left or none (open-card play from here).
        """
        live, front = self.frontier(hands, leader, played, worlds)
        achieved = next(v for v in front if v | target == v)
        if not live or live & (live - 1) == 0:
            return live, achieved, None
        declarer, moves = self.children(hands, leader, played, live)
        if declarer:
            return live, achieved, {card: achieved & wc for card, _, wc, _ in moves}
        for card, child, wc, took in moves:
            if took:
                return live, achieved, card
            sub = self.frontier(*child, live)[1]
            if any(v | achieved == v for v in sub):
                return live, achieved, card
        raise AssertionError("no card achieves a vector of the frontier")  # pragma: no cover

    def achieved_at(self, hands, leader, played, worlds: int, target: int) -> int:
        """The vector the defence aiming at `target` achieves here (the first of the frontier
        containing it)."""
        front = self.frontier(hands, leader, played, worlds)[1]
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


def _pareto(vectors: list[int]) -> list[int]:
    """The non-dominated masks (a ⊆ b: b dominates a), largest first."""
    out: list[int] = []
    for v in sorted(set(vectors), key=lambda m: (-bin(m).count("1"), m)):
        if not any(v | u == u for u in out):
            out.append(v)
    return out


# --- the analysis ----------------------------------------------------------------------------

def misere_catch(deal: Deal | str, declarer: int, *, leader: int = 1,
                 played: Iterable[Card | str] = ()) -> MisereCatch:
    """Can the catchers, not seeing his discard, catch the misère whatever he discarded?

    deal:     the three hands and the talon ("h1 h2 h3 T1 T2"; an ending likewise, n cards a
              hand): the declarer's cards are his hand and the talon, n + 2, before the
              discard. A deal with `discard:` instead of a talon gives the discard as the two
              extra cards (his hand as played plus the discard). Hands as at the start of the
              current trick.
    declarer: his seat 1..3. leader: the seat leading the current trick (1st hand by default).
    played:   cards already played to the current trick, in order from the leader.
    """
    deal = Deal.parse(deal)
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
    if isinstance(played, str):
        played = played.replace(",", " ").split()
    cards = [Card.parse(c) for c in (played or ())]
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

    search = CatchSearch(focus, [(1 << a) | (1 << b) for a, b in worlds])
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
    live, front = search.frontier(*state, all_worlds)
    best = front[0]
    names = [_pair(rep) for rep in worlds]

    def listed(mask: int) -> list[tuple[Card, Card]]:
        return [names[i] for i in range(len(worlds)) if mask >> i & 1]

    if best:
        world = (best & -best).bit_length() - 1
        kind = "defence"
    else:
        world = (open_mask & -open_mask).bit_length() - 1 if open_mask else 0
        kind = "open"
    if kind == "defence":
        line, blind, _ = search.follow(*state, all_worlds, best, world)
    else:
        line, blind = list(search.engine.line(search.position(*state, world))), []
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
        pareto=[listed(v) for v in front], line=[Card.from_index(c) for c in line],
        line_discard=names[world], line_kind=kind,
        defence=[Card.from_index(c) for c in blind], divergence=divergence, nodes=search.nodes)


def _pair(pair: tuple[int, int]) -> tuple[Card, Card]:
    return Card.from_index(pair[0]), Card.from_index(pair[1])
