"""`prefdd score` and `prefdd sheet`: tables, JSON, and one-line errors."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyanalysis.cli import main

DATA = Path(__file__).resolve().parent.parent / "data" / "sheets"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_score_prints_the_writes_and_values():
    result = run("score", "7H", "--declarer", "1", "--tricks", "1=6,2=4",
                 "--whist", "2=whist,3=pass")
    assert result.exit_code == 0, result.output
    assert "7♥" in result.output and "down 1" in result.output
    assert "1st hand -152/3, 2nd hand 100/3, 3rd hand 52/3" in result.output
    assert "-50.67" in result.output


def test_score_json_for_leningrad_four_players():
    result = run("score", "6S", "--rules", "leningrad", "--players", "4", "--declarer", "1",
                 "--tricks", "1=3,2=7", "--whist", "2=whist,3=pass", "--honours", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["values"] == {"1": "-158", "2": "56", "3": "56", "4": "46"}
    assert data["writes"]["4"]["vists"] == {"1": "16", "2": "0", "3": "0"}
    assert data["rules"] == "leningrad" and "rule_overrides" not in data


def test_score_rule_overrides_change_the_result_and_are_shown():
    plain = json.loads(run("score", "6S", "--players", "4", "--declarer", "1", "--tricks",
                           "5,2,3", "--whist", "2=whist,3=whist", "--json").output)
    quiet = json.loads(run("score", "6S", "--players", "4", "--declarer", "1", "--tricks",
                           "5,2,3", "--whist", "2=whist,3=whist", "--rule", "consolation=none",
                           "--json").output)
    assert plain["values"]["1"] == "-31" and quiet["values"]["1"] == "-25"
    assert quiet["rule_overrides"] == {"consolation": "none"}


def test_score_raspasy_round():
    result = run("score", "raspasy", "--tricks", "2,3,5", "--round", "2", "--json")
    data = json.loads(result.output)
    assert data["raspasy_round"] == 2
    assert [data["writes"][s]["hill"] for s in "123"] == ["4", "6", "10"]


@pytest.mark.parametrize("args, message", [
    (["6S", "--declarer", "1", "--tricks", "6", "--whist", "2=wist,3=pass"], "wist"),
    (["6S", "--whist", "2=whist,3=pass"], "declarer"),
    (["6S", "--declarer", "1", "--tricks", "1=x", "--whist", "2=whist,3=pass"], "'x'"),
    (["6S", "--declarer", "1", "--tricks", "6", "--whist", "2=whist,3=pass", "--rule",
      "colour=red"], "colour"),
    (["6S", "--declarer", "1", "--tricks", "6", "--whist", "whist"], "SEAT=WORD"),
    (["6Q", "--declarer", "1"], "6Q"),
    (["6S", "--players", "5"], "5"),
])
def test_score_errors_are_one_line_exit_2(args, message):
    result = run("score", *args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0]
    assert "Traceback" not in result.output


def test_sheet_prints_the_game_and_the_settlement():
    result = run("sheet", str(DATA / "sochi_example.txt"))
    assert result.exit_code == 0, result.output
    assert "Vera helps Boris with 2 (20 vists on Boris)" in result.output
    assert "the two methods agree" in result.output
    assert "raspasy #2" in result.output


def test_sheet_json_settlement_matches_both_methods():
    result = run("sheet", str(DATA / "leningrad_four.json"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    settlement = data["settlement"]
    assert settlement["methods_agree"] and settlement["method_1"] == settlement["method_2"]
    assert sum(int(v) for v in settlement["result"].values()) == 0
    assert data["finished"] and len(data["deals"]) == 15


def test_sheet_rule_override_replays_the_record():
    plain = json.loads(run("sheet", str(DATA / "sochi_example.txt"), "--json").output)
    other = json.loads(run("sheet", str(DATA / "sochi_example.txt"), "--rule",
                           "consolation=none", "--json").output)
    assert other["rule_overrides"] == {"consolation": "none"}
    assert other["settlement"]["result"] != plain["settlement"]["result"]


def test_sheet_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("players A B C\n6S A=6 B=whist:4 Q=pass\n", encoding="utf-8")
    for args in ([str(bad)], [str(tmp_path / "missing.txt")]):
        result = run("sheet", *args)
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1
    assert "line 2: unknown player 'Q'" in run("sheet", str(bad)).output


def test_help_has_examples():
    for command in ("score", "sheet"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Example" in result.output
