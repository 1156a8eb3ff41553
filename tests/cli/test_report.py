"""The HTML report (`pyanalysis.report`, `prefdd report`): one self-contained page whose
embedded data holds every position's card values, checked here against `pa.solve` run on the
position itself, with the review's errors marked and everything escaped."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

import pyanalysis as pa
from cli_support import flat, ok, run, random_deal, strict_json
from pyanalysis.report import (
    SeatViews, deal_report, embed_json, render_html, review_report, view_html,
)
from pyanalysis.solving import make_position

DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
RECORD = ("deal: J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD\ngame: 8S\ndeclarer: 2\n"
          "whist: whist pass\nplay: 8C KC 7S / AH 7H 8S / AS 9S JS / KS 8H 7C / QS KD 9D\n"
          "claim: 2 rest\n")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Page(HTMLParser):
    """Reads a page: checks that every element is closed in order, collects the embedded
    data, every attribute, the text of the trick table, and what the page would load."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.loads: list[str] = []
        self.scripts: list[tuple[dict, str]] = []
        self.styles: list[str] = []
        self.ids: list[str] = []
        self.step_cells: list[tuple[int, set[str]]] = []
        self.text: list[str] = []
        self._script: dict | None = None
        self._style = False
        self.feed(text)
        self.close()
        if self.stack:
            self.problems.append(f"unclosed: {self.stack}")

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.append(attrs["id"])
        for name in ("src", "href", "data", "poster", "srcset"):
            value = attrs.get(name) or ""
            if tag != "a" and ("//" in value or value.startswith("http")):
                self.loads.append(f"<{tag} {name}={value}>")
        if tag == "link" or (tag == "script" and "src" in attrs):
            self.loads.append(f"<{tag} {attrs}>")
        if tag == "td" and "data-step" in attrs:
            self.step_cells.append((int(attrs["data-step"]),
                                    set((attrs.get("class") or "").split())))
        if tag == "script":
            self._script = attrs
            self._buffer = ""
        if tag == "style":
            self._style = True
            self._buffer = ""
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID and tag not in ("path",):
            self.problems.append(f"self-closed <{tag}/>")

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == "script":
            self.scripts.append((self._script or {}, self._buffer))
            self._script = None
        if tag == "style":
            self.styles.append(self._buffer)
            self._style = False

    def handle_data(self, data):
        if self._script is not None or self._style:
            self._buffer += data
        else:
            self.text.append(data)

    @property
    def data(self) -> dict:
        blocks = [text for attrs, text in self.scripts if attrs.get("type") == "application/json"]
        assert len(blocks) == 1
        return json.loads(blocks[0])


def read(html: str) -> Page:
    page = Page(html)
    assert page.problems == []
    assert page.loads == []
    for style in page.styles:
        assert "url(" not in style and "@import" not in style
    assert len(page.ids) == len(set(page.ids)), "an id used twice"
    return page


def solve_before(deal: pa.Deal, game: str, seats: dict, leader: int, steps: list[dict],
                 k: int) -> dict[str, int]:
    """The values before step k, by `pa.solve` on the position at the start of its trick:
    the hands less the cards of the tricks before, their winner leading, the cards of this
    trick played so far; the focus player's tricks taken before added."""
    trick = steps[k]["trick"]
    first = 3 * (trick - 1)
    gone = {pa.Card.parse(s["card"]) for s in steps[:first]}
    hands = [pa.Hand.from_cards([c for c in hand if c not in gone]) for hand in deal.hands]
    position = pa.Deal(tuple(hands))  # type: ignore[arg-type]
    trick_leader = steps[first]["seat"] if first < len(steps) else leader
    played = [s["card"] for s in steps[first:k]]
    solution = pa.solve(position, game, leader=trick_leader, played=played, **seats)
    focus = seats.get("declarer") or seats.get("player")
    base = steps[k]["taken"][focus - 1]
    return {str(card): base + value for card, value in solution.moves.items()}


