"""The options every command shares: the old spelling `--sample` refused with the new one
named, `--samples`/`--seed` read the same way everywhere, and output the terminal's
encoding cannot show ending as one line that says what to do."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_support import ok, run

DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
ENDING_HAND = "AKQ.7.-.-"
ENDING_OTHERS = "JT987.A8.K.-"


@pytest.mark.parametrize("args", [
    ["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS,
     "--sample", "9"],
    ["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS,
     "--sample=9"],
    ["misere-odds", "98.7.AQ.7", "--declarer", "1", "--others", "AKQ.AK.KJ.A", "--sample", "5"],
    ["tenner", "AKQ87.AK.AQ.A", "-g", "10S", "--declarer", "1", "--out", "KH QH",
     "--sample", "5", "--seed", "1"],
    ["whist", "QJ.AKT8.T.AT9", "-g", "7D", "--declarer", "1", "--seat", "2", "--talon",
     "7S JD", "--sample", "5"],
    ["lead", "T987.AKQ.-.QJ9", "-g", "6S", "--declarer", "1", "--leader", "2", "--talon",
     "TD 9D", "--sample", "5"],
])
def test_the_old_sample_flag_is_refused_naming_the_new_one(args):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "Error: --sample is now --samples: give --samples N\n"


def test_a_seed_without_samples_names_the_flag_to_add():
    result = run("odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS,
                 "--seed", "1")
    assert result.exit_code == 2
    assert result.stderr == "Error: --seed is for sampling: give --samples N too\n"


@pytest.mark.parametrize("command", [
    ["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS],
    ["misere-odds", "Q87.98.AQT97.87", "--declarer", "1"],
    ["tenner", "AKQ87.AK.AQ.A", "-g", "10S", "--declarer", "1", "--out", "KH QH"]])
def test_fixed_without_samples_names_the_flag_to_add(command):
    result = run(*command, "--fixed")
    assert result.exit_code == 2
    assert result.stderr == "Error: --fixed is for sampling: give --samples N too\n"


def test_samples_all_takes_no_seed_in_the_seat_views():
    result = run("whist", "QJ.AKT8.T.AT9", "-g", "7D", "--declarer", "1", "--seat", "2",
                 "--talon", "7S JD", "--samples", "all", "--seed", "3")
    assert result.exit_code == 2
    assert result.stderr == "Error: --seed is for sampling; --samples all takes every layout\n"


def test_the_same_seed_gives_the_same_estimate():
    args = ["odds", ENDING_HAND, "-g", "6NT", "--declarer", "3", "--others", ENDING_OTHERS,
            "--samples", "9", "--seed", "4", "--json"]
    assert ok(*args) == ok(*args)


def _prefdd(encoding: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run([sys.executable, "-m", "pyanalysis.cli", *args], env=env,
                          capture_output=True, timeout=120)


def test_symbols_the_output_encoding_cannot_show_end_as_one_line_naming_ascii():
    result = _prefdd("cp1251", "solve", DEAL, "-g", "8S", "--declarer", "1")
    assert result.returncode == 2
    assert result.stderr.decode("cp1251") == (
        "Error: the output has characters the output encoding (cp1251) cannot show: give"
        " --ascii for plain letters, or set PYTHONIOENCODING=utf-8\n")


def test_with_ascii_the_same_encoding_shows_the_answer():
    result = _prefdd("cp1251", "solve", DEAL, "-g", "8S", "--declarer", "1", "--ascii")
    assert result.returncode == 0, result.stderr
    assert "Declarer (1st hand) takes" in result.stdout.decode("cp1251")


def test_a_command_without_ascii_says_how_to_show_its_output():
    result = _prefdd("cp1251", "score", "7H", "--declarer", "1", "--tricks", "1=6,2=4,3=0",
                     "--whist", "2=whist,3=pass")
    assert result.returncode == 2
    assert result.stderr.decode("cp1251") == (
        "Error: the output has characters the output encoding (cp1251) cannot show: to show"
        " it, set PYTHONIOENCODING=utf-8\n")


@pytest.mark.parametrize("command, seat", [("whist", "--seat"), ("lead", "--leader"),
                                           ("declare", None)])
def test_a_talon_typed_unquoted_is_refused_saying_to_quote_it(command, seat):
    # `--talon 8S TD`: the shell gives the option one card and the hand the other.
    args = [command, "97.A87.A98.T9", "--talon", "8S", "TD", "--declarer",
            "1" if seat else "2"]
    if seat:
        args += ["-g", "6S", seat, "2"]
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("Error: --talon '8S': two cards, quoted, e.g. --talon \"")
    assert "the second is read as a word of the hand" in lines[0]
