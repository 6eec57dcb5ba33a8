"""Per-subset category tables against direct counting."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from cpoly.deck.subsets import all_hands
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.prepare.tables import build_tables

from .vp_oracle import poker_categories


@pytest.fixture(scope="module")
def game() -> tuple[np.ndarray, np.ndarray]:
    return all_hands(24, 5), poker_categories(6, 4)


def test_containing_matches_direct_count(game: tuple[np.ndarray, np.ndarray]) -> None:
    hands, categories = game
    tables = build_tables(categories, 24, 10)
    rng = np.random.default_rng(5)
    membership = np.zeros((len(hands), 24), dtype=bool)
    membership[np.arange(len(hands))[:, None], hands] = True
    for size in range(6):
        for _ in range(5):
            cards = rng.choice(24, size, replace=False).tolist()
            holding = membership[:, cards].all(axis=1)
            expected = np.bincount(categories[holding], minlength=10)
            assert np.array_equal(tables.containing(cards), expected), cards


def test_table_totals(game: tuple[np.ndarray, np.ndarray]) -> None:
    _, categories = game
    tables = build_tables(categories, 24, 10)
    per_category = np.bincount(categories, minlength=10)
    for j, table in enumerate(tables.counts):
        assert table.shape == (comb(24, j), 10) and table.dtype == np.int64
        assert np.array_equal(table.sum(axis=0), comb(5, j) * per_category)


def test_bad_inputs(game: tuple[np.ndarray, np.ndarray]) -> None:
    _, categories = game
    with pytest.raises(CpolyInputError, match="shape"):
        build_tables(categories[:-1], 24, 10)
    with pytest.raises(CpolyInputError, match="category 9"):
        build_tables(categories, 24, 9)
    with pytest.raises(CpolyInputError, match="float"):
        build_tables(categories.astype(float), 24, 10)
    tables = build_tables(categories, 24, 10)
    with pytest.raises(CpolyInputError, match="24-card"):
        tables.containing([1, 1])
