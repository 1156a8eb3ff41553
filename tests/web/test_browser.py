"""The page in a real headless Chromium (Playwright): a deal entered by clicking, every card
value shown checked against `pa.solve`, a trick played and undone, the tenner odds and a lead
table run, a long analysis cancelled, and the layout at a phone's and a laptop's width."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import pyanalysis as pa
from pyanalysis.analysis.problems import load_problems
from pyanalysis.text.tenner import tenner_odds_lines

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
TEN_DEAL = "AKQ.AKQJ9.-.AK T9.87.JT7.987 J87.T.A98.QJT discard:-.-.KQ.-"
LONG_MISERE = "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 QS 8C"
TIMEOUT = 30_000  # ms: the page's answers come in well under a second; the machine is shared


class Page:
    """A page of the application, with every request it makes and every script error."""

    def __init__(self, browser, base: str, width: int = 1280, hash_: str = "") -> None:
        self.base = base
        self.page = browser.new_page(viewport={"width": width, "height": 900})
        self.page.set_default_timeout(TIMEOUT)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)
        # The deal, game, seat, leader and talon rule (raspasy) of the position on the page.
        self.question = ["", "8S", "1", "1", ""]
        self.page.goto(base + "/" + hash_)
        self.page.wait_for_selector("body[data-ready]")

    def _console(self, message) -> None:
        # A 400 answer to bad input is the page's to show, not a script error.
        if message.type == "error" and "status of 400" not in message.text:
            self.errors.append(message.text)

    def shown(self, plays: list[str], deal: str | None = None, game: str | None = None,
              declarer: int | None = None, leader: int | None = None,
              talon_rule: str | None = None) -> None:
        """Wait until the board shows the position after `plays` (of the deal, game, seats
        and talon rule given, or those of the last position)."""
        for i, value in enumerate((deal and str(pa.Deal.parse(deal)), game, declarer, leader,
                                   talon_rule)):
            if value is not None:
                self.question[i] = str(value)
        key = "|".join([*self.question, " ".join(plays)])
        self.page.wait_for_function("k => document.body.dataset.position === k", arg=key)

    def values(self) -> dict[str, int]:
        """The value shown under each legal card."""
        return self.page.evaluate("""() => Object.fromEntries(
            [...document.querySelectorAll('button.play-card')].map(
                b => [b.dataset.card, Number(b.querySelector('.v').textContent)]))""")

    def read(self, deal: str, game: str, declarer: int, leader: int = 1) -> None:
        self.page.fill("#notation", deal)
        self.page.click("#read-deal")
        self.page.wait_for_function("d => document.getElementById('deal-shown').textContent"
                                    " === d", arg=str(pa.Deal.parse(deal)))
        self.page.select_option("#game", game)
        self.page.select_option("#declarer", str(declarer))
        self.page.select_option("#leader", str(leader))
        self.shown([], deal, game, declarer, leader)

    def close(self) -> None:
        # Nothing but the page's own server was asked, and no script failed.
        assert all(url.startswith(self.base + "/") or url.startswith("blob:")
                   for url in self.requests), self.requests
        assert not self.errors, self.errors
        self.page.close()


@pytest.fixture
def app(browser, live_server):
    page = Page(browser, live_server)
    yield page
    page.close()


def expected_values(deal: str, game: str, declarer: int, plays: list[str],
                    leader: int = 1) -> dict[str, int]:
    """Each legal card's value by `pa.solve`: the declarer's tricks in the whole deal."""
    the_deal = pa.Deal.parse(deal)
    play = pa.Play(the_deal, game, leader=leader)
    for card in plays:
        play.push(card)
    now = pa.Deal(play.trick_start_hands, the_deal.talon, the_deal.discard)
    solution = pa.solve(now, game, declarer=declarer, leader=play.trick.leader,
                        played=list(play.trick.cards))
    return {str(card): play.taken[declarer] + value for card, value in solution.moves.items()}


def test_a_deal_entered_by_clicking_cards(app):
    page = app.page
    page.click("#picker-box summary")
    deal = pa.Deal.parse(DEAL)
    # Ten cards fill a hand, two the talon: the clicks then go to the next place.
    for cards in [*deal.hands, deal.talon]:
        for card in cards:
            page.click(f'#picker button[data-card="{card}"]')
    assert page.text_content('[data-count="3"]') == "(10)"
    assert page.text_content('[data-count="talon"]') == "(2)"
    # A second click takes a card back.
    page.click('#picker button[data-card="QD"]')
    assert page.text_content('[data-count="talon"]') == "(1)"
    page.click('input[name=target][value="talon"]')
    page.click('#picker button[data-card="QD"]')
    page.click("#picker-use")
    app.shown([], deal=DEAL)
    assert page.input_value("#notation") == str(deal)
    assert page.text_content("#deal-shown") == str(deal)
    page.select_option("#declarer", "2")
    app.shown([], declarer=2)
    assert app.values() == expected_values(DEAL, "8S", 2, [])
    # The double-dummy table is pa.table's.
    page.wait_for_selector("#dd-grid")
    table = pa.table(DEAL)
    cells = page.eval_on_selector_all("#dd-grid tbody tr", "rows => rows.map(r =>"
                                      " [...r.querySelectorAll('td')].map(c => c.textContent))")
    for seat, row in zip((1, 2, 3), cells):
        assert row[:5] == [str(table.contracts[(seat, s)]) for s in ("S", "C", "D", "H", "NT")]
        assert row[5:] == [str(table.misere[seat]), str(table.raspasy[seat])]


def test_every_card_value_shown_is_pa_solve_through_a_trick_and_undo(app):
    page = app.page
    app.read(DEAL, "8S", 2)
    start = pa.solve(DEAL, "8S", declarer=2)
    assert page.text_content("#status") == (f"1st hand to play. With best play the declarer"
                                            f" takes {start.tricks} tricks ({start.verdict}).")
    plays: list[str] = []
    for _ in range(4):  # a whole trick, then the next lead
        shown = app.values()
        assert shown == expected_values(DEAL, "8S", 2, plays), plays
        # The best cards are marked: those of the highest value for the declarer's side.
        best = set(page.eval_on_selector_all("button.play-card.best", "bs => bs.map(b =>"
                                             " b.dataset.card)"))
        assert best and all(card in shown for card in best)
        card = sorted(shown)[0]
        page.click(f'button.play-card[data-card="{card}"]')
        plays.append(card)
        app.shown(plays)
    winner = pa.Play(pa.Deal.parse(DEAL), "8S")
    for card in plays[:3]:
        winner.push(card)
    taker = winner.tricks[0].winner
    assert page.text_content(f'[data-taken="{taker}"]') == "1 trick"
    # Undo with the button, then with the key; the values are those of the earlier positions.
    page.click("#undo")
    app.shown(plays[:3])
    assert page.text_content("#trick-caption") == "Trick 1 done"
    assert app.values() == expected_values(DEAL, "8S", 2, plays[:3])
    page.keyboard.press("ArrowLeft")
    app.shown(plays[:2])
    assert app.values() == expected_values(DEAL, "8S", 2, plays[:2])
    assert page.text_content(f'[data-taken="{taker}"]') == "0 tricks"
    # Redo, jump to the second trick, back to the start.
    page.keyboard.press("ArrowRight")
    app.shown(plays[:3])
    page.click('button[data-trick="2"]')
    app.shown(plays[:3])
    page.click('button[data-trick="1"]')
    app.shown([])
    page.keyboard.press("End")
    app.shown(plays)
    # Another card where the line was undone starts a branch.
    page.click("#go-first")
    app.shown([])
    other = sorted(expected_values(DEAL, "8S", 2, []))[-1]
    page.click(f'button.play-card[data-card="{other}"]')
    app.shown([other])
    assert page.is_disabled("#redo")
    page.keyboard.press("b")  # a best card
    app.shown([other, pa.solve(DEAL, "8S", declarer=2, played=[other]).line[0].__str__()])


def test_the_status_says_the_whole_deals_verdict_after_every_trick(app):
    from pyanalysis.session import PlaySession

    page = app.page
    app.read(DEAL, "8S", 2)
    # The declarer's worst cards, the defenders' best: 8♠ is made after the first trick and
    # goes down 1 with the declarer's 10♠; then to the end.
    line = ["8C", "KC", "7S", "AH", "7H", "AS", "TS", "9S", "JS"]
    session = PlaySession(pa.Deal.parse(DEAL), pa.Game.parse("8S"), 2)
    statuses = {}
    for card in line:
        page.click(f'button.play-card[data-card="{card}"]')
        session.play(card)
        app.shown([str(c) for c in session.history])
        turn = session.turn()
        total = session.focus_total()
        expected = (f"{('1st', '2nd', '3rd')[turn.solution.to_move - 1]} hand to play. With best"
                    f" play the declarer takes {total} tricks"
                    f" ({pa.Game.parse('8S').verdict(total)}).")
        statuses[len(session.history)] = page.text_content("#status")
        assert statuses[len(session.history)] == expected
    assert "null" not in " ".join(statuses.values())
    assert statuses[3].endswith("takes 8 tricks (made).")
    assert statuses[7].endswith("takes 7 tricks (down 1).")
    page.keyboard.press("End")  # nothing further in this line: play on with best cards
    while session.turn().solution is not None:
        page.keyboard.press("b")
        session.best()
        app.shown([str(c) for c in session.history])
    assert page.text_content("#status") == ("The deal is over: the declarer took 7 tricks"
                                            " (down 1).")


def test_an_ending_has_no_verdict_and_no_null(app):
    page = app.page
    app.read("8.-.T.- J.-.-.9 -.-.J.7", "misere", 2)
    assert page.text_content("#status") == ("1st hand to play. With best play the declarer"
                                            " takes 2 tricks.")
    for card, plays in (("8S", ["8S"]), ("JS", ["8S", "JS"]), ("7H", ["8S", "JS", "7H"])):
        page.click(f'button.play-card[data-card="{card}"]')
        app.shown(plays)
    assert "null" not in page.text_content("#status")
    assert page.text_content("#status").endswith(" tricks.")


def test_a_bad_deal_is_shown_in_the_parsers_words(app):
    app.page.fill("#notation", "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T8X")
    app.page.click("#read-deal")
    app.page.wait_for_selector("#deal-error:not([hidden])")
    with pytest.raises(ValueError) as error:
        pa.Deal.parse("AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T8X")
    assert app.page.text_content("#deal-error") == str(error.value)


def run_analysis(page, name: str, **fields: str) -> None:
    """Choose the analysis `name`, set its options' fields (the form the page builds from
    `/api/analyses`: ``#opt-`` + the option's name) and run it."""
    page.select_option("#analysis", name)
    for field, value in fields.items():
        if page.eval_on_selector(f"#opt-{field}", "e => e.tagName") == "SELECT":
            page.select_option(f"#opt-{field}", value)
        else:
            page.fill(f"#opt-{field}", value)
    page.click("#run")


