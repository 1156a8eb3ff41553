"""`prefdd solve`, `table`, `raspasy`: output against the Python API, errors, help, subprocess."""
from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis.diagram import draw_deal
from cli_support import tricks_along
from pyanalysis.cli import main

DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
ENDING = "AKQ.7.-.- JT9.8.-.- 87.A.K.-"  # 4 cards each, a talon-less ending


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, prog_name="prefdd")


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


# ------------------------------------------------------------------------------ solve


def test_solve_shows_diagram_result_every_card_and_the_line_by_tricks():
    solution = pa.solve(DEAL, "8S", declarer=1)
    out = ok("solve", DEAL, "--game", "8S", "--declarer", "1")
    assert draw_deal(pa.Deal.parse(DEAL), symbols=True, declarer=1) in out
    verdict = "made" if solution.tricks >= 8 else f"down {8 - solution.tricks}"
    assert f"Declarer (1st hand) takes {solution.tricks} tricks in 8♠: {verdict}." in out
    for card, tricks in solution.moves.items():
        mark = "*" if card in solution.best else ""
        assert re.search(rf"(^|\s){re.escape(f'{card.symbol()} {tricks}{mark}')}(\s|$)", out, re.M)
    trick_lines = out.split("Line of play:\n")[1].splitlines()
    assert [line.split()[0] for line in trick_lines] == [f"{n}." for n in range(1, 11)]
    # each line: three plays "seat card", then who took the trick
    plays = [re.findall(r"(1st|2nd|3rd) (\S+)", line)[:3] for line in trick_lines]
    assert all(len(trick) == 3 for trick in plays)
    cards = [pa.Card.parse(card) for trick in plays for _, card in trick]
    assert sorted(cards) == sorted(c for hand in pa.Deal.parse(DEAL).hands for c in hand)
    line = [str(card) for card in cards]
    assert tricks_along(DEAL, "8S", line, declarer=1) == solution.tricks


def test_solve_json_is_the_solution():
    data = json.loads(ok("solve", DEAL, "-g", "misere", "--declarer", "2", "--json"))
    solution = pa.solve(DEAL, "misere", declarer=2)
    line = data.pop("line")
    assert data == {
        "deal": str(pa.Deal.parse(DEAL)), "game": "misere", "declarer": 2, "leader": 1,
        "played": [], "to_move": 1, "tricks": solution.tricks,
        "verdict": f"caught for {solution.tricks}" if solution.tricks else "clean",
        "moves": {str(c): n for c, n in solution.moves.items()},
        "best": [str(c) for c in solution.best],
    }
    # a principal line: best play by both sides gives the value
    assert tricks_along(DEAL, "misere", line, declarer=2) == solution.tricks


def test_solve_in_the_middle_of_a_trick():
    data = json.loads(ok("solve", DEAL, "-g", "8S", "--declarer", "1", "--leader", "2",
                         "--played", "TS", "--json"))
    solution = pa.solve(DEAL, "8S", declarer=1, leader=2, played=["TS"])
    assert data["to_move"] == 3 and data["played"] == ["TS"]
    assert data["tricks"] == solution.tricks
    assert set(data["moves"]) == {str(c) for c in solution.moves}


def test_solve_raspasy_counts_the_player_and_shows_the_talon_tricks():
    out = ok("solve", DEAL, "-g", "распасы", "--player", "3", "--talon-rule", "card")
    tricks = pa.solve(DEAL, "raspasy", player=3, talon_rule="card").tricks
    noun = "trick" if tricks == 1 else "tricks"
    assert f"3rd hand takes at least {tricks} {noun} in raspasy (talon rule: card)" in out
    lines = out.split("Line of play:\n")[1].splitlines()
    assert "[talon 10♦]" in lines[0] and "[talon 9♦ ]" in lines[1]
    assert "talon" not in lines[2] and lines[2].split()[1] == "1st"  # the 1st hand leads trick 3


def test_deal_may_be_typed_without_quotes_even_with_void_hands():
    quoted = ok("solve", ENDING, "-g", "6NT", "--declarer", "3", "--json")
    unquoted = ok("solve", *ENDING.split(), "-g", "6NT", "--declarer", "3", "--json")
    assert quoted == unquoted
    void_first = ok("solve", *DEAL.split(), "-g", "8S", "--declarer", "1", "--json")
    assert void_first == ok("solve", DEAL, "-g", "8S", "--declarer", "1", "--json")


def test_ascii_output_has_no_suit_symbols():
    out = ok("solve", DEAL, "-g", "8S", "--declarer", "1", "--ascii")
    assert not set("♠♣♦♥") & set(out)
    assert "in 8S: " in out and "AS 6" in out


# ------------------------------------------------------------------------------ table


def test_table_json_is_the_table():
    data = json.loads(ok("table", ENDING, "--json"))
    assert data == json.loads(json.dumps(pa.table(ENDING).to_dict()))


def test_table_text_shows_the_diagram_and_the_table():
    out = ok("table", DEAL, "--talon-rule", "card")
    assert draw_deal(pa.Deal.parse(DEAL)) in out
    assert pa.table(DEAL, talon_rule="card").format(symbols=True) in out


