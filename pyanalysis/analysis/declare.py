"""What should he have declared: every game the declarer may name after taking the talon, each
with its best discard, priced in vists over the layouts of the cards he cannot see.

The declarer holds twelve cards (his ten and the talon). For every game from six spades to ten
no-trump and misère (`games.bids`) and every distinct discard of two of his cards, his
double-dummy tricks are counted in each layout of the other twenty cards between the two
defenders, all of them on the same layouts, in compiled code (`solver.run_jobs`): one count per
layout, discard and strain (a trick count does not depend on the level). Each layout is then
priced (RULES.md §4.3, `pricing`) with the defenders' words decided with open cards, as
`whist_table` decides them: backward induction over the whisting the rules allow, each
defender saying what is best for himself (`whist.induce`). When both whist, the outcome is
priced at one split of the defence's tricks, the same for every player, from the two
defenders' mosts (`pricing`, the rule `whist_table` states).

His best discard for a game has the highest mean value in vists; ties go to the discard with
more tricks on average (misère: fewer), then to the one made (misère: clean) more often, then
to the discard of the lowest cards (`layouts.low_cards_first`: the higher of the two cards
lower, then the other; with equal ranks the one with fewer trumps): a declarer never throws
his aces for nothing. The best declaration
has the highest mean value; ties go to the lower game in the bidding order. Every other game's
difference to it is paired: taken layout by layout on the same layouts, with the standard error
of that difference.

Only some discards need the defenders' mosts: for each game and number of tricks the
value is bounded above over every pair of shares, and a discard whose upper bound (summed
over the layouts) is below the value of a first choice (the best at its lower bound, priced
first) cannot be best. For the others, only the layouts where the value depends on the shares
ask about them, and only what the value needs: whether the first defender's share reaches the
point where the game's value table changes (one test of the share's search,
`run_jobs(share_least=...)`), then the second's where the value still depends on it. The
tests go to the engine layout by layout, every discard of a layout together, so that its
tables serve one discard from another. A contract's trick counts are solved for every distinct
discard (discards that differ only by cards equal in play, `layouts.discard_classes`, are
one). Misère's value only falls with each trick he takes, so there bound searches against a
first choice give lower bounds on his tricks, and a discard is counted in full only when its
value at those bounds could still be the best (`_best_misere`).

An ending (hands of n < 10 cards, `others` given) is scored as the last n tricks of a whole
deal in which the declarer took every earlier trick in a contract and none in misère (`earlier`
in the result): his whole-deal tricks are his ending tricks plus 10 - n in a contract.

Play is double-dummy in each layout: the defenders play as if they saw his hand, and so does
he theirs.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from typing import Any, Callable, Iterable, Mapping

from .. import checks
from ..cards import Card
from ..errors import CardCountError, DuplicateCardError, PositionError
from ..games import CONTRACT, DEAL_TRICKS, MISERE, Game, bids
from ..hand import Hand
from ..rules import RuleSet
from ..seat import Seat
from ..serialize import JsonFields, exact, floats_json
from .layouts import (MAX_SAMPLES, as_hand, check_samples_cap, check_seed, discard_classes,
                      low_cards_first, prepare)
from .pricing import (best_split, is_played, mosts_of_hands, needs_split, outcome, price_said,
                      shares_of)
from .sampling import DEFAULT_SAMPLES, binomial_interval, standard_error, talon_cards
from .settle import Rows, check_fixed, run_rounds
from .whist import induce, leaves as tree_leaves, whisting_tree

__all__ = ["DeclareOption", "Declaration", "declare_options", "planned_positions"]

#: The strains counted, trumps ♠ ♣ ♦ ♥ then no-trump (None), as the engine numbers them.
STRAINS = (0, 1, 2, 3, None)
#: Layouts on which every misère discard is counted, to choose the one the others are
#: compared with (`_best_misere`).
SCREEN = 32
#: The ways the defenders' words are decided (see the module doc).
WHIST_RULES = ("open", "seat")
#: What stands in for the players' eyes, by the way the defenders' words are decided.
DOUBLE_DUMMY = {
    "open": "play is double-dummy in each layout; the defenders' words are decided with open"
            " cards",
    "seat": "play is double-dummy in each layout; each defender's word is decided from his"
            " own seat (his hand and the talon), over layouts of what he cannot see"}
#: The layouts counted by default when the defenders decide from their seats (each layout
#: asks each of them for his words over `SEAT_SAMPLES` layouts of his own: about 3 s a
#: layout of a whole deal on two cores).
SEAT_LAYOUTS = 100
#: The layouts each defender weighs for a word from his seat, by default.
SEAT_SAMPLES = 50


@dataclass(frozen=True)
class DeclareOption(JsonFields):
    """One game with his best discard for it, over the layouts counted.

    `discard`: the two cards he lays away (`merged`: the discards equal to it in play);
    `probability`: the share of layouts in which he makes the game (misère: stays clean),
    `probability_se` its standard error when sampled; `distribution`: {his whole-deal tricks:
    share}; `tricks`: their mean; `vists`: his mean value in vists, `vists_se` its standard
    error; `diff`, `diff_se`: the mean paired difference to the best declaration and its
    standard error (0 and None for the best itself; every standard error is None when every
    layout was counted); `probability_interval`: the 95% interval of `probability`
    (`sampling.binomial_interval`; None when every layout was counted); `seat_weighed`:
    with the defenders deciding from their seats, what this game's decisions weighed
    ({"decisions", "fewest", "short"}, as `Declaration.seat_weighed`; None otherwise and
    for misère, whose words are not decided from a seat)."""

    game: Game
    discard: tuple[Card, Card]
    merged: list[tuple[Card, Card]]
    probability: Fraction
    probability_se: float | None
    distribution: dict[int, Fraction]
    tricks: Fraction
    vists: Fraction
    vists_se: float | None
    diff: Fraction
    diff_se: float | None
    probability_interval: tuple[float, float] | None = None
    seat_weighed: dict[str, int] | None = None

    JSON = ("game", "discard", "merged", ("probability", lambda o: exact(o.probability)),
            ("probability_float", lambda o: float(o.probability)), "probability_se",
            ("distribution", lambda o: floats_json(dict(sorted(o.distribution.items())), None)),
            ("tricks", lambda o: exact(o.tricks)), ("tricks_float", lambda o: float(o.tricks)),
            ("vists", lambda o: exact(o.vists)), ("vists_float", lambda o: float(o.vists)),
            "vists_se", ("diff", lambda o: exact(o.diff)),
            ("diff_float", lambda o: float(o.diff)), "diff_se", "probability_interval",
            "seat_weighed")


@dataclass(frozen=True)
class Declaration(JsonFields):
    """Every game the declarer may name, with its best discard (see `declare_options`).

    `hand`: his cards before the discard (hand and talon); `others`: the cards the defenders
    hold between them; `options`: one `DeclareOption` per game, in the bidding's order;
    `best`: the best of them; `layouts`: how many layouts were counted (of `total`; `exact`
    when every one was); `discards`: the distinct discards tried; `earlier`: in an ending,
    the tricks he is taken to have won before it in a contract (0 for a whole deal);
    `whist`: how the defenders' words were decided ("open" or "seat"), `seat_samples` the
    layouts each defender was to weigh from his seat (None with open cards), `seat_weighed`
    what the decisions weighed ({"decisions", "fewest", "short"}: how many were made, the
    fewest layouts one weighed, how many weighed fewer than asked; None with open cards);
    `seed` the draw's seed (None when nothing was drawn); `samples` the layouts drawn (None
    when every one was counted), `cap` the most that would have been drawn and `stopped` why
    the draw stopped (`settle.STOPS`: "settled", "practical", "cap" or "fixed").
    """

    hand: Hand
    others: Hand
    declarer: int
    leader: int
    rules: RuleSet
    players: int
    whist: str
    layouts: int
    total: int
    exact: bool
    samples: int | None
    seed: int | None
    discards: int
    earlier: int
    options: list[DeclareOption]
    best: DeclareOption
    seat_samples: int | str | None = None
    seat_weighed: dict[str, int] | None = None
    stopped: str = "fixed"
    cap: int | None = None

    def option(self, game: Game | str) -> DeclareOption:
        """The entry of `game` (a `Game` or its name)."""
        wanted = Game.parse(game)
        for entry in self.options:
            if entry.game == wanted:
                return entry
        raise PositionError(f"game {wanted} is not among the games he may declare")

    JSON = ("hand", "others", "declarer", "leader", "rules",
            ("rule_overrides", lambda d: d.rules.changed_from_preset()), "players", "whist",
            "seat_samples", "seat_weighed", "layouts", ("total_layouts", lambda d: d.total),
            "exact", "samples", "stopped", "cap", "seed", "discards", "earlier", ("best", lambda d: str(d.best.game)),
            "options", ("double_dummy", lambda d: DOUBLE_DUMMY[d.whist]))


@dataclass(frozen=True)
class _Question:
    hand: Hand       # his n + 2 cards
    others: Hand     # the defenders' 2n
    n: int
    declarer: int
    leader: int
    talon: tuple[Card, ...] | None  # the talon's two cards, when given apart from the hand


def _question(hand: Any, talon: Any, others: Any, declarer: Any, leader: Any) -> _Question:
    """The arguments checked: his cards before the discard and the defenders' cards."""
    cards = as_hand(hand, "hand")
    shown = None
    if talon is not None:
        shown = tuple(talon_cards(talon))
        extra = Hand.from_cards(shown)
        if extra.mask & cards.mask:
            raise DuplicateCardError("talon: a talon card is also in the hand")
        cards = Hand(cards.mask | extra.mask)
    elif others is None and len(cards) == DEAL_TRICKS:
        raise CardCountError("hand: ten cards; give the talon's two as well, or his twelve"
                             " cards (hand and talon)")
    q = prepare(cards, Game.contract(6, 0), declarer, others=others, leader=leader)
    if len(q.hand) != q.n + 2:
        raise CardCountError(f"hand: he declares holding {q.n + 2} cards (his {q.n} and the"
                             f" talon, before the discard), got {len(q.hand)}")
    return _Question(q.hand, q.others, q.n, q.declarer, q.leader, shown)


