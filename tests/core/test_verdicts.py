"""Verdicts in words: `Game.verdict`, `Solution.verdict`, the `solve` headline and its card
values from the defence's side, `--json` and batch answers.

The expected words are derived here from the rules (RULES.md §2, §4.1) and from trick counts
taken by playing the principal line out, not from the code under test.
"""
from __future__ import annotations

import json
import random
import re

import pytest

import pyanalysis as pa
from cli_support import ok, random_deal, tricks_along
from pyanalysis.batch import process_line
from pyanalysis.cli.solving import ending_verdict

CONTRACTS = [f"{level}{strain}" for level in range(6, 11) for strain in ("S", "C", "D", "H", "NT")]
GAMES = CONTRACTS + ["misere", "raspasy"]


def expected_verdict(game: str, tricks: int) -> str:
    """The rules in plain words: a contract of level L is made with L tricks or more, else
    down by the shortfall; misère is clean with no trick; raspasy counts the tricks."""
    if game == "misere":
        return "clean" if tricks == 0 else f"caught for {tricks}"
    if game == "raspasy":
        return {0: "no tricks", 1: "1 trick"}.get(tricks, f"{tricks} tricks")
    level = int(game[:-2] if game.endswith("NT") else game[:-1])
    return "made" if tricks >= level else f"down {level - tricks}"


@pytest.mark.parametrize("game", GAMES)
def test_game_verdict_for_every_trick_count(game):
    parsed = pa.Game.parse(game)
    for tricks in range(11):
        assert parsed.verdict(tricks) == expected_verdict(game, tricks)


@pytest.mark.parametrize("tricks", [-1, 11, 1.0, True, "3", None])
def test_game_verdict_refuses_what_is_no_trick_count(tricks):
    with pytest.raises(ValueError, match=r"^tricks .* is not a count of tricks 0\.\.10$"):
        pa.Game.parse("8S").verdict(tricks)


def _random_case(rng: random.Random, game: str) -> tuple[pa.Deal, dict]:
    deal = random_deal(rng, 10, talon=game == "raspasy" or rng.random() < 0.5)
    if game == "raspasy":
        rule = rng.choice(["suit", "card", "none"]) if deal.talon else "none"
        return deal, {"player": rng.randint(1, 3), "talon_rule": rule}
    return deal, {"declarer": rng.randint(1, 3), "leader": rng.randint(1, 3)}


@pytest.mark.parametrize("game", GAMES)
def test_solution_verdict_on_random_whole_deals(game):
    rng = random.Random(f"verdict {game}")
    for _ in range(3):
        deal, seats = _random_case(rng, game)
        solution = pa.solve(deal, game, **seats)
        # the focus player's tricks, counted by playing the principal line to the end
        tricks = tricks_along(str(deal), game, [str(c) for c in solution.line], **seats)
        assert solution.verdict == expected_verdict(game, tricks)
        assert solution.to_dict()["verdict"] == solution.verdict


def test_a_trick_in_progress_still_counts_the_whole_deal():
    rng = random.Random(4)
    deal = random_deal(rng, 10)
    first = pa.solve(deal, "7NT", declarer=2)
    after = pa.solve(deal, "7NT", declarer=2, played=first.line[:1])
    tricks = tricks_along(str(deal), "7NT", [str(c) for c in after.line], declarer=2,
                          played=[str(first.line[0])])
    assert after.verdict == expected_verdict("7NT", tricks)


def test_an_ending_has_no_verdict_of_its_own():
    rng = random.Random(5)
    for size in range(1, 10):
        deal = random_deal(rng, size)
        for game, seats in (("6S", {"declarer": 1}), ("misere", {"declarer": 2}),
                            ("raspasy", {"player": 3})):
            solution = pa.solve(deal, game, **seats)
            assert solution.verdict is None and solution.to_dict()["verdict"] is None


@pytest.mark.parametrize("game", CONTRACTS[::5] + ["misere"])
def test_ending_verdict_agrees_with_every_count_of_tricks_before(game):
    parsed = pa.Game.parse(game)
    for left in range(1, 10):
        before = 10 - left
        for tricks in range(left + 1):
            # what the whole deal's verdict is, for each number of tricks taken before
            outcomes = {taken: expected_verdict(game, taken + tricks)
                        for taken in range(before + 1)}
            text = ending_verdict(parsed, tricks, left)
            if game == "misere":
                clean = [taken for taken, v in outcomes.items() if v == "clean"]
                assert (text == "clean if he took no trick before") == (clean == [0])
                if tricks:
                    assert text == f"caught for {min(t + tricks for t in outcomes)} or more"
                continue
            made = [taken for taken, v in outcomes.items() if v == "made"]
            if len(made) == len(outcomes):
                assert text == "made, whatever the tricks before"
            elif not made:
                shortfall = min(int(v.split()[1]) for v in outcomes.values())
                assert text == f"down {shortfall} or more"
            else:
                assert text == f"made if he took {min(made)} of the {before} tricks before"
                assert made == list(range(min(made), before + 1))


