"""Sentences that must say exactly what is true of the answer they stand for (each with its
exact text): a small non-zero difference keeps its sign, a checked tenner is not said to be
unwhisted for no reason, the double-dummy caveat claims no bound it does not have, and a claim
that does not hold is not shown as if it did."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis.cli import main
from pyanalysis.text.words import signed, with_error

ROOT = Path(__file__).resolve().parents[2]
DEAL1 = (ROOT / "data" / "examples" / "deal1.txt").read_text().strip()


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("value, shown", [
    (Fraction(-3, 1000), "-0.003"), (Fraction(3, 1000), "+0.003"), (Fraction(1, 2000), "+0.0005"),
    (Fraction(-1, 300000), "-0.000003"), (Fraction(0), "+0.00"), (Fraction(-1, 1000000000), "-1.0e-09"),
    (Fraction(-7, 3), "-2.33"), (Fraction(-1, 1000), "-0.001")])
def test_a_small_difference_keeps_its_sign(value, shown):
    assert signed(value) == shown
    assert with_error(value, 0.01, True) == f"{shown} ± 0.01"


def test_a_checked_tenner_review_says_it_is_checked(tmp_path):
    cards = [str(c) for c in pa.solve(DEAL1, "10S", declarer=2).line]
    line = " / ".join(" ".join(cards[i:i + 3]) for i in range(0, len(cards), 3))
    record = tmp_path / "tenner.txt"
    record.write_text(f"deal: {DEAL1}\ngame: 10S\ndeclarer: 2\nleader: 1\nplay: {line}\n")
    result = CliRunner().invoke(main, ["review", str(record), "--rules", "sochi"])
    assert result.exit_code == 0, result.output
    assert ("In vists (rules sochi; the tenner is checked: no whisting, all cards laid open):"
            in result.output)
    assert "no whisting)" not in result.output


def test_the_double_dummy_caveat_claims_no_bound():
    result = CliRunner().invoke(main, ["odds", "AKJ98.AQ.K7.8", "--game", "6S", "--declarer", "1",
                                       "--out", "9H 7H", "--target", "6"])
    assert result.exit_code == 0, result.output
    assert ("Double-dummy: in every layout each player sees all the cards. The defenders see his"
            " hand, which favours them, and he plays as if he knew the layout, which favours him:"
            " at the table his chances may be higher or lower.") in words(result.output)
    assert "lower bound" not in result.output


def test_a_failed_claim_is_not_shown_as_agreed(tmp_path):
    record = tmp_path / "claim.txt"
    record.write_text(f"deal: {DEAL1}\ngame: 8S\ndeclarer: 2\nleader: 1\nplay: 8C KC 7S\n"
                      "claim: 3 9\n")
    result = CliRunner().invoke(main, ["review", str(record)])
    assert result.exit_code == 0, result.output
    assert ("Result (with the claim as accepted at the table, though it does not hold): the"
            " declarer took 0 (down 8)") in words(result.output)
    assert "the claim does not hold" in result.output
