"""Multi-Strike, exact: backward induction over the levels.

Levels are played bottom up, one hand each, level ``k`` paying ``levels[k]`` times the pay table;
a paying hand moves the player up, a losing hand ends the game, and a Free Ride (revealed before
level ``k`` is played, chance ``free_ride[k]``) moves the player up whatever the hand.  With
``V'`` the expected worth of reaching a level (before its Free Ride is known) and ``R`` the base
game's optimal return:

* the top level is worth ``V_top = levels[top] * R``;
* below it, with a Free Ride the level is played for its pays alone (base strategy):
  ``V_free(k) = levels[k] * R + V'(k+1)``;
* without one, every paying category also earns the next level:
  ``V_plain(k) = max over holds E[levels[k] * pay + [pay > 0] * V'(k+1)]``, a full-game
  optimisation of its own (:meth:`~.lattices.HoldLattices.choose`);
* ``V'(k) = free_ride[k] * V_free(k) + (1 - free_ride[k]) * V_plain(k)``.

The bet is one unit per level, so the game returns ``V'(1) / levels``.

The variance of one game's total ``T`` (every level's pay, Free Rides included) follows by the
same induction on second moments.  With ``Y'(k)`` the total from reaching level ``k`` on
(``E[Y'(k)] = V'(k)``, ``S'(k) = E[Y'(k)^2]``), a hand of pay ``P`` under the level's holds
and a next level drawn from a fresh deck (independent of the hand):

* at the top ``S'_top = levels[top]^2 E[P^2]`` (base strategy);
* with a Free Ride ``E[(m P + Y')^2] = m^2 E[P^2] + 2 m R V'(k+1) + S'(k+1)`` (base strategy);
* without, a paying hand moves up: ``m^2 E[P^2] + 2 m E[P] V'(k+1) + Pr[pays] S'(k+1)`` under
  the level's holds;
* ``S'(k)`` mixes the two by the Free Ride chance, and ``Var(T) = S'(1) - V'(1)^2``.

``E[P]`` and ``Pr[pays]`` are the solver's lattices' under its holds; ``E[P^2]`` is priced once
for every level's holds (:func:`~.moments.chosen_means`).  Every figure is an exact fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.feature.lattices import Choice, HoldLattices
from cpoly.games.videopoker.feature.moments import StatedVariance, chosen_means, squared_table
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import MultiStrike
from cpoly.lang.paytable import PayTable

__all__ = ["LevelValue", "MultiStrikeAnalysis", "analyze_multi_strike", "paying_categories"]


@dataclass(frozen=True)
class LevelValue:
    """One level: its multiplier, Free Ride chance, its worth with and without a Free Ride and
    on reaching it, the deals held otherwise than by the base game's strategy, and the chance
    that its hand pays (played without a Free Ride; the top level: with the base strategy), and
    the mean square of the total won from reaching it on (``S'``, see the module docstring)."""

    level: int
    multiplier: Fraction
    free_ride: Fraction
    with_free_ride: Fraction
    without_free_ride: Fraction
    on_reaching: Fraction
    deals_held_otherwise: int
    paying_chance: Fraction
    second_moment: Fraction


@dataclass(frozen=True)
class MultiStrikeAnalysis:
    """A Multi-Strike game under optimal play (levels bottom first)."""

    feature: MultiStrike
    paytable: PayTable
    base_return: Fraction
    levels: tuple[LevelValue, ...]
    deals: int

    @property
    def expected_return(self) -> Fraction:
        """The game's return per unit bet (one unit per level)."""
        return self.levels[0].on_reaching / len(self.levels)

    @property
    def variance(self) -> Fraction:
        """The variance of one game's total payout per unit of its total bet (one unit per
        level): ``Var(T) / levels^2``."""
        bottom = self.levels[0]
        return (bottom.second_moment - bottom.on_reaching**2) / len(self.levels) ** 2

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        return (StatedVariance("per game", self.variance,
                               f"of one game's total payout T (all {len(self.levels)} levels, Free Rides included) "
                               f"under the optimal policy, per unit of the total bet: Var(T / {len(self.levels)})"),)


def paying_categories(paytable: PayTable) -> tuple[int, ...]:
    """The categories (pay order) that pay something, dealt or drawn: the hands that move a
    Multi-Strike player up a level.

    >>> paying_categories(PayTable("t", (5, 0, 1), (None, 2, None)))
    (0, 1, 2)
    """
    return tuple(c for c in range(paytable.n_categories) if paytable.pay(c) > 0 or paytable.pay(c, True) > 0)


def analyze_multi_strike(prepared: PreparedGame, paytable: PayTable, feature: MultiStrike) -> MultiStrikeAnalysis:
    """Every level's worth by backward induction, exact (a single unordered deck)."""
    lattices = HoldLattices.build(prepared, paytable, [paying_categories(paytable)])
    base = lattices.choose(Fraction(1), [Fraction(0)])
    top = len(feature.levels) - 1
    reaching = [feature.levels[top] * base.value]  # V', top first
    plains: list[Choice] = []  # the level's holds without a Free Ride, top - 1 first
    for k in range(top - 1, -1, -1):
        plains.append(lattices.choose(feature.levels[k], [reaching[-1]]))
        free = feature.levels[k] * base.value + reaching[-1]
        reaching.append(feature.free_ride[k] * free + (1 - feature.free_ride[k]) * plains[-1].value)
    squares = chosen_means(lattices, [squared_table(paytable)], [base.best, *(c.best for c in plains)])[0]
    top_square = feature.levels[top] ** 2 * squares[0]
    top_value = reaching[0]
    found = [LevelValue(top + 1, feature.levels[top], Fraction(0), top_value, top_value, top_value, 0,
                        _paying_chance(lattices, base), top_square)]
    for k, plain, square in zip(range(top - 1, -1, -1), plains, squares[1:]):
        above, m, chance = found[-1], feature.levels[k], feature.free_ride[k]
        free = m * base.value + above.on_reaching
        paying = _paying_chance(lattices, plain)
        mean_pay = lattices.mean_over(plain.best, lattices.pays, lattices.lcm_weight * lattices.denominator)
        free_square = m * m * squares[0] + 2 * m * base.value * above.on_reaching + above.second_moment
        plain_square = m * m * square + 2 * m * mean_pay * above.on_reaching + paying * above.second_moment
        otherwise = lattices.deals_where(~np.any(plain.maximal & base.maximal, axis=1))
        found.append(LevelValue(k + 1, m, chance, free, plain.value, chance * free + (1 - chance) * plain.value,
                                otherwise, paying, chance * free_square + (1 - chance) * plain_square))
    return MultiStrikeAnalysis(feature, paytable, base.value, tuple(reversed(found)), lattices.deals)


def _paying_chance(lattices: HoldLattices, choice: Choice) -> Fraction:
    """The chance that a hand played by ``choice`` ends in a paying category."""
    return lattices.mean_over(choice.best, lattices.indicators[0], lattices.lcm_weight)
