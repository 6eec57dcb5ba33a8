"""Evaluate the DAG over arrays: concrete assignments, or typed equality patterns.

Two environments give vertex arrays and set membership: :class:`ValueEnv` (concrete values:
checking a hand, classifying every hand, the dense oracle) and :class:`PatternEnv` (codes
``atom*stride + block``: the counting grid).  :func:`evaluate` walks the DAG once in
topological order, frees each intermediate after its last use, and broadcasts: arrays of
different sorts live on different axes, so face-only subexpressions stay small.

>>> import numpy as np
>>> from cpoly.dag.rewrite import delta, mul, add, const
>>> env = ValueEnv({0: np.array([1, 1, 2]), 1: np.array([1, 3, 2])})
>>> evaluate([delta((0, 1))], env)[0].tolist()
[True, False, True]
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import product as cartesian
from math import prod
from typing import Protocol

import numpy as np

from cpoly.count.plan import TermPlan
from cpoly.count.typedpatterns import pattern_count, stride, typed_patterns
from cpoly.dag.expr import Const, Delta, Expr, Product, Sum, children, nodes_under, postorder
from cpoly.dag.memo import Memo, cached
from cpoly.dag.rewrite import is_boolean
from cpoly.dag.symbolic import Number, expand
from cpoly.lang.resolve import Sort

__all__ = ["Array", "Axes", "Env", "GRID_CHUNK", "INT64_SAFE", "PatternEnv", "Schedule", "SortedValues",
           "ValueEnv", "count_dense", "evaluate", "evaluate_factored", "exact_dtype", "falling_product",
           "grid_points", "pattern_axes", "pattern_sizes", "term_sum", "value_bound"]

Array = np.ndarray


class Env(Protocol):
    def vertex(self, v: int) -> Array: ...
    def member(self, vertex: int, values: Array, allowed: frozenset[int]) -> Array: ...


class ValueEnv:
    """Concrete vertex values (any broadcastable integer arrays)."""

    def __init__(self, vertices: Mapping[int, Array]) -> None:
        self._vertices = vertices
        self._luts: dict[frozenset[int], Array] = {}
        self._top = max((int(a.max()) for a in vertices.values() if a.size), default=0) + 1

    def vertex(self, v: int) -> Array:
        return self._vertices[v]

    def member(self, vertex: int, values: Array, allowed: frozenset[int]) -> Array:
        lut = self._luts.get(allowed)
        if lut is None:
            lut = np.zeros(max(self._top, max(allowed) + 1), dtype=bool)
            lut[[a for a in allowed if a >= 0]] = True
            self._luts[allowed] = lut
        result: Array = lut[values]
        return result


class PatternEnv:
    """Typed-pattern codes per vertex; membership is decided by the atom of a code."""

    def __init__(self, vertices: Mapping[int, Array], atom_members: Mapping[int, Sequence[frozenset[int] | None]],
                 strides: Mapping[int, int]) -> None:
        self._vertices = vertices
        self._atoms = atom_members
        self._strides = strides

    def vertex(self, v: int) -> Array:
        return self._vertices[v]

    def member(self, vertex: int, values: Array, allowed: frozenset[int]) -> Array:
        atoms = self._atoms[vertex]
        lut = np.array([vals is not None and vals <= allowed for vals in atoms], dtype=bool)
        result: Array = lut[values // self._strides[vertex]]
        return result


INT64_SAFE = 2**62


_BOUNDS = Memo[int, int]("evaluate.value_bound", 1_000_000)  # node uid -> bound


def value_bound(root: Expr) -> int:
    """An upper bound of ``|root|`` at any assignment (δ ≤ 1, products and sums of bounds)."""
    found = _BOUNDS.get(root.uid)
    if found is not None:
        return found
    bounds = _BOUNDS.room()
    for node in postorder([root], skip=bounds):
        if is_boolean(node):
            bounds[node.uid] = 1
        elif isinstance(node, Const):
            bounds[node.uid] = abs(node.value)
        elif isinstance(node, Product):
            bounds[node.uid] = prod(bounds[f.uid] for f in node.factors)
        else:  # a δ is boolean
            assert isinstance(node, Sum)
            bounds[node.uid] = sum(bounds[t.uid] for t in node.terms)
    return bounds[root.uid]


def exact_dtype(roots: Sequence[Expr], points: int) -> type:
    """int64 when ``points`` values of ``roots`` cannot overflow it, else Python ints (object)."""
    largest = max((value_bound(r) for r in roots), default=1)
    return np.int64 if largest * max(points, 1) < INT64_SAFE else object


def evaluate(roots: Sequence[Expr], env: Env, dtype: type = np.int64) -> list[Array]:
    """The values of ``roots`` (arrays or scalars); intermediates are freed after last use.

    ``dtype`` is int64, or object (exact Python integers) when values may overflow int64.
    """
    values: dict[int, Array] = {}
    for node, last_uses in _schedule(roots):
        values[node.uid] = _evaluate_one(node, values, env, dtype)
        for uid in last_uses:
            del values[uid]
    return [values[r.uid] for r in roots]


Schedule = tuple[tuple[Expr, tuple[int, ...]], ...]
_SCHEDULES = Memo[tuple[int, ...], Schedule]("evaluate.schedules", 2048)  # root uids -> schedule


def _schedule(roots: Sequence[Expr]) -> Schedule:
    """The nodes under ``roots`` children first, each with the uids of the children whose last
    use it is (their values are freed after it; the roots' own are kept); memoised, since a
    term is evaluated once per slice and per dtype.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> a, b = delta((0, 1)), delta((1, 2))
    >>> schedule = _schedule([mul(a, b)])
    >>> schedule[-1][0] is mul(a, b), sorted(schedule[-1][1]) == sorted((a.uid, b.uid))
    (True, True)
    >>> [len(freed) for _, freed in schedule]
    [0, 0, 2]
    """
    key = tuple(r.uid for r in roots)
    schedule = _SCHEDULES.get(key)
    if schedule is None:
        order = nodes_under(roots[0]) if len(roots) == 1 else postorder(roots)
        last = {child.uid: i for i, node in enumerate(order) for child in children(node)}
        freed: list[list[int]] = [[] for _ in order]
        for uid, i in last.items():
            if uid not in key:
                freed[i].append(uid)
        schedule = _SCHEDULES.put(key, tuple(zip(order, map(tuple, freed))))
    return schedule


def _evaluate_one(node: Expr, values: dict[int, Array], env: Env, dtype: type = np.int64) -> Array:
    if isinstance(node, Const):
        return np.asarray(node.value, dtype=dtype)
    if isinstance(node, Delta):
        first = env.vertex(node.vertices[0])
        tests = [first == env.vertex(v) for v in node.vertices[1:]]
        if node.values is not None:
            tests.append(env.member(node.vertices[0], first, node.values))
        return reduce(operator.and_, tests)
    if isinstance(node, Product):  # the boolean factors first (a bool product is their "and")
        return reduce(operator.mul, sorted((values[f.uid] for f in node.factors), key=lambda f: f.dtype != bool))
    assert isinstance(node, Sum)
    return reduce(operator.add, (values[t.uid] for t in node.terms[1:]),
                  np.asarray(values[node.terms[0].uid]).astype(dtype))


# ---- counting one planned term -----------------------------------------------------------
GRID_CHUNK = 4_000_000  # grid points evaluated at once (bounds memory)


Axes = list[tuple[Array, Array, Array]]  # per sort: pattern codes, signatures, inverse


def pattern_axes(plan: TermPlan) -> Axes | None:
    """The typed patterns of each sort of a term (None: some sort has none, the count is 0)."""
    axes: Axes = []
    for sort in plan.sort_order:
        vertices = plan.vertices[sort]
        axis = _sort_axis(len(vertices), tuple(tuple(plan.allowed[v]) for v in vertices),
                          tuple(plan.atoms[sort].numeric_sizes()))
        if axis[0].shape[0] == 0:
            return None
        axes.append(axis)
    return axes


@cached("evaluate.sort_axis", 4096)
def _sort_axis(m: int, allowed: tuple[tuple[int, ...], ...], sizes: tuple[int | None, ...]
               ) -> tuple[Array, Array, Array]:
    """One sort's typed patterns, their distinct block-count signatures and each pattern's
    signature (memoised: the terms of one table share them)."""
    codes, counts = typed_patterns(m, allowed, sizes)
    if counts.shape[0] == 0:
        return codes, counts, np.zeros(0, dtype=np.int64)
    if (m + 1) ** counts.shape[1] < 2**62:  # one integer per row: a 1-d sort, not a row sort
        keys = counts @ (m + 1) ** np.arange(counts.shape[1], dtype=np.int64)
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        signatures = counts[first]
    else:
        signatures, inverse = np.unique(counts, axis=0, return_inverse=True)
    for array in (signatures, inverse):
        array.flags.writeable = False
    return codes, signatures, inverse.reshape(-1)


def pattern_sizes(plan: TermPlan) -> tuple[int, ...] | None:
    """The number of typed patterns of each sort of a term, counted without enumerating them
    (:func:`~cpoly.count.typedpatterns.pattern_count`; None: some sort has none, the count is
    0): the axes :func:`pattern_axes` builds when the term is counted."""
    sizes = tuple(pattern_count(len(plan.vertices[sort]), [plan.allowed[v] for v in plan.vertices[sort]],
                                plan.atoms[sort].numeric_sizes()) for sort in plan.sort_order)
    return None if 0 in sizes else sizes


def grid_points(sizes: Sequence[int] | None) -> int:
    """The number of grid points a term's count evaluates (from :func:`pattern_sizes`)."""
    return 0 if sizes is None else prod(sizes)


def term_sum(plan: TermPlan, axes: Axes | None = None) -> Number:
    """``Σ`` of the term's node (without its coefficient) over all assignments of its
    universe, by typed equality patterns.

    The grid (patterns of each sort on its own axis) is evaluated in slices of the largest
    axis so that memory stays bounded.
    """
    axes = pattern_axes(plan) if axes is None else axes
    if axes is None:
        return 0
    if not axes:  # every vertex fixed: the term is a number
        (value,) = evaluate([plan.node], ValueEnv({}), exact_dtype([plan.node], 1))
        return int(value)
    sizes = [len(codes) for codes, _, _ in axes]
    widest = int(np.argmax(sizes))
    step = max(1, GRID_CHUNK * sizes[widest] // max(1, prod(sizes)))
    dtype = exact_dtype([plan.node], prod(sizes))
    reduced = reduce(operator.add, (_reduced_slice(plan, axes, widest, slice(start, start + step), dtype, prod(sizes))
                                    for start in range(0, sizes[widest], step)))
    return _weigh(reduced, [(sig, inv) for _, sig, inv in axes], plan)


def _reduced_slice(plan: TermPlan, axes: list[tuple[Array, Array, Array]], widest: int,
                   window: slice, dtype: type, points: int) -> Array:
    """Evaluate the grid with the ``widest`` axis restricted to ``window``; reduce it.

    When the a-priori bound does not rule out int64 overflow (``dtype`` object), a float64
    evaluation measures the values: int64 arithmetic is exact modulo 2^64, so it is exact
    whenever the results and their sums fit, whatever the intermediates did.
    """
    vertex_arrays: dict[int, Array] = {}
    atom_members: dict[int, tuple[frozenset[int] | None, ...]] = {}
    strides: dict[int, int] = {}
    groupings: list[tuple[Array, Array]] = []
    for axis, (sort, (codes, signatures, inverse)) in enumerate(zip(plan.sort_order, axes)):
        if axis == widest:
            codes, inverse = codes[window], inverse[window]
        shape = [1] * len(axes)
        shape[axis] = codes.shape[0]
        vertices = plan.vertices[sort]
        for i, v in enumerate(vertices):
            vertex_arrays[v] = codes[:, i].reshape(shape)
            atom_members[v] = plan.atoms[sort].values
            strides[v] = stride(len(vertices))
        groupings.append((signatures, inverse))
    env = PatternEnv(vertex_arrays, atom_members, strides)
    if dtype is object and _fits_int64(plan.node, env, points):
        dtype = np.int64
    (grid,) = evaluate([plan.node], env, dtype)
    full_shape = tuple(len(inverse) for _, inverse in groupings)
    return _reduce_by_signature(np.broadcast_to(np.asarray(grid, dtype=dtype), full_shape),
                                groupings)


def _fits_int64(node: Expr, env: Env, points: int) -> bool:
    """Whether ``points`` values of ``node`` and their sums surely fit in int64 (by a float64
    evaluation, with its rounding error bounded by the a-priori bound)."""
    (approximate,) = evaluate([node], env, np.float64)
    largest = float(np.max(np.abs(approximate), initial=0.0)) + value_bound(node) * 2.0**-50
    return largest * points < INT64_SAFE


def _reduce_by_signature(grid: Array, groupings: list[tuple[Array, Array]]) -> Array:
    """Sum the grid over patterns with equal block-count signatures, axis by axis."""
    out = grid
    for axis, (signatures, inverse) in enumerate(groupings):
        indicator = np.zeros((len(inverse), len(signatures)), dtype=grid.dtype)
        indicator[np.arange(len(inverse)), inverse] = 1
        out = np.moveaxis(np.tensordot(out, indicator, axes=([axis], [0])), -1, axis)
    return out


def _weigh(reduced: Array, groupings: list[tuple[Array, Array]], plan: TermPlan) -> Number:
    """``Σ reduced[sig] · Π_sorts Π_atoms (size)_(blocks)`` exactly (ints or sympy)."""
    weights = [[falling_product(plan.atoms[sort].sizes, sig) for sig in signatures.tolist()]
               for (signatures, _), sort in zip(groupings, plan.sort_order)]
    return expand(sum((int(reduced[index]) * prod((weights[axis][i] for axis, i in enumerate(index)), start=1)
                       for index in zip(*np.nonzero(reduced))), start=0))


def falling_product(sizes: Sequence[Number], blocks: Sequence[int]) -> Number:
    """``Π (size)_(k)``, falling factorials.

    >>> falling_product([13, 4], [2, 1])
    624
    """
    return prod((size - j for size, k in zip(sizes, blocks) for j in range(k)), start=1)


# ---- the dense oracle ----------------------------------------------------------------------
def count_dense(node: Expr, sorts: Mapping[int, Sort], universe: Sequence[int],
                max_points: int = 50_000_000) -> int:
    """``Σ`` over every assignment, by brute force (the oracle for small decks)."""
    vertices = sorted(universe)
    sizes = [int(sorts[v].size) for v in vertices]
    if prod(sizes) > max_points:
        raise ValueError(f"dense count over {prod(sizes):,} assignments is too large")
    split = next(i for i in range(len(sizes) + 1) if prod(sizes[i:]) <= 2_000_000)
    grids = np.meshgrid(*(np.arange(s) for s in sizes[split:]), indexing="ij", sparse=True)
    dtype = exact_dtype([node], prod(sizes))
    total = 0
    for outer in cartesian(*(range(s) for s in sizes[:split])):
        arrays = {v: np.array(x) for v, x in zip(vertices[:split], outer)} | dict(zip(vertices[split:], grids))
        (value,) = evaluate([node], ValueEnv(arrays), dtype)
        total += int(np.broadcast_to(np.asarray(value, dtype=dtype), tuple(sizes[split:])).sum())
    return total


# ---- many concrete assignments, one sort at a time -----------------------------------------
@dataclass(frozen=True)
class SortedValues:
    """Values computed per distinct tuple of one sort (``sort``), or per assignment (None)."""

    sort: str | None
    value: Array
    index: Array | None  # assignment -> row of the sort's distinct tuples

    def at_assignments(self, n: int) -> Array:
        value = self.value if self.index is None else self.value[self.index]
        return np.broadcast_to(value, (n,))


def evaluate_factored(roots: Sequence[Expr], sort_of: Mapping[int, str],
                      values: Mapping[int, Array]) -> list[SortedValues]:
    """The values of ``roots`` at N concrete assignments, computing each node on the distinct
    value tuples of the sorts it depends on (face-suit decoupling).

    A node that reads only face vertices is evaluated once per distinct face tuple (6,188 of
    them among the 2,598,960 five-card hands), one that reads only suits once per suit tuple;
    only nodes that mix sorts are lifted to the N assignments, by gathering.  Each root comes
    back at its own level; :meth:`SortedValues.at_assignments` lifts it.
    """
    tables = _distinct_tuples(sort_of, values)
    env = ValueEnv({v: tables[sort_of[v]][0][:, i] for sort, (_, _, members) in tables.items()
                    for i, v in enumerate(members)})
    hand_env = ValueEnv(values)  # for a δ that compares vertices of different sorts
    support: dict[int, frozenset[str]] = {}
    computed: dict[int, Array] = {}
    lifted: dict[int, Array] = {}

    def at_hands(node: Expr) -> Array:
        if node.uid not in lifted:
            value = computed[node.uid]
            (sort,) = support[node.uid] or (None,)
            lifted[node.uid] = value if sort is None else value[tables[sort][1]]
        return lifted[node.uid]

    for node in postorder(roots):
        parts = children(node)
        support[node.uid] = (frozenset({sort_of[v] for v in node.vertices}) if isinstance(node, Delta)
                             else frozenset().union(*(support[p.uid] for p in parts)))
        if len(support[node.uid]) > 1:
            local = {p.uid: at_hands(p) for p in parts}
            computed[node.uid] = _evaluate_one(node, local, hand_env if not parts else env)
            lifted[node.uid] = computed[node.uid]
        else:
            computed[node.uid] = _evaluate_one(node, computed, env)
    results = []
    for root in roots:
        (sort,) = support[root.uid] if len(support[root.uid]) == 1 and root.uid not in lifted else (None,)
        results.append(SortedValues(None, at_hands(root), None) if sort is None
                       else SortedValues(sort, computed[root.uid], tables[sort][1]))
    return results


def _distinct_tuples(sort_of: Mapping[int, str], values: Mapping[int, Array]
                     ) -> dict[str, tuple[Array, Array, list[int]]]:
    """Per sort: its distinct value tuples (rows), each assignment's row index, the vertices."""
    tables: dict[str, tuple[Array, Array, list[int]]] = {}
    for sort in sorted({sort_of[v] for v in values}):
        members = sorted(v for v in values if sort_of[v] == sort)
        base = max(int(np.max(values[v], initial=0)) for v in members) + 1
        lowest = min(int(np.min(values[v], initial=0)) for v in members)
        codes = np.zeros(len(values[members[0]]), dtype=np.int64)
        for v in reversed(members):
            codes *= base
            codes += values[v]
        if lowest >= 0 and base ** len(members) <= _DENSE_CODES:
            rows, inverse = _dense_distinct(codes, base, len(members))
        else:
            _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
            rows = np.stack([np.asarray(values[v])[first] for v in members], axis=1).astype(np.int64)
        tables[sort] = (rows, inverse.reshape(-1).astype(np.int32), members)
    return tables


#: Tuple codes below this are made distinct by a lookup table instead of a sort.
_DENSE_CODES = 1 << 22


def _dense_distinct(codes: Array, base: int, width: int) -> tuple[Array, Array]:
    """``np.unique`` of small non-negative codes by a presence table (no sort): the distinct
    tuples (digits of the codes, least significant first) and each code's row.

    >>> rows, inverse = _dense_distinct(np.array([5, 1, 5, 3]), 2, 3)
    >>> rows.tolist(), inverse.tolist()
    ([[1, 0, 0], [1, 1, 0], [1, 0, 1]], [2, 0, 2, 1])
    """
    present = np.zeros(base ** width, dtype=bool)
    present[codes] = True
    distinct = np.flatnonzero(present)
    inverse = (np.cumsum(present, dtype=np.int32) - 1)[codes]
    rows = np.empty((len(distinct), width), dtype=np.int64)
    for i in range(width):
        distinct, rows[:, i] = np.divmod(distinct, base)
    return rows, inverse
