"""What the web API is asked, read from a request's JSON, and the analyses it runs.

Each field is read as the command line reads its option (`Deal.parse`, `Game.parse`, seats
1..3, cards as "AS KS"), so bad input gets the same one-line message, naming the field. The
analyses (`ANALYSES`) take the page's deal, game, declarer and leader and ask the functions of
`pyanalysis.analysis`: the hand-based ones (odds, seat views) take the declarer's (or the
seat's) cards from the deal, with the talon or the discard as the deal gives them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import pyanalysis as pa
from pyanalysis.analysis import (
    check_tenner, declare_options, layout_odds, lead_decision, lead_table, misere_catch,
    misere_odds, tenner_odds, whist_decision, whist_table,
)
from pyanalysis.analysis.hands import planned_layouts
from pyanalysis.analysis.layouts import MAX_SAMPLES, MAX_WORLDS
from pyanalysis.analysis.tenner import ten_game
from pyanalysis.card_sets import parse_cards
from pyanalysis.errors import one_line
from pyanalysis.games import RASPASY
from pyanalysis.hand import Hand
from pyanalysis.rules import RuleSet
from pyanalysis.seat import Seat
from pyanalysis.solving import focus_seat
from pyanalysis.text.catch import catch_lines
from pyanalysis.text.declare import declare_lines
from pyanalysis.text.layouts import odds_lines
from pyanalysis.text.leads import decision_lines as leads_decision_lines
from pyanalysis.text.leads import table_lines as leads_table_lines
from pyanalysis.text.misere import misere_lines
from pyanalysis.text.tenner import tenner_check_lines, tenner_odds_lines
from pyanalysis.text.whist import decision_lines as whist_decision_lines
from pyanalysis.text.whist import table_lines as whist_table_lines

__all__ = ["ANALYSES", "Analysis", "Question", "RequestError", "check_samples",
           "read_question", "seat_field", "text_field"]

#: The longest list of cards played a request may give (a whole deal is 30 cards).
MAX_PLAYS = 40
PRESETS = ("sochi", "leningrad", "rostov")


class RequestError(ValueError):
    """A request field that is missing or of the wrong kind (the message names it)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def text_field(data: Mapping[str, Any], name: str, required: bool = True) -> str | None:
    """A text field; None when absent and not required."""
    value = data.get(name)
    if isinstance(value, str) or (value is None and not required):
        return value
    if value is None:
        raise RequestError(f"{name}: missing; give it as text")
    raise RequestError(f"{name}: give it as text, not {type(value).__name__}")


def seat_field(data: Mapping[str, Any], name: str, default: int | None = None) -> int | None:
    """A seat 1, 2 or 3 (a whole number or its text); `default` when absent."""
    value = data.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip() in ("1", "2", "3"):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value in (1, 2, 3):
        return value
    raise RequestError(f"{name}: '{value}' is not a seat: give 1, 2 or 3")


