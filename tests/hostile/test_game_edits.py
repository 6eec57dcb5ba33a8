"""Whole-file fuzzing of the shipped games and the standard library (issue 35).

Meaning-preserving edits (a comment after every line, blank and comment lines around the file,
a definition renamed everywhere, the operands of ``a * b`` swapped) must give identical counts
(``cpoly count --json``, the renamed name mapped back); destructive edits (a line deleted,
duplicated or swapped with another, the file cut short) must end with exit 0 or exit 2 and a
``file:line:col`` JSON error, never a traceback or exit 70.  A few games are drawn per run;
the seed is printed in every failure (``CPOLY_HOSTILE_SEED=N`` replays one)."""

from __future__ import annotations

import io
import json
import random
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cpoly.cli.main import main
from tests.hostile.seed import SEED

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "cpoly" / "definitions").glob("*.cp"))
LIBRARY = sorted((ROOT / "cpoly" / "lib").glob("*.cp"))
GAMES_PER_RUN = 3
_DEFINED = re.compile(r"^(?:override\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=", re.MULTILINE)
_PRODUCT = re.compile(r"(?<=[=(+,] )([A-Za-z_][A-Za-z0-9_]*) \* ([A-Za-z_][A-Za-z0-9_]*)(?=\s*(?:[+),]|$))",
                      re.MULTILINE)
_LIBRARY_NAMES = {name for path in LIBRARY for name in _DEFINED.findall(path.read_text())}


def count(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["count", str(path), "--json"])
    assert "Traceback" not in err.getvalue(), err.getvalue()
    return code, out.getvalue()


def _with_comments(text: str, rng: random.Random) -> tuple[str, dict[str, str]]:
    lines = [f"{line}  // note {rng.randrange(1000)}" if line.strip() else line for line in text.splitlines()]
    return "// a comment first\n\n" + "\n".join(lines) + "\n\n// and one last\n", {}


def _renamed(text: str, rng: random.Random) -> tuple[str, dict[str, str]]:
    own = sorted(set(_DEFINED.findall(text)) - _LIBRARY_NAMES)
    if not own:
        return text, {}
    name = rng.choice(own)
    new = f"{name}Renamed{rng.randrange(100)}"
    return re.sub(rf"\b{name}\b", new, text), {new: name}


def _swapped_products(text: str, rng: random.Random) -> tuple[str, dict[str, str]]:
    return _PRODUCT.sub(lambda found: f"{found[2]} * {found[1]}", text), {}


PRESERVING: dict[str, Callable[[str, random.Random], tuple[str, dict[str, str]]]] = {
    "comments": _with_comments, "rename": _renamed, "swap": _swapped_products}


def _destroyed(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.splitlines()
    how = rng.choice(["delete", "duplicate", "swap", "truncate"])
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if how == "delete":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    elif how == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    else:
        return text[:rng.randrange(len(text))], f"truncate at {len(text)}"
    return "\n".join(lines) + "\n", f"{how} line {i + 1} ({j + 1})"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped games with the library in ``lib/`` (games import each other and the
    library), and a private cache."""
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(ROOT / "cpoly" / "definitions", tmp_path / "games")
    return tmp_path / "games"


@contextmanager
def edited(path: Path, text: str) -> Iterator[None]:
    """``path`` holding ``text`` inside the block, then as it was."""
    original = path.read_text()
    path.write_text(text)
    try:
        yield
    finally:
        path.write_text(original)


def _targets(rng: random.Random, tree: Path) -> list[tuple[Path, Path]]:
    """(file to edit, game to count): a few games, and a library file under a game importing it."""
    games = [(tree / game.name, tree / game.name) for game in rng.sample(GAMES, GAMES_PER_RUN)]
    library = tree / "lib" / rng.choice(LIBRARY).name
    users = [tree / game.name for game in GAMES if f'"{library.name}"' in game.read_text()]
    return games + ([(library, rng.choice(users))] if users else [])


def test_meaning_preserving_edits_give_identical_counts(tree: Path) -> None:
    rng = random.Random(SEED)
    for target, game in _targets(rng, tree):
        code, expected = count(game)
        assert code == 0, (game, expected)
        for kind, edit in PRESERVING.items():
            text, renamed = edit(target.read_text(), rng)
            with edited(target, text):
                code, answer = count(game)
            for new, old in renamed.items():
                answer = answer.replace(new, old)
            replay = f"CPOLY_HOSTILE_SEED={SEED}: {target.name} under {game.name}, {kind} {renamed}"
            assert code == 0, (replay, answer)
            assert _unplaced(json.loads(answer)) == _unplaced(json.loads(expected)), replay


def _unplaced(counted: dict[str, Any]) -> dict[str, Any]:
    """A count's JSON with its warnings' lines and columns left out (an added comment line moves
    them; what they say must stay)."""
    warnings = [{k: v for k, v in w.items() if k not in ("line", "column")} for w in counted.get("warnings", [])]
    return {**counted, "warnings": warnings}


def test_destructive_edits_end_in_exit_0_or_a_located_error(tree: Path) -> None:
    rng = random.Random(SEED + 1)
    for target, game in _targets(rng, tree):
        for _ in range(2):
            text, damage = _destroyed(target.read_text(), rng)
            with edited(target, text):
                code, answer = count(game)
            replay = f"CPOLY_HOSTILE_SEED={SEED}: {target.name} under {game.name}, {damage}"
            assert code in (0, 2), (replay, code, answer)
            if code == 2:
                assert json.loads(answer)["error"]["message"], replay
