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
fractions deciding between holds that differ, keeping a hold that is still maximal.
The return is ``g / (bet * n)`` per unit bet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from itertools import combinations_with_replacement
from math import lcm

import numpy as np

from cpoly.games.videopoker.feature.lattices import RELATIVE_TOLERANCE, HoldLattices
from cpoly.games.videopoker.feature.linemoments import LineChain, round_variances
from cpoly.games.videopoker.feature.moments import StatedVariance
from cpoly.games.videopoker.feature.packing import total_distribution, unique_rows, unpack
from cpoly.games.videopoker.feature.ultimatex import MAX_ITERATIONS, analyze_ultimate_x, solve_linear
from cpoly.games.videopoker.play.summary import Progress
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import UltimateX
from cpoly.lang.paytable import PayTable

__all__ = ["TotalState", "UltimateXLinesAnalysis", "analyze_ultimate_x_lines", "per_line_model_return",
           "total_distribution", "unpack"]

#: Deal classes priced together when the future value of every hold is computed.
CHUNK = 8192
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


@dataclass(frozen=True)
class _Model:
    """The lattices, the per-line multiplier values (1 first) and the totals of ``lines`` lines."""

    lattices: HoldLattices
    values: tuple[Fraction, ...]
    lines: int

    @property
    def scale(self) -> int:
        """The common denominator of the values: exponents ``value * scale`` are integers."""
        return lcm(*(v.denominator for v in self.values))

    @property
    def bits(self) -> int:
        """Bits per packed coefficient: all deals times ``L ** lines`` fits."""
        return int(self.lattices.deals * self.lattices.lcm_weight**self.lines).bit_length() + 1

    def exponents(self, values: Sequence[Fraction]) -> list[int]:
        return [int(v * self.scale) for v in values]

    @cached_property
    def chances(self) -> np.ndarray:
        """``(classes * 32, values)`` float: each hold's per-line chance of each next multiplier."""
        n_classes = len(self.lattices.prepared.sizes)
        rows, holds = np.repeat(np.arange(n_classes), 32), np.tile(np.arange(32), n_classes)
        return self.counts(rows, holds) / self.lattices.lcm_weight

    @cached_property
    def signatures(self) -> np.ndarray:
        """``(classes, 32)`` int64: equal for two holds exactly when their pays and per-line
        chances are equal (so their values are equal at every total)."""
        lattices = self.lattices
        columns = np.stack([lattices.pays.reshape(-1), *(ind.reshape(-1) for ind in lattices.indicators)], axis=1)
        return unique_rows(columns.astype(np.int64))[1].reshape(-1, 32).astype(np.int64)

    def sums(self, lines: int) -> list[Fraction]:
        return sorted({sum(c, Fraction(0)) for c in combinations_with_replacement(self.values, lines)})

    def counts(self, rows: np.ndarray, holds: np.ndarray) -> np.ndarray:
        """``(len(rows), values)`` int64: each line's chance of each next multiplier, times ``L``."""
        found = np.stack([lattice[rows, holds] for lattice in self.lattices.indicators], axis=1).astype(np.int64)
        return np.concatenate([self.lattices.lcm_weight - found.sum(axis=1, keepdims=True), found], axis=1)


def analyze_ultimate_x_lines(prepared: PreparedGame, paytable: PayTable, feature: UltimateX,
                             progress: Progress | None = None) -> UltimateXLinesAnalysis:
    """The optimal policy over the totals by policy iteration, every evaluation exact.

    ``progress(done, total)``: called as the future values of the holds are priced, per round.
    """
    model = _model(prepared, paytable, feature)
    lattices = model.lattices
    totals = model.sums(feature.lines)
    base = lattices.choose(Fraction(1), [Fraction(0)] * len(lattices.indicators))
    policy = [base.best] * len(totals)
    rounds = 0
    while True:
        rounds += 1
        evaluation = _evaluate(model, totals, policy)
        relative = evaluation[1]
        future = _future_values(model, relative, totals, progress)
        improved = [_improve(model, total, future, relative, totals, old) for total, old in zip(totals, policy)]
        if all(new is old for new, old in zip(improved, policy)):
            break
        if rounds == MAX_ITERATIONS:
            raise RuntimeError(f"policy iteration did not settle in {MAX_ITERATIONS} rounds")
        policy = improved
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


