"""Layouts as a player sees them: his own cards (and the open talon) known, the rest dealt
between the two other seats, the declarer's discard chosen by a model, and only the layouts
that fit the bidding kept.

`sample_worlds` draws layouts of the unseen cards (or takes every one of them). When a
defender looks and there is a talon, the declarer gets his hand and the talon and discards
two with the declarer model; without a talon (an ending, or the declarer's own seat) the
cards are only dealt. The bidding filter then keeps or drops the layout. All of it is solved in
compiled code: the discard model is a handful of bound searches per layout, batched over all
layouts at once.

Declarer models (`discard`):
- "dd": the discard that is best for him double-dummy (most tricks in a contract, fewest in
  misère), the given seat leading: one exact count for a first discard, then one bound search
  per other distinct discard ("one trick better?"), exact counts only where that says yes;
- "low": no search: in a contract two cards below the king outside trumps, shortest suits
  first; in misère his two highest cards;
- a callable `(twelve: Hand, game: Game) -> (Card, Card)`: his discard from his own twelve
  cards (he does not see the others').
Bidding filters (`filter`):
- "bid" (the default for a whole hand of ten): a hand that would have bid the game. Where a
  defender looks at a contract with the talon it is the "seat" rule below; elsewhere (the
  declarer's own seat, no talon to weigh his twelve cards, and misère, where the seat rule
  keeps about 1% of the layouts drawn and a lead would take minutes) the "dd" rule;
- "seat": judged from the declarer's own seat: his twelve cards weighed over
  `SEAT_BID_LAYOUTS` layouts of the defenders' cards he cannot see, with one discard for all
  of them (`seat_bids`: a contract when he makes it in at least half of them and the next
  level in fewer than 70%, misère when he is clean in at least half). The defenders know
  his bid, not his cards: this asks of his hand only what his bid told them. Each layout
  drawn costs some 90 to 160 bound searches (each discard tried on nine of his layouts, on
  the rest only while it can still change his bid; ten with "dd"), about five times the
  searches of "dd" for the same layouts kept. A whole hand of ten, seen by a defender, with
  the talon;
- "dd": judged on the layout being weighed: in a contract his double-dummy tricks with his
  discard are at least the level less one; in misère it is "clean" (below). A whole hand of
  ten only. It selects on the double-dummy result against the very cards being weighed,
  which the defenders cannot know (a set of layouts where he is never set by more than one);
- "clean" (misère; what "dd" means there): he takes no trick double-dummy with his best
  discard of his twelve cards, whatever discard the model then chooses. Without a discard
  to model, with his hand as it is. Not at the declarer's own seat: there it would keep
  only the layouts where he is clean, the answer decided before the play;
- "at-most-one" (misère): his double-dummy tricks with his discard are at most one (the
  rule before "clean");
- "none": every layout (the default for an ending, and for misère at the declarer's seat);
- a callable `(deal: Deal, tricks: int) -> bool`.
With the "dd" model (and for "clean" with any model) a filter is "some discard makes it":
one bound search per discard of `top_discards` (a contract; every distinct discard in
misère) for each layout drawn, batched over the round; the model's discard (for "dd" his
best, skipping the discards the filter found short of the bid) is then chosen for the
layouts kept only, in batches (`FLUSH`). The layouts kept, their discards and counts are
those of the plain way (count his best discard in every layout drawn, then check it).

Sampling draws until `samples` layouts are kept or `max_draws` are drawn (default
`MAX_DRAWS`); the result says how many were asked, drawn and kept.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Sequence

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..errors import CardCountError, DuplicateCardError, PositionError
from ..games import CONTRACT, MISERE, Game
from ..hand import Hand
from ..serialize import JsonFields
from ..solving import SEATS
# `binomial_interval`: the interval every sampled share carries, defined with the layout
# counts (the lowest module that uses it) and given here with the rest of the sampling.
from .layouts import (MAX_DRAWS, MAX_WORLDS, as_hand, binomial_interval, check_samples_cap,
                      check_seed, discard_classes)

DISCARD_MODELS = ("dd", "low")
FILTERS = ("bid", "seat", "dd", "clean", "at-most-one", "none")
#: Layouts kept when no number is given (`samples=None`).
DEFAULT_SAMPLES = 1000
#: Layouts drawn in the first round while sampling; later rounds follow the rate kept.
ROUND = 256
#: The engines' table size (MB) for the searches on drawn layouts: the layouts of one run
#: share most of their positions' table entries, and a table this size keeps enough of them
#: between jobs and rounds to save about a fifth of the bound searches' nodes.
TABLE_MB = 64
#: The fewest layouts drawn at a time while a `settle.Looker` waits for its next look.
LOOK_PART = 64
#: Layouts that fit the bid gathered before their discards are chosen in one batch (a batch
#: large enough to keep every thread busy).
FLUSH = 2048
#: The fewest layouts a view of `sample_bid_many` draws in a round.
MANY_ROUND = 16
#: The "seat" filter: the layouts of the defenders' cards a declarer's hand is weighed on,
#: the chance to make the game he needs to declare it, and the chance to make the next level
#: at which he would have declared that instead (see `seat_bids`).
SEAT_BID_LAYOUTS = 16
SEAT_BID_MAKE = Fraction(1, 2)
SEAT_BID_HIGHER = Fraction(7, 10)
#: The rounds in which `seat_bids` weighs a hand's layouts (how many layouts each round adds):
#: after each, a discard that can no longer matter to his bid is not searched again.
SEAT_BID_ROUNDS = (9, 2, 2, 2, 1)
#: Mixed into the seed of a hand's layouts, so they are not the draw's own.
SEAT_BID_SALT = 0x5EA7
#: A model table's row of another filter draws at most this many layouts per layout of the
#: decision (and at least `MODEL_DRAWS_LEAST` in all): see `model_draws`.
MODEL_DRAWS = 20
MODEL_DRAWS_LEAST = 2000
#: The filters in a sentence, for the command line's and the page's help.
FILTER_HELP = ("The layouts kept: 'bid' (default for a hand of ten) those where the declarer"
               " would declare the game from his own seat, his twelve cards weighed over"
               f" {SEAT_BID_LAYOUTS} layouts he cannot see (also 'seat'; in misère, at his"
               " own seat or without a talon it is 'dd'); 'dd' those where he takes the contract less one double-dummy on"
               " the layout itself (misère: 'clean', no trick with his best discard);"
               " 'at-most-one' misère with one trick at most; 'none' every layout (default"
               " for an ending).")


@dataclass(frozen=True)
class Sampled:
    """How the layouts of a result from a player's seat were made: `asked` for, `drawn` and
    `kept` by the bidding filter `filter` (fewer than asked when `max_draws` were drawn
    first), the declarer's discard by `discard_model`, drawn with `seed` (`exact`: every
    layout taken once instead; `asked`, `drawn` and `max_draws` are then their number)."""

    asked: int
    drawn: int
    kept: int
    max_draws: int
    exact: bool
    seed: int | None
    discard_model: str
    filter: str
    #: Why the draw stopped (`settle.STOPS`): "settled" or "practical" before `asked`
    #: were kept, "cap" or "fixed" when they were (or `max_draws` were drawn).
    stopped: str = field(default="fixed", kw_only=True)

    @property
    def short(self) -> bool:
        """Whether fewer layouts were kept than asked because sampling stopped at
        `max_draws` (not because the decision was settled first)."""
        return not self.exact and self.kept < self.asked and self.stopped in ("cap", "fixed")

    @property
    def samples(self) -> int:
        """The layouts the answer stands on (those kept)."""
        return self.kept

    @staticmethod
    def of(worlds: Worlds) -> dict[str, Any]:
        """These fields of `worlds`, to build a result with (`Result(**Sampled.of(w), ...)`)."""
        return {name: getattr(worlds, name) for name in
                ("asked", "drawn", "kept", "max_draws", "exact", "seed", "discard_model",
                 "filter")}


@dataclass(frozen=True)
class Worlds:
    """The layouts kept: `deals` (the declarer's hand after his discard, with the discard when
    one was modelled), `tricks` (his double-dummy tricks in each, the given seat leading),
    `asked`, `drawn` and `kept` counts, the most that would be drawn (`max_draws`), and how
    they were made (`seed`; `exact`: every layout taken)."""

    deals: list[Deal]
    tricks: list[int]
    asked: int
    drawn: int
    kept: int
    max_draws: int
    seed: int | None
    exact: bool
    discard_model: str
    filter: str


def unseen_cards(hand: Hand, talon: Iterable[Card]) -> Hand:
    """The cards a player does not see in a full deal: not his, not the talon's."""
    from solver.position import FULL_DECK  # the engine package, loaded on first use

    talon_mask = Hand.from_cards(talon).mask
    return Hand(FULL_DECK & ~hand.mask & ~talon_mask)


