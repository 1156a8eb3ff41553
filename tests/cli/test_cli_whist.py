"""`prefdd whist`: the open-card table and the seat view, text and JSON against the analysis
API, one-line errors, Ctrl-C and the progress bar.

The seat view runs on small seeded samples (`--samples 60`), so that the file runs in seconds.
"""
from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest

import pyanalysis as pa
from pyanalysis.analysis import whist_decision, whist_table
from pyanalysis.cli import whist as cli_whist
from pyanalysis.cli.scoring import format_deal
from pyanalysis.diagram import draw_deal

from cli_support import RecordingBar, flat, ok, run, same_json

# 7♦ by the 1st hand, after his discard (♣J ♣7): six tricks double-dummy, down one.
DEAL = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
FIRST_HAND = "QJ.AKT8.T.AT9"   # the 2nd hand's cards: the first defender
SECOND_HAND = "AT98.9.K.KQ87"  # the 3rd hand's: the second defender
TALON = "7S JD"                # in the declarer's hand: open to all before the discard
SAMPLES = 60


def money(value) -> str:
    return f"{float(value):+.2f}".replace("-0.00", "+0.00")


@pytest.fixture(scope="module")
def decision():
    """The first defender's view, as the command computes it by default."""
    return whist_decision(FIRST_HAND, "7D", 1, 2, talon=TALON, samples=SAMPLES, seed=0)


# ------------------------------------------------------------------------------ open cards


def test_table_shows_the_deal_the_tricks_the_split_and_every_row():
    table = whist_table(DEAL, "7D", 1)
    out = ok("whist", DEAL, "--game", "7D", "--declarer", "1")
    text = flat(out)
    assert draw_deal(pa.Deal.parse(DEAL), declarer=1) in out
    assert f"the declarer takes {table.tricks} tricks" in text
    split = ", ".join(f"{n} hand {table.split[s]}" for s, n in ((2, "2nd"), (3, "3rd")))
    ranges = ", ".join(f"the {n} hand {lo}" + (f" to {hi}" if hi != lo else "")
                       for n, (lo, hi) in (("2nd", table.shares[2]), ("3rd", table.shares[3])))
    assert (f"When both whist, each defender's own tricks count. Holding the declarer to"
            f" {table.tricks}, the defence can give {ranges}, the other the rest; every player"
            f" is priced at one split, the one best for the two defenders together (ties: the"
            f" most even): {split}." in text)
    rows = out.split("goes):\n")[1].split("\n\n")[0].splitlines()[1:]
    assert len(rows) == len(table.rows)
    for line, row in zip(rows, table.rows):
        cells = line.split()
        starred = cells[0] == "*"
        assert starred == (row == table.chosen)
        assert cells[starred] == row.label
        assert row.score.result in line
        assert line.split()[-3:] == [money(row.values[s]) for s in (1, 2, 3)]
        if not row.played:
            assert "no play" in line
        elif len(row.tricks) == 3:
            assert ", ".join(f"{n} {row.tricks[s]}" for s, n in
                             ((1, "1st"), (2, "2nd"), (3, "3rd"))) in line
        else:
            assert f"1st {row.tricks[1]}, defence {10 - row.tricks[1]}" in line
    assert sum(line.split()[0] == "*" for line in rows) == 1


def test_table_names_the_rational_path_and_what_each_other_word_would_have_done():
    table = whist_table(DEAL, "7D", 1)
    text = flat(ok("whist", DEAL, "-g", "7D", "--declarer", "1"))
    assert f"A rational table goes {table.chosen.label}:" in text
    gerund = {"whist": "whisting", "pass": "passing", "half": "going half-whist",
              "return": "returning the whist"}
    for choice in table.path:
        others = {w: v for w, v in choice.values.items() if w != choice.word}
        best = max(others, key=others.get)
        diff = others[best] - choice.values[choice.word]
        assert diff <= 0  # a rational choice: nothing better for the chooser himself
        seat = {2: "2nd hand", 3: "3rd hand"}[choice.seat]
        head = f"{seat}: {gerund[best]} instead of {gerund[choice.word]} would have"
        if diff:
            assert f"{head} cost him {abs(float(diff)):.2f} vists." in text
        else:
            assert f"{head} given him the same" in text
    assert "Score of " + table.chosen.label in text
    for line in format_deal(table.chosen.score):
        assert line in text or flat(line) in text
    assert "upper bound" in text and "Line of play:" in text