def test_the_tenner_odds(app):
    page = app.page
    app.read(TEN_DEAL, "10C", 1)
    run_analysis(page, "tenner-odds")
    page.wait_for_selector('#analysis-result section[data-view="odds"]')
    page.click("#analysis-result details.as-text summary")  # the text is one click away
    hand, out = pa.Hand.parse("AKQ.AKQJ9.-.AK"), pa.Hand.parse("-.-.KQ.-")
    result = pa.tenner_odds(hand, "10C", 1, out=out)
    assert page.inner_text("#analysis-result pre") == "\n".join(
        tenner_odds_lines(result, hand, out, True))
    assert page.text_content("#progress-text").startswith("Done in ")


def test_layout_odds_shown_as_the_report_shows_them(app):
    page = app.page
    app.read(TEN_DEAL, "8C", 1)
    run_analysis(page, "odds", samples="300", seed="2")
    page.wait_for_selector("#analysis-result section.odds")
    odds = pa.layout_odds("AKQ.AKQJ9.-.AK", "8C", 1, out="KD QD", samples=300, seed=2)
    rows = page.eval_on_selector_all(
        "#analysis-result section.odds tbody tr",
        "rows => rows.map(r => [Number(r.querySelector('th').textContent),"
        " Number(r.querySelectorAll('td')[1].textContent.replace(/,/g, '')),"
        " r.querySelector('.vbar .fill').getBoundingClientRect().width])")
    assert {tricks: n for tricks, n, _ in rows} == dict(odds.counts)
    # The bars are drawn (their width is a style attribute the page allows).
    assert all(width > 0 for _, n, width in rows if n > 3)