@dataclass(frozen=True)
class _View:
    """What is dealt in each layout: `drawn_seat` gets `need` of the `free` cards on top of
    `fixed[drawn_seat]`, the other unseen seat the rest; with a talon the declarer then holds
    two more and discards two."""

    hand: int
    seat: int
    declarer: int
    drawn_seat: int
    other_seat: int
    free: int
    need: int
    fixed: dict[int, int]
    talon: int
    in_play: int
    game: Game
    leader: int

    def layout(self, rank: int) -> tuple[list[int], int]:
        """Layout `rank`: the hands (the declarer's entry 0) and the declarer's cards before
        his discard (his hand and the talon; without a talon, just his hand)."""
        import solver

        drawn = solver.subset(self.free, self.need, rank) | self.fixed[self.drawn_seat]
        hands = [0, 0, 0]
        hands[self.seat - 1] = self.hand
        hands[self.drawn_seat - 1] = drawn
        hands[self.other_seat - 1] = self.free & ~drawn | self.fixed[self.other_seat]
        mine = hands[self.declarer - 1] | (self.talon if self.seat != self.declarer else 0)
        hands[self.declarer - 1] = 0
        return hands, mine


@dataclass(frozen=True)
class ModelRow(JsonFields):
    """The deciding player's best word or lead under one model of the others and of the
    layouts: `partner` (how the partner's answer is decided: "seat", "open", or a word he
    always says; "given" where the words are given, as for a lead), `filter` (the bidding
    filter of the layouts), `best` (a word, or a card), `by` (its margin over the runner-up:
    in vists, or for an unpriced lead in the chance to set) and `se` (the standard error of
    that paired difference; None when exact), over `kept` layouts."""

    partner: str
    filter: str
    best: Any
    by: Fraction
    se: float | None
    kept: int

    JSON = ("partner", "filter", "best", ("by", lambda m: float(m.by)), "se", "kept")


def other_filters(used: str, game: Game, size: int, talon: Sequence[Card],
                  defender: bool = True) -> list[str]:
    """The bidding filters a model table also weighs besides the one `used`: "seat", "dd"
    and "none", for a whole hand seen by a `defender` with the talon (not "seat" in misère
    unless it was asked: it keeps about 1% of the layouts drawn there); none for an ending,
    for the declarer's own seat (he knows his hand: a filter on it keeps all or nothing) or
    for a filter given as a function."""
    if (size != 10 or not talon or not defender
            or used not in ("seat", "dd", "clean", "none")):
        return []
    misere = game.kind == MISERE
    same = {"clean": "dd"}.get(used, used)
    return [rule for rule in ("seat", "dd", "none")
            if rule != same and not (rule == "seat" and misere)]


def model_draws(kept: int, max_draws: int | None) -> int:
    """The most layouts a model table's row may draw to keep as many as the decision's
    `kept` with another filter: `MODEL_DRAWS` a layout (at least `MODEL_DRAWS_LEAST`), within
    the caller's `max_draws`. A filter that keeps fewer of them gives a row of fewer
    layouts (its count is in the row) instead of a wait of minutes."""
    return min(max_draws or MAX_DRAWS, max(MODEL_DRAWS * kept, MODEL_DRAWS_LEAST))


