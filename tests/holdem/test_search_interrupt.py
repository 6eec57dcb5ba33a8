"""Issue 34, item 6: Ctrl-C during a search on a local Dask cluster is one line and exit 130, and
a ``--scheduler`` that is not a Dask scheduler is a clear error naming the address, exit 2.

The bad schedulers are servers started here on 127.0.0.1: a port where nothing listens, a TCP
server that accepts and says nothing and Python's HTTP server (the client hung), a server that
answers with an HTTP 400 (Dask read ``HTTP/1.1`` as a message length and ran out of memory).  A hang would end in the subprocess's timeout, a
failure; no time is asserted.
"""

from __future__ import annotations

import http.server
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from cpoly.errors import CpolyError
from cpoly.scale.daskclient import PROBE_SECONDS, check_scheduler, parse_greeting

ROOT = Path(__file__).resolve().parents[2]


def _cpoly(*argv: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cpoly", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "CPOLY_DEBUG": "0"})


@contextmanager
def _silent_server() -> Iterator[str]:
    """A TCP server on 127.0.0.1 that accepts connections and never says a word."""
    with _tcp_server(lambda connection: None) as address:
        yield address


@contextmanager
def _rejecting_server() -> Iterator[str]:
    """A TCP server on 127.0.0.1 that answers the first bytes it gets with an HTTP 400, as
    nginx does to a request line it cannot parse."""
    def reject(connection: socket.socket) -> None:
        connection.recv(1024)
        connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    with _tcp_server(reject) as address:
        yield address


@contextmanager
def _tcp_server(serve: Callable[[socket.socket], None]) -> Iterator[str]:
    """A TCP server on 127.0.0.1 calling ``serve`` on each connection (kept open until the end)."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except TimeoutError:
                continue
            held[-1].settimeout(30)
            serve(held[-1])

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        for connection in held:
            connection.close()
        listener.close()


@contextmanager
def _http_server() -> Iterator[str]:
    """Python's HTTP server on 127.0.0.1 (it waits for the end of a request line, which a
    Dask handshake never sends)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def _closed_port() -> Iterator[str]:
    """An address on 127.0.0.1 where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    yield f"tcp://127.0.0.1:{port}"


@pytest.mark.parametrize("server, reason", [
    (_closed_port, "nothing listens there (connection refused)"),
    (_silent_server, f"it said nothing within {PROBE_SECONDS:g} s"),
    (_http_server, f"it said nothing within {PROBE_SECONDS:g} s"),
    (_rejecting_server, "it answered b'HTTP/1.1' (an HTTP server?)"),
])
def test_a_bad_scheduler_is_one_clear_error(server: Callable[[], AbstractContextManager[str]], reason: str) -> None:
    with server() as address:
        started = time.monotonic()
        done = _cpoly("search", "--ranks", "TJQKA", "--scheduler", address, timeout=120)
        seconds = time.monotonic() - started
    print(f"\n{reason}: {seconds:.1f} s")
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and address in lines[0] and lines[0].endswith(reason), done.stderr


def test_a_bad_scheduler_as_json() -> None:
    with _rejecting_server() as address:
        done = _cpoly("search", "--ranks", "TJQKA", "--scheduler", address, "--json", timeout=120)
    assert done.returncode == 2 and done.stderr == ""
    assert f"the server at {address} is not a Dask scheduler" in done.stdout


def test_the_probe_accepts_a_scheduler_greeting_and_names_other_shapes() -> None:
    framed = (1).to_bytes(8, "little") + (3).to_bytes(8, "little") + b"abc"
    assert parse_greeting(len(framed).to_bytes(8, "little") + framed) is None
    assert parse_greeting(b"SSH-2.0-OpenSSH_9") == "it answered b'SSH-2.0-'"  # a huge length word
    assert parse_greeting((19).to_bytes(8, "little") + framed[:-1]) == f"it answered {(19).to_bytes(8, 'little')!r}"
    with pytest.raises(CpolyError, match="not a host:port address"):
        check_scheduler("tcp://nowhere")


def test_ctrl_c_on_a_local_cluster_is_one_line_and_exit_130(tmp_path: Path) -> None:
    """The full search on two local workers; once its first checkpoint is written (the workers
    are running), SIGINT to the whole process group, as a terminal's Ctrl-C sends it.  The
    workers used to print about 60 lines of tracebacks."""
    out = tmp_path / "run"
    process = subprocess.Popen([sys.executable, "-m", "cpoly", "search", "--workers", "2", "--out", str(out)],
                               cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, env={**os.environ, "CPOLY_DEBUG": "0"})
    try:
        deadline = time.monotonic() + 300
        while not any(out.glob("pass1/*.npz")) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert process.poll() is None, process.communicate()
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130
    assert err == "cpoly: interrupted\n"
