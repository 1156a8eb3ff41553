"""A report as one self-contained HTML page: styles and script inline, nothing loaded from
the network, readable on a phone and a laptop, printable.

The page is rendered by Jinja2 templates (package data in `templates/`, every value escaped by
autoescaping). What is read without a script is rendered here: the deal, the trick list with
its errors, the tables. The board that steps through the play is drawn by the page's script
from the report's data (`Report.to_dict()`), embedded once as JSON in a
``<script type="application/json">`` with ``<``, ``>`` and ``&`` escaped, so that no text in
it can close the element.
"""
from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from markupsafe import Markup

from ..analysis.problems import question_words
from ..cards import SUIT_SYMBOLS, Card
from ..diagram import SEAT_NAMES
from ..games import MISERE, RASPASY, Game
from ..seat import SEATS
from ..text.declare import verdict
from ..text.review import player_name
from .markup import ENV as _ENV
from .markup import SUIT_NAMES as _SUIT_NAMES
from .markup import _card, _cards, _vists
from .page import Report
from .views import view_html

__all__ = ["PageWriteError", "embed_json", "render_html", "render_sections", "save_page",
           "write_html"]

_ORDINAL = {int(seat): seat.ordinal for seat in SEATS}


def embed_json(data: Any) -> Markup:
    """`data` as JSON safe to place inside a ``<script>`` element: ``<``, ``>``, ``&`` and the
    line separators written as ``\\u`` escapes, which JSON reads back as the same text."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return Markup(text)


def _suit(suit: int) -> Markup:
    colour = "red" if suit in (2, 3) else "black"
    return Markup('<span class="sym {}" aria-label="{}">{}</span>').format(
        colour, _SUIT_NAMES[suit], SUIT_SYMBOLS[suit])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cards_words(cards: Any) -> str:
    names = [Card.parse(c).symbol() for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _version() -> str:
    try:
        return version("prefdd")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "dev"


def _summary(report: Report) -> str:
    """One sentence under the title: the double-dummy result, and what the page shows."""
    play, game = report.play, report.game
    if report.focus is None:
        return ("Raspasy as played: every card is valued by its own player's tricks, the"
                " other two playing together against him.")
    who = f"the {report.focus_role} ({SEAT_NAMES[report.focus]})"
    if game.kind == MISERE:
        first = f"Double-dummy, {who} is forced to take {_plural(play.dd_start, 'trick')}"
    elif game.kind == RASPASY:
        first = (f"Double-dummy, {who} can hold himself to {_plural(play.dd_start, 'trick')}"
                 f" (talon rule: {report.talon_rule})")
    else:
        first = f"Double-dummy, {who} takes {_plural(play.dd_start, 'trick')}"
    if play.source == "principal line":
        return first + "; the play shown is a best line for both sides."
    verdict = f" ({report.verdict})" if report.verdict else ""
    return first + f"; as played he {'took' if play.complete else 'ends with'}" \
        f" {_plural(play.result, 'trick')}{verdict}."


_SETTLED = {"played": "", "claim": " (with the claim)",
            "stop": " (play stopped by agreement: the rest with best play)",
            "unfinished": " (the record ends early: the rest with best play)"}


def _review_sentences(report: Report) -> list[str]:
    """The review's verdict for people: the result against best play, the claim, the card
    that decided the game, each player's cost."""
    result = report.play.review
    game = report.game
    out = []
    settled = _SETTLED.get(result.settlement, "")
    if game.kind == RASPASY:
        tricks = ", ".join(f"the {SEAT_NAMES[s]} {result.tricks_by_seat[s]}" for s in (1, 2, 3))
        out.append(f"Result{settled}: {tricks}.")
        if result.minimums_start:
            mins = ", ".join(f"the {SEAT_NAMES[s]} {result.minimums_start[s]}"
                             for s in (1, 2, 3))
            out.append(f"Guaranteed minimums at the start (each against the other two): {mins}.")
    else:
        out.append(f"Result{settled}: the declarer took {result.result} ({result.verdict});"
                   f" with best play from the start he takes {result.dd_start}"
                   f" ({result.dd_verdict}).")
    claim = result.claim
    if claim is not None:
        head, outcome = claim.sentences()
        if claim.holds:
            out.append(f"{head}: {outcome}.")
        else:
            line = " ".join(Card.parse(c).symbol() for c in claim.refutation)
            out.append(f"{head}: {outcome} ({line}).")
    if result.view == "seat":
        out.append(_seat_sentence(result))
    if result.lost_by_claim:
        out.append("The claim decided the result.")
    elif result.lost_at is not None:
        c = result.lost_at
        misere = game.kind == MISERE
        what = (("the misère could no longer be kept clean" if misere
                 else "the contract could no longer be made") if result.lost_side == "declarer"
                else ("the declarer could no longer be caught" if misere
                      else "the contract could no longer be set"))
        out.append(f"Decisive card: {c.card.symbol()} by the {player_name(c)} at trick"
                   f" {c.trick}; after it {what}.")
    return out


def _seat_errors(report: Report) -> list[dict[str, Any]]:
    """The cards costly double-dummy or flagged from the seat, with both costs and the
    verdict ("unlucky": right from the seat, wrong double-dummy)."""
    out = []
    for c in report.play.review.judged:
        dd = (f"cost {_plural(c.cost, 'trick')}, best {_cards_words(c.best)}" if c.cost
              else "no cost double-dummy")
        seat = (f"from his seat {float(c.seat_cost or 0):.2f}{c.seat_flag} lost on average,"
                f" best {_cards_words(c.seat_best)}")
        verdict = f": {c.seat_verdict}" if c.seat_verdict else ""
        out.append({"step": report.play.steps[c.number - 1], "seat": player_name(c),
                    "text": f"{dd}; {seat}{verdict}"})
    return out


