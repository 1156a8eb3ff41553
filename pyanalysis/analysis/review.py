"""A played deal reviewed card by card, and claims checked (double-dummy).

    >>> import pyanalysis as pa
    >>> r = pa.review(pa.Record.parse(text))              # or pa.review(deal, "8S", declarer=2,
    >>> r.cards[0].cost, r.cards[0].best                   #      plays=["8C", "KC", ...])
    >>> pa.check_claim(deal, "8S", declarer=2, plays=[...], claimant=2, tricks=3).holds

Every card is judged by the double-dummy value of the position before it and after it. The
values count the tricks of one player, the *focus*: the declarer in a contract or misère; in
raspasy the `player` if one is given (the other two then play together against him, as
`solve(..., player=)` counts), else the player who plays the card (each card is judged by its
own player's guaranteed minimum). All values are whole-deal counts: tricks already taken are
included.

`Review` fields (stable; `to_dict()` gives the same names, cards as "AS", seats as "1"):

- `record`: the `Record` reviewed (deal, game, declarer, leader, talon_rule, whist, plays,
  claimant/claimed/claim_kind, stop; `record.tricks`: the `Trick`s with leaders and winners).
- `deal`, `game`, `declarer` (None in raspasy), `player` (raspasy focus or None), `leader`,
  `talon_rule` (raspasy; None otherwise), `focus` (the declarer, the raspasy player, or None
  in raspasy without a player).
- `cards`: one `ReviewCard` per card played, in play order.
- `dd_start`: the focus player's tricks with best play from the start (None when `focus` is).
- `result`: the focus player's tricks at the end: the tricks played, then the claim as agreed,
  or (an agreed stop, or a record that ends early) best play from the last card on.
- `tricks_by_seat`: {seat: tricks} at the end on the same terms (the settled tricks shared as
  along the principal line; raspasy without a player: that line with the 1st hand as focus).
- `settlement`: "played" (every trick played), "claim", "stop" or "unfinished".
- `claim`: the `Claim` check of the record's claim (None without one). An accepted claim
  settles the tricks counted by its number: a "take" claim gives the claimant's side `tricks`
  of those left, an "at most" or "at least" claim gives the player it is about (the misère
  declarer, the raspasy claimant) `tricks` more; the other tricks are shared as along the
  principal line. `claim_cost` (contracts and misère): {"declarer": n, "defence": n}, the
  tricks the accepted claim moved away from best play, charged to the side they went against
  (a claimant conceding tricks he could take or granting tricks he need not; a side accepting
  a claim that does not hold). Raspasy has no sides: {} there.
- `choosers`: {seat: the seat who chose the cards played from its hand} (`choosers()`): each
  player his own, except in open whist with one whister, where the whister chooses the
  passer's cards too (RULES.md §3); closed whist, two whisters, misère, raspasy and a checked
  tenner leave every player his own cards.
- `cost_by_seat`: {seat: the sum of the costs of the cards from his hand};
  `cost_by_chooser`: {seat: the sum of the costs of the cards he chose}, the blame (the same
  unless a whister played the passer's hand); `cost_by_side` (contracts and
  misère): {"declarer": …, "defence": …} with the claim's cost included. For a contract
  `result - dd_start == cost_by_side["defence"] - cost_by_side["declarer"]` (misère: the
  other way round): every trick that moved is some card's (or the claim's) doing.
- `lost_at`: for a contract set or a misère caught, the card after which it could no longer be
  made (`lost_side` "declarer"); for one made that the defence could have beaten, the card
  after which it could no longer be beaten (`lost_side` "defence"); None when the result was
  the double-dummy one from the start, or when the claim decided it (`lost_by_claim` True).
- `minimums_start`, `minimums_end`: raspasy: {seat: the tricks that player can hold himself
  to} at the start and after the last card (whole deal); {} otherwise.
- `rules`, `whist` ({seat: word}, the words scored): when a rule set is given,
  `vists` {seat: the actual result's value in vists (`score_deal`)}, and for contracts and
  misère `dd_vists` (the value of the double-dummy result from the start) and `vists_cost`
  {seat: dd_vists − vists}: what the play (errors and gifts) cost each player. Raspasy: only
  `vists`. None without rules.
- `verdict`, `dd_verdict`: the result in words ("made", "down 2", "caught for 1", "clean",
  "tricks 3-4-3").

`ReviewCard` fields: `number` (1.. in play order), `trick` (1..10), `seat` (whose hand it
came from), `chooser` (who chose it: `choosers[seat]`), `card`, `focus`
(whose tricks the numbers count), `before` and `after` (the focus player's whole-deal tricks
with best play from the position before / after this card), `cost` (≥ 0: tricks this card
gave away for its side; 0 for a best card), `best` (the best cards there), `values` ({card:
focus tricks after it} for every legal card there), `taken` ({seat: tricks taken before this
card}), `minimums` (raspasy: {seat: each player's guaranteed minimum before this card}; {}
otherwise).

With `view="seat"` (`review_seat` says what each player saw and how the layouts are made)
every card with a choice is also weighed from its player's seat (the chooser's: the whister's
for a passer's card in open whist with one whister), over the layouts of the cards
he could not see that fit what he had seen (at most `samples` a card; every one when fewer):
`seat_values` ({legal card: the focus player's mean whole-deal tricks after it}),
`seat_vists` ({legal card: the chooser's own mean vists}, with `rules` on a whole deal, else
{}), `seat_cost` (≥ 0, a `Fraction`: the tricks the card lost on average against the best
card from the seat, from its side), `seat_cost_se` (its paired standard error when sampled,
else None), `seat_best`, `seat_flag` ("?" above the first of `flags`, "??" above the second,
else ""), `seat_verdict` ("mistake", "unlucky": costly double-dummy but not flagged from the
seat, "lucky": flagged but not costly double-dummy, or ""), `seat_layouts` (weighed),
`seat_total` (consistent), `seat_exact` (every one weighed), `seat_stopped` (a drawn
sample: why its draw stopped, `settle.STOPS`; None when exact). A drawn sample is weighed in
rounds (100 layouts, then half as many again, then `samples`) and stops once the card's
verdict is settled (`review_seat.settled_at`: the best card from the seat and the played
card's flag, each told apart at the settle rule's bound); `fixed=True` weighs all
`samples`. A card that was the only legal
one is not weighed: seat cost 0, `seat_layouts` 0. The review then also has `view`,
`whisting` ("open" or "closed"; "checked" for a tenner the rules check: every card open;
None in raspasy), `samples`, `seed`, `fixed`, `flags` and
`seat_cost_by_seat` ({seat: the sum of the seat costs of the cards from his hand}),
`seat_cost_by_chooser` ({seat: the same of the cards he chose}); `judged` lists the cards
costly double-dummy or flagged from the seat. With `view="dd"` (the default) these fields are
empty or None.

A claim (`check_claim`) is about the tricks still to play from the position after `plays`
(the unfinished trick included), double-dummy, and its `kind` is what the claimant's role
claims:

- "take" (contracts): the claimant's side (the declarer alone, or the two defenders together)
  takes `tricks` of them (None: all); `can_take` is that side's tricks with best play by all;
  it holds iff `can_take >= tricks`.
- "at most" (the misère declarer; a raspasy player, of his own tricks only): he takes at most
  `tricks` more (None: 0, "the rest are yours"); `can_take` is his tricks with best play by
  all (in raspasy the other two playing together against him, as `solve(..., player=)`
  counts); it holds iff `can_take <= tricks`.
- "at least" (a misère catcher): the declarer takes at least `tricks` more; `can_take` is the
  declarer's tricks with best play by all; it holds iff `can_take >= tricks`.

When it does not hold, `refutation` is a principal line from there (best play by all for the
tricks counted): replayed, it gives `can_take` tricks, which breaks the claim.

Each position is solved once for every legal card (`Solver.moves`) on one engine, whose table
carries over from card to card.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..diagram import SEAT_NAMES
from ..errors import PositionError
from ..games import CONTRACT, MISERE, RASPASY, Game
from ..record import AT_LEAST, AT_MOST, TAKE, Record, claim_kind, claim_text
from ..rules import RuleSet
from ..play import Play
from ..scoring import whist_word
from .pricing import deal_score, needs_split, outcome, shares_at
from ..seat import Seat
from ..serialize import JsonFields, floats_json, seats_json, to_jsonable
from ..solving import SEATS, make_position
from .leads import check_whist_words, whist_words
from . import review_seat
from .review_seat import SEAT_FLAGS
from .settle import check_fixed

if TYPE_CHECKING:
    import solver

__all__ = ["Review", "ReviewCard", "Claim", "review", "check_claim", "said_words",
           "choosers"]

DECLARER, DEFENCE = "declarer", "defence"


@dataclass(frozen=True)
class ReviewCard(JsonFields):
    """One card played, judged double-dummy (see the module doc for every field)."""

    number: int
    trick: int
    seat: int
    card: Card
    focus: int
    before: int
    after: int
    cost: int
    best: list[Card]
    values: dict[Card, int]
    taken: dict[int, int]
    chooser: int
    minimums: dict[int, int] = field(default_factory=dict)
    seat_values: dict[Card, Fraction] = field(default_factory=dict)
    seat_vists: dict[Card, Fraction] = field(default_factory=dict)
    seat_cost: Fraction | None = None
    seat_cost_se: float | None = None
    seat_best: list[Card] = field(default_factory=list)
    seat_flag: str = ""
    seat_layouts: int = 0
    seat_total: int = 0
    seat_exact: bool | None = None
    seat_stopped: str | None = None

    @property
    def is_best(self) -> bool:
        return self.cost == 0

    @property
    def seat_verdict(self) -> str:
        """Both costs in a word: "mistake" (flagged from the seat and costly double-dummy),
        "unlucky" (costly double-dummy, not flagged from the seat: right on what he could
        see), "lucky" (flagged from the seat, but it cost nothing double-dummy), "" (neither;
        and without the seat view)."""
        if self.seat_cost is None:
            return ""
        if self.seat_flag:
            return "mistake" if self.cost else "lucky"
        return "unlucky" if self.cost else ""

    JSON = ("number", "trick", "seat", "chooser", "card", "focus", "before", "after", "cost",
            "best", "values", ("taken", lambda c: seats_json(c.taken)),
            ("minimums", lambda c: seats_json(c.minimums)),
            ("seat_values", lambda c: floats_json(c.seat_values)),
            ("seat_vists", lambda c: floats_json(c.seat_vists)),
            ("seat_cost", lambda c: None if c.seat_cost is None else float(c.seat_cost)),
            "seat_cost_se", "seat_best", "seat_flag", "seat_verdict", "seat_layouts",
            "seat_total", "seat_exact", "seat_stopped")


@dataclass(frozen=True)
class Claim(JsonFields):
    """A claim checked double-dummy (see the module doc).

    `kind`: "take" (contracts), "at most" (the misère declarer, a raspasy player of himself)
    or "at least" (a misère catcher, of the declarer). `tricks`: claimed from the position
    after `plays` on; `remaining`: tricks left there (the unfinished one included);
    `can_take`: the tricks counted from there with best play by all: in a contract the
    claimant's side's, in misère the declarer's (whoever claims), in raspasy the claimant's
    against the other two; `holds`: can_take >= tricks ("take", "at least") or can_take <=
    tricks ("at most"); `refutation`: [] when it holds, else a principal line from there in
    play order. `declarer` is None in raspasy; `talon_rule` is the raspasy talon rule (None
    otherwise).
    """

    deal: Deal
    game: Game
    declarer: int | None
    leader: int
    plays: tuple[Card, ...]
    claimant: int
    tricks: int
    remaining: int
    can_take: int
    holds: bool
    refutation: list[Card]
    kind: str = TAKE
    talon_rule: str | None = None

    @property
    def side(self) -> str | None:
        """"declarer" or "defence": whose claim it is (None in raspasy: no sides)."""
        if self.declarer is None:
            return None
        return DECLARER if self.claimant == self.declarer else DEFENCE

    @property
    def focus(self) -> int:
        """The seat whose tricks `can_take` counts alone ("at most", "at least"); in a "take"
        claim the declarer, whose side's tricks or their complement `can_take` is."""
        return self.claimant if self.declarer is None else self.declarer

    @property
    def words(self) -> str:
        """The claim after the seat, as a record's `claim:` line writes it ("rest", "3",
        "none", "at most 1", "at least 2")."""
        return claim_text(self.kind, None if self.kind == TAKE and self.tricks ==
                          self.remaining else self.tricks)

    def sentences(self) -> tuple[str, str]:
        """The claim and its outcome in words, for the command line and the page alike:
        ("The 2nd hand claims all 7 tricks left for the declarer", "the claim does not hold;
        against best play the declarer takes 6"). The refutation line is the caller's to
        write."""
        seat = f"The {SEAT_NAMES[self.claimant]}"
        if self.kind == TAKE:
            side = "the declarer" if self.side == DECLARER else "the defence"
            claimed = (f"all {self.remaining} tricks left" if self.tricks == self.remaining
                       else f"{_tricks_word(self.tricks)} of the {self.remaining} left")
            head = f"{seat} claims {claimed} for {side}"
            if self.holds:
                return head, f"the claim holds ({side} can take {self.can_take} against any play)"
            return head, f"the claim does not hold; against best play {side} takes {self.can_take}"
        who = "he" if self.claimant == self.focus else "the declarer"
        limit = "none" if self.kind == AT_MOST and self.tricks == 0 else f"{self.kind} {self.tricks}"
        head = f"{seat} claims {who} takes {limit} of the {_tricks_word(self.remaining)} left"
        against = " against the other two" if self.game.kind == RASPASY else ""
        takes = f"with best play by all {who} takes {self.can_take}{against}"
        if self.holds:
            return head, f"the claim holds ({takes})"
        return head, f"the claim does not hold; {takes}"

    JSON = ("deal", "game", "declarer", "talon_rule", "leader", "plays", "claimant", "side",
            "kind", "focus", "tricks", "remaining", "can_take", "holds", "refutation")


