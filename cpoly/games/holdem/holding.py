"""Exact showdown tallies for one holding by board-suit combinatorics.

For known hole cards, known board and dead cards, every completion of the board is counted
exactly without listing suited boards one by one:

1. **Rank part.** Enumerate the rank multisets ``M`` of the ``k`` unknown board cards; each stands
   for ``suitings(M)`` suited boards; rank every player's 7 cards by ranks only (no flushes).
2. **Flush part.** A flush needs at least 3 board cards of one suit, and a 5-card board has at
   most one such suit, so boards with a flush-capable suit ``s`` are partitioned by the exact set
   ``R`` of ranks the new cards hold in suit ``s`` and the multiset of the other new cards (suited
   in the other three suits).  Only where some player can reach 5 cards of suit ``s`` are these
   events enumerated, and each one replaces its rank-only showdown by the real one.

Both parts are gathers from the shared tables (:mod:`~cpoly.games.holdem.boards`): the rank-only
strengths of every multiset (:func:`~cpoly.games.holdem.boards.strength_table`, read by pairs of
hole ranks with their hand codes kept beside them), the flush events by their multiset's row
(:func:`~cpoly.games.holdem.boards.event_index`), their flush strengths from an 8,192-entry table
(:func:`~cpoly.games.holdem.boards.flush_table`).  The known cards are read as 13-bit rank masks
per suit, in Python: a holding's bookkeeping costs microseconds, its tally the rest.

>>> from cpoly.games.holdem.intcards import parse_cards
>>> rank_part([parse_cards("AsAh"), parse_cards("KsKh")]).boards
1712304
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

import numpy as np

from cpoly.deck.ranks import rank_sets
from cpoly.games.holdem.boards import (
    NO_CARD,
    PAIR_COLUMN,
    IntArray,
    StrengthArray,
    event_index,
    flush_table,
    multiset_suitings,
    rank_columns,
    strength_table,
)
from cpoly.games.holdem.evaluator import game_rules
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import CodeArray, Tally, code_indices, exact_bincount, tally_columns

__all__ = ["flush_part", "holding_tally", "rank_part"]

#: :data:`~cpoly.games.holdem.boards.PAIR_COLUMN` as lists (read per hand without NumPy).
_PAIR_COLUMNS: list[list[int]] = PAIR_COLUMN.tolist()


def _suit_masks(cards: Sequence[int]) -> tuple[int, ...]:
    """The 13-bit rank mask of ``cards`` in each suit.

    >>> _suit_masks([48, 49, 0])
    (4097, 4096, 0, 0)
    """
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card % 4] |= 1 << (card // 4)
    return tuple(masks)


@dataclass(frozen=True)
class _ByPair:
    """A :func:`~cpoly.games.holdem.boards.strength_table` transposed, ``(105, n)`` contiguous:
    a player's strengths are one row, read whole, where the table's columns are strided (on a
    cold cache, six players' columns preflop touch a cache line per row and player); and their
    hand codes less one (:func:`~cpoly.games.holdem.tally.code_indices`), which a known
    holding's tally reads instead of gathering them again."""

    table: StrengthArray
    strengths: StrengthArray
    codes: CodeArray


#: :func:`_by_pair` of the last few tables, by the table's id (the table kept with it, so that
#: its id is not reused meanwhile).
_BY_PAIR: dict[int, _ByPair] = {}


def _by_pair(table: StrengthArray, rules: GameRules) -> _ByPair:
    """The :class:`_ByPair` of ``table`` (a table of ``rules``), made once and kept."""
    kept = _BY_PAIR.get(id(table))
    if kept is None or kept.table is not table:
        if len(_BY_PAIR) >= 8:
            del _BY_PAIR[next(iter(_BY_PAIR))]
        strengths = np.ascontiguousarray(table.T)
        codes = np.empty(strengths.shape, np.uint8)
        for row, out in zip(strengths, codes):  # row by row: no (105, n) index temporaries
            code_indices(rules).take(row >> 16, out=out)
        kept = _ByPair(table, strengths, codes)
        for array in (kept.strengths, kept.codes):
            array.setflags(write=False)
        _BY_PAIR[id(table)] = kept
    return kept


def _hand_column(hand: Sequence[int]) -> int:
    """The column of a hand's hole ranks in a :func:`~cpoly.games.holdem.boards.strength_table`
    (as :func:`~cpoly.games.holdem.boards.player_columns`, without NumPy).

    >>> _hand_column((49, 48)), _hand_column((0,))
    (90, 91)
    """
    if len(hand) > 2:
        raise ValueError("a player holds at most two cards")
    ranks = sorted(card // 4 for card in hand) + [NO_CARD] * (2 - len(hand))
    return _PAIR_COLUMNS[ranks[0]][ranks[1]]


def _player_table(rules: GameRules, board: Sequence[int], hands: Sequence[Sequence[int]]) -> _Plain:
    """Rank-only strengths ``(P, n)`` of every player for every multiset of the unknown cards."""
    board_counts = [0] * 13
    for card in board:
        board_counts[card // 4] += 1
    table = strength_table(rules, tuple(board_counts), 5 - len(board))
    return _Plain(_by_pair(table, rules), list(map(_hand_column, hands)))


@dataclass(frozen=True)
class _Plain:
    """Every player's rank-only strengths on each multiset of the unknown cards: the rows
    ``columns`` (one per player) of a :class:`_ByPair`, read when asked for."""

    by_pair: _ByPair
    columns: list[int]

    @cached_property
    def strengths(self) -> StrengthArray:
        """``(P, n)`` (a copy)."""
        return self.by_pair.strengths[self.columns]

    def write(self, strengths: StrengthArray, codes: CodeArray) -> None:
        """The strengths and their codes into ``(P, n)`` arrays (row by row: whole copies)."""
        for player, column in enumerate(self.columns):
            strengths[player] = self.by_pair.strengths[column]
            codes[player] = self.by_pair.codes[column]


@dataclass(frozen=True)
class _EventBlock:
    """The boards with a flush-capable suit and one number of new cards of it, ``sets`` sets of
    new suited cards by ``rest`` multisets of the others: each board's column of the rank-only
    strengths ``rows`` (its unknown cards' rank multiset; 0 for an impossible board), its
    suitings ``ways`` (0 for an impossible board) and every player's flush strength on each set
    ``flush`` ``(P, sets)``, or ``(1, sets)`` when it is every player's (no player holds a card
    of the suit, or all hold the same)."""

    rows: IntArray
    ways: IntArray
    flush: StrengthArray

    def raise_to_flushes(self, out: StrengthArray) -> None:
        """Every player's real strength on each board in ``out`` ``(P, sets * rest)`` (a view
        whose rows are contiguous), which holds its rank-only strengths: the better of the two."""
        grid = np.reshape(out, (len(out), self.flush.shape[1], -1), copy=False)
        np.maximum(grid, self.flush[:, :, None], out=grid)


@dataclass(frozen=True)
class _Known:
    """A holding's known cards as 13-bit rank masks: per suit, the ranks ``left`` in the deck,
    each hand's (``holes[player][suit]``) and the board's, and the board cards still to come."""

    left: tuple[int, ...]
    holes: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    unknown: int

    @staticmethod
    def of(hands: Sequence[tuple[int, ...]], board: Sequence[int], dead: Sequence[int],
           rules: GameRules) -> _Known:
        """The masks of ``hands``, ``board`` and ``dead`` cards in the game's deck."""
        left = list(_deck_masks(rules.ranks))
        for cards in (*hands, board, dead):
            for suit, mask in enumerate(_suit_masks(cards)):
                left[suit] &= ~mask
        return _Known(tuple(left), tuple(map(_suit_masks, hands)), _suit_masks(board), 5 - len(board))

    def copies(self, suits: Sequence[int] = range(4)) -> tuple[int, ...]:
        """The cards left of each rank in ``suits``.

        >>> _Known((0b11, 0b10, 0, 0b1), (), (0, 0, 0, 0), 5).copies()[:3]
        (2, 2, 0)
        """
        return _rank_copies(tuple(self.left[suit] for suit in suits))


@lru_cache(maxsize=1024)
def _rank_copies(masks: tuple[int, ...]) -> tuple[int, ...]:
    """The number of 13-bit rank ``masks`` that hold each rank."""
    return tuple(sum(mask >> rank & 1 for mask in masks) for rank in range(13))


@lru_cache(maxsize=8)
def _deck_masks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    mask = sum(1 << rank for rank in ranks)
    return (mask,) * 4


@lru_cache(maxsize=32)
def _suited_sets(unknown: int, size: int, left: int) -> tuple[IntArray, IntArray]:
    """The sets of ``size`` ranks all in the 13-bit mask ``left`` (the cards of a suit left in
    the deck), as masks, and their rows of :func:`~cpoly.games.holdem.boards.event_index`
    ``(unknown, size)`` (read-only: kept for every holding with those cards of a suit left; at
    most 0.3 MB each, under 10 MB in all)."""
    sets = rank_sets(size)
    rows = np.flatnonzero((sets & ~left) == 0)
    index = event_index(unknown, size)[rows]
    index.setflags(write=False)
    return sets[rows], index


@lru_cache(maxsize=32)
def _five_of_a_rank(unknown: int, size: int) -> bool:
    """Whether some event of :func:`~cpoly.games.holdem.boards.event_index` ``(unknown, size)``
    would hold a rank five times."""
    return bool((event_index(unknown, size) < 0).any())


def _flush_events(known: _Known, suit: int, flushes: StrengthArray, copies: int) -> list[_EventBlock]:
    """The boards with a flush-capable ``suit`` (standing for ``copies`` suits alike), per
    number of new cards of ``suit`` (from the fewest that give the most suited hand a flush).
    A board on which no flush changes the showdown adds nothing to the flush part (its real and
    rank-only showdowns cancel), so none is filtered out: once the most suited hand has a flush,
    few boards are such (its full houses and quads), and finding them costs more than counting
    them.  Impossible boards (a rank five times) have weight 0."""
    board_mask, unknown = known.board[suit], known.unknown
    hole_masks = [hole[suit] | board_mask for hole in known.holes]
    first = max(0, 5 - max(mask.bit_count() for mask in hole_masks))
    others = known.copies([other for other in range(4) if other != suit])
    alike = len(set(hole_masks)) == 1  # then one row of flushes serves every player
    held = np.array(hole_masks[:1] if alike else hole_masks, dtype=np.int64)[:, None]
    found = []
    for size in range(first, unknown + 1):
        set_masks, index = _suited_sets(unknown, size, known.left[suit])
        rest_ways = multiset_suitings(unknown - size, others)
        if min(others) < unknown - size:  # some multisets of the other cards cannot be dealt
            rest_rows = np.flatnonzero(rest_ways)
            index, rest_ways = index[:, rest_rows], rest_ways[rest_rows]
        if set_masks.size == 0 or rest_ways.size == 0:
            continue
        ways = np.repeat((rest_ways * copies)[None, :], len(index), axis=0)  # each set's, alike
        if _five_of_a_rank(unknown, size):
            ways, index = np.where(index >= 0, ways, 0), np.maximum(index, 0)
        found.append(_EventBlock(index.ravel(), ways.ravel(), flushes[held | set_masks]))  # flush: (P or 1, sets)
    return found


def _distinct_suits(known: _Known) -> list[tuple[int, int]]:
    """The suits whose flush events differ, each with the number of suits it stands for: two
    suits with the same ranks in every hand and on the board and the same ranks left in the
    deck have the same events (renaming one as the other changes nothing else).

    >>> from cpoly.games.holdem.intcards import parse_cards
    >>> _distinct_suits(_Known.of([parse_cards("AsAh"), parse_cards("KsKh")], (), (), game_rules(None)))
    [(0, 2), (2, 2)]
    """
    groups: dict[tuple[object, ...], list[int]] = {}
    for suit in range(4):
        key = (tuple(hole[suit] for hole in known.holes), known.board[suit], known.left[suit])
        groups.setdefault(key, []).append(suit)
    return [(suits[0], len(suits)) for suits in groups.values()]


def _plain_strengths(hands: Sequence[tuple[int, ...]], board: Sequence[int], dead: Sequence[int],
                     game: GameRules) -> tuple[_Known, _Plain]:
    """The known cards' masks and every player's rank-only strengths ``(P, n)`` on each
    multiset of the unknown cards: what both parts start from."""
    return _Known.of(hands, board, dead, game), _player_table(game, board, hands)


def rank_part(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
              dead: Sequence[int] = (), rules: GameRules | None = None) -> Tally:
    """Tally of every completion ranked by ranks only; it depends on the cards' ranks alone, so
    holdings with the same ranks share it."""
    game = game_rules(rules)
    known, plain = _plain_strengths(hands, board, dead, game)
    return tally_columns(*rank_columns(plain.strengths, known.copies(), known.unknown), game)


def _event_blocks(known: _Known, game: GameRules) -> list[_EventBlock]:
    """Every flush event of :func:`_flush_events` over the suits that differ."""
    flushes = flush_table(game)
    return [block for suit, copies in _distinct_suits(known) for block in _flush_events(known, suit, flushes, copies)]


def _event_columns(plain: StrengthArray, blocks: list[_EventBlock], rows: IntArray, out: StrengthArray) -> None:
    """The real strengths of every flush event into ``out`` ``(P, e)`` (in place: no
    intermediate arrays to join), ``rows`` the blocks' rows one after the other."""
    np.take(plain, rows, axis=1, out=out, mode="clip")  # rows are valid: no check
    start = 0
    for block in blocks:
        block.raise_to_flushes(out[:, start:start + len(block.ways)])
        start += len(block.ways)


def _columns(plain: StrengthArray, kept: IntArray, blocks: list[_EventBlock], rows: IntArray) -> StrengthArray:
    """One array ``(P, k + e)`` of the showdowns tallied: the rank-only strengths of the rank
    multisets ``kept``, then the real strengths of every flush event."""
    out = np.empty((len(plain), len(kept) + len(rows)), dtype=plain.dtype)
    np.take(plain, kept, axis=1, out=out[:, :len(kept)], mode="clip")
    _event_columns(plain, blocks, rows, out[:, len(kept):])
    return out


def _flush_columns(known: _Known, plain: _Plain, game: GameRules) -> tuple[StrengthArray, IntArray] | None:
    """The flush part's showdowns and their weights (None when there is no flush event): each
    rank multiset's rank-only showdown weighted by minus the suitings replaced, and each flush
    event with its real strengths (they sum to 0)."""
    blocks = _event_blocks(known, game)
    if not blocks:
        return None
    ways = np.concatenate([block.ways for block in blocks])
    strengths, rows = plain.strengths, np.concatenate([block.rows for block in blocks])
    replaced = exact_bincount(rows, ways, strengths.shape[1])
    multisets = np.flatnonzero(replaced)
    return _columns(strengths, multisets, blocks, rows), np.concatenate([-replaced[multisets], ways])


def flush_part(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
               dead: Sequence[int] = (), rules: GameRules | None = None) -> Tally:
    """The correction of :func:`rank_part` for flushes: each board on which a flush changes the
    showdown replaces its rank-only tally by the real one (``boards`` is 0).

    The boards replaced are tallied one by one with their real strengths, and taken out of the
    rank part's tally by their rank multisets (one row per multiset, its replaced suitings)."""
    game = game_rules(rules)
    known, plain = _plain_strengths(hands, board, dead, game)
    columns = _flush_columns(known, plain, game)
    if columns is None:
        return Tally.zero(len(hands))
    return replace(tally_columns(*columns, game), boards=0)


def holding_tally(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
                  dead: Sequence[int] = (), flushes: bool = True,
                  rules: GameRules | None = None) -> Tally:
    """Exact tally over all completions of ``board`` for known ``hands`` (cards must be distinct).

    ``flushes=False`` ranks every hand by its ranks only (seed 000's poker with no flushes).

    >>> from cpoly.games.holdem.intcards import parse_cards
    >>> t = holding_tally([parse_cards("AsAh"), parse_cards("KsKh")])
    >>> t.boards, t.win.tolist(), t.tie.tolist()
    (1712304, [1410336, 292660], [9308, 9308])
    """
    game = game_rules(rules)
    known, plain = _plain_strengths(hands, board, dead, game)
    ways = multiset_suitings(known.unknown, known.copies())
    blocks = _event_blocks(known, game) if flushes else []
    rows = np.concatenate([block.rows for block in blocks]) if blocks else np.zeros(0, np.int64)
    if blocks:
        event_ways = np.concatenate([block.ways for block in blocks])
        ways = ways - exact_bincount(rows, event_ways, len(ways))  # the rank part less the boards replaced
    weights = np.concatenate([ways, *(block.ways for block in blocks)])
    shape, multisets = (len(hands), len(weights)), len(ways)
    columns, codes = np.empty(shape, np.int32), np.empty(shape, np.uint8)
    plain.write(columns[:, :multisets], codes[:, :multisets])  # every multiset, those of weight 0 too
    _event_columns(columns[:, :multisets], blocks, rows, columns[:, multisets:])
    code_indices(game).take(columns[:, multisets:] >> 16, out=codes[:, multisets:], mode="clip")
    return tally_columns(columns, weights, game, codes)
