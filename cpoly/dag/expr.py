"""The expression DAG: frozen, interned nodes (equal structure is the same object).

Nodes are built only through the smart constructors of :mod:`cpoly.dag.rewrite`, which apply
the algebraic rules and then call :func:`intern`.  Traversals are iterative.

>>> from cpoly.dag.rewrite import delta, mul, add, const
>>> a = delta((0, 1))
>>> a is delta((1, 0))
True
>>> len(postorder([add(const(1), mul(const(-1), a))]))
5

Pickled nodes are interned again when unpickled (:meth:`Const.__reduce__`); a whole DAG
travels as a flat table (:func:`dag_table`, :func:`from_dag_table`), however deep.

>>> import pickle
>>> pickle.loads(pickle.dumps(mul(a, delta((2,), {3})))) is mul(a, delta((2,), {3}))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import count
from typing import TypeVar, Union, cast

from cpoly.dag.memo import cached

__all__ = ["Const", "DagRow", "Delta", "Expr", "Product", "Reduced", "Sum", "T", "children", "dag_table",
           "from_dag_table", "intern_const", "intern_delta", "intern_product", "intern_sum", "nodes_under",
           "operand_order", "postorder", "reinterned", "render", "structure_digest", "union_under", "vertices_of"]

T = TypeVar("T")
_next_uid = count()
#: The intern table: never emptied, so that equal structure stays the same object and a uid
#: names one node for the whole process (the invariant of :mod:`cpoly.dag.memo`).
_TABLE: dict[tuple[object, ...], Expr] = {}


@dataclass(frozen=True, eq=False)
class Const:
    """An integer constant."""

    uid: int
    value: int

    def __reduce__(self) -> Reduced:
        return reinterned, ("const", self.value)


@dataclass(frozen=True, eq=False)
class Delta:
    """Kronecker delta: 1 when all ``vertices`` are equal and (if given) their value is in ``values``."""

    uid: int
    vertices: tuple[int, ...]
    values: frozenset[int] | None

    def __reduce__(self) -> Reduced:
        return reinterned, ("delta", (self.vertices, self.values))


@dataclass(frozen=True, eq=False)
class Sum:
    uid: int
    terms: tuple[Expr, ...]

    def __reduce__(self) -> Reduced:
        return reinterned, ("sum", self.terms)


@dataclass(frozen=True, eq=False)
class Product:
    uid: int
    factors: tuple[Expr, ...]

    def __reduce__(self) -> Reduced:
        return reinterned, ("product", self.factors)


Expr = Union[Const, Delta, Sum, Product]
Reduced = tuple[Callable[[str, object], Expr], tuple[str, object]]


def _interned(key: tuple[object, ...], build: Callable[[int], Expr]) -> Expr:
    """The node stored under ``key``, built (with a fresh uid) on first request."""
    node = _TABLE.get(key)
    if node is None:
        node = _TABLE[key] = build(next(_next_uid))
    return node


def intern_const(value: int) -> Const:
    """The unique Const node of this value."""
    return cast(Const, _interned(("const", value), lambda uid: Const(uid, value)))


def intern_delta(vertices: tuple[int, ...], values: frozenset[int] | None) -> Delta:
    """The unique Delta node over sorted ``vertices`` restricted to ``values``."""
    return cast(Delta, _interned(("delta", vertices, values), lambda uid: Delta(uid, vertices, values)))


def intern_sum(terms: tuple[Expr, ...]) -> Sum:
    """The unique Sum node of these (already canonically ordered) terms."""
    return cast(Sum, _interned(("sum", tuple(t.uid for t in terms)), lambda uid: Sum(uid, terms)))


def intern_product(factors: tuple[Expr, ...]) -> Product:
    """The unique Product node of these (already canonically ordered) factors."""
    return cast(Product, _interned(("product", tuple(f.uid for f in factors)), lambda uid: Product(uid, factors)))


def operand_order(node: Expr) -> tuple[int, int]:
    """The canonical order of a sum's or product's operands: constants first, then by creation.

    >>> operand_order(intern_const(5))[0], operand_order(intern_delta((0, 1), None))[0]
    (0, 1)
    """
    return (0 if isinstance(node, Const) else 1, node.uid)


# ---- pickling: nodes are interned again -----------------------------------------------------
def reinterned(kind: str, payload: object) -> Expr:
    """The interned node of a pickled one (``kind`` and what :meth:`Const.__reduce__` and its
    siblings give).  The operands of a sum or product are put back in the canonical order of
    this process (constants first, then by creation), which need not be the order in which
    they were pickled: equal structure stays the same object."""
    if kind == "const":
        return intern_const(cast(int, payload))
    if kind == "delta":
        vertices, values = cast(tuple[tuple[int, ...], "frozenset[int] | None"], payload)
        return intern_delta(vertices, values)
    operands = tuple(sorted(cast(tuple[Expr, ...], payload), key=operand_order))
    return intern_sum(operands) if kind == "sum" else intern_product(operands)


DagRow = tuple[int, str, object]  # (uid, kind, payload with operands as uids)


def dag_table(roots: Iterable[Expr]) -> list[DagRow]:
    """Every node under ``roots`` as a row ``(uid, kind, payload)``, operands given by uid,
    in creation order (operands before the nodes that use them): a DAG of any depth as a flat
    list of plain values.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> [kind for _, kind, _ in dag_table([mul(delta((0, 1)), delta((1, 2)))])]
    ['delta', 'delta', 'product']
    """
    rows: list[DagRow] = []
    for node in sorted(postorder(roots), key=lambda n: n.uid):
        kind, payload = node.__reduce__()[1]
        if isinstance(node, (Sum, Product)):
            payload = tuple(operand.uid for operand in children(node))
        rows.append((node.uid, kind, payload))
    return rows


def from_dag_table(rows: Iterable[DagRow]) -> dict[int, Expr]:
    """The interned nodes of a :func:`dag_table`, by the uid each had in the table.  Nodes are
    interned in the table's creation order, so the canonical order of operands is kept among
    them in a new process.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> term = mul(delta((0, 1)), delta((1, 2)))
    >>> from_dag_table(dag_table([term]))[term.uid] is term
    True
    """
    nodes: dict[int, Expr] = {}
    for uid, kind, payload in rows:
        if kind in ("sum", "product"):
            payload = tuple(nodes[operand] for operand in cast(tuple[int, ...], payload))
        nodes[uid] = reinterned(kind, payload)
    return nodes


def structure_digest(roots: Sequence[Expr]) -> str:
    """sha256 of the structure of ``roots`` (constants, δs with their vertices and values, sums and
    products as multisets of their operands): the same in every process, whatever the uids and
    the order in which the nodes were made.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> a, b = delta((0, 1)), delta((2,), {3, 4})
    >>> structure_digest([mul(a, b)]) == structure_digest([mul(b, a)]) != structure_digest([a])
    True
    """
    found: dict[int, bytes] = {}
    for node in postorder(roots):
        if isinstance(node, (Sum, Product)):
            own: object = (type(node).__name__, sorted(found[c.uid] for c in children(node)))
        elif isinstance(node, Delta):
            own = ("delta", node.vertices, None if node.values is None else sorted(node.values))
        else:
            own = ("const", node.value)
        found[node.uid] = hashlib.sha256(repr(own).encode()).digest()
    return hashlib.sha256(b"".join(found[root.uid] for root in roots)).hexdigest()


def children(node: Expr) -> tuple[Expr, ...]:
    """The direct operands of a node."""
    if isinstance(node, Sum):
        return node.terms
    if isinstance(node, Product):
        return node.factors
    return ()


def postorder(roots: Iterable[Expr], skip: Container[int] = (),
              operands: Callable[[Expr], tuple[Expr, ...]] = children) -> list[Expr]:
    """Every node reachable from ``roots`` through ``operands``, each once, children before
    parents (iterative).

    Nodes whose uid is in ``skip`` are neither listed nor entered.
    """
    order: list[Expr] = []
    seen: set[int] = set()
    stack: list[tuple[Expr, Iterator[Expr]]] = []
    for root in roots:
        if root.uid in seen or root.uid in skip:
            continue
        seen.add(root.uid)
        stack.append((root, iter(operands(root))))
        while stack:
            node, pending = stack[-1]
            for child in pending:  # resumes where the node's last visit left its operands
                if child.uid not in seen and child.uid not in skip:
                    seen.add(child.uid)
                    stack.append((child, iter(operands(child))))
                    break
            else:  # every operand listed: the node next
                stack.pop()
                order.append(node)
    return order


def union_under(root: Expr, leaf: Callable[[Delta], frozenset[T]], known: dict[int, frozenset[T]]) -> frozenset[T]:
    """The union of ``leaf(δ)`` over the δs under ``root``; ``known`` (uid -> the union under
    it) is read, and filled for the nodes not in it.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> sorted(union_under(mul(delta((0, 1)), delta((2,), {5})), lambda d: frozenset(d.vertices), {}))
    [0, 1, 2]
    """
    if root.uid not in known:
        for node in postorder([root], skip=known):
            known[node.uid] = (leaf(node) if isinstance(node, Delta)
                               else frozenset().union(*(known[c.uid] for c in children(node))))
    return known[root.uid]


@cached("expr.nodes_under", 2048)
def nodes_under(root: Expr) -> tuple[Expr, ...]:
    """``postorder([root])`` as a tuple, memoised: a node's DAG never changes, and planning,
    pricing and evaluating a term each walk it.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> term = mul(delta((0, 1)), delta((1, 2)))
    >>> nodes_under(term) == tuple(postorder([term])) and nodes_under(term) is nodes_under(term)
    True
    """
    return tuple(postorder([root]))


def vertices_of(roots: Iterable[Expr]) -> frozenset[int]:
    """All vertices mentioned anywhere under ``roots``."""
    return frozenset(v for node in postorder(roots) if isinstance(node, Delta) for v in node.vertices)


def render(node: Expr, names: dict[int, str] | None = None, limit: int | None = None) -> str:
    """A readable (not re-parseable) text form, for messages and ``count --show-pay``; with
    ``limit``, every sub-expression's text is cut after that many characters.

    >>> from cpoly.dag.rewrite import delta, mul, add, const
    >>> render(add(const(1), mul(const(-1), delta((0, 1)))), {0: "a", 1: "b"})
    '(1 - δa,b)'
    """
    names = names or {}
    text: dict[int, str] = {}
    for n in postorder([node]):
        text[n.uid] = _render_one(n, text, names)
        if limit is not None and len(text[n.uid]) > limit:  # shared subterms repeat: keep it small
            text[n.uid] = text[n.uid][:limit] + " …"
    return text[node.uid]


def _render_one(node: Expr, text: dict[int, str], names: dict[int, str]) -> str:
    if isinstance(node, Const):
        return str(node.value)
    if isinstance(node, Delta):
        args = ",".join(names.get(v, f"σ{v}") for v in node.vertices)
        values = "" if node.values is None else "{" + ",".join(map(str, sorted(node.values))) + "}"
        return f"δ{args}{values}"
    if isinstance(node, Product):
        parts = [text[f.uid] for f in node.factors]
        if parts[0] == "-1" and len(parts) > 1:
            return "-" + " ".join(parts[1:])
        return " ".join(parts)
    first, *rest = [text[t.uid] for t in node.terms]
    return "(" + first + "".join(f" - {p[1:]}" if p.startswith("-") else f" + {p}" for p in rest) + ")"
