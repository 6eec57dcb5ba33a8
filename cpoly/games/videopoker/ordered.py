"""Optimal play of ordered deals: categories that pay by where the cards lie.

In an ``ordered`` game (the sequential royal) a final hand's category may depend on the order
of its cards.  Drawn cards fill the discarded positions, so a hold discarding ``d`` cards has
``(n - 5)_d`` equally likely ordered draws.

The method adds corrections to the unordered analysis instead of analysing the 120 orderings
of every deal from scratch:

* the **witnesses** are the few ordered hands whose category differs from the category of
  the same cards unordered (position-dependent categories ignored); the engine finds them
  (:mod:`cpoly.positions`);
* a witness ``W`` changes the outcome of hold ``H`` of an ordered deal ``D`` exactly when the
  cards of ``D`` that lie in ``W`` are the held ones, each at its position in ``W`` (the drawn
  cards then fill the other positions, and one ordered draw of ``(n - 5)_d`` gives ``W``);
* so a witness disjoint from ``D`` corrects the draw-five hold of every ordering alike, and a
  witness meeting ``D`` is an **event** of ``D`` that an ordering either satisfies or not;
* the witnesses of one deal are counted by what they need (the held cards and their
  positions, a *placement*) and what they change (category to category), so a deal with
  thousands of witnesses (Double Bonus Plus: every hand with an ace meets all 2,304 four
  adjacent aces) has at most a few hundred such events;
* the orderings of ``D`` that place its *relevant* cards (those of some event) alike satisfy
  the same events, so a deal class becomes one row per placement of its relevant cards,
  weighed by its number of orderings — one row for most deals, and at most 120.

The tie rules and totals then run unchanged on outcome counts in ordered draws.

>>> common, weights = ordered_draw_weights(52)      # (47)_5, and per discards d: (47)_5 / (47)_d
>>> common, weights[0], weights[1], weights[5]
(184072680, 184072680, 3916440, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from math import factorial, perm

import numpy as np

from cpoly.games.videopoker.holds import HOLDS, HoldChoice, hold_sizes
from cpoly.games.videopoker.summary import Totals
from cpoly.games.videopoker.tables import HAND_SIZE

#: The tie rule for the orderings with several best holds: ``(outcomes, sorted deals) -> choice``.
Chooser = Callable[[np.ndarray, np.ndarray], HoldChoice]

__all__ = ["Chooser", "DEALS_AT_ONCE", "ORDERINGS", "OrderedHands", "ordered_draw_weights", "to_ordered_draws"]

#: Deals whose witnesses are placed at once (bounds the (deals, witnesses, 5) position array).
DEALS_AT_ONCE = 256
ORDERINGS = factorial(HAND_SIZE)
#: ``POSITIONS[o, i]``: the position of the deal's ``i``-th card (sorted) in ordering ``o``.
POSITIONS = np.array(list(permutations(range(HAND_SIZE))), dtype=np.int64)


def ordered_draw_weights(n: int) -> tuple[int, tuple[int, ...]]:
    """``L = (n - 5)_5`` and, for ``d`` discards, the weight ``L / (n - 5)_d`` of one ordered draw.

    Every hold then totals ``L``: its ``(n - 5)_d`` ordered draws times the weight.
    """
    common = perm(n - HAND_SIZE, HAND_SIZE)
    return common, tuple(common // perm(n - HAND_SIZE, d) for d in range(HAND_SIZE + 1))


def to_ordered_draws(counts: np.ndarray) -> np.ndarray:
    """Outcome counts in unordered draws ``(N, 32, K + 1)`` → in ordered draws (× ``d!``), int64."""
    factor = np.array([factorial(HAND_SIZE - int(s)) for s in hold_sizes()], dtype=np.int64)
    scaled: np.ndarray = counts.astype(np.int64) * factor[None, :, None]
    return scaled


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
    _place: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        place = np.full((self.n_cards, len(self.cards)), -1, dtype=np.int8)
        for position in range(HAND_SIZE):
            place[self.cards[:, position], np.arange(len(self.cards))] = position
        object.__setattr__(self, "_place", place)

    def is_invariant(self, card_maps: np.ndarray) -> bool:
        """Whether every card permutation of ``card_maps`` maps the witnesses onto themselves."""
        own = {(tuple(c), int(k)) for c, k in zip(self.cards.tolist(), self.category.tolist())}
        return all({(tuple(g[c]), int(k)) for c, k in zip(self.cards.tolist(), self.category.tolist())}
                   == own for g in np.asarray(card_maps))

    def deal_counts(self, unordered: np.ndarray) -> np.ndarray:
        """Ordered deals of each category from the unordered deal counts."""
        result: np.ndarray = unordered.astype(np.int64) * ORDERINGS
        np.add.at(result, self.category, 1)
        np.subtract.at(result, self.base, 1)
        return result

    # ---- one deal in a given order (autohold) ---------------------------------------------------
    def hold_counts(self, counts: np.ndarray, deal: Sequence[int]) -> np.ndarray:
        """Outcomes in ordered draws ``(32, K + 1)`` of the deal ``deal`` (cards in position order),
        from its unordered outcomes ``counts`` with holds indexed on the *sorted* deal."""
        given = np.asarray(deal, dtype=np.int64)
        result = to_ordered_draws(counts[None])
        ordering = int(np.flatnonzero((POSITIONS == np.argsort(given)).all(axis=1))[0])
        events = self._events(np.sort(given)[None], result)
        on = events.code == PLACEMENT[events.mask, ordering]
        _apply(result, np.zeros(int(on.sum()), dtype=np.int64), events, on)
        outcomes: np.ndarray = result[0]
        return outcomes

    # ---- deal classes (full analysis) -----------------------------------------------------------
    def play(self, counts: np.ndarray, deals: np.ndarray, sizes: np.ndarray, pay_matrix: np.ndarray,
             weight_by_hold: np.ndarray, choose: Chooser, totals: Totals, group_order: int) -> None:
        """Play every ordering of the sorted ``deals`` ``(N, 5)`` (unordered outcomes ``counts``)
        and add the outcomes of the chosen holds to ``totals``.

        Each ordering's 32 EVs are its deal's EVs plus the gains of the events it satisfies, so
        the best hold is found without building the ordering's outcomes.  Outcomes are then built
        only for the chosen hold, once per deal, hold and placement of the held cards; an ordering
        with several best holds gets its full outcomes and ``choose`` (the tie rule).
        """
        for start in range(0, len(deals), DEALS_AT_ONCE):
            part = slice(start, start + DEALS_AT_ONCE)
            self._play_part(counts[part], deals[part], sizes[part], pay_matrix, weight_by_hold,
                            choose, totals, group_order)

    def _play_part(self, counts: np.ndarray, deals: np.ndarray, sizes: np.ndarray,
                   pay_matrix: np.ndarray, weight_by_hold: np.ndarray, choose: Chooser,
                   totals: Totals, group_order: int) -> None:
        base = to_ordered_draws(counts)
        events = self._events(deals, base)
        gain = events.weight * weight_by_hold[events.mask] * (
            pay_matrix[events.mask, events.new] - pay_matrix[events.mask, events.old])
        score = np.repeat((np.einsum("nmc,mc->nm", base, pay_matrix) * weight_by_hold)[:, None, :],
                          ORDERINGS, axis=1)  # (N, 120, 32)
        event, ordering = np.nonzero(ORDERS_OF[events.code])
        np.add.at(score, (events.deal[event], ordering, events.mask[event]), gain[event])
        candidates = score == score.max(axis=2)[:, :, None]
        tied = candidates.sum(axis=2) > 1
        best = np.argmax(candidates, axis=2)
        # Untied orderings: one row per (deal, chosen hold, placement of its cards).
        deal, ordering = np.nonzero(~tied)
        hold = best[deal, ordering]
        keys, realisations = np.unique((deal * HOLDS + hold) * PLACEMENTS + PLACEMENT[hold, ordering],
                                       return_counts=True)
        row_deal, row_hold = np.divmod(keys // PLACEMENTS, HOLDS)
        rows = np.zeros_like(base, shape=(len(keys), *base.shape[1:]))
        rows[np.arange(len(keys)), row_hold] = base[row_deal, row_hold]
        wanted = (events.deal * HOLDS + events.mask) * PLACEMENTS + events.code
        at = np.minimum(np.searchsorted(keys, wanted), max(len(keys) - 1, 0))
        found = np.flatnonzero(keys[at] == wanted) if len(keys) else np.zeros(0, dtype=np.int64)
        _apply(rows, at[found], events.select(found), None)
        nobody = np.zeros(len(keys), dtype=bool)
        chosen = HoldChoice(row_hold, nobody, nobody, np.zeros(0, dtype=np.int64),
                            np.zeros((0, group_order), dtype=np.int64))
        totals.add(rows, chosen, weight_by_hold, sizes[row_deal], group_order, realisations)
        # Tied orderings: their full outcomes, and the tie rule.
        deal, ordering = np.nonzero(tied)
        if len(deal):
            full = base[deal]
            row, event = _pairs(events.deal, deal)
            on = events.code[event] == PLACEMENT[events.mask[event], ordering[row]]
            _apply(full, row[on], events.select(event[on]), None)
            totals.add(full, choose(full, deals[deal]), weight_by_hold, sizes[deal], group_order,
                       np.ones(len(deal), dtype=np.int64))

    def _events(self, deals: np.ndarray, base: np.ndarray) -> _Events:
        """Fold the witnesses disjoint from each deal into its draw-five hold (``base``, in place)
        and return the others as events, counted by (deal, placement, category change)."""
        at = self._positions(deals)  # (N, W, 5)
        meets = _meets(at)
        change = np.zeros((len(self.cards), base.shape[2]), dtype=np.int64)
        np.add.at(change, (np.arange(len(self.cards)), self.category), 1)
        np.subtract.at(change, (np.arange(len(self.cards)), self.base), 1)
        base[:, 0, :] += (~meets).astype(np.int64) @ change
        deal, w = np.nonzero(meets)
        places = at[deal, w].astype(np.int64)  # (E, 5)
        code = ((places + 1) * SIXES).sum(axis=1)
        n_categories = base.shape[2]
        key = ((deal * PLACEMENTS + code) * n_categories + self.category[w]) * n_categories + self.base[w]
        unique, weight = np.unique(key, return_counts=True)
        rest, old = np.divmod(unique, n_categories)
        rest, new = np.divmod(rest, n_categories)
        deal_u, code_u = np.divmod(rest, PLACEMENTS)
        return _Events(deal_u, code_u, _code_masks(code_u), new, old, weight)

    def _positions(self, deals: np.ndarray) -> np.ndarray:
        """``(N, W, 5)`` int8: the position in witness ``w`` of each card of each deal, or -1."""
        found: np.ndarray = self._place[deals].transpose(0, 2, 1)
        return found


@dataclass(frozen=True)
class _Events:
    """Witnesses meeting deals, counted: ``weight`` witnesses of deal ``deal`` reward the hold
    ``mask`` when the ordering puts its cards at the placement ``code``, moving one final hand
    each from category ``old`` to ``new``."""

    deal: np.ndarray
    code: np.ndarray
    mask: np.ndarray
    new: np.ndarray
    old: np.ndarray
    weight: np.ndarray

    def select(self, index: np.ndarray) -> _Events:
        return _Events(*(getattr(self, f)[index] for f in ("deal", "code", "mask", "new", "old", "weight")))


def _pairs(event_deal: np.ndarray, row_deal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (row, event) of one deal, for rows sorted by deal.

    >>> _pairs(np.array([0, 1, 1]), np.array([1, 1, 2]))
    (array([0, 1, 0, 1]), array([1, 1, 2, 2]))
    """
    first = np.searchsorted(row_deal, event_deal)
    per_event = np.searchsorted(row_deal, event_deal, side="right") - first
    event = np.repeat(np.arange(len(event_deal)), per_event)
    offset = np.arange(len(event)) - np.repeat(np.cumsum(per_event) - per_event, per_event)
    return first[event] + offset, event


