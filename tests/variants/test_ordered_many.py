"""An ordered game with many position-dependent hands (more than the 2,000 the analysis once
followed): every ordered deal, hold and ordered draw of a ten-card deck by brute force
(tests/variants/_ordered_brute.py) against the analysis and autohold."""

from __future__ import annotations

import random

from cpoly.games.videopoker.game import VideoPoker
from tests.conftest import FIXTURES
from tests.variants._ordered_brute import assert_analysis_equals_brute_force, ordered_hold_values

# Two equal faces side by side pay 3, above two pair: on Ten-Ace in two suits most paying
# hands depend on where their cards lie.
ADJACENT = "AdjacentPair = any(a in 1..4) δF[a],F[a+1]\n"


def test_many_witnesses_equal_brute_force_on_a_ten_card_deck(tmp_path):
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    text = text.replace("deal Hand", "deal Hand * prod(i in 1..5) δF[i]{Ten-Ace}\nordered")
    text = text.replace("ThreeOfAKind, TwoPair,", "ThreeOfAKind, AdjacentPair, TwoPair,")
    text = text.replace("TwoPair 2,", "AdjacentPair 3, TwoPair 2,") + ADJACENT
    path = tmp_path / "adjacent.cp"
    path.write_text(text, encoding="utf-8")
    small = VideoPoker.load(str(path), overrides={"Suits": 2})
    assert small.n_cards == 10 and small.position_dependent == ("AdjacentPair",)
    assert small.ordered_hands is not None and len(small.ordered_hands.cards) > 2_000
    assert_analysis_equals_brute_force(small)
    names = [small.card_name(c) for c in range(small.n_cards)]
    for seed in range(3):
        deal = random.Random(seed).sample(names, 5)
        assert [o.ev for o in small.hold(deal).options] == ordered_hold_values(small, small.paytable(), deal)


def test_both_ways_of_finding_position_dependent_categories_agree(tmp_path):
    """The squared-difference count and the test on each category's own hands (used when the
    count would be too much work) give the same answer for every category."""
    from cpoly.api import load_game
    from cpoly.count.positions import _moves, _moves_on_its_hands

    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8").replace("deal Hand", "deal Hand\nordered")
    text = text.replace("categories RoyalFlush,", "categories InOrder, AdjacentPair, RoyalFlush,") + ADJACENT
    text += "InOrder = sum(w in Nine..Ten) prod(i in 1..5) δF[i]{w+(i-1)}\n"
    path = tmp_path / "in_order.cp"
    path.write_text(text, encoding="utf-8")
    game = load_game(path, overrides={"Suits": 2})
    decided = {name: _moves_on_its_hands(game, name) for name in game.category_names}
    assert decided["InOrder"] is True and decided["RoyalFlush"] is False
    for name, node in game.categories.items():
        if decided[name] is not None:
            assert decided[name] == _moves(game, node), name
