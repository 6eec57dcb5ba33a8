"""The completion function against brute force: enumerate every draw and check each hand, on
small decks with one copy, two copies (physical cards) and ordered deals, by both methods
(checking every draw, and equality patterns with inclusion-exclusion over the discards)."""

from __future__ import annotations

import itertools
import random
import re

import numpy as np
import pytest

from cpoly.api import complete, load_game
from cpoly.count.completion import complete_many
from tests.conftest import DEFINITIONS, FIXTURES

METHODS = ["checking", "patterns"]


def _brute_force(game, held_positions, deal, ordered=False):
    """Per category (paid, highest win only): the draws that hit it, by checking each hand.
    Physical cards ``(face, suit, copy)``; the dealt ones are the first copies of each card."""
    faces, suits = (int(game.sorts[g[0]].size) for g in (game.face_vertices, game.suit_vertices))
    deck = [(f, s, c) for f in range(faces) for s in range(suits) for c in range(game.spec.copies)]
    physical = [(*card, deal[:i].count(card)) for i, card in enumerate(deal)]
    deck = [c for c in deck if c not in physical]
    free = [i for i in range(5) if i not in held_positions]
    pick = itertools.permutations if ordered else itertools.combinations
    hands = []
    for draw in pick(deck, len(free)):
        hand = list(deal)
        for position, card in zip(free, draw):
            hand[position] = card[:2]
        hands.append(hand)
    classes = game.classify(np.array(hands, dtype=np.int64).reshape(len(hands), -1, 2))
    return [int((classes == i).sum()) for i in range(len(game.category_names))]


def _all_holds(game, deal, method, ordered=False):
    """Every hold by checking; by patterns (slower on a small deck, where every dealt card is a
    value of its own) a hold of each size."""
    forms = [game.paid_form(n) for n in game.category_names]
    for mask in range(32) if method == "checking" else (0, 1, 6, 19, 30, 31):
        positions = [i for i in range(5) if mask >> i & 1]
        held = {i: deal[i] for i in positions}
        assert complete_many(game, forms, held, deal, method) == _brute_force(game, positions, deal, ordered), \
            (deal, positions, method)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("seed", range(1))
def test_every_hold_of_a_random_small_deck_deal(seed, method):
    game = load_game(FIXTURES / "small_poker.cp", overrides={"Suits": 4})
    rng = random.Random(seed)
    _all_holds(game, rng.sample([(f, s) for f in range(6) for s in range(4)], 5), method)


def _two_deck_game(tmp_path):
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    text = text.replace("deal Hand", "deal Hand\ncopies 2")
    # five of a kind hits all ten terms of the fixture's FullHouse: OR them (as double_deck_jacks.cp)
    text = re.sub(r"FullHouse = \(.*?\)\n(?=ThreeOfAKind)", "FullHouse = any(i<j<k in 1..5) any(l<m in 1..5) "
                  "(δF[i],F[j],F[k] δF[l],F[m] (1 - δl,i) (1 - δl,j) (1 - δl,k) (1 - δm,i) (1 - δm,j) (1 - δm,k))\n",
                  text, flags=re.DOTALL)
    path = tmp_path / "two_decks.cp"
    path.write_text(text, encoding="utf-8")
    return load_game(path, overrides={"Suits": 2})


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("deal", [[(5, 0), (5, 0), (4, 1), (3, 0), (0, 1)], [(2, 1), (3, 1), (2, 1), (3, 1), (5, 0)]])
def test_two_decks_count_physical_draws(tmp_path, deal, method):
    """A discarded card's twin stays in the deck; a card dealt twice is out of it."""
    _all_holds(_two_deck_game(tmp_path), deal, method)


def _ordered_game(tmp_path):
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8").replace("deal Hand", "deal Hand\nordered")
    text = text.replace("categories RoyalFlush", "categories InOrderRoyal, RoyalFlush")
    text += "InOrderRoyal = prod(i in 1..5) δF[i]{i} * Flush\n"
    path = tmp_path / "ordered.cp"
    path.write_text(text, encoding="utf-8")
    return load_game(path, overrides={"Suits": 2})


@pytest.mark.parametrize("method", METHODS)
def test_ordered_deals_count_ordered_draws(tmp_path, method):
    game = _ordered_game(tmp_path)
    _all_holds(game, [(1, 0), (3, 0), (2, 0), (0, 1), (5, 0)], method, ordered=True)


@pytest.mark.parametrize("cards, held_positions", [
    ("Ah Kh Qh Jh 2c", (0, 1, 2, 3)),
    ("7s 7d 7c 2h 9s", (0, 1, 2)),
    ("Ts Jd 4c 4h 9s", (2, 3)),
])
def test_jacks_or_better_holds(cards, held_positions):
    game = load_game(DEFINITIONS / "jacks_or_better.cp")
    deal = game.parse_hand(cards.split())
    held = {i: deal[i] for i in held_positions}
    for method in METHODS:
        ours = [complete(game, game.paid_form(n), held, deal, method) for n in game.category_names]
        assert ours == _brute_force(game, held_positions, deal)


def test_bad_completions_are_refused():
    game = load_game(DEFINITIONS / "double_deck_jacks.cp")
    dealt = game.parse_hand(["Ah", "Ah", "Kd", "Qc", "2s"])
    with pytest.raises(Exception, match="3 copies of Ah taken out of a deck with 2"):
        complete(game, game.paid_form("FourOfAKind"), {0: dealt[0]}, dealt + [dealt[0]])
    with pytest.raises(Exception, match="held positions must be 0..4"):
        complete(game, game.paid_form("FourOfAKind"), {5: dealt[0]}, dealt)
    with pytest.raises(Exception, match="unknown completion method"):
        complete(game, game.paid_form("FourOfAKind"), {}, dealt, "guess")
