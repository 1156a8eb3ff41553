"""`prefdd tenner`, `odds`, `totus`, `underbid`, `misere-odds`: text and JSON against the
analysis API, one-line errors, Ctrl-C, the progress bar and the help examples.

Most inputs are endings (`--others`: 70 layouts) or full hands whose counts take well under a
second, so that the file runs in seconds.
"""
from __future__ import annotations

import math
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pyanalysis as pa
from pyanalysis.diagram import draw_deal
from pyanalysis.analysis import (
    check_tenner, layout_odds, misere_odds, tenner_odds, totus, underbid,
)
from pyanalysis.analysis.misere import BIAS
from pyanalysis.cli import analysis as cli_analysis
from pyanalysis.cli.scoring import format_deal

from cli_support import RecordingBar, flat, ok, run, same_json

REPO = Path(__file__).resolve().parents[2]
COMMANDS = ["tenner", "odds", "totus", "underbid", "misere-odds"]

TEN_DEAL = "AKQ.AKQJ9.-.AK T9.87.JT7.987 J87.T.A98.QJT discard:-.-.KQ.-"  # 10♣ made
TEN_TALON = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"  # 10♠ by the 2nd: down 2
TEN_ENDING = "AKQ.7.-.- JT9.8.-.- 87.A.K.-"  # every trick left in 10NT by the 1st: down 1
ENDING_HAND, ENDING_OTHERS = "AKQ.7.-.-", "JT987.A8.K.-"  # 4 cards; 70 layouts
ENDING_SIX = "AKQ9.7.8.-"  # the same ending's hand with two cards more: every discard
OTHERS_SIX = "JT87.A8.K9.-"


def pair(cards) -> str:
    return " ".join(c.symbol() for c in sorted(cards, key=lambda c: (c.suit, -c.rank)))


def cards_of(text: str) -> pa.Hand:
    return pa.Hand.from_cards(text.split())


# ------------------------------------------------------------------------------ tenner


def test_tenner_deal_made_shows_the_diagram_the_verdict_and_the_line():
    check = check_tenner(TEN_DEAL, "10C", 1)
    out = ok("tenner", TEN_DEAL, "--game", "10C", "--declarer", "1")
    assert draw_deal(pa.Deal.parse(TEN_DEAL), declarer=1) in out
    assert f"Declarer (1st hand) takes {check.tricks} tricks in 10♣: made." in out
    plays = out.split("Line of play:\n")[1].splitlines()
    assert len(plays) == 10 and plays[0].split()[1:3] == ["1st", check.line[0].symbol()]
    assert "refutation" not in out


def test_tenner_deal_set_spells_out_the_refutation():
    check = check_tenner(TEN_ENDING, "10NT", 1)
    assert not check.made and check.refutation is not None
    out = ok("tenner", TEN_ENDING, "-g", "10NT", "--declarer", "1")
    assert f"takes {check.tricks} tricks of the 4 left in 10NT: down {check.down}." in out
    tree = out.split("answering each of his:\n")[1].splitlines()
    # the declarer leads: every card of his is answered by the defence
    for card, answer in check.refutation["replies"].items():
        first = pa.Card.parse(card).symbol()
        reply = f"2nd hand {pa.Card.parse(answer['card']).symbol()}"
        assert any(line.startswith(f"  1st hand leads {first} ") and reply in line
                   for line in tree), (card, tree)


def test_tenner_twelve_card_deal_checks_every_discard_and_scores_the_best():
    check = check_tenner(TEN_TALON, "10S", 2, rules="sochi")
    out = ok("tenner", TEN_TALON, "-g", "10S", "--declarer", "2", "--rules", "sochi")
    text = flat(out)
    assert f"Best discard: {pair(check.discard)}" in text
    assert f"Declarer (2nd hand) takes {check.tricks} tricks in 10♠: down {check.down}." in text
    root = check.refutation
    assert f"{'1st hand leads'} {pa.Card.parse(root['card']).symbol()}" in out
    for line in format_deal(check.score):
        assert line in out
    table = out.split("Every distinct discard, best first:\n")[1].splitlines()[1:]
    assert len(table) == len(check.discards)
    for row, one in zip(table, check.discards):
        assert row.split()[:4] == [*pair(one.discard).split(), str(one.tricks), "down"]
        assert row.split()[4] == str(one.down)


