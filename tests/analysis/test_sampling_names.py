"""One spelling for sampling (`samples=`, `seed=`), the old name refused, the defaults kept by
the analysis functions themselves."""
from __future__ import annotations

import inspect

import pytest

import pyanalysis as pa
from pyanalysis.analysis import lead_decision, ten_game, whist_decision
from pyanalysis.analysis.sampling import DEFAULT_SAMPLES, sample_worlds

HAND, OTHERS = "AKQ.7.-.-", "JT987.A8.K.-"


@pytest.mark.parametrize("function, args", [
    (pa.layout_odds, (HAND, "6NT", 1)), (pa.misere_odds, (HAND, 1)),
    (pa.tenner_odds, ("AKQ87.AK.AQ.A", "10S", 1))])
def test_the_old_name_is_refused_naming_the_new_one(function, args):
    with pytest.raises(TypeError) as caught:
        function(*args, sample=10)
    assert str(caught.value) == f"{function.__name__}(): sample= is now samples="


def test_every_sampling_function_spells_it_samples_and_seed():
    for function in (pa.layout_odds, pa.misere_odds, pa.tenner_odds, whist_decision,
                     lead_decision, sample_worlds):
        names = inspect.signature(function).parameters
        assert "samples" in names and "seed" in names and "sample" not in names
        assert names["seed"].default == 0, function.__name__


def test_sampled_odds_repeat_with_the_default_seed():
    first = pa.layout_odds(HAND, "6NT", 1, others=OTHERS, target=3, samples=25)
    again = pa.layout_odds(HAND, "6NT", 1, others=OTHERS, target=3, samples=25, seed=0)
    assert first.seed == 0 and first.samples == 25 and first.layouts == 25
    assert first.counts == again.counts and first.to_dict() == again.to_dict()
    assert first.to_dict()["sample"] == 25  # the JSON keeps its key


def test_without_sampling_the_seed_is_not_used():
    every = pa.layout_odds(HAND, "6NT", 1, others=OTHERS, target=3)
    assert every.samples is None and every.seed is None and every.exact
    assert every.layouts == every.total == 70
    with pytest.raises(ValueError, match="^samples 0 is not a positive number of layouts$"):
        pa.layout_odds(HAND, "6NT", 1, others=OTHERS, samples=0)


def test_lead_defaults_are_the_library_s():
    given = lead_decision("AK.-.-.-", "6S", 1, leader=2, others="QJ.7.-.A", samples="all",
                          filter="none", discard=None, seed=0)
    default = lead_decision("AK.-.-.-", "6S", 1, leader=2, others="QJ.7.-.A", samples="all")
    assert default.filter == "none"  # an ending: no bidding filter
    assert default.to_dict() == given.to_dict()
    assert DEFAULT_SAMPLES == inspect.signature(lead_decision).parameters["samples"].default


def test_whist_defaults_are_the_library_s():
    hand, talon = "AK.KQ7.J98.98", "AD QD"
    default = whist_decision(hand, "7H", 1, 2, talon=talon, samples=8, filter=None,
                             discard=None)
    given = whist_decision(hand, "7H", 1, 2, talon=talon, samples=8, seed=0, filter="bid",
                           discard="dd")
    assert (default.filter, default.discard_model, default.seed) == ("seat", "dd", 0)
    assert default.to_dict() == given.to_dict()
    with pytest.raises(ValueError, match="^filter 'some'"):
        whist_decision(hand, "7H", 1, 2, talon=talon, samples=8, filter="some")


def test_ten_game():
    assert str(ten_game("10NT")) == "10NT" and str(ten_game("10♠")) == "10S"
    with pytest.raises(ValueError, match=r"^the tenner check is for a ten contract .*not 9S$"):
        ten_game("9S")
