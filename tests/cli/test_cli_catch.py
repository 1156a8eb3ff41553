"""`prefdd misere-catch`: text and JSON against `misere_catch`, one-line errors, help examples.

The command is invoked directly (CliRunner on `misere_catch_command`) so that these tests do
not depend on its registration in the `prefdd` group; one test checks the group too when the
command is registered there.
"""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis.analysis.catch import misere_catch
from pyanalysis.cli.catch import EXAMPLE_DEAL, EXAMPLE_ENDING, misere_catch_command
from pyanalysis.diagram import draw_deal

ROOT = Path(__file__).resolve().parents[2]
ENDING = EXAMPLE_ENDING      # not guaranteed although every discard is caught with open cards
GUARANTEED = "-.8.-.QJ -.A.-.87 -.KT.-.A QC JC"  # declarer 2: caught whatever he discarded


def run(*args: str):
    return CliRunner().invoke(misere_catch_command, list(args))


def test_text_report_of_an_ending():
    result = run(ENDING, "--declarer", "2")
    assert result.exit_code == 0, result.output
    answer = misere_catch(ENDING, 2)
    assert draw_deal(pa.Deal.parse(ENDING), declarer=2) in result.output
    for pair, tricks in answer.by_discard.items():
        shown = " ".join(c.symbol() for c in sorted(pair, key=lambda c: (c.suit, -c.rank)))
        verdict = f"caught for {tricks}" if tricks else "escapes"
        assert re.search(re.escape(shown) + r"\s+" + re.escape(verdict), result.output)
    assert not answer.guaranteed
    escapes = ", ".join(" ".join(c.symbol() for c in sorted(p, key=lambda c: (c.suit, -c.rank)))
                        for p in answer.escapes)
    words = " ".join(result.output.split())  # the prose is wrapped
    assert (f"He escapes by discarding {escapes}: the best single defence catches"
            f" {len(answer.caught)} of {len(answer.by_discard)} discards") in words
    assert 0 < answer.game_value < 1
    assert (f"he is caught with probability {answer.game_value.numerator}/"
            f"{answer.game_value.denominator}") in words
    assert "Line of play under the best single defence" in words


def test_text_report_when_guaranteed():
    result = run(GUARANTEED, "--declarer", "2", "--ascii")
    assert result.exit_code == 0, result.output
    assert misere_catch(GUARANTEED, 2).guaranteed
    assert "Caught whatever he discarded: the defence" in result.output
    assert "♠" not in result.output


def test_json_is_the_result():
    result = run(ENDING, "--declarer", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data == json.loads(json.dumps(misere_catch(ENDING, 2).to_dict()))
    assert data["guaranteed"] is False
    assert all(re.fullmatch(r"[789TJQKA][SCDH]", c) for c in data["line"])


def test_all_defences_lists_every_non_dominated_set():
    best = misere_catch(ENDING, 2)
    every = misere_catch(ENDING, 2, pareto="all")
    # The best sets are the largest of all the non-dominated ones; here there are smaller ones.
    # The default lists the largest, then the smaller ones the catchers' optimal mix uses.
    size = max(len(s) for s in every.pareto)
    assert sorted(sorted(s) for s in best.pareto if len(s) == size) == sorted(
        sorted(s) for s in every.pareto if len(s) == size)
    assert all(s in every.pareto for s in best.pareto)
    assert len(every.pareto) >= len(best.pareto)
    assert every.game_value == best.game_value and every.mix == best.mix
    result = run(ENDING, "--declarer", "2", "--all-defences", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == json.loads(json.dumps(every.to_dict()))
    text = run(ENDING, "--declarer", "2", "--all-defences").output
    # A row for each defence listed, with its weight in the catchers' best mix.
    table = "The catchers' defences: what each catches, and its weight in their best mix:"
    assert table in text
    rows = text.split(table)[1].splitlines()[1:len(every.pareto) + 1]
    for row, chosen, weight in zip(rows, every.pareto, every.mix):
        assert re.match(rf"\s+\d+\.\s+{len(chosen)} of 4\s+{re.escape(str(weight))}\s", row), row


def test_played_and_leader_options():
    result = run(ENDING, "--declarer", "2", "--leader", "1", "--played", "TD", "--json")
    assert result.exit_code == 0, result.output
    expected = misere_catch(ENDING, 2, leader=1, played=["TD"]).to_dict()
    assert json.loads(result.output) == json.loads(json.dumps(expected))


@pytest.mark.parametrize("args, message", [
    (("8.-.T.- J.-.-.9 -.-.J.7", "--declarer", "2"), "talon"),
    ((ENDING, "--declarer", "2", "--played", "AS"), "played card"),
    ((ENDING, "--declarer", "2", "--played", "XX"), "XX"),
    (("8.-.T.- J.-.-.9 -.-.J.7 KD 8S", "--declarer", "2"), "8S"),
    ((ENDING, "--declarer", "4"), "4"),
    ((ENDING,), "declarer"),
    ((ENDING, "--declarer", "2", "--bogus"), "bogus"),
])
def test_bad_input_is_one_line(args, message):
    result = run(*args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output


def test_help_examples_run_fast():
    help_text = run("--help").output
    examples = [line.strip() for line in help_text.splitlines()
                if line.strip().startswith("prefdd misere-catch")]
    assert len(examples) >= 2
    for example in examples:
        args = shlex.split(example)[2:]
        result = run(*args)
        assert result.exit_code == 0, (example, result.output)
    assert EXAMPLE_DEAL.split()[0] in help_text


def test_registered_in_prefdd():
    from pyanalysis.cli import main

    assert "misere-catch" in main.commands
    result = CliRunner().invoke(main, ["misere-catch", ENDING, "--declarer", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["guaranteed"] is False


def test_the_kovalevskaya_misere_names_the_discard_he_escapes_by():
    """The bundled deal (data/examples/misere.txt, the discard A♣ K♣ made at the table): the
    best single defence catches every discard but that one, and the line shown is his with it."""
    text = (ROOT / "data" / "examples" / "misere.txt").read_text().replace("discard:", "").strip()
    answer = misere_catch(text, 2)
    ace_king = (pa.Card.parse("KC"), pa.Card.parse("AC"))
    assert answer.escapes == [ace_king] and answer.line_discard == ace_king
    words = " ".join(run(text, "--declarer", "2").output.split())
    assert "He escapes by discarding A♣ K♣: the best single defence catches 13 of 14" in words
    assert "Line of play under the best single defence, his discard A♣ K♣, with which he" in words
