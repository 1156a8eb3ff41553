"""Whist or pass, priced in vists: with open cards (`whist_table`) and from the defender's
seat over the layouts he cannot see (`whist_decision`).

The whisting is a small game tree (RULES.md §3): the first defender (left of the declarer)
speaks, then the second, then, after a half-whist, whoever may return it. Each way through it
is a row: its words, whether there is play, the tricks, the deal's score (`score_deal`) and
every player's value in vists. Play is double-dummy: the defenders together against the
declarer (a lone whister plays both hands open), so every row with play has the declarer's
double-dummy tricks. When both whist (or the tenner is checked), each defender's own tricks
count: the outcome is priced at one split of the defence's tricks, the same for every player
(`pricing`, which states the rule); the table shows each defender's share range beside it.

The decisions are made by backward induction: the last to speak picks the word best for
himself, knowing the result of each; the one before him knows that, and so on. On a tie a
player takes the word that commits less: pass, then half-whist, then whist, then return.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, Callable, Iterable, Mapping

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..errors import CardCountError, PositionError
from ..games import CONTRACT, DEAL_TRICKS, MISERE, Game
from ..hand import Hand
from ..rules import RuleSet
from ..scoring import DEALER, whist_word
from ..serialize import JsonFields, exact, seats_json
from ..solving import make_position
from .layouts import as_hand
from .pricing import (SPLIT_RULE, DefenceShares, WhistRow, price_said, shares_at, shares_many,
                      shares_of)
from .sampling import (DEFAULT_SAMPLES, ModelRow, Sampled, model_draws, other_filters,
                       standard_error, talon_cards)
from .settle import Looker, Rows, check_fixed, looks_cap
# The tree and its induction, given here too (their home before `whisting`).
from .whisting import (HALF, PASS, RETURN, TIE_ORDER, WHIST, Choice, Node, defenders, induce,
                       leaves, whisting_tree)

#: How a word after the decision is decided: from the speaker's own seat, or with open cards.
SEAT, OPEN = "seat", "open"
#: The layouts each other player weighs for a word from his seat, when sampling.
PARTNER_SAMPLES = 16


def _overrides(result: Any) -> dict[str, Any]:
    """The result's rules as changed from their preset (the JSON's "rule_overrides")."""
    return result.rules.changed_from_preset()


@dataclass(frozen=True)
class WhistTable(JsonFields):
    """Every whisting the rules allow, priced, and what a rational table does.

    `rows`: one `WhistRow` per sequence; `chosen`: the row backward induction reaches;
    `path`: the decisions on the way to it; `regret`: {seat: his best alternative word's
    value minus his value in the chosen row, at the decisions he made on the path} for every
    seat that chose (the defenders; with four players also the dealer, seat 4, who may return
    a half-whist): zero or negative, as a rational choice cannot be bettered by its chooser;
    `tricks`: the declarer's double-dummy tricks; `split`: the defence's tricks by defender
    that the rows with two whisters (or a checked tenner) are priced at (`pricing`);
    `shares`: each defender's share range {seat: (least, most)}; `turns`: where a
    defender's word would change were his tricks at the other end of his range (`Turn`);
    `line`: a principal line of the double-dummy play.
    """

    deal: Deal
    game: Game
    declarer: int
    rules: RuleSet
    players: int
    leader: int
    tricks: int
    split: dict[int, int]
    line: list[Card]
    rows: list[WhistRow]
    chosen: WhistRow
    path: list[Choice]
    shares: dict[int, tuple[int, int]] | None = None
    turns: list["Turn"] | None = None

    @property
    def regret(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for choice in self.path:
            others = [v for w, v in choice.values.items() if w != choice.word]
            if others:
                diff = max(others) - choice.values[choice.word]
                out[choice.seat] = max(out.get(choice.seat, diff), diff)
        return out

    # JSON-ready, as `prefdd whist --json` prints it for a deal.
    JSON = ("deal", "game", "declarer", "rules", ("rule_overrides", _overrides), "players",
            "leader", "tricks", ("split", lambda t: seats_json(t.split)),
            ("shares", lambda t: {str(s): list(v) for s, v in sorted((t.shares or {}).items())}),
            ("split_rule", lambda t: SPLIT_RULE),
            "line", "rows", ("chosen", lambda t: t.chosen.label), "path", "turns",
            ("regret", lambda t: seats_json(t.regret)))


@dataclass(frozen=True)
class Turn(JsonFields):
    """Had the defender `seat` taken `share` tricks when both whist (the other end of his
    range from the split priced), he would have said `word` instead of `instead` at his
    first decision."""

    seat: int
    share: int
    word: str
    instead: str

    JSON = ("seat", "share", "word", "instead")


def whist_table(deal: Deal | str, game: Game | str, declarer: int, *,
                rules: RuleSet | str = "sochi", players: int = 3,
                leader: int = 1) -> WhistTable:
    """Every whisting of `game` the rules allow, with open cards, priced in vists.

    deal:     the three hands, the declarer's after his discard.
    rules:    the rule set (`"sochi"`, `"leningrad"`, `"rostov"` or a `RuleSet`).
    players:  3, or 4 (the dealer sits out, writes consolation, may return a half-whist).
    """
    import solver

    deal = Deal.parse(deal)
    game = Game.parse(game)
    if game.kind != CONTRACT:
        raise PositionError(f"whisting is for contracts, not {game}")
    ruleset = RuleSet.get(rules)
    if players not in (3, 4) or isinstance(players, bool):
        raise PositionError(f"players {players!r}: three or four play")
    if not deal.is_full:
        raise PositionError("the whisting is priced on a whole deal: three hands of ten")
    position = make_position(deal, game, declarer=declarer, leader=leader)[0]
    engine = solver.default_solver()
    shares = shares_at(position, engine=engine)
    tricks = shares.tricks
    line = engine.line(position)
    tree = whisting_tree(game, declarer, ruleset, players)

    def evaluate(said: tuple, at: dict[int, int] | None = None) -> WhistRow:
        return price_said(said, game, declarer, ruleset, players, tricks, shares, at)

    rows = [evaluate(said) for said in leaves(tree)]
    chosen, path = induce(tree, evaluate)
    both = next((row for row in rows if row.shares is not None), None)
    split = ({s: both.tricks[s] for s in defenders(declarer)} if both and both.tricks
             else {})
    return WhistTable(deal=deal, game=game, declarer=declarer, rules=ruleset, players=players,
                      leader=leader, tricks=tricks, split=split,
                      line=[Card.from_index(c) for c in line], rows=rows, chosen=chosen,
                      path=path, shares={s: shares.range(s) for s in defenders(declarer)},
                      turns=_turns(tree, evaluate, path, shares, split))


def _turns(tree: Node | tuple, evaluate: Callable[..., WhistRow], path: list[Choice],
           shares: DefenceShares, split: dict[int, int]) -> list[Turn]:
    """Where a defender's first word on the path would change were the rows of two whisters
    priced with his tricks at the other end of his range (each end other than the split's)."""
    if not split:
        return []
    turns = []
    for seat in defenders(shares.declarer):
        said = next((c.word for c in path if c.seat == seat), None)
        if said is None:
            continue
        for end in sorted(set(shares.range(seat)) - {split[seat]}):
            _, other_path = induce(tree, lambda leaf, e=end, s=seat: evaluate(leaf, {s: e}))
            word = next(c.word for c in other_path if c.seat == seat)
            if word != said:
                turns.append(Turn(seat, end, word, said))
    return turns


@dataclass(frozen=True)
class OptionStats(JsonFields):
    """One word of the deciding defender over the layouts kept.

    `vists`: his mean value in vists (exact over the layouts, a `Fraction`); `vists_se`: its
    standard error (None when every layout was taken); `set_probability`: the share of the
    layouts in which the declarer goes down; `counts`: how often each row was reached.
    """

    word: str
    vists: Fraction
    vists_se: float | None
    set_probability: Fraction
    counts: dict[str, int]

    JSON = ("word", "vists", ("vists_float", lambda o: float(o.vists)), "vists_se",
            ("set_probability", lambda o: float(o.set_probability)), ("rows", lambda o: o.counts))


@dataclass(frozen=True)
class WhistDecision(Sampled, JsonFields):
    """The deciding defender's options from his own seat (see `whist_decision`).

    `options`: {word: `OptionStats`}; `best`: the word with the highest mean; `paired`:
    {word: (its mean minus the best's, the standard error of that difference over the same
    layouts)}; `asked`/`drawn`/`kept`: layouts asked for, drawn and kept by the bidding
    filter (`Sampled`); `partner`: how the partner's answer was decided ("seat": from his
    own seat, "open": with open cards in each layout, or the word given; for the second
    defender, the first's word); `answers`: how the words after the decision that are not
    given were decided ("seat" or "open"); `partner_samples`: the layouts each of those
    seat decisions weighed (None with open cards); `models`: the best word under each
    model of the others (`ModelRow`), the model of this result first.
    """

    game: Game
    declarer: int
    seat: int
    hand: Hand
    talon: tuple[Card, ...]
    rules: RuleSet
    options: dict[str, OptionStats]
    best: str
    paired: dict[str, tuple[Fraction, float | None]]
    partner: str
    said_before: tuple[str, ...]
    answers: str = SEAT
    partner_samples: int | str | None = None
    models: tuple["ModelRow", ...] = ()

    @property
    def depends(self) -> list["ModelRow"]:
        """The models under which another word is best."""
        return [m for m in self.models if m.best != self.best]

    @property
    def set_probability_intervals(self) -> dict[str, tuple[float, float]] | None:
        """{word: the 95% interval of its `set_probability`} (`sampling.binomial_interval`;
        None when every layout was taken)."""
        from .sampling import binomial_interval

        if self.exact:
            return None
        return {word: binomial_interval(int(o.set_probability * self.kept), self.kept)
                for word, o in self.options.items()}

    JSON = ("game", "declarer", "seat", "hand", "talon", "rules",
            ("rule_overrides", _overrides), "said_before", "options", "best",
            ("paired", lambda d: {w: {"difference": exact(diff), "difference_float": float(diff),
                                      "se": se} for w, (diff, se) in d.paired.items()}),
            "drawn", "kept", "exact", "seed", "discard_model", "filter", "partner", "answers",
            "partner_samples", "models", "asked", "max_draws", "samples", "stopped",
            ("double_dummy", lambda d: "play after the decision is double-dummy: it favours "
                                       "the defenders, who at the table cannot see the cards"),
            "set_probability_intervals")


def whist_decision(hand: Hand | str | Iterable[Card | str], game: Game | str, declarer: int,
                   seat: int, *, talon: Iterable[Card | str] | str,
                   rules: RuleSet | str = "sochi", partner: str | None = None,
                   samples: int | str | None = DEFAULT_SAMPLES, max_draws: int | None = None,
                   seed: int | None = 0, filter: str | Callable[..., bool] | None = None,
                   discard: str | Callable[..., Any] | None = None, jobs: int | None = None,
                   known: Mapping[int, Any] | None = None,
                   progress: Callable[..., None] | None = None,
                   fixed: bool = False, answers: str = SEAT,
                   partner_samples: int | str | None = None, models: bool = True,
                   others: Hand | str | None = None) -> WhistDecision:
    """Whist or pass from the defender's own seat: his ten cards, the open talon, the bid.

    seat:     the deciding defender (the first or the second after the declarer).
    partner:  the first defender's word when the second decides (required then); when the
              first decides, the second's answer: "seat" (None, the default) to decide it
              from the second's own seat, "open" with open cards in each layout, or a word he
              always says ("whist" after a half-whist is its return).
    answers:  how the words after the decision that `partner` does not give (a return after
              a half-whist) are decided: "seat" (default) or "open".
    partner_samples: the layouts each such seat decision weighs (None: `PARTNER_SAMPLES`
              when sampling, every one with samples="all").
    samples:  layouts to keep (see `sampling.sample_worlds`; None: 1000; at most
              `MAX_WORLDS`, 100,000), or "all" to take every one. `seed`: the seed of the
              draw (0..2**63 - 1, default 0; None draws unseeded).
    filter, discard: the bidding filter and the declarer model (`sampling`; None: "bid",
              judged from the declarer's seat with the talon, and "dd").
    max_draws: stop after drawing so many layouts (default and at most `MAX_DRAWS`); the
              result's `asked`, `drawn` and `kept` say whether fewer were kept than asked.
    known:    {seat: cards} known to lie in the declarer's or the partner's hand.
    others:   for an ending (a hand of n < 10 cards): the 2n cards the declarer (before he
              took the talon) and the partner hold between them; the tricks before the
              ending count as the declarer's.
    models:   also find the best word under the other models of the partner (on the same
              layouts) and under the other bidding filters (for a whole hand with the talon:
              "seat", "dd", "none", each on its own draw of as many layouts with the same
              seed, the partner answering with open cards), for the result's `models`.
    fixed:    keep exactly `samples` layouts. By default (False) the layouts are weighed as
              they are kept and drawing stops as soon as the best word is settled under the
              result's own model (`settle`; the result's `stopped` and `samples` say when); a
              run that does not stop early is the fixed run. The model table is scored on
              the layouts the run stopped at.

    A word decided from a player's seat is the rule of `declare_seat.seat_words`: he weighs
    the layouts of the cards he cannot see (his hand, the talon and the words said known),
    each of his words priced with the words after it decided with open cards, and says the
    best. With "open", each player maximises his own value with open cards in each layout.
    Every option is scored on the same layouts, so their differences (`paired`) have their
    own, smaller errors.
    """
    exactly = check_fixed(fixed, samples)
    from .sampling import sample_worlds

    game = Game.parse(game)
    if game.kind != CONTRACT:
        raise PositionError(f"whisting is for contracts, not {game}")
    ruleset = RuleSet.get(rules)
    checks.seat("declarer", declarer)
    checks.seat_mapping("known", known)
    checks.callback("progress", progress)
    hand = as_hand(hand, "hand")
    other = as_hand(others, "others") if others is not None else None
    if len(hand) != 10 and other is None:
        raise CardCountError(f"the defender holds ten cards, got {len(hand)}")
    talon_list = talon_cards(talon)
    first, second = defenders(declarer)
    if isinstance(seat, bool) or seat not in (first, second):
        raise PositionError(f"seat {seat!r} is not a defender of declarer {declarer} "
                            f"(the defenders are {first} and {second})")
    if answers not in (SEAT, OPEN):
        raise PositionError(f"answers={answers!r}: 'seat' (from the speaker's own seat) or "
                            f"'open' (with open cards)")
    tree = whisting_tree(game, declarer, ruleset)
    if not isinstance(tree, Node):
        raise PositionError(f"no whisting to decide on {game}: "
                            + ("the tenner is checked" if not tree else "both must whist"))
    node, said_before = tree, ()
    fixed: str | None = None
    if seat == second:
        if partner is None or partner in (SEAT, OPEN):
            raise PositionError("the second defender decides after the first: give the first "
                                "defender's word (partner=...)")
        word = _given_word(partner)
        if word not in tree.options or not isinstance(tree.options[word], Node):
            raise PositionError(f"the first defender cannot say '{partner}' and leave the "
                                f"second a choice on {game}")
        node, said_before = tree.options[word], (word,)
        model = answers
    elif partner is None or partner in (SEAT, OPEN):
        model = answers if partner is None else partner
    else:
        fixed = _given_word(partner)
        model = answers
        for sub in node.options.values():
            _check_partner(sub, fixed, seat)
    if partner_samples is None:
        partner_samples = "all" if samples == "all" else PARTNER_SAMPLES
    earlier = DEAL_TRICKS - len(hand)
    deciders: dict[str, Any] = {}
    rows = Rows()  # what each layout gave, kept from one look to the next

    def layouts(worlds: Any, store: Rows) -> list[tuple[Deal, int, DefenceShares]]:
        """(deal, the declarer's tricks, the defence's split) of every layout."""
        def count(new: list) -> list:
            deals, tricks = [d for d, _ in new], [t for _, t in new]
            out = []
            for deal, t, split in zip(deals, tricks, _shares(
                    SimpleNamespace(deals=deals, tricks=tricks), game, declarer, jobs)):
                if earlier:  # an ending: the tricks before it are the declarer's
                    t = earlier + t
                    split = shares_of(declarer, t, [split.most[s] for s in (first, second)])
                out.append((deal, t, split))
            return out
        return store.take("layouts", list(zip(worlds.deals, worlds.tricks)), count)

    def score(worlds: Any, given: str | None, model: str, store: Rows = rows
              ) -> dict[str, list[WhistRow]]:
        """The row below each word in every layout, the others answering by the model."""
        decider = None
        if model == SEAT:
            if SEAT not in deciders:
                from .declare_seat import SeatDecider

                deciders[SEAT] = SeatDecider(tuple(talon_list), declarer, 1, ruleset, 3,
                                             samples=partner_samples, seed=seed, jobs=jobs,
                                             poll=None if progress is None
                                             else lambda: progress(0))
            decider = deciders[SEAT]

        def count(new: list) -> list[dict[str, WhistRow]]:
            evaluates = [_evaluate_for(game, declarer, ruleset, dd, split)
                         for _, dd, split in new]
            if decider is None:
                return [{word: _answer(sub, evaluate, given, seat, None, said_before + (word,))
                         for word, sub in node.options.items()} for evaluate in evaluates]
            # From the seats: every layout's decisions at one depth made ready in batches.
            starts = [(sub, said_before + (word,), _layout_of(deal, declarer), evaluate)
                      for (deal, _, _), evaluate in zip(new, evaluates)
                      for word, sub in node.options.items()]
            reached = iter(_answers_from_seats(starts, given, seat, decider, game))
            return [{word: next(reached) for word in node.options} for _ in new]
        reached = store.take(("rows", given, model), layouts(worlds, store), count)
        return {w: [r[w] for r in reached] for w in node.options}

    seen: dict[str, Any] = {}

    def decide(worlds: Any) -> WhistDecision:
        seen["worlds"] = worlds
        per_option = score(worlds, fixed, model)
        n = len(worlds.tricks)
        values = {w: [row.values[seat] for row in rows_] for w, rows_ in per_option.items()}
        options = {}
        for word, rows_ in per_option.items():
            mean = sum(values[word], Fraction(0)) / n
            counts: dict[str, int] = {}
            for row in rows_:
                counts[row.label] = counts.get(row.label, 0) + 1
            down = sum(1 for row in rows_ if row.played and row.tricks
                       and row.tricks[declarer] < game.level)
            options[word] = OptionStats(word, mean,
                                        None if worlds.exact else standard_error(values[word]),
                                        Fraction(down, n), counts)
        best = max(options, key=lambda w: (options[w].vists, -TIE_ORDER.index(w)))
        paired = {}
        for word in options:
            diffs = [a - b for a, b in zip(values[word], values[best])]
            paired[word] = (sum(diffs, Fraction(0)) / n,
                            None if worlds.exact else standard_error(diffs))
        return WhistDecision(
            game=game, declarer=declarer, seat=seat, hand=hand, talon=tuple(talon_list),
            rules=ruleset, options=options, best=best, paired=paired, **Sampled.of(worlds),
            partner=fixed or (model if seat == first else partner), said_before=said_before,
            answers=model if fixed is None else answers,
            partner_samples=partner_samples if SEAT in deciders else None,
            models=(_model_row(fixed or model, worlds, values, seat),))

    looker = Looker(cap, decide, _gaps, rivals=len(node.options) - 1, fixed=exactly,
                    progress=progress, payload=lambda r, n: r.to_dict()
                    ) if (cap := looks_cap(samples, exactly, DEFAULT_SAMPLES)) else None
    worlds = sample_worlds(hand, talon_list, game, declarer, seat, samples=samples,
                           seed=seed, discard=discard, filter=filter, jobs=jobs,
                           known=known, progress=progress, max_draws=max_draws, looks=looker,
                           others=other)
    result = looker.result if looker is not None and looker.result is not None else decide(
        worlds)
    result = replace(result, stopped=looker.end() if looker is not None else "fixed")
    if models:
        used = seen["worlds"]  # the layouts the answer stands on
        table = list(result.models)
        for other_fixed, other_model in _alternatives(node, seat, fixed, model):
            other_rows = score(used, other_fixed, other_model)
            table.append(_model_row(
                other_fixed or other_model, used,
                {w: [row.values[seat] for row in rows_] for w, rows_ in other_rows.items()},
                seat))
        # The other bidding filters, on their own draw of as many layouts (same seed), the
        # partner answering with open cards: the seat partner over a second set of layouts
        # would cost as much again as the decision itself.
        for rule in other_filters(used.filter, game, len(hand), talon_list):
            try:
                alt = sample_worlds(hand, talon_list, game, declarer, seat,
                                    samples="all" if used.exact else len(used.tricks),
                                    seed=seed, discard=discard,
                                    filter=rule, jobs=jobs, known=known,
                                    max_draws=None if used.exact
                                    else model_draws(len(used.tricks), max_draws),
                                    others=other, progress=None if progress is None
                                    else lambda n: progress(0))
            except PositionError:  # no layout drawn fits that bid
                continue
            other_rows = score(alt, fixed, OPEN, Rows())
            table.append(_model_row(
                fixed or OPEN, alt,
                {w: [row.values[seat] for row in rows_] for w, rows_ in other_rows.items()},
                seat))
        result = replace(result, models=tuple(table),
                         partner_samples=partner_samples if SEAT in deciders else None)
    return result


def _gaps(result: WhistDecision) -> list[tuple[float, float | None]]:
    """Every other word's paired difference to the best (mean in vists, standard error)."""
    return [(float(d), se) for w, (d, se) in result.paired.items() if w != result.best]


def _evaluate_for(game: Game, declarer: int, rules: RuleSet, dd: int,
                  split: DefenceShares) -> Callable[[tuple], WhistRow]:
    """The priced row of each way through the whisting in one layout."""
    def evaluate(said: tuple) -> WhistRow:
        return price_said(said, game, declarer, rules, 3, dd, split)
    return evaluate


def _layout_of(deal: Deal, declarer: int) -> tuple[int, ...]:
    """A layout as the seat views take it: the seats' masks, the declarer's before his
    discard."""
    masks = [h.mask for h in deal.hands]
    if deal.discard is not None:
        masks[declarer - 1] |= deal.discard.mask
    return tuple(masks)


def _answers_from_seats(starts: list[tuple[Node | tuple, tuple, tuple[int, ...],
                                           Callable[[tuple], WhistRow]]],
                        given: str | None, seat: int, decider: Any, game: Game
                        ) -> list[WhistRow]:
    """`_answer` with every word not given decided from the speaker's seat, for many
    starting points (tree, words said, layout, its pricing) at once: the points are walked a
    word at a time, and the decisions of each step are made ready together
    (`SeatDecider.prepare`), so the seat views of all the layouts are searched in batches."""
    out: list[WhistRow | None] = [None] * len(starts)
    state = [(tree, said) for tree, said, _, _ in starts]
    frontier = list(range(len(starts)))
    while frontier:
        asks = []
        for i in frontier:
            tree, said = state[i]
            while (isinstance(tree, Node) and given is not None
                   and tree.seat not in (seat, DEALER)):
                word = _partner_word(tree, given)
                tree, said = tree.options[word], said + (word,)
            state[i] = (tree, said)
            if isinstance(tree, Node):
                asks.append((tree, said, starts[i][2]))
        decider.prepare(game, asks)
        following = []
        for i in frontier:
            tree, said = state[i]
            if not isinstance(tree, Node):
                out[i] = starts[i][3](tree)
                continue
            word = decider.word(tree, game, said, starts[i][2])
            state[i] = (tree.options[word], said + (word,))
            following.append(i)
        frontier = following
    return out  # type: ignore[return-value]


def _alternatives(node: Node, seat: int, fixed: str | None, model: str
                  ) -> list[tuple[str | None, str]]:
    """The other models of the partner, as (fixed word or None, model of the words not
    fixed), that apply below `node`: "seat", "open", and a word he always says where he
    speaks."""
    speaks = any(isinstance(sub, Node) and _speakers(sub) - {seat, DEALER}
                 for sub in node.options.values())
    later = any(isinstance(sub, Node) for sub in node.options.values())
    if not later:
        return []
    out: list[tuple[str | None, str]] = [(None, m) for m in (SEAT, OPEN)
                                         if (fixed, model) != (None, m)]
    if speaks:
        for word in (WHIST, PASS):
            if word == fixed:
                continue
            try:
                for sub in node.options.values():
                    _check_partner(sub, word, seat)
            except PositionError:
                continue
            out.append((word, model))
    return out


def _speakers(tree: Node | tuple) -> set[int]:
    if not isinstance(tree, Node):
        return set()
    out = {tree.seat}
    for sub in tree.options.values():
        out |= _speakers(sub)
    return out


def _model_row(label: str, worlds: Any, values: dict[str, list[Fraction]], seat: int
               ) -> ModelRow:
    """The best word and its margin over the runner-up on the layouts, under one model."""
    n = len(worlds.tricks)
    means = {w: sum(v, Fraction(0)) / n for w, v in values.items()}
    order = sorted(means, key=lambda w: (means[w], -TIE_ORDER.index(w)), reverse=True)
    best, runner = order[0], order[1]
    diffs = [a - b for a, b in zip(values[best], values[runner])]
    return ModelRow(partner=label, filter=worlds.filter, best=best,
                    by=means[best] - means[runner],
                    se=None if worlds.exact else standard_error(diffs), kept=n)


def _answer(tree: Node | tuple, evaluate: Callable[[tuple], WhistRow], fixed: str | None,
            seat: int, decide: Callable[[Node, tuple], str] | None = None,
            said: tuple = ()) -> WhistRow:
    """The row reached below one option: the partner says `fixed` if given; every other
    word is decided by `decide` (from the speaker's seat) if given, else with open cards."""
    if not isinstance(tree, Node):
        return evaluate(tree)
    if fixed is not None and tree.seat not in (seat, DEALER):
        word = _partner_word(tree, fixed)
        return _answer(tree.options[word], evaluate, fixed, seat, decide, said + (word,))
    if decide is not None:
        word = decide(tree, said)
        return _answer(tree.options[word], evaluate, fixed, seat, decide, said + (word,))
    return induce(tree, evaluate)[0]


def _given_word(partner: str) -> str:
    """The partner's word as given, canonical; a bad one names the argument."""
    try:
        return whist_word(partner)
    except ValueError as error:
        raise type(error)(f"partner={partner!r}: {error}") from None


def _partner_word(node: Node, fixed: str) -> str:
    """The partner's given word at `node`: "whist" after a half-whist is its return."""
    if fixed in node.options:
        return fixed
    if fixed == WHIST and RETURN in node.options:
        return RETURN
    raise PositionError(f"the partner cannot say '{fixed}' here: he may say "
                        f"{', '.join(node.options)}")


def _check_partner(tree: Node | tuple, fixed: str, seat: int) -> None:
    """Raise at once if the partner's given word does not fit a point where he speaks."""
    if not isinstance(tree, Node):
        return
    if tree.seat not in (seat, DEALER):
        _check_partner(tree.options[_partner_word(tree, fixed)], fixed, seat)
        return
    for sub in tree.options.values():
        _check_partner(sub, fixed, seat)


def _shares(worlds: Any, game: Game, declarer: int,
            jobs: int | None = None) -> list[DefenceShares]:
    """The defence's shares in every world (for two whisters), the searches in compiled code
    on `jobs` threads."""
    positions = [make_position(deal, game, declarer=declarer)[0] for deal in worlds.deals]
    return shares_many(positions, worlds.tricks, jobs)
