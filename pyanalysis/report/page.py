"""What a report page holds: the deal, the game, the play with every position's card values,
the double-dummy table, and the analyses asked for (whist, leads, layouts, what to declare,
a defender's whist and the leader's lead from their seats, the misère catch) or the problem.

`Report` is data only; `pyanalysis.report.html` turns it into the page. The builders:

- `deal_report`: a deal and a game; the play is the principal line of the solution, reviewed
  (every card best, so every cost is zero);
- `review_report`: a review of a played deal (`pa.review`): the played line, its errors marked;
- `problem_report`: a published problem solved (`pyanalysis.analysis.problems`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..analysis.catch import MisereCatch, misere_catch
from ..analysis.declare import Declaration, declare_options
from ..analysis.layouts import LayoutOdds, layout_odds
from ..analysis.leads import LeadDecision, LeadTable, lead_decision, lead_table
from ..analysis.problems import ProblemSolution
from ..analysis.whist import WhistDecision, WhistTable, whist_decision, whist_table
from ..deal import Deal
from ..diagram import SEAT_NAMES
from ..errors import PositionError
from ..games import CONTRACT, MISERE, RASPASY, Game
from ..hand import Hand
from ..seat import SEATS, Seat
from ..serialize import JsonFields, nonempty, to_jsonable
from ..solving import DDTable, focus_seat, resolve_talon_rule, table
from .play import PlayView, play_from_review, principal_play

__all__ = ["Report", "SeatViews", "SHOWN", "deal_report", "problem_report", "review_report"]


@dataclass(frozen=True)
class Report(JsonFields):
    """One page's content.

    `focus`: the declarer (or in raspasy the player) whose tricks every value counts (None
    in a raspasy review without a player: each card is valued by its own player's tricks);
    `play`: the line shown, each card with the values of every legal card; `dd`: the
    double-dummy table (None when not wanted); `whist`, `leads`, `odds`, `declare` (what he
    should have declared, `declare_options`): the analyses asked for; `problem`: the problem
    solved, for a problem's page; `whist_seat`, `lead_seat` (a defender's whist or pass and
    the leader's lead, each from his own seat) and `catch` (the misère with the discard
    unseen): the seat views asked for; `seat_names`: how the page names seats 1..3; `game_label`:
    the game as the page names it (a problem's "♦ trumps"), when not its symbol; `verdict`:
    the result in words (None when the level is not known).
    """

    title: str
    deal: Deal
    game: Game
    focus: int | None
    leader: int
    talon_rule: str
    play: PlayView
    dd: DDTable | None = None
    whist: WhistTable | None = None
    leads: LeadTable | None = None
    odds: LayoutOdds | None = None
    problem: ProblemSolution | None = None
    seat_names: dict[int, str] = field(default_factory=lambda: dict(SEAT_NAMES))
    verdict: str | None = None
    whist_words: tuple[str, ...] = ()
    game_label: str | None = None
    declare: Declaration | None = None
    whist_seat: WhistDecision | None = None
    lead_seat: LeadDecision | None = None
    catch: MisereCatch | None = None

    @property
    def focus_role(self) -> str:
        return "player" if self.game.kind == RASPASY else "declarer"

    def role(self, seat: int) -> str:
        """"declarer", "defender", "catcher", "player" or "" for a seat."""
        if self.focus is None:
            return ""
        if seat == self.focus:
            return self.focus_role
        if self.game.kind == CONTRACT:
            return "defender"
        return "catcher" if self.game.kind == MISERE else ""

    # JSON-ready: everything the page's script shows (it is embedded in the page).
    JSON = ("title", "deal", "game", ("game_symbol", lambda r: r.game.symbol()), "game_label",
            ("kind", lambda r: r.game.kind), ("level", lambda r: r.game.level), "focus",
            "focus_role", "leader", "talon_rule", "verdict", "whist_words",
            ("seats", lambda r: {str(s): r.seat_names[s] for s in SEATS}),
            ("roles", lambda r: {str(s): r.role(s) for s in SEATS}),
            ("hands", lambda r: {str(s): to_jsonable(_display(r.deal.hands[s - 1]))
                                 for s in SEATS}),
            ("talon", lambda r: to_jsonable(r.deal.talon)),
            ("discard", lambda r: None if r.deal.discard is None
             else to_jsonable(_display(r.deal.discard))),
            "play", ("table", lambda r: to_jsonable(r.dd)), "whist", "leads", "odds", "problem",
            nonempty("declare"), nonempty("whist_seat"), nonempty("lead_seat"),
            nonempty("catch"))


#: The report's fields that an analysis already answered can fill (`shown` of the builders),
#: with the result each takes.
SHOWN: dict[str, type] = {
    "whist": WhistTable, "leads": LeadTable, "odds": LayoutOdds, "declare": Declaration,
    "whist_seat": WhistDecision, "lead_seat": LeadDecision, "catch": MisereCatch}


def _shown(shown: dict[str, Any] | None, deal: Deal, game: Game) -> dict[str, Any]:
    """`shown` checked: each a report field of `SHOWN` holding a result of its kind, of this
    deal's game."""
    for name, result in (shown or {}).items():
        kind = SHOWN.get(name)
        if kind is None:
            raise PositionError(f"shown: the report has no field {name!r}; one of"
                                f" {', '.join(SHOWN)}")
        if not isinstance(result, kind):
            raise PositionError(f"shown: {name} takes a {kind.__name__}, not a"
                                f" {type(result).__name__}")
        if name == "catch" and game.kind != MISERE:
            raise PositionError(f"shown: the misère catch is for a misère, not {game}")
        if getattr(result, "game", game) != game:
            raise PositionError(f"shown: the {name} is of {result.game}, the report of {game}")
    return dict(shown or {})


def _name(game: Game, focus: int) -> str:
    if game.kind == RASPASY:
        return f"Raspasy: the {SEAT_NAMES[focus]}"
    if game.kind == MISERE:
        return f"Misère by the {SEAT_NAMES[focus]}"
    return f"{game.symbol()} by the {SEAT_NAMES[focus]}"


def _display(hand: Any) -> list[Any]:
    return sorted(hand, key=lambda c: (c.suit, -c.rank))


def _analyses(deal: Deal, game: Game, focus: int, leader: int, *, rules: Any, whist: bool,
              leads: bool, odds: bool, declare: bool = False,
              progress: Callable[[int], None] | None = None, seats: SeatViews | None = None
              ) -> dict[str, Any]:
    """The analyses asked for; each refuses a game it does not apply to, in one line."""
    out: dict[str, Any] = _seat_views(deal, game, focus, leader, rules, seats) if seats else {}
    if whist:
        out["whist"] = whist_table(deal, game, focus, rules=rules or "sochi", leader=leader)
    if leads:
        out["leads"] = lead_table(deal, game, focus, leader=leader, rules=rules)
    if odds:
        if game.kind == RASPASY:
            raise PositionError("layout odds are for a contract or misère, not raspasy")
        first, second = Seat.defenders(focus)
        others = deal.hands[first - 1] | deal.hands[second - 1]
        out["odds"] = layout_odds(deal.hands[focus - 1], game, focus, others=others,
                                  leader=leader, progress=progress)
    if declare:
        out["declare"] = _declare(deal, game, focus, leader, rules)
    return out


@dataclass(frozen=True)
class SeatViews:
    """The seat views a report is asked for: `whist`, the defender whose whist or pass is
    decided from his seat (None: not asked); `lead`, the leader's lead from his seat;
    `catch`, the misère catch with the discard unseen. Each runs as `prefdd whist --seat`,
    `prefdd lead` with a hand and `prefdd misere-catch` do by default; `samples` (None: the
    analyses' default, up to 1,000 layouts) is the most layouts the two decisions draw."""

    whist: int | None = None
    lead: bool = False
    catch: bool = False
    samples: int | str | None = None

    def __bool__(self) -> bool:
        return self.whist is not None or self.lead or self.catch


def _seat_views(deal: Deal, game: Game, focus: int, leader: int, rules: Any,
                seats: SeatViews) -> dict[str, Any]:
    """The seat views asked for, each from the cards its player sees: the defender's and the
    leader's own hands and the talon (or, without one, the leader's view of the others'
    cards), the misère's deal with his discard unseen."""
    out: dict[str, Any] = {}
    drawn = {} if seats.samples is None else {"samples": seats.samples}
    if seats.whist is not None:
        if not deal.talon:
            raise PositionError("the seat whist decision needs the deal's talon, open to the"
                                " defenders")
        out["whist_seat"] = whist_decision(deal.hands[seats.whist - 1], game, focus,
                                           seats.whist, talon=list(deal.talon),
                                           rules=rules or "sochi", **drawn)
    if seats.lead:
        first, second = Seat.defenders(leader)
        place: dict[str, Any] = ({"talon": list(deal.talon)} if deal.talon else
                                 {"others": deal.hands[first - 1] | deal.hands[second - 1]})
        out["lead_seat"] = lead_decision(deal.hands[leader - 1], game, focus, leader=leader,
                                         rules=rules, **place, **drawn)
    if seats.catch:
        if game.kind != MISERE:
            raise PositionError(f"the misère catch is for a misère, not {game}")
        out["catch"] = misere_catch(deal, focus, leader=leader)
    return out


def _declare(deal: Deal, game: Game, declarer: int, leader: int, rules: Any) -> Declaration:
    """What the declarer should have declared, holding his hand and the talon (his discard,
    when the deal shows it): 1,000 layouts of the defenders' cards, seed 0."""
    if game.kind == RASPASY:
        raise PositionError("what to declare is for a declarer, not raspasy")
    extra = deal.discard if deal.discard is not None else Hand.from_cards(deal.talon)
    if not extra:
        raise PositionError("what to declare needs the deal's talon or the declarer's discard")
    first, second = Seat.defenders(declarer)
    return declare_options(deal.hands[declarer - 1] | extra, declarer,
                           others=deal.hands[first - 1] | deal.hands[second - 1],
                           leader=leader, rules=rules or "sochi")


def deal_report(deal: Deal | str, game: Game | str, *, declarer: int | None = None,
                player: int | None = None, leader: int = 1, talon_rule: str | None = None,
                rules: Any = None, whist: bool = False, leads: bool = False,
                odds: bool = False, dd: bool = True, title: str | None = None,
                progress: Callable[[int], None] | None = None,
                declare: bool = False, seats: SeatViews | None = None,
                shown: dict[str, Any] | None = None) -> Report:
    """A deal's page: the principal line reviewed (every position's card values, all costs
    zero), the double-dummy table, and the whist (`whist`), lead (`leads`) and layout
    (`odds`) tables, what he should have declared (`declare`) and the seat views (`seats`)
    when asked. `rules` prices the whist and lead tables (the whist table and the whist
    decision default to "sochi"), the declaration and the leads from the seat;
    `progress(k)` is told as k more layouts are counted for `odds`. `shown`: analyses of
    this deal already answered, by the report's field (`SHOWN`), shown as they are (one
    asked for as well is answered again)."""
    deal = Deal.parse(deal)
    game = Game.parse(game)
    focus = focus_seat(game, declarer, player)
    play = principal_play(deal, game, declarer=declarer, player=player, leader=leader,
                          talon_rule=talon_rule)
    extra = {**_shown(shown, deal, game),
             **_analyses(deal, game, focus, leader, rules=rules, whist=whist, leads=leads,
                         odds=odds, declare=declare, progress=progress, seats=seats)}
    return Report(
        title=title or _name(game, focus), deal=deal, game=game, focus=focus, leader=leader,
        talon_rule=resolve_talon_rule(deal, game, talon_rule), play=play,
        dd=_table(deal, game, talon_rule) if dd else None,
        verdict=play.review.verdict, **extra)


def review_report(result: Any, *, rules: Any = None, whist: bool = False,
                  leads: bool = False, odds: bool = False, dd: bool = True,
                  title: str | None = None,
                  progress: Callable[[int], None] | None = None,
                  declare: bool = False, seats: SeatViews | None = None,
                  shown: dict[str, Any] | None = None) -> Report:
    """A played deal's page from its review (`pa.review`): the played line, every card's
    values, the errors (cards with a cost) marked, and the analyses asked for (`seats`: the
    seat views, and `shown`, as for `deal_report`)."""
    play = play_from_review(result)
    deal, game, focus = result.deal, result.game, result.focus
    if focus is None and (whist or leads or odds or declare or seats or shown):
        raise PositionError("the whist, lead and layout tables are for a contract or misère,"
                            " not raspasy")
    extra = {**_shown(shown, deal, game),
             **_analyses(deal, game, focus, result.leader, rules=rules, whist=whist,
                         leads=leads, odds=odds, declare=declare, progress=progress,
                         seats=seats)} if focus is not None else {}
    name = _name(game, focus) if focus is not None else "Raspasy"
    return Report(
        title=title or f"{name}, as played", deal=deal, game=game, focus=focus,
        leader=result.leader,
        talon_rule=resolve_talon_rule(deal, game, result.talon_rule), play=play,
        dd=_table(deal, game, result.talon_rule) if dd else None, verdict=result.verdict,
        whist_words=tuple(result.record.whist), **extra)


def problem_report(solved: ProblemSolution) -> Report:
    """A published problem's page: its question, the published answer, the answer found and
    the solution line with every position's card values."""
    problem = solved.problem
    seats = {"player": problem.declarer} if problem.game.kind == RASPASY else \
        {"declarer": problem.declarer}
    play = principal_play(problem.deal, problem.game, leader=problem.leader, **seats)
    names = {}
    for seat in (1, 2, 3):
        printed = problem.seat_printed(seat)
        names[seat] = SEAT_NAMES[seat] + (f" ({printed})" if printed else "")
    # "trump S" names no level: the trick count is the answer, not made or down.
    level_known = not problem.game_text.lower().startswith("trump ")
    return Report(
        title=f"Problem {problem.id}", deal=problem.deal, game=problem.game,
        focus=problem.declarer, leader=problem.leader,
        talon_rule=resolve_talon_rule(problem.deal, problem.game, None), play=play,
        dd=_table(problem.deal, problem.game, None), problem=solved, seat_names=names,
        game_label=problem.game_words,
        verdict=play.review.verdict if level_known else None)


def _table(deal: Deal, game: Game, talon_rule: str | None) -> DDTable:
    # The table's raspasy column follows the game's talon rule when the game is raspasy.
    return table(deal, talon_rule=talon_rule if game.kind == RASPASY else None)
