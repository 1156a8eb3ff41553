"""One registry of the analyses: what each asks, which options it takes, how its answer reads.

The command line (`prefdd tenner`, `odds`, ...), the batch (a job's ``"kind"``) and the web
(`POST /api/analysis`, `GET /api/analyses`) all name the same analyses, read from `ANALYSES`:

- an `Analysis` is one question as the command line names it (its command), with one `View`
  per form of its cards: ``"deal"`` (open cards) and ``"hand"`` (the player's own cards, the
  others unseen), or one view for an analysis with one form;
- a `View` names the `pyanalysis` function that answers it, its text renderer, its name on the
  web page and the report's section that shows it;
- an `Option` is one argument: its name is the function's parameter, the batch's field and the
  web's field; the command line spells it ``--`` and the name with ``-`` for ``_`` unless
  `Option.flag` says otherwise. Its type (`Option.type`), choices, default and help are what
  `GET /api/analyses` lists, so that a page can build its form.

Spelling rules between the interfaces (tests/cli/test_registry.py holds them to it):

- command ``misere-odds`` ↔ batch kind ``misere_odds`` (``-`` becomes ``_``); the web names
  each view: the command's name for an analysis of one view, else `View.web`
  (``tenner-check``/``tenner-odds``, ``whist-table``/``whist-seat``,
  ``lead-table``/``lead-seat``);
- option ``seat_samples`` ↔ ``--seat-samples``; the exceptions say their flag: ``--defenders``
  (``whist`` of `declare_options`), ``--draw`` (``max_draws``), ``--all-defences``
  (``pareto="all"``), ``--whist`` (``whist`` of the leads, as ``2=whist,3=pass``);
- ``rule`` (``--rule KEY=VALUE``, repeatable) is no parameter: it changes knobs of ``rules``
  (a list of ``"KEY=VALUE"`` texts in JSON);
- options of type ``cards`` (``out``, ``others``, ``talon``) are the web's deal: the page
  sends a deal, and the hand, the discard, the talon and the others' cards are read from it.

Adding an analysis is one `Analysis` entry here (and its command in `pyanalysis.cli`, whose
options the tests hold equal to the entry's).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import pyanalysis as pa
from pyanalysis.analysis.declare import WHIST_RULES
from pyanalysis.analysis.layouts import MAX_DRAWS, MAX_SAMPLES, MAX_WORLDS
from pyanalysis.analysis.review_seat import SEAT_FLAGS, SEAT_SAMPLES
from pyanalysis.analysis.sampling import DISCARD_MODELS, FILTER_HELP, FILTERS
from pyanalysis.analysis.totus import FORMS
from pyanalysis.card_sets import card_set, parse_cards
from pyanalysis.errors import one_line
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import whist_word
from pyanalysis.text.catch import catch_lines
from pyanalysis.text.declare import declare_lines
from pyanalysis.text.layouts import odds_lines
from pyanalysis.text.leads import decision_lines as lead_decision_lines
from pyanalysis.text.leads import table_lines as lead_table_lines
from pyanalysis.text.misere import misere_lines
from pyanalysis.text.review import review_lines
from pyanalysis.text.tenner import tenner_check_lines, tenner_odds_lines
from pyanalysis.text.totus import totus_lines
from pyanalysis.text.underbid import underbid_lines
from pyanalysis.text.whist import decision_lines as whist_decision_lines
from pyanalysis.text.whist import table_lines as whist_table_lines

__all__ = ["ANALYSES", "Analysis", "Option", "OptionError", "TYPES", "View", "analysis",
           "describe", "read_options", "read_value", "rules_default", "rules_of", "web_views"]

PRESETS = ("sochi", "leningrad", "rostov")
WORDS = ("whist", "pass", "half", "return")
PARTNERS = ("seat", "open", *WORDS)

#: The option types, as `GET /api/analyses` names them, and what a JSON value of each is.
TYPES = {
    "game": "a game as text: 8S, 6NT, misere, raspasy (also 8♠, 6БК, мизер)",
    "seat": "a seat: 1, 2 or 3",
    "int": "a whole number from `low` to `high`",
    "choice": "one of `choices`",
    "samples": "a number of layouts from 1 to `high`, or \"all\" where `choices` has it",
    "seed": "a whole number from 0",
    "word": "a whist word: whist, pass, half or return",
    "partner": "how the other defender decides: seat (from his own seat), open (with open"
               " cards), or a whist word he always says",
    "words": "each defender's word: {\"2\": \"whist\", \"3\": \"pass\"} or \"2=whist,3=pass\"",
    "rules": "a rule set: sochi, leningrad or rostov",
    "rule": "knobs of the rule set changed: a list of \"KEY=VALUE\" (docs/rules.md)",
    "cards": "cards (\"AS KS\" or -.-.KQ.-); on the web, read from the deal",
    "card-list": "cards in order, a list (\"AS\", \"KS\") or one text",
    "known": "cards known to lie in a seat's hand: {\"3\": \"AS KS\"}",
    "flag": "true or false",
    "flags": "two trick costs LOW HIGH (\"0.1 0.6\" or [0.1, 0.6]), 0 <= LOW <= HIGH",
}


class OptionError(ValueError):
    """An option's value that does not fit it: one line naming the option."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


