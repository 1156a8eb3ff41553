"""The result views drawn from a result's JSON alone (`report.views`): the seat decisions'
model table when the result has one, the catch's matrix, an unknown view refused."""
from __future__ import annotations

import re

import pytest

import pyanalysis as pa
from pyanalysis.report.views import VIEWS, view_html

WHIST_HAND, TALON = "QJ.AKT8.T.AT9", ["7S", "JD"]


@pytest.fixture(scope="module")
def whist() -> dict:
    return pa.whist_decision(pa.Hand.parse(WHIST_HAND), "7D", 1, 2, talon=TALON,
                             samples=20).to_dict()


def test_the_model_table_is_drawn_when_the_result_has_one(whist):
    without = {key: value for key, value in whist.items() if key != "models"}
    assert "Under other models" not in view_html("whist-seat", without)
    assert "Under other models" in view_html("whist-seat", whist)
    other = "pass" if whist["best"] == "whist" else "whist"
    data = {**whist, "models": [
        {"partner": "seat", "filter": "bid", "best": whist["best"], "by": "3/2", "se": 0.5},
        {"partner": "whist", "filter": "bid", "best": other, "by": "-1/4", "se": 0.25},
        {"partner": "pass", "filter": "bid", "best": other, "by": "3/2", "se": 0.25}]}
    html = view_html("whist-seat", data)
    assert "Under other models" in html
    rows = re.findall(r'<tr class="(same|differs)" data-partner="(\w+)" data-filter="(\w+)"',
                      html)
    assert rows == [("same", "seat", "bid"), ("differs", "whist", "bid"),
                    ("differs", "pass", "bid")]
    assert "+1.50" in html and "-0.25" in html
    # A flip by less than two standard errors says so; one by more does not.
    badges = re.findall(r'<span class="badge noise">([^<]*)</span>', html)
    assert badges == ["differs, within noise", "differs"]


def test_the_whist_view_marks_the_best_word_first(whist):
    html = view_html("whist-seat", whist)
    words = re.findall(r'data-word="(\w+)"', html)
    assert sorted(words) == sorted(whist["options"]) and words[0] == whist["best"]
    assert html.count('data-best="true"') == 1


def test_the_catch_matrix_is_the_results():
    data = pa.misere_catch("8.-.T.- J.-.-.9 -.-.J.7 KD KH", 2).to_dict()
    html = view_html("misere-catch", data)
    body = html.split("<tbody>")[1]
    hits = [[hit == "true" for hit in re.findall(r'data-hit="(\w+)"', row)]
            for row in body.split("</tr>")[:-1]]
    assert hits == [[bool(r[j]) for r in data["matrix"]] for j in range(len(data["by_discard"]))]


def test_an_unknown_view_is_refused():
    with pytest.raises(ValueError, match="view: 'chart' is not one of"):
        view_html("chart", {})
    assert set(VIEWS) == {"declare", "whist-seat", "lead-seat", "misere-catch", "odds", "review"}


def test_every_view_the_registry_names_is_drawn():
    # The registry says which view draws an analysis; every name is one the views know, and
    # every sampled analysis (the decisions, declare, the odds) has one.
    from pyanalysis import registry
    from pyanalysis.report.views import VIEWS

    shown = {web: view.shown for web, (_, view) in registry.web_views().items()}
    assert {v for v in shown.values() if v is not None} <= set(VIEWS)
    for web in ("declare", "whist-seat", "lead-seat", "misere-catch", "odds", "tenner-odds",
                "misere-odds"):
        assert shown[web] is not None, web


