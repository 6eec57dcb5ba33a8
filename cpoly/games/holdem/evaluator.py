"""Vectorised 5-, 6- and 7-card poker evaluator.

Strength is an ``int32``: ``category << 20`` plus up to five 4-bit ranks (most significant
first), so a larger strength is a better hand and equal strengths tie.  Categories follow the
seed's ten hand codes: 1 high card, 2 pair, 3 two pair, 4 three of a kind, 5 straight, 6 flush,
7 full house, 8 four of a kind, 9 straight flush, 10 royal flush (a royal has category bits 9 in
the strength; :func:`category_codes` reports it as 10).

The rank part works on rank bitmasks: ``b1`` = ranks present, ``b2`` = ranks held at least twice,
``b3`` thrice, ``b4`` four times; small 8192-entry tables give the highest bit, the top-k ranks and
the top of a straight.  Flushes use the 13-bit mask of the ranks of each suit.

>>> from cpoly.games.holdem.cards import parse_cards
>>> int(category_codes(evaluate([parse_cards("As Ks Qs Js Ts 2c 3d")]))[0])
10
>>> best_five(parse_cards("Ah Ad Kc Ks 7h 7d 2c"))
(49, 50, 44, 47, 21)
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError

IntArray = npt.NDArray[np.int64]
CATEGORY_NAMES: Final = (
    "high card", "pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush", "royal flush",
)
_RANK_BITS: Final = np.int64(1) << np.arange(13, dtype=np.int64)


def _build_tables() -> tuple[IntArray, IntArray, dict[int, IntArray]]:
    masks = np.arange(8192, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(13)) & 1
    high_bit = np.where(masks > 0, np.floor(np.log2(np.maximum(masks, 1))).astype(np.int64), 0)
    straight_top = np.full(8192, -1, dtype=np.int64)
    for top in range(3, 13):  # wheel A-2-3-4-5 has top rank 3 ('5')
        window = (1 << 12 | 0b1111) if top == 3 else (0b11111 << (top - 4))
        hit = (masks & window) == window
        straight_top[hit & (straight_top < top)] = top
    top_k: dict[int, IntArray] = {}
    for k in (1, 2, 3, 5):
        packed = np.zeros(8192, dtype=np.int64)
        remaining = masks.copy()
        for _ in range(k):
            hb = np.where(remaining > 0, high_bit[remaining], 0)
            packed = packed << 4 | hb
            remaining = np.where(remaining > 0, remaining & ~(np.int64(1) << hb), 0)
        top_k[k] = packed
    del bits
    return high_bit, straight_top, top_k


HIGH_BIT, STRAIGHT_TOP, TOP_K = _build_tables()
POPCOUNT: Final = np.array([m.bit_count() for m in range(8192)], dtype=np.int64)


def _without(mask: IntArray, rank: IntArray) -> IntArray:
    return mask & ~(np.int64(1) << rank)


def rank_strength(b1: IntArray, b2: IntArray, b3: IntArray, b4: IntArray) -> IntArray:
    """Best non-flush strength from rank bitmasks (ranks held ≥1, ≥2, ≥3, 4 times).

    >>> int(rank_strength(*[np.array([m]) for m in (0b11111, 0, 0, 0)])[0]) >> 20
    5
    """
    hb = HIGH_BIT
    quad = hb[b4]
    trip = hb[b3]
    pair = hb[b2]
    second_pair = hb[_without(b2, pair)]
    fh_pair = hb[_without(b2, trip)]
    n_pairs = POPCOUNT[b2]
    straight = STRAIGHT_TOP[b1]
    cases = [
        (b4 != 0, 8 << 20 | quad << 16 | hb[_without(b1, quad)] << 12),
        ((b3 != 0) & (n_pairs >= 2), 7 << 20 | trip << 16 | fh_pair << 12),
        (straight >= 0, 5 << 20 | straight << 16),
        (b3 != 0, 4 << 20 | trip << 16 | TOP_K[2][_without(b1, trip)] << 8),
        (n_pairs >= 2, 3 << 20 | pair << 16 | second_pair << 12
         | hb[_without(_without(b1, pair), second_pair)] << 8),
        (b2 != 0, 2 << 20 | pair << 16 | TOP_K[3][_without(b1, pair)] << 4),
    ]
    return np.select([c for c, _ in cases], [v for _, v in cases], 1 << 20 | TOP_K[5][b1])


def flush_strength(suit_mask: IntArray) -> IntArray:
    """Strength of the flush or straight flush in a 13-bit suit mask; 0 with fewer than 5 bits."""
    straight = STRAIGHT_TOP[suit_mask]
    value = np.where(straight >= 0, 9 << 20 | straight << 16, 6 << 20 | TOP_K[5][suit_mask])
    return np.where(POPCOUNT[suit_mask] >= 5, value, 0)


def count_masks(counts: npt.NDArray[np.integer]) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Rank bitmasks ``b1..b4`` from rank counts of shape ``(..., 13)``."""
    c = np.asarray(counts)
    return tuple(((c >= k).astype(np.int64) @ _RANK_BITS) for k in (1, 2, 3, 4))  # type: ignore


