"""Fixtures of the web tests: the application under Starlette's test client, a live server on
a free port of 127.0.0.1, and a headless Chromium driven by Playwright (the system's
`chromium-headless-shell`; the browser tests are skipped, saying why, where there is none)."""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time
import warnings
from typing import Iterator

import pytest

from pyanalysis.web import JobPool, create_app

with warnings.catch_warnings():
    # Newer Starlette prefers the httpx2 package for its test client; httpx works as well.
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from starlette.testclient import TestClient

#: The browser the tests drive: $PREFDD_BROWSER, else the system's headless shell or Chromium.
BROWSER = (os.environ.get("PREFDD_BROWSER") or shutil.which("chromium-headless-shell")
           or shutil.which("chromium"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    with TestClient(create_app(JobPool(workers=2, queue=4)),
                    base_url="http://127.0.0.1") as test_client:
        yield test_client


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """The application served by uvicorn in a thread; its base URL."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if BROWSER is None:
        pytest.skip("no headless Chromium on this machine (chromium-headless-shell, chromium or"
                    " $PREFDD_BROWSER): the page is not driven in a browser; .ci/run installs"
                    " chromium-headless-shell")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=BROWSER)
        yield launched
        launched.close()
