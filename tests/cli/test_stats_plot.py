"""`prefdd stats --plot FILE.svg`: the picture's bars, read back from their data-* attributes,
are the counts the table prints, group by group; the histogram of a --mean field holds every
value counted; a plot that cannot be written is one line and exit 2."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction

import pytest

from cli_support import ok, run
from pyanalysis.analysis.study import deal_jobs, random_deals
from pyanalysis.batch import answer_job
from pyanalysis.report.plot import BINS, histogram

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    """The docs' worked study in small (study.md, "From Python"): 20 deals of 7♥ he would
    bid, solved."""
    path = tmp_path_factory.mktemp("study") / "answers.jsonl"
    draw = random_deals(20, seed=1, game="7H", declarer=2, filter="bid")
    lines = [answer_job(job) for job in deal_jobs(draw, "solve", game="7H", declarer=2)]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path, lines


def printed(out: str) -> dict[str, tuple[int, int]]:
    """The table's groups: value -> (yes, counted), read from "k of n"."""
    rows = {}
    for line in out.splitlines()[1:]:
        found = re.match(r"(\S+)\s+[\d,]+\s+\d+\s+([\d,]+) of ([\d,]+)", line)
        if found:
            rows[found[1]] = (int(found[2].replace(",", "")), int(found[3].replace(",", "")))
    return rows


def test_the_bars_are_the_printed_counts(answers, tmp_path):
    path, lines = answers
    plot = tmp_path / "trumps.svg"
    out = ok("stats", str(path), "--by", "trumps", "--mean", "tricks", "--plot", str(plot))
    table = printed(out)
    assert ok("stats", str(path), "--by", "trumps", "--mean", "tricks") == out  # same text
    svg = ET.parse(plot).getroot()
    bars = {bar.get("data-group"): (int(bar.get("data-yes")), int(bar.get("data-counted")))
            for bar in svg.iter(f"{SVG}rect") if bar.get("class") == "bar"}
    groups = {k: v for k, v in table.items() if k != "all"}
    assert bars == groups and len(bars) >= 3
    assert sum(yes for yes, _ in bars.values()) == table["all"][0]
    # Each bar's height is its rate; its whisker the printed interval's ends.
    for bar in svg.iter(f"{SVG}rect"):
        if bar.get("class") == "bar":
            rate = float(bar.get("data-rate"))
            assert rate == pytest.approx(int(bar.get("data-yes")) / int(bar.get("data-counted")))
            assert float(bar.get("height")) == pytest.approx(300 * rate, abs=0.1)
            assert float(bar.get("data-low")) <= rate <= float(bar.get("data-high"))
    # The histogram of tricks: one bar per whole number, every answer's tricks in it.
    bins = {int(Fraction(b.get("data-from"))): int(b.get("data-count"))
            for b in svg.iter(f"{SVG}rect") if b.get("class") == "bin"}
    tricks = Counter(line["tricks"] for line in lines)
    assert {k: v for k, v in bins.items() if v} == dict(tricks)
    assert sorted(bins) == list(range(min(tricks), max(tricks) + 1))


def test_a_plot_without_groups_or_mean_is_one_bar(answers, tmp_path):
    path, lines = answers
    plot = tmp_path / "all.svg"
    out = ok("stats", str(path), "--plot", str(plot))
    svg = ET.parse(plot).getroot()
    bars = [b for b in svg.iter(f"{SVG}rect") if b.get("class") == "bar"]
    assert [(b.get("data-group"), int(b.get("data-yes")), int(b.get("data-counted")))
            for b in bars] == [("all", *printed(out)["all"])]
    assert not [b for b in svg.iter(f"{SVG}rect") if b.get("class") == "bin"]


def test_a_histogram_of_fractions_has_equal_bins():
    values = [Fraction(n, 3) for n in range(-30, 31)]
    bins = histogram(values)
    assert len(bins) == BINS and sum(n for _, _, n in bins) == len(values)
    assert bins[0][0] == min(values) and bins[-1][1] == max(values)
    assert len({b - a for a, b, _ in bins}) == 1


def test_a_plot_that_cannot_be_written_is_one_line(answers, tmp_path):
    path, _ = answers
    result = run("stats", str(path), "--plot", str(tmp_path / "no" / "such" / "dir.svg"))
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: cannot write ") and result.stderr.count("\n") == 1
