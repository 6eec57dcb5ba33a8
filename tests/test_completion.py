"""The completion function against brute force: enumerate every draw and check each hand."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from cpoly.api import complete, load_game
from tests.conftest import DEFINITIONS, FIXTURES


def _brute_force(game, held_positions, deal):
    """Per category (paid, highest win only): the draws that hit it, by checking each hand."""
    deck = [(f, s) for f in range(int(game.sorts[game.face_vertices[0]].size))
            for s in range(int(game.sorts[game.suit_vertices[0]].size))]
    remaining = [c for c in deck if c not in deal]
    held = [deal[i] for i in held_positions]
    draws = list(itertools.combinations(remaining, game.hand_size - len(held)))
    hands = np.array([held + list(d) for d in draws], dtype=np.int64).reshape(len(draws), -1, 2)
    classes = game.classify(hands)
    return [int((classes == i).sum()) for i in range(len(game.category_names))]


@pytest.mark.parametrize("seed", range(4))
def test_every_hold_of_a_random_small_deck_deal(seed):
    game = load_game(FIXTURES / "small_poker.cp", overrides={"Suits": 4})
    rng = random.Random(seed)
    deck = [(f, s) for f in range(6) for s in range(4)]
    deal = rng.sample(deck, 5)
    for mask in range(32):
        positions = [i for i in range(5) if mask >> i & 1]
        held = {i: deal[i] for i in positions}
        ours = [complete(game, game.paid_form(n), held, deal) for n in game.category_names]
        assert ours == _brute_force(game, positions, deal), (deal, positions)


@pytest.mark.parametrize("cards, held_positions", [
    ("Ah Kh Qh Jh 2c", (0, 1, 2, 3)),
    ("7s 7d 7c 2h 9s", (0, 1, 2)),
    ("Ts Jd 4c 4h 9s", (2, 3)),
])
def test_jacks_or_better_holds(cards, held_positions):
    game = load_game(DEFINITIONS / "jacks_or_better.cp")
    deal = game.parse_hand(cards.split())
    held = {i: deal[i] for i in held_positions}
    ours = [complete(game, game.paid_form(n), held, deal) for n in game.category_names]
    assert ours == _brute_force(game, held_positions, deal)