def _default_layouts(samples: int | str | None, whist: str) -> int | str:
    """The layouts asked for: `samples`, or the default for the way the words are decided."""
    if samples is not None:
        return samples
    return SEAT_LAYOUTS if whist == "seat" else DEFAULT_SAMPLES


def _layout_count(n: int, samples: Any, seed: Any, inner: bool = False) -> int:
    """How many layouts are counted (`samples` and `seed` checked; `inner`: the seed also
    draws something else, so it may be given with every layout counted)."""
    if samples == "all":
        # 0 is the default, unused when every layout is counted (and nothing else is drawn)
        if seed not in (None, 0) and not inner:
            raise PositionError("seed is for sampling: samples='all' counts every layout")
        return math.comb(2 * n, n)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise PositionError(f"samples {checks.shown(samples)}: a positive number of layouts,"
                            f" or 'all'")
    check_samples_cap(samples, MAX_SAMPLES)
    check_seed(seed)
    return samples


def _ranks(n: int, samples: Any, seed: Any, inner: bool = False) -> tuple[Any, bool]:
    """The colex ranks of the layouts to count (the lower-numbered defender's hand of the
    `others`), and whether they are every layout (`inner` as `_layout_count`)."""
    import numpy as np

    count = _layout_count(n, samples, seed, inner)
    if samples == "all":
        return np.arange(count, dtype=np.int64), True
    total = math.comb(2 * n, n)
    return np.random.default_rng(seed).integers(0, total, size=count, dtype=np.int64), False