def test_table_json_is_the_table_under_any_rules_and_players():
    same_json(ok("whist", DEAL, "-g", "7D", "--declarer", "1", "--json"),
              whist_table(DEAL, "7D", 1))
    same_json(ok("whist", DEAL, "-g", "7D", "--declarer", "1", "--rules", "leningrad",
                 "--json"), whist_table(DEAL, "7D", 1, rules="leningrad"))
    rules = pa.RuleSet.preset("rostov").with_strings(["whist_split=greedy"])
    same_json(ok("whist", DEAL, "-g", "8D", "--declarer", "1", "--rules", "rostov", "--rule",
                 "whist_split=greedy", "--players", "4", "--json"),
              whist_table(DEAL, "8D", 1, rules=rules, players=4))


def test_table_with_four_players_has_the_dealers_column_and_his_return():
    out = ok("whist", DEAL, "-g", "7D", "--declarer", "1", "--players", "4")
    assert "dealer" in out.split("goes):\n")[1].splitlines()[0]
    assert "pass/half/pass/return" in out


def test_rule_changes_are_shown_with_the_rules():
    text = flat(ok("whist", DEAL, "-g", "7D", "--declarer", "1", "--rule",
                   "whist_split=gentleman"))
    assert "rules: sochi, changed: whist_split=gentleman" in text


def test_ascii_output_has_no_suit_symbols():
    out = ok("whist", DEAL, "-g", "7D", "--declarer", "1", "--ascii")
    assert not set("♠♣♦♥±") & set(out)
    assert "7D by the 1st hand" in out


# ------------------------------------------------------------------------------ seat view


def test_seat_view_prices_every_word_and_recommends_one(decision):
    out = ok("whist", FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon",
             TALON, "--samples", str(SAMPLES))
    text = flat(out)
    assert "Whist or pass? The 2nd hand, the first defender against 7♦ by the 1st hand" in text
    assert "♠ Q J ♣ A K 10 8 ♦ 10 ♥ A 10 9" in text and "The talon, open: 7♠ J♦." in text
    assert (f"Layouts: {decision.drawn:,} drawn at random, {decision.kept:,} kept" in text
            and "seed 0" in text)
    rows = out.split("standard error):\n")[1].split("\n\n")[0].splitlines()[1:]
    assert len(rows) == len(decision.options)
    assert rows[0].split()[0] == {"whist": "whist", "pass": "pass"}[decision.best]
    for line in rows:
        word = line.split()[0]
        option = decision.options[word]
        assert f"{money(option.vists)} ± {option.vists_se:.2f}" in line
        assert f"{100 * float(option.set_probability):.2f}%" in line
        diff, se = decision.paired[word]
        assert ("best" in line) if word == decision.best else f"{money(diff)} ± {se:.2f}" in line
        for label, n in option.counts.items():
            assert f"{label} {n}" in line
    best = decision.options[decision.best]
    [other] = [w for w in decision.options if w != decision.best]
    diff, se = decision.paired[other]
    assert (f"{decision.best.capitalize()}: {money(best.vists)} ± {best.vists_se:.2f} vists"
            f" against {money(decision.options[other].vists)} for {other} (difference"
            f" {abs(float(diff)):.2f} ± {se:.2f}, same layouts)." in text)
    assert ("Note: play after the decision is double-dummy: it favours the defenders, who at"
            " the table cannot see the cards, so these numbers overstate the value of whisting"
            in text)


def test_seat_view_json_is_the_decision(decision):
    same_json(ok("whist", FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon",
                 TALON, "--samples", str(SAMPLES), "--json"), decision)


def test_second_defender_after_a_pass_and_the_other_models():
    result = whist_decision(SECOND_HAND, "7D", 1, 3, talon=TALON, partner="pass", samples=40,
                            seed=3, filter="none", discard="low")
    args = ["whist", SECOND_HAND, "-g", "7D", "--declarer", "1", "--seat", "3", "--partner",
            "pass", "--talon", "7S,JD", "--samples", "40", "--seed", "3", "--filter", "none",
            "--discard", "low"]
    same_json(ok(*args, "--json"), result)
    text = flat(ok(*args))
    assert "said pass; now the 3rd hand, the second, decides: whist, pass or half-whist?" in text
    assert "--discard low" in text and "Bidding filter: none" in text
    assert f"{result.drawn} drawn at random, {result.kept} kept" in text and "seed 3" in text


def test_first_defender_with_a_fixed_answer_from_the_second():
    result = whist_decision(FIRST_HAND, "7D", 1, 2, talon=TALON, partner="pass", samples=30,
                            seed=2)
    args = ["whist", FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--partner",
            "pass", "--talon", TALON, "--samples", "30", "--seed", "2"]
    same_json(ok(*args, "--json"), result)
    assert "The 3rd hand always answers pass (--partner); a return is decided from his own seat" \
        in flat(ok(*args))


