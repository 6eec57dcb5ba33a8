"""The return as a function of one pay (a progressive jackpot's meter): exact returns at many
values, the exact break-even value and the strategy's turning points, all from the hold lines
of :class:`~cpoly.games.videopoker.par.holdlines.PayLines` (two pricings of every class, prepared
once: a sweep costs one pass over the classes per value).

**Returns.** At each value the optimal strategy is re-solved: ``R(x)`` is the envelope of the
lines, every class at its best hold.

**Break-even.** ``R`` is convex, piecewise linear and non-decreasing, so Newton's iteration on
the supporting lines finds the root of ``R(x) = 1`` exactly: at ``x`` the line
``R(x) + R'(x) (y - x)`` (a left derivative when moving left, a right one when moving right)
lies below ``R``; its root ``y`` has ``R(y) >= 1``, and from there each step moves left to the
root of the next piece's line, stopping at the root after finitely many steps.  A return that
stays below 1 however large the pay has no break-even, nor has one that is at least 1 whatever
the pay.

**Turning points.** The values in the range where the optimal hold of at least one deal class
changes (the envelope's breakpoints), exactly, by bisection on the lines: for a class whose
best line at the low end differs from the one at the high end, the two lines cross at ``x*``;
if no other line is above them there, ``x*`` is the class's one breakpoint in between (a convex
envelope equal to each line at one end and at ``x*`` is that line in between), else the class
is split at ``x*`` with the line above as the new end on each side.  Holds whose lines are
identical (equal EV at every pay) are one choice: a tie rule between them is no turning point.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.par.holdlines import PayLines

__all__ = ["BreakEven", "SweepPoint", "TurningPoint", "break_even", "sweep_returns", "turning_points"]

#: Newton steps before giving up (each moves to another piece of the envelope: far more than
#: any game's pieces).
MAX_STEPS = 100_000


@dataclass(frozen=True)
class SweepPoint:
    """The optimal return at one pay value and the probability of the category there (the
    right derivative: ties toward more of it)."""

    value: Fraction
    expected_return: Fraction
    probability: Fraction


@dataclass(frozen=True)
class BreakEven:
    """The least pay at which the optimal return reaches 1 (None when there is none: ``reason``
    says why), found in ``steps`` Newton steps."""

    value: Fraction | None
    steps: int
    reason: str = ""


@dataclass(frozen=True)
class TurningPoint:
    """A pay value at which the optimal hold changes for ``classes`` deal classes (``deals``
    deals)."""

    value: Fraction
    classes: int
    deals: int


def sweep_returns(lines: PayLines, values: Sequence[Fraction]) -> list[SweepPoint]:
    """The optimal return at each of ``values`` (only the classes whose best hold changes
    between the smallest and the largest value are looked at each time)."""
    if values:
        lines = lines.restricted(min(values), max(values))
    envelopes = ((value, lines.envelope(value)) for value in values)
    return [SweepPoint(value, envelope.value, envelope.slope_right) for value, envelope in envelopes]


def break_even(lines: PayLines, start: Fraction) -> BreakEven:
    """The least pay ``x`` with ``R(x) = 1``, by Newton's iteration from ``start`` (see the
    module docstring)."""
    x, steps = start, 0
    envelope = lines.envelope(x)
    if envelope.value < 1:
        if envelope.slope_right == 0:  # flat here: jump to the root of the last piece's line
            intercept, slope = lines.asymptote()
            if slope == 0:
                return BreakEven(None, 0, "the return does not depend on this pay, and is below 1")
            x = (1 - intercept) / slope
        else:
            x += (1 - envelope.value) / envelope.slope_right
        envelope, steps = lines.envelope(x), 1
    while envelope.value > 1:  # from the right: every step to the root of a line below R
        if envelope.slope_left == 0:
            return BreakEven(None, steps, "the return is above 1 at every value of this pay")
        x -= (envelope.value - 1) / envelope.slope_left
        envelope, steps = lines.envelope(x), steps + 1
        if steps > MAX_STEPS:
            raise AssertionError("the break-even iteration does not converge")
    if envelope.value != 1:
        raise AssertionError("a supporting line's root is below the break-even")
    if envelope.slope_left == 0:
        return BreakEven(None, steps, "the return is 1 at every value of this pay up to "
                                      f"{x}: there is no least break-even value")
    return BreakEven(x, steps)


def turning_points(lines: PayLines, low: Fraction, high: Fraction) -> list[TurningPoint]:
    """The values in ``[low, high]`` where the optimal hold of some class changes, with the
    classes and deals that change there (see the module docstring)."""
    lines = lines.restricted(low, high)
    every = np.arange(len(lines.sizes))
    first = lines.envelope_holds(lines.values(low), every, -1)  # the line just left of low
    last = lines.envelope_holds(lines.values(high), every, +1)  # ... just right of high
    changing = ~lines.same_line(every, first, last)
    rows, left, right = every[changing], first[changing], last[changing]
    classes: Counter[Fraction] = Counter()  # per breakpoint: the classes and deals that change there
    deals: Counter[Fraction] = Counter()
    while len(rows):
        numerators, denominators = _crossings(lines, rows, left, right)
        values = lines.values_at(numerators, denominators, rows)
        done = values[np.arange(len(rows)), left] == values.max(axis=1)
        for p, q, row in zip(numerators[done].tolist(), denominators[done].tolist(), rows[done].tolist()):
            classes[Fraction(p, q)] += 1
            deals[Fraction(p, q)] += int(lines.sizes[row])
        rest = ~done
        if not rest.any():
            break
        rest_rows, rest_values = rows[rest], values[rest]
        below = lines.envelope_holds(rest_values, rest_rows, -1)
        above = lines.envelope_holds(rest_values, rest_rows, +1)
        rows = np.concatenate([rest_rows, rest_rows])
        left = np.concatenate([left[rest], above])
        right = np.concatenate([below, right[rest]])
    points = [TurningPoint(value, classes[value], deals[value]) for value in sorted(classes)]
    if any(not low <= point.value <= high for point in points):
        raise AssertionError("a turning point outside the range")
    return points


def _crossings(lines: PayLines, rows: np.ndarray, left: np.ndarray, right: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """Where line ``left`` meets line ``right`` of each class (``right`` the steeper):
    ``x = (base_left - base_right) / (D (slope_right - slope_left))``, as integer arrays."""
    numerators = lines.base[rows, left] - lines.base[rows, right]
    denominators = (lines.slope[rows, right] - lines.slope[rows, left]) * lines.denominator
    if (denominators <= 0).any():
        raise AssertionError("a turning point between lines that do not cross")
    return numerators, denominators
