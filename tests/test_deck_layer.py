"""The core deck layer (:mod:`cpoly.deck`) on decks other than 52 cards, against brute force."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations
from math import factorial

import numpy as np
import pytest

from cpoly.deck.codes import CardCodes
from cpoly.deck.ranks import feasible_multisets, rank_multisets, rank_sets
from cpoly.deck.symmetry import deal_classes, holding_classes


@pytest.mark.parametrize(("ranks", "suits"), [(3, 2), (4, 3), (2, 5)])
def test_codes_symmetries_are_every_suit_renaming(ranks: int, suits: int) -> None:
    codes = CardCodes(ranks, suits)
    expected = sorted(tuple(codes.card(codes.rank(c), p[codes.suit(c)]) for c in range(codes.size))
                      for p in permutations(range(suits)))
    found = codes.symmetries()
    assert sorted(map(tuple, found.tolist())) == expected
    assert found[0].tolist() == list(range(codes.size)) and len(found) == factorial(suits)


def _orbit_key(codes: CardCodes, holding: tuple[tuple[int, ...], ...], board: tuple[int, ...]) -> object:
    return min((tuple(sorted(p[c] for c in board)), *(tuple(sorted(p[c] for c in combo)) for combo in holding))
               for p in permutations(range(codes.suits))
               for p in [[codes.card(codes.rank(c), p[codes.suit(c)]) for c in range(codes.size)]])


@pytest.mark.parametrize(("ranks", "suits", "per_player", "board"), [
    (3, 3, 2, (0,)), (4, 3, 2, ()), (3, 4, 3, (1, 5)), (2, 5, 2, (9,)),
])
def test_holding_classes_on_small_decks(ranks: int, suits: int, per_player: int,
                                        board: tuple[int, ...]) -> None:
    codes = CardCodes(ranks, suits)
    rest = [c for c in range(codes.size) if c not in board]
    holdings = [(a, b) for a in combinations(rest, per_player) for b in combinations(rest, per_player)
                if not set(a) & set(b)]
    first, labels = holding_classes(np.array(holdings), board, (), codes.symmetries())
    slow = Counter(_orbit_key(codes, h, board) for h in holdings)
    assert len(first) == len(slow)
    assert sorted(np.bincount(labels).tolist()) == sorted(slow.values())
    for index, label in enumerate(labels.tolist()):
        assert _orbit_key(codes, holdings[index], board) == _orbit_key(codes, holdings[first[label]], board)


@pytest.mark.parametrize(("ranks", "suits", "k"), [(3, 2, 3), (4, 3, 3), (2, 4, 4)])
def test_deal_classes_of_codes_sum_to_every_deal(ranks: int, suits: int, k: int) -> None:
    codes = CardCodes(ranks, suits)
    classes = deal_classes(*codes.faces_and_suits(), k)
    hands = list(combinations(range(codes.size), k))
    slow = Counter(_orbit_key(codes, (h,), ()) for h in hands)
    assert sorted(classes.sizes.tolist()) == sorted(slow.values())


def test_rank_multisets_and_feasible_on_a_short_deck() -> None:
    available = np.array([0, 0, 0, 0, 4, 3, 4, 2, 4, 4, 4, 4, 1])  # six-plus, a few removed
    cards = [r for r, n in enumerate(available.tolist()) for _ in range(n)]
    brute = Counter(tuple(np.bincount(c, minlength=13).tolist()) for c in combinations(cards, 3))
    multisets, ways = feasible_multisets(3, available)
    assert dict(zip(map(tuple, multisets.tolist()), ways.tolist())) == dict(brute)
    two_copies = {tuple(np.bincount(c, minlength=5).tolist())
                  for c in combinations([r for r in range(5) for _ in range(2)], 3)}
    assert sorted(map(tuple, rank_multisets(3, ranks=5, copies=2).tolist())) == sorted(two_copies)
    assert rank_sets(3, ranks=5).tolist() == sorted(sum(1 << r for r in c) for c in combinations(range(5), 3))
