"""``api.complete`` against ``cpoly hold`` (the inclusion-exclusion tables of
:mod:`cpoly.games.videopoker`, the copies tables of ``copies.py``, the witnesses of
``ordered.py``) for every video-poker game in definitions/: a sampled deal, all 32 holds, every paid
category, in the games' draw conventions (physical replacement sets; ordered draws).

Slow (1-5 minutes on the shared 2-core machine, most of it Double Bonus Plus, Joker Poker and
the two-deck game): each game's hold tables are built cold (private cache), and the draw-five
hold of each deal checks some 1.5 million draws; one deal per game is the least that covers
every deck the language declares (copies, jokers, wild cards, order), and it is the issue's
acceptance test (issue 21, section 2).
"""

from __future__ import annotations

import random

import pytest

from cpoly.api import load_game
from cpoly.count.completion import complete_many
from cpoly.games.videopoker.game import VideoPoker
from tests.conftest import DEFINITIONS

#: The video-poker games: a pay table and a five-card hand to draw to (a game whose deal is final,
#: Pair Plus or the 6-Card Bonus, has nothing to hold: tests/dealonly).
GAMES = sorted(p.name for p in DEFINITIONS.glob("*.cp")
               if "paytable " in p.read_text(encoding="utf-8") and load_game(str(p)).hand_size == 5)
#: Deals with repeated cards, where a discarded card's twin stays in the deck.
WITH_COPIES = {"double_deck_jacks.cp": ["Ah", "Ah", "Kd", "Qc", "2s"]}


def _deal(poker: VideoPoker, name: str) -> list[str]:
    if name in WITH_COPIES:
        return WITH_COPIES[name]
    rng = random.Random(name)
    return [poker.card_name(c) for c in rng.sample(range(poker.n_cards), 5)]


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_hold_of_a_sampled_deal_equals_hold(name):
    poker = VideoPoker.load(str(DEFINITIONS / name))
    game = poker.game
    dealt = _deal(poker, name)
    cards = game.parse_hand(dealt)
    forms = [game.paid_form(n) for n in game.category_names]
    for option in poker.hold(dealt).options:
        held = {i: cards[i] for i in range(5) if option.hold >> i & 1}
        assert complete_many(game, forms, held, cards) == list(option.counts[:len(forms)]), (dealt, held)
