"""Round trips: whatever is printed reads back as the same object, in every notation."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyanalysis import Card, Deal, Game, Hand
from pyanalysis.cards import all_cards
from pyanalysis.diagram import draw_deal

_RUSSIAN_RANKS = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}
_RUSSIAN_SUITS = ("пики", "трефы", "бубны", "червы")


@st.composite
def hands(draw):
    return Hand(draw(st.integers(min_value=0, max_value=(1 << 32) - 1)))


@st.composite
def deals(draw, with_discard=True):
    """A deal or an ending: 1..10 cards a hand, maybe a talon (order kept), maybe a discard.

    A discard is two cards (or written empty); a full deal's talon is two cards or none (32
    cards in all), an ending's may be one (the second talon trick still to come)."""
    cards = draw(st.permutations(all_cards()))
    size = draw(st.integers(min_value=1, max_value=10))
    spare = cards[3 * size:]
    talon_sizes = [0, 2] if size == 10 else [0, 1, 2]
    talon = tuple(spare[:draw(st.sampled_from([n for n in talon_sizes if n <= len(spare)]))])
    rest = spare[len(talon):]
    discard = None
    if with_discard and draw(st.booleans()):
        discard = Hand.from_cards(rest[:draw(st.sampled_from([n for n in (0, 2) if n <= len(rest)]))])
    hands_ = tuple(Hand.from_cards(cards[i * size:(i + 1) * size]) for i in range(3))
    return Deal(hands_, talon, discard)


def russian_dotted(hand: Hand) -> str:
    groups = str(hand).split(".")
    return ".".join("".join(_RUSSIAN_RANKS.get(ch, ch) for ch in group) for group in groups)


def russian_labelled(hand: Hand) -> str:
    return " ".join(
        f"{_RUSSIAN_SUITS[s]} {' '.join(_RUSSIAN_RANKS.get(ch, ch) for ch in hand.ranks(s))}"
        for s in range(4))


@settings(derandomize=True)
@given(hands())
def test_hand_round_trips(hand):
    assert Hand.parse(str(hand)) == hand
    assert Hand.parse(hand.symbols()) == hand
    assert Hand.parse(russian_dotted(hand)) == hand
    assert Hand.parse(russian_labelled(hand)) == hand
    assert Hand.parse(str(hand).lower()) == hand


@settings(max_examples=200, derandomize=True)
@given(deals())
def test_deal_round_trips_through_its_canonical_form(deal):
    assert Deal.parse(str(deal)) == deal
    assert Deal.parse(str(deal).lower()) == deal
    assert Deal.parse("  " + "   ".join(str(deal).split()) + " ") == deal


@settings(derandomize=True)
@given(deals(with_discard=False))
def test_deal_in_symbols_with_slashes_and_on_one_line(deal):
    talon = " ".join(c.symbol() for c in deal.talon)
    slashed = " / ".join(h.symbols() for h in deal.hands) + (f" / {talon}" if talon else "")
    assert Deal.parse(slashed) == deal
    one_line = " ".join(h.symbols() for h in deal.hands) + (f" talon: {talon}" if talon else "")
    assert Deal.parse(one_line) == deal


@settings(derandomize=True)
@given(deals(with_discard=False))
def test_deal_in_russian_on_separate_lines(deal):
    lines = [russian_labelled(h) for h in deal.hands]
    if deal.talon:
        lines.append("прикуп: " + " ".join(c.symbol() for c in deal.talon))
    assert Deal.parse("\n".join(lines)) == deal
    dotted = " ".join(russian_dotted(h) for h in deal.hands)
    talon = " ".join(f"{_RUSSIAN_RANKS.get(str(c)[0], str(c)[0])}{'птбч'[c.suit]}"
                     for c in deal.talon)
    assert Deal.parse(f"{dotted} {talon}") == deal


