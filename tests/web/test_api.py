"""The web application's JSON API: every route answers what the Python API answers; bad
input is status 400 with one line naming what is wrong; a long analysis can be cancelled."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pyanalysis as pa
from pyanalysis.analysis.problems import load_problems
from pyanalysis.session import PlaySession, turn_json
from pyanalysis.web import JobPool, create_app
from pyanalysis.web.app import MAX_BODY
from pyanalysis.web.jobs import CANCELLED, DONE

from conftest import TestClient, free_port

ROOT = Path(__file__).resolve().parents[2]
DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
WHIST_DEAL = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
TEN_DEAL = "AKQ.AKQJ9.-.AK T9.87.JT7.987 J87.T.A98.QJT discard:-.-.KQ.-"
MISERE_ENDING = "8.-.T.- J.-.-.9 -.-.J.7 KD KH"
#: Misère on twelve cards: every discard over every layout, some six million solves (minutes).
LONG_MISERE = "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 QS 8C"


#: The content type every POST sends (the server refuses any other).
JSON = {"Content-Type": "application/json"}


def post(client, path: str, **fields):
    return client.post(path, json=fields)


def error_of(response) -> str:
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert "\n" not in message and "Traceback" not in message and len(message) < 300
    return message


def parser_message(function, *args) -> str:
    """The one-line message of the `ValueError` that `function(*args)` raises."""
    with pytest.raises(ValueError) as caught:
        function(*args)
    return " ".join(str(caught.value).split())


def wait_for(client, job_id: str, states=(DONE, CANCELLED, "failed"), seconds: float = 60):
    deadline = time.monotonic() + seconds
    while True:
        job = client.get(f"/api/jobs/{job_id}").json()
        if job["state"] in states or time.monotonic() > deadline:
            return job
        time.sleep(0.05)


# ----------------------------------------------------------------------------- page and assets


@pytest.mark.parametrize("path, kind", [("/", "text/html"), ("/static/app.js", "javascript"),
                                        ("/static/app.css", "text/css"),
                                        ("/static/report.css", "text/css")])
def test_the_page_and_its_assets_come_from_the_package(client, path, kind):
    response = client.get(path)
    assert response.status_code == 200 and kind in response.headers["content-type"]
    assert "default-src 'self'" in response.headers["content-security-policy"]
    # Nothing is loaded from elsewhere: no address with a host in the page or its assets.
    assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", response.text, re.I)


def test_the_page_names_only_its_own_assets(client):
    page = client.get("/").text
    for src in re.findall(r'(?:src|href)="([^"#]+)"', page):
        assert src.startswith("/static/") and client.get(src).status_code == 200


def test_an_unknown_path_is_not_found(client):
    assert client.get("/etc/passwd").status_code == 404
    assert client.get("/static/../app.py").status_code == 404


# ----------------------------------------------------------------------------- deal, solve, table


def test_parse_reads_any_notation_the_command_line_reads(client):
    labelled = "♠AKQJ ♣10 9 ♦8 7 ♥AK ♠10 9 8 7 ♣AKQ ♥QJ9 ♣J87 ♦AKQJ ♥10 8 7 TD 9D"
    data = post(client, "/api/parse", deal=labelled).json()
    deal = pa.Deal.parse(labelled)
    assert data["deal"] == str(deal) and data["talon"] == ["TD", "9D"]
    assert data["hands"]["2"] == ["TS", "9S", "8S", "7S", "AC", "KC", "QC", "QH", "JH", "9H"]
    assert data["discard"] is None and data["is_full"] is True
    assert post(client, "/api/parse", deal=WHIST_DEAL).json()["discard"] == ["JC", "7C"]


@pytest.mark.parametrize("text", ["AKQ", "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T8X TD 9D",
                                  "A" * 500, "AS.-.-.- AS.-.-.- -.-.-.-"])
def test_a_bad_deal_is_400_in_the_parsers_words(client, text):
    assert error_of(post(client, "/api/parse", deal=text)) == parser_message(pa.Deal.parse, text)


@pytest.mark.parametrize("fields, message", [
    ({}, "deal: missing; give it as text"),
    ({"deal": 7}, "deal: give it as text, not int"),
    ({"deal": DEAL, "game": "8S", "declarer": 4}, "declarer: '4' is not a seat: give 1, 2 or 3"),
    ({"deal": DEAL, "game": "8S", "declarer": True},
     "declarer: 'True' is not a seat: give 1, 2 or 3"),
    ({"deal": DEAL, "declarer": 2}, "game: missing; give it as text"),
    ({"deal": DEAL, "game": "8X", "declarer": 2}, lambda: pa.Game.parse("8X")),
    ({"deal": DEAL, "game": "8S"}, lambda: pa.solve(DEAL, "8S")),
    ({"deal": DEAL, "game": "8S", "declarer": 2, "plays": "8C ZZ"}, lambda: pa.Card.parse("ZZ")),
    ({"deal": DEAL, "game": "8S", "declarer": 2, "plays": [1, 2]},
     "plays: give the cards played as a list of cards, e.g. [\"AS\", \"7S\"]"),
])
def test_solve_refuses_bad_fields_naming_them(client, fields, message):
    # A text is the API's own message; a function raises the library's, which the API passes on.
    expected = message if isinstance(message, str) else parser_message(message)
    assert error_of(client.post("/api/solve", json=fields)) == expected


def test_solve_answers_pa_solve(client):
    for fields in ({"game": "8S", "declarer": 2}, {"game": "misere", "declarer": 1, "leader": 2},
                   {"game": "raspasy", "player": 3}, {"game": "8S", "declarer": 2,
                                                      "plays": ["8C"]}):
        answer = post(client, "/api/solve", deal=DEAL, **fields).json()
        expected = pa.solve(DEAL, fields["game"], declarer=fields.get("declarer"),
                            player=fields.get("player"), leader=fields.get("leader", 1),
                            played=fields.get("plays", ())).to_dict()
        assert answer == json.loads(json.dumps(expected))


def test_table_answers_pa_table(client):
    answer = post(client, "/api/table", deal=DEAL, talon_rule="card").json()
    assert answer == json.loads(json.dumps(pa.table(DEAL, talon_rule="card").to_dict()))
    assert "talon" in error_of(post(client, "/api/table", deal="AKQ.-.-.- -.AKQ.-.- -.-.AKQ.-"
                                    " AH", talon_rule="sideways"))


# ----------------------------------------------------------------------------- play


def test_position_is_the_session_after_the_plays(client):
    plays = [str(card) for card in pa.solve(DEAL, "8S", declarer=2, leader=1).line[:7]]
    answer = post(client, "/api/position", deal=DEAL, game="8S", declarer=2, plays=plays).json()
    session = PlaySession(pa.Deal.parse(DEAL), pa.Game.parse("8S"), 2)
    for card in plays:
        session.play(card)
    expected = json.loads(json.dumps(turn_json(session)))
    # The verdict is the whole deal's: the tricks so far and the best play from here.
    expected["verdict"] = pa.Game.parse("8S").verdict(session.focus_total())
    assert answer == expected
    assert sum(answer["taken_by"].values()) == 2 and len(answer["played"]) == 1


#: The declarer's worst card at each of his turns, the defenders' best: 8♠ goes down 1 with
#: the declarer's 10♠, the first card of the third trick.
DOWN_LINE = ["8C", "KC", "7S", "AH", "7H", "AS", "TS", "9S", "JS"]


@pytest.mark.parametrize("cards, taken, verdict", [(0, 0, "made"), (3, 0, "made"),
                                                   (6, 1, "made"), (7, 1, "down 1"),
                                                   (9, 1, "down 1")])
def test_the_verdict_is_the_whole_deals_after_every_trick(client, cards, taken, verdict):
    answer = post(client, "/api/position", deal=DEAL, game="8S", declarer=2,
                  plays=DOWN_LINE[:cards]).json()
    assert answer["taken"] == taken and answer["verdict"] == verdict
    assert answer["verdict"] == pa.Game.parse("8S").verdict(answer["taken"] + answer["tricks"])


def test_the_verdict_at_the_end_and_in_an_ending(client):
    line = [str(card) for card in pa.solve(DEAL, "8S", declarer=2).line]
    assert post(client, "/api/position", deal=DEAL, game="8S", declarer=2,
                plays=line).json()["verdict"] == "made"
    # An ending's first tricks are not known: no verdict, before or after a trick.
    ending = "8.-.T.- J.-.-.9 -.-.J.7"
    for plays in ([], ["8S", "JS", "7H"]):
        answer = post(client, "/api/position", deal=ending, game="misere", declarer=2,
                      plays=plays)
        assert answer.status_code == 200 and answer.json()["verdict"] is None


def test_position_at_the_end_of_the_deal(client):
    line = [str(card) for card in pa.solve(DEAL, "8S", declarer=2).line]
    answer = post(client, "/api/position", deal=DEAL, game="8S", declarer=2, plays=line).json()
    assert answer["event"] == "end" and answer["taken"] == 8 and len(answer["tricks_played"]) == 10


def test_position_refuses_a_card_that_may_not_be_played(client):
    message = error_of(post(client, "/api/position", deal=DEAL, game="8S", declarer=2,
                            plays=["8C", "AH"]))
    assert message == "plays: card 2 (AH): the 2nd hand does not hold AH"
    message = error_of(post(client, "/api/position", deal=DEAL, game="8S", declarer=2,
                            plays=["8C", "KC", "8C"]))
    assert message.startswith("plays: card 3 (8C): ")
    message = error_of(post(client, "/api/position", deal=DEAL, game="8S", declarer=2,
                            plays=["AS"] * 41))
    assert message == "plays: 41 cards, at most 40"


# ----------------------------------------------------------------------------- analyses


def test_the_analyses_are_listed(client):
    names = [a["name"] for a in client.get("/api/analyses").json()["analyses"]]
    assert names[:9] == ["tenner-check", "tenner-odds", "odds", "whist-table", "whist-seat",
                         "lead-table", "lead-seat", "misere-odds", "misere-catch"]
    assert ("declare" in names) == hasattr(pa, "declare_options")


@pytest.mark.parametrize("fields, expected", [
    ({"analysis": "lead-table", "deal": DEAL, "game": "8S", "declarer": 2, "rules": "sochi"},
     lambda: pa.lead_table(DEAL, "8S", 2, rules="sochi")),
    ({"analysis": "whist-table", "deal": WHIST_DEAL, "game": "7D", "declarer": 1},
     lambda: pa.whist_table(WHIST_DEAL, "7D", 1)),
    ({"analysis": "tenner-check", "deal": TEN_DEAL, "game": "10C", "declarer": 1},
     lambda: pa.check_tenner(TEN_DEAL, "10C", 1)),
    ({"analysis": "tenner-odds", "deal": TEN_DEAL, "game": "10C", "declarer": 1,
      "samples": 300, "seed": 4},
     lambda: pa.tenner_odds("AKQ.AKQJ9.-.AK", "10C", 1, out="KD QD", samples=300, seed=4)),
    ({"analysis": "odds", "deal": TEN_DEAL, "game": "8C", "declarer": 1, "samples": "200"},
     lambda: pa.layout_odds("AKQ.AKQJ9.-.AK", "8C", 1, out="KD QD", samples=200)),
    ({"analysis": "misere-catch", "deal": MISERE_ENDING, "declarer": 2},
     lambda: pa.misere_catch(MISERE_ENDING, 2)),
    ({"analysis": "misere-odds", "deal": LONG_MISERE, "declarer": 1, "samples": 50},
     lambda: pa.misere_odds(pa.Hand.parse("Q87.98.AQT97.87"), 1, samples=50)),
    ({"analysis": "lead-seat", "deal": DEAL, "game": "8S", "declarer": 2, "samples": 40},
     lambda: pa.lead_decision("J.A87.987.T97", "8S", 2, talon=["AD", "QD"], samples=40)),
    ({"analysis": "whist-seat", "deal": "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D",
      "game": "6S", "declarer": 1, "seat": 2, "samples": 30},
     lambda: pa.whist_decision("T987.AKQ.-.QJ9", "6S", 1, 2, talon=["TD", "9D"], samples=30)),
])
def test_each_analysis_answers_its_python_functions_to_dict(client, fields, expected):
    job = client.post("/api/analysis", json=fields).json()
    assert job["state"] == DONE and job["analysis"] == fields["analysis"]
    assert job["result"] == json.loads(json.dumps(expected().to_dict()))
    assert job["html"].strip() and "<script" not in job["html"]


def test_the_misere_odds_are_the_misere_odds_whatever_the_game(client):
    # The misère holding of LONG_MISERE with the talon: ten cards and the discard given.
    deal = "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 discard:QS 8C"
    job = client.post("/api/analysis", json={"analysis": "misere-odds", "deal": deal,
                                             "declarer": 1, "game": "8S"}).json()
    assert job["state"] == DONE
    assert job["result"] == json.loads(json.dumps(
        pa.misere_odds("87.9.AQT97.87", 1, out="QS 8C").to_dict()))


def test_the_report_sections_show_the_tables(client):
    job = client.post("/api/analysis", json={"analysis": "lead-table", "deal": DEAL,
                                             "game": "8S", "declarer": 2}).json()
    assert '<section class="panel leads"' in job["html"]
    assert '<pre class="answer-text" data-analysis="lead-table">' in job["html"]
    job = client.post("/api/analysis", json={"analysis": "whist-table", "deal": WHIST_DEAL,
                                             "game": "7D", "declarer": 1}).json()
    assert '<section class="panel whist"' in job["html"]


@pytest.mark.parametrize("fields, message", [
    ({"analysis": "fortune", "deal": DEAL, "game": "8S", "declarer": 2}, "analysis: 'fortune' is"
     " not one of"),
    ({"deal": DEAL, "game": "8S", "declarer": 2}, "analysis: missing"),
    ({"analysis": "lead-table", "deal": DEAL, "game": "8S"}, "declarer: missing"),
    ({"analysis": "lead-table", "deal": DEAL, "game": "8S", "declarer": 2, "rules": "moscow"},
     "rules: 'moscow' is not a rule set"),
    ({"analysis": "odds", "deal": TEN_DEAL, "game": "8C", "declarer": 1, "samples": 0},
     "samples: '0' is not a whole number"),
    ({"analysis": "odds", "deal": TEN_DEAL, "game": "8C", "declarer": 1, "seed": -1},
     "seed: '-1' is not a whole number"),
    ({"analysis": "whist-seat", "deal": DEAL, "game": "8S", "declarer": 2},
     "seat: missing; the defender who decides (3 or 1)"),
    ({"analysis": "tenner-check", "deal": TEN_DEAL, "game": "8C", "declarer": 1}, "10"),
])
def test_an_analysis_refuses_bad_input_in_one_line(client, fields, message):
    for path in ("/api/analysis", "/api/jobs"):
        assert message in error_of(client.post(path, json=fields))


def test_a_long_analysis_is_cancelled(client):
    started = client.post("/api/jobs", json={"analysis": "misere-odds", "deal": LONG_MISERE,
                                             "declarer": 1})
    assert started.status_code == 202
    job = started.json()
    assert job["total"] > 5_000_000
    running = wait_for(client, job["id"], states=("running",), seconds=30)
    assert running["state"] == "running"
    cancelled = client.post(f"/api/jobs/{job['id']}/cancel", json={}).json()
    assert cancelled["state"] in ("running", CANCELLED)
    final = wait_for(client, job["id"], seconds=30)
    assert final["state"] == CANCELLED and "result" not in final
    assert final["done"] < job["total"] and final["seconds"] < 30
    # Cancelling again leaves it as it is; the pool takes new work.
    assert client.post(f"/api/jobs/{job['id']}/cancel", json={}).json()["state"] == CANCELLED
    again = client.post("/api/analysis", json={"analysis": "lead-table", "deal": DEAL,
                                               "game": "8S", "declarer": 2}).json()
    assert again["state"] == DONE


def test_a_finished_job_keeps_its_answer_when_cancelled(client):
    done = client.post("/api/analysis", json={"analysis": "lead-table", "deal": DEAL,
                                              "game": "8S", "declarer": 2}).json()
    after = client.post(f"/api/jobs/{done['id']}/cancel", json={}).json()
    assert after["state"] == DONE and after["result"] == done["result"]


def test_an_unknown_job_is_404(client):
    for response in (client.get("/api/jobs/999999"),
                     client.post("/api/jobs/nope/cancel", json={})):
        assert response.status_code == 404 and "job: no analysis" in response.json()["error"]


def test_a_full_pool_refuses_more_work():
    pool = JobPool(workers=1, queue=1)
    with TestClient(create_app(pool), base_url="http://localhost:8000") as client:
        long = {"analysis": "misere-odds", "deal": LONG_MISERE, "declarer": 1}
        first = client.post("/api/jobs", json=long).json()
        second = client.post("/api/jobs", json=long).json()
        third = client.post("/api/jobs", json=long)
        assert third.status_code == 429
        assert third.json()["error"] == ("2 analyses are running or waiting, at most 2:"
                                         " cancel one first")
        # The waiting one never starts once cancelled.
        cancelled = client.post(f"/api/jobs/{second['id']}/cancel", json={})
        assert cancelled.json()["state"] == CANCELLED
        client.post(f"/api/jobs/{first['id']}/cancel", json={})
        assert wait_for(client, first["id"])["state"] == CANCELLED
        assert client.get(f"/api/jobs/{second['id']}").json()["done"] == 0


# ----------------------------------------------------------------------------- records, problems, report


def test_a_record_is_read_from_its_text(client):
    text = (ROOT / "data" / "examples" / "game.txt").read_text(encoding="utf-8")
    record = pa.Record.parse(text)
    data = post(client, "/api/record", record=text).json()
    assert data["record"] == json.loads(json.dumps(record.to_dict()))
    assert data["deal"] == str(record.deal) and data["game"] == str(record.game)
    assert data["plays"] == [str(card) for card in record.plays]
    # Its play is a line the position route accepts.
    position = post(client, "/api/position", deal=data["deal"], game=data["game"],
                    declarer=data["declarer"], leader=data["leader"], plays=data["plays"])
    assert position.status_code == 200


@pytest.mark.parametrize("text", ["", "deal: AKQ\ngame: 8S\n", "{\"deal\": 1}", "x" * 40_000])
def test_a_bad_record_is_400(client, text):
    message = error_of(post(client, "/api/record", record=text))
    if 0 < len(text) < 1000:
        assert message == parser_message(pa.Record.parse, text)
    elif text:
        assert message == "record: 40000 characters, at most 32768"


def test_the_problems_are_listed_and_loaded(client):
    listed = client.get("/api/problems").json()["problems"]
    problems = load_problems()
    assert [p["id"] for p in listed] == [p.id for p in problems]
    first = problems[0]
    data = post(client, "/api/problem", id=first.id).json()
    assert (data["deal"], data["game"], data["declarer"], data["leader"]) == (
        str(first.deal), str(first.game), first.declarer, first.leader)
    assert error_of(post(client, "/api/problem", id="XX-nothing")).startswith(
        "no problem 'XX-nothing' in the collection")


def test_the_report_is_the_html_report(client):
    page = client.post("/api/report", json={"deal": DEAL, "game": "8S", "declarer": 2})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "attachment" in page.headers["content-disposition"]
    assert "<title>8♠ by the 2nd hand · prefdd</title>" in page.text
    played = client.post("/api/report", json={"deal": DEAL, "game": "8S", "declarer": 2,
                                              "plays": ["8C", "KC", "7S"]})
    assert "as played" in played.text
    assert error_of(client.post("/api/report", json={"deal": DEAL, "game": "8S"})) == \
        parser_message(pa.solve, DEAL, "8S")
    assert error_of(client.post("/api/report", json={
        "deal": DEAL, "game": "8S", "declarer": 2, "plays": ["8C", "QS"]})) == parser_message(
        lambda: pa.review(DEAL, "8S", declarer=2, plays=["8C", "QS"]))


def report_data(html: str) -> dict:
    """The report's data, as the page embeds it."""
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html,
                      re.S)
    assert found, html[:200]
    return json.loads(found.group(1))