def planned_positions(hand: Hand | str | Iterable[Card | str], declarer: int, *,
                      talon: Iterable[Card | str] | str | None = None,
                      others: Hand | str | None = None, leader: int = 1,
                      samples: int | str | None = None, whist: str = "open") -> int:
    """How many steps `declare_options` reports (a progress bar's total): layouts times
    distinct discards times six (five strains and misère) positions counted, and with
    `whist="seat"` one step more per layout whose defenders' words are decided. Checks the
    question as it will."""
    q = _question(hand, talon, others, declarer, leader)
    layouts = _layout_count(q.n, _default_layouts(samples, whist), None)
    steps = layouts * len(discard_classes(q.hand.mask, q.others.mask)) * (len(STRAINS) + 1)
    return steps + (layouts if whist == "seat" else 0)


@dataclass(frozen=True)
class _Prices:
    """The declarer's value in vists for one game, scaled to whole numbers (times `scale`):
    `value[w, t, a, b]` with w the way the defenders' words are decided in the layout
    (`words[layout]`: with open cards the one way, 0; from their seats the leaf reached), t
    his tricks in the ending and a, b the first and second defender's mosts of the
    ending (used when both whist); `low[w, t]` and `high[w, t]` its bounds over every a, b."""

    game: Game
    earlier: int
    value: Any
    low: Any
    high: Any
    words: Any

    def bounds(self, column: Any) -> tuple[Any, Any]:
        """The low and high value in each layout with his tricks `column`."""
        return self.low[self.words, column], self.high[self.words, column]


def _prices(games: list[Game], rules: RuleSet, players: int, declarer: int, n: int,
            layouts: int, leaves: Mapping[Game, list[tuple]] | None = None,
            tick: Callable[[int], None] | None = None) -> tuple[dict[Game, _Prices], int]:
    """Every game's value tables, and the common scale that makes them whole numbers.
    `leaves`: {game: the leaf of the whisting reached in each layout} when the defenders
    decide from their seats (a contract not in it, and misère, use the open-card rule)."""
    import numpy as np

    tables, words = {}, {}
    for game in games:
        reached = None if leaves is None or game not in leaves else leaves[game]
        ways: list[tuple | None] = [None] if reached is None else sorted(set(reached))
        tables[game] = [_value_table(game, rules, players, declarer, n, w) for w in ways]
        if tick is not None:
            tick(0)  # a moment to hear a cancel: the tables of a whole deal take a second
        words[game] = (np.zeros(layouts, dtype=np.int64) if reached is None else
                       np.array([ways.index(leaf) for leaf in reached], dtype=np.int64))
    scale = math.lcm(*{v.denominator for tabs in tables.values() for table in tabs
                       for v in table.values()})
    out = {}
    for game, tabs in tables.items():
        value = np.zeros((len(tabs), n + 1, n + 1, n + 1), dtype=np.int64)
        low = np.zeros((len(tabs), n + 1), dtype=np.int64)
        high = np.zeros((len(tabs), n + 1), dtype=np.int64)
        for w, table in enumerate(tabs):
            for t in range(n + 1):
                row = {(a, b): int(v * scale) for (u, a, b), v in table.items() if u == t}
                # Shares above n - t do not occur: those cells copy the nearest that does,
                # so they never make the value seem to depend on a share (misère has none).
                top = n - t if len(row) > 1 else 0
                for a, b in product(range(n + 1), repeat=2):
                    value[w, t, a, b] = row[min(a, top), min(b, top)]
                low[w, t], high[w, t] = min(row.values()), max(row.values())
        out[game] = _Prices(game, _earlier(game, n), value, low, high, words[game])
    return out, scale


def _earlier(game: Game, n: int) -> int:
    """The tricks he is taken to have won before an ending of n tricks (see the module doc)."""
    return DEAL_TRICKS - n if game.kind == CONTRACT else 0


