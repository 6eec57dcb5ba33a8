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
