"""Every layout counted: a player's double-dummy result over the ways the unseen cards can lie.

The declarer knows his own cards (and his discard); the other ``2n`` cards lie between the two
other seats, ``n`` each, in C(2n, n) equally likely ways (184,756 for a full deal, RULES.md §6).
``layout_odds`` solves every one of them (or a seeded sample) with the engine, in compiled code
on several threads: the full distribution of the declarer's tricks, or, with a target, one
bound search per layout. With two extra cards (hand and talon before the discard) it does so
for every distinct discard and ranks them: fewest failures (without a target, the best mean,
then made most often), and among discards equal in that, the discard of the lowest cards
(`low_cards_first`: a declarer never throws his aces for nothing).

A sampled count with a target (`samples=N`) is taken in rounds of one seeded draw and stops
when its answer is settled (`settle`): with 12 cards when the best discard is (the paired
difference, layout by layout, of the share that goes against him, at the settle rule's
bound, or within half a percentage point of the best); with n cards, where there is no
discard to choose, when the 95% interval of the probability (the Wilson interval the result
reports) is narrower than half a percentage point (`settle.precise`: a precision target, the
interval reported being the one of the layouts taken). A sampled distribution (no target)
stops the same way: with 12 cards when the discard with the best mean is settled (the paired
difference of his tricks, layout by layout, at the rule's bound, or within a twentieth of a
trick of the best, `settle.MARGIN_TRICKS`); with n cards when the 95% interval of the share of
every trick count is narrower than half a percentage point (some 154,000 layouts for a
share near one half: in practice only a large sample stops early). The looks are at 100 layouts,
then half as many again each time, then N. `fixed=True` counts exactly N; a run that reaches
N is the fixed run, number for number.

The numbers are double-dummy: in each layout every player is assumed to see all the cards.
That favours the defenders where at the table they would have to guess his hand, and the
declarer where he would have to guess the layout, so the figures bound his chances at the
table neither from above nor from below: they are his chances when both sides see everything.
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from functools import wraps
from typing import Any, Callable, Iterable, TypeVar

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..errors import CardCountError, DuplicateCardError, PositionError
from ..games import CONTRACT, MISERE, Game
from ..hand import Hand, card_set
from ..serialize import JsonFields, fraction_object, nonempty, to_jsonable
from ..solving import SEATS, make_position

SCREEN_LAYOUTS = 256  # layouts per discard in the quick screen that orders the discards


@dataclass(frozen=True)
class Layout(JsonFields):
    """One layout: the whole deal as it lies, the declarer's tricks in it and a line of play."""

    deal: Deal
    tricks: int
    line: list[Card]


@dataclass(frozen=True)
class LayoutOdds(JsonFields):
    """The declarer's double-dummy result over the layouts of the cards he cannot see.

    `layouts`: how many layouts were counted (all C(2n, n), or the sample's size).
    `counts`: {declarer's tricks: layouts}; in target mode {0: missed, 1: reached}.
    `made`: target mode: layouts where his tricks are >= target (misère with target 1: the
    layouts where he is caught); None without a target.
    `probability`: `made / layouts` as a `Fraction` (exact when every layout was counted, else
    the sample's estimate); None without a target. `interval`: the 95% interval (Wilson) when
    sampled, else None. `mean`: the mean trick count (distribution mode), else None.
    `stderr`: when sampled, the standard error of `probability` (target mode) or of `mean`;
    None when every layout was counted.
    `worst`: a layout with the worst result for the declarer, with its line (target mode: one
    that misses the target, or for misère catches him, when there is one).
    `discard`: the two cards discarded (12-card hands), else None; `merged`: the discards
    equivalent to it (they differ only by cards adjacent in rank with no other player's card
    between them: the same result in every layout). `discards`: for 12 cards, one `LayoutOdds`
    per distinct discard, best first (this object's own fields are the best one's).
    `complete`: False when the count of this discard was stopped once it was sure to be worse
    than the best discard (then `layouts` and `counts` cover only the layouts counted).
    `stopped`: when sampled, why the draw stopped (`settle.STOPS`: "settled", "practical" or
    "precise" before `cap`, "cap" at it, "fixed" when exactly `cap` were asked for); None
    when every layout was counted. `samples` is then the layouts drawn and `cap` the most
    that would have been drawn (the `samples` asked).
    """

    game: Game
    declarer: int
    leader: int
    hand: Hand
    others: Hand
    target: int | None
    layouts: int
    total: int
    counts: dict[int, int]
    made: int | None
    probability: Fraction | None
    interval: tuple[float, float] | None
    mean: Fraction | None
    worst: Layout | None
    exact: bool
    stderr: float | None = None
    samples: int | None = None
    seed: int | None = None
    discard: tuple[Card, Card] | None = None
    merged: list[tuple[Card, Card]] = field(default_factory=list)
    discards: list["LayoutOdds"] = field(default_factory=list)
    complete: bool = True
    stopped: str | None = None
    cap: int | None = None

    @property
    def failed(self) -> int:
        """Layouts that went against the declarer: missed the target, or (misère) caught him."""
        if self.made is None:
            raise ValueError("no target: ask the counts instead")
        return self.made if self.game.kind == MISERE else self.layouts - self.made

    @property
    def sample(self) -> int | None:
        """`samples` under its older name."""
        return self.samples

    # JSON-ready, as `prefdd odds --json` prints it: the fractions in their object shape
    # (`fraction_object`), the number of samples under its older key "sample".
    JSON = ("game", "declarer", "leader", "hand", "others", "target", "exact", "layouts",
            ("total_layouts", lambda o: o.total), "complete",
            ("counts", lambda o: to_jsonable(dict(sorted(o.counts.items())))), "made",
            ("probability", lambda o: fraction_object(o.probability)), "interval", "stderr",
            ("mean", lambda o: fraction_object(o.mean)), ("sample", lambda o: o.samples),
            "seed", "discard", "merged", "worst", nonempty("discards"), "stopped", "cap")


