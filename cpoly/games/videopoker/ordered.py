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
* the 120 orderings of ``D`` are grouped by the set of events they satisfy (a bitmask each,
  vectorised over deals), so a deal class becomes one row per distinct event set, weighed by
  its number of orderings — one row for most deals, and at most 120.

The tie rules and totals then run unchanged on outcome counts in ordered draws.

>>> common, weights = ordered_draw_weights(52)      # (47)_5, and per discards d: (47)_5 / (47)_d
>>> common, weights[0], weights[1], weights[5]
(184072680, 184072680, 3916440, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations
from math import factorial, perm

import numpy as np

from cpoly.errors import CpolyTooLarge
from cpoly.games.videopoker.holds import hold_sizes
from cpoly.games.videopoker.tables import HAND_SIZE

__all__ = ["MAX_EVENTS", "ORDERINGS", "OrderedHands", "ordered_draw_weights", "to_ordered_draws"]

#: The most witnesses one deal may meet (an ordering's satisfied events are an int64 bitmask).
MAX_EVENTS = 62
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
        at = self._positions(np.sort(given)[None])
        meets = _meets(at)
        self._fold_disjoint(result, meets)
        events = np.flatnonzero(meets[0])
        places = at[:, events]  # (1, e, 5)
        ordering = int(np.flatnonzero((POSITIONS == np.argsort(given)).all(axis=1))[0])
        satisfied = int(_satisfied_events(places)[0, ordering])
        on = np.array([j for j in range(len(events)) if satisfied >> j & 1], dtype=np.int64)
        self._move(result, np.zeros(len(on), dtype=np.int64), _hold_masks(places[0, on]), events[on])
        outcomes: np.ndarray = result[0]
        return outcomes

    # ---- deal classes (full analysis) -----------------------------------------------------------
    def expand(self, counts: np.ndarray, deals: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Rows of ordered outcomes for sorted ``deals`` ``(N, 5)`` and their unordered outcomes.

        Returns ``(rows, deal_of_row, orderings)``: ``rows`` ``(R, 32, K + 1)`` in ordered draws,
        the deal each row belongs to, and how many of that deal's 120 orderings it stands for.
        """
        base = to_ordered_draws(counts)
        at = self._positions(deals)
        meets = _meets(at)
        self._fold_disjoint(base, meets)
        n_events = meets.sum(axis=1)
        if n_events.max(initial=0) > MAX_EVENTS:
            raise CpolyTooLarge(f"a deal meets {int(n_events.max())} hands of the position-dependent "
                                f"categories {', '.join(self.names)}; at most {MAX_EVENTS} are supported")
        parts = [self._rows_with(base, at, meets, np.flatnonzero(n_events == e), e)
                 for e in np.unique(n_events).tolist()]
        rows = np.concatenate([p[0] for p in parts])
        return rows, np.concatenate([p[1] for p in parts]), np.concatenate([p[2] for p in parts])

    def _positions(self, deals: np.ndarray) -> np.ndarray:
        """``(N, W, 5)`` int8: the position in witness ``w`` of each card of each deal, or -1."""
        found: np.ndarray = self._place[deals].transpose(0, 2, 1)
        return found

    def _fold_disjoint(self, base: np.ndarray, meets: np.ndarray) -> None:
        """Witnesses sharing no card with a deal (``meets[n, w]`` false) change its draw-five
        hold, whatever the order."""
        rows, w = np.nonzero(~meets)
        self._move(base, rows, np.zeros(len(rows), dtype=np.int64), w)

    def _move(self, outcomes: np.ndarray, rows: np.ndarray, holds: np.ndarray, w: np.ndarray) -> None:
        """For each (row, hold, witness): one final hand leaves the witness's unordered category
        for its ordered one."""
        np.add.at(outcomes, (rows, holds, self.category[w]), 1)
        np.subtract.at(outcomes, (rows, holds, self.base[w]), 1)

    def _rows_with(self, base: np.ndarray, at: np.ndarray, meets: np.ndarray, deals: np.ndarray,
                   n_events: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The rows of the deals meeting ``n_events`` witnesses: one per set of events that some
        of a deal's orderings satisfy, with the number of those orderings."""
        events = np.nonzero(meets[deals])[1].reshape(len(deals), n_events)  # witness ids
        places = at[deals[:, None], events]  # (M, e, 5)
        deal_index, chosen, orderings = _event_sets(_satisfied_events(places))
        rows = base[deals[deal_index]]
        masks = _hold_masks(places)  # (M, e) the hold each event rewards
        for j in range(n_events):
            on = np.flatnonzero(chosen >> j & 1)
            self._move(rows, on, masks[deal_index[on], j], events[deal_index[on], j])
        return rows, deals[deal_index], orderings


def _meets(at: np.ndarray) -> np.ndarray:
    """``(N, W)``: deal ``n`` shares a card with witness ``w``."""
    return np.asarray((at >= 0).any(axis=-1))


def _hold_masks(at: np.ndarray) -> np.ndarray:
    """The hold (bits on the sorted deal) keeping exactly the cards placed by each event."""
    masks: np.ndarray = ((at >= 0) << np.arange(HAND_SIZE)).sum(axis=-1)
    return masks


def _event_sets(satisfied: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct event sets of each deal's orderings: ``(deal, event set, orderings)`` rows
    from the ``(M, 120)`` bitmasks (sorted per deal; each run of equal masks is one row).

    >>> _event_sets(np.array([[0] * 96 + [1] * 24, [0] * 120]))
    (array([0, 0, 1]), array([0, 1, 0]), array([ 96,  24, 120]))
    """
    ordered = np.sort(satisfied, axis=1)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    flat = np.flatnonzero(starts)
    deal_index, column = np.divmod(flat, ORDERINGS)
    orderings = np.diff(np.append(flat, ordered.size))
    return deal_index, ordered[deal_index, column], orderings


def _ordering_words() -> np.ndarray:
    """``(5, 6, 2)`` uint64: for card ``i`` and needed position ``p`` (index ``p + 1``; 0 = any),
    the orderings putting it there, as a 128-bit set (bit ``o`` = ordering ``o``)."""
    words = np.zeros((HAND_SIZE, HAND_SIZE + 1, 2), dtype=np.uint64)
    for o, positions in enumerate(POSITIONS.tolist()):
        bit = np.uint64(1) << np.uint64(o % 64)
        for i, p in enumerate(positions):
            for needed in (0, p + 1):
                words[i, needed, o // 64] |= bit
    return words


ORDERING_WORDS = _ordering_words()


def _satisfied_events(places: np.ndarray) -> np.ndarray:
    """``(M, 120)``: for each deal and ordering, the bitmask of the events it satisfies.

    ``places[m, j, i]`` is the position event ``j`` of deal ``m`` needs its ``i``-th card at
    (-1: any); ordering ``o`` puts card ``i`` at ``POSITIONS[o, i]``.  Each event's orderings
    are the AND of its cards' ordering sets (:data:`ORDERING_WORDS`).

    Card 0 at position 0 (event 0); card 1 at position 1 (event 1) or at position 0 (event 2):

    >>> places = np.array([[[0, -1, -1, -1, -1], [-1, 1, -1, -1, -1], [-1, 0, -1, -1, -1]]])
    >>> np.bincount(_satisfied_events(places)[0], minlength=8).tolist()   # sets {}, {0}, {1}, …
    [54, 18, 18, 6, 24, 0, 0, 0]
    """
    words = ORDERING_WORDS[np.arange(HAND_SIZE), places.astype(np.int64) + 1]  # (M, e, 5, 2)
    both = np.bitwise_and.reduce(words, axis=2)  # (M, e, 2)
    fits = np.unpackbits(both.astype("<u8").view(np.uint8), axis=2, bitorder="little")[:, :, :ORDERINGS]
    bits = np.int64(1) << np.arange(places.shape[1], dtype=np.int64)
    satisfied: np.ndarray = (fits.astype(np.int64) * bits[None, :, None]).sum(axis=1)
    return satisfied
