"""`prefdd serve` as a hostile web page and a careless client would try it, against a real
server process on a free port of the loopback address (stopped at the end of the module).

Another site's page is refused before any work starts (the pool stays empty, the server's CPU
time does not grow), and so is a POST that is not JSON and a Host that does not name this
computer (IPv4 and IPv6 loopback); a body that is JSON but not an object is 400 on every
route; a client that closes its connection stops its analysis; a cheap route answers at once
while the pool is full of analyses; a burst of requests does not grow the memory.
The server's CPU time and memory are read from /proc (Linux).
"""
from __future__ import annotations

import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest

import pyanalysis as pa

from conftest import free_port

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                 reason="reads the server's CPU time and memory from /proc")]

ROOT = Path(__file__).resolve().parents[2]
DEAL = "J.A87.987.T97 AKQT8.KQJT9.-.- 97.-.KJT.AKQJ8 AD QD"
#: Misère on twelve cards: some six million solves (minutes on two cores).
LONG = {"analysis": "misere-odds", "deal": "87.9.AQT97.87 AK.AQ.KJ8.AKJ JT9.KJT7.-.QT9 QS 8C",
        "declarer": 1}
JSON_TYPE = {"Content-Type": "application/json"}
POST_ROUTES = ["/api/parse", "/api/solve", "/api/table", "/api/position", "/api/report",
               "/api/record", "/api/problem", "/api/analysis", "/api/jobs",
               "/api/jobs/x/cancel"]
#: The pool of `prefdd serve`: two analyses run, eight wait.
POOL = 10


