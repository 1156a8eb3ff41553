"""One registry of the analyses: the command line, the batch and the web name the same
analyses with the same options (`pyanalysis.registry`, its spelling rules).

- every analysis command of `prefdd` is an entry, and its options are the entry's, spelled
  ``--`` + name (``_`` as ``-``) or as the entry's flag says;
- every entry is a batch kind (``-`` as ``_``) whose questions are the entry's views, and every
  option is a parameter of each view's function that takes it (the batch's field);
- every view is a web analysis, and `GET /api/analyses` lists its options, less those the
  page's deal gives (cards).
"""
from __future__ import annotations

import inspect

import click
import pytest

import pyanalysis as pa
from pyanalysis import registry
from pyanalysis.cli import main
from pyanalysis.jobs import KINDS

#: Commands that are not analyses of a deal or a hand, and why.
NOT_ANALYSES = {
    "solve": "solving", "table": "solving", "raspasy": "solving", "play": "play",
    "claim": "play", "batch": "runs the others", "score": "scoring", "sheet": "scoring",
    "problem": "the published problems", "report": "a page of several analyses",
    "deals": "a deal set", "stats": "a batch's answers", "serve": "the web page",
}
#: Options of how an answer is printed or computed, not of the question.
INTERFACE_ONLY = {"--ascii", "--json", "--jobs", "--help", "--html"}


def cli_options(command: click.Command) -> set[str]:
    return {param.opts[0] for param in command.params
            if isinstance(param, click.Option)} - INTERFACE_ONLY


def test_every_analysis_command_is_a_registry_entry():
    analyses = set(main.commands) - set(NOT_ANALYSES)
    assert analyses == set(registry.ANALYSES), (
        "an analysis command needs its entry in pyanalysis/registry.py")


@pytest.mark.parametrize("name", list(registry.ANALYSES))
def test_the_command_line_takes_the_entrys_options(name):
    entry = registry.ANALYSES[name]
    assert cli_options(main.commands[name]) == {option.cli for option in entry.options}


@pytest.mark.parametrize("name", list(registry.ANALYSES))
def test_the_flags_follow_the_spelling_rule_or_say_so(name):
    for option in registry.ANALYSES[name].options:
        plain = "--" + option.name.replace("_", "-")
        assert option.cli == plain or option.flag in (
            "--defenders", "--draw", "--all-defences", "--rules"), option


@pytest.mark.parametrize("name", list(registry.ANALYSES))
def test_every_entry_is_a_batch_kind_with_its_views(name):
    entry = registry.ANALYSES[name]
    kind = KINDS[name.replace("-", "_")]
    assert [q.function for q in kind.questions] == [v.function for v in entry.views]
    if len(entry.views) > 1:
        assert [q.selector for q in kind.questions] == [v.key for v in entry.views]
    for view in entry.views:
        parameters = inspect.signature(getattr(pa, view.function)).parameters
        assert view.key is None or next(iter(parameters)) == view.key
        for option in entry.options_of(view):
            # "rule" changes the knobs of "rules", which the function takes.
            assert (option.name if option.name != "rule" else "rules") in parameters, (
                f"{view.function} has no parameter {option.name}")


def test_the_batch_kinds_are_the_entries_and_the_solving_kinds():
    analyses = {entry.kind for entry in registry.ANALYSES.values()}
    assert set(KINDS) == analyses | {"solve", "table"}


def test_every_view_is_a_web_analysis_with_its_options():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pyanalysis.web import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        listed = {a["name"]: a for a in client.get("/api/analyses").json()["analyses"]}
    views = registry.web_views()
    assert list(listed) == list(views)
    for name, (entry, view) in views.items():
        assert listed[name]["command"] == entry.command and listed[name]["kind"] == entry.kind
        assert [o["name"] for o in listed[name]["options"]] == [
            o.name for o in entry.options_of(view) if o.type != "cards"]
        for option in listed[name]["options"]:
            assert option["type"] in registry.TYPES
            assert set(option) >= {"name", "type", "choices", "default", "help", "required"}
        # A web name is the command's, or the command's and its view's.
        assert name == entry.command or name.startswith(entry.command + "-")


