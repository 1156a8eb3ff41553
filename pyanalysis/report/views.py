"""The result views: one analysis's answer drawn for people, from its JSON (`to_dict()`).

One template a view (`templates/views/*.html.j2`), rendered here on the server and used by
both the web page (the fragment `prefdd serve` sends with a finished analysis) and the HTML
report (its sections for layout odds and what to declare include the same templates). A view
reads nothing but the result's JSON, so it is keyed by the view's name, not by the Python
class of the result, and any interface that has a result's `to_dict()` can draw it:

    declare        what to declare: a row per game sorted by value, the chance to make it
                   as a bar with its 95% interval, the value in vists with its error, the
                   best marked and every game within noise of it (less than two standard
                   errors of the paired difference behind) marked too; each game's discard
    whist-seat     whist or pass from a defender's seat: each word, its vists, the paired
                   difference to the best, the chance to set; the model table when present
    lead-seat      the leader's seat: each lead, the declarer's mean tricks, the chance to
                   set with its interval, the vists, the difference to the best lead
    misere-catch   the misère with the discard unseen: his discards × the catchers'
                   defences (caught or not), the game's value and both sides' mixes
    odds           layout, tenner and misère odds: the trick distribution as bars (in
                   target mode: reached or not), each with its 95% interval when sampled
    review         the play so far reviewed: each card that cost tricks double-dummy or was
                   flagged from its player's seat (both costs, the best cards, the verdict),
                   and each player's tricks given away (and vists, when priced)

Every number shown is the JSON's, formatted: vists and tricks to two decimals (the exact
fraction in the title), shares as percentages; the bars carry the numbers they draw as
``data-*`` attributes. Values are escaped by Jinja's autoescaping.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping

from markupsafe import Markup

from ..analysis.layouts import binomial_interval
from ..analysis.settle import stop_words
from ..cards import Card
from ..diagram import SEAT_NAMES
from ..games import MISERE, Game
from ..wording import percent
from .markup import ENV as _ENV
from .markup import _card, _cards, _vists

__all__ = ["VIEWS", "view_html", "view_data"]


def _fraction(value: Any) -> Fraction | None:
    """A JSON number or exact text ("28/3") as a fraction; None for null."""
    if value is None:
        return None
    if isinstance(value, dict):  # {"fraction": "n/d", "value": x} (LayoutOdds)
        return Fraction(value["fraction"])
    return Fraction(value) if isinstance(value, str) else Fraction(value).limit_denominator(10**9)


def _signed(value: Fraction | float) -> str:
    number = float(value)
    shown = f"{number:+.2f}"
    return "+0.00" if shown == "-0.00" else shown


def _error(se: float | None) -> str:
    """A standard error as shown after "±" ("" when there is none)."""
    if se is None:
        return ""
    return f"{se:.2f}" if se >= 0.005 else f"{se:.1g}"


def _game(text: str) -> str:
    return Game.parse(text).symbol()


def _sorted_cards(cards: list[str]) -> list[Card]:
    return sorted((Card.parse(c) for c in cards), key=lambda c: (c.suit, -c.rank))


def _interval(pair: Any) -> dict[str, float] | None:
    """A share's 95% interval as the bars draw it: its ends in percent."""
    if not pair:
        return None
    low, high = float(pair[0]), float(pair[1])
    return {"low": round(100 * low, 3), "high": round(100 * high, 3),
            "text": f"{low * 100:.1f}–{high * 100:.1f}%"}


def _noise(diff: Fraction | None, se: float | None) -> bool:
    """Behind the best by less than two standard errors of the paired difference."""
    return diff is not None and se is not None and se > 0 and -float(diff) < 2 * se


def _scale(values: list[tuple[float, float]]) -> Callable[[float], float]:
    """Where a value lies on a bar's axis (0–100) that spans every (low, high) and zero."""
    low = min([0.0, *(v[0] for v in values)])
    high = max([0.0, *(v[1] for v in values)])
    span = (high - low) or 1.0
    return lambda x: round(100 * (x - low) / span, 3)