@functools.lru_cache(maxsize=256)
def _value_table(game: Game, rules: RuleSet, players: int, declarer: int, n: int,
                 leaf: tuple | None = None) -> dict[tuple[int, int, int], Fraction]:
    """{(his tricks in the ending, the first defender's most, the second's): the
    declarer's value in vists}, the defenders' words decided by `whist.induce` (with open
    cards), or, given a `leaf` of the whisting, those words."""
    if game.kind == MISERE:
        return {(t, 0, 0): outcome(game, rules, declarer, {}, t, players=players)
                .values[declarer] for t in range(n + 1)}
    tree = whisting_tree(game, declarer, rules, players) if leaf is None else leaf
    earlier = _earlier(game, n)
    # The shares enter a price only through the splits of the leaves that price one (two
    # whisters, a checked tenner): mosts giving the same splits share one induction.
    splitting = {tuple(sorted(w.items())) for w in
                 ({seat: word for word, seat in said} for said in tree_leaves(tree))
                 if needs_split(game, w) and is_played(w, declarer)}
    table = {}
    for t in range(n + 1):
        done: dict[tuple[int, int], Fraction] = {}
        for a, b in product(range(n - t + 1), repeat=2):
            # The defenders' mosts of the ending are their mosts of the deal: every earlier
            # trick is the declarer's.
            shares = shares_of(declarer, earlier + t, (a, b))
            key = tuple(tuple(best_split(game, rules, players, dict(w), shares).values())
                        for w in sorted(splitting))
            if key not in done:
                def evaluate(said: tuple, t: int = t, shares: Any = shares) -> Any:
                    return price_said(said, game, declarer, rules, players, earlier + t,
                                      shares)

                done[key] = induce(tree, evaluate)[0].values[declarer]
            table[t, a, b] = done[key]
    return table


def declare_options(hand: Hand | str | Iterable[Card | str], declarer: int, *,
                    talon: Iterable[Card | str] | str | None = None,
                    rules: RuleSet | str = "sochi", players: int = 3, leader: int = 1,
                    samples: int | str | None = None, seed: int | None = 0,
                    whist: str = "open", seat_samples: int | str | None = None,
                    jobs: int | None = None, others: Hand | str | None = None,
                    progress: Callable[..., None] | None = None,
                    fixed: bool = False) -> Declaration:
    """What the declarer should declare: every game he may name, each with his best discard.

    hand:     his cards before the discard: his ten with `talon` (two cards, "AD QD"), or his
              twelve; in an ending his n + 2 cards, with `others`.
    others:   the 2n cards the defenders hold between them (default: the rest of the deck).
    rules, players: the rule set and the table (3, or 4 with a dealer who sits out).
    leader:   the seat leading to the first trick (default the 1st hand).
    samples:  layouts of the others' cards drawn at random (uniformly, with replacement;
              default 1000, with whist="seat" 100; at most `MAX_SAMPLES`), or "all": every
              one of the C(2n, n) layouts, exact (184,756 for a full deal: long; see
              docs/api.md). `seed`: the draw's seed (0..2**63 - 1, default 0; None draws
              unseeded).
    whist:    how the defenders' words are decided in each layout: "open", with open cards,
              each defender saying what is best for himself; "seat", each from his own seat
              (his hand and the open talon, which must then be given apart: `talon`), as
              `whist_decision` decides, over `seat_samples` layouts of what he cannot see
              (default 50; "all": every one) drawn from the seed `seed` (see
              `declare_seat`). The seat rule is slow: about 3 s a layout of a whole deal.
    jobs:     threads (default: one per core). `progress(k)`: told as k more steps are
              done (`planned_positions` says how many there are, the most there can be);
              a hook that takes a `provisional` keyword is also given the provisional answer
              after each round (`settle.provisional`); it is told `progress(0)` between
              stages that count no layout, so a hook that stops the run (by raising) is
              heard within a fraction of a second.
    fixed:    count exactly `samples` layouts. By default (False) the layouts are taken in
              rounds, a prefix of the same seeded sample at a time, and the count stops as
              soon as the best declaration is settled (`settle`: the result's `stopped` and
              `samples` say when); a run that does not stop early is the fixed run. With
              the defenders deciding from their seats, or every layout, the count is fixed.
    Every game and discard is counted on the same layouts (see the module doc).
    """
    import numpy as np

    q = _question(hand, talon, others, declarer, leader)
    ruleset = RuleSet.get(rules)
    if isinstance(players, bool) or players not in (3, 4):
        raise PositionError(f"players {checks.shown(players)}: three or four play")
    if whist not in WHIST_RULES:
        raise PositionError(f"whist {checks.shown(whist)}: the defenders' words are decided"
                            f" with open cards ('open') or from their seats ('seat')")
    if whist == "seat" and q.talon is None:
        raise PositionError("whist='seat': the defenders see the talon; give it apart"
                            " (talon=...)")
    if whist == "open" and seat_samples is not None:
        raise PositionError("seat_samples is for whist='seat' (the defenders' own layouts)")
    inner = whist == "seat" and seat_samples != "all"
    checks.whole("jobs", jobs, low=1, optional=True)
    checks.callback("progress", progress)
    fixed = check_fixed(fixed, samples) or whist == "seat"
    ranks, every = _ranks(q.n, _default_layouts(samples, whist), seed, inner)
    games = bids()
    classes = discard_classes(q.hand.mask, q.others.mask)
    kept = np.array([q.hand.mask & ~(1 << a) & ~(1 << b) for a, b in (c[0] for c in classes)],
                    dtype=np.uint32)
    all_hands = _layout_hands(q, ranks, int(kept[0]))
    memo = _Memo(jobs, progress)

    def evaluate(count: int) -> Declaration:
        hands = all_hands[:count]
        leaves = weighed = None
        per_game = None
        seat_count = seat_samples
        if whist == "seat":
            from .declare_seat import seat_words

            whole = hands.copy()
            whole[:, q.declarer - 1] = q.hand.mask
            assert q.talon is not None
            weighed = {}
            per_game = {}
            leaves = seat_words(q.talon, q.declarer, q.leader, whole,
                                [g for g in games if g.kind == CONTRACT], ruleset, players,
                                samples=SEAT_SAMPLES if seat_samples is None else seat_samples,
                                seed=seed, jobs=jobs, progress=progress, weighed=weighed,
                                per_game=per_game)
            if seat_samples is None:
                seat_count = SEAT_SAMPLES
        prices, scale = _prices(games, ruleset, players, q.declarer, q.n, count, leaves,
                                memo.poll)
        chosen: dict[Game, tuple[int, Any, Any]] = {}  # game -> (discard, tricks, values)
        for strain in STRAINS:
            template = _template(hands[0], kept[0], q, CONTRACT, strain)
            tricks = memo.counts(template, hands, kept, q.declarer)
            mine = [g for g in games if g.kind == CONTRACT and g.trump == strain]
            shares = _Shares(template, hands, kept, tricks, q, jobs, memo)
            prefer = [low_cards_first(c[0], strain) for c in classes]
            for game in mine:
                chosen[game] = _best_discard(prices[game], tricks, shares, prefer)
        misere = Game(MISERE)
        template = _template(hands[0], kept[0], q, MISERE, None)
        chosen[misere] = _best_misere(template, hands, kept, prices[misere], q.declarer, memo,
                                      [low_cards_first(c[0], None) for c in classes])
        return replace(_result(q, ruleset, players, whist, seat_count, ranks[:count], every,
                               seed, classes, chosen, prices, scale, count, games, weighed,
                               per_game), cap=None if every else len(ranks))

    run = run_rounds(len(ranks), evaluate, _gaps, fixed=fixed, progress=progress,
                     payload=lambda r, n: r.to_dict(),
                     rivals=len(games) - 1)
    return replace(run.result, stopped=run.stopped)


