"""8/5 Bonus Poker from definitions/bonus_poker.cp: the engine's deal table and categories against
a test-only classifier on every hand, the published return table digit for digit, and autohold
against brute-force draws.

Published figures: Wizard of Odds, "Bonus Poker" — "8/5 Bonus Poker — 99.17 %" return table
(wizardofodds.com/games/video-poker/tables/bonus-poker/, the same table on the 8/5 strategy
page): twelve rows, total 19,933,230,517,200, return 0.991660.
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

PATH = str(DEFINITIONS / "bonus_poker.cp")
NAMES = ["RoyalFlush", "StraightFlush", "FourAces", "FourTwosToFours", "FourFivesToKings",
         "FullHouse", "Flush", "Straight", "ThreeOfAKind", "TwoPair", "JacksOrBetter"]
PAYS_8_5 = (800, 50, 80, 40, 25, 8, 5, 4, 3, 2, 1)
PUBLISHED_8_5 = [495_443_136, 2_129_604_264, 3_903_775_812, 10_509_866_328, 32_688_417_336,
                 229_516_869_924, 216_873_645_000, 223_676_319_912, 1_484_391_167_856,
                 2_577_523_603_752, 4_290_810_981_444, 10_860_710_822_436]


def bonus_oracle(faces: np.ndarray, suits: np.ndarray) -> list[np.ndarray]:
    p = natural_predicates(faces, suits)
    counts = p["counts"]
    four = counts == 4
    return [p["RoyalFlush"], p["StraightFlush"], four[:, 12], four[:, 0:3].any(axis=1),
            four[:, 3:12].any(axis=1)] + [p[n] for n in NAMES[5:]]


@pytest.fixture(scope="module")
def poker() -> VideoPoker:
    return VideoPoker.load(PATH)


@pytest.fixture(scope="module")
def oracle(poker) -> tuple[list[np.ndarray], np.ndarray]:
    predicates = bonus_oracle(*deck_hands(poker))
    return predicates, first_category(predicates)


def test_engine_categories_equal_the_oracle_on_every_hand(poker, oracle):
    assert_categories_equal_oracle(poker, NAMES, oracle[1])
    assert len(oracle[1]) == 2_598_960


def test_deal_table_equals_brute_force(oracle):
    assert_deal_table_equals_oracle(PATH, *oracle)


def test_eight_five_reproduces_the_published_table(poker):
    analysis = poker.analyze("8/5")
    assert list(analysis.combinations) == PUBLISHED_8_5
    assert analysis.total == 19_933_230_517_200
    assert round(float(analysis.expected_return), 6) == 0.991660


@pytest.mark.parametrize("cards", [
    "Ac Ad Kh Qh Jh",        # a pair of aces against three to a royal
    "4c 4d 4h Ks Kd",        # four-of-a-kind bonus: keep the full house or the three fours
])
def test_hold_counts_equal_brute_force_draws(poker, oracle, cards):
    assert_holds_match_brute_force(poker, oracle[1], cards.split(), "8/5", PAYS_8_5)


def test_cli_hold_equals_brute_force_draws(poker, oracle, capsys):
    """``cpoly hold Ac Ad Kh Qh Jh --paytable "8/5" --json`` against every draw enumerated."""
    texts = ["Ac", "Ad", "Kh", "Qh", "Jh"]
    assert_cli_hold_matches_brute_force(PATH, poker, oracle[1], texts, "8/5", PAYS_8_5, capsys)