# ------------------------------------------------------------------------------ raspasy


def test_raspasy_gives_each_players_minimum_and_his_own_first_cards():
    data = json.loads(ok("raspasy", DEAL, "--json"))
    deal = pa.Deal.parse(DEAL)
    assert data["talon_rule"] == "suit" and data["leader"] == 1
    assert [p["player"] for p in data["players"]] == [1, 2, 3]
    for p in data["players"]:
        seat = p["player"]
        solution = pa.solve(deal, "raspasy", player=seat)
        assert p["tricks"] == solution.tricks
        # he plays after the cards before him in the principal line
        assert p["before"] == p["line"][:seat - 1]
        assert tricks_along(DEAL, "raspasy", p["line"], player=seat) == p["tricks"]
        assert p["moves"] and all(pa.Card.parse(c) in deal.hand(seat) for c in p["moves"])
        assert set(p["best"]) <= set(p["moves"])
        # his best first card keeps his minimum
        assert all(p["moves"][card] == p["tricks"] for card in p["best"])


def test_raspasy_text_names_every_player():
    out = ok("raspasy", ENDING)
    assert "talon rule: none" in out
    for seat in ("1st", "2nd", "3rd"):
        assert f"{seat} hand: at least" in out


# ------------------------------------------------------------------------------ errors

ERRORS = [
    (["solve", DEAL, "-g", "8S"], "8S needs --declarer (1, 2 or 3)"),
    (["solve", DEAL, "-g", "8X", "--declarer", "1"], "unknown trump 'X' in game '8X'"),
    (["solve", DEAL, "-g", "11S", "--declarer", "1"], "unknown game '11S': level 11 is not 6..10"),
    (["solve", DEAL, "-g", "8S", "--declarer", "4"],
     "Invalid value for '--declarer': 4 is not in the range 1<=x<=3. (see 'prefdd solve --help')"),
    (["solve", DEAL, "-g", "raspasy"],
     "raspasy needs --player (1, 2 or 3) whose tricks are counted"),
    (["solve", DEAL, "-g", "raspasy", "--player", "2", "--declarer", "1"],
     "declarer 1: raspasy has no declarer; give the player (1, 2 or 3) whose tricks are counted"),
    (["solve", "AKQJ.T9.87.AX T987.AKQ.-.QJ9 -.J87.AKQJ.T87", "-g", "8S", "--declarer", "1"],
     "unknown rank 'X' in hand 1 'AKQJ.T9.87.AX'"),
    (["solve", "AKQ.-.-.- AKQ.-.-.- 789.-.-.-", "-g", "8S", "--declarer", "1"],
     "duplicate card AS: in hand 1 and in hand 2"),
    (["solve", "A.-.-.- K.-.-.-", "-g", "8S", "--declarer", "1"],
     "expected 3 hands (1st, 2nd, 3rd) and an optional talon, got 2 in 'A.-.-.- K.-.-.-'"),
    (["solve", DEAL, "--gmae", "8S"], "No such option: --gmae (see 'prefdd solve --help')"),
    (["solve", "-g", "8S"], "Missing argument 'DEAL...'. (see 'prefdd solve --help')"),
    (["solve", DEAL, "-g", "8S", "--declarer", "1", "-x"],
     "No such option: -x (see 'prefdd solve --help')"),
    (["solve", DEAL, "-g", "8S", "--declarer"],
     "Option '--declarer' requires an argument. (see 'prefdd solve --help')"),
    (["play", DEAL, "-g", "8S", "--declarer"],
     "Option '--declarer' requires an argument. (see 'prefdd play --help')"),
    (["solve", DEAL, "-g", "8S", "--declarer", "1", "--talon-rule", "card"],
     "talon rule 'card' applies only to raspasy, not 8S"),
    (["solve", DEAL, "-g", "8S", "--declarer", "1", "--talon-rule", "foo"],
     "Invalid value for '--talon-rule': 'foo' is not one of 'suit', 'card', 'none'."
     " (see 'prefdd solve --help')"),
    (["solve", DEAL, "-g", "8S", "--declarer", "1", "--played", "7S"],
     "played card 7S: card 1 of the trick is hand 1's, but it is in hand 2"),
    (["solve", DEAL, "-g", "8S", "--declarer", "1", "--played", "AS QS"],
     "played card QS: card 2 of the trick is hand 2's, but it is in hand 1"),
    (["solve", DEAL, "-g", "8S", "--declarer", "1", "--played", "A?"],
     None),
    (["table", "AKQ.-.-.- AKQ.-.-.- 789.-.-.-"], "duplicate card AS: in hand 1 and in hand 2"),
    (["table", ENDING, "--talon-rule", "suit"],
     "talon rule 'suit' needs the talon cards: add them after the three hands"),
    (["raspasy", "A.-.-.- K.-.-.-"],
     "expected 3 hands (1st, 2nd, 3rd) and an optional talon, got 2 in 'A.-.-.- K.-.-.-'"),
    (["raspasy", ""], "empty deal: expected three hands like 'AKQJ.T9.87.AK ...'"),
    (["play", DEAL, "-g", "8S"], "8S needs --declarer (1, 2 or 3)"),
    (["play", DEAL, "-g", "8S", "--declarer", "1", "--talon-rule", "card"],
     "talon rule 'card' applies only to raspasy, not 8S"),
]


