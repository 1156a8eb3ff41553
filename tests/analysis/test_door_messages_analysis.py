"""Bad arguments to the analyses and to a record: each is refused before any work with a
one-line `ValueError` naming the argument, its exact text pinned here (never a traceback, a
`TypeError` from deep inside, or a silent answer); and the bound on the work one call asks for."""
from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from pyanalysis.analysis import MAX_SAMPLES, MAX_WORLDS
from pyanalysis.analysis.sampling import sample_worlds
from pyanalysis.cli import main
from pyanalysis.errors import PositionError
from pyanalysis.record import MAX_NESTING, RecordError

DEAL = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
FIRST_HAND = "QJ.AKT8.T.AT9"  # the 2nd hand, first defender of declarer 1
TALON = "7S JD"
TWELVE = "AKJ98.AQ.K7.987"  # a declarer's hand and talon
RECORD = {"deal": "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD", "game": "8S",
          "declarer": 2}
RECORD_TEXT = "deal: {deal}\ngame: {game}\ndeclarer: {declarer}\n".format(**RECORD)
TOO_DEEP = ("the record is nested too deeply: a record's JSON is at most "
            f"{MAX_NESTING} levels deep")


def whist(**kw):
    return pa.whist_decision(FIRST_HAND, "7D", 1, 2, talon=TALON, **kw)


def lead(**kw):
    return pa.lead_decision(FIRST_HAND, "7D", 1, leader=2, talon=TALON, **kw)


# ------------------------------------------------------------------------ a deep record


def nested(depth: int, inner: str = "[]") -> str:
    return '{"play": ' + "[" * depth + inner + "]" * depth + "}"


@pytest.mark.parametrize("text", [
    nested(1900),                                      # deeper than Python's JSON reader goes
    nested(600),                                       # read by it, then refused
    '{"deal": ' * 1900 + "1" + "}" * 1900,             # objects in objects
    json.dumps({**RECORD, "claim": {"seat": {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}}}),
])
def test_a_record_nested_too_deeply_is_one_line(text):
    with pytest.raises(RecordError) as info:
        pa.Record.parse(text)
    assert str(info.value) == TOO_DEEP


def test_a_record_as_deep_as_a_record_goes_is_read():
    # object → play → trick → card: three levels, well under the bound
    record = pa.Record.parse(json.dumps({**RECORD, "play": [["7C", "KC", "9S"]],
                                         "claim": {"seat": 2, "tricks": "rest"}}))
    assert len(record.plays) == 3


def test_from_dict_refuses_deep_data_without_recursing():
    data: list = []
    for _ in range(100_000):  # far past the recursion limit: walked without recursion
        data = [data]
    with pytest.raises(RecordError) as info:
        pa.Record.from_dict({**RECORD, "play": data})
    assert str(info.value) == TOO_DEEP


@pytest.mark.parametrize("command", [["review"], ["report", "-o", "{dir}/page.html"]])
def test_review_and_report_refuse_a_deep_record_with_exit_2(tmp_path, command):
    path = tmp_path / "deep.json"
    path.write_text(nested(1900), encoding="utf-8")
    args = [a.format(dir=tmp_path) for a in command]
    result = CliRunner().invoke(main, [args[0], str(path), *args[1:]], prog_name="prefdd")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"Error: {TOO_DEEP}\n"


# ------------------------------------------------------------------------ a key typo


@pytest.mark.parametrize("text, message", [
    (RECORD_TEXT.replace("game:", "gmae:"), "line 2: unknown field 'gmae' (did you mean 'game'?)"),
    (RECORD_TEXT.replace("declarer:", "decalrer:"),
     "line 3: unknown field 'decalrer' (did you mean 'declarer'?)"),
    (RECORD_TEXT + "plya: 7C AC 9S\n", "line 4: unknown field 'plya' (did you mean 'play'?)"),
    (json.dumps({**RECORD, "gmae": "8S"}).replace('"game": "8S", ', ""),
     "unknown field 'gmae' (did you mean 'game'?)"),
    (json.dumps({**RECORD, "talon rule": "suit"}),
     "unknown field 'talon rule' (did you mean 'talon_rule'?)"),
])
def test_a_key_typo_names_the_key_and_the_nearest_one(text, message):
    with pytest.raises(RecordError) as info:
        pa.Record.parse(text)
    assert str(info.value) == message


