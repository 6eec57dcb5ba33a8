"""Seed 000's first pass: "poker with no flushes" for unsuited hands.

Hands are rank pairs (``"66"``, ``"79"``, ``"8Q"``): every hand is ranked by its ranks only
(flushes and straight flushes count as what their ranks make), and each board rank multiset is
weighted by its number of suitings after each hole card has removed one copy of its rank.

>>> result = no_flush_equity(["66", "79", "8Q"])
>>> round(float(spread(result)) * 100, 4), [round(p.equity * 100, 4) for p in result.players]
(6.2733, [32.8611, 30.4328, 36.7061])

The second pass bounds what suits can change: a hand gains at most the probability that the
board brings it a flush (:func:`flush_catch_up`), the seed's 2.572 % and 8.039 %:

>>> [f"{float(flush_catch_up(suited)) * 100:.4f}" for suited in (False, True)]
['2.5711', '8.0384']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.boards import rank_tally
from cpoly.games.holdem.intcards import RANKS
from cpoly.games.holdem.results import EquityResult, result_from_tally

__all__ = ["flush_catch_up", "no_flush_equity", "spread"]


def _rank_counts(text: str, what: str, sizes: tuple[int, ...]) -> np.ndarray:
    letters = text.replace(" ", "").upper()
    if len(letters) not in sizes or any(ch not in RANKS for ch in letters):
        raise CpolyInputError(f"bad {what} {text!r}: expected {sizes} ranks from {RANKS}")
    return np.bincount([RANKS.index(ch) for ch in letters], minlength=13).astype(np.int64)


def no_flush_equity(hands: Sequence[str], board: str = "") -> EquityResult:
    """Exact equities of unsuited hands in poker with no flushes.

    Parameters
    ----------
    hands
        Two ranks each, e.g. ``["66", "79", "8Q"]`` (order of the two ranks is irrelevant).
    board
        Known board ranks (0, 3, 4 or 5 of them), e.g. ``"34469"``.
    """
    if len(hands) < 2:
        raise CpolyInputError(f"equity needs at least 2 players, got {len(hands)}")
    hole_counts = np.array([_rank_counts(h, "hand", (2,)) for h in hands])
    board_counts = _rank_counts(board, "board", (0, 3, 4, 5))
    available = 4 - hole_counts.sum(axis=0) - board_counts
    if (available < 0).any():
        rank = RANKS[int(np.argmin(available))]
        raise CpolyInputError(f"more than four cards of rank {rank} in {list(hands)} {board!r}")
    tally = rank_tally(hole_counts, board_counts, available, 5 - int(board_counts.sum()))
    return result_from_tally(tally, tuple(hands), "exact, ranks only (no flushes)", flushes=False)


def spread(result: EquityResult) -> Fraction:
    """Largest minus smallest exact equity (the first number of the seed's out0 lines).

    Raises
    ------
    CpolyInputError
        For a Monte Carlo result, which has no exact equities.
    """
    values = [p.equity_exact for p in result.players]
    if any(v is None for v in values):
        raise CpolyInputError("the spread needs exact equities")
    exact = [v for v in values if v is not None]
    return max(exact) - min(exact)


def flush_catch_up(suited: bool, players: int = 3) -> Fraction:
    """Seed 000's bound on the equity flushes can add to one hand preflop: the largest
    probability that the board completes a flush (straight flushes included) in one of the
    hand's suits.

    Flushes never weaken a hand, so on boards where the hand makes none its equity can only
    drop, and it gains at most this probability, plus a share of the rare boards of five cards
    of a suit nobody holds (everyone plays the board: the seed's "tiny amount").  The
    probability is largest when no other player holds a card of the hand's suits: of the
    ``52 - 2 * players`` unseen cards, a suited hand needs 3 of the 11 left in its suit, an
    unsuited one 4 of the 12 left in either of its two suits (not both on five cards).

    >>> flush_catch_up(True, players=2)     # 48 unseen cards
    Fraction(619, 8648)
    """
    if not 2 <= players <= 23:
        raise CpolyInputError(f"players must be 2..23, got {players}")
    unseen = 52 - 2 * players
    left, needed, suits = (11, 3, 1) if suited else (12, 4, 2)
    ways = sum(comb(left, k) * comb(unseen - left, 5 - k) for k in range(needed, 6))
    return Fraction(suits * ways, comb(unseen, 5))
