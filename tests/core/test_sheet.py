"""The score sheet: help, raspasy runs, the end of the game, settlement, game records."""
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyanalysis.rules import RuleSet
from pyanalysis.sheet import Sheet, SheetError, settle
from pyanalysis.sheet_io import load_sheet, parse_deal_line, read_record

DATA = Path(__file__).resolve().parents[2] / "data" / "sheets"


# -- settlement -------------------------------------------------------------------------------


def seed_003_example():
    """Seed 003 §9 (Leningrad, four players): pools, hills and the netted vists it gives."""
    pools = {"A": 16, "B": 24, "C": 8, "D": 32}
    # After the doubled pool differences go on, the hills are 52 60 56 32 (D is the lowest).
    hills = {"A": 20, "B": 44, "C": 8, "D": 32}
    vists = {"A": {"B": 12, "D": 78}, "B": {"D": 30}, "C": {"A": 60, "B": 20, "D": 10}}
    return settle("ABCD", pools, hills, vists, pool_value=2)


def test_seed_003_settlement_method_1():
    s = seed_003_example()
    assert s.hills == {"A": 20, "B": 28, "C": 24, "D": 0}
    assert s.hill_vists == {"A": 50, "B": 70, "C": 60, "D": 0}
    assert s.by_hill_vists == {"A": 10, "B": -102, "C": 30, "D": 62}


def test_seed_003_settlement_method_2():
    s = seed_003_example()
    assert s.hill_balance == {"A": -20, "B": -100, "C": -60, "D": 180}
    assert s.net_vists == {"A": 30, "B": -2, "C": 90, "D": -118}
    assert s.by_mean_hill == {"A": 10, "B": -102, "C": 30, "D": 62}
    assert s.methods_agree


def test_seed_004_leningrad_four_circles_hill_part():
    pools = {"1": 78, "2": 74, "3": 32, "4": 22}
    hills = {"1": 78, "2": 60, "3": 34, "4": 76}
    s = settle("1234", pools, hills, {}, pool_value=2, pool_size=50)
    assert s.hills == {"1": 10, "2": 0, "3": 58, "4": 120}
    assert s.totals == {"1": 370, "2": 470, "3": -110, "4": -730}


@pytest.mark.parametrize("pool, off", [(54, 8), (56, 12)])
def test_seed_004_leningrad_points_over_the_pool_come_off_doubled(pool, off):
    s = settle("ABC", {"A": pool, "B": 48, "C": 48}, {"A": 0, "B": 0, "C": 0}, {},
               pool_value=2, pool_size=50)
    # A writes off `off`, the other two put 4 each on: 4 + off apart.
    assert s.hills == {"A": 0, "B": off + 4, "C": off + 4}


def test_settlement_with_thirds_stays_exact():
    s = settle("ABC", {p: 10 for p in "ABC"}, {"A": 1, "B": 0, "C": 0}, {}, pool_size=10)
    assert s.totals == {"A": Fraction(-20, 3), "B": Fraction(10, 3), "C": Fraction(10, 3)}


@pytest.mark.parametrize("rules, result", [("sochi", 160), ("leningrad", 320)])
def test_seed_004_thirty_whisted_sixes_by_one_player(rules, result):
    # Pool 20 for three: one player makes thirty whisted sixes, the whisters take 4 each time.
    sheet = Sheet(["A", "B", "C"], rules, pool_size=20)
    for _ in range(30):
        others = [p for p in sheet.seats_for(sheet.next_dealer) if p != "A"]
        sheet.play("6S", "A", {"A": 6, others[0]: 2, others[1]: 2},
                   {others[0]: "whist", others[1]: "whist"})
    assert sheet.finished
    assert sheet.settlement().totals["A"] == result
    assert sum(row.values["A"] for row in sheet.rows) == result


# -- help and the end of the game --------------------------------------------------------------