@dataclass(frozen=True)
class Question:
    """A layout question, checked: whose cards are known, which cards lie where."""

    game: Game
    declarer: int
    leader: int
    hand: Hand          # the declarer's cards: n, or n + 2 before the discard
    others: Hand        # the 2n cards of the other two seats
    n: int              # cards in each hand


#: The most layouts one call draws and solves (`samples` of `layout_odds`, `misere_odds`,
#: `tenner_odds`): a bound on the work and memory one question can ask for (a million layouts
#: is minutes of work; every layout of ten cards each is 184,756).
MAX_SAMPLES = 1_000_000
#: The most layouts a seat view keeps (`samples` of `sample_worlds`, `whist_decision`,
#: `lead_decision`): each one kept is a deal in memory (about 1 KB) and is solved again for
#: every option weighed, so the bound is lower.
MAX_WORLDS = 100_000
#: The most layouts a seat view draws to find the ones it keeps (`max_draws`).
MAX_DRAWS = 50 * MAX_WORLDS
#: The largest seed of a draw (numpy's generator takes any whole number >= 0; the bound keeps
#: a seed one signed 64-bit number, as JSON readers and the engine's jobs take it).
MAX_SEED = 2**63 - 1


def prepare(hand: Hand | str | Iterable[Card | str], game: Game | str, declarer: int, *,
            others: Hand | str | None = None, out: Hand | str | None = None,
            leader: int = 1) -> Question:
    """Check and read the arguments of `layout_odds` (see there)."""
    game = Game.parse(game)
    if game.kind not in (CONTRACT, MISERE):
        raise PositionError(f"layout odds are for contracts and misère, not {game}")
    hand = as_hand(hand, "hand")
    for name, seat in (("declarer", declarer), ("leader", leader)):
        if isinstance(seat, bool) or seat not in SEATS:
            raise PositionError(f"{name} seat {seat!r} is not 1, 2 or 3")
    gone = as_hand(out, "out") if out is not None else Hand()
    if hand.mask & gone.mask:
        raise DuplicateCardError(
            f"card {_first(hand.mask & gone.mask)} is both in the hand and out of play")
    if others is None:
        from solver.position import FULL_DECK  # the engine package, loaded on first use

        rest = Hand(FULL_DECK & ~hand.mask & ~gone.mask)
    else:
        rest = as_hand(others, "others")
        for what, mask in (("the hand", hand.mask), ("out of play", gone.mask)):
            if rest.mask & mask:
                raise DuplicateCardError(
                    f"card {_first(rest.mask & mask)} is both among the others and {what}")
    if others is None:  # the other seats hold what the hand leaves: a wrong count is the hand's
        checks.hand_size(len(hand), len(gone))
    if len(rest) % 2:
        raise CardCountError(
            f"the two other seats hold {len(rest)} cards between them: an even number is needed")
    n = len(rest) // 2
    if not 1 <= n <= 10:
        raise CardCountError(f"the other seats hold {len(rest)} cards: 2 to 20 are needed")
    if len(hand) not in (n, n + 2):
        raise CardCountError(
            f"the hand holds {len(hand)} cards and the two others {len(rest)} between them: "
            f"the hand needs {n} cards (or {n + 2} with the talon, before the discard)")
    return Question(game, declarer, leader, hand, rest, n)