def _whole(data: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    value = data.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(f"{name}: '{value}' is not a whole number from {low} to {high}")
    return value


def _samples(data: Mapping[str, Any]) -> int | str | None:
    value = data.get("samples")
    if isinstance(value, str) and value.strip().lower() == "all":
        return "all"
    # The most any analysis takes; each analysis's own cap is `check_samples`'.
    return _whole(data, "samples", 1, MAX_SAMPLES)


def _plays(data: Mapping[str, Any]) -> list[pa.Card]:
    value = data.get("plays")
    if value is None or value == "" or value == []:
        return []
    if isinstance(value, str):
        value = value.replace("/", " ").replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise RequestError("plays: give the cards played as a list of cards, e.g."
                           " [\"AS\", \"7S\"]")
    if len(value) > MAX_PLAYS:
        raise RequestError(f"plays: {len(value)} cards, at most {MAX_PLAYS}")
    return parse_cards(" ".join(value), "plays") if value else []


@dataclass
class Question:
    """One request's question: the deal and whatever else it gave, read and checked."""

    deal: pa.Deal
    game: pa.Game | None
    declarer: int | None
    player: int | None
    leader: int
    talon_rule: str | None
    plays: list[pa.Card]
    rules: str | None
    samples: int | str | None
    seed: int | None
    seat: int | None
    partner: str | None

    @property
    def focus(self) -> int:
        """The declarer, or in raspasy the player (checked as `solve` checks them)."""
        assert self.game is not None
        return focus_seat(self.game, self.declarer, self.player)

    def seats(self) -> dict[str, int]:
        """`declarer=` or `player=` as the solving functions take them."""
        assert self.game is not None
        if self.game.kind == RASPASY:
            return {"player": self.focus}
        return {"declarer": self.focus}

    def hand(self, seat: int) -> Hand:
        return self.deal.hands[seat - 1]

    def others(self, seat: int) -> Hand:
        """The cards the two other seats hold between them."""
        first, second = Seat.defenders(seat)
        return self.hand(first) | self.hand(second)

    def sampled(self) -> dict[str, Any]:
        """samples= and seed= when given (the analysis's defaults otherwise)."""
        return {name: value for name, value in (("samples", self.samples), ("seed", self.seed))
                if value is not None}


def read_question(data: Any, game: bool = True) -> Question:
    """The request's fields read and checked: `deal` always, `game` when `game` is true."""
    if not isinstance(data, Mapping):
        raise RequestError("request: give a JSON object of fields, e.g. {\"deal\": \"...\"}")
    deal = pa.Deal.parse(text_field(data, "deal"))
    the_game = pa.Game.parse(text_field(data, "game")) if game else None
    talon_rule = text_field(data, "talon_rule", required=False) or None
    rules = text_field(data, "rules", required=False) or None
    if rules is not None and rules not in PRESETS:
        raise RequestError(f"rules: '{rules}' is not a rule set: {', '.join(PRESETS)}")
    partner = text_field(data, "partner", required=False) or None
    return Question(
        deal=deal, game=the_game, declarer=seat_field(data, "declarer"),
        player=seat_field(data, "player"), leader=seat_field(data, "leader", 1) or 1,
        talon_rule=talon_rule, plays=_plays(data), rules=rules, samples=_samples(data),
        seed=_whole(data, "seed", 0, 2**63 - 1), seat=seat_field(data, "seat"),
        partner=partner)


# ----------------------------------------------------------------------------- analyses


@dataclass(frozen=True)
class Analysis:
    """One analysis the page offers: `run(question, progress)` returns its result (with
    `to_dict()`); `total(question)` the layouts it will count (None: not known ahead);
    `section`: the report's section that shows it ("whist", "leads", "odds"), or None when
    its text is shown; `lines(result, question)`: that text; `check(question)` refuses a
    question before it is queued, where that is quick (the rest is refused by the analysis
    when it runs)."""

    title: str
    run: Callable[[Question, Callable[[int], None]], Any]
    lines: Callable[[Any, Question], list[str]]
    total: Callable[[Question], int | None] = lambda q: None
    section: str | None = None
    check: Callable[[Question], Any] = lambda q: _declarer(q)
    #: The most layouts `samples` may ask for, and the analyses' constant that says so.
    cap: tuple[int, str] = (MAX_SAMPLES, "MAX_SAMPLES")


def check_samples(analysis: Analysis, q: Question) -> None:
    """Refuse `samples` above the analysis's cap before its job is queued (the analysis
    would refuse it only once it runs)."""
    most, name = analysis.cap
    if isinstance(q.samples, int) and q.samples > most:
        raise RequestError(f"samples: {q.samples:,} layouts, at most {most:,} for this"
                           f" analysis ({name})")


def _declarer(q: Question) -> int:
    if q.declarer is None:
        raise RequestError("declarer: missing; give the declarer's seat, 1, 2 or 3")
    return q.declarer


def _hand_and_out(q: Question) -> tuple[Hand, Hand | None, Hand | None]:
    """The declarer's cards for a count over layouts: his ten with his discard, or his twelve
    (hand and talon); an ending's other cards as `others`."""
    declarer = _declarer(q)
    hand = q.hand(declarer)
    others = None if q.deal.is_full else q.others(declarer)
    if q.deal.discard is not None:
        return hand, Hand.from_cards(q.deal.discard), others
    if q.deal.talon and q.deal.is_full:
        return hand | Hand.from_cards(q.deal.talon), None, others
    return hand, None, others


def _planned(game: Callable[[Question], Any], pruned: bool = False
             ) -> Callable[[Question], int | None]:
    def total(q: Question) -> int | None:
        hand, out, others = _hand_and_out(q)
        samples = q.samples if isinstance(q.samples, int) else None
        return planned_layouts(hand, game(q), _declarer(q), others=others, out=out,
                               leader=q.leader, samples=samples, pruned=pruned)
    return total


def _run_tenner_odds(q: Question, progress: Callable[[int], None]) -> Any:
    hand, out, others = _hand_and_out(q)
    return tenner_odds(hand, q.game, _declarer(q), out=out, others=others, leader=q.leader,
                       progress=progress, **q.sampled())


def _run_odds(q: Question, progress: Callable[[int], None]) -> Any:
    hand, out, others = _hand_and_out(q)
    return layout_odds(hand, q.game, _declarer(q), out=out, others=others, leader=q.leader,
                       progress=progress, **q.sampled())


def _run_misere_odds(q: Question, progress: Callable[[int], None]) -> Any:
    hand, out, others = _hand_and_out(q)
    return misere_odds(hand, _declarer(q), out=out, others=others, leader=q.leader,
                       progress=progress, **q.sampled())


def _whist_seat(q: Question) -> int:
    """The deciding defender's seat, checked: given, and the talon open in the deal."""
    declarer = _declarer(q)
    if q.seat is None:
        first, second = Seat.defenders(declarer)
        raise RequestError(f"seat: missing; the defender who decides ({first} or {second})")
    if not q.deal.talon:
        raise RequestError("deal: the seat view needs the open talon in the deal")
    return q.seat


def _run_whist_seat(q: Question, progress: Callable[[int], None]) -> Any:
    declarer, seat = _declarer(q), _whist_seat(q)
    return whist_decision(q.hand(seat), q.game, declarer, seat, talon=list(q.deal.talon),
                          rules=q.rules or "sochi", partner=q.partner, progress=progress,
                          **q.sampled())


def _run_lead_seat(q: Question, progress: Callable[[int], None]) -> Any:
    declarer = _declarer(q)
    place: dict[str, Any] = ({"talon": list(q.deal.talon)} if q.deal.talon
                             else {"others": q.others(q.leader)})
    return lead_decision(q.hand(q.leader), q.game, declarer, leader=q.leader,
                         rules=q.rules, progress=progress, **place, **q.sampled())


def _run_declare(q: Question, progress: Callable[[int], None]) -> Any:
    declarer = _declarer(q)
    options: dict[str, Any] = {"rules": q.rules or "sochi", "leader": q.leader}
    if q.deal.talon:
        options["talon"] = list(q.deal.talon)
    if not q.deal.is_full:
        options["others"] = q.others(declarer)
    return declare_options(q.hand(declarer), declarer, progress=progress, **options,
                           **q.sampled())


def _text(render: Callable[..., list[str]], *extra: Callable[[Question, Any], Any]
          ) -> Callable[[Any, Question], list[str]]:
    """The command line's renderer: `render(result, *extra, symbols=True)`."""
    def lines(result: Any, q: Question) -> list[str]:
        return render(result, *(get(q, result) for get in extra), True)
    return lines


def _given_hand(q: Question, result: Any) -> Hand:
    return _hand_and_out(q)[0]


def _given_out(q: Question, result: Any) -> Hand | None:
    return _hand_and_out(q)[1]


def _the_deal(q: Question, result: Any) -> pa.Deal:
    return q.deal


def _depth(q: Question, result: Any) -> int:
    return 2


def _talon_hand(q: Question, result: Any) -> Hand | None:
    return Hand.from_cards(q.deal.talon) if q.deal.talon else None


def _others_hand(q: Question, result: Any) -> Hand | None:
    return None if q.deal.talon else q.others(q.leader)


def _rules(q: Question) -> RuleSet | None:
    return RuleSet.preset(q.rules) if q.rules else None


ANALYSES: dict[str, Analysis] = {
    "tenner-check": Analysis(
        "Tenner check (open cards)",
        lambda q, p: check_tenner(q.deal, q.game, _declarer(q), leader=q.leader,
                                  rules=_rules(q)),
        _text(tenner_check_lines, _the_deal, _depth),
        check=lambda q: (_declarer(q), ten_game(q.game))),
    "tenner-odds": Analysis(
        "Tenner odds: guaranteed over every layout?", _run_tenner_odds,
        _text(tenner_odds_lines, _given_hand, _given_out),
        _planned(lambda q: ten_game(q.game), pruned=True)),
    "odds": Analysis(
        "Layout odds", _run_odds, _text(odds_lines, _given_hand, _given_out),
        _planned(lambda q: q.game), section="odds"),
    "whist-table": Analysis(
        "Whist table (open cards)",
        lambda q, p: whist_table(q.deal, q.game, _declarer(q), rules=q.rules or "sochi",
                                 leader=q.leader),
        _text(whist_table_lines), section="whist"),
    "whist-seat": Analysis(
        "Whist or pass from the seat", _run_whist_seat, _text(whist_decision_lines),
        check=_whist_seat, cap=(MAX_WORLDS, "MAX_WORLDS")),
    "lead-table": Analysis(
        "Opening leads (open cards)",
        lambda q, p: lead_table(q.deal, q.game, _declarer(q), leader=q.leader,
                                rules=q.rules),
        _text(leads_table_lines), section="leads"),
    "lead-seat": Analysis(
        "Leads from the leader's seat", _run_lead_seat,
        _text(leads_decision_lines, _talon_hand, _others_hand), cap=(MAX_WORLDS, "MAX_WORLDS")),
    "misere-odds": Analysis(
        "Misère odds", _run_misere_odds,
        _text(misere_lines, _given_hand, _given_out),
        _planned(lambda q: pa.Game.parse("misere")), section="odds"),
    "misere-catch": Analysis(
        "Misère catch (discard unseen)",
        lambda q, p: misere_catch(q.deal, _declarer(q), leader=q.leader),
        _text(catch_lines)),
    "declare": Analysis("What to declare", _run_declare, _text(declare_lines)),
}



def game_needed(name: str) -> bool:
    """Whether the analysis reads the request's game (misère's are misère whatever it says)."""
    return name not in ("misere-odds", "misere-catch", "declare")
