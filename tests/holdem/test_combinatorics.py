"""suitings() and the multiset tables against brute-force enumeration of actual cards."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest

from cpoly.deck.ranks import rank_multisets, rank_sets, suitings


def _brute_force_counts(deck: list[int], size: int) -> Counter[tuple[int, ...]]:
    counter: Counter[tuple[int, ...]] = Counter()
    for cards in combinations(deck, size):
        counts = np.bincount([c // 4 for c in cards], minlength=13)
        counter[tuple(int(x) for x in counts)] += 1
    return counter


@pytest.mark.parametrize("seed", range(6))
def test_suitings_match_enumeration(seed: int) -> None:
    rng = np.random.default_rng(seed)
    size = int(rng.integers(1, 4))
    removed = set(rng.choice(52, size=int(rng.integers(30, 40)), replace=False).tolist())
    deck = [c for c in range(52) if c not in removed]
    available = np.bincount([c // 4 for c in deck], minlength=13)
    expected = _brute_force_counts(deck, size)
    multisets = rank_multisets(size)
    ways = suitings(multisets, available)
    got = {tuple(int(x) for x in row): int(w) for row, w in zip(multisets, ways) if w}
    assert got == dict(expected)
    assert int(ways.sum()) == comb(len(deck), size)


def test_seed_example() -> None:
    # Board 34469 with hands A3 K2 96 (seed 000): 3*6*3*3 = 162 suitings.
    board = np.bincount([1, 2, 2, 4, 7], minlength=13)
    available = 4 - np.bincount([12, 1, 11, 0, 7, 4], minlength=13)
    assert suitings(board[None, :], available).tolist() == [162]


@pytest.mark.parametrize("size", range(6))
def test_multiset_table_sizes(size: int) -> None:
    # Multisets of `size` from 13 ranks, minus those with five of a rank.
    expected = comb(13 + size - 1, size) - (13 if size == 5 else 0)
    assert len(rank_multisets(size)) == expected
    assert (rank_multisets(size).sum(axis=1) == size).all()


@pytest.mark.parametrize("size", range(6))
def test_rank_sets(size: int) -> None:
    assert len(rank_sets(size)) == comb(13, size)


def test_full_deck_total() -> None:
    ways = suitings(rank_multisets(5), np.full(13, 4))
    assert int(ways.sum()) == comb(52, 5)
