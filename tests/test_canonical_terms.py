"""Counting by value symmetry (cpoly/count/canonical.py) and exclusive sums (rewrite.is_boolean), the
two shortcuts of the wild-card deal tables (issue 13), against independent oracles: brute force
over every assignment of a small deck, and checking every deal."""

from __future__ import annotations

import pytest

from cpoly.api import dense_count, load_game, load_game_text
from cpoly.count.canonical import CanonicalTerms
from cpoly.count.counting import count_node
from cpoly.count.evaluate import count_dense
from cpoly.count.patterncount import CANONICAL, PatternPlan, priced_terms, run_patterns
from cpoly.count.plan import plan_term
from cpoly.dag.rewrite import add, const, delta, is_boolean, mul, neg, one_minus
from cpoly.lang.resolve import Sort
from tests.conftest import DEFINITIONS

FACES, SUITS = Sort("F", 7), Sort("S", 2)
SORTS = {**{v: FACES for v in (1, 2, 3)}, **{v: SUITS for v in (4, 5, 6)}}
UNIVERSE = frozenset(SORTS)
DISTINCT = mul(*(one_minus(mul(delta((a, b)), delta((a + 3, b + 3)))) for a, b in ((1, 2), (1, 3), (2, 3))))


def window(low: int, width: int = 3) -> object:
    """Three distinct cards whose faces lie in ``low .. low+width-1`` and one of which is ``low``."""
    inside = mul(*(delta((v,), range(low, low + width)) for v in (1, 2, 3)))
    some_low = one_minus(mul(*(one_minus(delta((v,), {low})) for v in (1, 2, 3))))
    return mul(DISTINCT, inside, some_low)


def key(node: object, keys: CanonicalTerms) -> int:
    return keys.key(plan_term(1, node, SORTS, UNIVERSE))  # type: ignore[arg-type]


def test_windows_moved_along_share_a_key_and_clipped_ones_do_not():
    keys = CanonicalTerms()
    assert key(window(0), keys) == key(window(2), keys) == key(window(4), keys)
    assert key(window(5), keys) != key(window(0), keys)  # {5, 6, 7}: 7 is outside the domain
    assert key(mul(window(0), delta((1, 2))), keys) != key(window(0), keys)
    suited = mul(window(0), delta((4, 5, 6)))
    assert key(suited, keys) != key(window(0), keys) and key(suited, keys) == key(mul(window(3), delta((4, 5, 6))), keys)


@pytest.mark.parametrize("coefficients", [(1, 1, 1, 1, 1, 1), (2, -1, 3, 1, 0, 5)])
def test_a_sum_of_windows_counts_as_brute_force(coefficients):
    """Windows 0..5 (the last two clipped by the domain edge), weighted: the merged count equals
    every one of the 7^3 * 2^3 assignments tried."""
    node = add(*(mul(const(c), window(low)) for c, low in zip(coefficients, range(6))))
    cost = priced_terms(node, SORTS, UNIVERSE)
    assert len(cost.terms) < 6 and len(set(cost.keys)) == len(cost.keys)  # merged: fewer terms
    assert count_node(node, SORTS, UNIVERSE) == count_dense(node, SORTS, sorted(UNIVERSE))


def test_a_key_kept_across_a_full_table_never_finds_another_terms_count(monkeypatch):
    """When the table is emptied, keys handed out before stay unused: a plan holding one counts
    its term again instead of reading the count of a term keyed later."""
    import cpoly.count.canonical as canonical

    monkeypatch.setattr(canonical, "KEYS_KEPT", 5)
    keys = CanonicalTerms()
    old = key(window(0), keys)
    keys.counts[old] = 111
    later = [key(mul(window(0), delta((1, 2)), delta((4, 5))), keys), key(mul(window(1), delta((4, 6))), keys)]
    assert old not in keys.counts and old not in later


def test_a_remembered_term_count_is_the_count_of_its_relabeling():
    """The per-key counts outlive a count: counting a window again (moved) term by term reads
    the count found for the first, which is the brute-force count of the moved one."""
    run_patterns(PatternPlan(((1, UNIVERSE, priced_terms(window(1), SORTS, UNIVERSE)),)))
    cost = priced_terms(window(3), SORTS, UNIVERSE)
    assert all(k in CANONICAL.counts for k in cost.keys)
    assert run_patterns(PatternPlan(((1, UNIVERSE, cost),))) == count_dense(window(3), SORTS, sorted(UNIVERSE))


def test_exclusive_windows_are_zero_one_and_overlapping_ones_are_not():
    """Windows with their lowest face named are exclusive, so their sum is 0/1 by construction;
    windows without it overlap (some hands lie in two), and a sum of them is not."""
    exclusive = add(*(window(low) for low in range(4)))
    overlapping = add(*(mul(*(delta((v,), range(low, low + 3)) for v in (1, 2, 3))) for low in range(4)))
    assert is_boolean(exclusive) and not is_boolean(overlapping)
    for node in (exclusive, overlapping):  # brute force: Σ node (node - 1) is 0 exactly when 0/1
        square = count_dense(mul(node, add(node, const(-1))), SORTS, sorted(UNIVERSE))
        assert (square == 0) == (node is exclusive)


def test_wild_straights_are_zero_one_by_construction():
    """Deuces Wild's Straight and StraightFlush need no 0/1 lint count (the lint's own oracle, a
    brute-force count of c(c-1) on a small deck, is 0)."""
    game = load_game(DEFINITIONS / "deuces_wild.cp", overrides={"Faces": 6, "Suits": 2})
    for name in ("Straight", "StraightFlush"):
        node = game.categories[name]
        assert is_boolean(node)
        assert dense_count(game, mul(node, add(node, const(-1)))) == 0


def test_a_symmetric_any_category_needs_no_order_count():
    """``c - c∘τ`` collects to 0 for a category written for every position (any(...) is
    ``1 - Π(1 - x)``), and the load-time order check still refuses a positional one."""
    text = 'import "poker.cp"\ngame "x"\ncategories ThreeOfAKind, TwoPair\n'
    game = load_game_text(text, directory=str(DEFINITIONS / "lib"))
    node = game.categories["ThreeOfAKind"]
    assert add(node, neg(node)) is const(0)
    with pytest.raises(Exception, match="depends on the order"):
        load_game_text('import "poker.cp"\ngame "x"\nFirstTwo = δF[1],F[2]\ncategories FirstTwo\n',
                       directory=str(DEFINITIONS / "lib"))


EMPTY_FACTOR = """Faces = 5
Suits = 2
F = σ1-σ3
S = σ4-σ6
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..3) (1 - δF[i],F[j] δS[i],S[j])
// identically 0: two cards with faces in {0,1} whose common face is 2
Never = sum(i<j in 1..3) (δF[i]{0,1} δF[j]{0,1} δF[i],F[j]{2})
Flush = δS[1],S[2],S[3]
Bug = Never * Flush
cards F S
deal Hand
categories Bug, Flush
"""


def test_a_factor_whose_every_term_narrows_to_zero_makes_the_product_zero():
    """Found by review: a sum whose terms all narrow to 0 split into no pieces, and the product
    was counted as if that factor were 1 (Bug = every flush).  Oracle: checking every deal."""
    from cpoly.api import deal_table, deal_table_by_checking

    game = load_game_text(EMPTY_FACTOR, "empty.cp")
    planned, checked = deal_table(game), deal_table_by_checking(game)
    assert [(r.name, r.ways, r.paid_ways) for r in planned.rows] == \
        [(r.name, r.ways, r.paid_ways) for r in checked.rows]
    assert planned.rows[0].ways == 0 and planned.rows[1].paid_ways == 20
