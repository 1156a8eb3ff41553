"""Each analysis's result view in a real headless Chromium, at a laptop's and a phone's width:
no sideways scrolling, the values shown are the API's `to_dict()` (read back from the page),
the best marked, the command line's text one click away; a screenshot of each is saved under
$PREFDD_ARTIFACTS (else pytest's tmp_path), never in the repository."""
from __future__ import annotations

import json
import os
import urllib.request
from fractions import Fraction
from pathlib import Path

import pytest

from test_browser import Page, run_analysis

pytestmark = pytest.mark.slow

WHIST_DEAL = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 JC 7C"
LEAD_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
TEN_DEAL = "AKQ.AKQJ9.-.AK T9.87.JT7.987 J87.T.A98.QJT discard:-.-.KQ.-"
#: A line of the README's deal that loses the contract (the 2nd hand's 8♠ at trick 3).
REVIEW_DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
REVIEW_PLAYS = ["7C", "TC", "7S", "QH", "7H", "KS", "8S", "9S", "JS", "TH", "AS", "AH"]

#: (view, analysis, deal, game, declarer, leader, form fields)
CASES = [
    ("declare", "declare", "A.7.-.- Q.9.-.- J.-.8.- KS 7D", "6S", 1, 1, {"samples": "all"}),
    ("whist-seat", "whist-seat", WHIST_DEAL, "7D", 1, 1, {"seat": "2", "samples": "40"}),
    ("lead-seat", "lead-seat", LEAD_DEAL, "6S", 1, 2, {"samples": "30"}),
    ("misere-catch", "misere-catch", "8.-.T.- J.-.-.9 -.-.J.7 KD KH", "misere", 2, 1, {}),
    ("odds", "odds", TEN_DEAL, "8C", 1, 1, {"samples": "300", "seed": "2"}),
    ("odds", "misere-odds", "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 QS 8C", "misere", 1, 1,
     {"samples": "200"}),
    # The play on the board (played by clicking its cards) reviewed from the seats.
    ("review", "review", REVIEW_DEAL, "8S", 2, 1,
     {"_plays": REVIEW_PLAYS, "view": "seat", "samples": "30", "rules": "sochi"}),
]


def artifacts(tmp_path: Path) -> Path:
    """Where the screenshots go: $PREFDD_ARTIFACTS when set, else the test's own directory."""
    where = Path(os.environ["PREFDD_ARTIFACTS"]) if os.environ.get("PREFDD_ARTIFACTS") \
        else tmp_path
    where.mkdir(parents=True, exist_ok=True)
    return where


def signed(value: str | float) -> str:
    shown = f"{float(Fraction(value)):+.2f}"
    return "+0.00" if shown == "-0.00" else shown


def pct(value: float) -> str:
    return f"{100 * value:.2f}%"


def rows(page, view: str) -> list[dict]:
    """Each body row of the view's table: its data-* attributes and its cells' shown text."""
    return page.eval_on_selector_all(
        f'#analysis-result section[data-view="{view}"] tbody tr',
        """rows => rows.map(r => ({data: {...r.dataset}, cls: r.className,
            head: r.querySelector('th').textContent.trim(),
            badge: r.querySelector('th .badge') ? r.querySelector('th .badge').textContent : '',
            cells: [...r.querySelectorAll('td')].map(c => ({label: c.dataset.label || '',
              num: c.querySelector('.vnum') ? c.querySelector('.vnum').textContent : null,
              text: c.textContent.trim(), fill: c.querySelector('.vbar .fill') ?
                c.querySelector('.vbar .fill').getBoundingClientRect().width : null}))}))""")


def check_declare(shown: list[dict], result: dict) -> None:
    options = {o["game"]: o for o in result["options"]}
    assert len(shown) == len(options)
    values = []
    for row in shown:
        option = options[row["data"]["game"]]
        assert row["data"]["vists"] == option["vists"] and row["data"]["made"] == option["probability"]
        made, vists = row["cells"][1], row["cells"][2]
        assert made["num"] == pct(option["probability_float"])
        assert vists["num"] == signed(option["vists"])
        values.append(Fraction(option["vists"]))
        # The discard shown is the option's, as cards.
        assert len(row["cells"][0]["text"].split()) >= 2
    best = [row for row in shown if row["data"].get("best")]
    assert [row["data"]["game"] for row in best] == [result["best"]] and best[0] is shown[0]
    assert "chosen" in best[0]["cls"] and best[0]["badge"] == "best"
    assert values[1:] == sorted(values[1:], reverse=True)  # sorted by value after the best


def check_whist(shown: list[dict], result: dict) -> None:
    # The model table's rows (partner and filter of each model) are the result's models.
    models = [row for row in shown if "partner" in row["data"]]
    assert [(row["data"]["partner"], row["data"]["filter"]) for row in models] == [
        (m["partner"], m["filter"]) for m in result.get("models", [])]
    shown = [row for row in shown if "word" in row["data"]]
    assert {row["data"]["word"] for row in shown} == set(result["options"])
    for row in shown:
        option = result["options"][row["data"]["word"]]
        assert row["data"]["vists"] == option["vists"]
        assert row["cells"][0]["num"] == signed(option["vists"])
        assert row["cells"][2]["num"] == pct(option["set_probability"])
    assert shown[0]["data"]["word"] == result["best"] and shown[0]["badge"] == "best"