def _gaps(result: Declaration) -> list[tuple[float, float | None]]:
    """Every other game's paired difference to the best (mean in vists, standard error)."""
    return [(float(o.diff), o.diff_se) for o in result.options if o is not result.best]


class _Memo:
    """The engine's answers for the layouts of one run, kept from one round to the next: a
    round asks only about the layouts (and the questions) no round asked before."""

    def __init__(self, jobs: int | None, progress: Callable[..., None] | None) -> None:
        self.jobs, self.progress = jobs, progress
        # The searches past the plan's counts tell the hook nothing but that they still run:
        # a hook that stops the run (by raising) is heard in them too.
        self.poll = None if progress is None else (lambda k: progress(0))
        self.rows = Rows()
        self.answers: dict[tuple, int] = {}

    def counts(self, template: Any, hands: Any, kept: Any, declarer: int,
               target: int | None = None) -> Any:
        """`_counts` on the layouts `hands` (a prefix of the run's), the new ones counted."""
        import numpy as np

        key = ("counts", template.game, template.trump, target)
        done = self.rows.take(key, hands, lambda new: list(_counts(
            template, new, kept, declarer, self.jobs, self.progress, target)))
        return np.array(done, dtype=np.int64).reshape(len(hands), len(kept))

    def where(self, template: Any, hands: Any, mine: Any, rows: Any, targets: Any = None) -> Any:
        """`_count_where`, each (layout, hand, target) asked once in the run."""
        import numpy as np

        rows = np.asarray(rows, dtype=np.int64)
        mine = np.broadcast_to(np.asarray(mine, dtype=np.int64), rows.shape)
        goal = (np.full(rows.shape, -1) if targets is None
                else np.asarray(targets, dtype=np.int64))
        keys = [("where", template.game, template.trump, int(r), int(m), int(t))
                for r, m, t in zip(rows.tolist(), mine.tolist(), goal.tolist())]
        new = [i for i, k in enumerate(keys) if k not in self.answers]
        if new:
            at = np.array(new, dtype=np.int64)
            found = _count_where(template, hands, mine[at].astype(np.uint32), rows[at],
                                 self.jobs, None if targets is None else goal[at], self.poll)
            for i, v in zip(new, found.tolist()):
                self.answers[keys[i]] = int(v)
        return np.array([self.answers[k] for k in keys], dtype=np.int64)

    def mosts(self, template: Any, hands: Any, rows: Any, mine: Any, seat: int,
              least: Any) -> Any:
        """Whether the defender in `seat` (0..2) has at least `least` of the ending's tricks,
        layout `rows[i]` with the kept hand `mine[i]`, each question asked once in the run."""
        import numpy as np

        keys = [("most", template.trump, int(r), int(m), seat, int(k))
                for r, m, k in zip(rows.tolist(), mine.tolist(), least.tolist())]
        new = [i for i, k in enumerate(keys) if k not in self.answers]
        if new:
            at = np.array(new, dtype=np.int64)
            chosen = hands[rows[at]].copy()
            chosen[:, template.focus] = mine[at]
            found = mosts_of_hands(template, chosen, [seat] * len(at), jobs=self.jobs,
                                   least=least[at].tolist(), progress=self.poll)
            for i, v in zip(new, found.tolist()):
                self.answers[keys[i]] = int(v)
        return np.array([self.answers[k] for k in keys], dtype=np.int64)