def test_the_report_shows_the_analysis_run_on_the_page(client):
    """A finished analysis that `job` names is shown in its report section as the job answered
    it, for the deal and for the play so far; one asked of another deal or seats, one the
    report has no place for and one still running are refused in one line, and nothing else
    changes the report."""
    talon = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
    asked = {"deal": talon, "game": "6S", "declarer": 1, "leader": 2}
    for name, field, extra in (("whist-seat", "whist_seat", {"seat": 2, "samples": 30}),
                               ("lead-seat", "lead_seat", {"samples": 30}),
                               ("whist-table", "whist", {})):
        started = client.post("/api/jobs", json={**asked, "analysis": name, **extra}).json()
        job = wait_for(client, started["id"])
        assert job["state"] == DONE, job
        page = client.post("/api/report", json={**asked, "job": job["id"]})
        assert page.status_code == 200, page.text
        assert report_data(page.text)[field] == job["result"], name
        assert f'data-view="{name}"' in page.text or field == "whist", name
        played = client.post("/api/report", json={**asked, "job": job["id"],
                                                  "plays": ["AC"]})
        assert report_data(played.text)[field] == job["result"], name
        # The same deal with other seats, or another deal: not what the analysis was asked.
        for other in ({**asked, "leader": 3}, {**asked, "declarer": 3},
                      {**asked, "deal": DEAL, "game": "8S"}):
            assert error_of(client.post("/api/report", json={**other, "job": job["id"]})) \
                == ("job: the analysis was asked of another deal, game or seats than the"
                    " report's; run it again here")
    plain = report_data(client.post("/api/report", json=asked).text)
    assert not {"whist", "whist_seat", "lead_seat"} & {k for k, v in plain.items() if v}
    started = client.post("/api/jobs", json={"analysis": "totus", "deal": talon,
                                             "declarer": 1}).json()
    assert wait_for(client, started["id"])["state"] == DONE
    assert error_of(client.post("/api/report", json={**asked, "job": started["id"]})) == \
        "job: the report has no place for totus"
    long = client.post("/api/jobs", json={"analysis": "misere-odds", "deal": LONG_MISERE,
                                          "declarer": 1, "game": "misere"}).json()
    assert error_of(client.post("/api/report", json={
        "deal": LONG_MISERE, "game": "misere", "declarer": 1, "job": long["id"]})).startswith(
        "job: the analysis is ")
    client.post(f"/api/jobs/{long['id']}/cancel", json={})
    assert client.post("/api/report", json={**asked, "job": "nope"}).status_code == 404


