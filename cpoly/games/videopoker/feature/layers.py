"""Bonus layers on the base game: a multiplier drawn before the deal, a wheel on named hands.

* A **multiplier layer** (Super Times Pay, Hot Roll) multiplies a whole hand's pays by a draw
  made before the deal, independent of the cards, for an extra bet: the strategy is the base
  game's, and per unit of total bet the return is ``R * E[multiplier] / (1 + extra_bet)``.
* A **wheel** (Wheel Poker, Lucky Quads) pays its average award instead of the pay of its
  categories (per unit of the base bet; per total bet divided by ``1 + extra_bet``): that
  changes the strategy, so the game is analysed again with the award as the
  pay (:meth:`~.lattices.HoldLattices.choose`, one indicator per wheel category carrying the
  difference between its award and its pay).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.feature.lattices import HoldLattices
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import MultiplierLayer, WheelBonus
from cpoly.lang.paytable import PayTable

__all__ = ["LayerAnalysis", "WheelAnalysis", "analyze_multiplier_layer", "analyze_wheel"]


@dataclass(frozen=True)
class LayerAnalysis:
    """A multiplier layer: the base return, the mean multiplier and the return per total bet."""

    feature: MultiplierLayer
    base_return: Fraction
    mean_multiplier: Fraction

    @property
    def expected_return(self) -> Fraction:
        return self.base_return * self.mean_multiplier / (1 + self.feature.extra_bet)


@dataclass(frozen=True)
class WheelAnalysis:
    """A wheel bonus: the return with the wheel's average paid, and the deals held otherwise."""

    feature: WheelBonus
    base_return: Fraction
    expected_return: Fraction
    deals_held_otherwise: int

    @property
    def return_per_total_bet(self) -> Fraction:
        """``expected_return`` (per base bet) over the base bet and the wheel's extra bet."""
        return self.expected_return / (1 + self.feature.extra_bet)


def analyze_multiplier_layer(base_return: Fraction, feature: MultiplierLayer) -> LayerAnalysis:
    """The layer's return from the base game's optimal return (the strategy is unchanged).

    >>> from cpoly.errors import Span
    >>> hot = MultiplierLayer(None, (Fraction(1), Fraction(2)), (Fraction(1), Fraction(1)), Fraction(1, 2),
    ...                       Span("x", 1, 1, ""))
    >>> analyze_multiplier_layer(Fraction(99, 100), hot).expected_return
    Fraction(99, 100)
    """
    mean = sum((m * w for m, w in zip(feature.multipliers, feature.weights)), Fraction(0)) / sum(feature.weights)
    return LayerAnalysis(feature, base_return, mean)


def analyze_wheel(prepared: PreparedGame, paytable: PayTable, feature: WheelBonus) -> WheelAnalysis:
    """The optimal return when the wheel's categories pay its average award."""
    names = list(paytable.categories)
    groups = [[names.index(name)] for name in feature.categories]
    lattices = HoldLattices.build(prepared, paytable, groups)
    none = [Fraction(0)] * len(groups)
    base = lattices.choose(Fraction(1), none)
    extra = [feature.average - paytable.pay(names.index(name)) for name in feature.categories]
    wheel = lattices.choose(Fraction(1), extra)
    otherwise = lattices.deals_where(~np.any(wheel.maximal & base.maximal, axis=1))
    return WheelAnalysis(feature, base.value, wheel.value, otherwise)