@settings(derandomize=True)
@given(st.sampled_from([f"{level}{s}" for level in range(6, 11) for s in ("S", "C", "D", "H", "NT")]
                       + ["misere", "raspasy"]))
def test_game_round_trips(text):
    game = Game.parse(text)
    assert str(game) == text
    assert Game.parse(str(game)) == game
    assert Game.parse(game.symbol()) == game


def test_every_card_round_trips():
    for card in all_cards():
        assert Card.parse(str(card)) == card
        assert Card.parse(card.symbol()) == card
        assert Card.parse(str(card).lower()) == card


def test_the_design_examples_are_the_same_deal():
    dotted_talon = Deal.parse("AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-")
    card_talon = Deal.parse("AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D")
    assert dotted_talon == card_talon
    assert [str(c) for c in card_talon.talon] == ["TD", "9D"]
    assert str(card_talon) == "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"


def test_the_talon_keeps_the_order_written():
    first = Deal.parse("A.-.-.- K.-.-.- Q.-.-.- 9D TD")
    assert [str(c) for c in first.talon] == ["9D", "TD"]
    assert first != Deal.parse("A.-.-.- K.-.-.- Q.-.-.- TD 9D")


@pytest.mark.parametrize(
    "text",
    [
        "AKQJ.T9.87.AK/T987.AKQ.-.QJ9/-.J87.AKQJ.T87/TD 9D",
        "AKQJ.T9.87.AK | T987.AKQ.-.QJ9 | -.J87.AKQJ.T87 | ♦10 ♦9",
        "♠AKQJ ♣10 9 ♦87 ♥AK\n♠10 9 8 7 ♣AKQ ♦- ♥QJ9\n♠- ♣J87 ♦AKQJ ♥10 8 7\n♦10 ♦9",
        "S:AKQJ C:T9 D:87 H:AK; S:T987 C:AKQ H:QJ9; C:J87 D:AKQJ H:T87; talon: TD 9D",
        "ТКДВ.10 9.87.ТК / 10987.ТКД.-.ДВ9 / -.В87.ТКДВ.10 87 / 10б 9б",
        "пики ТКДВ трефы 10 9 бубны 87 червы ТК / пики 10987 трефы ТКД червы ДВ9 / "
        "трефы В87 бубны ТКДВ червы 10 8 7 / прикуп: 10♦ 9♦",
        "akqj.t9.87.ak t987.akq.-.qj9 -.j87.akqj.t87 td 9d",
    ],
)
def test_a_deal_in_the_notations_people_type(text):
    assert str(Deal.parse(text)) == "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"


@settings(derandomize=True)
@given(deals(with_discard=False))
def test_one_line_of_labelled_hands_then_the_talon_in_every_form(deal):
    hands = " ".join(h.symbols() for h in deal.hands)
    talon_forms = [
        " ".join(str(c) for c in deal.talon),  # TD 9D
        ",".join(str(c) for c in deal.talon),  # TD,9D
        " ".join(c.symbol() for c in deal.talon),  # 10♦ 9♦, as the diagram prints it
        " ".join(c.symbol()[-1] + c.symbol()[:-1] for c in deal.talon),  # ♦10 ♦9
    ]
    for talon in talon_forms:
        assert Deal.parse(f"{hands} {talon}".strip()) == deal, talon


@pytest.mark.parametrize("talon", ["TD 9D", "10♦ 9♦", "♦10 ♦9", "TD,9D", "-.-.T9.-"])
def test_the_talon_after_a_labelled_line_is_not_read_into_the_3rd_hand(talon):
    text = f"♠AKQJ ♣10 9 ♦8 7 ♥AK ♠10 9 8 7 ♣AKQ ♥QJ9 ♣J87 ♦AKQJ ♥10 8 7 {talon}"
    assert str(Deal.parse(text)) == "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
    ending = Deal.parse("♠A ♥K ♠Q ♥J ♠10 ♥9 8♦ 7♦")
    assert str(ending) == "A.-.-.K Q.-.-.J T.-.-.9 8D 7D"