_F = TypeVar("_F", bound=Callable[..., Any])


def renamed_arguments(**renamed: str) -> Callable[[_F], _F]:
    """Refuse keyword arguments under their old names (`sample=` is now `samples=`) with a
    `TypeError` that names the new one, instead of Python's "unexpected keyword"."""
    def decorate(function: _F) -> _F:
        @wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            for old, new in renamed.items():
                if old in kwargs:
                    raise TypeError(f"{function.__name__}(): {old}= is now {new}=")
            return function(*args, **kwargs)
        return checked  # type: ignore[return-value]
    return decorate


@renamed_arguments(sample="samples")
def layout_odds(hand: Hand | str | Iterable[Card | str], game: Game | str, declarer: int, *,
                others: Hand | str | None = None, out: Hand | str | None = None,
                leader: int = 1, target: int | None = None, samples: int | None = None,
                seed: int | None = 0, jobs: int | None = None,
                progress: Callable[..., None] | None = None,
                prune: bool = False, stop_after: int | None = None,
                fixed: bool = False) -> LayoutOdds:
    """The declarer's double-dummy result over every layout of the cards he cannot see.

    hand:     the declarer's n cards (n = 1..10), or n + 2 (hand and talon before the
              discard: every distinct discard is evaluated and ranked, best first).
    others:   the 2n cards the two other seats hold between them; default: the rest of the
              deck less `out`, the cards out of play (for a ten-card hand, its discard).
    leader:   the seat leading to the first trick (default the 1st hand).
    target:   None: the full distribution of his tricks; else one bound search per layout,
              "does he take >= target" (misère: target 1 asks whether he is caught).
    samples, seed: solve `samples` layouts drawn uniformly (with replacement, numpy's
              generator seeded with `seed`, default 0; None draws unseeded) instead of all of
              them (None, the default): an estimate with a 95% interval. Every discard is
              tried on the same sampled layouts, so they compare paired. Without sampling the
              seed is not used (the result's `seed` is None; another seed than 0 is refused).
              At most `MAX_SAMPLES` (1,000,000) layouts; a seed is 0..2**63 - 1.
    jobs:     threads (default: one per core). `progress(k)`: told as k more layouts are done.
    prune:    target mode with 12 cards: stop counting a discard once it has failed in more
              layouts than the best discard so far (its entry then has `complete` False); the
              best discard and its counts stay exact, and a sound hand costs one full count.
    stop_after: target mode: stop counting (a discard) once it has failed in more than this
              many layouts (`complete` False): `stop_after=0` asks "does it never fail?".
    fixed:    with `samples` and a target, solve exactly `samples` layouts. By default
              (False) the sample is taken in rounds (a prefix of the same seeded draw at a
              time, `settle`) and the count stops at the first look where the answer is
              settled: with 12 cards, the best discard (`settle.verdict` on the paired
              difference of the share of layouts that go against him, margin 0.5 percentage
              points); with n cards, the probability itself, once its 95% interval is
              narrower than 0.5 percentage points (`settle.precise`). Without a target the
              same with the mean tricks (margin 0.05 of a trick) and, with n cards, every
              share of the distribution. The result's `samples`, `cap` and `stopped` say
              when; a run that does not stop early is the fixed run. A count with
              `stop_after` is always fixed.
              A hook `progress` that takes a `provisional` keyword is given the provisional
              answer after each look (`settle.provisional`).
    """
    from .settle import check_fixed

    q = prepare(hand, game, declarer, others=others, out=out, leader=leader)
    _check_options(q, target, samples, seed, jobs)
    if samples is None:
        seed = None  # every layout is counted: nothing is drawn
    checks.callback("progress", progress)
    checks.flag("prune", prune)
    fixed = check_fixed(fixed, samples)
    if stop_after is not None:
        if target is None:
            raise PositionError("stop_after needs a target")
        if isinstance(stop_after, bool) or not isinstance(stop_after, int) or stop_after < 0:
            raise PositionError(f"stop_after {stop_after!r} is not a whole number >= 0")
    if samples is not None and not fixed and stop_after is None:
        return _odds_in_rounds(q, target, samples, seed, jobs, progress, prune)
    if len(q.hand) == q.n:
        return _odds_for_hand(q, q.hand, None, [], target, samples, seed, jobs, progress,
                              stop_after)
    classes = distinct_discards(q.hand, q.others)
    if prune and target is not None:
        classes = _screened(q, classes, target)

    def count(discard: tuple[Card, Card], merged: list, limit: int | None) -> LayoutOdds:
        kept = Hand(q.hand.mask & ~discard[0].bit & ~discard[1].bit)
        return _odds_for_hand(q, kept, discard, merged, target, samples, seed, jobs, progress,
                              limit)

    return _in_turn(classes, count, prune and target is not None, stop_after)


