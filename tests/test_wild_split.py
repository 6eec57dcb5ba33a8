"""Wild cards through the counting plan (issue 13): equality-pattern counts conditioned on which
cards hold a wild value (cpoly/count/condition.py), checked against independent oracles: checking every
deal of the deck, dense enumeration of every assignment on small decks, and symbolic polynomials
evaluated at several deck sizes."""

from __future__ import annotations

import pytest

from cpoly.api import (
    deal_table,
    deal_table_by_checking,
    dense_count,
    load_game,
    load_game_text,
    not_zero_one_categories,
)
from cpoly.count.condition import ValueSplit, cases, counted_apart, is_symmetric, split_candidates
from cpoly.count.counting import CountingPlan, count_node
from cpoly.count.evaluate import count_dense
from cpoly.dag.rewrite import ONE, delta, mul, one_minus
from cpoly.lang.resolve import Sort
from tests.conftest import ROOT

DEFINITIONS = ROOT / "definitions"
WILD_GAMES = ["deuces_wild.cp", "joker_poker.cp"]


@pytest.mark.parametrize("name", WILD_GAMES)
def test_wild_deal_tables_by_patterns_equal_checking_every_deal(name, monkeypatch):
    """Every wild/joker game of definitions/: the planner's table (split by wild cards) equals
    the checking function over every deal, row by row, exclusions included.  Neither table nor
    its 0/1 lints enumerate the deck (Joker Poker's joker is one value tested on every card: its
    counts are conditioned on which card is the joker)."""
    counted = load_game(DEFINITIONS / name)
    estimate = counted.plan.estimate(counted.categories["Straight"])
    assert estimate.method == "patterns" and estimate.split is not None

    def refuse(*args, **kwargs):
        raise AssertionError("checked every deal")

    monkeypatch.setattr(counted.plan, "dealt_hands", refuse)
    table = deal_table(counted)
    assert not_zero_one_categories(counted) == []
    checked = load_game(DEFINITIONS / name)
    assert table == deal_table_by_checking(checked)
    assert counted.exclusions() == checked.exclusions()


SMALL_DECKS = [("deuces_wild.cp", {"Faces": 6, "Suits": 3}), ("deuces_wild.cp", {"Faces": 9, "Suits": 2})]


@pytest.mark.parametrize(("name", "sizes"), SMALL_DECKS)
def test_small_deck_tables_equal_checking(name, sizes):
    table = deal_table(load_game(DEFINITIONS / name, overrides=sizes))
    assert table == deal_table_by_checking(load_game(DEFINITIONS / name, overrides=sizes))


@pytest.mark.parametrize("category", ["FiveOfAKind", "Straight", "FullHouse", "StraightFlush"])
def test_small_deck_counts_equal_dense_enumeration(category):
    """Faces 5, Suits 2: every one of the 5^5 * 2^5 assignments, against the count."""
    game = load_game(DEFINITIONS / "deuces_wild.cp", overrides={"Faces": 5, "Suits": 2})
    node = game.categories[category]
    if category.startswith("Straight"):
        assert game.plan.estimate(node).split is not None
    assert game.plan.count_ordered(node) == dense_count(game, node)


@pytest.mark.parametrize("sizes", [{"Suits": 2}, {"Suits": 3}])
def test_a_set_of_two_wild_faces_is_counted_as_one_wild_set(sizes, monkeypatch):
    """Deuces and Joker Wild (Wild = {Two, Joker}) on decks of 27 and 40 cards: the straight is
    conditioned on which cards hold a value of the whole set, W's cards counted apart; the
    table by patterns, without checking a deal, equals checking every deal, row by row."""
    counted = load_game(DEFINITIONS / "deuces_and_joker_wild.cp", overrides=sizes)
    estimate = counted.plan.estimate(counted.categories["Straight"])
    assert estimate.method == "patterns" and estimate.split == "by how many Faces vertices take a value in {0,13}"

    def refuse(*args, **kwargs):
        raise AssertionError("checked every deal")

    monkeypatch.setattr(counted.plan, "dealt_hands", refuse)
    table = deal_table(counted)
    checked = load_game(DEFINITIONS / "deuces_and_joker_wild.cp", overrides=sizes)
    assert table == deal_table_by_checking(checked)
    assert counted.exclusions() == checked.exclusions()


TWO_WILD_FACES = """
import "deck.cp"
override Faces = 8
override Suits = 2
game "Two wild faces"
NoWild = prod(i in 1..5) (1 - δF[i]{Two-Three})
Trips = any(i<j<k in 1..5) ((1 - (1 - δF[i],F[j]) (1 - δF[i]{Two-Three}) (1 - δF[j]{Two-Three}))
                            (1 - (1 - δF[i],F[k]) (1 - δF[i]{Two-Three}) (1 - δF[k]{Two-Three}))
                            (1 - (1 - δF[j],F[k]) (1 - δF[j]{Two-Three}) (1 - δF[k]{Two-Three})))
Low = prod(i in 1..5) δF[i]{Two-Six} * (1 - NoWild)
Mid = prod(i in 1..5) δF[i]{Two-Three,Five-Eight} * prod(i<j in 1..5) (1 - δF[i],F[j]{Five-Eight})
categories Low, Mid, Trips
paytable "p": Low 3, Mid 2, Trips 1
"""


