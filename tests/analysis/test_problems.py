"""Published problems (pyanalysis/data/problems.json): the solver must give every published answer."""
import json
from pathlib import Path

import pytest

import pyanalysis as pa

PROBLEMS = json.loads((Path(__file__).resolve().parents[2] / "pyanalysis" / "data" / "problems.json").read_text("utf-8"))
ANSWERED = [p for p in PROBLEMS if p["status"] == "published"]


def game_of(problem: dict) -> pa.Game:
    """The problem's game. "trump S" names only the strain: the question is a trick count,
    which the level does not change, so the lowest level stands in for it."""
    text = problem["game"]
    if text.startswith("trump "):
        return pa.Game.parse("6" + text.split()[1])
    return pa.Game.parse(text)


def deal_of(problem: dict) -> pa.Deal:
    discard = f" discard:{problem['discard']}" if problem["discard"] else ""
    return pa.Deal.parse(problem["deal"] + discard)


def test_the_data_set_has_published_answers():
    assert len(ANSWERED) >= 8
    assert all(p["source"] for p in PROBLEMS)


@pytest.mark.parametrize("problem", ANSWERED, ids=[p["id"] for p in ANSWERED])
def test_published_answer(problem):
    solution = pa.solve(deal_of(problem), game_of(problem), declarer=problem["declarer"],
                        leader=problem["leader"])
    assert solution.tricks == problem["published_answer"]


@pytest.mark.parametrize("problem", PROBLEMS, ids=[p["id"] for p in PROBLEMS])
def test_every_problem_reads_and_solves(problem):
    deal = deal_of(problem)
    assert str(pa.Deal.parse(str(deal))) == str(deal)
    solution = pa.solve(deal, game_of(problem), declarer=problem["declarer"],
                        leader=problem["leader"])
    assert 0 <= solution.tricks <= deal.size
    assert solution.tricks in solution.moves.values()
