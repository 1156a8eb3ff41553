"""A deal's writes and value in vists: every worked example of RULES.md §4.3 and the seeds."""
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyanalysis as pa
from pyanalysis.games import Game
from pyanalysis.rules import RuleSet
from pyanalysis.scoring import ScoringError, score_deal

# Seed 001's table: gentleman, half-responsible, and «за свои» by either defender.
SEED001 = RuleSet.preset("sochi", whist_split="gentleman", responsibility="half",
                         half_whist_by="either")
LENINGRAD_GREEDY = RuleSet.preset("leningrad", whist_split="greedy")


def vists(score, writer, target):
    return score.writes[writer].vists.get(target, 0)


# -- RULES.md §4.3 -----------------------------------------------------------------------


def test_rules_example_1_six_down_one_four_players_sochi_and_leningrad():
    deal = dict(players=4, declarer=1, tricks={1: 5, 2: 2, 3: 3},
                whist={2: "whist", 3: "whist"})
    assert pa.score_deal("6S", rules="sochi", **deal).values[1] == -31
    assert pa.score_deal("6S", rules="leningrad", **deal).values[1] == -62


def test_rules_example_2_leningrad_seven_down_one_greedy_whister_took_four():
    s = pa.score_deal("7S", rules=LENINGRAD_GREEDY, players=4, declarer=1,
                      tricks={1: 6, 2: 4, 3: 0}, whist={2: "whist", 3: "pass"})
    assert s.values[1] == -116
    # seed 004: "28×3=84 … 32": consolation 8 from each of three, 32 for four tricks.
    assert (vists(s, 2, 1), vists(s, 3, 1), vists(s, 4, 1)) == (40, 8, 8)


def test_rules_example_3_leningrad_six_down_three_marriage_gentleman():
    s = pa.score_deal("6S", rules="leningrad", players=4, declarer=1,
                      tricks={1: 3, 2: 7, 3: 0}, whist={2: "whist", 3: "pass"},
                      talon_honours=1)
    assert s.values == {1: -158, 2: 56, 3: 56, 4: 46}
    # seed 004: whister and passer 26 vists each, the dealer 16 (marriage + three down, by 4).
    assert (vists(s, 2, 1), vists(s, 3, 1), vists(s, 4, 1)) == (26, 26, 16)
    assert s.writes[1].hill == 12


def test_rules_example_4_seed_001_six_made_and_ten_down_one():
    made = pa.score_deal("6S", rules=SEED001, players=4, declarer=1,
                         tricks={1: 6, 2: 3, 3: 1}, whist={2: "whist", 3: "whist"})
    assert made.values == {1: 7, 2: 1, 3: -3, 4: -5}
    ten = pa.score_deal("10NT", rules=SEED001, players=4, declarer=1, tricks={1: 9, 2: 1})
    assert (ten.values[1], ten.values[4]) == (-115, 35)


@pytest.mark.parametrize("players, value", [(4, -438), (3, -372)])
def test_rules_example_5_leningrad_eight_down_three_corrected(players, value):
    s = pa.score_deal("8S", rules=LENINGRAD_GREEDY, players=players, declarer=1,
                      tricks={1: 5, 2: 5, 3: 0}, whist={2: "whist", 3: "pass"})
    assert s.values[1] == value


# -- seed 001: the tables of a deal's value (four players, Sochi, gentleman whist) ----------

# Seed 001 prints the dealer's value with three honours on 7..10 made as a copy of the cell
# before it (-2, -3, -4, -5); the values must sum to zero, which gives +2, +3, +4, +5.
MADE = {
    6: ([7, 5, 3, 1], [-5, -3, -1, 1, 3], -5, [-5, -3, -1, 1]),
    7: ([18, 14, 10, 6], [-10, -6, -2, 2], -10, [-10, -6, -2, 2]),
    8: ([33, 27, 21, 15], [-15, -9, -3], -15, [-15, -9, -3, 3]),
    9: ([52, 44, 36, 28], [-20, -12], -20, [-20, -12, -4, 4]),
    10: ([75, 65, 55, 45], [-25], -25, [-25, -15, -5, 5]),
}


