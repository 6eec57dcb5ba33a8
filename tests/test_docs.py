"""docs/language.md: every ``cp`` block is a file the tests write, and every ``$ cpoly …`` command
is run and must print the lines shown (``…`` stands for text left out).  The tutorial game is
also measured against its goal: a new game in at most 15 lines plus its pay table."""

from __future__ import annotations

import re
import shlex

import pytest

from cpoly.cli.main import main
from tests.conftest import ROOT
from tests.docblocks import blocks_of, shown, squeeze

LANGUAGE = ROOT / "docs" / "language.md"


def _commands(block: str) -> list[tuple[list[str], list[str]]]:
    runs: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            argv = shlex.split(line[2:])
            assert argv[0] == "cpoly", line
            runs.append((argv[1:], []))
        elif line.strip():
            runs[-1][1].append(line)
    return runs


def test_every_block_is_a_file_or_a_command():
    kinds = {kind for kind, _ in blocks_of(LANGUAGE.read_text(encoding="utf-8"))}
    assert kinds == {"cp", "console"}
    for kind, text in blocks_of(LANGUAGE.read_text(encoding="utf-8")):
        if kind == "cp":
            assert re.match(r"// file: [\w.]+\.cp\n", text), text


def test_every_example_runs_and_prints_what_the_docs_show(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    ran = 0
    for kind, text in blocks_of(LANGUAGE.read_text(encoding="utf-8")):
        if kind == "cp":
            name = text.splitlines()[0].removeprefix("// file: ").strip()
            (tmp_path / name).write_text(text, encoding="utf-8")
            continue
        for argv, expected in _commands(text):
            code = main(argv)
            out, err = capsys.readouterr()
            lines = [squeeze(line) for line in (out + err).splitlines()]
            assert code == (2 if any("error:" in e for e in expected) else 0), (argv, err)
            for line in expected:
                assert shown(line, lines), (argv, line, out + err)
            ran += 1
    assert ran >= 12


def test_the_tutorial_game_is_short():
    """Goal of issue 12: a new game from the docs alone in at most 15 lines plus its pay table."""
    tutorial = next(text for kind, text in blocks_of(LANGUAGE.read_text(encoding="utf-8")) if "// file: aces_and_faces.cp" in text)
    lines = [line for line in tutorial.splitlines()[1:] if line.strip()]
    first_table = next(i for i, line in enumerate(lines) if line.startswith("paytable"))
    assert first_table <= 15


@pytest.mark.parametrize("width", [80])
def test_hold_fits_an_80_column_terminal(capsys, width):
    assert main(["hold", str(ROOT / "definitions" / "deuces_wild.cp"), "2h", "2d", "7c", "8s", "Kd"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > 32 and max(len(line) for line in out.splitlines()) <= width
