"""Pass 1: no-flush outcomes of many unsuited tuples at once.

Every tuple meets every board class; a board class weighs the number of ways to suit it once
the hole cards have removed one copy of their ranks, ``prod_r C(4 - hole_r, m_r)``.  Only the
(at most ``2 * players``) ranks in the hole differ from the free deck, so the weight is
``base * prod_hole C(4 - h, m) // prod_hole C(4, m)`` from whole-row gathers of small tables.
Outcomes are counted by *code*: bit ``j`` set when player ``j`` holds the best hand; one
``bincount`` per chunk tallies them.

>>> from cpoly.games.holdem.search.searchdeck import search_deck
>>> deck = search_deck("23456789TJQKA", 3)
>>> row = deck.tuple_index(["66", "79", "8Q"])
>>> shares = equities(deck, outcome_counts(deck, [row]))[0]
>>> deck.tuple_name(row), [f"{100 * float(e):.4f}" for e in shares]
('66 79 8Q', ['32.8611', '30.4328', '36.7061'])
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from cpoly.games.holdem.search.searchdeck import BINOM, IntArray, SearchDeck

__all__ = ["BLOCK", "FloatArray", "board_weights", "equities", "outcome_counts", "share_table",
           "share_unit", "share_units", "winner_codes"]

FloatArray = npt.NDArray[np.float64]

#: Tuples per vectorised block (keeps the ``(block, B)`` arrays in cache).
BLOCK = 32


@cache
def share_table(players: int) -> IntArray:
    """``(2**players, players)`` pot share of each player for each outcome code, in units of
    ``1 / share_unit(players)``."""
    unit = share_unit(players)
    codes = np.arange(2 ** players)
    best = (codes[:, None] >> np.arange(players)) & 1
    winners = np.maximum(best.sum(axis=1), 1)
    return np.asarray(best * (unit // winners)[:, None], dtype=np.int64)


def share_unit(players: int) -> int:
    """Share units per pot: ``lcm(1..players)``."""
    return lcm(*range(1, players + 1))


@cache
def _weight_rows(deck: SearchDeck) -> tuple[FloatArray, FloatArray, IntArray]:
    """``base (B,)``; rows ``[r * 5 + k] = C(4 - k, m_r) / C(4, m_r)`` and a last row of ones;
    the board classes' int32 strengths ``(H, B)``."""
    counts = deck.boards
    full = BINOM[4][counts]
    base = np.prod(full, axis=1).astype(np.float64)
    rows = np.ones((deck.size * 5 + 1, len(counts)), dtype=np.float64)
    for k in range(5):
        rows[np.arange(deck.size) * 5 + k] = BINOM[4 - k][counts.T] / np.maximum(full.T, 1)
    return base, rows, deck.strength.astype(np.int32)


def _ratio_rows(deck: SearchDeck, tuples: IntArray) -> IntArray:
    """``(T, 2 * players)`` rows of :func:`_weight_rows` whose product weighs each tuple."""
    holes = deck.hole_counts(tuples)
    ranks = np.argsort(-holes, axis=1, kind="stable")[:, :2 * deck.players]
    k = np.take_along_axis(holes, ranks, axis=1)
    return np.where(k > 0, ranks * 5 + k, deck.size * 5)


def board_weights(deck: SearchDeck, tuples: IntArray) -> IntArray:
    """``(T, B)`` suitings of every board class for each tuple ``(T, players)`` (exact ints)."""
    weights = _float_weights(deck, tuples)
    return np.asarray(np.rint(weights), dtype=np.int64)


def _float_weights(deck: SearchDeck, tuples: IntArray) -> FloatArray:
    """Board weights as float64: ``base * prod C(4-h, m) / C(4, m)`` over the hole ranks.

    Each weight is an integer <= 4**5 computed with at most 7 roundings, so its error is below
    1e-11; per-tuple sums stay below 2**53 (checked by the caller after rounding).
    """
    base, rows, _ = _weight_rows(deck)
    chosen = _ratio_rows(deck, tuples)
    weights = base[None, :] * rows[chosen[:, 0]]
    for slot in range(1, chosen.shape[1]):
        weights *= rows[chosen[:, slot]]
    return weights


def winner_codes(strengths: Sequence[IntArray], dtype: type[np.signedinteger[Any]] = np.int64
                 ) -> IntArray:
    """Outcome codes of showdowns: bit ``j`` set when player ``j`` holds the best hand.

    ``strengths`` has one array per player, all of one shape; the codes have that shape and
    type ``dtype`` (pass 1 uses int32 to keep its blocks small).

    >>> winner_codes([np.array([5, 9]), np.array([7, 1]), np.array([7, 2])]).tolist()
    [6, 1]
    >>> winner_codes([np.array([3]), np.array([3])], dtype=np.int32).dtype.name
    'int32'
    """
    best = strengths[0].copy()
    for strength in strengths[1:]:
        np.maximum(best, strength, out=best)
    codes = np.zeros(best.shape, dtype=dtype)
    for j, strength in enumerate(strengths):
        codes += (strength == best).astype(dtype) << j
    return codes


def _block_counts(deck: SearchDeck, tuples: IntArray) -> FloatArray:
    _, _, table = _weight_rows(deck)
    codes = winner_codes([table[tuples[:, j]] for j in range(deck.players)], dtype=np.int32)
    slots = 2 ** deck.players
    codes += (slots * np.arange(len(tuples), dtype=np.int32))[:, None]
    weights = _float_weights(deck, tuples)
    counts = np.bincount(codes.ravel(), weights=weights.ravel(), minlength=slots * len(tuples))
    return np.asarray(counts, dtype=np.float64)


def outcome_counts(deck: SearchDeck, rows: npt.ArrayLike) -> IntArray:
    """``(T, 2**players)`` boards of each outcome code, for the tuples ``rows`` of the deck.

    Raises
    ------
    ArithmeticError
        If a float64 sum were not an exact integer (cannot happen below 2**53; guarded).
    """
    rows = np.asarray(rows, dtype=np.int64)
    parts = [_block_counts(deck, deck.tuples[rows[i:i + BLOCK]])
             for i in range(0, len(rows), BLOCK)]
    counts = np.concatenate(parts) if parts else np.zeros(0)
    exact = np.rint(counts)
    if np.abs(counts - exact).max(initial=0.0) > 1e-3:
        raise ArithmeticError("pass 1 lost exactness in float64 board weights")
    return exact.astype(np.int64).reshape(len(rows), 2 ** deck.players)


def share_units(counts: IntArray, players: int) -> IntArray:
    """``(T, players)`` pot shares in units of ``1 / share_unit(players)`` of a pot."""
    return np.asarray(counts @ share_table(players), dtype=np.int64)


def equities(deck: SearchDeck, counts: IntArray) -> list[list[Fraction]]:
    """Exact no-flush equities of each row of outcome counts."""
    total = share_unit(deck.players) * deck.board_total
    return [[Fraction(int(v), total) for v in row] for row in share_units(counts, deck.players)]
