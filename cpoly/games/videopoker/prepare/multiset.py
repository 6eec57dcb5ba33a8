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
  **class**, weighted by its number of member multisets (the orbit size)
  (:func:`multiset_classes`: level by level, each class of k-multisets from a class of
  (k-1)-multisets plus one value, or from every multiset's canonical member in one pass).

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
from cpoly.deck.suitorbits import SuitOrbits
from cpoly.deck.symmetry import suit_symmetries
from cpoly.scale.parallel import map_chunks

__all__ = [
    "MultisetClasses",
    "all_multisets",
    "canonical_holds",
    "dealable_classes",
    "dealable_rows",
    "multiset_classes",
    "multiset_count",
    "multiset_rank",
    "realisations",
]


def multiset_count(n_values: int, k: int) -> int:
    """Size of the rank space of k-multisets of ``n_values`` values: ``C(V + k - 1, k)``."""
    return comb(n_values + k - 1, k)


def all_multisets(n_values: int, k: int, ranks: np.ndarray | None = None) -> np.ndarray:
    """Every non-decreasing k-row of values ``0..V-1``, in rank order, or only the rows of
    ``ranks`` (int16, a new array each call, read off the sets ``a_i + i`` that
    :func:`~cpoly.deck.subsets.all_hands` keeps); the rank space is dense:
    :func:`realisations` tells the dealable rows (weight > 0).

    >>> all_multisets(3, 2, np.array([1, 5])).tolist()
    [[0, 1], [2, 2]]
    """
    shifted = all_hands(n_values + k - 1, k)
    rows = (shifted if ranks is None else shifted[ranks]).astype(np.int16)
    rows -= np.arange(k, dtype=np.int16)
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


def dealable_rows(rows: np.ndarray, copies: int) -> np.ndarray:
    """Whether each non-decreasing row repeats no value more than ``copies`` times (bool): the
    rows :func:`realisations` weighs above 0.

    >>> dealable_rows(np.array([[0, 0, 1], [0, 0, 0]]), copies=2).tolist()
    [True, False]
    """
    rows = np.asarray(rows)
    if copies >= rows.shape[-1]:
        return np.ones(rows.shape[:-1], dtype=bool)
    result: np.ndarray = ~(rows[..., copies:] == rows[..., :-copies]).any(axis=-1)
    return result


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
    same = deals[:, 1:] == deals[:, :-1]
    pattern = (same << np.arange(same.shape[1])).sum(axis=1)  # bit i: cards i and i + 1 equal
    allowed: np.ndarray = _prefix_holds(deals.shape[1])[pattern]
    return allowed


@lru_cache(maxsize=4)
def _prefix_holds(k: int) -> np.ndarray:
    """``(2**(k-1), 2**k)`` bool: for each pattern of equal neighbours (bit ``i``: cards ``i``
    and ``i + 1`` equal), the holds that keep a prefix of every run (see :func:`canonical_holds`)."""
    bits = (np.arange(1 << k)[:, None] >> np.arange(k)) & 1  # (32, k)
    skips = (bits[:, 1:] == 1) & (bits[:, :-1] == 0)  # holds card i + 1 but not card i
    same = (np.arange(1 << (k - 1))[:, None] >> np.arange(k - 1)) & 1 == 1
    table: np.ndarray = ~(same[:, None, :] & skips[None]).any(axis=2)
    table.setflags(write=False)
    return table


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


#: Dealable multisets per chunk of the pass that finds their canonical members (on the pool).
CLASS_CHUNK = 1 << 18


def multiset_classes(
    faces: np.ndarray, suits: np.ndarray, k: int, copies: int, categories: np.ndarray | None = None
) -> MultisetClasses:
    """Classes of dealable k-multisets of the card values ``(faces, suits)`` under the deck's
    suit renamings (:func:`~cpoly.deck.symmetry.suit_symmetries`).

    Parameters
    ----------
    faces, suits : numpy.ndarray
        The card values, one entry per value.
    k, copies : int
        Multiset size and copies of each value.
    categories : numpy.ndarray, optional
        One entry per rank; when the categories are not constant on every class, every
        multiset is returned as its own class (``invariant`` False).

    Notes
    -----
    No row is mapped by every renaming: each multiset's canonical member comes from its suits'
    slot counts sorted within each block of interchangeable suits
    (:class:`~cpoly.deck.suitorbits.SuitOrbits` with ``repeats = copies``); the representative
    of a class is its least-ranked member, its size the number of dealable multisets in it.
    Without ``categories``, on a deck whose canonical members are the least, the classes are
    built level by level (:func:`_classes_by_levels`: every k-class holds a (k-1)-class's
    representative plus one value), else by one pass over every multiset.

    >>> faces, suits = np.array([0, 0, 1, 1]), np.array([0, 1, 0, 1])   # two faces x two suits
    >>> classes = multiset_classes(faces, suits, 2, copies=2)
    >>> classes.sizes.tolist(), int((classes.sizes * classes.weights).sum()) == comb(8, 2)
    ([2, 1, 2, 2, 2, 1], True)
    """
    if categories is None:
        by_levels = _classes_by_levels(faces, suits, k, copies)
        if by_levels is not None:
            return by_levels
    dealable, least = dealable_classes(faces, suits, k, copies)
    invariant = categories is None or least is None or bool(
        np.array_equal(np.asarray(categories)[dealable], np.asarray(categories)[least]))
    if least is None or not invariant:
        ones = np.ones(len(dealable), dtype=np.int64)
        weights = realisations(all_multisets(len(faces), k, dealable), copies)
        return MultisetClasses(dealable.astype(np.int64), ones, weights, 1, invariant)
    representatives = dealable[least == dealable].astype(np.int64)
    sizes = np.bincount(np.searchsorted(representatives, least), minlength=len(representatives))
    return MultisetClasses(representatives, sizes.astype(np.int64), realisations(all_multisets(len(faces), k, representatives), copies),
                           len(suit_symmetries(faces, suits)), True)


def _classes_by_levels(faces: np.ndarray, suits: np.ndarray, k: int, copies: int) -> MultisetClasses | None:
    """:func:`multiset_classes` (without categories) from the classes one size down; None when
    the deck has no suit renaming or its canonical members are not the least of their classes.

    Every class of j-multisets holds a member ``R + {v}`` with ``R`` the representative of a
    class of (j-1)-multisets (drop a value from any member, rename the rest to ``R``), so the
    representatives of size j are the distinct canonical members of those ``|classes| * V``
    rows: about V / 24 times fewer rows than the multisets of size j with four suits.  Orbit
    sizes come from the fixing renamings (:meth:`~cpoly.deck.suitorbits.SuitOrbits.orbit_sizes`).

    >>> faces, suits = np.array([0, 0, 1, 1]), np.array([0, 1, 0, 1])
    >>> _classes_by_levels(faces, suits, 2, copies=2).representatives.tolist()
    [0, 1, 3, 4, 5, 8]
    """
    group_order = len(suit_symmetries(faces, suits))
    orbits = SuitOrbits.of(faces, suits, repeats=copies)
    if group_order == 1 or orbits is None or orbits.group_order != group_order or not orbits.least_first:
        return None
    n_values = len(faces)
    rows, least = np.zeros((1, 0), dtype=np.int16), np.zeros(1, dtype=np.int64)
    for size in range(1, k + 1):
        grown = _grown_by_one(rows, n_values)
        if size > copies:  # no value more than ``copies`` times
            dealable = ~np.logical_or.reduce([grown[i] == grown[i + copies] for i in range(size - copies)])
            grown = [column[dealable] for column in grown]
        seen = np.zeros(multiset_count(n_values, size), dtype=bool)
        seen[orbits.canonical_column_ranks(grown)] = True
        least = np.flatnonzero(seen)
        rows = all_multisets(n_values, size, least)
    return MultisetClasses(least, orbits.orbit_sizes(rows), realisations(rows, copies), group_order, True)


def _grown_by_one(rows: np.ndarray, n_values: int) -> list[np.ndarray]:
    """Every sorted row of ``rows`` with each value ``0..V-1`` added, as columns (intp; sorted
    rows, one more column, in the order (row, value)): the new value sinks to its place, one
    comparison per column.

    >>> np.stack(_grown_by_one(np.array([[1, 2]]), 3), axis=1).tolist()
    [[0, 1, 2], [1, 1, 2], [1, 2, 2]]
    """
    columns = [np.repeat(rows[:, i].astype(np.intp), n_values) for i in range(rows.shape[1])]
    columns.append(np.tile(np.arange(n_values, dtype=np.intp), len(rows)))
    for i in range(len(columns) - 1, 0, -1):
        low = np.minimum(columns[i - 1], columns[i])
        np.maximum(columns[i - 1], columns[i], out=columns[i])
        columns[i - 1] = low
    return columns


def dealable_classes(faces: np.ndarray, suits: np.ndarray, k: int, copies: int) -> tuple[np.ndarray, np.ndarray | None]:
    """The ranks of the dealable k-multisets of the card values ``(faces, suits)`` (int32 or
    int64, increasing), and the rank of the least member of each one's class under the deck's suit
    renamings (None when the deck has none); kept for the last two asked (the classification
    and the classes read them both)."""
    faces, suits = np.asarray(faces, dtype=np.int64), np.asarray(suits, dtype=np.int64)
    return _dealable_classes(faces.tobytes(), suits.tobytes(), k, copies)


@lru_cache(maxsize=2)
def _dealable_classes(faces: bytes, suits: bytes, k: int, copies: int) -> tuple[np.ndarray, np.ndarray | None]:
    face_values, suit_values = np.frombuffer(faces, dtype=np.int64), np.frombuffer(suits, dtype=np.int64)
    total = multiset_count(len(face_values), k)
    dtype = np.int32 if total < 2**31 else np.int64
    dealable = np.concatenate([start + np.flatnonzero(dealable_rows(all_multisets(len(face_values), k, ranks), copies))
                               for start in range(0, total, CLASS_CHUNK)
                               for ranks in [np.arange(start, min(start + CLASS_CHUNK, total))]]).astype(dtype)
    dealable.setflags(write=False)
    group_order = len(suit_symmetries(face_values, suit_values))
    orbits = SuitOrbits.of(face_values, suit_values, repeats=copies)
    if group_order == 1 or orbits is None or orbits.group_order != group_order:
        return dealable, None
    least = _least_members(len(face_values), k, dealable, orbits)
    least.setflags(write=False)
    return dealable, least


def _least_members(n_values: int, k: int, ranks: np.ndarray, orbits: SuitOrbits) -> np.ndarray:
    """The rank of the least member of the class of each k-multiset of rank in ``ranks``."""
    canonical = np.empty(len(ranks), dtype=ranks.dtype)

    def run(start: int, stop: int) -> None:
        canonical[start:stop] = orbits.canonical_ranks(all_multisets(n_values, k, ranks[start:stop]))

    map_chunks(run, len(ranks), CLASS_CHUNK)
    if orbits.least_first:
        return canonical
    least = np.full(int(canonical.max(initial=0)) + 1, np.iinfo(ranks.dtype).max, dtype=ranks.dtype)
    np.minimum.at(least, canonical, ranks)
    result: np.ndarray = least[canonical]
    return result