@pytest.mark.parametrize("level", sorted(MADE))
def test_seed_001_table_of_made_games(level):
    declarer_by_honours, whister_by_tricks, passer, dealer_by_honours = MADE[level]
    game = f"{level}H"
    words = {} if level == 10 else {2: "whist", 3: "whist"}
    for honours in range(4):
        s = score_deal(game, SEED001, players=4, declarer=1, talon_honours=honours,
                       tricks={1: level, 2: 10 - level, 3: 0}, whist=words)
        assert s.values[1] == declarer_by_honours[honours]
        assert s.values[4] == dealer_by_honours[honours]
    for v, value in enumerate(whister_by_tricks):
        s = score_deal(game, SEED001, players=4, declarer=1,
                       tricks={1: level, 2: v, 3: 10 - level - v}, whist=words)
        assert s.values[2] == value
    if level < 10:
        s = score_deal(game, SEED001, players=4, declarer=1, tricks={1: level},
                       whist={2: "whist", 3: "pass"})
        assert s.values[3] == passer


def test_seed_001_table_misere_made():
    s = score_deal("misere", SEED001, players=4, declarer=2, tricks={2: 0})
    assert s.values == {1: -25, 2: 75, 3: -25, 4: -25}


SET = {
    (6, 1): ([-31, -33, -35, -37], [7, 9, 11, 13, 15, 17], 12, [7, 9, 11, 13]),
    (6, 2): ([-54, -56, -58, -60], [14, 16, 18, 20, 22, 24, 26], 20, [14, 16, 18, 20]),
    (6, 3): ([-77, -79, -81, -83], [21, 23, 25, 27, 29, 31, 33, 35], 28, [21, 23, 25, 27]),
    (7, 1): ([-58, -62, -66, -70], [14, 18, 22, 26, 30], 22, [14, 18, 22, 26]),
    (7, 2): ([-104, -108, -112, -116], [28, 32, 36, 40, 44, 48], 38, [28, 32, 36, 40]),
    (7, 3): ([-150, -154, -158, -162], [42, 46, 50, 54, 58, 62, 66], 54, [42, 46, 50, 54]),
    (8, 1): ([-81, -87, -93, -99], [21, 27, 33, 39], 30, [21, 27, 33, 39]),
    (8, 2): ([-150, -156, -162, -168], [42, 48, 54, 60, 66], 54, [42, 48, 54, 60]),
    (8, 3): ([-219, -225, -231, -237], [63, 69, 75, 81, 87, 93], 78, [63, 69, 75, 81]),
    (9, 1): ([-100, -108, -116, -124], [28, 36, 44], 36, [28, 36, 44, 52]),
    (9, 2): ([-192, -200, -208, -216], [56, 64, 72, 80], 68, [56, 64, 72, 80]),
    (9, 3): ([-284, -292, -300, -308], [84, 92, 100, 108, 116], 100, [84, 92, 100, 108]),
    (10, 1): ([-115, -125, -135, -145], [], 40, [35, 45, 55, 65]),
    (10, 2): ([-230, -240, -250, -260], [], 80, [70, 80, 90, 100]),
    (10, 3): ([-345, -355, -365, -375], [], 120, [105, 115, 125, 135]),
}


@pytest.mark.parametrize("level, down", sorted(SET))
def test_seed_001_table_of_set_games(level, down):
    declarer_by_honours, whister_by_tricks, gentleman, dealer_by_honours = SET[level, down]
    game, taken = f"{level}NT", level - down
    theirs = 10 - taken
    checked = level == 10
    for honours in range(4):
        s = score_deal(game, SEED001, players=4, declarer=3, talon_honours=honours,
                       tricks={3: taken, 1: theirs, 2: 0},
                       whist={} if checked else {1: "whist", 2: "whist"})
        assert s.values[3] == declarer_by_honours[honours]
        assert s.values[4] == dealer_by_honours[honours]
    for v, value in enumerate(whister_by_tricks):
        s = score_deal(game, SEED001, players=4, declarer=3,
                       tricks={3: taken, 1: v, 2: theirs - v}, whist={1: "whist", 2: "whist"})
        assert s.values[1] == value
    # One whister, the other passed: gentleman whist halves the vists (checked tenner too).
    s = score_deal(game, SEED001, players=4, declarer=3, tricks={3: taken, 1: theirs, 2: 0},
                   whist={} if checked else {1: "pass", 2: "whist"})
    assert s.values[1] == s.values[2] == gentleman