def test_tenner_json_is_the_check():
    same_json(ok("tenner", TEN_TALON, "-g", "10S", "--declarer", "2", "--json"),
              check_tenner(TEN_TALON, "10S", 2))
    same_json(ok("tenner", TEN_ENDING, "-g", "10NT", "--declarer", "1", "--depth", "1",
                 "--json"), check_tenner(TEN_ENDING, "10NT", 1, depth=1))
    same_json(ok("tenner", TEN_DEAL, "-g", "10C", "--declarer", "1", "--rules", "leningrad",
                 "--rule", "tenner_checked=false", "--json"),
              check_tenner(TEN_DEAL, "10C", 1,
                           rules=pa.RuleSet.preset("leningrad").with_strings(
                               ["tenner_checked=false"])))


def test_tenner_hand_not_guaranteed_shows_a_layout_that_beats_it():
    result = tenner_odds("AKQ87.AK.AQ.A", "10S", 1, out="-.-.-.KQ")
    assert not result.guaranteed
    out = ok("tenner", "AKQ87.AK.AQ.A", "-g", "10S", "--declarer", "1", "--out", "KH QH")
    odds = result.odds
    share = f"{100 * odds.made / odds.layouts:.2f}%"
    assert (f"Not guaranteed: the hand makes ten in {odds.made:,}/184,756 layouts ({share})."
            in flat(out))
    assert "exact, every layout counted" in out
    assert draw_deal(result.beaten_by.deal, declarer=1) in out
    assert f"he takes {result.beaten_by.tricks} tricks" in out


def test_tenner_twelve_card_hand_guaranteed_with_its_discard_table():
    result = tenner_odds("AKQ87.AKQ.AQ.AK", "10S", 1, jobs=1)
    assert result.guaranteed
    out = ok("tenner", "AKQ87.AKQ.AQ.AK", "-g", "10S", "--declarer", "1", "--jobs", "1")
    text = flat(out)
    assert (f"Guaranteed: discarding {pair(result.odds.discard)} he takes ten in every one of"
            f" the 184,756 layouts." in text)
    rows = out.split("Discards, best first:\n")[1].splitlines()[1:]
    assert len(rows) == len(result.odds.discards)
    for row, one in zip(rows, result.odds.discards):
        assert row.strip().startswith(pair(one.discard))
        assert f"made in {one.made:,}/{one.layouts:,} layouts" in row
        assert ("(stopped: worse than the best)" in row) == (not one.complete)
    assert any("stopped" in row for row in rows)


def test_tenner_hand_json_is_the_odds():
    same_json(ok("tenner", "AKQ87.AKQ.AQ.AK", "-g", "10S", "--declarer", "1", "--jobs", "1",
                 "--json"), tenner_odds("AKQ87.AKQ.AQ.AK", "10S", 1, jobs=1))
    same_json(ok("tenner", "♠AKQ87 ♣AK ♦AQ ♥A", "-g", "10♠", "--declarer", "1", "--out", "-.-.-.KQ",
                 "--samples", "300", "--seed", "4", "--json"),
              tenner_odds("AKQ87.AK.AQ.A", "10S", 1, out="KH QH".split(), samples=300, seed=4))


def test_tenner_sampled_says_it_is_an_estimate():
    out = flat(ok("tenner", "AKQ87.AK.AQ.A", "-g", "10S", "--declarer", "1", "--out", "KH QH",
                  "--samples", "300", "--seed", "4"))
    assert "Estimate from 300 sampled layouts, seed 4" in out
    low, high = pa.tenner_odds("AKQ87.AK.AQ.A", "10S", 1, out="KH QH", samples=300,
                               seed=4).odds.interval
    assert (f"makes ten in 6/300 sampled layouts (2.00%; 95% interval"
            f" {math.floor(1000 * low) / 10:.1f}–{math.ceil(1000 * high) / 10:.1f}%, standard"
            f" error 0.81%).") in out