def test_seat_view_over_every_layout_says_exact_and_has_no_errors(decision):
    # Every layout takes minutes: the printing of an exact answer, on the sampled one.
    exact = replace(decision, exact=True, seed=None, drawn=184_756,
                    options={w: replace(o, vists_se=None) for w, o in decision.options.items()},
                    paired={w: (d, None) for w, (d, _) in decision.paired.items()},
                    models=tuple(replace(m, se=None) for m in decision.models))
    text = flat("\n".join(cli_whist.decision_lines(exact)))
    assert "every one of the 184,756 layouts" in text and "exact, no sampling error" in text
    assert "±" not in text and "every layout)." in text and "seed" not in text


def test_seat_view_says_when_the_sample_does_not_settle_it(decision):
    [other] = [w for w in decision.options if w != decision.best]
    close = replace(decision, paired={**decision.paired, other: (Fraction(-1, 10), 0.5)})
    text = flat("\n".join(cli_whist.decision_lines(close)))
    assert (f"The difference to {other} is within two standard errors: {decision.kept}"
            f" layouts do not tell {decision.best} and {other} apart (more --samples"
            f" would).") in text


def test_a_checked_tenner_and_compulsory_six_spades_have_no_choice():
    checked = whist_table(DEAL, "10D", 1)
    text = flat(ok("whist", DEAL, "-g", "10D", "--declarer", "1"))
    assert "The tenner is checked: no whisting" in text
    assert f"* checked - 1st {checked.tricks}, 2nd {checked.split[2]}" in text
    assert "A rational table" not in text
    assert checked.split[2] + checked.split[3] == 10 - checked.tricks
    assert "Score of checked:" in text  # one split, one score
    text = flat(ok("whist", DEAL, "-g", "6S", "--declarer", "1", "--rule",
                   "six_spades_whist=true"))
    assert "No choice: on six spades both defenders must whist" in text
    assert text.count(" whist/whist ") == 1 and "pass/" not in text


# ------------------------------------------------------------------------------ progress

def test_the_bar_counts_the_layouts_drawn(monkeypatch, decision):
    RecordingBar.made = []
    monkeypatch.setattr(cli_whist, "Progress", RecordingBar)
    ok("whist", FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon", TALON,
       "--samples", str(SAMPLES))
    [bar] = RecordingBar.made
    # The number drawn is not known in advance; every layout drawn is counted (whole rounds).
    assert bar.total is None and bar.count >= decision.drawn


def test_the_bar_shows_the_best_word_so_far(monkeypatch):
    """A sample with looks (more than 100 layouts): after the bar, the provisional best
    word with its mean vists, first on 25 layouts, then at each look."""
    class WordsBar(RecordingBar):
        def __init__(self, total, desc="", describe=None, **kwargs):
            super().__init__(total, desc)
            self.describe, self.words = describe, []

        def update(self, n=1, provisional=None):
            super().update(n)
            if provisional is not None:
                self.words.append(self.describe(provisional))

    RecordingBar.made = []
    monkeypatch.setattr(cli_whist, "Progress", WordsBar)
    ok("whist", FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon", TALON,
       "--samples", "200", "--partner", "whist", "--json")
    [bar] = RecordingBar.made
    assert bar.words and bar.words[0].endswith("after 25 layouts")
    pattern = r"best so far (whist|pass|half-whist) [+-]\d+\.\d\d( ± \d+\.\d\d)? vists after [\d,]+ layouts"
    assert all(re.fullmatch(pattern, w) for w in bar.words), bar.words


def test_ctrl_c_is_one_line_and_exit_code_130(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli_whist, "whist_decision", interrupted)
    result = run("whist", FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon",
                 TALON)
    assert result.exit_code == 130
    assert result.stdout == "" and result.stderr == "interrupted\n"


# ------------------------------------------------------------------------------ errors

