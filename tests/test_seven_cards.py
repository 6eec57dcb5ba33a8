"""Seven-card poker (definitions/holdem.cp, the library's seven.cp) against an independent
enumeration: every 7-card hand of a 26-card deck (13 faces, 2 suits: 657,800 hands), each
category of the best five of seven decided by face and suit counts written here, not by the
engine.  The engine counts each category (including the higher ones) by equality patterns,
with the face/suit decoupling of cpoly.count.decoupled.  About 10 s: the straights' face patterns do
not shrink with the suits (the windows name every face), and they are what this test is for.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from cpoly.api import load_game

HOLDEM = Path(__file__).resolve().parent.parent / "definitions" / "holdem.cp"
FACES, SUITS = 13, 2


def _straight(present: np.ndarray) -> np.ndarray:
    """Whether a (N, 13) presence table of faces (Two = 0 … Ace = 12) holds five in a row."""
    wheel = present[:, [12, 0, 1, 2, 3]].all(axis=1)
    windows = [present[:, w:w + 5].all(axis=1) for w in range(FACES - 4)]
    return np.logical_or.reduce(windows + [wheel])


@pytest.fixture(scope="module")
def brute_force() -> dict[str, int]:
    deck = [(f, s) for f in range(FACES) for s in range(SUITS)]
    hands = np.array(list(combinations(range(len(deck)), 7)), dtype=np.int64)
    faces, suits = hands // SUITS, hands % SUITS
    rows = np.arange(len(hands))[:, None]
    face_count = np.zeros((len(hands), FACES), dtype=np.int64)
    np.add.at(face_count, (rows, faces), 1)
    suit_count = np.zeros((len(hands), SUITS), dtype=np.int64)
    np.add.at(suit_count, (rows, suits), 1)
    flush_suit = suit_count.argmax(axis=1)
    flush = suit_count.max(axis=1) >= 5
    suited = np.zeros((len(hands), FACES), dtype=bool)  # faces present in the flush suit
    in_suit = suits == flush_suit[:, None]
    suited[np.repeat(np.arange(len(hands)), 7)[in_suit.reshape(-1)], faces[in_suit]] = True
    straight_flush = flush & _straight(suited)
    pairs = (face_count >= 2).sum(axis=1)
    trips = face_count >= 3
    return {
        "RoyalFlush": int((flush & suited[:, 8:].all(axis=1)).sum()),
        "StraightFlush": int(straight_flush.sum()),
        "FourOfAKind": int((face_count >= 4).any(axis=1).sum()),
        "FullHouse": int((trips.any(axis=1) & (pairs >= 2)).sum()),
        "Flush": int(flush.sum()),
        "Straight": int(_straight(face_count > 0).sum()),
        "ThreeOfAKind": int(trips.any(axis=1).sum()),
        "TwoPair": int((pairs >= 2).sum()),
        "OnePair": int((pairs >= 1).sum()),
        "HighCard": len(hands),
    }


def test_every_category_of_seven_cards_against_enumeration(brute_force: dict[str, int]) -> None:
    game = load_game(HOLDEM, (), {"Suits": SUITS})
    counted = {name: game.plan.count(game.categories[name], name) for name in game.category_names}
    assert counted == brute_force
    assert brute_force["Straight"] > 0 and brute_force["StraightFlush"] > 0  # the test can fail