def test_tenner_never_beaten_in_the_sample_gives_the_interval_not_a_zero_error():
    out = flat(ok("tenner", "AKQJT.AK.AK.A", "-g", "10S", "--declarer", "1", "--out", "9H 8H",
                  "--samples", "50"))
    low = pa.tenner_odds("AKQJT.AK.AK.A", "10S", 1, out="9H 8H", samples=50).odds.interval[0]
    assert (f"No sampled layout beats it: he takes ten in all 50 sampled layouts (an"
            f" estimate, 95% interval {math.floor(1000 * low) / 10:.1f}–100%, not a proof:"
            f" count every layout without --samples).") in out
    assert "0.00%" not in out


# ------------------------------------------------------------------------------ odds


def test_odds_distribution_on_an_ending():
    result = layout_odds(ENDING_HAND, "6NT", 3, others=ENDING_OTHERS)
    out = ok("odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS)
    text = flat(out)
    assert "How many tricks does the declarer (3rd hand) take in 6NT" in text
    assert "70 layouts: exact, every layout counted." in text
    assert "Double-dummy" in text
    for tricks, layouts in result.counts.items():
        share = f"{100 * layouts / 70:.2f}%"
        assert f" {tricks} {layouts} {share}" in text
    assert f"Mean: {float(result.mean):.2f} tricks." in text
    assert draw_deal(result.worst.deal, declarer=3) in out
    assert f"he takes {result.worst.tricks} trick" in text


def test_odds_target_gives_the_exact_fraction():
    result = layout_odds(ENDING_HAND, "6NT", 3, others=ENDING_OTHERS, target=3)
    out = flat(ok("odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others",
                  ENDING_OTHERS, "--target", "3"))
    p = result.probability
    assert (f"At least 3 tricks in {result.made} of 70 layouts = {p.numerator}/{p.denominator}"
            f" ({100 * float(p):.2f}%); fewer in {70 - result.made}." in out)
    assert "A layout where he falls short" in out


def test_odds_twelve_cards_rank_every_discard():
    result = layout_odds(ENDING_SIX, "6NT", 3, others=OTHERS_SIX, target=3)
    out = ok("odds", ENDING_SIX, "-g", "6NT", "--declarer", "3", "--others", OTHERS_SIX,
             "--target", "3")
    assert f"Best discard: {pair(result.discard)}" in flat(out)
    rows = out.split("Every distinct discard, best first:\n")[1].splitlines()[1:]
    assert len(rows) == len(result.discards) > 1
    for row, one in zip(rows, result.discards):
        assert row.strip().startswith(pair(one.discard))
        assert f"made in {one.made}/{one.layouts} layouts" in row


def test_odds_sampled_states_the_sample_seed_interval_and_error():
    result = layout_odds("AKJ98.AQ.K7.8", "6S", 1, out="-.-.-.97", target=6, samples=300, seed=5)
    out = flat(ok("odds", "AKJ98.AQ.K7.8", "-g", "6S", "--declarer", "1", "--out", "9H 7H",
                  "--target", "6", "--samples", "300", "--seed", "5"))
    low, high = result.interval
    # Its interval is not yet narrower than 0.5 points at 300 layouts: the run took them all.
    assert ("Estimate from 300 sampled layouts, seed 5, of the 184,756 possible; cap reached"
            " (300 layouts).") in out
    # One decimal, rounded outwards: the interval shown holds the one computed.
    shown = f"{math.floor(1000 * low) / 10:.1f}–{math.ceil(1000 * high) / 10:.1f}%"
    assert f"95% interval {shown}" in out
    assert f"standard error {100 * result.stderr:.2f}%" in out


def test_odds_sampled_says_when_its_draw_stopped_and_fixed_counts_every_one():
    args = ["odds", "AKQ7.AKQ.AKQ.-", "-g", "10NT", "--declarer", "1", "--out", "8H 7H",
            "--target", "6", "--samples", "5000"]
    result = layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6,
                         samples=5000)
    out = flat(ok(*args))
    assert (f"Estimate from {result.samples:,} sampled layouts, seed 0, of the 184,756"
            f" possible; stopped after {result.samples:,} of at most 5,000 layouts: the 95%"
            f" interval is narrower than 0.5 percentage points.") in out
    fixed = flat(ok(*args, "--fixed"))
    assert "Estimate from 5,000 sampled layouts, seed 0, of the 184,756 possible." in fixed
    same_json(ok(*args, "--fixed", "--json"),
              layout_odds("AKQ7.AKQ.AKQ.-", "10NT", 1, out="-.-.-.87", target=6,
                          samples=5000, fixed=True))