def per_line_model_return(prepared: PreparedGame, paytable: PayTable, feature: UltimateX) -> Fraction:
    """The exact return of the per-line decomposition's play: at total ``M`` each deal held to
    maximise ``M * pay + lines * Σ_v q_h(v) h_1(v)`` with ``h_1`` the single-line relative values
    (as if each line's future were its own), evaluated exactly over the totals; at most the
    optimum of :func:`analyze_ultimate_x_lines`, equal on one line.
    """
    model = _model(prepared, paytable, feature)
    single = analyze_ultimate_x(prepared, paytable, replace(feature, lines=1))
    future = [feature.lines * s.relative_value for s in single.states[1:]]
    totals = model.sums(feature.lines)
    policy = [model.lattices.choose(total, future).best for total in totals]
    return _evaluate(model, totals, policy)[0] / (feature.bet * feature.lines)


def _model(prepared: PreparedGame, paytable: PayTable, feature: UltimateX) -> _Model:
    names = list(paytable.categories)
    targets = sorted({m for m in feature.next_multiplier.values() if m != 1})
    groups = [[names.index(c) for c, m in feature.next_multiplier.items() if m == u] for u in targets]
    return _Model(HoldLattices.build(prepared, paytable, groups), (Fraction(1), *targets), feature.lines)


# ---- evaluation: exact ----------------------------------------------------------------------
Evaluation = tuple[Fraction, list[Fraction], list[Fraction], tuple[tuple[Fraction, Fraction], ...], list[int]]


def _evaluate(model: _Model, totals: list[Fraction], policy: list[np.ndarray]) -> Evaluation:
    """Gain, relative values (the all-ones total's is 0), shares of the totals, shares of each
    line's multiplier, and each total's distinct-policy index, exactly.

    With ``k(M)`` the policy played at total ``M``, ``r_k`` its mean pay per line, ``T_k`` its
    next-total distribution and ``w_k = Σ_M' T_k(M') H(M')``: ``H(M) = M r_k(M) - g + w_k(M)``,
    so ``K + 1`` unknowns (``g`` and the ``w``) instead of one per total."""
    index, distinct = _distinct(policy)
    lattices = model.lattices
    pays = [lattices.mean_over(best, lattices.pays, lattices.lcm_weight * lattices.denominator) for best in distinct]
    moves = [_transitions(model, totals, best) for best in distinct]
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


def _transitions(model: _Model, totals: list[Fraction], best: np.ndarray) -> list[Fraction]:
    """The exact chance of each next total when every class is held by ``best``: the classes
    with the same per-line chances summed first, then one packed power each."""
    lattices = model.lattices
    counts = model.counts(np.arange(len(best)), best)
    unique, inverse = unique_rows(counts)
    weights = np.bincount(inverse, weights=lattices.prepared.sizes, minlength=len(unique))
    exponents = model.exponents(model.values)
    packed = sum(total_distribution(row, exponents, model.lines, model.bits, int(w))
                 for row, w in zip(unique.tolist(), np.rint(weights).astype(np.int64).tolist()))
    found = unpack(packed, model.exponents(totals), model.bits)
    whole = int(lattices.deals * lattices.lcm_weight**model.lines)
    return [Fraction(c, whole) for c in found]


def _policy_shares(moves: list[list[Fraction]], index: list[int]) -> list[Fraction]:
    """The long-run share of hands played by each distinct policy: ``ν = ν A``, ``Σ ν = 1``
    with ``A[j][k]`` the chance that policy ``j`` leads to a total played by ``k``."""
    kinds = len(moves)
    into = [[sum((c for to, c in enumerate(moves[j]) if index[to] == k), Fraction(0)) for k in range(kinds)]
            for j in range(kinds)]
    balance = [[into[j][k] - Fraction(j == k) for j in range(kinds)] + [Fraction(0)] for k in range(kinds - 1)]
    balance.append([Fraction(1)] * kinds + [Fraction(1)])
    return solve_linear(balance)


def _line_shares(model: _Model, distinct: list[np.ndarray], played: list[Fraction]
                 ) -> tuple[tuple[Fraction, Fraction], ...]:
    lattices = model.lattices
    chances = [[lattices.mean_over(best, ind, lattices.lcm_weight) for ind in lattices.indicators]
               for best in distinct]
    others = [sum((p * c[j] for p, c in zip(played, chances)), Fraction(0)) for j in range(len(model.values) - 1)]
    return ((Fraction(1), 1 - sum(others, Fraction(0))), *zip(model.values[1:], others))


