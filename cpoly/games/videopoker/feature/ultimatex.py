"""Ultimate X on one line, exact: an average-reward decision problem over the multiplier in force.

The state is the multiplier ``m`` the next hand pays (1, or one of the feature's table); a hand
of category ``c`` pays ``m * pay[c]`` and sets the next state to ``next[c]`` (1 after any other
hand).  A policy holds each deal by the state; its long-run payout per hand is the gain ``g``
and, with ``h`` its relative values (``h(1) = 0``),

    g + h(m) = m * E_m[pay] + Σ_u P_m(u) h(u)          for every state m.

Policy iteration (Howard): evaluate the policy exactly (rational linear equations), then in each
state hold every deal to maximise ``m * pay + h(next)`` — one full-game choice per state over
the pay lattice and one indicator lattice per next multiplier
(:class:`~.lattices.HoldLattices`) — keeping a hold that is still maximal, until no state
changes.  The return is ``g / bet`` per bet (the bet doubled: ``bet = 2``).

Two variances of the pay ``X`` of a hand, per unit of the bet (over ``bet^2``), under the
optimal policy (ties among equally valued holds: the solver's choice, the first in hold order):

* **per hand**: ``Σ_m π(m) m^2 E_m[pay^2] - g^2``, ``π`` the stationary distribution: the
  variance of one hand's pay at a random moment of a long session;
* **long run** (the asymptotic variance, ``lim Var(X_1 + ... + X_n) / n``): hands are
  correlated through the multiplier, so the variance of a session's total grows by this per
  hand, not by the first.  With ``D = X + h(next) - h(m) - g`` (a martingale difference: the
  relative values solve the Poisson equation above), ``Σ (X_t - g)`` is ``Σ D_t`` up to a
  bounded term, so it is ``E_π[D^2] = Σ_m π(m) (E_m[(X + h(next))^2] - (g + h(m))^2)``, where
  ``E_m[(X + h(next))^2] = m^2 E_m[pay^2] + 2 m Σ_u h(u) E_m[pay; next = u] + Σ_u h(u)^2 P_m(u)``.

``E_m[pay^2]`` and ``E_m[pay; next = u]`` are priced once over every state's holds
(:func:`~.moments.chosen_means`); the rest is the last policy evaluation's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.feature.exactlinear import solve_linear
from cpoly.games.videopoker.feature.lattices import Choice, HoldLattices
from cpoly.games.videopoker.feature.moments import StatedVariance, chosen_means, derived_table, pays_on, squared_table
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import UltimateX
from cpoly.lang.paytable import PayTable

__all__ = ["MultiplierState", "UltimateXAnalysis", "analyze_ultimate_x", "solve_average_reward"]

MAX_ITERATIONS = 50


@dataclass(frozen=True)
class MultiplierState:
    """One multiplier in force: the long-run share of hands played at it, its relative value,
    its expected pay under the optimal policy, and the deals held otherwise than by the base
    game's strategy."""

    multiplier: Fraction
    share: Fraction
    relative_value: Fraction
    expected_pay: Fraction
    deals_held_otherwise: int


@dataclass(frozen=True)
class UltimateXAnalysis:
    """A single-line Ultimate X game under optimal play."""

    feature: UltimateX
    paytable: PayTable
    base_return: Fraction
    gain: Fraction
    states: tuple[MultiplierState, ...]
    iterations: int
    hand_variance: Fraction
    long_run_variance: Fraction

    @property
    def expected_return(self) -> Fraction:
        """Long-run payout per unit of the (doubled) bet."""
        return self.gain / self.feature.bet

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        bet = f"per unit of the bet of {self.feature.bet} units"
        return (StatedVariance("per hand", self.hand_variance,
                               f"of one hand's pay under the stationary distribution of the multiplier, {bet}; "
                               "hands are correlated through the multiplier", of_sessions=False),
                StatedVariance("long run, per hand", self.long_run_variance,
                               f"lim Var(X_1 + ... + X_n) / n of a session's hands, {bet}: the asymptotic variance of "
                               "the Markov reward process, exact from the relative values"))