HAND_ARGS = [FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon", TALON]
ERRORS = [
    ([DEAL, "-g", "misere", "--declarer", "1"], "whisting is for contracts, not misere"),
    ([FIRST_HAND, "-g", "misere", "--declarer", "1", "--seat", "2", "--talon", TALON],
     "whisting is for contracts, not misere"),
    ([FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "1", "--talon", TALON],
     "seat 1 is not a defender of declarer 1 (the defenders are 2 and 3)"),
    ([SECOND_HAND, "-g", "7D", "--declarer", "1", "--seat", "3", "--talon", TALON],
     "the 3rd hand is the second defender and decides after the first: give the first"
     " defender's word, e.g. --partner pass"),
    ([SECOND_HAND, "-g", "7D", "--declarer", "1", "--seat", "3", "--talon", TALON,
      "--partner", "half"], "the first defender cannot say 'half' and leave the second a"
                            " choice on 7D"),
    ([FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2"],
     "a hand needs the open talon: --talon CARDS, e.g. --talon \"AD QD\""),
    ([FIRST_HAND, "-g", "7D", "--declarer", "1", "--talon", TALON],
     "a hand needs --seat: the defender who decides (2 or 3)"),
    ([*HAND_ARGS, "--samples", "0"], "--samples '0': a positive number of layouts, or 'all'"),
    ([*HAND_ARGS, "--samples", "many"],
     "--samples 'many': a positive number of layouts, or 'all'"),
    ([*HAND_ARGS, "--samples", "all", "--seed", "1"],
     "--seed is for sampling; --samples all takes every layout"),
    ([*HAND_ARGS, "--partner", "maybe"],
     "--partner: 'maybe' is not seat, open, whist, pass, half or return"),
    ([*HAND_ARGS, "--players", "4"],
     "--players 4 is for a deal; the seat view is priced for three players"),
    ([*HAND_ARGS, "--filter", "strict"], None),
    ([FIRST_HAND, "-g", "10D", "--declarer", "1", "--seat", "2", "--talon", TALON],
     "no whisting to decide on 10D: the tenner is checked"),
    ([FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon", "7S"],
     "--talon '7S': two cards, quoted, e.g. --talon \"7S JD\" (unquoted, the second is read"
     " as a word of the hand)"),
    ([FIRST_HAND, "-g", "7D", "--declarer", "1", "--seat", "2", "--talon", "AC JD"],
     "a talon card is also in the defender's hand"),
    (["QJ.AKT8.T.A", "-g", "7D", "--declarer", "1", "--seat", "2", "--talon", TALON],
     "the defender holds ten cards, got 8"),
    ([DEAL, "-g", "7D", "--declarer", "1", "--rule", "nope=1"], None),
    ([DEAL, "-g", "7D", "--declarer", "1", "--rules", "moscow"],
     "unknown rule set 'moscow': expected sochi, leningrad, rostov"),
    ([DEAL, "-g", "7D", "--declarer", "1", "--seat", "2"],
     "--seat is for a single hand (the seat view); a deal is priced with all cards open"),
    ([DEAL, "-g", "7D", "--declarer", "1", "--samples", "10"],
     "--samples is for a single hand (the seat view); a deal is priced with all cards open"),
    (["AKQ.7.-.- JT9.8.-.- 87.A.K.-", "-g", "7D", "--declarer", "1"],
     "the whisting is priced on a whole deal: three hands of ten"),
    ([DEAL, "-g", "7X", "--declarer", "1"], "unknown trump 'X' in game '7X'"),
    ([DEAL, "-g", "7D"], "Missing option '--declarer'. (see 'prefdd whist --help')"),
    ([DEAL, "-g", "7D", "--declarer", "1", "--players", "5"], None),
]


@pytest.mark.parametrize("args, message", ERRORS, ids=[str(n) for n in range(len(ERRORS))])
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(args, message):
    result = run("whist", *args)
    assert result.exit_code == 2, (result.output, result.stderr)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("Error: ")
    if message is not None:
        assert result.stderr == f"Error: {message}\n"


def test_help_has_examples_of_both_views():
    out = ok("whist", "--help")
    examples = out.split("Example:")[1]
    assert re.search(r"prefdd whist \"[^\"]+discard:[^\"]+\" --game", examples)
    assert "--seat 2 --talon" in examples and "--partner pass" in examples
    assert "  whist " in ok("--help")


# The textbook hands of issue 36: the verdict turns on the model of the partner.
TEXTBOOK = [("97.A87.A98.T9", "8S TD"), ("7.AK8.A87.987", "8S TD")]


@pytest.mark.parametrize("hand, talon", TEXTBOOK)
def test_a_textbook_hand_prints_the_model_table_and_what_the_verdict_depends_on(hand, talon):
    args = ["whist", hand, "-g", "6S", "--declarer", "1", "--seat", "2", "--talon", talon,
            "--samples", "60"]
    result = whist_decision(hand, "6S", 1, 2, talon=talon, samples=60, seed=0)
    text = flat(ok(*args))
    assert "The best word under each model of the partner" in text
    for m in result.models:
        assert f"{m.partner} {m.filter} {m.best} " in text
    flips = [m for m in result.models if m.best != result.best]
    # The textbook point: a partner who always passes (or always whists) flips the answer.
    assert flips
    assert "It depends on the partner" in text
    for m in flips:
        assert f"{m.best} if " in text
    # The bidding filter's rows: the same number of layouts, drawn with the other filters.
    assert {m.filter for m in result.models} == {"seat", "dd", "none"}
    assert "not a sampling accident" not in text