def check_values(data: dict, deal: pa.Deal, game: str, seats: dict, leader: int = 1) -> None:
    steps = data["play"]["steps"]
    focus = seats.get("declarer") or seats.get("player")
    maximise_kind = game not in ("misere", "raspasy")
    for k, step in enumerate(steps):
        values = solve_before(deal, game, seats, leader, steps, k)
        assert step["values"] == values, (k, step)
        mover_max = (step["seat"] == focus) == maximise_kind
        target = (max if mover_max else min)(values.values())
        assert step["before"] == target
        assert step["after"] == values[step["card"]]
        assert step["cost"] == abs(target - values[step["card"]])
        assert sorted(step["best"]) == sorted(c for c, v in values.items() if v == target)


def random_line(deal: pa.Deal, game: str, seats: dict, rng: random.Random,
                leader: int = 1) -> list[pa.Card]:
    position = make_position(deal, game, leader=leader, **seats)[0]
    line = []
    while not position.is_terminal:
        card = rng.choice(sorted(position.legal_moves()))
        line.append(pa.Card.from_index(card))
        position = position.advance(card)[0]
    return line


# ----------------------------------------------------------------------------- a deal's page


def test_a_deal_page_is_one_self_contained_document_with_every_card():
    deal = pa.Deal.parse(DEAL)
    html = render_html(deal_report(deal, "8S", declarer=1))
    page = read(html)
    assert html.startswith("<!DOCTYPE html>")
    data = page.data
    assert data["deal"] == str(deal)
    # Every card of the deal: in the data's hands, and played once in the trick table.
    held = [c for s in "123" for c in data["hands"][s]]
    assert sorted(held) == sorted(str(c) for hand in deal.hands for c in hand)
    played = [s["card"] for s in data["play"]["steps"]]
    assert sorted(played) == sorted(held)
    assert sorted(k for k, _ in page.step_cells) == list(range(30))
    text = flat(" ".join(page.text))
    for card in deal.hands[0] | deal.hands[1] | deal.hands[2]:
        assert card.symbol() in text
    assert [t["number"] for t in data["play"]["tricks"]] == list(range(1, 11))
    # Red and black suits are marked as such.
    assert 'class="c red"' in html and 'class="c black"' in html
    assert len(html.encode("utf-8")) < 300_000


@pytest.mark.parametrize("game, seats", [("8S", {"declarer": 1}), ("6NT", {"declarer": 3}),
                                         ("misere", {"declarer": 2})])
def test_every_position_of_the_principal_line_has_the_values_pa_solve_gives(game, seats):
    deal = random_deal(random.Random(hash(game) % 1000), 10, talon=True)
    data = read(render_html(deal_report(deal, game, **seats))).data
    check_values(data, deal, game, seats)
    assert data["play"]["source"] == "principal line"
    assert all(step["cost"] == 0 for step in data["play"]["steps"])
    solution = pa.solve(deal, game, **seats)
    assert [s["card"] for s in data["play"]["steps"]] == [str(c) for c in solution.line]
    assert data["play"]["dd_start"] == data["play"]["result"] == solution.tricks


def test_raspasy_ending_values_and_a_leader_other_than_the_first():
    rng = random.Random(7)
    deal = random_deal(rng, 5)
    data = read(render_html(deal_report(deal, "raspasy", player=2, leader=3))).data
    check_values(data, deal, "raspasy", {"player": 2}, leader=3)
    assert data["play"]["steps"][0]["seat"] == 3