def _vists_bars(rows: list[dict[str, Any]]) -> None:
    """Each row's vists bar: from zero to its value, its ±1.96 standard errors as a whisker."""
    ends = [(float(r["vists"]) - 1.96 * (r["vists_se"] or 0),
             float(r["vists"]) + 1.96 * (r["vists_se"] or 0)) for r in rows]
    at = _scale(ends)
    for row, (low, high) in zip(rows, ends):
        zero, value = at(0.0), at(float(row["vists"]))
        row["bar"] = {"left": min(zero, value), "width": round(abs(value - zero), 3),
                      "negative": float(row["vists"]) < 0,
                      "low": at(low), "high": at(high), "zero": zero}


# ----------------------------------------------------------------------------- declare


def _declare(data: Mapping[str, Any]) -> dict[str, Any]:
    rows = []
    for option in data["options"]:
        best = option["game"] == data["best"]
        diff = _fraction(option["diff"])
        rows.append({
            "game": option["game"], "label": _game(option["game"]), "best": best,
            "noise": not best and (_noise(diff, option["diff_se"]) or diff == 0),
            "tie": not best and diff == 0,
            "discard": _sorted_cards(option["discard"]), "merged": len(option["merged"]),
            "made": option["probability"], "made_pct": round(100 * option["probability_float"], 3),
            "made_text": percent(_fraction(option["probability"])),
            "interval": _interval(option.get("probability_interval")),
            "tricks": f"{option['tricks_float']:.2f}",
            "vists": _fraction(option["vists"]), "vists_exact": option["vists"],
            "vists_se": option["vists_se"],
            "diff": diff, "diff_se": option["diff_se"]})
    # The best first, then by value; equal values keep the analysis's order (its tie-breaks).
    rows.sort(key=lambda r: (not r["best"], -r["vists"]))
    _vists_bars(rows)
    misere = any(Game.parse(r["game"]).kind == MISERE for r in rows if r["best"])
    return {"rows": rows, "exact": data["exact"], "layouts": data["layouts"],
            "seed": data["seed"], "rules": data["rules"], "others": _count(data["others"]),
            "misere": misere, "whist": data.get("whist"), "stop": _stop(data)}


def _stop(data: Mapping[str, Any]) -> str | None:
    """How a sampled run stopped, in words ("settled after 150 of at most 1,000 layouts";
    "provisional: 25 of at most 1,000 layouts so far"), or None for an exact or fixed run."""
    stopped, samples = data.get("stopped"), data.get("samples")
    if data.get("exact") or stopped in (None, "fixed") or not isinstance(samples, int):
        return None
    shares = "target" in data and data["target"] is None  # a count's distribution
    cap = data.get("cap") or data.get("asked")
    return stop_words(stopped, samples, shares=shares,
                      cap=cap if isinstance(cap, int) else None)


def _count(hand: str) -> int:
    """The cards in a hand's text ("QT7.KJ.-.A": 6)."""
    return sum(1 for ch in hand if ch not in ".-")


# ----------------------------------------------------------------------------- seat views


