"""A .cp file may end its lines with LF, CRLF or a lone CR (classic Mac): the same game, and
errors at the same line and column (a CR-only file said "has no game section")."""

from __future__ import annotations

import json

import pytest

from cpoly.cli.main import main
from tests.conftest import DEFINITIONS

ENDINGS = {"crlf": "\r\n", "cr": "\r"}


def _counts(path, capsys) -> object:
    assert main(["count", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("ending", sorted(ENDINGS))
@pytest.mark.parametrize("game", ["jacks_or_better.cp", "deuces_wild.cp"])
def test_a_shipped_game_counts_the_same_with_any_line_ending(game, ending, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path / "cache"))
    text = (DEFINITIONS / game).read_text(encoding="utf-8")
    copy = tmp_path / game
    copy.write_bytes(text.replace("\n", ENDINGS[ending]).encode("utf-8"))
    assert b"\n" not in copy.read_bytes() or ending == "crlf"
    assert _counts(copy, capsys) == _counts(DEFINITIONS / game, capsys)


@pytest.mark.parametrize("ending", sorted(ENDINGS))
@pytest.mark.parametrize("lines, line, column, message", [
    # a name error on the fourth line, after a statement continued over two lines
    (['import "poker.cp"', 'game "Mac"', "categories Flush,", "           Straight, Tenn"], 4, 22,
     "unknown name 'Tenn'"),
    (['import "poker.cp"', 'game "Mac"', "X = (Flush +", "     Straight $ 1)", "categories X"], 4, 15,
     "unexpected character '$'"),
    (['game "Mac"', "X = (1 +", ""], 2, 8, "unexpected end of file"),
])
def test_an_error_in_a_file_with_other_line_endings_points_at_its_line_and_column(
        ending, lines, line, column, message, tmp_path, capsys):
    path = tmp_path / "mac.cp"
    path.write_bytes(ENDINGS[ending].join(lines).encode("utf-8"))
    assert main(["count", str(path)]) == 2
    first, source, caret = capsys.readouterr().err.rstrip("\n").split("\n")
    assert first.startswith(f"{path}:{line}:{column}: error: ") and message in first, first
    assert source == "  " + lines[line - 1] and "\r" not in source
    assert caret == "  " + " " * (column - 1) + "^"
    assert main(["count", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["line"], error["column"]) == (line, column)
