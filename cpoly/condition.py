"""Condition a count on which vertices take their value in a value set (wild cards).

A wild card is a face value set ``S`` (``δF[i]{Wild}``) that the categories test for every
card, and that their other literals either contain (a straight window ``{Wild, m..m+4}``) or
avoid.  Mixed with the equalities ``δF[i],F[j]`` it makes every literal an atom of its own and
every product of categories a large grid of equality patterns.  Conditioning removes it:
every assignment has exactly one set ``W`` of vertices whose values lie in ``S``, so

    Σ node = Σ_W Σ node|W

where ``node|W`` is the DAG with each δ decided or simplified under "the vertices of W are in
S, the others are not" (an equality between a vertex in W and one outside is 0; a literal
``T`` on vertices of W becomes ``T ∩ S``, on the others ``T \\ S``), times the restrictions
themselves.  When ``S`` is one value the vertices of W are fixed and leave the count.  When
the node is invariant under permuting the card positions, only ``|W|`` matters and each size
``k`` is one case of weight ``C(n, k)``.

Which set to condition on is found in the DAG (:func:`split_candidates`) and chosen by cost
in :mod:`cpoly.counting`; nothing here knows about any game.

>>> from cpoly.rewrite import add, delta, mul, one_minus
>>> wild = lambda v: delta((v,), {0})
>>> node = one_minus(mul(one_minus(delta((1, 2))), one_minus(wild(1)), one_minus(wild(2))))
>>> split = ValueSplit("F", frozenset({0}), (1, 2), 5)
>>> [(c.weight, sorted(c.universe)) for c in cases(node, split, frozenset({1, 2}), True)]
[(1, [1, 2]), (2, [2]), (1, [])]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from cpoly.expr import Delta, Expr, postorder
from cpoly.rewrite import ONE, ZERO, delta, mul, one_minus, rebuild, rename
from cpoly.symbolic import Number

MAX_CASES = 64  # subsets W enumerated without position symmetry (2^6)


@dataclass(frozen=True)
class ValueSplit:
    """Condition the ``vertices`` (all of one sort) on their values lying in ``values``;
    ``size`` is the sort's size (symbolic sizes keep the complement as ``1 - δv{values}``)."""

    sort: str
    values: frozenset[int]
    vertices: tuple[int, ...]
    size: Number

    def describe(self) -> str:
        shown = ",".join(map(str, sorted(self.values)))
        return f"by how many {self.sort} vertices take a value in {{{shown}}}"


@dataclass(frozen=True)
class Case:
    """``weight`` subsets W with the same count: ``node`` (W's restrictions included), counted
    over ``universe`` (the vertices of W are left out when ``S`` is one value)."""

    weight: int
    node: Expr
    universe: frozenset[int]
    inside: tuple[int, ...]


def split_candidates(node: Expr, names: Mapping[int, str], universe: frozenset[int],
                     sizes: Mapping[str, Number]) -> list[ValueSplit]:
    """The value sets worth conditioning on, best first: a set ``S`` tested alone
    (``δv{S}``) on every vertex of its sort, ranked by how many other literals of the
    sort contain it (a wild value lies in every straight window); sets no other literal
    contains are not candidates.

    >>> from cpoly.rewrite import add, delta, mul
    >>> node = add(mul(delta((1,), {0}), delta((2,), {0})), delta((1, 2), {0, 3, 4}))
    >>> [sorted(s.values) for s in split_candidates(node, {1: "F", 2: "F"}, frozenset({1, 2}), {"F": 5})]
    [[0]]
    """
    tested: dict[tuple[str, frozenset[int]], set[int]] = {}
    literals: dict[str, set[frozenset[int]]] = {}
    for n in postorder([node]):
        if isinstance(n, Delta) and n.values is not None and all(v in universe for v in n.vertices):
            sort = names[n.vertices[0]]
            literals.setdefault(sort, set()).add(n.values)
            if len(n.vertices) == 1:
                tested.setdefault((sort, n.values), set()).add(n.vertices[0])
    found: list[tuple[int, ValueSplit]] = []
    for (sort, values), vertices in tested.items():
        every = tuple(sorted(v for v in universe if names[v] == sort))
        containing = sum(1 for t in literals[sort] if values < t)
        if len(every) >= 2 and set(every) == vertices and containing:
            found.append((containing, ValueSplit(sort, values, every, sizes[sort])))
    found.sort(key=lambda pair: (-pair[0], sorted(pair[1].values)))
    return [split for _, split in found]