def test_a_sampled_view_says_how_its_draw_stopped():
    # Each sampled decision says why it stopped drawing (the same words as the text), and a
    # provisional answer says it is one; exact and fixed runs say nothing of it.
    stop = re.compile(r'<p class="view-stop">([^<]*)</p>')
    hand = pa.Hand.parse(WHIST_HAND)
    settled = pa.whist_decision(hand, "7D", 1, 2, talon=TALON, samples=1000, seed=0)
    assert settled.stopped in ("settled", "practical") and settled.samples < 1000
    shown = stop.findall(view_html("whist-seat", settled.to_dict()))
    said = {"settled": f"Settled after {settled.samples:,} of at most 1,000 layouts",
            "practical": f"Stopped after {settled.samples:,} of at most 1,000 layouts: no"
                         f" other is better by more than the practical margin"}[settled.stopped]
    assert shown == [said + "."]
    provisional = {**settled.to_dict(), "stopped": "provisional", "samples": 25}
    assert stop.findall(view_html("whist-seat", provisional)) == [
        "Provisional: 25 of at most 1,000 layouts so far."]
    fixed = pa.whist_decision(hand, "7D", 1, 2, talon=TALON, samples=40, seed=0, fixed=True)
    assert stop.findall(view_html("whist-seat", fixed.to_dict())) == []
    lead = pa.lead_decision("AK.-.-.-", "6S", 1, leader=2, others="QJ.7.-.A", samples="all",
                            filter="none")
    assert stop.findall(view_html("lead-seat", lead.to_dict())) == []


def test_a_sampled_count_says_how_its_draw_stopped():
    stop = re.compile(r'<p class="view-stop">([^<]*)</p>')
    settled = pa.misere_odds("Q87.98.AQT97.87", 1, samples=1000)
    assert settled.stopped == "settled" and settled.samples < 1000
    assert stop.findall(view_html("odds", settled.to_dict())) == [
        f"Settled after {settled.samples:,} of at most 1,000 layouts."]
    sure = pa.layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6,
                          samples=5000)
    assert stop.findall(view_html("odds", sure.to_dict())) == [
        f"Stopped after {sure.samples:,} of at most 5,000 layouts: the 95% interval is"
        f" narrower than 0.5 percentage points."]
    fixed = pa.misere_odds("Q87.98.AQT97.87", 1, samples=300, fixed=True)
    exact = pa.misere_odds("87.9.AQT97.87", 1, out="Q.8.-.-")
    for quiet in (fixed, exact):
        assert stop.findall(view_html("odds", quiet.to_dict())) == []


def test_the_review_view_lists_the_costly_and_the_flagged_cards():
    # A row per card that cost tricks double-dummy or was flagged from the seat, with both
    # costs; a row per player with his tricks, what he gave away and his vists.
    deal = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
    plays = ["7C", "TC", "7S", "QH", "7H", "KS", "8S", "9S", "JS", "TH", "AS", "AH"]
    data = pa.review(deal, "8S", declarer=2, plays=plays, rules="sochi", view="seat",
                     samples=30).to_dict()
    html = view_html("review", data, "Result: down 1.")
    shown = re.findall(r'<tr class="(?:err|other)" data-number="(\d+)" data-card="(\w+)"'
                       r' data-cost="(\d+)" data-seat-cost="([^"]*)" data-flag="([^"]*)"', html)
    expected = [(str(c["number"]), c["card"], str(c["cost"]), str(c["seat_cost"]), c["seat_flag"])
                for c in data["cards"] if c["cost"] or c["seat_flag"]]
    assert shown == expected and any(row[2] != "0" for row in shown)
    players = re.findall(r'<tr data-seat="(\d)" data-tricks="(\d+)" data-cost="(\d+)"'
                         r' data-vists="([^"]*)"', html)
    assert players == [(s, str(data["tricks_by_seat"][s]), str(data["cost_by_chooser"][s]),
                        data["vists"][s]) for s in ("1", "2", "3")]
    assert "Decisive card" in html and "Result: down 1." in html
    # The open-card review has no seat columns; a review with no costly card says so.
    plain = view_html("review", pa.review(deal, "8S", declarer=2, plays=plays[:3]).to_dict())
    assert "From the seat" not in plain and "No card cost its side a trick" in plain


def test_the_review_view_says_whose_tricks_judge_a_raspasy():
    deal = "KQT8.KT8.K.Q7 J97.QJ9.87.AJ A.A7.QJT.KT98 9D AD"
    one = view_html("review", pa.review(deal, "raspasy", player=1, plays="KD 8D QD").to_dict())
    each = view_html("review", pa.review(deal, "raspasy", plays="KD 8D QD").to_dict())
    assert "by the 1st hand&#39;s tricks, the other two together against him" in one
    assert "by each card&#39;s own player&#39;s guaranteed minimum" in each
