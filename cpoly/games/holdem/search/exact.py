"""Pass 3: exact equities of suited tuples as no-flush outcomes plus flush corrections.

A suited tuple's boards differ from pass 1's only where somebody holds a flush.  Those boards
are events ``(suit s, set S of ranks the board holds in s, multiset M of its other cards)``:
``S`` one card each, ``M`` suited among the other three suits in
``prod_r C(3 - hole cards of rank r outside s, m_r)`` ways.  For each event the no-flush
strengths come from the deck's strength table (board class ``S + M``), the real ones are
``max(no-flush, flush in s)``; the correction is the outcome counts of the real showdowns minus
those of the no-flush ones.  Suits nobody holds share one correction per tuple.

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
from cpoly.games.holdem.evaluator import flush_strength
from cpoly.games.holdem.search.bounds import flush_sets, real_masks, subset_masks
from cpoly.games.holdem.search.nf import outcome_counts, share_table, share_unit, winner_codes
from cpoly.games.holdem.search.searchdeck import BINOM, IntArray, SearchDeck, rank_subsets
from cpoly.games.holdem.search.suitings import suit_masks


@cache
def _multisets(size: int, count: int) -> IntArray:
    """``(n, size)`` rank counts of every multiset of ``count`` cards over ``size`` ranks."""
    full = rank_multisets(count)        # over 13 ranks, at most 4 of a rank
    return np.ascontiguousarray(full[(full[:, size:] == 0).all(axis=1)][:, :size])


@cache
def _event_boards(deck: SearchDeck, k: int) -> tuple[dict[int, int], IntArray, IntArray]:
    """Row of each ``k``-set mask, ``(C(R, k), n_M)`` board classes of (set, multiset) and the
    multisets ``(n_M, R)`` of the ``5 - k`` other cards."""
    sets = rank_subsets(deck.size, k)
    rest = _multisets(deck.size, 5 - k)
    boards = deck.board_index(sets[:, None, :] + rest[None, :, :])
    rows = {int(m): i for i, m in enumerate(subset_masks(deck.size, k).tolist())}
    return rows, boards, rest


@lru_cache(maxsize=4096)
def _suit_correction(deck: SearchDeck, row: int, held: tuple[int, ...],
                     outside: tuple[int, ...]) -> IntArray:
    """Outcome-count correction ``(2**players,)`` of the boards where somebody flushes in one
    suit: ``held`` = local rank masks each player holds in it, ``outside`` = hole cards of each
    rank in the other suits.  Cached: the suitings of one tuple share most suit keys."""
    hands = deck.tuples[row]
    real = real_masks(deck.ranks)
    slots = 2 ** deck.players
    total = np.zeros(slots, dtype=np.int64)
    left = 3 - np.array(outside, dtype=np.int64)
    for k, sets in flush_sets(deck, held):
        rows, boards, rest = _event_boards(deck, k)
        weights = np.prod(BINOM[left[None, :], rest], axis=1)
        chosen = boards[[rows[int(m)] for m in sets.tolist()]]
        plain = [deck.strength[h][chosen] for h in hands.tolist()]
        flush = [flush_strength(real[sets | m])[:, None] for m in held]
        better = [np.maximum(p, f) for p, f in zip(plain, flush)]
        w = np.broadcast_to(weights[None, :], chosen.shape).ravel().astype(np.float64)
        delta = (np.bincount(winner_codes(better).ravel(), weights=w, minlength=slots)
                 - np.bincount(winner_codes(plain).ravel(), weights=w, minlength=slots))
        total += np.rint(delta).astype(np.int64)
    total.setflags(write=False)
    return total


def exact_counts(deck: SearchDeck, row: int, suits: IntArray) -> IntArray:
    """``(K, 2**players)`` exact outcome counts of tuple ``row`` under suitings ``(K, 2P)``."""
    ranks = deck.hands[deck.tuples[row]].ravel()
    masks = suit_masks(ranks, suits, deck.players)
    base = outcome_counts(deck, [row])[0]
    out = np.zeros((len(suits), len(base)), dtype=np.int64)
    for index in range(len(suits)):
        counts = base.copy()
        for suit in range(4):
            outside = np.bincount(ranks[suits[index] != suit], minlength=deck.size)
            counts += _suit_correction(deck, row, tuple(int(m) for m in masks[index, suit]),
                                       tuple(outside.tolist()))
        out[index] = counts
    return out


def exact_equities(deck: SearchDeck, row: int, suits: IntArray) -> list[list[Fraction]]:
    """Exact equities of tuple ``row`` under each suiting (players in the tuple's order)."""
    shares = exact_counts(deck, row, suits) @ share_table(deck.players)
    total = share_unit(deck.players) * deck.board_total
    return [[Fraction(int(v), total) for v in line] for line in shares]
