"""Batch job kinds: every kind's answer is the direct Python call's `to_dict()`, byte for byte,
in this process, on local worker processes and on a Dask cluster; records as job lines; a bad
field is one error line; tasks of even work; a Dask worker killed mid-run costs nothing."""
from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

import pyanalysis as pa
from cli_support import read_answers, write_jobs
from pyanalysis.batch import _chunks, line_cost, process_line, process_lines, run_batch
from pyanalysis.jobs import CHUNK_COST, KINDS

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "data" / "examples" / "game.txt"
DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
WHIST_DEAL = "K7.Q.AQJ987.J QJ.AKT8.T.AT9 AT98.9.K.KQ87 discard:-.J7.-.-"
LEAD_DEAL = "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 -.-.T9.-"
CATCH_ENDING = "8.-.T.- J.-.-.9 -.-.J.7 KD KH"
PLAYS = ("7D AS KD QS 7S JS TS 9S 8C KC JD 7C KS TD 8D 8S JH 9H TC AH AC 9D 9C QH TH JC KH"
         " 8H 7H QC")


def record_fields() -> dict:
    """The example game's record in its JSON form, as a job line carries it."""
    return pa.Record.parse(GAME.read_text(encoding="utf-8")).to_dict()


#: (job, the direct call that answers it). The jobs are written as a user would write them;
#: the calls as the Python API documents them.
CASES = [
    ({"kind": "table", "deal": DEAL, "id": "t"}, lambda: pa.table(DEAL)),
    ({"kind": "table", "deal": DEAL, "talon_rule": "card"},
     lambda: pa.table(DEAL, talon_rule="card")),
    ({"kind": "tenner", "deal": DEAL, "game": "10S", "declarer": 2, "rules": "sochi"},
     lambda: pa.check_tenner(DEAL, "10S", 2, rules="sochi")),
    ({"kind": "tenner", "hand": "AKQ87.AKQ.AQ.AK", "game": "10S", "declarer": 1},
     lambda: pa.tenner_odds("AKQ87.AKQ.AQ.AK", "10S", 1)),
    ({"kind": "odds", "hand": "AKJ98.AQ.K7.987", "game": "6S", "declarer": 1, "target": 6,
      "samples": 200, "seed": 1},
     lambda: pa.layout_odds("AKJ98.AQ.K7.987", "6S", 1, target=6, samples=200, seed=1)),
    ({"kind": "odds", "hand": "87.9.AQT97.87", "game": "misere", "declarer": 1,
      "out": "Q.8.-.-"},
     lambda: pa.layout_odds("87.9.AQT97.87", "misere", 1, out="Q.8.-.-")),
    ({"kind": "whist", "deal": WHIST_DEAL, "game": "7D", "declarer": 1, "rules": "sochi"},
     lambda: pa.whist_table(WHIST_DEAL, "7D", 1, rules="sochi")),
    ({"kind": "whist", "hand": "QJ.AKT8.T.AT9", "game": "7D", "declarer": 1, "seat": 2,
      "talon": "7S JD", "samples": 100, "seed": 3},
     lambda: pa.whist_decision("QJ.AKT8.T.AT9", "7D", 1, 2, talon="7S JD", samples=100,
                               seed=3)),
    ({"kind": "lead", "deal": LEAD_DEAL, "game": "misere", "declarer": 3, "leader": 1},
     lambda: pa.lead_table(LEAD_DEAL, "misere", 3, leader=1)),
    ({"kind": "lead", "deal": WHIST_DEAL, "game": "7D", "declarer": 1, "leader": 2,
      "whist": {"2": "whist", "3": "pass"}, "rules": "sochi"},
     lambda: pa.lead_table(WHIST_DEAL, "7D", 1, leader=2, whist={2: "whist", 3: "pass"},
                           rules="sochi")),
    ({"kind": "lead", "hand": "T987.AKQ.-.QJ9", "game": "6S", "declarer": 1, "leader": 2,
      "talon": "TD 9D", "samples": 100, "seed": 0},
     lambda: pa.lead_decision("T987.AKQ.-.QJ9", "6S", 1, leader=2, talon="TD 9D",
                              samples=100, seed=0)),
    ({"kind": "misere_catch", "deal": CATCH_ENDING, "declarer": 2},
     lambda: pa.misere_catch(CATCH_ENDING, 2)),
    ({"kind": "review", **record_fields(), "rules": "sochi"},
     lambda: pa.review(pa.Record.parse(GAME.read_text(encoding="utf-8")), rules="sochi")),
    (record_fields(), lambda: pa.review(pa.Record.parse(GAME.read_text(encoding="utf-8")))),
    ({"record": GAME.read_text(encoding="utf-8"), "rules": "sochi", "id": 7},
     lambda: pa.review(pa.Record.parse(GAME.read_text(encoding="utf-8")), rules="sochi")),
    ({"kind": "review", **record_fields(), "view": "seat", "samples": 30, "seed": 2},
     lambda: pa.review(pa.Record.parse(GAME.read_text(encoding="utf-8")), view="seat",
                       samples=30, seed=2)),
    ({"kind": "declare", "hand": "AKQJ.T9.87.AK", "declarer": 1, "talon": "7S 7C",
      "samples": 40, "seed": 1},
     lambda: pa.declare_options("AKQJ.T9.87.AK", 1, talon="7S 7C", samples=40, seed=1)),
    ({"kind": "misere_odds", "hand": "87.9.AQT97.87", "declarer": 1, "out": "Q.8.-.-",
      "samples": 60, "seed": 2},
     lambda: pa.misere_odds("87.9.AQT97.87", 1, out="Q.8.-.-", samples=60, seed=2)),
    ({"kind": "totus", "cards": "AKQJ.AKQ.AKQ.87", "declarer": 1},
     lambda: pa.totus("AKQJ.AKQ.AKQ.87", 1)),
    ({"kind": "underbid", "hand": "AKQ.7.-.-", "game": "6NT", "declarer": 3,
      "others": "JT987.A8.K.-", "bid": 2},
     lambda: pa.underbid("AKQ.7.-.-", "6NT", 3, others="JT987.A8.K.-", bid=2)),
    ({"kind": "whist", "deal": WHIST_DEAL, "game": "7D", "declarer": 1, "rules": "leningrad",
      "rule": ["whist_split=gentleman"]},
     lambda: pa.whist_table(WHIST_DEAL, "7D", 1, rules=pa.RuleSet.preset("leningrad").with_strings(
         ["whist_split=gentleman"]))),
    ({"kind": "review", "deal": DEAL, "game": "8S", "declarer": 2, "plays": PLAYS,
      "whist": ["whist", "pass"], "rules": "sochi"},
     lambda: pa.review(DEAL, "8S", declarer=2, plays=PLAYS, whist=["whist", "pass"],
                       rules="sochi")),
]


