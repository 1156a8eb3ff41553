"""The web's analyses read every option the registry lists for them: what to declare with
players, the seat rule, its samples and rule overrides, as the Python call; a bad value of
any listed option is a 400 of one line naming it."""
from __future__ import annotations

import json

import pytest

import pyanalysis as pa
from pyanalysis.web.jobs import DONE

DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
HAND = "J.A87.987.T97"
#: A value of each option type that no option of that type takes.
BAD = {"seat": 7, "int": -5, "choice": "zzz", "samples": 0, "seed": -1, "word": "wist",
       "words": {"5": "whist"}, "rules": "moscow", "rule": ["nope"], "card-list": 5,
       "known": "x", "flag": "yes", "partner": "sometimes", "flags": [0.6, 0.1]}


def error_of(response) -> str:
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert "\n" not in message and "Traceback" not in message and len(message) < 300
    return message


def listed(client) -> dict:
    return {a["name"]: a for a in client.get("/api/analyses").json()["analyses"]}


def test_declare_lists_the_command_lines_options(client):
    names = [o["name"] for o in listed(client)["declare"]["options"]]
    assert names == ["declarer", "players", "leader", "rules", "rule", "samples", "seed", "fixed",
                     "whist", "seat_samples"]
    whist = next(o for o in listed(client)["declare"]["options"] if o["name"] == "whist")
    assert whist["choices"] == ["open", "seat"] and whist["default"] == "open"
    assert whist["flag"] == "--defenders"


def test_declare_takes_players_rules_and_samples(client):
    job = client.post("/api/analysis", json={
        "analysis": "declare", "deal": DEAL, "declarer": 1, "players": 4,
        "rules": "leningrad", "rule": ["whist_split=gentleman"], "samples": 12,
        "seed": 3}).json()
    assert job["state"] == DONE, job
    rules = pa.RuleSet.preset("leningrad").with_strings(["whist_split=gentleman"])
    expected = pa.declare_options(HAND, 1, talon=["AD", "QD"], players=4, rules=rules,
                                  samples=12, seed=3)
    assert job["result"] == json.loads(json.dumps(expected.to_dict()))
    assert job["result"] != json.loads(json.dumps(pa.declare_options(
        HAND, 1, talon=["AD", "QD"], samples=12, seed=3).to_dict()))


@pytest.mark.slow
def test_declare_takes_the_seat_rule(client):
    job = client.post("/api/analysis", json={
        "analysis": "declare", "deal": DEAL, "declarer": 1, "whist": "seat",
        "seat_samples": 3, "samples": 4}).json()
    assert job["state"] == DONE, job
    expected = pa.declare_options(HAND, 1, talon=["AD", "QD"], whist="seat", seat_samples=3,
                                  samples=4)
    assert job["result"] == json.loads(json.dumps(expected.to_dict()))


@pytest.mark.parametrize("fields, message", [
    ({"whist": "seat", "deal": "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 discard:AD QD"},
     "whist seat: the defenders see the talon; give it with the deal's talon"),
    ({"seat_samples": 5}, "seat_samples is for whist seat"),
    ({"players": 5}, "players: '5' is not a whole number from 3 to 4"),
    ({"whist": "closed"}, "whist: 'closed' is not one of the choices: open, seat"),
    ({"rule": ["whist_split=greedy", "tenner_checked"]}, "rule: rule 'tenner_checked' is not"
                                                         " key=value"),
    ({"seat_samples": "many", "whist": "seat"}, "seat_samples: 'many' is not a whole number"),
])
def test_declare_refuses_bad_options_in_one_line(client, fields, message):
    base = {"analysis": "declare", "deal": DEAL, "declarer": 1}
    assert error_of(client.post("/api/jobs", json={**base, **fields})) == message or (
        message in error_of(client.post("/api/jobs", json={**base, **fields})))


def test_every_listed_option_is_read_and_checked(client):
    # (The cards played are the review's; the other analyses do not read them.)
    base = {"deal": DEAL, "game": "8S", "declarer": 2, "seat": 3, "plays": ["7C"]}
    tried = 0
    for name, analysis in listed(client).items():
        for option in analysis["options"]:
            if option["type"] == "game" or option["name"] == "declarer":
                continue  # read with the deal; their messages are the notation's
            fields = {**base, "analysis": name, option["name"]: BAD[option["type"]]}
            message = error_of(client.post("/api/jobs", json=fields))
            assert message.startswith(option["name"] + ":"), (name, option["name"], message)
            tried += 1
    assert tried > 40


def test_the_defenders_words_price_the_leads_as_on_the_command_line(client):
    # As `prefdd lead DEAL --whist 2=whist,3=pass`: the words imply pricing, sochi unless
    # --rules names another.
    deal = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
    job = client.post("/api/analysis", json={
        "analysis": "lead-table", "deal": deal, "game": "6S", "declarer": 1, "leader": 2,
        "whist": "2=whist,3=pass"}).json()
    assert job["state"] == DONE, job
    words = {2: "whist", 3: "pass"}
    assert job["result"] == json.loads(json.dumps(pa.lead_table(
        deal, "6S", 1, leader=2, whist=words, rules="sochi").to_dict()))
    assert job["result"] != json.loads(json.dumps(pa.lead_table(
        deal, "6S", 1, leader=2, whist=words).to_dict()))


