"""Optimal play of ordered deals: categories that pay by where the cards lie.

In an ``ordered`` game (the sequential royal) a final hand's category may depend on the order
of its cards.  Drawn cards fill the discarded positions, so a hold discarding ``d`` cards has
``(n - 5)_d`` equally likely ordered draws.

The method adds corrections to the unordered analysis instead of analysing the 120 orderings
of every deal from scratch:

* the **witnesses** are the few ordered hands whose category differs from the category of
  the same cards unordered (position-dependent categories ignored); the engine finds them
  (:mod:`cpoly.count.positions`);
* a witness ``W`` changes the outcome of hold ``H`` of an ordered deal ``D`` exactly when the
  cards of ``D`` that lie in ``W`` are the held ones, each at its position in ``W`` (the drawn
  cards then fill the other positions, and one ordered draw of ``(n - 5)_d`` gives ``W``);
* so a witness disjoint from ``D`` corrects the draw-five hold of every ordering alike, and a
  witness meeting ``D`` is an **event** of ``D`` that an ordering either satisfies or not;
* the witnesses of one deal are counted by what they need (the held cards and their
  positions, a *placement*) and what they change (category to category), from the witnesses'
  placed subsets (:mod:`~cpoly.games.videopoker.play.placed`), so a deal with thousands of
  witnesses (Double Bonus Plus: every hand with an ace meets all 2,304 four adjacent aces)
  costs its few hundred events, not its witnesses;
* most deal classes play one hold in every ordering, proven by bounds on each hold's gains,
  and are summed without their orderings (:mod:`~cpoly.games.videopoker.play.orderedplay`);
* for the others, the orderings of ``D`` that place its *relevant* cards (those of some event)
  alike satisfy the same events, so a deal class becomes one row per placement of its relevant
  cards, weighed by its number of orderings (:func:`play_orderings`).

The tie rules and totals then run unchanged on outcome counts in ordered draws.

>>> common, weights = ordered_draw_weights(52)      # (47)_5, and per discards d: (47)_5 / (47)_d
>>> common, weights[0], weights[1], weights[5]
(184072680, 184072680, 3916440, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import permutations
from math import factorial, perm

import numpy as np

from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.choice import HoldChoice, hold_sizes
from cpoly.games.videopoker.play.placed import (
    MASK_BITS,
    PLACEMENTS,
    SIXES,
    DealEvents,
    PlacedSubsets,
    moved_hands,
)
from cpoly.games.videopoker.play.scalar import ranges
from cpoly.games.videopoker.play.summary import Totals

__all__ = ["DRAW_ORDERINGS", "ORDERINGS", "OrderedHands", "OrderedPricing", "ordered_draw_weights",
           "play_orderings"]

ORDERINGS = factorial(HAND_SIZE)
#: ``(5 - k)!`` per hold of ``k`` cards: the orderings of its draws (and those that put its cards at one placement).
DRAW_ORDERINGS = np.array([factorial(HAND_SIZE - int(k)) for k in hold_sizes()], dtype=np.int64)
#: ``POSITIONS[o, i]``: the position of the deal's ``i``-th card (sorted) in ordering ``o``.
POSITIONS = np.array(list(permutations(range(HAND_SIZE))), dtype=np.int64)
#: ``PLACEMENT[mask, o]``: where ordering ``o`` puts the cards of hold ``mask``, as a code.
PLACEMENT = (MASK_BITS[:, None, :] * (POSITIONS[None] + 1) * SIXES).sum(axis=2)
#: ``ORDERS_OF[code, o]``: whether ordering ``o`` puts cards at the placement ``code``.
ORDERS_OF = np.zeros((PLACEMENTS, ORDERINGS), dtype=bool)
ORDERS_OF[PLACEMENT, np.arange(ORDERINGS)] = True


def ordered_draw_weights(n: int) -> tuple[int, tuple[int, ...]]:
    """``L = (n - 5)_5`` and, for ``d`` discards, the weight ``L / (n - 5)_d`` of one ordered draw.

    Every hold then totals ``L``: its ``(n - 5)_d`` ordered draws times the weight.
    """
    common = perm(n - HAND_SIZE, HAND_SIZE)
    return common, tuple(common // perm(n - HAND_SIZE, d) for d in range(HAND_SIZE + 1))


@dataclass(frozen=True, eq=False)
class OrderedHands:
    """The witnesses of an ordered game: ordered hands whose category is not their cards'.

    Attributes
    ----------
    cards : numpy.ndarray
        ``(W, 5)`` int64 card indices in position order.
    category : numpy.ndarray
        ``(W,)`` the ordered hand's category.
    base : numpy.ndarray
        ``(W,)`` the category of the same cards unordered.
    names : tuple of str
        The position-dependent categories (for messages).
    n_cards : int
        Deck size.
    """

    cards: np.ndarray
    category: np.ndarray
    base: np.ndarray
    names: tuple[str, ...]
    n_cards: int

    @cached_property
    def placed(self) -> PlacedSubsets:
        """The witnesses by placed subset (:mod:`~cpoly.games.videopoker.play.placed`)."""
        return PlacedSubsets.of(self.cards, self.category, self.base, self.n_cards)

    def is_invariant(self, card_maps: np.ndarray) -> bool:
        """Whether every card permutation of ``card_maps`` maps the witnesses onto themselves."""
        own = self._keys(self.cards)
        return all(np.array_equal(self._keys(np.asarray(g)[self.cards]), own) for g in np.asarray(card_maps))

    def _keys(self, cards: np.ndarray) -> np.ndarray:
        """Each witness (its cards in position order and its category) as one int, sorted."""
        codes = (cards.astype(np.int64) * self.n_cards ** np.arange(HAND_SIZE, dtype=np.int64)).sum(axis=1)
        keys: np.ndarray = np.sort(codes * (int(self.category.max(initial=0)) + 1) + self.category)
        return keys

    def deal_counts(self, unordered: np.ndarray) -> np.ndarray:
        """Ordered deals of each category from the unordered deal counts."""
        result: np.ndarray = unordered.astype(np.int64) * ORDERINGS
        np.add.at(result, self.category, 1)
        np.subtract.at(result, self.base, 1)
        return result

    def ordered_outcomes(self, counts: np.ndarray, disjoint: np.ndarray) -> np.ndarray:
        """Outcomes in ordered draws ``(N, 32, K + 1)`` of some sorted deals from their
        unordered outcomes, with the witnesses disjoint from each deal (``(N, C)`` per change,
        :attr:`SubsetLattice.exact` of hold 0) in its draw-five hold: the same in every ordering."""
        result: np.ndarray = counts.astype(np.int64) * DRAW_ORDERINGS[None, :, None]
        result[:, 0, :] += moved_hands(disjoint, self.placed.changes, result.shape[2])
        return result

    # ---- one deal in a given order (autohold) ---------------------------------------------------
    def hold_counts(self, counts: np.ndarray, deal: Sequence[int]) -> np.ndarray:
        """Outcomes in ordered draws ``(32, K + 1)`` of the deal ``deal`` (cards in position order),
        from its unordered outcomes ``counts`` with holds indexed on the *sorted* deal."""
        given = np.asarray(deal, dtype=np.int64)
        ordering = int(np.flatnonzero((POSITIONS == np.argsort(given)).all(axis=1))[0])
        cards = np.sort(given)[None]
        result = self.ordered_outcomes(counts[None], self.placed.lattice(cards).exact[:, 0, :])
        events = self.placed.events(cards, np.ones((1, HOLDS), dtype=bool))
        on = events.select(np.flatnonzero(events.code == PLACEMENT[events.mask, ordering]))
        outcomes: np.ndarray = result[0]
        _move(outcomes, (on.mask,), on)
        return outcomes


@dataclass(frozen=True, eq=False)
class OrderedPricing:
    """What a pay table prices in an ordered game: the pays of each hold (hold 31 the dealt
    pays), the weights of ordered draws and the tie rule (``(outcomes, sorted deals) ->
    choice``)."""

    pay_matrix: np.ndarray
    weight_by_hold: np.ndarray
    choose: Callable[[np.ndarray, np.ndarray], HoldChoice]


def play_orderings(base: np.ndarray, deals: np.ndarray, sizes: np.ndarray, events: DealEvents, allowed: np.ndarray,
                   pricing: OrderedPricing, totals: Totals, group_order: int) -> None:
    """Play every ordering of the sorted ``deals`` ``(N, 5)`` and add the outcomes of the
    chosen holds to ``totals``.  ``base`` ``(N, 32, K + 1)``: their outcomes in ordered draws
    (:meth:`OrderedHands.ordered_outcomes`); ``allowed`` ``(N, 32)``: every hold that is best in
    some ordering (and maybe others); ``events``: theirs (sorted by deal).  The other holds are
    never best, so they are never scored and their outcomes never read.

    Each ordering's 32 EVs are its deal's EVs plus the gains of the events it satisfies, so
    the best hold is found without building the ordering's outcomes.  Outcomes are then built
    only for the chosen hold, once per deal, hold and placement of the held cards; an ordering
    with several best holds gets its full outcomes and the tie rule.
    """
    weight_by_hold = pricing.weight_by_hold
    best, tied = _best_holds(base, events, allowed, pricing)
    # Untied orderings: one row per (deal, chosen hold, placement of its cards when it has events).
    has_events = np.zeros((len(deals), HOLDS), dtype=bool)
    has_events[events.deal, events.mask] = True
    deal, ordering = np.nonzero(~tied)
    hold = best[deal, ordering]
    placed = np.where(has_events[deal, hold], PLACEMENT[hold, ordering], 0)
    keys, realisations = np.unique((deal * HOLDS + hold) * PLACEMENTS + placed, return_counts=True)
    row_deal, row_hold = np.divmod(keys // PLACEMENTS, HOLDS)
    outcomes = base[row_deal, row_hold]  # (rows, K + 1): the chosen hold's, with its events
    wanted = (events.deal * HOLDS + events.mask) * PLACEMENTS + events.code
    at = np.minimum(np.searchsorted(keys, wanted), max(len(keys) - 1, 0))
    found = np.flatnonzero(keys[at] == wanted) if len(keys) else np.zeros(0, dtype=np.int64)
    _move(outcomes, (at[found],), events.select(found))
    nobody = np.zeros(len(keys), dtype=bool)
    chosen = HoldChoice(row_hold, nobody, nobody, np.zeros(0, dtype=np.int64),
                        np.zeros((0, group_order), dtype=np.int64))
    every_hold = np.broadcast_to(outcomes[:, None, :], (len(keys), HOLDS, outcomes.shape[1]))  # only the chosen read
    totals.add(every_hold, chosen, weight_by_hold, sizes[row_deal], group_order, realisations)
    # Tied orderings: their full outcomes, and the tie rule; one row per placement of the cards
    # of the deal's events (orderings placing them alike have the same outcomes).
    deal, ordering = np.nonzero(tied)
    if len(deal):
        relevant = np.zeros(len(deals), dtype=np.int64)
        np.bitwise_or.at(relevant, events.deal, events.mask)
        _, first, realisations = np.unique(deal * PLACEMENTS + PLACEMENT[relevant[deal], ordering],
                                              return_index=True, return_counts=True)
        deal, ordering = deal[first], ordering[first]
        full = base[deal]
        row, event = _pairs(events.deal, deal)
        on = events.code[event] == PLACEMENT[events.mask[event], ordering[row]]
        satisfied = events.select(event[on])
        _move(full, (row[on], satisfied.mask), satisfied)
        totals.add(full, pricing.choose(full, deals[deal]), weight_by_hold, sizes[deal], group_order,
                   realisations)


def _best_holds(base: np.ndarray, events: DealEvents, allowed: np.ndarray,
                pricing: OrderedPricing) -> tuple[np.ndarray, np.ndarray]:
    """``(N, 120)`` the best hold of each ordering of each deal, and whether several tie.

    Scored per (deal, allowed hold) pair, sorted by deal and hold: the deal's EV of the hold
    plus the gains of the events each ordering satisfies."""
    pay_matrix, weight_by_hold = pricing.pay_matrix, pricing.weight_by_hold
    pair_deal, pair_hold = np.nonzero(allowed)
    pair_of = np.full(allowed.shape, -1, dtype=np.int64)
    pair_of[pair_deal, pair_hold] = np.arange(len(pair_deal))
    values = np.einsum("nc,nc->n", base[pair_deal, pair_hold], pay_matrix[pair_hold]) * weight_by_hold[pair_hold]
    score = np.repeat(values[:, None], ORDERINGS, axis=1)  # (pairs, 120)
    gain = events.weight * weight_by_hold[events.mask] * (
        pay_matrix[events.mask, events.new] - pay_matrix[events.mask, events.old])
    event, ordering = np.nonzero(ORDERS_OF[events.code])
    flat_add(score, (pair_of[events.deal[event], events.mask[event]], ordering), gain[event])
    starts = np.searchsorted(pair_deal, np.arange(len(allowed)))  # every deal has a hold allowed
    top = np.maximum.reduceat(score, starts, axis=0)
    is_top = score == top[pair_deal]
    tied: np.ndarray = np.add.reduceat(is_top, starts, axis=0, dtype=np.int64) > 1
    best: np.ndarray = np.add.reduceat(is_top * pair_hold[:, None], starts, axis=0)  # the top hold, when alone
    return best, tied


def _pairs(event_deal: np.ndarray, row_deal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (row, event) of one deal, for rows sorted by deal.

    >>> _pairs(np.array([0, 1, 1]), np.array([1, 1, 2]))
    (array([0, 1, 0, 1]), array([1, 1, 2, 2]))
    """
    first = np.searchsorted(row_deal, event_deal)
    per_event = np.searchsorted(row_deal, event_deal, side="right") - first
    return ranges(first, per_event), np.repeat(np.arange(len(event_deal)), per_event)


def _move(outcomes: np.ndarray, at: tuple[np.ndarray, ...], events: DealEvents) -> None:
    """Move each event's final hands in the outcome row ``outcomes[at]`` from its old category
    to its new one."""
    flat_add(outcomes, (*at, events.new), events.weight)
    flat_add(outcomes, (*at, events.old), -events.weight)


def flat_add(target: np.ndarray, index: tuple[np.ndarray, ...], values: np.ndarray) -> None:
    """``np.add.at(target, index, values)`` on the flat array (the 1-d ``at`` is many times
    faster than the n-d one); ``target`` C-contiguous.

    >>> target = np.zeros((2, 3), dtype=np.int64)
    >>> flat_add(target, (np.array([1, 1]), np.array([2, 2])), np.array([4, 5]))
    >>> target.tolist()
    [[0, 0, 0], [0, 0, 9]]
    """
    assert target.flags.c_contiguous
    np.add.at(target.reshape(-1), np.ravel_multi_index(index, target.shape), values)
