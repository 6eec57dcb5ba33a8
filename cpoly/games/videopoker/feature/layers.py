"""Bonus layers on the base game: a multiplier drawn before the deal, a wheel on named hands.

* A **multiplier layer** (Super Times Pay, Hot Roll) multiplies a whole hand's pays by a draw
  made before the deal, independent of the cards, for an extra bet: the strategy is the base
  game's, and per unit of total bet the return is ``R * E[multiplier] / (1 + extra_bet)``.  Its
  deal wheel, if it has one, pays ``W`` (a spin, per unit of the base bet) with chance ``c`` on
  the deal whatever the cards: it adds ``c E[W]`` beside ``R E[M]`` and changes no hold.
* A **wheel** (Wheel Poker, Lucky Quads) pays its average award instead of the pay of its
  categories (per unit of the base bet; per total bet divided by ``1 + extra_bet``): that
  changes the strategy, so the game is analysed again with the award as the
  pay (:meth:`~.lattices.HoldLattices.choose`, one indicator per wheel category carrying the
  difference between its award and its pay).

Their variances per unit of the total bet, exact:

* a layer's hand pays ``M P / (1 + extra_bet)`` with ``M`` independent of the base game's pay
  ``P`` (its final hands under its strategy): ``(E[M^2] E[P^2] - E[M]^2 R^2) / (1 + extra_bet)^2``,
  ``E[P^2] = Var(P) + R^2`` from the base analysis; a deal wheel adds ``I W`` (``I`` its spin's
  indicator), independent of ``M`` and ``P``, so its own variance ``c E[W^2] - (c E[W])^2`` over
  ``(1 + extra_bet)^2``;
* a wheel's hand pays ``W`` (one spin of the wheel, independent of the cards) on its categories,
  plus any dealt pay beyond the ordinary one, and its pay elsewhere: the second moment of that
  over the final hands of the wheel analysis' holds (:func:`~.moments.chosen_means`), checked
  against the analysis' own return.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.feature.lattices import Choice, HoldLattices
from cpoly.games.videopoker.feature.moments import StatedVariance, chosen_means, derived_table
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import MultiplierLayer, WheelBonus, weighted_average
from cpoly.lang.paytable import PayTable

__all__ = ["LayerAnalysis", "WheelAnalysis", "analyze_multiplier_layer", "analyze_wheel", "weighted_moment"]


@dataclass(frozen=True)
class LayerAnalysis:
    """A multiplier layer: the base return, the mean multiplier and the return per total bet."""

    feature: MultiplierLayer
    base_return: Fraction
    mean_multiplier: Fraction
    base_variance: Fraction

    @property
    def expected_return(self) -> Fraction:
        """Per unit of the total bet: the multiplied base return and the deal wheel's worth."""
        return (self.base_return * self.mean_multiplier + self.feature.deal_wheel_worth) / (1 + self.feature.extra_bet)

    @property
    def variance(self) -> Fraction:
        """The variance of a hand's pay per unit of the total bet (see the module docstring)."""
        square = weighted_moment(self.feature.multipliers, self.feature.weights, 2)
        pay_square = self.base_variance + self.base_return**2
        layer = square * pay_square - (self.mean_multiplier * self.base_return) ** 2
        return (layer + self._deal_wheel_variance()) / (1 + self.feature.extra_bet) ** 2

    def _deal_wheel_variance(self) -> Fraction:
        """``Var(I W)`` per unit of the base bet: ``c E[W^2] - (c E[W])^2`` (0 without a wheel)."""
        feature = self.feature
        if not feature.deal_wheel_values:
            return Fraction(0)
        square = weighted_moment(feature.deal_wheel_values, feature.deal_wheel_weights, 2) / feature.deal_wheel_bet**2
        return feature.deal_wheel_chance * square - feature.deal_wheel_worth**2

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        wheel = (", plus the deal wheel's award I W per unit of the base bet it is stated over (a spin with chance "
                 "c, independent of M and P)" if self.feature.deal_wheel_values else "")
        return (StatedVariance("per hand", self.variance,
                               "of one hand's pay M P, the multiplier M drawn independently of the base game's pay P "
                               f"(its strategy){wheel}, per unit of the total bet"),)


@dataclass(frozen=True)
class WheelAnalysis:
    """A wheel bonus: the return with the wheel's average paid, and the deals held otherwise."""

    feature: WheelBonus
    base_return: Fraction
    expected_return: Fraction
    deals_held_otherwise: int
    second_moment: Fraction

    @property
    def return_per_total_bet(self) -> Fraction:
        """``expected_return`` (per base bet) over the base bet and the wheel's extra bet."""
        return self.expected_return / (1 + self.feature.extra_bet)

    @property
    def variance(self) -> Fraction:
        """The variance of a hand's pay, the wheel spun, per unit of the total bet."""
        return (self.second_moment - self.expected_return**2) / (1 + self.feature.extra_bet) ** 2

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        return (StatedVariance("per hand", self.variance,
                               f"of one hand's pay, {', '.join(self.feature.categories)} paying one spin of the wheel "
                               "(its values and weights), under the wheel analysis' holds, per unit of the total bet"),)


def weighted_moment(values: Sequence[Fraction], weights: Sequence[Fraction], power: int) -> Fraction:
    """``E[V^power]`` of ``values`` drawn with ``weights``.

    >>> weighted_moment((Fraction(1), Fraction(3)), (Fraction(1), Fraction(1)), 2)
    Fraction(5, 1)
    """
    return weighted_average([v**power for v in values], weights)


def analyze_multiplier_layer(base_return: Fraction, base_variance: Fraction, feature: MultiplierLayer) -> LayerAnalysis:
    """The layer's return and variance from the base game's optimal return and variance (the
    strategy is unchanged).

    >>> from cpoly.errors import Span
    >>> hot = MultiplierLayer(None, (Fraction(1), Fraction(2)), (Fraction(1), Fraction(1)), Fraction(1, 2),
    ...                       Span("x", 1, 1, ""))
    >>> found = analyze_multiplier_layer(Fraction(99, 100), Fraction(20), hot)
    >>> found.expected_return, found.variance
    (Fraction(99, 100), Fraction(2009801, 90000))
    """
    return LayerAnalysis(feature, base_return, weighted_moment(feature.multipliers, feature.weights, 1), base_variance)


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
    return WheelAnalysis(feature, base.value, wheel.value, otherwise, _second_moment(lattices, feature, wheel))


def _second_moment(lattices: HoldLattices, feature: WheelBonus, wheel: Choice) -> Fraction:
    """The mean square of a hand's pay (per base bet) under the wheel's holds: ``W + d`` on a
    wheel category, ``d`` its dealt pay beyond the ordinary (0 but for a dealt pay)."""
    table = lattices.paytable
    wheel_categories = [table.categories.index(name) for name in feature.categories]
    mean_square = weighted_moment(feature.values, feature.weights, 2)

    def first(c: int, pay: Fraction) -> Fraction:
        return feature.average + pay - table.pays[c] if c in wheel_categories else pay

    def second(c: int, pay: Fraction) -> Fraction:
        beyond = pay - table.pays[c]
        return mean_square + 2 * feature.average * beyond + beyond**2 if c in wheel_categories else pay * pay

    mean, square = chosen_means(lattices, [derived_table(table, "wheel pays", first),
                                           derived_table(table, "wheel squares", second)], [wheel.best])
    if mean[0] != wheel.value:
        raise AssertionError("the wheel's pays disagree with its analysis")  # a bug, never an answer
    return square[0]
