"""Every bad input named in issue 12, with the exact message it gets, on the command line and in
Python; and the wrong types each public function refuses with a message naming the argument."""
from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis import errors
from pyanalysis.batch import process_line
from pyanalysis.cli import main

FULL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87"  # three hands of ten, no talon
MIXED = "-.Q.-.J8 -.K.J8.- s8.9.Q.-"  # the 3rd hand with a stray `s`
ENDING = "-.Q.-.J8 -.K.J8.- 8.9.Q.-"
HUGE = "A" * 10 ** 6

CLI_CASES = [
    # 1. a stray letter in a dotted hand
    (["solve", MIXED, "--game", "misere", "--declarer", "3"],
     "suit label 's' in dotted hand 3 's8.9.Q.-': dotted groups (♠.♣.♦.♥) hold ranks only; "
     "drop the label, or label every suit without dots"),
    (["solve", "AK.♣98.-.- Q.7.-.- J.8.-.-", "-g", "6S", "--declarer", "1"],
     "suit label '♣' in dotted deal 'AK.♣98.-.- Q.7.-.- J.8.-.-': dotted groups (♠.♣.♦.♥) "
     "hold ranks only; drop the label, or label every suit without dots"),
    (["solve", "7.7.-.- T.8.-.- Q.T.-.- c9S", "-g", "raspasy", "--player", "1"],
     "suit 'S' right after rank '9' in talon 'c9S': a card is rank then suit (9S), a suit "
     "label comes before its ranks (♣9); write one or the other"),
    # 2. impossible card counts
    (["raspasy", f"{FULL} 9D"],
     "the talon has 1 card (9D); with three hands of ten it holds 2 (a deal is 32 cards, "
     "this one 31)"),
    (["solve", f"{FULL} discard: 9D", "-g", "8S", "--declarer", "1"],
     "the discard has 1 card (9D); it holds 2, or give none"),
    (["solve", "AK.-.-.- Q.-.-.- J.-.-.-", "-g", "6S", "--declarer", "1"],
     "the hands must hold the same number of cards: hand 1 has 2, hand 2 has 1, hand 3 has 1; "
     "write them as at the start of the current trick (played cards still in hand)"),
    # 5. huge input: refused at once, quoted short
    (["solve", HUGE, "-g", "8S", "--declarer", "1"],
     "deal is too long: 1000000 characters, at most 400 ('AAAAAAAAAAAAAAAAAAAAAAAAAAAAA…')"),
    # 7. an option given with no cards in it
    (["solve", ENDING, "-g", "misere", "--declarer", "3", "--played", ",,,"],
     "--played is given but holds no cards (',,,'): give cards like \"AS KS\", or leave "
     "--played out"),
    (["solve", ENDING, "-g", "misere", "--declarer", "3", "--played", ""],
     "--played is given but holds no cards (''): give cards like \"AS KS\", or leave "
     "--played out"),
    # a deal word that click would read as an option cluster (-h: help)
    (["solve", "-.h7.-.- 8.-.-.- 9.-.-.-", "-g", "6S", "--declarer", "1"],
     "suit label 'h' in dotted deal '-.h7.-.- 8.-.-.- 9.-.-.-': dotted groups (♠.♣.♦.♥) hold "
     "ranks only; drop the label, or label every suit without dots"),
]


@pytest.mark.parametrize("args, message", CLI_CASES, ids=[m[:40] for _, m in CLI_CASES])
def test_the_issue_examples_on_the_command_line(args, message):
    started = time.perf_counter()
    result = CliRunner().invoke(main, args, prog_name="prefdd")
    assert time.perf_counter() - started < 5
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr == f"Error: {message}\n"


def test_the_ending_without_the_stray_letter_is_solved():
    # The same hands without the `s`: ♠8 ♣9 ♦Q, as the issue reads them.
    deal = pa.Deal.parse(ENDING)
    assert deal.hands[2] == pa.Hand.from_cards(["8S", "9C", "QD"])
    solution = pa.solve(ENDING, "misere", declarer=3)
    assert solution.deal == deal


def test_the_three_hands_with_two_talon_cards_or_none_are_a_deal():
    assert pa.Deal.parse(f"{FULL} TD 9D").talon == (pa.Card.parse("TD"), pa.Card.parse("9D"))
    assert pa.Deal.parse(FULL).talon == ()
    assert len(pa.Deal.parse(f"{FULL} discard: TD 9D").discard) == 2
    # An ending's talon may hold one card: raspasy with its second talon trick to come.
    assert len(pa.Deal.parse("K.-.-.- -.A.-.- -.-.A.- 7C").talon) == 1