class Server:
    """A `prefdd serve` process listening on `host`:`port`."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host, self.port = host, free_port() if host == "127.0.0.1" else _free_port6()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pyanalysis.cli", "serve", "--host", host, "--port",
             str(self.port)], cwd=ROOT, stderr=subprocess.PIPE, text=True)
        self.first_line = self.process.stderr.readline()
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.ask("GET", "/api/analyses", timeout=5)[0] == 200:
                    break
            except OSError:
                pass
            assert self.process.poll() is None and time.monotonic() < deadline, \
                f"prefdd serve did not start: {self.first_line}"
            time.sleep(0.1)

    @property
    def netloc(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def ask(self, method: str, path: str, body: Any = None, headers: dict | None = None,
            timeout: float = 60) -> tuple[int, Any]:
        """One request (a dict body sent as JSON, bytes as they are): its status and its
        JSON answer (or text)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            data = json.dumps(body).encode() if isinstance(body, dict) else body
            sent = dict(JSON_TYPE if isinstance(body, dict) else {}, **(headers or {}))
            connection.request(method, path, data, sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        kind = response.getheader("Content-Type") or ""
        return response.status, json.loads(text) if "json" in kind else text

    def cpu(self) -> float:
        """The server's CPU seconds so far, every thread's."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024

    def cpu_over(self, seconds: float) -> float:
        """The CPU seconds the server uses in the next `seconds`."""
        start = self.cpu()
        time.sleep(seconds)
        return self.cpu() - start

    def until_idle(self, seconds: float = 30) -> float:
        """Wait (at most `seconds`) for a second in which the server uses under 0.2 CPU
        seconds; the CPU seconds of the last second measured."""
        deadline = time.monotonic() + seconds
        while True:
            used = self.cpu_over(1.0)
            if used < 0.2 or time.monotonic() > deadline:
                return used

    def until_busy(self, cpu_seconds: float, seconds: float = 60) -> float:
        """Wait (at most `seconds`) until the server has used `cpu_seconds` more; what it
        used."""
        start, deadline = self.cpu(), time.monotonic() + seconds
        while self.cpu() - start < cpu_seconds and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.cpu() - start

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self.process.stderr.close()


def _free_port6() -> int:
    with socket.socket(socket.AF_INET6) as sock:
        sock.bind(("::1", 0))
        return sock.getsockname()[1]


def _ipv6_loopback() -> str | None:
    """Why IPv6 loopback cannot be used here, or None when it can."""
    if not socket.has_ipv6:
        return "this Python has no IPv6"
    try:
        _free_port6()
    except OSError as error:
        return f"cannot bind [::1] here: {error.strerror or error}"
    return None


def open_analysis(server: Server, fields: dict) -> socket.socket:
    """A `POST /api/analysis` sent on a raw socket that is left open (its answer unread)."""
    body = json.dumps(fields).encode()
    sock = socket.create_connection((server.host, server.port), timeout=10)
    sock.sendall(f"POST /api/analysis HTTP/1.1\r\nHost: {server.netloc}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                 .encode() + body)
    return sock


def one_line(status: int, answer: Any, expected: int) -> str:
    assert status == expected, answer
    message = answer["error"]
    assert "\n" not in message and "Traceback" not in message and len(message) < 300
    return message


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def fill_and_empty_the_pool(server: Server) -> None:
    """Start as many long jobs as the pool takes (one more is refused), then cancel them:
    no job was in the pool before."""
    ids = []
    try:
        for _ in range(POOL):
            status, job = server.ask("POST", "/api/jobs", LONG)
            assert status == 202, job
            ids.append(job["id"])
        status, answer = server.ask("POST", "/api/jobs", LONG)
        assert status == 429, answer
    finally:
        for job_id in ids:
            server.ask("POST", f"/api/jobs/{job_id}/cancel", {})


def test_another_sites_page_is_refused_before_any_work(server):
    evil = {"Origin": "http://evil.example"}
    assert server.until_idle() < 0.2
    start = server.cpu()
    for _ in range(POOL + 2):  # enough to fill the pool if they were taken
        one_line(*server.ask("POST", "/api/jobs", LONG, evil), 403)
        one_line(*server.ask("POST", "/api/analysis", LONG, evil), 403)
        # No CORS preflight for these: text/plain and form posts, with and without Origin.
        body = json.dumps(LONG).encode()
        for kind in ("text/plain", "application/x-www-form-urlencoded"):
            one_line(*server.ask("POST", "/api/jobs", body, {"Content-Type": kind, **evil}), 403)
            message = one_line(*server.ask("POST", "/api/jobs", body, {"Content-Type": kind}), 415)
            assert message == ("request: send the body as JSON (Content-Type: application/json),"
                               f" not {kind}")
    # Guessing the user's job ids and cancelling them, or reading them.
    for path in ("/api/jobs/1/cancel", "/api/jobs/2/cancel"):
        one_line(*server.ask("POST", path, {}, evil), 403)
    one_line(*server.ask("GET", "/api/jobs/1", headers=evil), 403)
    one_line(*server.ask("GET", "/api/problems", headers={"Sec-Fetch-Site": "cross-site"}), 403)
    assert server.cpu() - start < 2.0  # ~100 refusals, no analysis
    assert server.cpu_over(1.0) < 0.2  # nothing started in the background
    fill_and_empty_the_pool(server)
    # The page's own requests are answered.
    own = {"Origin": f"http://{server.netloc}"}
    status, answer = server.ask("POST", "/api/parse", {"deal": DEAL}, own)
    assert status == 200 and answer["deal"] == str(pa.Deal.parse(DEAL))
    assert server.until_idle() < 0.2


@pytest.mark.parametrize("body, kind", [(b"[1,2]", "a list"), (b'"x"', "a string"),
                                        (b"null", "null"), (b"5", "a number")])
def test_json_that_is_not_an_object_is_400_on_every_route(server, body, kind):
    for path in POST_ROUTES:
        message = one_line(*server.ask("POST", path, body, JSON_TYPE), 400)
        assert message.startswith("request: give a JSON object of fields") and kind in message


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example",
                                  "[::2]", "localhost.", ""])
def test_a_host_that_is_not_this_computer_is_refused(server, host):
    one_line(*server.ask("GET", "/api/analyses", headers={"Host": host}), 400)
    status, _ = server.ask("GET", "/", headers={"Host": host})
    assert status == 400


def test_the_loopback_names_are_answered(server):
    for host in ("127.0.0.1", f"localhost:{server.port}", f"[::1]:{server.port}", "LOCALHOST"):
        assert server.ask("GET", "/api/analyses", headers={"Host": host})[0] == 200


def test_on_ipv6_loopback_the_host_check_holds():
    reason = _ipv6_loopback()
    if reason is not None:
        pytest.skip(f"IPv6 loopback unavailable: {reason}")
    six = Server("::1")
    try:
        assert six.first_line == f"prefdd serves http://[::1]:{six.port}/ (Ctrl-C stops it)\n"
        for host in (six.netloc, "[::1]", "127.0.0.1", f"localhost:{six.port}"):
            assert six.ask("GET", "/api/analyses", headers={"Host": host})[0] == 200, host
        for host in ("evil.example", f"evil.example:{six.port}", "[::2]"):
            one_line(*six.ask("GET", "/api/analyses", headers={"Host": host}), 400)
        own = {"Origin": f"http://{six.netloc}"}
        assert six.ask("POST", "/api/parse", {"deal": DEAL}, own)[0] == 200
        one_line(*six.ask("POST", "/api/parse", {"deal": DEAL},
                          {"Origin": "http://evil.example"}), 403)
    finally:
        six.stop()


#: What to declare from a whole deal's hand: every layout (184,756) of 26 games and their
#: discards, a minute's count that once heard no cancel for most of it.
DECLARE = {"analysis": "declare", "deal": "AKQJ.T9.87.AK T987.AKQ.-.QJ9 -.J87.AKQJ.T87 TD 9D",
           "declarer": 1, "samples": "all"}


@pytest.mark.parametrize("after", [0.3, 1.0, 2.5])
def test_a_cancelled_declare_stops_within_a_second(server, after):
    # Cancelled while the value tables are built, or in the count.
    assert server.until_idle() < 0.2
    status, job = server.ask("POST", "/api/jobs", DECLARE)
    assert status == 202, job
    time.sleep(after)
    status, answer = server.ask("GET", f"/api/jobs/{job['id']}")
    assert status == 200 and answer["state"] == "running", answer
    start = time.monotonic()
    assert server.ask("POST", f"/api/jobs/{job['id']}/cancel", {})[0] == 200
    while server.ask("GET", f"/api/jobs/{job['id']}")[1]["state"] == "running":
        time.sleep(0.02)
    stopped = time.monotonic() - start
    assert server.ask("GET", f"/api/jobs/{job['id']}")[1]["state"] == "cancelled"
    assert stopped < 1.0, f"the declare ran {stopped:.2f} s after its cancel"
    assert server.cpu_over(1.0) < 0.3


def test_a_client_that_goes_away_stops_its_analysis(server):
    assert server.until_idle() < 0.2
    sock = open_analysis(server, LONG)
    try:
        assert server.until_busy(1.0) >= 1.0  # the analysis runs
    finally:
        sock.close()
    time.sleep(1.0)  # the server looks every 0.1 s; the count stops at its next report
    assert server.cpu_over(2.0) < 0.3
    fill_and_empty_the_pool(server)  # the job is gone from the pool


def test_a_cheap_route_answers_while_the_pool_is_full(server):
    assert server.until_idle() < 0.2
    socks, ids = [], []
    try:
        socks = [open_analysis(server, LONG) for _ in range(POOL - 4)]  # two of them run
        for _ in range(4):
            status, job = server.ask("POST", "/api/jobs", LONG)
            assert status == 202, job
            ids.append(job["id"])
        assert server.ask("POST", "/api/jobs", LONG)[0] == 429
        assert server.until_busy(1.0) >= 1.0
        slowest = 0.0
        for i in range(20):
            start = time.monotonic()
            status, answer = (server.ask("GET", "/api/analyses", timeout=10) if i % 2 else
                              server.ask("GET", f"/api/jobs/{ids[i % 4]}", timeout=10))
            slowest = max(slowest, time.monotonic() - start)
            assert status == 200, answer
        assert slowest < 0.5, f"a cheap route took {slowest:.2f} s"
    finally:
        for sock in socks:
            sock.close()
        for job_id in ids:
            server.ask("POST", f"/api/jobs/{job_id}/cancel", {})
    # The analyses whose clients went away are cancelled with the others.
    time.sleep(1.0)
    assert server.cpu_over(2.0) < 0.3


def test_a_burst_of_requests_keeps_the_memory_flat(server):
    rng = random.Random(35)
    deals = []
    for _ in range(100):
        cards = [pa.Card.parse(rank + suit) for suit in "SCDH" for rank in "789TJQKA"]
        rng.shuffle(cards)
        hands = [str(pa.Hand.from_cards(cards[k:k + 10])) for k in (0, 10, 20)]
        deals.append(" ".join(hands + [str(card) for card in cards[30:]]))

    def table(deal: str) -> int:
        return server.ask("POST", "/api/table", {"deal": deal}, timeout=120)[0]

    with ThreadPoolExecutor(10) as clients:  # every solving thread has its engine
        assert set(clients.map(table, deals[:10])) == {200}
    before = server.rss_mb()
    with ThreadPoolExecutor(25) as clients:
        assert list(clients.map(table, deals)) == [200] * 100
    after = server.rss_mb()
    assert after < 1.2 * before, f"{before:.0f} MB before the burst, {after:.0f} MB after"
