"""``--no-cache``: no command reads or writes the cache directory (``analyze --no-cache`` still
wrote ``checks-*.vpc`` and ``code-*.digest``, and only ``analyze`` took the option).  Run as the
user runs it: each command a fresh process, ``CPOLY_CACHE_DIR`` an empty folder."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

#: A 24-card game (six faces): every video-poker command runs in well under a second on it.
SMALL = """import "poker.cp"
override Faces = 6
game "Small"
categories Flush, ThreeOfAKind, TwoPair
paytable "p": Flush 5, ThreeOfAKind 3, TwoPair 2
"""
HAND = ["2h", "2d", "3c", "4s", "5h"]


def _commands(game: str) -> list[tuple[list[str], str]]:
    """Every command that loads a game (with its input on stdin), and Hold'em's."""
    return [(["count", game], ""), (["check", game, *HAND], ""), (["paytables", game], ""),
            (["hold", game, *HAND], ""), (["hold", game, *HAND, "--mine", "2h 2d"], ""),
            (["analyze", game], ""), (["strategy", game, "--lines", "4"], ""),
            (["train", game, "--hands", "2", "--seed", "3"], "none\nall\n"),
            (["eval", "Ah", "Kh", "Qh", "Jh", "Th"], ""), (["equity", "AsAh", "KsKh", "--board", "Kd 7c 2s"], "")]


def _run(args: list[str], stdin: str, cache: str) -> None:
    env = {**os.environ, "CPOLY_CACHE_DIR": cache}
    env.pop("CPOLY_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-m", "cpoly", *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, (args, done.stderr)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("no-cache") / "small.cp"
    path.write_text(SMALL, encoding="utf-8")
    return str(path)


def test_no_command_writes_the_cache_with_no_cache(game, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    for args, stdin in _commands(game):
        _run([*args, "--no-cache"], stdin, str(cache))
        assert list(cache.iterdir()) == [], args


def test_without_it_the_same_commands_fill_the_cache(game, tmp_path):
    """The control: these commands are the ones that write (a snapshot and its sources, the
    code digest, the checks, the prepared game, the strategy's patterns)."""
    cache = tmp_path / "cache"
    for args, stdin in _commands(game)[3:7]:
        _run(args, stdin, str(cache))
    kinds = {path.name.split("-")[0] for path in cache.iterdir()}
    assert {"game", "sources", "code", "checks", "prepared", "patterns"} <= kinds, kinds


def test_a_warm_cache_is_not_read_with_no_cache(game, tmp_path, capsys, monkeypatch):
    """With a snapshot there, ``--no-cache`` does not look for it (nor write one), and the
    switch is off again after the command."""
    from cpoly.cli.main import main
    from cpoly.store import snapshot
    from cpoly.store.sources import cache_enabled

    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["count", game]) == 0
    first = capsys.readouterr().out
    looked = []
    where = snapshot.snapshot_path
    monkeypatch.setattr(snapshot, "snapshot_path", lambda *args: looked.append(args) or where(*args))
    assert main(["count", game, "--no-cache"]) == 0
    assert capsys.readouterr().out == first and looked == []
    assert cache_enabled() and main(["count", game]) == 0 and looked  # read again without it
