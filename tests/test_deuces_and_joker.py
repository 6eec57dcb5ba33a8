"""Deuces and Joker Wild (definitions/deuces_and_joker_wild.cp: wild.cp with the set of wild faces
``Wild = {Two, Joker}``) against an independent brute force: every one of the C(53, 5) hands
classified in numpy by the rules as a player states them (wild cards counted, naturals compared),
with no δ and nothing of the engine; and its optimal return against the published figure."""

from __future__ import annotations

from fractions import Fraction
from itertools import chain, combinations

import numpy as np
import pytest

from cpoly.api import deal_table, load_game
from tests.conftest import DEFINITIONS

GAME = DEFINITIONS / "deuces_and_joker_wild.cp"
TWO, TEN, ACE, JOKER = 0, 8, 12, 13


def _deck(suits: int) -> list[tuple[int, int]]:
    """Faces Two..Ace in every suit and one joker (face 13, suit 0), as jokers.cp deals them."""
    return [(face, suit) for face in range(13) for suit in range(suits)] + [(JOKER, 0)]


def _windows() -> list[int]:
    """The five-face windows of a straight as bit masks: Two-Six … Ten-Ace, and ace low."""
    masks = [sum(1 << f for f in range(low, low + 5)) for low in range(TWO, TEN + 1)]
    return masks + [sum(1 << f for f in (ACE, 0, 1, 2, 3))]


def _hands(cards: int) -> np.ndarray:
    """Every five-card hand of ``cards`` cards, one row of card indices each (int8: 14 MB for
    the 2.87 M hands of 53 cards, built without a Python tuple per hand)."""
    flat = np.fromiter(chain.from_iterable(combinations(range(cards), 5)), dtype=np.int8)
    return flat.reshape(-1, 5)


def brute_force(suits: int = 4) -> dict[str, np.ndarray]:
    """Each category (higher wins included) as a boolean per hand of the deck."""
    deck = np.array(_deck(suits), dtype=np.int8)
    hands = _hands(len(deck))
    faces, suit = deck[hands, 0], deck[hands, 1]
    wild = (faces == TWO) | (faces == JOKER)
    wilds = wild.sum(axis=1, dtype=np.int8)
    per_face = np.stack([((faces == f) & ~wild).sum(axis=1, dtype=np.int8) for f in range(13)], axis=1)
    most = per_face.max(axis=1)
    natural_faces = (per_face > 0).sum(axis=1)
    distinct = most <= 1
    suited = np.where(wild, 99, suit).min(axis=1) == np.where(wild, -1, suit).max(axis=1)
    suited |= wilds == 5
    mask = (per_face > 0) @ (1 << np.arange(13))
    fits = np.zeros(len(hands), dtype=bool)
    for window in _windows():
        fits |= (mask & ~window) == 0
    royal_faces = (mask & ~sum(1 << f for f in range(TEN, ACE + 1))) == 0
    return {
        "FiveWilds": wilds == 5,
        "NaturalRoyalFlush": (wilds == 0) & suited & distinct & royal_faces,
        "FourDeuces": (faces == TWO).sum(axis=1) == 4,
        "WildRoyalFlush": suited & distinct & royal_faces,
        "FiveOfAKind": natural_faces <= 1,
        "StraightFlush": suited & distinct & fits,
        "FourOfAKind": most + wilds >= 4,
        "FullHouse": (natural_faces <= 2) & ~((wilds == 0) & (most == 4)),
        "Flush": suited,
        "Straight": distinct & fits,
        "ThreeOfAKind": most + wilds >= 3,
    }


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


def test_deal_table_equals_brute_force_over_every_hand(game):
    """Both columns, row by row: the ways with higher wins included, and the paid ways (the
    highest category of the game's order only)."""
    table = deal_table(game)
    hits = brute_force()
    assert table.total == len(next(iter(hits.values()))) == 2_869_685
    assert [row.name for row in table.rows] == list(hits)
    taken = np.zeros(table.total, dtype=bool)
    for row in table.rows:
        paid = hits[row.name] & ~taken
        taken |= hits[row.name]
        assert (row.ways, row.paid_ways) == (int(hits[row.name].sum()), int(paid.sum())), row.name


def test_the_wild_set_is_two_faces(game):
    assert sorted(game.program.sets["Wild"]) == [TWO, JOKER]


@pytest.mark.slow
def test_optimal_return_is_the_published_figure():
    """Wizard of Odds lists 99.07 % for the full-pay table (2000-800-25-12-9-6-3-3-3-2-1)."""
    from cpoly.games.videopoker.game import VideoPoker

    value = VideoPoker.load(str(GAME)).analyze().expected_return
    assert isinstance(value, Fraction)
    assert round(float(value) * 100, 2) == 99.07
