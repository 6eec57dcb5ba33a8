"""The evaluator's core: strengths of 5- to 7-card hands under one game's explicit rules.

Strength is an ``int32``: ``category << 20`` plus up to five 4-bit ranks (most significant
first), so a larger strength is a better hand and equal strengths tie.  The category bits are the
game's hand codes (:class:`~cpoly.games.holdem.rules.GameRules`): in standard Hold'em the seed's
ten hand codes 1 high card, 2 pair, … 9 straight flush, 10 royal flush (a royal has the straight
flush's category bits in the strength; :func:`category_codes` reports it as 10).

The rank part works on rank bitmasks: ``b1`` = ranks present, ``b2`` = ranks held at least twice,
``b3`` thrice, ``b4`` four times; small 8192-entry tables give the highest bit, the top-k ranks and
the top of a straight.  Flushes use the 13-bit mask of the ranks of each suit.

Every function here takes the rules it evaluates; :mod:`~cpoly.games.holdem.evaluator` is the
public face that defaults them to standard Hold'em.  This module sits below the game file
(:mod:`~cpoly.games.holdem.gamefile` checks a game's categories with it), so it never loads a game.

>>> from cpoly.games.holdem.rules import STANDARD_SHAPE
>>> royal = [[48, 44, 40, 36, 32, 0, 5]]  # Ac Kc Qc Jc Tc 2c 3d
>>> int(category_codes(evaluate(royal, STANDARD_SHAPE), STANDARD_SHAPE)[0])
10
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.rules import GameRules, Kind, tables

__all__ = ["IntArray", "POPCOUNT", "category_codes", "code_table", "count_masks", "evaluate",
           "flush_strength", "rank_strength", "strength_from_counts"]

IntArray = npt.NDArray[np.int64]
_RANK_BITS = np.int64(1) << np.arange(13, dtype=np.int64)


def _build_tables() -> tuple[IntArray, dict[int, IntArray]]:
    masks = np.arange(8192, dtype=np.int64)
    high_bit = np.where(masks > 0, np.floor(np.log2(np.maximum(masks, 1))).astype(np.int64), 0)
    top_k: dict[int, IntArray] = {}
    for k in (1, 2, 3, 5):
        packed = np.zeros(8192, dtype=np.int64)
        remaining = masks.copy()
        for _ in range(k):
            hb = np.where(remaining > 0, high_bit[remaining], 0)
            packed = packed << 4 | hb
            remaining = np.where(remaining > 0, remaining & ~(np.int64(1) << hb), 0)
        top_k[k] = packed
    return high_bit, top_k


HIGH_BIT, TOP_K = _build_tables()
POPCOUNT = np.bitwise_count(np.arange(8192, dtype=np.int64)).astype(np.int64)


def _without(mask: IntArray, rank: IntArray) -> IntArray:
    return mask & ~(np.int64(1) << rank)


def rank_strength(b1: IntArray, b2: IntArray, b3: IntArray, b4: IntArray,
                  rules: GameRules) -> IntArray:
    """Best non-flush strength from rank bitmasks (ranks held ≥1, ≥2, ≥3, 4 times).

    The kinds are tried in the game's order, best first (:func:`~cpoly.games.holdem.rules.tables`).

    >>> from cpoly.games.holdem.rules import STANDARD_SHAPE
    >>> int(rank_strength(*[np.array([m]) for m in (0b11111, 0, 0, 0)], STANDARD_SHAPE)[0]) >> 20
    5
    """
    table = tables(rules)
    code = table.code
    hb = HIGH_BIT
    n_pairs = POPCOUNT[b2]

    def case(kind: Kind) -> tuple[npt.NDArray[np.bool_], IntArray]:
        if kind is Kind.QUADS:
            quad = hb[b4]
            return b4 != 0, code[kind] << 20 | quad << 16 | hb[_without(b1, quad)] << 12
        if kind is Kind.FULL_HOUSE:
            trip = hb[b3]
            return (b3 != 0) & (n_pairs >= 2), code[kind] << 20 | trip << 16 | hb[_without(b2, trip)] << 12
        if kind is Kind.STRAIGHT:
            straight = table.straight_top[b1]
            return straight >= 0, code[kind] << 20 | straight << 16
        if kind is Kind.TRIPS:
            trip = hb[b3]
            return b3 != 0, code[kind] << 20 | trip << 16 | TOP_K[2][_without(b1, trip)] << 8
        pair = hb[b2]
        if kind is Kind.TWO_PAIR:
            second_pair = hb[_without(b2, pair)]
            return n_pairs >= 2, (code[kind] << 20 | pair << 16 | second_pair << 12
                                  | hb[_without(_without(b1, pair), second_pair)] << 8)
        return b2 != 0, code[kind] << 20 | pair << 16 | TOP_K[3][_without(b1, pair)] << 4

    cases = [case(kind) for kind in table.rank_order]
    return np.select([c for c, _ in cases], [v for _, v in cases],
                     code[Kind.HIGH_CARD] << 20 | TOP_K[5][b1])


def flush_strength(suit_mask: IntArray, rules: GameRules) -> IntArray:
    """Strength of the flush or straight flush in a 13-bit suit mask; 0 with fewer than 5 bits."""
    table = tables(rules)
    straight = table.straight_top[suit_mask]
    value = np.where(straight >= 0, table.code[Kind.STRAIGHT_FLUSH] << 20 | straight << 16,
                     table.code[Kind.FLUSH] << 20 | TOP_K[5][suit_mask])
    return np.where(POPCOUNT[suit_mask] >= 5, value, 0)


def count_masks(counts: npt.NDArray[np.integer]) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Rank bitmasks ``b1..b4`` from rank counts of shape ``(..., 13)``."""
    c = np.asarray(counts)
    return tuple(((c >= k).astype(np.int64) @ _RANK_BITS) for k in (1, 2, 3, 4))  # type: ignore


