"""Terms that are the same up to a relabeling of values count the same (value symmetry).

A term's count is a sum over every assignment of its vertices, and only its value literals
(``δv{S}``) tell values apart.  Relabeling the values of a sort by a permutation ``π`` maps
the assignments one to one, so ``Σ term = Σ term∘π``.  The straight windows of a wild-card
game are the typical case: once the other literals are natural faces, ``{3..7}`` and
``{5..9}`` are the same window moved along, and each window term is counted once.

:func:`canonical_key` relabels a term's mentioned values atom by atom (classes of values its
literals cannot tell apart), ordered by what the literals say about each atom (its size, the
sizes of the literals holding it; the smallest value only breaks ties), and hash-conses the
relabeled DAG (sums and products as multisets of their operands).  Equal keys mean equal
relabeled DAGs over the same vertices and domain sizes, hence equal counts: a key is exact,
never a hash that could collide.  Different keys prove nothing (the count is then done twice).

>>> from cpoly.count.plan import plan_term
>>> from cpoly.lang.resolve import Sort
>>> from cpoly.dag.rewrite import delta, mul
>>> faces = {1: Sort("F", 9), 2: Sort("F", 9)}
>>> window = lambda low: mul(delta((1,), range(low, low + 3)), delta((2,), range(low, low + 3)))
>>> keys = CanonicalTerms()
>>> low, high = [keys.key(plan_term(1, window(low), faces, frozenset(faces))) for low in (1, 4)]
>>> low == high, keys.key(plan_term(1, mul(window(1), delta((1, 2))), faces, frozenset(faces))) == low
(True, False)
"""

from __future__ import annotations

from itertools import count

from cpoly.count.plan import TermPlan
from cpoly.dag.expr import Const, Delta, Expr, Sum, nodes_under
from cpoly.dag.symbolic import Number

__all__ = ["CanonicalTerms", "KEYS_KEPT"]

KEYS_KEPT = 200_000  # canonical nodes remembered (the tables and the counts are emptied together)


class CanonicalTerms:
    """Canonical keys of terms (see the module docstring) and the counts found per key.

    Keys and node ids are integers handed out once (never reused): when the table is full it
    is emptied with the counts, and a key kept by an older plan then finds no count (the term
    is counted again), never another term's count.  A memo in the sense of :mod:`cpoly.dag.memo`
    (``name``, ``bound``, its size, :meth:`clear`)."""

    def __init__(self, name: str = "canonical terms") -> None:
        self.name = name
        self.bound = KEYS_KEPT
        self._ids = count()  # node ids and term keys, never reused
        self.clear()

    def __len__(self) -> int:
        return len(self._nodes)

    def clear(self) -> None:
        """Forget every key and count (keys handed out before find no count)."""
        self._nodes: dict[tuple[object, ...], int] = {}
        self._plain: dict[int, int] = {}  # node uid -> id, for nodes without value literals
        self._terms: dict[tuple[object, ...], int] = {}
        self.counts: dict[int, Number] = {}

    def key(self, term: TermPlan) -> int:
        """The term's key: equal keys, equal ``Σ term`` (up to the term's coefficient)."""
        if len(self._nodes) >= self.bound:
            self.clear()
        relabel = _relabeling(term)
        ids: dict[int, int] = {}
        plain = self._plain
        for node in nodes_under(term.node):
            if node.uid in plain:  # no value literal under it: the same id whatever the relabeling
                ids[node.uid] = plain[node.uid]
                continue
            shape, relabeled = _shape(node, ids, relabel, plain)
            found = self._nodes.get(shape)
            ids[node.uid] = found if found is not None else self._nodes.setdefault(shape, next(self._ids))
            if not relabeled:
                plain[node.uid] = ids[node.uid]
        domains = tuple((s, term.vertices[s], term.atoms[s].sort.size) for s in term.sort_order)
        found = self._terms.get((ids[term.node.uid], domains))
        return found if found is not None else self._terms.setdefault((ids[term.node.uid], domains), next(self._ids))


def _shape(node: Expr, ids: dict[int, int], relabel: dict[int, dict[int, int]],
           plain: dict[int, int]) -> tuple[tuple[object, ...], bool]:
    """A node's shape under the relabeling (its kind and operands: ids, a multiset for sums
    and products), and whether a value literal lies under it (else its id is kept for good)."""
    if isinstance(node, Delta):
        if node.values is None:
            return ("δ", node.vertices), False
        moved = relabel[node.vertices[0]]
        return ("δ", node.vertices, frozenset(moved[x] for x in node.values if x in moved)), True
    if isinstance(node, Const):
        return ("c", node.value), False
    operands = node.terms if isinstance(node, Sum) else node.factors
    kind = "+" if isinstance(node, Sum) else "*"
    return (kind, tuple(sorted(ids[o.uid] for o in operands))), any(o.uid not in plain for o in operands)


def _relabeling(term: TermPlan) -> dict[int, dict[int, int]]:
    """Per vertex, the map from its sort's mentioned values to canonical ones (``0, 1, …``
    atom after atom, atoms ordered by what the term's literals say about them)."""
    literals: dict[str, set[frozenset[int]]] = {s: set() for s in term.sort_order}
    sort_of = {v: s for s, vs in term.vertices.items() for v in vs}
    for node in nodes_under(term.node):
        if isinstance(node, Delta) and node.values is not None:
            literals[sort_of[node.vertices[0]]].add(node.values)
    per_vertex: dict[int, dict[int, int]] = {}
    for sort in term.sort_order:
        atoms = sorted((values for values in term.atoms[sort].values if values is not None), key=lambda values: (
            len(values), tuple(sorted(len(t) for t in literals[sort] if values <= t)), min(values)))
        mapping = {value: i for i, value in enumerate(value for values in atoms for value in sorted(values))}
        per_vertex.update(dict.fromkeys(term.vertices[sort], mapping))
    return per_vertex
