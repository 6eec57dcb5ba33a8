"""Tables drawn without rich on a non-terminal are the characters rich draws (the oracle).

:func:`cpoly.cli.output.plain_table` stands in for rich on a plain stdout so that a warm
command need not import it; random tables of plain text (empty cells, long titles, every
alignment) must come out byte for byte as rich draws them, and text rich would interpret or
wrap (markup, emoji codes, tabs, wide characters, padding spaces, tables wider than its
console) is left to rich.
"""

from __future__ import annotations

import io
import os
import random
import string
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from cpoly.cli.output import plain_table, print_table, rich_table

PLAIN = string.ascii_letters + string.digits + " ,./()%-_+*'&=<>!?#$@"


def drawn_by_rich(*table: object) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        rich_table(*table)  # type: ignore[arg-type]
    return out.getvalue()


def random_text(rng: random.Random, longest: int) -> str:
    return "".join(rng.choice(PLAIN) for _ in range(rng.randrange(longest + 1))).strip()


def random_table(rng: random.Random) -> tuple[str | None, list[str], list[list[str]], list[bool] | None]:
    n_columns = rng.randrange(1, 7)
    longest = rng.choice([3, 12, 40])
    columns = [random_text(rng, longest) or "x" for _ in range(n_columns)]
    rows = [[random_text(rng, longest) for _ in range(n_columns)] for _ in range(rng.randrange(5))]
    title = rng.choice([None, "", random_text(rng, 80)])
    right = rng.choice([None, [rng.random() < 0.5 for _ in range(n_columns)]])
    return title, columns, rows, right


def test_plain_tables_are_what_rich_draws() -> None:
    rng = random.Random(13)
    drawn = 0
    for _ in range(300):
        table = random_table(rng)
        text = plain_table(*table)
        if text is not None:
            drawn += 1
            assert text == drawn_by_rich(*table), table
    assert drawn > 250


@pytest.mark.parametrize("cell", ["[bold]x", "a:smile:", "tab\there", " padded", "wide\u4e00", "e\u0301",
                                  "x" * 201])
def test_text_rich_would_change_is_left_to_rich(cell: str) -> None:
    assert plain_table("title", ["a", "b"], [["1", cell]], [False, True]) is None
    assert plain_table(cell, ["a"], [["1"]]) is None


def test_print_table_draws_plain_text_on_a_file_and_rich_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    table = ("Jacks or Better (9/6), optimal play", ["hand", "pays"], [["RoyalFlush", "800"], ["total", ""]],
             [False, True])
    out = io.StringIO()
    with redirect_stdout(out):
        print_table(*table)
    assert out.getvalue() == drawn_by_rich(*table) == plain_table(*table)
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich styles its output now: it draws
    forced = io.StringIO()
    with redirect_stdout(forced):
        print_table(*table)
    assert forced.getvalue() != out.getvalue() and "\x1b[" in forced.getvalue()


@pytest.mark.parametrize("text", ["Test [bold]X[/bold]", "Bad [/x] title", "[red]t[/red]", "a :smile: b",
                                  "back\\slash [x]"])
def test_rich_prints_every_text_as_written(text: str) -> None:
    """A game's title, a column or a pay table's name is never rich markup or an emoji code
    ('[/x]' used to be an internal error, '[red]t[/red]' printed 't')."""
    drawn = drawn_by_rich(text, [text, "n"], [[text, "1"]], [False, True])
    assert drawn.count(text) == 3


def test_a_game_title_with_brackets_prints_as_written(tmp_path: Path) -> None:
    source = (Path(__file__).resolve().parent.parent / "definitions" / "jacks_or_better.cp").read_text(encoding="utf-8")
    game = tmp_path / "bad.cp"
    game.write_text(source.replace('game "Jacks or Better"', 'game "Bad [/x] title"', 1)
                    .replace('paytable "9/6"', 'paytable "[red]9/6[/red]"', 1), encoding="utf-8")
    assert 'game "Bad [/x] title"' in game.read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cpoly", "paytables", str(game)], capture_output=True,
                          text=True, env={**os.environ, "CPOLY_CACHE_DIR": str(tmp_path / "c")})
    assert done.returncode == 0, done.stderr
    assert "Bad [/x] title" in done.stdout and "[red]9/6[/red]" in done.stdout