def sample_worlds(hand: Hand, talon: Iterable[Card] | None, game: Game, declarer: int,
                  seat: int, *, samples: int | str | None = DEFAULT_SAMPLES,
                  seed: int | None = 0, discard: str | Callable[..., Any] | None = None,
                  filter: str | Callable[..., bool] | None = None, jobs: int | None = None,
                  max_draws: int | None = None, known: Mapping[int, Any] | None = None,
                  others: Hand | None = None, leader: int = 1,
                  progress: Callable[[int], None] | None = None,
                  looks: Any = None) -> Worlds:
    """Layouts of the cards the player in `seat` cannot see, as he would weigh them.

    hand:      his cards (n of them); `talon`: the open talon (two cards), or None when there
               is none to model (an ending; the declarer's own seat needs none).
    others:    the 2n cards the other two seats hold between them (default: the rest of the
               deck, less the talon).
    samples:   layouts to keep (drawing uniformly, with replacement, until that many pass the
               filter), or "all": every layout, once; None: `DEFAULT_SAMPLES` (1000). At
               most `MAX_WORLDS` (100,000): each layout kept is held in memory.
    seed:      the seed of the draw, 0..2**63 - 1 (default 0, so a run repeats; None draws
               unseeded).
    discard:   the declarer's discard when the talon is open to model (`DISCARD_MODELS` or a
               function returning two of the declarer's twelve cards); None: "dd", his best
               double-dummy discard.
    filter:    the bidding filter (`FILTERS` or a function); None: "bid" for a whole hand of
               ten ("seat" where a defender looks at a contract with the talon, else "dd",
               which is "clean" in misère), "none" for an ending and for misère at the declarer's own seat.
    max_draws: stop drawing after this many layouts, kept or not (default and at most
               `MAX_DRAWS`); fewer than `samples` are then kept. Not with "all".
    known:     {seat: cards} known to lie in one of the unseen hands (the declarer's among
               his hand before he took the talon): only the other unseen cards are dealt.
    leader:    the seat leading to the first trick, for the double-dummy counts.
    looks:     a `settle.Looker`: the layouts kept are offered to it as they come, and
               drawing stops when it says the decision is settled (the result then holds
               the layouts it looked at); without it, or when it never stops, the same
               layouts as without it.
    """
    import numpy as np

    checks.seat_mapping("known", known)
    checks.callback("progress", progress)
    checks.whole("jobs", jobs, low=1, optional=True)
    checks.whole("max_draws", max_draws, low=1, high=MAX_DRAWS, optional=True)
    check_seed(seed)
    view = _view(hand, talon, game, declarer, seat, known, others, leader)
    with_discard = view.talon and seat != declarer
    if with_discard:
        model = discard if callable(discard) else _check_word(
            "dd" if discard is None else discard, DISCARD_MODELS, "discard")
    elif discard not in (None, "dd"):
        raise PositionError("no discard to model: there is no talon (or the declarer looks)")
    else:
        model = None
    keep = _filter_rule(filter, game, len(hand), seat, declarer, with_discard)
    total = math.comb(bin(view.free).count("1"), view.need)
    if samples is None:
        samples = DEFAULT_SAMPLES
    exact = samples == "all"
    if exact and max_draws is not None:
        raise PositionError("max_draws is for sampling: samples='all' takes every layout once")
    if not exact:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise PositionError(f"samples {samples!r}: a positive number of layouts, or 'all'")
        check_samples_cap(samples, MAX_WORLDS, "MAX_WORLDS")
    goal = total if exact else samples
    end = total if exact else (max_draws if max_draws is not None else MAX_DRAWS)
    rng = np.random.default_rng(seed)
    deals: list[Deal] = []
    tricks: list[int] = []
    drawn = 0
    size = ROUND
    # A filter that some discard meets (his best one, with the "dd" model; "clean" is
    # defined on his best) is answered by bound searches before any discard is chosen: the
    # layouts kept are known first, and the model's discards of all of them are chosen in
    # batches.
    deferred = model is not None and (keep in ("clean", "seat") or (
        keep in ("dd", "at-most-one") and model == "dd"))
    if keep == "seat" and not with_discard:
        raise PositionError("the seat filter weighs the declarer's twelve cards: it needs the "
                            "talon, and a defender's seat")
    seat_cache: dict[int, bool] = {}
    fitting: list[tuple[list[int], int]] = []
    known_bounds: list[dict[tuple[int, ...], bool]] = []
    # With `looks`, each round's draw is taken a part at a time (about what the next look
    # needs) and the kept layouts are offered to it; the draws themselves (their sizes, so
    # the random numbers) are those of the run without looks, so a run that does not stop
    # early keeps the same layouts. `kept_at[i]`: the layouts drawn up to the i-th kept.
    pending = np.zeros(0, dtype=np.int64)
    kept_at: list[int] = []
    stopped = False
    while len(deals) + len(fitting) < goal and drawn < end:
        if not len(pending):
            size = min(size, end - drawn)
            pending = (np.arange(drawn, drawn + size, dtype=np.int64) if exact
                       else rng.integers(0, total, size=size, dtype=np.int64))
        part = len(pending)
        if looks is not None:
            have = len(deals) + len(fitting)
            rate = max(have, 1) / max(drawn, 1)
            part = max(LOOK_PART, int((looks.want() - have) / rate * 1.1) + 1)
        ranks, pending = pending[:part], pending[part:]
        batch = [view.layout(int(r)) for r in ranks]
        if deferred:
            if keep == "seat":
                fits = seat_bids([mine for _, mine in batch], view, seed, jobs, seat_cache)
                bounds: list[dict[tuple[int, ...], bool]] = [{} for _ in batch]
            else:
                fits, bounds = _bid_search(batch, view, jobs, rule=str(keep))
            seen = 0
            for layout, ok, bound in zip(batch, fits, bounds):
                seen += 1
                if ok:
                    fitting.append(layout)
                    known_bounds.append(bound)
                    kept_at.append(drawn + seen)
                    if len(deals) + len(fitting) == goal:
                        break
            drawn += seen
            if progress is not None:
                progress(seen)
            if len(fitting) >= FLUSH or looks is not None:
                _add_worlds(fitting, known_bounds, view, model, jobs, deals, tricks)
        else:
            chosen, values = choose_discards(batch, view, model, jobs)
            answers = iter(zip(chosen, values))
            seen = 0
            for hands, mine in batch:
                seen += 1
                pair, value = next(answers)
                if isinstance(keep, str) and keep != "none" and not _fits(keep, game, value):
                    continue
                deal = _world(hands, mine, pair, declarer)
                if callable(keep) and not keep(deal, value):
                    continue
                deals.append(deal)
                tricks.append(value)
                kept_at.append(drawn + seen)
                if len(deals) == goal:
                    break
            drawn += seen
            if progress is not None:
                progress(seen)
        if not len(pending):
            # The next round: about what the rate kept so far says is still needed.
            rate = max(len(deals) + len(fitting), 1) / drawn
            size = max(ROUND, min(8 * ROUND,
                                  int((goal - len(deals) - len(fitting)) / rate * 1.1) + 1))
        if looks is not None and looks.offer(len(deals), lambda n: _kept(
                deals, tricks, n, goal, kept_at, end, seed, exact, model, keep)):
            stopped = True
            break
    _add_worlds(fitting, known_bounds, view, model, jobs, deals, tricks)
    if not deals:
        raise PositionError(f"no layout of {drawn} drawn fits the bidding filter")
    if stopped:
        assert looks is not None and looks.samples is not None
        return _kept(deals, tricks, looks.samples, goal, kept_at, end, seed, exact, model, keep)
    return Worlds(deals, tricks, goal, drawn, len(deals), end, None if exact else seed, exact,
                  model if isinstance(model, str) else "none" if model is None else "custom",
                  keep if isinstance(keep, str) else "custom")


