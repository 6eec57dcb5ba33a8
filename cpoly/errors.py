"""User-facing errors: every one is a :class:`CpolyError`, rendered by the CLI.

A span points into a source text; :meth:`CpolyError.render` gives the compiler-style
``path:line:col: error: message`` followed by the source line and a caret.

>>> span = Span("game.cp", 2, 5, "Hand = Tenn")
>>> print(CpolyError("unknown name 'Tenn'", span).render())
game.cp:2:5: error: unknown name 'Tenn'
  Hand = Tenn
      ^
>>> CpolyError("unknown name 'Tenn'", Span("g.cp", 3, 6, "\\tX = Tenn")).render().splitlines()[2]
'  \\t    ^'

Imports: nothing
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

__all__ = ["CpolyError", "CpolyInputError", "CpolyNameError", "CpolySyntaxError", "CpolyTooLarge", "Span",
           "Warning_"]


class Span(NamedTuple):
    """A position in a source file: 1-based line and column, and the text of that line (a named
    tuple, as :class:`Warning_`: every command imports this module, and dataclasses is slow to import)."""

    path: str
    line: int
    column: int
    line_text: str = ""
    via: str = ""  # for a file read by 'import': "imported from game.cp:3"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class CpolyError(Exception):
    """An error the user can fix: bad input, an impossible request, a mistake in a .cp file."""

    def __init__(self, message: str, span: Span | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span

    def render(self, shown: Callable[[str], str] = str) -> str:
        """The message as the CLI prints it (with position, line and caret when known); every
        text passes through ``shown`` (the CLI escapes control characters: the caret lines up
        under the escaped line).

        >>> escaped = CpolyError("bad", Span("g.cp", 1, 3, "\\x1bX Y")).render(lambda t: t.replace("\\x1b", "ESC"))
        >>> print(escaped.split("\\n", 1)[1])
          ESCX Y
               ^
        """
        if self.span is None:
            return shown(f"error: {self.message}")
        head = shown(f"{self.span}: error: {self.message}")
        via = shown(f"\n  ({self.span.via})") if self.span.via else ""
        if not self.span.line_text:
            return head + via
        before = shown(self.span.line_text[:self.span.column - 1])
        caret = "".join(c if c == "\t" else " " for c in before) + "^"  # tabs kept, so the caret
        # lines up wherever the terminal's tab stops are
        return f"{head}\n  {shown(self.span.line_text)}\n  {caret}{via}"


class CpolySyntaxError(CpolyError):
    """The text does not follow the .cp grammar."""


class CpolyNameError(CpolyError):
    """A name is undefined, defined twice, used as the wrong kind, or defined in a cycle."""


class CpolyTooLarge(CpolyError):
    """A count whose planned work exceeds the budget (the planner may choose another method)."""


class CpolyInputError(CpolyError):
    """A bad card string, a duplicated card, a wrong number of cards, an unknown option value."""


class Warning_(NamedTuple):
    """A lint finding: a likely mistake that does not stop the computation."""

    message: str
    span: Span | None = None

    def render(self, shown: Callable[[str], str] = str) -> str:
        where = f"{self.span}: " if self.span else ""
        via = f" ({self.span.via})" if self.span and self.span.via else ""
        return shown(f"{where}warning: {self.message}{via}")