def _in_turn(classes: list, count: Callable[[tuple[Card, Card], list, int | None], LayoutOdds],
             prune: bool, stop_after: int | None) -> LayoutOdds:
    """Every discard of `classes` counted in turn (`count(discard, merged, limit)`: `limit`
    the failures past which its count stops), ranked, best first. With `prune` a discard's
    count stops once it has failed more often than the best complete one before it."""
    results: list[LayoutOdds] = []
    best_failed: int | None = None
    for discard, merged in classes:
        limit = stop_after
        if prune and best_failed is not None:
            limit = best_failed if limit is None else min(limit, best_failed)
        odds = count(discard, merged, limit)
        if odds.complete and odds.made is not None:
            if best_failed is None or odds.failed < best_failed:
                best_failed = odds.failed
        results.append(odds)
    results.sort(key=lambda o: _rank_key(o))
    return replace(results[0], discards=results)


def distinct_discards(hand: Hand, others: Hand) -> list[tuple[tuple[Card, Card], list[tuple[Card, Card]]]]:
    """The discards of two cards from `hand` that can differ in play, each with the discards
    merged into it.

    Two of the hand's cards are equivalent when they are of one suit and no card of `others`
    lies between them: whichever of them is kept, it ranks the same against every card in
    play. Discards that take the same number of cards from each such run are one discard; the
    one kept discards the lowest cards of each run.
    """
    return [(_cards(pairs[0]), [_cards(p) for p in pairs[1:]])
            for pairs in discard_classes(hand.mask, others.mask)]


def discard_classes(hand: int, others: int) -> list[list[tuple[int, int]]]:
    """`distinct_discards` on masks and card numbers: each class of equivalent discards as
    a list of pairs (ascending card numbers), the one kept first."""
    run_of: dict[int, tuple[int, int]] = {}
    for suit in range(4):
        run = 0
        for card in range(suit * 8, suit * 8 + 8):
            if others >> card & 1:
                run += 1
            elif hand >> card & 1:
                run_of[card] = (suit, run)
    classes: dict[tuple, list[tuple[int, int]]] = {}
    for pair in combinations(sorted(run_of), 2):
        a, b = run_of[pair[0]], run_of[pair[1]]
        classes.setdefault((a, b) if a <= b else (b, a), []).append(pair)
    return list(classes.values())


def low_cards_first(pair: Iterable[int | Card], trump: int | None) -> tuple[int, ...]:
    """The key that orders discards equal in everything else, the one a player lays away
    first smallest: the discard of the lower cards. Their higher cards are compared first
    (the discard whose higher card is lower comes first), then the other cards; with equal
    ranks, the discard with fewer trumps; last, card order (♠ ♣ ♦ ♥), so the key is total.
    A declarer never throws his aces for nothing."""
    cards = sorted((c if isinstance(c, int) else c.index for c in pair),
                   key=lambda c: (-(c & 7), c))
    trumps = sum(1 for c in cards if trump is not None and c >> 3 == trump)
    return (*(c & 7 for c in cards), trumps, *sorted(cards))


def _cards(pair: tuple[int, int]) -> tuple[Card, Card]:
    return Card.from_index(pair[0]), Card.from_index(pair[1])