def sample_bid_many(views: Sequence[tuple[Hand, Hand, int | None]], talon: Iterable[Card],
                    game: Game, declarer: int, seat: int, *, samples: int, max_draws: int,
                    leader: int = 1, jobs: int | None = None, least: int = 0,
                    least_draws: int = 0) -> list[Worlds | None]:
    """`sample_worlds` with the "dd" discard and the "dd" filter for many seat views of one
    game at once: each view (hand, others, seed) is a player in `seat` with his hand and the
    cards he cannot see, drawing with its own seeded generator until `samples` layouts fit
    the bid or `max_draws` were drawn (None where none fits); a view that has kept fewer
    than `least` by then draws on until it has `least` or `least_draws` were drawn (its
    layouts up to `max_draws` are the same either way). The engine's searches of every
    view are made in one batch per round, so a hundred small views cost about what one large
    one does; each view's layouts are its own whatever the others (the rounds of a view
    depend on its own draws only).

    A round draws what the view's rate kept so far says it still needs (the first round:
    twice what it needs), at least `MANY_ROUND`, at most the draws it has left."""
    import numpy as np

    talon = list(talon)
    prepared = [_view(hand, talon, game, declarer, seat, None, others, leader)
                for hand, others, _ in views]
    if not prepared:
        return []
    state = []
    for v, (_, _, seed) in zip(prepared, views):
        if v.talon == 0 or seat == declarer or game.kind != CONTRACT:
            raise PositionError("sample_bid_many: a defender's view of a contract, with the talon")
        state.append({"rng": np.random.default_rng(seed), "drawn": 0, "fitting": [],
                      "bounds": [], "total": math.comb(bin(v.free).count("1"), v.need)})
    active = list(range(len(prepared)))
    while active:
        batch: list[tuple[list[int], int]] = []
        owners: list[int] = []
        for i in active:
            st = state[i]
            kept, drawn = len(st["fitting"]), st["drawn"]
            rate = kept / drawn if kept else 0.5
            goal = samples if drawn < max_draws else least
            size = max(MANY_ROUND, int((goal - kept) / rate * 1.1) + 1)
            size = min(size, (max_draws if drawn < max_draws else least_draws) - drawn)
            ranks = st["rng"].integers(0, st["total"], size=size, dtype=np.int64)
            batch.extend(prepared[i].layout(int(r)) for r in ranks)
            owners.extend([i] * size)
        # One view serves the engine batch: the game, declarer, leader and the cards in play
        # (a whole deal's) are the same in every view.
        fits, bounds = _bid_search(batch, prepared[active[0]], jobs, rule="dd")
        for layout, i, ok, bound in zip(batch, owners, fits, bounds):
            st = state[i]
            if len(st["fitting"]) == samples:
                continue  # this view has what it needs: the rest of its round is not drawn
            st["drawn"] += 1
            if ok:
                st["fitting"].append(layout)
                st["bounds"].append(bound)
        active = [i for i in active if len(state[i]["fitting"]) < samples
                  and (state[i]["drawn"] < max_draws
                       or (len(state[i]["fitting"]) < least
                           and state[i]["drawn"] < least_draws))]
    # The best discard of every layout kept, all views in one batch.
    everything = [layout for st in state for layout in st["fitting"]]
    known = [bound for st in state for bound in st["bounds"]]
    chosen, values = choose_discards(everything, prepared[0], "dd", jobs, known)
    out: list[Worlds | None] = []
    at = 0
    for st, (_, _, seed) in zip(state, views):
        k = len(st["fitting"])
        if not k:
            out.append(None)
            continue
        deals = [_world(hands, mine, pair, declarer) for (hands, mine), pair
                 in zip(st["fitting"], chosen[at:at + k])]
        out.append(Worlds(deals, values[at:at + k], samples, st["drawn"], k, max_draws, seed,
                          False, "dd", "dd"))
        at += k
    return out


def _kept(deals: list[Deal], tricks: list[int], n: int, goal: int, kept_at: list[int],
          end: int, seed: int | None, exact: bool, model: Any, keep: Any) -> Worlds:
    """The first n layouts kept, as `Worlds` (drawn: the layouts drawn up to the n-th)."""
    return Worlds(deals[:n], tricks[:n], goal, kept_at[n - 1], n, end,
                  None if exact else seed, exact,
                  model if isinstance(model, str) else "none" if model is None else "custom",
                  keep if isinstance(keep, str) else "custom")


