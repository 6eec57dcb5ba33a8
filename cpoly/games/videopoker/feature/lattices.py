"""Every class's 32 hold values split into linear parts: one analysis engine, many value vectors.

A feature game values a final hand as its pay times a multiplier plus the value of what the hand
leads to (the next level, the next multiplier).  That is linear in a few per-category vectors:
the pays, and one 0/1 indicator per group of categories that lead to the same place.  So each
hold's value is ``m * pays[h] + Σ_g next_value[g] * indicators[g][h]``, and the lattices of those
vectors (:func:`~cpoly.games.videopoker.play.holdvalues.priced_chunks`, the analysis' own pricing)
are computed once; every level or multiplier then only chooses, class by class.

Choices are exact: a float score finds each class's candidates (within a relative 1e-9 of its
best), and exact integer scores decide among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np

from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.hold.lattice import HOLDS
from cpoly.games.videopoker.play.choice import hold_pay_matrix
from cpoly.games.videopoker.play.holdvalues import priced_chunks
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.paytable import PayTable, ScaledPays

__all__ = ["Choice", "HoldLattices", "exact_weighted_sum"]

#: Scores within this relative distance of a class's best float score are decided exactly.
RELATIVE_TOLERANCE = 1e-9
#: Classes scored at once by :meth:`HoldLattices.choose` (float temporaries of about 2 MB).
CHOICE_ROWS = 8192


@dataclass(frozen=True, eq=False)
class Choice:
    """One hold per class and its exact value: ``value`` is the mean over all deals of the
    chosen hold's value, ``best`` the chosen hold of each class, ``maximal_bits`` the holds
    reaching their class's maximum as bits (bit ``h`` of a class's uint32: hold ``h``; 4 bytes
    a class instead of 32 booleans: policy iteration keeps a choice per state)."""

    best: np.ndarray
    maximal_bits: np.ndarray
    value: Fraction

    @property
    def maximal(self) -> np.ndarray:
        """Whether each hold reaches its class's maximum, ``(classes, 32)`` bool."""
        unpacked: np.ndarray = (self.maximal_bits[:, None] >> np.arange(HOLDS, dtype=np.uint32)) & 1 == 1
        return unpacked

    def is_maximal(self, holds: np.ndarray) -> np.ndarray:
        """Whether ``holds[c]`` reaches class ``c``'s maximum, for every class."""
        found: np.ndarray = (self.maximal_bits >> holds.astype(np.uint32)) & 1 == 1
        return found

    def shares_a_best_hold(self, other: Choice) -> np.ndarray:
        """Per class: some hold is maximal in both choices."""
        shared: np.ndarray = (self.maximal_bits & other.maximal_bits) != 0
        return shared