@dataclass(frozen=True)
class Review(JsonFields):
    """A played deal reviewed card by card (see the module doc for every field)."""

    record: Record
    focus: int | None
    player: int | None
    cards: list[ReviewCard]
    dd_start: int | None
    result: int | None
    tricks_by_seat: dict[int, int]
    settlement: str
    claim: Claim | None
    claim_cost: dict[str, int]
    cost_by_seat: dict[int, int]
    cost_by_side: dict[str, int]
    lost_at: ReviewCard | None
    lost_side: str | None
    lost_by_claim: bool
    minimums_start: dict[int, int]
    minimums_end: dict[int, int]
    rules: RuleSet | None = None
    whist: dict[int, str] | None = None
    vists: dict[int, Fraction] | None = None
    dd_vists: dict[int, Fraction] | None = None
    vists_cost: dict[int, Fraction] | None = None
    view: str = "dd"
    whisting: str | None = None
    samples: int | str | None = None
    seed: int | None = None
    flags: tuple[float, float] | None = None
    fixed: bool | None = None
    seat_cost_by_seat: dict[int, Fraction] = field(default_factory=dict)
    choosers: dict[int, int] = field(default_factory=lambda: {s: s for s in SEATS})

    # The position reviewed, as the record gives it.
    deal = property(lambda self: self.record.deal, doc="The record's deal.")
    game = property(lambda self: self.record.game, doc="The record's game.")
    declarer = property(lambda self: self.record.declarer, doc="The record's declarer.")
    leader = property(lambda self: self.record.leader, doc="The record's leader of trick 1.")
    talon_rule = property(lambda self: self.record.talon_rule, doc="The record's talon rule.")

    @property
    def verdict(self) -> str:
        """The result in words: "made", "down 2", "caught for 1", "clean", "tricks 3-4-3"."""
        return _verdict(self.game, self.result, self.tricks_by_seat)

    @property
    def dd_verdict(self) -> str:
        """The double-dummy result from the start in words (raspasy: the guaranteed minimums)."""
        if self.game.kind == RASPASY:
            return "minimums " + "-".join(str(self.minimums_start[s]) for s in SEATS)
        assert self.dd_start is not None
        return self.game.verdict(self.dd_start)

    @property
    def costly(self) -> list[ReviewCard]:
        """The cards that cost their side something."""
        return [c for c in self.cards if c.cost]

    @property
    def judged(self) -> list[ReviewCard]:
        """The cards costly double-dummy or flagged from the seat."""
        return [c for c in self.cards if c.cost or c.seat_flag]

    @property
    def cost_by_chooser(self) -> dict[int, int]:
        """{seat: the sum of the costs of the cards he chose}: his own, and for a whister
        playing open alone the passer's too."""
        return {s: sum(c.cost for c in self.cards if c.chooser == s) for s in SEATS}

    @property
    def seat_cost_by_chooser(self) -> dict[int, Fraction]:
        """{seat: the sum of the seat costs of the cards he chose} ({} without the seat
        view)."""
        if self.view != "seat":
            return {}
        return {s: sum((c.seat_cost for c in self.cards if c.chooser == s
                        and c.seat_cost is not None), Fraction(0)) for s in SEATS}

    JSON = ("deal", "game", "declarer", "player", "leader", "talon_rule", "focus", "record",
            ("tricks", lambda r: to_jsonable(r.record.tricks)), "cards", "dd_start", "result",
            "verdict", "dd_verdict", ("tricks_by_seat", lambda r: seats_json(r.tricks_by_seat)),
            "settlement", "claim", "claim_cost",
            ("cost_by_seat", lambda r: seats_json(r.cost_by_seat)),
            ("cost_by_chooser", lambda r: seats_json(r.cost_by_chooser)), "cost_by_side",
            ("choosers", lambda r: seats_json(r.choosers)),
            ("lost_at", lambda r: None if r.lost_at is None else {
                "number": r.lost_at.number, "trick": r.lost_at.trick, "seat": r.lost_at.seat,
                "chooser": r.lost_at.chooser, "card": str(r.lost_at.card)}),
            "lost_side", "lost_by_claim",
            ("minimums_start", lambda r: seats_json(r.minimums_start)),
            ("minimums_end", lambda r: seats_json(r.minimums_end)), "rules",
            ("whist", lambda r: seats_json(r.whist)), ("vists", lambda r: seats_json(r.vists)),
            ("dd_vists", lambda r: seats_json(r.dd_vists)),
            ("vists_cost", lambda r: seats_json(r.vists_cost)),
            ("vists_float", lambda r: floats_json(None if r.vists is None
                                                  else dict(sorted(r.vists.items())))),
            "view", "whisting", "samples", "seed", "fixed", "flags",
            ("seat_cost_by_seat", lambda r: seats_json(
                {s: float(v) for s, v in r.seat_cost_by_seat.items()} or None)),
            ("seat_cost_by_chooser", lambda r: seats_json(
                {s: float(v) for s, v in r.seat_cost_by_chooser.items()} or None)))