def test_seed_001_table_worked_example_six_down_two():
    s = score_deal("6S", SEED001, players=4, declarer=1, tricks={1: 4, 2: 2, 3: 4},
                   whist={2: "whist", 3: "whist"})
    assert s.values == {1: -54, 2: 18, 3: 22, 4: 14}


def test_seed_001_record_examples():
    # Б(2) = 8(+2); Г(+); Е = 2: the lone whister took nothing, half of 6 on his hill.
    s = score_deal("8S", SEED001, players=4, declarer=2, tricks={2: 10, 3: 0},
                   whist={3: "whist", 1: "pass"}, talon_honours=2)
    assert (s.writes[2].pool, s.writes[3].hill, vists(s, 4, 2)) == (6, 3, 12)
    # Е(3) = 6(-2); Б(+): gentleman, 10 vists each; the dealer 4 of consolation.
    s = score_deal("6S", SEED001, players=4, declarer=3, tricks={3: 4, 1: 6},
                   whist={1: "whist", 2: "pass"})
    assert (s.writes[3].hill, vists(s, 1, 3), vists(s, 2, 3), vists(s, 4, 3)) == (4, 10, 10, 4)


# -- seed 000: Sochi writes ------------------------------------------------------------------


def test_seed_000_made_games():
    s = score_deal("6S", declarer=1, tricks={1: 6, 2: 3, 3: 1}, whist={2: "whist", 3: "whist"})
    assert (vists(s, 2, 1), vists(s, 3, 1), s.writes[1].pool) == (6, 2, 2)
    s = score_deal("7S", declarer=1, tricks={1: 8, 2: 2, 3: 0}, whist={2: "whist", 3: "whist"})
    assert (vists(s, 2, 1), vists(s, 3, 1)) == (8, 0)
    s = score_deal("6S", declarer=1, tricks={1: 6, 2: 1, 3: 3}, whist={2: "whist", 3: "pass"})
    assert (vists(s, 2, 1), vists(s, 3, 1)) == (8, 0)


def test_seed_000_set_games_and_consolation():
    s = score_deal("6S", declarer=1, tricks={1: 5, 2: 4, 3: 1}, whist={2: "whist", 3: "whist"})
    assert (vists(s, 2, 1), vists(s, 3, 1), s.writes[1].hill) == (10, 4, 2)
    s = score_deal("7S", declarer=1, tricks={1: 5, 2: 5}, whist={2: "whist", 3: "pass"})
    assert (vists(s, 2, 1), vists(s, 3, 1), s.writes[1].hill) == (28, 8, 8)
    s = score_deal("7S", declarer=1, tricks={1: 6, 2: 4}, whist={2: "return", 3: "half"})
    assert (vists(s, 2, 1), vists(s, 3, 1)) == (24, 0)


def test_seed_000_checked_tenner_down_one():
    s = score_deal("10S", declarer=1, tricks={1: 9, 2: 1, 3: 0})
    assert (vists(s, 2, 1), vists(s, 3, 1), s.writes[1].hill) == (20, 10, 10)


def test_seed_000_whisters_short_of_their_duty():
    s = score_deal("7S", declarer=1, tricks={1: 9, 2: 1}, whist={2: "whist", 3: "pass"})
    assert (s.writes[2].hill, vists(s, 2, 1)) == (4, 4)
    s = score_deal("6S", declarer=1, tricks={1: 7, 2: 3, 3: 0}, whist={2: "whist", 3: "whist"})
    assert (s.writes[2].hill, s.writes[3].hill, vists(s, 2, 1)) == (0, 2, 6)
    s = score_deal("6S", declarer=1, tricks={1: 9, 2: 1, 3: 0}, whist={2: "whist", 3: "whist"})
    assert (s.writes[2].hill, vists(s, 2, 1), s.writes[3].hill) == (2, 2, 4)
    s = score_deal("8S", declarer=1, tricks={1: 10, 2: 0, 3: 0}, whist={2: "whist", 3: "whist"})
    assert (s.writes[2].hill, s.writes[3].hill) == (0, 6)


def test_second_whister_is_the_one_who_spoke_second():
    # Declarer 3: the 1st hand speaks first, so the 2nd hand is the responsible one.
    s = score_deal("9S", declarer=3, tricks={3: 10, 1: 0, 2: 0}, whist={1: "whist", 2: "whist"})
    assert (s.writes[1].hill, s.writes[2].hill) == (0, 8)


