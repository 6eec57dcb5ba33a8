"""Exact bounds on what inserting a pattern that is not in the chart can gain, kept up to date
as the chart changes, so that the search skips patterns that provably cannot gain.

For a pattern ``p`` below the floor and every deal ``d`` containing it, ``d`` plays its first
pattern ``f(d)``.  Inserting ``p`` anywhere gains at most ``G[p] = sum_d W_d * max(0, value(d, p)
- value(d, f(d)))`` in value, and can leave unplayed only the lines ``q`` all of whose players
contain ``p``: ``C[q, p] == plays[q]`` with ``C[q, p]`` the deals playing ``q`` that contain
``p``.  With a penalty per line, the insertion gains at most ``G[p] + penalty * (R[p] - 1)``
(``R[p]`` those lines), as :meth:`~.search.ChartSearch.best_position` computes it.
"""

from __future__ import annotations

import copy

import numpy as np

from cpoly.games.videopoker.strategy.entries import Entries

__all__ = ["InsertionBounds", "exact_bincount"]


def exact_bincount(index: np.ndarray, values: np.ndarray, length: int) -> np.ndarray:
    """``np.bincount(index, weights=values)`` exact for int64 values (sums below 2**78).

    >>> exact_bincount(np.array([0, 2, 0]), np.array([2**60, 5, 1]), 3).tolist()
    [1152921504606846977, 0, 5]
    >>> exact_bincount(np.array([1, 1]), np.array([2**51, -3]), 2).tolist()
    [0, 2251799813685245]
    """
    if float(np.abs(values).sum(dtype=np.float64)) < 2.0 ** 52:   # every partial sum exact in floats
        exact: np.ndarray = np.rint(np.bincount(index, weights=values.astype(np.float64),
                                                minlength=length)).astype(np.int64)
        return exact
    high, low = np.divmod(values.astype(np.int64), 1 << 26)
    upper = np.rint(np.bincount(index, weights=high.astype(np.float64), minlength=length)).astype(np.int64)
    lower = np.rint(np.bincount(index, weights=low.astype(np.float64), minlength=length)).astype(np.int64)
    result: np.ndarray = upper * (1 << 26) + lower
    return result


class InsertionBounds:
    """``G`` and ``C`` (see the module docstring) for the deals' first patterns and values as of
    the last :meth:`sync`."""

    def __init__(self, entries: Entries, first_pattern: np.ndarray, first_value: np.ndarray) -> None:
        self.entries = entries
        size = entries.n_patterns
        self.first_pattern, self.first_value = first_pattern.copy(), first_value.copy()
        better = np.maximum(entries.value - first_value[entries.deal], 0) * entries.weight[entries.deal]
        self.gain = exact_bincount(entries.pattern, better, size)
        self.contained = np.bincount(first_pattern[entries.deal] * size + entries.pattern,
                                     minlength=size * size).reshape(size, size)

    def copy(self) -> InsertionBounds:
        """An independent copy (the entries shared)."""
        return copy.deepcopy(self, {id(self.entries): self.entries})

    def sync(self, first_pattern: np.ndarray, first_value: np.ndarray) -> None:
        """Update to the deals' first patterns and values now (only the deals that changed are read)."""
        deals = np.flatnonzero(first_pattern != self.first_pattern)
        if not len(deals):
            return
        entries, size = self.entries, self.entries.n_patterns
        rows, lengths = entries.rows_of(deals)
        local = np.repeat(np.arange(len(deals)), lengths)
        values, patterns, now = entries.value[rows], entries.pattern[rows], deals[local]
        delta = (np.maximum(values - first_value[now], 0)
                 - np.maximum(values - self.first_value[now], 0)) * entries.weight[now]
        self.gain += exact_bincount(patterns, delta, size)
        cells = np.bincount(first_pattern[now] * size + patterns, minlength=size * size)
        cells -= np.bincount(self.first_pattern[now] * size + patterns, minlength=size * size)
        self.contained += cells.reshape(size, size)
        self.first_pattern[deals], self.first_value[deals] = first_pattern[deals], first_value[deals]

    def can_gain(self, pattern: int, penalty: int, plays: np.ndarray, floor: int) -> bool:
        """False when inserting ``pattern`` (below the floor) provably gains nothing."""
        doomed = (plays > 0) & (self.contained[:, pattern] == plays)
        doomed[[floor, pattern]] = False
        return int(self.gain[pattern]) + penalty * (int(np.count_nonzero(doomed)) - 1) > 0

    def rounded_up(self) -> np.ndarray:
        """``G`` rounded up as the float sums of its terms are: ``ceil(G * (1 + 1e-6)) + 1``
        (a float sum of n terms errs by less than n * 2**-53 of it).  The float sum of
        integer terms whose total is below 2**53 is exact, so it is ``G`` converted."""
        sums: np.ndarray = self.gain.astype(np.float64)
        if int(self.gain.max(initial=0)) >= 1 << 53:
            entries = self.entries
            better = np.maximum(entries.value - self.first_value[entries.deal], 0) * entries.weight[entries.deal]
            sums = np.bincount(entries.pattern, weights=better.astype(np.float64), minlength=entries.n_patterns)
        bounds: np.ndarray = np.ceil(sums * (1 + 1e-6)).astype(np.int64) + 1
        return bounds