def test_misere_odds_sampled_settles_on_the_best_discard():
    result = pa.misere_odds("Q87.98.AQT97.87", 1, samples=1000)
    out = flat(ok("misere-odds", "Q87.98.AQT97.87", "--declarer", "1", "--samples", "1000"))
    assert result.stopped in ("settled", "practical")
    assert (f"Estimate from {result.samples:,} sampled layouts for each distinct discard,"
            f" seed 0, of the 184,756 possible; ") in out
    assert f"after {result.samples:,} of at most 1,000 layouts" in out


def test_odds_json_is_the_odds():
    same_json(ok("odds", ENDING_SIX, "-g", "6NT", "--declarer", "3", "--others", OTHERS_SIX,
                 "--json"), layout_odds(ENDING_SIX, "6NT", 3, others=OTHERS_SIX))
    same_json(ok("odds", ENDING_HAND, "-g", "misere", "--declarer", "3", "--others",
                 ENDING_OTHERS, "--leader", "2", "--target", "1", "--json"),
              layout_odds(ENDING_HAND, "misere", 3, others=ENDING_OTHERS, leader=2, target=1))
    same_json(ok("odds", "AKJ98.AQ.K7.987", "-g", "6S", "--declarer", "1", "--samples", "40",
                 "--seed", "1", "--json"),
              layout_odds("AKJ98.AQ.K7.987", "6S", 1, samples=40, seed=1))


# ------------------------------------------------------------------------------ totus


def test_totus_sound_names_the_discard():
    result = totus("AKQJ.A.A.-", 1, others="T987.KQ.KQ.-")
    assert result.sound
    out = flat(ok("totus", "AKQJ.A.A.-", "--declarer", "1", "--others", "T987.KQ.KQ.-"))
    assert f"Sound: discarding {pair(result.discard)}" in out
    assert "every trick in no-trump" in out and "♠ A K Q J" in out


def test_totus_unsound_shows_a_layout_that_beats_it():
    result = totus("AKQ7.A.-.K", 1, others="JT98.KQ.A.A", jobs=1)
    assert not result.sound
    out = ok("totus", "AKQ7.A.-.K", "--declarer", "1", "--others", "JT98.KQ.A.A", "--jobs", "1")
    assert f"Not sound: each of his {len(result.discards)} distinct discards" in flat(out)
    first = result.discards[0]
    assert draw_deal(first.beaten_by.deal, declarer=1) in out
    same_json(ok("totus", "AKQ7.A.-.K", "--declarer", "1", "--others", "JT98.KQ.A.A",
                 "--jobs", "1", "--json"), result)


def test_totus_full_hand_and_open_form():
    result = totus("AKQJ.AKQ.AKQ.AK", 1)
    out = flat(ok("totus", "AKQJ.AKQ.AKQ.AK", "--declarer", "1"))
    assert result.sound and "Sound: discarding" in out and "seed 003" in out
    opened = totus(TEN_TALON, 2, form="open")
    out = ok("totus", TEN_TALON, "--declarer", "2", "--form", "open")
    worst = opened.discards[0]
    assert not opened.sound
    assert (f"Not sound: the opponents discard {pair(worst.discard)} for him and he takes only"
            f" {worst.tricks} trick" in flat(out))
    assert draw_deal(pa.Deal.parse(TEN_TALON), declarer=2) in out
    same_json(ok("totus", TEN_TALON, "--declarer", "2", "--json"), opened)


# ------------------------------------------------------------------------------ underbid