def test_a_played_line_marks_every_costly_card_and_its_values_are_solved():
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        deal = random_deal(rng, 10, talon=True)
        line = random_line(deal, "7H", {"declarer": 2}, rng)
        review = pa.review(deal, "7H", declarer=2, plays=line)
        if not review.costly:
            continue
        html = render_html(review_report(review))
        page = read(html)
        data = page.data
        check_values(data, deal, "7H", {"declarer": 2})
        costly = {k for k, s in enumerate(data["play"]["steps"]) if s["cost"] > 0}
        assert costly == {c.number - 1 for c in review.costly}
        # The trick table marks exactly those cards; the review lists each with its cost.
        assert {k for k, classes in page.step_cells if "err" in classes} == costly
        text = flat(" ".join(page.text))
        for card in review.costly:
            word = "trick" if card.cost == 1 else "tricks"
            assert f"cost {card.cost} {word}, best" in text
            assert card.card.symbol() in text
        cost_by_seat = {str(s): sum(c.cost for c in review.cards if c.seat == s) for s in (1, 2, 3)}
        assert data["play"]["cost_by_seat"] == cost_by_seat
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_the_whist_lead_and_layout_tables_are_the_analyses_own():
    deal = pa.Deal.parse(DEAL)
    report = deal_report(deal, "8S", declarer=1, whist=True, leads=True, odds=True,
                         rules="sochi")
    page = read(render_html(report))
    data = page.data
    assert data["whist"] == json.loads(json.dumps(pa.whist_table(deal, "8S", 1).to_dict()))
    assert data["leads"] == json.loads(json.dumps(
        pa.lead_table(deal, "8S", 1, rules="sochi").to_dict()))
    others = deal.hands[1] | deal.hands[2]
    assert data["odds"] == json.loads(json.dumps(
        pa.layout_odds(deal.hands[0], "8S", 1, others=others).to_dict()))
    text = flat(" ".join(page.text))
    for heading in ("Whist or pass", "Opening leads", "over every layout", "Double-dummy table"):
        assert heading in text
    for row in pa.whist_table(deal, "8S", 1).rows:  # the words may break after each "/"
        assert " ".join(row.label.replace("/", "/ ").split()) in text
        assert row.score.result in text
    # the declarer leads here: his vists only; a defender leading: both defenders' vists per
    # lead, both from one split
    assert "Lead Tricks Result Vists" in text and "one split of the defence" not in text
    led = read(render_html(deal_report(deal, "8S", declarer=2, leads=True, rules="sochi")))
    text = flat(" ".join(led.text))
    assert "Lead Tricks Result 1st vists 3rd vists" in text and "one split of the defence" in text
    table = pa.lead_table(deal, "8S", 2, rules="sochi")
    assert led.data["leads"] == json.loads(json.dumps(table.to_dict()))


TALON_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
MISERE_ENDING = "8.-.T.- J.-.-.9 -.-.J.7 KD KH"


def test_the_seat_views_are_the_analyses_own_drawn_as_the_page_draws_them():
    # The defender's whist and the leader's lead from their seats, each the analysis run on
    # the cards its player sees, drawn by the web page's own view template.
    report = deal_report(TALON_DEAL, "6S", declarer=1, leader=2,
                         seats=SeatViews(whist=2, lead=True, samples=40))
    html = render_html(report)
    data = read(html).data
    deal = pa.Deal.parse(TALON_DEAL)
    whist = pa.whist_decision(deal.hands[1], "6S", 1, 2, talon=list(deal.talon), samples=40)
    lead = pa.lead_decision(deal.hands[1], "6S", 1, leader=2, talon=list(deal.talon),
                            samples=40)
    assert data["whist_seat"] == json.loads(json.dumps(whist.to_dict()))
    assert data["lead_seat"] == json.loads(json.dumps(lead.to_dict()))
    assert view_html("whist-seat", whist.to_dict()) in html
    assert view_html("lead-seat", lead.to_dict()) in html
    assert "catch" not in data and 'data-view="misere-catch"' not in html
    plain = read(render_html(deal_report(TALON_DEAL, "6S", declarer=1)))
    assert not {"whist_seat", "lead_seat", "catch"} & set(plain.data)


