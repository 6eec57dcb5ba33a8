"""Deuces Wild from definitions/deuces_wild.cp: the engine's categories against a test-only
classifier on every hand, the published full-pay table digit for digit, and autohold against
brute-force draws.

Published figures: Wizard of Odds, "Deuces Wild" return tables,
https://wizardofodds.com/games/video-poker/tables/deuces-wild/ — "Full Pay" Deuces Wild 100.76 %
(all eleven rows, also ../shared/reference/published_figures.md), the 800-200-25-15-11-4-4-3-2-1
table ("Deuces Wild — 99.96 %", return 0.999569, all eleven rows) and "Not so Ugly Ducks"
(99.73 %, rows natural royal to straight flush).
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
    assert_pattern_counts_equal_oracle,
    deck_hands,
    face_counts,
    first_category,
)

PATH = str(DEFINITIONS / "deuces_wild.cp")
NAMES = ["NaturalRoyalFlush", "FourDeuces", "WildRoyalFlush", "FiveOfAKind", "StraightFlush",
         "FourOfAKind", "FullHouse", "Flush", "Straight", "ThreeOfAKind"]
FULL_PAY = (800, 200, 25, 15, 9, 5, 3, 2, 2, 1)
PUBLISHED_FULL_PAY = [440_202_756, 4_060_462_824, 35_796_957_696, 63_818_309_856,
                      83_087_969_280, 1_294_427_430_576, 423_165_297_240, 334_561_280_724,
                      1_117_664_265_756, 5_674_784_779_512, 10_901_423_560_980]
PUBLISHED_44 = [458_643_348, 3_565_563_612, 37_574_943_816, 61_291_109_808, 111_216_063_372,
                1_208_791_306_212, 520_668_792_144, 423_223_749_672, 1_126_487_857_584,
                5_322_003_419_376, 11_117_949_068_256]
PUBLISHED_NSU_TOP = [458_696_304, 3_721_737_204, 38_006_962_464, 61_961_233_656, 102_392_435_976]


def deuces_oracle(faces: np.ndarray, suits: np.ndarray) -> list[np.ndarray]:
    """Per-category predicates ("can be completed to", as documented in the .cp file), written
    from face counts: face 0 is the deuce (wild), 8..12 are Ten..Ace."""
    wild = faces == 0
    n_wild = wild.sum(axis=1)
    counts = face_counts(faces, range(1, 13))          # naturals, Three..Ace
    top = counts.max(axis=1)
    n_faces = (counts > 0).sum(axis=1)
    distinct = top <= 1
    natural_suits = np.where(wild, -1, suits)
    suited = ((natural_suits == -1) | (natural_suits == natural_suits.max(axis=1)[:, None])).all(1)
    spans = []
    for ace in (12, -1):                               # ace high, then ace low
        ranked = np.where(faces == 12, ace, faces)
        high = np.where(wild, -100, ranked).max(axis=1)
        low = np.where(wild, 100, ranked).min(axis=1)
        spans.append(high - low <= 4)
    straight = distinct & (spans[0] | spans[1])
    broadway = (wild | (faces >= 8)).all(axis=1)
    return [
        (n_wild == 0) & suited & distinct & broadway,  # natural royal
        n_wild == 4,
        suited & distinct & broadway,                  # wild royal (natural included)
        top + n_wild == 5,
        straight & suited,
        top + n_wild >= 4,
        (n_faces <= 2) & ~((n_wild == 0) & (top == 4)),
        suited,
        straight,
        top + n_wild >= 3,
    ]


@pytest.fixture(scope="module")
def poker() -> VideoPoker:
    return VideoPoker.load(PATH)


@pytest.fixture(scope="module")
def oracle(poker) -> tuple[list[np.ndarray], np.ndarray]:
    predicates = deuces_oracle(*deck_hands(poker))
    return predicates, first_category(predicates)


def test_engine_categories_equal_the_oracle_on_every_hand(poker, oracle):
    assert_categories_equal_oracle(poker, NAMES, oracle[1])
    assert len(oracle[1]) == 2_598_960


def test_deal_ways_including_higher_wins_equal_brute_force(oracle):
    """The counting engine (typed patterns) against counting the oracle's predicates."""
    assert_pattern_counts_equal_oracle(PATH, NAMES, oracle[0])


def test_deal_table_both_columns(oracle):
    """`cpoly count` falls back from equality patterns to checking every hand for this
    wild-card game."""
    assert_deal_table_equals_oracle(PATH, *oracle)


def test_full_pay_reproduces_the_published_table(poker):
    analysis = poker.analyze("full pay")
    assert list(analysis.combinations) == PUBLISHED_FULL_PAY
    assert analysis.total == 19_933_230_517_200
    assert round(float(analysis.expected_return), 6) == 1.007620


def test_paid_deal_counts_equal_the_oracle(poker, oracle):
    deal_counts = poker.analyze("full pay").deal_counts
    assert list(deal_counts) == np.bincount(oracle[1], minlength=11).tolist()


def test_other_pay_tables(poker):
    table_44 = poker.analyze("44")
    assert list(table_44.combinations) == PUBLISHED_44
    assert round(float(table_44.expected_return), 6) == 0.999569
    nsu = poker.analyze("NSU")
    assert list(nsu.combinations[:5]) == PUBLISHED_NSU_TOP
    assert round(float(nsu.expected_return), 4) == 0.9973


@pytest.mark.parametrize("cards", [
    "2h 2d 7c 8c 9c",        # a straight flush made with two deuces
    "Th Jh Qh Kh 2c",        # a wild royal dealt
    "3s 4s 5s 6d Kc",        # no deuce: the straight draw against three to a flush
])
def test_hold_counts_equal_brute_force_draws(poker, oracle, cards):
    assert_holds_match_brute_force(poker, oracle[1], cards.split(), "full pay", FULL_PAY)


def test_cli_hold_equals_brute_force_draws(poker, oracle, capsys):
    """``cpoly hold 3s 4s 5s 6d Kc --paytable "full pay" --json`` against every draw enumerated."""
    texts = ["3s", "4s", "5s", "6d", "Kc"]
    assert_cli_hold_matches_brute_force(PATH, poker, oracle[1], texts, "full pay", FULL_PAY, capsys)
