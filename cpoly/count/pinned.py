"""Vertices a product pins to one value leave the count.

A product with a factor ``δv{x}`` (one value) is 0 unless ``v = x``, so

    Σ_v δv{x} · f(v, …) = f(x, …)          (x in v's domain; 0 otherwise)

and the vertex is substituted and dropped from the counted universe before any equality
pattern is enumerated.  Substituting can pin more vertices (``δv,w`` with ``v`` pinned is
``δw{x}``), so the rule is applied until nothing more is pinned.  This is what a completion
form looks like once its parameters are bound: the held cards' vertices are pinned by
``δC2F{F2} δC2S{S2}``, and counting them as free vertices restricted to a one-value atom
multiplies the equality patterns of every other vertex by the literals they bring.

>>> from cpoly.lang.resolve import Sort
>>> from cpoly.dag.rewrite import delta, mul
>>> sorts = {1: Sort("F", 13), 2: Sort("F", 13)}
>>> node, universe = pin(mul(delta((1,), {4}), delta((1, 2))), frozenset({1, 2}), sorts)
>>> from cpoly.dag.rewrite import ONE
>>> node is ONE, sorted(universe)          # v1 = 4 pins v2 = 4: one assignment
(True, [])
"""

from __future__ import annotations

from collections.abc import Mapping

from cpoly.dag.expr import Delta, Expr, Product
from cpoly.dag.rewrite import ZERO, complement
from cpoly.dag.vertices import substitute
from cpoly.lang.resolve import Sort

__all__ = ["pin", "pinned_values"]


def pinned_values(node: Expr, universe: frozenset[int], sorts: Mapping[int, Sort]) -> dict[int, int] | None:
    """The vertices of ``universe`` a direct factor of ``node`` pins to one value: ``δv{x}``, or
    ``1 - δv{T}`` leaving one value of v's numeric domain (a joker's suit once its face is the
    joker's).  None: the factors leave some vertex no value, the product is 0.

    >>> from cpoly.dag.rewrite import delta, one_minus
    >>> pinned_values(one_minus(delta((1,), {1, 2, 3})), frozenset({1}), {1: Sort("S", 4)})
    {1: 0}
    """
    pins: dict[int, int] = {}
    for factor in node.factors if isinstance(node, Product) else (node,):
        values = _one_value(factor, sorts)
        if isinstance(factor, Delta) and values is not None:
            vertices = factor.vertices
        elif isinstance(base := complement(factor), Delta) and values is not None:
            vertices = base.vertices
        else:
            continue
        if not values:
            return None
        (value,) = values
        for v in vertices:
            if v in universe:
                if pins.get(v, value) != value:
                    return None
                pins[v] = value
    return pins


def _one_value(factor: Expr, sorts: Mapping[int, Sort]) -> frozenset[int] | None:
    """The values ``factor`` leaves its vertex when they are at most one: ``δv{x}``, or
    ``1 - δv{T}`` over a numeric domain; else None."""
    if isinstance(factor, Delta):
        return factor.values if factor.values is not None and len(factor.values) == 1 else None
    base = complement(factor)
    if not isinstance(base, Delta) or base.values is None or len(base.vertices) != 1:
        return None
    size = sorts[base.vertices[0]].size if base.vertices[0] in sorts else None
    if not isinstance(size, int):
        return None
    left = frozenset(range(size)) - base.values
    return left if len(left) <= 1 else None


def pin(node: Expr, universe: frozenset[int], sorts: Mapping[int, Sort]) -> tuple[Expr, frozenset[int]]:
    """``node`` with its pinned vertices substituted, and the universe without them: the same
    ``Σ`` over the smaller universe (a pin outside its vertex's domain makes the node 0)."""
    while True:
        pins = pinned_values(node, universe, sorts)
        if pins is None:
            return ZERO, universe
        if not pins:
            return node, universe
        for v, value in pins.items():
            size = sorts[v].size
            if value < 0 or (isinstance(size, int) and value >= size):
                return ZERO, universe - frozenset(pins)
        node = substitute(node, pins)
        universe = universe - frozenset(pins)
