"""Face/suit decoupling: count ``Σ Hand·A(faces)·B(suits)`` as a contraction of two histograms.

A term over two sorts (faces, suits) whose factors are the deal's distinct-card factors
``1 - δF[i],F[j] δS[i],S[j]`` and factors of one sort each is counted without its grid of face
patterns x suit patterns.  A distinct-card factor depends only on the untyped partitions of
the faces and of the suits (which vertices are equal), so

    Σ term = Σ_{σ,τ} H_A[σ] · M[σ, τ] · H_B[τ],   M[σ, τ] = Π_pairs (1 - [i ~σ j][i ~τ j])

where ``H_A[σ]`` sums the face factors' values over the typed face patterns of partition σ,
each weighed by its falling factorials (the same weights as the grid), and likewise ``H_B``.
This is the Möbius-inversion form of design.md §3: ``M`` is the 0/1 matrix of pairs of
partitions whose meet is the bottom on the linked pairs.  Factors that mix the sorts (a
suited straight: ``δS[x],S[i] δF[x]{w}``) are first expanded into a sum of products of
one-sort parts (:func:`cpoly.count.separation.separate`), each part counted as above.  For seven cards that is
877 x 715 partitions instead of the 10^8 grid points of a term with face literals.

>>> from cpoly.lang.resolve import Sort
>>> from cpoly.count.plan import plan_term
>>> from cpoly.dag.rewrite import delta, mul, one_minus
>>> from cpoly.count.evaluate import pattern_axes, pattern_sizes, term_sum
>>> sorts = {1: Sort("F", 3), 2: Sort("F", 3), 3: Sort("S", 2), 4: Sort("S", 2)}
>>> hand = one_minus(mul(delta((1, 2)), delta((3, 4))))
>>> term = plan_term(1, mul(hand, delta((3, 4))), sorts, frozenset(sorts))
>>> plan = decouple(term, pattern_sizes(term))
>>> decoupled_sum(term, pattern_axes(term), plan), term_sum(term)
(12, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np

from cpoly.count.evaluate import INT64_SAFE, Axes, PatternEnv, evaluate, exact_dtype, falling_product, value_bound
from cpoly.count.plan import TermPlan
from cpoly.count.separation import Pairs, Part, distribute, pair_matrix, separate, split_factors
from cpoly.count.typedpatterns import bell, stride
from cpoly.dag.expr import Expr, postorder
from cpoly.dag.rewrite import ZERO, mul, narrow
from cpoly.dag.symbolic import Number, expand

__all__ = ["Decoupled", "decouple", "decoupled_sum"]


@dataclass(frozen=True)
class Decoupled:
    """A term counted as a contraction: its distinct-card pairs (vertex positions in each
    sort's vertex list), its one-sort parts and the work this costs (node evaluations)."""

    pairs: Pairs
    parts: tuple[Part, ...]
    work: int


def decouple(term: TermPlan, sizes: Sequence[int] | None) -> Decoupled | None:
    """The decoupled plan of a term over two sorts whose typed patterns are ``sizes`` in number
    (:func:`~cpoly.count.evaluate.pattern_sizes`), or None (one sort, a δ that mixes sorts in
    a factor that does not expand into one-sort products, or too many products)."""
    if sizes is None or len(term.sort_order) != 2:
        return None
    first, second = term.sort_order
    sort_of = {v: s for s, vs in term.vertices.items() for v in vs}
    position = {v: i for vs in term.vertices.values() for i, v in enumerate(vs)}
    pairs, own, mixed = split_factors(term.node, sort_of, first, second, position)
    parts = distribute([separate(f, sort_of, first) for f in mixed])
    if parts is None:
        return None
    kept = []
    for coef, a, b in parts:
        a, b = narrow(mul(*own[first], a)), narrow(mul(*own[second], b))
        if a is not ZERO and b is not ZERO and coef:
            kept.append((coef, a, b))
    work = 0
    for points, roots in zip(sizes, ([a for _, a, _ in kept], [b for _, _, b in kept])):
        if exact_dtype(roots, points) is object:
            return None  # values that may overflow int64: the grid counts it exactly
        work += points * len(postorder(roots))
    work += len(kept) * prod(bell(len(term.vertices[s])) for s in term.sort_order) // 4
    return Decoupled(tuple(pairs), tuple(kept), work)


# ---- counting ----------------------------------------------------------------------------
def decoupled_sum(term: TermPlan, axes: Axes | None, plan: Decoupled | None) -> Number:
    """``Σ`` of the term over all assignments of its universe, by the contraction above."""
    assert axes is not None and plan is not None
    if not plan.parts:
        return 0
    sides = [_side(term, sort, axis, [p[1] if i == 0 else p[2] for p in plan.parts])
             for i, (sort, axis) in enumerate(zip(term.sort_order, axes))]
    (reduced_a, parts_a, weights_a), (reduced_b, parts_b, weights_b) = sides
    matrix = pair_matrix(parts_a, parts_b, plan.pairs)
    coefs = np.array([c for c, _, _ in plan.parts], dtype=object)
    if all(isinstance(w, int) for w in weights_a + weights_b):
        hist_a, hist_b = _weighed(reduced_a, weights_a), _weighed(reduced_b, weights_b)
        if hist_a is not None and hist_b is not None:
            bound = (int(np.abs(hist_a).sum(axis=1).max(initial=0))
                     * int(np.abs(hist_b).sum(axis=1).max(initial=0)) * len(plan.parts))
            if bound < INT64_SAFE:
                totals = ((hist_a @ matrix) * hist_b).sum(axis=1)
                return int(sum(c * int(t) for c, t in zip(coefs.tolist(), totals.tolist())))
    # by signatures: C[sa, sb] = Σ_k c_k R_A[k]^T M R_B[k], then the (symbolic) weights
    table = np.zeros((reduced_a.shape[2], reduced_b.shape[2]), dtype=object)
    for k, c in enumerate(coefs.tolist()):
        inner = (matrix @ reduced_b[k]).astype(object)
        table += c * (reduced_a[k].T.astype(object) @ inner)
    return expand(sum((table[i, j] * weights_a[i] * weights_b[j] for i, j in zip(*np.nonzero(table))), 0))


def _weighed(reduced: np.ndarray, weights: list[Number]) -> np.ndarray | None:
    """``Σ_sig reduced[k, σ, sig] · weight[sig]`` in int64, or None when it might overflow."""
    biggest = max((abs(int(w)) for w in weights), default=0)
    if int(np.abs(reduced).sum(initial=0)) * max(biggest, 1) >= INT64_SAFE:
        return None
    result: np.ndarray = reduced @ np.array(weights, dtype=np.int64)
    return result


def _side(term: TermPlan, sort: str, axis: tuple[np.ndarray, np.ndarray, np.ndarray],
          roots: list[Expr]) -> tuple[np.ndarray, np.ndarray, list[Number]]:
    """One sort's side: the roots' values reduced by (partition, signature) as a (K, σ, sig)
    int64 array, the partitions present (block ids per vertex) and each signature's weight."""
    codes, signatures, inverse = axis
    vertices = term.vertices[sort]
    step = stride(len(vertices))
    env = PatternEnv({v: codes[:, i] for i, v in enumerate(vertices)},
                     {v: term.atoms[sort].values for v in vertices}, {v: step for v in vertices})
    points = len(codes)
    if exact_dtype(roots, points) is object:
        raise OverflowError("a decoupled term's values may overflow int64")
    distinct = list(dict.fromkeys(roots))
    values = dict(zip((r.uid for r in distinct), evaluate(distinct, env, np.int64)))
    blocks = codes % step
    keys = blocks @ (len(vertices) ** np.arange(len(vertices), dtype=np.int64))
    _, first, partition = np.unique(keys, return_index=True, return_inverse=True)
    groups = partition.reshape(-1) * len(signatures) + inverse
    order = np.argsort(groups, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(groups[order]) != 0])
    present = groups[order][starts]
    matrix = np.stack([np.broadcast_to(np.asarray(values[r.uid], dtype=np.int64), (points,)) for r in roots])
    sums = np.add.reduceat(matrix[:, order], starts, axis=1) if points else matrix[:, :0]
    reduced = np.zeros((len(roots), len(first) * len(signatures)), dtype=np.int64)
    reduced[:, present] = sums
    weights = [falling_product(term.atoms[sort].sizes, sig) for sig in signatures.tolist()]
    assert all(value_bound(r) * points < INT64_SAFE for r in distinct)
    return reduced.reshape(len(roots), len(first), len(signatures)), blocks[first], weights
