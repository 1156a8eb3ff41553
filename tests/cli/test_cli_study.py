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
    # The double-dummy filter, whose rule the tricks below check (the seat rule's own count
    # is in tests/analysis/test_seat_filter.py).
    path = tmp_path / "deals.jsonl"
    result = run("deals", "-n", "5", "--seed", "1", "--kind", "solve", "--game", "8S",
                 "--declarer", "2", "--filter", "dd", "-o", str(path))
    assert result.exit_code == 0, result.output
    draw = random_deals(5, 1, game="8S", declarer=2, filter="dd")
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
     "Error: filter 'clean' is for misère; a contract's is 'bid', 'seat' or 'dd'"),
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
    assert len(deals) == 3 and len(stats) == 4
    for example in deals:
        shell(example)
    for name in ("tables", "tenners"):
        shell(f"prefdd batch {name}.jsonl -o {name}.out.jsonl -j 2")
    outputs = [shell(example) for example in stats]
    assert outputs[0].splitlines()[-2].split()[:2] == ["all", "100"]
    assert outputs[1].splitlines()[-1].startswith("all,100,0,100,")
    assert "<svg" in (tmp_path / "trumps.svg").read_text(encoding="utf-8")
    assert json.loads(outputs[3])["total"]["counted"] == 100


# ------------------------------------------------------------------ no silent zero

@pytest.fixture(scope="module")
def catches(tmp_path_factory):
    """Real misère-catch answers (no "verdict"; a "guaranteed" yes/no and a "game_value"
    written as an exact fraction) and real solve answers, as the batch writes them."""
    where = tmp_path_factory.mktemp("catch")
    draw = random_deals(3, 1, game="misere", declarer=1)
    jobs = list(deal_jobs(draw, "misere_catch", game="misere", declarer=1))
    out = where / "catch.out.jsonl"
    run_batch(write_jobs(where / "catch.jsonl", jobs), out, jobs=1, progress=False)
    draw = random_deals(4, 3, game="8S", declarer=2)
    solves = where / "solve.out.jsonl"
    run_batch(write_jobs(where / "solve.jsonl",
                         list(deal_jobs(draw, "solve", game="8S", declarer=2))),
              solves, jobs=1, progress=False)
    return out, solves


