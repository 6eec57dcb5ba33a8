"""Pass 3: exact equities of suited tuples as no-flush outcomes plus flush corrections.

A suited tuple's boards differ from pass 1's only where somebody holds a flush.  Those boards
are events ``(suit s, set S of k ranks the board holds in s, multiset M of its other cards)``:
``S`` one card each, ``M`` suited among the other three suits in
``prod_r C(3 - hole cards of rank r outside s, m_r)`` ways.

Seven cards never hold a flush and a full house (five of a suit leave two cards: trips or two
pairs at most), so a player with five cards of ``s`` plays the flush, whatever ``M`` is.  On an
event, let ``F*(S)`` be the best of these *flushers'* strengths (a table lookup per set), ``phi(S)``
the code of the flushers who hold it, and ``Q`` the best no-flush strength of the others on board
class ``S + M``.  If ``Q < F*`` the outcome is ``phi(S)``; otherwise the others' full house or
quads wins exactly as in the no-flush showdown (pass 1's outcome code ``P`` of the board class).
So the correction of a suit is ``sum over Q < F* of weight(M) * (e(phi(S)) - e(P(S + M)))``:
one comparison over a (sets x multisets) grid.  Suits nobody holds share one correction per tuple,
and the suitings of a tuple share most suit keys.

>>> from cpoly.games.holdem.search.searchdeck import search_deck
>>> from cpoly.games.holdem.search.suitings import tuple_suitings
>>> deck = search_deck("23456789TJQKA", 3)
>>> row = deck.tuple_index(["KA", "KA", "4T"])
>>> ranks, suits = tuple_suitings(deck, row)
>>> k = [i for i, s in enumerate(suits.tolist()) if s == [0, 1, 0, 0, 1, 1]][0]
>>> [f"{100 * float(e):.7f}" for e in exact_equities(deck, row, suits[k:k + 1])[0]]
['33.3325309', '33.3347924', '33.3326768']
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache

import numpy as np

from cpoly.deck.ranks import rank_multisets
from cpoly.games.holdem.search.bounds import flush_sizes, held_flushes
from cpoly.games.holdem.search.nf import outcome_counts, share_table, share_unit, winner_codes
from cpoly.games.holdem.search.searchdeck import BINOM, IntArray, SearchDeck, rank_subsets
from cpoly.games.holdem.search.suitings import suit_keys, suit_masks

__all__ = ["exact_counts", "exact_equities"]

_ONES = np.ones(6, dtype=np.int64)


@cache
def _multisets(size: int, count: int) -> tuple[IntArray, IntArray]:
    """Every multiset of ``count`` cards over ``size`` ranks as ``(n, size)`` rank counts, and
    as ``(n, count)`` (rank, copies) pairs coded ``6 * rank + copies`` (one per distinct rank,
    padded with ``6 * size + 1``, whose weight is 1)."""
    full = rank_multisets(count)        # over 13 ranks, at most 4 of a rank
    counts = np.ascontiguousarray(full[(full[:, size:] == 0).all(axis=1)][:, :size])
    pairs = np.full((len(counts), max(count, 1)), 6 * size + 1, dtype=np.int64)
    for index, line in enumerate(counts.tolist()):
        held = [6 * r + m for r, m in enumerate(line) if m]
        pairs[index, :len(held)] = held
    return counts, pairs


def _weights(pairs: IntArray, left: IntArray) -> IntArray:
    """Ways ``prod_r C(left_r, m_r)`` to suit each multiset of :func:`_multisets` when ``left_r``
    cards of rank ``r`` are free in the other suits."""
    table = np.concatenate([BINOM[left].ravel(), _ONES])
    return np.asarray(table[pairs].prod(axis=1), dtype=np.int64)


@cache
def _event_boards(deck: SearchDeck, k: int) -> IntArray:
    """``(C(R, k), n_M)`` board classes of (set, multiset), sets in the order of
    :func:`cpoly.games.holdem.search.bounds.flush_table`, multisets of :func:`_multisets`."""
    rest, _ = _multisets(deck.size, 5 - k)
    return deck.board_index(rank_subsets(deck.size, k)[:, None, :] + rest[None, :, :])


@lru_cache(maxsize=64)
def _row_tables(deck: SearchDeck, row: int) -> tuple[IntArray, IntArray, IntArray]:
    """The tuple's no-flush strengths ``(players, B)`` on every board class, their outcome codes
    ``(B,)`` and the hole cards of each rank ``(R,)``."""
    hands = deck.tuples[row]
    strengths = deck.strength[hands]
    return strengths, winner_codes(list(strengths)), deck.hole_counts(hands[None, :])[0]


@lru_cache(maxsize=256)
def _grid(deck: SearchDeck, row: int, k: int, players: tuple[int, ...] | None) -> IntArray:
    """On the ``(C(R, k), n_M)`` event grid: the tuple's no-flush outcome code plus
    ``2**players`` times the multiset's index (``players`` None: one bin per (multiset, code)),
    or the best no-flush strength of ``players``.  Cached: a tuple's suit keys share them."""
    strengths, codes, _ = _row_tables(deck, row)
    if players is not None:
        return np.asarray(strengths[list(players)].max(axis=0)[_event_boards(deck, k)], np.int64)
    grid = codes[_event_boards(deck, k)]
    return np.asarray(grid + 2 ** deck.players * np.arange(grid.shape[1]), dtype=np.int64)


