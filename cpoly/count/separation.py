"""A count over faces and suits, taken apart: distinct-card pairs, one-sort parts, the pair matrix.

Both contractions (:mod:`cpoly.count.decoupled` term by term, :mod:`cpoly.count.contraction` the whole
count) read a product over two sorts the same way: its factors are the deal's distinct-card
factors ``1 - δF[i],F[j] δS[i],S[j]``, factors of one sort, and factors that mix the sorts,
which :func:`separate` expands into ``Σ c · a(first sort) · b(second sort)``.  The distinct-card
factors depend only on which vertices are equal, so they become the 0/1 matrix
:func:`pair_matrix` over (first-sort partition, second-sort partition).

>>> from cpoly.dag.rewrite import delta, mul, one_minus
>>> sort_of = {1: "F", 2: "F", 3: "S", 4: "S"}
>>> hand = one_minus(mul(delta((1, 2)), delta((3, 4))))
>>> pairs, own, mixed = split_factors(mul(hand, delta((3, 4))), sort_of, "F", "S", {1: 0, 2: 1, 3: 0, 4: 1})
>>> pairs, [len(own["F"]), len(own["S"])], mixed
([((0, 1), (0, 1))], [0, 1], [])
>>> partitions = np.array([[0, 0], [0, 1]])      # the two cards' faces (suits) equal, or not
>>> pair_matrix(partitions, partitions, pairs).tolist()   # equal in both: the same card
[[0, 1], [1, 1]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from cpoly.dag.expr import Const, Delta, Expr, Product, Sum, children, postorder, union_under
from cpoly.dag.memo import Memo, MemoOfMemos
from cpoly.dag.rewrite import ONE, ZERO, complement, mul, narrow, split_coefficient

__all__ = ["CardPair", "MAX_PARTS", "Naming", "Pairs", "Part", "collected", "distribute", "pair_matrix",
           "separate", "split_factors"]

MAX_PARTS = 4096  # one-sort products a node may expand into

Part = tuple[int, Expr, Expr]  # coefficient, the first sort's factor, the second sort's factor
CardPair = tuple[tuple[int, ...], tuple[int, ...]]  # vertex positions of two cards' faces, of their suits
Pairs = tuple[CardPair, ...]


def split_factors(node: Expr, sort_of: dict[int, str], first: str, second: str,
                  position: Mapping[int, int]) -> tuple[list[CardPair], dict[str, list[Expr]], list[Expr]]:
    """The factors of ``node`` sorted three ways: the deal's distinct-card factors (as the
    positions of their vertices in each sort), the factors of one sort alone (by sort; constants
    with ``first``), and those mixing both sorts."""
    pairs: list[CardPair] = []
    own: dict[str, list[Expr]] = {first: [], second: []}
    mixed: list[Expr] = []
    known = _SUPPORT.of(tuple(sorted(sort_of.items())), dict)
    for factor in node.factors if isinstance(node, Product) else (node,):
        pair = _card_pair(factor, sort_of, first)
        support = _support(factor, sort_of, known)
        if pair is not None:
            pairs.append((tuple(position[v] for v in pair[0]), tuple(position[v] for v in pair[1])))
        elif len(support) > 1:
            mixed.append(factor)
        else:
            own[next(iter(support), first)].append(factor)
    return pairs, own, mixed


def _card_pair(factor: Expr, sort_of: dict[int, str], first: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The vertices ``(X, Y)`` when ``factor`` is ``1 - δX δY`` (X of the first sort, Y of the
    second, no value sets): two cards that may not be the same card."""
    base = complement(factor)
    if not isinstance(base, Product) or len(base.factors) != 2:
        return None
    x, y = base.factors
    if not all(isinstance(d, Delta) and d.values is None and len(d.vertices) > 1 for d in (x, y)):
        return None
    assert isinstance(x, Delta) and isinstance(y, Delta)
    sx, sy = ({sort_of[v] for v in d.vertices} for d in (x, y))
    if len(sx) != 1 or len(sy) != 1 or sx == sy:
        return None
    return (x.vertices, y.vertices) if sx == {first} else (y.vertices, x.vertices)


Naming = tuple[tuple[int, str], ...]  # a sort_of map as a key
_SUPPORT = MemoOfMemos[Naming, dict[int, frozenset[str]]]("separation.support", 256, 500_000)


