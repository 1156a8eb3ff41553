"""The seat decisions' model tables: the rows of the other bidding filters.

Each such row is the decision the same player would reach with that filter alone: as many
layouts drawn with the same seed (for the whist decision, the partner answering with open
cards). The tests reach it the plain way, one decision per filter, and compare.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from pyanalysis.analysis import lead_decision, whist_decision
from pyanalysis.analysis.whist import ModelRow
from pyanalysis.text.leads import decision_lines as lead_lines
from pyanalysis.text.whist import decision_lines

HAND, TALON = "97.A87.A98.T9", "8S TD"


@pytest.fixture(scope="module")
def result():
    return whist_decision(HAND, "6S", 1, 2, talon=TALON, samples=24, seed=5, fixed=True)


def test_each_filter_row_is_the_decision_with_that_filter_alone(result):
    assert result.filter == "seat" and result.kept == 24
    rows = {(m.partner, m.filter): m for m in result.models}
    assert {f for _, f in rows} == {"seat", "dd", "none"}
    for rule in ("dd", "none"):
        row = rows["open", rule]
        alone = whist_decision(HAND, "6S", 1, 2, talon=TALON, samples=24, seed=5, fixed=True,
                               filter=rule, partner="open", models=False)
        assert alone.filter == rule and row.kept == alone.kept == 24
        runner = max((w for w in alone.options if w != alone.best),
                     key=lambda w: alone.options[w].vists)
        assert row.best == alone.best
        assert row.by == alone.options[alone.best].vists - alone.options[runner].vists
        assert row.se == pytest.approx(alone.paired[runner][1])


def test_the_verdict_names_what_flips_it(result):
    """A filter row whose best word differs is named in the verdict with its margin (the row
    added here, so that the sentence is read whatever the sample says)."""
    other = next(w for w in result.options if w != result.best)
    flipped = replace(result, models=(*result.models, ModelRow(
        partner="open", filter="none", best=other, by=Fraction(3, 2), se=0.5, kept=24)))
    text = " ".join(" ".join(decision_lines(flipped)).split())
    own = flipped.models[0]
    flips = [m for m in flipped.models if m.best != flipped.best]
    kinds = [k for k, differs in (("the partner", any(m.partner != own.partner for m in flips)),
                                  ("the bidding filter", any(m.filter != own.filter
                                                             for m in flips))) if differs]
    assert "the bidding filter" in kinds
    assert f"It depends on {' and '.join(kinds)}: " in text
    assert f"{other} if he answers with open cards and every layout is kept (by 1.50 ± 0.50)" \
        in text
    for m in flips:
        assert f"{m.best} if " in text
    assert "not a sampling accident" not in text
    # A flip by less than two standard errors is said to be one: a tie the layouts cannot
    # break, not an answer.
    noisy = replace(result, models=(*result.models, ModelRow(
        partner="open", filter="none", best=other, by=Fraction(1, 2), se=0.5, kept=24)))
    text = " ".join(" ".join(decision_lines(noisy)).split())
    assert "every layout is kept (by 0.50 ± 0.50, within noise)" in text


def test_an_ending_and_a_given_filter_function_have_no_filter_rows():
    ending = whist_decision("A.K.-.-", "6S", 1, 2, talon=None, others="QS QH JS JH",
                            samples="all")
    assert {m.filter for m in ending.models} <= {"none"}
    custom = whist_decision(HAND, "6S", 1, 2, talon=TALON, samples=8, fixed=True,
                            filter=lambda deal, tricks: True, partner="open")
    assert {m.filter for m in custom.models} == {"custom"}


@pytest.mark.parametrize("rules", ["sochi", None])
def test_each_lead_row_is_the_lead_decision_with_that_filter_alone(rules):
    kw = dict(leader=2, talon="7S JD", samples=30, seed=2, fixed=True, rules=rules)
    result = lead_decision("QJ.AKT8.T.AT9", "7D", 1, **kw)
    assert [m.filter for m in result.models] == ["seat", "dd", "none"]
    for row in result.models:
        alone = result if row.filter == "seat" else lead_decision(
            "QJ.AKT8.T.AT9", "7D", 1, filter=row.filter, models=False, **kw)
        assert row.best == alone.best and row.kept == alone.kept == 30
        # The margin over the result's best lead, or where they agree over the next lead that
        # differs from it in some layout.
        differs = [c for c in alone.order[1:]
                   if (alone.leads[c].diff, alone.leads[c].set_diff) != (0, 0)]
        other = result.best if alone.best != result.best else differs[0]
        gap = alone.leads[other]
        diff, se = ((gap.diff, gap.diff_se) if alone.ranked_by == "vists"
                    else (gap.set_diff, gap.set_diff_se))
        assert row.by == -diff and row.se == se
    text = " ".join(" ".join(lead_lines(result)).split())
    assert "The best lead under each bidding filter" in text
    for m in result.depends:
        assert m.by > 0 and f"if {'every layout is kept' if m.filter == 'none' else 'his bid'}" \
            in text
    if not result.depends:
        assert "It depends on" not in text