# ---- improvement: floats find the candidates, fractions decide ------------------------------
def _future_values(model: _Model, relative: list[Fraction], totals: list[Fraction],
                   progress: Progress | None) -> np.ndarray:
    """``(classes, 32)`` float: ``E_h[H(next total)]`` for every hold that can be best at some
    total, ``-inf`` for the others (:func:`_candidates`); line by line backwards:
    ``ψ_j(t) = Σ_v q(v) ψ_{j+1}(t + v)`` over the sums ``t`` of ``j`` lines, ``ψ_n = H``."""
    levels = [model.sums(j) for j in range(model.lines + 1)]
    steps = [np.array([[levels[j + 1].index(t + v) for v in model.values] for t in levels[j]])
             for j in range(model.lines)]
    last = np.array([float(relative[totals.index(t)]) for t in levels[-1]])
    pairs = np.flatnonzero(_candidates(model, relative, totals))
    future = np.full(model.chances.shape[0], -np.inf)
    for start in range(0, len(pairs), CHUNK * 32):
        rows = pairs[start:start + CHUNK * 32]
        chances = model.chances[rows]
        psi = chances @ last[steps[-1]].T
        for step in reversed(steps[:-1]):
            psi = np.einsum("rv,rtv->rt", chances, psi[:, step])
        future[rows] = psi[:, 0]
        if progress is not None:
            progress(start + len(rows), len(pairs))
    return future.reshape(-1, 32)


def _candidates(model: _Model, relative: list[Fraction], totals: list[Fraction]) -> np.ndarray:
    """``(classes * 32,)`` bool: the holds within reach of their class's best at some total.

    With ``H(M) = α + β M + e(M)``, ``|e| <= δ`` (a least-squares line), a hold's future value
    is ``α + β n E_h[v] + e`` with ``|e| <= δ``: a hold whose score by the line is more than
    ``2 δ`` below its class's best cannot be best."""
    at = np.array([float(t) for t in totals])
    values = np.array([float(h) for h in relative])
    beta, alpha = np.polyfit(at, values, 1)
    slack = 2 * float(np.abs(values - alpha - beta * at).max()) + 1e-6 * max(1.0, float(np.abs(values).max()))
    line = (model.chances @ np.array([float(v) for v in model.values])) * (beta * model.lines)
    pays = model.lattices.pays.reshape(-1) / (model.lattices.lcm_weight * model.lattices.denominator)
    found = np.zeros(len(line), dtype=bool)
    for total in totals:
        score = (pays * float(total) + line).reshape(-1, 32)
        found |= (score >= score.max(axis=1, keepdims=True) - slack).reshape(-1)
    return found


def _scores(model: _Model, total: Fraction, future: np.ndarray) -> np.ndarray:
    lattices = model.lattices
    scores: np.ndarray = lattices.pays * (float(total) / (lattices.lcm_weight * lattices.denominator)) + future
    return scores


def _maximal(model: _Model, total: Fraction, future: np.ndarray, relative: list[Fraction],
             totals: list[Fraction]) -> np.ndarray:
    """``(classes, 32)`` bool: the holds reaching their class's maximum at this total, exactly."""
    approximate = _scores(model, total, future)
    top = approximate.max(axis=1, keepdims=True)
    maximal: np.ndarray = approximate >= top - RELATIVE_TOLERANCE * np.maximum(np.abs(top), 1.0)
    ids = model.signatures
    lowest = np.where(maximal, ids, np.iinfo(np.int64).max).min(axis=1)
    highest = np.where(maximal, ids, -1).max(axis=1)
    for row in np.flatnonzero(lowest != highest).tolist():  # holds of the same pays and chances tie exactly
        holds = np.flatnonzero(maximal[row])
        exact = [_exact_score(model, total, row, int(h), relative, totals) for h in holds.tolist()]
        maximal[row, holds] = [v == max(exact) for v in exact]
    return maximal


def _exact_score(model: _Model, total: Fraction, row: int, hold: int, relative: list[Fraction],
                 totals: list[Fraction]) -> Fraction:
    lattices = model.lattices
    counts = model.counts(np.array([row]), np.array([hold]))[0].tolist()
    packed = total_distribution(counts, model.exponents(model.values), model.lines, model.bits)
    found = unpack(packed, model.exponents(totals), model.bits)
    future = sum((c * h for c, h in zip(found, relative)), Fraction(0)) / int(lattices.lcm_weight**model.lines)
    return total * Fraction(int(lattices.pays[row, hold]), lattices.lcm_weight * lattices.denominator) + future


def _improve(model: _Model, total: Fraction, future: np.ndarray, relative: list[Fraction],
             totals: list[Fraction], old: np.ndarray) -> np.ndarray:
    """The greedy holds at one total; ``old`` itself when its holds are still maximal."""
    maximal = _maximal(model, total, future, relative, totals)
    if bool(maximal[np.arange(len(old)), old].all()):
        return old
    return np.where(maximal[np.arange(len(old)), old], old, np.argmax(maximal, axis=1))


def _held_otherwise(model: _Model, base: np.ndarray, best: np.ndarray) -> int:
    """Deals whose hold at this total is not one of the base game's best holds."""
    return model.lattices.deals_where(~base[np.arange(len(best)), best])
