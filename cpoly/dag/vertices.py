"""Rewrites that change a node's vertices, rebuilt through :func:`cpoly.dag.rewrite.rebuild`:
fix vertices to values (:func:`substitute`, completion), rename vertices (:func:`rename`), and
name the vertices that a product makes equal by one of them (:func:`unify`).

>>> from cpoly.dag.rewrite import delta, mul
>>> substitute(mul(delta((0, 1)), delta((1,), {3, 4})), {0: 3}) is delta((1,), {3})
True
"""

from __future__ import annotations

from collections.abc import Mapping

from cpoly.dag.expr import Delta, Expr, Product, union_under
from cpoly.dag.memo import Memo, MemoOfMemos, cached
from cpoly.dag.rewrite import ONE, ZERO, delta, mul, rebuild

__all__ = ["rename", "substitute", "unify", "vertices_under"]

_VERTICES = Memo[int, frozenset[int]]("vertices.under", 500_000)  # uid -> the vertices under it


def vertices_under(root: Expr) -> frozenset[int]:
    """The vertices of the δs under ``root`` (memoised for every node walked: DAGs that share
    nodes, a game's categories and their products, are walked once).

    >>> sorted(vertices_under(mul(delta((0, 1)), delta((2,), {5}))))
    [0, 1, 2]
    """
    return union_under(root, lambda d: frozenset(d.vertices), _VERTICES.room())


# ---- fixing vertices (completion) ------------------------------------------------------------
def substitute(root: Expr, fixed: dict[int, int]) -> Expr:
    """``root`` with the vertices in ``fixed`` replaced by their values.

    ``δa,b,c{S}`` with ``a = K`` becomes ``δb,c{S ∩ {K}}``: the other vertices must equal K.

    >>> fixed = substitute(mul(delta((0, 1)), delta((1, 2), {3, 4})), {0: 3})
    >>> fixed is mul(delta((1,), {3}), delta((1, 2), {3, 4}))
    True
    """
    return rebuild(root, lambda node: _fix_delta(node, fixed))


def rename(root: Expr, mapping: Mapping[int, int], memo: dict[int, Expr] | None = None) -> Expr:
    """``root`` with each vertex ``v`` in ``mapping`` replaced by the vertex ``mapping[v]``;
    ``memo`` (old uid -> renamed node) keeps the results between calls with one ``mapping``.

    >>> rename(mul(delta((0, 1)), delta((2,), {5})), {0: 2, 2: 0}) is mul(delta((2, 1)), delta((0,), {5}))
    True
    """
    return rebuild(root, lambda node: delta((mapping.get(v, v) for v in node.vertices), node.values), memo)


def _fix_delta(node: Delta, fixed: dict[int, int]) -> Expr:
    values = {fixed[v] for v in node.vertices if v in fixed}
    if not values:
        return node
    if len(values) > 1:
        return ZERO
    allowed = values if node.values is None else values & node.values
    free = [v for v in node.vertices if v not in fixed]
    if not allowed:
        return ZERO
    return delta(free, allowed) if free else ONE


# ---- equal vertices named by one of them -------------------------------------------------------
_UNIFY_MEMOS = MemoOfMemos[tuple[tuple[int, int], ...], dict[int, Expr]]("rebuild.unify_memos", 4096, 100_000)


def unify(node: Expr) -> Expr:
    """A product whose factors include ``δa,b,…`` with the vertices of its other factors that
    the δ makes equal named by the smallest of them: ``δa,b·f(b) = δa,b·f(a)`` (a δ of the other
    factors whose vertices all become one is then ``δa{S}``, or 1 without a set).  Products
    that say the same thing in other words become the same node (a suited straight's "the
    card of face w+5 in the suit of card i" for any card i of the five).

    >>> from cpoly.dag.rewrite import one_minus
    >>> suited = delta((1, 2, 3))
    >>> unify(mul(suited, one_minus(delta((4, 3))))) is mul(suited, one_minus(delta((1, 4))))
    True
    >>> unify(mul(suited, one_minus(delta((3,), {5})))) is mul(suited, one_minus(delta((1,), {5})))
    True
    """
    return _unify_product(node) if isinstance(node, Product) else node


@cached("rebuild.unified", 500_000)
def _unify_product(node: Product) -> Expr:
    defining = [f for f in node.factors if isinstance(f, Delta) and len(f.vertices) > 1]
    if not defining:
        return node
    parent: dict[int, int] = {}

    def root(v: int) -> int:
        while parent.get(v, v) != v:
            v = parent[v]
        return v

    for d in defining:
        top = min(root(v) for v in d.vertices)
        for v in d.vertices:
            parent[root(v)] = top
    renamed = {v: root(v) for v in parent if root(v) != v}
    if not renamed:
        return node
    memo = _UNIFY_MEMOS.of(tuple(sorted(renamed.items())), dict)
    rest = [rename(f, renamed, memo) for f in node.factors if not any(f is d for d in defining)]
    return mul(*defining, *rest)
