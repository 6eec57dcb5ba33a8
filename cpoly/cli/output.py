"""Shared output helpers of the CLI: JSON, rich tables, text lines, errors, warnings, progress
bars.

Every text the CLI prints goes through :func:`printable` here (tables by :func:`print_table`,
lines by :func:`echo`, errors by :func:`print_error`, warnings by :func:`print_warnings`): a
game's title, its names and pay-table names, rank letters, card texts and the source lines
that errors echo are the user's, and a control character in one (``game "A\\x1b[2J"``) would
otherwise act on the terminal (clear it, set its title, move the cursor) instead of showing.
JSON output needs nothing: :mod:`json` escapes control characters itself.

rich is imported only by the helpers that draw with it (``--json`` and non-terminal runs never
load it).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from cpoly.errors import CpolyError, Warning_

__all__ = ["echo", "plain_table", "print_error", "print_json", "print_table", "print_warnings",
           "printable", "progress_bar", "rich_table", "thousands", "warnings_json", "working"]

#: What a terminal acts on instead of showing, as escapes: the C0 controls but newline and tab,
#: DEL, the C1 controls (``\\x9b`` starts a sequence like ESC ``[``), and the bidirectional
#: embeddings, overrides and isolates (they reorder the text after them).
_CONTROLS = {code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
             for code in (*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A))
             if chr(code) not in "\n\t"}


def printable(text: str) -> str:
    """``text`` with every control character escaped as Python writes it (newlines and tabs
    kept).

    >>> printable("Jacks\\x1b[2J\\x1b]0;PWNED\\x07 \\u202eok\\tA\\nB")
    'Jacks\\\\x1b[2J\\\\x1b]0;PWNED\\\\x07 \\\\u202eok\\tA\\nB'
    """
    return text.translate(_CONTROLS)


def echo(text: str = "", *, error: bool = False) -> None:
    """One line of text on stdout (on stderr with ``error``), its control characters escaped."""
    print(printable(text), file=sys.stderr if error else sys.stdout)


def print_error(error: CpolyError) -> None:
    """An error as the CLI shows it (position, source line and caret), on stderr."""
    print(error.render(printable), file=sys.stderr)


def print_json(payload: Any) -> None:
    """One JSON document on stdout."""
    json.dump(payload, sys.stdout, indent=2)
    sys.stdout.write("\n")


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[str]],
                right_align: Sequence[bool] | None = None) -> None:
    """A readable table on stdout (plain text when stdout is not a terminal).

    Drawn by rich; when stdout is not a terminal and the table holds only plain text,
    :func:`plain_table` draws the same characters without importing rich (tens of
    milliseconds of a warm command's start-up)."""
    title = None if title is None else printable(title)
    columns = [printable(column) for column in columns]
    rows = [[printable(cell) for cell in row] for row in rows]
    text = plain_table(title, columns, rows, right_align) if _plain_output() else None
    if text is not None:
        sys.stdout.write(text)
        return
    rich_table(title, columns, rows, right_align)


def rich_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[str]],
               right_align: Sequence[bool] | None = None) -> None:
    """:func:`print_table` drawn by rich; every text is printed as written (a game's title
    ``"A [b]X[/b]"`` or a pay table ``"[/x]"`` is not markup, ``:smile:`` not an emoji)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=None if title is None else Text(title), show_edge=False, header_style="bold")
    for i, column in enumerate(columns):
        table.add_column(Text(column), justify="right" if right_align and right_align[i] else "left")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    Console(soft_wrap=True, width=None if sys.stdout.isatty() else 200).print(table)


#: Environment variables that make rich style or measure its output as on a terminal.
_RICH_TERMINAL_ENV = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
#: The widest table rich draws unchanged on a non-terminal (its console width there).
_PLAIN_WIDTH = 200
#: Characters rich prints as they are (no markup ``[``, emoji ``:``, escapes, tabs, wide characters).
_PLAIN_CHARACTERS = frozenset(chr(c) for c in range(32, 127)) - set("[]:\\")


def _plain_output() -> bool:
    """Whether rich would draw on stdout without styles, in UTF-8, as on a plain file."""
    import builtins

    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    return (not sys.stdout.isatty() and encoding.startswith("utf") and not hasattr(builtins, "get_ipython")
            and not any(os.environ.get(name) for name in _RICH_TERMINAL_ENV))


def plain_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[str]],
                right_align: Sequence[bool] | None = None) -> str | None:
    """The characters rich prints for :func:`print_table` on a non-terminal, or None when the
    table holds text rich would interpret, measure or wrap otherwise (rich draws it then).

    >>> print(plain_table("Odds", ["hand", "ways"], [["pair", "1,098,240"]], [False, True]), end="")
    Odds
     hand ┃      ways 
    ━━━━━━╇━━━━━━━━━━━
     pair │ 1,098,240 
    """
    cells = [list(columns), *(list(row) for row in rows)]
    texts = [text for row in cells for text in row] + [title or ""]
    if (not columns or any(len(row) != len(columns) for row in cells)
            or any(not isinstance(t, str) or t != t.strip() or not _PLAIN_CHARACTERS.issuperset(t) for t in texts)):
        return None
    widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    if sum(widths) + 3 * len(widths) - 1 > _PLAIN_WIDTH or len(title or "") > _PLAIN_WIDTH:
        return None
    right = list(right_align or [False] * len(columns))

    def line(row: list[str], separator: str) -> str:
        return separator.join(f" {text.rjust(w) if r else text.ljust(w)} " for text, w, r in zip(row, widths, right))

    lines = ([title] if title else []) + [line(cells[0], "\u2503"), "\u2547".join("\u2501" * (w + 2) for w in widths)]
    return "\n".join(lines + [line(row, "\u2502") for row in cells[1:]]) + "\n"


def print_warnings(warnings: Sequence[Warning_]) -> None:
    for warning in warnings:
        print(warning.render(printable), file=sys.stderr)


def warnings_json(warnings: Sequence[Warning_]) -> list[dict[str, Any]]:
    """Lint findings for a JSON answer: message and position (null when unknown)."""
    return [{"message": w.message, "file": w.span.path if w.span else None,
             "line": w.span.line if w.span else None, "column": w.span.column if w.span else None}
            for w in warnings]


@contextmanager
def progress_bar(description: str, enabled: bool) -> Iterator[Callable[[int, int], None]]:
    """A callback ``(done, total)`` that drives a progress bar on stderr when ``enabled``."""
    if not enabled or not sys.stderr.isatty():
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}", markup=False), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(printable(description), total=None)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield update


@contextmanager
def working(message: str, enabled: bool = True) -> Iterator[None]:
    """A spinner on stderr (terminals only) while an indeterminate computation runs."""
    if not enabled or not sys.stderr.isatty():
        yield
        return
    from rich.console import Console
    from rich.text import Text

    with Console(stderr=True).status(Text(printable(message))):  # a game's title: not markup
        yield


def thousands(value: Any) -> str:
    """Integers with thousands separators; anything else (a polynomial) as text."""
    return f"{value:,}" if isinstance(value, int) else str(value)
