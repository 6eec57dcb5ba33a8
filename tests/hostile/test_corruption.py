"""Random corruption of every file cpoly keeps on disk (issue 35): the cache's containers
(prepared games, checks, hold files), the game snapshot, the sources record and the code digest,
whatever the commands below write into a private ``CPOLY_CACHE_DIR``.  Each file in turn has a
byte flipped, is cut short, or has bytes appended; the command is run again and must answer
exactly as on a clean cache (exit 0, the same JSON) or refuse cleanly (exit 2, a JSON error):
never a wrong number, a traceback or exit 70.

The seed is printed in every failure (``CPOLY_HOSTILE_SEED=N`` replays one)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.seed import SEED

ROOT = Path(__file__).resolve().parents[2]
GAME = str(ROOT / "tests" / "fixtures" / "small_poker.cp")
COMMANDS = [["analyze", GAME, "--json"], ["hold", GAME, "Ah", "Kh", "Qd", "9c", "9d", "--json"],
            ["count", GAME, "--json"]]


def cpoly(cache: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CPOLY_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, "-m", "cpoly", *args], env=env, capture_output=True, text=True,
                          timeout=600, cwd=ROOT)


def corrupt(path: Path, rng: random.Random) -> str:
    """Damage ``path`` one random way; the damage in words."""
    data = bytearray(path.read_bytes())
    how = rng.choice(["flip", "truncate", "append"]) if data else "append"
    if how == "flip":
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
        words = f"flip a bit of byte {at}"
    elif how == "truncate":
        size = rng.randrange(len(data))
        data = data[:size]
        words = f"truncate to {size} bytes"
    else:
        extra = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        data += extra
        words = f"append {len(extra)} bytes"
    path.write_bytes(bytes(data))
    return words


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A cache filled by the commands, and each command's answer on it."""
    cache = tmp_path_factory.mktemp("clean-cache")
    answers = []
    for args in COMMANDS:
        run = cpoly(cache, args)
        assert run.returncode == 0, run.stderr
        answers.append(run.stdout)
    for args, answer in zip(COMMANDS, answers):  # warm: answered from the cache, the same
        assert cpoly(cache, args).stdout == answer
    return cache, answers


def _files(cache: Path) -> list[Path]:
    return sorted(path.relative_to(cache) for path in cache.rglob("*") if path.is_file())


def test_the_cache_holds_every_kind_of_file(clean: tuple[Path, list[str]]) -> None:
    """The suite below is only as good as the files it damages: a snapshot, a sources record,
    the code digest, the containers of a prepared game and its checks, and the kept plans of
    its deal table."""
    names = {path.name.split("-")[0].split(".")[0] for path in _files(clean[0])}
    assert {"prepared", "checks", "game", "sources", "code", "plans"} <= names, names


def test_a_corrupted_cache_file_is_rebuilt_or_refused(clean: tuple[Path, list[str]], tmp_path: Path) -> None:
    cache, answers = clean
    rng = random.Random(SEED)
    for relative in _files(cache):
        for _ in range(2):
            work = tmp_path / "cache"
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(cache, work)
            damage = corrupt(work / relative, rng)
            which = rng.randrange(len(COMMANDS))
            run = cpoly(work, COMMANDS[which])
            replay = f"CPOLY_HOSTILE_SEED={SEED}: {relative}: {damage}; cpoly {' '.join(COMMANDS[which])}"
            assert "Traceback" not in run.stderr, (replay, run.stderr)
            if run.returncode == 0:
                assert run.stdout == answers[which], (replay, "a different answer")
            else:
                assert run.returncode == 2, (replay, run.returncode, run.stderr)
                assert json.loads(run.stdout)["error"]["message"], replay