def test_a_deal_continued_with_suit_labels_is_still_read():
    text = ("deal: J.A87.987.T97\nS: AKQT8 C: KQJT9\nspades: 97 diamonds: KJT hearts: AKQJ8\n"
            "AD QD\ngame: 8S\ndeclarer: 2\n")
    record = pa.Record.parse(text)
    assert str(record.deal) == str(pa.Record.parse(RECORD_TEXT).deal)


# ------------------------------------------------------------------------ seeds


@pytest.mark.parametrize("seed", [-1, 2**63, 2**64, True, 1.5, "1"])
@pytest.mark.parametrize("view", [whist, lead])
def test_a_bad_seed_is_named(view, seed):
    with pytest.raises(PositionError) as info:
        view(samples=5, seed=seed)
    assert str(info.value) == (f"seed {seed!r}: a seed is a whole number from 0 to 2**63 - 1, "
                               f"or None")


def test_sample_worlds_and_layout_odds_say_the_same_of_a_seed():
    with pytest.raises(PositionError, match=r"^seed -1: a seed is a whole number from 0 to "):
        sample_worlds(pa.Hand.parse(FIRST_HAND), [pa.Card.parse(c) for c in TALON.split()],
                      pa.Game.parse("7D"), 1, 2, samples=5, seed=-1)
    with pytest.raises(PositionError, match=r"^seed -1: a seed is a whole number from 0 to "):
        pa.layout_odds(TWELVE, "6S", 1, samples=5, seed=-1)


def test_the_largest_seed_is_taken():
    assert whist(samples=3, seed=2**63 - 1, discard="low").seed == 2**63 - 1


# ------------------------------------------------------------------------ a discard model


@pytest.mark.parametrize("returned, shown", [
    (None, "None"), (3, "3"), ("AS KS", "'AS KS'"),
    ((pa.Card.parse("AS"),), "(Card('AS'),)"),
])
def test_a_discard_function_returning_no_discard_is_named(returned, shown):
    with pytest.raises(PositionError) as info:
        whist(samples=3, discard=lambda twelve, game: returned)
    assert str(info.value) == (f"discard: the function returned {shown}; it must return two "
                               f"different Cards of the declarer's twelve")


def test_a_discard_function_returning_cards_he_does_not_hold_is_named():
    def foreign(twelve, game):
        return [c for c in pa.Hand.parse(FIRST_HAND)][:2]
    with pytest.raises(PositionError, match=r"^discard: the function returned \[Card"):
        whist(samples=3, discard=foreign)


def test_a_discard_function_returning_his_cards_is_used():
    def lowest(twelve, game):
        return sorted(twelve, key=lambda c: c.rank)[:2]
    assert whist(samples=3, discard=lowest).discard_model == "custom"


# ------------------------------------------------------------------------ engine, whist words


def test_review_refuses_an_engine_that_is_not_a_solver():
    with pytest.raises(PositionError) as info:
        pa.review(pa.Record.parse(RECORD_TEXT), engine="x")
    assert str(info.value) == ("engine 'x' is not a solver.Solver (give one, or None for the "
                               "shared one)")
    with pytest.raises(PositionError, match=r"^engine 'x' is not a solver.Solver"):
        pa.check_claim(RECORD["deal"], "8S", declarer=2, claimant=2, engine="x")


@pytest.mark.parametrize("words, message", [
    ({1: "blah"}, "whist: 'blah' for seat 1 is not a whist word: expected whist, pass, half or "
                  "return"),
    ({7: "whist"}, "whist: key 7 is not a seat 1, 2 or 3"),
    ({2: "whist"}, "whist: seat 2 is not a defender; declarer 2's defenders are 3 and 1"),
])
@pytest.mark.parametrize("rules", [None, "sochi"])
def test_whist_words_name_the_bad_word_or_seat(words, message, rules):
    record = pa.Record.parse(RECORD_TEXT)
    with pytest.raises(PositionError) as info:
        pa.review(record, whist=words, rules=rules)
    assert str(info.value) == message
    with pytest.raises(PositionError) as info:
        pa.lead_table(RECORD["deal"], "8S", 2, whist=words, rules=rules)
    assert str(info.value) == message
    with pytest.raises(PositionError) as info:
        pa.lead_decision("J.A87.987.T97", "8S", 2, talon="AD QD", samples=3, whist=words,
                         rules=rules)
    assert str(info.value) == message


