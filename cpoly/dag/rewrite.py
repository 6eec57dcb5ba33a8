"""Smart constructors for the expression DAG, and the algebraic identities they apply.

Every node is built here.  The identities are a table of rules, each with the identity it
implements; :func:`add` and :func:`mul` run their table until nothing changes.  The rules need
to know which nodes are 0/1 (:func:`is_boolean`), which asks whether two terms exclude each
other, and that is decided by the δs a product's value sets settle (:func:`narrow`), itself
built through the constructors: one chain of rules, so it lives in this one module, with the
generic bottom-up :func:`rebuild` it uses.

>>> from cpoly.dag.expr import render
>>> x = delta((0, 1))
>>> render(mul(x, x)) == render(x)                     # δ is 0/1: δ·δ = δ
True
>>> render(mul(delta((0,), frozenset({1, 2})), delta((0,), frozenset({2, 3}))))
'δσ0{2}'
>>> add(x, mul(const(-1), x)) is const(0)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import prod
from typing import cast

from cpoly.dag.expr import (
    Const,
    Delta,
    Expr,
    Product,
    Sum,
    children,
    intern_const,
    intern_delta,
    intern_product,
    intern_sum,
    operand_order,
    postorder,
    union_under,
)
from cpoly.dag.memo import Memo, MemoOfMemos, cached

__all__ = ["EXCLUSIVE_MAX_TERMS", "ONE", "PIGEONHOLE_MAX", "PRODUCT_RULES", "Rules", "SUM_RULES", "ZERO",
           "add", "complement", "const", "delta", "is_boolean", "mul", "narrow", "neg", "one_minus",
           "rebuild", "split_coefficient"]

const = intern_const  # a constant is its interned node (no rule applies)
ZERO = const(0)
ONE = const(1)


def delta(vertices: Iterable[int], values: Iterable[int] | None = None) -> Expr:
    """``δ v1,v2,…{values}``.

    Rules: a δ over one vertex with no set is 1 (``δa = 1``); a δ with an empty set is 0
    (``δa{} = 0``); operand order and repetition do not matter (``δa,b,a = δa,b``).
    """
    ordered = tuple(sorted(set(vertices)))
    value_set = None if values is None else frozenset(values)
    if value_set is not None and not value_set:
        return ZERO
    if len(ordered) <= 1 and value_set is None:
        return ONE
    return intern_delta(ordered, value_set)


def neg(node: Expr) -> Expr:
    """``-x``; a sum is negated term by term (``-(a + b) = -a - b``), so that ``x - x`` and
    ``1 - (1 - x)`` collect to ``0`` and ``x``.

    >>> x = one_minus(delta((0, 1)))
    >>> add(x, neg(x)) is ZERO, one_minus(x) is delta((0, 1))
    (True, True)
    """
    if isinstance(node, Sum):
        return add(*(neg(t) for t in node.terms))
    return mul(const(-1), node)


def one_minus(node: Expr) -> Expr:
    """``1 - x``: NOT, for a 0/1 expression."""
    return add(ONE, neg(node))


# ---- products ------------------------------------------------------------------------
def _flatten_product(factors: list[Expr]) -> list[Expr]:
    """a·(b·c) = a·b·c"""
    return [g for f in factors for g in (f.factors if isinstance(f, Product) else (f,))]


def _fold_constants(factors: list[Expr]) -> list[Expr]:
    """2·3·x = 6·x ; 0·x = 0 ; 1·x = x"""
    scale = prod(f.value for f in factors if isinstance(f, Const))
    rest: list[Expr] = [f for f in factors if not isinstance(f, Const)]
    if scale == 0:
        return [ZERO]
    return rest if scale == 1 else [const(scale), *rest]


def _idempotent(factors: list[Expr]) -> list[Expr]:
    """x·x = x for a 0/1-valued x (every δ, and products and complements of them)"""
    out: list[Expr] = []
    seen: set[int] = set()
    for f in factors:
        if f.uid in seen and is_boolean(f):
            continue
        seen.add(f.uid)
        out.append(f)
    return out


def _merge_sets(factors: list[Expr]) -> list[Expr]:
    """δa{S}·δa{T} = δa{S∩T} (one vertex, two value sets)"""
    by_vertex: dict[int, frozenset[int]] = {}
    rest: list[Expr] = []
    for f in factors:
        if isinstance(f, Delta) and len(f.vertices) == 1 and f.values is not None:
            v = f.vertices[0]
            by_vertex[v] = by_vertex[v] & f.values if v in by_vertex else f.values
        else:
            rest.append(f)
    merged = [delta((v,), values) for v, values in by_vertex.items()]
    if any(m is ZERO for m in merged):
        return [ZERO]
    return rest + merged


def complement(node: Expr) -> Expr | None:
    """``x`` when ``node`` is the sum ``1 - x``, else None: the one place this shape is read.

    >>> x = delta((0, 1))
    >>> complement(one_minus(x)) is x, complement(x)
    (True, None)
    """
    if isinstance(node, Sum) and len(node.terms) == 2 and node.terms[0] is ONE:
        coef, base = split_coefficient(node.terms[1])
        if coef == -1:
            return base
    return None


def _complemented(node: Expr) -> Expr | None:
    """``x`` when ``node`` is ``1 - x`` with ``x`` 0/1-valued, else None (memoised for sums)."""
    return _complemented_sum(node) if isinstance(node, Sum) else None


@cached("rewrite.complemented", 500_000)
def _complemented_sum(node: Sum) -> Expr | None:
    base = complement(node)
    return base if base is not None and is_boolean(base) else None


def _complements(factors: list[Expr]) -> list[Expr]:
    """x·(1 - x) = 0 ; (1 - x)·(1 - x·y) = 1 - x, for a 0/1-valued x (a NOT that is false,
    or a product the NOT rules out); x may itself be a product of the other factors"""
    negated = [(f, _factor_uids(base)) for f in factors if (base := _complemented(f)) is not None]
    if not negated:
        return factors
    present = {f.uid for f in factors}
    if any(uids <= present for _, uids in negated):
        return [ZERO]
    if len(negated) < 2:
        return factors
    singles = {uid for _, uids in negated if len(uids) == 1 for uid in uids}
    products = [(f, uids) for f, uids in negated if len(uids) > 1]
    # a NOT of a product implied by a NOT of a smaller one (equal sizes: equal sets, the same node)
    smallest = min((len(uids) for _, uids in products), default=0)
    dropped = {f.uid for f, uids in products
               if uids & singles or (len(uids) > smallest
                                     and any(len(other) < len(uids) and other <= uids for _, other in products))}
    return [f for f in factors if f.uid not in dropped]


@cached("rewrite.factor_uids", 500_000)
def _factor_uids(node: Expr) -> frozenset[int]:
    """The uids of a product's factors (of the node itself when it is not a product)."""
    return frozenset(f.uid for f in node.factors) if isinstance(node, Product) else frozenset((node.uid,))