# ---------------------------------------------------------------------------- review


def review(deal: Deal | str | Record, game: Game | str | None = None, *,
           declarer: int | None = None, player: int | None = None,
           talon_rule: str | None = None, leader: int = 1,
           plays: Iterable[Card | str] | str = (), rules: RuleSet | str | None = None,
           whist: Mapping[int, str] | Sequence[str] | str | None = None,
           engine: solver.Solver | None = None, view: str = "dd",
           whisting: str | None = None, samples: int | str | None = None,
           seed: int | None = 0, flags: tuple[float, float] = SEAT_FLAGS,
           jobs: int | None = None, fixed: bool = False,
           progress: Callable[[int], None] | None = None) -> Review:
    """Review a played deal card by card (see the module doc).

    Either a `Record` (`review(record, rules=..., player=...)`) or the deal, the game and the
    seats as for `solve`, with `plays` the cards in the order played (a string is read like a
    record's `play:` field). `player`: raspasy only, the player whose guaranteed minimum every
    card is judged by (default: each card by its own player). `rules`: price the result in
    vists (`score_deal`) with the whist words `whist` ({seat: word}, or the words as said,
    first defender first; default: the record's, else both whist). `engine`: a
    `solver.Solver` to reuse.

    `view="seat"` also weighs every card from its player's seat (`review_seat`): over the
    layouts consistent with what he saw (`whisting`: "open" or "closed", default the
    record's), at most `samples` per card (None: `review_seat.SEAT_SAMPLES`, 200; "all":
    every one) drawn with `seed`, each legal card's mean tricks (and with `rules` the
    player's mean vists); the seat cost is the gap to the best, flagged "?" and "??" above
    `flags` (0.1, 0.6) tricks. A drawn sample stops once the card's verdict is settled
    (`fixed=True`: all `samples`). `jobs`: threads for those layouts.

    `progress(k)`: `k` more cards reviewed, called after each card (and with 0 while the seat
    view's layouts are solved); a hook that raises (a `KeyboardInterrupt`) stops the review
    there, its engine threads joined.
    """
    record = _as_record(deal, game, declarer=declarer, talon_rule=talon_rule, leader=leader,
                        plays=plays, whist=whist)
    game = record.game
    if whist is not None and game.kind == RASPASY:
        raise PositionError("whist: raspasy has no whisting; give no whist words")
    if player is not None and game.kind != RASPASY:
        raise PositionError(f"player {player}: the player is for raspasy; in {game} the "
                            f"declarer is counted")
    if view not in ("dd", "seat"):
        raise PositionError(f"view {view!r}: expected 'dd' or 'seat'")
    seat_view = view == "seat"
    checked = rules is not None and RuleSet.get(rules).tenner_checked
    if seat_view:
        samples = review_seat.check_samples(samples, seed)
        fixed = check_fixed(fixed, samples)
        flags = review_seat.check_flags(flags)
        checks.whole("jobs", jobs, low=1, optional=True)
        whisting = review_seat.whisting_in_force(record, whisting, checked=checked)
    elif whisting is not None:
        raise PositionError("whisting: it says what each player saw, for view='seat'")
    elif samples is not None:
        raise PositionError("samples: the layouts weighed per card, for view='seat'")
    elif fixed is not False:
        raise PositionError("fixed: it is the seat view's count of layouts, for view='seat'")
    chose = choosers(record, whisting if seat_view else
                     review_seat.whisting_in_force(record, checked=checked))
    engine = _engine(engine)
    focus = record.declarer if game.kind != RASPASY else player
    base_focus = focus if focus is not None else 1
    # The start checked as `solve` checks a position (the record has checked the play).
    make_position(record.deal, game, declarer=record.declarer,
                  player=base_focus if game.kind == RASPASY else None, leader=record.leader,
                  talon_rule=record.talon_rule)
    play = _play(record)

    raspasy = game.kind == RASPASY
    cards: list[ReviewCard] = []
    minimums_start: dict[int, int] = {}
    dd_start = None
    seat_price, split = _seat_pricer(record, rules, whist) if seat_view else (None, False)
    for number, card in enumerate(record.plays):
        position, taken, mover = play.position(base_focus), play.taken, play.turn
        frame_focus = focus if focus is not None else mover
        frame = position if frame_focus == base_focus else replace(position,
                                                                   focus=frame_focus - 1)
        moves = engine.moves(frame)
        values = {Card.from_index(c): taken[frame_focus] + v
                  for c, v in sorted(moves.items(), key=_display_order)}
        maximiser = (mover == frame_focus) if game.kind == CONTRACT else (mover != frame_focus)
        target = (max if maximiser else min)(values.values())
        minimums: dict[int, int] = {}
        if raspasy:
            minimums = {s: _minimum(engine, position, s, taken, mover, frame_focus, target)
                        for s in SEATS}
        if number == 0:
            dd_start = target if focus is not None else None
            minimums_start = dict(minimums)
        value = values[card]
        seat_fields: dict[str, Any] = {}
        if seat_view:
            seat_fields = _seat_fields(record, play, number, card, list(values), whisting,
                                       frame_focus, maximiser, taken, samples, seed, flags,
                                       jobs, seat_price, split, chose[mover], fixed,
                                       None if progress is None else (lambda _k: progress(0)))
        cards.append(ReviewCard(
            number=number + 1, trick=number // 3 + 1, seat=mover, card=card,
            focus=frame_focus, before=target, after=value,
            cost=(target - value) if maximiser else (value - target),
            best=[c for c, v in values.items() if v == target], values=values,
            taken=taken, chooser=chose[mover], minimums=minimums, **seat_fields))
        play.push(card)
        if progress is not None:
            progress(1)
    position, taken = play.position(base_focus), play.taken

    if not record.plays:
        dd_start = None if focus is None else engine.tricks(position)
        if raspasy:
            minimums_start = {s: engine.tricks(replace(position, focus=s - 1)) for s in SEATS}

    # The end: tricks still to play are settled by the claim, or by best play.
    remaining = record.remaining if not record.complete else 0
    claim = None
    claim_cost = {DECLARER: 0, DEFENCE: 0}
    minimums_end: dict[int, int] = {}
    tricks_by_seat = dict(taken)
    if raspasy:
        minimums_end = {s: taken[s] + (engine.tricks(replace(position, focus=s - 1))
                                       if remaining else 0) for s in SEATS}
    if remaining:
        line = [Card.from_index(c) for c in engine.line(position)]
        along = _takers(play, line)
        if record.claimant is not None:
            claim = _claim_at(record, position, engine, record.claimant, record.claimed,
                              record.claim_kind)
            subject = claim.focus  # whose tricks the claim's number settles
            if claim.kind == TAKE:
                mine = claim.tricks if claim.side == DECLARER else claim.remaining - claim.tricks
            else:
                mine = claim.tricks
            if subject != base_focus:  # raspasy: the line of the claimant against the others
                line = [Card.from_index(c)
                        for c in engine.line(replace(position, focus=subject - 1))]
                along = _takers(play, line)
            if raspasy:  # a talon trick that nobody takes (rule `card`) is nobody's to claim
                mine = min(mine, sum(along.values()))
            else:
                delta = mine - along[subject]  # the declarer's tricks against best play
                gained = delta > 0 if game.kind == CONTRACT else delta < 0
                claim_cost[DEFENCE if gained else DECLARER] = abs(delta)
            along = _reshare(along, subject, mine, record.claimant)
        for seat in SEATS:
            tricks_by_seat[seat] += along[seat]
    settlement = ("played" if not remaining else "claim" if record.claimant is not None
                  else "stop" if record.stop is not None else "unfinished")
    result = None if focus is None else tricks_by_seat[focus]

    cost_by_seat = {s: sum(c.cost for c in cards if c.seat == s) for s in SEATS}
    cost_by_side: dict[str, int] = {}
    lost_at, lost_side, lost_by_claim = None, None, False
    if not raspasy:
        declarer = record.declarer
        cost_by_side = {
            DECLARER: cost_by_seat[declarer] + claim_cost[DECLARER],
            DEFENCE: sum(cost_by_seat[s] for s in SEATS if s != declarer)
            + claim_cost[DEFENCE]}
        lost_at, lost_side, lost_by_claim = _lost(game, cards, result, dd_start,
                                                  claim is not None)

    ruleset = words = vists = dd_vists = vists_cost = None
    if rules is not None:
        ruleset = RuleSet.get(rules)
        if not record.deal.is_full:
            raise PositionError("a deal is priced in vists as a whole deal: hands of ten")
        if raspasy:
            vists = dict(deal_score(game, ruleset, None, tricks_by_seat).values)
        else:
            words = _words(record, ruleset, whist)
            start = _play(record)
            position = start.position(record.declarer)
            vists = _price(game, ruleset, record.declarer, tricks_by_seat, words)
            # With best play from the start: one outcome, the defence's tricks split as
            # `pricing` splits them.
            dd_vists = dict(outcome(
                game, ruleset, record.declarer, words, dd_start,
                shares_at(position, engine=engine) if needs_split(game, words) else None
            ).values)
            vists_cost = {s: dd_vists[s] - vists[s] for s in sorted(vists)}
    elif whist is not None or record.whist:
        if not raspasy:
            words = said_words(record.declarer, whist if whist is not None else record.whist)

    return Review(
        record=record, focus=focus, player=player if raspasy else None, cards=cards,
        dd_start=dd_start, result=result, tricks_by_seat=tricks_by_seat,
        settlement=settlement, claim=claim, claim_cost=claim_cost if not raspasy else {},
        cost_by_seat=cost_by_seat, cost_by_side=cost_by_side, lost_at=lost_at,
        lost_side=lost_side, lost_by_claim=lost_by_claim, minimums_start=minimums_start,
        minimums_end=minimums_end, rules=ruleset, whist=words, vists=vists,
        dd_vists=dd_vists, vists_cost=vists_cost, view=view,
        whisting=whisting if seat_view else None, samples=samples if seat_view else None,
        seed=seed if seat_view else None, flags=flags if seat_view else None,
        fixed=fixed if seat_view else None,
        seat_cost_by_seat={s: sum((c.seat_cost for c in cards if c.seat == s
                                   and c.seat_cost is not None), Fraction(0))
                           for s in SEATS} if seat_view else {},
        choosers=chose)