def _models(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The model table (`models`, when the result has one): each partner model and bidding
    filter with its best word or lead and its margin."""
    out = []
    for model in data.get("models") or []:
        best = model.get("best")
        by, se = None if model.get("by") is None else _fraction(model["by"]), model.get("se")
        out.append({"partner": model.get("partner"), "filter": model.get("filter"),
                    "best": _word_or_card(best), "by": by, "se": se,
                    "agrees": best == data["best"],
                    # A margin of less than two standard errors: a flip the layouts cannot
                    # tell from a tie (as the text's "within noise").
                    "noise": by is not None and bool(se) and by < 2 * se})
    return out


def _word_or_card(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return _card(value)
        except ValueError:
            return value
    return value


def _whist_seat(data: Mapping[str, Any]) -> dict[str, Any]:
    intervals = data.get("set_probability_intervals") or {}
    paired = data.get("paired") or {}
    rows = []
    for word, option in data["options"].items():
        pair = paired.get(word) or {}
        diff = _fraction(pair.get("difference"))
        best = word == data["best"]
        rows.append({"word": word, "best": best,
                     "noise": not best and _noise(diff, pair.get("se")),
                     "vists": _fraction(option["vists"]), "vists_exact": option["vists"],
                     "vists_se": option["vists_se"], "diff": diff, "diff_se": pair.get("se"),
                     "set": option.get("set_probability"),
                     "set_text": None if option.get("set_probability") is None
                     else percent(option["set_probability"]),
                     "set_pct": None if option.get("set_probability") is None
                     else round(100 * option["set_probability"], 3),
                     "interval": _interval(intervals.get(word))})
    rows.sort(key=lambda r: (not r["best"], -r["vists"]))
    _vists_bars(rows)
    return {"rows": rows, "models": _models(data), "kept": data.get("kept"),
            "drawn": data.get("drawn"), "exact": data.get("exact"), "seed": data.get("seed"),
            "partner": data.get("partner"), "filter": data.get("filter"),
            "rules": data.get("rules"), "game": _game(data["game"]), "seat": data["seat"],
            "stop": _stop(data)}


def _lead_seat(data: Mapping[str, Any]) -> dict[str, Any]:
    rows = []
    vists = False
    for card, lead in data["leads"].items():
        best = card == data["best"]
        diff = _fraction(lead["diff"])
        vists = vists or lead.get("vists") is not None
        rows.append({"card": card, "shown": _card(card), "best": best,
                     "noise": not best and _noise(diff, lead.get("diff_se")),
                     "tricks": _fraction(lead["tricks"]), "tricks_exact": lead["tricks"],
                     "tricks_se": lead.get("tricks_se"),
                     "set": lead["set_probability"], "set_text": percent(lead["set_probability"]),
                     "set_pct": round(100 * lead["set_probability"], 3),
                     "interval": _interval(lead.get("set_probability_interval")),
                     "vists": _fraction(lead.get("vists")), "vists_se": lead.get("vists_se"),
                     "partner_vists": _fraction(lead.get("partner_vists")),
                     "partner_vists_se": lead.get("partner_vists_se"),
                     "diff": diff, "diff_se": lead.get("diff_se")})
    # The best first, then by the difference to it (the analysis's ranking).
    rows.sort(key=lambda r: (not r["best"], -(r["diff"] or 0)))
    return {"rows": rows, "models": _models(data), "vists": vists,
            "unit": "vists" if vists else "tricks", "kept": data.get("kept"),
            "exact": data.get("exact"), "seed": data.get("seed"),
            "game": _game(data["game"]), "leader": data["leader"],
            "misere": Game.parse(data["game"]).kind == MISERE, "stop": _stop(data)}


# ----------------------------------------------------------------------------- misère catch


def _catch(data: Mapping[str, Any]) -> dict[str, Any]:
    mix = {" ".join(item["discard"]): _fraction(item["weight"])
           for item in data.get("declarer_mix") or []}
    defences = [{"number": i, "weight": _fraction(w),
                 "catches": sum(data["matrix"][i - 1])}
                for i, w in enumerate(data.get("mix") or [], 1)]
    rows = []
    for j, entry in enumerate(data["by_discard"]):
        key = " ".join(entry["discard"])
        rows.append({"discard": [Card.parse(c) for c in entry["discard"]],
                     "key": key, "merged": [[Card.parse(c) for c in pair]
                                            for pair in entry["merged"]],
                     "tricks": entry["tricks"], "open_caught": entry["open_caught"],
                     "caught": entry["caught"],
                     "by_defence": [bool(row[j]) for row in data["matrix"]],
                     "weight": mix.get(key)})
    value = _fraction(data.get("game_value")) or Fraction(0)
    return {"rows": rows, "defences": defences, "value": value,
            "value_text": f"{value} ({float(value):.2%})", "guaranteed": data["guaranteed"],
            "caught": len(data["caught"]), "total": len(rows),
            "escapes": [[Card.parse(c) for c in pair] for pair in data.get("escapes") or []]}


# ----------------------------------------------------------------------------- odds


def _odds(data: Mapping[str, Any]) -> dict[str, Any]:
    game = Game.parse(data["game"])
    misere = game.kind == MISERE
    counts = {int(k): v for k, v in data["counts"].items()}
    total = sum(counts.values())
    target = data.get("target")
    rows = []
    for tricks in sorted(counts, reverse=True):
        n = counts[tricks]
        if target is not None:
            # Target mode counts 1: reached, 0: missed (misère: caught, clean).
            label = f"{target}+" if tricks else ("0" if target == 1 else f"< {target}")
            word = ("caught" if tricks else "clean") if misere else \
                ("made" if tricks else "missed")
        else:
            label = str(tricks)
            word = ("clean" if tricks == 0 else f"caught for {tricks}") if misere else \
                ("made" if tricks >= (game.level or 0) else f"down {game.level - tricks}")
        share = n / total if total else 0.0
        interval = None if data["exact"] or not total else \
            _interval(binomial_interval(n, total))
        rows.append({"key": tricks, "label": label, "verdict": word, "count": n,
                     "layouts": f"{n:,}", "share": percent(share),
                     "bar": round(100 * share, 3), "interval": interval})
    return {"rows": rows, "exact": data["exact"], "layouts": data["layouts"], "total": total,
            "others": _count(data["others"]), "misere": misere, "target": target,
            "game": game.symbol(), "guaranteed": data.get("guaranteed"),
            "seed": data.get("seed"),
            # A count's JSON names the layouts drawn "sample" (its older key).
            "stop": _stop({**data, "samples": data.get("sample")})}


# ----------------------------------------------------------------------------- review

def _review(data: Mapping[str, Any]) -> dict[str, Any]:
    seat_view = data.get("view") == "seat"
    rows = []
    for card in data["cards"]:
        if not card["cost"] and not card.get("seat_flag"):
            continue
        player = SEAT_NAMES[card["chooser"]] + (
            "" if card["chooser"] == card["seat"]
            else f" (the {SEAT_NAMES[card['seat']]}'s cards)")
        rows.append({"number": card["number"], "trick": card["trick"], "player": player,
                     "card": card["card"], "shown": _card(card["card"]), "cost": card["cost"],
                     "best": _sorted_cards(card["best"]),
                     "seat_cost": card.get("seat_cost"), "seat_cost_se": card.get("seat_cost_se"),
                     "seat_flag": card.get("seat_flag") or "",
                     "seat_best": _sorted_cards(card.get("seat_best") or []),
                     "verdict": card.get("seat_verdict") or ""})
    priced = data.get("vists") is not None
    players = []
    for seat in (1, 2, 3):
        key = str(seat)
        players.append({
            "seat": seat, "name": SEAT_NAMES[seat], "declarer": seat == data.get("declarer"),
            "tricks": data["tricks_by_seat"][key], "cost": data["cost_by_chooser"][key],
            "seat_cost": (data.get("seat_cost_by_chooser") or {}).get(key),
            "vists": _fraction(data["vists"][key]) if priced else None,
            "vists_exact": data["vists"][key] if priced else None,
            "dd_vists": _fraction((data.get("dd_vists") or {}).get(key)),
            "vists_cost": _fraction((data.get("vists_cost") or {}).get(key))})
    lost = data.get("lost_at")
    return {"rows": rows, "players": players, "seat_view": seat_view, "priced": priced,
            "against_best": priced and data.get("dd_vists") is not None,
            "cards": len(data["cards"]), "game": _game(data["game"]),
            "raspasy": Game.parse(data["game"]).kind == "raspasy",
            "player": SEAT_NAMES.get(data.get("player")),
            "rules": data.get("rules"), "whisting": data.get("whisting"),
            "samples": data.get("samples"), "seed": data.get("seed"),
            "fixed": data.get("fixed"), "flags": data.get("flags"),
            "lost": None if not isinstance(lost, Mapping) else {
                "card": _card(lost["card"]), "trick": lost["trick"],
                "player": SEAT_NAMES[lost["chooser"]]}}


#: Each view: its template and how the result's JSON becomes what the template shows.
VIEWS: dict[str, tuple[str, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {
    "declare": ("views/declare.html.j2", _declare),
    "whist-seat": ("views/whist_seat.html.j2", _whist_seat),
    "lead-seat": ("views/lead_seat.html.j2", _lead_seat),
    "misere-catch": ("views/catch.html.j2", _catch),
    "odds": ("views/odds.html.j2", _odds),
    "review": ("views/review.html.j2", _review),
}


def view_data(view: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """What the view `view` shows of a result's JSON `data` (rows, marks, bars)."""
    if view not in VIEWS:
        raise ValueError(f"view: '{view}' is not one of {', '.join(VIEWS)}")
    return VIEWS[view][1](data)


def view_html(view: str, data: Mapping[str, Any], headline: str | None = None) -> str:
    """The HTML fragment of the view `view` for a result's JSON `data` (its `to_dict()`);
    `headline`, a sentence shown above it (the verdict in words)."""
    shown = view_data(view, data)
    template = _ENV.get_template(VIEWS[view][0])
    return template.render(v=shown, headline=headline, card=_card, cards=_cards,
                           vists=_vists, signed=_signed, error=_error,
                           Markup=Markup)
