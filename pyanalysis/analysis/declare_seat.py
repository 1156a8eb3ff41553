"""The defenders' words in each layout, each decided from the defender's own seat (the seat
view's rule of `declare_options(whist="seat")`).

In a layout, the first defender to speak sees his n cards, the open talon and the game; he
weighs the layouts of the other 2n cards between the declarer and his partner (the declarer
then discarding his best double-dummy discard for the game, `sampling`'s "dd" model), kept by
the double-dummy bidding filter ("dd" for a whole hand of ten, none in an ending; the seat
views' own default, the "seat" rule, weighs the declarer's twelve cards over layouts of
their own and costs about five times the searches a layout, which thousands of these small views
cannot afford), as `whist_decision` weighs them: for each word he may say, his mean value over those layouts
when, below it, the words still to come are decided with open cards in each layout
(`whist.induce`), play is double-dummy and each outcome is priced by `pricing` (two whisters at
one split of the defence's tricks, from the two defenders' mosts). He says the word with the highest mean (ties by `whist.TIE_ORDER`).
The table then follows his word to the next point of the whisting, where the next speaker
decides the same way from his own seat, and so on to a leaf.

The 4-player dealer, who may return a half-whist, holds no cards to decide from: his word is
decided with open cards in the layout itself (backward induction on the rest of the whisting,
the declarer's discard his best double-dummy one for the game), as `whist_decision` decides
every word after the one it prices.

A defender's decision depends only on his hand (with the talon, the game and the words said
before), so it is made once per hand. His layouts are shared between the games of one strain:
their double-dummy counts, discards and the defenders' mosts do not depend on the level. For a whole
hand, a game of level k weighs the layouts already drawn for a level j <= k of the strain in
which the declarer takes at least k - 1 tricks (the "dd" filter of level k: among layouts that
fit a lower bid, those that fit the higher one are as the higher bid's filter would draw them),
and where fewer than `samples` are at hand, the rest are drawn with the "dd" filter of level k
(at most `DRAWS_PER_SAMPLE` draws for each layout still wanted, so a bid his cards rarely make
from the defender's view weighs fewer layouts; but at least `LEAST_WEIGHED`, drawing on up to
`LEAST_DRAWS` for them): each decision's layouts are so drawn from the
distribution `sample_worlds` draws them from. Where no layout drawn fits the bid, the decision
weighs `samples` layouts drawn without the filter. Each draw's seed is derived from `seed`,
the seat, the strain, his hand and the level, so a run repeats whatever the order of its
layouts. With `samples="all"` every layout is weighed once (those that fit the bid, or every
one if none does). In an ending there is no bidding filter: `samples` layouts (or every one)
serve every level.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..cards import Card
from ..errors import PositionError
from ..games import CONTRACT, DEAL_TRICKS, Game
from ..hand import Hand
from ..rules import RuleSet
from ..scoring import DEALER
from ..seat import Seat
from .layouts import MAX_WORLDS
from .sampling import TABLE_MB, _view, choose_discards, sample_worlds
from .pricing import mosts_of_hands, price_said, shares_of
from .whisting import TIE_ORDER, WHIST, Node, induce, leaves, whisting_tree

__all__ = ["seat_words", "SeatDecider", "DRAWS_PER_SAMPLE", "LEAST_DRAWS", "LEAST_WEIGHED"]

#: With the bid filter, at most this many layouts are drawn for each layout asked for (a
#: game the declarer's cards rarely make from the defender's view would otherwise draw
#: millions); fewer are then weighed.
DRAWS_PER_SAMPLE = 5
#: A decision that has kept fewer than this many layouts by then draws on, up to
#: `LEAST_DRAWS`, until it has them (a bid that fits about 1% of his layouts or more): a
#: word decided on a handful of layouts is a guess. Fewer are weighed only where even those
#: draws keep fewer, and the declare table says so.
LEAST_WEIGHED = 20
LEAST_DRAWS = 2000
#: The seat views whose layouts are searched in one engine batch (`SeatDecider.prepare`).
BATCH_VIEWS = 32


def seat_words(talon: tuple[Card, Card], declarer: int, leader: int, hands: Any,
               games: list[Game], rules: RuleSet, players: int, *, samples: int | str,
               seed: int | None, jobs: int | None = None,
               progress: Callable[[int], None] | None = None,
               weighed: dict[str, int] | None = None,
               per_game: dict[Game, dict[str, int]] | None = None) -> dict[Game, list[tuple]]:
    """For each contract game in `games` and each layout (row of `hands`, an (L, 3) uint32
    array of the three seats' card masks, seat s in column s - 1; the declarer's column holds
    his n + 2 cards BEFORE the discard, talon included), the leaf of
    `whisting_tree(game, declarer, rules, players)` the table reaches when every defender's
    word is decided from his own seat (a leaf is the `said` tuple ((word, seat), ...); a tree
    that is a bare leaf, e.g. a checked tenner or compulsory whist, gives that leaf).

    samples:  the layouts each defender weighs for a decision (a positive number, drawn), or
              "all": every one (exact). `seed`: the seed the draws of every decision are
              derived from (None: unseeded). `progress(1)` is called after each layout.
    weighed:  a dict that receives how many decisions were made from a seat ("decisions"),
              the fewest layouts one of them weighed ("fewest"), and how many weighed fewer
              than `samples` ("short": the bidding filter kept fewer within its draws).
    per_game: a dict that receives the same counts for each game's own decisions.
    See the module doc for the rule.
    """
    import numpy as np

    if samples != "all" and (isinstance(samples, bool) or not isinstance(samples, int)
                             or not 1 <= samples <= MAX_WORLDS):
        raise PositionError(f"seat_samples {samples!r}: a number of layouts a defender weighs"
                            f" (1 to {MAX_WORLDS:,}), or 'all'")
    decider = SeatDecider(tuple(talon), declarer, leader, rules, players, samples=samples,
                          seed=seed, jobs=jobs)
    trees = {game: whisting_tree(game, declarer, rules, players) for game in games}
    out: dict[Game, list[tuple]] = {game: [] for game in games}
    mine: dict[Game, list[int]] = {game: [] for game in games}  # each game's decisions
    for row in np.asarray(hands, dtype=np.uint32).reshape(-1, 3):
        layout = tuple(int(h) for h in row)
        for game in games:
            node, said = trees[game], ()
            while isinstance(node, Node):
                before = len(decider.table.weighed)
                word = decider.word(node, game, said, layout)
                mine[game].extend(decider.table.weighed[before:])
                said += (word,)
                node = node.options[word]
            out[game].append(node)
        if progress is not None:
            progress(1)
    if weighed is not None:
        weighed.update(_tally(decider.table.weighed, samples))
    if per_game is not None:
        per_game.update({game: _tally(mine[game], samples) for game in games})
    return out


class SeatDecider:
    """The words of the whisting decided from the speakers' own seats (the rule of the module
    doc), each decision made once per hand, the words said before and the game.

    `word(node, game, said, layout)`: the word the speaker at `node` says in `layout` (an
    (L, 3)-array row as `seat_words` takes it: the declarer's column his n + 2 cards before
    the discard). The dealer of four players decides with open cards in the layout.
    """

    def __init__(self, talon: tuple[Card, ...], declarer: int, leader: int, rules: RuleSet,
                 players: int, *, samples: int | str, seed: int | None,
                 jobs: int | None = None, poll: Callable[[], Any] | None = None) -> None:
        self.table = _Table(tuple(talon), declarer, leader, rules, players, samples, seed, jobs)
        self.decided: dict[tuple, str] = {}
        self.views: dict[tuple, _Seat] = {}
        self.poll = poll  # called between batches (a cancel raises from it)

    def word(self, node: Node, game: Game, said: tuple, layout: tuple[int, ...]) -> str:
        table = self.table
        if node.seat == DEALER:
            return table.dealer_word(node, game, layout)
        key = (game, said, node.seat, layout[node.seat - 1])
        if key not in self.decided:
            self.decided[key] = table.decide(node, game, self._view_for(node.seat, layout,
                                                                        game))
        return self.decided[key]

    def _view_for(self, seat: int, layout: tuple[int, ...], game: Game) -> "_Seat":
        """The view of the player in `seat` in `layout`: his hand and the cards he cannot
        see (the same in every layout where he holds this hand), for the games of one
        strain."""
        table = self.table
        partner = [s for s in table.defenders if s != seat][0]
        unseen = (layout[table.declarer - 1] & ~table.talon_mask) | layout[partner - 1]
        vkey = (seat, layout[seat - 1], unseen, game.trump)
        view = self.views.get(vkey)
        if view is None:
            view = self.views[vkey] = _Seat(table, seat, layout, game.trump)
        return view

    def prepare(self, game: Game, points: Iterable[tuple[Node, tuple, tuple[int, ...]]]
                ) -> None:
        """Make ready, in batches, what the decisions at `points` ((node, words said,
        layout) each, as `word` takes them) weigh: the views' layouts drawn with the bid
        filter in one engine batch a round for all of them, and the defenders' mosts where a
        decision needs them in one more. `word` then decides as it would alone, on the same
        layouts (each view's draws are its own, whatever the batch)."""
        table = self.table
        views: dict[int, _Seat] = {}
        shared: dict[int, bool] = {}
        for node, said, layout in points:
            if node.seat == DEALER or (game, said, node.seat, layout[node.seat - 1]) \
                    in self.decided:
                continue
            view = self._view_for(node.seat, layout, game)
            views[id(view)] = view
            shared[id(view)] = shared.get(id(view), False) or any(
                _both_play(leaf, table.defenders) for leaf in leaves(node))
        wanted = {i: v.wanted(game) for i, v in views.items()}
        fresh = [i for i, n in wanted.items() if n]
        # Batches of `BATCH_VIEWS` views: large enough to keep the engine's threads busy,
        # small enough that a cancel is heard between them.
        for at in range(0, len(fresh), BATCH_VIEWS):
            part = fresh[at:at + BATCH_VIEWS]
            drawn = _bid_blocks([views[i] for i in part], game, [wanted[i] for i in part])
            for i, block in zip(part, drawn):
                views[i].chosen[game.level] = views[i]._choose(game, drawn=block)
            if self.poll is not None:
                self.poll()
        needs: list[tuple[_Block, Any]] = []
        for i, view in views.items():
            if game.level not in view.chosen:
                view.chosen[game.level] = view._choose(game)
            if shared[i]:
                needs.extend(view.chosen[game.level])
        for at in range(0, len(needs), BATCH_VIEWS):
            _fill_shares(needs[at:at + BATCH_VIEWS], table)
            if self.poll is not None:
                self.poll()


def _tally(weighed: list[int], samples: int | str) -> dict[str, int]:
    """{"decisions", "fewest", "short", "thin"} of the layouts some decisions weighed:
    "short" weighed fewer than `samples`, "thin" fewer than `LEAST_WEIGHED` too (their bid
    fit too few of the `LEAST_DRAWS` layouts drawn)."""
    least = LEAST_WEIGHED if samples == "all" else min(samples, LEAST_WEIGHED)
    return {"decisions": len(weighed), "fewest": min(weighed, default=0),
            "short": sum(1 for k in weighed if samples != "all" and k < samples),
            "thin": sum(1 for k in weighed if samples != "all" and k < least)}


class _Table:
    """What every decision shares: the question, and the scored rows by counts."""

    def __init__(self, talon: tuple[Card, ...], declarer: int, leader: int, rules: RuleSet,
                 players: int, samples: int | str, seed: int | None, jobs: int | None) -> None:
        self.talon, self.declarer, self.leader = talon, declarer, leader
        self.talon_mask = Hand.from_cards(talon).mask
        self.rules, self.players, self.samples, self.seed, self.jobs = (
            rules, players, samples, seed, jobs)
        self.defenders = Seat.defenders(declarer)
        self.weighed: list[int] = []  # the layouts each decision weighed

    def child_seed(self, *parts: int) -> int | None:
        """A seed for one draw, derived from the run's seed and what the draw is for."""
        import numpy as np

        if self.seed is None:
            return None
        state = np.random.SeedSequence([self.seed, *parts]).generate_state(1, np.uint64)
        return int(state[0] >> np.uint64(1))  # 0..2**63 - 1, as the samplers take it

    def evaluate(self, game: Game, n: int, t: int, a: int, b: int
                 ) -> Callable[[tuple], Any]:
        """The row of each leaf with the declarer's ending tricks t and the defenders' mosts
        a, b of the ending (the tricks before an ending are the declarer's)."""
        earlier = DEAL_TRICKS - n
        shares = shares_of(self.declarer, earlier + t, (a, b))

        def row(said: tuple) -> Any:
            return price_said(said, game, self.declarer, self.rules, self.players,
                              earlier + t, shares)
        return row

    def decide(self, node: Node, game: Game, view: "_Seat") -> str:
        """The word the speaker at `node` says from his seat (see the module doc)."""
        seat = node.seat
        shared = any(_both_play(leaf, self.defenders) for leaf in leaves(node))
        tricks, shares = view.worlds(game, shared)
        counts = Counter(zip(tricks.tolist(), *(shares.T.tolist() if shared else
                                               ([0] * len(tricks), [0] * len(tricks)))))
        total = len(tricks)
        self.weighed.append(total)
        means: dict[str, Fraction] = {}
        for word, sub in node.options.items():
            value = Fraction(0)
            for (t, a, b), k in counts.items():
                value += k * induce(sub, self.evaluate(game, view.n, t, a, b))[0].values[seat]
            means[word] = value / total
        return max(means, key=lambda w: (means[w], -TIE_ORDER.index(w)))

    def dealer_word(self, node: Node, game: Game, layout: tuple[int, ...]) -> str:
        """The 4-player dealer's word at `node`, decided with open cards in the layout itself,
        the declarer discarding his best double-dummy discard for the game."""
        import numpy as np

        first = self.defenders[0]
        n = bin(layout[first - 1]).count("1")
        others = Hand((layout[self.declarer - 1] & ~self.talon_mask)
                      | layout[self.defenders[1] - 1])
        view = _view(Hand(layout[first - 1]), self.talon, game, self.declarer, first, None,
                     others, self.leader)
        hands = list(layout)
        hands[self.declarer - 1] = 0
        pairs, values = choose_discards([(hands, layout[self.declarer - 1])], view, "dd",
                                        self.jobs)
        hands[self.declarer - 1] = layout[self.declarer - 1] & ~sum(c.bit for c in pairs[0])
        a, b = _shares(np.array([hands], dtype=np.uint32), values[:1], game.trump, self)[0]
        row_of = self.evaluate(game, n, values[0], int(a), int(b))
        return induce(node, row_of)[1][0].word


def _both_play(leaf: tuple, defenders: tuple[int, int]) -> bool:
    """Whether the words of `leaf` have both defenders play for themselves (each priced from
    the split of the two): both whist, or no words (a checked tenner)."""
    last = {seat: word for word, seat in leaf}
    return not leaf or all(last.get(s) == WHIST for s in defenders)


def _shares(rows: Any, tricks: Any, trump: int | None, table: _Table) -> Any:
    """Each defender's most of the ending in every layout of `rows` (declarer's hand
    after the discard; `tricks`: his double-dummy tricks there, to which the searches hold
    him), an (k, 2) array, the searches in one batch."""
    import numpy as np

    import solver

    if not len(rows):
        return np.zeros((0, 2), dtype=np.int64)
    template = solver.Position(hands=tuple(int(h) for h in rows[0]), leader=table.leader - 1,
                               game=CONTRACT, trump=trump, focus=table.declarer - 1)
    asked = np.repeat(rows, 2, axis=0)
    seats = [s - 1 for s in table.defenders] * len(rows)
    held = np.repeat(np.asarray(tricks, dtype=np.int8), 2)
    # The sampler's table size: engines of one size are kept between runs, and searches of
    # another size in between would have them built anew for each run.
    answers = mosts_of_hands(template, asked, seats, held, jobs=table.jobs, tt_mb=TABLE_MB)
    return answers.reshape(-1, 2)


_UNSET: Any = object()


def _bid_blocks(seats: list["_Seat"], game: Game, wanted: int | list[int]) -> list[_Block | None]:
    """The bid-filtered draw of `_Seat._draw` for many views of one game (whole hands, one
    engine batch a round: `sampling.sample_bid_many`); `wanted`: the layouts each draws."""
    from .sampling import sample_bid_many

    if not seats:
        return []
    table = seats[0].table
    counts = [wanted] * len(seats) if isinstance(wanted, int) else list(wanted)
    out: list[_Block | None] = [None] * len(seats)
    # One batch per seat and count asked for (in practice every view asks the same).
    for count, seat in sorted(set(zip(counts, (v.seat for v in seats)))):
        which = [i for i, c in enumerate(counts) if c == count and seats[i].seat == seat]
        worlds = sample_bid_many(
            [(seats[i].hand, seats[i].others, seats[i].seed(game.level)) for i in which],
            table.talon, game, table.declarer, seats[which[0]].seat, samples=count,
            max_draws=count * DRAWS_PER_SAMPLE, leader=table.leader, jobs=table.jobs,
            least=min(count, LEAST_WEIGHED), least_draws=LEAST_DRAWS)
        for i, w in zip(which, worlds):
            out[i] = None if w is None else _Block(w, table, seats[i].trump)
    return out


def _fill_shares(needs: list[tuple["_Block", Any]], table: _Table) -> None:
    """Search the defenders' mosts of every (block, index) of `needs` not yet known, all in
    one batch."""
    import numpy as np

    rows, tricks, where = [], [], []
    for block, index in needs:
        need = index[block.shares[index, 0] < 0]
        need = np.unique(need)
        if need.size:
            rows.append(block.rows[need])
            tricks.append(block.tricks[need])
            where.append((block, need))
    if not rows:
        return
    trump = needs[0][0].trump
    answers = _shares(np.concatenate(rows), np.concatenate(tricks), trump, table)
    at = 0
    for block, need in where:
        block.shares[need] = answers[at:at + len(need)]
        at += len(need)


class _Block:
    """Layouts a defender weighs, as drawn: the hands (the declarer's after his discard),
    the declarer's ending tricks, and the defenders' mosts once searched (-1 before)."""

    def __init__(self, worlds: Any, table: _Table, trump: int | None) -> None:
        import numpy as np

        self.rows = np.array([[h.mask for h in deal.hands] for deal in worlds.deals],
                             dtype=np.uint32).reshape(-1, 3)
        self.tricks = np.array(worlds.tricks, dtype=np.int64)
        self.shares = np.full((len(self.rows), 2), -1, dtype=np.int64)
        self.table, self.trump = table, trump

    def shares_of(self, index: Any) -> Any:
        """The shares in the layouts `index`, searched where not yet known."""
        import numpy as np

        need = index[self.shares[index, 0] < 0]
        if need.size:
            self.shares[need] = _shares(self.rows[need], self.tricks[need], self.trump,
                                        self.table)
        return self.shares[index]


class _Seat:
    """One defender's view for the games of one strain: his hand, the cards he cannot see,
    and the layouts he weighs (shared between the levels, see the module doc)."""

    def __init__(self, table: _Table, seat: int, layout: tuple[int, ...],
                 trump: int | None) -> None:
        self.table, self.seat, self.trump = table, seat, trump
        self.hand = Hand(layout[seat - 1])
        partner = [s for s in table.defenders if s != seat][0]
        self.others = Hand((layout[table.declarer - 1] & ~table.talon_mask)
                           | layout[partner - 1])
        self.n = len(self.hand)
        self.loose: _Block | None = None  # drawn without the bidding filter
        # Drawn with it, each with the level it was drawn for: a block drawn for level j
        # serves the levels from j up (the layouts that fit a higher bid among those that
        # fit a lower one are drawn as the higher bid's filter draws them), not below.
        self.blocks: list[tuple[_Block, int]] = []
        self.chosen: dict[int, list[tuple[_Block, Any]]] = {}

    def seed(self, *parts: int) -> int | None:
        """The seed of one of this view's draws (see the module doc)."""
        return self.table.child_seed(self.seat, 4 if self.trump is None else self.trump,
                                     self.hand.mask, *parts)

    def _draw(self, game: Game, samples: int | str, bid: bool, *parts: int) -> _Block | None:
        """Layouts drawn for `game` (None if no layout drawn fits the bid)."""
        table = self.table
        if bid and samples != "all" and self.n == DEAL_TRICKS:
            return _bid_blocks([self], game, samples)[0]
        limit = None if samples == "all" or not bid else samples * DRAWS_PER_SAMPLE
        if not bid and samples != "all":
            limit = samples  # every layout drawn is kept: no round larger than asked
        try:
            worlds = sample_worlds(
                self.hand, table.talon, game, table.declarer, self.seat, samples=samples,
                seed=table.child_seed(self.seat, 4 if self.trump is None else self.trump,
                                      self.hand.mask, *parts),
                discard="dd", filter="dd" if bid else "none", jobs=table.jobs,
                max_draws=limit, others=self.others, leader=table.leader)
        except PositionError:
            if bid:  # no layout drawn fits the bid
                return None
            raise
        return _Block(worlds, table, self.trump)

    def worlds(self, game: Game, shared: bool) -> tuple[Any, Any]:
        """The declarer's ending tricks in each layout weighed for `game`, and (if `shared`)
        the defenders' mosts, an (k, 2) array."""
        import numpy as np

        if game.level not in self.chosen:
            self.chosen[game.level] = self._choose(game)
        parts = self.chosen[game.level]
        tricks = np.concatenate([block.tricks[index] for block, index in parts])
        if not shared:
            return tricks, np.zeros((len(tricks), 2), dtype=np.int64)
        return tricks, np.concatenate([block.shares_of(index) for block, index in parts])

    def wanted(self, game: Game) -> int:
        """How many layouts `_choose(game)` would draw with the bid filter (0: none; only
        for a whole hand, sampled)."""
        import numpy as np

        if self.n != DEAL_TRICKS or self.table.samples == "all" or game.level in self.chosen:
            return 0
        samples, total = self.table.samples, 0
        for block, level in self.blocks:
            if level <= game.level:
                total += min(len(np.flatnonzero(block.tricks >= game.level - 1)),
                             samples - total)
        return max(0, samples - total)

    def _choose(self, game: Game, drawn: Any = _UNSET) -> list[tuple[Any, Any]]:
        """The layouts weighed for `game`: those drawn so far for this strain that fit its
        bid, and more drawn with the bid filter if too few do (see the module doc).
        `drawn`: that draw, made already (`SeatDecider.prepare`)."""
        import numpy as np

        samples = self.table.samples
        if self.n != DEAL_TRICKS or samples == "all":
            if self.loose is None:
                self.loose = self._draw(game, samples, False, 0)
            everything = np.arange(len(self.loose.tricks))
            if self.n != DEAL_TRICKS:
                return [(self.loose, everything)]  # an ending: no bidding filter
            index = np.flatnonzero(self.loose.tricks >= game.level - 1)
            return [(self.loose, index if len(index) else everything)]
        parts, total = [], 0
        for block, level in self.blocks:
            if level > game.level:
                continue
            index = np.flatnonzero(block.tricks >= game.level - 1)[:samples - total]
            parts.append((block, index))
            total += len(index)
        if total < samples:
            extra = (self._draw(game, samples - total, True, game.level) if drawn is _UNSET
                     else drawn)
            if extra is not None:
                self.blocks.append((extra, game.level))
                parts.append((extra, np.arange(len(extra.tricks))))
                total += len(extra.tricks)
        if total == 0:  # nothing drawn fits the bid: every layout counts
            if self.loose is None:
                self.loose = self._draw(game, samples, False, 0)
            return [(self.loose, np.arange(len(self.loose.tricks)))]
        return parts