def expected_line(job: dict, result) -> str:
    """The batch's answer line for `job`: the job, then the direct result's to_dict()."""
    fields = {key: value for key, value in job.items()}
    return json.dumps({**fields, "answer": result.to_dict()}, ensure_ascii=False,
                      allow_nan=False)


@pytest.fixture(scope="module")
def expected() -> list[str]:
    return [expected_line(job, call()) for job, call in CASES]


def test_every_kind_but_solve_has_a_case():
    covered = {job.get("kind", "review") for job, _ in CASES}
    assert covered == set(KINDS) - {"solve"}


def test_each_kind_in_this_process_is_the_direct_call_byte_for_byte(expected):
    for (job, _), line in zip(CASES, expected):
        assert process_line(json.dumps(job)) == line, job


def test_a_task_of_many_kinds_answers_each_as_alone(expected):
    solve = {"deal": DEAL, "game": "8S", "declarer": 2}
    texts = [json.dumps(job) for job, _ in CASES] + [json.dumps(solve), "{bad"]
    answers = process_lines(texts)
    assert answers[:len(CASES)] == expected
    assert answers[len(CASES):] == [process_line(texts[-2]), process_line(texts[-1])]
    assert json.loads(answers[-2])["tricks"] == pa.solve(DEAL, "8S", declarer=2).tricks