def _seat_fields(record: Record, play: Play, number: int, card: Card, legal: list[Card],
                 whisting: str | None, focus: int, maximiser: bool,
                 taken: Mapping[int, int], samples: int | str, seed: int | None,
                 flags: tuple[float, float], jobs: int | None,
                 price: Callable[[dict[int, int], int], Fraction] | None,
                 split: bool, chooser: int, fixed: bool,
                 tick: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The `ReviewCard` fields of the seat view for card `number` (`play` before it), weighed
    from the seat of `chooser`, who chose it: what he saw, in his vists. `tick`: the engine's
    progress hook while the layouts are solved."""
    if len(legal) == 1:  # nothing to choose: nothing lost from any seat
        return {"seat_cost": Fraction(0), "seat_best": [card]}
    question = review_seat.seat_question(record, play, number, whisting, focus,
                                         chooser=chooser)
    weights = review_seat.weigh(
        question, legal, card, taken=taken, focus=focus, maximiser=maximiser,
        samples=samples, seed=seed, number=number, jobs=jobs,
        price=None if price is None else (lambda by_seat: price(by_seat, chooser)),
        split=split, fixed=fixed, flags=flags, tick=tick)
    return {"seat_values": weights.values, "seat_vists": weights.vists,
            "seat_cost": weights.cost, "seat_cost_se": weights.cost_se,
            "seat_best": weights.best, "seat_flag": review_seat.seat_flag(weights.cost, flags),
            "seat_layouts": weights.layouts, "seat_total": weights.total,
            "seat_exact": weights.exact, "seat_stopped": weights.stopped}


def _seat_pricer(record: Record, rules: RuleSet | str | None,
                 whist: Mapping[int, str] | Sequence[str] | str | None
                 ) -> tuple[Callable[[dict[int, int], int], Fraction] | None, bool]:
    """The seat view's price of a whole deal's tricks ({seat: tricks}) for a seat (None
    without rules or on an ending), and whether it needs every seat's tricks (raspasy, two
    whisters) or only the focus player's."""
    if rules is None or not record.deal.is_full:
        return None, False
    ruleset = RuleSet.get(rules)
    game = record.game
    if game.kind == RASPASY:
        def price(by_seat: dict[int, int], seat: int) -> Fraction:
            return deal_score(game, ruleset, None, by_seat).values[seat]
        return price, True
    words = _words(record, ruleset, whist)
    declarer = record.declarer

    def priced(by_seat: dict[int, int], seat: int) -> Fraction:
        return _price(game, ruleset, declarer, by_seat, words)[seat]
    return priced, needs_split(game, words)


