"""Exact Omaha showdowns: a hand plays exactly two of its hole cards and three of the board.

**Per holding, by board-suit combinatorics** (as :mod:`~cpoly.games.holdem.holding` does for
Hold'em).  *Rank part*: the board's unknown cards are enumerated as rank multisets, each standing
for its number of suitings; every player's hand is the best of its fives (each pair of its hole
cards, 6 of four, with each of the 10 triples of board cards) ranked by ranks only, read from one
table of every ordered five ranks (``13**5`` entries, generated from the game's rules).  *Flush part*: an Omaha flush
needs three board cards of its suit, so a five-card board has at most one such suit; the boards
on which suit ``s`` can matter are partitioned by the exact set ``R`` of suit-``s`` ranks among
the new cards and the multiset of the other new cards, and each replaces its rank-only showdown by
the real one: the better of the rank-only best and the best suited five (two suited hole cards,
three suited board cards).

**Every pair** (:func:`listed_tally`): every joint holding with every runout, evaluated directly
(vectorised); used for wide hands (``??``) when few runouts are left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from cpoly.deck.ranks import feasible_multisets, rank_sets
from cpoly.games.holdem.evaluator import count_masks, flush_strength, rank_strength
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import Tally, tally_showdowns

__all__ = ["IntArray", "PLAYED_HOLE_CARDS", "flush_part", "holding_tally", "hole_pairs", "listed_tally",
           "omaha_strengths", "rank_part", "rank_table"]

IntArray = npt.NDArray[np.int64]
#: The hole cards a hand plays (the pairs of :func:`hole_pairs`), with three board cards.
PLAYED_HOLE_CARDS = 2
_POWERS = 13 ** np.arange(4, -1, -1, dtype=np.int64)  # (a, b, x, y, z) -> a*13^4 + ... + z
_BOARD_TRIPLES = np.array(list(combinations(range(5), 3)), dtype=np.int64)  # (10, 3)
_POPCOUNT = np.array([m.bit_count() for m in range(8192)], dtype=np.int64)


@cache
def rank_table(rules: GameRules) -> IntArray:
    """Rank-only strength of every ordered five ranks (index ``a*13^4 + b*13^3 + ... + e``;
    entries with five of a rank are never read)."""
    ranks = np.indices((13,) * 5).reshape(5, -1).T  # (13^5, 5), index order = _POWERS order
    counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
    table = rank_strength(*count_masks(np.minimum(counts, 4)), rules=rules)
    table.setflags(write=False)
    return table


@cache
def _flush_table(rules: GameRules) -> IntArray:
    table = flush_strength(np.arange(8192, dtype=np.int64), rules)
    table.setflags(write=False)
    return table


@cache
def hole_pairs(hole: int) -> IntArray:
    """``(C(hole, 2), 2)``: the positions of every pair of a ``hole``-card hand.

    >>> hole_pairs(4).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    pairs = np.array(list(combinations(range(hole), 2)), dtype=np.int64).reshape(-1, 2)
    pairs.setflags(write=False)
    return pairs


@cache
def _subsets(size: int, most: int) -> IntArray:
    """``(8192, C(most, size))``: the ``size``-subsets of each rank mask of at most ``most``
    bits (0-padded): the board's triples (3 of at most 5), a hand's pairs (2 of its hole cards)."""
    out = np.zeros((8192, comb(most, size)), dtype=np.int64)
    for mask in range(8192):
        bits = [1 << r for r in range(13) if mask >> r & 1]
        if size <= len(bits) <= most:
            subsets = [sum(chosen) for chosen in combinations(bits, size)]
            out[mask, :len(subsets)] = subsets
    out.setflags(write=False)
    return out