def made(sheet, game, declarer, dealer=None):
    """Play `game` made by `declarer`, both others passing (no play, no vists)."""
    seats = sheet.seats_for(dealer or sheet.next_dealer)
    others = [p for p, s in seats.items() if s in (1, 2, 3) and p != declarer]
    return sheet.play(game, declarer, {declarer: 10}, {o: "pass" for o in others},
                      dealer=dealer)


def test_help_goes_to_the_larger_pool_then_ties_to_the_left():
    sheet = Sheet(["A", "B", "C"], pool_size=10)
    made(sheet, "9S", "A")          # A 8
    made(sheet, "6S", "C")          # C 2
    row = made(sheet, "8S", "A")    # A closes with 2; 4 help C (the larger pool)
    assert [(h.taker, h.points) for h in row.helps] == [("C", 4)]
    assert sheet.vists["A"]["C"] == 40
    made(sheet, "6S", "B")          # B 2, C 6
    row = made(sheet, "6S", "A")    # help C (6 beats 2)
    assert [(h.taker, h.points) for h in row.helps] == [("C", 2)]
    tie = Sheet(["A", "B", "C"], pool_size=2)
    made(tie, "6S", "A")
    row = made(tie, "6S", "A")      # B and C both at 0: B sits on A's left
    assert [(h.taker, h.points) for h in row.helps] == [("B", 2)]


def test_seed_004_help_nobody_can_take_comes_off_the_hill():
    # Four players, the others closed, A two short of the pool plays a nine.
    sheet = Sheet(["A", "B", "C", "D"], pool_size=8)
    for declarer, dealer in (("B", "A"), ("C", "A"), ("D", "A"), ("A", "B")):
        made(sheet, "9S" if declarer != "A" else "8S", declarer, dealer)
    assert sheet.pool == {"A": 6, "B": 8, "C": 8, "D": 8}
    row = made(sheet, "9S", "A", "B")
    assert (sheet.pool["A"], sheet.hill["A"]) == (8, -6)
    assert [(h.taker, h.points) for h in row.helps] == [(None, 6)]
    assert sheet.finished
    # "6 points of hill are worth 15 vists to each, not 20" (seed 004 §4.1.1).
    assert sheet.settlement().hill_balance == {"A": 45, "B": -15, "C": -15, "D": -15}


def test_seed_000_overflow_variant_goes_to_each_opponents_hill():
    rules = RuleSet.preset("sochi", help_overflow="opponents")
    sheet = Sheet(["A", "B", "C"], rules, pool_size=2)
    sheet.play("raspasy", tricks={"A": 1, "B": 2, "C": 7})  # A's hill 1
    made(sheet, "6S", "B")
    made(sheet, "6S", "C")
    made(sheet, "8S", "A")          # 2 for A's pool, 4 over: 1 off A's hill, 3 on B's and C's
    assert sheet.hill == {"A": 0, "B": 5, "C": 10}


def test_the_game_ends_and_refuses_more_deals():
    sheet = Sheet(["A", "B", "C"], pool_size=2)
    for declarer in "ABC":
        made(sheet, "6S", declarer)
    assert sheet.finished
    with pytest.raises(SheetError, match="over"):
        made(sheet, "6S", "A")


def test_leningrad_ends_when_the_pools_together_reach_the_target():
    sheet = Sheet(["A", "B", "C"], "leningrad", pool_size=6)
    made(sheet, "10S", "A")
    assert not sheet.finished and sheet.pool["A"] == 10      # no help in Leningrad
    made(sheet, "8S", "B")
    assert not sheet.finished                                # 16 of 18
    made(sheet, "6S", "C")
    assert sheet.finished and sheet.pool == {"A": 10, "B": 6, "C": 2}


# -- raspasy runs --------------------------------------------------------------------------------


def rounds(sheet):
    return [row.score.raspasy_round for row in sheet.rows]