def test_the_report_of_the_play_is_the_review_run_on_the_page(client):
    # The review run on the page (here from the seats) is the exported report's review, while
    # the board shows the same play; another play is refused in one line.
    plays = ["7C", "TC", "7S", "QH", "7H", "KS", "8S", "9S", "JS", "TH", "AS", "AH"]
    asked = {"deal": DEAL, "game": "8S", "declarer": 2, "plays": plays}
    job = client.post("/api/analysis", json={**asked, "analysis": "review", "view": "seat",
                                             "samples": 30}).json()
    assert job["state"] == DONE, job
    seat_words = "From each player&#39;s own seat (closed whist; at most 30 layouts a card"
    page = client.post("/api/report", json={**asked, "job": job["id"]})
    assert page.status_code == 200 and seat_words in page.text
    assert seat_words not in client.post("/api/report", json=asked).text
    assert error_of(client.post("/api/report", json={**asked, "plays": plays[:6],
                                                     "job": job["id"]})) == (
        "job: the analysis was asked of another deal, game or seats than the report's, or"
        " another play; run it again here")


# ----------------------------------------------------------------------------- requests


def test_a_request_that_is_not_json_or_too_large_is_400(client):
    assert error_of(client.post("/api/solve", headers=JSON, content=b"{")).startswith(
        "request: not JSON")
    assert error_of(client.post("/api/solve", headers=JSON, content=b"\xff\xfe")).startswith(
        "request: not JSON")
    assert error_of(client.post("/api/solve", json=[DEAL])).startswith("request: give a JSON"
                                                                       " object")
    big = json.dumps({"deal": DEAL, "pad": "x" * MAX_BODY}).encode()
    assert error_of(client.post("/api/solve", headers=JSON, content=big)) == (
        f"request: {len(big)} bytes, at most {MAX_BODY}")
    nested = b"[" * 100_000 + b"]" * 100_000
    assert error_of(client.post("/api/solve", headers=JSON, content=nested)).startswith("request:")


