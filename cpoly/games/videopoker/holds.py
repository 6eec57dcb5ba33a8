"""Outcome counts of the 32 holds of many deals at once (the Sierpinski inclusion-exclusion).

Hold index convention: bit ``i`` of a hold index set = card ``i`` of the deal held (deals given
as rows; :func:`hold_counts` expects sorted rows).  Hold 0 discards everything, hold 31 keeps the
dealt hand.

For a hold keeping ``H`` and discarding ``D`` (``H + D`` = the deal), the final hands are the
hands containing ``H`` and none of ``D``::

    out[H] = sum over T with H <= T <= deal of (-1)**|T - H| * table[|T|][T]

computed bottom-up, one card position at a time (a superset Moebius transform).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from math import comb

import numpy as np

from cpoly.games.videopoker.combinatorics import colex_rank
from cpoly.games.videopoker.paytable import ScaledPays, TieRule
from cpoly.games.videopoker.tables import HAND_SIZE, SubsetTables

__all__ = [
    "HOLDS",
    "HoldChoice",
    "StackedTables",
    "choose_holds",
    "hold_counts",
    "hold_pay_matrix",
    "hold_sizes",
    "hold_weights",
    "rank_order_keys",
    "stacked_tables",
    "subset_indices",
]

HOLDS = 1 << HAND_SIZE


def hold_sizes() -> np.ndarray:
    """Number of cards kept by each hold index (popcount), int64.

    >>> hold_sizes()[[0, 1, 3, 31]].tolist()
    [0, 1, 2, 5]
    """
    return np.array([m.bit_count() for m in range(HOLDS)], dtype=np.int64)


def _held_positions(mask: int) -> list[int]:
    return [i for i in range(HAND_SIZE) if mask >> i & 1]


@dataclass(frozen=True, eq=False)
class StackedTables:
    """``counts[0..4]`` of :class:`SubsetTables` stacked into one array, with row offsets."""

    rows: np.ndarray
    offsets: np.ndarray
    categories: np.ndarray
    n_columns: int

    @classmethod
    def of(cls, tables: SubsetTables) -> StackedTables:
        """Stack the tables; int32 when every count fits (all counts are at most ``C(n, 5)``)."""
        rows, offsets = tables.stacked()
        if comb(tables.n, HAND_SIZE) < 2**31:
            rows = rows.astype(np.int32)
        return cls(rows, offsets, tables.categories, tables.n_columns)


_STACKED: weakref.WeakKeyDictionary[SubsetTables, StackedTables] = weakref.WeakKeyDictionary()


def stacked_tables(tables: SubsetTables) -> StackedTables:
    """:meth:`StackedTables.of`, remembered for as long as ``tables`` lives."""
    stacked = _STACKED.get(tables)
    if stacked is None:
        stacked = _STACKED[tables] = StackedTables.of(tables)
    return stacked


def subset_indices(deals: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Row of every held subset of every deal in the stacked tables, shape ``(N, 32)`` int64.

    Column 31 (all five held) is the deal's own colex rank among 5-card hands (no offset): it
    indexes the category array, not the stacked tables.
    """
    deals = np.asarray(deals)
    index = np.empty((deals.shape[0], HOLDS), dtype=np.int64)
    for mask in range(HOLDS):
        positions = _held_positions(mask)
        rank = colex_rank(deals[:, positions])
        index[:, mask] = rank if mask == HOLDS - 1 else rank + offsets[len(positions)]
    return index


def hold_counts(index: np.ndarray, stacked: StackedTables) -> np.ndarray:
    """Final-hand counts per category of the 32 holds of each deal, shape ``(N, 32, K + 1)``.

    Parameters
    ----------
    index : numpy.ndarray
        :func:`subset_indices` of sorted deals.
    stacked : StackedTables
        The game's tables.

    Notes
    -----
    The work is laid out hold-major, ``(32, N, K + 1)`` (the result is a transposed view), so
    each step of the transform subtracts one contiguous block from another.  Every intermediate
    value is a count of hands (containing some cards, avoiding others), so the transform never
    leaves ``0..C(n, 5)`` and runs in the stacked tables' dtype.
    """
    n_deals = index.shape[0]
    counts = np.empty((HOLDS, n_deals, stacked.n_columns), dtype=stacked.rows.dtype)
    np.take(stacked.rows, index[:, : HOLDS - 1].T, axis=0, out=counts[: HOLDS - 1])
    counts[HOLDS - 1] = 0
    counts[HOLDS - 1, np.arange(n_deals), stacked.categories[index[:, HOLDS - 1]]] = 1
    lattice = counts.reshape((2,) * HAND_SIZE + (n_deals, stacked.n_columns))
    for axis in range(HAND_SIZE):
        without: list[int | slice] = [slice(None)] * lattice.ndim
        with_card: list[int | slice] = [slice(None)] * lattice.ndim
        without[axis], with_card[axis] = 0, 1
        lattice[tuple(without)] -= lattice[tuple(with_card)]
    result: np.ndarray = counts.transpose(1, 0, 2)
    return result


