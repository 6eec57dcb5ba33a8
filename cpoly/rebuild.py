"""Rewrites of a whole node, rebuilt bottom-up through the smart constructors of :mod:`cpoly.rewrite`.

The constructors apply rules to one node's operands; these functions change a DAG as a whole:
fix vertices to values (:func:`substitute`, completion), rename vertices (:func:`rename`),
decide the δs that a product's value sets settle (:func:`narrow`), and name vertices that a
product makes equal by one of them (:func:`unify`).

>>> from cpoly.rewrite import delta, mul
>>> substitute(mul(delta((0, 1)), delta((1,), {3, 4})), {0: 3}) is delta((1,), {3})
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cpoly.expr import Delta, Expr, Product, Sum, children, postorder, union_under
from cpoly.memo import Memo, MemoOfMemos, cached
from cpoly.rewrite import ONE, ZERO, add, complement, delta, mul


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


def rebuild(root: Expr, leaf: Callable[[Delta], Expr], memo: dict[int, Expr] | None = None) -> Expr:
    """``root`` rebuilt bottom-up through the smart constructors, each δ replaced by ``leaf(δ)``;
    ``memo`` (old uid -> new node) keeps the results between calls with the same ``leaf``."""
    memo = {} if memo is None else memo
    if root.uid in memo:
        return memo[root.uid]
    for node in postorder([root], skip=memo):
        if isinstance(node, Delta):
            memo[node.uid] = leaf(node)
            continue
        rebuilt = [memo[o.uid] for o in children(node)]
        if all(new is old for new, old in zip(rebuilt, children(node))):
            memo[node.uid] = node  # nothing changed below (a constant too): the node itself, no rules re-run
        else:
            memo[node.uid] = add(*rebuilt) if isinstance(node, Sum) else mul(*rebuilt)
    return memo[root.uid]


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


# ---- deciding δs under a product's value-set factors -------------------------------------------
_NARROWED = MemoOfMemos[tuple[tuple[int, frozenset[int]], ...], dict[int, Expr]]("rebuild.narrowed", 4096, 100_000)


def narrow(node: Expr) -> Expr:
    """A product whose factors include ``δv{S}`` with every δ of its other factors that ``v``
    decides replaced by its value: ``δv{S}·f(δv{T}) = δv{S}·f(1)`` when S ⊆ T, ``f(0)`` when
    S and T are disjoint, and ``f(0)`` for ``δv,w…`` when the sets of v and w are disjoint;
    0 when more vertices must take pairwise different values than their sets hold
    (:func:`_too_few_values`).  No new value set is made (the literals of the result are among the node's).

    >>> from cpoly.rewrite import one_minus
    >>> low = delta((1,), {0, 1})
    >>> narrow(mul(low, one_minus(delta((1,), {5})))) is low
    True
    >>> narrow(mul(low, delta((2,), {7}), delta((1, 2)))) is ZERO
    True
    """
    return _narrow_product(node) if isinstance(node, Product) else node


@cached("rebuild.narrowed_nodes", 500_000)
def _narrow_product(node: Product) -> Expr:
    known = {f.vertices[0]: f.values for f in node.factors
             if isinstance(f, Delta) and len(f.vertices) == 1 and f.values is not None}
    if not known:
        return node
    memo = _NARROWED.of(tuple(sorted(known.items(), key=lambda kv: kv[0])), dict)
    sets = set(known.values())
    meet = all(a & b for a in sets for b in sets)  # then no δa,b… of known vertices is 0
    rest = [f if meet and not _valued_vertices(f) & known.keys() else rebuild(f, lambda d: _decided(d, known), memo)
            for f in node.factors]  # a δv{S} of known itself is decided to 1, and put back below
    narrowed = mul(*rest, *(delta((v,), values) for v, values in known.items()))
    return ZERO if isinstance(narrowed, Product) and _too_few_values(narrowed) else narrowed


PIGEONHOLE_MAX = 10  # vertices with a value set among which pairwise-different sets are sought


def _too_few_values(node: Product) -> bool:
    """``Π_{v∈V} δv{S_v} · Π_{u<w in V} (1 - δu,w) = 0`` when ``|∪ S_v| < |V|`` (pigeonhole:
    |V| pairwise different values cannot come from fewer), for V among the factors' vertices.

    >>> from cpoly.rewrite import one_minus
    >>> low = [delta((v,), {0, 1}) for v in (1, 2, 3)]
    >>> apart = [one_minus(delta(pair)) for pair in ((1, 2), (1, 3), (2, 3))]
    >>> _too_few_values(mul(*low, *apart)), _too_few_values(mul(*low, *apart[:2]))
    (True, False)
    """
    known = {f.vertices[0]: f.values for f in node.factors
             if isinstance(f, Delta) and len(f.vertices) == 1 and f.values is not None}
    vertices = sorted(known)
    if len(vertices) < 3 or len(vertices) > PIGEONHOLE_MAX:
        return False
    bit = {v: 1 << i for i, v in enumerate(vertices)}
    adjacent = [0] * len(vertices)
    for f in node.factors:
        base = complement(f)
        if isinstance(base, Delta) and base.values is None and len(base.vertices) == 2 and set(base.vertices) <= bit.keys():
            a, b = (vertices.index(v) for v in base.vertices)
            adjacent[a] |= 1 << b
            adjacent[b] |= 1 << a
    for subset in range(1, 1 << len(vertices)):
        members = [i for i in range(len(vertices)) if subset >> i & 1]
        if len(members) < 3 or any((adjacent[i] | 1 << i) & subset != subset for i in members):
            continue
        if len(frozenset().union(*(known[vertices[i]] for i in members))) < len(members):
            return True
    return False


_VALUED = Memo[int, frozenset[int]]("rebuild.valued", 1_000_000)  # uid -> vertices of the δs with a set


def _valued_vertices(root: Expr) -> frozenset[int]:
    """The vertices of the δs with a value set under ``root``: a factor without a known one
    among them is left as it is by :func:`narrow` when every two known sets meet (nothing
    in it is decided), so it is not rebuilt."""
    return union_under(root, lambda d: frozenset(d.vertices) if d.values is not None else frozenset(), _VALUED.room())


def _decided(node: Delta, known: dict[int, frozenset[int]]) -> Expr:
    sets = [known[v] for v in node.vertices if v in known]
    if not sets:
        return node
    common = frozenset.intersection(*sets)
    if not common or (node.values is not None and not common & node.values):
        return ZERO
    if len(node.vertices) == 1 and node.values is not None and common <= node.values:
        return ONE
    return node


# ---- equal vertices named by one of them -------------------------------------------------------
_UNIFY_MEMOS = MemoOfMemos[tuple[tuple[int, int], ...], dict[int, Expr]]("rebuild.unify_memos", 4096, 100_000)


def unify(node: Expr) -> Expr:
    """A product whose factors include ``δa,b,…`` with the vertices of its other factors that
    the δ makes equal named by the smallest of them: ``δa,b·f(b) = δa,b·f(a)`` (a δ of the other
    factors whose vertices all become one is then ``δa{S}``, or 1 without a set).  Products
    that say the same thing in other words become the same node (a suited straight's "the
    card of face w+5 in the suit of card i" for any card i of the five).

    >>> from cpoly.rewrite import one_minus
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
