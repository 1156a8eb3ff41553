"""`prefdd review` and `prefdd claim`: the text for people, `--json` as `to_dict()`, stdin and
files, and one-line errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis.cli import main
from cli_support import flat, ok, same_json, strict_json

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "data" / "examples" / "game.txt"
RASPASY = ROOT / "data" / "examples" / "raspasy_game.txt"
MISERE = ROOT / "data" / "examples" / "misere_game.txt"
DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
MISERE_DEAL = "QJ.97.KQJT.J7 T987.8.987.98 AK.QJT.A.AKQT"
RASPASY_DEAL = "KQT8.KT8.K.Q7 J97.QJ9.87.AJ A.A7.QJT.KT98 9D AD"


def stdin(text: str, *args: str):
    return CliRunner().invoke(main, ["review", "-", *args], input=text, prog_name="prefdd")


def test_review_text_names_the_costly_cards_the_verdict_and_the_costs():
    out = ok("review", str(GAME))
    record = pa.Record.parse(GAME.read_text(encoding="utf-8"))
    result = pa.review(record)
    text = flat(out)
    assert "♠" in out and "8♠ by the 2nd hand" in text
    for trick in record.tricks:
        assert f" {trick.number} " in out
    for card in result.costly:
        assert f"{card.card.symbol()}(-{card.cost})" in out
        assert " or ".join(c.symbol() for c in card.best[-2:]) in text
    assert (f"the declarer took {result.result} ({result.verdict}); with best play from the "
            f"start he takes {result.dd_start} ({result.dd_verdict})") in text
    lost = result.lost_at
    assert (f"Decisive card: {lost.card.symbol()} by the {('1st', '2nd', '3rd')[lost.seat - 1]}"
            f" hand at trick {lost.trick}; after it the contract could no longer be made") in text
    # The 3rd hand whists open alone: he chose the 1st hand's cards, and the blame is his.
    assert result.cost_by_chooser == {1: 0, 2: 3, 3: 1}
    assert ("8♠ by the 2nd hand; the 1st hand leads; the 3rd hand whist, the 1st hand pass;"
            " open whist: the 3rd hand plays the 1st hand's cards too.") in text
    assert "1 3rd hand (playing the 1st hand's cards) 7♦ 1 8♣ or 7♣" in text
    assert ("Tricks given away by each player's choices (the 3rd hand chose the 1st hand's"
            " cards): the 1st hand 0, the 2nd hand (declarer) 3, the 3rd hand 1.") in text


def test_review_closed_whist_blames_each_player_for_his_own_cards():
    """Closed whist with one whister: the passer plays his own cards (seed 000)."""
    text = flat(stdin(GAME.read_text(encoding="utf-8") + "whisting: closed\n").stdout)
    assert "open whist" not in text and "playing the" not in text
    assert "1 1st hand 7♦ 1 8♣ or 7♣" in text
    assert ("Tricks given away by each player's cards: the 1st hand 1, the 2nd hand"
            " (declarer) 3, the 3rd hand 0.") in text


def test_review_json_is_to_dict_and_rules_price_it():
    out = ok("review", str(GAME), "--rules", "leningrad", "--json")
    record = pa.Record.parse(GAME.read_text(encoding="utf-8"))
    same_json(out, pa.review(record, rules="leningrad"))
    data = strict_json(out)
    assert data["rules"] == "leningrad" and data["vists_cost"]["2"].lstrip("-").isdigit()
    text = flat(ok("review", str(GAME), "--rules", "sochi"))
    assert "In vists (rules sochi; the 1st hand pass, the 3rd hand whist)" in text


def test_review_whist_words_replace_the_records_and_imply_pricing():
    out = ok("review", str(GAME), "--whist", "1=whist,3=pass", "--json")
    record = pa.Record.parse(GAME.read_text(encoding="utf-8"))
    same_json(out, pa.review(record, rules="sochi", whist={1: "whist", 3: "pass"}))
    assert strict_json(out)["whist"] == {"1": "whist", "3": "pass"}
    text = flat(ok("review", str(GAME), "--whist", "1=whist,3=pass"))
    assert "In vists (rules sochi; the 1st hand whist, the 3rd hand pass)" in text


def test_review_reads_stdin_and_json_records():
    record = pa.Record.parse(GAME.read_text(encoding="utf-8"))
    by_text = stdin(str(record), "--json")
    by_json = stdin(json.dumps(record.to_dict()), "--json")
    assert by_text.exit_code == by_json.exit_code == 0
    assert strict_json(by_text.stdout) == strict_json(by_json.stdout)


def test_review_raspasy_shows_minimums_and_player_option():
    out = flat(ok("review", str(RASPASY)))
    assert "minimums" in out and "[9♦]" in out and "Guaranteed minimums at the start" in out
    data = strict_json(ok("review", str(RASPASY), "--player", "2", "--json"))
    assert data["focus"] == 2 and all(c["focus"] == 2 for c in data["cards"])


def test_review_ascii_has_no_symbols():
    out = ok("review", str(GAME), "--ascii")
    assert not any(s in out for s in "♠♣♦♥")
    assert "8S(-3)" in out


@pytest.mark.parametrize("args,text,message", [
    (["review", "no-such-file.txt"], None, "Error: cannot read 'no-such-file.txt':"),
    (["review", "-"], "", "Error: the record is empty"),
    (["review", "-"], f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\nplay: 8C KC 7S / AH 7H KC\n",
     "Error: trick 2: KC was already played in trick 1"),
    (["review", "-"], f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\nplay: 8C KC 7S / AH 7H QC\n",
     "Error: trick 2: QC is not a trump: the 2nd hand holds no ♥ and must play a trump ♠"),
    (["review", "-", "--rules", "moscow"], f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\n",
     "Error: Invalid value for '--rules'"),
    (["review", "-", "--player", "1"], f"deal: {DEAL}\ngame: 8S\ndeclarer: 2\n",
     "Error: player 1: the player is for raspasy"),
    (["claim", DEAL, "-g", "8S", "--declarer", "2", "--claimant", "2", "--tricks", "many"],
     None, "Error: --tricks 'many': 'rest', a number of tricks, 'none', 'at most N' or 'at "
     "least N'"),
    (["claim", DEAL, "-g", "misere", "--declarer", "2", "--claimant", "2", "--tricks", "rest"],
     None, "Error: claim: the misère declarer claims he takes at most N more ('2 none', "
     "'2 at most 1')"),
    (["claim", DEAL, "-g", "misere", "--declarer", "2", "--claimant", "1"], None,
     "Error: claim: a catcher claims the declarer takes at least N more: give N"),
    (["claim", DEAL, "-g", "misere", "--claimant", "1", "--tricks", "at least 1"], None,
     "Error: misere needs the declarer: give --declarer 1, 2 or 3"),
    (["claim", RASPASY_DEAL, "-g", "raspasy", "--claimant", "1", "--tricks", "at least 1"],
     None, "Error: claim: in raspasy a player claims only his own tricks, at most N more "
     "('1 none', '1 at most 1')"),
    (["claim", RASPASY_DEAL, "-g", "raspasy", "--declarer", "1", "--claimant", "1"], None,
     "Error: raspasy has no declarer: give --claimant only"),
    (["claim", RASPASY_DEAL, "-g", "raspasy", "--claimant", "1", "--tricks", "at most 11"],
     None, "Error: claim of 11 tricks: 10 are left"),
    (["claim", DEAL, "-g", "8S", "--declarer", "2", "--claimant", "2", "--talon-rule", "suit"],
     None, "Error: --talon-rule applies only to raspasy, not to 8S"),
    (["claim", DEAL, "-g", "8S", "--declarer", "2", "--claimant", "2", "--plays", "8C AS"],
     None, "Error: trick 1: AS does not follow suit ♣ (the 2nd hand holds ♣)"),
])
def test_bad_input_is_one_line(args, text, message):
    result = CliRunner().invoke(main, args, input=text, prog_name="prefdd")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message), result.stderr
    assert result.stderr.count("\n") == 1


def test_claim_text_and_json():
    plays = "8C KC 7S / AH 7H 8S / AS 9S JS"
    claim = pa.check_claim(DEAL, "8S", declarer=2, plays=plays.replace("/", "").split(),
                           claimant=2)
    out = flat(ok("claim", DEAL, "-g", "8S", "--declarer", "2", "--plays", plays,
                  "--claimant", "2"))
    assert f"claims all {claim.remaining} tricks left for the declarer" in out
    assert ("the claim holds" if claim.holds else "the claim does not hold") in out
    if not claim.holds:
        assert claim.refutation[0].symbol() in out
    same_json(ok("claim", DEAL, "-g", "8S", "--declarer", "2", "--played", plays,
                 "--claimant", "1", "--tricks", "2", "--json"),
              pa.check_claim(DEAL, "8S", declarer=2, plays=plays.replace("/", "").split(),
                             claimant=1, tricks=2))


def test_misere_claims_text_and_json():
    plays = "KD 9D AD / TH 7H 9H"
    cards = plays.replace("/", "").split()
    out = flat(ok("claim", MISERE_DEAL, "-g", "misere", "--declarer", "2", "--plays", plays,
                  "--claimant", "2", "--tricks", "none"))
    claim = pa.check_claim(MISERE_DEAL, "misere", declarer=2, plays=cards, claimant=2)
    assert claim.kind == "at most" and claim.tricks == 0
    assert (f"The 2nd hand claims he takes none of the {claim.remaining} tricks left: the claim"
            f" {'holds' if claim.holds else 'does not hold'}") in out
    for words, kind, tricks in (("2", "at least", 2), ("at least 3", "at least", 3)):
        data = strict_json(ok("claim", MISERE_DEAL, "-g", "misere", "--declarer", "2",
                              "--plays", "KD 9D AD", "--claimant", "3", "--tricks", words,
                              "--json"))
        same = pa.check_claim(MISERE_DEAL, "misere", declarer=2, plays=cards[:3], claimant=3,
                              tricks=tricks)
        assert data == strict_json(json.dumps(same.to_dict()))
        assert data["kind"] == kind and data["holds"] == (data["can_take"] >= tricks)
    broken = flat(ok("claim", MISERE_DEAL, "-g", "misere", "--declarer", "2", "--plays",
                     "KD 9D AD", "--claimant", "2", "--tricks", "none"))
    refuted = pa.check_claim(MISERE_DEAL, "misere", declarer=2, plays=cards[:3], claimant=2)
    assert not refuted.holds
    assert (f"the claim does not hold; with best play by all he takes {refuted.can_take}. The "
            f"line that breaks it: {refuted.refutation[0].symbol()}") in broken


def test_raspasy_claim_with_a_talon_trick_to_come():
    out = ok("claim", RASPASY_DEAL, "-g", "raspasy", "--plays", "KD 8D QD", "--claimant", "2",
             "--tricks", "at most 1", "--json")
    same = pa.check_claim(RASPASY_DEAL, "raspasy", plays=["KD", "8D", "QD"], claimant=2,
                          tricks=1)
    same_json(out, same)
    data = strict_json(out)
    assert data["talon_rule"] == "suit" and data["declarer"] is None and data["side"] is None
    assert data["kind"] == "at most" and data["focus"] == 2
    text = flat(ok("claim", RASPASY_DEAL, "-g", "raspasy", "--plays", "KD 8D QD",
                   "--claimant", "2"))
    assert "raspasy, talon rule 'suit'" in text
    assert "against the other two" in text and "claims he takes none of the 9 tricks" in text


def test_review_of_a_misere_record_ending_in_a_claim():
    record = pa.Record.parse(MISERE.read_text(encoding="utf-8"))
    result = pa.review(record)
    assert record.claim_kind == "at most" and result.settlement == "claim"
    text = flat(ok("review", str(MISERE)))
    assert (f"Result (with the claim): the declarer took {result.result} ({result.verdict})"
            in text)
    assert "The 2nd hand claims he takes none of the 7 tricks left: the claim holds" in text
    same_json(ok("review", str(MISERE), "--json"), result)


# A six hearts by the 1st hand; the 2nd hand whists open alone and plays the 3rd hand's cards.
SIX_OPEN = """\
deal: QJ.Q7.AK9.QJT 98.JT9.JT8.A8 AKT7.AK.Q7.97 8C KH
game: 6H
declarer: 1
leader: 3
whist: whist pass
play: 7D KD TD / AD 8D QD / JS 9S TS / 7C 9C AC / KC QC JC /
      9H JH AH / JD 7H 9D / 7S QS 8S / TH 8H KS / QH TC AS
"""


def test_the_decisive_card_names_the_whister_who_chose_it():
    result = pa.review(pa.Record.parse(SIX_OPEN))
    lost = result.lost_at
    assert (lost.seat, lost.chooser, str(lost.card)) == (3, 2, "7S")
    text = flat(stdin(SIX_OPEN).stdout)
    assert ("Decisive card: 7♠ by the 2nd hand (playing the 3rd hand's cards) at trick 8;"
            " after it the contract could no longer be set.") in text
    data = strict_json(stdin(SIX_OPEN, "--json").stdout)
    assert data["lost_at"] == {"number": 22, "trick": 8, "seat": 3, "chooser": 2, "card": "7S"}
    closed = flat(stdin(SIX_OPEN + "whisting: closed\n").stdout)
    assert ("Decisive card: 7♠ by the 3rd hand at trick 8; after it the contract could no"
            " longer be set.") in closed