Rules = tuple[tuple[str, Callable[[list[Expr]], list[Expr]]], ...]
PRODUCT_RULES: Rules = (
    ("flatten", _flatten_product),
    ("fold constants", _fold_constants),
    ("idempotent 0/1 factors", _idempotent),
    ("merge value sets", _merge_sets),
    ("complements", _complements),
)


@cached("rewrite.products", 500_000)
def mul(*factors: Expr) -> Expr:
    """The product of ``factors`` after the product rules (memoised: the rules see only the
    interned factors, so equal factor tuples give the same node).

    >>> a, b = delta((0, 1)), delta((1,), {3})
    >>> mul(a, b) is mul(a, b) is mul(b, a)
    True
    """
    return _built(PRODUCT_RULES, list(factors), ONE, intern_product)


# ---- sums ----------------------------------------------------------------------------
def split_coefficient(node: Expr) -> tuple[int, Expr]:
    """``c·x`` as ``(c, x)``; a plain constant ``c`` as ``(c, 1)``."""
    if isinstance(node, Const):
        return node.value, ONE
    if isinstance(node, Product) and isinstance(node.factors[0], Const):
        rest = node.factors[1:]
        return node.factors[0].value, rest[0] if len(rest) == 1 else intern_product(rest)
    return 1, node


def _flatten_sum(terms: list[Expr]) -> list[Expr]:
    """a + (b + c) = a + b + c"""
    return [u for t in terms for u in (t.terms if isinstance(t, Sum) else (t,))]


def _collect_like_terms(terms: list[Expr]) -> list[Expr]:
    """2x + 3x = 5x ; x - x = 0 ; 1 + 2 = 3"""
    coefficients: dict[int, int] = {}
    bases: dict[int, Expr] = {}
    alone: dict[int, Expr] = {}  # a base met once keeps its term as it was
    for t in terms:
        c, base = split_coefficient(t)
        if base.uid in coefficients:
            alone.pop(base.uid, None)
        else:
            alone[base.uid] = t
        coefficients[base.uid] = coefficients.get(base.uid, 0) + c
        bases[base.uid] = base
    return [alone[uid] if uid in alone else mul(const(c), bases[uid])
            for uid, c in coefficients.items() if c != 0]


SUM_RULES: Rules = (
    ("flatten", _flatten_sum),
    ("collect like terms", _collect_like_terms),
)