API_CASES = [
    (lambda: pa.Deal.parse(f"{FULL} 9D"), errors.CardCountError,
     "the talon has 1 card (9D); with three hands of ten it holds 2 (a deal is 32 cards, "
     "this one 31)"),
    (lambda: pa.Deal.parse(f"{FULL} discard: QD"), errors.TalonConflictError,
     "card QD is both in hand 3 and in the discard"),
    (lambda: pa.Deal.parse(HUGE), errors.InputTooLongError,
     "deal is too long: 1000000 characters, at most 400 ('AAAAAAAAAAAAAAAAAAAAAAAAAAAAA…')"),
    (lambda: pa.Hand.parse("AK" * 300), errors.InputTooLongError,
     "hand is too long: 600 characters, at most 400 ('AKAKAKAKAKAKAKAKAKAKAKAKAKAKA…')"),
    (lambda: pa.Deal.parse("A.-.-.- K.-.-.- " + "Q" * 300 + ".-.-.-"), errors.NotationError,
     "duplicate card QS: twice in hand 3 'QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ…'"),
    (lambda: pa.solve(ENDING, "misere", declarer=3, played=123), errors.NotationError,
     "played must be cards (['AS', 'KS'] or 'AS KS'), not 123"),
    (lambda: pa.solve(ENDING, "misere", declarer="x"), errors.PositionError,
     "declarer seat 'x' is not 1, 2 or 3"),
    (lambda: pa.solve(ENDING, "misere", declarer=3, leader=1.5), errors.PositionError,
     "leader seat 1.5 is not 1, 2 or 3"),
    (lambda: pa.solve(None, "misere", declarer=3), errors.NotationError, "not a deal: None"),
    (lambda: pa.solve(ENDING, 5, declarer=3), errors.UnknownGameError, "not a game: 5"),
    (lambda: pa.solve(ENDING, "misere", declarer=3, played=",,,"), errors.NotationError,
     "no cards in played ',,,'"),
]


@pytest.mark.parametrize("call, kind, message", API_CASES, ids=[m[:40] for *_, m in API_CASES])
def test_the_issue_examples_in_python(call, kind, message):
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == message


def test_a_huge_deal_is_refused_at_once_in_python_and_in_a_batch_line():
    started = time.perf_counter()
    with pytest.raises(errors.InputTooLongError):
        pa.Deal.parse(HUGE)
    line = process_line('{"deal": "' + HUGE + '", "game": "8S", "declarer": 1}')
    # A batch line that long is refused before it is read, and not echoed whole.
    assert time.perf_counter() - started < 2
    import json
    answer = json.loads(line)
    assert answer["error"] == "a job line is at most 4,000 characters; this one has 1,000,041"
    assert len(line) < errors.MAX_MESSAGE_CHARS
    # A deal over the limit in a line under it gets the notation's message.
    long_deal = "A" * 1000
    answer = json.loads(process_line('{"deal": "' + long_deal + '", "game": "8S", "declarer": 1}'))
    assert answer["error"].endswith("deal is too long: 1000 characters, at most 400 "
                                    "('AAAAAAAAAAAAAAAAAAAAAAAAAAAAA…')")
    assert len(answer["error"]) < errors.MAX_MESSAGE_CHARS


@pytest.mark.parametrize("message", [
    "unknown rank 'X' in hand '" + "A" * 5000 + "'",
    "a\x00b\tc\nd\r\ne" * 200,
    "no quotes at all " * 100,
])
def test_every_message_is_one_short_printable_line(message):
    for error in (errors.NotationError(message), errors.PositionError(message)):
        text = str(error)
        assert len(text) < errors.MAX_MESSAGE_CHARS and text.isprintable()
    assert "A" * (errors.QUOTE_CHARS + 1) not in str(errors.NotationError(message))


# ----------------------------------------------------------------------------- wrong types

E3 = "AK.-.-.- Q.7.-.- J.8.-.-"
CATCH = "AKQ.-.-.- J.78.-.- -.9.AK.- 7S 8S"
FULL_TALON = f"{FULL} TD 9D"
BAD = [None, 123, 1.5, -1, True, "x", [], {}, [1], b"AS", float("nan"), object(), ("AS", 5)]