@pytest.mark.parametrize("keyword", ["discard:", "снос:", "discard", "снос :"])
@pytest.mark.parametrize("cards", ["8C 7C", "8C,7C", "8♣ 7♣", "-.87.-.-"])
def test_the_discard_as_two_cards_or_a_group(keyword, cards):
    deal = Deal.parse(f"A.KJT.A98.KJ7 KQJT9.-.KQJ.A9 87.AQ9.T7.QT8 {keyword} {cards}")
    assert str(deal.discard) == "-.87.-.-"


def test_the_talon_with_a_comma():
    deal = Deal.parse("AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD,9D")
    assert [str(c) for c in deal.talon] == ["TD", "9D"]


def test_discard_and_endings():
    deal = Deal.parse("A.KJT.A98.KJ7 KQJT9.-.KQJ.A9 87.AQ9.T7.QT8 снос: -.87.-.-")
    assert str(deal.discard) == "-.87.-.-"
    assert str(deal) == "A.KJT.A98.KJ7 KQJT9.-.KQJ.A9 87.AQ9.T7.QT8 discard:-.87.-.-"
    ending = Deal.parse("8.KJ.JT.87 AT.A8.A87.- KQ.QT.KQ.A")
    assert (ending.size, ending.is_full, ending.talon, ending.discard) == (7, False, (), None)


def test_diagram_with_symbols():
    deal = Deal.parse("AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D")
    text = draw_deal(deal, declarer=2, title="8♠")
    assert text.splitlines()[0] == "8♠"
    assert "2nd hand (declarer)" in text
    assert "1st hand" in text and "3rd hand" in text and "1st hand (declarer)" not in text
    assert "10♦ 9♦" in text
    assert "♠ A K Q J" in text and "♥ 10 8 7" in text
    # 30 hand cards + 2 talon cards, each shown with its rank once.
    assert sum(line.count("♦") for line in text.splitlines()) >= 3


def test_plain_ascii_diagram():
    deal = Deal.parse("AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D")
    text = draw_deal(deal, symbols=False, declarer=1)
    assert text.isascii()
    assert "1st hand (declarer)" in text
    assert "S: AKQJ" in text and "H: T87" in text and "TD 9D" in text


def test_diagram_lays_out_the_hands_around_the_talon():
    deal = Deal.parse("A.-.-.- K.-.-.- Q.-.-.- 7D 8D")
    lines = draw_deal(deal, symbols=False).splitlines()
    top = next(i for i, line in enumerate(lines) if "2nd hand" in line)
    sides = next(i for i, line in enumerate(lines) if "1st hand" in line)
    assert top < sides
    assert lines[sides].index("1st hand") < lines[sides].index("3rd hand")
    talon_row = next(line for line in lines if "7D 8D" in line)
    # Between the 1st hand's clubs and the 3rd hand's clubs.
    assert talon_row.split() == ["C:", "-", "7D", "8D", "C:", "-"]


@pytest.mark.parametrize("read, text, where", [
    (Card.parse, "8\x07S", "card"),
    (Hand.parse, "AS K\x07S", "hand"),
    (Deal.parse, "AKQ\x07.T9.87.J9 K7.QJ8.KQT.KQ T9.AK.AJ.AT87", "deal"),
])
def test_a_control_character_is_named_with_its_place(read, text, where):
    # not blamed on the rank or suit beside it ("rank '8' comes before any suit")
    at = next(i for i, ch in enumerate(text) if ch == "\x07") + 1
    with pytest.raises(ValueError) as caught:
        read(text)
    shown = text.replace("\x07", "\\x07")
    assert str(caught.value) == (f"unexpected character '\\x07' at position {at} in {where}"
                                 f" '{shown}'")
    # tabs and line ends separate words, as before
    from pyanalysis.hand import card_list

    assert card_list("AS\tKS\r\n") == card_list("AS KS")
