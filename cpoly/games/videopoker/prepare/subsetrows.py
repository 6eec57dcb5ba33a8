"""Where the held subsets of many deals are in the stacked subset tables, and their 32 holds'
outcome counts (the Sierpinski inclusion-exclusion over rows of many deals at once).

Hold index convention (:mod:`~cpoly.games.videopoker.hold.lattice`): bit ``i`` of a hold index =
card ``i`` of the deal held (deals given as rows; :func:`hold_counts` expects sorted rows).  Hold
0 discards everything, hold 31 keeps the dealt hand.

The tables of every subset size are stacked into one array (:class:`StackedTables`); a deal's
subsets are found by colex rank (:func:`subset_indices`, :func:`held_subset_rows`), and
:func:`hold_counts` gathers their rows and applies the inclusion-exclusion
(:func:`~cpoly.games.videopoker.prepare.tables.exclude_discards`).

>>> deals, offsets = np.array([[0, 1, 2, 3, 5]]), np.array([0, 1, 7, 22, 42])
>>> subset_indices(deals, offsets)[0, [0, 1, 2, 3, 31]].tolist()      # {}, {0}, {1}, {0, 1}, the deal
[0, 1, 2, 7, 1]
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from math import comb
from typing import Protocol

import numpy as np

from cpoly.deck.subsets import binomial_table
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS, held_positions
from cpoly.games.videopoker.prepare.tables import SubsetTables, exclude_discards
from cpoly.scale.parallel import map_chunks

__all__ = ["CountTables", "StackedTables", "held_subset_rows", "hold_counts", "stacked_tables", "subset_indices"]


class CountTables(Protocol):
    """Tables of category counts per subset size (:class:`SubsetTables`, or a deck with copies'
    :class:`~cpoly.games.videopoker.prepare.copytables.MultisetTables`)."""

    @property
    def n(self) -> int: ...
    @property
    def n_columns(self) -> int: ...
    @property
    def counts(self) -> tuple[np.ndarray, ...]: ...
    @property
    def categories(self) -> np.ndarray: ...


@dataclass(frozen=True, eq=False)
class StackedTables:
    """``counts[0..4]`` of :class:`SubsetTables` stacked into one array, with row offsets."""

    rows: np.ndarray
    offsets: np.ndarray
    categories: np.ndarray
    n_columns: int

    @classmethod
    def of(cls, tables: CountTables) -> StackedTables:
        """Stack the tables with the row offset of each subset size; int32 when every count fits
        (all counts are at most ``C(n, 5)``)."""
        offsets = np.cumsum([0] + [len(t) for t in tables.counts[:-1]]).astype(np.int64)
        rows = np.concatenate(tables.counts, axis=0)
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


def subset_indices(deals: np.ndarray, offsets: np.ndarray, repeats: bool = False) -> np.ndarray:
    """Row of every held subset of every deal in the stacked tables, shape ``(N, 32)`` int64.

    Column 31 (all five held) is the deal's own colex rank among 5-card hands (no offset): it
    indexes the category array, not the stacked tables.  A subset's colex rank is
    ``sum(C(card, slot + 1))`` over its cards in increasing order, so the 25 binomials
    ``C(deal[:, position], slot + 1)`` are looked up once and each rank is a sum of them.
    With ``repeats`` the deals are sorted rows of card values (decks with copies) and the ranks
    those of sub-multisets (:func:`~cpoly.games.videopoker.prepare.multiset.multiset_rank`: the colex
    rank of ``row + (0, 1, 2, ...)``, so slot ``s`` reads ``C(value + s, s + 1)``).

    >>> from cpoly.games.videopoker.prepare.multiset import multiset_rank
    >>> deals, offsets = np.array([[0, 0, 1, 3, 3]]), np.array([0, 1, 5, 15, 35])
    >>> int(subset_indices(deals, offsets, repeats=True)[0, 0b11000]) == 5 + int(multiset_rank(deals[:, 3:])[0])
    True
    """
    deals = np.asarray(deals, dtype=np.int64)
    n_cards = int(deals.max()) + 1 if deals.size else HAND_SIZE
    shift = HAND_SIZE - 1 if repeats else 0
    table = binomial_table(max(n_cards + shift, HAND_SIZE + 1), HAND_SIZE)
    binomials = [[table[slot + 1][deals[:, position] + (slot if repeats else 0)] for position in range(HAND_SIZE)]
                 for slot in range(HAND_SIZE)]
    index = np.empty((deals.shape[0], HOLDS), dtype=np.int64)
    for mask in range(HOLDS):
        positions = held_positions(mask)
        column = index[:, mask]
        column[:] = 0 if mask == HOLDS - 1 else offsets[len(positions)]
        for slot, position in enumerate(positions):
            column += binomials[slot][position]
    return index


def held_subset_rows(deals: np.ndarray, offsets: np.ndarray, fours: np.ndarray | None = None) -> np.ndarray:
    """Row of every held subset (holds 0..30) of every sorted deal, hold-major ``(31, N)`` int32:
    :func:`subset_indices` transposed, without the dealt hand's column, on the thread pool.

    With ``fours`` (``(N, 5)``: the row among the four-card rows of the deal without card
    ``i``, suit-class tables), the four-card holds read it instead of a colex rank.

    >>> deals = np.array([[0, 1, 2, 3, 5]])
    >>> offsets = np.array([0, 1, 7, 22, 42])
    >>> np.array_equal(held_subset_rows(deals, offsets), subset_indices(deals, offsets)[:, :31].T)
    True
    """
    deals = np.asarray(deals)
    n_cards = int(deals.max()) + 1 if deals.size else HAND_SIZE
    if int(offsets[-1]) + comb(max(n_cards, HAND_SIZE), HAND_SIZE - 1) >= 2**31:
        raise ValueError("subset rows beyond int32")  # decks of over 400 cards
    rows = np.empty((HOLDS - 1, len(deals)), dtype=np.int32)

    def run(start: int, stop: int) -> None:
        rows[:, start:stop] = subset_indices(deals[start:stop], offsets)[:, : HOLDS - 1].T
        if fours is not None:  # hold 31 - 2**i keeps every card but card i
            rows[HOLDS - 1 - (1 << np.arange(HAND_SIZE)), start:stop] = (fours[start:stop] + offsets[HAND_SIZE - 1]).T

    map_chunks(run, len(deals), HELD_CHUNK)
    return rows


#: Deals per chunk of :func:`held_subset_rows` on the thread pool (about 600 bytes of int64
#: temporaries a deal, per thread).
HELD_CHUNK = 1 << 12


def hold_counts(index: np.ndarray, stacked: StackedTables) -> np.ndarray:
    """Final-hand counts per category of the 32 holds of each deal, shape ``(N, 32, K + 1)``,
    from the :func:`subset_indices` ``index`` of sorted deals and the game's ``stacked`` tables.

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
    return exclude_discards(counts)