def _filter_rule(filter: str | Callable[..., bool] | None, game: Game, size: int, seat: int,
                 declarer: int, from_seat: bool = False) -> str | Callable[..., bool]:
    """The bidding filter `sample_worlds` applies: "seat", "dd" (a contract), "clean",
    "at-most-one", "none" or the caller's function, checked against the game and the seat.

    `from_seat`: a defender looks at a whole hand with the talon, so the declarer's twelve
    cards can be weighed from his seat: "bid" (and the default) is then the "seat" rule;
    elsewhere (the declarer's own seat, no talon) it is the double-dummy one."""
    misere = game.kind == MISERE
    if filter is None:
        if size != 10 or (misere and seat == declarer):
            return "none"
        filter = "bid"
    if callable(filter):
        return filter
    rule = _check_word(filter, FILTERS, "filter")
    if rule in ("bid", "dd", "seat"):
        if size != 10:
            raise PositionError(f"the {rule} filter is for whole hands: give filter='none' for"
                                f" an ending")
        if rule == "bid":
            # Misère stays double-dummy: from his seat a drawn misère hand is clean in half
            # of its layouts so rarely (about 1% of the layouts drawn are kept, against 7%
            # with "clean") that one lead takes minutes instead of a second.
            rule = "seat" if from_seat and not misere else "dd"
        if rule == "dd" and misere:
            rule = "clean"
    if rule in ("clean", "at-most-one") and not misere:
        raise PositionError(f"filter {rule!r} is for misère; a contract's bidding filter is "
                            f"'bid', 'seat' or 'dd'")
    if rule == "clean" and seat == declarer:
        raise PositionError("filter clean is not for the seat of the declarer: he sees his "
                            "hand, and keeping only the layouts where he is clean would decide "
                            "the answer; give filter 'none' or 'at-most-one'")
    return rule


def _view(hand: Hand, talon: Iterable[Card] | None, game: Game, declarer: int, seat: int,
          known: Mapping[int, Any] | None, others: Hand | None, leader: int) -> _View:
    """Check the arguments of `sample_worlds` and say what each layout deals."""
    if game.kind not in (CONTRACT, MISERE):
        raise PositionError(f"layouts are sampled for a contract or misère, not {game}")
    for name, value in (("declarer", declarer), ("seat", seat), ("leader", leader)):
        if isinstance(value, bool) or value not in SEATS:
            raise PositionError(f"{name} seat {value!r} is not 1, 2 or 3")
    n = len(hand)
    if not 1 <= n <= 10:
        raise CardCountError(f"a hand holds 1 to 10 cards, got {n}")
    talon_cards = list(talon or ())
    if talon_cards and (len(talon_cards) != 2 or talon_cards[0] == talon_cards[1]):
        raise CardCountError(f"the talon has two cards, got {len(talon_cards)}")
    talon_mask = Hand.from_cards(talon_cards).mask
    if talon_mask & hand.mask:
        whose = "declarer's" if seat == declarer else "defender's"
        raise DuplicateCardError(f"a talon card is also in the {whose} hand")
    if others is None:
        # The other seats hold what the hand and the talon leave: a wrong count is the hand's.
        checks.hand_size(n, len(talon_cards), out_what="in the talon", with_talon=False)
        from solver.position import FULL_DECK  # the engine package, loaded on first use

        unseen = FULL_DECK & ~hand.mask & ~talon_mask
    else:
        unseen = others.mask
        if unseen & (hand.mask | talon_mask):
            raise DuplicateCardError("the others' cards overlap the hand or the talon")
    if bin(unseen).count("1") != 2 * n:
        raise CardCountError(f"the two other seats hold {bin(unseen).count('1')} cards "
                             f"between them: {2 * n} are needed for hands of {n}")
    rest = [s for s in SEATS if s != seat]
    if seat == declarer:
        drawn_seat, other_seat = rest
    else:
        drawn_seat = declarer
        other_seat = [s for s in rest if s != declarer][0]
    fixed = {drawn_seat: 0, other_seat: 0}
    for where, cards in (known or {}).items():
        if where not in fixed:
            raise PositionError(f"known cards for seat {where!r}: only seats {drawn_seat} "
                                f"and {other_seat} are unseen")
        mask = known_cards(cards).mask
        if mask & ~unseen:
            raise DuplicateCardError("a known card is the player's own or in the talon")
        fixed[where] = mask
    if fixed[drawn_seat] & fixed[other_seat]:
        raise DuplicateCardError("a card is known to be in both unseen hands")
    need = n - bin(fixed[drawn_seat]).count("1")
    if need < 0 or bin(fixed[other_seat]).count("1") > n:
        raise CardCountError(f"more than {n} known cards in one hand")
    free = unseen & ~fixed[drawn_seat] & ~fixed[other_seat]
    return _View(hand.mask, seat, declarer, drawn_seat, other_seat, free, need, fixed,
                 talon_mask, hand.mask | unseen | talon_mask, game, leader)


def _world(hands: list[int], mine: int, pair: tuple[Card, ...], declarer: int) -> Deal:
    """A kept layout as a deal: the declarer's twelve less his discard, the discard aside."""
    full = list(hands)
    full[declarer - 1] = mine & ~sum(c.bit for c in pair)
    return Deal(tuple(Hand(m) for m in full), discard=Hand.from_cards(pair) if pair else None)


def _add_worlds(fitting: list[tuple[list[int], int]],
                known: list[dict[tuple[int, ...], bool]], view: _View,
                model: str | Callable[..., Any], jobs: int | None, deals: list[Deal],
                tricks: list[int]) -> None:
    """Choose the model's discard of every layout in `fitting` (all in one batch), append the
    deals and counts, and empty `fitting`."""
    chosen, values = choose_discards(fitting, view, model, jobs, known)
    for (hands, mine), pair, value in zip(fitting, chosen, values):
        deals.append(_world(hands, mine, pair, view.declarer))
        tricks.append(value)
    fitting.clear()
    known.clear()


def _fits(rule: str, game: Game, tricks: int) -> bool:
    """Whether the declarer's `tricks` meet the bidding filter `rule` ("dd" in a contract,
    "clean" or "at-most-one" in misère)."""
    return tricks < _bound(rule, game) if game.kind == MISERE else tricks >= _bound(rule, game)


def _bound(rule: str, game: Game) -> int:
    """The declarer's tricks the bidding filter `rule` turns on: in a contract he takes at
    least so many, in misère fewer."""
    if game.kind == MISERE:
        return 2 if rule == "at-most-one" else 1
    return game.level - 1


def _better(game: Game) -> Callable[[int, int], bool]:
    return (lambda a, b: a < b) if game.kind == MISERE else (lambda a, b: a > b)


