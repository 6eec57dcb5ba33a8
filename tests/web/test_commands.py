"""The README's test command is what CI runs, and it installs the browser the web tests need;
``cpoly serve`` refuses bad options like every command."""

from __future__ import annotations

import re

from tests.web.conftest import CHROMIUM, ROOT, cli


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