@pytest.mark.parametrize("category", ["Low", "Mid", "Trips"])
def test_two_wild_values_split_against_dense(category):
    """A wild set of two values (the wild cards are not fixed, only restricted to the set)."""
    game = load_game_text(TWO_WILD_FACES, directory=ROOT / "cpoly" / "lib")
    node = game.categories[category]
    if category == "Low":  # the others have no value set most of their literals hold
        assert game.plan.estimate(node).split is not None
    assert game.plan.count_ordered(node) == dense_count(game, node)


def test_symbolic_wild_counts_are_polynomials_in_suits():
    """Deuces Wild with Suits symbolic: each polynomial at Suits = 2, 3, 4, 5 equals the numeric
    count of that deck (itself checked against checking every deal above)."""
    symbolic = load_game(DEFINITIONS / "deuces_wild.cp", symbolic=["Suits"])
    names = ["FiveOfAKind", "StraightFlush", "WildRoyalFlush"]
    polynomials = {n: symbolic.plan.count(symbolic.categories[n]) for n in names}
    suits = next(iter(polynomials["FiveOfAKind"].free_symbols))
    for size in (2, 3, 4, 5):
        numeric = load_game(DEFINITIONS / "deuces_wild.cp", overrides={"Suits": size})
        for name in names:
            assert polynomials[name].subs(suits, size) == numeric.plan.count(numeric.categories[name])


def test_symbolic_joker_table_at_four_suits_is_the_numeric_table():
    """Joker Poker's whole table with Suits symbolic (the joker split makes it fit the budget):
    each polynomial at Suits = 4 is the numeric row (itself equal to checking every deal)."""
    symbolic = deal_table(load_game(DEFINITIONS / "joker_poker.cp", symbolic=["Suits"]))
    numeric = deal_table(load_game(DEFINITIONS / "joker_poker.cp"))
    suits = next(iter(symbolic.total.free_symbols))
    assert symbolic.total.subs(suits, 4) == numeric.total
    for poly, row in zip(symbolic.rows, numeric.rows):
        assert (poly.name, poly.ways.subs(suits, 4), poly.paid_ways.subs(suits, 4)) == (row.name, row.ways, row.paid_ways)


def test_symbolic_table_of_two_wild_faces_at_four_and_five_suits_is_the_numeric_table():
    """Deuces and Joker Wild with Suits symbolic (W's blocks then stay in the count: their
    sizes are symbols): each polynomial at Suits = 4 and 5 is the numeric row of that deck."""
    symbolic = deal_table(load_game(DEFINITIONS / "deuces_and_joker_wild.cp", symbolic=["Suits"]))
    suits = next(iter(symbolic.total.free_symbols))
    for size in (4, 5):
        numeric = deal_table(load_game(DEFINITIONS / "deuces_and_joker_wild.cp", overrides={"Suits": size}))
        assert symbolic.total.subs(suits, size) == numeric.total
        assert [(p.name, p.ways.subs(suits, size), p.paid_ways.subs(suits, size)) for p in symbolic.rows] == [
            (row.name, row.ways, row.paid_ways) for row in numeric.rows]


def test_symbolic_table_that_does_not_fit_names_the_table_and_why():
    game = load_game(DEFINITIONS / "joker_poker.cp", symbolic=["Suits"])
    game.plan = CountingPlan(game.plan.space, 1_000_000)  # the whole table needs about 3e8
    with pytest.raises(Exception) as refused:
        deal_table(game)
    message = str(refused.value)
    assert "this deal table is too large to count" in message
    assert "the table's budget of 1,000,000 node evaluations" in message
    assert "checking every deal needs numeric sizes (drop --symbolic)" in message


# ---- the conditioning itself -----------------------------------------------------------------
def _sorts(faces: int, suits: int):
    from cpoly.lang.resolve import Sort
    face, suit = Sort("F", faces), Sort("S", suits)
    return {**{v: face for v in (1, 2, 3)}, **{v: suit for v in (4, 5, 6)}}