def top_discards(mine: int) -> list[tuple[int, int]]:
    """The discards a contract declarer needs to try for his best count: the two lowest
    cards of one suit, or the lowest of each of two suits (ascending card numbers; at most
    ten pairs where he has some 35 distinct discards).

    Every other discard leaves him the same suit lengths as one of these and, card for
    card, lower ranks; and a higher card of a suit in place of a lower one never costs the
    declarer of a contract a trick. (He plays it wherever he would have played the lower
    one; until it wins a trick the lower one would have lost, all goes alike; from there he
    is a trick up and on lead instead of a defender, and being on lead should cost him at
    most that trick back. That last step is an argument, not a proof: tests/test_whist.py
    checks the rule with the plain minimax on small endings and the best of these discards
    against the best of all on random ones, and `fits_bid(..., every=True)` tries every
    distinct discard.) Not so
    in misère, where a lower card can cost him: there every distinct discard is tried.
    """
    suits = _by_suit(mine)
    pairs = [(cards[0], cards[1]) for cards in suits if len(cards) >= 2]
    pairs += [(suits[s][0], suits[t][0]) for s in range(4) for t in range(s + 1, 4)
              if suits[s] and suits[t]]
    return pairs


#: The card numbers of each suit's holding (its eight bits), lowest first, per suit.
_SUIT_CARDS = tuple(tuple(tuple(s * 8 + b for b in range(8) if bits >> b & 1)
                          for bits in range(256)) for s in range(4))


def _by_suit(mine: int) -> list[list[int]]:
    """The cards of `mine` in each suit, lowest first."""
    return [list(_SUIT_CARDS[s][mine >> (8 * s) & 255]) for s in range(4)]


