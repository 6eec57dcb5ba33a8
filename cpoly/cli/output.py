"""Shared output helpers of the CLI: JSON, rich tables, warnings, progress bars.

rich is imported only by the helpers that draw with it (``--json`` and non-terminal runs never
load it).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from cpoly.errors import Warning_


def print_json(payload: Any) -> None:
    """One JSON document on stdout."""
    json.dump(payload, sys.stdout, indent=2)
    sys.stdout.write("\n")


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[str]],
                right_align: Sequence[bool] | None = None) -> None:
    """A readable table on stdout (plain text when stdout is not a terminal)."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, show_edge=False, header_style="bold")
    for i, column in enumerate(columns):
        table.add_column(column, justify="right" if right_align and right_align[i] else "left")
    for row in rows:
        table.add_row(*row)
    Console(soft_wrap=True, width=None if sys.stdout.isatty() else 200).print(table)


def print_warnings(warnings: Sequence[Warning_]) -> None:
    for warning in warnings:
        print(warning.render(), file=sys.stderr)


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

    columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(description, total=None)

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

    with Console(stderr=True).status(message):
        yield


def thousands(value: Any) -> str:
    """Integers with thousands separators; anything else (a polynomial) as text."""
    return f"{value:,}" if isinstance(value, int) else str(value)
