"""Fuzzing every way a deal comes in: `Deal.parse`, `pa.solve`, the command line and a batch line.

Inputs are random text and mutations of valid deals: cards dropped, duplicated, moved or swapped
between hands, wrong counts in the talon and the discard, stray suit labels and symbols inside
dotted groups, Russian letters, `10` and `T`, whitespace and NULs, very long text.

The invariant, everywhere: the input is refused with a `ValueError` subclass whose message is one
short printable line, or it is read as a deal that can happen (32 distinct cards at most, equal
hands, a talon and a discard of legal sizes) whose canonical print reads back as the same deal.
No other exception type, ever. Where a mutation has a known answer (a rewrite in another
notation is the same deal; a dropped card is an error) the test checks that answer too.

Seeds are fixed (`derandomize=True`): the same inputs run on every CI run, over 10,000 of them.
"""
from __future__ import annotations

import json

import pytest

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyanalysis as pa
from pyanalysis.batch import process_line
from pyanalysis.cards import all_cards
from pyanalysis.cli import main
from pyanalysis.errors import MAX_INPUT_CHARS, MAX_MESSAGE_CHARS

pytestmark = pytest.mark.slow  # thousands of random inputs; CI runs them

FUZZ = dict(deadline=None, derandomize=True, database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

_RUSSIAN_RANKS = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}
# Pieces people type, and pieces they should not: labels, symbols, Russian, separators, junk.
_PIECES = list("AKQJT98710 .-/:;|,\n\t\x00♠♣♦♥♤♧♢♡SCDHscdhпбчтТКДВаAХ—–*'\"\\") + [
    "talon:", "discard:", "прикуп:", "снос:", "пики", "трефы", "бубны", "червы", "spades",
    "10", "T", "1", "0", "\ufe0f", "  ", "\r\n", "-.-.-.-", "AS", "10♦", "♦10", "ТП"]
_STRAYS = list("sScCdDhH♠♣♦♥♤пбчТт:") + ["пики", "10", "1", "T", "\x00", "x", "♦10"]


# ----------------------------------------------------------------------------- the invariant


def assert_refusal(error: BaseException) -> None:
    """A refusal: a ValueError subclass with one short printable line."""
    assert isinstance(error, ValueError), repr(error)
    message = str(error)
    assert message, repr(error)
    assert len(message) < MAX_MESSAGE_CHARS, message
    assert message.isprintable(), repr(message)  # no line break, NUL or other control


def assert_sound(deal: pa.Deal) -> None:
    """A deal that can happen, whose canonical print reads back as itself."""
    cards = [c for h in deal.hands for c in h] + list(deal.talon) + list(deal.discard or ())
    assert len(cards) == len(set(cards)) <= 32
    sizes = {len(h) for h in deal.hands}
    assert len(sizes) == 1 and 1 <= deal.size <= 10
    assert len(deal.talon) <= 2
    discarded = len(deal.discard) if deal.discard is not None else 0
    assert discarded in (0, 2)
    if deal.is_full:
        assert len(deal.talon) + discarded in (0, 2) and len(deal.talon) != 1
    assert pa.Deal.parse(str(deal)) == deal
    assert str(pa.Deal.parse(str(deal))) == str(deal)


def read(text: str) -> pa.Deal | None:
    """`Deal.parse(text)` checked against the invariant: the deal, or None if refused."""
    try:
        deal = pa.Deal.parse(text)
    except ValueError as error:
        assert_refusal(error)
        return None
    assert_sound(deal)
    return deal


# ----------------------------------------------------------------------------- deals


@st.composite
def deals(draw, sizes=st.integers(1, 10)):
    """A deal that can happen: hands of 1..10, a talon of 0 or 2 (an ending's maybe 1), maybe a
    discard of 2."""
    cards = draw(st.permutations(all_cards()))
    size = draw(sizes)
    spare = list(cards[3 * size:])
    talon_sizes = [n for n in ((0, 2) if size == 10 else (0, 1, 2)) if n <= len(spare)]
    talon = tuple(spare[:draw(st.sampled_from(talon_sizes))])
    rest = spare[len(talon):]
    discard = None
    if len(rest) >= 2 and draw(st.integers(0, 3)) == 0:
        discard = pa.Hand.from_cards(rest[:2])
    hands = tuple(pa.Hand.from_cards(cards[i * size:(i + 1) * size]) for i in range(3))
    return pa.Deal(hands, talon, discard)  # type: ignore[arg-type]


