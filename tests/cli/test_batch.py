"""The JSON-lines batch: the contract of DESIGN.md, order, parallel runs, bad lines, resume."""
from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import pyanalysis as pa
from cli_support import (
    echo_worker, random_jobs, read_answers, reversed_speed_worker, write_jobs,
)
from pyanalysis.batch import BatchError, process_line, process_lines, run_batch, solve_job
from pyanalysis.cli import main

HERE = Path(__file__).resolve().parent.parent  # tests/, where cli_support.py lives
DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
ENDING = "AK7.-.-.- QJ.8.-.- -.-.AK8.-"


# ------------------------------------------------------------------------------ one job


def test_answer_is_the_job_with_tricks_and_moves_added():
    job = {"id": "a1", "deal": DEAL, "game": "8S", "declarer": 1, "leader": 1}
    answer = json.loads(process_line(json.dumps(job)))
    expected = pa.solve(DEAL, "8S", declarer=1, leader=1)
    assert {k: answer[k] for k in job} == job
    assert answer["tricks"] == expected.tricks
    assert answer["moves"] == {str(card): n for card, n in expected.moves.items()}
    level = 8  # a whole deal: the verdict counts the declarer's ten tricks against the 8
    assert answer["verdict"] == ("made" if expected.tricks >= level
                                 else f"down {level - expected.tricks}")
    assert set(answer) == set(job) | {"tricks", "verdict", "moves"}


@pytest.mark.parametrize("job, kwargs", [
    ({"game": "misere", "declarer": 2}, {"declarer": 2}),
    ({"game": "raspasy", "player": 3, "talon_rule": "card"}, {"player": 3, "talon_rule": "card"}),
    ({"game": "raspasy", "player": 2}, {"player": 2}),
    ({"game": "7NT", "declarer": 3, "leader": 2, "played": ["TS"]},
     {"declarer": 3, "leader": 2, "played": ["TS"]}),
    ({"game": "8S", "declarer": 1, "leader": 2, "played": "TS"},
     {"declarer": 1, "leader": 2, "played": ["TS"]}),
])
def test_every_game_kind_is_solved_like_pa_solve(job, kwargs):
    job = {"deal": DEAL, **job}
    answer = solve_job(job)
    expected = pa.solve(DEAL, job["game"], **kwargs)
    assert answer["tricks"] == expected.tricks
    assert answer["moves"] == {str(card): n for card, n in expected.moves.items()}


def test_moves_are_written_suit_by_suit_high_cards_first():
    answer = solve_job({"deal": ENDING, "game": "6NT", "declarer": 1})
    assert list(answer["moves"]) == ["AS", "KS", "7S"]


def test_old_answer_fields_are_replaced_not_kept():
    job = {"deal": ENDING, "game": "6NT", "declarer": 1, "tricks": 99, "error": "old"}
    answer = json.loads(process_line(json.dumps(job)))
    assert answer["tricks"] != 99 and "error" not in answer


BAD_LINES = [
    ("not json", "not JSON: Expecting value at column 1"),
    ("[1, 2]", "a job must be a JSON object, got list"),
    ('{"game": "8S", "declarer": 1}', "missing field 'deal'"),
    (f'{{"deal": "{DEAL}", "declarer": 1}}', "missing field 'game'"),
    ('{"deal": 5, "game": "8S"}', "field 'deal' must be a string, got 5"),
    (f'{{"deal": "{DEAL}", "game": "8X", "declarer": 1}}', "unknown trump 'X' in game '8X'"),
    (f'{{"deal": "{DEAL}", "game": "8S", "declarer": 4}}', "field 'declarer' must be 1, 2 or 3, got 4"),
    (f'{{"deal": "{DEAL}", "game": "8S", "declarer": true}}',
     "field 'declarer' must be 1, 2 or 3, got true"),
    (f'{{"deal": "{DEAL}", "game": "8S", "declarer": "2"}}',
     "field 'declarer' must be 1, 2 or 3, got \"2\""),
    (f'{{"deal": "{DEAL}", "game": "8S", "declarer": 1, "played": 7}}',
     "field 'played' must be a list of cards, got 7"),
    (f'{{"deal": "{DEAL}", "game": "8S", "declarer": 1, "played": ["XS"]}}', None),
    (f'{{"deal": "{DEAL}", "game": "raspasy"}}', None),
    ('{"deal": "AKQ.-.-.- AKQ.-.-.- 789.-.-.-", "game": "8S", "declarer": 1}', None),
]