def test_seed_000_misere_and_seven_down_two_on_the_hill():
    assert score_deal("misere", declarer=2, tricks={2: 3}).writes[2].hill == 30
    s = score_deal("7S", declarer=1, tricks={1: 5, 2: 5}, whist={2: "whist", 3: "pass"})
    assert s.writes[1].hill == 8


# -- seeds 003 and 004 -------------------------------------------------------------------------


def test_seed_003_strict_greedy_whist_each_must_take_his_share():
    strict = RuleSet.preset("sochi", two_whister_duty="strict")
    s = score_deal("6D", strict, declarer=1, tricks={1: 5, 2: 5, 3: 0},
                   whist={2: "whist", 3: "whist"})
    assert s.writes[1].hill == 2
    assert (vists(s, 2, 1), s.writes[2].hill) == (12, 0)
    assert (vists(s, 3, 1), s.writes[3].hill) == (2, 4)


def test_seed_003_six_down_two_with_four_players():
    two = score_deal("6S", players=4, declarer=1, tricks={1: 4, 2: 4, 3: 2},
                     whist={2: "whist", 3: "whist"})
    assert (vists(two, 2, 1), vists(two, 3, 1), vists(two, 4, 1)) == (12, 8, 4)
    one = score_deal("6S", players=4, declarer=1, tricks={1: 4}, whist={2: "whist", 3: "pass"})
    assert (vists(one, 2, 1), vists(one, 3, 1), vists(one, 4, 1)) == (16, 4, 4)
    gentleman = score_deal("6S", RuleSet.preset("sochi", whist_split="gentleman"), players=4,
                           declarer=1, tricks={1: 4}, whist={2: "whist", 3: "pass"})
    assert (vists(gentleman, 2, 1), vists(gentleman, 3, 1)) == (10, 10)


def test_seed_004_leningrad_writes():
    # The dealer gave an ace, eight down two: 3 × 12 = 36 vists.
    s = score_deal("8S", "leningrad", players=4, declarer=1, tricks={1: 6, 2: 4, 3: 0},
                   whist={2: "whist", 3: "whist"}, talon_honours=1)
    assert vists(s, 4, 1) == 36
    greedy = score_deal("7S", LENINGRAD_GREEDY, declarer=1, tricks={1: 5, 2: 5},
                        whist={2: "whist", 3: "pass"})
    assert vists(greedy, 2, 1) == 56
    gentleman = score_deal("7S", "leningrad", declarer=1, tricks={1: 5, 2: 5},
                           whist={2: "whist", 3: "pass"})
    assert vists(gentleman, 2, 1) == vists(gentleman, 3, 1) == 36


def test_seed_004_constant_price_examples():
    six = dict(declarer=1, tricks={1: 6, 2: 4, 3: 0}, whist={2: "whist", 3: "whist"})
    assert score_deal("6S", "leningrad", **six).values[1] == Fraction(32, 3)   # 320/30
    assert score_deal("6S", "sochi", **six).values[1] == Fraction(16, 3)       # 160/30
    nine = dict(players=4, declarer=1, tricks={1: 9, 2: 1, 3: 0},
                whist={2: "whist", 3: "whist"})
    assert score_deal("9S", "sochi", **nine).values[1] == 52
    assert score_deal("9S", "leningrad", **nine).values[1] == 104


def test_rostov_flat_consolation_and_half_responsibility():
    s = score_deal("8S", "rostov", declarer=1, tricks={1: 6, 2: 4}, whist={2: "whist",
                                                                          3: "whist"})
    assert (vists(s, 2, 1), vists(s, 3, 1)) == (6 * 4 + 20, 20)
    short = score_deal("8S", "rostov", declarer=1, tricks={1: 10}, whist={2: "whist",
                                                                          3: "pass"})
    assert short.writes[2].hill == 3


# -- no play: both passed, half-whist ------------------------------------------------------


def test_eight_with_both_passing_counts_as_made():
    s = score_deal("8S", declarer=2, tricks={2: 10}, whist={3: "pass", 1: "pass"})
    assert s.writes[2].pool == 6 and s.made
    assert s.values == {1: -20, 2: 40, 3: -20}   # 10 × 6 × (1 − 1/3)


