"""Counts a deal table reuses: a paid count derived from the exclusion overlaps
(``Σ f·(1 - h) = Σ f - Σ f·h``) equals the paid form counted on its own, and both equal the
paid column read off checking every deal (an independent method)."""

from __future__ import annotations

import pytest

from cpoly.api import deal_table_by_checking, load_game
from tests.conftest import DEFINITIONS


@pytest.mark.parametrize("name", ["deuces_wild.cp", "jacks_or_better.cp"])
def test_paid_counts_from_overlaps_equal_the_paid_forms_and_checking(name):
    game = load_game(str(DEFINITIONS / name))
    factor = game.plan.space.order_factor
    derived = {c: game.paid_count_ordered(c) for c in game.category_names}
    assert game._overlaps, "the exclusions were derived by counting"
    checked = {row.name: row.paid_ways for row in deal_table_by_checking(load_game(str(DEFINITIONS / name))).rows}
    for category in game.category_names:
        direct = game.plan.count_ordered(game.paid_form(category), f"Pay{category}")
        assert derived[category] == direct
        assert derived[category] == checked[category] * factor
    assert any(game.exclusions()[c] for c in game.category_names)


def test_a_repeated_count_is_remembered():
    game = load_game(str(DEFINITIONS / "deuces_wild.cp"))
    node = game.categories[game.category_names[3]]
    first = game.plan.count_ordered(node)
    spent = game.plan.budget.points
    assert game.plan.count_ordered(node) == first and game.plan.budget.points == spent