def omaha_strengths(holes: IntArray, boards: IntArray, rules: GameRules) -> IntArray:
    """Strengths of ``(N, hole)`` hands on ``(N, 5)`` boards, exactly two hole cards and three
    of the board: the rank-only best of the fives from :func:`rank_table`, raised by the best
    suited five where the board holds three cards of a hole pair's suit."""
    hole_ranks, board_ranks = holes // 4, boards // 4
    pair_code = (hole_ranks[:, hole_pairs(holes.shape[1])] @ _POWERS[:2])  # (N, C(hole, 2))
    triple_code = board_ranks[:, _BOARD_TRIPLES] @ _POWERS[2:]  # (N, 10)
    best = rank_table(rules)[pair_code[:, :, None] + triple_code[:, None, :]].reshape(len(holes), -1).max(axis=1)
    flush = _flush_table(rules)
    for suit in range(4):
        board_mask = ((boards % 4 == suit) << board_ranks).sum(axis=1)
        hole_mask = ((holes % 4 == suit) << hole_ranks).sum(axis=1)
        rows = np.flatnonzero((_POPCOUNT[board_mask] >= 3) & (_POPCOUNT[hole_mask] >= 2))
        if len(rows) == 0:
            continue
        triples = _subsets(3, 5)[board_mask[rows]][:, None, :]
        pairs = _subsets(2, holes.shape[1])[hole_mask[rows]][:, :, None]
        fives = np.where((triples > 0) & (pairs > 0), triples | pairs, 0)
        best[rows] = np.maximum(best[rows], flush[fives].reshape(len(rows), -1).max(axis=1))
    return np.asarray(best, dtype=np.int64)