def test_answers_already_computed_are_shown_as_they_are_and_checked():
    deal = pa.Deal.parse(TALON_DEAL)
    lead = pa.lead_decision(deal.hands[1], "6S", 1, leader=2, talon=list(deal.talon),
                            samples=20)
    html = render_html(deal_report(TALON_DEAL, "6S", declarer=1, leader=2,
                                   shown={"lead_seat": lead}))
    assert read(html).data["lead_seat"] == json.loads(json.dumps(lead.to_dict()))
    assert view_html("lead-seat", lead.to_dict()) in html
    for shown, message in (({"tenner": lead}, "shown: the report has no field 'tenner'"),
                           ({"whist": lead}, "shown: whist takes a WhistTable, not a"
                                             " LeadDecision"),
                           ({"lead_seat": lead}, "shown: the lead_seat is of 6"),
                           ({"catch": pa.misere_catch(MISERE_ENDING, 2)},
                            "shown: the misère catch is for a misère")):
        game = "7S" if "lead_seat" in shown else "6S"
        with pytest.raises(ValueError, match=message):
            deal_report(TALON_DEAL, game, declarer=1, leader=2, shown=shown)


def test_the_misere_catch_is_the_analysis_own_drawn_as_the_page_draws_it():
    out = ok("report", MISERE_ENDING, "-g", "misere", "--declarer", "2", "--catch", "--json")
    catch = pa.misere_catch(MISERE_ENDING, 2)
    assert strict_json(out)["catch"] == json.loads(json.dumps(catch.to_dict()))
    html = render_html(deal_report(MISERE_ENDING, "misere", declarer=2,
                                   seats=SeatViews(catch=True)))
    assert view_html("misere-catch", catch.to_dict()) in html
    assert 'data-view="whist-seat"' not in html and 'data-view="lead-seat"' not in html


def test_the_double_dummy_table_is_pa_table():
    deal = pa.Deal.parse(DEAL)
    data = read(render_html(deal_report(deal, "8S", declarer=1))).data
    assert data["table"] == pa.table(deal).to_dict()


def test_text_that_could_close_the_script_is_escaped():
    evil = "</script><script>alert('x')</script> & <b>"
    html = render_html(deal_report(DEAL, "8S", declarer=1, title=evil))
    assert "<script>alert" not in html and "<b>" not in html
    page = read(html)
    assert page.data["title"] == evil
    assert evil in " ".join(page.text)  # shown as text, escaped in the markup
    assert str(embed_json({"a": "<&>\u2028"})) == '{"a":"\\u003c\\u0026\\u003e\\u2028"}'


def test_a_review_page_shows_the_claim_and_the_result():
    record = pa.Record.parse(RECORD)
    review = pa.review(record, rules="sochi")
    page = read(render_html(review_report(review)))
    text = flat(" ".join(page.text))
    assert f"the declarer took {review.result} ({review.verdict})" in text
    assert " claims " in text and ("the claim holds" in text) == review.claim.holds
    assert "In vists" in text
    assert len(page.data["play"]["steps"]) == len(record.plays)
    assert page.data["play"]["complete"] is False


# ----------------------------------------------------------------------------- the command


def test_report_command_writes_the_page(tmp_path):
    out = tmp_path / "deal.html"
    said = ok("report", DEAL, "--game", "8S", "--declarer", "1", "-o", str(out))
    assert "Wrote" in said and "30 cards" in said
    page = read(out.read_text(encoding="utf-8"))
    assert page.data == json.loads(json.dumps(deal_report(DEAL, "8S", declarer=1).to_dict()))


def test_report_command_json_is_the_report(tmp_path):
    out = ok("report", DEAL, "-g", "misere", "--declarer", "2", "--json")
    assert strict_json(out) == json.loads(json.dumps(
        deal_report(DEAL, "misere", declarer=2).to_dict()))


def test_report_command_reads_a_record(tmp_path):
    path = tmp_path / "played.txt"
    path.write_text(RECORD, encoding="utf-8")
    out = tmp_path / "played.html"
    ok("report", str(path), "--rules", "sochi", "-o", str(out))
    data = read(out.read_text(encoding="utf-8")).data
    review = pa.review(pa.Record.parse(RECORD))
    assert [s["card"] for s in data["play"]["steps"]] == [str(c.card) for c in review.cards]
    assert [s["values"] for s in data["play"]["steps"]] == [
        {str(c): v for c, v in sorted(card.values.items(), key=lambda i: (i[0].suit, -i[0].rank))}
        for card in review.cards]


