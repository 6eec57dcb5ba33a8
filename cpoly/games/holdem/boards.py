"""The shared tables of exact equity by board-suit combinatorics (:mod:`~cpoly.games.holdem.holding`
counts one holding with them).

The rank-only strength of every multiset of unknown cards with every pair of hole ranks is one
table per game and known board (:func:`strength_table`, memoised and, preflop, kept in the store);
the suitings of every multiset given the cards left (:func:`multiset_suitings`); the row of each
flush event's multiset (:func:`event_index`); the flush strength of every suit mask
(:func:`flush_table`).  :func:`rank_tally` counts seed 000's poker without flushes from them.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt

from cpoly.deck.ranks import rank_multisets, rank_sets, suitings
from cpoly.games.holdem.evaluator import code_table, count_masks, flush_strength, game_rules, rank_strength
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tablestore import kept_arrays, strengths_key
from cpoly.games.holdem.tally import Tally, tally_columns

__all__ = ["HOLE_PAIRS", "IntArray", "KEEP_FROM_UNKNOWN", "Masks", "NO_CARD", "PAIR_COLUMN", "StrengthArray",
           "event_index", "flush_table", "fold", "multiset_rows", "multiset_suitings", "player_columns",
           "rank_columns", "rank_tally", "strength_table"]

IntArray = npt.NDArray[np.int64]
StrengthArray = npt.NDArray[np.int32]
Masks = tuple[IntArray, IntArray, IntArray, IntArray]

#: The rank of "no card" in a pair of hole ranks (a player may hold fewer than two cards).
NO_CARD = 13
#: ``(105, 2)`` every unordered pair of hole ranks ``a <= b`` over ``0..13`` (13: no card), and
#: ``(14, 14)`` the column of each pair in a :func:`strength_table`.
HOLE_PAIRS: IntArray = np.array([(a, b) for b in range(14) for a in range(b + 1)], dtype=np.int64)
PAIR_COLUMN: IntArray = np.zeros((14, 14), dtype=np.int64)
PAIR_COLUMN[HOLE_PAIRS[:, 0], HOLE_PAIRS[:, 1]] = np.arange(len(HOLE_PAIRS))
PAIR_COLUMN[HOLE_PAIRS[:, 1], HOLE_PAIRS[:, 0]] = np.arange(len(HOLE_PAIRS))
_BASE5: IntArray = np.int64(5) ** np.arange(13, dtype=np.int64)
#: Strength tables of this many unknown cards or more (preflop: 6,175 multisets) are kept in the
#: store; the others (91 rows on a flop) are faster to build than to read.
KEEP_FROM_UNKNOWN = 4
#: ``C(n, m)`` for ``n, m <= 4`` (cards of one rank).
_BINOMIALS: IntArray = np.array([[comb(n, m) for m in range(5)] for n in range(5)], dtype=np.int64)
#: Multisets evaluated at once when a strength table is built (about 8 MB of work arrays).
_CHUNK = 512


def fold(masks: Masks, bits: IntArray | int) -> Masks:
    """Add one card of every rank in the rank mask ``bits`` to rank masks ``(b1, b2, b3, b4)``.

    >>> [int(m) for m in fold(fold((0, 0, 0, 0), 0b101), 0b100)]
    [5, 4, 0, 0]
    """
    b1, b2, b3, b4 = masks
    return (b1 | bits, b2 | (b1 & bits), b3 | (b2 & bits), b4 | (b3 & bits))


@lru_cache(maxsize=64)
def strength_table(rules: GameRules, board_counts: tuple[int, ...], unknown: int) -> StrengthArray:
    """Rank-only strengths ``(n, 105)`` of the known board's ranks ``board_counts`` plus each of
    the ``n`` rank multisets of :func:`~cpoly.deck.ranks.rank_multisets` ``(unknown)`` plus each
    pair of hole ranks of :data:`HOLE_PAIRS`, as int32 (shared by every holding and every call).
    The preflop table (five unknown cards) is kept in the store (:mod:`~cpoly.games.holdem.tablestore`):
    a later process reads it instead of building it.

    >>> from cpoly.games.holdem.evaluator import game_rules
    >>> table = strength_table(game_rules(None), (0,) * 13, 5)
    >>> table.shape, int(table.max()) >> 20      # a royal's ranks are a straight here
    ((6175, 105), 8)
    """
    if unknown < KEEP_FROM_UNKNOWN:
        return _built_strengths(rules, board_counts, unknown)
    kept = kept_arrays(*strengths_key(rules, board_counts, unknown),
                       lambda: _kept_strengths(rules, board_counts, unknown))
    return kept["table"]  # type: ignore[return-value]


def _kept_strengths(rules: GameRules, board_counts: tuple[int, ...], unknown: int) -> dict[str, IntArray]:
    """What the store keeps with a strength table, for readers without NumPy
    (:mod:`~cpoly.games.holdem.knownhands`): the ``table``, the base-5 code of each of its
    ``rows`` (its multiset's: the sum of ``5 ** rank``), the column of each pair of hole ranks
    (``pairs``: :data:`PAIR_COLUMN` flat), the game's ``flushes`` (:func:`flush_table`) and hand
    ``codes`` (:func:`~cpoly.games.holdem.evaluator.code_table`)."""
    return {"table": _built_strengths(rules, board_counts, unknown), "rows": rank_multisets(unknown) @ _BASE5,
            "pairs": PAIR_COLUMN.ravel(), "flushes": flush_table(rules), "codes": code_table(rules)}


def _built_strengths(rules: GameRules, board_counts: tuple[int, ...], unknown: int) -> StrengthArray:
    """:func:`strength_table` built, :data:`_CHUNK` multisets at a time (bounded memory)."""
    multisets = rank_multisets(unknown) + np.asarray(board_counts, dtype=np.int64)
    table = np.empty((len(multisets), len(HOLE_PAIRS)), dtype=np.int32)
    holes = [np.where(column < NO_CARD, np.int64(1) << (column & 15), 0)[None, :] for column in HOLE_PAIRS.T]
    for start in range(0, len(multisets), _CHUNK):
        masks = count_masks(multisets[start:start + _CHUNK])
        grid: Masks = tuple(m[:, None] for m in masks)  # type: ignore[assignment]
        for hole in holes:
            grid = fold(grid, hole)
        table[start:start + _CHUNK] = rank_strength(*grid, rules=rules)
    table.setflags(write=False)
    return table


@lru_cache(maxsize=8)
def _multiset_codes(unknown: int) -> tuple[IntArray, IntArray]:
    """The base-5 codes of ``rank_multisets(unknown)`` (sum of ``5 ** rank`` over the cards),
    ascending, and the row of each."""
    codes = rank_multisets(unknown) @ _BASE5
    order = np.argsort(codes)
    return codes[order], order


def multiset_rows(ranks: IntArray) -> IntArray:
    """The row in ``rank_multisets(k)`` of each row of ``k`` ranks ``(n, k)`` (at most four of a
    rank), e.g. of the cards of each runout.

    >>> rank_multisets(2)[multiset_rows(np.array([[12, 0]]))].tolist()[0][::12]
    [1, 1]
    """
    sorted_codes, order = _multiset_codes(ranks.shape[1])
    return np.asarray(order[np.searchsorted(sorted_codes, _BASE5[ranks].sum(axis=1))], dtype=np.int64)


@lru_cache(maxsize=16)
def _uniform_suitings(size: int, copies: int) -> tuple[IntArray, IntArray]:
    """:func:`~cpoly.deck.ranks.suitings` of ``rank_multisets(size)`` with ``copies`` of every
    rank, and the multisets by rank ``(13, n)`` (contiguous: one rank's counts are one row)."""
    multisets = rank_multisets(size)
    ways = suitings(multisets, np.full(13, copies, dtype=np.int64))
    by_rank = np.ascontiguousarray(multisets.T)
    for array in (ways, by_rank):
        array.setflags(write=False)
    return ways, by_rank


def multiset_suitings(size: int, available: npt.ArrayLike) -> IntArray:
    """:func:`~cpoly.deck.ranks.suitings` of every multiset of ``rank_multisets(size)`` with
    ``available`` ``(13,)`` copies of each rank: those of a deck with the most copies of every
    rank (kept), times ``C(a, m)`` and divided by ``C(c, m)`` on the ranks with fewer copies
    only (the full product holds every ``C(c, m)``, so the one division is exact): few passes
    where ``suitings`` makes 13, when few ranks have fewer copies (known cards preflop).

    >>> available = np.array([4] * 11 + [2, 3])
    >>> bool((multiset_suitings(5, available) == suitings(rank_multisets(5), available)).all())
    True
    """
    counts = available if isinstance(available, tuple) else tuple(np.asarray(available, dtype=np.int64).tolist())
    return _kept_suitings(size, counts)


@lru_cache(maxsize=256)
def _kept_suitings(size: int, available: tuple[int, ...]) -> IntArray:
    """:func:`multiset_suitings`, kept per deck (read-only): holdings of one question share
    a few decks by rank (a known hand's ranks; each suit class's other suits)."""
    ways = _divided_suitings(size, np.array(available, dtype=np.int64))
    ways.setflags(write=False)
    return ways


def _divided_suitings(size: int, counts: IntArray) -> IntArray:
    """:func:`multiset_suitings` computed (the division described there)."""
    copies = int(counts.max(initial=0))
    fewer = np.flatnonzero(counts < copies).tolist()
    if 2 * len(fewer) > len(counts):
        return suitings(rank_multisets(size), counts)
    ways, by_rank = _uniform_suitings(size, copies)
    if not fewer:
        return ways
    kept, dropped = _BINOMIALS[counts[fewer[0]]][by_rank[fewer[0]]], _BINOMIALS[copies][by_rank[fewer[0]]]
    for rank in fewer[1:]:
        kept = kept * _BINOMIALS[counts[rank]][by_rank[rank]]
        dropped = dropped * _BINOMIALS[copies][by_rank[rank]]
    return np.asarray(ways // np.maximum(dropped, 1) * kept, dtype=np.int64)


@lru_cache(maxsize=32)
def event_index(unknown: int, size: int) -> IntArray:
    """``(C(13, size), m)``: the row in ``rank_multisets(unknown)`` of the ``unknown`` new cards
    made of one card of each rank in the rank set ``rank_sets(size)[i]`` (the new cards of the
    flush suit) and the rank multiset ``rank_multisets(unknown - size)[j]`` (the others); -1 where
    a rank would appear five times.

    >>> index = event_index(5, 3)
    >>> rank_multisets(5)[index[0, 0]].tolist()[:4]      # ranks {0, 1, 2} and {0, 0}
    [3, 1, 1, 0]
    """
    sorted_codes, order = _multiset_codes(unknown)
    sets = rank_sets(size)
    rest = rank_multisets(unknown - size)
    total = (((sets[:, None] >> np.arange(13)) & 1) @ _BASE5)[:, None] + (rest @ _BASE5)[None, :]
    position = np.minimum(np.searchsorted(sorted_codes, total), len(sorted_codes) - 1)
    five_of_a_rank = (sets[:, None] & count_masks(rest)[3][None, :]) != 0
    index = np.where(five_of_a_rank | (sorted_codes[position] != total), -1, order[position])
    index.setflags(write=False)
    return np.asarray(index, dtype=np.int64)


@lru_cache(maxsize=8)
def flush_table(rules: GameRules) -> StrengthArray:
    """``(8192,)`` :func:`~cpoly.games.holdem.evaluator.flush_strength` of every suit mask."""
    table = np.asarray(flush_strength(np.arange(8192, dtype=np.int64), rules), dtype=np.int32)
    table.setflags(write=False)
    return table


def player_columns(hole_counts: IntArray) -> IntArray:
    """Each player's column in a :func:`strength_table`, from hole rank counts ``(P, 13)``.

    >>> player_columns(np.array([[0] * 12 + [2], [1] + [0] * 12])).tolist()
    [90, 91]
    """
    columns = []
    for counts in np.asarray(hole_counts):
        ranks = np.repeat(np.arange(13), counts).tolist()
        if len(ranks) > 2:
            raise ValueError("a player holds at most two cards")
        ranks += [NO_CARD] * (2 - len(ranks))
        columns.append(int(PAIR_COLUMN[ranks[0], ranks[1]]))
    return np.array(columns, dtype=np.int64)


def rank_columns(strengths: StrengthArray, available: npt.ArrayLike,
                 unknown: int) -> tuple[StrengthArray, IntArray]:
    """The rank part's showdowns: the columns of ``strengths`` ``(P, n)`` (columns:
    ``rank_multisets(unknown)``) that can be dealt, and their suitings."""
    ways = multiset_suitings(unknown, available)
    rows = np.flatnonzero(ways)
    return strengths[:, rows], ways[rows]


def rank_tally(hole_counts: IntArray, board_counts: IntArray, available: IntArray,
               unknown: int) -> Tally:
    """Tally of the rank part: every board completion ranked by ranks only.

    Parameters
    ----------
    hole_counts : ``(P, 13)`` rank counts of each player's hole cards
    board_counts : ``(13,)`` rank counts of the known board
    available : ``(13,)`` copies of each rank left in the deck
    unknown : number of board cards still to come
    """
    game = game_rules(None)
    table = strength_table(game, tuple(np.asarray(board_counts).tolist()), unknown)
    plain = np.ascontiguousarray(table[:, player_columns(hole_counts)].T)
    return tally_columns(*rank_columns(plain, available, unknown), game)