@pytest.mark.slow
def test_each_kind_on_local_processes_is_the_direct_call_byte_for_byte(tmp_path, expected):
    inp = write_jobs(tmp_path / "in.jsonl", [job for job, _ in CASES])
    out = tmp_path / "out.jsonl"
    summary = run_batch(inp, out, jobs=2, progress=False)
    assert summary.error_lines == []
    assert out.read_text(encoding="utf-8").splitlines() == expected


def test_an_explicit_solve_kind_is_todays_solve_job():
    job = {"deal": DEAL, "game": "8S", "declarer": 2}
    plain = json.loads(process_line(json.dumps(job)))
    kinded = json.loads(process_line(json.dumps({"kind": "solve", **job})))
    assert kinded == {"kind": "solve", **plain}


def test_a_kind_whose_function_is_missing_says_so(monkeypatch):
    monkeypatch.delattr(pa, "declare_options")
    line = json.loads(process_line(json.dumps({"kind": "declare", "hand": "AKQJ.T9.87.AK"})))
    assert line["error"] == ("kind 'declare' is answered by pyanalysis.declare_options,"
                             " which this version does not have")


@pytest.mark.parametrize("job, error", [
    ({"kind": "tennr", "deal": DEAL}, "field 'kind': unknown kind \"tennr\" (did you mean"
                                      " 'tenner'?)"),
    ({"kind": 3, "deal": DEAL}, "field 'kind': unknown kind 3 (one of: solve, table, tenner,"
                                " odds, whist, lead, misere_odds, misere_catch, declare, totus,"
                                " underbid, review)"),
    ({"kind": "whist", "deal": WHIST_DEAL, "game": "7D", "declarer": 1,
      "rule": ["whist_splt=gentleman"]}, "field 'rule': unknown rule 'whist_splt': expected"),
    ({"kind": "tenner", "game": "10S", "declarer": 1},
     "a tenner job needs the field 'deal' or 'hand'"),
    ({"kind": "whist", "deal": WHIST_DEAL, "declarer": 1}, "a whist job needs the field 'game'"),
    ({"kind": "table", "deal": DEAL, "talon_rul": "card"},
     "unknown field 'talon_rul' (did you mean 'talon_rule'?)"),
    ({"kind": "odds", "hand": "AKJ98.AQ.K7.987", "game": "6S", "declarer": 1, "jobs": 4},
     "field 'jobs' is not a job's: the batch run sets it"),
    ({"kind": "review", "record": 5}, "field 'record' must be a record's text or object, got 5"),
    ({"record": "deal: AK.QJ\ngame: 8S"}, None),
    ({"kind": "lead", "deal": LEAD_DEAL, "game": "misere", "declarer": True},
     "field 'declarer' must be 1, 2 or 3, got true"),
    ({"kind": "table", "deal": "AK.QJ"}, None),  # the notation's own message
])
def test_a_bad_job_is_one_error_line_and_keeps_its_fields(job, error):
    line = json.loads(process_line(json.dumps(job)))
    assert {key: line[key] for key in job} == job
    assert set(line) == set(job) | {"error"}
    if error is not None and error.endswith("expected"):  # a list follows, cut at its end
        assert line["error"].startswith(error)
    elif error is not None:
        assert line["error"] == error
    else:  # the function's own message, as it says it
        with pytest.raises(ValueError) as raised:
            if "record" in job:
                pa.Record.parse(job["record"])
            else:
                pa.table(job["deal"])
        assert line["error"] == " ".join(str(raised.value).split())


def test_other_fields_are_kept_and_an_old_answer_replaced():
    job = {"kind": "table", "deal": DEAL, "source": "club", "answer": {"old": 1}}
    line = json.loads(process_line(json.dumps(job)))
    assert line["source"] == "club" and line["answer"] == pa.table(DEAL).to_dict()


