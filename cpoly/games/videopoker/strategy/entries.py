"""The (deal class, pattern) entries a chart search runs on: for every deal class and every
pattern among its holds, the best hold of that pattern and its exact EV numerator.

Patterns are read block by block (a function of the deal rows, or an array); each pattern's best
hold in each deal comes from a dense (deals × patterns) block of hold ranks, written worst
first so that the best overwrites.  Only the patterns asked for are kept, and patterns that
pick the same hold in the same deals can be merged into one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["Entries"]

#: Cells of the dense (deals, patterns) block of :meth:`Entries.of` (small enough for the cache).
DENSE_CELLS = 1 << 18
#: Deals whose pattern ids are read at once by :meth:`Entries.of`.
PATTERN_BLOCK = 1 << 13


@dataclass(frozen=True, eq=False)
class Entries:
    """Sparse (deal, pattern) table: the best value and hold of each pattern in each deal.

    Entries are sorted by deal; ``start[d]:start[d + 1]`` are deal ``d``'s.  Patterns are
    numbered ``0..n_patterns - 1`` here; ``ids`` gives each one's id in the caller's numbering
    and ``lookup`` the way back (-1 for a pattern without entries; patterns merged as equal map
    to the one kept).
    """

    deal: np.ndarray
    pattern: np.ndarray
    value: np.ndarray
    hold: np.ndarray
    start: np.ndarray
    weight: np.ndarray
    n_patterns: int
    ids: np.ndarray
    lookup: np.ndarray

    @classmethod
    def of(cls, values: np.ndarray, patterns: np.ndarray | Callable[[np.ndarray], np.ndarray],
           weight: np.ndarray, n_patterns: int, kept: np.ndarray | None = None, merge: bool = False) -> Entries:
        """From ``(N, 32)`` hold values, ``(N, 32, J)`` pattern ids (each hold at J levels of
        detail, -1 = none at that level; or a function giving those of the deals it is passed,
        block by block), each deal's weight and, optionally, which pattern ids to keep (bool
        per id; the others get no entries).  With ``merge``, patterns that pick the same hold in
        the same deals are one pattern (the lowest id is kept).  Of holds of equal value, the
        lowest hold index is a pattern's best.
        """
        n_deals = len(values)
        ids = np.arange(n_patterns) if kept is None else np.flatnonzero(kept)
        patterns_of = patterns.__getitem__ if isinstance(patterns, np.ndarray) else patterns
        deal, column, hold = _best_ranks(values, patterns_of, ids, n_patterns)
        lookup = np.full(n_patterns, -1, dtype=np.int64)
        lookup[ids] = np.arange(len(ids))
        if merge:
            alive, renumber, stays = _merge_equal(deal, column, hold, len(ids))
            lookup[ids] = renumber
            ids, deal, column, hold = ids[alive], deal[stays], renumber[column[stays]], hold[stays]
        start = np.searchsorted(deal, np.arange(n_deals + 1))
        return cls(deal, column, values[deal, hold], hold, start, np.asarray(weight, dtype=np.int64),
                   len(ids), ids, lookup)

    @property
    def n_deals(self) -> int:
        return len(self.start) - 1

    def optimal(self) -> np.ndarray:
        """Each deal's best value."""
        best: np.ndarray = np.maximum.reduceat(self.value, self.start[:-1])
        return best

    def rows_of(self, deals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The entry indices of the given deals, deal by deal, and how many each deal has."""
        lengths = self.start[deals + 1] - self.start[deals]
        offsets = np.cumsum(lengths) - lengths
        return np.repeat(self.start[deals] - offsets, lengths) + np.arange(int(lengths.sum())), lengths


def _best_ranks(values: np.ndarray, patterns_of: Callable[[np.ndarray], np.ndarray], ids: np.ndarray,
                n_patterns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Entries (deal, column in ``ids``, best hold), sorted by deal then column: see
    :meth:`Entries.of`."""
    n_deals, n_holds = values.shape
    width = len(ids) + 1                       # the last column takes the patterns not kept
    compact = np.full(n_patterns + 1, width - 1, dtype=np.int32)
    compact[ids] = np.arange(len(ids))
    by_value = np.argsort(-values, axis=1, kind="stable")
    step = max(1, DENSE_CELLS // width)
    found: list[np.ndarray] = []
    ranks: list[np.ndarray] = []
    for outer in range(0, n_deals, PATTERN_BLOCK):
        block = patterns_of(np.arange(outer, min(n_deals, outer + PATTERN_BLOCK)))
        for low in range(outer, outer + len(block), step):
            rows = np.arange(low, min(outer + len(block), low + step))
            ranked = compact[block[rows[:, None] - outer, by_value[rows]]]      # (rows, 32, J)
            best = np.full(len(rows) * width, n_holds, dtype=np.int8)
            base = (np.arange(len(rows), dtype=np.int64) * width)[:, None]
            for rank in range(n_holds - 1, -1, -1):
                best[base + ranked[:, rank]] = rank
            best[width - 1::width] = n_holds
            cells = np.flatnonzero(best < n_holds)
            found.append(cells + low * width)
            ranks.append(best[cells])
    deal, column = np.divmod(np.concatenate(found), width)
    hold = by_value[deal, np.concatenate(ranks).astype(np.int64)]
    return deal, column, hold.astype(np.int64)


def _merge_equal(deal: np.ndarray, column: np.ndarray, hold: np.ndarray,
                 width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Patterns whose entries (deal, hold) equal those of a lower column merge into it: two
    multiplicative hashes of each (deal, hold) summed per column, with the entry count.
    Returns which columns stay, each column's new number (its representative's) and which
    entries stay."""
    code = (deal * 32 + hold).astype(np.uint64)
    keys: list[np.ndarray] = [np.bincount(column, minlength=width).astype(np.float64)]
    for multiplier in (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F):
        mixed = (code * np.uint64(multiplier)) >> np.uint64(11)
        keys.append(np.bincount(column, weights=mixed.astype(np.float64) / 2.0**53, minlength=width))
    _, first, group = np.unique(np.stack(keys, axis=1), axis=0, return_index=True, return_inverse=True)
    alive = np.zeros(width, dtype=bool)
    alive[first] = True
    renumber = np.cumsum(alive) - 1
    return alive, renumber[first[group.reshape(-1)]], alive[column]