@pytest.mark.parametrize("line, message", BAD_LINES)
def test_a_bad_line_gets_a_one_line_error(line, message):
    answer = json.loads(process_line(line))
    assert "tricks" not in answer
    assert "\n" not in answer["error"] and answer["error"]
    if message is not None:
        assert answer["error"] == message
    # the job itself comes back, so that the user sees which line it was
    if line.startswith("{"):
        assert {k: v for k, v in answer.items() if k != "error"} == json.loads(line)
    else:
        assert answer["input"] == line


def test_messages_from_the_notation_layer_reach_the_error_field():
    line = json.dumps({"deal": DEAL, "game": "8S", "declarer": 1, "played": ["XS"]})
    with pytest.raises(ValueError) as raised:
        pa.Card.parse("XS")
    assert json.loads(process_line(line))["error"] == " ".join(str(raised.value).split())


# ------------------------------------------------------------------------------ runs


def test_bad_lines_do_not_stop_the_run_and_blank_lines_are_skipped(tmp_path):
    good = random_jobs(3, seed=1)
    lines = [good[0], "oops", "", good[1], {"deal": DEAL, "game": "nonsense"}, good[2]]
    inp = write_jobs(tmp_path / "in.jsonl", lines)
    summary = run_batch(inp, tmp_path / "out.jsonl", jobs=1, progress=False)
    answers = read_answers(tmp_path / "out.jsonl")
    assert len(answers) == 5
    assert [("error" in a) for a in answers] == [False, True, False, True, False]
    assert [a.get("id") for a in answers] == [0, None, 1, None, 2]
    assert summary.error_lines == [2, 5]  # input line numbers, the blank line counted
    assert (summary.total, summary.solved, summary.resumed) == (5, 5, 0)


def test_windows_line_ends_and_a_byte_order_mark_are_read(tmp_path):
    jobs = random_jobs(2, seed=8, size=3)
    inp = tmp_path / "in.jsonl"
    inp.write_bytes(b"\xef\xbb\xbf" + b"\r\n".join(json.dumps(j).encode() for j in jobs) + b"\r\n")
    run_batch(inp, tmp_path / "out.jsonl", jobs=1, progress=False)
    answers = read_answers(tmp_path / "out.jsonl")
    assert [a["id"] for a in answers] == [0, 1] and all("tricks" in a for a in answers)


def test_output_keeps_input_order_when_answers_arrive_out_of_order(tmp_path):
    jobs = [{"id": i} for i in range(10)]
    inp = write_jobs(tmp_path / "in.jsonl", jobs)
    run_batch(inp, tmp_path / "out.jsonl", jobs=4, progress=False, worker=reversed_speed_worker)
    assert [a["id"] for a in read_answers(tmp_path / "out.jsonl")] == list(range(10))


def test_parallel_run_equals_serial_run(tmp_path):
    jobs = random_jobs(30, seed=7)
    jobs.insert(11, "not a job")
    inp = write_jobs(tmp_path / "in.jsonl", jobs)
    run_batch(inp, tmp_path / "serial.jsonl", jobs=1, progress=False)
    run_batch(inp, tmp_path / "parallel.jsonl", jobs=3, progress=False)
    serial = (tmp_path / "serial.jsonl").read_bytes()
    assert serial == (tmp_path / "parallel.jsonl").read_bytes()
    answers = read_answers(tmp_path / "serial.jsonl")
    assert len(answers) == 31
    assert sum("error" in a for a in answers) == 1


def test_serial_answers_are_the_solver_answers(tmp_path):
    jobs = random_jobs(10, seed=3, size=3)
    inp = write_jobs(tmp_path / "in.jsonl", jobs)
    run_batch(inp, tmp_path / "out.jsonl", jobs=2, progress=False)
    for job, answer in zip(jobs, read_answers(tmp_path / "out.jsonl")):
        seats = {k: job[k] for k in ("declarer", "leader", "player", "talon_rule") if k in job}
        assert answer["tricks"] == pa.solve(job["deal"], job["game"], **seats).tricks, job


# ------------------------------------------------------------------------------ resume

_calls: list[str] = []