def analyze_ultimate_x(prepared: PreparedGame, paytable: PayTable, feature: UltimateX) -> UltimateXAnalysis:
    """The optimal policy by policy iteration, every evaluation exact (a single unordered deck)."""
    if feature.lines != 1:
        raise ValueError("analyze_ultimate_x solves one line")
    names = list(paytable.categories)
    targets = sorted({m for m in feature.next_multiplier.values() if m != 1})
    groups = [[names.index(c) for c, m in feature.next_multiplier.items() if m == u] for u in targets]
    lattices = HoldLattices.build(prepared, paytable, groups)
    states = [Fraction(1), *targets]
    base = lattices.choose(Fraction(1), [Fraction(0)] * len(targets))
    policy = [lattices.choose(m, [Fraction(0)] * len(targets)) for m in states]
    rounds = 0
    while True:
        rounds += 1
        pays = [m * lattices.mean_over(c.best, lattices.pays, lattices.lcm_weight * lattices.denominator)
                for m, c in zip(states, policy)]
        moves = [[lattices.mean_over(c.best, ind, lattices.lcm_weight) for ind in lattices.indicators] for c in policy]
        gain, relative, shares = solve_average_reward(pays, moves)
        improved = [_improve(lattices, m, relative[1:], old) for m, old in zip(states, policy)]
        if all(new is old for new, old in zip(improved, policy)):
            break
        if rounds == MAX_ITERATIONS:
            raise RuntimeError(f"policy iteration did not settle in {MAX_ITERATIONS} rounds")
        policy = improved
    found = tuple(MultiplierState(m, share, h, pay, lattices.deals_where(~c.shares_a_best_hold(base)))
                  for m, share, h, pay, c in zip(states, shares, relative, pays, policy))
    hand, long_run = _variances(lattices, found, [c.best for c in policy], moves, gain)
    bet = feature.bet**2
    return UltimateXAnalysis(feature, paytable, base.value, gain, found, rounds, hand / bet, long_run / bet)


def _variances(lattices: HoldLattices, states: Sequence[MultiplierState], holds: Sequence[np.ndarray],
               moves: Sequence[Sequence[Fraction]], gain: Fraction) -> tuple[Fraction, Fraction]:
    """The per-hand and the long-run variance of a hand's pay (see the module docstring), per
    unit of pay, of the policy ``holds`` (one per state) whose chances of each next
    multiplier are ``moves``."""
    on_group = [derived_table(lattices.paytable, "pays on a group", pays_on(group)) for group in lattices.groups]
    squares, *group_pays = chosen_means(lattices, [squared_table(lattices.paytable), *on_group], holds)
    hand = -gain**2
    long_run = Fraction(0)
    for k, state in enumerate(states):
        m, after = state.multiplier, [s.relative_value for s in states[1:]]
        crossed = sum((h * pays[k] for h, pays in zip(after, group_pays)), Fraction(0))
        ahead = sum((h * h * chance for h, chance in zip(after, moves[k])), Fraction(0))
        hand += state.share * m * m * squares[k]
        mean_square = m * m * squares[k] + 2 * m * crossed + ahead
        long_run += state.share * (mean_square - (gain + state.relative_value) ** 2)
    return hand, long_run


def _improve(lattices: HoldLattices, multiplier: Fraction, next_values: Sequence[Fraction], old: Choice) -> Choice:
    """The greedy policy of one state; ``old`` itself when its holds are still maximal (so the
    iteration stops instead of cycling between equally good holds)."""
    new = lattices.choose(multiplier, next_values)
    return old if bool(new.is_maximal(old.best).all()) else new


def solve_average_reward(pays: Sequence[Fraction], moves: Sequence[Sequence[Fraction]]
                         ) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """Gain, relative values (state 0's is 0) and stationary shares of a chain whose state ``i``
    pays ``pays[i]`` and moves to state ``j >= 1`` with chance ``moves[i][j-1]`` (to state 0
    otherwise), exactly.

    >>> gain, h, shares = solve_average_reward([Fraction(0), Fraction(4)], [[Fraction(1, 2)], [Fraction(1, 2)]])
    >>> gain, h, shares
    (Fraction(2, 1), [Fraction(0, 1), Fraction(4, 1)], [Fraction(1, 2), Fraction(1, 2)])
    """
    n = len(pays)
    chance = [[1 - sum(row)] + list(row) for row in moves]
    # unknowns g, h_1..h_{n-1}: g + h_i - Σ_j P_ij h_j = pays_i
    system = [[Fraction(1)] + [Fraction(i == j) - chance[i][j] for j in range(1, n)] + [pays[i]]
              for i in range(n)]
    solution = solve_linear(system)
    # shares: μ (P - I) = 0, Σ μ = 1  (transpose, one equation replaced by the sum)
    balance = [[chance[i][j] - Fraction(i == j) for i in range(n)] + [Fraction(0)] for j in range(n - 1)]
    balance.append([Fraction(1)] * n + [Fraction(1)])
    return solution[0], [Fraction(0), *solution[1:]], solve_linear(balance)
