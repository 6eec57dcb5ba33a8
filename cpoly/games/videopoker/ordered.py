"""Optimal play of ordered deals: categories that pay by where the cards lie.

In an ``ordered`` game (the sequential royal) a final hand's category may depend on the order
of its cards.  Drawn cards fill the discarded positions, so an ordered hold of ``k`` discards
has ``(n - 5)_k`` equally likely ordered draws.

The method adds corrections to the unordered analysis instead of enumerating the 120
orderings of every deal:

* the **witnesses** are the few ordered hands whose category differs from the category of
  the same cards unordered (position-dependent categories ignored); the engine finds them
  (:mod:`cpoly.positions`);
* a witness ``W`` changes the outcome of hold ``H`` of an ordered deal ``D`` exactly when the
  cards of ``D`` that lie in ``W`` are the held ones, each at its position in ``W`` (the drawn
  cards then fill the other positions, and one ordered draw of ``(n - 5)_k`` gives ``W``);
* so a witness disjoint from ``D`` corrects the draw-five hold of every ordering alike, and a
  witness meeting ``D`` is an **event** of ``D`` that an ordering either satisfies or not;
* the orderings of ``D`` that satisfy exactly the events ``A`` are counted by
  inclusion–exclusion: a set ``T`` of events fixes ``p`` cards to positions (or conflicts), and
  ``(5 - p)!`` orderings satisfy all of ``T``.

Each deal class then becomes one row per event set ``A`` with orderings, weighed by their
number, and the tie rules and totals run unchanged on outcome counts in ordered draws.

>>> common, weights = ordered_draw_weights(52)      # (47)_5, and per discards d: (47)_5 / (47)_d
>>> common, weights[0], weights[1], weights[5]
(184072680, 184072680, 3916440, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import factorial, perm

import numpy as np

from cpoly.errors import CpolyTooLarge
from cpoly.games.videopoker.holds import hold_sizes
from cpoly.games.videopoker.tables import HAND_SIZE

__all__ = ["MAX_EVENTS", "ORDERINGS", "OrderedHands", "ordered_draw_weights", "to_ordered_draws"]

#: The most witnesses one deal may meet (its rows grow as 2**events).
MAX_EVENTS = 12
ORDERINGS = factorial(HAND_SIZE)


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
    """

    cards: np.ndarray
    category: np.ndarray
    base: np.ndarray
    names: tuple[str, ...]

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
        cards = np.sort(np.asarray(deal, dtype=np.int64))
        result = to_ordered_draws(counts[None])
        at = self._positions(cards[None])
        self._fold_disjoint(result, _meets(at))
        at = at[0]  # (W, 5): position in W of each sorted card, or -1
        placed = np.asarray(deal)[np.where(at >= 0, at, 0)] == cards[None, :]
        active = np.flatnonzero((at >= 0).any(axis=1) & np.where(at >= 0, placed, True).all(axis=1))
        self._move(result, np.zeros(len(active), dtype=np.int64), _hold_masks(at[active]), active)
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
        """``(N, W, 5)``: the position in witness ``w`` of each card of each deal, or -1."""
        same = deals[:, None, :, None] == self.cards[None, :, None, :]
        found: np.ndarray = np.where(same.any(axis=3), same.argmax(axis=3), -1)
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
        """The rows of the deals meeting ``n_events`` witnesses: one per satisfiable event set."""
        events = np.nonzero(meets[deals])[1].reshape(len(deals), n_events)  # witness ids
        places = at[deals[:, None], events]  # (M, e, 5)
        exact = _exact_orderings(places)  # (M, 2**e)
        deal_index, chosen = np.nonzero(exact)
        rows = base[deals[deal_index]].copy()
        masks = _hold_masks(places)  # (M, e) the hold each event rewards
        for j in range(n_events):
            on = np.flatnonzero(chosen >> j & 1)
            self._move(rows, on, masks[deal_index[on], j], events[deal_index[on], j])
        return rows, deals[deal_index], exact[deal_index, chosen]


def _meets(at: np.ndarray) -> np.ndarray:
    """``(N, W)``: deal ``n`` shares a card with witness ``w``."""
    return np.asarray((at >= 0).any(axis=-1))


def _hold_masks(at: np.ndarray) -> np.ndarray:
    """The hold (bits on the sorted deal) keeping exactly the cards placed by each event."""
    masks: np.ndarray = ((at >= 0) << np.arange(HAND_SIZE)).sum(axis=-1)
    return masks


def _exact_orderings(places: np.ndarray) -> np.ndarray:
    """``(M, 2**e)``: orderings of each deal satisfying exactly each set of its ``e`` events.

    ``places[m, j, i]`` is the position event ``j`` puts card ``i`` at (-1: none).  A set of
    events is satisfiable when no card gets two positions and no position two cards; it then
    fixes ``p`` cards and ``(5 - p)!`` orderings satisfy it (a superset Moebius transform
    turns "at least" into "exactly").

    Card 0 at position 0, and card 1 at position 1 or at position 0 (clashing with the first):

    >>> places = np.array([[[0, -1, -1, -1, -1], [-1, 1, -1, -1, -1], [-1, 0, -1, -1, -1]]])
    >>> _exact_orderings(places)[0].tolist()    # event sets {}, {0}, {1}, {0,1}, {2}, ...
    [54, 18, 18, 6, 24, 0, 0, 0]
    """
    m, e, _ = places.shape
    at_least = np.zeros((m, 1 << e), dtype=np.int64)
    big = HAND_SIZE
    for subset in range(1 << e):
        chosen = places[:, [j for j in range(e) if subset >> j & 1], :]
        low = np.where(chosen >= 0, chosen, big).min(axis=1, initial=big)
        high = chosen.max(axis=1, initial=-1)
        fixed = np.where(high >= 0, high, -1)
        card_clash = ((high >= 0) & (low != high)).any(axis=1)
        pairs = (fixed[:, :, None] == fixed[:, None, :]) & (fixed[:, :, None] >= 0)
        position_clash = (pairs.sum(axis=(1, 2)) > (fixed >= 0).sum(axis=1))
        free = HAND_SIZE - (fixed >= 0).sum(axis=1)
        factorials = np.array([factorial(k) for k in range(HAND_SIZE + 1)], dtype=np.int64)
        at_least[:, subset] = np.where(card_clash | position_clash, 0, factorials[free])
    exact = at_least
    for j in range(e):
        bit = 1 << j
        for subset in range(1 << e):
            if not subset & bit:
                exact[:, subset] -= exact[:, subset | bit]
    if (exact < 0).any() or (exact.sum(axis=1) != ORDERINGS).any():
        raise AssertionError("ordering counts do not add up to 120 per deal")
    return exact