def is_symmetric(node: Expr, positions: Sequence[Sequence[int]]) -> bool:
    """Whether ``node`` is unchanged by every permutation of the ``positions`` (tuples of
    vertices moved together, e.g. a card's face and suit): by a transposition and a cycle,
    which generate the symmetric group; nodes are interned, so equal means identical.

    >>> from cpoly.rewrite import delta, mul
    >>> is_symmetric(mul(delta((1, 2)), delta((2, 3)), delta((1, 3))), [(1,), (2,), (3,)])
    True
    >>> is_symmetric(mul(delta((1, 2)), delta((2, 3))), [(1,), (2,), (3,)])
    False
    """
    n = len(positions)
    if n < 2:
        return True
    for order in ([1, 0, *range(2, n)], [*range(1, n), 0]):
        mapping = {a: b for i, j in enumerate(order) for a, b in zip(positions[i], positions[j])}
        if rename(node, mapping) is not node:
            return False
    return True


def subsets(split: ValueSplit, symmetric: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The sets W to count, with their weights: one per size when symmetric, else every subset."""
    vertices = split.vertices
    if symmetric:
        return [(comb(len(vertices), k), vertices[:k]) for k in range(len(vertices) + 1)]
    return [(1, w) for k in range(len(vertices) + 1) for w in combinations(vertices, k)]


def cases(node: Expr, split: ValueSplit, universe: frozenset[int], symmetric: bool,
          memo: dict[tuple[ValueSplit, tuple[int, ...]], dict[int, Expr]] | None = None) -> list[Case]:
    """``Σ node`` as weighted conditioned counts (module docstring); ``memo`` keeps the
    rebuilt nodes per split and W across calls (the counts of one table share their DAG)."""
    memo = {} if memo is None else memo
    out = []
    for weight, inside in subsets(split, symmetric):
        conditioned = _condition(node, split, frozenset(inside), memo.setdefault((split, inside), {}))
        if conditioned is ZERO:
            continue
        fixed = frozenset(inside) if len(split.values) == 1 else frozenset()
        out.append(Case(weight, conditioned, universe - fixed, inside))
    return out


def _condition(node: Expr, split: ValueSplit, inside: frozenset[int], memo: dict[int, Expr]) -> Expr:
    body = rebuild(node, lambda d: _condition_delta(d, split, inside), memo)
    restrictions = [_restriction(v, split, v in inside) for v in split.vertices]
    return mul(body, *restrictions)


def _restriction(vertex: int, split: ValueSplit, inside: bool) -> Expr:
    """The factor saying where ``vertex`` lies: in S (nothing to say when S is one value, the
    vertex is fixed), or outside S (a positive set when the size is a number)."""
    if inside:
        return ONE if len(split.values) == 1 else delta((vertex,), split.values)
    if isinstance(split.size, int):
        return delta((vertex,), frozenset(range(split.size)) - split.values)
    return one_minus(delta((vertex,), split.values))


def _condition_delta(node: Delta, split: ValueSplit, inside: frozenset[int]) -> Expr:
    """One δ under the condition: decided, or with its literal narrowed to the side it is on."""
    split_vertices = set(split.vertices)
    if not split_vertices.intersection(node.vertices):
        return node
    ins = [v for v in node.vertices if v in inside]
    outs = [v for v in node.vertices if v not in inside]
    if ins and outs:
        return ZERO  # a value in S equals a value outside S
    if ins:
        values = split.values if node.values is None else node.values & split.values
        if not values:
            return ZERO
        if len(split.values) == 1:
            return ONE  # every vertex of W holds the one value of S
        return delta(ins, None if values == split.values else values)
    if node.values is None:
        return node
    values = node.values - split.values
    if not values:
        return ZERO
    if isinstance(split.size, int) and values | split.values >= frozenset(range(split.size)):
        return delta(outs, None)  # the literal says no more than "outside S"
    return delta(outs, values)
