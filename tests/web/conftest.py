"""Fixtures of the web tests: the CLI's own ``--json`` (the oracle of the API), a real
``cpoly serve`` on 127.0.0.1, and Debian's chromium driven by playwright (never skipped: a
missing browser fails the tests)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: The address Starlette's TestClient calls the app at: a Host the server answers for.
API_BASE = "http://127.0.0.1:8765"
#: The Hold'em games shipped in definitions/ (issue 34): ``cpoly equity`` plays them, the video-poker page cannot.
HOLDEM_GAMES = {"holdem.cp", "holdem_flop.cp", "short_deck.cp", "short_deck_trips.cp", "omaha.cp", "five_card_omaha.cp"}


def child_env(cache: Path) -> dict[str, str]:
    """The environment of a child ``python -m cpoly``: this tree's code, a private cache."""
    return {**os.environ, "PYTHONPATH": str(ROOT), "CPOLY_CACHE_DIR": str(cache)}


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cpoly ARGS`` from this tree (the cache as the test's environment says)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "cpoly", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def cli_json(*args: str) -> Any:
    """The CLI's ``--json`` document for ARGS (which must succeed)."""
    run = cli(*args, "--json")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def cpoly_processes(marker: str) -> list[int]:
    """Processes whose command line holds ``marker`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Served:
    """A running ``cpoly serve``: its process, port, base URL, cache folder and log."""

    process: subprocess.Popen[bytes]
    port: int
    cache: Path
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def rss(self) -> int:
        """The server process's resident memory in bytes (VmRSS of /proc)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS")


def raw_request(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` as it is and read the answer to the end: status, headers, body."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def malformed_requests(port: int) -> list[bytes]:
    """Requests h11 refuses before the app sees them (also sent by the load test)."""
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    return [
        b"GET /api/games HTTP/1.1\r\n" + host + host + b"\r\n",
        b"GET /api/games HTTP/1.1\r\n" + host + b"Host: attacker.example\r\n\r\n",
        b"POST /api/eval HTTP/1.1\r\n" + host + b"Content-Length: -1\r\n\r\n",
        b"POST /api/eval HTTP/1.1\r\n" + host + b"Content-Length: 3\r\nContent-Length: 4\r\n\r\n{}",
        b"POST /api/eval HTTP/1.1\r\n" + host + b"Content-Length: 2\r\nTransfer-Encoding: gzip\r\n\r\n{}",
        b"GARBAGE\r\n\r\n",
        b"GET /api/games HTTP/1.1 extra\r\n" + host + b"\r\n",
        b"GET /api/games HTTP/1.1\r\n" + host + b"Bad Header: x\r\n\r\n",
    ]


def api_games(process: subprocess.Popen[Any], port: int, seconds: float, host: str = "127.0.0.1") -> Any:
    """``/api/games`` of the ``cpoly serve`` ``process`` started on ``port``, once it answers; an
    AssertionError (with what the process wrote on a pipe) when it exits first or has not
    answered within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://{host}:{port}/api/games", timeout=5) as reply:
                return json.loads(reply.read())
        except OSError:
            exited = process.poll() is not None
            if exited or time.monotonic() > deadline:
                said = process.stderr.read() if exited and process.stderr else ""
                raise AssertionError(f"cpoly serve {'exited' if exited else 'did not answer'} on {host}:{port} "
                                     f"{said!s}") from None
            time.sleep(0.2)


@contextmanager
def serving(folder: Path, *options: str, host: str = "127.0.0.1") -> Iterator[Served]:
    """``cpoly serve OPTIONS`` in a subprocess on a free port of ``host``, its cache folder in
    ``folder``; waits until it answers, and stops it (SIGTERM, then SIGKILL) at the end."""
    port = _free_port()
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "serve.log"
    cache = folder / "serve-cache"
    with log.open("w") as out:
        process = subprocess.Popen([sys.executable, "-m", "cpoly", "serve", "--port", str(port), "--host", host,
                                    "--cache-dir", str(cache), *options], cwd=ROOT,
                                   env=child_env(folder / "cache"), stdout=out, stderr=subprocess.STDOUT)
    served = Served(process, port, cache, log)
    try:
        try:
            api_games(process, port, 30, host)
        except AssertionError as error:
            pytest.fail(f"{error}: {log.read_text()}")
        yield served
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``cpoly serve`` in a subprocess on a free port of 127.0.0.1; yields its base URL."""
    with serving(tmp_path_factory.mktemp("serve")) as served:
        yield served.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian chromium; fails (never skips) when it is not installed."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), "
                    "as the README's test command does")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page of the browser, 1280 px wide, its default timeout generous for a busy machine."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server)
    page = context.new_page()
    page.set_default_timeout(120_000)
    yield page
    context.close()
