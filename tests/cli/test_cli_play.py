"""`prefdd play`: the play-through session, and the command driven from a pipe."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from cli_support import random_deal
from pyanalysis.cli import main
from pyanalysis.cli.play import PlaySession
from pyanalysis.solving import make_position

DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
ENDING = "AKQ.7.-.- JT9.8.-.- 87.A.K.-"


def session_for(deal: str, game: str, focus: int, talon_rule: str | None = None,
                **kwargs) -> PlaySession:
    the_deal, the_game = pa.Deal.parse(deal), pa.Game.parse(game)
    return PlaySession(the_deal, the_game, focus, talon_rule=talon_rule, **kwargs)


def engine_position(session: PlaySession):
    seats = {"player": session.focus} if session.game.kind == "raspasy" else {
        "declarer": session.focus}
    rule = session.talon_rule if session.game.kind == "raspasy" else None
    return make_position(session.deal, session.game, leader=session.leader,
                         played=session.played, talon_rule=rule, **seats)[0]


CASES = [
    (ENDING, "6NT", 1, None),
    (ENDING, "misere", 2, None),
    (DEAL, "8S", 1, None),
    (DEAL, "raspasy", 2, "suit"),
    (DEAL, "raspasy", 3, "card"),
]


@pytest.mark.parametrize("deal, game, focus, rule", CASES)
def test_best_play_keeps_the_value_and_follows_the_engines_rules(deal, game, focus, rule):
    session = session_for(deal, game, focus, rule)
    value = session.turn().solution.tricks
    position = engine_position(session)
    taken = {1: 0, 2: 0, 3: 0}
    while not session.turn().over:
        turn = session.turn()
        # the session's idea of whose turn it is agrees with the engine's own rules
        assert turn.solution.to_move == position.to_move + 1
        assert session.focus_total() == value
        card = session.best()
        position, taker, completed = position.advance(card.index)
        if completed and taker is not None:
            taken[taker + 1] += 1
        assert session.turn().taken == taken
    assert session.turn().taken[focus] == value


def test_random_play_agrees_with_the_engine_after_every_card():
    rng = random.Random(5)
    for _ in range(6):
        deal = random_deal(rng, 4, talon=True)
        game = rng.choice(["7S", "6NT", "misere", "raspasy"])
        rule = rng.choice(["suit", "card"]) if game == "raspasy" else None
        session = session_for(str(deal), game, rng.randint(1, 3), rule)
        position = engine_position(session)
        while not session.turn().over:
            legal = sorted(session.turn().solution.moves)
            assert [c.index for c in legal] == position.legal_moves()
            card = session.play(rng.choice(legal))
            position = position.play(card.index)
            if not position.is_terminal:
                assert session.turn().solution.to_move == position.to_move + 1


def test_undo_takes_back_cards_one_by_one():
    session = session_for(DEAL, "8S", 1)
    start = session.turn().solution
    first = session.best()
    second = session.best()
    third = session.best()  # completes trick 1
    assert len(session.turn().done) == 1
    assert session.undo() == third and session.undo() == second
    assert session.turn().trick == [first]
    assert session.undo() == first
    assert session.turn().solution.moves == start.moves
    with pytest.raises(ValueError, match="nothing to undo"):
        session.undo()


def test_cards_that_cannot_be_played_are_refused_with_the_reason():
    session = session_for(DEAL, "8S", 1)
    session.play("AS")
    with pytest.raises(ValueError, match="^AS has been played already$"):
        session.play("AS")
    with pytest.raises(ValueError, match="^the 2nd hand does not hold 8D$"):
        session.play("8D")
    with pytest.raises(ValueError, match=r"^AC is not a legal card for the 2nd hand \(legal: TS 9S 8S 7S\)$"):
        session.play("AC")
    with pytest.raises(ValueError, match="cannot read card"):
        session.play("XY")
    assert session.history == [pa.Card.parse("AS")]


def test_a_session_can_start_in_the_middle_of_a_trick():
    session = session_for(DEAL, "8S", 1, leader=2, played=(pa.Card.parse("TS"),))
    assert session.turn().solution.to_move == 3
    with pytest.raises(ValueError, match="nothing to undo"):
        session.undo()  # the given cards are not the session's to take back


# ------------------------------------------------------------------------------ the command


def test_play_from_a_pipe_shows_each_turn_and_obeys_every_command():
    commands = "AS\nAC\nbest\nundo\nfoo\nhelp\nquit\nbest\n"
    result = CliRunner().invoke(main, ["play", DEAL, "-g", "8S", "--declarer", "1"],
                                input=commands)
    assert result.exit_code == 0, result.output
    out = result.stdout
    reply = pa.solve(DEAL, "8S", declarer=1, played=["AS"])
    best = re.search(r"Played (\S+) \(best\)\.", out).group(1)
    assert best in {card.symbol() for card in reply.best}
    # the position is shown at the start, after each of the two cards and after the undo
    assert out.count("Trick 1, 1st hand leading:") == 4
    assert "Played A♠." in out
    assert "AC is not a legal card for the 2nd hand (legal: TS 9S 8S 7S)" in out
    assert f"Took back {best}." in out
    assert "cannot read card 'foo'" in out
    assert "Type a card" in out
    assert out.count("Played") == 2  # nothing after quit
    assert "1st hand to play; each card with the declarer's tricks from here (* best):" in out
    assert "2nd hand to play; each card with the declarer's tricks from here (* best):" in out
    assert f"Cards in trick 1: A♠ {best}" in out
    for card, tricks in reply.moves.items():  # the 2nd hand's cards, valued
        assert f"{card.symbol()} {tricks}" in out


def test_play_to_the_end_and_stop_at_end_of_input():
    result = CliRunner().invoke(main, ["play", ENDING, "-g", "6NT", "--declarer", "1"],
                                input="best\n" * 13)
    assert result.exit_code == 0, result.output
    value = pa.solve(ENDING, "6NT", declarer=1).tricks
    noun = "trick" if value == 1 else "tricks"
    assert f"The deal is over. Declarer (1st hand) took {value} {noun}." in result.stdout
    # shown after cards 3..11 (trick 1 done) and once at the end; the 13th "best" is refused
    assert result.stdout.count("Tricks played:") == 10
    assert "the deal is over: no card left to play" in result.stdout


def test_play_json_lines_through_a_real_pipe():
    done = subprocess.run(
        [sys.executable, "-m", "pyanalysis.cli", "play", ENDING, "-g", "6NT", "--declarer", "1",
         "--json"],
        input="best\nKH\nundo\nquit\n", capture_output=True, text=True, timeout=60, check=True)
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert [e["event"] for e in events] == [
        "turn", "played", "turn", "error", "undone", "turn"]
    solution = pa.solve(ENDING, "6NT", declarer=1)
    first = events[0]
    assert first["tricks"] == solution.tricks and first["to_move"] == 1
    assert first["moves"] == {str(c): n for c, n in solution.moves.items()}
    assert first["best"] == [str(c) for c in solution.best]
    played = events[1]["card"]
    assert events[1] == {"event": "played", "card": played, "best": True}
    assert played in first["best"]
    assert events[2]["played"] == [played] and events[2]["to_move"] == 2
    assert events[3]["error"] == "the 2nd hand does not hold KH"
    assert events[4] == {"event": "undone", "card": played}
    assert events[5] == events[0]
    assert done.stderr == ""


def test_the_headline_and_the_card_values_count_the_same_tricks():
    # The 1st hand takes trick 1 (A♠ 7♠ 7♣); from then on the values are the tricks still to come.
    commands = "AS\n7S\n7C\nquit\n"
    result = CliRunner().invoke(main, ["play", DEAL, "-g", "8S", "--declarer", "1"],
                                input=commands)
    assert result.exit_code == 0, result.output
    later = pa.solve("KQJ.T9.87.AK T98.AKQ.-.QJ9 -.J8.AKQJ.T87", "8S", declarer=1)
    assert (f"Declarer (1st hand) has taken 1 trick; with best play he takes {later.tricks}"
            f" more ({later.tricks + 1} in all) in 8♠.") in result.stdout
    last = result.stdout.rsplit("Tricks taken:", 1)[1]
    for card, tricks in later.moves.items():
        assert f"{card.symbol()} {tricks}" in last


def test_play_json_counts_tricks_from_here_like_solve_and_the_taken_ones_apart():
    result = CliRunner().invoke(main, ["play", DEAL, "-g", "8S", "--declarer", "1", "--json"],
                                input="AS\n7S\n7C\nQS\nquit\n")
    events = [json.loads(line) for line in result.stdout.splitlines()]
    turns = [e for e in events if e["event"] == "turn"]
    after_trick = turns[3]
    later = pa.solve("KQJ.T9.87.AK T98.AKQ.-.QJ9 -.J8.AKQJ.T87 TD 9D", "8S", declarer=1)
    assert after_trick["taken"] == 1 and after_trick["taken_by"] == {"1": 1, "2": 0, "3": 0}
    assert {k: after_trick[k] for k in later.to_dict()} == later.to_dict()
    in_trick = turns[4]
    assert in_trick["played"] == ["QS"] and in_trick["leader"] == 1
    solved = pa.solve("KQJ.T9.87.AK T98.AKQ.-.QJ9 -.J8.AKQJ.T87 TD 9D", "8S", declarer=1,
                      played=["QS"])
    assert in_trick["tricks"] == solved.tricks and in_trick["moves"] == solved.to_dict()["moves"]


def test_two_cards_at_the_prompt_are_refused_one_card_at_a_time():
    session = session_for(DEAL, "8S", 1)
    with pytest.raises(ValueError, match="^'AS KS': type one card at a time$"):
        session.play("AS KS")
    assert session.play("A spades") == pa.Card.parse("AS")


def test_a_raspasy_ending_with_its_talon_written_plays_no_talon_tricks():
    session = session_for("K.-.-.- -.A.-.- -.-.A.- 7C", "raspasy", 1)
    assert session.talon_rule == "none" and session.talon == ()
    assert session.turn().solution.tricks == 1