def _wild_form(single_out_card_one: bool):
    """Three cards (faces 1-3, suits 4-6), face 0 wild: all match, distinct cards."""
    wild = {v: delta((v,), {0}) for v in (1, 2, 3)}
    match = [one_minus(mul(one_minus(delta((a, b))), one_minus(wild[a]), one_minus(wild[b])))
             for a, b in ((1, 2), (1, 3), (2, 3))]
    distinct = [one_minus(mul(delta((a, b)), delta((a + 3, b + 3)))) for a, b in ((1, 2), (1, 3), (2, 3))]
    extra = [one_minus(mul(wild[1], delta((4,), {1})))] if single_out_card_one else []
    return mul(*distinct, *match, *extra)


@pytest.mark.parametrize("asymmetric", [False, True])
@pytest.mark.parametrize("values", [frozenset({0}), frozenset({0, 2})])
def test_cases_sum_to_the_dense_count(asymmetric, values):
    """Σ over the cases (every subset W, or one per size when symmetric) equals brute force."""
    node = _wild_form(asymmetric)
    sorts = _sorts(5, 3)
    universe = frozenset(sorts)
    positions = [(1, 4), (2, 5), (3, 6)]
    assert is_symmetric(node, positions) is not asymmetric
    split = ValueSplit("F", values, (1, 2, 3), 5)
    parts = list(cases(node, split, universe, not asymmetric, sorts))
    assert len(parts) <= (4 if not asymmetric else 8)
    total = sum(c.weight * count_node(c.node, sorts, c.universe) for c in parts)
    assert total == count_dense(node, sorts, sorted(universe))


def test_candidates_are_the_wild_value_of_the_windows():
    game = load_game(DEFINITIONS / "deuces_wild.cp")
    space = game.plan.space
    names = {v: space.sorts[v].name for v in space.universe}
    sizes = {space.sorts[v].name: space.sorts[v].size for v in space.universe}
    found = split_candidates(mul(space.deal, game.categories["Straight"]), names, space.universe, sizes)
    assert found[0].values == frozenset({0})  # Two: in every straight window
    jacks = load_game(DEFINITIONS / "jacks_or_better.cp")
    space = jacks.plan.space
    assert split_candidates(mul(space.deal, jacks.categories["Straight"]), names, space.universe, sizes) == []


def test_the_wild_set_comes_before_the_values_it_holds():
    """Deuces and Joker Wild: the straight windows hold Two and Joker alike (the joker alone is
    tested by the deal): the set {Two, Joker} is the first candidate, then the joker; no window
    (each crosses another) is a candidate."""
    game = load_game(DEFINITIONS / "deuces_and_joker_wild.cp")
    space = game.plan.space
    names = {v: space.sorts[v].name for v in space.universe}
    sizes = {space.sorts[v].name: space.sorts[v].size for v in space.universe}
    found = split_candidates(mul(space.deal, game.categories["Straight"]), names, space.universe, sizes)
    assert [sorted(s.values) for s in found[:3]] == [[0, 13], [13], [0]]
    assert all(len(s.values) <= 2 for s in found)


def test_a_block_of_wild_cards_counted_apart_equals_brute_force():
    """Two cards (faces 1-2 of six values, suits 3-4 of three), both wild in S = {0, 5}: the
    literals that tell S's values apart (a joker, value 5, only in suit 0; a pair of deuces,
    value 0, never two deuces) stay in W's block, which is counted apart: the dense count."""
    sorts = {1: Sort("F", 6), 2: Sort("F", 6), 3: Sort("S", 3), 4: Sort("S", 3)}
    joker_suit = [one_minus(mul(delta((f,), {5}), delta((s,), {1, 2}))) for f, s in ((1, 3), (2, 4))]
    node = mul(one_minus(mul(delta((1, 2)), delta((3, 4)))), *joker_suit, one_minus(delta((1, 2), {0})),
               delta((1,), {0, 5}), delta((2,), {0, 5}))
    split = ValueSplit("F", frozenset({0, 5}), (1, 2), 6)
    block, rest, left = counted_apart(node, split, frozenset({1, 2}), frozenset(sorts), sorts)
    assert (rest, left) == (ONE, frozenset())
    assert block == count_dense(node, sorts, sorted(sorts)) == 3 * 1 + 1 * 3  # deuce then joker, joker then deuce


def test_a_block_that_shares_a_vertex_with_the_rest_stays_in_the_count():
    """W's suit (3) compared in one factor with a card outside W (face 2 not in S): that group
    stays in the count; W's face alone (in S, two values) is counted apart."""
    sorts = {1: Sort("F", 6), 2: Sort("F", 6), 3: Sort("S", 3), 4: Sort("S", 3)}
    shared = one_minus(mul(delta((3, 4)), delta((2,), {1})))
    node = mul(delta((1,), {0, 5}), delta((2,), {1, 2, 3, 4}), shared)
    split = ValueSplit("F", frozenset({0, 5}), (1, 2), 6)
    assert counted_apart(node, split, frozenset({1}), frozenset(sorts), sorts) == (
        2, mul(delta((2,), {1, 2, 3, 4}), shared), frozenset({2, 3, 4}))
