"""Solving: the wrappers ask the engine the right question and translate its answers back."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyanalysis as pa
import solver
from pyanalysis.cards import all_cards
from solver import reference

FULL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D"


@st.composite
def positions(draw):
    """A small ending, a game, seats, maybe cards played: (kwargs for pa.solve, engine Position)."""
    cards = draw(st.permutations(all_cards()))
    size = draw(st.integers(min_value=1, max_value=3))
    hands = tuple(pa.Hand.from_cards(cards[i * size:(i + 1) * size]) for i in range(3))
    kind = draw(st.sampled_from(["contract", "misere", "raspasy"]))
    seat = draw(st.sampled_from([1, 2, 3]))
    rule, talon = "none", ()
    if kind == "raspasy":
        rule = draw(st.sampled_from(["suit", "card", "none"]))
        if rule != "none":
            talon = tuple(cards[3 * size:3 * size + draw(st.integers(1, min(2, size)))])
    deal = pa.Deal(hands, talon)
    leader = 1 if talon else draw(st.sampled_from([1, 2, 3]))
    trump = draw(st.sampled_from([None, 0, 1, 2, 3])) if kind == "contract" else None
    game = pa.Game.contract(7, trump) if kind == "contract" else pa.Game(kind)
    position = solver.Position(
        hands=tuple(h.mask for h in hands), leader=leader - 1, game=kind, trump=trump,
        focus=seat - 1, talon=tuple(c.index for c in talon), talon_rule=rule)
    played = []
    for _ in range(draw(st.integers(0, 2))):
        card = draw(st.sampled_from(position.legal_moves()))
        played.append(pa.Card.from_index(card))
        position = position.play(card)
    seats = {"player": seat, "talon_rule": rule} if kind == "raspasy" else {"declarer": seat}
    return dict(deal=deal, game=game, leader=leader, played=played, **seats), position


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_solve_agrees_with_the_reference_solver(case):
    kwargs, position = case
    solution = pa.solve(**kwargs)
    assert solution.tricks == reference.tricks(position)
    assert {c.index: v for c, v in solution.moves.items()} == reference.moves(position)
    assert solution.to_move == position.to_move + 1


@settings(max_examples=60, deadline=None, derandomize=True)
@given(positions())
def test_the_line_is_legal_and_keeps_the_value(case):
    kwargs, position = case
    solution = pa.solve(**kwargs)
    taken = 0
    for card in solution.line:
        position, taker, _ = position.advance(card.index)
        taken += taker == position.focus
    assert position.is_terminal
    assert taken == solution.tricks


@settings(max_examples=60, deadline=None, derandomize=True)
@given(positions())
def test_the_best_cards_have_the_position_value(case):
    kwargs, _ = case
    solution = pa.solve(**kwargs)
    assert solution.best
    assert {solution.moves[c] for c in solution.best} == {solution.tricks}
    assert solution.line[0] in solution.best


def test_the_design_example():
    deal = pa.Deal.parse(FULL)
    solution = pa.solve(deal, "8S", declarer=1)
    assert solution.to_move == 1
    assert solution.tricks == max(solution.moves.values())
    assert set(solution.moves) == set(deal.hands[0])
    assert len(solution.line) == 30
    assert solution.game == pa.Game.parse("8S") and solution.focus == 1


def test_a_trick_in_progress_must_be_followed():
    solution = pa.solve(FULL, "8S", declarer=2, played=["AS"])
    assert solution.to_move == 2
    assert sorted(str(c) for c in solution.moves) == ["7S", "8S", "9S", "TS"]
    assert pa.solve(FULL, "8S", declarer=2, played="AS 7S").to_move == 3


def test_played_cards_count_in_the_current_trick():
    # The 2nd hand's ♠A wins the trick already begun: the declarer has his trick.
    deal = "7.-.-.- A.-.-.- 8.-.-.-"
    assert pa.solve(deal, "6NT", declarer=2).tricks == 1
    assert pa.solve(deal, "6NT", declarer=2, played=["7S", "AS"]).tricks == 1
    assert pa.solve(deal, "misere", declarer=1, played=["7S"]).tricks == 0


def test_the_leader_changes_the_answer():
    # On lead the declarer cashes ♠A K; led into, he must throw one on the ♣A.
    deal = "AK.-.-.- Q.A.-.- J.K.-.-"
    assert pa.solve(deal, "6NT", declarer=1, leader=1).tricks == 2
    assert pa.solve(deal, "6NT", declarer=1, leader=2).tricks == 1


def test_raspasy_talon_rule_defaults_to_suit_with_a_talon():
    suit = pa.solve(FULL, "raspasy", player=3, talon_rule="suit").tricks
    assert pa.solve(FULL, "raspasy", player=3).tricks == suit
    no_talon = " ".join(FULL.split()[:3])
    assert pa.solve(no_talon, "raspasy", player=3).tricks == pa.solve(
        FULL, "raspasy", player=3, talon_rule="none").tricks


def test_solution_to_dict_is_json_ready():
    data = pa.solve("7.-.-.- A.-.-.- 8.-.-.-", "6NT", declarer=2).to_dict()
    assert data == {"deal": "7.-.-.- A.-.-.- 8.-.-.-", "game": "6NT", "declarer": 2,
                    "leader": 1, "played": [], "to_move": 1, "tricks": 1,
                    "verdict": None,  # an ending: the tricks before it are not known
                    "moves": {"7S": 1}, "best": ["7S"], "line": ["7S", "AS", "8S"]}


def test_solution_to_dict_in_raspasy_names_the_player_and_the_talon_rule():
    data = pa.solve(FULL, "raspasy", player=3, played=["8D"]).to_dict()
    assert (data["player"], data["talon_rule"], data["leader"], data["played"]) == (
        3, "suit", 1, ["8D"])
    assert "declarer" not in data


def test_played_none_is_no_cards():
    none = pa.solve(FULL, "8S", declarer=1, played=None)
    assert none.to_dict() == pa.solve(FULL, "8S", declarer=1).to_dict()


@pytest.mark.parametrize("seat", [1.0, True, "1", 0, 4])
def test_a_seat_is_the_integer_1_2_or_3(seat):
    with pytest.raises(ValueError, match=f"^declarer seat {seat!r} is not 1, 2 or 3$"):
        pa.solve(FULL, "8S", declarer=seat)
    with pytest.raises(ValueError, match=f"^leader seat {seat!r} is not 1, 2 or 3$"):
        pa.solve(FULL, "8S", declarer=1, leader=seat)


def test_the_focus_seat_is_checked_in_one_place():
    from pyanalysis.solving import focus_seat

    assert focus_seat(pa.Game.parse("8S"), 2, None) == 2
    assert focus_seat(pa.Game.parse("raspasy"), None, 3) == 3
    with pytest.raises(ValueError, match="^8S needs --declarer"):
        focus_seat(pa.Game.parse("8S"), None, None, spell=lambda name: f"--{name}")


def test_a_given_engine_is_used():
    engine = solver.Solver(tt_mb=1)
    pa.solve(FULL, "8S", declarer=2, engine=engine)
    assert engine.stats["nodes"] > 0


@pytest.fixture(scope="module")
def full_table():
    return pa.table(FULL)


def test_table_matches_single_solves(full_table):
    for seat in (1, 2, 3):
        for strain in ("S", "C", "D", "H", "NT"):
            expected = pa.solve(FULL, f"6{strain}", declarer=seat).tricks
            assert full_table.contracts[(seat, strain)] == expected
        assert full_table.misere[seat] == pa.solve(FULL, "misere", declarer=seat).tricks
        assert full_table.raspasy[seat] == pa.solve(
            FULL, "raspasy", player=seat, talon_rule="suit").tricks


def test_table_talon_rule(full_table):
    assert full_table.talon_rule == "suit"
    card_table = pa.table(FULL, talon_rule="card")
    assert card_table.talon_rule == "card"
    assert card_table.contracts == full_table.contracts
    assert pa.table(" ".join(FULL.split()[:3])).talon_rule == "none"


def test_table_to_dict_and_format(full_table):
    data = full_table.to_dict()
    assert data["deal"] == FULL and data["talon_rule"] == "suit" and data["leader"] == 1
    assert data["contracts"]["2"]["S"] == full_table.contracts[(2, "S")]
    assert set(data["contracts"]["1"]) == {"S", "C", "D", "H", "NT"}
    assert data["misere"]["3"] == full_table.misere[3]
    text = full_table.format()
    assert "♠" in text and "misère" in text and "3rd hand" in text
    assert full_table.format(symbols=False).isascii()


# One card each, the talon written: in a talon trick clubs would be the suit, and the 2nd hand's
# ♣A would take it; played as an ordinary trick the 1st hand's ♠K takes it.
RASPASY_ENDING = "K.-.-.- -.A.-.- -.-.A.- 7C"


def test_an_endings_talon_tricks_are_over_unless_a_rule_is_given():
    assert pa.solve(RASPASY_ENDING, "raspasy", player=1).tricks == 1
    assert pa.solve(RASPASY_ENDING, "raspasy", player=1, talon_rule="none").tricks == 1
    # With a rule the talon trick is still to come.
    assert pa.solve(RASPASY_ENDING, "raspasy", player=1, talon_rule="suit").tricks == 0
    assert pa.solve(RASPASY_ENDING, "raspasy", player=2, talon_rule="suit").tricks == 1
    assert pa.table(RASPASY_ENDING).talon_rule == "none"
    assert pa.table(RASPASY_ENDING).raspasy == {1: 1, 2: 0, 3: 0}


def test_a_full_deal_with_a_talon_defaults_to_rule_suit():
    assert pa.table(FULL).talon_rule == "suit"


def test_an_ending_with_more_talon_cards_than_tricks_still_solves():
    table = pa.table("A.-.-.- K.-.-.- 7.-.-.- 8S 9S")
    assert table.contracts[(1, "NT")] == 1 and table.misere[1] == 1
    assert table.raspasy == {1: 1, 2: 0, 3: 0}
    with pytest.raises(pa.solving.PositionError, match="2 talon tricks but only 1 card"):
        pa.solve("A.-.-.- K.-.-.- 7.-.-.- 8S 9S", "raspasy", player=1, talon_rule="suit")
