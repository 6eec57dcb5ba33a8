"""Hands of card *values* with repeats (decks with copies), their ranks, weights and classes.

With ``c`` copies of each of ``V`` card values the deck has ``c * V`` physical cards.  Every
question of the full-game analysis depends on a physical hand only through its *value multiset*
(which values it holds, how many times each), so the analysis runs over multisets:

* a k-multiset is a non-decreasing row of values ``a_0 <= ... <= a_{k-1}``; its **rank** is the
  colex rank of the strictly increasing row ``a_i + i`` (the usual multiset-to-set bijection), so
  ranks run over ``0..C(V + k - 1, k) - 1``.  Rows repeating a value more than ``c`` times have a
  rank too (they are simply never dealt: their weight is 0);
* the **weight** of a multiset is its number of physical realisations,
  ``prod_v C(c, m_v)`` (``m_v`` = how often value ``v`` occurs);
* a suit permutation of the deck permutes the values; multisets that differ by one form a
  **class**, weighted by its number of member multisets (the orbit size).

>>> all_multisets(3, 2).tolist()
[[0, 0], [0, 1], [1, 1], [0, 2], [1, 2], [2, 2]]
>>> multiset_rank(np.array([[0, 0], [1, 2], [2, 2]])).tolist()
[0, 4, 5]
>>> realisations(np.array([[0, 0, 1], [0, 1, 2], [0, 0, 0]]), copies=2).tolist()
[2, 8, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.errors import CpolyInputError

__all__ = [
    "MultisetClasses",
    "all_multisets",
    "canonical_holds",
    "multiset_classes",
    "multiset_count",
    "multiset_rank",
    "realisations",
]


def multiset_count(n_values: int, k: int) -> int:
    """Size of the rank space of k-multisets of ``n_values`` values: ``C(V + k - 1, k)``."""
    return comb(n_values + k - 1, k)


@lru_cache(maxsize=8)
def all_multisets(n_values: int, k: int) -> np.ndarray:
    """Every non-decreasing k-row of values ``0..V-1``, in rank order (read-only, int16); the
    rank space is dense: :func:`realisations` tells the dealable rows (weight > 0)."""
    shifted = all_hands(n_values + k - 1, k).astype(np.int16)
    rows = shifted - np.arange(k, dtype=np.int16)
    rows.setflags(write=False)
    return rows


def multiset_rank(rows: np.ndarray) -> np.ndarray:
    """Rank of each non-decreasing row (int64); see the module docstring."""
    rows = np.asarray(rows, dtype=np.int64)
    return colex_rank(rows + np.arange(rows.shape[-1], dtype=np.int64))


def realisations(rows: np.ndarray, copies: int) -> np.ndarray:
    """Physical hands with each row's value multiset: ``prod_v C(copies, m_v)`` (int64).

    ``C(c, m) = prod_{r < m} (c - r) / (r + 1)``: the r-th repeat of a value in a sorted row
    contributes one factor, so the products run over positions.
    """
    rows = np.asarray(rows)
    weights = np.ones(rows.shape[:-1], dtype=np.int64)
    repeat = np.zeros(rows.shape[:-1], dtype=np.int64)
    for i in range(rows.shape[-1]):  # C(c, r + 1) = C(c, r) * (c - r) / (r + 1), exactly
        if i:
            repeat = np.where(rows[..., i] == rows[..., i - 1], repeat + 1, 0)
        weights = weights * np.maximum(copies - repeat, 0) // (repeat + 1)
    return weights


def canonical_holds(deals: np.ndarray) -> np.ndarray:
    """``(N, 32)`` bool: holds that keep a *prefix* of every run of equal values.

    In a sorted deal, identical cards sit side by side; holding the second copy of a value
    instead of the first gives exactly the same final hands.  Of each set of such equivalent
    holds only the canonical one (earlier copies held first) is a candidate, so they are not
    counted as ties.

    >>> canonical_holds(np.array([[0, 0, 1, 2, 3]]))[0, [1, 2, 3]].tolist()
    [True, False, True]
    """
    deals = np.asarray(deals)
    bits = (np.arange(1 << deals.shape[1])[:, None] >> np.arange(deals.shape[1])) & 1  # (32, k)
    skips = (bits[:, 1:] == 1) & (bits[:, :-1] == 0)  # holds card i but not the copy before it
    same = deals[:, 1:] == deals[:, :-1]
    allowed: np.ndarray = ~(same[:, None, :] & skips[None]).any(axis=2)
    return allowed


@dataclass(frozen=True, eq=False)
class MultisetClasses:
    """Classes of dealable k-multisets under a group of value permutations.

    Attributes
    ----------
    representatives : numpy.ndarray
        int64 rank of each class's lowest-ranked member, increasing.
    sizes : numpy.ndarray
        int64 number of member multisets of each class (orbit size).
    weights : numpy.ndarray
        int64 physical realisations of each member (the same for all members).
    group_order : int
        Number of value permutations in the group.
    invariant : bool
        Whether the given categories are constant on every class (always True when none given).
    """

    representatives: np.ndarray
    sizes: np.ndarray
    weights: np.ndarray
    group_order: int
    invariant: bool

    @property
    def count(self) -> int:
        """Number of classes."""
        return int(self.representatives.shape[0])


def _generators(value_maps: np.ndarray) -> list[np.ndarray]:
    """A few rows of ``value_maps`` (a group) that generate it (greedy closure)."""
    group = {tuple(range(value_maps.shape[1]))}
    generators: list[np.ndarray] = []
    for row in value_maps:
        if tuple(row.tolist()) not in group:
            generators.append(row)
            while new := {tuple(g[list(e)].tolist()) for e in group for g in generators} - group:
                group |= new
    return generators


def _orbit_key(columns: list[np.ndarray], value_map: np.ndarray, copies: int) -> tuple[np.ndarray, np.ndarray]:
    """An exact, order-free key of each row's image (its multiplicity vector in base
    ``copies + 1``), as two int64 halves of the values (each sum below 2**63, checked by
    :func:`multiset_classes`); ``columns`` are the rows' columns as intp arrays."""
    upper = value_map >= (len(value_map) + 1) // 2
    code = (copies + 1) ** np.where(upper, value_map - (len(value_map) + 1) // 2, value_map)
    low_table, high_table = np.where(upper, 0, code), np.where(upper, code, 0)
    low, high = low_table[columns[0]], high_table[columns[0]]
    for column in columns[1:]:
        low += low_table[column]
        high += high_table[column]
    return low, high


def multiset_classes(
    value_maps: np.ndarray, k: int, copies: int, categories: np.ndarray | None = None
) -> MultisetClasses:
    """Classes of dealable k-multisets of the values under the permutations ``value_maps``.

    Parameters
    ----------
    value_maps : numpy.ndarray
        ``(G, V)``: row ``g`` maps value ``v`` to ``row[v]``; the rows form a group, row 0 the
        identity.
    k, copies : int
        Multiset size and copies of each value.
    categories : numpy.ndarray, optional
        One entry per rank; when the categories are not invariant under the group (checked on
        a generating set) every multiset is returned as its own class (``invariant`` False).

    Notes
    -----
    No row is sorted per group element: a multiset's image is compared through an exact
    order-free key (its multiplicity vector in base ``copies + 1``, in two int64 halves).  The
    representative of a class is its member of least key, and its size is ``G`` over the number
    of group elements that fix it.

    >>> maps = np.array([[0, 1, 2, 3], [1, 0, 3, 2]])       # two faces x two suits, suits swapped
    >>> classes = multiset_classes(maps, 2, copies=2)
    >>> int((classes.sizes * classes.weights).sum()) == comb(8, 2)
    True
    """
    value_maps = np.asarray(value_maps, dtype=np.int64)
    n_values = value_maps.shape[1]
    rows = all_multisets(n_values, k)
    weights = realisations(rows, copies)
    dealable = np.flatnonzero(weights > 0)
    rows = rows[dealable]
    invariant = categories is None or len(value_maps) == 1 or all(
        np.array_equal(np.asarray(categories)[multiset_rank(np.sort(generator.astype(np.int16)[rows], axis=1))],
                       np.asarray(categories)[dealable]) for generator in _generators(value_maps))
    if not invariant or len(value_maps) == 1:
        ones = np.ones(len(dealable), dtype=np.int64)
        return MultisetClasses(dealable.astype(np.int64), ones, weights[dealable], 1, invariant)
    if k * (copies + 1) ** ((n_values + 1) // 2) >= 2**63:
        raise CpolyInputError(f"{n_values} card values with {copies} copies: too many for exact suit classes")
    columns = [rows[:, i].astype(np.intp) for i in range(k)]
    own_low, own_high = _orbit_key(columns, value_maps[0], copies)
    least_low, least_high = own_low.copy(), own_high.copy()
    fixed = np.ones(len(rows), dtype=np.int64)
    for value_map in value_maps[1:]:
        low, high = _orbit_key(columns, value_map, copies)
        fixed += (low == own_low) & (high == own_high)
        smaller = (high < least_high) | ((high == least_high) & (low < least_low))
        least_low = np.where(smaller, low, least_low)
        least_high = np.where(smaller, high, least_high)
    is_representative = (least_low == own_low) & (least_high == own_high)
    representatives = dealable[is_representative].astype(np.int64)
    sizes = len(value_maps) // fixed[is_representative]
    return MultisetClasses(representatives, sizes, weights[representatives], len(value_maps), True)