def test_tasks_hold_even_work_by_kind():
    lines = ([json.dumps({"kind": "odds", "hand": "x"})] * 2
             + [json.dumps({"kind": "table", "deal": DEAL})] * 9
             + [json.dumps({"deal": DEAL, "game": "8S", "declarer": 2})] * 40 + ["junk"])
    tasks = list(_chunks(iter(enumerate(lines, start=1)), CHUNK_COST, line_cost))
    sizes = [len(texts) for _, texts in tasks]
    per_task = CHUNK_COST // KINDS["table"].questions[0].cost
    assert sizes[:2] == [1, 1]  # a heavy job is a task alone
    assert sizes[2:4] == [per_task, per_task]
    assert sum(sizes) == len(lines)
    assert [n for numbers, _ in tasks for n in numbers] == list(range(1, len(lines) + 1))
    for _, texts in tasks[:-1]:
        assert sum(line_cost(t) for t in texts) >= CHUNK_COST
        assert sum(line_cost(t) for t in texts[:-1]) < CHUNK_COST


# ------------------------------------------------------------------------------ Dask


@pytest.fixture(scope="module")
def cluster():
    """A real distributed scheduler and two worker processes on 127.0.0.1."""
    distributed = pytest.importorskip("distributed")  # the dask extra; CI installs it
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=":0") as local:
        yield local


@pytest.mark.slow
def test_each_kind_on_a_dask_cluster_is_the_direct_call_byte_for_byte(tmp_path, expected,
                                                                       cluster):
    inp = write_jobs(tmp_path / "in.jsonl", [job for job, _ in CASES])
    out = tmp_path / "out.jsonl"
    summary = run_batch(inp, out, backend="dask", scheduler=cluster.scheduler_address,
                        progress=False)
    assert summary.error_lines == []
    assert out.read_text(encoding="utf-8").splitlines() == expected


def _worker_pids(address: str) -> list[int]:
    from distributed import Client

    with Client(address) as client:
        return sorted(client.run(os.getpid).values())


@pytest.mark.slow
def test_a_dask_worker_killed_mid_run_loses_nothing(tmp_path, cluster):
    """One worker process is killed (SIGKILL) once answers are coming in: the scheduler hands
    its tasks to the other worker (distributed reschedules a lost worker's tasks), and the
    output is complete and the same as a run on this process alone."""
    from pyanalysis.analysis.study import deal_jobs, random_deals

    jobs = list(deal_jobs(random_deals(400, 5), "table"))
    inp = write_jobs(tmp_path / "in.jsonl", jobs)
    reference = tmp_path / "reference.jsonl"
    run_batch(inp, reference, jobs=1, progress=False)
    out = tmp_path / "out.jsonl"
    victims = _worker_pids(cluster.scheduler_address)
    assert len(victims) == 2
    killed: list[int] = []

    def kill_when_answers_come() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            done = out.read_text().count("\n") if out.exists() else 0
            if done >= 40:
                os.kill(victims[0], signal.SIGKILL)
                killed.append(done)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_when_answers_come)
    killer.start()
    summary = run_batch(inp, out, backend="dask", scheduler=cluster.scheduler_address,
                        progress=False)
    killer.join()
    assert killed and killed[0] < len(jobs), "the worker was not killed mid-run"
    assert summary.solved == len(jobs) and summary.error_lines == []
    assert out.read_bytes() == reference.read_bytes()
    assert victims[0] not in _worker_pids(cluster.scheduler_address)
    assert read_answers(out)[0]["answer"] == pa.table(jobs[0]["deal"]).to_dict()


def test_a_run_of_kinds_resumes_where_it_stopped(tmp_path, expected):
    """An output cut in the middle of a line (a run killed) is finished by --resume: the
    complete answers kept, the torn one and the rest answered, the whole as one run's."""
    inp = write_jobs(tmp_path / "in.jsonl", [job for job, _ in CASES])
    out = tmp_path / "out.jsonl"
    whole = "".join(line + "\n" for line in expected)
    cut = len("".join(line + "\n" for line in expected[:5])) + 40  # inside the 6th line
    out.write_text(whole[:cut], encoding="utf-8")
    summary = run_batch(inp, out, jobs=1, resume=True, progress=False)
    assert (summary.resumed, summary.solved) == (5, len(CASES) - 5)
    assert out.read_text(encoding="utf-8") == whole