def _seat_sentence(result: Any) -> str:
    """Each player's average loss from his own seat, and what the layouts were."""
    lost = ", ".join(f"the {SEAT_NAMES[s]} {float(result.seat_cost_by_chooser[s]):.2f}"
                     for s in (1, 2, 3))
    seen = ("a checked tenner: every card open" if result.whisting == "checked" else
            f"{result.whisting} whist" if result.whisting else "every hand hidden")
    drawn = ("every layout" if result.samples == "all" else
             f"at most {result.samples} layouts a card, seed {result.seed}"
             + ("" if result.fixed else ", until the card's verdict is settled"))
    return (f"From each player's own seat ({seen}; {drawn}), tricks lost on average: {lost}."
            f" A card costly double-dummy but not from the seat was unlucky.")


def _vists_rows(report: Report) -> list[dict[str, str]]:
    result = report.play.review
    if result.vists is None:
        return []
    rows = []
    for seat in (1, 2, 3):
        row = {"seat": report.seat_names[seat], "vists": _signed(result.vists[seat])}
        if result.dd_vists is not None and result.vists_cost is not None:
            row["best"] = _signed(result.dd_vists[seat])
            row["cost"] = _signed(result.vists_cost[seat])
        rows.append(row)
    return rows


def _signed(value: Any) -> Markup:
    return _vists(value, signed=True)


def _dd_rows(report: Report) -> list[dict[str, Any]]:
    if report.dd is None:
        return []
    rows = []
    for seat in (1, 2, 3):
        rows.append({
            "seat": report.seat_names[seat],
            "contracts": [report.dd.contracts[(seat, s)] for s in ("S", "C", "D", "H", "NT")],
            "misere": report.dd.misere[seat], "raspasy": report.dd.raspasy[seat],
        })
    return rows


def _view(name: str, data: Any, headline: str | None = None) -> Markup:
    """A result view (`views.view_html`) as the page's markup: the same template the web
    page shows an analysis's answer with."""
    return Markup(view_html(name, data, headline))


def _declare_verdict(report: Any) -> str:
    return "" if report.declare is None else verdict(report.declare)


def render_html(report: Report) -> str:
    """The page for `report`, as one string."""
    play = report.play
    template = _ENV.get_template("page.html.j2")
    errors = [{
        "step": step, "seat": report.seat_names[step.seat],
        "text": f"cost {_plural(step.cost, 'trick')}, best {_cards_words(step.best)}",
    } for step in play.errors]
    if play.review.view == "seat":
        errors = _seat_errors(report)
    reviewed = play.source != "principal line"
    return template.render(
        r=report, play=play, data=embed_json(report.to_dict()), version=_version(),
        summary=_summary(report), errors=errors,
        question=question_words(report.problem.problem) if report.problem else "",
        review_sentences=_review_sentences(report) if reviewed else [],
        vists_rows=_vists_rows(report) if reviewed else [], dd_rows=_dd_rows(report),
        seats=(1, 2, 3), view=_view, declare_verdict=_declare_verdict(report),
        ordinal=_ORDINAL, card=_card, cards=_cards, suit=_suit, plural=_plural,
        cards_words=_cards_words, display_hand=_suit_cards, vists=_vists,
        has_talon_tricks=any(t.talon_card is not None for t in play.tricks),
    )


def render_sections(game: Game, *, whist: Any = None, leads: Any = None,
                    odds: Any = None, declare: Any = None) -> str:
    """The page's sections for the analyses given (a whist table, a lead table, layout
    odds, what to declare), alone, as an HTML fragment: how the web page shows an analysis's
    result."""
    # The sections read only the game and the analyses of the report (`r`).
    shown = SimpleNamespace(game=game, whist=whist, leads=leads, odds=odds, declare=declare)
    template = _ENV.get_template("page.html.j2")
    context = template.new_context({
        "r": shown, "seats": (1, 2, 3), "ordinal": _ORDINAL, "card": _card, "vists": _vists,
        "cards": _cards, "view": _view, "declare_verdict": _declare_verdict(shown)})
    return "".join(chunk for name in ("whist", "leads", "odds", "declare")
                   for chunk in template.blocks[name](context))


def _suit_cards(hand: Any, suit: int) -> list[Card]:
    """A hand's cards of one suit, high cards first."""
    return sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)


def write_html(report: Report, path: str | Path) -> Path:
    """Write the page to `path` (UTF-8) and return the path."""
    path = Path(path)
    path.write_text(render_html(report), encoding="utf-8")
    return path


def save_page(report: Report, output: str | Path) -> str:
    """Write the page to `output`; the sentence that says what was written. `OSError`
    becomes a one-line `PageWriteError`."""
    page = render_html(report)
    try:
        Path(output).write_text(page, encoding="utf-8")
    except OSError as error:
        raise PageWriteError(f"cannot write '{output}': {error.strerror or error}") from None
    size = len(page.encode("utf-8"))
    return (f"Wrote {output} ({size / 1024:.0f} KB): {report.title},"
            f" {len(report.play.steps)} cards with every legal card's value.")


class PageWriteError(ValueError):
    """A page that cannot be written where asked."""