def _engine(engine: Any) -> Any:
    """The `engine` argument: a `solver.Solver`, or None for this thread's shared one."""
    import solver as engine_module

    if engine is None:
        return engine_module.default_solver()
    if not isinstance(engine, engine_module.Solver):
        raise PositionError(f"engine {checks.shown(engine)} is not a solver.Solver (give one, "
                            f"or None for the shared one)")
    return engine


def _as_record(deal: Deal | str | Record, game: Game | str | None, *, declarer: int | None,
               talon_rule: str | None, leader: int, plays: Iterable[Card | str] | str,
               whist: Mapping[int, str] | Sequence[str] | str | None = None) -> Record:
    if isinstance(deal, Record):
        if game is not None or declarer is not None or talon_rule is not None or plays \
                or leader != 1:
            raise PositionError("a record carries its game, seats and play: give only the "
                                "record (and player, rules, whist)")
        return deal
    if game is None:
        raise PositionError("review needs the game (8S, 6NT, misere, raspasy)")
    if isinstance(plays, str):
        plays = plays.replace("/", " ").replace(",", " ").split()
    said: tuple[str, ...] = ()
    if isinstance(whist, Mapping) and declarer in SEATS:
        # The record keeps the words in the order said, first defender first: the second's
        # word alone is not a record's (it would read as the first's).
        check_whist_words(whist, declarer)
        for seat in Seat.defenders(declarer):
            if seat not in whist:
                break
            said += (whist[seat],)
    elif isinstance(whist, str):
        said = tuple(whist.split())
    elif whist is not None:
        said = tuple(whist)
    return Record(deal=Deal.parse(deal), game=Game.parse(game), declarer=declarer,
                  leader=leader, talon_rule=talon_rule, plays=tuple(plays), whist=said)