def test_half_whist_writes_half_the_duty():
    s = score_deal("6S", declarer=1, whist={2: "pass", 3: "half"})
    assert (s.writes[1].pool, vists(s, 3, 1)) == (2, 4)
    s = score_deal("7S", declarer=1, whist={2: "pass", 3: "half"})
    assert vists(s, 3, 1) == 4


def test_half_whist_by_the_first_defender_after_the_second_passed():
    # Seed 001: the whister whose partner passed may go «за свои» himself.
    s = score_deal("6S", SEED001, players=4, declarer=1, whist={2: "half", 3: "pass"})
    assert (s.writes[1].pool, vists(s, 2, 1), vists(s, 3, 1)) == (2, 4, 0)


def test_seed_001_dealer_returns_a_half_whist():
    # Г(2) = 6(-1); Е(=); А(+): the dealer returned the whist and alone writes 16 vists.
    s = score_deal("6S", SEED001, players=4, declarer=2, tricks={2: 5},
                   whist={3: "half", 1: "pass", 4: "return"})
    assert s.writes[2].hill == 2
    assert (vists(s, 4, 2), vists(s, 1, 2), vists(s, 3, 2)) == (16, 0, 0)
    own = score_deal("6S", SEED001.with_(return_consolation="own"), players=4, declarer=2,
                     tricks={2: 5}, whist={3: "half", 1: "pass", 4: "return"})
    assert (vists(own, 4, 2), vists(own, 1, 2), vists(own, 3, 2)) == (12, 2, 2)


def test_returned_whist_consolation_own_variant():
    own = RuleSet.preset("sochi", return_consolation="own")
    s = score_deal("7S", own, declarer=1, tricks={1: 6, 2: 4}, whist={2: "return", 3: "half"})
    assert (vists(s, 2, 1), vists(s, 3, 1)) == (20, 4)


# -- raspasy ------------------------------------------------------------------------------------


def test_sochi_raspasy_progression_and_clean_pool():
    prices = [score_deal("raspasy", tricks={1: 0, 2: 4, 3: 6}, raspasy_round=r) for r in
              (1, 2, 3, 4)]
    assert [p.writes[2].hill for p in prices] == [4, 8, 12, 12]
    assert [p.writes[1].pool for p in prices] == [1, 2, 3, 3]


def test_leningrad_raspasy_two_four_six():
    s = score_deal("raspasy", "leningrad", tricks={1: 1, 2: 4, 3: 5}, raspasy_round=3)
    assert [s.writes[k].hill for k in (1, 2, 3)] == [6, 24, 30]
    clean = score_deal("raspasy", "leningrad", tricks={1: 0, 2: 4, 3: 6}, raspasy_round=2)
    assert clean.writes[1].pool == 2   # worth 4 on the hill: a pool point is two hill points


def test_rostov_raspasy_in_vists():
    s = score_deal("raspasy", "rostov", tricks={1: 1, 2: 4, 3: 5})
    assert (vists(s, 1, 2), vists(s, 1, 3)) == (15, 20)
    assert s.writes[2].vists == {1: 0, 3: 0} and s.writes[1].hill == 0
    tie = score_deal("raspasy", "rostov", tricks={1: 2, 2: 2, 3: 6}, raspasy_round=2)
    assert (vists(tie, 1, 3), vists(tie, 2, 3)) == (20, 20)


def test_four_player_raspasy_talon_tricks_go_to_the_dealer():
    s = score_deal("raspasy", players=4, tricks={1: 3, 2: 3, 3: 3, 4: 1})
    assert s.writes[4].hill == 1 and s.writes[4].pool == 0