def test_seed_000_raspasy_run_is_broken_by_any_game():
    sheet = Sheet(["A", "B", "C"], pool_size=50)
    sheet.play("raspasy", tricks={"A": 2, "B": 3, "C": 5})
    sheet.play("raspasy", tricks={"A": 2, "B": 3, "C": 5})
    made(sheet, "6S", "A")
    sheet.play("raspasy", tricks={"A": 2, "B": 3, "C": 5})
    assert rounds(sheet) == [1, 2, None, 1]
    assert [row.hill["C"] for row in sheet.rows] == [5, 15, 15, 20]


def test_seed_000_raspasy_run_left_only_by_a_made_game():
    sheet = Sheet(["A", "B", "C"], RuleSet.preset("sochi", raspasy_exit="made"), pool_size=50)
    ras = {"A": 2, "B": 3, "C": 5}
    sheet.play("raspasy", tricks=ras)
    seats = sheet.seats_for(sheet.next_dealer)
    declarer = next(p for p, s in seats.items() if s == 1)
    first, second = (p for p in seats if p != declarer)
    sheet.play("6S", declarer, {declarer: 5}, {first: "whist", second: "pass"})   # set
    sheet.play("raspasy", tricks=ras)
    sheet.play("misere", "A", {"A": 1})                                          # set
    sheet.play("raspasy", tricks=ras)
    made(sheet, "8S", "B")
    sheet.play("raspasy", tricks=ras)
    assert rounds(sheet) == [1, None, 2, None, 3, None, 1]


# -- records -------------------------------------------------------------------------------------


def test_deal_lines():
    deal = parse_deal_line("7H Boris=7 Vera=whist:2 Anna=pass dealer=Dima honours=1")
    assert (deal.game, deal.declarer, deal.honours, deal.dealer) == ("7H", "Boris", 1, "Dima")
    assert deal.tricks == {"Boris": 7, "Vera": 2}
    assert deal.whist == {"Vera": "whist", "Anna": "pass"}
    raspasy = parse_deal_line("raspasy Anna=0 Boris=4 Vera=6")
    assert raspasy.declarer is None and raspasy.tricks == {"Anna": 0, "Boris": 4, "Vera": 6}
    both_passed = parse_deal_line("8S Anna Boris=pass Vera=pass")
    assert both_passed.declarer == "Anna" and both_passed.tricks == {}


@pytest.mark.parametrize("line, message", [
    ("7H Boris=7 Boris=pass", "twice"),
    ("7H Boris=7 Vera", "only the declarer"),
    ("7H Boris=x:y", "not a number"),
    ("7Q Boris=7", "7Q"),
])
def test_bad_deal_lines(line, message):
    with pytest.raises(ValueError, match=message):
        parse_deal_line(line)


def test_text_record_errors_name_the_line():
    text = "players A B C\npool 10\n6S A=6 B=whist:4 C=pass\n6S B=6 C=whist:4 Q=pass\n"
    with pytest.raises(SheetError, match="line 4: unknown player 'Q'"):
        read_record(text).to_sheet()
    with pytest.raises(SheetError, match="players"):
        read_record("pool 10\n")
    with pytest.raises(SheetError, match="line 2: unknown rule set 'moscow'"):
        read_record("players A B C\nrules moscow\n")


def test_text_and_json_records_give_the_same_sheet():
    text = ("rules leningrad\nrule whist_split=greedy\nplayers A B C\npool 10\n"
            "7H B=7 C=whist:2 A=pass\nraspasy A=0 B=4 C=6\n")
    json_text = ('{"rules": "leningrad", "rule": {"whist_split": "greedy"}, '
                 '"players": ["A", "B", "C"], "pool": 10, "deals": ['
                 '{"game": "7H", "declarer": "B", "tricks": {"B": 7, "C": 2}, '
                 '"whist": {"C": "whist", "A": "pass"}}, "raspasy A=0 B=4 C=6"]}')
    a, b = read_record(text).to_sheet(), read_record(json_text).to_sheet()
    assert a.rules == b.rules and a.rules.whist_split == "greedy"
    assert (a.pool, a.hill, a.vists) == (b.pool, b.hill, b.vists)