# ------------------------------------------------------------------------------ prefdd solve

DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"


@pytest.mark.parametrize("game, declarer", [("8S", 1), ("6NT", 3), ("misere", 2), ("misere", 3)])
def test_solve_headline_says_the_verdict(game, declarer):
    solution = pa.solve(DEAL, game, declarer=declarer)
    tricks = tricks_along(DEAL, game, [str(c) for c in solution.line], declarer=declarer)
    shown = pa.Game.parse(game).symbol()
    noun = "trick" if tricks == 1 else "tricks"
    out = ok("solve", DEAL, "-g", game, "--declarer", str(declarer))
    assert (f"Declarer ({declarer}{('st', 'nd', 'rd')[declarer - 1]} hand) takes {tricks}"
            f" {noun} in {shown}: {expected_verdict(game, tricks)}.") in out
    data = json.loads(ok("solve", DEAL, "-g", game, "--declarer", str(declarer), "--json"))
    assert data["verdict"] == expected_verdict(game, tricks)


def test_solve_headline_of_an_ending_says_what_it_needs_from_before():
    ending = "AKQ.7.-.- JT9.8.-.- 87.A.K.-"
    solution = pa.solve(ending, "6NT", declarer=3)
    out = ok("solve", ending, "-g", "6NT", "--declarer", "3")
    need = 6 - solution.tricks
    assert (f"Declarer (3rd hand) takes {solution.tricks} trick{'s' * (solution.tricks != 1)}"
            f" of the 4 left in 6NT: made if he took {need} of the 6 tricks before.") in out
    assert json.loads(ok("solve", ending, "-g", "6NT", "--declarer", "3", "--json"))[
        "verdict"] is None


def _cells(out: str, heading: str) -> dict[str, str]:
    """The card values printed under `heading`: {"A♠": "4/6*"}."""
    block = out.split(heading + "\n")[1].split("Line of play:")[0]
    return dict(re.findall(r"(\S+) (\S+)", block))


def test_defence_to_play_sees_its_own_tricks_beside_the_declarers():
    # the 2nd hand leads 8♠ with the 1st hand declaring: a defender is to play
    solution = pa.solve(DEAL, "8S", declarer=1, leader=2)
    assert solution.to_move == 2
    out = ok("solve", DEAL, "-g", "8S", "--declarer", "1", "--leader", "2")
    heading = ("2nd hand (defence) to play; each card with the defence's tricks / the"
               " declarer's (* best):")
    cells = _cells(out, heading)
    assert len(cells) == len(solution.moves)
    for card, declarer_tricks in solution.moves.items():
        # every trick goes to one side: the defence takes the rest of the ten
        mark = "*" if card in solution.best else ""
        assert cells[card.symbol()] == f"{10 - declarer_tricks}/{declarer_tricks}{mark}"
    # the defence's best cards are those that leave the declarer the fewest tricks
    assert set(solution.best) == {c for c, v in solution.moves.items()
                                  if v == min(solution.moves.values())}


def test_declarer_to_play_sees_his_tricks_and_misere_defence_sees_what_it_forces():
    out = ok("solve", DEAL, "-g", "8S", "--declarer", "1")
    assert "1st hand (declarer) to play; each card with the declarer's tricks (* best):" in out
    solution = pa.solve(DEAL, "misere", declarer=2)
    out = ok("solve", DEAL, "-g", "misere", "--declarer", "2")
    heading = ("1st hand (defence) to play; each card with the tricks forced on the declarer,"
               " which the defence wants high (* best):")
    cells = _cells(out, heading)
    assert cells == {c.symbol(): f"{v}{'*' if c in solution.best else ''}"
                     for c, v in solution.moves.items()}


def test_raspasy_says_who_plays_against_whom():
    out = ok("solve", DEAL, "-g", "raspasy", "--player", "2")
    assert ("1st hand to play, with the 3rd hand against the 2nd hand; each card with the 2nd"
            " hand's tricks, which they want high (* best):") in out


# ------------------------------------------------------------------------------ batch


@pytest.mark.parametrize("game", ["7H", "10NT", "misere", "raspasy"])
def test_batch_answers_carry_the_verdict(game):
    rng = random.Random(f"batch {game}")
    deal, seats = _random_case(rng, game)
    job = {"deal": str(deal), "game": game, **seats}
    answer = json.loads(process_line(json.dumps(job)))
    line = pa.solve(deal, game, **seats).line
    tricks = tricks_along(str(deal), game, [str(c) for c in line], **seats)
    assert answer["tricks"] == tricks
    assert answer["verdict"] == expected_verdict(game, tricks)
    ending = {"deal": "AK7.-.-.- QJ.8.-.- -.-.AK8.-", "game": game,
              **{k: v for k, v in seats.items() if k != "talon_rule"}}  # no talon left
    ending_answer = json.loads(process_line(json.dumps(ending)))
    assert "error" not in ending_answer and ending_answer["verdict"] is None
