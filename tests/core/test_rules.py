"""Rule sets: presets, overrides from Python and from `key=value` strings, documentation."""
from pathlib import Path

import pytest

from pyanalysis.rules import KNOBS, PRESETS, RuleError, RuleSet

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_presets_differ_where_the_seeds_say():
    sochi, leningrad, rostov = (RuleSet.preset(n) for n in ("sochi", "leningrad", "rostov"))
    assert (sochi.hill_multiplier, leningrad.hill_multiplier, rostov.hill_multiplier) == (1, 2, 1)
    assert (sochi.whist_split, leningrad.whist_split) == ("greedy", "gentleman")
    assert (rostov.consolation, rostov.consolation_flat) == ("flat", 10)
    assert rostov.responsibility == "half" and rostov.raspasy_scoring == "vists"
    assert sochi.raspasy_prices == (1, 2, 3) and leningrad.raspasy_prices == (2, 4, 6)
    assert (sochi.closing, leningrad.closing, leningrad.pool_value) == ("help", "total", 2)


@pytest.mark.parametrize("alias, name", [("Сочинка", "sochi"), ("питер", "leningrad"),
                                         ("ростов", "rostov"), (" LENINGRAD ", "leningrad")])
def test_russian_and_other_preset_names(alias, name):
    assert RuleSet.preset(alias) == PRESETS[name]


def test_keyword_overrides_keep_the_preset_name():
    rules = RuleSet.preset("sochi", whist_split="gentleman", raspasy_prices=[1, 2, 4])
    assert (rules.name, rules.whist_split, rules.raspasy_prices) == (
        "sochi", "gentleman", (1, 2, 4))
    assert rules.changed_from_preset() == {"whist_split": "gentleman",
                                           "raspasy_prices": [1, 2, 4]}


def test_string_overrides_read_every_type():
    rules = RuleSet.preset("rostov").with_strings([
        "tenner_checked=no", "consolation_flat=20", "raspasy_prices=1, 2, 4",
        "whist_split=Greedy", "misere_price=12"])
    assert rules.tenner_checked is False and rules.consolation_flat == 20
    assert rules.raspasy_prices == (1, 2, 4) and rules.whist_split == "greedy"
    assert rules.price(None) == 12 and rules.price(7) == 4


def test_raspasy_price_repeats_the_last():
    rules = RuleSet.preset("sochi")
    assert [rules.raspasy_price(r) for r in (1, 2, 3, 4, 9)] == [1, 2, 3, 3, 3]


@pytest.mark.parametrize("text, message", [
    ("whist_split=lazy", "whist_split='lazy'"),
    ("colour=red", "unknown rule 'colour'"),
    ("half_whist=maybe", "half_whist='maybe'"),
    ("prices=2,4,6", "five positive prices"),
    ("hill_multiplier=x", "hill_multiplier='x'"),
    ("noequals", "not key=value"),
    ("name=leningrad", "unknown rule 'name'"),
])
def test_bad_overrides_name_the_knob(text, message):
    with pytest.raises(RuleError, match=message):
        RuleSet.preset("sochi").with_strings([text])


def test_unknown_preset():
    with pytest.raises(ValueError, match="unknown rule set 'moscow'"):
        RuleSet.preset("moscow")


def test_typed_overrides_are_checked():
    with pytest.raises(RuleError, match="tenner_checked"):
        RuleSet.preset("sochi", tenner_checked="perhaps")
    with pytest.raises(RuleError, match="consolation_flat=True is not a whole number"):
        RuleSet.preset("sochi", consolation_flat=True)


def test_every_knob_is_documented_with_its_seed():
    documented = DOCS.read_text(encoding="utf-8")
    knobs = set(RuleSet.preset("sochi").knobs()) - {"name"}
    assert knobs == set(KNOBS)
    for knob, (meaning, source) in KNOBS.items():
        assert meaning and "seed" in source, knob
        assert f"`{knob}`" in documented, knob


@pytest.mark.parametrize("overrides, message", [
    (dict(prices=[1, 2, "x", 4, 5]), r"rule prices: 'x' in \[1, 2, 'x', 4, 5\] is not a whole"),
    (dict(raspasy_prices=[1, "x"]), r"rule raspasy_prices: 'x' in \[1, 'x'\]"),
    (dict(raspasy_prices=[1, 2.5]), r"rule raspasy_prices: 2.5 in"),
    (dict(prices=[2, 4, True, 8, 10]), r"rule prices: True in"),
    (dict(prices=6), r"rule prices=6 is not a list of whole numbers"),
    (dict(misere_price=None), r"rule misere_price=None is not a whole number"),
    (dict(whist_split=["greedy"]), r"rule whist_split=\['greedy'\] is not a word"),
])
def test_typed_lists_and_odd_values_name_the_knob_and_the_value(overrides, message):
    with pytest.raises(RuleError, match=message):
        RuleSet.preset("sochi", **overrides)


def test_a_rule_set_built_directly_checks_its_types_too():
    with pytest.raises(RuleError, match=r"rule prices: '6' in"):
        RuleSet(prices=(2, 4, "6", 8, 10))


def test_messages_quoting_typed_text_stay_on_one_line():
    with pytest.raises(RuleError) as caught:
        RuleSet.preset("sochi", consolation="flat\nprice")
    assert "\n" not in str(caught.value) and "consolation" in str(caught.value)


def test_the_price_of_a_game_comes_only_from_the_rule_set():
    from pyanalysis import games
    assert not hasattr(games, "PRICES") and not hasattr(games, "MISERE_PRICE")
    assert not hasattr(games.Game.parse("7S"), "price")
    dearer = RuleSet.preset("sochi").with_strings(["prices=3,5,7,9,11", "misere_price=12"])
    assert (dearer.price(6), dearer.price(10), dearer.price(None)) == (3, 11, 12)


def test_half_whist_by_reads_second_or_either():
    assert RuleSet.preset("sochi").half_whist_by == "second"
    assert RuleSet.preset("sochi").with_strings(["half_whist_by=either"]).half_whist_by == "either"
    with pytest.raises(RuleError, match="half_whist_by='first'"):
        RuleSet.preset("sochi", half_whist_by="first")


def test_talon_rule_is_documented_as_the_analysis_layer_convention():
    documented = DOCS.read_text(encoding="utf-8")
    assert "raspasy talon convention for the analysis layer" in documented
    assert "--talon-rule" in documented and "for the solver" not in documented
    assert "--talon-rule" in KNOBS["talon_rule"][0]
