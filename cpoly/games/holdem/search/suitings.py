"""Pass 2's enumeration: the suitings of an unsuited tuple, up to suit symmetry.

Positions ``2j`` and ``2j + 1`` hold player ``j``'s low and high card.  A suiting gives every
position a suit; it is written canonically (suits numbered in order of first appearance), cards of
equal rank need different suits, and two suitings are the same suited tuple when a symmetry of the
tuple (swapping the cards of a pocket pair, swapping two equal hands) maps one onto the other.
All of this depends only on *which positions hold equal ranks*, so the list is computed once per
coincidence pattern (a few dozen patterns), not per tuple.

>>> len(patterns_for((0, 1, 2, 3, 4, 5)))   # six different ranks: every partition into <= 4 suits
187
>>> patterns_for((0, 0, 2, 3, 2, 3))         # 66 79 79-like: a pocket pair and two equal hands
... # doctest: +ELLIPSIS
((0, 1, 0, 0, 1, 1), ...)
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

import numpy as np

from cpoly.games.holdem.search.searchdeck import IntArray, SearchDeck

__all__ = ["coincidence", "format_suited", "patterns_for", "suit_keys", "suit_masks", "tuple_suitings"]


def coincidence(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """For each position, the first position holding the same rank.

    >>> coincidence((3, 5, 3, 9, 5, 9))
    (0, 1, 0, 3, 1, 3)
    """
    return tuple(ranks.index(r) for r in ranks)


def _canonical(suits: tuple[int, ...]) -> tuple[int, ...]:
    names: dict[int, int] = {}
    return tuple(names.setdefault(s, len(names)) for s in suits)


@cache
def _all_canonical(positions: int) -> list[tuple[int, ...]]:
    return sorted({_canonical(s) for s in product(range(4), repeat=positions)})


def _symmetries(pattern: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Position permutations that map the tuple to itself (pair swaps, equal-hand swaps)."""
    players = len(pattern) // 2
    hands = [(pattern[2 * j], pattern[2 * j + 1]) for j in range(players)]
    result = set()
    for order in permutations(range(players)):
        if any(hands[order[j]] != hands[j] for j in range(players)):
            continue
        for flips in product((0, 1), repeat=players):
            if any(f and hands[j][0] != hands[j][1] for j, f in enumerate(flips)):
                continue
            result.add(tuple(2 * order[j] + (side ^ flips[j])
                             for j in range(players) for side in (0, 1)))
    return sorted(result)


@cache
def patterns_for(pattern: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct suitings of a tuple with coincidence pattern ``pattern`` (canonical suits)."""
    symmetries = _symmetries(pattern)
    chosen = set()
    for suits in _all_canonical(len(pattern)):
        if any(suits[a] == suits[b] for a in range(len(suits)) for b in range(a)
               if pattern[a] == pattern[b]):
            continue
        chosen.add(min(_canonical(tuple(suits[p] for p in perm)) for perm in symmetries))
    return tuple(sorted(chosen))


def tuple_suitings(deck: SearchDeck, row: int) -> tuple[IntArray, IntArray]:
    """Local ranks ``(2 * players,)`` and suitings ``(K, 2 * players)`` of tuple ``row``."""
    ranks = deck.hands[deck.tuples[row]].ravel()
    return ranks, _suitings_array(coincidence(tuple(ranks.tolist())))


@cache
def _suitings_array(pattern: tuple[int, ...]) -> IntArray:
    suits = np.array(patterns_for(pattern), dtype=np.int64)
    suits.setflags(write=False)
    return suits


def suit_masks(ranks: IntArray, suits: IntArray, players: int) -> IntArray:
    """``(K, 4, players)`` local rank masks each player holds in each suit, per suiting."""
    bits = (np.int64(1) << ranks)[None, :]
    masks = np.zeros((len(suits), 4, players), dtype=np.int64)
    for suit in range(4):
        held = np.where(suits == suit, bits, 0)
        masks[:, suit, :] = held[:, 0::2] | held[:, 1::2]
    return masks


def suit_keys(masks: IntArray, size: int) -> tuple[list[tuple[int, ...]], IntArray]:
    """The distinct rows of ``(..., players)`` rank masks over ``size`` ranks, and the index of
    each row (flattened) among them: suitings share most of their suits' keys.

    >>> keys, inverse = suit_keys(np.array([[[1, 2], [0, 0]], [[1, 2], [4, 0]]]), 3)
    >>> keys, inverse.tolist()
    ([(0, 0), (4, 0), (1, 2)], [2, 0, 2, 1])
    """
    flat = masks.reshape(-1, masks.shape[-1])
    codes = flat @ (np.int64(1) << (size * np.arange(flat.shape[1], dtype=np.int64)))
    _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    return [tuple(key) for key in flat[first].tolist()], inverse.ravel()


def format_suited(deck: SearchDeck, ranks: IntArray, suits: IntArray) -> list[str]:
    """Hands of one suiting as text, high card first: ``['AcKc', 'AdKd', 'Td4c']``.

    Canonical suit numbers 0, 1, 2, 3 are written c, d, h, s (the seed's order of first use).
    """
    from cpoly.games.holdem.intcards import RANKS

    names = "cdhs"
    cards = [RANKS[deck.ranks[int(r)]] + names[int(s)] for r, s in zip(ranks, suits)]
    return [cards[2 * j + 1] + cards[2 * j] for j in range(len(cards) // 2)]