# -- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, message", [
    (dict(game="6S", declarer=1, tricks={1: 6}, whist={2: "wist", 3: "pass"}), "wist"),
    (dict(game="6S", declarer=1, tricks={1: 6, 2: 3, 3: 3}, whist={2: "whist", 3: "whist"}),
     "add up to 12"),
    (dict(game="8S", declarer=1, whist={2: "pass", 3: "half"}), "half-whist on 8S"),
    (dict(game="10S", declarer=1, tricks={1: 10}, whist={2: "whist", 3: "pass"}), "checked"),
    (dict(game="6S", declarer=1, tricks={1: 6}, whist={1: "whist", 3: "pass"}), "seat 1"),
    (dict(game="6S", declarer=4, tricks={1: 6}, whist={2: "whist", 3: "pass"}), "declarer=4"),
    (dict(game="6S", declarer=1, tricks={5: 6}, whist={2: "whist", 3: "pass"}), "seat 5"),
    (dict(game="raspasy", tricks={1: 3, 2: 3}), "missing seat 3"),
    (dict(game="6S", players=4, declarer=1, tricks={1: 5},
          whist={2: "whist", 3: "pass", 4: "return"}), "dealer may only return"),
    (dict(game="6S", players=4, declarer=1, tricks={1: 5},
          whist={2: "return", 3: "half", 4: "return"}), "returned once"),
    (dict(game="6S", declarer=1, tricks={2: 4}, whist={2: "whist", 3: "whist"}),
     "each defender"),
    (dict(game="8S", declarer=1, tricks={1: 7}, whist={2: "pass", 3: "pass"}), "both passed"),
    (dict(game="6S", declarer=1, talon_honours=1, tricks={1: 6},
          whist={2: "whist", 3: "pass"}), "four players"),
    (dict(game="7Z", declarer=1), "7Z"),
])
def test_bad_deals_are_value_errors_naming_the_problem(kwargs, message):
    with pytest.raises(ValueError, match=message):
        score_deal(**kwargs)


def test_six_spades_compulsory_whist():
    classic = RuleSet.preset("sochi", six_spades_whist=True)
    with pytest.raises(ScoringError, match="six spades"):
        score_deal("6S", classic, declarer=1, tricks={1: 6}, whist={2: "whist", 3: "pass"})
    assert score_deal("6C", classic, declarer=1, tricks={1: 6},
                      whist={2: "whist", 3: "pass"}).made


def test_game_objects_and_russian_names_are_accepted():
    by_object = score_deal(Game.parse("7H"), declarer=1, tricks={1: 7},
                           whist={2: "whist", 3: "pass"})
    by_text = score_deal("7 червей", declarer=1, tricks={1: 7}, whist={2: "вист", 3: "пас"})
    assert by_object.values == by_text.values


def test_module_examples_run():
    import doctest

    import pyanalysis.scoring
    import pyanalysis.sheet
    for module in (pyanalysis.scoring, pyanalysis.sheet):
        assert doctest.testmod(module).failed == 0


def test_json_form_is_exact():
    s = score_deal("7H", declarer=1, tricks={1: 6, 2: 4}, whist={2: "whist", 3: "pass"})
    data = s.to_json()
    assert data["values"] == {"1": "-152/3", "2": "100/3", "3": "52/3"}
    assert data["writes"]["2"]["vists"] == {"1": "20", "3": "0"}


# -- properties -------------------------------------------------------------------------------

RULE_VARIANTS = [
    RuleSet.preset("sochi"), RuleSet.preset("leningrad"), RuleSet.preset("rostov"),
    SEED001, LENINGRAD_GREEDY, RuleSet.preset("sochi", two_whister_duty="strict"),
    RuleSet.preset("rostov", gentleman_split_made=True, return_consolation="own"),
]


@st.composite
def contract_deals(draw):
    level = draw(st.integers(6, 10))
    players = draw(st.sampled_from([3, 4]))
    declarer = draw(st.integers(1, 3))
    first, second = declarer % 3 + 1, (declarer + 1) % 3 + 1
    taken = draw(st.integers(0, 10))
    mine = draw(st.integers(0, 10 - taken))
    rules = draw(st.sampled_from(RULE_VARIANTS))
    if level == 10:
        words = {}
    else:
        options = [("whist", "whist"), ("whist", "pass"), ("pass", "whist")]
        if level in (6, 7):
            options += [("return", "half")]
            if players == 4:
                options += [("pass", "half", "return")]
            if rules.half_whist_by == "either":
                options += [("half", "return")] + (
                    [("half", "pass", "return")] if players == 4 else [])
        words = dict(zip((first, second, 4), draw(st.sampled_from(options))))
    return dict(game=f"{level}NT", rules=rules, players=players, declarer=declarer,
                tricks={declarer: taken, first: mine, second: 10 - taken - mine}, whist=words,
                talon_honours=draw(st.integers(0, 3)) if players == 4 else 0)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(contract_deals())