def russian(hand_text: str) -> str:
    return "".join(_RUSSIAN_RANKS.get(ch, ch) for ch in hand_text)


@st.composite
def same_deal_texts(draw):
    """(deal, text): the deal written another way people write it; it must read as the deal."""
    deal = draw(deals())
    hands = [str(h) for h in deal.hands]
    form = draw(st.sampled_from(["tens", "russian", "lower", "spaces", "slashes", "symbols",
                                 "labelled", "talon_symbols", "talon_group"]))
    talon = [str(c) for c in deal.talon]
    if form == "tens":
        hands = [h.replace("T", "10") if "." in h else h for h in hands]
    elif form == "russian":
        hands = [russian(h) for h in hands]
    elif form == "lower":
        hands = [h.lower() for h in hands]
        talon = [t.lower() for t in talon]
    elif form == "symbols":
        hands = [h.symbols() for h in deal.hands]
        return deal, " / ".join(hands + [" ".join(c.symbol() for c in deal.talon)] * bool(talon)
                                ) + _discard(deal)
    elif form == "labelled":
        hands = [" ".join(f"{'SCDH'[s]}:{h.ranks(s)}" for s in range(4)) for h in deal.hands]
        return deal, "\n".join(hands + [" ".join(talon)] * bool(talon)) + _discard(deal)
    elif form == "talon_symbols":
        talon = [c.symbol() for c in deal.talon]
    elif form == "talon_group" and len(deal.talon) == 2 and (
            (deal.talon[0].suit, -deal.talon[0].rank) < (deal.talon[1].suit, -deal.talon[1].rank)):
        # A dotted talon group is read left to right, ♠ to ♥, high to low within a suit.
        talon = [str(pa.Hand.from_cards(deal.talon))]
    words = hands + talon
    if form == "spaces":
        gaps = draw(st.lists(st.sampled_from([" ", "  ", "\t", " \t "]), min_size=len(words),
                             max_size=len(words)))
        return deal, "".join(g + w for g, w in zip(gaps, words)) + " " + _discard(deal)
    if form == "slashes":
        return deal, " / ".join(hands) + (" / " + " ".join(talon) if talon else "") + _discard(deal)
    return deal, " ".join(words) + _discard(deal)


def _discard(deal: pa.Deal) -> str:
    return f" discard: {' '.join(str(c) for c in deal.discard)}" if deal.discard else ""


@st.composite
def broken_deal_texts(draw):
    """(text, why): a deal with its cards made impossible; it must be refused."""
    deal = draw(deals())
    hands = [list(h) for h in deal.hands]
    talon, discard = list(deal.talon), list(deal.discard or ())
    i, j = draw(st.permutations([0, 1, 2]))[:2]
    how = draw(st.sampled_from(["drop", "duplicate", "move", "extra_talon", "short_talon",
                                "one_discard", "talon_in_hand", "eleven"]))
    if how == "drop":
        hands[i].pop(draw(st.integers(0, len(hands[i]) - 1)))
    elif how == "duplicate":
        hands[i].append(draw(st.sampled_from(hands[j])))
    elif how == "move":
        hands[i].append(hands[j].pop(draw(st.integers(0, len(hands[j]) - 1))))
    elif how == "extra_talon":
        talon = talon + [c for c in all_cards() if c not in talon][:3 - len(talon)]
    elif how == "short_talon":
        if not deal.is_full or not talon:
            return draw(broken_deal_texts())
        talon = talon[:1]
    elif how == "one_discard":
        spare = [c for c in all_cards()
                 if not any(c in h for h in deal.hands) and c not in talon]
        discard = spare[:1] or [hands[0][0]]
    elif how == "talon_in_hand":
        talon = [hands[i][0]] + talon[1:2]
    elif how == "eleven":
        if deal.size < 10:
            return draw(broken_deal_texts())
        spare = [c for c in all_cards() if not any(c in h for h in deal.hands)]
        for hand, card in zip(hands, spare):
            hand.append(card)
        talon = []
    text = " ".join(str(pa.Hand.from_cards(h)) if len(set(h)) == len(h) else _dotted(h)
                    for h in hands)
    text += "".join(" " + str(c) for c in talon)
    if discard:
        text += " discard: " + " ".join(str(c) for c in discard)
    return text, how