def add(*terms: Expr) -> Expr:
    """The sum of ``terms`` after the sum rules."""
    return _built(SUM_RULES, list(terms), ZERO, intern_sum)


def _built(rules: Rules, items: list[Expr], empty: Expr, intern: Callable[[tuple[Expr, ...]], Expr]) -> Expr:
    """The node of ``items`` after ``rules``: ``empty`` when none is left (the rules leave a 0
    factor alone and no 1 factor), the one left, or their interned sum or product."""
    for _name, rule in rules:
        items = rule(items)
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    items.sort(key=operand_order)
    return intern(tuple(items))


# ---- properties ----------------------------------------------------------------------
_BOOLEAN = Memo[int, bool]("rewrite.boolean", 1_000_000)


def _is_boolean_given_children(node: Expr, known: dict[int, bool]) -> bool:
    if isinstance(node, Const):
        return node.value in (0, 1)
    if isinstance(node, Delta):
        return True
    if isinstance(node, Product):
        return all(known[f.uid] for f in node.factors)
    base = complement(node)
    if base is not None:  # 1 - x with x boolean
        return known[base.uid] if base.uid in known else is_boolean(base)
    return _exclusive(node.terms)


EXCLUSIVE_MAX_TERMS = 16  # sums with more terms are not tested for exclusive terms


def _exclusive(terms: tuple[Expr, ...]) -> bool:
    """Whether ``Σ terms`` is 0/1 because its terms are: every term is 0/1 (coefficient 1)
    and the product of any two is 0 by the rules and :func:`narrow` (e.g. the straights
    ``Σ_m (every card wild or in m..m+4) (some card is m)`` of a wild-card game).

    >>> windows = [mul(delta((1,), {0, m, m + 1}), one_minus(one_minus(delta((1,), {m})))) for m in (1, 2)]
    >>> _exclusive(tuple(windows)), _exclusive((delta((1,), {1, 2}), delta((1,), {2, 3})))
    (True, False)
    """
    if len(terms) > EXCLUSIVE_MAX_TERMS or any(
            isinstance(t, Const) or (isinstance(t, Product) and isinstance(t.factors[0], Const)) or not is_boolean(t)
            for t in terms):
        return False  # a coefficient other than 1, or a term not 0/1
    return all(_decided_zero(a, b) or narrow(mul(a, b)) is ZERO for i, a in enumerate(terms) for b in terms[i + 1:])


def _decided_zero(*factors: Expr) -> bool:
    """Whether the product of ``factors`` is 0 by what :func:`narrow` decides first, without
    building it: a vertex whose value sets (``δv{S}`` factors) do not meet, or a factor whose δs
    those sets decide (:func:`_decided`) evaluating to 0.  False proves nothing (``narrow`` then
    tries its other rules): the quick test of :func:`_exclusive`'s pairs (a wild-card game's ten
    straight windows, 45 pairs, once per case of the wild cards).

    >>> window = lambda m: mul(delta((1,), {0, m, m + 1}), one_minus(one_minus(delta((1,), {m}))))
    >>> _decided_zero(window(1), window(2)), _decided_zero(window(1), delta((1,), {1}))
    (True, False)
    """
    split = [f.factors if isinstance(f, Product) else (f,) for f in factors]
    flat = [f for fs in split for f in fs]
    known: dict[int, frozenset[int]] = {}
    for f in flat:
        if isinstance(f, Delta) and len(f.vertices) == 1 and f.values is not None:
            v = f.vertices[0]
            known[v] = known[v] & f.values if v in known else f.values
    if any(not values for values in known.values()):
        return True
    return bool(known) and any(_value_under(f, known) == 0 for f in flat)


def _value_under(root: Expr, known: dict[int, frozenset[int]]) -> int | None:
    """``root``'s value once the δs ``known`` decides are replaced by theirs (:func:`_decided`),
    when that fixes it; None when some undecided δ still matters."""
    values: dict[int, int | None] = {}
    for node in postorder([root]):
        if isinstance(node, Delta):
            decided = _decided(node, known)
            values[node.uid] = 0 if decided is ZERO else 1 if decided is ONE else None
        elif isinstance(node, Const):
            values[node.uid] = node.value
        else:
            found = [values[c.uid] for c in children(node)]
            if isinstance(node, Product) and 0 in found:
                values[node.uid] = 0
            elif None in found:
                values[node.uid] = None
            else:
                known_values = cast(list[int], found)
                values[node.uid] = prod(known_values) if isinstance(node, Product) else sum(known_values)
    return values[root.uid]


def is_boolean(node: Expr) -> bool:
    """Whether ``node`` is 0/1-valued by construction (δ, products and complements of such).

    Memoised per node and computed iteratively (children first).
    """
    found = _BOOLEAN.get(node.uid)
    if found is not None:
        return found
    known = _BOOLEAN.room()
    for n in postorder([node], skip=known):
        known[n.uid] = _is_boolean_given_children(n, known)
    return known[node.uid]


