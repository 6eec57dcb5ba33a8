"""``hold --mine`` and the trainer name one hold from that deal's own 32 holds
(:func:`~cpoly.games.videopoker.strategy.holdfeatures.deal_features`, :class:`HoldNamer`), not from
every subset's features: checked against the chart's path, which reads every subset of the deck
(:func:`~cpoly.games.videopoker.strategy.holdfeatures.hold_features`), on a small deck and on a
wild-card game's deals."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cpoly.deck.subsets import colex_rank
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.strategy.collected import HoldNamer, StrategyData, collect
from cpoly.games.videopoker.strategy.holdfeatures import MADE, deal_features, straight_windows

SMALL = str(Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "small_poker.cp")


@pytest.fixture(scope="module")
def small() -> tuple[StrategyData, HoldNamer]:
    poker = VideoPoker.load(SMALL)
    return collect(poker, "flat"), HoldNamer(poker, "flat")


def test_one_deals_features_are_the_charts(small: tuple[StrategyData, HoldNamer]) -> None:
    data, namer = small
    full = data.features
    categories = data.categories
    for row in range(0, len(data.deals), 7):
        cards = data.deals[row].astype(np.int64)
        one = deal_features(cards, data.index[row:row + 1], int(categories[data.index[row, -1]]), data.pattern_tables,
                            namer.poker.faces, namer.poker.suits, namer.windows)
        for name, column in full.columns.items():
            assert one[name].tolist() == column[full.rows[row]].tolist(), (row, name)


def test_windows_and_words_without_every_hands_category(small: tuple[StrategyData, HoldNamer]) -> None:
    """The namer reads categories by deal class; the oracle indexes every hand's."""
    data, namer = small
    tables = data.pattern_tables
    made_of = np.array([p.made for p in tables.patterns])
    paid = np.append(made_of[tables.by_category[0]] >= 0, False)[: len(tables.by_category[0])]
    oracle = straight_windows(namer.poker.faces, namer.poker.suits, tables.wild_cards,
                              lambda hands: data.categories[colex_rank(hands)], paid)
    assert namer.windows.tolist() == oracle.tolist() and len(oracle) == 2       # 9-K and T-A
    features = data.features
    pairs = (features["kind"] == MADE) & (features["held"] == 2) & (features["pair"] == 1)
    assert namer.words.pair_category == int(features["made"][pairs].min()) == data.vocabulary.pair_category


@pytest.fixture(scope="module")
def deuces() -> HoldNamer:
    return HoldNamer(VideoPoker.load("definitions/deuces_wild.cp"))


@pytest.mark.parametrize(("deal", "held", "words"), [
    ("2h 2d Js 4c 7h", "2h 2d", "two deuces"),
    ("2h Th Jh Qh 7c", "2h Th Jh Qh", "4 to a wild royal flush (type 1), one deuce"),
    ("9s 9d 9c 4c 7h", "9s 9d 9c", "three of a kind, no deuces"),
    ("2h 3c 3d 8s Kc", "2h 3c 3d", "three of a kind, one deuce"),
    ("5h 6h 7h 8h Kc", "5h 6h 7h 8h", "4 to a straight flush (type 1), no deuces"),
    ("Ah Kh Qh 4c 7d", "Ah Kh Qh", "suited AKQ"),
    ("Ah Kd Js 4c 7h", "", "draw five"),
])
def test_deuces_holds_named_by_hand(deuces: HoldNamer, deal: str, held: str, words: str) -> None:
    """A wild-card game's phrases, as its published charts word them."""
    texts = deal.split()
    cards = deuces.poker.deal_indices(texts)
    assert deuces.name(cards, [card for card, text in zip(cards, texts) if text in held.split()]) == words