@pytest.mark.parametrize("name", ["sochi_example.txt", "leningrad_four.json"])
def test_example_records_play_to_the_end_and_settle(name):
    sheet = load_sheet(DATA / name)
    assert sheet.finished
    s = sheet.settlement()
    assert s.methods_agree and sum(s.totals.values()) == 0
    assert s.totals == sheet.values()


# -- properties ----------------------------------------------------------------------------------

PRESETS = [RuleSet.preset(n) for n in ("sochi", "leningrad", "rostov")] + [
    RuleSet.preset("sochi", help_overflow="opponents", raspasy_exit="made"),
    RuleSet.preset("sochi", closing="total"),
]


@st.composite
def seat_deal(draw):
    """A deal in seat terms: (game, declarer, tricks, whist, honours)."""
    kind = draw(st.sampled_from(["contract", "contract", "contract", "misere", "raspasy"]))
    if kind == "raspasy":
        counts = draw(st.lists(st.integers(0, 10), min_size=2, max_size=2)
                      .filter(lambda c: sum(c) <= 10))
        return "raspasy", None, {1: counts[0], 2: counts[1], 3: 10 - sum(counts)}, {}, 0
    declarer = draw(st.integers(1, 3))
    if kind == "misere":
        return "misere", declarer, {declarer: draw(st.integers(0, 10))}, {}, 0
    level = draw(st.integers(6, 10))
    first, second = declarer % 3 + 1, (declarer + 1) % 3 + 1
    taken = draw(st.integers(0, 10))
    mine = draw(st.integers(0, 10 - taken))
    tricks = {declarer: taken, first: mine, second: 10 - taken - mine}
    if level == 10:
        words = {}
    else:
        words = dict(zip((first, second), draw(st.sampled_from(
            [("whist", "whist"), ("whist", "pass"), ("pass", "whist")]))))
    return f"{level}S", declarer, tricks, words, draw(st.integers(0, 3))


@settings(derandomize=True, max_examples=120, deadline=None)
@given(st.sampled_from(PRESETS), st.sampled_from([3, 4]), st.integers(4, 30),
       st.lists(seat_deal(), min_size=1, max_size=40))
def test_settlement_is_the_sum_of_deal_values_and_both_methods_agree(rules, n, size, deals):
    sheet = Sheet(["A", "B", "C", "D"][:n], rules, pool_size=size)
    for game, declarer, tricks, words, honours in deals:
        if sheet.finished:
            break
        names = {seat: name for name, seat in sheet.seats_for(sheet.next_dealer).items()}
        sheet.play(game, names.get(declarer), {names[s]: t for s, t in tricks.items()},
                   {names[s]: w for s, w in words.items()}, honours if n == 4 else 0)
    s = sheet.settlement()
    assert s.methods_agree
    assert sum(s.totals.values()) == 0
    assert s.totals == sheet.values()


# -- bad records: always a one-line ValueError, never another exception -------------------------


@pytest.mark.parametrize("record, message", [
    ({"players": ["A", "B", "C"], "deals": 5}, "'deals' must be a list of deal lines"),
    ({"players": ["A", "B", "C"], "deals": "7H A=7 B=pass C=pass"},
     "'deals' must be a list of deal lines or objects, not \"7H A=7"),
    ({"players": ["A", "B", "C"], "rule": {"raspasy_prices": [1, "x"]}},
     r"rule raspasy_prices: 'x' in \[1, 'x'\] is not a whole number"),
    ({"players": ["A", "B", "C"], "rules": ["sochi"]}, "'rules' \\[\"sochi\"\\] must be a preset"),
    ({"players": ["A", "B", "C"], "dealer": 1}, "'dealer' 1 must be a player's name"),
    ({"players": ["A", "B", "C"], "deals": [{"game": 7}]}, "deal 1: 'game' 7 must be a game"),
    ({"players": ["A", "B", "C"], "deals": [{"game": "7H", "declarer": ["A"]}]},
     "deal 1: 'declarer' \\[\"A\"\\] must be a player's name"),
    ({"players": ["A", "B", "C"], "deals": [{"game": "7H", "whist": {"B": 1}}]},
     "deal 1: whist word 1 for 'B'"),
    ({"players": ["A", "B", "C"], "deals": [{"game": "7H", "honours": "1"}]},
     "deal 1: 'honours' \"1\" must be a number"),
])
def test_bad_json_records_name_the_field(record, message):
    import json
    with pytest.raises(ValueError, match=message) as caught:
        read_record(json.dumps(record))
    assert "\n" not in str(caught.value)