def _dotted(cards: list[pa.Card]) -> str:
    """A hand with a repeated card, written as typed (Hand would merge the repeat)."""
    return ".".join("".join(str(c)[0] for c in sorted(cards, key=lambda c: -c.rank)
                            if c.suit == s) or "-" for s in range(4))


@st.composite
def stray_texts(draw):
    """(deal, text): a stray letter, label, symbol or NUL put inside a deal's text; it must be
    refused or read as the same deal, never as other cards."""
    deal = draw(deals())
    text = str(deal)
    at = draw(st.integers(0, len(text)))
    return deal, text[:at] + draw(st.sampled_from(_STRAYS)) + text[at:]


@st.composite
def mangled_texts(draw):
    """A deal's text with characters inserted, deleted and replaced at random."""
    text = str(draw(deals()))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "repeat"]))
        piece = draw(st.sampled_from(_PIECES))
        if op == "insert":
            text = text[:at] + piece + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 3)):]
        elif op == "replace":
            text = text[:at] + piece + text[at + 1:]
        else:
            text = text[:at] + text[at:at + draw(st.integers(1, 12))] * 2 + text[at:]
    return text


random_texts = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(_PIECES), max_size=60).map("".join),
)


# ----------------------------------------------------------------------------- Deal.parse


@settings(max_examples=2500, **FUZZ)
@given(random_texts)
def test_random_text_is_read_soundly_or_refused(text):
    read(text)


@settings(max_examples=2000, **FUZZ)
@given(mangled_texts())
def test_mangled_deals_are_read_soundly_or_refused(text):
    read(text)


@settings(max_examples=1200, **FUZZ)
@given(same_deal_texts())
def test_a_deal_written_another_way_is_the_same_deal(case):
    deal, text = case
    assert read(text) == deal, text


@settings(max_examples=1200, **FUZZ)
@given(broken_deal_texts())
def test_impossible_card_sets_are_refused(case):
    text, how = case
    assert read(text) is None, (how, text)


@settings(max_examples=1200, **FUZZ)
@given(stray_texts())
def test_a_stray_letter_never_changes_the_cards(case):
    deal, text = case
    got = read(text)
    assert got is None or got == deal, (text, str(got))


@settings(max_examples=60, **FUZZ)
@given(st.integers(MAX_INPUT_CHARS + 1, 10 ** 6), st.sampled_from(["AKQJ.T9.87.AK ", "x", "\x00",
                                                                  "♠", " ", "'"]))
