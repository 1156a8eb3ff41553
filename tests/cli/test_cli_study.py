"""`prefdd deals` and `prefdd stats`: the job lines of a seeded study, and the answers counted
as text, JSON and CSV; bad input is one line and exit 2."""
from __future__ import annotations

import csv
import io
import json
import shlex
import subprocess
import sys

import pytest

from cli_support import ok, run, strict_json, write_jobs
from pyanalysis.analysis.study import answer_stats, deal_jobs, random_deals
from pyanalysis.batch import run_batch
from pyanalysis.text.study import CSV_COLUMNS


def test_deals_writes_the_seeded_job_lines():
    out = ok("deals", "--count", "6", "--seed", "4")
    expected = [json.dumps(job) for job in deal_jobs(random_deals(6, 4), "table")]
    assert out.splitlines() == expected
    assert ok("deals", "--count", "6", "--seed", "4") == out
    assert ok("deals", "--count", "2", "--seed", "4").splitlines() == expected[:2]


def test_deals_with_a_filter_writes_hands_he_would_bid(tmp_path):
    path = tmp_path / "deals.jsonl"
    result = run("deals", "-n", "5", "--seed", "1", "--kind", "solve", "--game", "8S",
                 "--declarer", "2", "--filter", "bid", "-o", str(path))
    assert result.exit_code == 0, result.output
    draw = random_deals(5, 1, game="8S", declarer=2, filter="bid")
    assert result.stdout == f"5 solve jobs written to {path} (kept of {draw.drawn:,} dealt)\n"
    assert result.stderr == ""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines == [json.dumps(job) for job in
                     deal_jobs(draw, "solve", game="8S", declarer=2)]
    assert all(t >= 7 for t in draw.tricks)


@pytest.mark.parametrize("args, message", [
    (["deals", "--count", "3", "--filter", "bid"],
     "Error: filter 'bid' needs the game and the declarer"),
    (["deals", "--count", "3", "--kind", "whist"], "Error: a whist study needs the game and the"
                                                   " declarer"),
    (["deals", "--count", "0"], "Error: Invalid value for '--count' / '-n': 0 is not in the"
                                " range x>=1. (see 'prefdd deals --help')"),
    (["deals", "--count", "3", "--game", "6S", "--declarer", "1", "--filter", "clean"],
     "Error: filter 'clean' is for misère; a contract's is 'bid'"),
    (["deals", "--count", "3", "--game", "6Q", "--declarer", "1"], None),
    (["stats", "nope.jsonl"], "Error: cannot read nope.jsonl: No such file or directory"),
])
def test_bad_input_is_one_line_and_exit_2(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr.count("\n") == 1
    if message is not None:
        assert result.stderr == message + "\n"


def test_stats_refuses_a_line_that_is_no_answer(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_text('{"verdict": "made"}\n\n[1]\n', encoding="utf-8")
    result = run("stats", str(path))
    assert (result.exit_code, result.stderr) == (
        2, f"Error: {path} line 3: an answer is a JSON object\n")
    path.write_text('{"verdict": NaN}\n', encoding="utf-8")
    assert run("stats", str(path)).stderr.startswith(f"Error: {path} line 1: not strict JSON")
    assert run("stats", str(path), "--json", "--csv").stderr == (
        "Error: --json and --csv: choose one\n")


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    """A small real study: solve jobs on deals he would bid, answered by the batch."""
    where = tmp_path_factory.mktemp("study")
    draw = random_deals(60, 2, game="7H", declarer=1, filter="bid")
    inp = write_jobs(where / "in.jsonl", list(deal_jobs(draw, "solve", game="7H", declarer=1)))
    out = where / "out.jsonl"
    run_batch(inp, out, jobs=1, progress=False)
    return out


def test_stats_text_json_and_csv_say_the_same(answers):
    lines = [json.loads(line) for line in answers.read_text(encoding="utf-8").splitlines()]
    stats = answer_stats(lines, by="shape", average="tricks")
    data = strict_json(ok("stats", str(answers), "--by", "shape", "--mean", "tricks", "--json"))
    assert data == json.loads(json.dumps(stats.to_dict()))
    assert data["total"]["lines"] == 60
    assert data["total"]["yes"] == sum(line["verdict"] == "made" for line in lines)
    rows = list(csv.DictReader(io.StringIO(ok("stats", str(answers), "--by", "shape",
                                              "--mean", "tricks", "--csv"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [row["value"] for row in rows] == [g["value"] for g in data["groups"]] + ["all"]
    for row, group in zip(rows, [*data["groups"], data["total"]]):
        assert int(row["yes"]) == group["yes"] and int(row["lines"]) == group["lines"]
        assert float(row["low"]) == group["low"]
    text = ok("stats", str(answers), "--by", "shape").splitlines()
    assert text[0].split()[:4] == ["shape", "answers", "errors", "verdict=made"]
    assert [line.split()[0] for line in text[1:-1]] == [g["value"] for g in data["groups"]] + [
        "all"]
    total = data["total"]
    assert f"{total['yes']} of {total['counted']}" in text[-2]
    assert f"{100 * total['rate']:.1f}%" in text[-2]
    assert text[-1] == ("Rate: answers meeting verdict=made among those that have the field;"
                        " 95% Wilson interval.")


def help_examples(command: str) -> list[str]:
    text = ok(command, "--help").split("Example:", 1)[1]
    return [line.strip() for line in text.split("\n\n", 1)[0].splitlines() if "prefdd " in line]


@pytest.mark.slow
def test_the_help_examples_run_as_shown_deals_then_batch_then_stats(tmp_path):
    module = f"{shlex.quote(sys.executable)} -m pyanalysis.cli "

    def shell(line: str) -> str:
        done = subprocess.run(["bash", "-c", line.replace("prefdd ", module, 1)], cwd=tmp_path,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=300)
        assert (done.returncode, done.stderr) == (0, ""), line
        return done.stdout

    deals, stats = help_examples("deals"), help_examples("stats")
    assert len(deals) == 3 and len(stats) == 3
    for example in deals:
        shell(example)
    for name in ("tables", "tenners"):
        shell(f"prefdd batch {name}.jsonl -o {name}.out.jsonl -j 2")
    outputs = [shell(example) for example in stats]
    assert outputs[0].splitlines()[-2].split()[:2] == ["all", "100"]
    assert outputs[1].splitlines()[-1].startswith("all,100,0,100,")
    assert json.loads(outputs[2])["total"]["counted"] == 100
