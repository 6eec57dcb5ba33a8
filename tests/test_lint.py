"""The code stays lint-clean and strictly typed: ``ruff check`` and ``mypy --strict`` run in the
suite (so in CI, by the README's test command), each failing with its own report."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_check_is_clean() -> None:
    result = _run("ruff", "check", "cpoly", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = _run("mypy", "--strict", "cpoly")
    assert result.returncode == 0, result.stdout + result.stderr
