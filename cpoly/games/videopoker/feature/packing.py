"""Polynomials of chances packed in big integers (Kronecker substitution): the lines of an
Ultimate X game draw independently given the hold, so the distribution of their total is a
power of one line's, computed as one big-integer power.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["total_distribution", "unique_rows", "unpack"]


def total_distribution(counts: Sequence[int], exponents: Sequence[int], lines: int, bits: int,
                       weight: int = 1) -> int:
    """``weight * (Σ_v counts[v] x^exponents[v]) ** lines`` packed in one integer, ``bits`` per
    coefficient (every coefficient, and every sum of them, below ``2 ** bits``): Kronecker
    substitution, one big-integer power.

    >>> packed = total_distribution([1, 2], [1, 2], 2, bits=8)   # (x + 2x^2)^2 = x^2 + 4x^3 + 4x^4
    >>> unpack(packed, [2, 3, 4], bits=8)
    [1, 4, 4]
    """
    base = sum(c << (bits * e) for c, e in zip(counts, exponents))
    return int(weight * base**lines)


def unpack(packed: int, exponents: Sequence[int], bits: int) -> list[int]:
    """The coefficients of ``x^e`` for each ``e`` of a :func:`total_distribution`."""
    mask = (1 << bits) - 1
    return [(packed >> (bits * e)) & mask for e in exponents]


def unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows and each row's index among them: a 1-d hash finds them, and the rows
    are checked equal to their representative (``np.unique(axis=0)`` when a hash collides)."""
    key = np.zeros(len(rows), dtype=np.int64)
    for column in rows.T:
        key = (key * 0x100000001B3) ^ column  # FNV-style, wrapping
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    if (rows[first][inverse] == rows).all():
        return rows[first], inverse.ravel()
    unique, inverse = np.unique(rows, axis=0, return_inverse=True)
    return unique, inverse.ravel()
