"""The seat views (`prefdd lead HAND`, `prefdd whist HAND`) say what their layouts are: the
bidding filter in words, the layouts asked, drawn and kept (and that fewer were kept, with the
keep rate), `--draw N`, the JSON counts and the progress bar."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pyanalysis.analysis import lead_decision, whist_decision
from pyanalysis.analysis.layouts import MAX_DRAWS
from pyanalysis.cli import leads as cli_leads
from pyanalysis.text.leads import decision_lines

from cli_support import RecordingBar, flat, ok, run

LEAD_HAND, LEAD_TALON = "T987.AKQ.-.QJ9", "TD 9D"        # the 2nd hand against 6♠ by the 1st
WHIST_HAND, WHIST_TALON = "QJ.AKT8.T.AT9", "7S JD"       # the 2nd hand against 7♦ by the 1st
CATCHER, CATCHER_TALON = "J.A87.987.T97", "AD QD"        # the 1st hand against the 2nd's misère
LEAD = ["lead", LEAD_HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", LEAD_TALON]
WHIST = ["whist", WHIST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon",
         WHIST_TALON]


def test_a_lead_view_kept_short_says_so_with_the_keep_rate():
    out = flat(ok(*LEAD, "--samples", "20", "--draw", "100"))
    result = lead_decision(LEAD_HAND, "6S", 1, leader=2, talon=LEAD_TALON, samples=20,
                           max_draws=100)
    assert (result.asked, result.drawn) == (20, 100) and 0 < result.kept < 20
    assert (f"Layouts: only {result.kept} kept of 20 asked: the random draw stopped at its"
            f" limit of 100 layouts ({result.kept:.2f}% kept; --draw N draws more); seed 0."
            f" Every lead is scored on the same layouts.") in out


def test_a_whist_view_kept_short_says_so_with_the_keep_rate():
    out = flat(ok(*WHIST, "--samples", "50", "--draw", "60", "--seed", "2"))
    result = whist_decision(WHIST_HAND, "7D", 1, 2, talon=WHIST_TALON, samples=50, seed=2,
                            max_draws=60)
    assert (result.asked, result.drawn) == (50, 60) and result.kept < 50
    share = f"{100 * result.kept / 60:.2f}%"
    assert (f"Layouts: only {result.kept} kept of 50 asked: the random draw stopped at its"
            f" limit of 60 layouts ({share} kept; --draw N draws more); seed 2. Every word is"
            f" scored on the same layouts.") in out


def test_a_view_that_keeps_what_was_asked_says_it_as_before():
    out = flat(ok(*LEAD, "--samples", "20"))
    result = lead_decision(LEAD_HAND, "6S", 1, leader=2, talon=LEAD_TALON, samples=20)
    assert result.kept == result.asked == 20 and result.drawn > 100  # past the old 50 a layout
    share = f"{100 * 20 / result.drawn:.2f}%"
    assert (f"Layouts: {result.drawn:,} drawn at random, 20 kept ({share}); seed 0. Every lead"
            f" is scored on the same layouts.") in out
    assert "asked" not in out


def test_at_the_most_draws_there_is_no_more_to_ask_for():
    result = lead_decision(LEAD_HAND, "6S", 1, leader=2, talon=LEAD_TALON, samples=20,
                           max_draws=100)
    capped = replace(result, drawn=MAX_DRAWS, max_draws=MAX_DRAWS)
    text = flat("\n".join(decision_lines(capped, None, None, True)))
    assert (f"Layouts: only {result.kept} kept of 20 asked: the random draw stopped at its"
            f" limit of 5,000,000 layouts (<0.01% kept); seed 0.") in text


def test_json_carries_asked_drawn_kept_and_the_limit():
    for args, call in ((LEAD, lambda: lead_decision(LEAD_HAND, "6S", 1, leader=2,
                                                     talon=LEAD_TALON, samples=20,
                                                     max_draws=100)),
                       (WHIST, lambda: whist_decision(WHIST_HAND, "7D", 1, 2,
                                                      talon=WHIST_TALON, samples=20,
                                                      max_draws=100))):
        data = json.loads(ok(*args, "--samples", "20", "--draw", "100", "--json"))
        result = call()
        assert data == json.loads(json.dumps(result.to_dict()))
        assert (data["asked"], data["drawn"], data["kept"], data["max_draws"]) == (
            20, result.drawn, result.kept, 100)


# ----------------------------------------------------------------------------- misère


def test_the_misere_view_keeps_the_hands_clean_with_his_best_discard():
    out = flat(ok("lead", CATCHER, "-g", "misere", "--declarer", "2", "--talon",
                  CATCHER_TALON, "--samples", "2"))
    assert ("Bidding filter: a layout is kept only if he is clean (takes no trick) double-dummy"
            " with his best discard: a hand he would bid misère with (--filter clean).") in out
    result = lead_decision(CATCHER, "misere", 2, talon=CATCHER_TALON, samples=2)
    assert result.filter == "clean" and result.kept == 2
    assert all(s.set_probability == 0 for s in result.leads.values())
    older = flat(ok("lead", CATCHER, "-g", "misere", "--declarer", "2", "--talon",
                    CATCHER_TALON, "--samples", "5", "--filter", "at-most-one"))
    assert ("Bidding filter: a layout is kept only if with his discard he takes at most one"
            " trick double-dummy (--filter at-most-one).") in older


def test_the_misere_player_leading_keeps_every_layout():
    args = ["lead", "87.987.987.T9", "-g", "misere", "--declarer", "1", "--leader", "1",
            "--talon", "AS KS", "--samples", "5"]
    assert "Bidding filter: none, every layout is kept (--filter none)." in flat(ok(*args))
    result = run(*args, "--filter", "clean")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "Error: filter clean is not for the seat of the declarer: he sees his hand, and"
        " keeping only the layouts where he is clean would decide the answer; give filter"
        " 'none' or 'at-most-one'\n")


def test_the_bar_counts_every_layout_drawn_until_the_asked_are_kept(monkeypatch):
    RecordingBar.made = []
    monkeypatch.setattr(cli_leads, "Progress", RecordingBar)
    ok("lead", CATCHER, "-g", "misere", "--declarer", "2", "--talon", CATCHER_TALON,
       "--samples", "2")
    [bar] = RecordingBar.made
    result = lead_decision(CATCHER, "misere", 2, talon=CATCHER_TALON, samples=2)
    assert bar.total is None and bar.count == result.drawn > 50 * 2


# ----------------------------------------------------------------------------- --draw

DRAW_ERRORS = [
    (["--draw", "0"], "--draw '0': the most layouts to draw, a whole number from 1 to"
                      " 5,000,000 (MAX_DRAWS)"),
    (["--draw", "5000001"], "--draw '5000001': the most layouts to draw, a whole number from"
                            " 1 to 5,000,000 (MAX_DRAWS)"),
    (["--draw", "many"], "--draw 'many': the most layouts to draw, a whole number from 1 to"
                         " 5,000,000 (MAX_DRAWS)"),
    (["--draw", "10", "--samples", "all"], "--draw is for sampling; --samples all takes every"
                                           " layout once"),
]


@pytest.mark.parametrize("view", [LEAD, WHIST], ids=["lead", "whist"])
@pytest.mark.parametrize("extra, message", DRAW_ERRORS)
def test_draw_bounds_are_one_line_errors(view, extra, message):
    result = run(*view, *extra)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"Error: {message}\n"


def test_draw_with_a_whole_deal_is_refused():
    deal = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
    result = run("lead", deal, "-g", "6S", "--declarer", "1", "--draw", "5")
    assert result.exit_code == 2
    assert result.stderr == ("Error: --draw is for a single hand (the leader's seat); a deal is"
                             " scored with all cards open\n")


def test_draw_at_the_limit_is_taken():
    result = run(*LEAD, "--samples", "1", "--draw", str(MAX_DRAWS))
    assert result.exit_code == 0, result.output