@dataclass(frozen=True)
class Option:
    """One argument of an analysis. `name`: the function's parameter (the batch's and the web's
    field); `type`: one of `TYPES`; `flag`: the command line's spelling when it is not
    ``--`` + name (``_`` as ``-``); `views`: the views that take it (empty: every view);
    `default`: what the analysis takes when it is not given (None: decided by the analysis);
    `required`: the question needs it; `low`/`high`: the range of a number; `choices`: the
    allowed values (for samples: ``("all",)`` when every layout may be asked)."""

    name: str
    type: str
    help: str
    flag: str = ""
    views: tuple[str, ...] = ()
    default: Any = None
    required: bool = False
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()

    @property
    def cli(self) -> str:
        """The command line's spelling: ``--seat-samples``."""
        return self.flag or "--" + self.name.replace("_", "-")

    def in_view(self, view: str) -> bool:
        return not self.views or view in self.views


@dataclass(frozen=True)
class View:
    """One form of an analysis's question. `key`: the field that carries its cards
    (``"deal"``, ``"hand"``; None for the one view of an analysis); `function`: the
    `pyanalysis` name that answers it; `web`: its name on the page; `cards`: where the web
    takes its cards from the deal (``"deal"``, ``"declarer"``: the declarer's hand with his
    discard or the talon, ``"seat"``, ``"leader"``, ``"declare"``; ``"record"``: the deal,
    the game, the seats and the cards played on the page's board); `render(result, call,
    symbols)`: its text for people, `call` being the function's arguments by name (the cards
    under `key` or ``"cards"``); `section`: the report's section that shows it; `cost`: the
    batch's measure of one job (a solve job being 1); `cap`: the most layouts `samples` may ask
    for, and the constant that says so; `summary`: what it answers, in a few words;
    `report`: the field of the HTML report (`pyanalysis.report.Report`) that shows its result
    (None: the report has no place for it), where the page's exported report shows the
    analysis the player ran (``"review"``: the report of the play is that review); `unit`:
    what its progress hook counts."""

    key: str | None
    function: str
    web: str
    cards: str
    render: Callable[[Any, Mapping[str, Any], bool], list[str]]
    summary: str
    section: str | None = None
    cost: int = 8
    cap: tuple[int, str] = (MAX_SAMPLES, "MAX_SAMPLES")
    shown: str | None = None
    report: str | None = None
    #: What its progress counts (the page's bar says it): layouts, or the cards reviewed.
    unit: str = "layouts"


@dataclass(frozen=True)
class Analysis:
    """One analysis: its `command` (the batch kind is the same with ``_`` for ``-``), a
    `title`, its `views` and its `options`; `check(values, spell)` refuses a combination of
    options that no single option's type catches (`spell(name)`: the interface's name for an
    option, so that the message names what the user typed)."""

    command: str
    title: str
    views: tuple[View, ...]
    options: tuple[Option, ...]
    check: Callable[[Mapping[str, Any], Callable[[str], str]], None] | None = None
    #: An option whose value implies pricing: given, the rule set is sochi unless named.
    priced_by: str | None = None

    @property
    def kind(self) -> str:
        """The batch's job kind."""
        return self.command.replace("-", "_")

    def view(self, key: str | None) -> View:
        """The view whose cards are `key` (the one view when there is one)."""
        for view in self.views:
            if view.key == key or len(self.views) == 1:
                return view
        raise KeyError(key)

    def options_of(self, view: View) -> tuple[Option, ...]:
        """The options `view` takes."""
        return tuple(o for o in self.options if o.in_view(view.key or ""))