#: Every POST route, with a body it takes.
POST_ROUTES = ["/api/parse", "/api/solve", "/api/table", "/api/position", "/api/report",
               "/api/record", "/api/problem", "/api/analysis", "/api/jobs",
               "/api/jobs/x/cancel"]


@pytest.mark.parametrize("body, kind", [(b"[1,2]", "a list"), (b'"x"', "a string"),
                                        (b"null", "null"), (b"5", "a number"),
                                        (b"true", "true or false")])
def test_json_that_is_not_an_object_is_400_on_every_route(client, body, kind):
    for path in POST_ROUTES:
        assert error_of(client.post(path, headers=JSON, content=body)) == (
            f"request: give a JSON object of fields, e.g. {{\"deal\": \"...\"}}, not {kind}")


@pytest.mark.parametrize("analysis, samples, message", [
    ("odds", 10**9, "samples: '1000000000' is not a whole number from 1 to 1000000"),
    ("odds", "1000001", "samples: '1000001' is not a whole number from 1 to 1000000"),
    ("lead-seat", 100_001, "samples: 100,001 layouts, at most 100,000 for this analysis"
                           " (MAX_WORLDS)"),
    ("whist-seat", 200_000, "samples: 200,000 layouts, at most 100,000 for this analysis"
                            " (MAX_WORLDS)"),
])
def test_samples_above_the_analysis_cap_are_400_before_a_job_starts(analysis, samples, message):
    from pyanalysis.analysis.layouts import MAX_SAMPLES, MAX_WORLDS

    assert (MAX_SAMPLES, MAX_WORLDS) == (1_000_000, 100_000)  # the numbers in the messages
    pool = JobPool(workers=1, queue=1)
    fields = {"analysis": analysis, "deal": "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D",
              "game": "6S", "declarer": 1, "seat": 2, "samples": samples}
    with TestClient(create_app(pool), base_url="http://127.0.0.1") as client:
        for path in ("/api/analysis", "/api/jobs"):
            assert error_of(client.post(path, json=fields)) == message
        assert pool._jobs == {}  # nothing was queued
        # The same question within the cap is queued.
        job = client.post("/api/jobs", json={**fields, "samples": 20})
        assert job.status_code == 202, job.text
        assert wait_for(client, job.json()["id"])["state"] == DONE