def _odds_for_hand(q: Question, kept: Hand, discard: tuple[Card, Card] | None,
                   merged: list[tuple[Card, Card]], target: int | None, samples: int | None,
                   seed: int | None, jobs: int | None,
                   progress: Callable[[int], None] | None, limit: int | None) -> LayoutOdds:
    import numpy as np

    total = math.comb(2 * q.n, q.n)
    if samples is None:
        ranks = np.arange(total, dtype=np.int64)
    else:
        ranks = _drawn(q, samples, seed)
    batch, results = solve_layouts(q, kept, ranks, target, jobs=jobs, progress=progress,
                                   limit=limit)
    if limit is not None:
        _cut_at_limit(results, 1 if q.game.kind == MISERE else 0, limit)
    return _summary(q, kept, discard, merged, target, samples, seed, results,
                    lambda index: layout_at(q, batch, index, discard))


def _drawn(q: Question, samples: int, seed: int | None) -> Any:
    """The colex ranks of the `samples` layouts drawn with `seed` (the same draw for every
    discard, and for every round of a run that stops when settled)."""
    import numpy as np

    total = math.comb(2 * q.n, q.n)
    return np.random.default_rng(seed).integers(0, total, size=samples, dtype=np.int64)


def _summary(q: Question, kept: Hand, discard: tuple[Card, Card] | None,
             merged: list[tuple[Card, Card]], target: int | None, samples: int | None,
             seed: int | None, results: Any, layout: Callable[[int], Layout]) -> LayoutOdds:
    """The `LayoutOdds` of one hand from the engine's answers `results` (-1: not counted);
    `layout(i)`: layout i of those solved, as a deal with its line."""
    import numpy as np

    total = math.comb(2 * q.n, q.n)
    solved = results >= 0
    complete = bool(solved.all())
    values = results[solved]
    counted = int(values.size)
    counts = {int(v): int(c) for v, c in zip(*np.unique(values, return_counts=True))}
    if target is not None:
        counts = {0: counts.get(0, 0), 1: counts.get(1, 0)}
    made = counts[1] if target is not None else None
    exact = samples is None and complete
    probability = Fraction(made, counted) if made is not None and counted and complete else None
    mean = None
    if target is None and counted:
        mean = Fraction(int(values.astype(np.int64).sum()), counted)
    interval = stderr = None
    if samples is not None and probability is not None:
        interval = wilson_interval(made, counted)
        p = float(probability)
        stderr = math.sqrt(p * (1 - p) / counted)
    elif samples is not None and mean is not None and counted > 1:
        stderr = float(values.astype(np.float64).std(ddof=1)) / math.sqrt(counted)
    worst = None
    if counted:
        wants_low = q.game.kind == MISERE
        index = int(np.argmax(results) if wants_low else np.argmin(np.where(solved, results, 99)))
        worst = layout(index)
    return LayoutOdds(
        game=q.game, declarer=q.declarer, leader=q.leader, hand=kept, others=q.others,
        target=target, layouts=counted, total=total, counts=counts, made=made,
        probability=probability, interval=interval, mean=mean, worst=worst, exact=exact,
        stderr=stderr,
        samples=samples, seed=seed, discard=discard, merged=merged, complete=complete,
        stopped=None if samples is None else "fixed", cap=samples)


