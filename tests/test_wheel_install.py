"""A normal install works: the wheel carries the shipped games, and cpoly runs from it outside
the checkout (``equity``, ``eval``, ``count``, ``analyze``, and ``serve`` answering one request).

The wheel is built from a copy of the checkout's tracked files and installed with ``--no-deps``
into a fresh virtual environment; the environment reaches this interpreter's third-party
packages through a path line (not the site folder itself, whose ``.pth`` hooks would load the
editable checkout), so ``import cpoly`` can only find the wheel's copy.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.web.conftest import api_games

pytestmark = pytest.mark.slow


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 600
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(the venv's cpoly, a working folder outside the checkout, the environment to run in)."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    tracked = _run(["git", "ls-files", "-z"], ROOT).stdout.split("\0")
    for name in filter(None, tracked):
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_symlink():
            target.symlink_to(os.readlink(ROOT / name))
        elif (ROOT / name).is_file():
            shutil.copy2(ROOT / name, target)
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(base / "dist"),
                  str(source)], base)
    assert built.returncode == 0, built.stdout + built.stderr
    venv = base / "venv"
    assert _run([sys.executable, "-m", "venv", str(venv)], base).returncode == 0
    python = venv / "bin" / "python"
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], base).stdout.strip())
    (site / "host_packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    wheel = next((base / "dist").glob("cpoly-*.whl"))
    done = _run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)], base)
    assert done.returncode == 0, done.stdout + done.stderr
    work = base / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["CPOLY_CACHE_DIR"] = str(base / "cache")
    return venv / "bin" / "cpoly", work, env


def test_cpoly_comes_from_the_wheel(installed: tuple[Path, Path, dict[str, str]]) -> None:
    cpoly, work, env = installed
    where = _run([str(cpoly.parent / "python"), "-c", "import cpoly; print(cpoly.__file__)"], work, env).stdout
    assert str(cpoly.parents[1]) in where, where


def test_equity_and_eval_find_the_default_game(installed: tuple[Path, Path, dict[str, str]]) -> None:
    cpoly, work, env = installed
    equity = _run([str(cpoly), "equity", "AsAh", "KsKh", "--json"], work, env)
    assert equity.returncode == 0, equity.stderr
    players = json.loads(equity.stdout)["players"]
    assert players[0]["win"] == 1410336 and players[0]["tie"] == 9308  # AsAh against KsKh, every board
    evaluated = _run([str(cpoly), "eval", "Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d"], work, env)
    assert evaluated.returncode == 0 and evaluated.stdout.startswith("royal flush"), evaluated.stderr


def test_count_and_analyze_a_shipped_game(installed: tuple[Path, Path, dict[str, str]]) -> None:
    cpoly, work, env = installed
    games = Path(_run([str(cpoly.parent / "python"), "-c", "from cpoly.store.sources import GAMES; print(GAMES)"],
                      work, env).stdout.strip())
    jacks = str(games / "jacks_or_better.cp")
    counted = _run([str(cpoly), "count", jacks, "--json"], work, env)
    assert counted.returncode == 0, counted.stderr
    assert {r["name"]: r["ways"] for r in json.loads(counted.stdout)["categories"]}["RoyalFlush"] == 4
    analyzed = _run([str(cpoly), "analyze", jacks, "--json"], work, env)
    assert analyzed.returncode == 0, analyzed.stderr
    assert json.loads(analyzed.stdout)["return_exact"] == "1653526326983/1661102543100"  # 99.5439 %


def test_serve_answers_a_request(installed: tuple[Path, Path, dict[str, str]]) -> None:
    cpoly, work, env = installed
    port = 18000 + os.getpid() % 1000
    server = subprocess.Popen([str(cpoly), "serve", "--port", str(port)], cwd=work, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert "jacks_or_better.cp" in json.dumps(api_games(server, port, 60))
    finally:
        server.terminate()
        server.wait(timeout=30)