def test_unicode_digits_are_not_trick_counts():
    with pytest.raises(SheetError, match="'²' is not a number of tricks"):
        parse_deal_line("7H A=7 B=whist:² C=pass")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.integers() | st.floats()
    | st.text(max_size=12) | st.sampled_from(["A", "B", "C", "7H", "sochi", "whist", "1,2"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=6) | st.sampled_from(["A", "B", "game", "prices"]), inner, max_size=4),
    max_leaves=8)

BASE_RECORD = {
    "rules": "sochi", "rule": {"raspasy_prices": [1, 2, 3]}, "players": ["A", "B", "C"],
    "pool": 10, "dealer": "A",
    "deals": ["7H B=7 C=whist:2 A=pass",
              {"game": "6S", "declarer": "C", "tricks": {"C": 6},
               "whist": {"A": "whist", "B": "pass"}, "honours": 0, "dealer": "B"}],
}
FIELDS = [("rules",), ("rule",), ("rule", "raspasy_prices"), ("rule", "prices"),
          ("rule", "tenner_checked"), ("rule", "whist_split"), ("rule", "colour"),
          ("players",), ("players", 1), ("pool",), ("dealer",), ("deals",), ("deals", 0),
          ("deals", 1), ("deals", 1, "game"), ("deals", 1, "declarer"), ("deals", 1, "tricks"),
          ("deals", 1, "tricks", "C"), ("deals", 1, "whist"), ("deals", 1, "whist", "A"),
          ("deals", 1, "honours"), ("deals", 1, "dealer"), ("deals", 1, "extra"), ("extra",)]


def _played_or_one_line_value_error(text):
    try:
        sheet = read_record(text).to_sheet()
    except ValueError as error:
        assert str(error) and "\n" not in str(error), repr(str(error))
        return
    assert sheet.settlement().methods_agree


@settings(derandomize=True, max_examples=400, deadline=None)
@given(st.sampled_from(FIELDS), JSON_VALUES)
def test_any_json_value_in_any_field_is_a_sheet_or_a_one_line_value_error(path, value):
    import copy
    import json
    record = copy.deepcopy(BASE_RECORD)
    holder = record
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    _played_or_one_line_value_error(json.dumps(record))


TEXT_TOKENS = st.text(max_size=8) | st.sampled_from([
    "A", "B", "C", "A=7", "B=whist:2", "C=pass", "B=half", "A=return:3", "C=return",
    "dealer=B", "honours=1", "A=²", "B=-1", "C=whist:", "=3", "A=10", "sochi", "1,2,4"])
TEXT_LINES = st.tuples(
    st.sampled_from(["rules", "rule", "players", "pool", "dealer", "deal", "7H", "6S", "10NT",
                     "raspasy", "misere", "", "#"]),
    st.lists(TEXT_TOKENS, max_size=5)).map(lambda t: " ".join([t[0], *t[1]]))


@settings(derandomize=True, max_examples=400, deadline=None)
@given(st.booleans(), st.lists(TEXT_LINES, max_size=8))
def test_any_text_record_is_a_sheet_or_a_one_line_value_error(with_players, lines):
    head = ["players A B C"] if with_players else []
    _played_or_one_line_value_error("\n".join(head + lines))
