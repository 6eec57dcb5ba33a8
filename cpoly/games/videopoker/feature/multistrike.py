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

The bet is one unit per level, so the game returns ``V'(1) / levels``.  Every figure is an
exact fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.feature.lattices import Choice, HoldLattices
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import MultiStrike
from cpoly.lang.paytable import PayTable

__all__ = ["LevelValue", "MultiStrikeAnalysis", "analyze_multi_strike", "paying_categories"]


@dataclass(frozen=True)
class LevelValue:
    """One level: its multiplier, Free Ride chance, its worth with and without a Free Ride and
    on reaching it, the deals held otherwise than by the base game's strategy, and the chance
    that its hand pays (played without a Free Ride; the top level: with the base strategy)."""

    level: int
    multiplier: Fraction
    free_ride: Fraction
    with_free_ride: Fraction
    without_free_ride: Fraction
    on_reaching: Fraction
    deals_held_otherwise: int
    paying_chance: Fraction


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
    top_value = feature.levels[top] * base.value
    found = [LevelValue(top + 1, feature.levels[top], Fraction(0), top_value, top_value, top_value, 0,
                        _paying_chance(lattices, base))]
    for k in range(top - 1, -1, -1):
        above = found[-1].on_reaching
        plain = lattices.choose(feature.levels[k], [above])
        free = feature.levels[k] * base.value + above
        chance = feature.free_ride[k]
        otherwise = lattices.deals_where(~np.any(plain.maximal & base.maximal, axis=1))
        found.append(LevelValue(k + 1, feature.levels[k], chance, free, plain.value,
                                chance * free + (1 - chance) * plain.value, otherwise, _paying_chance(lattices, plain)))
    return MultiStrikeAnalysis(feature, paytable, base.value, tuple(reversed(found)), lattices.deals)


def _paying_chance(lattices: HoldLattices, choice: Choice) -> Fraction:
    """The chance that a hand played by ``choice`` ends in a paying category."""
    return lattices.mean_over(choice.best, lattices.indicators[0], lattices.lcm_weight)