def test_underbid_justified_shows_the_layout_and_its_line():
    result = underbid(ENDING_HAND, "6NT", 3, others=ENDING_OTHERS, bid=2)
    assert result.justified
    out = ok("underbid", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others",
             ENDING_OTHERS, "--bid", "2")
    assert f"Justified: a layout where he takes only {result.shown.tricks} tricks:" in out
    assert draw_deal(result.shown.deal, declarer=3) in out
    assert f"He takes 2 or fewer in {result.at_most} of the 70 layouts" in flat(out)
    same_json(ok("underbid", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others",
                 ENDING_OTHERS, "--bid", "2", "--json"), result)


def test_underbid_not_justified_over_every_layout_of_a_full_deal():
    out = flat(ok("underbid", "AKQJ8.AK.K.98", "-g", "6S", "--declarer", "1", "--out",
                  "7C 7D"))
    assert "Not justified: he takes more than 6 in every one of the 184,756 layouts." in out
    assert "♠ A K Q J 8" in out


# ------------------------------------------------------------------------------ misère


def test_misere_odds_caught_with_a_catching_layout_and_the_bias():
    result = misere_odds("98.7.A.-", 1, others="AKQ.AK.K.AK")
    assert result.made
    out = ok("misere-odds", "98.7.A.-", "--declarer", "1", "--others", "AKQ.AK.K.AK")
    share = f"{100 * result.made / result.layouts:.2f}%"
    assert f"He is caught in {result.made}/{result.layouts} layouts ({share})." in flat(out)
    assert draw_deal(result.worst.deal, declarer=1) in out
    assert f"Note: {BIAS}." in flat(out)
    same_json(ok("misere-odds", "98.7.A.-", "--declarer", "1", "--others", "AKQ.AK.K.AK",
                 "--json"), result)


def test_misere_odds_ranks_the_discards_fewest_catches_first():
    result = misere_odds("98.7.AQ.7", 1, others="AKQ.AK.KJ.A")
    out = ok("misere-odds", "98.7.AQ.7", "--declarer", "1", "--others", "AKQ.AK.KJ.A")
    rows = out.split("Discards, fewest catches first:\n")[1].split("\n\n")[0].splitlines()[1:]
    assert len(rows) == len(result.discards)
    for row, one in zip(rows, result.discards):
        share = f"{100 * one.made / one.layouts:.2f}%"
        assert row.strip().startswith(pair(one.discard))
        assert f"caught in {one.made}/{one.layouts} layouts ({share})" in row
    assert f"Best discard {pair(result.discard)}: he is never caught" in flat(out)
    assert BIAS.split(":")[0] in out
    same_json(ok("misere-odds", "98.7.AQ.7", "--declarer", "1", "--others", "AKQ.AK.KJ.A",
                 "--json"), result)


def test_misere_odds_full_hand_with_its_discard():
    result = misere_odds("87.9.AQT97.87", 1, out=cards_of("QS 8C"))
    out = flat(ok("misere-odds", "87.9.AQT97.87", "--declarer", "1", "--out", "QS 8C"))
    assert (f"With the discard Q♠ 8♣ he is caught in {result.made:,}/184,756 layouts" in out)


# ------------------------------------------------------------------------------ progress

