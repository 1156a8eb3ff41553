"""`prefdd score` and `prefdd sheet`: tables, JSON, and one-line errors."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyanalysis.cli import main

DATA = Path(__file__).resolve().parents[2] / "data" / "sheets"


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


@pytest.mark.parametrize("args, message", [
    (["7H", "--declarer", "1", "--tricks", "1=-1", "--whist", "2=whist,3=pass"],
     "tricks '1=-1': '-1' is not a trick count; tricks are 0..10"),
    (["7H", "--declarer", "1", "--tricks", "1=11", "--whist", "2=whist,3=pass"],
     "tricks are 0..10"),
    (["7H", "--tricks", "1=7", "--whist", "2=whist,3=pass"], "7H needs --declarer SEAT"),
    (["misere", "--tricks", "1=0"], "misere needs --declarer SEAT"),
    (["7H", "--declarer", "5", "--tricks", "1=7"], "'--declarer': 5 is not in the range 1<=x<=3"),
    (["7H", "--declarer", "4", "--players", "4", "--tricks", "1=7"], "'--declarer': 4"),
    (["7H", "--declarer", "1", "--tricks", "1=7"],
     "give both defenders' words with --whist (seats 2 and 3)"),
    (["7H", "--declarer", "3", "--tricks", "3=7", "--whist", "1=whist"],
     "with --whist (seats 1 and 2)"),
    (["6S", "--declarer", "1", "--tricks", "1=6", "--whist", "2=half,3=pass"],
     "whist words 2=half, 3=pass: only the second defender (seat 3) may go half-whist"),
    (["6S", "--declarer", "1", "--tricks", "1=6", "--whist", "2=half,3=return"],
     "whist words 2=half, 3=return"),
])
def test_score_errors_name_the_option_and_the_limits(args, message):
    result = run("score", *args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0], lines


def test_changed_knobs_print_as_they_are_typed():
    result = run("score", "10NT", "--declarer", "1", "--tricks", "1=10", "--whist",
                 "2=pass,3=pass", "--rule", "tenner_checked=false", "--rule", "prices=2,4,6,8,12")
    assert result.exit_code == 0, result.output
    assert "rules changed: prices=2,4,6,8,12, tenner_checked=false" in result.output
    sheet = run("sheet", str(DATA / "sochi_example.txt"), "--rule", "raspasy_zero_pool=no")
    assert "rules changed: raspasy_zero_pool=false" in sheet.output


def test_price_overrides_reach_the_writes():
    result = run("score", "7H", "--declarer", "1", "--tricks", "1=7", "--whist",
                 "2=whist,3=pass", "--rule", "prices=2,5,6,8,10", "--json")
    assert json.loads(result.output)["writes"]["1"]["pool"] == "5"


REPO = Path(__file__).resolve().parents[2]


def help_examples(command):
    """The example command lines of `prefdd COMMAND --help`, continuation lines joined."""
    text = run(command, "--help").output
    lines, pending = [], ""
    for raw in text.splitlines():
        line = raw.strip()
        if pending:
            line, pending = pending + " " + line, ""
        elif not line.startswith("prefdd "):
            continue
        if line.endswith("\\"):
            pending = line[:-1].rstrip()
            continue
        lines.append(line)
    assert not pending
    return lines


@pytest.mark.parametrize("command", ["score", "sheet"])
def test_every_help_example_runs_verbatim_from_the_repository_root(command, monkeypatch):
    import shlex
    monkeypatch.chdir(REPO)
    examples = help_examples(command)
    assert len(examples) >= 3
    for line in examples:
        words = shlex.split(line, comments=True)  # as a shell reads the pasted line
        assert words[:2] == ["prefdd", command], line
        result = run(*words[1:])
        assert result.exit_code == 0, (line, result.output)