def _support(node: Expr, sort_of: dict[int, str], known: dict[int, frozenset[str]] | None = None) -> frozenset[str]:
    """The sorts of the vertices under ``node``, read from and kept in ``known`` (by default
    the table of this naming of the vertices: a DAG is walked once per naming)."""
    known = _SUPPORT.of(tuple(sorted(sort_of.items())), dict) if known is None else known
    found = known.get(node.uid)
    return found if found is not None else union_under(node, lambda d: frozenset(sort_of[v] for v in d.vertices), known)


def separate(node: Expr, sort_of: dict[int, str], first: str) -> list[Part] | None:
    """``node`` as ``Σ c · a · b`` with ``a`` of the first sort and ``b`` of the second (None:
    a δ compares vertices of both sorts, or more than MAX_PARTS products).  Iterative, children
    first; a node of one sort is one part.

    >>> from cpoly.dag.rewrite import add, delta
    >>> sort_of = {1: "F", 2: "F", 3: "S", 4: "S"}
    >>> len(separate(add(ONE, mul(delta((1, 2)), delta((3, 4)))), sort_of, "F"))
    2
    """
    naming = tuple(sorted(sort_of.items()))
    key = (node.uid, first, naming)
    table = _SEPARATED.table
    if key in table:
        return table[key]
    return _SEPARATED.put(key, _separate(node, sort_of, first, _SUPPORT.of(naming, dict)))


_SEPARATED = Memo[tuple[int, str, Naming], "list[Part] | None"]("separation.separated", 100_000)


def _separate(node: Expr, sort_of: dict[int, str], first: str, known: dict[int, frozenset[str]]) -> list[Part] | None:
    found: dict[int, list[Part]] = {}  # children first, and a child without parts ends the walk
    for n in postorder([node], operands=lambda n: children(n) if len(_support(n, sort_of, known)) > 1 else ()):
        support = _support(n, sort_of, known)
        parts: list[Part] | None
        if isinstance(n, Const):
            parts = [(n.value, ONE, ONE)]
        elif len(support) <= 1:
            parts = [(1, n, ONE)] if first in support or not support else [(1, ONE, n)]
        elif isinstance(n, Sum):
            parts = collected([part for t in n.terms for part in found[t.uid]])
        else:  # a δ of both sorts has none
            parts = None if isinstance(n, Delta) else distribute([found[f.uid] for f in n.factors])
        if parts is None or len(parts) > MAX_PARTS:
            return None
        found[n.uid] = parts
    return found[node.uid]


def distribute(factors: Sequence[list[Part] | None]) -> list[Part] | None:
    """The product of sums of parts, distributed (None when a factor is None or too large)."""
    out: list[Part] = [(1, ONE, ONE)]
    for parts in sorted(factors, key=lambda p: -1 if p is None else len(p)):
        if parts is None or len(out) * len(parts) > MAX_PARTS:
            return None
        out = collected([(c1 * c2, narrow(mul(a1, a2)), narrow(mul(b1, b2)))
                         for c1, a1, b1 in out for c2, a2, b2 in parts])
    return out


def collected(parts: list[Part]) -> list[Part]:
    """Equal products added together; zero ones dropped."""
    coefs: dict[tuple[int, int], int] = {}
    nodes: dict[tuple[int, int], tuple[Expr, Expr]] = {}
    for c, a, b in parts:
        ca, a = split_coefficient(a)
        cb, b = split_coefficient(b)
        if a is ZERO or b is ZERO or c * ca * cb == 0:
            continue
        key = (a.uid, b.uid)
        coefs[key] = coefs.get(key, 0) + c * ca * cb
        nodes[key] = (a, b)
    return [(c, *nodes[k]) for k, c in coefs.items() if c]


def pair_matrix(left: np.ndarray, right: np.ndarray, pairs: Sequence[CardPair]) -> np.ndarray:
    """``M[σ, τ] = Π_pairs (1 - [x together in σ][y together in τ])`` (int64 0/1), for the
    partitions ``left`` and ``right`` (rows of block ids, one column per vertex position)."""
    linked = np.ones((len(left), len(right)), dtype=bool)
    for x, y in pairs:
        linked &= ~np.outer(_together(left, x), _together(right, y))
    matrix: np.ndarray = linked.astype(np.int64)
    return matrix


def _together(partitions: np.ndarray, positions: tuple[int, ...]) -> np.ndarray:
    """Per partition, whether the vertices at ``positions`` are all in one block."""
    same: np.ndarray = (partitions[:, list(positions[1:])] == partitions[:, list(positions[:1])]).all(axis=1)
    return same
