"""`prefdd review --view seat`: both costs side by side, the verdict words, the JSON keys added
to the double-dummy review's, and one-line errors."""
from __future__ import annotations

from pathlib import Path

import pytest

import pyanalysis as pa
from cli_support import flat, ok, run, same_json, strict_json

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "data" / "examples" / "game.txt"


def seat_review(**kwargs):
    record = pa.Record.parse(GAME.read_text(encoding="utf-8"))
    return pa.review(record, view="seat", **kwargs)


def test_both_costs_side_by_side_with_the_verdicts():
    out = ok("review", str(GAME), "--view", "seat", "--whisting", "closed")
    result = seat_review(whisting="closed")
    text = flat(out)
    assert "closed whist: every hand hidden, the declarer's discard too" in text
    assert "every layout when there are at most 200, else 200 drawn (seed 0)" in text
    rows = [line.split() for line in out.splitlines()]
    for card in result.judged:
        row = next(r for r in rows if card.card.symbol() in r and r[0] == str(card.trick)
                   and r[4] == str(card.cost))
        assert f"{float(card.seat_cost):.2f}{card.seat_flag}" in row
        assert (card.seat_verdict or "-") in row
    verdicts = {c.seat_verdict for c in result.judged}
    assert {"unlucky", "mistake"} <= verdicts
    # The trick table marks the flagged cards; the summary gives each seat's average loss.
    assert "8♠(-3)??" in out
    lost = result.seat_cost_by_seat
    assert (f"Tricks lost on average from each player's own seat: the 1st hand "
            f"{float(lost[1]):.2f}") in text


def test_the_whister_is_blamed_for_the_passers_card_he_chose():
    """game.txt: the 3rd hand whists open alone, so he plays the 1st hand's cards (RULES.md
    §3): the opening 7♦ from the 1st hand is his mistake, weighed from his seat."""
    out = ok("review", str(GAME), "--view", "seat")
    text = flat(out)
    assert ("1 3rd hand (playing the 1st hand's cards) 7♦ 1 8♣ or 7♣ 1.00?? 8♣ or 7♣"
            " mistake all 66") in text
    assert "1 1st hand 7♦ 1" not in text  # the old row, which blamed the passer
    assert ("open whist: the defenders' hands face up, the declarer's discard hidden from them;"
            " the 1st hand's cards from the seat of the 3rd hand, who plays them)") in text
    assert ("Tricks lost on average from each player's own seat (the 3rd hand chose the 1st"
            " hand's cards): the 1st hand 0.00, the 2nd hand (declarer) 3.00, the 3rd hand"
            " 1.00.") in text
    data = strict_json(ok("review", str(GAME), "--view", "seat", "--json"))
    first = data["cards"][0]
    assert (first["seat"], first["chooser"], first["card"]) == (1, 3, "7D")
    assert first["seat_verdict"] == "mistake"
    assert data["choosers"] == {"1": 3, "2": 2, "3": 3}
    assert data["seat_cost_by_chooser"] == {"1": 0.0, "2": 3.0, "3": 1.0}
    assert data["seat_cost_by_seat"] == {"1": 1.0, "2": 3.0, "3": 0.0}  # by hand, as before
    assert data["cost_by_chooser"] == {"1": 0, "2": 3, "3": 1}


def test_the_double_dummy_review_is_unchanged_without_the_view():
    out = ok("review", str(GAME))
    assert "seat" not in out and "?" not in out


def test_json_adds_the_seat_keys():
    out = ok("review", str(GAME), "--view", "seat", "--json", "--samples", "30", "--seed", "4")
    result = seat_review(samples=30, seed=4)
    same_json(out, result)
    data = strict_json(out)
    assert data["view"] == "seat" and data["whisting"] == "open" and data["samples"] == 30
    assert data["seed"] == 4 and data["flags"] == [0.1, 0.6]
    card = data["cards"][0]
    for key in ("number", "seat", "chooser", "cost", "best", "values"):  # the double-dummy keys
        assert key in card
    for key in ("seat_values", "seat_vists", "seat_cost", "seat_cost_se", "seat_best",
                "seat_flag", "seat_verdict", "seat_layouts", "seat_total", "seat_exact"):
        assert key in card
    assert card["seat_total"] == 66 and card["seat_layouts"] == 30  # fewer asked: drawn
    assert card["seat_exact"] is False and card["seat_cost_se"] is not None


def test_each_cards_draw_stops_when_settled_unless_fixed():
    args = ("review", str(GAME), "--view", "seat", "--whisting", "closed", "--json")
    settled = strict_json(ok(*args))
    fixed = strict_json(ok(*args, "--fixed"))
    same_json(ok(*args), seat_review(whisting="closed"))
    drawn = [(a, b) for a, b in zip(settled["cards"], fixed["cards"])
             if a["seat_layouts"] and not a["seat_exact"]]
    assert drawn and settled["fixed"] is False and fixed["fixed"] is True
    assert all(b["seat_stopped"] == "fixed" and b["seat_layouts"] == 200 for _, b in drawn)
    assert {a["seat_stopped"] for a, _ in drawn} >= {"cap", "practical"}
    assert any(a["seat_layouts"] < 200 for a, _ in drawn)
    text = flat(ok(*args[:-1]))
    assert "else 200 drawn (seed 0), weighed until the card's verdict is settled" in text
    assert "weighed until" not in flat(ok(*args[:-1], "--fixed"))


def test_flags_move_the_marks():
    out = ok("review", str(GAME), "--view", "seat", "--whisting", "closed", "--flags",
             "0.01", "5")
    assert "8♠(-3)?" in out and "8♠(-3)??" not in out


@pytest.mark.parametrize("args, message", [
    (["--seed", "3"], "--seed is for the seat view: give --view seat too"),
    (["--whisting", "open"], "--whisting is for the seat view: give --view seat too"),
    (["--view", "seat", "--samples", "all", "--whisting", "closed"],
     "samples 'all': card 1 has 12,193,896 layouts from its player's seat"),
    (["--view", "seat", "--flags", "0.5", "0.1"], "flags (0.5, 0.1)"),
    (["--fixed"], "--fixed is for the seat view: give --view seat too"),
])
def test_errors_are_one_line(args, message):
    result = run("review", str(GAME), *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_open_whist_with_two_whisters_is_refused_in_the_record(tmp_path):
    text = GAME.read_text(encoding="utf-8").replace("whist: whist pass", "whist: whist whist")
    path = tmp_path / "two.txt"
    path.write_text(text + "whisting: open\n", encoding="utf-8")
    result = run("review", str(path), "--view", "seat")
    assert result.exit_code == 2
    assert "two whisters always play closed" in result.stderr


def test_the_page_shows_both_costs(tmp_path):
    page = tmp_path / "seat.html"
    ok("review", str(GAME), "--view", "seat", "--whisting", "closed", "--html", str(page))
    html = page.read_text(encoding="utf-8")
    assert "Cards that cost tricks, double-dummy or from the player&#39;s seat" in html
    assert ("7♦</span></button> <span class=\"mark\">cost 1 trick, best 8♣ or 7♣; from his seat"
            " 0.09 lost on average, best J♠: unlucky") in html
    assert "no cost double-dummy; from his seat 0.15? lost on average, best 10♠: lucky" in html
    assert "From each player&#39;s own seat (closed whist; at most 200 layouts a card" in html
    plain = tmp_path / "dd.html"
    ok("review", str(GAME), "--html", str(plain))
    assert "from his seat" not in plain.read_text(encoding="utf-8")