@pytest.mark.parametrize("args, message", [
    ([DEAL, "-g", "8S", "--declarer", "1"], "-o FILE"),
    ([DEAL, "--declarer", "1", "-o", "x.html"], "--game is needed"),
    ([DEAL, "-g", "8S", "-o", "x.html"], "needs --declarer"),
    ([DEAL, "-g", "raspasy", "--player", "1", "--whist", "-o", "x.html"], "not raspasy"),
    (["missing.txt", "-o", "x.html"], "cannot read 'missing.txt'"),
    (["AKQJ.T9.87.AK", "-g", "8S", "--declarer", "1", "-o", "x.html"], "expected 3 hands"),
    ([DEAL, "-g", "8S", "--declarer", "1", "-o", "-", "--json"], "choose one"),
    ([DEAL, "-g", "8S", "--declarer", "1", "--catch", "-o", "x.html"], "for a misère, not 8"),
    ([DEAL.rsplit(" ", 1)[0], "-g", "8S", "--declarer", "1", "--whist-seat", "2", "-o",
      "x.html"],
     "needs the deal's talon"),
])
def test_report_command_bad_input_is_one_line(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("report", *args)
    assert result.exit_code != 0
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.html").exists()


def test_a_record_with_game_options_is_refused(tmp_path):
    path = tmp_path / "played.txt"
    path.write_text(RECORD, encoding="utf-8")
    result = run("report", str(path), "--game", "8S", "-o", str(tmp_path / "x.html"))
    assert result.exit_code == 2
    assert "record carries its game" in result.stderr


# ----------------------------------------------------------------------------- a browser

BROWSER = shutil.which("chromium-headless-shell") or shutil.which("chromium")


@pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine (chromium-headless-shell"
                                            " or chromium): the page is not run in a browser")
def test_the_page_runs_in_a_browser_without_script_errors(tmp_path):
    record = pa.Record.parse(RECORD)
    path = tmp_path / "page.html"
    path.write_text(render_html(review_report(pa.review(record))), encoding="utf-8")
    shot = tmp_path / "page.png"
    common = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
              "--enable-logging=stderr", "--v=0"]
    done = subprocess.run(common + ["--dump-dom", f"{path.as_uri()}#card-4"],
                          capture_output=True, text=True, timeout=120)
    assert "Uncaught" not in done.stderr, done.stderr
    # The script drew position 4: its status line and the current cell of the trick table.
    assert "to play. With best play" in done.stdout
    assert 'class="current"' in done.stdout or "current" in done.stdout
    done = subprocess.run(common + [f"--screenshot={shot}", "--window-size=375,900",
                                    path.as_uri()], capture_output=True, text=True, timeout=120)
    assert "Uncaught" not in done.stderr, done.stderr
    assert shot.exists() and shot.stat().st_size > 10_000


# ----------------------------------------------------------------------------- the docs page


def test_the_docs_page_examples_print_what_it_shows():
    from doc_pages import DOCS, numbered_blocks, run_blocks

    page = DOCS / "report.md"
    (failed, attempted), examples = run_blocks(page, numbered_blocks(page))
    assert attempted == examples >= 8
    assert failed == 0, "docs/report.md: an example's output differs (see the report above)"


def test_review_html_writes_the_review_page(tmp_path):
    path = tmp_path / "played.txt"
    path.write_text(RECORD, encoding="utf-8")
    out = tmp_path / "review.html"
    text = ok("review", str(path), "--html", str(out))
    assert f"Wrote {out}" in text
    data = read(out.read_text(encoding="utf-8")).data
    assert data["play"]["source"] == "played"
    assert [s["card"] for s in data["play"]["steps"]] == [
        str(c) for c in pa.Record.parse(RECORD).plays]
    same = strict_json(ok("review", str(path), "--json", "--html", str(tmp_path / "b.html")))
    assert same == json.loads(json.dumps(pa.review(pa.Record.parse(RECORD)).to_dict()))
    result = run("review", str(path), "--html", "-")
    assert result.exit_code == 2 and "--html needs a file name" in result.stderr