def test_long_text_is_refused_at_once_with_a_short_message(length, unit):
    text = (unit * (length // len(unit) + 1))[:length]
    read(text)
    try:
        pa.Deal.parse(text)
    except pa.NotationError as error:
        assert f"{length} characters" in str(error)
    else:  # pragma: no cover - a long text is never a deal
        raise AssertionError("a text longer than the limit was read")


# ----------------------------------------------------------------------------- pa.solve


_GAMES = ["6S", "7NT", "8H", "misere", "raspasy", "мизер", "6♦", "5S", "x", "", 5, None]
_SEATS = [1, 2, 3, 0, 4, True, 1.5, "x", "1", None, -1]
_PLAYED = [None, (), "", ",,,", 123, [1], "AS", "AS KS", ["AS"], ["7C", "8C"], ["AS", "AS"],
           ["XX"], b"AS", {"AS": 1}]


@st.composite
def small_texts(draw):
    """Endings of 1..3 cards a hand: as printed, mangled, with strays, or broken."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return str(draw(deals(sizes=st.integers(1, 3))))
    deal = draw(deals(sizes=st.integers(1, 3)))
    text = str(deal)
    at = draw(st.integers(0, len(text)))
    piece = draw(st.sampled_from(_PIECES + _STRAYS))
    return text[:at] + piece + text[at + (kind == 2):]


@settings(max_examples=1500, **FUZZ)
@given(small_texts(), st.sampled_from(_GAMES), st.sampled_from(_SEATS), st.sampled_from(_SEATS),
       st.one_of(st.sampled_from(_PLAYED), st.lists(st.sampled_from(
           [str(c) for c in all_cards()]), max_size=3)),
       st.sampled_from([None, "suit", "card", "none", "open", 3]))
def test_solve_answers_or_refuses(text, game, seat, leader, played, talon_rule):
    seats = {"player": seat} if game == "raspasy" else {"declarer": seat}
    try:
        solution = pa.solve(text, game, leader=leader, played=played, talon_rule=talon_rule,
                            **seats)
    except ValueError as error:
        assert_refusal(error)
        return
    assert_sound(solution.deal)
    assert solution.deal == pa.Deal.parse(text)
    assert 0 <= solution.tricks <= solution.deal.size


@settings(max_examples=200, **FUZZ)
@given(deals(sizes=st.just(10)), st.sampled_from(["8S", "6NT", "misere", "raspasy"]),
       st.sampled_from(["same", "drop_talon", "stray", "one_discard"]))
def test_full_deals_solve_only_when_they_can_happen(deal, game, how):
    text = str(deal)
    if how == "drop_talon" and deal.talon:
        text = text.replace(" " + str(deal.talon[1]), "", 1)
    elif how == "stray":
        text = text.replace(".", ".s", 1)
    elif how == "one_discard" and deal.discard is not None:
        text = text.replace(f"discard:{deal.discard}", f"discard:{next(iter(deal.discard))}")
    seats = {"player": 2} if game == "raspasy" else {"declarer": 2}
    try:
        solution = pa.solve(text, game, **seats)
    except ValueError as error:
        assert_refusal(error)
        assert text != str(deal)  # the deal as printed always solves
        return
    assert text == str(deal) and solution.deal == deal


_BAD_VALUES = [None, 123, 1.5, -1, True, "x", "", [], {}, [1], b"AS", float("nan"), 10 ** 30,
               object(), ("AS", 5), {"a": 1}, "AS" * 300]


@settings(max_examples=600, **FUZZ)
@given(st.sampled_from(["deal", "game", "declarer", "leader", "played", "player",
                        "talon_rule", "engine"]), st.sampled_from(_BAD_VALUES))
def test_solve_with_any_argument_of_any_type(name, value):
    args = dict(deal="AK.-.-.- Q.7.-.- J.8.-.-", game="6S", declarer=1)
    args[name] = value
    try:
        pa.solve(**args)
    except ValueError as error:
        assert_refusal(error)


# ----------------------------------------------------------------------------- command line


@settings(max_examples=700, **FUZZ)
@given(small_texts(), st.sampled_from(["6S", "misere", "raspasy", "7X", ""]),
       st.sampled_from(["1", "2", "4", "x", ""]),
       st.sampled_from([None, "", ",,,", "AS", "AS,KS", "XX", " "]))
def test_the_command_line_answers_or_says_one_line(text, game, seat, played):
    args = ["solve", text, "-g", game, "--player" if game == "raspasy" else "--declarer", seat]
    if played is not None:
        args += ["--played", played]
    result = CliRunner().invoke(main, args, prog_name="prefdd")
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    if result.exit_code == 0:
        assert result.stderr == ""
        assert_sound(pa.Deal.parse(text))
    else:
        assert result.exit_code == 2
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
        assert len(lines[0]) < MAX_MESSAGE_CHARS + len("Error: ")
    if played is not None and not played.replace(",", " ").split():
        assert result.exit_code == 2  # an option given with no cards is an error


# ----------------------------------------------------------------------------- batch line


@settings(max_examples=800, **FUZZ)
@given(st.one_of(small_texts(), mangled_texts(), random_texts),
       st.sampled_from(["6S", "misere", "raspasy", 7, None]), st.sampled_from(_SEATS),
       st.sampled_from(_PLAYED))
def test_a_batch_line_is_answered_or_says_why(text, game, seat, played):
    job = {"deal": text, "game": game,
           "player" if game == "raspasy" else "declarer": seat}
    if isinstance(played, (str, list)):
        job["played"] = played
    try:
        line = json.dumps(job, ensure_ascii=False)
    except TypeError:
        return
    out = process_line(line)
    assert "\n" not in out
    answer = json.loads(out)
    if "error" in answer:
        assert isinstance(answer["error"], str) and 0 < len(answer["error"]) < MAX_MESSAGE_CHARS
        assert answer["error"].isprintable()
    else:
        assert isinstance(answer["tricks"], int)
        assert_sound(pa.Deal.parse(text))
