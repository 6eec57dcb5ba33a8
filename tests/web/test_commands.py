"""The README's test command is what CI runs, and it installs the browser the web tests need;
``cpoly serve`` refuses bad options and stops on Ctrl-C like every command."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.web.conftest import CHROMIUM, ROOT, _free_port, child_env, cli


def _readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text()
    found = re.search(r"Install and run the tests.*?```sh\n(.*?)\n```", readme, re.DOTALL)
    assert found, "README.md lost its test command"
    return found[1].strip()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    command = _readme_test_command()
    lines = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert lines[-1] == command
    assert "apt-get install -y chromium" in command and CHROMIUM in command
    assert command.endswith("python3 -m pip install -e '.[test]' && python3 -m pytest")


def test_serve_refuses_bad_options() -> None:
    run = cli("serve", "--definitions", "/no/such/folder")
    assert run.returncode == 2
    assert run.stderr.strip() == "error: --definitions /no/such/folder is not a folder"
    run = cli("serve", "--time-limit", "0")
    assert run.returncode == 2 and "must be positive" in run.stderr


def test_serve_refuses_a_busy_or_impossible_port() -> None:
    """A port in use was uvicorn's log line and exit 3 after the address was announced; a port
    out of range was a traceback (exit 70)."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = cli("serve", "--port", str(port))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip() == f"error: cannot serve on 127.0.0.1:{port}: Address already in use (choose another --port)"
    run = cli("serve", "--port", "99999")
    assert run.returncode == 2 and run.stderr.strip() == "error: --port must be 1 to 65535, got 99999"
    run = cli("serve", "--memory-limit", "inf")
    assert run.returncode == 2 and "must be positive" in run.stderr


@pytest.mark.parametrize("inherited", [signal.SIG_DFL, signal.SIG_IGN], ids=["terminal", "background"])
def test_serve_stops_on_sigint_with_exit_130(tmp_path, inherited) -> None:
    """Ctrl-C is exit code 130 and one line, as for every command.  uvicorn handles SIGINT
    itself and, after its graceful shutdown, raises the signal again under the handler it found:
    from a terminal asyncio turned that into KeyboardInterrupt (130), but a server started in the
    background by a non-interactive shell (``cpoly serve &`` in a script: SIGINT ignored) returned
    normally and exited 0 on ``kill -INT``.  The server answers first, so uvicorn gets the signal."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "cpoly", "serve", "--port", str(port)], cwd=ROOT,
                               env=child_env(tmp_path / "cache"), text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, inherited))
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).read()
                break
            except OSError:
                assert process.poll() is None, process.communicate()
                time.sleep(0.1)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, (out, err)
    assert err.strip() == "cpoly: interrupted" and "Traceback" not in err
    assert out.startswith(f"cpoly web app on http://127.0.0.1:{port}/")
