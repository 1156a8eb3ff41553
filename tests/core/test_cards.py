"""Cards and hands: reading every notation, the engine numbering, printing."""
import pytest

from pyanalysis import Card, Hand
from pyanalysis.cards import all_cards


@pytest.mark.parametrize(
    "text",
    ["AS", "as", "♠A", "A♠", "a♠", "♠️A", "Т♠", "тп", "пт", "ТП", "A spades", "A пик", "♤A", "s:a"],
)
def test_the_ace_of_spades_in_every_notation(text):
    assert str(Card.parse(text)) == "AS"


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("10♥", "TH"), ("TH", "TH"), ("th", "TH"), ("♥10", "TH"), ("10ч", "TH"), ("10 ♥", "TH"),
        ("Дт", "QC"), ("дт", "QC"), ("Q♣", "QC"), ("Вб", "JD"), ("J♦", "JD"), ("Кч", "KH"),
        ("7C", "7C"), ("♣7", "7C"), ("7 трефы", "7C"), ("8 бубны", "8D"), ("9 червей", "9H"),
    ],
)
def test_cards_in_english_symbols_and_russian(text, canonical):
    assert str(Card.parse(text)) == canonical


def test_latin_t_is_the_ten_and_cyrillic_t_is_the_ace():
    assert Card.parse("TS").rank == 3
    assert Card.parse("ТS").rank == 7


def test_suits_ranks_and_the_engine_index():
    card = Card.parse("QD")
    assert (card.suit, card.rank, card.index) == (2, 5, 2 * 8 + 5)
    assert Card.from_index(card.index) == card
    assert [str(Card.from_index(i)) for i in (0, 7, 8, 31)] == ["7S", "AS", "7C", "AH"]
    assert card.bit == 1 << 21


def test_every_card_prints_and_reads_back():
    for card in all_cards():
        assert Card.parse(str(card)) == card
        assert Card.parse(card.symbol()) == card


def test_card_symbols_write_the_ten_as_10():
    assert [Card.parse(t).symbol() for t in ("AS", "TH", "7C", "JD")] == ["A♠", "10♥", "7♣", "J♦"]


def test_cards_sort_like_the_engine_numbers():
    cards = [Card.parse(t) for t in ("AH", "7S", "KC", "8S")]
    assert [str(c) for c in sorted(cards)] == ["7S", "8S", "KC", "AH"]


def test_a_hand_is_an_engine_mask():
    hand = Hand.parse("AKQ.J98.T7.A8")
    expected = sum(Card.parse(t).bit for t in "AS KS QS JC 9C 8C TD 7D AH 8H".split())
    assert hand.mask == expected
    assert Hand(expected) == hand
    assert len(hand) == 10


def test_a_hand_iterates_by_suit_then_high_to_low():
    hand = Hand.parse("♥A8 ♠KQ ♦10")
    assert [str(c) for c in hand] == ["KS", "QS", "TD", "AH", "8H"]


def test_membership_takes_cards_or_tokens():
    hand = Hand.parse("S:AK H:7")
    assert Card.parse("AS") in hand
    assert "7♥" in hand
    assert "QS" not in hand


def test_hand_prints_dotted_and_with_symbols():
    hand = Hand.parse("S:AKQ C:J98 D:T7 H:A8")
    assert str(hand) == "AKQ.J98.T7.A8"
    assert hand.symbols() == "♠AKQ ♣J98 ♦10 7 ♥A8"
    assert str(Hand.parse("-.-.AT.-")) == "-.-.AT.-"
    assert Hand.parse("-.-.AT.-").symbols() == "♠- ♣- ♦A 10 ♥-"


def test_hand_from_cards_and_without():
    hand = Hand.from_cards(["AS", Card.parse("7H"), "♦10"])
    assert str(hand) == "A.-.T.7"
    assert str(hand.without([Card.parse("AS")])) == "-.-.T.7"
    assert hand.suit(2) == [Card.parse("TD")]
