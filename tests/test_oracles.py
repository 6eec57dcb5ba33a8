"""The pattern engine against independent oracles: brute force over every assignment on
small decks, symbolic counts evaluated at several sizes, and networkx chromatic polynomials."""

from __future__ import annotations

import random

import networkx as nx
import pytest
import sympy

from cpoly.api import count_deals, count_node, dense_count, load_game
from cpoly.dag.rewrite import delta, mul, one_minus
from cpoly.lang.resolve import Sort
from tests.conftest import FIXTURES

SMALL = FIXTURES / "small_poker.cp"


@pytest.mark.parametrize("suits", [2, 3, 4])
def test_every_category_and_paid_form_matches_brute_force(suits):
    game = load_game(SMALL, overrides={"Suits": suits})
    for name in game.category_names:
        for node in (game.categories[name], game.paid_form(name)):
            ordered = count_node(mul(game.deal, node), game.sorts, game.universe)
            assert ordered == dense_count(game, node), (suits, name)


def test_symbolic_counts_are_polynomials_that_match_brute_force_at_each_size():
    symbolic = load_game(SMALL, symbolic=["Suits"])
    s = symbolic.program.symbols["Suits"]
    for name in symbolic.category_names:
        polynomial = count_deals(symbolic, symbolic.categories[name])
        assert isinstance(polynomial, sympy.Basic) and polynomial.free_symbols <= {s}
        for suits in (1, 2, 3, 4):
            game = load_game(SMALL, overrides={"Suits": suits})
            expected = dense_count(game, game.categories[name]) // 120
            assert polynomial.subs(s, suits) == expected, (name, suits)


def test_symbolic_straight_is_the_seeds_polynomial():
    from cpoly.api import deal_table
    from tests.conftest import DEFINITIONS

    game = load_game(DEFINITIONS / "jacks_or_better.cp", symbolic=["Suits"])
    s = game.program.symbols["Suits"]
    rows = {r.name: r for r in deal_table(game).rows}
    assert sympy.expand(rows["Straight"].paid_ways - 10 * (s**5 - s)) == 0
    assert sympy.expand(rows["Flush"].ways - 1287 * s) == 0


def _random_graph(rng: random.Random, n: int) -> nx.Graph:
    graph = nx.gnp_random_graph(n, rng.uniform(0.2, 0.8), seed=rng.randrange(10**6))
    graph.add_nodes_from(range(n))
    return graph


def _in_variable(polynomial: sympy.Expr, value: sympy.Expr) -> sympy.Expr:
    """networkx's polynomial with its variable replaced by ``value``."""
    return polynomial.subs({symbol: value for symbol in polynomial.free_symbols})


@pytest.mark.parametrize("seed", range(8))
def test_all_different_products_are_chromatic_polynomials(seed):
    rng = random.Random(seed)
    graph = _random_graph(rng, rng.randint(2, 7))
    x = sympy.Symbol("x", positive=True, integer=True)
    sorts = {v: Sort("Colors", x) for v in graph.nodes}
    node = mul(*(one_minus(delta((u, v))) for u, v in graph.edges))
    ours = count_node(node, sorts, graph.nodes)
    assert sympy.expand(ours - _in_variable(nx.chromatic_polynomial(graph), x)) == 0


@pytest.mark.parametrize("colors", [3, 4])
def test_numeric_chromatic_counts_match_networkx(colors):
    rng = random.Random(colors)
    for _ in range(5):
        graph = _random_graph(rng, 6)
        sorts = {v: Sort("Colors", colors) for v in graph.nodes}
        node = mul(*(one_minus(delta((u, v))) for u, v in graph.edges))
        expected = _in_variable(nx.chromatic_polynomial(graph), sympy.Integer(colors))
        assert count_node(node, sorts, graph.nodes) == expected