def _apply(outcomes: np.ndarray, rows: np.ndarray, events: _Events, on: np.ndarray | None) -> None:
    """Move the final hands of the chosen events (all of ``events``, or those where ``on``)."""
    if on is not None:
        events = events.select(np.flatnonzero(on))
    np.add.at(outcomes, (rows, events.mask, events.new), events.weight)
    np.subtract.at(outcomes, (rows, events.mask, events.old), events.weight)


def _meets(at: np.ndarray) -> np.ndarray:
    """``(N, W)``: deal ``n`` shares a card with witness ``w``."""
    return np.asarray((at >= 0).any(axis=-1))


SIXES = 6 ** np.arange(HAND_SIZE, dtype=np.int64)
#: Placements of held cards: ``sum((position + 1) * 6**i)`` over the held cards ``i`` (sorted).
PLACEMENTS = 6**HAND_SIZE


def _placement_table() -> np.ndarray:
    """``PLACEMENT[mask, o]``: where ordering ``o`` puts the cards of hold ``mask``, as a code.

    >>> int(PLACEMENT[0b00001, 0]), int(PLACEMENT[0b00011, 0]), int(PLACEMENT[0, 7])
    (1, 13, 0)
    """
    bits = (np.arange(2**HAND_SIZE)[:, None] >> np.arange(HAND_SIZE)) & 1  # (32, 5)
    table: np.ndarray = (bits[:, None, :] * (POSITIONS[None] + 1) * SIXES).sum(axis=2)
    return table


def _code_masks(code: np.ndarray) -> np.ndarray:
    """The hold (bits) whose cards a placement code places."""
    digits = (np.asarray(code)[:, None] // SIXES) % 6
    masks: np.ndarray = ((digits > 0) << np.arange(HAND_SIZE)).sum(axis=1)
    return masks


PLACEMENT = _placement_table()


def _orders_of() -> np.ndarray:
    """``ORDERS_OF[code, o]``: whether ordering ``o`` puts cards at the placement ``code``."""
    table = np.zeros((PLACEMENTS, ORDERINGS), dtype=bool)
    for mask in range(HOLDS):
        table[PLACEMENT[mask], np.arange(ORDERINGS)] = True
    return table


ORDERS_OF = _orders_of()
