"""A whole count as a face/suit contraction, each side counted with its own literals.

:mod:`cpoly.count.decoupled` contracts one split term at a time, over that term's atoms.  Here the
whole ``Σ deal·node`` is taken at once: its distinct-card factors ``1 - δF[i],F[j] δS[i],S[j]``
give the 0/1 matrix ``M`` over (face partition, suit partition), and the rest is expanded into
``Σ_k c_k A_k(faces) B_k(suits)`` (:func:`cpoly.count.separation.separate`), so

    Σ deal·node = Σ_k c_k H[A_k]ᵀ M H[B_k],   H[A][σ] = Σ_{face assignments of partition σ} A

Each side ``A`` is split by its own literal sets (:func:`cpoly.count.plan.split_terms`, a NOT kept
whole), and each of its terms is counted over the atoms of that term alone, so a straight
window is three atoms whatever the other windows say.  Two symmetries cut the work, both exact:

* **positions.**  When the distinct-card pairs are every pair of cards, permuting the cards
  (faces and suits together) leaves ``M`` unchanged, so a product ``(A, B)`` counts as its image
  ``(πA, πB)``: products that are images of each other are counted once (their coefficients
  added; :mod:`cpoly.count.cardswaps`).  While factors are still to be multiplied in, only the
  permutations that leave each of them unchanged are used.
* **a symmetric side.**  A side term unchanged by every permutation of its vertices has one
  value of ``H`` per block sizes of σ; one partition of each is enumerated, its blocks typed up
  to permutations of blocks of equal size (:func:`cpoly.count.typedpatterns.symmetric_patterns`).

Numeric sizes only (a symbolic count goes to :mod:`cpoly.count.patterncount`'s term-by-term plan).

>>> from cpoly.lang.resolve import Sort
>>> from cpoly.dag.rewrite import delta, mul, one_minus
>>> sorts = {1: Sort("F", 3), 2: Sort("F", 3), 3: Sort("S", 2), 4: Sort("S", 2)}
>>> hand = one_minus(mul(delta((1, 2)), delta((3, 4))))
>>> plan = plan_contraction(mul(hand, delta((3, 4))), sorts, frozenset(sorts))
>>> contraction_sum(plan)          # same suit, so different faces: 3 * 2 * 2
12
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from cpoly.count.canonical import CanonicalTerms
from cpoly.count.cardswaps import Swap, deep_normal, image, normal, orbits, pair_symmetries
from cpoly.count.evaluate import INT64_SAFE, PatternEnv, evaluate, exact_dtype, falling_product, value_bound
from cpoly.count.plan import TermPlan, plan_term, split_terms
from cpoly.count.separation import Pairs, Part, collected, pair_matrix, separate, split_factors
from cpoly.count.typedpatterns import (
    bell,
    integer_partitions,
    partition_array,
    partition_types,
    pattern_count,
    stride,
    symmetric_patterns,
    typed_patterns,
)
from cpoly.dag.expr import Delta, Expr, Product, Sum, nodes_under
from cpoly.dag.memo import Memo, cached, register
from cpoly.dag.rewrite import ONE, ZERO, complement, mul, split_coefficient
from cpoly.errors import CpolyTooLarge
from cpoly.lang.resolve import Sort

__all__ = ["Contraction", "MAX_PARTS", "MAX_VERTICES", "SIDES", "SIDE_OVERHEAD", "SideTerm",
           "contraction_sum", "plan_contraction"]

MAX_PARTS = 20_000  # one-sort products a count may expand into
MAX_VERTICES = 8  # vertices per sort (Bell(8) = 4,140 partitions on each side of M)
SIDE_OVERHEAD = 400  # a side term's fixed cost per node, in pattern evaluations


@dataclass(frozen=True)
class SideTerm:
    """One split term of a side, counted over its own atoms (symmetric: one partition per
    block sizes)."""

    coefficient: int
    plan: TermPlan
    symmetric: bool
    points: int


@dataclass(frozen=True)
class Contraction:
    """``Σ_k c_k H[A_k]ᵀ M H[B_k]``: the sorts, their vertices, the distinct-card pairs (vertex
    positions), the products (coefficient, index of A, index of B), each side's terms."""

    sort_order: tuple[str, str]
    vertices: tuple[tuple[int, ...], tuple[int, ...]]
    pairs: Pairs
    parts: tuple[tuple[int, int, int], ...]
    sides: tuple[tuple[tuple[SideTerm, ...], ...], tuple[tuple[SideTerm, ...], ...]]
    work: int


