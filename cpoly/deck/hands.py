"""Hands as colex-ranked k-subsets of a deck: the one enumeration of hands in the project.

A *hand* is a sorted row of card indices ``0..n-1``.  Hands of one size are numbered by their
**colex rank** ``sum(C(c_i, i + 1))`` (``c_0 < c_1 < ...``), so the arrays produced here are
indexed by rank without any lookup structure.

>>> all_hands(4, 2).tolist()
[[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
>>> [chunk.tolist() for chunk in hand_chunks(4, 2, 4)]
[[[0, 1], [0, 2], [1, 2], [0, 3]], [[1, 3], [2, 3]]]
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb

import numpy as np

from cpoly.dag.memo import cached
from cpoly.errors import CpolyInputError

__all__ = ["all_hands", "check_size", "hand_chunks"]


def _card_dtype(n: int) -> type[np.signedinteger]:
    return np.int8 if n <= 127 else np.int16


def check_size(n: int, k: int) -> None:
    if not 0 <= k <= n:
        raise CpolyInputError(f"cannot choose {k} cards from a deck of {n}")
    if n > 32767:
        raise CpolyInputError(f"deck of {n} cards is too large")


@cached("hands.all_hands", 16)
def _all_hands_cached(n: int, k: int) -> np.ndarray:
    dtype = _card_dtype(n)
    rows = np.zeros((1, 0), dtype=dtype)  # the single 0-subset
    for size in range(1, k + 1):
        # colex: (size)-subsets of range(n) = for top = size-1..n-1, the (size-1)-subsets of
        # range(top) (a prefix of the previous list, C(top, size-1) rows) with top appended;
        # written block by block into the result (no index arrays as long as the result)
        grown = np.empty((comb(n, size), size), dtype=dtype)
        start = 0
        for top in range(size - 1, n):
            count = comb(top, size - 1)
            grown[start:start + count, :-1] = rows[:count]
            grown[start:start + count, -1] = top
            start += count
        rows = grown
    rows.setflags(write=False)
    return rows


def all_hands(n: int, k: int = 5) -> np.ndarray:
    """Every k-subset of ``range(n)`` as a sorted row, in colex order (read-only array).

    Parameters
    ----------
    n, k : int
        Deck size and hand size.

    Returns
    -------
    numpy.ndarray
        Shape ``(C(n, k), k)``, dtype int8 (int16 for decks over 127 cards); row ``r`` is the
        hand of colex rank ``r``.

    >>> all_hands(5, 3)[:4].tolist()
    [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
    """
    check_size(n, k)
    return _all_hands_cached(n, k)


def hand_chunks(n: int, k: int, chunk: int) -> Iterator[np.ndarray]:
    """Every k-subset of ``range(n)`` in colex order, ``chunk`` rows at a time (bounded memory:
    the hands of the largest card are the (k-1)-subsets of the cards below it)."""
    check_size(n, k)
    if k == 0:
        yield np.zeros((1, 0), dtype=_card_dtype(n))
        return
    pending: list[np.ndarray] = []
    held = 0
    for last in range(k - 1, n):
        lower = all_hands(last, k - 1)
        for start in range(0, len(lower), chunk):
            block = lower[start:start + chunk]
            tail = np.full((len(block), 1), last, dtype=_card_dtype(n))
            pending.append(np.concatenate([block.astype(_card_dtype(n)), tail], axis=1))
            held += len(block)
            if held >= chunk:
                rows = np.concatenate(pending)
                while len(rows) >= chunk:
                    yield rows[:chunk]
                    rows = rows[chunk:]
                pending, held = ([rows], len(rows)) if len(rows) else ([], 0)
    if held:
        yield np.concatenate(pending)