def test_a_lead_table(app):
    page = app.page
    app.read(DEAL, "8S", 2)
    run_analysis(page, "lead-table", rules="sochi")
    page.wait_for_selector("#analysis-result section.leads")
    table = pa.lead_table(DEAL, "8S", 2, rules="sochi")
    rows = page.eval_on_selector_all(
        "#analysis-result section.leads tbody tr",
        "rows => rows.map(r => [r.querySelector('th .c').textContent,"
        " r.querySelector('td').textContent])")
    symbols = {card.symbol(): n for card, n in table.leads.items()}
    assert {card: int(n) for card, n in rows} == symbols and len(rows) == len(table.leads)
    best = page.eval_on_selector_all("#analysis-result tr.chosen th .c",
                                     "cs => cs.map(c => c.textContent)")
    assert best == [card.symbol() for card in table.best]


def test_a_long_analysis_is_cancelled(app, live_server):
    page = app.page
    app.read(LONG_MISERE, "misere", 1)
    run_analysis(page, "misere-odds")
    page.wait_for_function("() => /running: [0-9,]+ of 5,912,192 layouts/"
                           ".test(document.getElementById('progress-text').textContent)")
    assert page.is_enabled("#cancel") and page.is_disabled("#run")
    page.click("#cancel")
    page.wait_for_function("() => document.getElementById('progress-text').textContent"
                           ".startsWith('Cancelled after ')")
    assert page.is_enabled("#run") and page.is_disabled("#cancel")
    assert page.inner_html("#analysis-result") == ""
    done = int(re.sub(r"\D", "", page.text_content("#progress-text")))
    assert 0 < done < 5_912_192