def _layout_hands(q: _Question, ranks: Any, first_kept: int) -> Any:
    """The three hands of every layout, as an (L, 3) array (the declarer's column: one of his
    kept hands, replaced per discard), dealt by the engine's layout enumerator."""
    import numpy as np

    import solver

    seat_a = [s for s in (1, 2, 3) if s != q.declarer][0]
    first = solver.subset(q.others.mask, q.n, 0)
    hands = [0, 0, 0]
    hands[q.declarer - 1] = first_kept
    hands[seat_a - 1] = first
    hands[6 - q.declarer - seat_a - 1] = q.others.mask & ~first
    template = solver.Position(hands=tuple(hands), leader=q.leader - 1, game=CONTRACT,
                               trump=None, focus=q.declarer - 1)
    batch = solver.Jobs.layouts(template, seat_a - 1, q.others.mask, q.n, ranks)
    return np.array([batch.hands(i) for i in range(len(batch))], dtype=np.uint32).reshape(-1, 3)


def _template(layout: Any, mine: int, q: _Question, kind: str, trump: int | None) -> Any:
    """An engine position of the game for the other positions to copy."""
    import solver

    hands = [int(h) for h in layout]
    hands[q.declarer - 1] = int(mine)
    return solver.Position(hands=tuple(hands), leader=q.leader - 1, game=kind, trump=trump,
                           focus=q.declarer - 1)


def _counts(template: Any, hands: Any, kept: Any, declarer: int, jobs: int | None,
            progress: Callable[[int], None] | None, target: int | None = None) -> Any:
    """His tricks in every layout with every discard, an (L, D) array (with `target`: 1 where
    he takes at least that many, else 0). The positions go to the engine layout by layout
    (all discards of a layout together), which lets the tables of the threads serve the
    discards of one layout from each other's positions."""
    import numpy as np

    import solver

    count, ways = len(hands), len(kept)
    rows = np.repeat(hands, ways, axis=0)
    rows[:, declarer - 1] = np.tile(kept, count)
    answers = solver.run_jobs(solver.Jobs.from_hands(template, rows), target=target,
                              threads=jobs, progress=progress)
    return answers.reshape(count, ways).astype(np.int64)


def _count_where(template: Any, hands: Any, mine: Any, rows: Any, jobs: int | None,
                 targets: Any = None, poll: Callable[[int], None] | None = None) -> Any:
    """His tricks with the kept hand `mine` (one, or one a row) in the layouts `rows`
    (indices), or with `targets` (one a row) whether he takes at least that many (1) or
    not (0). `poll`: the engine's progress hook (to hear a cancel; these counts are not
    steps of the plan)."""
    import numpy as np

    import solver

    if not len(rows):
        return np.zeros(0, dtype=np.int64)
    chosen = hands[rows].copy()
    chosen[:, template.focus] = mine
    if targets is None:
        answers = solver.run_jobs(solver.Jobs.from_hands(template, chosen), threads=jobs,
                                  progress=poll)
    else:
        answers = solver.run_jobs(solver.Jobs.from_hands(
            template, chosen, np.asarray(targets, dtype=np.int8)), target=solver.many.EACH,
            threads=jobs, progress=poll)
    return answers.astype(np.int64)