def _odds_in_rounds(q: Question, target: int | None, samples: int, seed: int | None,
                    jobs: int | None, progress: Callable[..., None] | None,
                    prune: bool) -> LayoutOdds:
    """`layout_odds` on a sample taken in rounds until its answer is settled (see there).

    Every discard is counted on the same prefix of one seeded draw, each layout once over
    the rounds (`settle.Rows`); the looks compare each discard with the best by the paired
    difference, layout by layout, of "went against him" (missed the target, or caught), or
    without a target of his tricks (misère: of the tricks he did not take). A run that
    reaches the cap is the fixed run, pruned as it prunes (`_pruned_at_cap`)."""
    import numpy as np

    from .settle import MARGIN_SHARE, MARGIN_TRICKS, Rows, precise, run_rounds

    ranks = _drawn(q, samples, seed)
    if len(q.hand) == q.n:
        entries = [(q.hand, None, [])]
    else:
        entries = [(Hand(q.hand.mask & ~d[0].bit & ~d[1].bit), d, m)
                   for d, m in distinct_discards(q.hand, q.others)]
    failure = 1 if q.game.kind == MISERE else 0
    rows = Rows()
    kept = np.array([k.mask for k, _, _ in entries], dtype=np.uint32)

    def table(n: int) -> Any:
        """The answers on the first n layouts, a row per layout, a column per kept hand."""
        return np.array(rows.take("layouts", ranks[:n], lambda new: _solve_each(
            q, kept, np.asarray(new, dtype=np.int64), target, jobs, progress)),
            dtype=np.int8).reshape(n, len(entries))

    def worst_at(i: int) -> Callable[[int], Layout]:
        """Layout `index` of the draw with entry i's kept hand, as a deal with its line."""
        kept, discard = entries[i][0], entries[i][1]
        return lambda index: layout_at(q, _batch(q, kept, ranks[index:index + 1]), 0, discard)

    gaps: dict[int, list[tuple[float, float | None]]] = {}

    def evaluate(n: int, worst: bool = False) -> LayoutOdds:
        answers = table(n)
        counted = [answers[:, i] for i in range(len(entries))]
        odds = [replace(_summary(q, kept, discard, merged, target, n, seed, counted[i],
                                 worst_at(i) if worst else (lambda index: None)),
                        stopped="provisional", cap=samples)
                for i, (kept, discard, merged) in enumerate(entries)]
        if len(entries) == 1:
            return odds[0]
        order = sorted(range(len(odds)), key=lambda i: _rank_key(odds[i]))
        # What goes against him, layout by layout: a miss (or a catch), or without a
        # target his tricks counted against him (a trick fewer; misère a trick more).
        against = ([c == failure for c in counted] if target is not None else
                   [c.astype(np.int64) * (1 if q.game.kind == MISERE else -1)
                    for c in counted])
        gaps[n] = [_paired(against[order[0]], against[i]) for i in order[1:]]
        ranked = [odds[i] for i in order]
        return replace(ranked[0], discards=ranked)

    decide = None
    if len(entries) == 1:
        decide = ((lambda r: precise(r.interval)) if target is not None else
                  (lambda r: _shares_precise(r, q.n)))
    run = run_rounds(samples, evaluate, lambda r: gaps[r.layouts], rivals=len(entries) - 1,
                     margin=MARGIN_SHARE if target is not None else MARGIN_TRICKS,
                     progress=progress, payload=lambda r, n: r.to_dict(), decide=decide)
    if run.stopped == "cap" and prune and target is not None and len(entries) > 1:
        answers = table(samples)
        result = _pruned_at_cap(q, entries, target, samples, seed,
                                [answers[:, i] for i in range(len(entries))],
                                [worst_at(i) for i in range(len(entries))])
    else:
        result = evaluate(run.samples, worst=True)
    return _stopped(result, run.stopped)


def _solve_each(q: Question, kept: Any, ranks: Any, target: int, jobs: int | None,
                progress: Callable[..., None] | None) -> list[Any]:
    """The answers (as `solve_layouts`) of the layouts of `ranks` with each kept hand, one
    row per layout: the positions go to the engine layout by layout, every kept hand of a
    layout together, so the threads' tables serve one discard from another's positions."""
    import numpy as np

    import solver

    batch = _batch(q, Hand(int(kept[0])), ranks)
    hands = np.array([batch.hands(i) for i in range(len(batch))],
                     dtype=np.uint32).reshape(-1, 3)
    rows = np.repeat(hands, len(kept), axis=0)
    rows[:, q.declarer - 1] = np.tile(kept, len(hands))
    seat_a = [s for s in SEATS if s != q.declarer][0]
    template = _position(q, Hand(int(kept[0])), solver.subset(q.others.mask, q.n, 0), seat_a)
    answers = solver.run_jobs(solver.Jobs.from_hands(template, rows), target=target,
                              threads=jobs, progress=progress)
    return list(np.asarray(answers, dtype=np.int8).reshape(len(hands), len(kept)))


def _shares_precise(odds: LayoutOdds, n: int) -> str | None:
    """"precise" when the 95% interval of the share of every trick count 0..n (those not
    seen too) is narrower than the practical margin (`settle.precise`), else None."""
    from .settle import precise

    for tricks in range(n + 1):
        if precise(wilson_interval(odds.counts.get(tricks, 0), odds.layouts)) is None:
            return None
    return "precise"


