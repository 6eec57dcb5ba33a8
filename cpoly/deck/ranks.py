"""Rank multisets of unknown cards and the number of ways to suit them, for any deck of ranks.

A rank multiset of ``k`` cards is a row of counts, one per rank (13 by default), summing to
``k``.  Given how many copies of
each rank are still available, the number of ways to suit it (choose actual cards) is the product
of binomials ``prod_r C(available_r, m_r)``: :func:`suitings`.

>>> suitings(np.array([[0, 1, 2, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0]]),
...          np.array([4, 3, 4, 4, 3, 4, 4, 3, 4, 4, 4, 4, 4]))
array([162])
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

__all__ = ["IntArray", "feasible_multisets", "rank_multisets", "rank_sets", "suitings"]

IntArray = npt.NDArray[np.int64]


@cache
def _binomials(copies: int, size: int) -> IntArray:
    """``table[n, m] = C(n, m)`` for ``n <= copies``, ``m <= size``."""
    return np.array([[comb(n, m) for m in range(size + 1)] for n in range(copies + 1)], dtype=np.int64)


@cache
def rank_multisets(size: int, ranks: int = 13, copies: int = 4) -> IntArray:
    """All rank multisets of ``size`` cards with at most ``copies`` of a rank, as ``(n, ranks)``
    counts.

    >>> rank_multisets(5).shape
    (6175, 13)
    >>> rank_multisets(2, ranks=2, copies=1).tolist()
    [[1, 1]]
    """
    cards = _sorted_draws(size, ranks)
    counts = np.zeros((len(cards), ranks), dtype=np.int64)
    for column in cards.T:
        counts[np.arange(len(cards)), column] += 1
    counts = counts[(counts <= copies).all(axis=1)]
    counts.setflags(write=False)
    return counts


def _sorted_draws(size: int, ranks: int) -> IntArray:
    """``(n, size)``: every non-decreasing row of ``size`` ranks below ``ranks``, in the order of
    :func:`itertools.combinations_with_replacement` (each row extended by every rank from its
    last one up keeps that order).

    >>> from itertools import combinations_with_replacement
    >>> _sorted_draws(2, 3).tolist() == [list(c) for c in combinations_with_replacement(range(3), 2)]
    True
    """
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(size):
        low = rows[:, -1] if rows.shape[1] else np.zeros(len(rows), dtype=np.int64)
        repeat = ranks - low
        parent = np.repeat(np.arange(len(rows)), repeat)
        start = np.cumsum(repeat) - repeat
        rows = np.column_stack([rows[parent], np.arange(len(parent)) - start[parent] + low[parent]])
    return rows


@cache
def rank_sets(size: int, ranks: int = 13) -> IntArray:
    """All ``ranks``-bit masks with exactly ``size`` bits set (sets of distinct ranks).

    >>> rank_sets(2, ranks=3).tolist()
    [3, 5, 6]
    """
    masks = np.arange(1 << ranks, dtype=np.int64)
    chosen = masks[np.bitwise_count(masks) == size]
    chosen.setflags(write=False)
    return np.asarray(chosen, dtype=np.int64)


def suitings(multisets: npt.ArrayLike, available: npt.ArrayLike) -> IntArray:
    """Ways to choose actual cards for each rank multiset: ``prod_r C(available_r, m_r)``.

    Parameters
    ----------
    multisets
        ``(n, ranks)`` rank counts of the cards to deal.
    available
        ``(ranks,)`` copies of each rank still in the deck.

    Returns
    -------
    ``(n,)`` int64 counts; 0 where a rank is asked for more often than it is available.
    """
    counts = np.asarray(multisets, dtype=np.int64)
    avail = np.asarray(available, dtype=np.int64).ravel()
    table = _binomials(int(avail.max(initial=0)), int(counts.max(initial=0)))
    ways = np.ones(counts.shape[:-1], dtype=np.int64)
    for rank, copies in enumerate(avail.tolist()):
        ways *= table[copies][counts[..., rank]]
    return ways


def feasible_multisets(size: int, available: npt.ArrayLike) -> tuple[IntArray, IntArray]:
    """Rank multisets of ``size`` cards that can be dealt from ``available``, with their suitings."""
    avail = np.asarray(available, dtype=np.int64)
    multisets = rank_multisets(size, len(avail), int(avail.max(initial=0)))
    ways = suitings(multisets, avail)
    keep = ways > 0
    return multisets[keep], ways[keep]