@pytest.mark.parametrize("args, message", ERRORS)
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(args, message):
    result = run(*args, input="")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("Error: ")
    if message is not None:
        assert result.stderr == f"Error: {message}\n"


@pytest.mark.parametrize("command", ["solve", "table", "raspasy", "play", "batch", "tenner",
                                     "odds", "totus", "underbid", "misere-odds", "whist",
                                     "lead", "misere-catch"])
def test_every_command_has_help_with_an_example(command):
    out = ok(command, "--help")
    assert "Example:" in out and f"prefdd {command} " in out.split("Example:")[1]


# ------------------------------------------------------------------------------ subprocess


def commands() -> list[list[str]]:
    """The module entry point always; the installed `prefdd` script too when there is one."""
    found = [[sys.executable, "-m", "pyanalysis.cli"]]
    if shutil.which("prefdd"):
        found.append(["prefdd"])
    return found


@pytest.mark.parametrize("command", commands(), ids=lambda c: c[-1])
def test_real_process_json_output(command):
    done = subprocess.run([*command, "solve", DEAL, "--game", "8S", "--declarer", "1", "--json"],
                          capture_output=True, text=True, timeout=60, check=True)
    data = json.loads(done.stdout)
    assert data["tricks"] == pa.solve(DEAL, "8S", declarer=1).tricks
    assert done.stderr == ""
    table = subprocess.run([*command, "table", ENDING, "--json"], capture_output=True, text=True,
                           timeout=60, check=True)
    assert json.loads(table.stdout) == json.loads(json.dumps(pa.table(ENDING).to_dict()))


@pytest.mark.parametrize("command", commands(), ids=lambda c: c[-1])
def test_real_process_error_is_one_line_without_traceback(command):
    done = subprocess.run([*command, "solve", DEAL, "--game", "8Z", "--declarer", "1", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "Error: unknown trump 'Z' in game '8Z'\n"


# ------------------------------------------------------------------------------ help examples

MY_COMMANDS = ["solve", "table", "raspasy", "play", "batch", "tenner", "odds", "totus",
               "underbid", "misere-odds", "whist", "lead", "misere-catch", "review", "claim",
               "problem", "report"]


def help_examples(command: str) -> list[str]:
    """The command lines under "Example:" in `prefdd COMMAND --help`."""
    text = ok(command, "--help").split("Example:", 1)[1]
    block = text.split("\n\n", 1)[0]
    return [line.strip() for line in block.splitlines() if "prefdd " in line]


def test_help_example_job_line_is_a_job():
    out = ok("batch", "--help")
    job = json.loads(re.search(r"A job line:\s+(\{.*\})", out).group(1))
    assert pa.solve(job["deal"], job["game"], declarer=job["declarer"]).tricks >= 0


@pytest.mark.parametrize(
    "command, example",
    [(c, e) for c in MY_COMMANDS for e in help_examples(c)],
    ids=lambda value: value if value in MY_COMMANDS else "")
def test_every_help_example_runs_as_shown(command, example, tmp_path):
    # The batch examples read deals.jsonl: the job line its help shows.
    job = re.search(r"A job line:\s+(\{.*\})", ok("batch", "--help")).group(1)
    (tmp_path / "deals.jsonl").write_text(job + "\n", encoding="utf-8")
    module = f"{shlex.quote(sys.executable)} -m pyanalysis.cli "
    line = re.sub(r"(^|\| )prefdd ", lambda m: m.group(1) + module, example)
    done = subprocess.run(["bash", "-c", line], cwd=tmp_path, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (example, done.stderr)
    assert done.stderr == ""


def test_raspasy_on_an_ending_with_its_talon_plays_no_talon_tricks():
    data = json.loads(ok("raspasy", "K.-.-.- -.A.-.- -.-.A.- 7C", "--json"))
    assert data["talon_rule"] == "none"
    assert [p["tricks"] for p in data["players"]] == [1, 0, 0]
    pending = json.loads(ok("raspasy", "K.-.-.- -.A.-.- -.-.A.- 7C", "--talon-rule", "suit",
                            "--json"))
    assert [p["tricks"] for p in pending["players"]] == [0, 1, 0]


def test_solve_reads_a_labelled_deal_with_its_talon():
    labelled = "♠AKQJ ♣10 9 ♦8 7 ♥AK ♠10 9 8 7 ♣AKQ ♥QJ9 ♣J87 ♦AKQJ ♥10 8 7 TD 9D"
    data = json.loads(ok("solve", labelled, "-g", "raspasy", "--player", "1", "--json"))
    assert data == pa.solve(DEAL, "raspasy", player=1).to_dict() | {"deal": data["deal"]}
    assert data["deal"] == "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