@pytest.mark.parametrize("width", [375, 1280])
def test_no_horizontal_overflow(browser, live_server, width, tmp_path):
    app = Page(browser, live_server, width)
    page = app.page
    app.read(DEAL, "8S", 2)
    page.click("#picker-box summary")
    run_analysis(page, "lead-table", rules="sochi")
    page.wait_for_selector("#analysis-result section.leads")
    first = sorted(app.values())[0]
    page.click(f'button.play-card[data-card="{first}"]')
    app.shown([first])
    page.click("#share")
    shot = tmp_path / f"page-{width}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    scroll = page.evaluate("() => [document.documentElement.scrollWidth,"
                           " document.body.scrollWidth, window.innerWidth]")
    assert scroll[0] <= width and scroll[1] <= width, scroll
    app.close()


def test_the_share_link_opens_the_same_position(browser, live_server):
    app = Page(browser, live_server)
    app.read(DEAL, "8S", 2, leader=1)
    plays = []
    for _ in range(2):
        card = sorted(app.values())[-1]
        app.page.click(f'button.play-card[data-card="{card}"]')
        plays.append(card)
        app.shown(plays)
    app.page.click("#share")
    link = app.page.get_attribute("#share-link", "href")
    assert "#" in link and app.page.url == link
    app.close()
    again = Page(browser, live_server, hash_=link[link.index("#"):])
    again.shown(plays, DEAL, "8S", 2, 1)
    assert again.page.input_value("#declarer") == "2"
    assert again.values() == expected_values(DEAL, "8S", 2, plays)
    again.page.click("#undo")
    again.shown(plays[:1])
    again.close()


def test_a_record_file_a_problem_and_the_report(app, tmp_path):
    page = app.page
    record = ROOT / "data" / "examples" / "game.txt"
    page.set_input_files("#record-file", str(record))
    parsed = pa.Record.parse(record.read_text(encoding="utf-8"))
    plays = [str(card) for card in parsed.plays]
    app.shown(plays, str(parsed.deal), str(parsed.game), parsed.declarer, parsed.leader)
    assert page.input_value("#notation") == str(parsed.deal)
    with page.expect_download() as download:
        page.click("#export")
    saved = tmp_path / "report.html"
    download.value.save_as(saved)
    assert "as played" in saved.read_text(encoding="utf-8")
    problem = load_problems()[0]
    page.select_option("#problem", problem.id)
    app.shown([], str(problem.deal), str(problem.game), problem.declarer, problem.leader)
    assert app.values() == expected_values(str(problem.deal), str(problem.game),
                                           problem.declarer, [], problem.leader)


def test_the_exported_report_shows_the_analysis_run(app, tmp_path):
    """After an analysis the report can show, Export says so and the report holds it, as the
    analysis answered; once the seats change it is left out, and the note goes."""
    import json
    import re

    page = app.page
    deal = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
    app.read(deal, "6S", 1, leader=2)
    assert page.is_hidden("#export-with")
    with page.expect_response(lambda r: "/api/jobs/" in r.url
                              and r.json().get("state") == "done") as finished:
        run_analysis(page, "lead-seat", samples="30")
    answered = finished.value.json()["result"]
    page.wait_for_selector("#export-with:not([hidden])")
    assert "Leads from the leader's seat" in page.text_content("#export-with")

    def exported() -> dict:
        with page.expect_download() as download:
            page.click("#export")
        saved = tmp_path / "report.html"
        download.value.save_as(saved)
        found = re.search(r'id="report-data">(.*?)</script>', saved.read_text("utf-8"), re.S)
        return json.loads(found.group(1))

    assert exported()["lead_seat"] == answered
    page.select_option("#leader", "3")
    app.shown([], leader=3)
    assert page.is_hidden("#export-with")
    assert not exported().get("lead_seat")


