"""Which card to lead: every opening lead scored, with open cards (`lead_table`) and from the
leader's seat over the layouts he cannot see (`lead_decision`).

Play after the lead is double-dummy: everyone plays as if he saw every card. From the leader's
seat that favours the defenders (and in misère the catchers), who at the table cannot see the
declarer's hand: the numbers are an upper bound for them, and they say so.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..errors import PositionError
from ..games import CONTRACT, MISERE, Game
from ..hand import Hand
from ..rules import RuleSet
from ..scoring import ScoringError, whist_word
from ..seat import Seat
from ..serialize import JsonFields, floats_json, seats_json
from ..solving import make_position
from .pricing import DefenceShares, needs_split, outcome, shares_at, shares_many
from .layouts import as_hand
from .sampling import (DEFAULT_SAMPLES, ModelRow, Sampled, binomial_interval, model_draws,
                       other_filters, standard_error, talon_cards)
from .settle import MARGIN_SHARE, MARGIN_VISTS, Looker, Rows, check_fixed, looks_cap

#: What the leader's-seat numbers assume, said wherever they are shown.
BIAS = ("play after the lead is double-dummy: it favours the defenders (in misère the "
        "catchers), who at the table cannot see the declarer's hand; their numbers are an "
        "upper bound")


def leader_wants_more(game: Game, declarer: int, leader: int) -> bool:
    """Whether the leader wants the declarer's tricks high: the declarer in a contract, a
    catcher in misère."""
    return (leader == declarer) == (game.kind == CONTRACT)


def whist_words(game: Game, declarer: int, rules: RuleSet,
                whist: Mapping[int, str] | None) -> dict[int, str]:
    """The whist words the deal is scored with: as given, else both whist in a contract
    (none for misère or a checked tenner)."""
    if whist is not None:
        return dict(whist)
    if game.kind != CONTRACT or (game.level == 10 and rules.tenner_checked):
        return {}
    return {seat: "whist" for seat in Seat.defenders(declarer)}


def check_whist_words(whist: Mapping[Any, Any] | None, declarer: int) -> dict[int, str]:
    """The defenders' words of `whist` ({seat: word}) in their canonical form; a seat that is
    not a defender of `declarer`, or a word that is not a whist word, is a `PositionError`
    naming `whist`."""
    checks.seat_mapping("whist", whist)
    defenders = Seat.defenders(declarer)
    words = {}
    for seat, word in (whist or {}).items():
        if seat not in defenders:
            raise PositionError(f"whist: seat {seat} is not a defender; declarer {declarer}'s "
                                f"defenders are {defenders[0]} and {defenders[1]}")
        try:
            words[int(seat)] = whist_word(word)
        except ScoringError:
            raise PositionError(f"whist: {checks.shown(word)} for seat {seat} is not a whist "
                                f"word: expected whist, pass, half or return") from None
    return words


def partner_of(game: Game, declarer: int, leader: int) -> int | None:
    """The leader's partner: the other defender of a contract (None when the declarer leads,
    or in misère, where the catchers share one aim)."""
    if game.kind != CONTRACT or leader == declarer:
        return None
    return 6 - declarer - leader


def _price(game: Game, rules: RuleSet, declarer: int, words: Mapping[int, str],
           tricks: int, shares: DefenceShares | None) -> Any:
    """The outcome when the declarer takes `tricks` (`pricing.outcome`: with two whisters at
    one split of the defence's tricks, the same for every player)."""
    return outcome(game, rules, declarer, words, tricks, shares)


@dataclass(frozen=True)
class LeadTable(JsonFields):
    """Every legal lead with open cards: `leads` {card: the declarer's tricks after it},
    `vists` {card: the leader's value in vists} when rules are given, `best` (the leads that
    hold the declarer to the side's best trick count; priced, those of them with the most
    vists for the leader).

    Priced, a contract's defenders each get their own numbers: `partner_vists` {card: the
    other defender's value in vists}; with two whisters, whose own tricks count, `shares`
    {card: {defender: (least, most)}}, each defender's share range after the lead (see
    docs/leads.md), and every seat's vists come from one split of the defence's tricks
    (`pricing`), which `tricks_by` shows.
    `tricks_by` {card: the tricks by seat that price the leader}."""

    deal: Deal
    game: Game
    declarer: int
    leader: int
    leads: dict[Card, int]
    vists: dict[Card, Fraction] | None
    best: list[Card]
    rules: RuleSet | None = None
    whist: dict[int, str] | None = None
    tricks_by: dict[Card, dict[int, int]] | None = None
    partner_vists: dict[Card, Fraction] | None = None
    shares: dict[Card, dict[int, int]] | None = None

    def verdict(self, card: Card) -> str:
        """The result after `card` in words: made / down k, or caught for k / clean; in an
        ending, what it depends on of the tricks before (`Game.ending_verdict`)."""
        return self.game.ending_verdict(self.leads[card], self.deal.size)

    JSON = ("deal", "game", "declarer", "leader", "leads",
            ("verdicts", lambda t: {str(c): t.verdict(c) for c in t.leads}), "vists",
            ("vists_float", lambda t: floats_json(t.vists)), "best", "rules",
            ("whist", lambda t: seats_json(t.whist or None)), "partner_vists",
            ("partner_vists_float", lambda t: floats_json(t.partner_vists)),
            ("shares", lambda t: None if t.shares is None
             else {str(c): seats_json(k) for c, k in t.shares.items()}),
            ("tricks_by", lambda t: None if t.tricks_by is None
             else {str(c): seats_json(k) for c, k in t.tricks_by.items()}))


def lead_table(deal: Deal | str, game: Game | str, declarer: int, *, leader: int = 1,
               rules: RuleSet | str | None = None,
               whist: Mapping[int, str] | None = None) -> LeadTable:
    """Every legal opening lead of `leader`, with open cards.

    rules, whist: price each lead in vists for the leader and, in a contract, his partner
    (`pricing`); the whist words default to both whisting (none for misère or a checked
    tenner). When each defender's own tricks matter (two whisters), each lead's outcome is
    priced at one split of the defence's tricks from the defenders' share ranges after it
    (`pricing`), the same for every player; equal cards get equal prices.
    """
    import solver

    deal = Deal.parse(deal)
    game = Game.parse(game)
    if game.kind not in (CONTRACT, MISERE):
        raise PositionError(f"leads are scored for a contract or misère, not {game}")
    position = make_position(deal, game, declarer=declarer, leader=leader)[0]
    check_whist_words(whist, declarer)
    engine = solver.default_solver()
    moves = engine.moves(position)
    leads = {Card.from_index(c): v for c, v in sorted(moves.items(), key=_order)}
    vists = tricks_by = partner_vists = shares = None
    ruleset = words = None
    partner = partner_of(game, declarer, leader)
    if rules is not None:
        ruleset = RuleSet.get(rules)
        words = whist_words(game, declarer, ruleset, whist)
        if not deal.is_full:
            raise PositionError("leads are priced in vists on a whole deal: hands of ten")
        split = needs_split(game, words)
        vists, tricks_by = {}, {}
        partner_vists = {} if partner is not None else None
        shares = {} if split else None
        for card in leads:
            after = shares_at(position.play(card.index), engine=engine) if split else None
            priced = _price(game, ruleset, declarer, words, leads[card], after)
            if after is not None:
                shares[card] = {s: after.range(s) for s in after.most}
            tricks_by[card] = dict(priced.tricks or {declarer: leads[card]})
            vists[card] = priced.values[leader]
            if partner is not None:
                partner_vists[card] = priced.values[partner]
    best = _best(leads, vists, game, declarer, leader)
    return LeadTable(deal, game, declarer, leader, leads, vists, best, ruleset, words, tricks_by,
                     partner_vists, shares)


def _best(leads: Mapping[Card, int], vists: Mapping[Card, Fraction] | None, game: Game,
          declarer: int, leader: int) -> list[Card]:
    """The side's common aim first: the leads that hold the declarer to the fewest tricks (the
    most in misère; his own best when he leads). Among those, priced, the leader's vists rank
    them: a lead that gives the declarer a trick is never best for its vists alone."""
    pick = max if leader_wants_more(game, declarer, leader) else min
    top = pick(leads.values())
    aim = [c for c, v in leads.items() if v == top]
    if vists is None:
        return aim
    most = max(vists[c] for c in aim)
    return [c for c in aim if vists[c] == most]


def _order(item: tuple[int, int]) -> tuple[int, int]:
    """Suits ♠ ♣ ♦ ♥, high cards first, as hands are printed."""
    return item[0] >> 3, -(item[0] & 7)


@dataclass(frozen=True)
class LeadStats(JsonFields):
    """One lead over the layouts kept.

    `tricks`: the declarer's mean tricks (exact over the layouts, a `Fraction`), `tricks_se`
    its standard error (None when every layout was taken); `set_probability`: the share of
    layouts in which the contract goes down (misère: in which he is caught); `distribution`:
    {tricks: share}; `vists`, `vists_se`: the leader's mean value when rules are given;
    `diff`, `diff_se`: the paired difference to the best lead on the same layouts (in vists
    when priced, else in the declarer's tricks, from the leader's side: 0 for the best, less
    for the others); `partner_vists`, `partner_vists_se`: the other defender's mean value,
    priced, in a contract (with two whisters both from one split, `pricing`);
    `set_probability_interval`: the 95% interval of `set_probability`
    (`sampling.binomial_interval`; None when every layout was taken); `set_diff`,
    `set_diff_se`: the paired difference of the share set (misère: caught) to the best lead,
    from the leader's side (for a declarer leading, a set counts against him).
    """

    card: Card
    tricks: Fraction
    tricks_se: float | None
    set_probability: Fraction
    distribution: dict[int, Fraction]
    vists: Fraction | None
    vists_se: float | None
    diff: Fraction
    diff_se: float | None
    partner_vists: Fraction | None = None
    partner_vists_se: float | None = None
    set_probability_interval: tuple[float, float] | None = None
    set_diff: Fraction = Fraction(0)
    set_diff_se: float | None = None

    JSON = ("card", "tricks", ("tricks_float", lambda s: float(s.tricks)), "tricks_se",
            ("set_probability", lambda s: float(s.set_probability)),
            ("distribution", lambda s: floats_json(dict(sorted(s.distribution.items())), None)),
            "vists", ("vists_float", lambda s: None if s.vists is None else float(s.vists)),
            "vists_se", "diff", ("diff_float", lambda s: float(s.diff)), "diff_se",
            "partner_vists", ("partner_vists_float",
                              lambda s: None if s.partner_vists is None
                              else float(s.partner_vists)), "partner_vists_se",
            "set_probability_interval", "set_diff",
            ("set_diff_float", lambda s: float(s.set_diff)), "set_diff_se")


@dataclass(frozen=True)
class LeadDecision(Sampled, JsonFields):
    """Every lead from the leader's seat: `leads` {card: `LeadStats`}, `best`, the layouts
    `asked`, `drawn` and `kept`, and how they were made (`Sampled`); `ranked_by`: "vists"
    (priced: the leader's vists, then the chance to set the contract, then the declarer's
    mean tricks) or "set" (unpriced: the chance to set, then the mean tricks), and `order`
    the leads so ranked, best first (see `lead_decision`); `models`: the best lead under
    each bidding filter (`ModelRow`), this result's first."""

    game: Game
    declarer: int
    leader: int
    hand: Hand
    leads: dict[Card, LeadStats]
    best: Card
    rules: RuleSet | None
    whist: dict[int, str] | None
    ranked_by: str = "set"
    order: tuple[Card, ...] = ()
    models: tuple[ModelRow, ...] = ()

    @property
    def depends(self) -> list[ModelRow]:
        """The filters under which another lead is better than this result's best (by more
        than nothing on what ranks them)."""
        return [m for m in self.models if m.best != self.best and m.by > 0]

    JSON = ("game", "declarer", "leader", "hand", "best", "leads", "drawn", "kept", "exact",
            "seed", "discard_model", "filter", "rules", "asked", "max_draws", "samples",
            "stopped",
            ("whist", lambda d: seats_json(d.whist or None)), ("double_dummy", lambda d: BIAS),
            "ranked_by", "order", "models")


def lead_decision(hand: Hand | str | Iterable[Card | str], game: Game | str, declarer: int, *,
                  leader: int = 1, others: Hand | str | None = None,
                  talon: Iterable[Card | str] | str | None = None,
                  whist: Mapping[int, str] | None = None, rules: RuleSet | str | None = None,
                  samples: int | str | None = DEFAULT_SAMPLES, seed: int | None = 0,
                  filter: str | Callable[..., bool] | None = None,
                  max_draws: int | None = None,
                  discard: str | Callable[..., Any] | None = None, jobs: int | None = None,
                  known: Mapping[int, Any] | None = None,
                  progress: Callable[..., None] | None = None,
                  fixed: bool = False, models: bool = True) -> LeadDecision:
    """Every lead from the leader's seat, over the layouts he cannot see.

    hand:     the leader's cards. `others`: the cards the other two hold between them
              (default: the rest of the deck, less the talon). `talon`: the open talon (the
              declarer's discard is then modelled, `discard`: "dd" his best double-dummy
              discard (None: the default), "low" or a function), or None (no talon, no
              discard: endings). `filter`: the bidding filter (`sampling.FILTERS`: "bid" (the
              "seat" rule where a defender looks with the talon, else "dd"), "seat", "dd",
              in misère "clean" with his best discard or "at-most-one", "none"; or a
              function; None: "bid" for a hand of ten, "none" for an ending and at the
              misère player's own seat).
    samples, seed: layouts to keep (None: 1000; at most `MAX_WORLDS`, 100,000), or "all" for
              every one, and the seed of the draw (0..2**63 - 1, default 0, so a run repeats;
              None draws unseeded). `max_draws`: stop after drawing so many (default and at
              most `MAX_DRAWS`); the result's `asked`, `drawn` and `kept` say whether
              fewer were kept than asked. Every lead is scored
              on the same layouts (one search per lead and layout, all in compiled code), so
              the differences to the best lead (`diff`) have their own, smaller errors.
    rules, whist: price the leads in vists for the leader (see `lead_table`).
    fixed:    keep exactly `samples` layouts. By default (False) drawing stops as soon as the
              best lead is settled (`settle`: by its vists when priced, within 0.5 vists; by
              the chance to set unpriced, within half a percentage point); the result's
              `stopped` and `samples` say when. A run that does not stop early is the fixed
              run.
    models:   also find the best lead under the other bidding filters (for a whole hand
              with the talon: "seat", "dd", "none"), each on its own draw of as many layouts
              with the same seed, for the result's `models` (each row's `by`: its best lead's
              margin over this result's best, or over its next lead where they agree).
    The best lead: priced, the most vists for the leader, then the best chance to set the
    contract (misère: to catch him; for a declarer leading, to make it), then the fewest
    tricks for the declarer (the most, where the leader wants them); unpriced, the chance
    to set first. Ties last go to the first in the order the hand is printed.
    """
    import solver

    from .sampling import sample_worlds

    game = Game.parse(game)
    if game.kind not in (CONTRACT, MISERE):
        raise PositionError(f"leads are scored for a contract or misère, not {game}")
    for name, value in (("leader", leader), ("declarer", declarer)):
        checks.seat(name, value)
    check_whist_words(whist, declarer)
    checks.seat_mapping("known", known)
    checks.callback("progress", progress)
    exactly = check_fixed(fixed, samples)
    hand = as_hand(hand, "hand")
    other = as_hand(others, "others") if others is not None else None
    talon_list = talon_cards(talon)
    if len(hand) == 10 and not talon_list and other is None:
        raise PositionError("a hand of ten needs the talon (talon=) or the others' cards "
                            "(others=)")
    if rules is not None and len(hand) != 10:
        raise PositionError("leads are priced in vists on whole hands of ten")
    ruleset = RuleSet.get(rules) if rules is not None else None
    words = whist_words(game, declarer, ruleset, whist) if ruleset is not None else None
    cards = sorted(hand, key=lambda c: (c.suit, -c.rank))
    rows = Rows()  # what each layout gave, kept from one look to the next

    def counted(new: list[Deal]) -> list[tuple[list[Any], list[int]]]:
        """Each new layout's positions after every lead and the declarer's tricks in them."""
        positions = []
        for deal in new:
            start = make_position(deal, game, declarer=declarer, leader=leader)[0]
            positions.extend(start.play(c.index) for c in cards)
        # The leads of one layout share many positions: a table for related positions keeps
        # them.
        values = solver.tricks_many(positions, threads=jobs, tt_mb=solver.many.RELATED_TT_MB)
        values = values.reshape(len(new), len(cards))
        k = len(cards)
        return [(positions[i * k:(i + 1) * k], [int(v) for v in values[i]])
                for i in range(len(new))]

    def priced_rows(new: list[tuple[list[Any], list[int]]]) -> list[tuple[list, list | None]]:
        """Each new layout's leader's and partner's values of every lead (`_prices`)."""
        positions = [p for pos, _ in new for p in pos]
        per = {c: [t[k] for _, t in new] for k, c in enumerate(cards)}
        mine, partner = _prices(positions, cards, per, game, declarer, leader, ruleset,
                                words, jobs)
        return [([mine[c][i] for c in cards],
                 None if partner is None else [partner[c][i] for c in cards])
                for i in range(len(new))]

    def decide(worlds: Any) -> LeadDecision:
        done = rows.take("counts", worlds.deals, counted)
        per_lead = {c: [t[k] for _, t in done] for k, c in enumerate(cards)}
        priced: dict[Card, list[Fraction]] | None = None
        partner_priced: dict[Card, list[Fraction]] | None = None
        if ruleset is not None:
            both = rows.take("prices", done, priced_rows)
            priced = {c: [m[k] for m, _ in both] for k, c in enumerate(cards)}
            if both and both[0][1] is not None:
                partner_priced = {c: [p[k] for _, p in both] for k, c in enumerate(cards)}
        wants_more = leader_wants_more(game, declarer, leader)
        n = len(worlds.deals)

        def side(card: Card) -> list[Fraction] | list[int]:
            """The leader's score of a lead per layout: vists, or tricks from his side."""
            if priced is not None:
                return priced[card]
            return [v if wants_more else -v for v in per_lead[card]]

        # Whole numbers where the scores are tricks: the same exact means, without a Fraction
        # per layout and lead.
        scores = {c: side(c) for c in cards}
        totals = {c: sum(scores[c]) for c in cards}
        # A set (misère: a catch) is what a defender wants and what the declarer does not.
        sign = -1 if leader == declarer else 1
        sets = {c: [sign * int(t >= 1 if game.kind == MISERE else t < game.level)
                    for t in per_lead[c]] for c in cards}
        mine = {c: sum(t if wants_more else -t for t in per_lead[c]) for c in cards}
        order = sorted(cards, key=lambda c: (totals[c] if priced is not None else 0, sum(sets[c]),
                                             mine[c], -cards.index(c)), reverse=True)
        best = order[0]
        stats = {}
        for card in cards:
            tricks = per_lead[card]
            short = sum(1 for t in tricks if (t >= 1 if game.kind == MISERE else t < game.level))
            set_diffs = [a - b for a, b in zip(sets[card], sets[best])]
            dist: dict[int, int] = {}
            for t in tricks:
                dist[t] = dist.get(t, 0) + 1
            diffs = [a - b for a, b in zip(scores[card], scores[best])]
            stats[card] = LeadStats(
                card=card, tricks=Fraction(sum(tricks), n),
                tricks_se=None if worlds.exact else standard_error(tricks),
                set_probability=Fraction(short, n),
                distribution={t: Fraction(k, n) for t, k in sorted(dist.items())},
                vists=None if priced is None else Fraction(totals[card]) / n,
                vists_se=None if priced is None or worlds.exact else standard_error(priced[card]),
                diff=Fraction(sum(diffs)) / n, diff_se=None if worlds.exact else standard_error(diffs),
                partner_vists=None if partner_priced is None
                else sum(partner_priced[card], Fraction(0)) / n,
                partner_vists_se=None if partner_priced is None or worlds.exact
                else standard_error(partner_priced[card]),
                set_probability_interval=None if worlds.exact else binomial_interval(short, n),
                set_diff=Fraction(sum(set_diffs), n),
                set_diff_se=None if worlds.exact else standard_error(set_diffs))
        return LeadDecision(game=game, declarer=declarer, leader=leader, hand=hand, leads=stats,
                            best=best, rules=ruleset, whist=words,
                            ranked_by="set" if priced is None else "vists", order=tuple(order),
                            **Sampled.of(worlds))

    looker = Looker(cap, decide, _gaps, rivals=len(cards) - 1, fixed=exactly,
                    margin=MARGIN_VISTS if ruleset is not None else MARGIN_SHARE,
                    progress=progress, payload=lambda r, n: r.to_dict()
                    ) if (cap := looks_cap(samples, exactly, DEFAULT_SAMPLES)) else None
    worlds = sample_worlds(hand, talon_list, game, declarer, leader, samples=samples,
                           seed=seed, discard=discard if talon_list else None, filter=filter,
                           jobs=jobs, known=known, others=other, leader=leader,
                           progress=progress, max_draws=max_draws, looks=looker)
    result = looker.result if looker is not None and looker.result is not None else decide(
        worlds)
    result = replace(result, stopped=looker.end() if looker is not None else "fixed")
    if not models:
        return result
    table = [_model_row(result, result.best)]
    for rule in other_filters(result.filter, game, len(hand), talon_list, leader != declarer):
        try:
            other_result = lead_decision(
                hand, game, declarer, leader=leader, others=other, talon=talon_list,
                whist=whist, rules=ruleset, samples="all" if result.exact else result.kept,
                seed=seed, filter=rule, discard=discard, jobs=jobs,
                max_draws=None if result.exact else model_draws(result.kept, max_draws),
                known=known, progress=None if progress is None else lambda n: progress(0),
                fixed=True, models=False)
        except PositionError:  # no layout drawn fits that bid
            continue
        table.append(_model_row(other_result, result.best))
    return replace(result, models=tuple(table))


def _model_row(result: LeadDecision, own: Card) -> ModelRow:
    """The best lead of `result` and its margin (in vists when priced, else in the chance to
    set) over `own`, the best lead of the decision the table belongs to, or where that is
    the best here too, over the next lead not alike to it."""
    # Where they agree, the next lead that is not as good as the best on the same layouts
    # (a card of a sequence gives the same as its neighbour in every layout).
    rest = [c for c in result.order[1:] if (result.leads[c].diff, result.leads[c].set_diff)
            != (0, 0)] or list(result.order[1:2])
    runner = own if own != result.best else (rest[0] if rest else None)
    if runner is None:
        by, se = Fraction(0), None
    elif result.ranked_by == "vists":
        by, se = -result.leads[runner].diff, result.leads[runner].diff_se
    else:
        by, se = -result.leads[runner].set_diff, result.leads[runner].set_diff_se
    return ModelRow(partner="given", filter=result.filter, best=result.best, by=by, se=se,
                    kept=result.kept)


def _gaps(result: LeadDecision) -> list[tuple[float, float | None]]:
    """Every other lead's paired difference to the best: in vists when priced, else in the
    chance to set the contract (the unpriced order's first key)."""
    if result.ranked_by == "vists":
        return [(float(s.diff), s.diff_se) for c, s in result.leads.items()
                if c != result.best]
    return [(float(s.set_diff), s.set_diff_se) for c, s in result.leads.items()
            if c != result.best]


def _prices(positions: list[Any], cards: list[Card], per_lead: Mapping[Card, list[int]],
            game: Game, declarer: int, leader: int, rules: RuleSet, words: Mapping[int, str],
            jobs: int | None) -> tuple[dict[Card, list[Fraction]],
                                       dict[Card, list[Fraction]] | None]:
    """The leader's and his partner's (None: no partner) values in vists of every lead in
    every layout; `positions`: every layout's position after each lead, layout by layout.
    With two whisters both from one split of the defence's tricks (`pricing`)."""
    partner = partner_of(game, declarer, leader)
    split = needs_split(game, words)
    tricks = [per_lead[card][i] for i in range(len(positions) // max(1, len(cards)))
              for card in cards]
    shares = shares_many(positions, tricks, jobs) if split else None
    seats = [leader] if partner is None else [leader, partner]
    out: dict[int, dict[Card, list[Fraction]]] = {s: {c: [] for c in cards} for s in seats}
    for i, count in enumerate(tricks):
        card = cards[i % len(cards)]
        priced = _price(game, rules, declarer, words, count,
                        shares[i] if shares is not None else None)
        for seat in seats:
            out[seat][card].append(priced.values[seat])
    return out[leader], out[partner] if partner is not None else None
