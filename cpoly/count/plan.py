"""How to count: split sums by literal set, find each term's atoms, estimate the work.

Counting is linear, so ``Count(Σ c_k T_k) = Σ c_k Count(T_k)``.  A product is distributed over
those of its sums whose terms use different value literals (the ten straight windows), and
terms with the same literals are regrouped, so each term is counted with its own coarse atoms.
A δ with a value set that is a direct factor of a term restricts its vertices to the atoms
inside that set before any pattern is enumerated.

>>> from cpoly.dag.rewrite import add, delta, mul
>>> low, high = delta((0,), {0, 1}), delta((0,), {5, 6})
>>> [coef for coef, _ in split_terms(mul(add(low, high), delta((0, 1))), {0: "F", 1: "F"})]
[1, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from math import prod

from cpoly.dag.expr import Delta, Expr, Product, Sum, children, nodes_under, postorder, union_under
from cpoly.dag.memo import MemoOfMemos, cached
from cpoly.dag.rewrite import ONE, ZERO, add, complement, const, mul, narrow, split_coefficient
from cpoly.dag.symbolic import Number
from cpoly.errors import CpolyError, CpolyTooLarge
from cpoly.lang.resolve import Sort

__all__ = ["Atoms", "Literal", "LiteralSignatures", "MAX_TERMS", "Signature", "TermPlan", "atoms_for",
           "mixes_sorts", "plan_term", "split_factored", "split_terms"]

MAX_TERMS = 4096  # products of split sums beyond this are not distributed (CpolyTooLarge)

Literal = tuple[str, frozenset[int]]
Signature = frozenset[Literal]


class LiteralSignatures:
    """The (sort, value set) literals each node uses, memoised across calls (nodes are
    interned, so a node's signature never changes for one naming of the sorts)."""

    def __init__(self, sort_names: dict[int, str]) -> None:
        self._names = sort_names
        self._found: dict[int, Signature] = {}
        self.splits: tuple[dict[int, list[tuple[int, Expr]]], ...] = ({}, {})  # uid -> split, by keep_not

    def __getitem__(self, uid: int) -> Signature:
        return self._found[uid]

    def __len__(self) -> int:
        return len(self._found) + sum(map(len, self.splits))

    def of(self, root: Expr) -> Signature:
        """The signature of ``root``, computing only the nodes not seen before."""
        return union_under(root, self._own, self._found)

    def _own(self, node: Delta) -> Signature:
        return frozenset() if node.values is None else frozenset((self._names[v], node.values) for v in node.vertices)


_SIGNATURES = MemoOfMemos[tuple[tuple[int, str], ...], LiteralSignatures]("plan.signatures", 256, 1_000_000)


def split_terms(root: Expr, sort_names: dict[int, str], keep_not: bool = False) -> list[tuple[int, Expr]]:
    """``root`` as ``Σ coef·term``, split so that each term's literals are as few as possible:
    sums split into their terms, products distributed over their factors' splits, terms with
    equal literal sets added back together.  A node with at most one literal is one term: its
    split would hold it whole again (one group) beside literal-free terms, and its NOT
    ``1 - δv{S}`` restricts v's atoms unsplit (:func:`plan_term`).  With ``keep_not`` a NOT ``1 - x`` is one term
    (a side of :mod:`cpoly.count.contraction`: ``1 - δv{S}`` restricts v's atoms, and the OR
    ``any(…)`` has one literal set anyway).

    >>> from cpoly.dag.rewrite import delta, one_minus
    >>> names = {1: "F", 2: "F", 3: "F"}
    >>> windows = add(delta((1, 2), {0, 1}), delta((1, 2), {5, 6}))
    >>> outside = one_minus(mul(delta((1,), {1}), delta((3,), {7})))
    >>> [len(split_terms(mul(windows, outside), names, keep)) for keep in (False, True)]
    [3, 2]
    >>> len(split_terms(mul(windows, one_minus(delta((1,), {1}))), names))  # one literal: one term
    2
    """
    signatures = _SIGNATURES.of(tuple(sorted(sort_names.items())), lambda: LiteralSignatures(sort_names))
    signatures.of(root)
    memo = signatures.splits[keep_not]  # shared by the counts of one naming (nodes are interned)
    operands = partial(_split_operands, signatures=signatures, keep_not=keep_not)
    for node in postorder([root], skip=memo, operands=operands):
        memo[node.uid] = _split_node(node, operands(node), memo, signatures)
    return memo[root.uid]


def split_factored(root: Expr, sort_names: dict[int, str]) -> tuple[list[tuple[int, Expr]], Expr]:
    """:func:`split_terms` of ``root`` before its factors without literals multiply each term:
    ``(terms, plain)`` with ``root = plain · Σ coef·term``.  ``plain`` names no value, so terms
    that are relabelings of each other stay so once multiplied by it: a caller can tell them
    apart (or merge them) on the small terms, and multiply by ``plain`` once per distinct one.

    >>> from cpoly.dag.rewrite import delta, one_minus
    >>> names = {1: "F", 2: "F"}
    >>> windows = add(delta((1, 2), {0, 1}), delta((1, 2), {5, 6}))
    >>> terms, plain = split_factored(mul(windows, one_minus(delta((1, 2)))), names)
    >>> [t for _, t in terms] == [delta((1, 2), {0, 1}), delta((1, 2), {5, 6})], plain is one_minus(delta((1, 2)))
    (True, True)
    """
    signatures = _SIGNATURES.of(tuple(sorted(sort_names.items())), lambda: LiteralSignatures(sort_names))
    signatures.of(root)
    operands = partial(_split_operands, signatures=signatures, keep_not=False)
    own = operands(root)
    if not isinstance(root, Product) or not own:
        return split_terms(root, sort_names), ONE
    memo = signatures.splits[False]
    for node in postorder(own, skip=memo, operands=operands):
        memo[node.uid] = _split_node(node, operands(node), memo, signatures)
    return _distributed(root, own, memo, signatures)


def _split_operands(node: Expr, signatures: LiteralSignatures, keep_not: bool) -> tuple[Expr, ...]:
    """The operands whose splits make ``node``'s (none: ``node`` is one term).  A product's
    factors without literals multiply each term once, last; with ``keep_not`` they are
    multiplied in first, so that :func:`narrow` sees the distinct-card factors (pigeonhole)."""
    if len(signatures[node.uid]) <= 1 or (keep_not and complement(node) is not None):
        return ()
    if isinstance(node, Sum) or keep_not:
        return children(node)
    return tuple(f for f in children(node) if signatures[f.uid])


def _split_node(node: Expr, operands: tuple[Expr, ...], memo: dict[int, list[tuple[int, Expr]]],
                signatures: LiteralSignatures) -> list[tuple[int, Expr]]:
    if not operands:
        return [split_coefficient(node)]
    if isinstance(node, Sum):
        return [term for t in operands for term in memo[t.uid]]
    assert isinstance(node, Product)
    terms, plain = _distributed(node, operands, memo, signatures)
    if plain is ONE:
        return terms
    terms = [(c1 * c2, _narrowed_product(t, base)) for c1, t in terms for c2, base in [split_coefficient(plain)]]
    return [(c, t) for c, t in terms if t is not ZERO]


def _distributed(node: Product, operands: tuple[Expr, ...], memo: dict[int, list[tuple[int, Expr]]],
                 signatures: LiteralSignatures) -> tuple[list[tuple[int, Expr]], Expr]:
    """A product's operands' splits distributed (terms with equal literals regrouped), and its
    factors without literals (``plain``), not yet multiplied in."""
    split_uids = {f.uid for f in operands}
    plain = mul(*(f for f in node.factors if f.uid not in split_uids))
    split = [memo[f.uid] for f in operands]
    if any(not pieces for pieces in split):  # a factor whose every term narrowed to 0 is 0
        return [], plain
    singles = [pieces[0] for pieces in split if len(pieces) == 1]  # multiplied once, first
    first = narrow(mul(*(t for _, t in singles)))
    terms: list[tuple[int, Expr]] = [] if first is ZERO else [(prod(c for c, _ in singles), first)]
    for pieces in sorted((p for p in split if len(p) > 1), key=len):
        if len(terms) * len(pieces) > MAX_TERMS:
            raise CpolyTooLarge(f"splitting by literal sets gives more than {MAX_TERMS} terms")
        terms = [(c1 * c2, _narrowed_product(t1, t2)) for c1, t1 in terms for c2, t2 in pieces]
        terms = _regroup([(c, t) for c, t in terms if t is not ZERO], signatures)
    return terms, plain


@cached("plan.products", 500_000)
def _narrowed_product(first: Expr, second: Expr) -> Expr:
    return narrow(mul(first, second))


def _regroup(terms: list[tuple[int, Expr]], signatures: LiteralSignatures) -> list[tuple[int, Expr]]:
    """Terms with equal literals are added back together (keeps the term count small)."""
    groups: dict[Signature, list[tuple[int, Expr]]] = {}
    for coef, term in terms:
        groups.setdefault(signatures.of(term), []).append((coef, term))
    out = [members[0] if len(members) == 1 else split_coefficient(add(*(mul(const(c), t) for c, t in members)))
           for members in groups.values()]
    return [(c, t) for c, t in out if c != 0]


# ---- atoms ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Atoms:
    """The classes of values of one sort that a term's literals cannot tell apart."""

    sort: Sort
    values: tuple[frozenset[int] | None, ...]  # None: the rest of the domain
    sizes: tuple[Number, ...]

    def inside(self, literal: frozenset[int]) -> list[int]:
        """The atoms whose values all lie in ``literal``."""
        return [a for a, vals in enumerate(self.values) if vals is not None and vals <= literal]

    def numeric_sizes(self) -> list[int | None]:
        return [s if isinstance(s, int) else None for s in self.sizes]


def atoms_for(sort: Sort, literals: list[frozenset[int]]) -> Atoms:
    """Split ``0..size-1`` into classes of values with identical membership in all literals."""
    mentioned = {v for v in set().union(*literals) if v >= 0}
    if isinstance(sort.size, int):
        mentioned = {v for v in mentioned if v < sort.size}
    classes: dict[tuple[bool, ...], set[int]] = {}
    for value in sorted(mentioned):
        key = tuple(value in literal for literal in literals)
        classes.setdefault(key, set()).add(value)
    values: list[frozenset[int] | None] = [frozenset(c) for c in classes.values()]
    sizes: list[Number] = [len(c) for c in classes.values()]
    rest = sort.size - len(mentioned)
    if not isinstance(rest, int) or rest > 0:
        values.append(None)
        sizes.append(rest)
    return Atoms(sort, tuple(values), tuple(sizes))


@dataclass(frozen=True)
class TermPlan:
    """One term to count: its DAG, coefficient, and per sort its vertices, atoms, restrictions."""

    coefficient: int
    node: Expr
    sort_order: tuple[str, ...]
    vertices: dict[str, tuple[int, ...]]
    atoms: dict[str, Atoms]
    allowed: dict[int, list[int]]


def plan_term(coefficient: int, node: Expr, sorts: dict[int, Sort], universe: frozenset[int]) -> TermPlan:
    """Atoms and vertex restrictions for one term (counted over the ``universe`` vertices)."""
    names = {v: sorts[v].name for v in universe}
    by_sort: dict[str, list[int]] = {}
    for v in sorted(universe):
        by_sort.setdefault(names[v], []).append(v)
    literal_sets: dict[str, set[frozenset[int]]] = {s: set() for s in by_sort}
    for n in nodes_under(node):
        if isinstance(n, Delta):
            _check_one_sort(n, names)
            if n.values is not None:
                literal_sets[names[n.vertices[0]]].add(n.values)
    atoms = {s: atoms_for(sorts[vs[0]], sorted(literal_sets[s], key=sorted)) for s, vs in by_sort.items()}
    allowed = {v: list(range(len(atoms[names[v]].sizes))) for v in universe}
    for factor in (node.factors if isinstance(node, Product) else (node,)):
        if isinstance(factor, Delta) and factor.values is not None:
            for v in factor.vertices:
                inside = set(atoms[names[v]].inside(factor.values))
                allowed[v] = [a for a in allowed[v] if a in inside]
        elif (excluded := _excluded_set(factor)) is not None:
            v, values = excluded  # 1 - δv{S}: v lies in no atom inside S
            inside = set(atoms[names[v]].inside(values))
            allowed[v] = [a for a in allowed[v] if a not in inside]
    return TermPlan(coefficient, node, tuple(by_sort), {s: tuple(vs) for s, vs in by_sort.items()}, atoms, allowed)


def _excluded_set(factor: Expr) -> tuple[int, frozenset[int]] | None:
    """``(v, S)`` when ``factor`` is ``1 - δv{S}`` (a vertex kept out of a value set)."""
    base = complement(factor)
    if isinstance(base, Delta) and len(base.vertices) == 1 and base.values is not None:
        return base.vertices[0], base.values
    return None


_MIXED = MemoOfMemos[tuple[tuple[int, str], ...], dict[int, frozenset[bool]]]("plan.mixed", 256, 1_000_000)


def mixes_sorts(root: Expr, names: dict[int, str]) -> bool:
    """Whether some δ under ``root`` compares vertices of different sorts (memoised per naming
    for every node walked: the counts of one table share most of their DAG).

    >>> from cpoly.dag.rewrite import delta, mul
    >>> mixes_sorts(mul(delta((1, 2)), delta((3,), {0})), {1: "F", 2: "F", 3: "S"}), mixes_sorts(delta((1, 3)), {1: "F", 3: "S"})
    (False, True)
    """
    known = _MIXED.of(tuple(sorted(names.items())), dict)
    return bool(union_under(root, lambda d: frozenset({True}) if len({names[v] for v in d.vertices}) > 1
                            else frozenset(), known))


def _check_one_sort(node: Delta, names: dict[int, str]) -> None:
    sorts = {names[v] for v in node.vertices}
    if len(sorts) > 1:
        raise CpolyError(f"a δ compares vertices of different domains ({', '.join(sorted(sorts))}); "
                         "such an expression can only be counted densely (count_dense)")