def _minimum(engine: Any, position: Any, seat: int, taken: Mapping[int, int], mover: int,
             frame_focus: int, mover_target: int) -> int:
    """`seat`'s guaranteed minimum (whole deal) at `position`, in raspasy."""
    if seat == mover and frame_focus == mover:
        return mover_target  # the minimum over his own cards, already solved
    return taken[seat] + engine.tricks(replace(position, focus=seat - 1))


def _play(record: Record) -> Play:
    """The record's play at its start."""
    return Play(record.deal, record.game, record.leader, record.talon_rule or "none")


def _takers(play: Play, line: Sequence[Card]) -> dict[int, int]:
    """Tricks each seat takes along `line` from `play` now (tricks finished by it); `play` is
    left as it was."""
    before = play.taken
    for card in line:
        play.push(card)
    out = {seat: play.taken[seat] - before[seat] for seat in SEATS}
    for _ in line:
        play.pop()
    return out


def _reshare(along: dict[int, int], declarer: int, mine: int, claimant: int) -> dict[int, int]:
    """The settled tricks with the declarer's share set to `mine`: the defenders' share as along
    the principal line, the difference taken from or given to the claimant's side first."""
    out = dict(along)
    total = sum(along.values())
    out[declarer] = mine
    defenders = [s for s in SEATS if s != declarer]
    if claimant in defenders:
        defenders.remove(claimant)
        defenders.insert(0, claimant)
    need = total - mine - sum(out[s] for s in defenders)
    for seat in defenders:  # give the extra to the first, take a shortfall from the largest
        if need > 0:
            out[seat] += need
            need = 0
    for seat in sorted(defenders, key=lambda s: -out[s]):
        if need < 0:
            cut = min(out[seat], -need)
            out[seat] -= cut
            need += cut
    return out


