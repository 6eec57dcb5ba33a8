"""Pass 2's flush bounds: how far flushes can move each player's equity, per suit.

Flushes (straight flushes included) never weaken a hand.  On a board where nobody's seven cards
hold five of a suit the no-flush showdown is the real one.  Let ``f_j`` be player ``j``'s flush
strength in the board's flush suit (0 without a flush).  Then, board by board:

* player ``i``'s pot share can **rise** only if ``f_i > 0`` and ``f_i >= f_j`` for every ``j``
  (otherwise ``i``'s strength is unchanged and the others' only rise, or ``i`` is beaten by a
  better flush);
* it can **fall** only if some ``j != i`` has ``f_j > 0`` and ``f_j >= f_i``.

A share moves by at most one pot, so ``-P(fall_i) <= equity_i - no_flush_i <= P(rise_i)``.  A
five-card board has at most one suit with three or more cards, so the events of the four suits
are disjoint and their probabilities add.  Within a suit only the ranks the players hold in it
matter: the board's cards of that suit are a set of the remaining ranks, the rest are any of the
unseen cards of other suits.  This captures the seed's dead flush cards (fewer ranks left) and
dominated flush cards (``f_i < f_j`` whatever the board) exactly, straight flushes included.

>>> from cpoly.games.holdem.search.searchdeck import search_deck
>>> deck = search_deck("23456789TJQKA", 3)
>>> rise, fall = suit_events(deck, (0b11, 0, 0))    # 2-3 suited, nobody else in the suit
>>> f"{100 * rise[0] / deck.board_total:.4f}", rise.tolist(), fall.tolist()   # the seed's 8.039 %
('8.0384', [110187, 414, 414], [414, 110187, 110187])
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import comb

import numpy as np

from cpoly.games.holdem.evaluator import flush_strength
from cpoly.games.holdem.search.searchdeck import IntArray, SearchDeck, rank_subsets
from cpoly.games.holdem.search.suitings import suit_keys

__all__ = ["BOUNDS_VERSION", "coarse_rise", "flush_bounds", "flush_sizes", "flush_table", "free_sets",
           "held_flushes", "held_rows", "real_masks", "subset_masks", "suit_events"]

#: Version of the bounds' rules (what pass 2 keeps): part of every checkpoint's identity, so that
#: a change of the rules makes old checkpoints stale by name, not only by the code digest.
BOUNDS_VERSION = 1


@cache
def real_masks(ranks: tuple[int, ...]) -> IntArray:
    """Real 13-bit rank mask of every local rank mask (``2**R`` entries)."""
    local = np.arange(2 ** len(ranks), dtype=np.int64)
    real = np.zeros_like(local)
    for bit, rank in enumerate(ranks):
        real |= ((local >> bit) & 1) << rank
    return real


@cache
def subset_masks(size: int, count: int) -> IntArray:
    """Local rank masks of every set of ``count`` ranks out of ``size``."""
    return rank_subsets(size, count) @ (np.int64(1) << np.arange(size, dtype=np.int64))


def flush_sizes(held: tuple[int, ...]) -> range:
    """Sizes ``k`` of the board's part in a suit where somebody can flush, players holding the
    local rank masks ``held`` in it: five cards of the suit need ``k >= 5 - most held``."""
    return range(max(3, 5 - max(int(m).bit_count() for m in held)), 6)


@cache
def held_rows(size: int) -> IntArray:
    """Row of every local rank mask (``2**size`` entries) in :func:`flush_table`: a player
    holds at most two cards of a suit; -1 for masks of more ranks.

    >>> held_rows(5)[[0, 1, 2, 3, 7]].tolist()
    [0, 1, 2, 3, -1]
    """
    masks = np.arange(2 ** size, dtype=np.int64)
    small = np.array([int(m).bit_count() <= 2 for m in masks.tolist()])
    rows = np.full(2 ** size, -1, dtype=np.int64)
    rows[small] = np.arange(int(small.sum()))
    return rows


@cache
def flush_table(deck: SearchDeck, k: int) -> tuple[IntArray, IntArray]:
    """Local masks ``(C(R, k),)`` of every set of ``k`` ranks, and the flush strength
    ``(held masks, C(R, k))`` of a player holding each mask of :func:`held_rows` in a suit
    whose board cards are each set (0 without five cards, or when they overlap).

    >>> from cpoly.games.holdem.search.searchdeck import search_deck
    >>> deck = search_deck("TJQKA", 3)
    >>> sets, table = flush_table(deck, 3)
    >>> row = held_rows(5)[0b11000]                     # K and A held, T J Q on the board
    >>> int(table[row][list(sets).index(0b00111)]) == int(flush_strength(np.array([0x1F00]))[0])
    True
    """
    sets = subset_masks(deck.size, k)
    held = np.flatnonzero(held_rows(deck.size) >= 0)
    union = sets[None, :] | held[:, None]
    table = np.where((sets[None, :] & held[:, None]) == 0,
                     flush_strength(real_masks(deck.ranks)[union]), 0)
    sets.setflags(write=False)
    table.setflags(write=False)
    return sets, np.asarray(table, dtype=np.int64)


@lru_cache(maxsize=65536)
def free_sets(deck: SearchDeck, k: int, taken: int) -> IntArray:
    """Indices (into :func:`flush_table`'s sets) of the ``k``-sets that avoid the local mask
    ``taken``: the board's cards of a suit are ranks no player holds in it."""
    sets, _ = flush_table(deck, k)
    return np.flatnonzero((sets & taken) == 0)


def held_flushes(deck: SearchDeck, held: tuple[int, ...], k: int) -> tuple[IntArray, IntArray]:
    """Indices ``(n,)`` (:func:`free_sets`) of the ``k``-sets the board can hold in a suit where
    players hold the local masks ``held``, and each player's flush strength on them
    ``(players, n)``."""
    taken = 0
    for mask in held:
        taken |= mask
    free = free_sets(deck, k, taken)
    rows = held_rows(deck.size)[list(held)]
    return free, flush_table(deck, k)[1][rows[:, None], free[None, :]]


@cache
def suit_events(deck: SearchDeck, held: tuple[int, ...]) -> tuple[IntArray, IntArray]:
    """Boards (of ``C(unseen, 5)``) on which each player's share may rise / fall through a flush
    in one suit where the players hold the local rank masks ``held``.  Players are symmetric:
    the events are computed (and cached) once per sorted ``held``."""
    order = sorted(range(len(held)), key=held.__getitem__)
    rise, fall = _sorted_events(deck, tuple(held[j] for j in order))
    back = np.argsort(order)
    return rise[back], fall[back]


@cache
def _sorted_events(deck: SearchDeck, held: tuple[int, ...]) -> tuple[IntArray, IntArray]:
    rise = np.zeros(len(held), dtype=np.int64)
    fall = np.zeros(len(held), dtype=np.int64)
    remaining = deck.size - sum(int(m).bit_count() for m in held)
    others = deck.unseen - remaining           # unseen cards of the other suits
    for k in flush_sizes(held):
        _, flush = held_flushes(deck, held, k)
        ranked = np.sort(flush, axis=0)
        best, second = ranked[-1], ranked[-2]
        rivals = np.where(flush == best, second, best)    # best flush of the others
        weight = comb(others, 5 - k)
        rise += weight * ((flush > 0) & (flush == best)).sum(axis=1)
        fall += weight * ((rivals > 0) & (rivals >= flush)).sum(axis=1)
    return rise, fall


def flush_bounds(deck: SearchDeck, masks: IntArray) -> tuple[IntArray, IntArray]:
    """Rise and fall bounds ``(K, players)`` in boards for suitings given as ``(K, 4, players)``
    rank masks (:func:`cpoly.games.holdem.search.suitings.suit_masks`)."""
    keys, inverse = suit_keys(masks, deck.size)
    events = [suit_events(deck, key) for key in keys]
    rise = np.array([e[0] for e in events], dtype=np.int64)[inverse]
    fall = np.array([e[1] for e in events], dtype=np.int64)[inverse]
    shape = masks.shape
    return rise.reshape(shape).sum(axis=1), fall.reshape(shape).sum(axis=1)


@cache
def coarse_rise(deck: SearchDeck) -> tuple[int, int]:
    """Largest rise of an (offsuit or paired, suited) hand over all suitings, in boards: its
    flush probability with no other card of its suits out, plus five board cards of any other
    suit.  Fewer cards left in a suit only lower the chance of a flush (a hypergeometric tail)."""
    single, double = 1, 3
    alone_one = int(suit_events(deck, (single, 0))[0][0])
    alone_two = int(suit_events(deck, (double, 0))[0][0])
    board_only = int(suit_events(deck, (0, 0))[0][0])
    return 2 * alone_one + 2 * board_only, alone_two + 3 * board_only
