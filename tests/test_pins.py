"""Vertices pinned before counting (issue 33: the joker's suit fixed once its face is):
``δv{x}`` and ``1 - δv{T}`` leaving v one value of its domain substitute v and drop it from the
count.  Oracle: the dense count over every assignment; and Joker Poker's table, whose wild
cases pin the joker's suit, against checking every deal of a small deck."""

from __future__ import annotations

import random

import pytest

from cpoly.api import deal_table, deal_table_by_checking, load_game
from cpoly.count.counting import count_node
from cpoly.count.evaluate import count_dense
from cpoly.count.pinned import pin, pinned_values
from cpoly.dag.rewrite import delta, mul, one_minus
from cpoly.lang.resolve import Sort
from tests.conftest import ROOT

SORTS = {1: Sort("S", 3), 2: Sort("S", 3), 3: Sort("S", 3), 4: Sort("F", 4)}


def _random_product(rng: random.Random):
    factors = []
    for v in SORTS:
        size = int(SORTS[v].size)
        kept_out = rng.sample(range(size), rng.choice([0, size - 1, size - 1, size, 1]))
        if kept_out:
            factors.append(one_minus(delta((v,), kept_out)))
    suits = [1, 2, 3]
    for a, b in ((1, 2), (1, 3), (2, 3)):
        if rng.random() < 0.5:
            factors.append(one_minus(delta((a, b))) if rng.random() < 0.7 else delta((a, b)))
    if rng.random() < 0.5:
        factors.append(delta((rng.choice(suits),), rng.sample(range(3), 2)))
    return mul(*factors)


@pytest.mark.parametrize("seed", range(3))
def test_pinned_counts_equal_dense_counts(seed):
    rng = random.Random(seed)
    pinned_by_a_not = 0
    for _ in range(40):
        node = _random_product(rng)
        universe = frozenset(SORTS)
        pins = pinned_values(node, universe, SORTS)
        if pins:
            pinned_by_a_not += 1
            _, left = pin(node, universe, SORTS)
            assert left <= universe - set(pins)
        assert count_node(node, SORTS, universe) == count_dense(node, SORTS, sorted(universe))
    assert pinned_by_a_not > 0


def test_a_not_over_a_symbolic_domain_pins_nothing():
    sorts = {1: Sort("S", "Suits")}
    assert pinned_values(one_minus(delta((1,), {1, 2, 3})), frozenset({1}), sorts) == {}


def test_joker_table_with_the_suit_pinned_equals_checking_every_deal():
    """Joker Poker on 3 suits (39 cards and the joker): each wild case pins the joker's suit."""
    sizes = {"Suits": 3}
    path = ROOT / "definitions" / "joker_poker.cp"
    assert deal_table(load_game(path, overrides=sizes)) == deal_table_by_checking(load_game(path, overrides=sizes))