def counting_worker(text: str) -> str:
    _calls.append(text)
    return echo_worker(text)


def test_resume_keeps_finished_lines_drops_a_torn_one_and_computes_only_the_rest(tmp_path):
    jobs = [{"id": i} for i in range(8)]
    inp = write_jobs(tmp_path / "in.jsonl", jobs)
    full = tmp_path / "full.jsonl"
    run_batch(inp, full, jobs=1, progress=False, worker=echo_worker)
    lines = full.read_text().splitlines(keepends=True)
    killed = tmp_path / "killed.jsonl"
    killed.write_text("".join(lines[:3]) + lines[3][:10])  # as a kill mid-write leaves it
    _calls.clear()
    summary = run_batch(inp, killed, jobs=1, resume=True, progress=False, worker=counting_worker)
    assert killed.read_bytes() == full.read_bytes()
    assert [json.loads(t)["id"] for t in _calls] == [3, 4, 5, 6, 7]
    assert (summary.resumed, summary.solved) == (3, 5)


def test_resume_of_a_finished_run_computes_nothing(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(4)])
    out = tmp_path / "out.jsonl"
    run_batch(inp, out, jobs=1, progress=False, worker=echo_worker)
    before = out.read_bytes()
    _calls.clear()
    run_batch(inp, out, jobs=1, resume=True, progress=False, worker=counting_worker)
    assert _calls == [] and out.read_bytes() == before


def test_resume_without_an_output_starts_from_scratch(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(3)])
    summary = run_batch(inp, tmp_path / "new.jsonl", jobs=1, resume=True, progress=False,
                        worker=echo_worker)
    assert (summary.resumed, summary.solved) == (0, 3)


def test_resume_refuses_the_output_of_another_input(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(3)])
    other = write_jobs(tmp_path / "other.jsonl", [{"id": i + 10} for i in range(3)])
    out = tmp_path / "out.jsonl"
    run_batch(other, out, jobs=1, progress=False, worker=echo_worker)
    with pytest.raises(BatchError, match="line 1 does not answer .*in.jsonl line 1"):
        run_batch(inp, out, jobs=1, resume=True, progress=False, worker=echo_worker)


def test_resume_refuses_an_output_longer_than_the_input(tmp_path):
    longer = write_jobs(tmp_path / "longer.jsonl", [{"id": i} for i in range(4)])
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(2)])
    out = tmp_path / "out.jsonl"
    run_batch(longer, out, jobs=1, progress=False, worker=echo_worker)
    with pytest.raises(BatchError, match="has 4 answers but .* has only 2 jobs"):
        run_batch(inp, out, jobs=1, resume=True, progress=False, worker=echo_worker)


