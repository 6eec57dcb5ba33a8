"""Rank multisets of unknown board cards and the number of ways to suit them.

A rank multiset of ``k`` cards is a row of 13 counts summing to ``k``.  Given how many copies of
each rank are still available, the number of ways to suit it (choose actual cards) is the product
of binomials ``prod_r C(available_r, m_r)``: :func:`suitings`.

>>> suitings(np.array([[0, 1, 2, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0]]),
...          np.array([4, 3, 4, 4, 3, 4, 4, 3, 4, 4, 4, 4, 4]))
array([162])
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
_BINOM = np.array([[comb(n, m) for m in range(6)] for n in range(5)], dtype=np.int64)


@cache
def rank_multisets(size: int) -> IntArray:
    """All rank multisets of ``size`` cards with at most 4 of a rank, as ``(n, 13)`` counts.

    >>> rank_multisets(5).shape
    (6175, 13)
    """
    rows = [np.bincount(np.array(c, dtype=np.int64), minlength=13)
            for c in combinations_with_replacement(range(13), size)]
    counts = np.array(rows, dtype=np.int64).reshape(-1, 13)
    counts = counts[(counts <= 4).all(axis=1)]
    counts.setflags(write=False)
    return counts


@cache
def rank_sets(size: int) -> IntArray:
    """All 13-bit masks with exactly ``size`` bits set (sets of distinct ranks)."""
    masks = np.arange(8192, dtype=np.int64)
    popcount = ((masks[:, None] >> np.arange(13)) & 1).sum(axis=1)
    chosen = masks[popcount == size]
    chosen.setflags(write=False)
    return np.asarray(chosen, dtype=np.int64)


def suitings(multisets: npt.ArrayLike, available: npt.ArrayLike) -> IntArray:
    """Ways to choose actual cards for each rank multiset: ``prod_r C(available_r, m_r)``.

    Parameters
    ----------
    multisets
        ``(n, 13)`` rank counts of the cards to deal.
    available
        ``(13,)`` copies of each rank still in the deck (0..4).

    Returns
    -------
    ``(n,)`` int64 counts; 0 where a rank is asked for more often than it is available.
    """
    counts = np.asarray(multisets, dtype=np.int64)
    avail = np.asarray(available, dtype=np.int64)
    ways = _BINOM[np.broadcast_to(avail, counts.shape), np.minimum(counts, 5)]
    return np.asarray(np.prod(ways, axis=-1), dtype=np.int64)


def feasible_multisets(size: int, available: npt.ArrayLike) -> tuple[IntArray, IntArray]:
    """Rank multisets of ``size`` cards that can be dealt from ``available``, with their suitings."""
    multisets = rank_multisets(size)
    ways = suitings(multisets, available)
    keep = ways > 0
    return multisets[keep], ways[keep]