def _best_misere(template: Any, hands: Any, kept: Any, p: _Prices, declarer: int,
                 memo: _Memo, prefer: list[tuple[int, ...]]) -> tuple[int, Any, Any]:
    """The best discard for misère (the highest mean value, then the fewest tricks, then
    clean most often, then the least `prefer[d]`: the discard of the lowest cards), with
    fewer counts than one per layout and discard.

    His value never rises with a trick more (checked on the value table; otherwise every
    discard is counted), so lower bounds on his tricks bound a discard's value from above.
    First one bound search per layout and discard: is he caught at all? A first choice (the
    best on a few layouts counted exactly) is counted in every layout. Every other discard is
    asked, where it is caught, whether it takes more tricks than that one, and where not,
    whether as many; where it takes fewer it is counted. A discard whose value at these
    bounds is below the best's is left; the others are counted in full, and the best of all
    those counted is his best."""
    import numpy as np

    value = p.value[0, :, 0, 0]
    caught = memo.counts(template, hands, kept, declarer, target=1)
    clean = (caught == 0).sum(axis=0)
    ways = len(kept)
    exact: dict[int, Any] = {}

    def key(d: int, tricks: Any) -> tuple:
        # At lower bounds on his tricks the key is an upper bound of the true one (his value
        # never rises with a trick, and fewer tricks rank higher): the pruning below holds.
        return (int(value[tricks].sum()), -int(tricks.sum()), int(clean[d]),
                tuple(-x for x in prefer[d]))

    def count(d: int, rows: Any, into: Any) -> Any:
        into[rows] = memo.where(template, hands, int(kept[d]), rows)
        return into

    if np.any(value[1:] > value[:-1]):
        for d in range(ways):
            exact[d] = count(d, np.flatnonzero(caught[:, d]), np.zeros(len(hands), np.int64))
        best = max(range(ways), key=lambda d: key(d, exact[d]))
        return best, exact[best], value[exact[best]]
    # The first choice: the best on the first SCREEN layouts, each counted exactly.
    screen = np.arange(min(SCREEN, len(hands)))
    rows, cols = np.nonzero(caught[screen])
    tried = np.zeros((len(screen), ways), dtype=np.int64)
    tried[rows, cols] = memo.where(template, hands, kept[cols], screen[rows])
    first = max(range(ways), key=lambda d: key(d, tried[:, d]))
    exact[first] = count(first, np.flatnonzero(caught[:, first]),
                         np.zeros(len(hands), np.int64))
    inc = exact[first]
    # Lower bounds (exact where `known`), layout by layout for all discards at once.
    low = caught.copy()
    known = caught == 0
    asked = (caught == 1) & (inc >= 1)[:, None]
    asked[:, first] = False
    rows, cols = np.nonzero(asked)
    more = np.zeros(len(rows), dtype=bool)
    room = inc[rows] < bin(int(kept[0])).count("1")  # he can take no more than every trick
    more[room] = memo.where(template, hands, kept[cols[room]], rows[room],
                            inc[rows[room]] + 1) == 1
    low[rows[more], cols[more]] = inc[rows[more]] + 1
    rows, cols = rows[~more], cols[~more]  # he takes at most as many as the first choice
    same = memo.where(template, hands, kept[cols], rows, inc[rows]) == 1
    low[rows[same], cols[same]] = inc[rows[same]]
    known[rows[same], cols[same]] = True
    rows, cols = rows[~same], cols[~same]  # fewer than the first choice: counted
    low[rows, cols] = memo.where(template, hands, kept[cols], rows)
    known[rows, cols] = True
    # Caught where the first choice is clean: at least one trick, which `low` says.
    best = (key(first, inc), first)
    for d in sorted(range(ways), key=lambda d: key(d, low[:, d]), reverse=True):
        if d == first or key(d, low[:, d]) < best[0]:
            continue  # even at its lower bounds it is worse than the best so far
        tricks = low[:, d].copy()
        exact[d] = count(d, np.flatnonzero(~known[:, d]), tricks)
        best = max(best, (key(d, tricks), d))
    d = best[1]
    return d, exact[d], value[exact[d]]