def strength_from_counts(counts: npt.NDArray[np.integer], rules: GameRules) -> IntArray:
    """Rank-only strength (flushes ignored) from rank counts of shape ``(..., 13)``."""
    return rank_strength(*count_masks(counts), rules=rules)


def _checked_hands(cards: npt.ArrayLike, sizes: tuple[int, int] = (5, 7)) -> IntArray:
    hands = np.asarray(cards, dtype=np.int64)
    if hands.ndim == 1:
        hands = hands[None, :]
    if hands.ndim != 2 or not sizes[0] <= hands.shape[1] <= sizes[1]:
        raise CpolyInputError(f"a hand has {sizes[0]} to {sizes[1]} cards, got shape {hands.shape}")
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise CpolyInputError("cards are numbers 0..51")
    return hands


def evaluate(cards: npt.ArrayLike, rules: GameRules) -> IntArray:
    """Strengths of hands given as an ``(N, n)`` array of cards, ``n`` in 5..7: the best five
    of the ``n`` cards in the game's order (``rules``; standard Hold'em by default).

    Raises
    ------
    CpolyInputError
        When the hands do not have 5 to 7 cards or a card is outside 0..51.
    """
    hands = _checked_hands(cards)
    bits = np.int64(1) << (hands >> 2)
    b1, b2, b3, b4 = (np.zeros(len(hands), dtype=np.int64) for _ in range(4))
    for column in np.ascontiguousarray(bits.T):
        b4 |= b3 & column
        b3 |= b2 & column
        b2 |= b1 & column
        b1 |= column
    strength = rank_strength(b1, b2, b3, b4, rules)
    by_suit = (bits << (16 * (hands & 3))).sum(axis=1)  # four 13-bit suit masks, 16 bits apart
    flush_mask = np.zeros(len(hands), dtype=np.int64)
    for suit in range(4):
        suit_mask = (by_suit >> (16 * suit)) & 8191
        flush_mask = np.where(POPCOUNT[suit_mask] >= 5, suit_mask, flush_mask)
    rows = np.flatnonzero(flush_mask)
    strength[rows] = np.maximum(strength[rows], flush_strength(flush_mask[rows], rules))
    return strength


def category_codes(strength: npt.ArrayLike, rules: GameRules) -> IntArray:
    """Hand codes of strengths: the category bits, and the royal flush's code for the straight
    flush with the top window's top card (standard: royal flush = 10).

    >>> from cpoly.games.holdem.rules import STANDARD_SHAPE as rules
    >>> category_codes(np.array([9 << 20 | 12 << 16, 9 << 20 | 11 << 16]), rules).tolist()
    [10, 9]
    """
    table = tables(rules)
    s = np.asarray(strength, dtype=np.int64)
    category = s >> 20
    royal = (category == table.code[Kind.STRAIGHT_FLUSH]) & ((s >> 16 & 15) == table.royal_top)
    return np.where(royal, rules.royal_code, category)


@lru_cache(maxsize=8)
def code_table(rules: GameRules) -> IntArray:
    """``(512,)`` the hand code (:func:`category_codes`) of every strength ``s`` by ``s >> 16``,
    its category and first rank.

    >>> from cpoly.games.holdem.rules import STANDARD_SHAPE as rules
    >>> int(code_table(rules)[(9 << 20 | 12 << 16) >> 16])
    10
    """
    table = category_codes(np.arange(512, dtype=np.int64) << 16, rules)
    table.setflags(write=False)
    return table