# (call taking the bad value, the argument's name as the message says it, values that are fine)
TYPE_CASES = [
    ("solve deal", lambda v: pa.solve(v, "6S", declarer=1), "deal"),
    ("solve game", lambda v: pa.solve(E3, v, declarer=1), "game"),
    ("solve declarer", lambda v: pa.solve(E3, "6S", declarer=v), "declarer"),
    ("solve leader", lambda v: pa.solve(E3, "6S", declarer=1, leader=v), "leader"),
    ("solve played", lambda v: pa.solve(E3, "6S", declarer=1, played=v), "played"),
    ("solve player", lambda v: pa.solve(E3, "raspasy", player=v), "player"),
    ("solve talon_rule", lambda v: pa.solve(E3, "raspasy", player=1, talon_rule=v), "talon rule"),
    ("solve engine", lambda v: pa.solve(E3, "6S", declarer=1, engine=v), "engine"),
    ("table deal", lambda v: pa.table(v), "deal"),
    ("table talon_rule", lambda v: pa.table(E3, talon_rule=v), "talon rule"),
    ("Deal.parse", lambda v: pa.Deal.parse(v), "deal"),
    ("Hand.parse", lambda v: pa.Hand.parse(v), "hand"),
    ("Card.parse", lambda v: pa.Card.parse(v), "card"),
    ("Game.parse", lambda v: pa.Game.parse(v), "game"),
    ("Deal hands", lambda v: pa.Deal(v), "hand"),
    ("Deal talon", lambda v: pa.Deal(pa.Deal.parse(E3).hands, v), "talon"),
    ("Hand mask", lambda v: pa.Hand(v), "mask"),
    ("Hand.from_cards", lambda v: pa.Hand.from_cards(v), "hand"),
    ("Card.from_index", lambda v: pa.Card.from_index(v), "index"),
    ("score_deal game", lambda v: pa.score_deal(v, declarer=1, tricks={1: 6}), "game"),
    ("score_deal declarer", lambda v: pa.score_deal("6S", declarer=v, tricks={1: 6}),
     "declarer"),
    ("score_deal tricks", lambda v: pa.score_deal("6S", declarer=1, tricks=v,
                                                  whist={2: "whist", 3: "pass"}), "tricks"),
    ("score_deal players", lambda v: pa.score_deal("6S", declarer=1, tricks={1: 6}, players=v),
     "players"),
    ("check_tenner declarer", lambda v: pa.check_tenner(E3, "10S", v), "declarer"),
    ("check_tenner leader", lambda v: pa.check_tenner(E3, "10S", 1, leader=v), "leader"),
    ("check_tenner depth", lambda v: pa.check_tenner(E3, "10S", 1, depth=v), "depth"),
    ("layout_odds hand", lambda v: pa.layout_odds(v, "6NT", 1, others="QJ.7.-.A"), "hand"),
    ("layout_odds others", lambda v: pa.layout_odds("AK.-.-.-", "6NT", 1, others=v), "others"),
    ("layout_odds progress",
     lambda v: pa.layout_odds("AK.-.-.-", "6NT", 1, others="QJ.7.-.A", progress=v), "progress"),
    ("layout_odds jobs",
     lambda v: pa.layout_odds("AK.-.-.-", "6NT", 1, others="QJ.7.-.A", jobs=v), "jobs"),
    ("whist_table deal", lambda v: pa.whist_table(v, "7D", 1), "deal"),
    ("whist_table players", lambda v: pa.whist_table(FULL_TALON, "7D", 1, players=v), "players"),
    ("lead_table leader", lambda v: pa.lead_table(E3, "6S", 1, leader=v), "leader"),
    ("lead_table whist", lambda v: pa.lead_table(E3, "6S", 1, leader=2, whist=v), "whist"),
    ("misere_catch declarer", lambda v: pa.misere_catch(CATCH, v), "declarer"),
    ("misere_catch played", lambda v: pa.misere_catch(CATCH, 1, played=v), "played"),
    ("totus leaders",
     lambda v: pa.totus("AKQJ.-.-.-", 1, others="-.78.9.A", leaders=v), "leaders"),
    ("underbid progress",
     lambda v: pa.underbid("AK.-.-.-", "6NT", 1, others="QJ.7.-.A", bid=1, progress=v),
     "progress"),
    ("whist_decision declarer",
     lambda v: pa.whist_decision("AKQJ.T9.87.AK", "7D", v, 1, talon="TD 9D"), "declarer"),
    ("lead_decision known",
     lambda v: pa.lead_decision("AK.-.-.-", "6S", 1, others="QJ.7.-.A", filter="none",
                                samples=2, known=v), "known"),
]


@pytest.mark.parametrize("name, call, argument", TYPE_CASES, ids=[c[0] for c in TYPE_CASES])
def test_wrong_types_are_refused_naming_the_argument(name, call, argument):
    refused = 0
    for value in BAD:
        try:
            call(value)
        except ValueError as error:
            message = str(error)
            assert len(message) < errors.MAX_MESSAGE_CHARS and message.isprintable()
            if not (value is None or isinstance(value, str) or value in ([], {})):
                # A value of a wrong type: the message says which argument it was. (Text, None
                # and empty collections are of the right type for some arguments; their
                # messages say what is wrong with the content.)
                assert argument in message.lower(), (value, message)
                refused += 1
        # Any other exception type fails the test. A value that is fine for this argument
        # ([] for no played cards) is simply answered.
    assert refused >= len(BAD) // 2


def test_only_quoted_input_is_elided_never_the_words_between_two_quotes():
    from pyanalysis.errors import one_line

    words = "no problem 'list' in the collection: the ids are A-1, B-22, C-333, D-4444, ... " \
            "('prefdd problem' lists them)"
    assert one_line(words) == words
    long = "x" * 100
    assert one_line(f"unknown suit '{long}' in deal '{long}'") == (
        f"unknown suit '{'x' * 59}…' in deal '{'x' * 59}…'")
    assert one_line(f"the player's hand is long: {long}, isn't it") == (
        f"the player's hand is long: {long}, isn't it")