# ----------------------------------------------------------------------------- options

GAME = Option("game", "game", "The game: a contract (6S … 10NT, also 8♠, 6БК) or misere.",
              required=True)
DECLARER = Option("declarer", "seat", "The declarer's seat: 1, 2 or 3.", required=True)
LEADER = Option("leader", "seat", "The seat that leads to the first trick.", default=1)
OUT = Option("out", "cards", "The declarer's discard, out of play, for a ten-card hand.")
OTHERS = Option("others", "cards", "The cards the two other seats hold between them; fewer"
                                   " cards make an ending.")
RULE = Option("rule", "rule", "Change one knob of the rule set, e.g. whist_split=gentleman.")


def _rules(help: str, views: tuple[str, ...] = (), default: str | None = None
           ) -> tuple[Option, Option]:
    return (Option("rules", "rules", help, flag="--rules", views=views, default=default,
                   choices=PRESETS),
            Option("rule", "rule", RULE.help, views=views))


def _samples(help: str, views: tuple[str, ...] = (), every: bool = False,
             default: int | None = None, high: int = MAX_SAMPLES,
             settles: bool = False) -> tuple[Option, ...]:
    """`samples` and `seed`; `settles`: the analysis stops once its answer is settled
    (`analysis.settle`), and `fixed` asks for exactly `samples` layouts instead."""
    fixed = (Option("fixed", "flag", "Count exactly this many layouts (default: stop as soon"
                                     " as the best answer is settled, at most that many).",
                    views=views, default=False),) if settles else ()
    return (Option("samples", "samples", help, views=views, default=default, low=1, high=high,
                   choices=("all",) if every else ()),
            Option("seed", "seed", "Seed of the sample, so that a run can be repeated.",
                   views=views, default=0, low=0)) + fixed


def _seat_view(views: tuple[str, ...]) -> tuple[Option, ...]:
    return (Option("filter", "choice", FILTER_HELP, views=views, choices=FILTERS),
            Option("discard", "choice", "The declarer's discard: 'dd' the best double-dummy"
                                        " one, 'low' low cards outside trumps.", views=views,
                   default="dd", choices=DISCARD_MODELS),
            Option("max_draws", "int", "Draw at most this many layouts to keep the samples"
                                       " asked.", flag="--draw", views=views, low=1,
                   high=MAX_DRAWS))


def _check_declare(values: Mapping[str, Any], spell: Callable[[str], str]) -> None:
    seat = values.get("whist") == "seat"
    if seat and values.get("talon") is None:
        raise OptionError(f"{spell('whist')} seat: the defenders see the talon; give it with"
                          f" {spell('talon')}")
    if not seat and values.get("seat_samples") is not None:
        raise OptionError(f"{spell('seat_samples')} is for {spell('whist')} seat")


#: The review's options that only its seat view reads.
SEAT_VIEW_ONLY = ("whisting", "samples", "seed", "fixed")


def _check_review(values: Mapping[str, Any], spell: Callable[[str], str]) -> None:
    if values.get("view") == "seat":
        return
    for name in SEAT_VIEW_ONLY:
        if values.get(name) not in (None, False):
            raise OptionError(f"{spell(name)} is for the seat view: give {spell('view')} seat"
                              f" too")