def test_job_ids_are_random_tokens(client):
    fields = {"analysis": "misere-catch", "deal": MISERE_ENDING, "declarer": 2}
    ids = {client.post("/api/analysis", json=fields).json()["id"] for _ in range(3)}
    assert len(ids) == 3
    for job_id in ids:
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", job_id), job_id
        assert client.get(f"/api/jobs/{job_id}").json()["state"] == DONE


def guarded(headers: dict[str, str], path: str = "/api/solve", base: str = "http://127.0.0.1",
            hosts=None, method: str = "POST"):
    """The answer to one request under the test client, with `headers` added."""
    app = create_app() if hosts is None else create_app(hosts=hosts)
    with TestClient(app, base_url=base) as client:
        if method == "GET":
            return client.get(path, headers=headers)
        return client.post(path, json={"deal": DEAL, "game": "8S", "declarer": 2},
                           headers=headers)


def refusal(response, status: int) -> str:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert "\n" not in message and len(message) < 300
    return message


def test_a_request_from_another_sites_page_is_403():
    assert refusal(guarded({"Origin": "http://evil.example"}), 403) == (
        "request: sent by the page at 'http://evil.example', not by this server's own page"
        " (http://127.0.0.1)")
    for origin in ("null", "http://127.0.0.1:9999", "https://127.0.0.1", "http://localhost"):
        refusal(guarded({"Origin": origin}), 403)
        refusal(guarded({"Origin": origin}, "/api/analyses", method="GET"), 403)
    assert refusal(guarded({"Sec-Fetch-Site": "cross-site"}, "/api/problems", method="GET"),
                   403) == "request: sent from another site (Sec-Fetch-Site: cross-site)"
    # The page's own requests, and requests with no Origin (a script), are answered.
    assert guarded({"Origin": "http://127.0.0.1"}).status_code == 200
    assert guarded({"Origin": "http://localhost:8000"}, base="http://localhost:8000"
                   ).status_code == 200
    assert guarded({"Sec-Fetch-Site": "same-origin"}).status_code == 200
    assert guarded({}).status_code == 200
    # A link from another site to the page itself still opens it.
    assert guarded({"Sec-Fetch-Site": "cross-site"}, "/", method="GET").status_code == 200


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None])
def test_a_post_that_is_not_json_is_415(kind):
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        headers = {} if kind is None else {"Content-Type": kind}
        body = json.dumps({"deal": DEAL}).encode()
        message = refusal(client.post("/api/parse", content=body, headers=headers), 415)
        assert message == ("request: send the body as JSON (Content-Type: application/json),"
                           f" not {kind or 'none'}")
        assert client.post("/api/parse", content=body, headers={
            "Content-Type": "application/json; charset=utf-8"}).status_code == 200


