"""Permutations of the cards that a contraction counts once (:mod:`cpoly.count.contraction`).

When the distinct-card pairs are every pair of cards, permuting the cards (faces and suits
together) leaves the pair matrix unchanged, so products that are images of each other under
such a permutation have equal sums.  Images are compared in one normal form
(:func:`deep_normal`: equal vertices named alike, δs decided by their value sets), and items
that are images of each other are kept once with their coefficients added (:func:`orbits`).

>>> from cpoly.dag.rewrite import delta
>>> swap = ((1, 2), (2, 1))                      # cards 1 and 2 exchanged
>>> image(delta((1,), {3}), swap) is delta((2,), {3})
True
"""

from __future__ import annotations

from collections.abc import Sequence

from cpoly.count.separation import Pairs, Part
from cpoly.dag.expr import Expr, Product, Sum, postorder
from cpoly.dag.memo import Memo, MemoOfMemos, cached
from cpoly.dag.rewrite import add, mul, narrow
from cpoly.dag.vertices import rename, unify

__all__ = ["Swap", "card_swaps", "deep_normal", "image", "invariant", "normal", "orbits", "pair_symmetries"]

Swap = tuple[tuple[int, int], ...]  # a permutation of the vertices, as (vertex, image) pairs


_DEEP = Memo[int, Expr]("cardswaps.deep_normal", 500_000)  # node uid -> deep_normal(node)


def deep_normal(root: Expr) -> Expr:
    """``root`` with every product :func:`normal`'d, children first (memoised): equal vertices
    named alike everywhere, so that a form written with an arbitrary choice among equal
    vertices (two pairs compared by their first cards) is the same node as its images.

    >>> from cpoly.dag.rewrite import delta, one_minus
    >>> pair = lambda a, b, c, d: mul(delta((a, b)), delta((c, d)), one_minus(delta((a, c))))
    >>> deep_normal(one_minus(pair(1, 2, 3, 4))) is deep_normal(one_minus(pair(2, 1, 4, 3)))
    True
    """
    deep = _DEEP.room()
    for node in postorder([root], skip=deep):
        if isinstance(node, Sum):
            deep[node.uid] = add(*(deep[t.uid] for t in node.terms))
        elif isinstance(node, Product):
            deep[node.uid] = normal(mul(*(deep[f.uid] for f in node.factors)))
        else:
            deep[node.uid] = node
    return deep[root.uid]


def normal(node: Expr) -> Expr:
    """A product (or each term of a sum) with its equal vertices named alike and its δs
    decided by its value sets (:func:`~cpoly.dag.vertices.unify`, :func:`~cpoly.dag.rewrite.narrow`):
    the form in which images under a permutation are compared."""
    if isinstance(node, Sum):
        return add(*(narrow(unify(t)) for t in node.terms))
    return narrow(unify(node))


def invariant(parts: list[Part], swap: Swap) -> bool:
    """Whether ``swap`` maps the products (with their coefficients) onto themselves."""
    coefs = {(a.uid, b.uid): c for c, a, b in parts}
    return all(coefs.get((image(a, swap).uid, image(b, swap).uid)) == c for c, a, b in parts)


def card_swaps(faces: Sequence[int], suits: Sequence[int]) -> list[Swap]:
    """The transpositions of adjacent cards, each card's face and suit vertices moved together
    (they generate every permutation of the cards; in the form of :func:`pair_symmetries`).

    >>> card_swaps((1, 2), (3, 4))
    [((1, 2), (2, 1), (3, 4), (4, 3))]
    """
    return [tuple((vs[j], vs[k]) for vs in (faces, suits) for j, k in ((i, i + 1), (i + 1, i)))
            for i in range(len(faces) - 1)]


def pair_symmetries(pairs: Pairs, vertices: tuple[tuple[int, ...], ...]) -> list[Swap]:
    """The transpositions of adjacent cards (faces and suits together) that map the
    distinct-card pairs onto themselves (they generate the symmetries used)."""
    if len(vertices[0]) != len(vertices[1]):
        return []
    n = len(vertices[0])
    expected = {tuple(sorted(p)) for p in pairs}
    found = []
    for i in range(n - 1):
        swap = {i: i + 1, i + 1: i}
        moved = {(tuple(sorted(swap.get(p, p) for p in x)), tuple(sorted(swap.get(p, p) for p in y)))
                 for x, y in pairs}
        if {tuple(sorted(p)) for p in moved} == expected and moved == set(pairs):
            found.append(tuple((vs[j], vs[swap[j]]) for vs in vertices for j in (i, i + 1)))
    return found


_RENAMES = MemoOfMemos[Swap, dict[int, Expr]]("cardswaps.renames", 4096, 100_000)
@cached("cardswaps.images", 500_000)
def image(node: Expr, swap: Swap) -> Expr:
    """The image of ``node`` under ``swap``, in :func:`deep_normal` form."""
    return deep_normal(rename(node, dict(swap), _RENAMES.of(swap, dict)))


def orbits(items: list[tuple[int, tuple[Expr, ...]]], swaps: Sequence[Swap]) -> list[tuple[int, tuple[Expr, ...]]]:
    """Items (a coefficient and nodes) that are images of each other under ``swaps`` (exact
    symmetries of everything they are counted with) kept once, their coefficients added."""
    if not swaps or len(items) < 2:
        return items
    index = {tuple(n.uid for n in nodes): i for i, (_, nodes) in enumerate(items)}
    parent = list(range(len(items)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (_, nodes) in enumerate(items):
        for swap in swaps:
            j = index.get(tuple(image(n, swap).uid for n in nodes))
            if j is not None:
                parent[root(i)] = root(j)
    totals: dict[int, int] = {}
    for i, (c, _) in enumerate(items):
        totals[root(i)] = totals.get(root(i), 0) + c
    return [(totals[i], items[i][1]) for i in sorted(totals) if totals[i]]
