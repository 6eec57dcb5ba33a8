"""Everything a full-game analysis needs that does not depend on the pay table.

:func:`prepare_game` validates the deck and the category array, finds the deal classes (suit
symmetry, checked against the categories), and builds the subset tables; both come from the
on-disk cache when present (:mod:`~cpoly.games.videopoker.prepare.cache`).  Deal classes depend only on
the deck and are cached on their own, so a second game on the same deck skips them too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands
from cpoly.deck.suitclasses import SuitBlocks
from cpoly.deck.symmetry import DealClasses, deal_classes, suit_symmetries, trivial_classes
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.subsetrows import StackedTables, hold_counts, stacked_tables, subset_indices
from cpoly.games.videopoker.prepare.tables import SubsetTables, build_tables, check_categories

__all__ = ["NOT_INVARIANT_NOTE", "PreparedGame", "prepare_game"]

NOT_INVARIANT_NOTE = (
    "the categories are not invariant under the deck's suit permutations: "
    "every deal analysed on its own (no suit symmetry)"
)


@dataclass(frozen=True, eq=False)
class PreparedGame:
    """Deal classes and subset tables of one game (deck + category array).

    Attributes
    ----------
    n : int
        Deck size.
    representatives : numpy.ndarray
        Colex rank of each deal class's representative (int64).
    sizes : numpy.ndarray
        Deals per class (int64).
    group_order : int
        Order of the symmetry group used (1 = none).
    card_maps : numpy.ndarray
        ``(group_order, n)`` the card permutations of that group, row 0 the identity.
    symmetry_note : str
        Empty, or why the suit symmetry was not used.
    from_cache : bool
        True when tables and classes were read from the cache.
    deals : numpy.ndarray
        ``(classes, 5)`` the representatives' cards, sorted (int8, int16 for big decks).
    stacked : StackedTables
        The tables the analysis reads: rows of subsets, and ``categories`` = the category of
        each deal class (column 31 of :meth:`subset_rows` is the class index).
    faces : numpy.ndarray or None
        Face of every card (the ``rank-order`` tie rule).
    all_held_rows : numpy.ndarray, optional
        :meth:`held_rows` of every class (else they come from ``subsets``).
    suit_classes : tuple of (SuitBlocks, mapping), optional
        The suit-class path's blocks and its cached arrays (class keys, subset tables per class;
        :mod:`~cpoly.games.videopoker.prepare.classprep`), for the warm hold file.
    """

    n: int
    representatives: np.ndarray
    sizes: np.ndarray
    group_order: int
    card_maps: np.ndarray
    symmetry_note: str
    from_cache: bool
    deals: np.ndarray
    stacked: StackedTables
    faces: np.ndarray | None
    subsets: Callable[[np.ndarray], np.ndarray]
    full_tables: SubsetTables | Callable[[], SubsetTables]
    deal_rows: Callable[[np.ndarray], np.ndarray] | None = None
    all_held_rows: np.ndarray | None = None
    suit_classes: tuple[SuitBlocks, Mapping[str, np.ndarray]] | None = None

    @property
    def n_columns(self) -> int:
        """Number of categories including "nothing"."""
        return self.stacked.n_columns

    def deal_hold_counts(self, cards: np.ndarray) -> np.ndarray:
        """:meth:`SubsetTables.deal_hold_counts` of one sorted deal (any deal, not only a
        representative), ``(32, K + 1)``."""
        if self.deal_rows is None:
            return self.tables.deal_hold_counts(cards)
        result: np.ndarray = hold_counts(self.deal_rows(np.asarray(cards)[None, :]), self.stacked)[0]
        return result.astype(np.int64)

    @cached_property
    def tables(self) -> SubsetTables:
        """Category counts of every subset by colex rank (built on first use by the suit-class
        path, whose analysis does not need them)."""
        return self.full_tables if isinstance(self.full_tables, SubsetTables) else self.full_tables()

    def held_rows(self, start: int, stop: int) -> np.ndarray:
        """``(31, stop - start)`` int32: the row in :attr:`stacked` of each held subset (holds
        0..30) of the classes ``start .. stop - 1``, hold-major
        (:func:`~cpoly.games.videopoker.prepare.subsetrows.held_subset_rows`).

        Kept for every class when the preparation can (the suit-class path: a few MB), else
        built chunk by chunk from ``subsets``."""
        if self.all_held_rows is not None:
            return self.all_held_rows[:, start:stop]
        if len(self.stacked.rows) >= 2**31:
            raise ValueError("subset rows beyond int32")
        rows: np.ndarray = self.subsets(np.arange(start, stop))[:, : HOLDS - 1].T.astype(np.int32)
        return rows

    def subset_rows(self, start: int, stop: int) -> np.ndarray:
        """``(stop - start, 32)`` rows in :attr:`stacked` of the held subsets of the classes
        ``start .. stop - 1`` (:func:`~cpoly.games.videopoker.prepare.subsetrows.hold_counts`' index)."""
        index = self.subsets(np.arange(start, stop))
        index[:, HOLDS - 1] = np.arange(start, stop)
        return index


def _deck_layout(n: int) -> cache.Layout:
    return {
        "representatives": (np.dtype(np.int64), (None,)),
        "sizes": (np.dtype(np.int64), (None,)),
        "class_of": (np.dtype(np.int32), (comb(n, HAND_SIZE),)),
        "group_order": (np.dtype(np.int64), (1,)),
    }


def _game_layout(n: int, n_columns: int) -> cache.Layout:
    return {**{f"counts{j}": (np.dtype(np.int64), (comb(n, j), n_columns)) for j in range(HAND_SIZE)},
            "representatives": (np.dtype(np.int64), (None,)),
            "deals": (all_hands(n, 0).dtype, (None, HAND_SIZE)),  # the deck's card dtype
            "sizes": (np.dtype(np.int64), (None,)),
            "group_order": (np.dtype(np.int64), (1,)), "symmetry_broken": (np.dtype(np.int64), (1,))}


def _sane_classes(representatives: np.ndarray, sizes: np.ndarray, n: int) -> bool:
    return (
        representatives.shape == sizes.shape
        and int(sizes.sum()) == comb(n, HAND_SIZE)
        and bool((sizes > 0).all())
        and bool((representatives >= 0).all())
        and bool((representatives < comb(n, HAND_SIZE)).all())
    )


def _deck_classes(faces: np.ndarray, suits: np.ndarray, use_cache: bool) -> DealClasses:
    n = len(faces)
    key = cache.entry_key("deck-classes", faces, suits)
    if use_cache:
        stored = cache.load_entry("classes", key, _deck_layout(n))
        if stored is not None and _sane_classes(stored["representatives"], stored["sizes"], n):
            return DealClasses(
                stored["representatives"], stored["sizes"], stored["class_of"], int(stored["group_order"][0])
            )
    classes = deal_classes(faces, suits, HAND_SIZE)
    if use_cache:
        cache.store_entry("classes", key, {"representatives": classes.representatives, "sizes": classes.sizes,
                                           "class_of": classes.class_of.astype(np.int32),
                                           "group_order": np.array([classes.group_order], dtype=np.int64)})
    return classes


def prepare_game(
    categories: np.ndarray,
    faces: np.ndarray,
    suits: np.ndarray,
    n_columns: int,
    use_cache: bool = True,
) -> PreparedGame:
    """Deal classes and subset tables for a deck (``faces``, ``suits``) and its category array
    (``0..n_columns-1``, the last = "nothing", of every 5-card hand by colex rank), read from and
    written to the on-disk cache with ``use_cache``."""
    faces, suits = np.asarray(faces), np.asarray(suits)
    if faces.ndim != 1 or faces.shape != suits.shape:
        raise CpolyInputError(
            f"faces and suits must be 1-d arrays of one length, got shapes {faces.shape} and {suits.shape}"
        )
    if len(faces) < 2 * HAND_SIZE:
        raise CpolyInputError(f"a deck of {len(faces)} cards is too small: at least 10 needed")
    faces, suits = faces.astype(np.int64), suits.astype(np.int64)
    n = len(faces)
    categories = check_categories(categories, n, n_columns)
    key = cache.entry_key("game", faces, suits, compact_categories(categories), n_columns)
    stored = cache.load_entry("game", key, _game_layout(n, n_columns)) if use_cache else None
    if stored is not None and _sane_classes(stored["representatives"], stored["sizes"], n) \
            and len(stored["deals"]) == len(stored["sizes"]):
        order = int(stored["group_order"][0])
        maps = _card_maps(faces, suits, order)
        if len(maps) == order:
            counts = tuple(stored[f"counts{j}"] for j in range(HAND_SIZE))
            note = NOT_INVARIANT_NOTE if int(stored["symmetry_broken"][0]) else ""
            return _prepared(SubsetTables(n, n_columns, counts, categories, faces), stored["representatives"],
                             stored["sizes"], order, maps, note, True, stored["deals"])
    classes = _deck_classes(faces, suits, use_cache)
    note = ""
    if classes.group_order > 1 and not classes.is_invariant(categories):
        classes, note = trivial_classes(n, HAND_SIZE), NOT_INVARIANT_NOTE
    tables = build_tables(categories, n, n_columns, faces)
    deals = all_hands(n, HAND_SIZE)[classes.representatives]
    if use_cache:
        cache.store_entry("game", key, {**{f"counts{j}": tables.counts[j] for j in range(HAND_SIZE)},
                                        "representatives": classes.representatives, "deals": deals,
                                        "sizes": classes.sizes,
                                        "group_order": np.array([classes.group_order], dtype=np.int64),
                                        "symmetry_broken": np.array([int(bool(note))], dtype=np.int64)})
    maps = _card_maps(faces, suits, classes.group_order)
    return _prepared(tables, classes.representatives, classes.sizes, classes.group_order, maps, note, False,
                     deals)


def _prepared(tables: SubsetTables, representatives: np.ndarray, sizes: np.ndarray, group_order: int,
              maps: np.ndarray, note: str, from_cache: bool, deals: np.ndarray) -> PreparedGame:
    """A prepared game whose analysis reads the subset tables by colex rank."""
    by_rank = stacked_tables(tables)
    stacked = StackedTables(by_rank.rows, by_rank.offsets, tables.categories[representatives], tables.n_columns)

    def subsets(classes: np.ndarray) -> np.ndarray:
        return subset_indices(deals[classes], by_rank.offsets)

    return PreparedGame(tables.n, representatives, sizes, group_order, maps, note, from_cache, deals, stacked,
                        tables.faces, subsets, tables)


def compact_categories(categories: np.ndarray) -> np.ndarray:
    """The categories as int16 when they fit (the cache key hashes 2 bytes per hand, not 8)."""
    if categories.size == 0 or int(categories.max()) < 2**15:
        return categories.astype(np.int16, copy=False)
    return categories.astype(np.int64, copy=False)


def _card_maps(faces: np.ndarray, suits: np.ndarray, group_order: int) -> np.ndarray:
    """The deck's suit symmetries, or the identity alone when the classes are single deals."""
    if group_order == 1:
        return np.arange(len(faces), dtype=np.int64)[None, :]
    return suit_symmetries(faces, suits)