def test_a_request_naming_another_host_is_refused():
    # A site whose name is made to point at 127.0.0.1 names itself in the Host header.
    with TestClient(create_app(), base_url="http://evil.example") as client:
        assert client.get("/").status_code == 400
        assert client.post("/api/solve", json={"deal": DEAL, "game": "8S",
                                               "declarer": 2}).status_code == 400
    assert refusal(guarded({}, base="http://evil.example:8000"), 400) == (
        "request: this server answers only to 127.0.0.1, [::1], localhost, not 'evil.example'")
    with TestClient(create_app(hosts=["*"]), base_url="http://evil.example") as client:
        assert client.get("/").status_code == 200


@pytest.mark.parametrize("host, answered", [
    ("[::1]:8000", True), ("[::1]", True), ("LOCALHOST:80", True), ("127.0.0.1", True),
    ("[::2]:8000", False), ("[::1", False), ("::1", False), ("evil.example", False),
    ("127.0.0.1.evil.example", False), ("localhost:80x", False), ("", False)])
def test_the_host_check_holds_for_every_loopback_name(host, answered):
    response = guarded({"Host": host}, "/api/analyses", method="GET")
    assert response.status_code == (200 if answered else 400), response.text


def test_the_host_names_prefdd_serve_answers():
    from pyanalysis.cli.serve import _hosts

    local = ["127.0.0.1", "localhost", "[::1]"]
    assert _hosts("127.0.0.1") == local and _hosts("::1") == local
    assert _hosts("0:0::1") == local + ["[0:0::1]"]  # its own spelling
    assert _hosts("192.168.1.5") == local + ["192.168.1.5"]
    assert _hosts("MyBox.local") == local + ["mybox.local"]
    assert _hosts("0.0.0.0") == local + ["0.0.0.0"] and _hosts("::") == local + ["[::]"]
    assert _hosts("0.0.0.0", allow_any_host=True) == ["*"]
    # Those names pass the check as a browser sends them.
    for host, header in (("::1", "[::1]:8000"), ("fe80::1", "[FE80::1]:8000"),
                         ("MyBox.local", "mybox.local:8000")):
        assert guarded({"Host": header}, "/api/analyses", method="GET",
                       hosts=_hosts(host)).status_code == 200


