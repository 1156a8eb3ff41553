"""What the web API is asked, read from a request's JSON, and the analyses it runs.

Each field is read as the command line reads its option (`Deal.parse`, `Game.parse`, seats
1..3, cards as "AS KS"), so bad input gets the same one-line message, naming the field. The
analyses (`ANALYSES`) are the views of `pyanalysis.registry.ANALYSES`, each under its name on
the page: every option the registry lists for a view is read from the request's field of
that name (`registry.read_options`), and the cards from the page's deal: the hand-based ones
(odds, seat views, what to declare) take the declarer's (or the seat's, or the leader's)
cards from it, with the talon or the discard as the deal gives them (`registry.View.cards`).
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import pyanalysis as pa
from pyanalysis import registry
from pyanalysis.analysis.hands import planned_layouts
from pyanalysis.analysis.layouts import MAX_SAMPLES
from pyanalysis.analysis.tenner import ten_game
from pyanalysis.card_sets import parse_cards
from pyanalysis.errors import one_line
from pyanalysis.games import RASPASY
from pyanalysis.hand import Hand
from pyanalysis.seat import Seat
from pyanalysis.solving import focus_seat

__all__ = ["ANALYSES", "Analysis", "Question", "RequestError", "check_samples",
           "describe_analyses", "read_question", "seat_field", "text_field"]

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
    #: The request's fields as sent: the analyses read their options from them.
    data: Mapping[str, Any] = field(default_factory=dict)
    #: The arguments the analysis was called with, by name (its text renderer reads them).
    call: dict[str, Any] | None = None

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
        partner=partner, data=data)


# ----------------------------------------------------------------------------- analyses


@dataclass(frozen=True)
class Analysis:
    """One analysis the page offers, a view of `registry.ANALYSES`: `run(question, progress)`
    returns its result (with `to_dict()`); `total(question)` the layouts it will count (None:
    not known ahead); `section`: the report's section that shows it ("whist", "leads",
    "odds"), or None when its text is shown; `lines(result, question)`: that text;
    `check(question)` reads and checks the question's options before it is queued (the rest
    is refused by the analysis when it runs)."""

    title: str
    run: Callable[[Question, Callable[[int], None]], Any]
    lines: Callable[[Any, Question], list[str]]
    total: Callable[[Question], int | None] = lambda q: None
    section: str | None = None
    check: Callable[[Question], Any] = lambda q: _declarer(q)
    #: The most layouts `samples` may ask for, and the analyses' constant that says so.
    cap: tuple[int, str] = (MAX_SAMPLES, "MAX_SAMPLES")
    #: The registry's entry and view it is.
    entry: registry.Analysis | None = None
    view: registry.View | None = None
    #: What its progress counts: layouts, or the cards reviewed.
    unit: str = "layouts"


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


def _whist_seat(q: Question) -> int:
    """The deciding defender's seat, checked: given, and the talon open in the deal."""
    declarer = _declarer(q)
    if q.seat is None:
        first, second = Seat.defenders(declarer)
        raise RequestError(f"seat: missing; the defender who decides ({first} or {second})")
    if not q.deal.talon:
        raise RequestError("deal: the seat view needs the open talon in the deal")
    return q.seat


def _cards_of_deal(q: Question, view: registry.View) -> dict[str, Any]:
    """The view's cards as the page's deal gives them (`View.cards`), by parameter name."""
    form = view.cards
    if form == "deal":
        first = next(iter(inspect.signature(getattr(pa, view.function)).parameters))
        return {first: q.deal}
    if form == "declarer":
        hand, out, others = _hand_and_out(q)
        return {"hand": hand, "out": out, "others": others}
    if form == "seat":
        seat = _whist_seat(q)
        return {"hand": q.hand(seat), "talon": list(q.deal.talon)}
    if form == "leader":
        _declarer(q)
        place: dict[str, Any] = ({"talon": list(q.deal.talon)} if q.deal.talon
                                 else {"others": q.others(q.leader)})
        return {"hand": q.hand(q.leader), **place}
    if form == "record":
        # The play so far on the page's board, reviewed: in raspasy the player is an option.
        if not q.plays:
            raise RequestError("plays: no card played yet; play the deal on the board (or read"
                               " a record) to review it")
        seats = {} if q.game is None or q.game.kind == RASPASY else {"declarer": _declarer(q)}
        return {"deal": q.deal, "game": q.game, **seats, "leader": q.leader,
                "talon_rule": q.talon_rule, "plays": list(q.plays)}
    if form == "declare":
        declarer = _declarer(q)
        cards: dict[str, Any] = {"hand": q.hand(declarer)}
        if q.deal.talon:
            cards["talon"] = list(q.deal.talon)
        if not q.deal.is_full:
            cards["others"] = q.others(declarer)
        return cards
    raise AssertionError(f"no deal form {form!r}")