def plan_contraction(node: Expr, sorts: Mapping[int, Sort], universe: frozenset[int]) -> Contraction | None:
    """The contraction plan of ``Σ node`` (module docstring), or None: not two sorts of numeric
    sizes, a δ comparing both sorts that does not expand into one-sort products, or too many
    products or patterns."""
    names = {v: sorts[v].name for v in universe}
    order = tuple(dict.fromkeys(names[v] for v in sorted(universe)))
    if len(order) != 2 or any(not isinstance(sorts[v].size, int) for v in universe):
        return None
    first, second = order
    vertices = tuple(tuple(v for v in sorted(universe) if names[v] == s) for s in order)
    if max(map(len, vertices)) > MAX_VERTICES:
        return None
    position = {v: i for vs in vertices for i, v in enumerate(vs)}
    pairs, own, mixed = split_factors(node, names, first, second, position)
    sides = (vertices[0], vertices[1])
    try:
        if not _may_hold(own[first], own[second], sides, tuple(pairs)):
            return _planned(order, sides, tuple(pairs), [], sorts)  # 0 on every pair of partitions
        parts = _expand(own[first], own[second], mixed, names, first, vertices, tuple(pairs))
        if parts is None:
            return None
        kept = [(c, a, b) for c, a, b in parts if _may_hold(_factors(a), _factors(b), sides, tuple(pairs))]
        return _planned(order, sides, tuple(pairs), kept, sorts)
    except CpolyTooLarge:
        return None


def _expand(own_a: list[Expr], own_b: list[Expr], mixed: list[Expr], names: dict[int, str], first: str,
            vertices: tuple[tuple[int, ...], ...], pairs: Pairs) -> list[Part] | None:
    """The products ``(c, A, B)`` of the one-sort factors and the mixed factors expanded,
    merged by position symmetry (module docstring).

    Before a mixed sum is multiplied in, its terms are merged under the permutations that
    leave the products so far (as a whole) and every factor still to come unchanged; after,
    the products are merged under those that leave every factor still to come unchanged.
    The one-sort factors come last (they are the same in every product)."""
    own = (deep_normal(mul(*own_a)), deep_normal(mul(*own_b)))
    if ZERO in own:
        return []
    parts: list[Part] = [(1, ONE, ONE)]
    swaps = pair_symmetries(pairs, vertices)
    remaining = sorted((deep_normal(f) for f in mixed), key=lambda f: len(f.terms) if isinstance(f, Sum) else 1)
    for k, factor in enumerate(remaining):
        later = [*remaining[k + 1:], *own]
        keeping = [s for s in swaps if all(image(f, s) is f for f in later)]
        terms: list[tuple[int, Expr]] = ([split_coefficient(t) for t in factor.terms] if isinstance(factor, Sum)
                                         else [(1, factor)])
        by_fixing: dict[tuple[Swap, ...], list[Part]] = {}  # the parts by the swaps that fix them
        for part in parts:
            fixing = tuple(s for s in keeping if image(part[1], s) is part[1] and image(part[2], s) is part[2])
            by_fixing.setdefault(fixing, []).append(part)
        products: list[Part] = []
        for fixing, fixed in by_fixing.items():
            pieces = _pieces(terms, fixing, names, first)
            if pieces is None:
                return None
            if len(products) + len(fixed) * len(pieces) > MAX_PARTS:
                return None
            products.extend((c1 * c2, normal(mul(a1, a2)), normal(mul(b1, b2)))
                            for c1, a1, b1 in fixed for c2, a2, b2 in pieces)
        parts = [(c, x, y) for c, (x, y) in orbits([(c, (x, y)) for c, x, y in collected(products)], keeping)]
    if not remaining:
        return [(1, *own)]
    return collected([(c, mul(own[0], a), mul(own[1], b)) for c, a, b in parts])