def _top_of(pair: tuple[int, ...], suits: list[list[int]]) -> tuple[int, int]:
    """The discard of `top_discards` that dominates `pair` (from the hand whose cards by suit
    are `suits`): the same suits, their lowest cards."""
    a, b = sorted(c // 8 for c in pair)
    if a == b:
        return suits[a][0], suits[a][1]
    return suits[a][0], suits[b][0]


def _bid_discards(mine: int, view: _View, every: bool) -> list[tuple[int, ...]]:
    """The discards the bid filter tries for a declarer holding `mine`."""
    if view.game.kind == CONTRACT and not every:
        return top_discards(mine)
    return [group[0] for group in discard_classes(mine, view.in_play & ~mine)]


def _bid_search(batch: list[tuple[list[int], int]], view: _View, jobs: int | None,
                every: bool = False, rule: str = "dd"
                ) -> tuple[list[bool], list[dict[tuple[int, ...], bool]]]:
    """`fits_bid`, and per layout {discard tried: whether it makes the bid}.

    Every discard is tried, also in the layouts where another one makes the bid: what they
    answer spares as many searches when his best discard is chosen."""
    bounds = _makes(batch, view, jobs, _bound(rule, view.game), every)
    return [any(b.values()) for b in bounds], bounds


def _makes(batch: list[tuple[list[int], int]], view: _View, jobs: int | None, bound: int,
           every: bool = False) -> list[dict[tuple[int, ...], bool]]:
    """Per layout, {discard of `_bid_discards`: whether with it the declarer takes at least
    `bound` tricks (misère: fewer)}, double-dummy, all in one engine batch of bound searches."""
    import solver

    rows: list[int] = []
    pairs: list[tuple[int, ...]] = []
    for i, (hands, mine) in enumerate(batch):
        for pair in _bid_discards(mine, view, every):
            rows.append(i)
            pairs.append(pair)
    bounds: list[dict[tuple[int, ...], bool]] = [{} for _ in batch]
    if rows:
        misere = view.game.kind == MISERE
        answers = solver.run_jobs(solver.Jobs.from_hands(
            _template(batch[0], pairs[0], view), _hands_array(batch, pairs, view.declarer, rows)),
            target=bound, threads=jobs, tt_mb=TABLE_MB)
        for i, pair, answer in zip(rows, pairs, answers.tolist()):
            bounds[i][pair] = answer == (0 if misere else 1)
    return bounds


def seat_bid_layouts(mine: int, view: _View, seed: int | None
                     ) -> list[tuple[list[int], int]]:
    """The `SEAT_BID_LAYOUTS` layouts of the defenders' cards on which the "seat" filter weighs
    the declarer's twelve cards `mine`: (hands, mine) as `_View.layout` gives them, the
    declarer's entry 0, drawn uniformly with a generator seeded by `seed` and the hand."""
    import numpy as np

    import solver

    seats = [s for s in SEATS if s != view.declarer]
    unseen = view.in_play & ~mine
    n = bin(unseen).count("1") // 2
    rng = np.random.default_rng([SEAT_BID_SALT, 0 if seed is None else seed, mine])
    out = []
    for rank in rng.integers(0, math.comb(2 * n, n), size=SEAT_BID_LAYOUTS):
        first = solver.subset(unseen, n, int(rank))
        hands = [0, 0, 0]
        hands[seats[0] - 1], hands[seats[1] - 1] = first, unseen & ~first
        out.append((hands, mine))
    return out


def _least(share: Fraction, k: int) -> int:
    """The fewest of `k` layouts that make a share of at least `share`."""
    return math.ceil(share * k)


def seat_bids(twelves: Sequence[int], view: _View, seed: int | None, jobs: int | None = None,
              cache: dict[int, bool] | None = None) -> list[bool]:
    """The "seat" bidding filter: whether a declarer holding each of `twelves` (his ten and
    the talon, as card masks) would declare the game of `view` from his own seat.

    He sees those twelve cards only. Over `SEAT_BID_LAYOUTS` layouts of the defenders' cards
    (drawn uniformly, seeded by `seed` and the hand, so a hand is always judged alike), he
    takes the discard that makes the game in most of them (one discard for all: he chooses it
    before he sees a card of theirs). In a contract he declares the game when with that
    discard he makes it in at least `SEAT_BID_MAKE` of the layouts and, with the best
    discard for it, the next level of the strain in fewer than `SEAT_BID_HIGHER` (with
    that chance he would have bid higher); in misère when he is clean in at least
    `SEAT_BID_MAKE`. Double-dummy play stands in for the play at the table. `cache`: the
    answers found so far, by hand (updated).

    The answer is that of counting every discard of `_bid_discards` on every layout, with
    fewer searches: the layouts are weighed in `SEAT_BID_ROUNDS`, and a discard is dropped
    once it cannot reach the count that would still change the answer (the game's share
    while no discard has it, then the next level's, which a discard can reach only on the
    layouts where it makes the game)."""
    cache = {} if cache is None else cache
    todo = sorted({m for m in twelves if m not in cache})
    if todo:
        cache.update(zip(todo, _seat_rule(todo, view, seed, jobs)))
    return [cache[m] for m in twelves]


def _seat_rule(todo: list[int], view: _View, seed: int | None, jobs: int | None) -> list[bool]:
    """`seat_bids` for the distinct hands `todo`, by rounds (see there)."""
    import numpy as np

    game = view.game
    misere = game.kind == MISERE
    k = SEAT_BID_LAYOUTS
    make, high = _least(SEAT_BID_MAKE, k), _least(SEAT_BID_HIGHER, k)
    higher = not misere and game.level < 10
    # The defenders' hands of each hand's layouts, in seat order (the declarer's entry 0).
    layouts = np.array([[hands for hands, _ in seat_bid_layouts(mine, view, seed)]
                        for mine in todo], dtype=np.uint32).reshape(len(todo), k, 3)
    # One row per (hand, discard): the hand's index and the declarer's ten cards.
    owner: list[int] = []
    tens: list[int] = []
    for j, mine in enumerate(todo):
        for pair in _bid_discards(mine, view, False):
            owner.append(j)
            tens.append(mine & ~sum(1 << c for c in pair))
    rows = np.array(owner, dtype=np.int64)
    ten = np.array(tens, dtype=np.uint32)
    template = _template(([int(h) for h in layouts[0, 0]], tens[0]), (), view)
    # Whether each row makes the game on each layout (searched where `tried`).
    made = np.zeros((len(rows), k), dtype=bool)
    tried = np.zeros((len(rows), k), dtype=bool)

    def search(who: Any, at: Any, bound: int) -> Any:
        """Whether row who[i] takes `bound` tricks (misère: fewer) on its layout at[i]."""
        import solver

        arr = layouts[rows[who], at].copy()
        arr[:, view.declarer - 1] = ten[who]
        answers = solver.run_jobs(solver.Jobs.from_hands(template, arr), target=bound,
                                  threads=jobs, tt_mb=TABLE_MB)
        return answers == (0 if misere else 1)

    bids = np.zeros(len(todo), dtype=bool)
    alive = np.ones(len(rows), dtype=bool)
    start = 0
    for size in SEAT_BID_ROUNDS:
        who, at = np.nonzero(alive[:, None] & (np.arange(k) >= start)
                             & (np.arange(k) < start + size))
        if len(who):
            made[who, at] = search(who, at, 1 if misere else game.level)
            tried[who, at] = True
        start += size
        count = made.sum(axis=1)
        best = np.zeros(len(todo), dtype=np.int64)
        np.maximum.at(best, rows, count)
        bids = best >= make
        # The count a row must still be able to reach to matter: the game's share while his
        # hand has no discard with it; then, to refuse him for the next level, that share.
        need = np.where(bids[rows], high if higher else k + 1, make)
        alive = count + (k - start) >= need
    if higher:
        # A discard makes the next level only where it makes the game: search those layouts
        # of the discards that make the game often enough, a round at a time.
        alive = bids[rows] & (made.sum(axis=1) >= high)
        up = np.zeros((len(rows), k), dtype=bool)
        done = np.zeros((len(rows), k), dtype=bool)
        start = 0
        for size in SEAT_BID_ROUNDS:
            window = (np.arange(k) >= start) & (np.arange(k) < start + size)
            who, at = np.nonzero(alive[:, None] & made & window)
            if len(who):
                up[who, at] = search(who, at, game.level + 1)
                done[who, at] = True
            start += size
            count = up.sum(axis=1)
            refused = np.zeros(len(todo), dtype=bool)
            np.logical_or.at(refused, rows, count >= high)
            bids &= ~refused
            left = (made & ~done).sum(axis=1)
            alive &= bids[rows] & (count + left >= high)
    return [bool(b) for b in bids]


def fits_bid(batch: list[tuple[list[int], int]], view: _View, jobs: int | None = None, *,
             every: bool = False, rule: str | None = None) -> list[bool]:
    """Whether some discard makes the declarer's hand fit the bid, per layout: one bound
    search per discard of `top_discards` in a contract (`every`: per distinct discard, as
    in misère), all in one batch. `rule`: the double-dummy bidding filter ("dd" in a
    contract, "clean" or "at-most-one" in misère; None: the game's, clean in misère)."""
    if rule is None:
        rule = "clean" if view.game.kind == MISERE else "dd"
    return _bid_search(batch, view, jobs, every, rule)[0]


def choose_discards(batch: list[tuple[list[int], int]], view: _View,
                    model: str | Callable[..., Any] | None, jobs: int | None,
                    known: list[dict[tuple[int, ...], bool]] | None = None
                    ) -> tuple[list[tuple[Card, ...]], list[int]]:
    """The declarer's discard in each layout (none without a model) and his double-dummy
    tricks with it.

    known: per layout, the bid filter's answers for the layouts that fit the bid
    ({discard tried: whether it makes the bid}); a discard that does not (or, in a contract,
    that is dominated by one of `top_discards` that does not) is below his best and is not
    searched again."""
    import numpy as np

    import solver

    if not batch:
        return [], []
    game = view.game
    firsts: list[tuple[int, ...]] = []
    for hands, mine in batch:
        if model is None:
            firsts.append(())
            continue
        if callable(model):
            pair = _model_discard(model, Hand(mine), game)
        else:
            pair = quick_discard(Hand(mine), game)
        firsts.append(tuple(sorted(c.index for c in pair)))
    template = _template(batch[0], firsts[0], view)
    values = [int(v) for v in solver.run_jobs(solver.Jobs.from_hands(
        template, _hands_array(batch, firsts, view.declarer, range(len(batch)))),
        threads=jobs, tt_mb=TABLE_MB)]
    chosen = list(firsts)
    if model == "dd":
        # Every other distinct discard: one bound search, "one trick better than the first?";
        # an exact count only where it says yes. Those that say no are no better, so the best
        # of the counted ones (or the first) is the best discard.
        misere = game.kind == MISERE
        better = _better(game)
        who: list[int] = []
        pairs: list[tuple[int, ...]] = []
        for i, (hands, mine) in enumerate(batch):
            if values[i] == (0 if misere else bin(mine).count("1") - 2):
                continue  # nothing is better than no trick, or every trick
            tried = known[i] if known is not None else {}
            suits = _by_suit(mine)
            for group in discard_classes(mine, view.in_play & ~mine):
                if firsts[i] in group:
                    continue
                top = group[0] if misere else _top_of(group[0], suits)
                if tried.get(top, True) is False:
                    continue  # he does not make the bid with it: not his best
                who.append(i)
                pairs.append(group[0])
        if who:
            # Contract: tricks >= v + 1?  Misère: tricks >= v? (no means fewer than v)
            targets = np.array([values[i] + (0 if misere else 1) for i in who], dtype=np.int8)
            arr = _hands_array(batch, pairs, view.declarer, who)
            answers = solver.run_jobs(solver.Jobs.from_hands(template, arr, targets),
                                      target=solver.many.EACH, threads=jobs,
                                      tt_mb=TABLE_MB)
            up = np.flatnonzero(answers == (0 if misere else 1))
            if up.size:
                counts = solver.run_jobs(solver.Jobs.from_hands(template, arr[up]),
                                         threads=jobs, tt_mb=TABLE_MB)
                for k, v in zip(up, counts):
                    i = who[k]
                    if better(int(v), values[i]):
                        values[i], chosen[i] = int(v), pairs[k]
    return [tuple(Card.from_index(c) for c in pair) for pair in chosen], values


def _hands_array(batch: list[tuple[list[int], int]], pairs: list[tuple[int, ...]],
                 declarer: int, rows: Iterable[int]) -> Any:
    """The hands of layout rows[k] with the declarer discarding pairs[k], as an (n, 3) array."""
    import numpy as np

    # Built with numpy: the seat views ask for some hundred thousand rows a decision.
    index = np.fromiter(rows, dtype=np.int64)
    out = np.array([hands for hands, _ in batch], dtype=np.uint32).reshape(-1, 3)[index]
    mines = np.fromiter((mine for _, mine in batch), dtype=np.uint32, count=len(batch))[index]
    try:
        cards = np.array(pairs, dtype=np.uint32)
    except ValueError:  # pairs of different lengths
        cards = None
    if cards is not None and cards.ndim == 2 and cards.shape[1] == 2:
        out_cards = (np.uint32(1) << cards[:, 0]) | (np.uint32(1) << cards[:, 1])
    else:
        out_cards = np.fromiter((sum(1 << c for c in pair) for pair in pairs), dtype=np.uint32,
                                count=len(pairs))
    out[:, declarer - 1] = mines & ~out_cards
    return out


def _template(layout: tuple[list[int], int], pair: tuple[int, ...], view: _View) -> Any:
    """A valid engine position of the game, for the other positions to copy."""
    import solver

    hands, mine = layout
    full = list(hands)
    full[view.declarer - 1] = mine & ~sum(1 << c for c in pair)
    return solver.Position(hands=tuple(full), leader=view.leader - 1, game=view.game.kind,
                           trump=view.game.trump, focus=view.declarer - 1)


def _model_discard(model: Callable[..., Any], twelve: Hand, game: Game) -> tuple[Card, ...]:
    """The discard a `discard` function chooses from `twelve`, checked: two different cards
    of the twelve (a `PositionError` naming `discard` and what it returned otherwise)."""
    returned = model(twelve, game)
    try:
        pair = tuple(returned)
    except TypeError:  # None, a number: not two cards
        pair = ()
    if len(pair) != 2 or pair[0] == pair[1] or any(
            not isinstance(c, Card) or c not in twelve for c in pair):
        raise PositionError(f"discard: the function returned {checks.shown(returned)}; it must "
                            f"return two different Cards of the declarer's twelve")
    return pair


def quick_discard(twelve: Hand, game: Game) -> tuple[Card, Card]:
    """The "low" model: see `low_discard` for a contract; in misère his two highest cards."""
    if game.kind == MISERE:
        cards = sorted(twelve, key=lambda c: (-c.rank, c.suit))
        return cards[0], cards[1]
    return low_discard(twelve, game.trump)


def low_discard(twelve: Hand, trump: int | None) -> tuple[Card, Card]:
    """The "low" model: two cards below the king outside trumps, from the shortest suits
    first, lowest first (kings and aces, then trumps, only when nothing else is left)."""
    cards = sorted(twelve, key=lambda c: (c.suit == trump, c.rank >= 6,
                                          len(twelve.suit(c.suit)), c.rank))
    return cards[0], cards[1]


def _check_word(value: Any, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise PositionError(f"{what} {value!r}: expected {', '.join(allowed)} or a function")
    return value


def standard_error(values: list[Fraction] | list[int]) -> float | None:
    """The standard error of the mean of `values` (None for fewer than two).

    Exact to the last step: the sum of squared deviations is found in whole numbers over a
    common denominator (as a `Fraction`, the same number as summing Fractions, found faster),
    then divided by n - 1 and n and rooted in floating point."""
    n = len(values)
    if n < 2:
        return None
    denominator = math.lcm(*{v.denominator for v in values})
    scaled = [v.numerator * (denominator // v.denominator) for v in values]
    total = sum(scaled)
    squares = sum(k * k for k in scaled)
    deviations = Fraction(n * squares - total * total, n * denominator * denominator)
    return math.sqrt(float(deviations / (n - 1)) / n)


def known_cards(value: Any) -> Hand:
    """Cards known to lie in a hand: a `Hand`, cards, or text as a hand ("AK.-.Q.-") or as a
    list of cards ("AS KS", "A♠,K♠")."""
    if not isinstance(value, str):
        return as_hand(value, "known")
    try:
        return Hand.parse(value, "known")
    except ValueError as error:
        try:
            return Hand.from_cards(t for t in value.replace(",", " ").split())
        except ValueError:
            raise error from None


def talon_cards(value: Any) -> list[Card]:
    """The open talon: two different cards (text like "AD QD" or cards), or none for None."""
    if value is None:
        return []
    try:
        cards = ([Card.parse(t) for t in value.replace(",", " ").split()]
                 if isinstance(value, str) else [Card.parse(c) for c in value])
    except TypeError:
        raise PositionError(f"talon: {value!r} is not two cards") from None
    if len(cards) != 2 or cards[0] == cards[1]:
        raise PositionError(f"the talon is two different cards, got {len(cards)}")
    return cards
