"""Hands as colex-ranked k-subsets of a deck: ranks, binomials, and the enumeration itself.

A *hand* is a sorted row of card indices ``0..n-1``.  Hands of one size are numbered by their
**colex rank** ``sum(C(c_i, i + 1))`` (``c_0 < c_1 < ...``), so arrays indexed by rank need no
lookup structure.  The enumeration in that order is :func:`cpoly.deck.hands.all_hands`.

>>> all_hands(4, 2).tolist()
[[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
>>> colex_rank(all_hands(4, 2)).tolist()
[0, 1, 2, 3, 4, 5]
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from cpoly.deck.hands import all_hands

__all__ = ["all_hands", "binomial_table", "colex_rank"]


@lru_cache(maxsize=8)
def binomial_table(n: int, k: int) -> np.ndarray:
    """``table[i, c] = C(c, i)`` for ``i <= k`` and ``c < n``, int64 (read-only).

    >>> binomial_table(5, 2)[2].tolist()
    [0, 0, 1, 3, 6]
    """
    table = np.array([[comb(c, i) for c in range(n)] for i in range(k + 1)], dtype=np.int64)
    table.setflags(write=False)
    return table


def colex_rank(hands: np.ndarray) -> np.ndarray:
    """Colex rank ``sum(C(c_i, i + 1))`` of each sorted row (int64).

    Parameters
    ----------
    hands : numpy.ndarray
        Shape ``(..., k)``, each row strictly increasing card indices.

    >>> colex_rank(np.array([[0, 1, 2], [1, 2, 3], [0, 1, 4]])).tolist()
    [0, 3, 4]
    """
    hands = np.asarray(hands)
    k = hands.shape[-1]
    if k == 0:
        return np.zeros(hands.shape[:-1], dtype=np.int64)
    n = int(hands.max()) + 1 if hands.size else 1
    table = binomial_table(max(n, k + 1), k)
    rank = np.zeros(hands.shape[:-1], dtype=np.int64)
    for i in range(k):
        rank += table[i + 1][hands[..., i]]
    return rank

