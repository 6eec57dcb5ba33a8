"""Joker Poker (Kings or Better, 53 cards) from definitions/joker_poker.cp: the engine's
categories against a test-only classifier on every hand, the published return, and autohold
against brute-force draws.

Published figure: the full-pay 20/7/5 table (800-200-100-50-20-7-5-3-2-1-1 per coin) returns
100.65 % with optimal play — the "Jokers Wild Machines" full-payout table (rkcryr.com, 5-coin pays
4000-1000-500-250-100-35-25-15-10-5-5, TOTAL 100.65 %); Wizard of Odds lists 100.6463 % for it.
"""

from __future__ import annotations

import numpy as np
import pytest

from cpoly.api import count_deals, load_game
from cpoly.dag.rewrite import ONE
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

PATH = str(DEFINITIONS / "joker_poker.cp")
NAMES = ["NaturalRoyalFlush", "FiveOfAKind", "WildRoyalFlush", "StraightFlush", "FourOfAKind",
         "FullHouse", "Flush", "Straight", "ThreeOfAKind", "TwoPair", "KingsOrBetter"]
PAYS = (800, 200, 100, 50, 20, 7, 5, 3, 2, 1, 1)
JOKER = 13


def joker_oracle(faces: np.ndarray, suits: np.ndarray) -> list[np.ndarray]:
    """Per-category predicates ("can be completed to", as documented in the .cp file): the
    joker (face 13) is left out of the counts and added to the best multiplicity."""
    joker = faces == JOKER
    n_joker = joker.sum(axis=1)
    counts = face_counts(faces, range(13))
    ordered = np.sort(counts, axis=1)[:, ::-1]
    top, second = ordered[:, 0], ordered[:, 1]
    n_faces = (counts > 0).sum(axis=1)
    distinct = top <= 1
    natural_suits = np.where(joker, -1, suits)
    suited = ((natural_suits == -1) | (natural_suits == natural_suits.max(axis=1)[:, None])).all(1)
    spans = []
    for ace in (12, -1):
        ranked = np.where(faces == 12, ace, faces)
        high = np.where(joker, -100, ranked).max(axis=1)
        low = np.where(joker, 100, ranked).min(axis=1)
        spans.append(high - low <= 4)
    straight = distinct & (spans[0] | spans[1])
    broadway = (joker | (faces >= 8)).all(axis=1)
    high_cards = counts[:, 11] + counts[:, 12]
    return [
        (n_joker == 0) & suited & distinct & broadway,   # a royal with the joker is wild
        top + n_joker == 5,
        suited & distinct & broadway,
        straight & suited,
        top + n_joker >= 4,
        (n_faces <= 2) & ~((n_joker == 0) & (top == 4)),
        suited,
        straight,
        top + n_joker >= 3,
        ((n_joker == 0) & (((top >= 2) & (second >= 2)) | (top >= 4))) | ((n_joker == 1) & (top >= 2)),
        (counts[:, 11] >= 2) | (counts[:, 12] >= 2) | ((n_joker == 1) & (high_cards >= 1)),
    ]


@pytest.fixture(scope="module")
def poker() -> VideoPoker:
    return VideoPoker.load(PATH)


@pytest.fixture(scope="module")
def oracle(poker) -> tuple[list[np.ndarray], np.ndarray]:
    predicates = joker_oracle(*deck_hands(poker))
    return predicates, first_category(predicates)


def test_deck_has_one_joker(poker):
    assert poker.n_cards == 53
    assert [poker.card_name(i) for i in np.flatnonzero(poker.faces == JOKER)] == ["Xh"]


def test_engine_categories_equal_the_oracle_on_every_hand(poker, oracle):
    assert_categories_equal_oracle(poker, NAMES, oracle[1])
    assert len(oracle[1]) == 2_869_685


def test_deal_ways_including_higher_wins_equal_brute_force(oracle):
    """The counting engine (typed patterns) against counting the oracle's predicates."""
    assert count_deals(load_game(PATH), ONE) == 2_869_685
    assert_pattern_counts_equal_oracle(PATH, NAMES, oracle[0])


def test_deal_table_both_columns(oracle):
    """`cpoly count` falls back from equality patterns to checking every hand for this
    wild-card game."""
    assert_deal_table_equals_oracle(PATH, *oracle)


def test_paid_deal_counts_equal_the_oracle(poker, oracle):
    deal_counts = poker.analyze("20/7/5").deal_counts
    assert list(deal_counts) == np.bincount(oracle[1], minlength=len(NAMES) + 1).tolist()


def test_full_pay_returns_the_published_figure(poker):
    analysis = poker.analyze("20/7/5")
    assert analysis.n_cards == 53
    assert round(float(analysis.expected_return) * 100, 2) == 100.65
    assert round(float(analysis.expected_return), 6) == 1.006463


@pytest.mark.parametrize("cards", [
    "Xh Th Jh Qh 3c",        # the joker with three to a royal
    "Xh Ks 7d 4c 9h",        # the joker and a king: a paying pair on the deal
    "Ah Kh Qh Jh Th",        # a natural royal, dealt
])
def test_hold_counts_equal_brute_force_draws(poker, oracle, cards):
    assert_holds_match_brute_force(poker, oracle[1], cards.split(), "20/7/5", PAYS)


def test_cli_hold_equals_brute_force_draws(poker, oracle, capsys):
    """``cpoly hold Xh Th Jh Qh 3c --paytable "20/7/5" --json`` against every draw enumerated."""
    texts = ["Xh", "Th", "Jh", "Qh", "3c"]
    assert_cli_hold_matches_brute_force(PATH, poker, oracle[1], texts, "20/7/5", PAYS, capsys)
