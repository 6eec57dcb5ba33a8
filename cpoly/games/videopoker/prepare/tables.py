"""Per-subset category tables (the generic formulas' arrays #1 to #6), and the 32 holds of deals
read from them (the inclusion-exclusion on NumPy arrays).

For ``j = 0..4`` and every j-subset ``S`` of the deck (indexed by its colex rank),
``tables.counts[j][rank(S), c]`` is the number of 5-card hands of category ``c`` that contain
``S``.  The table for ``j = 5`` (a one-hot row per hand) is not stored: it is the category array
itself.  A hold's final hands are those containing its cards and none of the deal's others:
:func:`exclude_discards` reads the one table of that inclusion-exclusion
(:data:`~cpoly.games.videopoker.hold.lattice.DISCARD_STEPS`) on many deals at once.

>>> import numpy as np
>>> from cpoly.deck.subsets import all_hands
>>> hands = all_hands(7, 5)
>>> categories = (hands[:, 0] == 0).astype(np.int64)   # category 0: hands holding card 0
>>> tables = build_tables(categories, n=7, n_columns=2)
>>> tables.counts[0].tolist()
[[6, 15]]
>>> tables.counts[1][0].tolist()                        # hands containing card 0
[0, 15]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import cached_property
from math import comb

import numpy as np

from cpoly.deck.hands import hand_chunks
from cpoly.deck.subsets import all_hands, binomial_table, colex_rank
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.lattice import DISCARD_STEPS, HAND_SIZE, HOLDS, held_positions
from cpoly.scale.parallel import map_chunks

__all__ = ["HandCategories", "SubsetTables", "build_tables", "check_categories", "exclude_discards",
           "shrink_by_supersets"]

#: The category of each sorted five-card hand (rows of card indices), for tables that do not
#: keep a category per hand.
HandCategories = Callable[[np.ndarray], np.ndarray]


class SubsetTables:
    """Category counts of every subset of up to four cards, plus the category of every hand.

    Attributes
    ----------
    n, n_columns : int
        Deck size; number of categories including "nothing" (``K + 1``).
    counts : tuple of numpy.ndarray
        ``counts[j]`` has shape ``(C(n, j), n_columns)``, int64, for ``j = 0..4``.
    categories : numpy.ndarray
        Category of every 5-card hand by colex rank (the ``j = 5`` table); given as an array,
        or as a function of sorted hands (:data:`HandCategories`, the suit-class path) and then
        listed for every hand only when asked for.
    faces : numpy.ndarray or None
        Face of every card, when known (for the ``rank-order`` tie rule).
    """

    def __init__(self, n: int, n_columns: int, counts: tuple[np.ndarray, ...],
                 categories: np.ndarray | HandCategories, faces: np.ndarray | None = None) -> None:
        self.n = n
        self.n_columns = n_columns
        self.counts = counts
        self.faces = faces
        self._categories = categories

    @cached_property
    def categories(self) -> np.ndarray:
        """The category of every five-card hand by colex rank."""
        if isinstance(self._categories, np.ndarray):
            return self._categories
        return np.concatenate([self._categories(rows) for rows in hand_chunks(self.n, HAND_SIZE, 1 << 19)])

    def hand_categories(self, hands: np.ndarray) -> np.ndarray:
        """The category of each sorted hand (rows of five card indices)."""
        if isinstance(self._categories, np.ndarray):
            result: np.ndarray = self._categories[colex_rank(hands)]
            return result
        return self._categories(hands)

    def containing(self, cards: Sequence[int]) -> np.ndarray:
        """Hands of each category containing all of ``cards`` (0 to 5 distinct cards).

        >>> tables = build_tables(np.zeros(21, dtype=np.int64), n=7, n_columns=1)
        >>> [int(tables.containing(c)[0]) for c in ([], [3], [3, 5], [0, 1, 2, 3, 4])]
        [21, 15, 10, 1]
        """
        chosen = sorted(int(c) for c in cards)
        if len(chosen) > HAND_SIZE or len(set(chosen)) != len(chosen) or any(not 0 <= c < self.n for c in chosen):
            raise CpolyInputError(f"cannot look up the cards {list(cards)!r} in a {self.n}-card deck")
        if len(chosen) == HAND_SIZE:
            one_hot: np.ndarray = np.eye(self.n_columns, dtype=np.int64)[self.hand_categories(np.array([chosen]))[0]]
            return one_hot
        result: np.ndarray = self.counts[len(chosen)][int(colex_rank(np.array(chosen, dtype=np.int64)))].copy()
        return result

    def deal_hold_counts(self, cards: np.ndarray) -> np.ndarray:
        """Final-hand counts per category of the 32 holds of one sorted deal, ``(32, K + 1)``
        int64, read from the per-size tables directly (no stacked copy of them: one ``hold``
        from a new process).

        >>> tables = build_tables(np.arange(252) % 2, n=10, n_columns=2)
        >>> tables.deal_hold_counts(np.arange(5)).sum(axis=1)[[0, 1, 31]].tolist()
        [1, 5, 1]
        """
        counts = np.zeros((HOLDS, 1, self.n_columns), dtype=np.int64)
        for mask in range(HOLDS - 1):
            held = cards[held_positions(mask)]
            counts[mask, 0] = self.counts[len(held)][int(colex_rank(held))]
        counts[HOLDS - 1, 0, int(self.hand_categories(cards[None, :])[0])] = 1
        result: np.ndarray = exclude_discards(counts)[0]
        return result


def exclude_discards(counts: np.ndarray) -> np.ndarray:
    """The inclusion-exclusion in place on hold-major ``(32, N, K + 1)`` counts of the hands
    containing each hold's cards; returns the ``(N, 32, K + 1)`` view of the final counts.

    Each step of :data:`~cpoly.games.videopoker.hold.lattice.DISCARD_STEPS` subtracts row
    ``low | bit`` from row ``low`` for every ``low`` without ``bit``: in the hold-major array
    those rows are two strided views (holds as ``(32 / 2 bit, 2, bit)``, the middle axis the
    card), so a step is one subtraction of whole blocks.

    >>> counts = np.ones((HOLDS, 1, 1), dtype=np.int64)
    >>> exclude_discards(counts)[0, [0, 31], 0].tolist()
    [0, 1]
    """
    n_deals, n_columns = counts.shape[1:]
    for bit, _ in DISCARD_STEPS:
        lattice = counts.reshape(HOLDS // (2 * bit), 2, bit, n_deals, n_columns)
        lattice[:, 0] -= lattice[:, 1]
    result: np.ndarray = counts.transpose(1, 0, 2)
    return result


def check_categories(categories: np.ndarray, n: int, n_columns: int) -> np.ndarray:
    """Validate a category array (one entry per 5-card hand, values ``0..n_columns-1``)."""
    categories = np.asarray(categories)
    expected = comb(n, HAND_SIZE)
    if categories.ndim != 1 or categories.shape[0] != expected:
        raise CpolyInputError(
            f"category array has shape {categories.shape}, expected ({expected},) for {n} cards"
        )
    if not np.issubdtype(categories.dtype, np.integer):
        raise CpolyInputError(f"category array has dtype {categories.dtype}, expected integers")
    if categories.size and (categories.min() < 0 or categories.max() >= n_columns):
        bad = int(categories.min() if categories.min() < 0 else categories.max())
        raise CpolyInputError(f"category {bad} outside 0..{n_columns - 1}")
    return categories


#: Hands per chunk of the four-card pass (each chunk on the thread pool).
TABLE_CHUNK = 1 << 19


def _four_card_table(categories: np.ndarray, n: int, n_columns: int) -> np.ndarray:
    """Array #5: for every 4-card subset, the hands of each category containing it.

    Chunks of hands on the thread pool, each counting its hands' five 4-subsets (their colex
    rank times ``n_columns`` plus the hand's category) with one ``bincount``.
    """
    size = HAND_SIZE - 1
    hands = all_hands(n, HAND_SIZE)
    cells = comb(n, size) * n_columns
    index_type = np.int32 if cells < 2**31 else np.int64
    binom = binomial_table(n, HAND_SIZE).astype(index_type)

    def count(start: int, stop: int) -> np.ndarray:
        part = hands[start:stop]
        base = categories[start:stop].astype(index_type)
        index = np.empty((HAND_SIZE, stop - start), dtype=index_type)
        for row, positions in enumerate(itertools.combinations(range(HAND_SIZE), size)):
            rank: np.ndarray = np.zeros(stop - start, dtype=index_type)
            for slot, position in enumerate(positions):
                np.add(rank, binom[slot + 1][part[:, position]], out=rank)
            np.multiply(rank, index_type(n_columns), out=index[row])
            np.add(index[row], base, out=index[row])
        return np.bincount(index.ravel(), minlength=cells)

    total: np.ndarray = sum(map_chunks(count, len(hands), TABLE_CHUNK))  # type: ignore[assignment]
    return total.reshape(comb(n, size), n_columns)


def _shrink(table: np.ndarray, n: int, size: int) -> np.ndarray:
    """The table of ``size``-subsets from the table of ``(size + 1)``-subsets.

    A hand containing a ``size``-subset ``S`` contains ``5 - size`` subsets ``S + {x}``, so
    ``T[S] = sum(T[S + {x}] for x not in S) / (5 - size)`` (:func:`shrink_by_supersets`).
    """
    return shrink_by_supersets(table, all_hands(n, size + 1), colex_rank, comb(n, size))


def shrink_by_supersets(above: np.ndarray, supersets: np.ndarray, rank: Callable[[np.ndarray], np.ndarray],
                        n_rows: int) -> np.ndarray:
    """``T[S] = sum over the rows S' of ``supersets`` and positions i with S' - i = S of
    above[S'], / (5 - |S|)``, int64 ``(n_rows, n_columns)``: the table one size down, its row
    of ``S`` at ``rank(S)``, for sets (``rank`` colex) and multisets alike (the multiset rank,
    or the class of a multiset's rank when the rows are classes).

    One ``bincount`` per dropped position over the nonzero cells; sums are exact: float64 weights hold integers below
    2**53 and every count here is at most ``C(n, 5) * 5``.

    >>> above = np.array([[4], [8], [16]])          # the three pairs of {0, 1, 2}, colex order
    >>> shrink_by_supersets(above, all_hands(3, 2), colex_rank, 3)[:, 0].tolist()   # sums / (5 - 1)
    [3, 5, 6]
    """
    size = supersets.shape[1] - 1
    n_columns = above.shape[1]
    cells = n_rows * n_columns
    rows, columns = np.nonzero(above)  # only the cells that count (a one-hot table: one a row)
    weights = above[rows, columns].astype(np.float64)
    total = np.zeros(cells, dtype=np.float64)
    for dropped in range(size + 1):
        index = rank(np.delete(supersets, dropped, axis=1))[rows] * n_columns + columns
        total += np.bincount(index, weights=weights, minlength=cells)
    quotient, remainder = np.divmod(np.rint(total).astype(np.int64), HAND_SIZE - size)
    if remainder.any():
        raise AssertionError("subset table sums do not divide evenly")
    result: np.ndarray = quotient.reshape(n_rows, n_columns)
    return result


def build_tables(
    categories: np.ndarray, n: int, n_columns: int, faces: np.ndarray | None = None
) -> SubsetTables:
    """Count hands of each category containing each subset of up to four cards: ``categories``
    is the category of every 5-card hand of ``range(n)`` by colex rank, ``n_columns`` the number of
    categories including "nothing", ``faces`` (optional) the face of every card, kept with the
    tables for the ``rank-order`` tie rule."""
    categories = check_categories(categories, n, n_columns)
    if faces is not None and np.shape(faces) != (n,):
        raise CpolyInputError(f"faces has shape {np.shape(faces)}, expected ({n},)")
    counts = [_four_card_table(categories, n, n_columns)]
    for size in range(HAND_SIZE - 2, -1, -1):
        counts.insert(0, _shrink(counts[0], n, size))
    for table in counts:
        table.setflags(write=False)
    return SubsetTables(n, n_columns, tuple(counts), categories, faces)
