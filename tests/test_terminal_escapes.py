"""A control character in a user's text is shown, never obeyed: a game's title, its pay-table
names, the source line an error echoes and a card typed on the command line are printed with
their control characters escaped (``game "Jacks\\x1b[2J\\x1b]0;PWNED\\x07"`` cleared the screen and
set the window title); JSON output stays JSON.  Run as the user runs it: a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import DEFINITIONS, ROOT

TITLE = "Jacks\x1b[2J\x1b]0;PWNED\x07"
TABLE = "9/6\x9b31m\u202e"  # a C1 control sequence and a right-to-left override
#: What a terminal would obey: no output may hold any of them raw.
RAW = ("\x1b[2J", "\x1b]", "\x07", "\x9b", "\u202e")


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory):
    text = (DEFINITIONS / "jacks_or_better.cp").read_text(encoding="utf-8")
    text = text.replace('game "Jacks or Better"', f'game "{TITLE}"').replace('paytable "9/6"', f'paytable "{TABLE}"')
    path = tmp_path_factory.mktemp("escapes") / "jacks.cp"
    path.write_text(text, encoding="utf-8")
    return path


def _run(*args: str, terminal: bool = False, cache: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CPOLY_CACHE_DIR": cache, **({"FORCE_COLOR": "1"} if terminal else {})}
    return subprocess.run([sys.executable, "-m", "cpoly", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, cwd=ROOT, timeout=120)


def _shown(text: str) -> bool:
    return not any(raw in text for raw in RAW)


@pytest.mark.parametrize("terminal", [False, True], ids=["plain", "rich"])
def test_paytables_and_count_show_the_title_escaped(game, terminal, tmp_path):
    paytables = _run("paytables", str(game), terminal=terminal, cache=str(tmp_path))
    assert paytables.returncode == 0, paytables.stderr
    assert _shown(paytables.stdout) and "Jacks\\x1b[2J\\x1b]0;PWNED\\x07" in paytables.stdout
    assert "9/6\\x9b31m\\u202e" in paytables.stdout
    count = _run("count", str(game), terminal=terminal, cache=str(tmp_path))
    assert count.returncode == 0 and _shown(count.stdout) and "Jacks\\x1b[2J" in count.stdout


def test_hold_shows_the_title_and_table_escaped(game, tmp_path):
    for _ in range(2):  # cold, then warm (from the hold file)
        hold = _run("hold", str(game), "Ah", "Kh", "Qh", "Jh", "Th", cache=str(tmp_path))
        assert hold.returncode == 0, hold.stderr
        assert _shown(hold.stdout) and hold.stdout.startswith("Jacks\\x1b[2J\\x1b]0;PWNED\\x07 (9/6\\x9b31m\\u202e)")


def test_json_keeps_the_texts_exact(game, tmp_path):
    paytables = _run("paytables", str(game), "--json", cache=str(tmp_path))
    assert _shown(paytables.stdout) and json.loads(paytables.stdout)[0]["name"] == TABLE


def test_an_error_shows_its_source_line_escaped_with_the_caret_under_the_mistake(tmp_path):
    path = tmp_path / "bad.cp"
    path.write_text('import "poker.cp"\ngame "X\x1b[2J" Tenn // \x1b]0;PWNED\x07\n', encoding="utf-8")
    done = _run("count", str(path), cache=str(tmp_path))
    assert done.returncode == 2 and _shown(done.stderr)
    first, source, caret = done.stderr.rstrip("\n").split("\n")
    assert first.startswith(f"{path}:2:14: error: unexpected 'Tenn'"), first
    assert source == '  game "X\\x1b[2J" Tenn // \\x1b]0;PWNED\\x07' and caret.index("^") == source.index("Tenn")
    as_json = _run("count", str(path), "--json", cache=str(tmp_path))
    assert _shown(as_json.stdout) and json.loads(as_json.stdout)["error"]["line"] == 2


def test_a_typed_card_is_echoed_escaped(tmp_path):
    jacks = str(DEFINITIONS / "jacks_or_better.cp")
    for args in (["check", jacks, "Ah", "Kh", "Qh", "Jh", "T\x1b]0;X\x07"],
                 ["hold", jacks, "Ah", "Kh", "Qh", "Jh", "\x1b[2J"],
                 ["hold", jacks, "Ah", "Kh", "Qh", "Jh", "Th", "--mine", "Ah \x9b2J"]):
        done = _run(*args, cache=str(tmp_path))
        assert done.returncode == 2 and done.stdout == "" and _shown(done.stderr), args
        assert "bad card" in done.stderr and "\\x" in done.stderr, done.stderr