def test_contract_values_sum_to_zero(deal):
    s = score_deal(**deal)
    assert sum(s.values.values()) == 0
    assert all(isinstance(v, Fraction) for v in s.values.values())


@settings(derandomize=True, max_examples=200, deadline=None)
@given(st.sampled_from(RULE_VARIANTS), st.sampled_from([3, 4]), st.integers(1, 5),
       st.lists(st.integers(0, 10), min_size=3, max_size=3).filter(lambda t: sum(t) <= 10))
def test_raspasy_values_sum_to_zero(rules, players, round_, counts):
    tricks = dict(zip((1, 2, 3), counts))
    rest = 10 - sum(counts)
    if players == 4:
        tricks[4] = rest
    elif rest > 2:
        tricks[3] += rest - 2
    s = score_deal("raspasy", rules, players=players, tricks=tricks, raspasy_round=round_)
    assert sum(s.values.values()) == 0


# -- whist sequences (RULES.md §3; docs/rules.md "Legal whist sequences") -----------------------


@pytest.mark.parametrize("declarer, words", [
    (1, {2: "half", 3: "pass"}),      # the first defender (2) cannot go half
    (1, {2: "half", 3: "return"}),    # nor can the second return what nobody could give
    (2, {3: "half", 1: "pass"}),      # declarer 2: seat 3 is first, seat 1 second
    (3, {1: "half", 2: "return"}),
])
def test_only_the_second_defender_goes_half_and_only_the_first_returns(declarer, words):
    with pytest.raises(ScoringError, match="only the second defender") as caught:
        score_deal("6S", declarer=declarer, tricks={declarer: 6}, whist=words)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("declarer, words", [
    (1, {2: "pass", 3: "half"}), (1, {2: "return", 3: "half"}),
    (2, {3: "pass", 1: "half"}), (3, {1: "return", 2: "half"}),
])
def test_the_sequences_of_rules_section_3_are_scored(declarer, words):
    s = score_deal("7S", declarer=declarer, tricks={declarer: 7}, whist=words)
    assert s.made


def test_the_dealer_returns_only_after_the_second_defender_went_half():
    legal = score_deal("6S", players=4, declarer=1, tricks={1: 5},
                       whist={2: "pass", 3: "half", 4: "return"})
    assert legal.result == "down 1 (returned dealer)"
    with pytest.raises(ScoringError, match="only the second defender"):
        score_deal("6S", players=4, declarer=1, tricks={1: 5},
                   whist={2: "half", 3: "pass", 4: "return"})


def test_half_whist_by_either_accepts_the_first_defender_too():
    either = RuleSet.preset("sochi", half_whist_by="either")
    assert score_deal("6S", either, declarer=1, whist={2: "half", 3: "pass"}).made
    returned = score_deal("6S", either, declarer=1, tricks={1: 5},
                          whist={2: "half", 3: "return"})
    assert returned.result == "down 1 (returned whist)" and vists(returned, 3, 1) > 0


# -- tricks as a list --------------------------------------------------------------------------


def test_tricks_may_be_a_list_in_seat_order():
    as_list = score_deal("6S", declarer=1, tricks=[6, 2, 2], whist={2: "whist", 3: "whist"})
    as_map = score_deal("6S", declarer=1, tricks={1: 6, 2: 2, 3: 2},
                        whist={2: "whist", 3: "whist"})
    assert as_list.values == as_map.values and as_list.tricks == {1: 6, 2: 2, 3: 2}
    four = score_deal("raspasy", players=4, tricks=(3, 3, 3, 1))
    assert four.writes[4].hill == 1


@pytest.mark.parametrize("tricks, message", [
    ([6, 2, 1, 1], "4 counts for 3 seats"),
    ("622", "give tricks by seat"),
    (6, "give tricks by seat"),
])
def test_tricks_of_another_shape_are_a_one_line_value_error(tricks, message):
    with pytest.raises(ScoringError, match=message):
        score_deal("6S", declarer=1, tricks=tricks, whist={2: "whist", 3: "whist"})


def test_whist_words_must_be_given_by_seat():
    with pytest.raises(ScoringError, match="give the words by seat"):
        score_deal("6S", declarer=1, tricks={1: 6}, whist=["whist", "pass"])