def _call(entry: registry.Analysis, view: registry.View, q: Question) -> dict[str, Any]:
    """The arguments of the view's function by name: its cards from the deal, its options
    from the request (`registry.read_options`), the rule set with its knobs changed."""
    cards = _cards_of_deal(q, view)  # first: its messages say which seat is missing
    values = {**registry.read_options(entry, view, q.data), **cards}
    if entry.check is not None:
        entry.check(values, lambda name: "the deal's talon" if name == "talon" else name)
    if any(o.name == "rules" for o in entry.options_of(view)):
        values["rules"] = registry.rules_of(values, registry.rules_default(entry, view, values))
    values.pop("rule", None)
    return values


def _keyword(function: Callable[..., Any], values: dict[str, Any]) -> tuple[list[Any],
                                                                             dict[str, Any]]:
    """`values` as a call of `function`: its first parameter positional, the rest by name,
    None left to the function's default."""
    names = list(inspect.signature(function).parameters)
    given = {name: value for name, value in values.items() if value is not None}
    return [given.pop(names[0])], given


def _from_registry(entry: registry.Analysis, view: registry.View) -> Analysis:
    function = getattr(pa, view.function)
    takes = inspect.signature(function).parameters

    def run(q: Question, progress: Callable[[int], None]) -> Any:
        values = _call(entry, view, q)
        if entry.command == "tenner" and view.key == "hand":
            values["game"] = ten_game(values["game"])
        args, keywords = _keyword(function, values)
        if "progress" in takes:
            keywords["progress"] = progress
        q.call = {**values}
        return function(*args, **keywords)

    def check(q: Question) -> None:
        values = _call(entry, view, q)
        if entry.command == "tenner":
            ten_game(values["game"])

    def total(q: Question) -> int | None:
        if view.cards == "record":
            return len(q.plays)  # the cards reviewed
        if view.cards != "declarer" or entry.command in ("underbid",):
            return None
        values = _call(entry, view, q)
        game = values.get("game", pa.Game.parse("misere"))
        pruned = entry.command == "tenner"
        samples = values.get("samples")
        return planned_layouts(values["hand"], ten_game(game) if pruned else game,
                               values["declarer"], others=values.get("others"),
                               out=values.get("out"), leader=values.get("leader", 1),
                               samples=samples if isinstance(samples, int) else None,
                               pruned=pruned)

    def lines(result: Any, q: Question) -> list[str]:
        return view.render(result, q.call if q.call is not None else _call(entry, view, q),
                           True)

    return Analysis(view.summary, run, lines, total, view.section, check, view.cap,
                    entry, view, view.unit)


#: Every analysis the page offers, by its name on the page (`registry.web_views`).
ANALYSES: dict[str, Analysis] = {name: _from_registry(entry, view)
                                 for name, (entry, view) in registry.web_views().items()}


def game_needed(name: str) -> bool:
    """Whether the analysis reads the request's game (misère's are misère whatever it says)."""
    analysis = ANALYSES.get(name)
    return (analysis is None or analysis.entry is None or analysis.view is None
            or analysis.view.cards == "record"  # the game played
            or any(o.name == "game" for o in analysis.entry.options_of(analysis.view)))


def describe_analyses() -> list[dict[str, Any]]:
    """What `GET /api/analyses` lists: each analysis with its options (`registry.describe`),
    the options of type ``cards`` left out (the page's deal gives those cards)."""
    listed = []
    for analysis in ANALYSES.values():
        assert analysis.entry is not None and analysis.view is not None
        item = registry.describe(analysis.entry, analysis.view)
        item["options"] = [o for o in item["options"] if o["type"] != "cards"]
        listed.append(item)
    return listed
