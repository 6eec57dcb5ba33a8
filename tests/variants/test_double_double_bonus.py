"""9/6 Double Double Bonus from definitions/double_double_bonus.cp: the engine's deal table and
categories against a test-only classifier on every hand, the published return, and autohold
against brute-force draws.

Published figure: 9/6 Double Double Bonus returns 98.9808 % with optimal play (Wizard of Odds,
wizardofodds.com/games/video-poker/tables/double-double-bonus/); rounded to 98.98 % in
H. Tamburin, "A Closer Look At Double Double Bonus Poker" (casinocenter.com) and
T. Leonard, "Double Double Bonus Poker" (pokerology.com, 2009).
"""

from __future__ import annotations

import numpy as np
import pytest

from cpoly.games.videopoker.game import VideoPoker
from tests.conftest import DEFINITIONS
from tests.variants._brute import (
    assert_categories_equal_oracle,
    assert_cli_hold_matches_brute_force,
    assert_deal_table_equals_oracle,
    assert_holds_match_brute_force,
    deck_hands,
    first_category,
)
from tests.variants._standard import natural_predicates

PATH = str(DEFINITIONS / "double_double_bonus.cp")
NAMES = ["RoyalFlush", "StraightFlush", "FourAcesLowKicker", "FourTwosToFoursLowKicker",
         "FourAces", "FourTwosToFours", "FourFivesToKings", "FullHouse", "Flush", "Straight",
         "ThreeOfAKind", "TwoPair", "JacksOrBetter"]
PAYS_9_6 = (800, 50, 400, 160, 160, 80, 50, 9, 6, 4, 3, 1, 1)


def ddb_oracle(faces: np.ndarray, suits: np.ndarray) -> list[np.ndarray]:
    p = natural_predicates(faces, suits)
    four = p["counts"] == 4
    single = p["counts"] == 1
    four_aces, four_low = four[:, 12], four[:, 0:3].any(axis=1)
    return [p["RoyalFlush"], p["StraightFlush"],
            four_aces & single[:, 0:3].any(axis=1),                          # kicker 2, 3 or 4
            four_low & (single[:, 0:3].any(axis=1) | single[:, 12]),          # kicker A, 2, 3, 4
            four_aces, four_low, four[:, 3:12].any(axis=1)] + [p[n] for n in NAMES[7:]]


@pytest.fixture(scope="module")
def poker() -> VideoPoker:
    return VideoPoker.load(PATH)


@pytest.fixture(scope="module")
def oracle(poker) -> tuple[list[np.ndarray], np.ndarray]:
    predicates = ddb_oracle(*deck_hands(poker))
    return predicates, first_category(predicates)


def test_engine_categories_equal_the_oracle_on_every_hand(poker, oracle):
    assert_categories_equal_oracle(poker, NAMES, oracle[1])
    assert len(oracle[1]) == 2_598_960


def test_deal_table_equals_brute_force(oracle):
    assert_deal_table_equals_oracle(PATH, *oracle)


def test_nine_six_returns_the_published_figure(poker):
    analysis = poker.analyze("9/6")
    assert analysis.total == 19_933_230_517_200
    assert round(float(analysis.expected_return), 6) == 0.989808


@pytest.mark.parametrize("cards", [
    "Ac Ad Ah As 3c",        # four aces with a low kicker, dealt
    "Ac Ad Ah Kc Ks",        # aces full: keep the house or the three aces
])
def test_hold_counts_equal_brute_force_draws(poker, oracle, cards):
    assert_holds_match_brute_force(poker, oracle[1], cards.split(), "9/6", PAYS_9_6)


def test_cli_hold_equals_brute_force_draws(poker, oracle, capsys):
    """``cpoly hold Ac Ad Ah Kc Ks --paytable "9/6" --json`` against every draw enumerated."""
    texts = ["Ac", "Ad", "Ah", "Kc", "Ks"]
    assert_cli_hold_matches_brute_force(PATH, poker, oracle[1], texts, "9/6", PAYS_9_6, capsys)
