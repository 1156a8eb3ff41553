"""`prefdd lead`: the open-card table and the leader's seat, text and JSON against the
analysis API, one-line errors and the help examples.

The leader's seat runs on small seeded samples and endings, so that the file runs in seconds.
"""
from __future__ import annotations

import json
import re

import pytest

import pyanalysis as pa
from pyanalysis.analysis import lead_decision, lead_table
from pyanalysis.analysis.leads import BIAS
from pyanalysis.diagram import draw_deal

from cli_support import flat, ok, run

DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
HAND = "T987.AKQ.-.QJ9"   # the 2nd hand's cards
TALON = "TD 9D"
ENDING_HAND = "AK.7.-.-"
ENDING_OTHERS = "QJ9.8.AK.-"
SAMPLES = 60


def expected_verdict(game: pa.Game, tricks: int) -> str:
    if game.kind == "misere":
        return f"caught for {tricks}" if tricks else "clean"
    return "made" if tricks >= game.level else f"down {game.level - tricks}"


# ----------------------------------------------------------------------------- open cards


@pytest.mark.parametrize("game, declarer, leader", [("6S", 1, 2), ("8S", 1, 1),
                                                    ("misere", 3, 1), ("7D", 2, 3)])
def test_open_cards_show_every_lead_with_tricks_and_verdict(game, declarer, leader):
    out = ok("lead", DEAL, "-g", game, "--declarer", str(declarer), "--leader", str(leader))
    assert draw_deal(pa.Deal.parse(DEAL), symbols=True, declarer=declarer) in out
    moves = pa.solve(DEAL, game, declarer=declarer, leader=leader).moves
    g = pa.Game.parse(game)
    pick = max if (leader == declarer) == (g.kind == "contract") else min
    best = {c for c, v in moves.items() if v == pick(moves.values())}
    for card, tricks in moves.items():
        mark = "*" if card in best else ""
        row = rf"^\s+{re.escape(card.symbol() + mark)}\s+{tricks}\s+{re.escape(expected_verdict(g, tricks))}\s*$"
        assert re.search(row, out, re.M), (card, out)
    assert "Best lead:" in out and "upper bound" in out
    assert not re.search(r"\b[AKQJT987][SCDH]\b", out.split("Every lead")[1])  # symbols only


def test_open_cards_priced_show_vists_and_the_words():
    out = ok("lead", DEAL, "-g", "6S", "--declarer", "1", "--leader", "2", "--rules",
             "leningrad", "--whist", "2=whist,3=pass")
    table = lead_table(DEAL, "6S", 1, leader=2, rules="leningrad", whist={2: "whist", 3: "pass"})
    assert re.search(r"^\s+lead\s+tricks\s+result\s+2nd vists\s+3rd vists$", out, re.M)
    for card, value in table.vists.items():
        shown = (re.escape(f"{float(value):+.2f}") + r"\s+"
                 + re.escape(f"{float(table.partner_vists[card]):+.2f}"))
        mark = "*" if card in table.best else ""
        assert re.search(rf"^\s+{re.escape(card.symbol() + mark)}\s+\d+\s+\w+\s+{shown}$",
                         out, re.M), card
    assert "rules leningrad; the 2nd hand whist, the 3rd hand pass." in flat(out)


def test_open_cards_json_is_the_tables_to_dict():
    data = json.loads(ok("lead", DEAL, "-g", "7D", "--declarer", "2", "--leader", "3",
                         "--rules", "sochi", "--json"))
    assert data == json.loads(json.dumps(lead_table(DEAL, "7D", 2, leader=3,
                                                    rules="sochi").to_dict()))


def test_ascii_has_no_suit_symbols():
    out = ok("lead", DEAL, "-g", "6S", "--declarer", "1", "--leader", "2", "--ascii")
    assert not set("♠♣♦♥") & set(out)
    assert re.search(r"^\s+AC\*\s+6\s+made$", out, re.M)


# ----------------------------------------------------------------------------- the seat


def test_seat_view_text_matches_the_api():
    out = ok("lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", TALON,
             "--samples", str(SAMPLES), "--seed", "4")
    result = lead_decision(HAND, "6S", 1, leader=2, talon=TALON, samples=SAMPLES, seed=4)
    text = flat(out)
    assert "Which card to lead? The 2nd hand, a defender against 6♠ by the 1st hand" in text
    assert f"{result.drawn:,} drawn at random, {result.kept:,} kept" in text and "seed 4" in text
    for card, s in result.leads.items():
        mark = "*" if card == result.best else ""
        cells = [f"{float(s.tricks):.2f} ± {s.tricks_se:.2f}",
                 f"{float(s.set_probability) * 100:.2f}%"]
        # A paired difference every layout agrees on has no error to show: "(all alike)".
        versus = (f"{float(s.diff):+.2f} (all alike)" if s.diff_se == 0
                  else f"{float(s.diff):+.2f} ± {s.diff_se:.2f}")
        cells.append("best" if card == result.best else versus)
        row = rf"^\s+{re.escape(card.symbol() + mark)}\s+" + r"\s+".join(map(re.escape, cells)) + r"$"
        assert re.search(row, out, re.M), (card, out)
    assert f"Lead {result.best.symbol()}" in text
    assert "the contract goes down in" in text
    assert flat(BIAS) in text


