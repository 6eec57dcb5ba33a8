"""Dream Card, exact: with chance ``c`` the fifth dealt card is the best one for the first four.

A deal's worth is its best hold's EV (the base game's play).  The Dream Card deals four cards
and, with chance ``c``, the fifth is the card of those left that makes the deal worth most; else
the fifth is drawn at random.  So the game returns

    (1 - c) * R + c * mean over every four-card set of max over the fifth card of V(deal)

where ``R`` is the base game's optimal return.  Every deal's ``V`` comes from its class's best
hold (the pay lattice, :class:`~.lattices.HoldLattices`); a deal's class is found from its least
image under the deck's suit symmetries (``prepared.card_maps``).  Exact integers throughout.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.games.videopoker.feature.lattices import HoldLattices
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import DreamCard
from cpoly.lang.paytable import PayTable

__all__ = ["DreamCardAnalysis", "analyze_dream_card", "deal_classes_of"]


@dataclass(frozen=True)
class DreamCardAnalysis:
    """The base return, the mean worth of a Dream Card deal (best fifth card) and the return."""

    feature: DreamCard
    base_return: Fraction
    dream_value: Fraction

    @property
    def expected_return(self) -> Fraction:
        chance = self.feature.chance
        return (1 - chance) * self.base_return + chance * self.dream_value


def analyze_dream_card(prepared: PreparedGame, paytable: PayTable, feature: DreamCard) -> DreamCardAnalysis:
    """The return with the Dream Card's chance (a single unordered deck of distinct cards)."""
    lattices = HoldLattices.build(prepared, paytable, [])
    worth = lattices.pays.max(axis=1)  # per class, times L * denominator
    deals = all_hands(prepared.n, 5)
    values = worth[deal_classes_of(prepared, deals)]
    best = np.full(comb(prepared.n, 4), np.iinfo(np.int64).min, dtype=np.int64)
    for dropped in range(5):
        four = np.delete(deals, dropped, axis=1)
        np.maximum.at(best, colex_rank(four), values)
    scale = lattices.lcm_weight * lattices.denominator
    base = Fraction(int((worth * prepared.sizes).sum()), scale * lattices.deals)
    return DreamCardAnalysis(feature, base, Fraction(int(best.sum()), scale * len(best)))


def deal_classes_of(prepared: PreparedGame, deals: np.ndarray) -> np.ndarray:
    """The class index of each sorted deal: classes are orbits of ``prepared.card_maps``, so a
    deal and its class's representative share their least image (colex rank)."""
    representatives = _least_images(prepared, _cards_of(prepared))
    least = _least_images(prepared, deals)
    order = np.argsort(representatives)
    classes = order[np.minimum(np.searchsorted(representatives, least, sorter=order), len(order) - 1)]
    if not np.array_equal(representatives[classes], least):
        raise ValueError("a deal outside every class: the classes are not the card maps' orbits")
    return classes


def _cards_of(prepared: PreparedGame) -> np.ndarray:
    return np.sort(np.asarray(prepared.deals, dtype=np.int64), axis=1)


def _least_images(prepared: PreparedGame, deals: np.ndarray) -> np.ndarray:
    least = np.full(len(deals), np.iinfo(np.int64).max, dtype=np.int64)
    for card_map in np.asarray(prepared.card_maps):
        np.minimum(least, colex_rank(np.sort(card_map[deals], axis=1)), out=least)
    return least