def test_resume_after_a_real_kill_loses_nothing_and_duplicates_nothing(tmp_path):
    count = 60
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(count)])
    out = tmp_path / "out.jsonl"
    command = [sys.executable, str(HERE / "cli_support.py"), str(inp), str(out), "2"]
    process = subprocess.Popen(command, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if out.exists() and out.read_text().count("\n") >= 5:
                break
            time.sleep(0.01)
    finally:
        # the run and its worker processes are one process group: kill them all at once
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    done = out.read_text().count("\n")
    assert 5 <= done < count, "the run was not interrupted half way"
    subprocess.run(command, check=True, timeout=60)
    answers = read_answers(out)
    assert [a["id"] for a in answers] == list(range(count))
    assert all(a["tricks"] == a["id"] ** 2 for a in answers)


# ------------------------------------------------------------------------------ setup errors


def test_missing_input_is_a_batch_error(tmp_path):
    with pytest.raises(BatchError, match="cannot read .*nope.jsonl"):
        run_batch(tmp_path / "nope.jsonl", tmp_path / "out.jsonl", jobs=1, progress=False)


def test_output_must_not_overwrite_the_input(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": 1}])
    with pytest.raises(BatchError, match="is the input file"):
        run_batch(inp, tmp_path / "." / "in.jsonl", jobs=1, progress=False, worker=echo_worker)
    assert read_answers(inp) == [{"id": 1}]


def test_dask_backend_says_in_one_line_when_dask_is_missing_and_works_when_present(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", [{"id": i} for i in range(3)])
    out = tmp_path / "out.jsonl"
    out.write_text("precious\n")
    if importlib.util.find_spec("dask") is None or importlib.util.find_spec("distributed") is None:
        with pytest.raises(BatchError, match=r"^the dask backend needs dask.distributed, which is "
                                             r"not installed \(pip install 'prefdd\[dask\]'\)$"):
            run_batch(inp, out, jobs=1, backend="dask", progress=False, worker=echo_worker)
        assert out.read_text() == "precious\n"  # a backend that cannot start clobbers nothing
    else:
        run_batch(inp, out, jobs=2, backend="dask", progress=False, worker=echo_worker)
        assert [a["id"] for a in read_answers(out)] == [0, 1, 2]


# ------------------------------------------------------------------------------ the command


def test_batch_command_writes_answers_and_a_summary(tmp_path):
    jobs = random_jobs(6, seed=11, size=3) + ["{broken"]
    inp = write_jobs(tmp_path / "in.jsonl", jobs)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["batch", str(inp), "-o", str(out), "--jobs", "2",
                                       "--no-progress", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary == {"output": str(out), "jobs": 7, "resumed": 0, "solved": 7, "errors": 1,
                       "error_lines": [7]}
    assert len(read_answers(out)) == 7


def test_batch_command_human_summary_names_the_error_lines(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", ["x", random_jobs(1, seed=2, size=3)[0]])
    result = CliRunner().invoke(main, ["batch", str(inp), "-o", str(tmp_path / "o.jsonl"), "-j", "1"])
    assert result.exit_code == 0
    assert "2 jobs: 2 solved now" in result.stdout
    assert "1 with an error (input lines 1)" in result.stdout


def test_batch_command_resume_after_a_torn_line(tmp_path):
    jobs = random_jobs(8, seed=5, size=3)
    inp = write_jobs(tmp_path / "in.jsonl", jobs)
    full, torn = tmp_path / "full.jsonl", tmp_path / "torn.jsonl"
    runner = CliRunner()
    assert runner.invoke(main, ["batch", str(inp), "-o", str(full), "-j", "1"]).exit_code == 0
    text = full.read_text()
    torn.write_text(text[: text.index("\n", len(text) // 2) + 7])
    result = runner.invoke(main, ["batch", str(inp), "-o", str(torn), "-j", "2", "--resume"])
    assert result.exit_code == 0, result.output
    assert "kept from the earlier run" in result.stdout
    assert torn.read_text() == text


def test_progress_bar_is_drawn_on_stderr_when_forced(tmp_path):
    inp = write_jobs(tmp_path / "in.jsonl", random_jobs(3, seed=4, size=3))
    result = CliRunner().invoke(main, ["batch", str(inp), "-o", str(tmp_path / "o.jsonl"), "-j", "1",
                                       "--progress"])
    assert result.exit_code == 0
    assert "3/3" in result.stderr and "deal/s" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["batch", "{tmp}/missing.jsonl", "-o", "{tmp}/o.jsonl"], "Error: cannot read"),
    (["batch", "{tmp}/in.jsonl"], "Error: Missing option '-o' / '--output'."),
    (["batch", "{tmp}/in.jsonl", "-o", "{tmp}/o.jsonl", "--jobs", "0"], "Error: Invalid value for '--jobs'"),
    (["batch", "{tmp}/in.jsonl", "-o", "{tmp}/o.jsonl", "--scheduler", "tcp://x:1"],
     "Error: --scheduler needs --backend dask"),
])
def test_batch_command_errors_are_one_line(tmp_path, args, message):
    write_jobs(tmp_path / "in.jsonl", [{"id": 1}])
    result = CliRunner().invoke(main, [a.format(tmp=tmp_path) for a in args])
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_many_lines_at_once_answer_exactly_as_one_line_at_a_time():
    # Endings and full deals of every game, with bad lines between them: the lines solved
    # together by the engine's many-positions entry point come out as the one-line worker's.
    jobs = random_jobs(24, seed=31) + random_jobs(6, seed=32, size=10)
    jobs += [{"deal": job["deal"], "game": job["game"], "declarer": 1, "leader": 2,
              "played": [job["deal"].split()[1][0] + "S"]} for job in jobs[:3]]
    texts = [json.dumps(job) for job in jobs]
    texts[4:4] = ['{"deal": "AS", "game": "8S"}', "not json", '{"game": "NaN"}',
                  '{"deal": "A.-.-.- K.-.-.- Q.-.-.-", "game": "raspasy", "player": 1}']
    one = [process_line(text) for text in texts]
    many = process_lines(texts)
    assert many == one
    assert sum('"error"' in line for line in many) >= 3
    assert sum('"tricks"' in line for line in many) >= 30


def test_an_over_long_line_is_refused_and_not_echoed_whole(tmp_path):
    huge = json.dumps({"deal": "A" * 1_000_000, "game": "8S", "declarer": 1})
    answer = json.loads(process_line(huge))
    assert "at most 4,000 characters" in answer["error"] and len(answer["error"]) < 300
    assert len(answer["input"]) <= 60 and huge.startswith(answer["input"][:-1])
    assert process_lines([huge]) == [process_line(huge)]
    # A run with such a line between two jobs writes short lines and resumes over them.
    good = {"deal": "A.-.-.- K.-.-.- Q.-.-.-", "game": "6S", "declarer": 1}
    inp = tmp_path / "in.jsonl"
    inp.write_text("\n".join([json.dumps(good), huge, json.dumps(good)]) + "\n")
    out = tmp_path / "out.jsonl"
    run_batch(inp, out, jobs=1, progress=False)
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and max(map(len, lines)) < 400
    with open(out, "r+b") as stream:  # as if killed after two answers
        stream.truncate(len(lines[0].encode()) + len(lines[1].encode()) + 2)
    summary = run_batch(inp, out, jobs=1, progress=False, resume=True)
    assert (summary.resumed, summary.solved) == (2, 1)
    assert out.read_text().splitlines() == lines


def test_an_over_long_input_line_is_read_past_in_bounded_pieces(tmp_path):
    import tracemalloc

    # A 50 MB line (and one without its newline at the end of the file): each is answered
    # with an error naming its length, the jobs around it are solved, and no more of it is
    # held at once than a piece.
    good = {"deal": "A.-.-.- K.-.-.- Q.-.-.-", "game": "6S", "declarer": 1}
    size = 50_000_000
    inp = tmp_path / "in.jsonl"
    with open(inp, "w", encoding="utf-8") as out:
        out.write(json.dumps(good) + "\n")
        out.write('{"deal": "' + "A" * size + '"}\r\n')
        out.write(json.dumps(good) + "\n")
        out.write("  " + "B" * 4001)
    out = tmp_path / "out.jsonl"
    tracemalloc.start()
    try:
        summary = run_batch(inp, out, jobs=1, progress=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000, peak
    assert (summary.total, summary.solved, summary.error_lines) == (4, 4, [2, 4])
    answers = [json.loads(line) for line in out.read_text().splitlines()]
    assert answers[1] == {"input": '{"deal": "' + "A" * 49 + "…",
                          "error": f"a job line is at most 4,000 characters; this one has"
                                   f" {size + 12:,}"}
    assert answers[3] == {"input": "B" * 59 + "…",
                          "error": "a job line is at most 4,000 characters; this one has 4,003"}
    assert answers[0]["tricks"] == answers[2]["tricks"] == 1
    # resumed over it: the answers kept match the lines read past
    with open(out, "r+b") as stream:
        stream.truncate(sum(len(line) + 1 for line in out.read_bytes().splitlines()[:2]))
    summary = run_batch(inp, out, jobs=1, progress=False, resume=True)
    assert (summary.resumed, summary.solved) == (2, 2)


def test_resume_refuses_an_output_line_longer_than_any_answer(tmp_path):
    from pyanalysis.batch import MAX_ANSWER_BYTES

    good = {"deal": "A.-.-.- K.-.-.- Q.-.-.-", "game": "6S", "declarer": 1}
    inp = write_jobs(tmp_path / "in.jsonl", [good, good])
    out = tmp_path / "out.jsonl"
    junk = b'{"x": "' + b"y" * (MAX_ANSWER_BYTES + 10) + b'"}\n'
    out.write_bytes(junk)
    result = CliRunner().invoke(main, ["batch", str(inp), "-o", str(out), "--resume", "-j", "1"],
                                prog_name="prefdd")
    assert result.exit_code == 2
    assert result.stderr == (f"Error: {out} line 1 is longer than any answer (8,388,608 bytes);"
                             f" it is not the output of a batch run (remove it or choose another"
                             f" -o)\n")
    assert out.read_bytes() == junk  # untouched
