"""Dream Card, exact: with chance ``c`` the fifth dealt card is the best one for the first four.

A deal's worth is its best hold's EV (the base game's play).  The Dream Card deals four cards
and, with chance ``c``, the fifth is the card of those left that makes the deal worth most; else
the fifth is drawn at random.  So the game returns

    (1 - c) * R + c * mean over every four-card set of max over the fifth card of V(deal)

where ``R`` is the base game's optimal return.  Every deal's ``V`` comes from its class's best
hold (the pay lattice, :class:`~.lattices.HoldLattices`); a deal's class is found from its least
image under the deck's suit symmetries (``prepared.card_maps``).  Exact integers throughout.

The variance of the hand's pay ``X`` (per unit bet) is ``E[X^2] - E[X]^2`` with
``E[X^2] = (1 - c) E_base[P^2] + c * mean over every four-card set of E[P^2]`` of the dealt hand's
chosen hold (:func:`~.moments.chosen_chunks`).  Which hold and which fifth card: among equally
valued holds the first in hold order, among fifth cards that make the deal equally worth the
lowest card; the mean is the same whichever is chosen, the variance may not be.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.games.videopoker.feature.lattices import HoldLattices, exact_weighted_sum
from cpoly.games.videopoker.feature.moments import StatedVariance, chosen_chunks, squared_table
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
    base_second_moment: Fraction
    dream_second_moment: Fraction

    @property
    def expected_return(self) -> Fraction:
        chance = self.feature.chance
        return (1 - chance) * self.base_return + chance * self.dream_value

    @property
    def variance(self) -> Fraction:
        """Of the hand's pay, per unit bet (see the module docstring)."""
        chance = self.feature.chance
        second = (1 - chance) * self.base_second_moment + chance * self.dream_second_moment
        return second - self.expected_return**2

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        return (StatedVariance("per hand", self.variance,
                               f"of one hand's pay, the fifth card the best with chance {self.feature.chance}, per unit "
                               "bet; ties: the first best hold in hold order, the lowest of equally good fifth cards"),)


def analyze_dream_card(prepared: PreparedGame, paytable: PayTable, feature: DreamCard) -> DreamCardAnalysis:
    """The return with the Dream Card's chance (a single unordered deck of distinct cards)."""
    lattices = HoldLattices.build(prepared, paytable, [])
    worth = lattices.pays.max(axis=1)  # per class, times L * denominator
    deals = all_hands(prepared.n, 5)
    classes = deal_classes_of(prepared, deals)
    values = worth[classes]
    fours = [colex_rank(np.delete(deals, dropped, axis=1)) for dropped in range(5)]
    best = np.full(comb(prepared.n, 4), np.iinfo(np.int64).min, dtype=np.int64)
    for four in fours:
        np.maximum.at(best, four, values)
    scale = lattices.lcm_weight * lattices.denominator
    base = Fraction(int((worth * prepared.sizes).sum()), scale * lattices.deals)
    squares = _second_moments(lattices)
    square_scale = lattices.lcm_weight * squared_table(paytable).scaled().denominator
    dealt = squares[classes[_chosen_deals(deals, fours, best, values)]]
    return DreamCardAnalysis(feature, base, Fraction(int(best.sum()), scale * len(best)),
                             Fraction(exact_weighted_sum(squares, prepared.sizes), square_scale * lattices.deals),
                             Fraction(exact_weighted_sum(dealt, np.ones_like(dealt)), square_scale * len(best)))


def _second_moments(lattices: HoldLattices) -> np.ndarray:
    """Each class's ``E[P^2]`` of its best hold (the first best in hold order), numerators over
    ``L`` times the squared table's denominator."""
    held = lattices.choose(Fraction(1), []).best
    squares = np.empty(len(held), dtype=np.int64)
    for chunk in chosen_chunks(lattices, [squared_table(lattices.paytable)], [held]):
        squares[chunk.classes] = chunk.values[0][0]
    return squares


def _chosen_deals(deals: np.ndarray, fours: list[np.ndarray], best: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per four-card set (colex rank), the index of its dealt hand: of the fifth cards that make
    the deal worth ``best``, the lowest."""
    lowest = np.full(len(best), np.iinfo(np.int64).max, dtype=np.int64)
    for dropped, four in enumerate(fours):
        reaches = values == best[four]
        np.minimum.at(lowest, four[reaches], deals[reaches, dropped])
    chosen = np.empty(len(best), dtype=np.int64)
    for dropped, four in enumerate(fours):
        mine = (values == best[four]) & (deals[:, dropped] == lowest[four])
        chosen[four[mine]] = np.flatnonzero(mine)
    return chosen


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
