"""Ultimate X on ``n`` lines (3-, 5-, 10-play), exact: an average-reward problem over the total multiplier.

The lines share the held cards and each draws from its own copy of the rest of the deck, so, the
hold given, the lines' results are independent and alike: each line's next multiplier is ``v``
with the hold's chance ``q_h(v)`` (the indicator lattices of :class:`~.lattices.HoldLattices`).
In a state ``(m_1, …, m_n)`` holding ``h`` is worth

    (m_1 + … + m_n) * E_h[pay] + E_h[H(next state)]

which depends on the state only through the **total** ``M = Σ m_i``: so does the optimal
relative value ``H`` and the optimal hold.  The exact problem is therefore one over the totals
(``n`` to ``n * max``, far fewer than the multisets), and the joint distribution a hold gives the
next total is the ``n``-th power of the one line's: ``P_h(M') = [x^M'] (Σ_v q_h(v) x^v)^n``.

Policy iteration, as for one line (:mod:`.ultimatex`): a policy is one hold per deal class per
total; its evaluation is exact (each distinct policy's transition row computed in integers, by
one big-integer power per deal class: :func:`total_distribution`); the improvement holds each
deal to maximise ``M * pay + Σ_M' P_h(M') H(M')``, floats finding the candidates and exact
fractions deciding between holds that differ, keeping a hold that is still maximal.  Those two
heavy passes run over ranges of deal classes (:mod:`.linespasses`): in this process, or on Dask
workers when a client is given (:mod:`.linesdask`), with the same exact result.
The return is ``g / (bet * n)`` per unit bet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.feature.exactlinear import solve_linear
from cpoly.games.videopoker.feature.linemoments import LineChain, round_variances
from cpoly.games.videopoker.feature.linesmodel import LinesModel, lines_model
from cpoly.games.videopoker.feature.linespasses import InProcess, Passes
from cpoly.games.videopoker.feature.moments import StatedVariance
from cpoly.games.videopoker.feature.packing import unpack
from cpoly.games.videopoker.feature.ultimatex import MAX_ITERATIONS, analyze_ultimate_x
from cpoly.games.videopoker.play.summary import Progress
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import UltimateX
from cpoly.lang.paytable import PayTable

__all__ = ["TotalState", "UltimateXLinesAnalysis", "analyze_ultimate_x_lines", "per_line_model_return"]

METHOD = "exact: average reward over the total of the lines' multipliers"


@dataclass(frozen=True)
class TotalState:
    """One total of the lines' multipliers: the long-run share of hands played at it, its
    relative value, which distinct policy it plays (index) and the deals held otherwise than
    by the base game's strategy."""

    total: Fraction
    share: Fraction
    relative_value: Fraction
    policy: int
    deals_held_otherwise: int


@dataclass(frozen=True)
class UltimateXLinesAnalysis:
    """Ultimate X on ``feature.lines`` lines under optimal play; ``line_shares``: the long-run
    share of line-hands played at each multiplier; ``gain``: the pay per hand of all lines."""

    feature: UltimateX
    paytable: PayTable
    base_return: Fraction
    gain: Fraction
    states: tuple[TotalState, ...]
    line_shares: tuple[tuple[Fraction, Fraction], ...]
    iterations: int
    round_variance: Fraction
    long_run_variance: Fraction
    method: str = METHOD

    @property
    def expected_return(self) -> Fraction:
        """Long-run payout per unit bet (``bet`` per line)."""
        return self.gain / (self.feature.bet * self.feature.lines)

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        """Per round of all lines, per unit of the total bet (:mod:`.linemoments`)."""
        bet = f"per unit of the total bet ({self.feature.lines} lines of {self.feature.bet} units)"
        return (StatedVariance("per round", self.round_variance,
                               f"of one round's pay (all lines) under the stationary distribution of every line's "
                               f"multiplier, {bet}; exact: the split of the total over the lines enters through "
                               "E[sum of squared multipliers | total], from the chain", of_sessions=False),
                StatedVariance("long run, per round", self.long_run_variance,
                               f"lim Var(R_1 + ... + R_n) / n of a session's rounds, {bet}: the asymptotic variance "
                               "of the Markov reward process, exact from the relative values of the totals"))


