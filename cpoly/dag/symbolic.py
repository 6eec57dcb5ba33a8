"""Symbolic sizes, with sympy imported only when a count is symbolic (it costs ~0.25 s).

>>> n = symbol("Suits")
>>> expand((n - 1) * (n + 1))
Suits**2 - 1
>>> is_symbolic(3), is_symbolic(n)
(False, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:
    import sympy

__all__ = ["Number", "expand", "is_symbolic", "symbol"]

Number = Union[int, "sympy.Expr"]


def is_symbolic(value: Any) -> bool:
    """Whether ``value`` is a sympy expression rather than an exact integer."""
    return not isinstance(value, int)


def expand(value: Number) -> Number:
    """A polynomial in expanded form (integers pass through)."""
    if not is_symbolic(value):
        return value
    import sympy

    return sympy.expand(value)


def symbol(name: str) -> sympy.Symbol:
    """The sympy symbol standing for the size constant ``name``."""
    import sympy

    return sympy.Symbol(name, positive=True, integer=True)