_ENTRIES: dict[str, Analysis] = {a.command: a for a in (
    Analysis("tenner", "The ten-trick game", (
        View("deal", "check_tenner", "tenner-check", "deal",
             lambda r, c, s: tenner_check_lines(r, c["deal"], c.get("depth", 2), s),
             "Tenner check (open cards)"),
        View("hand", "tenner_odds", "tenner-odds", "declarer",
             lambda r, c, s: tenner_odds_lines(r, c["hand"], c.get("out"), s),
             "Tenner odds: guaranteed over every layout?", cost=32, shown="odds")),
        (Option("game", "game", "The ten contract: 10S, 10C, 10D, 10H or 10NT.", required=True),
         DECLARER, LEADER,
         *_rules("Score the tenner as it went under a rule set.", views=("deal",)),
         Option("depth", "int", "Tricks of the defence's refutation to spell out.",
                views=("deal",), default=2, low=0, high=3),
         *_samples("Solve this many layouts drawn at random instead of every layout.",
                   views=("hand",), settles=True),
         Option("out", "cards", OUT.help, views=("hand",)))),
    Analysis("odds", "Layout odds", (
        View(None, "layout_odds", "odds", "declarer",
             lambda r, c, s: odds_lines(r, c["hand"], c.get("out"), s),
             "Layout odds", section="odds", cost=32, shown="odds", report="odds"),),
        (GAME, DECLARER, OUT, OTHERS, LEADER,
         Option("target", "int", "Count the layouts where he takes at least this many tricks"
                                 " instead of the whole distribution.", low=0, high=10),
         *_samples("Solve this many layouts drawn at random instead of every layout.",
                   settles=True))),
    Analysis("totus", "Totus, the twelve-card slam", (
        View(None, "totus", "totus", "deal", lambda r, c, s: totus_lines(
            r, c["cards"] if isinstance(c["cards"], pa.Deal) else None, s),
            "Totus: is the twelve-card slam sound?", cost=32),),
        (DECLARER,
         Option("form", "choice", "'layouts': every layout of the others' cards; 'open': the"
                                  " opponents choose his discard, then all cards open."
                                  " Default: 'open' for a deal, 'layouts' for a hand.",
                choices=FORMS),
         OTHERS)),
    Analysis("underbid", "Underbid (недозаказ)", (
        View(None, "underbid", "underbid", "declarer",
             lambda r, c, s: underbid_lines(r, c.get("out"), s),
             "Underbid: a layout where he takes only what he bid?", cost=32),),
        (Option("game", "game", "The contract he bid and played: 6S … 10NT.", required=True),
         DECLARER, OUT, OTHERS, LEADER,
         Option("bid", "int", "The tricks he bid (default: the contract's level).", low=0,
                high=10))),
    Analysis("misere-odds", "Misère odds", (
        View(None, "misere_odds", "misere-odds", "declarer",
             lambda r, c, s: misere_lines(r, c["hand"], c.get("out"), s),
             "Misère odds", section="odds", cost=32, shown="odds", report="odds"),),
        (DECLARER, OUT, OTHERS, LEADER,
         *_samples("Solve this many layouts drawn at random instead of every layout.",
                   settles=True))),
    Analysis("whist", "Whist or pass", (
        View("deal", "whist_table", "whist-table", "deal",
             lambda r, c, s: whist_table_lines(r, s), "Whist table (open cards)",
             section="whist", report="whist"),
        View("hand", "whist_decision", "whist-seat", "seat",
             lambda r, c, s: whist_decision_lines(r, s), "Whist or pass from the seat",
             cost=32, cap=(MAX_WORLDS, "MAX_WORLDS"), shown="whist-seat",
             report="whist_seat")),
        (Option("game", "game", "The contract: 6S … 10NT.", required=True), DECLARER,
         *_rules("Rule set.", default="sochi"),
         Option("players", "int", "Three players or four, the dealer sitting out.",
                views=("deal",), default=3, low=3, high=4),
         Option("leader", "seat", LEADER.help, views=("deal",), default=1),
         Option("seat", "seat", "The defender who decides (not the declarer).",
                views=("hand",), required=True),
         Option("talon", "cards", "The two talon cards, open to all.", views=("hand",),
                required=True),
         Option("partner", "partner", "How the other defender decides: 'seat' (the default"
                                      " for the first defender: from his own seat), 'open'"
                                      " (open cards), or his word (the second defender"
                                      " gives the first's word).",
                views=("hand",), choices=PARTNERS),
         *_samples("Layouts to keep, or 'all' for every layout.", views=("hand",), every=True,
                   default=1000, settles=True),
         *_seat_view(("hand",)))),
    Analysis("lead", "Opening leads", (
        View("deal", "lead_table", "lead-table", "deal",
             lambda r, c, s: lead_table_lines(r, s), "Opening leads (open cards)",
             section="leads", report="leads"),
        View("hand", "lead_decision", "lead-seat", "leader",
             lambda r, c, s: lead_decision_lines(r, c.get("talon"), c.get("others"), s),
             "Leads from the leader's seat", cost=32, cap=(MAX_WORLDS, "MAX_WORLDS"),
             shown="lead-seat", report="lead_seat")),
        (GAME, DECLARER, LEADER,
         *_rules("Price the leads in vists for the leader."),
         Option("whist", "words", "The defenders' words for pricing (default: both whist in a"
                                  " contract).", choices=WORDS),
         Option("talon", "cards", "The two talon cards, open to all; when the declarer leads,"
                                  " his discard.", views=("hand",)),
         Option("others", "cards", OTHERS.help, views=("hand",)),
         *_samples("Layouts to keep, or 'all' for every layout.", views=("hand",), every=True,
                   default=1000, settles=True),
         *_seat_view(("hand",)),
         Option("known", "known", "Cards known to lie in an unseen hand.", views=("hand",))),
        priced_by="whist"),
    Analysis("declare", "What to declare", (
        View(None, "declare_options", "declare", "declare",
             lambda r, c, s: declare_lines(r, s), "What to declare", cost=32,
             shown="declare", report="declare"),),
        (DECLARER,
         Option("talon", "cards", "The two talon cards he took; without it the hand is his"
                                  " twelve cards."),
         OTHERS,
         Option("players", "int", "Three players or four, the dealer sitting out.",
                default=3, low=3, high=4),
         LEADER,
         *_rules("Rule set.", default="sochi"),
         *_samples("Layouts of the defenders' cards to draw, or 'all' for every one.",
                   every=True, settles=True),
         Option("whist", "choice", "How the defenders decide to whist or pass in each layout:"
                                   " 'open', with open cards; 'seat', each from his own seat"
                                   " (needs the talon; slow).", flag="--defenders",
                default="open", choices=WHIST_RULES),
         Option("seat_samples", "samples", "With whist 'seat': the layouts each defender"
                                           " weighs, or 'all'.", default=50, low=1,
                high=MAX_WORLDS, choices=("all",))),
        check=_check_declare),
    Analysis("misere-catch", "Misère catch (discard unseen)", (
        View(None, "misere_catch", "misere-catch", "deal", lambda r, c, s: catch_lines(r, s),
             "Misère catch (discard unseen)", cost=32,
             shown="misere-catch", report="catch"),),
        (DECLARER, Option("leader", "seat", "The seat that leads the current trick.",
                          default=1),
         Option("played", "card-list", "Cards already played to the current trick, from the"
                                       " leader."),
         Option("pareto", "choice", "'all': also list what the other non-dominated defences"
                                    " catch (slower).", flag="--all-defences", default="best",
                choices=("best", "all")))),
    Analysis("review", "Review of the play", (
        View(None, "review", "review", "record", lambda r, c, s: review_lines(r, s),
             "Review of the play so far, card by card", shown="review", unit="cards",
             report="review"),),
        (*_rules("Price the result in vists: sochi, leningrad or rostov."),
         Option("whist", "words", "The defenders' words for pricing (implies pricing;"
                                  " default: the record's 'whist:', else both whist).",
                choices=WORDS),
         Option("player", "seat", "Raspasy: judge every card by this player's guaranteed"
                                  " minimum (the other two together against him). Default:"
                                  " each card by its own player's."),
         Option("view", "choice", "dd: every card judged double-dummy; seat: also from its"
                                  " player's seat, over the layouts consistent with what he"
                                  " had seen.", default="dd", choices=("dd", "seat")),
         Option("whisting", "choice", "The seat view: whether the defenders' hands lay open"
                                      " (default: the record's 'whisting:', else closed with"
                                      " two whisters, open with one).",
                choices=("open", "closed")),
         *_samples(f"The seat view: layouts weighed per card (default {SEAT_SAMPLES}; every one"
                   f" when there are no more), or 'all'.", every=True, high=MAX_WORLDS,
                   settles=True),
         Option("flags", "flags", "The seat view: flag a card ? (??) when it lost more than"
                                  " LOW (HIGH) tricks on average from its player's seat.",
                default=list(SEAT_FLAGS))),
        check=_check_review, priced_by="whist"),
)}