class _Shares:
    """What is known of the defenders' mosts of the ending for one strain, kept from one
    game to the next: with discard d, defender `which` (0: the first, 1: the second) has his
    share in [`low[d, which]`, `high[d, which]`] in each layout ((L,) arrays).

    A game's value depends on a share only where its table changes along it, and usually at
    one share only (say, whether a whister is sure of two tricks): so each layout is asked
    whether the share reaches a point where the table changes inside what is known, one test
    of the share's search (`run_jobs(share_least=...)`), until the value is settled."""

    def __init__(self, template: Any, hands: Any, kept: Any, tricks: Any, q: _Question,
                 jobs: int | None, memo: _Memo) -> None:
        self.template, self.hands, self.kept, self.tricks, self.jobs = (
            template, hands, kept, tricks, jobs)
        self.memo = memo
        self.declarer, self.n = q.declarer, q.n
        self.seats = Seat.defenders(q.declarer)
        self.low: dict[tuple[int, int], Any] = {}
        self.high: dict[tuple[int, int], Any] = {}

    def _bounds(self, d: int, which: int) -> tuple[Any, Any]:
        import numpy as np

        if (d, which) not in self.low:
            self.low[d, which] = np.zeros(len(self.hands), dtype=np.int64)
            self.high[d, which] = self.n - self.tricks[:, d]  # the defence's tricks at most
        return self.low[d, which], self.high[d, which]

    def prefetch(self, p: _Prices, ways: list[int]) -> None:
        """Settle the value of `p` with the discards `ways`: the first defender's share, then
        the second's, each narrowed in rounds of tests batched layout by layout over every
        discard (so each layout's positions meet in the engine's tables)."""
        import numpy as np

        for which in (0, 1):
            while True:
                rows, cols, cuts = [], [], []
                for d in ways:
                    r, k = self._cuts(p, d, which)
                    rows.append(r)
                    cols.append(np.full(len(r), d))
                    cuts.append(k)
                r, c, k = np.concatenate(rows), np.concatenate(cols), np.concatenate(cuts)
                if not r.size:
                    break
                order = np.lexsort((c, r))
                r, c, k = r[order], c[order], k[order]
                yes = self.memo.mosts(self.template, self.hands, r, self.kept[c],
                                      self.seats[which] - 1, k) == 1
                for d in ways:
                    mine = c == d
                    low, high = self._bounds(d, which)
                    at, reached = r[mine], yes[mine]
                    low[at[reached]] = k[mine][reached]
                    high[at[~reached]] = k[mine][~reached] - 1

    def _cuts(self, p: _Prices, d: int, which: int) -> tuple[Any, Any]:
        """The layouts where the value with discard d still depends on defender `which`'s
        share within what is known of it, and for each the share to test: the middle one of
        the points inside the known range where the table changes."""
        import numpy as np

        column = self.tricks[:, d]
        low, high = p.bounds(column)
        rows = np.flatnonzero(low != high)
        if not rows.size:
            return rows, rows
        table = p.value[p.words[rows], column[rows]]  # (rows, first's share, second's)
        if which == 1:
            a = self._bounds(d, 0)[0][rows]
            table = table[np.arange(len(rows)), a][:, :, None]  # (rows, second's, 1)
        lo, hi = (x[rows] for x in self._bounds(d, which))
        # changes[r, k - 1]: the table differs between shares k - 1 and k
        changes = np.any(table[:, 1:] != table[:, :-1], axis=2)
        shares = np.arange(1, self.n + 1)
        inside = changes & (shares > lo[:, None]) & (shares <= hi[:, None])
        count = inside.sum(axis=1)
        open_ = count > 0
        middle = np.argmax(np.cumsum(inside[open_], axis=1) > ((count[open_] - 1) // 2)[:, None],
                           axis=1)
        return rows[open_], shares[middle]

    def values(self, p: _Prices, d: int) -> Any:
        """His scaled value in every layout with discard d, the shares settled by `prefetch`
        (the least share still possible stands for each: the value is the same for every
        share still possible)."""
        return p.value[p.words, self.tricks[:, d], self._bounds(d, 0)[0],
                       self._bounds(d, 1)[0]]


def _best_discard(p: _Prices, tricks: Any, shares: _Shares,
                  prefer: list[tuple[int, ...]]) -> tuple[int, Any, Any]:
    """The best discard for the contract of `p`: (its index, its tricks, its scaled values
    per layout). One discard is priced first; a discard whose value, summed over the layouts,
    is below that one's even at the best shares for it cannot be best, and the shares are
    searched only for the others (see `_Shares.prefetch`); ties go as the module doc says
    (more tricks, made more often, then the least `prefer[d]`: the lowest cards)."""
    import numpy as np

    high = p.high[p.words[:, None], tricks].sum(axis=0)
    low = p.low[p.words[:, None], tricks].sum(axis=0)
    # A first choice priced alone (the best at its lower bound) sets the bar for the rest.
    first = int(np.argmax(low))
    shares.prefetch(p, [first])
    bar = int(shares.values(p, first).sum())
    hopeful = [int(d) for d in np.flatnonzero(high >= bar)]
    shares.prefetch(p, hopeful)
    best: tuple | None = None
    for d in hopeful:
        column = tricks[:, d]
        values = shares.values(p, d)
        made = int(np.count_nonzero(column + p.earlier >= p.game.level))
        key = (int(values.sum()), int(column.sum()), made, tuple(-x for x in prefer[d]))
        if best is None or key > best[0]:
            best = (key, d, column, values)
    assert best is not None
    return best[1], best[2], best[3]


def _result(q: _Question, rules: RuleSet, players: int, whist: str,
            seat_samples: int | str | None, ranks: Any, every: bool, seed: int | None,
            classes: list, chosen: dict[Game, tuple[int, Any, Any]],
            prices: dict[Game, _Prices], scale: int, count: int, games: list[Game],
            weighed: dict[str, int] | None = None,
            per_game: dict[Game, dict[str, int]] | None = None) -> Declaration:
    """The result: each game's entry, the best declaration and the paired differences."""
    import numpy as np

    sums = {g: int(chosen[g][2].sum()) for g in games}
    top = max(games, key=lambda g: (sums[g], -games.index(g)))
    options = []
    for game in games:
        d, column, values = chosen[game]
        whole = column + prices[game].earlier
        made = int(np.count_nonzero(whole == 0)) if game.kind == MISERE else int(
            np.count_nonzero(whole >= game.level))
        p = Fraction(made, count)
        diffs = values - chosen[top][2]
        tallies = np.unique(whole, return_counts=True)
        pairs = [tuple(Card.from_index(c) for c in pair) for pair in classes[d]]
        options.append(DeclareOption(
            game=game, discard=pairs[0], merged=pairs[1:], probability=p,
            probability_se=None if every else math.sqrt(float(p * (1 - p)) / count),
            distribution={int(t): Fraction(int(k), count) for t, k in zip(*tallies)},
            tricks=Fraction(int(whole.sum()), count),
            vists=Fraction(sums[game], count * scale),
            vists_se=None if every else _stderr(values, scale),
            diff=Fraction(int(diffs.sum()), count * scale),
            diff_se=None if every or game == top else _stderr(diffs, scale),
            probability_interval=None if every else binomial_interval(made, count),
            seat_weighed=None if per_game is None else per_game.get(game)))
    best = options[games.index(top)]
    return Declaration(
        hand=q.hand, others=q.others, declarer=q.declarer, leader=q.leader, rules=rules,
        players=players, whist=whist, layouts=count, total=math.comb(2 * q.n, q.n),
        exact=every, samples=None if every else count,
        seed=None if every and seat_samples in (None, "all") else seed,
        discards=len(classes), earlier=DEAL_TRICKS - q.n, options=options, best=best,
        seat_samples=seat_samples, seat_weighed=weighed)


def _stderr(scaled: Any, scale: int) -> float | None:
    """The standard error of the mean of values given as whole numbers times `scale`."""
    return standard_error([Fraction(int(v), scale) for v in scaled.tolist()])
