"""Ultimate X on several lines: the variances of a round's pay, exact, under the optimal policy.

A round plays ``n`` lines at multipliers ``m_1 … m_n`` (total ``M``, squares ``S = Σ m_l^2``);
they share the deal and its hold ``h`` and each draws from its own copy of the rest of the deck,
so, the deal given, the lines' pays ``P_l`` are independent and alike, and the round pays
``R = Σ_l m_l P_l`` with

    E[R^2 | deal] = Σ_l m_l^2 E[P^2|h] + Σ_{l≠l'} m_l m_l' E[P|h]^2 = S Var(P|h) + M^2 E[P|h]^2

(the multi-play decomposition, :mod:`~cpoly.games.videopoker.par.multiplay`: the variance of the
deal and the variance of the draw).  The hold depends on the state through ``M`` only, but the
draw's term needs ``S``: the split of the total over the lines.  It is not a model: the lines'
next multipliers are independent given the hold, each ``v`` with the hold's chance ``q_h(v)``,
so under the stationary distribution of the full state (every line's multiplier)

    E_π[S; M = t] = Σ_k ν_k · mean over deals [x^t] n (Σ_v v^2 q_h(v) x^v) (Σ_v q_h(v) x^v)^(n-1)

(``ν_k``: the share of rounds played by policy ``k``), exactly; one line is ``S = M^2``.

* **per round**: ``Var(R) = Σ_t (E_π[S; M=t] E_k[Var(P|h)] + π(t) t^2 E_k[E[P|h]^2]) - g^2``;
* **long run** (``lim Var(R_1 + … + R_N) / N``): with ``H`` the relative values of the totals,
  ``D = R + H(M') - H(M) - g`` is a martingale difference on the full chain (the mean pay and the
  next total depend on ``M`` only), so it is ``E_π[R^2] + 2 Σ_t π(t) t C_k + Σ_t π(t) (H(t)^2 -
  (g + H(t))^2)``, where ``C_k = mean over deals E[P_1 H(M') | h]``, line 1's pay against the
  next total: ``Σ_v E[P_1; v_1 = v] [x^t'] (Σ_v q_h(v) x^v)^(n-1)`` summed with ``H(v + t')``.

The per-class polynomials are summed over the classes of equal per-line chances first
(:func:`~.packing.unique_rows`), then one packed big-integer product each (:mod:`.packing`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import lcm
from typing import NamedTuple

import numpy as np

from cpoly.games.videopoker.feature.lattices import HoldLattices, exact_weighted_sum
from cpoly.games.videopoker.feature.moments import chosen_chunks, derived_table, pays_on, squared_table
from cpoly.games.videopoker.feature.packing import total_distribution, unique_rows, unpack

__all__ = ["LineChain", "PolicyMoments", "round_variances"]


class LineChain(NamedTuple):
    """The lines' solved chain: ``values`` the per-line multipliers (1 first, then those of the
    lattices' groups); per distinct policy ``k`` its holds and each class's per-line counts of
    each next multiplier (``counts[k]``, on ``L`` draws); per total its policy, stationary share
    and relative value; ``gain`` the pay per round."""

    lattices: HoldLattices
    values: tuple[Fraction, ...]
    lines: int
    holds: Sequence[np.ndarray]
    counts: Sequence[np.ndarray]
    totals: Sequence[Fraction]
    policy_of: Sequence[int]
    shares: Sequence[Fraction]
    relative: Sequence[Fraction]
    gain: Fraction


class PolicyMoments(NamedTuple):
    """One policy's means over the deals: ``square`` of ``E[P^2|h]``, ``ev_square`` of
    ``E[P|h]^2``, ``spread[t]`` of ``E[S'; M' = t]`` (the next state's squares) and ``crossed``
    of ``E[P_1 H(M')|h]``."""

    square: Fraction
    ev_square: Fraction
    spread: list[Fraction]
    crossed: Fraction


def round_variances(chain: LineChain) -> tuple[Fraction, Fraction]:
    """The per-round and the long-run variance of a round's pay (all lines), per unit of pay."""
    moments = policy_moments(chain)
    played = [sum((s for s, k in zip(chain.shares, chain.policy_of) if k == j), Fraction(0)) for j in range(len(moments))]
    second = Fraction(0)
    crossed = Fraction(0)
    for t, (total, share, k) in enumerate(zip(chain.totals, chain.shares, chain.policy_of)):
        squares = sum((p * m.spread[t] for p, m in zip(played, moments)), Fraction(0))
        own = moments[k]
        second += squares * (own.square - own.ev_square) + share * total * total * own.ev_square
        crossed += share * total * own.crossed
    ahead = sum((s * (h * h - (chain.gain + h) ** 2) for s, h in zip(chain.shares, chain.relative)), Fraction(0))
    return second - chain.gain**2, second + 2 * crossed + ahead


def policy_moments(chain: LineChain) -> list[PolicyMoments]:
    """Every distinct policy's :class:`PolicyMoments`, exactly (one pricing pass)."""
    lattices = chain.lattices
    if min(lattices.paytable.pays, default=0) < 0:
        raise ValueError("the lines' variance needs pays of at least 0")
    groups = [unique_rows(counts) for counts in chain.counts]
    squares, ev_squares, by_value = _chosen_sums(chain, [inverse for _, inverse in groups])
    deals, weight = lattices.deals, lattices.lcm_weight
    squared = squared_table(lattices.paytable).scaled().denominator
    return [PolicyMoments(Fraction(square, deals * weight * squared),
                          Fraction(ev_square, deals * (weight * lattices.denominator) ** 2),
                          *_packed_terms(chain, rows, inverse, paid))
            for square, ev_square, paid, (rows, inverse) in zip(squares, ev_squares, by_value, groups)]


def _chosen_sums(chain: LineChain, inverses: Sequence[np.ndarray]
                 ) -> tuple[list[int], list[int], list[np.ndarray]]:
    """Per policy: ``Σ size E[P^2|h]`` and ``Σ size E[P|h]^2`` (numerators), and per group of
    equal counts ``Σ size E[P; next = v]`` for each value ``v`` (numerators over ``L * den``)."""
    lattices = chain.lattices
    on_group = [derived_table(lattices.paytable, "pays on a group", pays_on(g)) for g in lattices.groups]
    factors = [lattices.denominator // t.scaled().denominator for t in on_group]
    exact = int(lattices.pays.max(initial=0)) * int(lattices.prepared.sizes.max()) * len(lattices.pays) < 2**62
    paid = [np.zeros((int(inverse.max()) + 1, len(chain.values)), dtype=np.int64 if exact else object)
            for inverse in inverses]
    squares, ev_squares = [0] * len(inverses), [0] * len(inverses)
    for chunk in chosen_chunks(lattices, [squared_table(lattices.paytable), *on_group], chain.holds):
        for k, best in enumerate(chain.holds):
            pays = lattices.pays[chunk.classes, best[chunk.classes]]
            squares[k] += exact_weighted_sum(chunk.values[0][k], chunk.sizes)
            ev_squares[k] += exact_weighted_sum(pays, pays * chunk.sizes)
            parts = [values[k] * f for values, f in zip(chunk.values[1:], factors)]
            columns = np.stack([pays - sum(parts, np.zeros_like(pays)), *parts], axis=1)
            np.add.at(paid[k], inverses[k][chunk.classes], columns.astype(paid[k].dtype) * chunk.sizes[:, None])
    return squares, ev_squares, paid


def _packed_terms(chain: LineChain, rows: np.ndarray, inverse: np.ndarray, paid: np.ndarray
                  ) -> tuple[list[Fraction], Fraction]:
    """A policy's ``spread`` and ``crossed`` (:class:`PolicyMoments`) from its groups of equal
    per-line counts ``rows`` (each class's group: ``inverse``) and their summed pays ``paid``."""
    lattices, n = chain.lattices, chain.lines
    scale = lcm(*(v.denominator for v in chain.values))
    exponents = [int(v * scale) for v in chain.values]
    squared = [e * e for e in exponents]
    weights = np.bincount(inverse, weights=lattices.prepared.sizes, minlength=len(rows))
    per_line = max(n * max(squared) * lattices.lcm_weight, int(lattices.pays.max(initial=0)))
    bits = (lattices.deals * lattices.lcm_weight ** (n - 1) * per_line).bit_length() + 1
    spread = crossed = 0
    for row, w, pays in zip(rows.tolist(), np.rint(weights).astype(np.int64).tolist(), paid.tolist()):
        others = total_distribution(row, exponents, n - 1, bits)
        spread += total_distribution([c * s for c, s in zip(row, squared)], exponents, 1, bits, n * int(w)) * others
        crossed += total_distribution([int(p) for p in pays], exponents, 1, bits) * others
    at = [int(t * scale) for t in chain.totals]
    whole = lattices.deals * lattices.lcm_weight**n
    found = [Fraction(c, whole * scale * scale) for c in unpack(spread, at, bits)]
    worth = sum((c * h for c, h in zip(unpack(crossed, at, bits), chain.relative)), Fraction(0))
    return found, worth / (whole * lattices.denominator)