# ----------------------------------------------------------------------------- prefdd serve


def test_serve_help_and_bad_port():
    from click.testing import CliRunner

    from pyanalysis.cli import main

    out = CliRunner().invoke(main, ["serve", "--help"])
    assert out.exit_code == 0 and "--port" in out.output and "127.0.0.1" in out.output
    bad = CliRunner().invoke(main, ["serve", "--port", "70000"])
    assert bad.exit_code == 2 and "70000" in bad.output
    assert "--allow-any-host" in out.output
    bad = CliRunner().invoke(main, ["serve", "--allow-any-host"])
    assert bad.exit_code == 2 and bad.output == ("Error: --allow-any-host is for --host 0.0.0.0"
                                                 " or :: (every address), not --host"
                                                 " 127.0.0.1\n")


def test_serve_answers_on_127_0_0_1():
    import urllib.request

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "pyanalysis.cli", "serve", "--port",
                               str(port)], stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr.readline() == (f"prefdd serves http://127.0.0.1:{port}/"
                                            f" (Ctrl-C stops it)\n")
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert b"prefdd" in page.read()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None
                time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(10)


def test_declare_is_offered_where_the_package_has_it(client):
    fields = {"analysis": "declare", "deal": "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D",
              "declarer": 1, "samples": 40}
    if not hasattr(pa, "declare_options"):
        assert error_of(client.post("/api/analysis", json=fields)).startswith(
            "analysis: 'declare' is not one of")
        return
    job = client.post("/api/analysis", json=fields).json()
    expected = pa.declare_options("AKQJ.T9.87.AK", 1, talon="TD 9D", samples=40)
    assert job["state"] == DONE and job["result"] == json.loads(json.dumps(expected.to_dict()))


