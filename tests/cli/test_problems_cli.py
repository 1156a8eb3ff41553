"""`prefdd problem` and `pyanalysis.analysis.problems`: the collection listed, every problem
solved and compared with its published answer, bad ids and bad collections one line each."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import pyanalysis as pa
from cli_support import flat, ok, run, strict_json, tricks_along
from pyanalysis.analysis.problems import (
    COLLECTION, ProblemError, check_problems, find_problem, load_problems, solve_problem,
)

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = json.loads((ROOT / "pyanalysis" / "data" / "problems.json").read_text("utf-8"))
SHARED = ROOT.parent / "shared" / "problems.json"


def solved_here(entry: dict) -> int:
    """The problem solved in the test: "trump S" is a trick count in spades (any level)."""
    game = entry["game"]
    game = "6" + game.split()[1] if game.startswith("trump ") else game
    discard = f" discard:{entry['discard']}" if entry["discard"] else ""
    return pa.solve(entry["deal"] + discard, game, declarer=entry["declarer"],
                    leader=entry["leader"]).tricks


def test_the_collection_is_the_shipped_file_and_reads_back():
    problems = load_problems()
    assert COLLECTION == ROOT / "pyanalysis" / "data" / "problems.json"
    assert [p.to_dict() for p in problems] == ENTRIES
    assert all(p.source.strip() for p in problems)
    assert {p.status for p in problems} == {"published", "partial_answer", "statement_only"}


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/problems.json is not beside the"
                                                " checkout")
def test_the_collection_holds_every_shared_problem_with_its_source():
    shared = json.loads(SHARED.read_text("utf-8"))
    by_id = {e["id"]: e for e in ENTRIES}
    for entry in shared:
        assert by_id.get(entry["id"]) == entry, entry["id"]


def test_problem_all_agrees_with_every_published_answer():
    out = ok("problem", "--all")
    text = flat(out)
    for entry in ENTRIES:
        assert entry["id"] in text
    answered = [e for e in ENTRIES if e["status"] == "published"]
    assert f"{len(answered)} agree with the published answer, 0 disagree" in text
    check = check_problems()
    assert check.ok and check.agree == len(answered)
    for s in check.solutions:
        assert s.tricks == solved_here(s.problem.to_dict())


def test_problem_all_fails_on_a_wrong_answer(tmp_path):
    wrong = [dict(e) for e in ENTRIES[:3]]
    wrong[1]["published_answer"] = (wrong[1]["published_answer"] + 1) % 11
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(wrong), encoding="utf-8")
    result = run("problem", "--all", "--collection", str(path))
    assert result.exit_code == 1
    assert "DISAGREES" in result.stdout
    assert result.stderr.strip().splitlines() == [
        f"Error: 1 problem(s) disagree with the published answer: {wrong[1]['id']}"]
    json_run = run("problem", "--all", "--collection", str(path), "--json")
    assert json_run.exit_code == 1
    data = strict_json(json_run.stdout)
    assert data["disagree"] == 1 and data["ok"] is False


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_one_problem_shows_its_answer_and_a_line_that_gives_it(entry):
    out = ok("problem", entry["id"])
    tricks = solved_here(entry)
    noun = "trick" if tricks == 1 else "tricks"
    assert f"{tricks} {noun}." in out
    assert f"Problem {entry['id']}" in out
    if entry["published_answer"] is not None:
        assert f"Published answer: {entry['published_answer']} — agrees." in out
    else:
        assert "Published answer: none" in out or "prints no trick count" in flat(out)
    data = strict_json(ok("problem", entry["id"], "--json"))
    assert data == json.loads(json.dumps(solve_problem(entry["id"]).to_dict()))
    game = "6" + entry["game"].split()[1] if entry["game"].startswith("trump ") else entry["game"]
    assert tricks_along(entry["deal"], game, data["line"], declarer=entry["declarer"],
                        leader=entry["leader"]) == tricks == data["tricks"]


def test_the_list_names_every_problem_its_status_and_source():
    out = ok("problem")
    for entry in ENTRIES:
        assert entry["id"] in out
        for part in entry["source"].replace(" ; ", "\n").splitlines():
            assert part.split(";")[0].strip() in out
    data = strict_json(ok("problem", "--json"))
    assert data["problems"] == ENTRIES


def test_ids_are_found_in_any_case():
    assert find_problem("ss-EX3").id == "SS-ex3"
    assert "agrees" in ok("problem", "mis-kovalevskaya")


@pytest.mark.parametrize("args, message", [
    (["NO-SUCH"], "no problem 'NO-SUCH' in the collection"),
    (["SS-ex"], "did you mean"),
    (["SS-ex3", "--all"], "not both"),
    (["--html", "x.html"], "give its ID"),
    (["--all", "--html", "x.html"], "one problem's page"),
    (["--collection", "missing.json"], "cannot read the problem collection"),
    (["SS-ex3", "--html", "-"], "--html needs a file name"),
    (["SS-ex3", "--html", "no/such/dir/x.html"], "cannot write 'no/such/dir/x.html'"),
])
def test_bad_input_is_one_line(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("problem", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("change, message", [
    ({"status": "guessed"}, "status 'guessed'"),
    ({"published_answer": None}, "needs a published_answer"),
    ({"declarer": 4}, "seat 4"),
    ({"deal": "AKQ.-.-.- KQJ"}, "problem 'SS-ex3'"),
    ({"game": "trump X"}, "problem 'SS-ex3'"),
])
def test_a_bad_collection_entry_is_named(change, message, tmp_path):
    entry = {**ENTRIES[0], **change}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([entry]), encoding="utf-8")
    with pytest.raises(ProblemError, match=message.replace("(", r"\(")):
        load_problems(path)
    result = run("problem", "--all", "--collection", str(path))
    assert result.exit_code == 2 and message in result.stderr


def test_a_collection_that_is_not_json_or_repeats_an_id(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("[{", encoding="utf-8")
    with pytest.raises(ProblemError, match="not JSON"):
        load_problems(path)
    path.write_text(json.dumps([ENTRIES[0], ENTRIES[0]]), encoding="utf-8")
    with pytest.raises(ProblemError, match="appears twice"):
        load_problems(path)


def test_problem_html_writes_the_problem_page(tmp_path):
    from test_report import read

    entry = next(e for e in ENTRIES if e["game"] == "misere")
    out = tmp_path / "problem.html"
    said = ok("problem", entry["id"], "--html", str(out))
    assert f"Wrote {out}" in said
    page = read(out.read_text(encoding="utf-8"))
    data = page.data
    assert data["problem"]["id"] == entry["id"]
    assert data["problem"]["published_answer"] == entry["published_answer"]
    assert data["problem"]["verdict"] == "agrees"
    assert [s["card"] for s in data["play"]["steps"]] == data["problem"]["line"]
    text = flat(" ".join(page.text))
    assert "Published answer" in text and entry["id"] in text
    assert all(s["cost"] == 0 for s in data["play"]["steps"])


def test_an_unknown_id_is_said_whole_with_the_first_ids():
    from pyanalysis.analysis.problems import load_problems

    first = ", ".join(p.id for p in load_problems()[:4])
    result = run("problem", "list")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"Error: no problem 'list' in the collection: the ids are {first},"
                             f" ... ('prefdd problem' lists them)\n")
