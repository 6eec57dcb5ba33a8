"""What a deck with copies of each card (two decks and more) prepares before any pay table: the
tables of physical category counts per value multiset, and the multisets' suit classes.

The deck holds ``c`` physical copies of each of ``V`` card values.  Every physical 5-card deal is
equally likely, and a hold discarding ``d`` cards draws uniformly among the ``C(c V - 5, d)``
d-subsets of the physical cards not dealt (a discarded card's twin is still in the deck).

**The generic formulas with copies.**  For a physical deal ``P`` and a kept part ``H`` the
final hands are the physical 5-card hands containing ``H`` and none of ``P - H``; by
inclusion-exclusion over the discarded physical cards, exactly as for one deck::

    out[H] = sum over T with H <= T <= P of (-1)**|T - H| * N(T)

with ``N(T)`` the number of physical 5-card hands of each category that contain the physical
cards ``T``.  ``N(T)`` depends on ``T`` only through its value multiset ``S`` (the copies of one
value are interchangeable), and

    N(S) = sum over 5-multisets M >= S of [category of M] * prod_v C(c - s_v, m_v - s_v),

the number of physical realisations of ``M`` that contain a given realisation of ``S``.  Since
``C(c, m) C(m, s) = C(c, s) C(c - s, m - s)``, ``N(S) w(S) = U(S)`` where ``w`` counts physical
realisations and ``U(S) = sum_M w(M) [cat M] * #(position subsets of M with values S)`` is a
bincount over the position subsets of every 5-multiset (as
:mod:`~cpoly.games.videopoker.prepare.tables` does for one deck).
So the tables are ``N_j = U_j / w`` over j-multisets, and the 32 holds of every deal come from
:func:`~cpoly.games.videopoker.prepare.subsetrows.hold_counts` with the subsets of the *sorted value row* of
the deal looked up by multiset rank.  All physical deals with one value multiset play alike, and
suit permutations map multisets to multisets of the same weight, so the deals analysed are the
classes of :func:`~cpoly.games.videopoker.prepare.multiset.multiset_classes`, each weighted by
(orbit size) x (physical realisations).  When no category tells the suits apart, only the
classes' representatives are classified and the tables are summed class by class
(:func:`build_multiset_tables`); the category of a deal is its class's
(:meth:`PreparedCopies.class_of`).

How those deals are played: :mod:`~cpoly.games.videopoker.play.copies`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from cpoly.deck.symmetry import suit_symmetries
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.multiset import (
    MultisetClasses,
    all_multisets,
    dealable_classes,
    multiset_classes,
    multiset_count,
    multiset_rank,
    realisations,
)
from cpoly.games.videopoker.prepare.prepared import NOT_INVARIANT_NOTE, compact_categories
from cpoly.games.videopoker.prepare.tables import shrink_by_supersets
from cpoly.scale.chunks import Progress

__all__ = ["PREPARATION_SHARES", "ClassifyRows", "MultisetTables", "PreparedCopies", "build_multiset_tables",
           "prepare_copies"]


@dataclass(frozen=True, eq=False)
class MultisetTables:
    """Physical category counts per value multiset of up to four cards (see the module docstring).

    Attributes
    ----------
    n_values, copies : int
        Card values and physical copies of each (``n = copies * n_values`` physical cards).
    n_columns : int
        Categories including "nothing".
    counts : tuple of numpy.ndarray
        ``counts[j][rank(S), c]`` = physical 5-card hands of category ``c`` containing a given
        physical realisation of the j-multiset ``S`` (0 for multisets nobody can hold), int64.
    categories : numpy.ndarray
        Category of the representative of every class of 5-multisets (in the order of the
        classes' representatives: :meth:`PreparedCopies.class_of` finds a deal's class).
    faces : numpy.ndarray
        Face of every value (for the ``rank-order`` tie rule).
    """

    n_values: int
    copies: int
    n_columns: int
    counts: tuple[np.ndarray, ...]
    categories: np.ndarray
    faces: np.ndarray

    @property
    def n(self) -> int:
        """Physical cards in the deck."""
        return self.n_values * self.copies


def build_multiset_tables(categories: np.ndarray, classes: MultisetClasses, faces: np.ndarray, suits: np.ndarray,
                          copies: int, n_columns: int, progress: Progress | None = None) -> MultisetTables:
    """The tables ``N_j`` from the category of the representative of every class of ``classes``
    (:func:`multiset_classes` of the values ``(faces, suits)``), in their order.

    Every table is summed per class of j-multisets, one size down at a time, as the four-card
    table of one deck (:meth:`~cpoly.deck.suitclasses.SuitLevels.four_card_table`): a pair
    (M, j positions) extends to ``5 - j`` pairs with one position more, and a pair (M, j + 1
    positions of values D) comes from each of its j + 1 positions dropped, and renamings map
    classes to classes, so ``|orbit(S)| (5 - j) U_j[S] = sum over classes D of (j+1)-multisets
    of |D| U_(j+1)[D] #{i: D - d_i in the class of S}``, starting from ``U_5[D] = w(D)
    onehot(category(D))``.  Sums in float64 are exact (each at most ``|G| C(5, j) C(n, 5) < 2**53``
    for the group ``G`` of renamings).
    A class's members have one weight ``w``, so ``N_j = U_j / w`` per class, then per rank.
    """
    n_values = len(faces)
    by_suits = classes.group_order > 1  # else every multiset its own class (categories may tell suits apart)
    empty = np.zeros(0, dtype=np.int64)
    upper = _Level(n_values, all_multisets(n_values, HAND_SIZE, classes.representatives), classes.sizes, empty, empty)
    summed = np.zeros((classes.count, n_columns), dtype=np.int64)
    summed[np.arange(classes.count), np.asarray(categories, dtype=np.int64)] = classes.weights
    counts: list[np.ndarray] = []
    for size in range(HAND_SIZE - 1, -1, -1):
        level = _Level.of(faces, suits, size, copies, by_suits)
        summed = level.sum_down(upper, summed, n_columns)
        counts.insert(0, level.per_rank(summed, copies))
        upper = level
        if progress is not None and size == HAND_SIZE - 1:
            progress(PREPARATION_SHARES["four-card table"], 100)
    by_class = np.array(categories, dtype=np.int64)
    by_class.setflags(write=False)
    return MultisetTables(n_values, copies, n_columns, tuple(counts), by_class, faces)


@dataclass(frozen=True, eq=False)
class _Level:
    """The classes of the dealable j-multisets of ``n_values`` values: their representatives'
    rows and sizes, and the ranks of the dealable multisets with the class of each."""

    n_values: int
    rows: np.ndarray
    sizes: np.ndarray
    dealable: np.ndarray
    class_of: np.ndarray

    @classmethod
    def of(cls, faces: np.ndarray, suits: np.ndarray, size: int, copies: int, by_suits: bool) -> _Level:
        """The level of ``size``-multisets, by suit classes when ``by_suits`` (else each its own)."""
        if size == 0:
            dealable, least = np.zeros(1, dtype=np.int64), None
        else:
            dealable, least = dealable_classes(faces, suits, size, copies)
        least = least if by_suits and least is not None else dealable
        representatives = dealable[least == dealable]
        class_of = np.searchsorted(representatives, least)
        sizes = np.bincount(class_of, minlength=len(representatives))
        return cls(len(faces), all_multisets(len(faces), size, representatives), sizes, dealable, class_of)

    @property
    def size(self) -> int:
        """Values in each multiset of the level."""
        return int(self.rows.shape[1])

    def sum_down(self, upper: _Level, summed: np.ndarray, n_columns: int) -> np.ndarray:
        """``U_j`` per class of this level (int64) from ``U_(j+1)`` per class of the level
        ``upper`` (``summed``; see :func:`build_multiset_tables`)."""
        class_at = np.zeros(multiset_count(self.n_values, self.size), dtype=np.int64)
        class_at[self.dealable] = self.class_of
        total = shrink_by_supersets(upper.sizes[:, None] * summed, upper.rows,
                                    lambda rows: class_at[multiset_rank(rows)], len(self.sizes))
        quotient, remainder = np.divmod(total, self.sizes[:, None])
        if remainder.any():
            raise AssertionError("multiset class sums do not divide by the orbits")
        result: np.ndarray = quotient
        return result

    def per_rank(self, summed: np.ndarray, copies: int) -> np.ndarray:
        """``N_j = U_j / w`` by rank (int64, read-only) from ``U_j`` per class: each class's
        members hold one weight; 0 for the multisets nobody holds."""
        quotient, remainder = np.divmod(summed, realisations(self.rows, copies)[:, None])
        if remainder.any():
            raise AssertionError("multiset table sums do not divide by the realisations")
        table = np.zeros((multiset_count(self.n_values, self.size), summed.shape[1]), dtype=np.int64)
        table[self.dealable] = quotient[self.class_of]
        table.setflags(write=False)
        return table


@dataclass(frozen=True, eq=False)
class PreparedCopies:
    """Tables and deal classes of one game with copies (what does not depend on the pay table)."""

    tables: MultisetTables
    classes: MultisetClasses
    value_maps: np.ndarray
    symmetry_note: str
    from_cache: bool

    def class_of(self, row: np.ndarray) -> int:
        """The index of the class of a sorted row of five card values: its least image under
        the value maps, found among the representatives.

        >>> faces, suits = np.repeat(np.arange(5), 2), np.tile(np.arange(2), 5)
        >>> prepared = prepare_copies(np.zeros(multiset_count(10, 5), dtype=np.int64), faces, suits, 2, 1, False)
        >>> prepared.class_of(np.array([0, 0, 2, 4, 6])) == prepared.class_of(np.array([1, 1, 3, 5, 7]))
        True
        """
        least = int(multiset_rank(np.sort(self.value_maps[:, row], axis=1)).min())
        index = int(np.searchsorted(self.classes.representatives, least))
        if self.classes.representatives[index] != least:
            raise AssertionError(f"no class of the multiset {row.tolist()}")
        return index


#: A cold preparation's progress: (the stage, its share of the work in percent, of 100).
PREPARATION_SHARES = {"classes": 30, "classified": 55, "four-card table": 85}

#: The category of each row of five card values (sorted), by the engine.
ClassifyRows = Callable[[np.ndarray], np.ndarray]


def prepare_copies(
    categories: np.ndarray | ClassifyRows,
    faces: np.ndarray,
    suits: np.ndarray,
    copies: int,
    n_columns: int,
    use_cache: bool = True,
    key: str = "",
    progress: Progress | None = None,
) -> PreparedCopies:
    """Tables and suit classes of a deck of ``copies`` copies of the values ``(faces, suits)``.

    Parameters
    ----------
    categories : numpy.ndarray or callable
        Category of every 5-multiset of the values by rank (any value where undealable); or,
        when no category tells the suits apart, a function classifying rows of values
        (:data:`ClassifyRows`), called once on the classes' representatives only, and then
        ``key`` names the definitions for the cache.
    faces, suits : numpy.ndarray
        The card values (one entry per value, not per physical card).
    progress : callable, optional
        Called with (done, total) as a cold preparation advances (:data:`PREPARATION_SHARES`).
    """
    faces = np.asarray(faces, dtype=np.int64)
    suits = np.asarray(suits, dtype=np.int64)
    n_values = len(faces)
    if copies < 1 or n_values * copies < 2 * HAND_SIZE:
        raise CpolyInputError(f"a deck of {n_values} x {copies} cards is too small: at least 10 needed")
    if isinstance(categories, np.ndarray) and categories.shape != (multiset_count(n_values, HAND_SIZE),):
        raise CpolyInputError(f"category array has shape {categories.shape}, expected one per 5-multiset")
    named = key if callable(categories) else compact_categories(categories)
    key = cache.entry_key("copies", 2, faces, suits, copies, named, n_columns)
    maps = suit_symmetries(faces, suits)
    stored = cache.load_entry("copies", key, _layout(n_values, n_columns)) if use_cache else None
    if stored is not None and int(stored["group_order"][0]) in (1, len(maps)):
        tables = MultisetTables(n_values, copies, n_columns, tuple(stored[f"counts{j}"] for j in range(HAND_SIZE)),
                                stored["categories"], faces)
        classes = MultisetClasses(stored["representatives"], stored["sizes"], stored["weights"],
                                  int(stored["group_order"][0]), bool(stored["invariant"][0]))
        return _prepared(tables, classes, maps, True)
    report = progress or (lambda done, total: None)
    report(0, 100)
    classes = multiset_classes(faces, suits, HAND_SIZE, copies, None if callable(categories) else categories)
    report(PREPARATION_SHARES["classes"], 100)
    representatives = all_multisets(n_values, HAND_SIZE, classes.representatives)
    by_class = categories(representatives) if callable(categories) else categories[classes.representatives]
    report(PREPARATION_SHARES["classified"], 100)
    tables = build_multiset_tables(by_class, classes, faces, suits, copies, n_columns, report)
    report(100, 100)
    if use_cache:
        cache.store_entry_later("copies", key, {f"counts{j}": tables.counts[j] for j in range(HAND_SIZE)} | {
            "categories": tables.categories, "representatives": classes.representatives,
            "sizes": classes.sizes, "weights": classes.weights,
            "group_order": np.array([classes.group_order], dtype=np.int64),
            "invariant": np.array([int(classes.invariant)], dtype=np.int64)})
    return _prepared(tables, classes, maps, False)


def _layout(n_values: int, n_columns: int) -> dict[str, tuple[np.dtype, tuple[int | None, ...]]]:
    """The arrays of a cache entry of :func:`prepare_copies`."""
    int64 = np.dtype(np.int64)
    layout: dict[str, tuple[np.dtype, tuple[int | None, ...]]] = {
        f"counts{j}": (int64, (multiset_count(n_values, j), n_columns)) for j in range(HAND_SIZE)}
    return layout | {"categories": (int64, (None,)), "representatives": (int64, (None,)), "sizes": (int64, (None,)),
                     "weights": (int64, (None,)), "group_order": (int64, (1,)), "invariant": (int64, (1,))}


def _prepared(tables: MultisetTables, classes: MultisetClasses, maps: np.ndarray, from_cache: bool) -> PreparedCopies:
    note = "" if classes.invariant else NOT_INVARIANT_NOTE
    return PreparedCopies(tables, classes, maps if classes.group_order > 1 else maps[:1], note, from_cache)