#: The analyses by command, in the order the page lists them.
ANALYSES: dict[str, Analysis] = {name: _ENTRIES[name] for name in (
    "tenner", "odds", "whist", "lead", "misere-odds", "misere-catch", "declare", "totus",
    "underbid", "review")}
assert set(ANALYSES) == set(_ENTRIES)


def analysis(command: str) -> Analysis:
    """The analysis `command` names (its batch kind too)."""
    return ANALYSES[command.replace("_", "-")]


def web_views() -> dict[str, tuple[Analysis, View]]:
    """Every view by its name on the web page, in the registry's order."""
    return {view.web: (entry, view) for entry in ANALYSES.values() for view in entry.views}


# ----------------------------------------------------------------------------- reading


def _shown(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _whole(option: Option, value: Any, spell: str) -> int:
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value)
    low = option.low if option.low is not None else 0
    high = option.high
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        span = f"from {low} to {high}" if high is not None else f"from {low}"
        raise OptionError(f"{spell}: '{_shown(value)}' is not a whole number {span}")
    return value


def _flags(value: Any, spell: str) -> tuple[float, float]:
    """Two trick costs, as a list of numbers or a text "0.1 0.6"."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    try:
        low, high = (float(x) for x in value if not isinstance(x, bool))
    except (TypeError, ValueError):
        raise OptionError(f"{spell}: give two numbers of tricks LOW HIGH, e.g. 0.1 0.6") from None
    if not 0 <= low <= high or math.isinf(high):
        raise OptionError(f"{spell}: ({low:g}, {high:g}): need 0 <= LOW <= HIGH, finite")
    return low, high


def _seat_mapping(value: Any, spell: str, example: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise OptionError(f"{spell}: give an object keyed by seat, e.g. {example}")
    result: dict[int, Any] = {}
    for key, item in value.items():
        if str(key).strip() not in ("1", "2", "3") or not isinstance(item, str):
            raise OptionError(f"{spell}: give an object keyed by seat, e.g. {example}")
        result[int(str(key).strip())] = item
    return result


def read_value(option: Option, value: Any, spell: str | None = None) -> Any:
    """`value` (as JSON gives it, or text from a form) read as `option`'s argument;
    `OptionError` naming the option (`spell`, default its name) for one that does not fit."""
    spell = spell or option.name
    kind = option.type
    if kind in ("game", "cards") or (kind == "choice" and isinstance(option.choices[0], str)):
        if not isinstance(value, str):
            raise OptionError(f"{spell}: give it as text, not {type(value).__name__}")
    if kind == "game":
        return pa.Game.parse(value)
    if kind == "seat":
        if isinstance(value, str) and value.strip() in ("1", "2", "3"):
            return int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value in (1, 2, 3):
            return value
        raise OptionError(f"{spell}: '{_shown(value)}' is not a seat: give 1, 2 or 3")
    if kind in ("int", "seed"):
        return _whole(option, value, spell)
    if kind == "samples":
        if isinstance(value, str) and value.strip().lower() == "all":
            if "all" not in option.choices:
                raise OptionError(f"{spell}: 'all' is not taken here: give a number of"
                                  f" layouts")
            return "all"
        return _whole(option, value, spell)
    if kind in ("choice", "rules"):
        if value not in option.choices:
            what = "a rule set" if kind == "rules" else "one of the choices"
            raise OptionError(f"{spell}: '{_shown(value)}' is not {what}:"
                              f" {', '.join(map(str, option.choices))}")
        return value
    if kind == "partner" and isinstance(value, str) and value.strip().lower() in PARTNERS[:2]:
        return value.strip().lower()
    if kind in ("word", "partner"):
        try:
            return whist_word(value) if isinstance(value, str) else whist_word("?")
        except ValueError:
            what = ("seat, open, whist, pass, half or return" if kind == "partner"
                    else "a whist word: whist, pass, half or return")
            raise OptionError(f"{spell}: '{_shown(value)}' is not {what}") from None
    if kind == "words":
        if isinstance(value, str):
            value = dict(item.partition("=")[::2] for item in value.replace(";", ",").split(",")
                         if item.strip())
        words = _seat_mapping(value, spell, '{"2": "whist", "3": "pass"}')
        for seat, word in words.items():
            if word.strip().lower() not in WORDS:
                raise OptionError(f"{spell}: seat {seat}: '{_shown(word)}' is not one of"
                                  f" {', '.join(WORDS)}")
        return {seat: word.strip().lower() for seat, word in words.items()}
    if kind == "rule":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise OptionError(f"{spell}: give a list of \"KEY=VALUE\", e.g."
                              f" [\"whist_split=gentleman\"]")
        try:
            RuleSet.preset("sochi").with_strings(value)  # names a bad knob or value
        except ValueError as error:
            raise OptionError(f"{spell}: {error}") from None
        return tuple(value)
    if kind == "cards":
        return card_set(value, spell)
    if kind == "card-list":
        if isinstance(value, list) and all(isinstance(card, str) for card in value):
            value = " ".join(value)
        if not isinstance(value, str):
            raise OptionError(f"{spell}: give the cards as a list, e.g. [\"AS\", \"KS\"]")
        return parse_cards(value, spell) if value.strip() else []
    if kind == "known":
        cards = _seat_mapping(value, spell, '{"3": "AS KS"}')
        return {seat: card_set(text, spell) for seat, text in cards.items()}
    if kind == "flag":
        if not isinstance(value, bool):
            raise OptionError(f"{spell}: give true or false")
        return value
    if kind == "flags":
        return _flags(value, spell)
    raise AssertionError(f"option type {kind!r} is not one of TYPES")


def read_options(entry: Analysis, view: View, data: Mapping[str, Any],
                 skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The options of `view` that `data` gives (absent, null or "" is not given), read and
    checked, by name; a required one missing is refused. Options of type ``cards`` and those
    in `skip` are the caller's."""
    values: dict[str, Any] = {}
    for option in entry.options_of(view):
        if option.type == "cards" or option.name in skip:
            continue
        value = data.get(option.name)
        if value is None or value == "" or value == [] or value == {}:
            if option.required:
                raise OptionError(f"{option.name}: missing; {option.help[0].lower()}"
                                  f"{option.help[1:].rstrip('.')}")
            continue
        values[option.name] = read_value(option, value)
    return values