def _lost(game: Game, cards: Sequence[ReviewCard], result: int | None, dd_start: int | None,
          by_claim: bool) -> tuple[ReviewCard | None, str | None, bool]:
    """The card after which the result was settled for good (see `Review.lost_at`)."""
    if result is None or dd_start is None:
        return None, None, False

    def ok(tricks: int) -> bool:
        return tricks == 0 if game.kind == MISERE else tricks >= game.level

    made = ok(result)
    side = DEFENCE if made else DECLARER
    last = None
    for card in cards:
        if ok(card.before) != made and ok(card.after) == made:
            last = card
    end = cards[-1].after if cards else dd_start
    if by_claim and ok(end) != made:
        return None, side, True
    if last is None:
        return None, None, False
    return last, side, False


def _words(record: Record, rules: RuleSet,
           whist: Mapping[int, str] | Sequence[str] | str | None) -> dict[int, str]:
    declarer = record.declarer
    assert declarer is not None
    if whist is None and record.whist:
        whist = record.whist
    given = None if whist is None else said_words(declarer, whist)
    return whist_words(record.game, declarer, rules, given)


def said_words(declarer: int | None, whist: Mapping[int, str] | Sequence[str] | str
               ) -> dict[int, str]:
    """Whist words by seat from a mapping, or from the words as said (first defender, second,
    then the first again for a return): a seat's last word counts."""
    if declarer is None:
        raise PositionError("whist words need a declarer")
    if isinstance(whist, Mapping):
        return check_whist_words(whist, declarer)
    words = whist.split() if isinstance(whist, str) else list(whist)
    order = Seat.defenders(declarer)
    return {order[i % 2]: whist_word(w) for i, w in enumerate(words)}


