"""The ten-trick game: the check at the table (all cards open) and "was it guaranteed?".

`check_tenner` is the check a table makes when a tenner is laid open (RULES.md §2.4): with all
30 cards open, does the declarer take all ten against the best defence? When he does not, the
proof is a defence that sets him whatever he plays: `refutation` holds its first tricks as a
tree (every declarer card, the defence's answer to it). With the talon and no discard, it does
this for every distinct discard of his twelve cards, best first.

`tenner_odds` asks the question before the cards are seen: is there a discard with which he
takes ten in every one of the 184,756 layouts of the others' cards (`layout_odds`, target 10)?
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .. import checks
from ..cards import Card
from ..deal import Deal
from ..errors import PositionError
from ..games import CONTRACT, Game
from ..hand import Hand
from ..serialize import JsonFields, nonempty, seats_json
from ..rules import RuleSet
from ..scoring import DealScore
from ..solving import make_position, tricks_along
from .layouts import Layout, LayoutOdds, distinct_discards, layout_odds, renamed_arguments
from . import settle
from .pricing import outcome, shares_at

TEN = 10


@dataclass(frozen=True)
class TennerCheck(JsonFields):
    """The open-card check of a ten contract.

    `tricks`: the declarer's tricks with best play by all; `made`: all ten; `down`: tricks
    short of ten. `line`: a principal line of play (when set, the defence's cards in it set
    him). `refutation`: when set, the defence's strategy for the first `depth` tricks, a tree:
    a defender's node names his card and the node after it; a declarer's node lists every
    legal card of his with the node after it (None past the depth). `tricks_by`: tricks per
    seat along the principal line; with rules given, the tricks per seat the score is priced
    at instead (the defence's tricks split as `pricing` splits two whisters'). `score`: the
    deal scored under the rules given (a checked tenner, RULES.md §4), else None.
    `discard`, `merged`, `discards`: with twelve cards, the discard checked, the discards
    equivalent to it, and one check per distinct discard, best first.
    """

    deal: Deal
    game: Game
    declarer: int
    leader: int
    tricks: int
    line: list[Card]
    refutation: dict[str, Any] | None
    tricks_by: dict[int, int]
    score: DealScore | None = None
    discard: tuple[Card, Card] | None = None
    merged: list[tuple[Card, Card]] = field(default_factory=list)
    discards: list["TennerCheck"] = field(default_factory=list)

    @property
    def need(self) -> int:
        """Every trick: ten in a full deal, all that are left in an ending."""
        return self.deal.size

    @property
    def made(self) -> bool:
        return self.tricks >= self.need

    @property
    def down(self) -> int:
        return max(0, self.need - self.tricks)

    @property
    def verdict(self) -> str:
        """"made" or "down k"."""
        return "made" if self.made else f"down {self.down}"

    # JSON-ready, as `prefdd tenner --json` prints it.
    JSON = ("deal", "game", "declarer", "leader", "tricks", "made", "down", "verdict", "line",
            ("tricks_by", lambda t: seats_json(t.tricks_by)), "refutation", "discard", "merged",
            ("score", lambda t: t.score.to_json() if t.score is not None else None),
            nonempty("discards"))


def check_tenner(deal: Deal | str, game: Game | str, declarer: int, *, leader: int = 1,
                 rules: RuleSet | str | None = None, depth: int = 2) -> TennerCheck:
    """Check a ten contract with all cards open.

    deal:     the three hands (the declarer's after his discard), or his ten cards with the
              talon and no discard: then every distinct discard of his twelve is checked.
              An ending asks whether he takes every trick that is left.
    game:     a ten contract, `10S` … `10NT`.
    rules:    a rule set (`"sochi"`, `RuleSet`): the deal is scored as the tenner went.
    depth:    how many tricks of the refutation tree to spell out.
    """
    deal = Deal.parse(deal)
    game = ten_game(game)
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 3:
        raise PositionError(f"depth {depth!r} is not 0..3 tricks")
    ruleset = RuleSet.get(rules) if rules is not None else None
    make_position(deal, game, declarer=declarer, leader=leader)  # checks seats and deal
    if deal.talon and deal.discard is None and deal.is_full:
        return _check_twelve(deal, game, declarer, leader, ruleset, depth)
    return _check_open(deal, game, declarer, leader, ruleset, depth)


def _check_open(deal: Deal, game: Game, declarer: int, leader: int, rules: RuleSet | None,
                depth: int, discard: tuple[Card, Card] | None = None,
                merged: list[tuple[Card, Card]] | None = None) -> TennerCheck:
    import solver

    position = make_position(deal, game, declarer=declarer, leader=leader)[0]
    engine = solver.default_solver()
    tricks = engine.tricks(position)
    line = engine.line(position)
    need = deal.size
    refutation = None if tricks >= need else _refutation(engine, position, depth, need, line)
    by_seat = tricks_along(position, line)
    score = None
    if rules is not None:
        whist = {} if rules.tenner_checked else {s: "whist" for s in by_seat if s != declarer}
        priced = outcome(game, rules, declarer, whist, tricks,
                         shares_at(position, engine=engine))
        score, by_seat = priced.score, dict(priced.tricks or by_seat)
    return TennerCheck(deal=deal, game=game, declarer=declarer, leader=leader, tricks=tricks,
                       line=[Card.from_index(c) for c in line], refutation=refutation,
                       tricks_by=by_seat, score=score, discard=discard, merged=merged or [])


def _check_twelve(deal: Deal, game: Game, declarer: int, leader: int, rules: RuleSet | None,
                  depth: int) -> TennerCheck:
    twelve = Hand(deal.hand(declarer).mask | Hand.from_cards(deal.talon).mask)
    others = Hand(sum(deal.hand(s).mask for s in (1, 2, 3) if s != declarer))
    checks = []
    for pair, merged in distinct_discards(twelve, others):
        hands = tuple(Hand(twelve.mask & ~pair[0].bit & ~pair[1].bit) if s == declarer
                      else deal.hand(s) for s in (1, 2, 3))
        one = Deal(hands, discard=Hand.from_cards(pair))
        checks.append(_check_open(one, game, declarer, leader, rules, depth, pair, merged))
    checks.sort(key=lambda c: -c.tricks)
    from dataclasses import replace

    return replace(checks[0], discards=checks)


def _refutation(engine: Any, position: Any, depth: int, need: int,
                line: list[int]) -> dict[str, Any] | None:
    """The defence's strategy that keeps the declarer under `need`, for `depth` tricks.

    Along the principal `line` the defence plays its cards; elsewhere, and should a line card
    not hold, the first legal card that keeps him short.
    """
    def node(pos: Any, taken: int, tricks_done: int,
             principal: list[int]) -> dict[str, Any] | None:
        if tricks_done >= depth or pos.is_terminal:
            return None
        seat = pos.to_move
        if seat == pos.focus:
            replies = {}
            for card in pos.legal_moves():
                nxt, taker, done = pos.advance(card)
                follow = principal[1:] if principal[:1] == [card] else []
                replies[str(Card.from_index(card))] = node(
                    nxt, taken + (taker == pos.focus), tricks_done + done, follow)
            return {"seat": seat + 1, "side": "declarer", "replies": replies}
        cards = pos.legal_moves()
        if principal[:1] and principal[0] in cards:
            cards = [principal[0]] + [c for c in cards if c != principal[0]]
        for card in cards:
            nxt, taker, done = pos.advance(card)
            gain = taken + (taker == pos.focus)
            if not engine.at_least(nxt, need - gain):
                follow = principal[1:] if principal[:1] == [card] else []
                return {"seat": seat + 1, "side": "defence", "card": str(Card.from_index(card)),
                        "next": node(nxt, gain, tricks_done + done, follow)}
        raise AssertionError("a set tenner has a defence card that keeps it set")  # pragma: no cover

    return node(position, 0, 0, list(line))


def ten_game(game: Game | str) -> Game:
    """`game` read and checked as a ten contract (10S … 10NT); `PositionError` otherwise."""
    game = Game.parse(game)
    if game.kind != CONTRACT or game.level != TEN:
        raise PositionError(f"the tenner check is for a ten contract (10S … 10NT), not {game}")
    return game


@dataclass(frozen=True)
class TennerOdds:
    """Was the tenner guaranteed: the declarer's ten over every layout of the others' cards.

    `guaranteed`: some discard (or the hand as given) takes ten in every layout. `odds`: the
    best discard's `LayoutOdds` (target 10; `odds.discards` ranks them all). `beaten_by`: when
    not guaranteed, a layout that beats the best discard, with its line.
    """

    odds: LayoutOdds

    @property
    def guaranteed(self) -> bool:
        return self.odds.complete and self.odds.failed == 0

    @property
    def beaten_by(self) -> Layout | None:
        return None if self.guaranteed else self.odds.worst

    def to_dict(self) -> dict[str, Any]:
        return {"guaranteed": self.guaranteed, **self.odds.to_dict()}


@renamed_arguments(sample="samples")
def tenner_odds(hand: Hand | str | Iterable[Card | str], game: Game | str, declarer: int, *,
                others: Hand | str | None = None, out: Hand | str | None = None,
                leader: int = 1, samples: int | None = None, seed: int | None = 0,
                jobs: int | None = None,
                progress: Callable[..., None] | None = None,
                fixed: bool = False) -> TennerOdds:
    """Is the ten guaranteed over every layout? See `layout_odds` for the arguments; a
    12-card hand is checked for every distinct discard (a discard's count stops once it is
    sure to be worse than the best one, so a sound hand costs one full count). With
    `samples` the draw stops once the best discard is settled (or, for ten cards, once the
    share made is known to within 0.5 percentage points), unless `fixed`; a sampled
    "guaranteed" means only that no layout drawn beat him."""
    game = ten_game(game)
    checks.callback("progress", progress)
    return TennerOdds(layout_odds(hand, game, declarer, others=others, out=out, leader=leader,
                                  target=TEN, samples=samples, seed=seed, jobs=jobs,
                                  progress=_as_tenner(progress), prune=True, fixed=fixed))


def _as_tenner(progress: Callable[..., None] | None) -> Callable[..., None] | None:
    """`progress` as the count tells it: a provisional answer (`settle.provisional`) handed on
    as a `TennerOdds` and its `to_dict()`, the shape of the final answer, so that a hook
    renders it as it renders that."""
    if progress is None:
        return None

    def told(k: int, provisional: dict[str, Any] | None = None, result: Any = None) -> None:
        if provisional is None or result is None:
            progress(k)
            return
        shown = TennerOdds(result)
        settle.provisional(progress, shown.to_dict(), shown)
    return told