def analyze_ultimate_x_lines(prepared: PreparedGame, paytable: PayTable, feature: UltimateX,
                             progress: Progress | None = None, passes: Passes | None = None) -> UltimateXLinesAnalysis:
    """The optimal policy over the totals by policy iteration, every evaluation exact.

    ``progress(done, total)``: called as the holds are priced, per round; ``passes``: where the
    heavy passes run (:class:`~.linespasses.InProcess` by default, or Dask: :mod:`.linesdask`).
    """
    model = lines_model(prepared, paytable, feature)
    lattices = model.lattices
    totals = model.sums(feature.lines)
    base = lattices.choose(Fraction(1), [Fraction(0)] * len(lattices.indicators))
    policy, rounds, evaluation = _iterate(model, totals, [base.best] * len(totals), passes or InProcess(), progress)
    gain, relative, shares, line_shares, index = evaluation
    states = tuple(TotalState(t, share, h, index[i], _held_otherwise(model, base.maximal, policy[i]))
                   for i, (t, share, h) in enumerate(zip(totals, shares, relative)))
    distinct = _distinct(policy)[1]
    chain = LineChain(lattices, model.values, model.lines, distinct,
                      [model.counts(np.arange(len(best)), best) for best in distinct], totals, index, shares,
                      relative, gain)
    per_round, long_run = (v / (feature.bet * feature.lines) ** 2 for v in round_variances(chain))
    return UltimateXLinesAnalysis(feature, paytable, base.value, gain, states, line_shares, rounds, per_round,
                                  long_run)


def _iterate(model: LinesModel, totals: list[Fraction], policy: list[np.ndarray], passes: Passes,
             progress: Progress | None) -> tuple[list[np.ndarray], int, Evaluation]:
    """Policy iteration from ``policy``: the last policy, the rounds and its evaluation."""
    rounds = 0
    while True:
        rounds += 1
        evaluation = _evaluate(model, totals, policy, passes)
        improved = passes.improve(model, evaluation[1], totals, policy, progress)
        if all(np.array_equal(new, old) for new, old in zip(improved, policy)):
            return policy, rounds, evaluation
        if rounds == MAX_ITERATIONS:
            raise RuntimeError(f"policy iteration did not settle in {MAX_ITERATIONS} rounds")
        policy = [old if np.array_equal(new, old) else new for new, old in zip(improved, policy)]


def per_line_model_return(prepared: PreparedGame, paytable: PayTable, feature: UltimateX,
                          passes: Passes | None = None) -> Fraction:
    """The exact return of the per-line decomposition's play: at total ``M`` each deal held to
    maximise ``M * pay + lines * Σ_v q_h(v) h_1(v)`` with ``h_1`` the single-line relative values
    (as if each line's future were its own), evaluated exactly over the totals; at most the
    optimum of :func:`analyze_ultimate_x_lines`, equal on one line.
    """
    model = lines_model(prepared, paytable, feature)
    single = analyze_ultimate_x(prepared, paytable, replace(feature, lines=1))
    future = [feature.lines * s.relative_value for s in single.states[1:]]
    totals = model.sums(feature.lines)
    policy = [model.lattices.choose(total, future).best for total in totals]
    return _evaluate(model, totals, policy, passes or InProcess())[0] / (feature.bet * feature.lines)


# ---- evaluation: exact ----------------------------------------------------------------------
Evaluation = tuple[Fraction, list[Fraction], list[Fraction], tuple[tuple[Fraction, Fraction], ...], list[int]]