def _board_ranks(counts: IntArray) -> IntArray:
    """``(n, 5)`` ranks of boards given as ``(n, 13)`` rank counts summing to 5."""
    flags = np.arange(4)[None, None, :] < counts[:, :, None]  # (n, 13, 4)
    rows, cols = np.nonzero(flags.reshape(len(counts), 52))
    return (cols // 4).reshape(len(counts), 5)


def _rank_best(board_ranks: IntArray, hole_ranks: Sequence[Sequence[int]], rules: GameRules) -> IntArray:
    """Rank-only best strength ``(n, P)`` of each player's allowed fives on each board."""
    table = rank_table(rules)
    triples = board_ranks[:, _BOARD_TRIPLES]  # (n, 10, 3)
    triple_code = triples @ _POWERS[2:]  # (n, 10)
    columns = []
    for ranks in hole_ranks:
        pair_code = np.array([a * _POWERS[0] + b * _POWERS[1] for a, b in combinations(ranks, 2)])
        codes = pair_code[None, :, None] + triple_code[:, None, :]  # (n, pairs, 10)
        columns.append(table[codes].reshape(len(board_ranks), -1).max(axis=1))
    return np.stack(columns, axis=1)


def _flush_best(board_masks: IntArray, hole_masks: Sequence[int], rules: GameRules) -> IntArray:
    """Best suited five ``(m, P)`` given each event's suited board ranks and each player's
    suited hole ranks (0 where a player has fewer than two)."""
    flush = _flush_table(rules)
    triples = _subsets(3, 5)[board_masks]  # (m, 10)
    columns = []
    for mask in hole_masks:
        bits = [1 << r for r in range(13) if mask >> r & 1]
        best = np.zeros(len(board_masks), dtype=np.int64)
        for a, b in combinations(bits, 2):
            with_pair = np.where(triples > 0, triples | a | b, 0)
            best = np.maximum(best, flush[with_pair].max(axis=1))
        columns.append(best)
    return np.stack(columns, axis=1)


def _availability(hands: Sequence[tuple[int, ...]], board: Sequence[int], dead: Sequence[int],
                  rules: GameRules) -> npt.NDArray[np.bool_]:
    available = rules.in_deck.reshape(13, 4).copy()
    for card in [c for h in hands for c in h] + list(board) + list(dead):
        available[card // 4, card % 4] = False
    return available


def _counts(cards: Sequence[int]) -> IntArray:
    return np.bincount(np.asarray(cards, dtype=np.int64) // 4, minlength=13).astype(np.int64)


def rank_part(hands: Sequence[tuple[int, ...]], board: Sequence[int], dead: Sequence[int],
              rules: GameRules) -> Tally:
    """Every completion of the board ranked by ranks only (flushes ignored)."""
    available = _availability(hands, board, dead, rules)
    multisets, ways = feasible_multisets(5 - len(board), available.sum(axis=1))
    ranks = _board_ranks(multisets + _counts(board))
    strengths = _rank_best(ranks, [[c // 4 for c in h] for h in hands], rules)
    return tally_showdowns(strengths, ways, rules)


def _suit_mask(cards: Sequence[int], suit: int) -> int:
    return sum(1 << (c // 4) for c in cards if c % 4 == suit)


def _events(hands: Sequence[tuple[int, ...]], board: Sequence[int], suit: int,
            available: npt.NDArray[np.bool_]) -> tuple[IntArray, IntArray, IntArray]:
    """Boards with at least three cards of ``suit`` when some player holds two: their rank
    counts ``(m, 13)``, suited board rank masks ``(m,)`` and suitings ``(m,)``."""
    unknown = 5 - len(board)
    board_mask = _suit_mask(board, suit)
    if max(int(m).bit_count() for m in (_suit_mask(h, suit) for h in hands)) < 2:
        return np.zeros((0, 13), np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    suit_available = int(sum(1 << r for r in range(13) if available[r, suit]))
    others = available.sum(axis=1) - available[:, suit]
    parts = []
    for size in range(max(0, 3 - board_mask.bit_count()), unknown + 1):
        sets = rank_sets(size)
        sets = sets[(sets & ~suit_available) == 0]
        rest, ways = feasible_multisets(unknown - size, others)
        if sets.size == 0 or rest.size == 0:
            continue
        set_counts = (sets[:, None] >> np.arange(13)) & 1  # (s, 13)
        counts = (set_counts[:, None, :] + rest[None, :, :] + _counts(board)).reshape(-1, 13)
        parts.append((counts, np.repeat(sets | board_mask, len(rest)), np.tile(ways, len(sets))))
    if not parts:
        return np.zeros((0, 13), np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))  # type: ignore[return-value]


def flush_part(hands: Sequence[tuple[int, ...]], board: Sequence[int], dead: Sequence[int],
               rules: GameRules) -> Tally:
    """The correction of :func:`rank_part` on the boards where a flush changes the showdown."""
    available = _availability(hands, board, dead, rules)
    total = Tally.zero(len(hands))
    for suit in range(4):
        counts, board_masks, ways = _events(hands, board, suit, available)
        if len(ways) == 0:
            continue
        plain = _rank_best(_board_ranks(counts), [[c // 4 for c in h] for h in hands], rules)
        suited = _flush_best(board_masks, [_suit_mask(h, suit) for h in hands], rules)
        real = np.maximum(plain, suited)
        changed = (real != plain).any(axis=1)
        total = total + tally_showdowns(np.concatenate([real[changed], plain[changed]]),
                                        np.concatenate([ways[changed], -ways[changed]]), rules)
    return replace(total, boards=0)


def holding_tally(hands: Sequence[tuple[int, ...]], board: Sequence[int], dead: Sequence[int],
                  rules: GameRules) -> Tally:
    """Exact tally over every completion of ``board`` for known Omaha ``hands``."""
    return rank_part(hands, board, dead, rules) + flush_part(hands, board, dead, rules)


def listed_tally(holdings: IntArray, weights: IntArray, board: Sequence[int], dead: Sequence[int],
                 rules: GameRules, chunk: int = 20_000) -> Tally:
    """Tally of every joint holding ``(N, P, hole)`` with every completion of the board, each
    evaluated directly (``chunk`` pairs of holdings at a time)."""
    players = holdings.shape[1]
    total = Tally.zero(players)
    taken = set(board) | set(dead)
    live = np.array([c for c in rules.deck if c not in taken], dtype=np.int64)
    listed = list(combinations(live.tolist(), 5 - len(board)))
    runouts = np.array(listed, dtype=np.int64).reshape(len(listed), 5 - len(board))
    known = np.asarray(board, dtype=np.int64)
    held = np.zeros((len(holdings), 52), dtype=bool)
    np.put_along_axis(held, holdings.reshape(len(holdings), -1), True, axis=1)
    per_step = max(1, chunk // max(len(runouts), 1))
    for start in range(0, len(holdings), per_step):
        rows = np.arange(start, min(start + per_step, len(holdings)))
        clash = held[rows][:, runouts].any(axis=2)  # (r, R)
        h_index, r_index = np.nonzero(~clash)
        boards = np.concatenate([np.broadcast_to(known, (len(h_index), len(known))), runouts[r_index]], axis=1)
        strengths = np.stack([omaha_strengths(holdings[rows[h_index], p], boards, rules)
                              for p in range(players)], axis=1)
        total = total + tally_showdowns(strengths, weights[rows[h_index]], rules)
    return total

