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

A vertex of W is then compared only with W's vertices, so W's cards (their faces, in S, and
suits, with the deal's rules on them and the literals telling S's values apart, such as a
joker's suits or four deuces) mostly form factors of their own: those are counted apart, over
W's vertices on the values of S only, and leave the count as a weight
(:func:`counted_apart`).  A set of several wild faces (``Wild = {Two, Joker}``) then counts as
fast as one: the rest sees only the naturals.

Which set to condition on is found in the DAG (:func:`split_candidates`: a set no literal
crosses comes before the values it holds) and chosen by cost in :mod:`cpoly.count.counting`;
nothing here knows about any game.

>>> from cpoly.dag.rewrite import add, delta, mul, one_minus
>>> wild = lambda v: delta((v,), {0})
>>> node = one_minus(mul(one_minus(delta((1, 2))), one_minus(wild(1)), one_minus(wild(2))))
>>> split = ValueSplit("F", frozenset({0}), (1, 2), 5)
>>> sorts = {1: Sort("F", 5), 2: Sort("F", 5)}
>>> [(c.weight, sorted(c.universe)) for c in cases(node, split, frozenset({1, 2}), True, sorts)]
[(1, [1, 2]), (2, [2]), (1, [])]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from math import comb, prod

from cpoly.count.evaluate import count_dense
from cpoly.count.plan import atoms_for
from cpoly.dag.expr import Delta, Expr, Product, nodes_under, union_under
from cpoly.dag.memo import Memo, MemoOfMemos, cached
from cpoly.dag.rewrite import ONE, ZERO, delta, mul, one_minus, rebuild
from cpoly.dag.symbolic import Number
from cpoly.dag.vertices import rename, vertices_under
from cpoly.lang.resolve import Sort

__all__ = ["APART_POINTS", "Case", "MAX_CASES", "ValueSplit", "cases", "counted_apart", "is_symmetric",
           "position_generators", "split_candidates", "subsets"]

MAX_CASES = 64  # subsets W enumerated without position symmetry (2^6)
APART_POINTS = 1 << 20  # assignments of a block of W counted apart (cards of W: faces on S, suits)


@dataclass(frozen=True)
class ValueSplit:
    """Condition the ``vertices`` (all of one sort) on their values lying in ``values``;
    ``size`` is the sort's size (symbolic sizes keep the complement as ``1 - δv{values}``)."""

    sort: str
    values: frozenset[int]
    vertices: tuple[int, ...]
    size: Number
    wild: bool = False  # one value tested alone on every vertex (δF[i]{Wild} for each i)

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
    """The value sets worth conditioning on, best first: the atoms of a sort (classes of the
    values its literals cannot tell apart) tested alone on every vertex (``δF[i]{Wild}``) and
    lying in another literal, or lying in more than half of the sort's literals of two or
    more values (and in two or more).  Best first: by how many literals the condition decides
    (those holding the atom, and the atom's own test on every vertex: Joker Poker's joker
    ``{13}`` ties the royal faces ``{8..12}``, and, fixing the vertices of W, costs a third of
    their planning), then the first kind (a wild value lies in every straight window; a
    natural face in a few).

    >>> from cpoly.dag.rewrite import add, delta, mul
    >>> windows = add(*(delta((1,), {0, m, m + 1}) for m in (1, 3, 5)), delta((1, 2), {1, 2}))
    >>> [sorted(s.values) for s in split_candidates(windows, {1: "F", 2: "F"}, frozenset({1, 2}), {"F": 9})]
    [[0]]
    """
    counted = frozenset(literal for literal in _literals_under(node) if universe.issuperset(literal[0]))
    return list(_candidates(counted, tuple((v, names[v], sizes[names[v]]) for v in sorted(universe))))


_LITERALS = Memo[int, frozenset[tuple[tuple[int, ...], frozenset[int]]]]("condition.literals", 200_000)


def _literals_under(node: Expr) -> frozenset[tuple[tuple[int, ...], frozenset[int]]]:
    """The value literals ``δv…{S}`` under ``node`` as ``(vertices, S)``, walking only the nodes
    not met before (the counts of a table share most of their DAG)."""
    return union_under(node, lambda d: frozenset() if d.values is None else frozenset({(d.vertices, d.values)}),
                       _LITERALS.room())


@cached("condition.candidates", 10_000)
def _candidates(counted: frozenset[tuple[tuple[int, ...], frozenset[int]]],
                domains: tuple[tuple[int, str, Number], ...]) -> tuple[ValueSplit, ...]:
    """:func:`split_candidates` of the literals ``counted`` (those on counted vertices) over
    ``domains`` (each counted vertex, its sort's name and size): memoised, the overlaps of a
    table repeat their categories' literals."""
    names = {v: name for v, name, _ in domains}
    sizes = {name: size for _, name, size in domains}
    universe = frozenset(names)
    literals: dict[str, set[frozenset[int]]] = {}
    tested: dict[frozenset[int], set[int]] = {}  # sets tested alone, on which vertices
    for vertices, values in counted:
        literals.setdefault(names[vertices[0]], set()).add(values)
        if len(vertices) == 1:
            tested.setdefault(values, set()).add(vertices[0])
    found: list[tuple[tuple[bool, int], ValueSplit]] = []
    for sort, sets in literals.items():
        every = tuple(sorted(v for v in universe if names[v] == sort))
        wide = [t for t in sets if len(t) > 1]
        for atom in (a for a in atoms_for(Sort(sort, sizes[sort]), sorted(sets, key=sorted)).values if a is not None):
            containing = sum(1 for t in wide if atom < t)
            on_every_card = tested.get(atom, set()) == set(every)  # δF[i]{Wild} for each i
            if len(every) >= 2 and ((on_every_card and (containing >= 1 or len(atom) == 1))
                                    or (containing >= 2 and 2 * containing > len(wide))):
                wild = on_every_card and len(atom) == 1
                found.append(((on_every_card, containing), ValueSplit(sort, atom, every, sizes[sort], wild)))
        found.extend(_wild_sets(sort, sizes[sort], sets, tested, every, found))
    return tuple(split for _, split in sorted(found, key=partial(_rank, [s for _, s in found])))


def _wild_sets(sort: str, size: Number, sets: set[frozenset[int]], tested: Mapping[frozenset[int], set[int]],
               every: tuple[int, ...], found: Sequence[tuple[tuple[bool, int], ValueSplit]]
               ) -> Iterator[tuple[tuple[bool, int], ValueSplit]]:
    """The wild sets of several atoms, which no literal of the sort crosses (each holds it, lies
    in it or avoids it): a set tested alone on every vertex (``δF[i]{Wild}`` with ``Wild = {Two,
    Joker}``) that holds a candidate or lies in a literal, or a class of values the literals of
    two or more values cannot tell apart lying in more than half of them (and in two or more:
    the wild faces of every straight window); with whether it is tested on every vertex and how
    many literals hold it.

    >>> sets = {frozenset({0, 13}), frozenset({13}), frozenset({0, 13, 1, 2}), frozenset({0, 13, 2, 3})}
    >>> tested = {t: {1, 2} for t in sets}
    >>> atom = ((True, 3), ValueSplit("F", frozenset({13}), (1, 2), 14, True))
    >>> [sorted(s.values) for _, s in _wild_sets("F", 14, sets, tested, (1, 2), [atom])]
    [[0, 13]]
    """
    atoms = {split.values for _, split in found if split.sort == sort}
    wide = [t for t in sets if len(t) > 1]
    classes = atoms_for(Sort(sort, size), sorted(wide, key=sorted)).values
    alone = (t for t in sets if tested.get(t, set()) == set(every))
    values_of_sort = frozenset(range(size)) if isinstance(size, int) else None
    for values in sorted({t & values_of_sort if values_of_sort else t for t in (*alone, *filter(None, classes))}, key=sorted):
        containing = sum(1 for t in wide if values < t)
        on_every_card = tested.get(values, set()) == set(every)
        crossed = any(values & t and not (values <= t or t <= values) for t in sets)
        holds = any(a < values for a in atoms)
        if (len(values) > 1 and values not in atoms and not crossed
                and ((on_every_card and (holds or containing)) or (containing >= 2 and 2 * containing > len(wide)))):
            yield (on_every_card, containing), ValueSplit(sort, values, every, size)


def _rank(every: list[ValueSplit], pair: tuple[tuple[bool, int], ValueSplit]) -> tuple[int, int, bool, list[int]]:
    """Best first: a set holding other candidates of its sort (conditioning on it settles them
    all: the joker and the deuces as one wild set), then by how many of its tests there are (on
    every vertex, and each literal holding it: Joker Poker's joker before the royal faces), tested
    on every vertex first, then by its values."""
    (on_every_card, containing), split = pair
    holds = sum(1 for other in every if other.sort == split.sort and other.values < split.values)
    return -holds, -(on_every_card + containing), not on_every_card, sorted(split.values)


def position_generators(positions: Sequence[Sequence[int]]) -> list[dict[int, int]]:
    """The swap of the first two ``positions`` and the cycle of all of them, as maps of their
    vertices (tuples moved together, e.g. a card's face and suit): they generate every
    permutation of the positions, so a node unchanged by both is unchanged by all.

    >>> position_generators([(1, 4), (2, 5), (3, 6)])
    [{1: 2, 4: 5, 2: 1, 5: 4, 3: 3, 6: 6}, {1: 2, 4: 5, 2: 3, 5: 6, 3: 1, 6: 4}]
    """
    n = len(positions)
    if n < 2:
        return []
    return [{a: b for i, j in enumerate(order) for a, b in zip(positions[i], positions[j])}
            for order in ([1, 0, *range(2, n)], [*range(1, n), 0])]


def is_symmetric(node: Expr, positions: Sequence[Sequence[int]]) -> bool:
    """Whether ``node`` is unchanged by every permutation of the ``positions`` (tuples of
    vertices moved together, e.g. a card's face and suit): by the :func:`position_generators`;
    nodes are interned, so equal means identical.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> is_symmetric(mul(delta((1, 2)), delta((2, 3)), delta((1, 3))), [(1,), (2,), (3,)])
    True
    >>> is_symmetric(mul(delta((1, 2)), delta((2, 3))), [(1,), (2,), (3,)])
    False
    """
    factors = node.factors if isinstance(node, Product) else (node,)  # symmetric when its factors permute
    uids = {f.uid for f in factors}
    for m in position_generators(positions):
        renamed = _RENAMED.of(tuple(sorted(m.items())), dict)  # once per generator, not per factor
        if {rename(f, m, renamed).uid for f in factors} != uids:
            return False
    return True


_RENAMED = MemoOfMemos[tuple[tuple[int, int], ...], dict[int, Expr]]("condition.renamed", 256, 200_000)


def subsets(split: ValueSplit, symmetric: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The sets W to count, with their weights: one per size when symmetric, else every subset."""
    vertices = split.vertices
    if symmetric:
        return [(comb(len(vertices), k), vertices[:k]) for k in range(len(vertices) + 1)]
    return [(1, w) for k in range(len(vertices) + 1) for w in combinations(vertices, k)]


def cases(node: Expr, split: ValueSplit, universe: frozenset[int], symmetric: bool, sorts: Mapping[int, Sort],
          memo: dict[tuple[ValueSplit, tuple[int, ...]], dict[int, Expr]] | None = None) -> Iterator[Case]:
    """``Σ node`` as weighted conditioned counts (module docstring), each with W's own block
    counted apart (:func:`counted_apart`); ``memo`` keeps the rebuilt nodes per split and W
    across calls (the counts of one table share their DAG).  Lazy, the cases that are 0 left
    out: whether every case is 0 is known at the first that is not (the smallest W first)."""
    memo = {} if memo is None else memo
    for weight, inside in subsets(split, symmetric):
        within = frozenset(inside)
        conditioned = _conditioned(node, partial(_condition_delta, split=split, inside=within),
                                   memo.setdefault((split, inside), {}),
                                   [_restriction(v, split, v in within) for v in split.vertices])
        if conditioned is ZERO:
            continue
        fixed = within if len(split.values) == 1 else frozenset()
        block, rest, left = counted_apart(conditioned, split, within, universe - fixed, sorts)
        if block != 0 and rest is not ZERO:
            yield Case(weight * block, rest, left, inside)


def _conditioned(node: Expr, leaf: Callable[[Delta], Expr], memo: dict[int, Expr], restrictions: Sequence[Expr]) -> Expr:
    """``node`` rebuilt with ``leaf`` on its δs (:func:`~cpoly.dag.rewrite.rebuild`) times the
    ``restrictions``, in one product; ``node`` a product factor by factor, its literals ``δv{S}``
    first, and 0 at the first factor that conditions to 0: most cases of a table's overlaps are
    0 (no natural royal with a deuce), found on a small factor without conditioning the large ones.

    >>> from cpoly.dag.rewrite import delta, mul
    >>> calls = []
    >>> leaf = lambda d: calls.append(d.vertices) or (ZERO if d.values == {0} else d)
    >>> _conditioned(mul(delta((1,), {0}), delta((1, 2)), delta((2, 3))), leaf, {}, []) is ZERO, calls
    (True, [(1,)])
    """
    if not isinstance(node, Product) or node.uid in memo:
        return mul(rebuild(node, leaf, memo), *restrictions)
    ordered = sorted(node.factors, key=lambda f: not (isinstance(f, Delta) and f.values is not None))
    factors = []
    for factor in ordered:
        factors.append(rebuild(factor, leaf, memo))
        if factors[-1] is ZERO:
            return ZERO
    return mul(*factors, *restrictions)


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


# ---- W's block counted apart ------------------------------------------------------------------
def counted_apart(node: Expr, split: ValueSplit, inside: frozenset[int], universe: frozenset[int],
                  sorts: Mapping[int, Sort]) -> tuple[int, Expr, frozenset[int]]:
    """``Σ node`` over ``universe`` as ``block · Σ rest`` over fewer vertices.

    Under the condition, a vertex of W is compared only with W's vertices (an equality across
    is 0), so W's cards often form factors of their own: their faces (in S) and suits, the
    deal's rules on them (distinct cards, a joker's suits) and the literals that tell S's
    values apart.  Each group of factors that no other factor shares a vertex with, and that
    has no vertex of the split's sort outside W, is counted apart by evaluating it over every
    assignment (W's vertices over the values of S only): the number of ways the deck deals W's
    cards, from the deck's own rules, so S behaves as one value in the rest.  Groups too large
    (APART_POINTS) or with symbolic sizes stay in the rest.

    >>> from cpoly.dag.rewrite import delta, mul, one_minus
    >>> both_wild = mul(delta((1,), {0, 13}), delta((2,), {0, 13}), one_minus(mul(delta((1, 2)), delta((3, 4)))))
    >>> sorts = {1: Sort("F", 14), 2: Sort("F", 14), 3: Sort("S", 4), 4: Sort("S", 4)}
    >>> split = ValueSplit("F", frozenset({0, 13}), (1, 2), 14)
    >>> block, rest, left = counted_apart(both_wild, split, frozenset({1, 2}), frozenset(sorts), sorts)
    >>> block, rest is ONE, left  # ordered pairs of the 8 wild cards
    (56, True, frozenset())
    """
    factors = node.factors if isinstance(node, Product) else (node,)
    block, kept, gone = 1, [], set[int]()
    for vertices, group in _independent_groups(factors):
        count = _count_block(group, vertices, split, inside, sorts) if vertices <= universe else None
        if count is None:
            kept.extend(group)
        else:
            block *= count
            gone |= vertices
    return (block, mul(*kept), universe - gone) if gone else (1, node, universe)


def _independent_groups(factors: Sequence[Expr]) -> list[tuple[frozenset[int], list[Expr]]]:
    """The factors grouped by the vertices they share (connected through common vertices),
    each group with its vertices (a constant factor is a group with none).

    >>> from cpoly.dag.rewrite import delta
    >>> [(sorted(vs), len(g)) for vs, g in _independent_groups([delta((1, 2)), delta((3,), {0}), delta((2, 4))])]
    [([1, 2, 4], 2), ([3], 1)]
    """
    parent: dict[int, int] = {}

    def root(v: int) -> int:
        while parent.setdefault(v, v) != v:
            parent[v] = v = parent[parent[v]]
        return v

    spans = [vertices_under(f) for f in factors]
    for vertices in spans:
        ordered = sorted(vertices)
        for a, b in zip(ordered, ordered[1:]):
            parent[root(b)] = root(a)
    groups: dict[int | None, tuple[set[int], list[Expr]]] = {}
    for factor, vertices in zip(factors, spans):
        found = groups.setdefault(root(min(vertices)) if vertices else None, (set(), []))
        found[0].update(vertices)
        found[1].append(factor)
    return [(frozenset(vertices), group) for vertices, group in groups.values()]


def _count_block(group: Sequence[Expr], vertices: frozenset[int], split: ValueSplit, inside: frozenset[int],
                 sorts: Mapping[int, Sort]) -> int | None:
    """``Σ Π group`` over its ``vertices`` (those of W on the values of S), by evaluating every
    assignment; None when it has no vertex, a vertex of the split's sort outside W, a symbolic
    size, too many assignments, or a δ comparing W's vertices with others."""
    if not vertices or any(sorts[v].name == split.sort and v not in inside for v in vertices):
        return None
    sizes = tuple((v, Sort(sorts[v].name, len(split.values) if v in inside else sorts[v].size)) for v in sorted(vertices))
    numbers = [s.size for _, s in sizes if isinstance(s.size, int)]
    if len(numbers) < len(sizes) or prod(numbers) > APART_POINTS:
        return None
    return _dense_block(mul(*group), split.values, inside & vertices, sizes)


@cached("condition.block", 100_000)
def _dense_block(block: Expr, values: frozenset[int], inside: frozenset[int], sizes: tuple[tuple[int, Sort], ...]
                 ) -> int | None:
    """:func:`_count_block` once its sizes are known (memoised: the counts of a table share
    W's blocks): W's δs with ``values`` relabeled ``0 .. |S|-1``."""
    on_w = [n for n in nodes_under(block) if isinstance(n, Delta) and inside.intersection(n.vertices)]
    if any(not inside.issuperset(d.vertices) for d in on_w):
        return None
    uids = {d.uid for d in on_w}
    index = {value: i for i, value in enumerate(sorted(values))}
    relabeled = rebuild(block, lambda d: d if d.uid not in uids or d.values is None
                        else delta(d.vertices, {index[x] for x in d.values if x in index}))
    return count_dense(relabeled, dict(sizes), [v for v, _ in sizes], APART_POINTS)
