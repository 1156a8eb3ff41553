"""`prefdd declare`: the text and JSON against the analysis API, the progress bar, one-line
errors and the help examples. Endings and small seeded samples, so the file runs in seconds."""
from __future__ import annotations

import json
import shlex

import pytest

import pyanalysis as pa
import pyanalysis.cli.declare as cli_declare
from pyanalysis.analysis.declare import planned_positions
from pyanalysis.text.declare import verdict

from cli_support import RecordingBar, flat, ok, run, same_json, strict_json

HAND = "AKQJ.AK.AK.98"
TALON = "8D 7D"
ENDING = "AK.7.7.-"
OTHERS = "QJ.9.8.-"


def test_an_ending_counted_exactly_in_words():
    out = ok("declare", ENDING, "--declarer", "1", "--others", OTHERS, "--samples", "all")
    result = pa.declare_options(ENDING, 1, others=OTHERS, samples="all")
    best = result.best
    verb = "clean" if best.game.kind == "misere" else "makes"
    discard = " ".join(c.symbol() for c in sorted(best.discard, key=lambda c: (c.suit, -c.rank)))
    assert (f"Declare {best.game.symbol()} discarding {discard}: {verb}"
            f" {float(best.probability) * 100:.2f}%") in flat(out)
    assert "every one of the 6 ways the defenders' 4 cards can lie" in flat(out)
    assert "in a contract he is taken to have won the 8 tricks before it" in flat(out)
    rows = [line.split() for line in out.splitlines() if line.startswith("  ")][1:]
    assert [row[0] for row in rows] == [o.game.symbol() for o in result.options]
    for row, option in zip(rows, result.options):
        assert row[-1] == ("best" if option is best else f"{float(option.diff):+.2f}")
        assert f"{float(option.vists):+.2f}" in row
    assert "±" not in out  # exact: no standard errors


def test_a_sample_shows_its_errors_and_ascii_on_request():
    out = ok("declare", HAND, "--talon", TALON, "--declarer", "2", "--samples", "40", "--seed",
             "5", "--ascii")
    result = pa.declare_options(HAND, 2, talon=TALON, samples=40, seed=5)
    assert "40 of the 184,756 ways" in flat(out) and "(seed 5)" in flat(out)
    assert f"+/- {result.best.vists_se:.2f}" in out
    assert "♠" not in out and "±" not in out
    assert f"Declare {result.best.game}" in out


def test_json_is_the_results_dict():
    out = ok("declare", HAND, "--talon", TALON, "--declarer", "3", "--samples", "30",
             "--rules", "leningrad", "--players", "4", "--leader", "2", "--json")
    result = pa.declare_options(HAND, 3, talon=TALON, samples=30, rules="leningrad", players=4,
                                leader=2)
    same_json(out, result)
    data = result.to_dict()
    assert data["rules"] == "leningrad" and data["players"] == 4 and data["leader"] == 2
    assert {"best", "options", "layouts", "exact", "seed"} <= set(data)


def test_twelve_cards_without_talon_is_the_same_question():
    one = ok("declare", HAND, "--talon", TALON, "--declarer", "2", "--samples", "20", "--json")
    two = ok("declare", "AKQJ.AK.AK87.98", "--declarer", "2", "--samples", "20", "--json")
    assert one == two


def test_the_bar_counts_every_position(monkeypatch):
    RecordingBar.made = []
    monkeypatch.setattr(cli_declare, "Progress", RecordingBar)
    ok("declare", ENDING, "--declarer", "1", "--others", OTHERS, "--samples", "all")
    bar, = RecordingBar.made
    assert bar.total == planned_positions(ENDING, 1, others=OTHERS, samples="all") == 6 * 4 * 6
    assert bar.count == bar.total


def test_the_defenders_from_their_seats(monkeypatch):
    """--defenders seat on an ending with its talon: the API's answer, the note that says so,
    and a bar that counts the layouts whose words are decided too."""
    args = ("AK.-.-.-", "--talon", "7C 7D", "--declarer", "1", "--others", OTHERS,
            "--samples", "all", "--defenders", "seat", "--seat-samples", "all")
    result = pa.declare_options("AK.-.-.-", 1, talon="7C 7D", others=OTHERS, samples="all",
                                whist="seat", seat_samples="all")
    same_json(ok("declare", *args, "--json"), result)
    assert result.whist == "seat" and result.seat_samples == "all"
    out = ok("declare", *args)
    assert "Each defender whists or passes from his own seat" in flat(out)
    assert "over every layout of the cards he cannot see" in flat(out)
    RecordingBar.made = []
    monkeypatch.setattr(cli_declare, "Progress", RecordingBar)
    ok("declare", *args)
    bar, = RecordingBar.made
    assert bar.total == planned_positions("AK.-.-.-", 1, talon="7C 7D", others=OTHERS,
                                          samples="all", whist="seat") == 6 * 4 * 6 + 6
    assert bar.count == bar.total


