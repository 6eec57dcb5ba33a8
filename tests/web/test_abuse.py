"""``cpoly serve`` tried as a hostile client would (issue 25), against a real server on 127.0.0.1:
DNS rebinding (Host, Origin), bodies too large or too deep, half-sent requests, a full queue,
an impossible memory limit, SIGTERM with jobs running and queued, and the cache folder's cap.
Every loop is bounded; no test asserts a wall-clock time."""

from __future__ import annotations

import http.client
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cpoly.lang.parse import parse_text
from cpoly.web.cachefolder import NO_GAME
from cpoly.web.games import without_comments
from tests.web.conftest import ROOT, Served, cli, cpoly_processes, serving

JACKS = (ROOT / "definitions" / "jacks_or_better.cp").read_text()
LONG_EQUITY = {"hands": "random random random", "dead": "2c 3d 4h 5s", "samples": 10**9}
MARKER = "--dead=2c 3d 4h 5s"  # the command line of LONG_EQUITY's process


def call(served: Served | SimpleNamespace, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
         raw: bytes | None = None) -> tuple[int, dict[str, str], Any]:
    """One request (``Host: 127.0.0.1:PORT`` unless ``headers`` says otherwise); the status, the
    headers (lower case) and the JSON answer (which every answer must be)."""
    sent = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    all_headers = {"Host": f"127.0.0.1:{served.port}", "Content-Type": "application/json", **(headers or {})}
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=120)
    try:
        connection.request(method, path, body=sent, headers=all_headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, json.loads(data)
    finally:
        connection.close()


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One server with small limits: a 64 KiB body, 1 s to send a request, one worker and
    three jobs waiting at most."""
    with serving(tmp_path_factory.mktemp("guarded"), "--body-limit", "0.0625", "--read-timeout", "1",
                 "--workers", "1", "--queue-limit", "3", "--time-limit", "120") as served:
        yield served


def _cancel_all(served: Served, ids: list[str]) -> None:
    for job in ids:
        call(served, "DELETE", f"/api/jobs/{job}")


# ---- DNS rebinding -------------------------------------------------------------------------------
def test_foreign_host_names_are_refused(guarded: Served) -> None:
    """The issue's reproducer: ``Host: attacker.example:PORT`` got 200 and the result."""
    port = guarded.port
    for host in ["attacker.example:%d" % port, "attacker.example", "127.0.0.1", f"127.0.0.1:{port + 1}",
                 f"localhost.attacker.example:{port}", ""]:
        status, _, answer = call(guarded, "POST", "/api/eval", {"cards": "Ah Kh Qh Jh Th"}, {"Host": host})
        assert status == 421, host
        assert answer["error"]["field"] == "request" and "host" in answer["error"]["message"]
    for host in [f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"]:
        status, _, answer = call(guarded, "POST", "/api/eval", {"cards": "Ah Kh Qh Jh Th"}, {"Host": host})
        assert status == 200 and answer["category"], host
    status, _, _ = call(guarded, "GET", "/api/games", headers={"Host": f"attacker.example:{port}"})
    assert status == 421


def test_cross_site_origins_are_refused(guarded: Served) -> None:
    port = guarded.port
    evil = {"Host": f"attacker.example:{port}", "Origin": f"http://attacker.example:{port}"}
    assert call(guarded, "POST", "/api/equity", {"hands": "AsAh KsKh"}, evil)[0] == 421  # the curl
    for origin in [f"http://attacker.example:{port}", "null", f"https://127.0.0.1:{port}",
                   f"http://127.0.0.1:{port + 1}"]:
        status, _, answer = call(guarded, "POST", "/api/eval", {"cards": "Ah Kh Qh Jh Th"}, {"Origin": origin})
        assert status == 403 and "refused" in answer["error"]["message"], origin
        assert call(guarded, "DELETE", "/api/jobs/1", headers={"Origin": origin})[0] == 403
    for origin in [f"http://127.0.0.1:{port}", f"http://localhost:{port}"]:
        assert call(guarded, "POST", "/api/eval", {"cards": "Ah Kh Qh Jh Th"}, {"Origin": origin})[0] == 200


def test_the_host_given_is_answered_too(tmp_path: Path) -> None:
    with serving(tmp_path, host="127.0.0.2") as served:
        for host, expected in [(f"127.0.0.2:{served.port}", 200), (f"localhost:{served.port}", 200),
                               (f"127.0.0.3:{served.port}", 421)]:
            connection = http.client.HTTPConnection("127.0.0.2", served.port, timeout=60)
            connection.request("GET", "/api/games", headers={"Host": host})
            response = connection.getresponse()
            assert response.status == expected and json.loads(response.read())
            connection.close()
        assert served.log.read_text().startswith(f"cpoly web app on http://127.0.0.2:{served.port}/")


# ---- bodies ----------------------------------------------------------------------------------------
def test_a_body_over_the_limit_is_413_before_it_is_held(guarded: Served) -> None:
    """A 300 MB body took the server from 31 MB to 811 MB.  Declared too large: 413 at once;
    sent without a length (chunked), 413 once the limit is passed, the rest never read."""
    before = guarded.rss()
    status, _, answer = call(guarded, "POST", "/api/eval", raw=b" " * (65 << 10))
    assert status == 413 and "--body-limit" in answer["error"]["message"]
    connection = http.client.HTTPConnection("127.0.0.1", guarded.port, timeout=60)
    connection.putrequest("POST", "/api/eval", skip_host=True)
    connection.putheader("Host", f"127.0.0.1:{guarded.port}")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Transfer-Encoding", "chunked")
    connection.endheaders()
    chunk = b" " * (1 << 20)
    sent = 0
    try:
        for _ in range(300):  # up to 300 MB, as in the issue
            connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sent += 1
    except OSError:
        pass  # the server answered and closed the connection
    response = connection.getresponse()
    assert response.status == 413 and json.loads(response.read())["error"]["field"] == "request"
    connection.close()
    assert sent < 300
    assert guarded.rss() < before + (64 << 20)
    small = json.dumps({"cards": "Ah Kh Qh Jh Th", "padding": " " * (60 << 10)}).encode()
    assert call(guarded, "POST", "/api/eval", raw=small)[0] == 200


@pytest.mark.parametrize("raw", [b"[" * 100000 + b"]" * 100000, b'{"pays": ' + b"[" * 5000 + b"]" * 5000 + b"}",
                                 b'{"pays": ' + b'{"a": ' * 20 + b"1" + b"}" * 21, b"{", b"\xff", b'{"a": 1}x'],
                         ids=["nested-list", "nested-pays", "nested-objects", "unclosed", "not-utf8", "trailing"])
def test_deep_or_bad_json_is_400(server: str, raw: bytes) -> None:
    """``'['*100000 + ']'*100000`` was a RecursionError and a 500 (the default 4 MiB body limit)."""
    status, _, answer = call(SimpleNamespace(port=int(server.rsplit(":", 1)[1])), "POST", "/api/hold", raw=raw)
    assert status == 400 and answer["error"]["message"], answer


# ---- slow clients --------------------------------------------------------------------------------
def _closed_by_server(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (the socket's own timeout bounds it)."""
    sock.settimeout(30)
    received = b""
    while True:
        data = sock.recv(65536)
        if not data:
            return received
        received += data


def test_half_sent_requests_are_dropped(guarded: Served) -> None:
    """300 half-sent requests stayed open 50 s or more.  With ``--read-timeout 1`` the server
    closes a connection whose head or body has not arrived: a head cut short gets nothing, a
    body cut short gets 408."""
    heads, bodies = [], []
    for _ in range(40):
        head = socket.create_connection(("127.0.0.1", guarded.port))
        head.sendall(b"POST /api/eval HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Ty" % guarded.port)
        heads.append(head)
        body = socket.create_connection(("127.0.0.1", guarded.port))
        body.sendall(b"POST /api/eval HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"cards\": " % guarded.port)
        bodies.append(body)
    for sock in heads:
        assert _closed_by_server(sock) == b""
        sock.close()
    for sock in bodies:
        answer = _closed_by_server(sock)
        assert answer.startswith(b"HTTP/1.1 408 ") and b'"field": "request"' in answer
        sock.close()
    idle = socket.create_connection(("127.0.0.1", guarded.port))  # a connection that sends nothing
    assert _closed_by_server(idle) == b""
    idle.close()
    assert call(guarded, "POST", "/api/eval", {"cards": "Ah Kh Qh Jh Th"})[0] == 200


# ---- the queue -------------------------------------------------------------------------------------
def test_a_full_queue_is_429_and_queued_jobs_have_no_folder(guarded: Served) -> None:
    """3,000 jobs behind two long ones made 3,002 temporary folders.  One worker, three places:
    the fifth job is 429 with Retry-After, and the queued uploads have no folder yet."""
    ids = []
    try:
        status, _, running = call(guarded, "POST", "/api/jobs/equity", LONG_EQUITY)
        assert status == 202
        ids.append(running["id"])
        for _ in range(200):
            if call(guarded, "GET", f"/api/jobs/{running['id']}")[2]["state"] == "running":
                break
            time.sleep(0.05)
        for index in range(3):
            upload = {"source": JACKS + f"\nQueued{index} = 1\n", "filename": f"queued{index}.cp"}
            status, _, job = call(guarded, "POST", "/api/jobs/analyze", upload)
            assert status == 202 and job["state"] == "queued"
            ids.append(job["id"])
        status, headers, answer = call(guarded, "POST", "/api/jobs/eval", {"cards": "Ah Kh Qh Jh Th"})
        assert status == 429 and int(headers["retry-after"]) >= 1
        assert "--queue-limit" in answer["error"]["message"]
        assert call(guarded, "POST", "/api/eval", {"cards": "Ah Kh Qh Jh Th"})[0] == 429
        games = [entry for entry in guarded.cache.iterdir() if entry.is_dir() and entry.name != NO_GAME]
        assert not any(any(entry.glob("game/queued*.cp")) for entry in games)
    finally:
        _cancel_all(guarded, ids)
    assert call(guarded, "POST", "/api/eval", {"cards": "Ah Kh Qh Jh Th"})[0] == 200


# ---- limits given at start-up ------------------------------------------------------------------
@pytest.mark.parametrize("value", ["1e30", "1e10", "nan", "-1"])
def test_an_impossible_memory_limit_is_refused_at_start(value: str) -> None:
    """``--memory-limit 1e30`` started, then answered every request with 500 "Exception occurred
    in preexec_fn"."""
    run = cli("serve", "--memory-limit", value)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stdout == ""
    assert run.stderr.startswith("error: --memory-limit") and run.stderr.count("\n") == 1, run.stderr


def test_a_memory_limit_over_the_hard_limit_is_refused() -> None:
    hard = 16 << 30

    def lower_hard_limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))

    run = subprocess.run([sys.executable, "-m", "cpoly", "serve", "--memory-limit", "32"], cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                         timeout=120, preexec_fn=lower_hard_limit)
    assert run.returncode == 2
    assert run.stderr.strip() == "error: --memory-limit 32 GiB is more than this process may use: its hard limit is 16 GiB (ulimit -Hv)"


@pytest.mark.parametrize(("option", "value"), [("--body-limit", "0"), ("--read-timeout", "inf"),
                                               ("--queue-limit", "0"), ("--cache-size", "-2")])
def test_other_impossible_options_are_refused(option: str, value: str) -> None:
    run = cli("serve", option, value)
    assert run.returncode == 2 and run.stderr.strip() == f"error: {option} must be positive, got {value.lstrip('+')}"


def test_one_server_per_cache_folder(guarded: Served) -> None:
    run = cli("serve", "--port", str(guarded.port + 1), "--cache-dir", str(guarded.cache))
    assert run.returncode == 2 and "another cpoly serve uses the cache folder" in run.stderr


# ---- stopping --------------------------------------------------------------------------------------
def test_sigterm_cancels_running_and_queued_jobs(tmp_path: Path) -> None:
    """Two servers with 300 queued jobs were still running 20 minutes after SIGTERM."""
    with serving(tmp_path, "--workers", "2", "--queue-limit", "300") as served:
        for _ in range(2):
            assert call(served, "POST", "/api/jobs/equity", LONG_EQUITY)[0] == 202
        for index in range(60):
            upload = {"source": JACKS + f"\nQueued{index} = 1\n", "filename": f"q{index}.cp"}
            assert call(served, "POST", "/api/jobs/analyze", upload)[0] == 202
        for _ in range(200):
            if len(cpoly_processes(MARKER)) >= 2:
                break
            time.sleep(0.05)
        assert len(cpoly_processes(MARKER)) >= 2, "the long jobs never started"
        waited: list[Any] = []
        waiting = threading.Thread(target=lambda: waited.append(call(served, "POST", "/api/equity", LONG_EQUITY)))
        waiting.start()
        for _ in range(200):  # until the waiting request's job is queued
            if call(served, "GET", "/api/jobs/63")[0] == 200:
                break
            time.sleep(0.05)
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(timeout=30)
        waiting.join(timeout=30)
        assert waited and waited[0][0] == 409 and waited[0][2]["error"]["message"] == "cancelled"
        assert served.process.returncode in (0, -signal.SIGTERM)
        for _ in range(100):
            if not cpoly_processes(MARKER):
                break
            time.sleep(0.05)
        assert not cpoly_processes(MARKER), "a job's process outlived the server"
        assert not list(served.cache.rglob("q*.cp")), "a queued job got a folder"
        assert not list(served.cache.rglob(".*.tmp"))
        assert "Traceback" not in served.log.read_text()


# ---- the cache folder ----------------------------------------------------------------------------
def _files(folder: Path) -> dict[str, int]:
    return {str(path.relative_to(folder)): path.stat().st_size for path in folder.rglob("*") if path.is_file()}


def test_uploads_share_one_entry_and_the_cache_keeps_its_cap(tmp_path: Path) -> None:
    """Five identical uploads added 17 files and 34 MB; two uploads differing by a comment each
    wrote a new 26.8 MB suit-class entry.  Now: one entry for both, and least recently used
    entries go once the folder passes its cap (40 MiB: one Jacks or Better analysis, ~28 MB, fits)."""
    cap = 40 << 20
    with serving(tmp_path, "--cache-size", str(cap / (1 << 30)), "--workers", "1") as served:
        expected = call(served, "POST", "/api/analyze", {"game": "jacks_or_better"})[2]
        first = call(served, "POST", "/api/analyze", {"source": JACKS, "filename": "mine.cp"})
        assert first[0] == 200 and first[2] == expected
        files = _files(served.cache)
        commented = JACKS.replace("\n", "  // a comment of mine\n", 5)
        assert commented != JACKS
        for source in [JACKS, JACKS, JACKS, JACKS, commented]:
            assert call(served, "POST", "/api/analyze", {"source": source, "filename": "mine.cp"})[2] == expected
        assert _files(served.cache) == files
        assert call(served, "POST", "/api/analyze", {"source": JACKS, "filename": "again.cp"})[2] == expected
        after = _files(served.cache)  # another name: its own small hold file, the same suit classes
        assert [name for name in after if "suit-classes" in name] == [name for name in files if "suit-classes" in name]
        assert sum(after.values()) - sum(files.values()) < 4 << 20
        assert sum(after.values()) <= cap
        for index in range(2):  # two other games (one more line each): each evicts the oldest
            other = call(served, "POST", "/api/analyze", {"source": JACKS + f"\nOther{index} = 1\n"})
            assert other[0] == 200 and other[2]["return"] == expected["return"]
            assert sum(_files(served.cache).values()) <= cap
        entries = [entry.name for entry in served.cache.iterdir() if entry.is_dir()]
        assert 1 <= len(entries) <= 2


@pytest.mark.parametrize("path", sorted((ROOT / "definitions").glob("*.cp")) + sorted((ROOT / "cpoly" / "lib").glob("*.cp")),
                         ids=lambda path: path.name)
def test_a_game_without_its_comments_parses_the_same(path: Path) -> None:
    """Uploads run without their comments: the parse tree, and every token's line and column,
    must be those of the file as written."""
    text = path.read_text()
    stripped = without_comments(text)
    assert stripped.count("\n") == text.count("\n")
    assert (stripped != text) == ("//" in text)  # no shipped file has "//" inside a string
    original, again = parse_text(text, path.name), parse_text(stripped, path.name)
    assert again == original
    assert [(t.line, t.column, t) for t in again.scan_values(lambda v: True)] == \
        [(t.line, t.column, t) for t in original.scan_values(lambda v: True)]
