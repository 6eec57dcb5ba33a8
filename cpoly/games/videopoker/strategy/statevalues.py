"""Every deal class's 32 hold values in one state of a feature game, for a strategy chart of
that state (``cpoly strategy GAME --level K``, ``--multipliers M``).

In a state a final hand of category ``c`` is worth ``multiplier * pay[c] + extra[c]``
(:mod:`cpoly.games.videopoker.feature.states`).  The extras are exact fractions whose
denominators nest level after level (a Multi-Strike level's worth has a denominator of some
fifty digits), so the values cannot be int64 numerators on their own denominator as the base
game's are.  The chart search reads int64 values, so each hold's value is put on a grid: its
exact value **rounded down** to a multiple of ``1 / grid`` (``grid`` a power of two, as fine as
int64 sums over every deal allow: about 1e-10 of a unit on 52 cards).  Rounding down is exact and monotone: equal values
stay equal, a better hold never ranks below a worse one, and every figure of the chart is
within ``1 / grid`` of the exact one.

A hold's value is linear in a few lattices (:func:`~cpoly.games.videopoker.play.holdvalues.priced_chunks`:
the pays, and one 0/1 indicator per distinct extra), so each chunk of deal classes is priced
once under all of them and rounded exactly: the integer parts of the coefficients in int64, the
fractional parts in floats, and the few entries a float cannot place decided with integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb, floor, lcm
from typing import NamedTuple

import numpy as np

from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.choice import hold_pay_matrix
from cpoly.games.videopoker.play.holdvalues import priced_chunks
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.paytable import PayTable, ScaledPays

__all__ = ["GridValues", "grid_of", "state_grid_values"]

#: Grid values times a class's size stay below this.
VALUE_LIMIT = 2**60
#: And their sums over every deal (the chart's totals are int64).
SUM_LIMIT = 2**61


class GridValues(NamedTuple):
    """Hold values on a grid: ``values[class, hold] / grid`` is the exact value rounded down;
    ``denominator`` (deals times ``grid``) puts a sum over deals on one unit bet."""

    values: np.ndarray
    grid: int
    denominator: int


def grid_of(largest: Fraction, heaviest: int) -> int:
    """The finest power-of-two grid on which values up to ``largest`` (in absolute value), times
    a class of ``heaviest`` deals, stay below :data:`VALUE_LIMIT`.

    >>> grid_of(Fraction(800), 24) == 2 ** 45
    True
    """
    bound = floor(abs(largest) * heaviest) + 1
    return 1 << max(0, VALUE_LIMIT.bit_length() - 1 - bound.bit_length())


def state_grid_values(prepared: PreparedGame, paytable: PayTable, multiplier: Fraction,
                      extra: Sequence[Fraction]) -> GridValues:
    """Every class's 32 hold values (holds on its sorted representative deal) when category
    ``c`` is worth ``multiplier * pay[c] + extra[c]`` (``extra``: one per category in pay order;
    "nothing" is worth 0), rounded down to the grid of :func:`grid_of`."""
    scaled = paytable.scaled()
    lcm_weight = draw_weights(prepared.n)[0]
    groups = sorted({value for value in extra if value})
    indicators = [tuple(int(value == group) for value in extra) + (0,) for group in groups]
    matrices = [hold_pay_matrix(scaled)] + [hold_pay_matrix(ScaledPays(ones, ones, 1)) for ones in indicators]
    pays = [paytable.pay(c, dealt) for c in range(paytable.n_categories) for dealt in (False, True)]
    largest = abs(multiplier) * max(map(abs, pays), default=Fraction(0)) + sum(map(abs, groups), Fraction(0))
    grid = grid_of(largest, int(prepared.sizes.max()))
    coefficients = [multiplier * grid / (scaled.denominator * lcm_weight)] + [g * grid / lcm_weight for g in groups]
    values = np.empty((len(prepared.sizes), HOLDS), dtype=np.int64)
    for chunk in priced_chunks(prepared, matrices):
        values[chunk.classes] = floor_of_sum(coefficients, chunk.values).T
    # a sum over every deal must fit too: a coarser grid, floor(floor(x * grid) / 2**s) = floor(x * grid / 2**s)
    largest_sum = sum((np.abs(values).max(axis=1) * prepared.sizes).tolist())
    shift = max(0, largest_sum.bit_length() - SUM_LIMIT.bit_length() + 1)
    return GridValues(values >> shift, grid >> shift, comb(prepared.n, HAND_SIZE) * (grid >> shift))


def floor_of_sum(coefficients: Sequence[Fraction], lattices: Sequence[np.ndarray]) -> np.ndarray:
    """``floor(Σ coefficients[i] * lattices[i])`` elementwise, exact (int64 lattices of equal
    shape; the result must fit int64).

    >>> third = Fraction(1, 3)
    >>> floor_of_sum([third, Fraction(5, 2)], [np.array([3, 1, 2]), np.array([0, 1, 1])]).tolist()
    [1, 2, 3]
    """
    whole = [floor(c) for c in coefficients]
    parts = [c - w for c, w in zip(coefficients, whole)]
    total = sum((w * lattice for w, lattice in zip(whole, lattices)), np.zeros_like(lattices[0]))
    fraction = sum((float(p) * lattice for p, lattice in zip(parts, lattices)), np.zeros(lattices[0].shape))
    rounded = np.floor(fraction)
    # a float sum of a few products errs by a few units of its terms' last place: decide exactly near an integer
    doubt = sum((np.abs(lattice).astype(np.float64) for lattice in lattices), np.zeros(lattices[0].shape)) * 2.0 ** -45
    unsure = np.flatnonzero((np.abs(fraction - np.rint(fraction)) <= doubt) & (doubt > 0))
    if len(unsure):
        common = lcm(*(p.denominator for p in parts))
        numerators = [int(p * common) for p in parts]
        flat = [lattice.reshape(-1)[unsure].tolist() for lattice in lattices]
        exact = [sum(n * column[i] for n, column in zip(numerators, flat)) // common for i in range(len(unsure))]
        rounded.reshape(-1)[unsure] = exact
    result: np.ndarray = total + rounded.astype(np.int64)
    return result