def _paired(best: Any, rival: Any) -> tuple[float, float | None]:
    """A rival's paired difference to the best in what went well (mean, never above 0 for
    the best, and its standard error), from the two arrays of what went against him, layout
    by layout (booleans: missed or caught; or tricks, counted against him)."""
    diff = best.astype(float) - rival.astype(float)
    n = len(diff)
    se = float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else None
    return float(diff.mean()), se


def _stopped(odds: LayoutOdds, stopped: str) -> LayoutOdds:
    """`odds` (and each discard's entry) marked with why the draw stopped."""
    return replace(odds, stopped=stopped,
                   discards=[replace(one, stopped=stopped) for one in odds.discards])


def _pruned_at_cap(q: Question, entries: list, target: int, samples: int, seed: int | None,
                   counted: list, worst: list) -> LayoutOdds:
    """The fixed run's answer with `prune` (see `layout_odds`) from every discard's answers
    on the whole sample: each count cut where the pruned count stops it (`_cut_at_limit`,
    which does not depend on how the count ran), in the order of the same screen."""
    failure = 1 if q.game.kind == MISERE else 0
    where = {discard: i for i, (_, discard, _) in enumerate(entries)}

    def count(discard: tuple[Card, Card], merged: list, limit: int | None) -> LayoutOdds:
        i = where[discard]
        answers = counted[i].copy()
        if limit is not None:
            _cut_at_limit(answers, failure, limit)
        return _summary(q, entries[i][0], discard, merged, target, samples, seed, answers,
                        worst[i])

    return _in_turn(_screened(q, [(d, m) for _, d, m in entries], target), count, True, None)


def _batch(q: Question, kept: Hand, ranks: Any) -> Any:
    """The engine's positions (`solver.Jobs`) of the layouts of the colex `ranks`, the
    declarer holding `kept` (see `solve_layouts`)."""
    import solver

    seat_a = [s for s in SEATS if s != q.declarer][0]
    template = _position(q, kept, solver.subset(q.others.mask, q.n, 0), seat_a)
    return solver.Jobs.layouts(template, seat_a - 1, q.others.mask, q.n, ranks)


def _cut_at_limit(results: Any, failure: int, limit: int) -> None:
    """Keep the answers up to the layout where the failures first pass `limit`, and mark the
    rest unsolved (-1), so that a stopped count does not depend on how the threads ran.

    The layouts solved always form a prefix (work is handed out in order and every chunk
    handed out is finished), so the cut lands at the same layout whatever the threads did.
    """
    import numpy as np

    seen = np.cumsum(results == failure)
    over = np.flatnonzero(seen > limit)
    if over.size:
        results[over[0] + 1:] = -1


def solve_layouts(q: Question, kept: Hand, ranks: Any, target: int | None, *,
                  jobs: int | None = None, progress: Callable[[int], None] | None = None,
                  limit: int | None = None) -> tuple[Any, Any]:
    """Solve the layouts of the given colex `ranks` with the declarer holding `kept`.

    The layout of rank r gives the lower-numbered other seat subset r (`solver.subset`) of
    the others' cards. Returns the engine's positions (`solver.Jobs`) and their answers (an
    int8 array: trick counts, or 0/1 for `target`; -1 where `limit` stopped the count, see
    `layout_odds`' stop_after).
    """
    import solver

    batch = _batch(q, kept, ranks)
    give_up = None
    if limit is not None:
        give_up = (1 if q.game.kind == MISERE else 0, limit)
    return batch, solver.run_jobs(batch, target=target, threads=jobs, progress=progress,
                                  give_up=give_up)


def _position(q: Question, kept: Hand, first: int, seat_a: int) -> Any:
    """The engine position of one layout: `first` (a mask of others' cards) to seat_a."""
    import solver

    hands = [0, 0, 0]
    hands[q.declarer - 1] = kept.mask
    hands[seat_a - 1] = first
    hands[6 - q.declarer - seat_a - 1] = q.others.mask & ~first
    return solver.Position(hands=tuple(hands), leader=q.leader - 1, game=q.game.kind,
                           trump=q.game.trump, focus=q.declarer - 1)


