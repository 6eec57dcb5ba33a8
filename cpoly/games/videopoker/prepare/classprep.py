"""A prepared game from its suit classes alone: no category, class or table of every hand.

The five-card classes come from :func:`~cpoly.deck.suitclasses.suit_levels` (card
by card), only their representatives are classified (by the caller: the engine), and the subset
tables are counted per class (:class:`~cpoly.deck.suitclasses.SuitLevels`).  The
analysis reads four-card subsets by class and smaller ones by colex rank (a few thousand rows
expanded from their classes); the tables of every subset by colex rank and the category of every
hand are built only when something asks for them (:attr:`PreparedGame.tables`).

The arrays (:func:`build_arrays`) live in the game's **prepared-game file**
(:mod:`~cpoly.games.videopoker.warm.preparedfile`, which writes and reads it); the prepared game
is made from them by :func:`prepared_of`, whether the cold path built them or a warm one read
them back.

What is kept: the four- and five-card class keys, the representatives' cards, colex ranks,
categories and class sizes, the class of each representative's 4-subsets, the tables per class,
the class of every subset of up to three cards, the stacked rows the analysis reads and the
stacked row of each held subset of each representative (int32, ready for a warm run to read).
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.deck.suitclasses import SuitBlocks, suit_levels
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.games.videopoker.prepare.subsetrows import StackedTables, held_subset_rows, subset_indices
from cpoly.games.videopoker.prepare.tables import SubsetTables
from cpoly.scale.parallel import beside

__all__ = ["Classify", "build_arrays", "prepared_of"]

#: The categories of sorted five-card hands (rows of card indices), by the engine.
Classify = Callable[[np.ndarray], np.ndarray]
_SMALL = range(HAND_SIZE - 1)  # subset sizes read by colex rank
_FOUR = HAND_SIZE - 1


def _layout(n: int, n_columns: int) -> cache.Layout:
    layout: dict[str, tuple[np.dtype, tuple[int | None, ...]]] = {
        "keys4": (np.dtype(np.int64), (None,)),
        "keys5": (np.dtype(np.int64), (None,)),
        "deals": (np.dtype(np.int8), (None, HAND_SIZE)),
        "categories": (np.dtype(np.int16), (None,)),
        "sizes": (np.dtype(np.int64), (None,)),
        "fours": (np.dtype(np.int32), (None, HAND_SIZE)),
        "held": (np.dtype(np.int32), (HOLDS - 1, None)),
        "rows": (np.dtype(np.int32), (None, n_columns)),
        "representatives": (np.dtype(np.int64), (None,)),
    }
    for j in range(HAND_SIZE):
        layout[f"table{j}"] = (np.dtype(np.int64), (None, n_columns))
    for j in _SMALL:
        layout[f"class{j}"] = (np.dtype(np.int32), (comb(n, j),))
    return layout


def _sane(arrays: dict[str, np.ndarray], n: int) -> bool:
    classes = len(arrays["keys5"])
    return (len(arrays["categories"]) == len(arrays["sizes"]) == len(arrays["fours"]) == len(arrays["deals"])
            == arrays["held"].shape[1] == len(arrays["representatives"]) == classes
            and len(arrays["rows"]) == int(_offsets(n)[-1]) + len(arrays["keys4"])
            and int(arrays["sizes"].sum()) == comb(n, HAND_SIZE)
            and len(arrays["table4"]) == len(arrays["keys4"])
            and bool((arrays["fours"] < len(arrays["keys4"])).all())
            and all(bool((arrays[f"class{j}"] < len(arrays[f"table{j}"])).all()) for j in _SMALL))


def _offsets(n: int) -> np.ndarray:
    """Where the stacked rows of each subset size start: the small subsets by colex rank, then
    the four-card classes."""
    return np.cumsum([0] + [comb(n, j) for j in _SMALL]).astype(np.int64)


def build_arrays(classify: Classify, blocks: SuitBlocks, n_columns: int) -> dict[str, np.ndarray]:
    """The arrays of the prepared-game file: the representatives classified by the engine on a pool thread while
    this one finds what does not depend on their categories (classes of their 4-subsets, class
    sizes, classes of the small subsets, the rows of their held subsets)."""
    levels = suit_levels(blocks)
    deals = levels.cards(HAND_SIZE)

    def shapes() -> dict[str, np.ndarray]:
        arrays = {"keys4": levels.keys[_FOUR], "keys5": levels.keys[HAND_SIZE], "deals": deals,
                  "sizes": levels.orbit_sizes(HAND_SIZE), "fours": levels.four_subsets(deals)}
        for j in _SMALL:
            arrays[f"class{j}"] = levels.class_of(all_hands(blocks.n, j))
        arrays["held"] = held_subset_rows(deals, _offsets(blocks.n), arrays["fours"])
        return arrays

    categories, arrays = beside(lambda: np.asarray(classify(deals), dtype=np.int16), shapes)
    four = levels.four_card_table(categories, arrays["fours"], arrays["sizes"], n_columns)
    arrays["categories"] = categories
    for j, table in enumerate(levels.smaller_tables(four)):
        arrays[f"table{j}"] = table
    arrays["rows"] = np.concatenate(_small_tables(arrays) + [arrays[f"table{_FOUR}"]]).astype(np.int32)
    arrays["representatives"] = colex_rank(deals)
    return arrays


def _small_tables(arrays: dict[str, np.ndarray]) -> list[np.ndarray]:
    """The tables of the subsets of up to three cards by colex rank (expanded from their classes)."""
    return [arrays[f"table{j}"][arrays[f"class{j}"]] for j in _SMALL]


def prepared_of(arrays: dict[str, np.ndarray], blocks: SuitBlocks, faces: np.ndarray, n_columns: int,
                from_cache: bool = True) -> PreparedGame | None:
    """The prepared game of the arrays of a prepared-game file (:func:`build_arrays`' arrays, read
    back); None when they are not the expected names, dtypes and shapes, or not sane."""
    if not cache.matches(arrays, _layout(blocks.n, n_columns)) or not _sane(arrays, blocks.n):
        return None
    return _prepared(arrays, blocks, np.asarray(faces), n_columns, from_cache)


def _prepared(arrays: dict[str, np.ndarray], blocks: SuitBlocks, faces: np.ndarray, n_columns: int,
              from_cache: bool) -> PreparedGame:
    """The prepared game of an entry's arrays."""
    n = blocks.n
    keys5 = arrays["keys5"]
    deals = arrays["deals"]
    offsets = _offsets(n)
    categories = arrays["categories"]
    stacked = StackedTables(arrays["rows"], offsets, categories, n_columns)
    fours = arrays["fours"]
    four_masks = [(1 << HAND_SIZE) - 1 - (1 << i) for i in range(HAND_SIZE)]

    def subsets(classes: np.ndarray) -> np.ndarray:
        index = subset_indices(deals[classes], offsets)
        index[:, four_masks] = offsets[_FOUR] + fours[classes]
        return index

    def full_tables() -> SubsetTables:
        four = arrays[f"table{_FOUR}"][blocks.class_index(arrays["keys4"], all_hands(n, _FOUR))]
        counts = (*_small_tables(arrays), four)

        def hand_categories(hands: np.ndarray) -> np.ndarray:
            result: np.ndarray = categories[blocks.class_index(keys5, hands)]
            return result

        return SubsetTables(n, n_columns, tuple(np.asarray(c, dtype=np.int64) for c in counts), hand_categories,
                            faces)

    def deal_rows(hands: np.ndarray) -> np.ndarray:
        """Rows of any sorted deals' subsets, looked up by class (column 31: the deal's class)."""
        index = subset_indices(hands, offsets)
        for i, mask in enumerate(four_masks):
            index[:, mask] = offsets[_FOUR] + blocks.class_index(arrays["keys4"], np.delete(hands, i, axis=1))
        index[:, -1] = blocks.class_index(keys5, hands)
        return index

    maps = blocks.card_maps()
    return PreparedGame(n, arrays["representatives"], arrays["sizes"], len(maps), maps, "", from_cache, deals, stacked,
                        faces, subsets, full_tables, deal_rows, arrays["held"], suit_classes=(blocks, arrays))