def test_the_whist_table_takes_the_leader_and_the_players(client):
    deal = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
    job = client.post("/api/analysis", json={
        "analysis": "whist-table", "deal": deal, "game": "7D", "declarer": 1, "leader": 2,
        "players": 4}).json()
    assert job["state"] == DONE, job
    assert job["result"] == json.loads(json.dumps(pa.whist_table(
        deal, "7D", 1, leader=2, players=4).to_dict()))


def test_a_seat_view_takes_the_command_lines_sampling_options(client):
    deal = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
    job = client.post("/api/analysis", json={
        "analysis": "whist-seat", "deal": deal, "game": "6S", "declarer": 1, "seat": 2,
        "samples": 20, "seed": 2, "filter": "none", "discard": "low", "max_draws": 500,
        "rules": "rostov", "rule": ["whist_split=gentleman"]}).json()
    assert job["state"] == DONE, job
    rules = pa.RuleSet.preset("rostov").with_strings(["whist_split=gentleman"])
    assert job["result"] == json.loads(json.dumps(pa.whist_decision(
        "T987.AKQ.-.QJ9", "6S", 1, 2, talon=["TD", "9D"], samples=20, seed=2, filter="none",
        discard="low", max_draws=500, rules=rules).to_dict()))
    lead = client.post("/api/analysis", json={
        "analysis": "lead-seat", "deal": deal, "game": "6S", "declarer": 1, "leader": 2,
        "samples": 20, "known": {"3": "AD"}, "filter": "none"}).json()
    assert lead["state"] == DONE, lead
    assert lead["result"] == json.loads(json.dumps(pa.lead_decision(
        "T987.AKQ.-.QJ9", "6S", 1, leader=2, talon=["TD", "9D"], samples=20,
        known={3: pa.Hand.parse("-.-.A.-")}, filter="none").to_dict()))


#: A played line of DEAL that loses the contract (the 2nd hand's 8♠ at trick 3).
PLAYS = ["7C", "TC", "7S", "QH", "7H", "KS", "8S", "9S", "JS", "TH", "AS", "AH"]


def test_the_review_is_the_play_on_the_board_reviewed(client):
    # The page sends the cards played on its board; the review's options are the command
    # line's (`prefdd review --view seat --samples 12 --seed 4 --rules sochi`), and its
    # progress counts the cards reviewed.
    job = client.post("/api/analysis", json={
        "analysis": "review", "deal": DEAL, "game": "8S", "declarer": 2, "plays": PLAYS,
        "rules": "sochi", "view": "seat", "samples": 12, "seed": 4,
        "flags": "0.2 0.7"}).json()
    assert job["state"] == DONE, job
    assert job["unit"] == "cards" and job["total"] == job["done"] == len(PLAYS)
    expected = pa.review(DEAL, "8S", declarer=2, plays=PLAYS, rules="sochi", view="seat",
                         samples=12, seed=4, flags=(0.2, 0.7))
    assert job["result"] == json.loads(json.dumps(expected.to_dict()))
    assert 'data-view="review"' in job["html"] and "Decisive card" in job["html"]
    plain = client.post("/api/analysis", json={
        "analysis": "review", "deal": DEAL, "game": "8S", "declarer": 2,
        "plays": PLAYS}).json()
    assert plain["result"] == json.loads(json.dumps(pa.review(
        DEAL, "8S", declarer=2, plays=PLAYS).to_dict()))


def test_the_reviews_words_price_it_as_on_the_command_line(client):
    # As `prefdd review FILE --whist 1=whist,3=pass`: the words imply pricing, sochi.
    job = client.post("/api/analysis", json={
        "analysis": "review", "deal": DEAL, "game": "8S", "declarer": 2, "plays": PLAYS,
        "whist": "1=whist,3=pass"}).json()
    assert job["state"] == DONE, job
    expected = pa.review(DEAL, "8S", declarer=2, plays=PLAYS, rules="sochi",
                         whist={1: "whist", 3: "pass"})
    assert job["result"] == json.loads(json.dumps(expected.to_dict()))
    assert job["result"]["whist"] == {"1": "whist", "3": "pass"}
    assert job["result"]["vists"] != pa.review(DEAL, "8S", declarer=2, plays=PLAYS,
                                               rules="sochi").to_dict()["vists"]


@pytest.mark.parametrize("fields, message", [
    ({"samples": 5}, "samples is for the seat view: give view seat too"),
    ({"whisting": "open"}, "whisting is for the seat view: give view seat too"),
    ({"view": "seat", "flags": "0.5"}, "flags: give two numbers of tricks LOW HIGH"),
    ({"view": "seat", "flags": [0.7, 0.2]}, "flags: (0.7, 0.2): need 0 <= LOW <= HIGH"),
    ({"view": "open"}, "view: 'open' is not one of the choices: dd, seat"),
    ({"plays": []}, "plays: no card played yet; play the deal on the board"),
])
def test_the_review_refuses_bad_options_before_it_starts(client, fields, message):
    base = {"analysis": "review", "deal": DEAL, "game": "8S", "declarer": 2, "plays": PLAYS}
    assert message in error_of(client.post("/api/jobs", json={**base, **fields}))