@lru_cache(maxsize=4096)
def _suit_correction(deck: SearchDeck, row: int, held: tuple[int, ...]) -> IntArray:
    """Outcome-count correction ``(2**players,)`` of the boards where somebody flushes in one
    suit where the players hold the local rank masks ``held``.  Cached: the suitings of one
    tuple share most suit keys."""
    _, _, holes = _row_tables(deck, row)
    taken = np.bitwise_or.reduce(np.array(held, dtype=np.int64))
    left = 3 - (holes - ((taken >> np.arange(deck.size)) & 1))   # free cards of a rank elsewhere
    slots = 2 ** deck.players
    total = np.zeros(slots, dtype=np.float64)
    for k in flush_sizes(held):
        free, flush = held_flushes(deck, held, k)
        weights = _weights(_multisets(deck.size, 5 - k)[1], left).astype(np.float64)
        best = flush.max(axis=0)
        won = np.full(len(free), weights.sum())             # the flush wins unless ...
        plain = _grid(deck, row, k, None)[free]
        counts = np.bincount(plain.ravel(), minlength=len(weights) * slots)
        total -= weights @ counts.reshape(len(weights), slots)
        others = tuple(j for j, mask in enumerate(held) if mask.bit_count() < 5 - k)
        if others:                                          # ... others hold a full house
            beaten = np.flatnonzero(_grid(deck, row, k, others)[free] >= best[:, None])
            sets, multisets = np.divmod(beaten, len(weights))
            lost = weights[multisets]
            won -= np.bincount(sets, weights=lost, minlength=len(free))
            total += np.bincount(plain.ravel()[beaten] % slots, weights=lost, minlength=slots)
        total += np.bincount(winner_codes(list(flush)), weights=won, minlength=slots)
    correction = np.rint(total).astype(np.int64)
    correction.setflags(write=False)
    return correction


def exact_counts(deck: SearchDeck, row: int, suits: IntArray,
                 no_flush: IntArray | None = None) -> IntArray:
    """``(K, 2**players)`` exact outcome counts of tuple ``row`` under suitings ``(K, 2P)``;
    ``no_flush`` is the tuple's pass-1 counts when the caller has them."""
    ranks = deck.hands[deck.tuples[row]].ravel()
    keys, inverse = suit_keys(suit_masks(ranks, suits, deck.players), deck.size)
    corrections = np.array([_suit_correction(deck, row, key) for key in keys])
    per_suit = corrections[inverse].reshape(len(suits), 4, -1)
    base = outcome_counts(deck, [row])[0] if no_flush is None else no_flush
    return np.asarray(base + per_suit.sum(axis=1), dtype=np.int64)


def exact_equities(deck: SearchDeck, row: int, suits: IntArray) -> list[list[Fraction]]:
    """Exact equities of tuple ``row`` under each suiting (players in the tuple's order)."""
    shares = exact_counts(deck, row, suits) @ share_table(deck.players)
    total = share_unit(deck.players) * deck.board_total
    return [[Fraction(int(v), total) for v in line] for line in shares]