def strength_from_counts(counts: npt.NDArray[np.integer]) -> IntArray:
    """Rank-only strength (flushes ignored) from rank counts of shape ``(..., 13)``."""
    return rank_strength(*count_masks(counts))


def evaluate(cards: npt.ArrayLike) -> IntArray:
    """Strengths of hands given as an ``(N, n)`` array of cards, ``n`` in 5..7.

    Raises
    ------
    CpolyInputError
        When the hands do not have 5 to 7 cards or a card is outside 0..51.
    """
    hands = np.asarray(cards, dtype=np.int64)
    if hands.ndim == 1:
        hands = hands[None, :]
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise CpolyInputError(f"a hand has 5 to 7 cards, got shape {hands.shape}")
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise CpolyInputError("cards are numbers 0..51")
    bits = np.int64(1) << (hands >> 2)
    b1, b2, b3, b4 = (np.zeros(len(hands), dtype=np.int64) for _ in range(4))
    for column in np.ascontiguousarray(bits.T):
        b4 |= b3 & column
        b3 |= b2 & column
        b2 |= b1 & column
        b1 |= column
    strength = rank_strength(b1, b2, b3, b4)
    by_suit = (bits << (16 * (hands & 3))).sum(axis=1)  # four 13-bit suit masks, 16 bits apart
    flush_mask = np.zeros(len(hands), dtype=np.int64)
    for suit in range(4):
        suit_mask = (by_suit >> (16 * suit)) & 8191
        flush_mask = np.where(POPCOUNT[suit_mask] >= 5, suit_mask, flush_mask)
    rows = np.flatnonzero(flush_mask)
    strength[rows] = np.maximum(strength[rows], flush_strength(flush_mask[rows]))
    return strength


def category_codes(strength: npt.ArrayLike) -> IntArray:
    """Hand codes 1..10 of strengths (royal flush = 10).

    >>> category_codes(np.array([9 << 20 | 12 << 16, 9 << 20 | 11 << 16])).tolist()
    [10, 9]
    """
    s = np.asarray(strength, dtype=np.int64)
    category = s >> 20
    return np.where((category == 9) & ((s >> 16 & 15) == 12), 10, category)


def evaluate_one(cards: tuple[int, ...] | list[int]) -> int:
    """Strength of a single 5- to 7-card hand."""
    return int(evaluate(np.asarray(cards)[None, :])[0])


def best_five(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The best five cards of a 5- to 7-card hand, in the order of the hand's tiebreak.

    Cards are ordered by (multiplicity, rank) descending; a wheel puts its ace last.
    """
    if not 5 <= len(cards) <= 7:
        raise CpolyInputError(f"a hand has 5 to 7 cards, got {len(cards)}")
    subsets = np.array(list(combinations(cards, 5)), dtype=np.int64)
    strengths = evaluate(subsets)
    best = [int(c) for c in subsets[int(np.argmax(strengths))]]
    rank_count = {r: sum(1 for c in best if c // 4 == r) for r in range(13)}
    strength = int(strengths.max())
    wheel = (strength >> 20) in (5, 9) and (strength >> 16 & 15) == 3

    def key(card: int) -> tuple[int, int, int]:
        rank = card // 4
        order_rank = -1 if (wheel and rank == 12) else rank
        return (-rank_count[rank], -order_rank, card % 4)

    return tuple(sorted(best, key=key))