def _evaluate(model: LinesModel, totals: list[Fraction], policy: list[np.ndarray], passes: Passes) -> Evaluation:
    """Gain, relative values (the all-ones total's is 0), shares of the totals, shares of each
    line's multiplier, and each total's distinct-policy index, exactly.

    With ``k(M)`` the policy played at total ``M``, ``r_k`` its mean pay per line, ``T_k`` its
    next-total distribution and ``w_k = Σ_M' T_k(M') H(M')``: ``H(M) = M r_k(M) - g + w_k(M)``,
    so ``K + 1`` unknowns (``g`` and the ``w``) instead of one per total."""
    index, distinct = _distinct(policy)
    lattices = model.lattices
    pays = [lattices.mean_over(best, lattices.pays, lattices.lcm_weight * lattices.denominator) for best in distinct]
    moves = _transitions(model, totals, passes.transitions(model, distinct))
    kinds = len(distinct)
    rows = []
    for k in range(kinds):
        row = [Fraction(1)] + [Fraction(j == k) for j in range(kinds)]
        rhs = Fraction(0)
        for to, chance in enumerate(moves[k]):
            row[1 + index[to]] -= chance
            rhs += chance * totals[to] * pays[index[to]]
        rows.append([*row, rhs])
    rows.append([Fraction(-1)] + [Fraction(j == index[0]) for j in range(kinds)] + [-totals[0] * pays[index[0]]])
    solution = solve_linear(rows)
    gain, w = solution[0], solution[1:]
    relative = [t * pays[index[i]] - gain + w[index[i]] for i, t in enumerate(totals)]
    played = _policy_shares(moves, index)
    shares = [sum((played[k] * moves[k][i] for k in range(kinds)), Fraction(0)) for i in range(len(totals))]
    return gain, relative, shares, _line_shares(model, distinct, played), index


def _distinct(policy: list[np.ndarray]) -> tuple[list[int], list[np.ndarray]]:
    seen: dict[bytes, int] = {}
    distinct: list[np.ndarray] = []
    for best in policy:
        if best.tobytes() not in seen:
            seen[best.tobytes()] = len(distinct)
            distinct.append(best)
    return [seen[best.tobytes()] for best in policy], distinct


def _transitions(model: LinesModel, totals: list[Fraction], packed: list[int]) -> list[list[Fraction]]:
    """The exact chance of each next total from each policy's packed distribution."""
    whole = int(model.lattices.deals * model.lattices.lcm_weight**model.lines)
    return [[Fraction(c, whole) for c in unpack(found, model.exponents(totals), model.bits)] for found in packed]


def _policy_shares(moves: list[list[Fraction]], index: list[int]) -> list[Fraction]:
    """The long-run share of hands played by each distinct policy: ``ν = ν A``, ``Σ ν = 1``
    with ``A[j][k]`` the chance that policy ``j`` leads to a total played by ``k``."""
    kinds = len(moves)
    into = [[sum((c for to, c in enumerate(moves[j]) if index[to] == k), Fraction(0)) for k in range(kinds)]
            for j in range(kinds)]
    balance = [[into[j][k] - Fraction(j == k) for j in range(kinds)] + [Fraction(0)] for k in range(kinds - 1)]
    balance.append([Fraction(1)] * kinds + [Fraction(1)])
    return solve_linear(balance)


def _line_shares(model: LinesModel, distinct: list[np.ndarray], played: list[Fraction]
                 ) -> tuple[tuple[Fraction, Fraction], ...]:
    lattices = model.lattices
    chances = [[lattices.mean_over(best, ind, lattices.lcm_weight) for ind in lattices.indicators]
               for best in distinct]
    others = [sum((p * c[j] for p, c in zip(played, chances)), Fraction(0)) for j in range(len(model.values) - 1)]
    return ((Fraction(1), 1 - sum(others, Fraction(0))), *zip(model.values[1:], others))


def _held_otherwise(model: LinesModel, base: np.ndarray, best: np.ndarray) -> int:
    """Deals whose hold at this total is not one of the base game's best holds."""
    return model.lattices.deals_where(~base[np.arange(len(best)), best])
