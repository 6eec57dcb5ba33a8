"""Every hold's EV as a line in one category's pay, and the optimal return as their envelope.

With every pay fixed but category ``c``'s, which is ``x``, hold ``m`` of deal class ``k`` has EV
``(base[k, m] / D + slope[k, m] * x) / L``: ``base`` prices the table with ``c`` paying 0 (on
``L * D``, ``D`` the table's pay denominator) and ``slope`` the weighted number of the hold's
final hands of category ``c`` (on ``L``; hold 31 counts the dealt hand only when the table pays
it the ordinary pay).  Both come from the analysis' own pricing
(:mod:`~cpoly.games.videopoker.play.holdvalues`).

The optimal return is ``R(x) = sum_k size[k] * max_m EV[k, m](x) / C(n, 5)``: a maximum of
linear functions per class, so convex and piecewise linear in ``x``; it is non-decreasing
(every slope is a count).  At ``x`` its left and right derivatives are the smallest and the
largest slope among each class's maximal holds, summed: the probability of a final hand of
``c`` under the optimal strategy at ``x`` (with the tie broken toward fewer, or more, of them).
Everything is exact: values are compared as integers (int64 while the bounds allow, Python
integers beyond).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

import numpy as np

from cpoly.games.videopoker.play.choice import hold_pay_matrix
from cpoly.games.videopoker.play.holdvalues import denominator_of, value_lattice
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.paytable import INT64_LIMIT, PayTable

__all__ = ["Envelope", "PayLines"]


class Envelope(NamedTuple):
    """``R(x)`` and its left and right derivatives (exact, per unit bet and unit of pay)."""

    value: Fraction
    slope_left: Fraction
    slope_right: Fraction


@dataclass(frozen=True, eq=False)
class PayLines:
    """The hold lines of every deal class in the pay of ``category`` (see the module docstring).

    ``base`` and ``slope`` are ``(classes, 32)`` int64, ``sizes`` the deals per class,
    ``denominator`` the pay denominator ``D`` of ``base``, ``total`` ``C(n, 5) * L``.
    ``fixed_base`` and ``fixed_slope`` sum the lines of classes left out by :meth:`restricted`
    (their deals times their one best line's base and slope).
    """

    category: int
    base: np.ndarray
    slope: np.ndarray
    denominator: int
    sizes: np.ndarray
    total: int
    fixed_base: int = 0
    fixed_slope: int = 0

    @classmethod
    def of(cls, prepared: PreparedGame, table: PayTable, category: int) -> PayLines:
        """The lines of ``table``'s pay of ``category`` (its other pays as they are)."""
        zero = tuple(Fraction(0) if c == category else p for c, p in enumerate(table.pays))
        base = PayTable(table.name, zero, table.dealt_pays, table.categories).scaled()
        declared = bool(table.dealt_pays) and table.dealt_pays[category] is not None
        unit = PayTable("unit", tuple(Fraction(c == category) for c in range(table.n_categories)),
                        tuple(Fraction(0) if declared and c == category else None
                              for c in range(table.n_categories)))
        return cls(category, value_lattice(prepared, hold_pay_matrix(base)),
                   value_lattice(prepared, hold_pay_matrix(unit.scaled())), base.denominator,
                   prepared.sizes, denominator_of(prepared))

    def restricted(self, low: Fraction, high: Fraction) -> PayLines:
        """The same ``R`` on ``[low, high]``, with only the classes whose best line changes in
        there: a class whose best line just left of ``low`` is its best line just right of
        ``high`` plays that line alone on the whole range (a convex envelope equal to a line at
        both ends is that line in between), so it enters as a fixed line."""
        every = np.arange(len(self.sizes))
        first = self.envelope_holds(self.values(low), every, -1)
        last = self.envelope_holds(self.values(high), every, +1)
        fixed = self.same_line(every, first, last)
        rows, holds = every[fixed], first[fixed]
        return PayLines(self.category, self.base[~fixed], self.slope[~fixed], self.denominator,
                        self.sizes[~fixed], self.total,
                        self.fixed_base + _dot(self.sizes[rows], self.base[rows, holds]),
                        self.fixed_slope + _dot(self.sizes[rows], self.slope[rows, holds]))

    @cached_property
    def _largest_lines(self) -> tuple[int, int]:
        return _largest(self.base), _largest(self.slope)

    # ---- values at one pay ------------------------------------------------------------------
    def values(self, x: Fraction, rows: np.ndarray | slice = slice(None)) -> np.ndarray:
        """Every hold's EV numerator at pay ``x`` on ``L * D * x.denominator`` (rows of classes),
        int64 when it fits, else Python integers."""
        return self.values_at(x.numerator, np.array([x.denominator]), rows)

    def values_at(self, numerators: np.ndarray | int, denominators: np.ndarray,
                  rows: np.ndarray | slice = slice(None)) -> np.ndarray:
        """:meth:`values` at ``numerators / denominators`` (one value per row, or one for all),
        on ``L * D * denominators``."""
        p, q = (np.asarray(v, dtype=object if np.asarray(v).dtype == object else np.int64).reshape(-1, 1)
                for v in (numerators, denominators))
        base, slope = self.base[rows], self.slope[rows]
        largest_base, largest_slope = self._largest_lines
        largest = largest_base * _largest(q) + largest_slope * _largest(p) * self.denominator
        if largest < INT64_LIMIT and p.dtype != object and q.dtype != object:
            result: np.ndarray = slope * (p * self.denominator)
            result += base if q.size == 1 and int(q[0, 0]) == 1 else base * q
            return result
        wide: np.ndarray = base.astype(object) * q.astype(object) + slope.astype(object) * (
            p.astype(object) * self.denominator)
        return wide

    def envelope(self, x: Fraction) -> Envelope:
        """``R(x)`` and its one-sided derivatives."""
        values, every = self.values(x), np.arange(len(self.sizes))
        top = values.max(axis=1)
        left, right = (self.slope[every, self.envelope_holds(values, every, side)] for side in (-1, +1))
        scale = self.total * self.denominator * x.denominator
        fixed = self.fixed_base * x.denominator + self.fixed_slope * x.numerator * self.denominator
        return Envelope(Fraction(_dot(self.sizes, top) + fixed, scale),
                        Fraction(_dot(self.sizes, left) + self.fixed_slope, self.total),
                        Fraction(_dot(self.sizes, right) + self.fixed_slope, self.total))

    def envelope_holds(self, values: np.ndarray, rows: np.ndarray | slice, side: int) -> np.ndarray:
        """For each row of ``values`` (classes ``rows``), a maximal hold: of the smallest slope
        (``side`` -1: the line just left of the point) or the largest (``side`` +1)."""
        top = values.max(axis=1)
        keyed = np.where(values == top[:, None], self.slope[rows] * side, np.iinfo(np.int64).min)
        holds: np.ndarray = np.argmax(keyed, axis=1)
        return holds

    def asymptote(self) -> tuple[Fraction, Fraction]:
        """The intercept and slope of ``R``'s last piece (as ``x`` grows without bound: each
        class plays its largest slope, then its largest base), a line below ``R`` everywhere."""
        slope_top = self.slope.max(axis=1)
        base_top = np.where(self.slope == slope_top[:, None], self.base, np.iinfo(np.int64).min).max(axis=1)
        return (Fraction(_dot(self.sizes, base_top), self.total * self.denominator),
                Fraction(_dot(self.sizes, slope_top), self.total))

    def same_line(self, rows: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """bool per row: holds ``first`` and ``second`` of class ``rows`` have the same line."""
        same: np.ndarray = ((self.base[rows, first] == self.base[rows, second])
                            & (self.slope[rows, first] == self.slope[rows, second]))
        return same


def _largest(array: np.ndarray) -> int:
    return int(np.abs(array).max(initial=0)) if array.dtype != object else max(
        (abs(int(v)) for v in array.reshape(-1)), default=0)


def _dot(sizes: np.ndarray, values: np.ndarray) -> int:
    """``sum(sizes * values)`` as an exact Python integer."""
    if values.dtype != object and _largest(values) * int(sizes.sum()) < INT64_LIMIT:
        return int(np.dot(sizes, values))
    return sum(int(s) * int(v) for s, v in zip(sizes.tolist(), values.tolist()))