def layout_at(q: Question, batch: Any, index: int,
              discard: tuple[Card, Card] | None) -> Layout:
    """Layout `index` of `batch` (see `solve_layouts`) as a deal, solved exactly, with a line."""
    import solver

    masks = batch.hands(index)
    deal = Deal(tuple(Hand(m) for m in masks),
                discard=Hand.from_cards(discard) if discard else None)
    position = make_position(deal, q.game, declarer=q.declarer, leader=q.leader)[0]
    engine = solver.default_solver()
    return Layout(deal, engine.tricks(position),
                  [Card.from_index(c) for c in engine.line(position)])


def _screened(q: Question, classes: list, target: int) -> list:
    """The discards in the order of a quick screen on a fixed sample of layouts, most
    promising first, so that pruning against the best discard so far pays off early."""
    import numpy as np

    total = math.comb(2 * q.n, q.n)
    ranks = np.random.default_rng(0).integers(0, total, size=min(SCREEN_LAYOUTS, total),
                                              dtype=np.int64)
    scored = []
    for i, (discard, merged) in enumerate(classes):
        kept = Hand(q.hand.mask & ~discard[0].bit & ~discard[1].bit)
        res = solve_layouts(q, kept, ranks, target, jobs=1)[1]
        bad = int(np.count_nonzero(res == (1 if q.game.kind == MISERE else 0)))
        scored.append((bad, i, (discard, merged)))
    return [item for _, _, item in sorted(scored)]


def _rank_key(odds: LayoutOdds) -> tuple:
    """Best discard first: complete counts before cut ones, then fewest failures (target
    mode) or the best mean (most tricks; misère fewest) then made most often (misère: clean);
    equal ones by `low_cards_first`."""
    low = low_cards_first(odds.discard or (), odds.game.trump)
    if odds.made is not None:
        return (not odds.complete, odds.failed if odds.complete else 0, -odds.layouts, low)
    misere = odds.game.kind == MISERE
    mean = odds.mean if odds.mean is not None else Fraction(0)
    made = sum(k for t, k in odds.counts.items()
               if (t == 0 if misere else t >= odds.game.level))
    return (not odds.complete, mean if misere else -mean, -made, low)


def binomial_interval(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a share of `k` successes in `n` layouts drawn, at
    confidence `level` (default 95%): the one interval every sampled probability carries.

    Closed form, sound near 0 and 1 as well (unlike the normal approximation, whose
    standard error is 0 when every layout agrees); at k = 0 it starts exactly at 0 and at
    k = n it ends exactly at 1."""
    checks.whole("n", n, low=1)
    checks.whole("k", k, low=0, high=n)
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise PositionError(f"level {checks.shown(level)}: a confidence between 0 and 1")
    z = statistics.NormalDist().inv_cdf((1 + level) / 2)
    p = k / n
    spread = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / spread
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / spread
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a binomial proportion: `binomial_interval`, under the
    name the odds and the studies have used."""
    return binomial_interval(successes, trials)


def _check_options(q: Question, target: int | None, samples: int | None, seed: int | None,
                   jobs: int | None) -> None:
    if target is not None:
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target <= q.n:
            raise PositionError(f"target {target!r} is not a number of tricks 0..{q.n}")
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise PositionError(f"samples {samples!r} is not a positive number of layouts")
        check_samples_cap(samples)
    elif seed not in (None, 0):  # 0 is the default, unused when every layout is counted
        raise PositionError("seed is for sampling: give samples=N too")
    check_seed(seed)
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise PositionError(f"jobs {jobs!r} is not a positive number of threads")


def check_samples_cap(samples: int, cap: int = MAX_SAMPLES, name: str = "MAX_SAMPLES") -> None:
    """Refuse more than `cap` layouts asked for in one call (`name`: the cap's constant)."""
    if samples > cap:
        raise PositionError(f"samples {samples}: at most {cap} layouts per call ({name})")


def check_seed(seed: Any) -> None:
    """Refuse a seed that is not a whole number 0..`MAX_SEED` (None, an unseeded draw, is
    allowed)."""
    if seed is not None and (not checks.is_whole(seed) or not 0 <= seed <= MAX_SEED):
        raise PositionError(f"seed {checks.shown(seed)}: a seed is a whole number from 0 to "
                            f"2**63 - 1, or None")


def as_hand(value: Any, what: str) -> Hand:
    """A hand given as a `Hand`, text or cards; `PositionError` naming `what` otherwise."""
    return card_set(value, what)


def _first(mask: int) -> Card:
    return Card.from_index((mask & -mask).bit_length() - 1)