def _pieces(terms: list[tuple[int, Expr]], fixing: tuple[Swap, ...], names: dict[int, str],
            first: str) -> list[Part] | None:
    """A factor's terms merged under the swaps ``fixing`` the parts they multiply (and every
    later factor: a part times the image of a term is the image of the part times the term),
    each separated into one-sort products (None: a term does not separate)."""
    pieces: list[Part] = []
    for coef, term in orbits([(c, (t,)) for c, t in terms], fixing):
        separated = separate(term[0], names, first)
        if separated is None:
            return None
        pieces.extend((coef * c, x, y) for c, x, y in separated)
    return pieces


def _may_hold(first: Sequence[Expr], second: Sequence[Expr], vertices: tuple[tuple[int, ...], tuple[int, ...]],
              pairs: Pairs) -> bool:
    """False when the product of the ``first`` sort's factors and the ``second``'s is 0 by the
    factors that name no value: they depend only on which vertices are equal, so each is 0 on
    some set partitions of its sort's vertices, and none of the pairs of partitions the
    distinct-card pairs allow (``M``) has both products non-zero (a four of a kind that is not
    three of a kind; a full house among five different faces).  True proves nothing."""
    masks = [_side_mask(factors, vs) for factors, vs in zip((first, second), vertices)]
    if masks[0] is None and masks[1] is None:
        return True
    if any(mask is not None and not mask.any() for mask in masks):
        return False
    sizes = (len(vertices[0]), len(vertices[1]))
    matrix = _pair_matrix(sizes, pairs)
    rows = matrix if masks[0] is None else matrix[masks[0]]
    return bool((rows if masks[1] is None else rows[:, masks[1]]).any())


def _factors(node: Expr) -> tuple[Expr, ...]:
    return node.factors if isinstance(node, Product) else (node,)


def _side_mask(factors: Sequence[Expr], vertices: tuple[int, ...]) -> np.ndarray | None:
    """Per set partition of ``vertices``, whether every factor naming no value may be non-zero
    there (None: no such factor)."""
    plain = [f for f in factors if _names_no_value(f)]
    if len(plain) < 2:
        return None  # one factor alone is seldom 0 everywhere: not worth evaluating
    mask: np.ndarray = np.logical_and.reduce([_partition_mask(f, vertices) for f in plain])
    return mask


@cached("contraction.partition_masks", 50_000)
def _partition_mask(node: Expr, vertices: tuple[int, ...]) -> np.ndarray:
    """Where ``node`` (naming no value) is non-zero, per set partition of ``vertices``."""
    mask: np.ndarray = _partition_values(node, vertices) != 0
    return mask


@cached("contraction.names_no_value", 100_000)
def _names_no_value(node: Expr) -> bool:
    return not any(isinstance(n, Delta) and n.values is not None for n in nodes_under(node))


_VALUES = Memo[tuple[int, tuple[int, ...]], np.ndarray]("contraction.partition_values", 50_000)


def _partition_values(node: Expr, vertices: tuple[int, ...]) -> np.ndarray:
    """``node``'s value per set partition of ``vertices``, for a node that names no value (its
    value depends on which vertices are equal alone; ``1 - x`` from ``x``'s; memoised)."""
    key = (node.uid, vertices)
    found = _VALUES.table.get(key)
    if found is not None:
        return found
    base = complement(node)
    if base is not None:
        return _VALUES.put(key, 1 - _partition_values(base, vertices))
    partitions = partition_array(len(vertices))
    env = PatternEnv({v: partitions[:, i] for i, v in enumerate(vertices)}, {}, {})
    (values,) = evaluate([node], env, exact_dtype([node], len(partitions)))
    return _VALUES.put(key, np.broadcast_to(np.asarray(values), (len(partitions),)))


