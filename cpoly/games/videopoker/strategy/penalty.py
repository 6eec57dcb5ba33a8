"""Penalty cards: discards that would have helped one of the hold's draws.

A hold's *draws* are the categories it is toward (:mod:`.patterns`); a discarded card ``x`` is a
penalty card of the hold when the hold plus ``x`` is still toward (or, five cards, makes) one
of those draws: a suited discard beside "3 to a Flush", a discard inside a straight window.
Drawing cannot bring ``x`` back, so each penalty card takes completions away.  No poker
vocabulary is involved: the test is the same "toward" relation on the subset tables.

Penalty counts depend on the whole deal, not only on the held cards, so they are computed per
(deal, hold) from the draws of the deal's 32 holds: the hold plus card ``i`` is the hold with bit
``i`` set.

>>> draws = np.zeros((1, 32), dtype=np.int64)
>>> draws[0, 0b00011] = 0b10      # two cards toward category 1
>>> draws[0, 0b00111] = 0b10      # a third card of the deal keeps it toward category 1
>>> draws[0, 0b01011] = 0b01      # a fourth card only toward category 0
>>> penalty_counts(draws, np.array([[0b00011, 0b00111]])).tolist()
[[1, 0]]
"""

from __future__ import annotations

import numpy as np

from cpoly.games.videopoker.hold.lattice import HAND_SIZE

__all__ = ["PENALTY_CAP", "PENALTY_LEVELS", "penalty_counts", "penalty_ids"]

#: The levels of detail (indices into ``COARSENINGS``) that also come with a penalty count.
PENALTY_LEVELS = (0, 1, 4)
#: Penalty counts 0..4 (a hold of one card has four discards).
PENALTY_CAP = 5


def penalty_counts(draws: np.ndarray, holds: np.ndarray) -> np.ndarray:
    """``(N, H)`` penalty cards of the given holds, from the ``(N, 32)`` bitmasks of the
    categories each hold of each deal is toward (a five-card hold: its own category).
    ``holds``: ``(N, H)`` hold masks per deal, or ``(H,)`` the same for every deal."""
    holds = np.broadcast_to(holds, (len(draws), holds.shape[-1]))
    mine = np.take_along_axis(draws, holds, axis=1)
    counts = np.zeros(mine.shape, dtype=np.int32)
    for card in range(HAND_SIZE):
        bit = 1 << card
        counts += ((holds & bit) == 0) & ((mine & np.take_along_axis(draws, holds | bit, axis=1)) != 0)
    return counts


def penalty_ids(ids: np.ndarray, counts: np.ndarray, eligible: np.ndarray, n_base: int) -> np.ndarray:
    """Pattern ids of the penalty levels, ``(N, H, len(PENALTY_LEVELS))``: the base pattern at
    each level in :data:`PENALTY_LEVELS` with its penalty count, numbered after the ``n_base``
    base patterns (``n_base + base * PENALTY_CAP + count``: one id per base pattern and count,
    whatever the level it came from); -1 where the base pattern takes no count
    (``eligible[base]`` false: wins, no cards, all five)."""
    result = np.empty(ids.shape[:2] + (len(PENALTY_LEVELS),), dtype=np.int32)
    capped = np.minimum(counts, PENALTY_CAP - 1).astype(np.int32)
    for slot, level in enumerate(PENALTY_LEVELS):
        base = ids[:, :, level]
        result[:, :, slot] = np.where(eligible[base], base * PENALTY_CAP + n_base + capped, -1)
    return result