# ---- deciding δs under a product's value-set factors -------------------------------------------
_NARROWED = MemoOfMemos[tuple[tuple[int, frozenset[int]], ...], dict[int, Expr]]("rebuild.narrowed", 4096, 100_000)


def narrow(node: Expr) -> Expr:
    """A product whose factors include ``δv{S}`` with every δ of its other factors that ``v``
    decides replaced by its value: ``δv{S}·f(δv{T}) = δv{S}·f(1)`` when S ⊆ T, ``f(0)`` when
    S and T are disjoint, and ``f(0)`` for ``δv,w…`` when the sets of v and w are disjoint;
    0 when more vertices must take pairwise different values than their sets hold
    (:func:`_too_few_values`).  No new value set is made (the literals of the result are among the node's).

    >>> from cpoly.dag.rewrite import one_minus
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
    |V| pairwise different values cannot come from fewer), for V among the factors' vertices;
    ``S_v`` less the values a factor ``1 - δv{T}`` keeps v out of.

    >>> from cpoly.dag.rewrite import one_minus
    >>> low = [delta((v,), {0, 1}) for v in (1, 2, 3)]
    >>> apart = [one_minus(delta(pair)) for pair in ((1, 2), (1, 3), (2, 3))]
    >>> _too_few_values(mul(*low, *apart)), _too_few_values(mul(*low, *apart[:2]))
    (True, False)
    >>> wider = [delta((v,), {0, 1, 2}) for v in (1, 2, 3)]
    >>> _too_few_values(mul(*wider, *apart)), _too_few_values(mul(*wider, *apart, one_minus(delta((3,), {2}))))
    (False, False)
    >>> _too_few_values(mul(*wider, *apart, *(one_minus(delta((v,), {2})) for v in (1, 2, 3))))
    True
    """
    known = {f.vertices[0]: f.values for f in node.factors
             if isinstance(f, Delta) and len(f.vertices) == 1 and f.values is not None}
    vertices = sorted(known)
    if len(vertices) < 3 or len(vertices) > PIGEONHOLE_MAX:
        return False
    bit = {v: 1 << i for i, v in enumerate(vertices)}
    adjacent = [1 << i for i in range(len(vertices))]  # each vertex with those it must differ from
    for f in node.factors:
        base = complement(f)
        if isinstance(base, Delta) and base.values is not None and len(base.vertices) == 1 and base.vertices[0] in known:
            known[base.vertices[0]] = known[base.vertices[0]] - base.values  # 1 - δv{T}: v is outside T
        elif isinstance(base, Delta) and base.values is None and len(base.vertices) == 2 and set(base.vertices) <= bit.keys():
            a, b = (vertices.index(v) for v in base.vertices)
            adjacent[a] |= 1 << b
            adjacent[b] |= 1 << a
    return _pigeonhole([known[v] for v in vertices], adjacent)


def _pigeonhole(sets: list[frozenset[int]], adjacent: list[int]) -> bool:
    """Whether some clique of 3 or more vertices (``adjacent``: bit masks, each vertex's own bit
    included) has fewer values in the union of its ``sets`` than members.  Such a clique lies
    among the vertices whose sets are inside that union, a union of distinct sets, so the
    unions of the few distinct sets are tried instead of every subset of vertices.

    >>> _pigeonhole([frozenset({0, 1})] * 3, [0b111] * 3), _pigeonhole([frozenset({0, 1})] * 3, [0b011, 0b011, 0b100])
    (True, False)
    """
    distinct = list(dict.fromkeys(sets))
    for chosen in range(1, 1 << len(distinct)):
        union = frozenset().union(*(distinct[k] for k in range(len(distinct)) if chosen >> k & 1))
        members = sum(1 << i for i, values in enumerate(sets) if values <= union)
        if bin(members).count("1") > max(len(union), 2) and _clique_over(members, adjacent, max(len(union), 2)):
            return True
    return False


def _clique_over(members: int, adjacent: list[int], size: int) -> bool:
    """Whether the vertices of the bit mask ``members`` hold a clique of more than ``size``."""
    if all(adjacent[i] & members == members for i in range(len(adjacent)) if members >> i & 1):
        return True  # all of them (more than size) differ pairwise
    subset = members
    while subset:  # every subset of members, largest masks first
        if bin(subset).count("1") > size and all(
                adjacent[i] & subset == subset for i in range(len(adjacent)) if subset >> i & 1):
            return True
        subset = (subset - 1) & members
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


# ---- a whole node rebuilt through the constructors ----------------------------------------------
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