def check_lead(shown: list[dict], result: dict) -> None:
    # The model table's rows (the filter of each model) are the result's models.
    models = [row for row in shown if "filter" in row["data"]]
    assert [row["data"]["filter"] for row in models] == [
        m["filter"] for m in result.get("models", [])]
    shown = [row for row in shown if "card" in row["data"]]
    assert {row["data"]["card"] for row in shown} == set(result["leads"])
    for row in shown:
        lead = result["leads"][row["data"]["card"]]
        assert row["data"]["tricks"] == lead["tricks"]
        assert row["cells"][0]["num"] == f"{lead['tricks_float']:.2f}"
        assert row["cells"][1]["num"] == pct(lead["set_probability"])
    assert shown[0]["data"]["card"] == result["best"] and shown[0]["badge"] == "best"


def check_catch(page, shown: list[dict], result: dict) -> None:
    assert [row["data"]["discard"] for row in shown] == \
        [" ".join(entry["discard"]) for entry in result["by_discard"]]
    hits = page.eval_on_selector_all(
        '#analysis-result section[data-view="misere-catch"] tbody tr',
        "rows => rows.map(r => [...r.querySelectorAll('td.hit')].map(c => c.dataset.hit === 'true'))")
    # The matrix: a row per defence, a column per discard; the page has a row per discard.
    assert hits == [[bool(row[j]) for row in result["matrix"]]
                    for j in range(len(result["by_discard"]))]
    for row, entry in zip(shown, result["by_discard"]):
        assert (row["data"]["caught"] == "true") == entry["caught"]
    value = page.get_attribute('#analysis-result dd[data-value]', "data-value")
    assert value == result["game_value"]
    weights = page.eval_on_selector_all("#analysis-result th.defence",
                                        "hs => hs.map(h => h.dataset.weight)")
    assert weights == result["mix"]


def check_odds(shown: list[dict], result: dict) -> None:
    assert {int(row["data"]["key"]): int(row["data"]["count"]) for row in shown} == \
        {int(k): v for k, v in result["counts"].items()}
    total = sum(result["counts"].values())
    for row in shown:
        n = int(row["data"]["count"])
        assert row["cells"][1]["text"] == f"{n:,}"
        assert row["cells"][2]["num"] == pct(n / total)
        if n > total / 20:
            assert row["cells"][2]["fill"] > 0  # the bar is drawn


def check_review(shown: list[dict], result: dict) -> None:
    # A row per card that cost tricks or was flagged from the seat, then one per player.
    cards = [row for row in shown if "number" in row["data"]]
    assert [(int(row["data"]["number"]), row["data"]["card"], int(row["data"]["cost"]),
             row["data"]["flag"]) for row in cards] == [
        (c["number"], c["card"], c["cost"], c["seat_flag"]) for c in result["cards"]
        if c["cost"] or c["seat_flag"]]
    assert any(int(row["data"]["cost"]) for row in cards)
    for row in cards:
        card = result["cards"][int(row["data"]["number"]) - 1]
        assert row["cells"][2]["num"] == str(card["cost"])
        assert row["cells"][4]["num"] == f"{card['seat_cost']:.2f}"
    players = [row for row in shown if "seat" in row["data"]]
    assert [(row["data"]["seat"], int(row["data"]["tricks"]), row["data"]["vists"])
            for row in players] == [(s, result["tricks_by_seat"][s], result["vists"][s])
                                    for s in ("1", "2", "3")]


def job_result(base: str, job: str) -> dict:
    with urllib.request.urlopen(f"{base}/api/jobs/{job}") as answer:
        return json.load(answer)


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("view, analysis, deal, game, declarer, leader, fields", CASES,
                         ids=[case[1] for case in CASES])
def test_a_view(browser, live_server, tmp_path, width, view, analysis, deal, game, declarer,
                leader, fields):
    app = Page(browser, live_server, width)
    page = app.page
    app.read(deal, game, declarer, leader)
    fields = dict(fields)
    played: list[str] = []
    for card in fields.pop("_plays", []):
        page.click(f'button.play-card[data-card="{card}"]')
        played.append(card)
        app.shown(played)
    with page.expect_response(lambda r: r.url.endswith("/api/jobs")) as started:
        run_analysis(page, analysis, **fields)
    job = started.value.json()["id"]
    page.wait_for_selector(f'#analysis-result section[data-view="{view}"]')
    # A sampled count may show provisional answers first (analysis.settle): the final one
    # replaces them when the job is done.
    page.wait_for_selector("#analysis-result .provisional-mark", state="detached")
    answer = job_result(live_server, job)
    assert answer["state"] == "done"
    result = answer["result"]
    shown = rows(page, view)
    if view == "declare":
        check_declare(shown, result)
    elif view == "whist-seat":
        check_whist(shown, result)
    elif view == "lead-seat":
        check_lead(shown, result)
    elif view == "misere-catch":
        check_catch(page, shown, result)
    elif view == "review":
        check_review(shown, result)
    else:
        check_odds(shown, result)
    # The command line's text is one click away, not shown at first.
    assert not page.is_visible("#analysis-result pre.answer-text")
    page.click("#analysis-result details.as-text summary")
    assert page.is_visible("#analysis-result pre.answer-text")
    page.click("#analysis-result details.as-text summary")
    shot = artifacts(tmp_path) / f"view-{analysis}-{width}.png"
    page.locator("#analyses").screenshot(path=str(shot))
    assert shot.stat().st_size > 5_000
    scroll = page.evaluate("() => [document.documentElement.scrollWidth,"
                           " document.body.scrollWidth]")
    assert scroll[0] <= width and scroll[1] <= width, scroll
    # Nothing inside the view is wider than the view (no table scrolling sideways).
    wide = page.evaluate("""() => [...document.querySelectorAll('#analysis-result .view-table')]
        .filter(t => t.scrollWidth > t.parentElement.clientWidth + 1).length""")
    assert wide == 0
    app.close()