def hold_pay_matrix(pays: ScaledPays) -> np.ndarray:
    """``matrix[m, c]``: scaled pay of category ``c`` as the final hand of hold ``m``.

    Every hold uses the ordinary pays except hold 31 (all five kept), which uses the dealt pays.
    """
    matrix = np.array([pays.pays] * HOLDS, dtype=np.int64)
    matrix[HOLDS - 1] = pays.dealt_pays
    return matrix


def hold_weights(weights: tuple[int, ...]) -> np.ndarray:
    """Draw weight of each hold index (``weights[d]`` for ``d`` discarded cards), int64."""
    by_hold: np.ndarray = np.array(weights, dtype=np.int64)[HAND_SIZE - hold_sizes()]
    return by_hold


@dataclass(frozen=True, eq=False)
class HoldChoice:
    """The chosen hold of each deal, and which deals had several maximal-EV holds.

    Attributes
    ----------
    best : numpy.ndarray
        Chosen hold index per deal (int64).
    tied : numpy.ndarray
        bool per deal: more than one hold reaches the maximal EV.
    ambiguous : numpy.ndarray
        bool per deal: the maximal-EV holds differ in their weighted outcome counts (the tie rule
        can change the game's figures).
    """

    best: np.ndarray
    tied: np.ndarray
    ambiguous: np.ndarray


def choose_holds(
    counts: np.ndarray,
    pay_matrix: np.ndarray,
    weight_by_hold: np.ndarray,
    rule: TieRule,
    deal_faces: np.ndarray | None = None,
) -> tuple[np.ndarray, HoldChoice]:
    """Exact EV numerators ``(N, 32)`` and the hold chosen by ``rule`` among the maximal ones.

    ``values[n, m] = weight[m] * sum_c counts[n, m, c] * pay_matrix[m, c]`` is hold ``m``'s EV
    times ``L * denominator`` (:func:`hold_pay_matrix`, :func:`hold_weights`), so EVs compare
    exactly as integers.  Hold indices refer to the deals' cards in increasing card order.
    ``deal_faces`` (``(N, 5)``, the faces of those cards) is used by :attr:`TieRule.RANK_ORDER`;
    without it that rule orders cards by card index (as :attr:`TieRule.FIRST`).
    """
    values = np.einsum("nmc,mc->nm", counts, pay_matrix) * weight_by_hold[None, :]
    best_value = values.max(axis=1)
    candidates = values == best_value[:, None]
    n_candidates = candidates.sum(axis=1)
    tied = n_candidates > 1
    best = np.argmax(candidates, axis=1).astype(np.int64)
    ambiguous = np.zeros(len(best), dtype=bool)
    rows = np.flatnonzero(tied)
    if len(rows):
        faces = None if deal_faces is None else np.asarray(deal_faces)[rows]
        best[rows], ambiguous[rows] = _break_ties(
            counts[rows], candidates[rows], pay_matrix, weight_by_hold, rule, faces
        )
    return values, HoldChoice(best, tied, ambiguous)


def rank_order_keys(deal_faces: np.ndarray | None, n_deals: int) -> np.ndarray:
    """``(N, 32)`` hold indices re-expressed with each deal's cards ordered by face.

    Cards of equal face keep their order (increasing card index).  Without faces every key is the
    hold index itself.

    >>> rank_order_keys(np.array([[9, 9, 4, 7, 0]]), 1)[0, [1, 2, 4, 16]].tolist()
    [8, 16, 2, 1]
    """
    masks = np.arange(HOLDS, dtype=np.int64)
    if deal_faces is None:
        return np.broadcast_to(masks, (n_deals, HOLDS))
    order = np.argsort(deal_faces, axis=1, kind="stable")
    rank_position = np.empty_like(order)
    np.put_along_axis(rank_position, order, np.arange(HAND_SIZE)[None, :], axis=1)
    keys = np.zeros((len(order), HOLDS), dtype=np.int64)
    for i in range(HAND_SIZE):
        keys += ((masks >> i) & 1)[None, :] << rank_position[:, i : i + 1]
    return keys


def _break_ties(
    counts: np.ndarray,
    candidates: np.ndarray,
    pay_matrix: np.ndarray,
    weight_by_hold: np.ndarray,
    rule: TieRule,
    deal_faces: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray]:
    weighted = counts * weight_by_hold[None, :, None]
    first = np.argmax(candidates, axis=1)
    reference = weighted[np.arange(len(first)), first]
    differs = ((weighted != reference[:, None, :]).any(axis=2) & candidates).any(axis=1)
    if rule is TieRule.FIRST:
        return first, differs
    if rule is TieRule.RANK_ORDER:
        key = rank_order_keys(deal_faces, len(first))
    elif rule in (TieRule.FEWEST_CARDS, TieRule.MOST_CARDS):
        sign = 1 if rule is TieRule.FEWEST_CARDS else -1
        key = sign * hold_sizes()[None, :]
    else:
        # Equal means: variance order = order of the second moments sum(w * count * pay**2).
        second = np.einsum("nmc,mc->nm", weighted, pay_matrix * pay_matrix)
        key = second if rule is TieRule.LOWEST_VARIANCE else -second
    big = np.iinfo(np.int64).max
    masked = np.where(candidates, key, big)
    return np.argmin(masked, axis=1).astype(np.int64), differs
