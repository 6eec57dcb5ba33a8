"""The pigeonhole rule of :func:`cpoly.dag.rewrite.narrow` (issue 33: planning made cheaper):
``Π δv{S_v} · Π (1 - δu,w)`` is 0 when a clique of pairwise-different vertices has fewer values
than members.  Oracles: the rule's definition, every subset of vertices tried; and, where the
rule says 0, the dense count of the product over every assignment."""

from __future__ import annotations

import random

import pytest

from cpoly.count.evaluate import count_dense
from cpoly.dag.expr import Product
from cpoly.dag.rewrite import _pigeonhole, _too_few_values, delta, mul, one_minus
from cpoly.lang.resolve import Sort


def _by_every_subset(sets: list[frozenset[int]], adjacent: list[int]) -> bool:
    """The definition: some subset of 3 or more pairwise-adjacent vertices with fewer values."""
    n = len(sets)
    for subset in range(1, 1 << n):
        members = [i for i in range(n) if subset >> i & 1]
        if len(members) >= 3 and all(adjacent[i] & subset == subset for i in members) \
                and len(frozenset().union(*(sets[i] for i in members))) < len(members):
            return True
    return False


def _random_case(rng: random.Random) -> tuple[list[frozenset[int]], list[int]]:
    n = rng.randint(3, 8)
    pool = [frozenset(rng.sample(range(6), rng.randint(0, 4))) for _ in range(rng.randint(1, 4))]
    sets = [rng.choice(pool) for _ in range(n)]
    adjacent = [1 << i for i in range(n)]
    density = rng.random()
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                adjacent[a] |= 1 << b
                adjacent[b] |= 1 << a
    return sets, adjacent


@pytest.mark.parametrize("seed", range(4))
def test_unions_of_distinct_sets_find_what_every_subset_finds(seed):
    rng = random.Random(seed)
    cases = [_random_case(rng) for _ in range(1500)]
    found = [_pigeonhole(sets, adjacent) for sets, adjacent in cases]
    assert found == [_by_every_subset(sets, adjacent) for sets, adjacent in cases]
    assert 0 < sum(found) < len(found)  # both answers are exercised


@pytest.mark.parametrize("seed", range(3))
def test_a_product_the_rule_calls_zero_counts_zero(seed):
    """Products of value sets and pairwise differences over 4 vertices of 5 values: where the
    rule says 0, every assignment gives 0 (and the rule says 0 on some of them)."""
    rng = random.Random(seed)
    sorts = {v: Sort("F", 5) for v in range(1, 5)}
    zeros = 0
    for _ in range(60):
        sets = [delta((v,), rng.sample(range(5), rng.randint(1, 3))) for v in sorts]
        apart = [one_minus(delta((a, b))) for a in sorts for b in sorts if a < b and rng.random() < 0.8]
        node = mul(*sets, *apart)
        if isinstance(node, Product) and _too_few_values(node):
            zeros += 1
            assert count_dense(node, sorts, sorted(sorts)) == 0
    assert zeros > 0