def _planned(order: tuple[str, str], vertices: tuple[tuple[int, ...], tuple[int, ...]], pairs: Pairs,
             parts: list[Part], sorts: Mapping[int, Sort]) -> Contraction:
    nodes = [list(dict.fromkeys(a for _, a, _ in parts)), list(dict.fromkeys(b for _, _, b in parts))]  # as first met
    index = [{n.uid: i for i, n in enumerate(side)} for side in nodes]
    indexed = [(c, index[0][a.uid], index[1][b.uid]) for c, a, b in parts]
    planned = tuple(tuple(_side_terms(n, vertices[k], sorts) for n in nodes[k]) for k in range(2))
    bells = [bell(len(vs)) for vs in vertices]
    work = sum(t.points * len(nodes_under(t.plan.node)) + SIDE_OVERHEAD * len(nodes_under(t.plan.node))
               for side in planned for terms in side for t in terms)
    work += len(nodes[1]) * bells[0] * bells[1] + len(indexed) * bells[0]
    return Contraction(order, vertices, pairs, tuple(indexed), (planned[0], planned[1]), work)


_SIDE_TERMS = Memo[tuple[int, tuple[tuple[int, Sort], ...]], "tuple[SideTerm, ...]"]("contraction.side_terms", 50_000)


def _side_terms(node: Expr, vertices: tuple[int, ...], sorts: Mapping[int, Sort]) -> tuple[SideTerm, ...]:
    """One side split by its literal sets, each term with its atoms and pattern count
    (memoised: the counts of one table share most of their sides)."""
    key = (node.uid, tuple((v, sorts[v]) for v in vertices))
    found = _SIDE_TERMS.get(key)
    return found if found is not None else _SIDE_TERMS.put(key, _split_side(node, vertices, sorts))


def _split_side(node: Expr, vertices: tuple[int, ...], sorts: Mapping[int, Sort]) -> tuple[SideTerm, ...]:
    names = {v: sorts[v].name for v in vertices}
    universe = frozenset(vertices)
    found = []
    for coef, split in split_terms(node, names, keep_not=True):
        term = deep_normal(split)
        plan = plan_term(coef, term, dict(sorts), universe)
        allowed = [tuple(plan.allowed[v]) for v in vertices]
        sizes = tuple(plan.atoms[names[vertices[0]]].numeric_sizes())
        symmetric = len(set(allowed)) == 1 and all(image(term, g) is term for g in _generators(vertices))
        points = (len(symmetric_patterns(len(vertices), allowed[0], sizes)[0]) if symmetric
                  else pattern_count(len(vertices), allowed, sizes))
        found.append(SideTerm(coef, plan, symmetric, points))
    return tuple(found)


def _generators(vertices: tuple[int, ...]) -> tuple[Swap, ...]:
    """The swap of the first two ``vertices`` and the cycle of all: a term unchanged by both is
    unchanged by every permutation of them (two images to test instead of one per adjacent pair).

    >>> _generators((4, 5, 6))
    (((4, 5), (5, 4)), ((4, 5), (5, 6), (6, 4)))
    """
    if len(vertices) < 2:
        return ()
    swap = ((vertices[0], vertices[1]), (vertices[1], vertices[0]))
    cycle = tuple((v, vertices[(i + 1) % len(vertices)]) for i, v in enumerate(vertices))
    return (swap,) if len(vertices) == 2 else (swap, cycle)


# ---- counting ----------------------------------------------------------------------------
SIDES = CanonicalTerms("contraction.sides")  # side terms' canonical keys (cpoly.count.canonical)
register(SIDES)
_HISTOGRAMS = Memo[int, np.ndarray]("contraction.histograms", 20_000)  # canonical key -> the term's histogram