def choosers(record: Record, whisting: str | None) -> dict[int, int]:
    """{seat: the seat who chose the cards played from its hand}, under `whisting` (the
    whisting in force: "open", "closed", "checked" or None).

    Each player chooses his own cards, but in open whist with one whister (RULES.md §3, seed
    000: в светлую he plays every card from his own hand and the passer's) the whister
    chooses the passer's too. In closed whist the passer is invited to play his own cards as
    with two whisters (seed 000, seed 001, seed 003): only the responsibility for the duty
    stays the whister's. The whisters are read from the record's words (a seat's last word
    counts; "whist" and "return" play); no words is the default, both whist."""
    out = {s: s for s in SEATS}
    declarer = record.declarer
    if record.game.kind != CONTRACT or declarer is None or whisting != "open" \
            or not record.whist:
        return out
    words = said_words(declarer, record.whist)
    defenders = [int(s) for s in Seat.defenders(declarer)]
    playing = [s for s in defenders if words.get(s) in ("whist", "return")]
    if len(playing) == 1:
        whister = playing[0]
        passer = next(s for s in defenders if s != whister)
        out[passer] = whister
    return out


def _price(game: Game, rules: RuleSet, declarer: int | None, by_seat: Mapping[int, int],
           words: Mapping[int, str]) -> dict[int, Fraction]:
    assert declarer is not None
    tricks = dict(by_seat) if needs_split(game, words) else {declarer: by_seat[declarer]}
    return dict(deal_score(game, rules, declarer, tricks, dict(words)).values)


# ---------------------------------------------------------------------------- claims


def check_claim(deal: Deal | str, game: Game | str, *, declarer: int | None = None,
                leader: int = 1, plays: Iterable[Card | str] | str = (), claimant: int,
                tricks: int | None = None, talon_rule: str | None = None,
                kind: str | None = None, engine: solver.Solver | None = None) -> Claim:
    """Check a claim about the tricks still to play from the position after `plays`.

    `tricks` counts from that position on, the unfinished trick included. What is claimed
    (`kind`, default: what the claimant's role claims) depends on the game: in a contract
    `claimant`'s side (the declarer alone or the two defenders together) takes `tricks`
    (None: all that are left); in misère the declarer takes at most `tricks` (None: none) when
    he claims, at least `tricks` when a catcher claims; in raspasy (with `talon_rule` as for
    `solve`) the claimant takes at most `tricks` himself (None: none), the other two playing
    together against him. Double-dummy; see the module doc.
    """
    record = _as_record(deal, game, declarer=declarer, talon_rule=talon_rule, leader=leader,
                        plays=plays)
    if record.complete:
        raise PositionError("every trick was played: there is nothing to claim")
    if isinstance(claimant, bool) or claimant not in SEATS:
        raise PositionError(f"claimant seat {claimant!r} is not 1, 2 or 3")
    kind = claim_kind(record.game, record.declarer, claimant, kind)
    if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int)
                               or not 0 <= tricks <= record.remaining):
        raise PositionError(f"claim of {tricks!r} tricks: {record.remaining} are left")
    engine = _engine(engine)
    play = _play(record)
    for card in record.plays:
        play.push(card)
    position = play.position(claimant if record.declarer is None else record.declarer)
    return _claim_at(record, position, engine, claimant, tricks, kind)


def _claim_at(record: Record, position: Any, engine: Any, claimant: int,
              tricks: int | None, kind: str | None) -> Claim:
    declarer = record.declarer
    kind = claim_kind(record.game, declarer, claimant, kind)
    remaining = record.remaining
    if tricks is None and kind == AT_LEAST:
        raise PositionError("claim: a catcher claims the declarer takes at least N more: "
                            "give N")
    claimed = tricks if tricks is not None else remaining if kind == TAKE else 0
    focus = claimant if declarer is None else declarer
    frame = replace(position, focus=focus - 1)
    value = engine.tricks(frame)  # the focus player's tricks from here, this trick included
    if kind == TAKE:
        can_take = value if claimant == declarer else remaining - value
        holds = can_take >= claimed
    else:
        can_take = value
        holds = value <= claimed if kind == AT_MOST else value >= claimed
    refutation = [] if holds else [Card.from_index(c) for c in engine.line(frame)]
    return Claim(deal=record.deal, game=record.game, declarer=declarer, leader=record.leader,
                 plays=record.plays, claimant=claimant, tricks=claimed, remaining=remaining,
                 can_take=can_take, holds=holds, refutation=refutation, kind=kind,
                 talon_rule=record.talon_rule)


# ---------------------------------------------------------------------------- words, JSON


def _verdict(game: Game, result: int | None, by_seat: Mapping[int, int]) -> str:
    if game.kind == RASPASY or result is None:
        return "tricks " + "-".join(str(by_seat[s]) for s in SEATS)
    return game.verdict(result)


def _tricks_word(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def _display_order(item: tuple[int, int]) -> tuple[int, int]:
    """Suits ♠ ♣ ♦ ♥, high cards first, as hands are printed."""
    return item[0] >> 3, -(item[0] & 7)