@pytest.mark.parametrize("args, message", [
    ((HAND, "--declarer", "2"), "hand: ten cards; give the talon's two as well"),
    ((HAND, "--talon", "8D", "--declarer", "2"), "--talon '8D': two cards"),
    ((HAND, "--talon", "AS 7D", "--declarer", "2"), "talon: a talon card is also in the hand"),
    ((HAND, "--talon", TALON, "--declarer", "5"), "--declarer"),
    ((HAND, "--talon", TALON, "--declarer", "2", "--samples", "0"), "--samples '0'"),
    ((HAND, "--talon", TALON, "--declarer", "2", "--samples", "all", "--seed", "1"),
     "--seed is for sampling"),
    ((HAND, "--talon", TALON, "--declarer", "2", "--rules", "moscow"), "moscow"),
    ((ENDING, "--declarer", "1", "--others", "QJ.9.-.-"), "hold 3 cards between them"),
    (("AKQJ.AK.AK.9X", "--talon", TALON, "--declarer", "2"), "9X"),
    (("AKQJ.AK.AK87.98", "--declarer", "2", "--defenders", "seat"),
     "--defenders seat: the defenders see the talon; give it with --talon"),
    ((HAND, "--talon", TALON, "--declarer", "2", "--defenders", "mind"), "--defenders"),
    ((HAND, "--talon", TALON, "--declarer", "2", "--seat-samples", "5"),
     "--seat-samples is for --defenders seat"),
    ((HAND, "--talon", TALON, "--declarer", "2", "--defenders", "seat", "--seat-samples", "0"),
     "--seat-samples '0': a positive number of layouts, or 'all'"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run("declare", *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_help_examples_run():
    out = ok("declare", "--help")
    examples = [line.strip() for line in out.split("Example:")[1].splitlines() if line.strip()]
    assert len(examples) == 3
    for example in examples:
        words = shlex.split(example)
        assert words[:2] == ["prefdd", "declare"]
        ok(*words[1:])


@pytest.mark.slow
def test_the_report_has_a_declaration_section(tmp_path):
    """A tenner's deal (data/bench/bid_tenners.jsonl): his ten and his discard are his twelve."""
    deal = "-.AKQ.A.AKQT97 AQT98.T8.JT.8 K.J97.KQ987.J discard:J7.-.-.-"
    page = tmp_path / "deal.html"
    ok("report", deal, "-g", "10H", "--declarer", "1", "--declare", "-o", str(page))
    html = page.read_text(encoding="utf-8")
    parsed = pa.Deal.parse(deal)
    result = pa.declare_options(parsed.hands[0] | parsed.discard, 1,
                                others=parsed.hands[1] | parsed.hands[2])
    assert "What to declare" in html and verdict(result) in html
    assert html.count('data-best="true"') >= 1
    best = {str(option.game) for option in result.options if option.game == result.best.game}
    for option in result.options:
        row = html.index(f'data-game="{option.game}"')
        assert f'<span class="game-name">{option.game.symbol()}' in html[row:row + 400]
        chosen = html[html.rindex("<tr", 0, row):row].startswith('<tr class="chosen"')
        assert chosen == (str(option.game) in best), option.game
    data = strict_json(ok("report", deal, "-g", "10H", "--declarer", "1", "--declare", "--json"))
    assert data["declare"] == json.loads(json.dumps(result.to_dict()))
    plain = strict_json(ok("report", deal, "-g", "10H", "--declarer", "1", "--json"))
    assert "declare" not in plain  # the page's data is unchanged unless asked


def test_the_report_refuses_a_deal_without_talon_or_discard():
    result = run("report", "KQT9.QJ.8.KT7 87.KT.KQJ9.QJ AJ.A987.T.A98", "-g", "8S",
                 "--declarer", "1", "--declare", "-o", "-")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("Error: what to declare needs the deal's talon or the"
                                     " declarer's discard")


def test_the_declaration_section_renders_alone():
    from pyanalysis.report import render_sections

    result = pa.declare_options(ENDING, 1, others=OTHERS, samples="all")
    html = render_sections(result.best.game, declare=result)
    assert html.count("<tr class") == len(result.options) == 26
    assert verdict(result) in html and "Every one of the 6 layouts" in html
    assert "±" not in html  # exact: no standard errors