def test_raspasy_counts_the_chosen_players_tricks_under_the_talon_rule(app):
    page = app.page
    deal = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
    page.select_option("#talon-rule", "card")
    app.question[4] = "card"
    app.read(deal, "raspasy", 3)
    solution = pa.solve(deal, "raspasy", player=3, talon_rule="card")
    assert app.values() == {str(card): value for card, value in solution.moves.items()}
    assert page.text_content(".seat-3 .role") == "player"
    assert page.text_content("#status") == (f"1st hand to play. With best play the player"
                                            f" takes {solution.tricks} tricks.")
    page.select_option("#talon-rule", "none")
    app.shown([], talon_rule="none")
    none = pa.solve(deal, "raspasy", player=3, talon_rule="none")
    assert app.values() == {str(card): value for card, value in none.moves.items()}



def test_leaving_the_page_cancels_its_analysis(browser, live_server):
    import json
    import time
    import urllib.request

    app = Page(browser, live_server)
    app.read(LONG_MISERE, "misere", 1)
    with app.page.expect_response(lambda r: r.url.endswith("/api/jobs")) as started:
        run_analysis(app.page, "misere-odds")
    job = started.value.json()["id"]
    app.page.wait_for_function("() => /running/.test("
                               "document.getElementById('progress-text').textContent)")
    app.page.goto("about:blank")
    deadline, state = time.monotonic() + 30, None
    while time.monotonic() < deadline and state != "cancelled":
        time.sleep(0.1)
        with urllib.request.urlopen(f"{live_server}/api/jobs/{job}") as answer:
            state = json.load(answer)["state"]
    assert state == "cancelled"
    app.page.close()


README_DECLARE = "T987.QJT.-.AKQ AKQJ.AK.AK.98 -.987.QJT9.JT7 8D 7D"  # README's declare hand


def test_declare_shows_a_provisional_best_within_a_second(app):
    import time

    page = app.page
    app.read(README_DECLARE, "8S", 2)
    # A first run prices the games (the value tables are made once per server).
    run_analysis(page, "declare", seed="1")
    page.wait_for_function("() => document.getElementById('progress-text').textContent"
                           ".startsWith('Done in ')")
    run_analysis(page, "declare", seed="2")
    start = time.monotonic()
    page.wait_for_selector("#analysis-result .provisional-mark")
    assert time.monotonic() - start <= 1.0
    assert page.inner_text("#analysis-result .provisional .view-stop").startswith("Provisional: ")
    page.wait_for_function("() => document.getElementById('progress-text').textContent"
                           ".startsWith('Done in ')")
    assert page.query_selector("#analysis-result .provisional-mark") is None


def test_a_reviewed_card_shows_the_position_before_it(app):
    # The review of the play on the board: a costly card's row puts the board at the
    # position before that card, the reviewed line back in place if the board moved on.
    deal = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
    plays = ["7C", "TC", "7S", "QH", "7H", "KS", "8S", "9S", "JS", "TH", "AS", "AH"]
    page = app.page
    app.read(deal, "8S", 2)
    for k, card in enumerate(plays):
        page.click(f'button.play-card[data-card="{card}"]')
        app.shown(plays[:k + 1])
    run_analysis(page, "review")
    page.wait_for_selector('#analysis-result section[data-view="review"]')
    # The 2nd hand's 8♠ at trick 3, the seventh card, lost the contract.
    page.click('#analysis-result tr[data-number="7"] button.show-card')
    app.shown(plays[:6])
    # Another line from the start; the row brings the reviewed one back.
    page.click('button.trick-jump[data-trick="1"]')
    app.shown([])
    other = next(c for c in sorted(app.values()) if c != plays[0])
    page.click(f'button.play-card[data-card="{other}"]')
    app.shown([other])
    page.click('#analysis-result tr[data-number="7"] button.show-card')
    app.shown(plays[:6])
    assert page.get_attribute('#analysis-result tr[data-number="7"] button.show-card',
                              "aria-label").startswith("Card 7:")
