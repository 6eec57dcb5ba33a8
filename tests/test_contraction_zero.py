"""The contraction's zero test (cpoly/count/contraction._may_hold): products whose factors that
name no value are 0 on every pair of set partitions the distinct cards allow are planned with no
part, and every count, zero or not, equals brute force over every assignment of a small deck."""

from __future__ import annotations

from itertools import combinations

import pytest

from cpoly.count.contraction import contraction_sum, plan_contraction
from cpoly.count.evaluate import count_dense
from cpoly.dag.expr import Expr
from cpoly.dag.rewrite import add, delta, mul, one_minus
from cpoly.lang.resolve import Sort

FACES, SUITS = (1, 2, 3, 4, 5), (6, 7, 8, 9, 10)
SORTS = {**{v: Sort("F", 4) for v in FACES}, **{v: Sort("S", 3) for v in SUITS}}
DEAL = mul(*(one_minus(mul(delta((FACES[i], FACES[j])), delta((SUITS[i], SUITS[j]))))
             for i in range(5) for j in range(i)))


def any_of(*terms: Expr) -> Expr:
    return one_minus(mul(*(one_minus(t) for t in terms)))


QUADS = any_of(*(delta(s) for s in combinations(FACES, 4)))  # each 0 only by counting, not by the rules
TRIPS = any_of(*(delta(s) for s in combinations(FACES, 3)))
TWO_PAIRS = any_of(*(mul(delta((a, b)), delta((c, d)), one_minus(delta((a, c))))
                     for a, b, c, d in ((1, 2, 3, 4), (1, 2, 4, 5), (1, 3, 2, 4), (2, 3, 4, 5), (1, 5, 2, 3))))
FIVE_FACES = mul(*(one_minus(delta((FACES[i], FACES[j]))) for i in range(5) for j in range(i)))
SUITED, LOW = delta(SUITS), delta((1,), {0, 1})
SOME_SUITED = add(*(delta(s) for s in combinations(SUITS, 3)))  # 0 to 10: not 0/1, names no value

CASES = {
    "quads without trips": (mul(QUADS, one_minus(TRIPS)), True),
    "quads among five faces": (mul(QUADS, FIVE_FACES, LOW), True),
    "two pairs and trips among five faces": (mul(TRIPS, TWO_PAIRS, FIVE_FACES), True),
    "quads and a flush": (mul(QUADS, SUITED, LOW), False),  # 0 by the deal's distinct cards: not decided here
    "trips, a low card, three suited": (mul(TRIPS, LOW, SOME_SUITED, one_minus(SUITED)), False),
    "two pairs and three suited": (mul(TWO_PAIRS, SOME_SUITED, delta((6, 7))), False),
}


@pytest.mark.parametrize("name", CASES)
def test_count_equals_brute_force_and_zero_products_have_no_part(name: str) -> None:
    node, zero = CASES[name]
    target = mul(DEAL, node)
    plan = plan_contraction(target, SORTS, frozenset(SORTS))
    assert plan is not None
    expected = count_dense(target, SORTS, sorted(SORTS))
    assert contraction_sum(plan) == expected
    assert (plan.parts == ()) == zero and (expected == 0 or not zero)
