"""Colex hands and ranks, suit symmetry and deal classes against brute force."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.deck.symmetry import deal_classes, suit_symmetries, trivial_classes
from cpoly.errors import CpolyInputError

from .vp_oracle import standard_deck


def colex_key(hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(reversed(hand))


@pytest.mark.parametrize("n, k", [(5, 0), (5, 5), (9, 1), (10, 3), (12, 5), (20, 4)])
def test_all_hands_is_every_subset_in_colex_order(n: int, k: int) -> None:
    expected = sorted(itertools.combinations(range(n), k), key=colex_key)
    hands = all_hands(n, k)
    assert hands.shape == (comb(n, k), k)
    assert [tuple(row) for row in hands.tolist()] == expected


def test_all_hands_52_cards() -> None:
    hands = all_hands(52, 5)
    assert hands.shape == (2_598_960, 5)
    assert hands.dtype == np.int8
    assert (np.diff(hands, axis=1) > 0).all()
    assert hands[-1].tolist() == [47, 48, 49, 50, 51]


@pytest.mark.parametrize("n, k", [(52, 5), (30, 3), (13, 2)])
def test_colex_rank_round_trip(n: int, k: int) -> None:
    hands = all_hands(n, k)
    assert np.array_equal(colex_rank(hands), np.arange(comb(n, k)))


def test_colex_rank_formula() -> None:
    rng = np.random.default_rng(1)
    for _ in range(50):
        hand = sorted(rng.choice(52, 5, replace=False).tolist())
        assert colex_rank(np.array(hand))[()] == sum(comb(c, i + 1) for i, c in enumerate(hand))


def test_bad_sizes_raise() -> None:
    with pytest.raises(CpolyInputError, match="7"):
        all_hands(5, 7)


def brute_classes(faces: np.ndarray, suits: np.ndarray, k: int) -> list[int]:
    """Orbit sizes under every suit permutation preserving the deck, by canonicalising hands."""
    cards = list(zip(faces.tolist(), suits.tolist()))
    index = {card: i for i, card in enumerate(cards)}
    values = sorted(set(suits.tolist()))
    perms = []
    for image in itertools.permutations(values):
        perm = dict(zip(values, image))
        mapped = [(f, perm[s]) for f, s in cards]
        if all(card in index for card in mapped):
            perms.append([index[card] for card in mapped])
    orbits: dict[tuple[int, ...], int] = {}
    for hand in itertools.combinations(range(len(cards)), k):
        canonical = min(colex_key(tuple(sorted(p[c] for c in hand))) for p in perms)
        orbits[canonical] = orbits.get(canonical, 0) + 1
    return [orbits[key] for key in sorted(orbits)]


JOKER_DECK = (np.array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4]), np.array([0, 1, 2] * 4 + [7]))
UNEVEN_DECK = (np.array([0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4]), np.array([0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]))


@pytest.mark.parametrize(
    "deck, k",
    [
        (standard_deck(4, 3), 5),
        (standard_deck(5, 3), 5),
        (standard_deck(3, 4), 5),
        (standard_deck(6, 2), 3),
        (JOKER_DECK, 5),
        (UNEVEN_DECK, 5),
    ],
)
def test_deal_classes_match_brute_force(deck: tuple[np.ndarray, np.ndarray], k: int) -> None:
    faces, suits = deck
    classes = deal_classes(faces, suits, k)
    assert classes.sizes.tolist() == brute_classes(faces, suits, k)
    assert int(classes.sizes.sum()) == comb(len(faces), k)
    # the representative is the lowest-ranked member of its class
    assert np.array_equal(classes.class_of[classes.representatives], np.arange(classes.count))
    first_member = np.unique(classes.class_of, return_index=True)[1]
    assert np.array_equal(first_member, classes.representatives)


def test_deal_classes_52_cards() -> None:
    classes = deal_classes(*standard_deck(13, 4))
    assert classes.count == 134_459
    assert int(classes.sizes.sum()) == 2_598_960
    assert classes.group_order == 24
    assert sorted(set(classes.sizes.tolist())) == [4, 12, 24]  # stabilisers of order 6, 2, 1


def test_suit_symmetries_keep_special_cards_fixed() -> None:
    maps = suit_symmetries(*JOKER_DECK)
    assert len(maps) == 6
    assert (maps[:, 12] == 12).all()


def test_repeated_cards_map_copy_to_copy() -> None:
    faces, suits = standard_deck(3, 2)
    maps = suit_symmetries(np.concatenate([faces, faces]), np.concatenate([suits, suits]))
    assert len(maps) == 2
    assert sorted(maps[1].tolist()) == list(range(12))


def test_trivial_classes_and_invariance() -> None:
    faces, suits = standard_deck(4, 3)
    classes = deal_classes(faces, suits)
    hands = all_hands(12, 5).astype(np.int64)
    assert classes.is_invariant((hands // 3).sum(axis=1))  # depends on faces only
    assert not classes.is_invariant((hands % 3 == 0).sum(axis=1))  # singles out suit 0
    trivial = trivial_classes(12)
    assert trivial.count == comb(12, 5) and trivial.group_order == 1


def test_mismatched_deck_raises() -> None:
    with pytest.raises(CpolyInputError, match="shapes"):
        deal_classes(np.arange(10), np.arange(9))
