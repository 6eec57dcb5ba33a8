"""The quick zero test of :func:`cpoly.dag.rewrite._exclusive`'s pairs (issue 33: Deuces Wild's
cold plan): ``_decided_zero(a, b)`` says a product is 0 from the value sets its ``δv{S}`` factors
leave each vertex, without building it.  Oracles: the dense count of the product over every
assignment (0 wherever the test says 0), and :func:`~cpoly.dag.rewrite.narrow`, which decides
the same δs and must agree where the test says 0; the straight windows of a wild-card game."""

from __future__ import annotations

import itertools
import random

import pytest

from cpoly.count.evaluate import count_dense
from cpoly.dag.expr import Expr
from cpoly.dag.rewrite import ZERO, _decided_zero, _exclusive, delta, mul, narrow, one_minus
from cpoly.lang.resolve import Sort

SORTS = {v: Sort("F", 6) for v in range(1, 4)}


def _random_factor(rng: random.Random) -> Expr:
    """A value set, an equality, a NOT of a product of value sets, or an OR of value sets."""
    v, w = rng.sample(sorted(SORTS), 2)
    values = rng.sample(range(6), rng.randint(1, 4))
    kind = rng.randrange(4)
    if kind == 0:
        return delta((v,), values)
    if kind == 1:
        return delta((v, w), None if rng.random() < 0.5 else values)
    if kind == 2:
        return one_minus(mul(delta((v,), values), delta((w,), rng.sample(range(6), 2))))
    return one_minus(mul(one_minus(delta((v,), values)), one_minus(delta((w,), values))))


def _random_term(rng: random.Random) -> Expr:
    return mul(*(_random_factor(rng) for _ in range(rng.randint(1, 4))))


@pytest.mark.parametrize("seed", range(3))
def test_a_pair_the_test_calls_zero_counts_zero(seed):
    rng = random.Random(seed)
    zeros = 0
    for _ in range(150):
        a, b = _random_term(rng), _random_term(rng)
        if _decided_zero(a, b):
            zeros += 1
            assert count_dense(mul(a, b), SORTS, sorted(SORTS), 10**6) == 0
            assert narrow(mul(a, b)) is ZERO
    assert zeros > 10  # the test says 0 on some pairs


def test_the_straight_windows_of_a_wild_card_game_are_exclusive_and_so_proved():
    """Every card wild (value 0) or in the window m..m+4, and some card is m: two windows never
    both hold (by brute force over the hands), and each pair is shown 0 by the quick test alone;
    windows without the 'some card is m' overlap, and neither test calls them exclusive."""
    vertices = (1, 2, 3)
    window = lambda m: mul(*(delta((v,), {0, *range(m, m + 5)}) for v in vertices))  # noqa: E731
    some = lambda m: one_minus(mul(*(one_minus(delta((v,), {m})) for v in vertices)))  # noqa: E731
    straights = [mul(window(m), some(m)) for m in range(1, 6)]
    hits = [sum(all(x == 0 or m <= x < m + 5 for x in hand) and m in hand for m in range(1, 6))
            for hand in itertools.product(range(10), repeat=3)]
    assert max(hits) == 1  # the oracle: exclusive
    assert all(_decided_zero(a, b) for i, a in enumerate(straights) for b in straights[i + 1:])
    assert _exclusive(tuple(straights))
    assert not _decided_zero(window(1), window(2)) and not _exclusive((window(1), window(2)))
