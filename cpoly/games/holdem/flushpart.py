"""The flush part of the board-suit method, for many holdings at once.

:mod:`~cpoly.games.holdem.boards` counts every completion of the board by ranks only (the rank
part); this module corrects that count for flushes.  A flush needs at least 3 board cards of one
suit and a 5-card board has at most one such suit, so the boards with a flush-capable suit ``s``
are partitioned by the exact set of ranks the new cards hold in ``s`` (a rank set) and the
multiset of the others (suited in the other three suits).  Where some player's flush beats his
rank-only strength, the event replaces its rank-only showdown by the real one.

Every array is built for a batch of holdings (their suit classes, each with its weight) at
once: the events of every holding, suit and number of new cards of the suit are a few NumPy
arrays, and the whole batch is one tally (batches stay small: the time is in the events
themselves, and large arrays leave the processor's caches).  Two suits with the same ranks in every hand and on
the board and the same ranks left in the deck have the same events: they are listed once and
counted once per suit.

>>> from cpoly.games.holdem.intcards import parse_cards
>>> t = holding_tally([parse_cards("AsAh"), parse_cards("KsKh")])
>>> t.boards, t.win.tolist(), t.tie.tolist()
(1712304, [1410336, 292660], [9308, 9308])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from cpoly.deck.ranks import rank_multisets, rank_sets, suitings
from cpoly.games.holdem.boards import PAIR_COLUMN, event_index, flush_table, rank_part, strength_table
from cpoly.games.holdem.evaluator import game_rules
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import Tally, exact_bincount, tally_columns

IntArray = npt.NDArray[np.int64]
#: Holdings whose rank-only strengths ``(holdings, players, multisets)`` are held at once: a
#: few preflop holdings (measured on AsAh vs ??'s 469 suit classes: 1.26 s at 50,000 cells, as
#: one holding at a time; 1.9-2.2 s at 100,000-400,000, out of the processor's caches).
_CELLS_PER_BATCH = 50_000
#: One event of the flush part: its holding, its column of the strength table, its weight and
#: every player's real strength ``(P,)`` per event.
Events = tuple[IntArray, IntArray, IntArray, IntArray]


def flush_part(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
               dead: Sequence[int] = (), rules: GameRules | None = None) -> Tally:
    """The correction of :func:`~cpoly.games.holdem.boards.rank_part` for flushes for one
    holding (two cards a player): each board on which a flush changes the showdown replaces its
    rank-only tally by the real one (``boards`` is 0)."""
    holding = np.asarray([list(hand) for hand in hands], dtype=np.int64)[None]
    return flush_parts(holding, np.ones(1, dtype=np.int64), board, dead, rules)


def holding_tally(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
                  dead: Sequence[int] = (), flushes: bool = True,
                  rules: GameRules | None = None) -> Tally:
    """Exact tally over all completions of ``board`` for known ``hands`` (cards must be distinct).

    ``flushes=False`` ranks every hand by its ranks only (seed 000's poker with no flushes).

    >>> from cpoly.games.holdem.intcards import parse_cards
    >>> t = holding_tally([parse_cards("AsAh"), parse_cards("KsKh")], flushes=False)
    >>> t.boards, t.win.tolist()[0] > 1410336
    (1712304, True)
    """
    total = rank_part(hands, board, dead, rules)
    return total + flush_part(hands, board, dead, rules) if flushes else total


def flush_parts(holdings: IntArray, weights: IntArray, board: Sequence[int] = (),
                dead: Sequence[int] = (), rules: GameRules | None = None,
                progress: Callable[[int], None] | None = None) -> Tally:
    """The sum of :func:`flush_part` over ``holdings`` ``(C, P, 2)``, each times its weight;
    ``progress(holdings done)`` after each batch."""
    game = game_rules(rules)
    board_counts = np.bincount(np.asarray(board, dtype=np.int64) // 4, minlength=13)
    table = strength_table(game, tuple(board_counts.tolist()), 5 - len(board))
    batch = max(1, _CELLS_PER_BATCH // (holdings.shape[1] * len(table)))
    total = Tally.zero(holdings.shape[1])
    for start in range(0, len(holdings), batch):
        chunk = slice(start, start + batch)
        total = total + _batch_tally(holdings[chunk], np.asarray(weights[chunk], dtype=np.int64),
                                     board, dead, game, table)
        if progress is not None:
            progress(min(start + batch, len(holdings)))
    return replace(total, boards=0)


def _batch_tally(holdings: IntArray, weights: IntArray, board: Sequence[int], dead: Sequence[int],
                 rules: GameRules, table: npt.NDArray[np.int32]) -> Tally:
    """The flush part of a batch of holdings: the events' real tally minus their rank-only one."""
    available = _available(holdings, board, dead, rules)
    plain = table.T[PAIR_COLUMN[holdings[:, :, 0] >> 2, holdings[:, :, 1] >> 2]]  # (C, P, n)
    hole_masks = _suit_masks(holdings)  # (C, P, 4)
    board_masks = _suit_masks(np.asarray(board, dtype=np.int64).reshape(1, 1, -1))[0, 0]
    suit_available = (available.astype(np.int64) << np.arange(13)[:, None]).sum(axis=1)  # (C, 4)
    copies = _suit_copies(hole_masks, board_masks, suit_available)
    found = [events for suit in range(4)
             for events in _suit_events(suit, plain, hole_masks, board_masks[suit], suit_available,
                                        available, copies[:, suit] * weights, rules, 5 - len(board))]
    if not found:
        return Tally.zero(holdings.shape[1])
    owner, rows, ways, strengths = (np.concatenate(parts) for parts in zip(*found))
    size = plain.shape[2]
    replaced = exact_bincount(owner * size + rows, ways, len(plain) * size)
    cells = np.flatnonzero(replaced)
    rank_only = plain[cells // size, :, cells % size]
    return tally_columns(np.concatenate([strengths, rank_only]).T,
                         np.concatenate([ways, -replaced[cells]]), rules)


def _available(holdings: IntArray, board: Sequence[int], dead: Sequence[int],
               rules: GameRules) -> npt.NDArray[np.bool_]:
    """``(C, 13, 4)``: the cards left in the deck of each holding (by rank and suit)."""
    available = np.repeat(rules.in_deck[None, :], len(holdings), axis=0)
    available[:, list(board) + list(dead)] = False
    available[np.arange(len(holdings))[:, None], holdings.reshape(len(holdings), -1)] = False
    return available.reshape(-1, 13, 4)


def _suit_masks(cards: IntArray) -> IntArray:
    """``(..., 4)``: the rank mask of each suit among the cards of the last axis."""
    bits = np.int64(1) << (cards >> 2)
    return np.stack([np.where(cards & 3 == suit, bits, 0).sum(axis=-1) for suit in range(4)], axis=-1)


def _suit_copies(hole_masks: IntArray, board_masks: IntArray, suit_available: IntArray) -> IntArray:
    """``(C, 4)``: per holding, the number of suits each suit stands for (0 for a suit whose
    events a lower suit lists: the same ranks in every hand, on the board and in the deck).

    >>> _suit_copies(np.array([[[4096, 4096, 0, 0]]]), np.zeros(4, dtype=np.int64),
    ...              np.array([[4095, 4095, 8191, 8191]])).tolist()
    [[2, 0, 2, 0]]
    """
    same = ((hole_masks[:, :, :, None] == hole_masks[:, :, None, :]).all(axis=1)
            & (board_masks[:, None] == board_masks[None, :])
            & (suit_available[:, :, None] == suit_available[:, None, :]))  # (C, 4, 4)
    first = np.argmax(same, axis=2)  # the lowest suit alike
    return np.where(first == np.arange(4), same.sum(axis=2), 0)


def _suit_events(suit: int, plain: npt.NDArray[np.int32], hole_masks: IntArray, board_mask: int,
                 suit_available: IntArray, available: npt.NDArray[np.bool_], weight: IntArray,
                 rules: GameRules, unknown: int) -> list[Events]:
    """The events of the flush-capable ``suit`` for every holding whose ``weight`` is not 0, per
    number of new cards of the suit (none below what the longest hand needs for five)."""
    listed = np.flatnonzero(weight)
    if listed.size == 0:
        return []
    masks = hole_masks[listed, :, suit]
    most_in_hand = int(np.bitwise_count(masks).max())
    first = max(0, 5 - int(board_mask).bit_count() - most_in_hand)
    flushes = flush_table(rules)
    others = available[listed].sum(axis=2) - available[listed, :, suit]  # (c, 13)
    found = []
    for size in range(first, unknown + 1):
        sets = rank_sets(size)
        index = event_index(unknown, size)  # (S, R)
        rest_ways = suitings(rank_multisets(unknown - size), others)  # (c, R)
        usable = ((sets[None, :] & ~suit_available[listed, suit, None]) == 0)[:, :, None] & (rest_ways > 0)[:, None, :]
        flush = flushes[masks[:, :, None] | (sets | board_mask)[None, None, :]]  # (c, P, S)
        changed = np.zeros(usable.shape, dtype=bool)
        for player in range(masks.shape[1]):
            changed |= flush[:, player, :, None] > plain[listed, player][:, index]
        held, set_at, rest_at = np.nonzero(changed & usable)
        rows = index[set_at, rest_at]
        owner = listed[held]
        real = np.maximum(plain[owner, :, rows], flush[held, :, set_at])
        found.append((owner, rows, rest_ways[held, rest_at] * weight[owner], real))
    return found