def test_the_second_defenders_word_alone_is_not_recorded_as_the_firsts():
    deal = RECORD["deal"]
    result = pa.review(deal, "8S", declarer=2, whist={1: "pass"})
    assert result.whist == {1: "pass"} and result.record.whist == ()
    result = pa.review(deal, "8S", declarer=2, whist={1: "whist", 3: "pass"})
    assert result.record.whist == ("pass", "whist")


def test_whist_words_of_the_defenders_are_taken_in_either_language():
    record = pa.Record.parse(RECORD_TEXT)
    assert pa.review(record, whist={3: "пас", 1: "whist"}).whist == {3: "pass", 1: "whist"}


# ------------------------------------------------------------------------ the bound on work


def test_more_layouts_than_the_cap_are_refused_at_once():
    start = time.perf_counter()
    with pytest.raises(PositionError) as info:
        pa.layout_odds(TWELVE, "6S", 1, samples=10**9)
    assert str(info.value) == "samples 1000000000: at most 1000000 layouts per call (MAX_SAMPLES)"
    with pytest.raises(PositionError) as info:
        whist(samples=10**7)
    assert str(info.value) == "samples 10000000: at most 100000 layouts per call (MAX_WORLDS)"
    with pytest.raises(PositionError) as info:
        lead(samples=MAX_WORLDS + 1)
    assert str(info.value) == "samples 100001: at most 100000 layouts per call (MAX_WORLDS)"
    with pytest.raises(PositionError, match=r"^max_draws 5000001 is not 1\.\.5000000$"):
        sample_worlds(pa.Hand.parse(FIRST_HAND), [pa.Card.parse(c) for c in TALON.split()],
                      pa.Game.parse("7D"), 1, 2, samples=3, max_draws=50 * MAX_WORLDS + 1)
    assert time.perf_counter() - start < 5  # refused before any layout is drawn
    assert MAX_SAMPLES == 1_000_000


def test_the_cap_itself_is_accepted_by_the_checks():
    # The checks pass at the cap; the drawing is stopped at its first report.
    class Stop(Exception):
        pass

    def stop(n):
        raise Stop

    with pytest.raises(Stop):
        whist(samples=MAX_WORLDS, progress=stop, discard="low")
    with pytest.raises(Stop):
        pa.layout_odds(TWELVE, "6S", 1, samples=MAX_SAMPLES, progress=stop, target=6)


def test_the_seat_views_report_every_layout_drawn():
    told: list[int] = []
    result = whist(samples=20, discard="low", progress=told.append)
    # Ticks of 0 are heartbeats while the partner's answers are weighed (a cancel is heard
    # there too); the others count the layouts drawn.
    assert sum(told) == result.drawn and told[0] > 0 and all(n >= 0 for n in told)
    told.clear()
    result = lead(samples=20, discard="low", progress=told.append)
    assert sum(told) == result.drawn


@pytest.mark.parametrize("view", [["whist", "--seat", "2"], ["lead", "--leader", "2"]])
def test_ctrl_c_stops_a_seat_view_cleanly(view):
    # The most layouts a seat view keeps: minutes of work, stopped with one line and exit 130.
    # Its stderr is a terminal, so the bar is drawn: Ctrl-C is sent once it counts layouts.
    main_end, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # 100 columns
    process = subprocess.Popen(
        [sys.executable, "-m", "pyanalysis.cli", view[0], FIRST_HAND, "-g", "7D",
         "--declarer", "1", *view[1:], "--talon", TALON, "--samples", str(MAX_WORLDS)],
        stdout=subprocess.PIPE, stderr=side, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(side)
    drawing = re.compile(r"drawing: [1-9]")  # some layouts drawn: the bar is up and counting
    err = _read_until(main_end, lambda text: drawing.search(text) or process.poll() is not None,
                      seconds=120)
    assert drawing.search(err) and process.poll() is None, err
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    err += _read_until(main_end, lambda text: False, seconds=5)
    os.close(main_end)
    assert (process.returncode, out) == (130, "")
    assert err.replace("\r\n", "\n").endswith("\ninterrupted\n") and "Traceback" not in err


def _read_until(fd: int, done, seconds: float) -> str:
    """What a terminal shows from `fd` until `done(text)`, its end, or `seconds` pass."""
    text = ""
    end = time.monotonic() + seconds
    while not done(text) and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        text += chunk.decode("utf-8", "replace")
    return text
