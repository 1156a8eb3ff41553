"""Every figure as sure as its sample, and the tie-breaks a player would choose: the binomial
interval, the words for a value every layout agrees on, the near-tie sentences, the short seat
decisions flagged, the lowest-cards discard and the seat lead's ranking."""
from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

import pyanalysis as pa
from pyanalysis.analysis.layouts import low_cards_first
from pyanalysis.analysis.sampling import binomial_interval
from pyanalysis.cards import Card
from pyanalysis.text.declare import declare_lines, near_tie, verdict
from pyanalysis.text.leads import decision_lines
from pyanalysis.text.words import interval_text, sampled_share, with_error


def flat(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


# -- the interval --------------------------------------------------------------------------

def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score interval written out (z for 95%: 1.959963984540054)."""
    z = 1.959963984540054
    p = k / n
    centre = (p + z ** 2 / (2 * n)) / (1 + z ** 2 / n)
    half = z / (1 + z ** 2 / n) * math.sqrt(p * (1 - p) / n + z ** 2 / (4 * n ** 2))
    return centre - half, centre + half


@pytest.mark.parametrize("k, n", [(1, 10), (5, 10), (9, 10), (193, 200), (3, 1000),
                                  (500, 1000), (1, 2)])
def test_the_interval_is_wilsons(k, n):
    low, high = binomial_interval(k, n)
    assert (low, high) == pytest.approx(wilson(k, n), abs=1e-12)
    assert 0 <= low < k / n < high <= 1


@pytest.mark.parametrize("n", [1, 2, 10, 200])
def test_the_interval_ends_at_0_and_1_exactly(n):
    assert binomial_interval(0, n)[0] == 0.0 and binomial_interval(n, n)[1] == 1.0
    assert binomial_interval(0, n)[1] == pytest.approx(wilson(0, n)[1], abs=1e-12)
    assert binomial_interval(n, n)[0] == pytest.approx(wilson(n, n)[0], abs=1e-12)
    # Ten layouts all made do not make a sure thing: the interval reaches below 73%.
    assert binomial_interval(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)


def test_a_wider_level_gives_a_wider_interval():
    narrow, wide = binomial_interval(7, 20, level=0.8), binomial_interval(7, 20, level=0.99)
    assert wide[0] < narrow[0] and narrow[1] < wide[1]


@pytest.mark.parametrize("k, n, name", [(-1, 10, "k"), (11, 10, "k"), (0, 0, "n"),
                                        (1.5, 10, "k")])
def test_bad_counts_name_the_argument(k, n, name):
    with pytest.raises(ValueError, match=rf"^{name} "):
        binomial_interval(k, n)
    with pytest.raises(ValueError, match="^level "):
        binomial_interval(1, 2, level=1.0)


# -- the words -----------------------------------------------------------------------------

def test_a_value_every_layout_agrees_on_shows_no_error():
    assert with_error(Fraction(40, 3), 0.0, True, layouts=10) == "+13.33 (all 10 layouts alike)"
    assert with_error(Fraction(40, 3), 0.0, True) == "+13.33 (all alike)"
    assert with_error(Fraction(40, 3), None, True) == "+13.33"
    assert with_error(Fraction(40, 3), 0.3149, True) == "+13.33 ± 0.31"
    assert with_error(Fraction(40, 3), 0.3149, False) == "+13.33 +/- 0.31"
    # An error that rounds to 0.00 keeps its first figure.
    assert with_error(Fraction(1, 2), 0.0031, True, places=2) == "0.50 ± 0.003"


def test_the_interval_in_words_rounds_outwards():
    assert interval_text((0.72246, 1.0), True) == "95% interval 72.2–100%"
    assert interval_text((0.0, 0.27753), False) == "95% interval 0-27.8%"
    assert interval_text((0.92953, 0.98294), True) == "95% interval 92.9–98.3%"
    assert sampled_share(Fraction(1), (0.72246, 1.0), 10, True) == \
        "100.00% (95% interval 72.2–100%) of 10 layouts"
    assert sampled_share(Fraction(1, 2), None, 6, True) == "50.00% of the 6 layouts"


# -- declare: the interval, the near tie, the short decisions ---------------------------------

@pytest.fixture(scope="module")
def readme():
    """The README's declare example (8♦ best, 8♠ and 9♦ within noise of it)."""
    return pa.declare_options("AKQJ.AK.AK.98", 2, talon="8D 7D", samples=200)


def test_declare_carries_the_interval_of_each_share(readme):
    for option in readme.options:
        made = option.probability * readme.layouts
        assert made.denominator == 1
        assert option.probability_interval == binomial_interval(int(made), readme.layouts)
        assert option.to_dict()["probability_interval"] == list(option.probability_interval)
    exact = pa.declare_options("AK.7.7.-", 1, others="QJ.9.8.-", samples="all")
    assert all(o.probability_interval is None for o in exact.options)


def test_declare_says_the_best_game_is_within_noise_of_the_next(readme):
    best = readme.best
    runner = max((o for o in readme.options if o is not best), key=lambda o: o.diff)
    assert str(best.game) == "8D" and str(runner.game) == "8S"
    assert -runner.diff < 2 * runner.diff_se
    low, high = best.probability_interval
    head = (f"Declare 8♦ discarding 9♥ 8♥: makes 95.50% (95% interval"
            f" {math.floor(low * 1000) / 10:.1f}–{math.ceil(high * 1000) / 10:.1f}%) of 200"
            f" layouts, {float(best.vists):+.2f} ± {best.vists_se:.2f} vists on average.")
    assert verdict(readme) == head
    tie = (f"8♠ discarding 9♥ 8♥ is within noise of it ({float(-runner.diff):.2f} ±"
           f" {runner.diff_se:.2f} vists behind, less than two standard errors; so is 9♦):"
           f" the layouts drawn cannot tell them apart.")
    assert near_tie(readme) == tie
    assert head + " " + tie in flat(declare_lines(readme))


def test_no_near_tie_sentence_when_every_layout_was_counted():
    exact = pa.declare_options("AK.7.7.-", 1, others="QJ.9.8.-", samples="all")
    assert near_tie(exact) is None
    assert "within noise" not in flat(declare_lines(exact))
    assert verdict(exact) == ("Declare misère discarding A♠ K♠: clean 100.00% of the 6"
                              " layouts, +66.67 vists on average.")


def test_a_sampled_value_all_layouts_agree_on_says_so():
    sure = pa.declare_options("AK.7.7.-", 1, others="QJ.9.8.-", samples=10, seed=1)
    text = flat(declare_lines(sure))
    assert "+66.67 (all 10 layouts alike) vists on average." in text
    assert "± 0.00" not in text and "(all alike)" in text
    assert ('"all alike": every layout drawn gives the same, so there is no error to show'
            in text)
    assert "clean 100.00% (95% interval 72.2–100%) of 10 layouts" in text


@pytest.fixture(scope="module")
def seat():
    return pa.declare_options("AKQJ.AK.AK.98", 2, talon="8D 7D", samples=2, whist="seat",
                              seat_samples=5)


def test_each_games_seat_decisions_are_counted(seat):
    per = [o.seat_weighed for o in seat.options if o.game.kind != "misere"]
    assert all(o.seat_weighed is None for o in seat.options if o.game.kind == "misere")
    assert sum(p["decisions"] for p in per) == seat.seat_weighed["decisions"]
    assert sum(p["short"] for p in per) == seat.seat_weighed["short"]
    assert min(p["fewest"] for p in per if p["decisions"]) == seat.seat_weighed["fewest"]
    assert any(p["short"] for p in per) and any(not p["short"] for p in per)


def test_short_seat_decisions_mark_their_rows(seat):
    lines = declare_lines(seat)
    text = flat(lines)
    for option in seat.options:
        name = option.game.symbol()
        row = [line for line in lines if line.split() and line.split()[0] in (name, name + "*")]
        assert len(row) == 1, name
        seen = option.seat_weighed
        if seen and seen["short"]:
            assert row[0].split()[0] == name + "*"
            thin = (f", {seen['thin']} of them fewer than 20 (his cards fit the bid in too"
                    f" few of 2,000 layouts drawn)" if seen.get("thin") else "")
            assert (f"* {name}: {seen['short']} of its {seen['decisions']} decisions from a"
                    f" seat weighed fewer layouts than asked{thin} (the fewest:"
                    f" {seen['fewest']}); its words, and so its value, are less sure than the"
                    f" standard error says.") in text
        else:
            assert row[0].split()[0] == name


def test_the_mark_follows_the_count():
    exact = pa.declare_options("AK.7.7.-", 1, others="QJ.9.8.-", samples="all")
    six = exact.options[0]
    flagged = replace(exact, options=[replace(six, seat_weighed={"decisions": 12, "fewest": 1,
                                                                 "short": 3}),
                                      *exact.options[1:]])
    text = flat(declare_lines(flagged))
    assert ("* 6♠: 3 of its 12 decisions from a seat weighed fewer layouts than asked (the"
            " fewest: 1); its words, and so its value, are less sure than the standard error"
            " says.") in text
    assert "6♠* " in text and "6♣* " not in text


# -- tie-breaks ----------------------------------------------------------------------------

def test_low_cards_first_orders_as_a_player_would():
    def key(text: str, trump: int | None = 0) -> tuple:
        return low_cards_first([Card.parse(t) for t in text.split()], trump)
    assert key("8H 7H") < key("8S 7S")        # equal ranks: keep the trumps
    assert key("8S 7S", None) < key("8H 7H", None)  # no trumps: card order
    assert key("KH 7C") < key("AH 7C")        # the higher card lower first
    assert key("QH JH") < key("AC 7C")        # never the ace for nothing
    assert key("9H 7C") < key("9H 8C")        # then the other card


def test_declare_keeps_his_top_cards_when_every_discard_makes():
    # Four top cards in two suits and two tricks to play: in no-trump, and in trumps when
    # the defenders hold none of his suits, every discard takes both.
    for others, games in (("QJ.QJ.-.-", ("6NT", "7NT", "8NT")),
                          ("-.-.QJ.QJ", ("6S", "6C", "7S", "6NT"))):
        result = pa.declare_options("AK.AK.-.-", 1, others=others, samples="all")
        for game in games:
            option = result.option(game)
            assert option.probability == 1 and option.tricks == 10, game
            # Both kings out, one of each suit: the aces stay.
            assert sorted(str(c) for c in option.discard) == ["KC", "KS"], game
    # More tricks first: with an ending of A♠ K♠ 7♣ 7♦ he lays away the sevens.
    ending = pa.declare_options("AK.7.7.-", 1, others="QJ.9.8.-", samples="all")
    assert sorted(str(c) for c in ending.option("6S").discard) == ["7C", "7D"]


def test_the_odds_name_the_discard_of_the_lowest_cards():
    odds = pa.layout_odds("AK.AK.-.-", "6NT", 1, others="QJ.QJ.-.-", target=2)
    assert all(o.failed == 0 for o in odds.discards)
    assert sorted(str(c) for c in odds.discard) == ["KC", "KS"]
    counted = pa.layout_odds("AK.AK.-.-", "6S", 1, others="-.-.QJ.QJ")
    assert len({o.mean for o in counted.discards}) == 1
    assert sorted(str(c) for c in counted.discard) == ["KC", "KS"]


# -- the lead from the seat ----------------------------------------------------------------

@pytest.fixture(scope="module")
def eight():
    # The double-dummy bidding filter: the layouts on which the ranking below was worked out.
    return pa.lead_decision("J.A87.987.T97", "8S", 2, leader=1, talon="AD QD", samples=500,
                            filter="dd")


def test_the_seat_lead_ranks_by_the_chance_to_set(eight):
    sets = {c: s.set_probability for c, s in eight.leads.items()}
    assert eight.ranked_by == "set"
    assert sets[eight.best] == max(sets.values())
    assert str(eight.best) == "TH" and sets[Card.parse("TH")] > sets[Card.parse("AC")]
    # A♣ gives the declarer fewer tricks on average: it ranks below all the hearts.
    assert eight.leads[Card.parse("AC")].tricks < eight.leads[eight.best].tricks
    order = [str(c) for c in eight.order]
    assert order.index("AC") > max(order.index(c) for c in ("TH", "9H", "7H"))
    text = flat(decision_lines(eight))
    assert ("No rules are given to price them, so the leads are ranked by the chance to set the"
            " contract, then by the fewest tricks for the declarer.") in text
    ac = eight.leads[Card.parse("AC")]
    assert (f"The next best, A♣: the chance to set the contract is"
            f" {float(-ac.set_diff) * 100:.2f} ± {ac.set_diff_se * 100:.2f} percentage points"
            f" lower on the same layouts. That is within two standard errors: 500 layouts do"
            f" not tell 10♥ and A♣ apart (more --samples would).") in text
    # After a practical stop more --samples would stop at the same look: --fixed is named.
    stopped = flat(decision_lines(replace(eight, stopped="practical")))
    assert ("500 layouts do not tell 10♥ and A♣ apart (the draw stopped there, A♣ being no"
            " better by more than the practical margin; --fixed counts all --samples).") in stopped
    low, high = eight.leads[eight.best].set_probability_interval
    assert (f"the contract goes down in 37.80% (95% interval {math.floor(low * 1000) / 10:.1f}–"
            f"{math.ceil(high * 1000) / 10:.1f}%) of 500 layouts.") in text


def test_the_priced_seat_lead_ranks_by_vists():
    result = pa.lead_decision("J.A87.987.T97", "8S", 2, leader=1, talon="AD QD", samples=60,
                              rules="sochi")
    assert result.ranked_by == "vists"
    vists = {c: s.vists for c, s in result.leads.items()}
    assert vists[result.best] == max(vists.values())
    # Vists, then the share set (the leader defends), then the fewest tricks.
    keys = [(vists[c], result.leads[c].set_probability, -result.leads[c].tricks)
            for c in result.order]
    assert keys == sorted(keys, reverse=True)
    assert ("The leads are ranked by the leader's vists, then by the chance to set the"
            " contract, then by the fewest tricks for the declarer.") in flat(
                decision_lines(result))