@pytest.mark.parametrize("option, value, message", [
    (registry.Option("n", "int", "", low=3, high=4), 5, "n: '5' is not a whole number from 3"
                                                        " to 4"),
    (registry.Option("s", "samples", "", low=1, high=10), "all", "s: 'all' is not taken here"),
    (registry.Option("w", "words", ""), {"2": "wist"}, "w: seat 2: 'wist' is not one of"),
    (registry.Option("w", "words", ""), {"5": "whist"}, "w: give an object keyed by seat"),
    (registry.Option("r", "rule", ""), ["whist_split"], "r: rule 'whist_split' is not"
                                                        " key=value"),
    (registry.Option("c", "choice", "", choices=("a", "b")), "c", "c: 'c' is not one of the"
                                                                  " choices: a, b"),
    (registry.Option("p", "word", ""), "wist", "p: 'wist' is not a whist word"),
    (registry.Option("f", "flag", ""), "yes", "f: give true or false"),
])
def test_a_value_that_does_not_fit_is_one_line_naming_the_option(option, value, message):
    with pytest.raises(registry.OptionError) as raised:
        registry.read_value(option, value)
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_values_are_read_as_the_command_line_reads_them():
    read = registry.read_value
    assert read(registry.Option("s", "samples", "", low=1, high=9, choices=("all",)),
                "all") == "all"
    assert read(registry.Option("s", "samples", "", low=1, high=9), "7") == 7
    assert read(registry.Option("w", "words", ""), "2=whist,3=pass") == {2: "whist",
                                                                         3: "pass"}
    assert read(registry.Option("p", "word", ""), "вист") == "whist"
    assert read(registry.Option("k", "known", ""), {"3": "AS KS"}) == {
        3: pa.Hand.parse("AK.-.-.-")}
    with pytest.raises(ValueError, match="'ZZ'"):
        read(registry.Option("k", "known", ""), {"3": "ZZ"})
    rules = registry.rules_of({"rules": "leningrad", "rule": ("whist_split=gentleman",)}, None)
    assert rules == pa.RuleSet.preset("leningrad").with_strings(["whist_split=gentleman"])
    assert registry.rules_of({}, None) is None and registry.rules_of({}, "sochi") == "sochi"


def test_the_whist_table_takes_the_leader_and_a_hand_refuses_it():
    from cli_support import ok, run, same_json

    deal = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
    same_json(ok("whist", deal, "-g", "7D", "--declarer", "1", "--leader", "2", "--json"),
              pa.whist_table(deal, "7D", 1, leader=2))
    result = run("whist", "QJ.AKT8.T.AT9", "-g", "7D", "--declarer", "1", "--seat", "2",
                 "--talon", "7S JD", "--leader", "2")
    assert result.exit_code == 2
    assert result.output.strip() == ("Error: --leader is for a deal; in the seat view the 1st"
                                     " hand leads")


def test_the_partner_option_reads_a_model_or_a_word():
    option = next(o for o in registry.ANALYSES["whist"].options if o.name == "partner")
    assert option.type == "partner" and option.type in registry.TYPES
    assert [registry.read_value(option, v) for v in ("seat", " Open", "pass", "Whist")] == [
        "seat", "open", "pass", "whist"]
    with pytest.raises(registry.OptionError, match="^partner: 'closed' is not seat, open,"):
        registry.read_value(option, "closed")


@pytest.mark.parametrize("name", list(registry.ANALYSES))
def test_a_view_names_the_report_field_that_takes_its_result(name):
    # The page's exported report shows an analysis the page ran in the field `View.report`
    # names: the field whose result is what the view's function returns, if the report has one.
    from pyanalysis.report import SHOWN

    for view in registry.ANALYSES[name].views:
        if view.function == "review":
            # The report of a played deal is its review (`review_report`), not one field.
            assert view.report == "review"
            continue
        returns = inspect.signature(getattr(pa, view.function)).return_annotation
        returns = returns if isinstance(returns, str) else returns.__name__
        assert view.report == next((field for field, kind in SHOWN.items()
                                    if kind.__name__ == returns), None), (name, view.web)