def rules_default(entry: Analysis, view: View, values: Mapping[str, Any]) -> str | None:
    """The rule set `view` takes when none is named: the ``rules`` option's default, or sochi
    when an option that implies pricing is given (`Analysis.priced_by`)."""
    option = next((o for o in entry.options_of(view) if o.name == "rules"), None)
    default = option.default if option is not None else None
    if default is None and entry.priced_by is not None and values.get(entry.priced_by):
        return "sochi"
    return default


def rules_of(values: Mapping[str, Any], default: str | None) -> RuleSet | str | None:
    """``rules`` with the knobs of ``rule`` changed: a `RuleSet`, or `default` when neither is
    given (None: the analysis is not priced)."""
    name, knobs = values.get("rules"), values.get("rule") or ()
    if name is None and not knobs:
        return default
    return RuleSet.preset(name or default or "sochi").with_strings(knobs)


def describe(entry: Analysis, view: View) -> dict[str, Any]:
    """The view as `GET /api/analyses` lists it: its name, title, the function, the command
    and the batch kind, whether the HTML report can show its result (`in_report`), whether
    it reads the play on the page's board (`play`: the review), and each option's name,
    type, choices, default, help (and range)."""
    options = []
    for option in entry.options_of(view):
        item: dict[str, Any] = {"name": option.name, "type": option.type,
                                "choices": list(option.choices), "default": option.default,
                                "required": option.required, "help": option.help,
                                "flag": option.cli}
        if option.low is not None or option.high is not None:
            item["low"], item["high"] = option.low, option.high
        if option.type == "samples" and view.cap[0] < (option.high or view.cap[0] + 1):
            item["high"] = view.cap[0]
        options.append(item)
    return {"name": view.web, "title": view.summary, "function": view.function,
            "command": entry.command, "kind": entry.kind, "view": view.key,
            "section": view.section, "in_report": view.report is not None,
            "play": view.cards == "record", "options": options}