def test_a_long_review_is_cancelled(client):
    # The seat view of a whole played deal with many layouts a card: cancelled while it
    # runs, it stops at its next progress call (the engine calls it while solving).
    plays = ["7C", "TC", "7S", "QH", "7H", "KS", "8S", "9S", "JS", "TH", "AS", "AH"]
    started = client.post("/api/jobs", json={
        "analysis": "review", "deal": DEAL, "game": "8S", "declarer": 2, "plays": plays,
        "view": "seat", "samples": 20000, "fixed": True})
    assert started.status_code == 202
    job = started.json()
    assert job["total"] == len(plays) and job["unit"] == "cards"
    running = wait_for(client, job["id"], states=("running",), seconds=30)
    assert running["state"] == "running"
    client.post(f"/api/jobs/{job['id']}/cancel", json={})
    final = wait_for(client, job["id"], seconds=30)
    assert final["state"] == CANCELLED and "result" not in final
    assert final["done"] < len(plays)


def test_a_long_misere_catch_is_cancelled(client):
    # The catch's search calls the hook before each engine call: a cancel stops it there.
    started = client.post("/api/jobs", json={
        "analysis": "misere-catch", "deal": "AQ.AT8.J8.KJ8 KJ9.Q.AKQ9.AT T87.KJ97.7.97 TD QH",
        "declarer": 3, "pareto": "all"}).json()
    running = wait_for(client, started["id"], states=("running", DONE), seconds=30)
    assert running["state"] == "running", running  # the whole front takes seconds
    client.post(f"/api/jobs/{started['id']}/cancel", json={})
    final = wait_for(client, started["id"], seconds=60)
    assert final["state"] == CANCELLED and "result" not in final
    # Left to run, the search takes some 20 s here; stopped, it ends at its next engine call.
    assert final["seconds"] < 10
