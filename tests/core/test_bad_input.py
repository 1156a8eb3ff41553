"""Bad input: each case gives a ValueError whose one-line message names the token and the reason."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyanalysis as pa
from pyanalysis import errors

FULL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"
SMALL = "AK.-.-.- Q.7.-.- J.8.-.-"
ELEVEN = "AKQJT987.AKQ.-.- -.JT987.AKQJT9.- -.-.87.AKQJT987"

CASES = [
    # cards
    (pa.Card.parse, "AX", errors.UnknownSuitError, "unknown suit 'X' in card 'AX'"),
    (pa.Card.parse, "XS", errors.UnknownRankError, "unknown rank 'X' in card 'XS'"),
    (pa.Card.parse, "1S", errors.UnknownRankError, "unknown rank '1' in card '1S'"),
    (pa.Card.parse, "6♠", errors.UnknownRankError, "unknown rank '6' in card '6♠'"),
    (pa.Card.parse, "A", errors.UnknownSuitError, "card 'A' has no suit"),
    (pa.Card.parse, "", errors.NotationError,
     "empty card: expected a rank and a suit, like AS or 10♥"),
    # hands
    (pa.Hand.parse, "AKX.-.-.-", errors.UnknownRankError, "unknown rank 'X' in hand 'AKX.-.-.-'"),
    (pa.Hand.parse, "S:AK Z:Q", errors.UnknownSuitError, "unknown suit 'Z' in hand 'S:AK Z:Q'"),
    (pa.Hand.parse, "spades AK spuds Q", errors.UnknownSuitError,
     "unknown suit 'spuds' in hand 'spades AK spuds Q'"),
    (pa.Hand.parse, "♠AKX ♥Q", errors.UnknownRankError, "unknown rank 'X' in hand '♠AKX ♥Q'"),
    (pa.Hand.parse, "AKQ.J98", errors.NotationError,
     "hand 'AKQ.J98' has 2 suit groups; expected 4 (♠.♣.♦.♥, '-' for a void)"),
    (pa.Hand.parse, "AA.-.-.-", errors.DuplicateCardError,
     "duplicate card AS: twice in hand 'AA.-.-.-'"),
    (pa.Hand.parse, "AK S:Q", errors.NotationError,
     "rank 'A' comes before any suit in hand 'AK S:Q'"),
    # one hand, two notations: refused naming the token, never read into other cards
    (pa.Hand.parse, "s8.9.Q.-", errors.NotationError,
     "suit label 's' in dotted hand 's8.9.Q.-': dotted groups (♠.♣.♦.♥) hold ranks only; "
     "drop the label, or label every suit without dots"),
    (pa.Hand.parse, "AK.♣98.-.-", errors.NotationError,
     "suit label '♣' in dotted hand 'AK.♣98.-.-': dotted groups (♠.♣.♦.♥) hold ranks only; "
     "drop the label, or label every suit without dots"),
    (pa.Hand.parse, "AK.-.-.-п", errors.NotationError,
     "suit label 'п' in dotted hand 'AK.-.-.-п': dotted groups (♠.♣.♦.♥) hold ranks only; "
     "drop the label, or label every suit without dots"),
    (pa.Hand.parse, "♠AK ♥Q.J", errors.NotationError,
     "suit label '♥' in dotted hand '♠AK ♥Q.J': dotted groups (♠.♣.♦.♥) hold ranks only; "
     "drop the label, or label every suit without dots"),
    (pa.Hand.parse, "c9S", errors.NotationError,
     "suit 'S' right after rank '9' in hand 'c9S': a card is rank then suit (9S), a suit label "
     "comes before its ranks (♣9); write one or the other"),
    (pa.Hand.parse, "T10.-.-.-", errors.DuplicateCardError,
     "duplicate card TS: twice in hand 'T10.-.-.-'"),
    (pa.Hand.parse, "AТ.-.-.-", errors.DuplicateCardError,  # the Cyrillic Т is the ace
     "duplicate card AS: twice in hand 'AТ.-.-.-'"),
    (pa.Hand.parse, "АK.-.-.-", errors.UnknownRankError,  # a Cyrillic А
     "unknown rank 'А' in hand 'АK.-.-.-' (a Cyrillic letter: ranks are A K Q J T 9 8 7, or "
     "Т К Д В 10 9 8 7)"),
    (pa.Hand.parse, "A" * 401, errors.InputTooLongError,
     "hand is too long: 401 characters, at most 400 ('AAAAAAAAAAAAAAAAAAAAAAAAAAAAA…')"),
    # deals
    (pa.Deal.parse, "-.Q.-.J8 -.K.J8.- s8.9.Q.-", errors.NotationError,
     "suit label 's' in dotted hand 3 's8.9.Q.-': dotted groups (♠.♣.♦.♥) hold ranks only; "
     "drop the label, or label every suit without dots"),
    (pa.Deal.parse, "♠A ♥K -.Q.-.- ♠J ♥9", errors.NotationError,
     "dotted group '-.Q.-.-' among suit labels in deal '♠A ♥K -.Q.-.- ♠J ♥9': write a hand "
     "either as dotted groups (♠.♣.♦.♥) or with a label before each suit, not both"),
    (pa.Deal.parse, FULL.rsplit(" ", 1)[0], errors.CardCountError,
     "the talon has 1 card (TD); with three hands of ten it holds 2 (a deal is 32 cards, this "
     "one 31)"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- Q.-.-.- discard: 9D", errors.CardCountError,
     "the discard has 1 card (9D); it holds 2, or give none"),
    (pa.Deal.parse, "", errors.EmptyDealError,
     "empty deal: expected three hands like 'AKQJ.T9.87.AK ...'"),
    (pa.Deal.parse, "-.-.-.- -.-.-.- -.-.-.-", errors.EmptyDealError,
     "empty deal: no cards in any hand"),
    (pa.Deal.parse, "A.-.-.- K.-.-.-", errors.CardCountError,
     "expected 3 hands (1st, 2nd, 3rd) and an optional talon, got 2 in 'A.-.-.- K.-.-.-'"),
    (pa.Deal.parse, "A.-.-.-\nK.-.-.-\n", errors.CardCountError,
     "expected 3 hands (1st, 2nd, 3rd) and an optional talon, got 2 in 'A.-.-.- / K.-.-.-'"),
    (pa.Deal.parse, "A.-.-.- A.-.-.- K.-.-.-", errors.DuplicateCardError,
     "duplicate card AS: in hand 1 and in hand 2"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- Q.-.-.- AS 7D", errors.TalonConflictError,
     "card AS is both in hand 1 and in the talon"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- Q.-.-.- discard:-.-.-.987", errors.CardCountError,
     "the discard has 3 cards; it holds at most 2"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- Q.-.-.- discard:A.-.-.-", errors.TalonConflictError,
     "card AS is both in hand 1 and in the discard"),
    (pa.Deal.parse, "AK.-.-.- Q.-.-.- J.-.-.-", errors.CardCountError,
     "the hands must hold the same number of cards: hand 1 has 2, hand 2 has 1, hand 3 has 1; "
     "write them as at the start of the current trick (played cards still in hand)"),
    (pa.Deal.parse, ELEVEN, errors.CardCountError,
     "hand 1 has 11 cards; a hand holds at most 10"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- Q.-.-.- AD KD QD", errors.CardCountError,
     "the talon has 3 cards; it holds at most 2"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- X.-.-.-", errors.UnknownRankError,
     "unknown rank 'X' in hand 3 'X.-.-.-'"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- Q.-.-.- XD 9D", errors.UnknownRankError,
     "unknown rank 'X' in talon 'XD 9D'"),
    (pa.Deal.parse, "A.-.-.- K.-.-.- Q.-.-.- 7.-.-.- 8.-.-.-", errors.CardCountError,
     "too many groups after the hands: '7.-.-.- 8.-.-.-'; the talon is one dotted group "
     "or two cards"),
    # games
    (pa.Game.parse, "5S", errors.UnknownGameError, "unknown game '5S': level 5 is not 6..10"),
    (pa.Game.parse, "8X", errors.UnknownGameError, "unknown trump 'X' in game '8X'"),
    (pa.Game.parse, "pass", errors.UnknownGameError,
     "unknown game 'pass': expected e.g. 8S, 6NT, misere or raspasy"),
]


@pytest.mark.parametrize("parse, text, kind, message", CASES, ids=[c[1] or "empty" for c in CASES])
def test_bad_notation(parse, text, kind, message):
    with pytest.raises(kind) as info:
        parse(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    assert "\n" not in str(info.value)


SOLVE_CASES = [
    (dict(deal=FULL, game="8S", declarer=4), "declarer seat 4 is not 1, 2 or 3"),
    (dict(deal=FULL, game="8S"), "8S needs the declarer (1, 2 or 3)"),
    (dict(deal=FULL, game="8S", declarer=1, leader=0), "leader seat 0 is not 1, 2 or 3"),
    (dict(deal=FULL, game="raspasy", declarer=1),
     "declarer 1: raspasy has no declarer; give the player (1, 2 or 3) whose tricks are counted"),
    (dict(deal=FULL, game="raspasy"),
     "raspasy needs the player (1, 2 or 3) whose tricks are counted"),
    (dict(deal=FULL, game="misere", declarer=1, player=2),
     "player 2: the player is for raspasy; in misere the declarer is counted"),
    (dict(deal=FULL, game="raspasy", player=1, talon_rule="open"),
     "unknown talon rule 'open': expected suit, card or none"),
    (dict(deal=SMALL, game="raspasy", player=1, talon_rule="suit"),
     "talon rule 'suit' needs the talon cards: add them after the three hands"),
    (dict(deal=FULL, game="8S", declarer=1, talon_rule="card"),
     "talon rule 'card' applies only to raspasy, not 8S"),
    (dict(deal=FULL, game="raspasy", player=1, leader=2),
     "leader 2: in raspasy talon tricks the 1st hand plays first (leader 1)"),
    (dict(deal=SMALL, game="6NT", declarer=1, played=["AS", "7C"]),
     "illegal play 7C: hand 2 holds spades and must follow suit"),
    (dict(deal="A.-.7.- -.7.-.7 8.-.8.-", game="6H", declarer=1, played=["AS", "7C"]),
     "illegal play 7C: hand 2 holds hearts and must play a trump"),
    (dict(deal=SMALL, game="6NT", declarer=1, played=["QS"]),
     "played card QS: card 1 of the trick is hand 1's, but it is in hand 2"),
    (dict(deal=SMALL, game="6NT", declarer=1, played=["AS", "QS", "JS"]),
     "3 cards played to the current trick; at most 2 before the last card"),
    (dict(deal=SMALL, game="6NT", declarer=1, played=["AS", "AS"]), "card AS is played twice"),
    (dict(deal=SMALL, game="6NT", declarer=1, played=["AS", "QX"]),
     "unknown suit 'X' in card 'QX'"),
]


@pytest.mark.parametrize("kwargs, message", SOLVE_CASES, ids=[m[:40] for _, m in SOLVE_CASES])
def test_bad_positions(kwargs, message):
    with pytest.raises(ValueError) as info:
        pa.solve(**kwargs)
    assert str(info.value) == message


def test_there_are_at_least_twenty_bad_inputs():
    assert len(CASES) + len(SOLVE_CASES) >= 20


_PIECES = list("AKQJT98710 .-/:;|\n♠♣♦♥SCDHsпбчТКДВ") + [
    "talon:", "discard:", "прикуп", "снос", "пики", "трефы", "10", "NT", "misere"]


@settings(max_examples=500, deadline=None, derandomize=True)
@given(st.one_of(st.text(max_size=30), st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)))
def test_any_text_reads_or_gives_a_value_error(text):
    for parse in (pa.Card.parse, pa.Hand.parse, pa.Deal.parse, pa.Game.parse):
        try:
            parsed = parse(text)
        except ValueError as error:
            assert str(error) and "\n" not in str(error)
        else:
            assert parse(str(parsed)) == parsed


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from([str(c) for c in pa.Deal.parse(SMALL).hands[0]]
                                + ["QS", "7C", "JS", "8C", "AH"]), max_size=3),
       st.sampled_from([1, 2, 3]), st.sampled_from(["6S", "6NT", "misere", "raspasy"]))
def test_any_played_cards_solve_or_give_a_value_error(played, leader, game):
    seats = {"player": 2} if game == "raspasy" else {"declarer": 2}
    try:
        solution = pa.solve(SMALL, game, leader=leader, played=played, **seats)
    except ValueError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert solution.to_move == (leader - 1 + len(played)) % 3 + 1