def contraction_sum(plan: Contraction) -> int:
    """``Σ node`` by the planned contraction (exact integers)."""
    histograms = [[_side_histogram(terms, len(plan.vertices[k])) for terms in plan.sides[k]] for k in range(2)]
    matrix = _pair_matrix(tuple(len(vs) for vs in plan.vertices), plan.pairs)
    bound = max((int(np.abs(h).sum()) for h in histograms[1]), default=0)
    dtype: type = np.int64 if bound < INT64_SAFE else object
    linked: list[np.ndarray] = [matrix.astype(dtype) @ h.astype(dtype) for h in histograms[1]]
    return sum(c * int(np.dot(histograms[0][a].astype(object), linked[b].astype(object))) for c, a, b in plan.parts)


def _side_histogram(terms: Sequence[SideTerm], m: int) -> np.ndarray:
    """``H[σ]`` for one side: per set partition of its m vertices, the sum of the side over
    the assignments with that partition (object integers)."""
    total = np.zeros(bell(m), dtype=object)
    for term in terms:
        key = SIDES.key(term.plan)
        found = _HISTOGRAMS.get(key)
        total = total + term.coefficient * (found if found is not None else _HISTOGRAMS.put(key, _term_histogram(term, m)))
    return total


def _term_histogram(term: SideTerm, m: int) -> np.ndarray:
    plan = term.plan
    (sort,) = plan.sort_order
    vertices = plan.vertices[sort]
    sizes = plan.atoms[sort].numeric_sizes()
    if term.symmetric:
        codes, counts, times, kinds = symmetric_patterns(m, plan.allowed[vertices[0]], sizes)
    else:
        codes, counts = typed_patterns(m, [plan.allowed[v] for v in vertices], sizes)
        times, kinds = np.ones(len(codes), dtype=np.int64), _partition_index(codes, m)
    weights = _weights(counts, [int(s) for s in plan.atoms[sort].sizes])
    step = stride(m)
    env = PatternEnv({v: codes[:, i] for i, v in enumerate(vertices)},
                     {v: plan.atoms[sort].values for v in vertices}, {v: step for v in vertices})
    points = max(len(codes), 1)
    dtype = exact_dtype([plan.node], points)
    (values,) = evaluate([plan.node], env, dtype)
    values = np.broadcast_to(np.asarray(values, dtype=dtype), (len(codes),))
    largest = value_bound(plan.node) * int(weights.max(initial=0)) * int(times.max(initial=0)) * points
    exact = np.int64 if dtype is not object and largest < INT64_SAFE else object
    weighed = values.astype(exact) * weights.astype(exact) * times.astype(exact)
    size = len(integer_partitions(m)) if term.symmetric else bell(m)
    sums = np.zeros(size, dtype=exact)
    np.add.at(sums, kinds, weighed)
    histogram = sums[partition_types(m)] if term.symmetric else sums
    result: np.ndarray = histogram.astype(object)
    return result


def _weights(counts: np.ndarray, sizes: list[int]) -> np.ndarray:
    """Per typed pattern, the assignments it stands for: ``Π_atoms (size)_(blocks)``."""
    exact = np.array([falling_product(sizes, row) for row in counts.tolist()], dtype=object)
    largest = max((int(w) for w in exact.tolist()), default=0)
    return exact.astype(np.int64) if largest < INT64_SAFE else exact


def _partition_index(codes: np.ndarray, m: int) -> np.ndarray:
    """The index in :func:`set_partitions` of each pattern's partition (its blocks)."""
    keys = (codes % stride(m)) @ (m ** np.arange(m, dtype=np.int64))
    table, order = _partition_keys(m)
    found: np.ndarray = order[np.searchsorted(table, keys)]
    return found


@cached("contraction.partition_keys", 16)
def _partition_keys(m: int) -> tuple[np.ndarray, np.ndarray]:
    keys = partition_array(m) @ (m ** np.arange(m, dtype=np.int64))
    order = np.argsort(keys)
    return keys[order], order


@cached("contraction.pair_matrix", 64)
def _pair_matrix(sizes: tuple[int, ...], pairs: Pairs) -> np.ndarray:
    """:func:`cpoly.count.separation.pair_matrix` over every set partition of each side (read-only)."""
    matrix = pair_matrix(partition_array(sizes[0]), partition_array(sizes[1]), pairs)
    matrix.flags.writeable = False
    return matrix