def test_seat_view_priced_shows_both_defenders_vists():
    out = ok("lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", TALON,
             "--samples", "30", "--seed", "5", "--rules", "sochi", "--discard", "low",
             "--filter", "none")
    result = lead_decision(HAND, "6S", 1, leader=2, talon=TALON, samples=30, seed=5,
                           rules="sochi", discard="low", filter="none")
    assert re.search(r"^\s+lead\s+tricks\s+P\(set\)\s+2nd vists\s+3rd vists\s+vs best \(vists\)$",
                     out, re.M), out
    assert ("the leader’s and his partner’s values in vists (both from one split of the"
            " defence’s tricks)") \
        in flat(out)
    for card, s in result.leads.items():
        mark = "*" if card == result.best else ""
        cells = [f"{float(s.vists):+.2f} ± {s.vists_se:.2f}",
                 f"{float(s.partner_vists):+.2f} ± {s.partner_vists_se:.2f}"]
        row = rf"^\s+{re.escape(card.symbol() + mark)}\s+.*\s+" + r"\s+".join(map(re.escape, cells))
        assert re.search(row, out, re.M), (card, out)


def test_seat_view_json_is_the_decisions_to_dict():
    args = dict(leader=2, talon=TALON, samples=SAMPLES, seed=2, rules="sochi", discard="low",
                filter="none")
    data = json.loads(ok("lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2",
                         "--talon", TALON, "--samples", str(SAMPLES), "--seed", "2",
                         "--rules", "sochi", "--discard", "low", "--filter", "none", "--json"))
    expected = lead_decision(HAND, "6S", 1, **args).to_dict()
    assert data == json.loads(json.dumps(expected))
    assert data["double_dummy"] == BIAS and data["rules"] == "sochi"


def test_ending_every_layout_misere_says_caught_and_is_exact():
    out = ok("lead", ENDING_HAND, "-g", "misere", "--declarer", "1", "--leader", "2",
             "--others", ENDING_OTHERS, "--samples", "all")
    result = lead_decision(ENDING_HAND, "misere", 1, leader=2, others=ENDING_OTHERS,
                           samples="all", filter="none")
    text = flat(out)
    assert "a catcher against misère by the 1st hand" in text
    assert "P(caught)" in out and "he is caught in" in text
    assert f"every one of the {result.drawn} layouts" in text and "exact" in text
    assert "±" not in out.split("(* = best):")[1].split("Note:")[0]
    for card, s in result.leads.items():
        assert re.search(rf"^\s+{re.escape(card.symbol())}\*?\s+{float(s.tricks):.2f}\s+"
                         rf"{float(s.set_probability) * 100:.2f}%", out, re.M)
    data = json.loads(ok("lead", ENDING_HAND, "-g", "misere", "--declarer", "1", "--leader",
                         "2", "--others", ENDING_OTHERS, "--samples", "all", "--json"))
    assert data == json.loads(json.dumps(result.to_dict()))


def test_known_cards_are_passed_on():
    args = ["lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", TALON,
            "--samples", "30", "--filter", "none", "--known", "1=AS KS", "--json"]
    data = json.loads(ok(*args))
    expected = lead_decision(HAND, "6S", 1, leader=2, talon=TALON, samples=30, filter="none",
                             known={1: pa.Hand.parse("AK.-.-.-")})
    assert data == json.loads(json.dumps(expected.to_dict()))


# ----------------------------------------------------------------------------- errors

ERRORS = [
    (["lead", DEAL, "-g", "raspasy", "--declarer", "1"], "raspasy"),
    (["lead", DEAL, "-g", "8Z", "--declarer", "1"], "8Z"),
    (["lead", DEAL, "-g", "6S", "--declarer", "1", "--samples", "10"], "--samples"),
    (["lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2"], "--talon"),
    (["lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", "TS 9D"],
     "talon"),
    (["lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", TALON,
      "--samples", "0"], "--samples"),
    (["lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", TALON,
      "--samples", "all", "--seed", "1"], "--seed"),
    (["lead", ENDING_HAND, "-g", "misere", "--declarer", "1", "--leader", "2", "--others",
      ENDING_OTHERS, "--filter", "bid"], "bid filter"),
    (["lead", ENDING_HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--others",
      "QJ9.8.A.-"], "6 are needed"),
    (["lead", DEAL, "-g", "6S", "--declarer", "1", "--whist", "2=maybe"], "--whist"),
    (["lead", HAND, "-g", "6S", "--declarer", "1", "--leader", "2", "--talon", TALON,
      "--known", "AS"], "--known"),
    (["lead", "AKQ.-.-.- JT9", "-g", "6S", "--declarer", "1"], None),
    (["lead", DEAL, "-g", "6S", "--declarer", "4"], None),
]


@pytest.mark.parametrize("args, words", ERRORS)
def test_bad_input_is_one_line_and_exit_2(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    if words is not None:
        assert words in result.stderr


def test_help_has_examples():
    out = ok("lead", "--help")
    examples = out.split("Example:")[1]
    assert examples.count("prefdd lead ") == 4