@dataclass(frozen=True, eq=False)
class HoldLattices:
    """The pay lattice and the indicator lattices of a single-deck game.

    ``pays``: ``(classes, 32)`` int64, hold value numerators under the pay table (scaled by
    ``denominator``); ``indicators[g]``: the same under "1 for a category of group g";
    a hold's EV is ``value / (L * denominator)`` (indicators: ``/ L``).
    """

    prepared: PreparedGame
    paytable: PayTable
    groups: tuple[tuple[int, ...], ...]
    pays: np.ndarray
    indicators: tuple[np.ndarray, ...]
    denominator: int
    lcm_weight: int

    @classmethod
    def build(cls, prepared: PreparedGame, paytable: PayTable, groups: Sequence[Sequence[int]]) -> HoldLattices:
        """The lattices of ``paytable`` and of each group of category indices (pay order), priced
        in one pass over the deal classes (the indicators written straight into int32)."""
        scaled = paytable.scaled()
        n_columns = paytable.n_categories + 1
        matrices = [hold_pay_matrix(scaled)]
        for group in groups:
            ones = tuple(1 if c in group else 0 for c in range(n_columns))
            matrices.append(hold_pay_matrix(ScaledPays(ones, ones, 1)))
        shape = (len(prepared.sizes), HOLDS)
        pays = np.empty(shape, dtype=np.int64)
        indicators = tuple(np.empty(shape, dtype=np.int32) for _ in groups)  # at most L < 2**31 each
        lattices: tuple[np.ndarray, ...] = (pays, *indicators)
        for chunk in priced_chunks(prepared, matrices):
            for lattice, values in zip(lattices, chunk.values):
                lattice[chunk.classes] = values.T
        return cls(prepared, paytable, tuple(tuple(g) for g in groups), pays, indicators, scaled.denominator,
                   draw_weights(prepared.n)[0])

    @property
    def deals(self) -> int:
        return comb(self.prepared.n, 5)

    def choose(self, multiplier: Fraction, next_values: Sequence[Fraction]) -> Choice:
        """The holds maximising ``multiplier * pay + Σ_g next_values[g] * [category in group g]``,
        exactly, and the mean of that maximum over all deals (an EV per unit bet).  Float
        scores are made :data:`CHOICE_ROWS` classes at a time (no full-size temporaries)."""
        scale = lcm(multiplier.denominator, *(v.denominator for v in next_values))
        weights = [int(multiplier * scale)] + [int(v * scale) * self.denominator for v in next_values]
        factors = [float(multiplier) / self.denominator, *map(float, next_values)]
        n_classes = len(self.pays)
        best = np.empty(n_classes, dtype=np.int64)
        bits = np.empty(n_classes, dtype=np.uint32)
        for start in range(0, n_classes, CHOICE_ROWS):
            rows = slice(start, min(start + CHOICE_ROWS, n_classes))
            best[rows], bits[rows] = self._choose_rows(rows, factors, weights)
        total = sum(w * self._weighted_sum(best, lattice)
                    for w, lattice in zip(weights, (self.pays, *self.indicators)) if w)
        return Choice(best, bits, Fraction(total, scale * self.denominator * self.lcm_weight * self.deals))

    def _choose_rows(self, rows: slice, factors: Sequence[float], weights: Sequence[int]
                     ) -> tuple[np.ndarray, np.ndarray]:
        """The best hold and the maximal holds (bits) of the classes ``rows``: float scores, and
        exact integer scores among the holds within :data:`RELATIVE_TOLERANCE` of a class's best."""
        approximate = self.pays[rows] * factors[0]
        for factor, lattice in zip(factors[1:], self.indicators):
            if factor:
                approximate += factor * lattice[rows]
        top = approximate.max(axis=1, keepdims=True)
        maximal = approximate >= top - RELATIVE_TOLERANCE * np.maximum(np.abs(top), 1.0)
        best = np.argmax(approximate, axis=1)
        offset = rows.start
        for row in np.flatnonzero(maximal.sum(axis=1) > 1).tolist():
            holds = np.flatnonzero(maximal[row]).tolist()
            exact = [self._exact_score(offset + row, hold, weights) for hold in holds]
            maximal[row] = False
            maximal[row, [h for h, v in zip(holds, exact) if v == max(exact)]] = True
            best[row] = holds[exact.index(max(exact))]
        bits = (maximal.astype(np.uint32) << np.arange(HOLDS, dtype=np.uint32)).sum(axis=1, dtype=np.uint32)
        return best, bits

    def _exact_score(self, row: int, hold: int, weights: Sequence[int]) -> int:
        lattices = (self.pays, *self.indicators)
        return sum(w * int(lattice[row, hold]) for w, lattice in zip(weights, lattices) if w)

    def _weighted_sum(self, best: np.ndarray, lattice: np.ndarray) -> int:
        """``Σ_class size * lattice[class, best]``, exactly."""
        return exact_weighted_sum(lattice[np.arange(len(best)), best], self.prepared.sizes)

    def mean_over(self, best: np.ndarray, lattice: np.ndarray, scale: int) -> Fraction:
        """The mean over all deals of ``lattice``'s value of the chosen holds, divided by ``scale``
        (``L * denominator`` for the pays, ``L`` for an indicator)."""
        return Fraction(self._weighted_sum(best, lattice), scale * self.deals)

    def deals_where(self, mask: np.ndarray) -> int:
        """The number of deals of the classes where ``mask`` is true."""
        return int(self.prepared.sizes[mask].sum())


def exact_weighted_sum(values: np.ndarray, sizes: np.ndarray) -> int:
    """``Σ values * sizes`` exactly: in int64 when no overflow is possible, else in Python
    integers.

    >>> exact_weighted_sum(np.array([2**40, 3]), np.array([2**30, 1]))
    1180591620717411303427
    """
    biggest = int(np.abs(values).max(initial=0)) * int(np.abs(sizes).max(initial=0))
    if biggest * len(values) < 2**62:
        return int((values.astype(np.int64) * sizes).sum())  # no int64 overflow possible
    return sum(v * s for v, s in zip(values.tolist(), sizes.tolist()))