@pytest.mark.parametrize("args, total", [
    (["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS], 70),
    (["misere-odds", "98.7.AQ.7", "--declarer", "1", "--others", "AKQ.AK.KJ.A"],
     70 * len(misere_odds("98.7.AQ.7", 1, others="AKQ.AK.KJ.A").discards)),
    (["underbid", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS,
      "--bid", "2"], 70),
    (["odds", ENDING_SIX, "-g", "6NT", "--declarer", "3", "--others", OTHERS_SIX, "--samples",
      "9", "--seed", "1"], 9 * len(layout_odds(ENDING_SIX, "6NT", 3, others=OTHERS_SIX,
                                                samples=1).discards)),
])
def test_the_bar_counts_every_layout_solved(monkeypatch, args, total):
    RecordingBar.made = []
    monkeypatch.setattr(cli_analysis, "Progress", RecordingBar)
    ok(*args)
    [bar] = RecordingBar.made
    assert bar.total == total and bar.count == total


def test_a_count_that_stops_early_has_no_total(monkeypatch):
    RecordingBar.made = []
    monkeypatch.setattr(cli_analysis, "Progress", RecordingBar)
    ok("tenner", "AKQ87.AKQ.AQ.AK", "-g", "10S", "--declarer", "1")
    [bar] = RecordingBar.made
    assert bar.total is None and bar.count >= 184_756


class WordsBar:
    """Stands in for `Progress` and keeps the words it would show after the bar for each
    provisional answer it is given."""

    made: list["WordsBar"] = []

    def __init__(self, total, desc="", describe=None, **kwargs):
        self.describe, self.words = describe, []
        WordsBar.made.append(self)

    def update(self, n=1, provisional=None):
        if provisional is not None and self.describe is not None:
            self.words.append(self.describe(provisional))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None


@pytest.mark.parametrize("args, expected", [
    # Twelve cards with a target: the best discard and its share made, at the first answer.
    (["odds", "AKQT.A8.AKQT.A7", "-g", "8S", "--declarer", "1", "--target", "8",
      "--samples", "1000"], "best so far 8♣ 7♥: made 100.0% after 25 layouts"),
    # Without a target: its mean tricks.
    (["odds", "AKQT.A8.AKQT.A7", "-g", "8S", "--declarer", "1", "--samples", "1000"],
     "best so far 8♣ 7♥: mean {mean:.2f} tricks after 25 layouts"),
    # Misère: the share caught.
    (["misere-odds", "Q87.98.AQT97.87", "--declarer", "1", "--samples", "1000"],
     "best so far Q♠ 8♣: caught {caught:.1f}% after 25 layouts"),
])
def test_the_bar_shows_the_count_so_far(monkeypatch, args, expected):
    WordsBar.made = []
    monkeypatch.setattr(cli_analysis, "Progress", WordsBar)
    ok(*args)
    [bar] = WordsBar.made
    first = (layout_odds("AKQT.A8.AKQT.A7", "8S", 1, samples=25, fixed=True)
             if "8S" in args else misere_odds("Q87.98.AQT97.87", 1, samples=25, fixed=True))
    assert bar.words and bar.words[0] == expected.format(
        mean=float(first.mean or 0), caught=float(first.probability or 0) * 100)
    assert all(w.startswith("best so far") for w in bar.words)


# ------------------------------------------------------------------------------ Ctrl-C


def test_ctrl_c_is_one_line_and_exit_code_130(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli_analysis, "layout_odds", interrupted)
    result = run("odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS)
    assert result.exit_code == 130
    assert result.stdout == "" and result.stderr == "interrupted\n"


def test_ctrl_c_stops_a_real_count_cleanly():
    # A full misère count over every discard of twelve cards runs for minutes.
    process = subprocess.Popen(
        [sys.executable, "-m", "pyanalysis.cli", "misere-odds", "QJ97.T87.9.JT87",
         "--declarer", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(1.5)
    assert process.poll() is None, process.communicate()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert out == "" and err == "interrupted\n"


@pytest.mark.parametrize("after", [0.5, 2.0])
def test_ctrl_c_stops_a_declare_within_a_second(after):
    # Every layout of a whole deal's hand: a minute's work, interrupted while the value
    # tables are built or while the layouts are counted.
    process = subprocess.Popen(
        [sys.executable, "-m", "pyanalysis.cli", "declare", "AKQJ.T9.87.AK", "--talon", "TD 9D", "--declarer", "1", "--samples",
         "all"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(after + 1.0)  # the imports first
    assert process.poll() is None, process.communicate()
    process.send_signal(signal.SIGINT)
    start = time.monotonic()
    out, err = process.communicate(timeout=30)
    stopped = time.monotonic() - start
    assert process.returncode == 130
    assert out == "" and err.endswith("interrupted\n")
    assert stopped < 1.0, f"declare ran {stopped:.2f} s after Ctrl-C"


# ------------------------------------------------------------------------------ errors

ERRORS = [
    (["tenner", "AKQ.AKQJ9.KQ.A", "-g", "10C", "--declarer", "1"],
     "a hand has 10 cards (with --out, his discard) or 12 (hand and talon), got 11"),
    (["tenner", "AKQ.AKQJ9.-.AK", "-g", "10C", "--declarer", "1"],
     "a ten-card hand needs its discard: --out CARDS (or give his twelve cards, hand and talon)"),
    (["tenner", "AKQ.AKQJ9.KQ.AK", "-g", "10C", "--declarer", "1", "--out", "KD QD"],
     "--out is the discard of a ten-card hand; a twelve-card hand (hand and talon) is tried"
     " with every distinct discard"),
    (["tenner", TEN_DEAL, "-g", "8C", "--declarer", "1"],
     "the tenner check is for a ten contract (10S … 10NT), not 8C"),
    (["tenner", "AKQ.AKQJ9.KQ.AK", "-g", "9C", "--declarer", "1"],
     "the tenner check is for a ten contract (10S … 10NT), not 9C"),
    (["tenner", TEN_DEAL, "-g", "10X", "--declarer", "1"], "unknown trump 'X' in game '10X'"),
    (["tenner", TEN_DEAL, "-g", "10C", "--declarer", "1", "--samples", "10"], None),
    (["tenner", TEN_DEAL, "-g", "10C", "--declarer", "1", "--rules", "moscow"], None),
    (["tenner", TEN_DEAL, "-g", "10C", "--declarer", "1", "--rule", "nope=1"], None),
    (["tenner", TEN_ENDING, "-g", "10NT", "--declarer", "1", "--rules", "sochi"],
     "--rules scores a whole deal of ten tricks; this is an ending of 4"),
    (["tenner", "AKQ.AKQJ9.KQ.AK", "-g", "10C", "--declarer", "1", "--depth", "1"],
     "--depth is for a deal (the open-card check), not a single hand"),
    (["tenner", "AKQ.AKQJ9.KQ.AX", "-g", "10C", "--declarer", "1"],
     "unknown rank 'X' in hand 'AKQ.AKQJ9.KQ.AX'"),
    (["tenner", "AKQ.AKQJ9.KQ.AK", "-g", "10C", "--declarer", "1", "--seed", "3"],
     "--seed is for sampling: give --samples N too"),
    (["tenner", "AKQ.AKQJ9.KQ.AK", "-g", "10C", "--declarer", "1", "--jobs", "0"],
     "Invalid value for '--jobs' / '-j': 0 is not in the range x>=1."
     " (see 'prefdd tenner --help')"),
    (["tenner", "AKQ.AKQJ9.KQ.AK", "-g", "10C"],
     "Missing option '--declarer'. (see 'prefdd tenner --help')"),
    (["tenner", "-g", "10C", "--declarer", "1"],
     "Missing argument 'DEAL_OR_HAND'. (see 'prefdd tenner --help')"),
    (["odds", "AKQ.AKQJ9.KQ.A", "-g", "6C", "--declarer", "1"],
     "a hand has 10 cards (with --out, his discard) or 12 (hand and talon), got 11;"
     " an ending needs --others"),
    (["odds", "AKQ.AKQJ9.KQ.AK", "-g", "raspasy", "--declarer", "1"],
     "layout odds are for contracts and misère, not raspasy"),
    (["odds", "AKQ.AKQJ9.KQ.AK", "-g", "6Z", "--declarer", "1"], "unknown trump 'Z' in game '6Z'"),
    (["odds", "AKQ.AKQJ9.KQ.AK", "-g", "6C", "--declarer", "1", "--seed", "1"],
     "--seed is for sampling: give --samples N too"),
    (["odds", "AKQ.AKQJ9.KQ.AK", "-g", "6C", "--declarer", "1", "--samples", "0"],
     "Invalid value for '--samples': 0 is not in the range x>=1. (see 'prefdd odds --help')"),
    (["odds", "AKQ.AKQJ9.KQ.AK", "-g", "6C", "--declarer", "1", "--jobs", "many"], None),
    (["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS,
      "--target", "5"], "target 5 is not a number of tricks 0..4"),
    (["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", "JT987.A8.K"], None),
    (["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", "AS KS QS"], None),
    (["odds", "AKQ.AKQJ9.K.A", "-g", "6C", "--declarer", "1", "--out", "QD QX"],
     "unknown suit 'X' in card 'QX'"),
    (["odds", "AKQ.AKQJ9.K.A", "-g", "6C", "--declarer", "1", "--out", "QD QD"],
     "card QD given twice in --out 'QD QD'"),
    (["odds", "AKQ.AKQJ9.K.A", "-g", "6C", "--declarer", "4"], None),
    (["totus", "AKQJ.AKQ.AKQ.A", "--declarer", "1"], None),
    (["totus", "AKQJ.AKQ.AKQ.AK", "--declarer", "1", "--form", "open"],
     "the open form (seed 002) needs the whole deal, not one hand"),
    (["totus", "AKQJ.AKQ.AKQ.AK", "--declarer", "1", "--form", "other"], None),
    (["totus", TEN_TALON, "--declarer", "2", "--others", "JT98.KQ.A.A"],
     "--others is for a hand; a deal has the others' cards"),
    (["totus", "AKQJ.AKQ.AKQ.AK", "--declarer", "1", "--jobs", "-2"], None),
    (["underbid", "AKQJ8.AK.K.98", "-g", "6S", "--declarer", "1"],
     "a ten-card hand needs its discard: --out CARDS (or give his twelve cards, hand and talon)"),
    (["underbid", "AKQJ8.AK.K.98", "-g", "misere", "--declarer", "1", "--out", "7C 7D"],
     "underbid is a question about contracts, not misere"),
    (["underbid", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS],
     "an ending of 4 tricks: give the bid in tricks of the ending"),
    (["underbid", "AKQJ8.AK.K.98", "-g", "6S", "--declarer", "1", "--out", "7C", "--bid", "6"],
     "a discard is two cards, got 1 in --out"),
    (["misere-odds", "98.7.A.-", "--declarer", "1"],
     "a hand has 10 cards (with --out, his discard) or 12 (hand and talon), got 4;"
     " an ending needs --others"),
    (["misere-odds", "87.9.AQT97.87", "--declarer", "1", "--out", "QS 8C", "--seed", "1"],
     "--seed is for sampling: give --samples N too"),
    (["misere-odds", "87.9.AQT97.87", "--declarer", "1", "--out", "QS 8C", "--jobs", "0"],
     None),
    (["misere-odds", "87.9.AQT97.87", "--declarer", "1", "--out", "QS 8C", "--sapmle", "3"],
     "No such option: --sapmle (see 'prefdd misere-odds --help')"),
    (["misere-odds", "87.9.AQT97.87", "--declarer", "1", "--out", ""],
     "--out is empty: give the cards, e.g. --out \"KD QD\""),
]


@pytest.mark.parametrize("args, message", ERRORS, ids=[f"{a[0]}-{n}" for n, (a, _) in enumerate(ERRORS)])
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(args, message):
    result = run(*args)
    assert result.exit_code == 2, (result.output, result.stderr)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("Error: ")
    if message is not None:
        assert result.stderr == f"Error: {message}\n"


# ------------------------------------------------------------------------------ help


def test_the_commands_are_listed_in_the_top_level_help():
    out = ok("--help")
    for command in COMMANDS:
        assert f"  {command} " in out


def test_ascii_output_has_no_suit_symbols():
    out = ok("tenner", TEN_TALON, "-g", "10S", "--declarer", "2", "--ascii")
    assert not set("♠♣♦♥→") & set(out)
    assert "in 10S: down 2." in out


def test_misere_never_caught_in_the_sample_gives_the_interval():
    out = flat(ok("misere-odds", "87.7.7.7", "--declarer", "2", "--others", "AK.AK.AK.-",
                  "--samples", "20"))
    high = pa.misere_odds("87.7.7.7", 2, others="AK.AK.AK.-", samples=20).interval[1]
    assert (f"he is never caught in the 20 sampled layouts; 95% interval"
            f" 0–{math.ceil(1000 * high) / 10:.1f}%.") in out
