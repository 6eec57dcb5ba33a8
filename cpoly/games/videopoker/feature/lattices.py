"""Every class's 32 hold values split into linear parts: one analysis engine, many value vectors.

A feature game values a final hand as its pay times a multiplier plus the value of what the hand
leads to (the next level, the next multiplier).  That is linear in a few per-category vectors:
the pays, and one 0/1 indicator per group of categories that lead to the same place.  So each
hold's value is ``m * pays[h] + Σ_g next_value[g] * indicators[g][h]``, and the lattices of those
vectors (:func:`~cpoly.games.videopoker.play.holdvalues.value_lattice`, the analysis' own pricing)
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
from cpoly.games.videopoker.play.choice import hold_pay_matrix
from cpoly.games.videopoker.play.holdvalues import value_lattice
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.paytable import PayTable, ScaledPays

__all__ = ["Choice", "HoldLattices"]

#: Scores within this relative distance of a class's best float score are decided exactly.
RELATIVE_TOLERANCE = 1e-9


@dataclass(frozen=True, eq=False)
class Choice:
    """One hold per class and its exact value: ``value`` is the mean over all deals of the
    chosen hold's value, ``best`` the chosen hold of each class, ``maximal`` whether each hold
    reaches its class's maximum (``(classes, 32)`` bool)."""

    best: np.ndarray
    maximal: np.ndarray
    value: Fraction


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
        """The lattices of ``paytable`` and of each group of category indices (pay order)."""
        scaled = paytable.scaled()
        n_columns = paytable.n_categories + 1
        indicators = []
        for group in groups:
            ones = tuple(1 if c in group else 0 for c in range(n_columns))
            indicators.append(value_lattice(prepared, hold_pay_matrix(ScaledPays(ones, ones, 1))).astype(np.int32))
        return cls(prepared, paytable, tuple(tuple(g) for g in groups),
                   value_lattice(prepared, hold_pay_matrix(scaled)), tuple(indicators), scaled.denominator,
                   draw_weights(prepared.n)[0])

    @property
    def deals(self) -> int:
        return comb(self.prepared.n, 5)

    def choose(self, multiplier: Fraction, next_values: Sequence[Fraction]) -> Choice:
        """The holds maximising ``multiplier * pay + Σ_g next_values[g] * [category in group g]``,
        exactly, and the mean of that maximum over all deals (an EV per unit bet)."""
        scale = lcm(multiplier.denominator, *(v.denominator for v in next_values))
        weights = [int(multiplier * scale)] + [int(v * scale) * self.denominator for v in next_values]
        approximate = self.pays * (float(multiplier) / self.denominator)
        for value, lattice in zip(next_values, self.indicators):
            if value:
                approximate += float(value) * lattice
        top = approximate.max(axis=1, keepdims=True)
        maximal = approximate >= top - RELATIVE_TOLERANCE * np.maximum(np.abs(top), 1.0)
        best = np.argmax(approximate, axis=1)
        for row in np.flatnonzero(maximal.sum(axis=1) > 1).tolist():
            holds = np.flatnonzero(maximal[row]).tolist()
            exact = [self._exact_score(row, hold, weights) for hold in holds]
            maximal[row] = False
            maximal[row, [h for h, v in zip(holds, exact) if v == max(exact)]] = True
            best[row] = holds[exact.index(max(exact))]
        total = sum(w * self._weighted_sum(best, lattice)
                    for w, lattice in zip(weights, (self.pays, *self.indicators)) if w)
        return Choice(best, maximal, Fraction(total, scale * self.denominator * self.lcm_weight * self.deals))

    def _exact_score(self, row: int, hold: int, weights: Sequence[int]) -> int:
        lattices = (self.pays, *self.indicators)
        return sum(w * int(lattice[row, hold]) for w, lattice in zip(weights, lattices) if w)

    def _weighted_sum(self, best: np.ndarray, lattice: np.ndarray) -> int:
        """``Σ_class size * lattice[class, best]``, exactly."""
        chosen = lattice[np.arange(len(best)), best].astype(np.int64) * self.prepared.sizes
        if int(np.abs(chosen).max(initial=0)) * len(chosen) < 2**62:
            return int(chosen.sum())  # no int64 overflow possible
        return sum(chosen.tolist())

    def mean_over(self, best: np.ndarray, lattice: np.ndarray, scale: int) -> Fraction:
        """The mean over all deals of ``lattice``'s value of the chosen holds, divided by ``scale``
        (``L * denominator`` for the pays, ``L`` for an indicator)."""
        return Fraction(self._weighted_sum(best, lattice), scale * self.deals)

    def deals_where(self, mask: np.ndarray) -> int:
        """The number of deals of the classes where ``mask`` is true."""
        return int(self.prepared.sizes[mask].sum())
