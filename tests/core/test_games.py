"""Games: every spelling players type reads as the same canonical game."""
import pytest

from pyanalysis.errors import UnknownGameError
from pyanalysis.games import Game


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("8S", "8S"), ("8♠", "8S"), ("8 пик", "8S"), ("8 spades", "8S"), ("8s", "8S"),
        ("шесть пик", "6S"), ("7 трефы", "7C"), ("7т", "7C"), ("7♣", "7C"),
        ("9 бубен", "9D"), ("9♦️", "9D"), ("10H", "10H"), ("10 червей", "10H"), ("10♥", "10H"),
        ("6NT", "6NT"), ("6БК", "6NT"), ("6 бк", "6NT"), ("6 без козыря", "6NT"), ("7 nt", "7NT"),
        ("misere", "misere"), ("misère", "misere"), ("MISERE", "misere"), ("мизер", "misere"),
        ("raspasy", "raspasy"), ("распасы", "raspasy"), ("Распас", "raspasy"),
    ],
)
def test_spellings_read_as_the_canonical_game(text, canonical):
    assert str(Game.parse(text)) == canonical


def test_a_contract_knows_level_trump_and_kind():
    game = Game.parse("8 пик")
    assert (game.kind, game.level, game.trump, game.strain) == ("contract", 8, 0, "S")
    no_trump = Game.parse("6БК")
    assert (no_trump.kind, no_trump.level, no_trump.trump, no_trump.strain) == (
        "contract", 6, None, "NT")


def test_misere_and_raspasy_have_no_level_or_trump():
    assert (Game.parse("мизер").kind, Game.parse("мизер").level) == ("misere", None)
    assert (Game.parse("распасы").kind, Game.parse("распасы").trump) == ("raspasy", None)


@pytest.mark.parametrize("text", ["6S", "7C", "8D", "9H", "10NT", "misere", "raspasy"])
def test_canonical_form_reads_back(text):
    assert str(Game.parse(text)) == text
    assert Game.parse(str(Game.parse(text))) == Game.parse(text)


def test_symbol_form():
    assert [Game.parse(t).symbol() for t in ("8S", "10H", "6NT", "misere")] == [
        "8♠", "10♥", "6NT", "misère"]


def test_a_game_passes_through_parse_unchanged():
    game = Game.contract(7, 2)
    assert Game.parse(game) is game
    assert str(game) == "7D"


@pytest.mark.parametrize(
    "text, message",
    [
        ("5S", "unknown game '5S': level 5 is not 6..10"),
        ("11H", "unknown game '11H': level 11 is not 6..10"),
        ("8X", "unknown trump 'X' in game '8X'"),
        ("8", "unknown game '8': no trump given (S, C, D, H or NT)"),
        ("pass", "unknown game 'pass': expected e.g. 8S, 6NT, misere or raspasy"),
        ("", "empty game: expected e.g. 8S, 6NT, misere or raspasy"),
    ],
)
def test_bad_games_name_the_text(text, message):
    with pytest.raises(UnknownGameError) as info:
        Game.parse(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_a_game_object_checks_its_fields():
    with pytest.raises(UnknownGameError):
        Game("misere", 10)
    with pytest.raises(UnknownGameError):
        Game("contract", 5, 0)