def lines_of(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("args, message", [
    (["--by", "shape"], "--outcome verdict=made counts no answer: 3 answers of kind misere_catch"
                        " have no 'verdict': use --outcome guaranteed"),
    (["--outcome", "nosuchfield"], "--outcome nosuchfield counts no answer: 3 answers of kind"
                                   " misere_catch have no 'nosuchfield': use --outcome"
                                   " guaranteed"),
    (["--outcome", "guaranteed", "--mean", "hand"],
     "--mean hand counts no answer: 3 answers of kind misere_catch have 'hand' not a number"
     " (e.g. \"{hand}\")"),
    (["--outcome", "game_value"], "--outcome game_value counts no answer: 3 answers of kind"
                                  " misere_catch have 'game_value' not a yes/no (e.g."
                                  " \"{game_value}\"): use --outcome guaranteed"),
])
def test_stats_refuses_a_field_that_no_answer_has_as_asked(catches, args, message):
    first = lines_of(catches[0])[0]["answer"]
    shown = {"hand": first["hand"][:28] + "…" if len(first["hand"]) > 28 else first["hand"],
             "game_value": first["game_value"]}
    result = run("stats", str(catches[0]), *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "Error: " + message.format(**shown) + "\n"


def test_stats_reads_fractions_as_exact_numbers(catches):
    from fractions import Fraction

    answers = lines_of(catches[0])
    values = [Fraction(line["answer"]["game_value"]) for line in answers]
    data = strict_json(ok("stats", str(catches[0]), "--outcome", "game_value>=1/2",
                          "--mean", "game_value", "--json"))
    assert (data["total"]["counted"], data["total"]["yes"]) == (
        3, sum(v >= Fraction(1, 2) for v in values))
    assert data["total"]["mean"] == float(sum(values) / 3)
    guaranteed = strict_json(ok("stats", str(catches[0]), "--outcome", "guaranteed", "--json"))
    assert guaranteed["total"]["yes"] == sum(line["answer"]["guaranteed"] for line in answers)
    assert guaranteed["unread"] == [] and guaranteed["torn"] == 0


def test_stats_counts_apart_the_answers_of_a_kind_without_the_field(catches, tmp_path):
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(catches[1].read_text(encoding="utf-8")
                     + catches[0].read_text(encoding="utf-8"), encoding="utf-8")
    solves = lines_of(catches[1])
    result = run("stats", str(mixed), "--by", "shape")
    assert result.exit_code == 0
    notes = result.stderr.splitlines()
    assert notes[0] == ("Warning: 3 answers of kind misere_catch have no 'verdict': use"
                        " --outcome guaranteed; they are not in the rate")
    made = sum(line["verdict"] == "made" for line in solves)
    assert f"{made} of 4" in result.stdout.splitlines()[-2]
    data = strict_json(run("stats", str(mixed), "--json").stdout)
    assert (data["total"]["lines"], data["total"]["counted"]) == (7, 4)
    assert data["unread"] == [{"field": "verdict", "role": "outcome", "kind": "misere_catch",
                               "reason": "absent", "answers": 3, "example": None,
                               "use": "guaranteed"}]
    if made == 0:  # the values seen are said when none meets the outcome
        assert notes[1].startswith("Warning: no answer meets verdict=made; the values of"
                                   " verdict are ")


def test_stats_says_the_values_when_none_meets_the_outcome(catches):
    solves = lines_of(catches[1])
    seen = list(dict.fromkeys(line["verdict"] for line in solves))
    result = run("stats", str(catches[1]), "--outcome", "verdict=no such verdict")
    assert result.exit_code == 0 and "0 of 4" in result.stdout
    assert result.stderr == ("Warning: no answer meets verdict=no such verdict; the values of"
                             f" verdict are {', '.join(repr(v) for v in seen)}\n")


def test_a_torn_last_line_is_skipped_and_counted_one_elsewhere_is_refused(catches, tmp_path):
    text = catches[1].read_text(encoding="utf-8")
    whole = strict_json(ok("stats", str(catches[1]), "--outcome", "tricks>=0", "--json"))
    torn = tmp_path / "torn.jsonl"
    torn.write_text(text + text.splitlines()[0][:57], encoding="utf-8")
    result = run("stats", str(torn), "--outcome", "tricks>=0", "--json")
    assert result.exit_code == 0
    assert result.stderr == (f"Warning: {torn} line 5 is torn (a run stopped while writing"
                             f" it): skipped, not counted; prefdd batch --resume writes it"
                             f" again\n")
    data = strict_json(result.stdout)
    assert data["torn"] == 1 and data["total"] == whole["total"]
    # torn inside a character (UTF-8 cut short) is torn too
    torn.write_bytes(text.encode() + '{"verdict": "é'.encode()[:-1])
    result = run("stats", str(torn), "--outcome", "tricks>=0")
    assert result.exit_code == 0 and "is torn" in result.stderr
    lines = text.splitlines()
    middle = tmp_path / "middle.jsonl"
    middle.write_text("\n".join([lines[0], lines[1][:57], *lines[2:]]) + "\n", encoding="utf-8")
    result = run("stats", str(middle))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"Error: {middle} line 2: not JSON: ")
    assert result.stderr.count("\n") == 1


def test_stats_refuses_an_over_long_line_without_reading_it_whole(catches, tmp_path):
    import tracemalloc

    from pyanalysis.batch import MAX_ANSWER_BYTES

    text = catches[1].read_text(encoding="utf-8")
    huge = tmp_path / "huge.jsonl"
    with open(huge, "w", encoding="utf-8") as out:
        out.write(text)
        out.write('{"verdict": "' + "x" * (5 * MAX_ANSWER_BYTES) + '"}\n')
        out.write(text)
    tracemalloc.start()
    try:
        result = run("stats", str(huge))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"Error: {huge} line 5: longer than any answer (8,388,608 bytes);"
                             f" not a batch's output\n")
    # the line is 40 MB; what was read of it is at most the limit, once
    assert peak < 2.5 * MAX_ANSWER_BYTES, peak
