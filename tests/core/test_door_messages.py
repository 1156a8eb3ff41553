"""Messages for a mistyped card, a hand of the wrong size and a card set in the API: each one
blames what is wrong, in the argument's own name, with its exact text pinned here."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis.cli import main
from pyanalysis.checks import hand_size
from pyanalysis.errors import CardCountError, DuplicateCardError, NotationError, UnknownSuitError
from pyanalysis.hand import card_set

HANDS = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87"
TEN = "AKJ98.AQ.K7.8"  # the declarer's ten cards
NINE = "AKJ98.AQ.K7.-"  # one short


# ------------------------------------------------------------------------ a talon typo


@pytest.mark.parametrize("talon", ["AD QX", "QX AD", "AD,QX", "talon: AD QX", "QX"])
def test_a_talon_typo_blames_the_mistyped_card(talon):
    with pytest.raises(UnknownSuitError) as info:
        pa.Deal.parse(f"{HANDS} {talon}")
    assert str(info.value) == "unknown suit 'X' in card 'QX'"


def test_the_command_line_blames_the_mistyped_talon_card_too():
    result = CliRunner().invoke(main, ["solve", *HANDS.split(), "AD", "QX", "-g", "8S",
                                       "--declarer", "1"], prog_name="prefdd")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "Error: unknown suit 'X' in card 'QX'\n"


@pytest.mark.parametrize("talon, message", [
    ("XD 9D", "unknown rank 'X' in talon 'XD 9D'"),  # the group reading named it already
    ("AD 1D", "unknown rank '1' in card '1D'"),
    ("AD Q", "card 'Q' has no suit"),
    ("c9S", "suit 'S' right after rank '9' in talon 'c9S': a card is rank then suit (9S), a"
            " suit label comes before its ranks (♣9); write one or the other"),
    ("-", "talon '-' has 1 suit group; expected 4 (♠.♣.♦.♥, '-' for a void)"),
])
def test_other_talon_typos_keep_a_message_that_names_the_bad_part(talon, message):
    with pytest.raises(NotationError) as info:
        pa.Deal.parse(f"{HANDS} {talon}")
    assert str(info.value) == message


def test_a_good_talon_in_every_notation_still_reads():
    for talon in ("TD 9D", "♦10 ♦9", "-.-.T9.-", "D:T9", "TD,9D"):
        assert {str(c) for c in pa.Deal.parse(f"{HANDS} {talon}").talon} == {"TD", "9D"}


# ------------------------------------------------------------------ a hand of the wrong size


@pytest.mark.parametrize("hand, out, message", [
    (NINE, "9H 7H", "hand has 9 cards; with 2 cards out of play it needs 10 (the two other"
                    " seats would hold 21 between them, not two hands of 10)"),
    (TEN, None, "hand has 10 cards; with no card out of play it needs 12, hand and talon"
                " before the discard (the two other seats would hold 22 between them, not two"
                " hands of 10)"),
    (TEN, "9H", "hand has 10 cards, with 1 card out of play: the two other seats would hold"
                " 21 between them; a hand of 10 needs 2 or 6 cards out of play"),
])
def test_layout_odds_blames_a_hand_of_the_wrong_size(hand, out, message):
    with pytest.raises(CardCountError) as info:
        pa.layout_odds(hand, "6S", 1, out=out)
    assert str(info.value) == message


def test_hand_size_is_the_count_of_each_other_hand_for_every_size_that_fits():
    for out in range(0, 30):
        for hand in range(0, 14):
            fits = [n for n in range(1, 11) if hand in (n, n + 2) and hand + out + 2 * n == 32]
            if fits:
                assert hand_size(hand, out) == fits[0]
            else:
                with pytest.raises(CardCountError, match=r"^hand has "):
                    hand_size(hand, out)
    assert hand_size(10, 2, out_what="in the talon", with_talon=False) == 10
    with pytest.raises(CardCountError) as info:
        hand_size(9, 2, out_what="in the talon", with_talon=False)
    assert str(info.value) == ("hand has 9 cards; with 2 cards in the talon it needs 10 (the two"
                               " other seats would hold 21 between them, not two hands of 10)")
    with pytest.raises(CardCountError) as info:
        hand_size(12, 0, out_what="in the talon", with_talon=False)
    assert str(info.value) == "hand has 12 cards; a hand holds 1 to 10"
    with pytest.raises(CardCountError) as info:
        hand_size(13, 1)
    assert str(info.value) == ("hand has 13 cards; a hand holds 1 to 10 (12 with the talon,"
                               " before the discard)")


# ------------------------------------------------------------------- card sets in the API


EIGHT = "AKJ98.AQ.K.-"  # after two tricks: eight cards each, eight out of play


def _odds(out):
    return pa.layout_odds(EIGHT, "6S", 1, out=out)  # every layout: 12,870


def test_layout_odds_reads_out_in_the_notations_the_command_line_reads():
    expected = _odds("-.T987.-.T987")
    assert expected.layouts == 12870
    for out in ("7C 8C 9C TC 7H 8H 9H TH", "7C,8C,9C,TC,7H,8H,9H,TH", "♣7 ♣8 ♣9 ♣10 ♥7 ♥8 ♥9 ♥10",
                ["7C", "8C", "9C", "TC", "7H", "8H", "9H", "TH"], "C:T987 H:T987",
                pa.Hand.parse("-.T987.-.T987")):
        answer = _odds(out)
        assert answer.others == expected.others
        assert (answer.layouts, answer.counts) == (expected.layouts, expected.counts)


@pytest.mark.parametrize("text, kind, message", [
    ("7C 7X", UnknownSuitError, "unknown suit 'X' in card '7X'"),
    ("7C 7C", DuplicateCardError, "card 7C given twice in out '7C 7C'"),
    ("AKJ", NotationError, "out 'AKJ' has 1 suit group; expected 4 (♠.♣.♦.♥, '-' for a void)"),
    ("", NotationError, "out is empty: write '-.-.-.-' for a hand with no cards"),
])
def test_a_bad_card_set_is_refused_naming_the_card_or_the_argument(text, kind, message):
    with pytest.raises(kind) as info:
        card_set(text, "out")
    assert str(info.value) == message


def test_layout_odds_without_a_hand_names_hand():
    with pytest.raises(NotationError) as info:
        pa.layout_odds(None, "6S", 1)
    assert str(info.value) == "hand is None: give cards, like 'AKJ98.AQ.K7.87' or 'AS KS'"


def test_card_set_reads_a_hand_text_as_before():
    for text in ("AKJ98.AQ.K7.8", "S:AKJ98 C:AQ D:K7 H:8", "♠AKJ98 ♣AQ ♦K7 ♥8"):
        assert card_set(text, "hand") == pa.Hand.parse(TEN)


def test_the_seat_views_blame_a_hand_one_card_short():
    with pytest.raises(CardCountError) as info:
        pa.lead_decision(NINE, "6S", 1, leader=2, talon="9H 7H")
    assert str(info.value) == ("hand has 9 cards; with 2 cards in the talon it needs 10 (the two"
                               " other seats would hold 21 between them, not two hands of 10)")
