"""Spin Poker's pair moments against brute force on the 18-card deck: every shared draw ``A``
and every pair of disjoint private draws of two lines enumerated, the final hands classified by
the oracle's own categories; the column weights against an enumeration of the window."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from cpoly.deck.subsets import colex_rank
from cpoly.errors import CpolyError
from cpoly.games.videopoker.feature.spin import PATHS, pair_moments, shared_columns
from cpoly.lang.features import SpinPoker, feature_of
from cpoly.lang.syntax import read_module
from tests.videopoker.vp_oracle import poker_categories

PAYS = (250, 50, 25, 9, 6, 4, 3, 2, 1, 0)
CATEGORIES = poker_categories(6, 3, high_pair_from=2)


def _category(hands: np.ndarray) -> np.ndarray:
    found: np.ndarray = CATEGORIES[colex_rank(hands)]
    return found


def _brute(held: list[int], rest: list[int], shared: int) -> Fraction:
    d = 5 - len(held)
    total, count = 0, 0
    for common in combinations(rest, shared):
        left = [c for c in rest if c not in common]
        for first in combinations(left, d - shared):
            others = [c for c in left if c not in first]
            one = PAYS[int(_category(np.array([sorted(held + list(common) + list(first))]))[0])]
            for second in combinations(others, d - shared):
                two = PAYS[int(_category(np.array([sorted(held + list(common) + list(second))]))[0])]
                total, count = total + one * two, count + 1
    return Fraction(total, count)


@pytest.mark.parametrize(("deal", "hold"), [([0, 4, 8, 12, 16], 0b00111), ([1, 2, 9, 13, 17], 0b00011),
                                            ([3, 7, 10, 14, 15], 0b00001), ([0, 5, 6, 11, 17], 0)])
def test_pair_moments_are_the_brute_force_means_of_two_lines(deal: list[int], hold: int) -> None:
    held = [deal[i] for i in range(5) if hold >> i & 1]
    rest = [c for c in range(18) if c not in deal]
    found = pair_moments(held, rest, _category, PAYS)
    d = 5 - len(held)
    shares = range(d + 1) if d <= 3 else [d - 1, d]  # the draw of five: the cheap cases
    for shared in shares:
        assert found[shared] == _brute(held, rest, shared), shared
    if d == 5:  # no shared card: two disjoint five-card draws, by counting pairs of hands directly
        hands = [sorted(h) for h in combinations(rest, 5)]
        pays = [PAYS[int(c)] for c in _category(np.array(hands))]
        pairs = [(a, b) for a, b in combinations(range(len(hands)), 2) if not set(hands[a]) & set(hands[b])]
        assert found[0] == Fraction(sum(2 * pays[a] * pays[b] for a, b in pairs), 2 * len(pairs))


def test_the_column_weights_count_every_ordered_pair_of_lines_once() -> None:
    for discards in range(6):
        weights = shared_columns(9, discards)
        assert sum(weights) == 9 * 8
    assert shared_columns(3, 5) == [6, 0, 0, 0, 0, 0]  # three rows never share a position
    assert shared_columns(9, 0) == [72]
    middle_and_v = sum(a == b for a, b in zip(PATHS[0], PATHS[3]))
    assert middle_and_v == 2


def test_spin_is_a_feature_of_up_to_nine_lines() -> None:
    statement = read_module('feature spin "Spin Poker": lines 9', "s.cp").statements[0]
    feature = feature_of(statement, ["Flush"])
    assert isinstance(feature, SpinPoker) and feature.lines == 9
    with pytest.raises(CpolyError, match="at most 9 lines"):
        feature_of(read_module("feature spin: lines 10", "s.cp").statements[0], ["Flush"])
