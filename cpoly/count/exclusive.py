"""Is a category 0/1 on the deals?  Its terms pairwise exclusive there, proved by the rewrite rules.

A category written as a sum ``c = Σ_j X_j`` of 0/1 terms (coefficient 1) is 0/1 on a deal exactly
when no two of its terms hold together there: ``c(c - 1) = Σ_{j≠k} X_j X_k`` (``X_j² = X_j``),
a sum of non-negative terms, so ``Σ deal·c(c - 1) = 0`` exactly when ``Σ deal·X_j·X_k = 0`` for
every pair.  Most pairs are 0 by the rules alone: :func:`~cpoly.count.cardswaps.normal` of
``X_j·X_k·deal`` (equal vertices named alike, value sets intersected, the pigeonhole on the deal's
distinct cards) is the node 0.  Only the pairs it leaves are counted, once, as one sum.

When the deal and the category are unchanged by permuting the cards (faces and suits together),
a pair ``(X_j, X_k)`` counts as its image ``(πX_j, πX_k)``: the pairs are taken with ``X_j`` one
term of each orbit of the terms, and ``X_k`` one term of each orbit under the swaps that fix that
``X_j`` (:func:`~cpoly.count.cardswaps.orbits`).  Every pair is then the image of a pair tried.

The pairs tried are the same whatever the deck's sizes: :func:`pairs_left` decides nothing by
counting.  Nothing here knows about any game.

>>> from cpoly.dag.rewrite import delta, mul, one_minus
>>> apart = one_minus(mul(delta((1, 2)), delta((3, 4))))      # two cards (faces 1, 2; suits 3, 4)
>>> pairs_left([delta((1,), {0}), delta((1,), {1})], apart, [])      # disjoint values: exclusive
[]
>>> len(pairs_left([delta((1,), {0}), delta((2,), {0})], apart, []))  # both cards of face 0
1
"""

from __future__ import annotations

from collections.abc import Sequence

from cpoly.count.cardswaps import Swap, deep_normal, image, normal, orbits
from cpoly.dag.expr import Expr, Product, Sum
from cpoly.dag.rewrite import ZERO, is_boolean, mul, split_coefficient

__all__ = ["MAX_PAIRS", "pairs_left", "symmetries", "zero_one_terms"]

MAX_PAIRS = 4_096  # pairs a check tries by the rules before it counts c·(c - 1) instead


def zero_one_terms(node: Expr) -> list[Expr] | None:
    """``node``'s terms when it is a sum of 0/1 terms each with coefficient 1, or such a sum
    times 0/1 factors ``P`` (the terms are then ``X_j·P``: ``P² = P``), in
    :func:`~cpoly.count.cardswaps.deep_normal` form; else None.

    >>> from cpoly.dag.rewrite import add, delta, neg
    >>> either = add(delta((1,), {0}), delta((1,), {1}))
    >>> len(zero_one_terms(either)), len(zero_one_terms(mul(either, delta((1, 2))))), zero_one_terms(neg(either))
    (2, 2, None)
    """
    normal_form = deep_normal(node)
    if isinstance(normal_form, Sum):
        return _unit_terms(normal_form)
    if not isinstance(normal_form, Product):
        return None
    sums = [(f, terms) for f in normal_form.factors if isinstance(f, Sum) and (terms := _unit_terms(f)) is not None]
    rest = [f for f in normal_form.factors if len(sums) != 1 or f is not sums[0][0]]
    if len(sums) != 1 or not all(is_boolean(f) for f in rest):
        return None
    return [deep_normal(mul(term, *rest)) for term in sums[0][1]]


def _unit_terms(node: Sum) -> list[Expr] | None:
    """The terms of ``node`` when each is 0/1 with coefficient 1, else None."""
    terms = []
    for term in node.terms:
        coefficient, base = split_coefficient(term)
        if coefficient != 1 or not is_boolean(base):
            return None
        terms.append(base)
    return terms


def symmetries(terms: Sequence[Expr], deal: Expr, swaps: Sequence[Swap]) -> list[Swap]:
    """The ``swaps`` that leave the deal unchanged and map the set of ``terms`` onto itself
    (all of them, or none: a pair is then its own orbit)."""
    kept = {t.uid for t in terms}
    dealt = deep_normal(deal)
    if all(image(deal, s) is dealt and all(image(t, s).uid in kept for t in terms) for s in swaps):
        return list(swaps)
    return []


def pairs_left(terms: Sequence[Expr], deal: Expr, swaps: Sequence[Swap]) -> list[Expr] | None:
    """The products ``X_j·X_k`` (j ≠ k, up to the ``swaps``: exact symmetries of the deal and of
    the set of terms, see :func:`symmetries`) that the rules do not prove 0 on the deal; None
    when more than MAX_PAIRS pairs would be tried."""
    firsts = [nodes[0] for _, nodes in orbits([(1, (t,)) for t in terms], swaps)]
    if len(firsts) == len(terms):
        swaps = []  # every term its own image: each unordered pair once (X_j·X_k = X_k·X_j)
    left: list[Expr] = []
    tried = 0
    for index, first in enumerate(firsts):
        if swaps:
            fixing = [s for s in swaps if image(first, s) is deep_normal(first)]
            seconds = [nodes[0] for _, nodes in orbits([(1, (t,)) for t in terms if t is not first], fixing)]
        else:  # no symmetry: each unordered pair once
            seconds = list(firsts[index + 1:])
        tried += len(seconds)
        if tried > MAX_PAIRS:
            return None
        left.extend(mul(first, second) for second in seconds if normal(mul(first, second, deal)) is not ZERO)
    return left
