"""The memos of the wild-card split (cpoly/count/condition.py) against the paths without them.

* ``split_candidates`` reads the literals under a node from a walk memoised across nodes
  (``condition.literals``) and its answer from a memo keyed by those literals
  (``condition.candidates``): on every count of random small wild games, the candidates found
  with the memos warm (filled by the table's other counts, which share the DAG) are the ones
  found with every memo emptied first, and the table equals checking every deal.
* ``cases`` is lazy: its first case (or none) decides "every case is 0" as the whole list does.
"""

from __future__ import annotations

import random

import pytest

from cpoly.api import deal_table, deal_table_by_checking, load_game
from cpoly.count.condition import ValueSplit, cases, split_candidates
from cpoly.count.evaluate import count_dense
from cpoly.dag import memo
from cpoly.dag.expr import Expr
from cpoly.dag.rewrite import add, delta, mul, one_minus
from cpoly.lang.resolve import Sort
from tests.conftest import ROOT

DEFINITIONS = ROOT / "definitions"


def _random_wild_games(seed: int, n: int) -> list[tuple[str, dict[str, int]]]:
    """``n`` wild games of the definitions on random small decks (checking every deal is quick)."""
    rng = random.Random(seed)
    names = ["deuces_wild.cp", "deuces_and_joker_wild.cp", "joker_poker.cp"]
    return [(rng.choice(names), {"Faces": rng.randint(6, 9), "Suits": rng.randint(2, 3)}) for _ in range(n)]


@pytest.mark.parametrize(("name", "sizes"), _random_wild_games(33, 4))
def test_memoised_candidates_and_tables_equal_the_unmemoised_path_and_checking(name, sizes):
    game = load_game(DEFINITIONS / name, overrides=sizes, use_cache=False)
    table = deal_table(game)  # every count planned: the memos hold the whole table's DAG
    assert table == deal_table_by_checking(load_game(DEFINITIONS / name, overrides=sizes, use_cache=False))
    space = game.plan.space
    names = {v: space.sorts[v].name for v in space.universe}
    sizes_of = {s.name: s.size for s in space.sorts.values()}
    categories = [game.categories[c] for c in game.category_names]
    targets = [mul(space.deal, c) for c in categories] + [mul(space.deal, a, b) for a in categories for b in categories]
    warm = [split_candidates(t, names, space.universe, sizes_of) for t in targets]
    assert any(warm)  # the wild value (or set) is found
    for target, found in zip(targets, warm):
        memo.clear()
        assert split_candidates(target, names, space.universe, sizes_of) == found


SORTS = {1: Sort("F", 5), 2: Sort("F", 5), 3: Sort("F", 5), 4: Sort("S", 2), 5: Sort("S", 2), 6: Sort("S", 2)}


def _random_node(rng: random.Random) -> Expr:
    """A product of random literals, equalities and NOTs over three cards (faces 0-4, suits 0-1)."""
    def literal() -> Expr:
        face = rng.randint(1, 3)
        return delta((face,), rng.sample(range(5), rng.randint(1, 3)))

    def equality() -> Expr:
        return delta(rng.sample((1, 2, 3), 2)) if rng.random() < 0.7 else delta(rng.sample((4, 5, 6), 2))
    factors = [rng.choice([literal, equality])() for _ in range(rng.randint(1, 4))]
    factors += [one_minus(mul(*(rng.choice([literal, equality])() for _ in range(2)))) for _ in range(rng.randint(0, 2))]
    distinct = [one_minus(mul(delta((f, g)), delta((f + 3, g + 3)))) for f, g in ((1, 2), (1, 3), (2, 3))]
    return mul(*factors, *distinct) if rng.random() < 0.8 else add(mul(*factors), *distinct)


@pytest.mark.parametrize("seed", range(4))
def test_the_first_lazy_case_decides_every_case_zero_and_the_cases_sum_to_brute_force(seed):
    rng = random.Random(seed)
    universe = frozenset(SORTS)
    zero = 0
    for _ in range(30):
        node = _random_node(rng)
        values = frozenset(rng.sample(range(5), rng.randint(1, 2)))
        split = ValueSplit("F", values, (1, 2, 3), 5, wild=len(values) == 1)
        every = list(cases(node, split, universe, False, SORTS))
        assert (next(cases(node, split, universe, False, SORTS), None) is None) == (every == [])
        zero += every == []
        total = sum(c.weight * count_dense(c.node, SORTS, sorted(c.universe)) for c in every)
        assert total == count_dense(node, SORTS, sorted(universe))
    assert zero > 0  # some nodes are 0 in every case
