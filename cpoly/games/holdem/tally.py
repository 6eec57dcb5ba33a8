"""Integer tallies of showdowns: wins alone, splits, shares and per-category counts.

Shares are kept in units of ``1/SHARE_UNIT`` of a pot, ``SHARE_UNIT = lcm(1..10) = 2520``, so a
pot split ``k`` ways (k ≤ 10) gives each winner exactly ``2520 // k`` units: integers throughout.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cpoly.games.holdem.evaluator import category_codes
from cpoly.games.holdem.rules import GameRules

IntArray = npt.NDArray[np.int64]
SHARE_UNIT = 2520


def exact_bincount(keys: npt.ArrayLike, values: npt.ArrayLike, size: int) -> IntArray:
    """Exact int64 sums of ``values`` by key in ``0..size-1``: ``np.bincount`` (floats) while
    every partial sum stays below 2**52, hence exact; ``np.add.at`` otherwise.

    >>> exact_bincount([0, 2, 2], [5, 1, 2**60], 3).tolist()
    [5, 0, 1152921504606846977]
    """
    k = np.asarray(keys, dtype=np.int64).ravel()
    v = np.asarray(values, dtype=np.int64).ravel()
    if len(v) == 0 or int(np.abs(v).max()) * len(v) < 2**52:
        return np.rint(np.bincount(k, v, minlength=size)[:size]).astype(np.int64)
    out = np.zeros(size, dtype=np.int64)
    np.add.at(out, k, v)
    return out


@dataclass(frozen=True)
class Tally:
    """Weighted showdown counts for ``P`` players (all arrays int64).

    Attributes
    ----------
    boards : total weight (number of boards, or of (holding, board) pairs)
    win, tie, share : ``(P,)`` boards won alone, boards split, pot shares in 1/2520 units
    cat_win, cat_tie, cat_occur : ``(P, 10)`` the same by the player's hand code 1..10
    cat_share : ``(P, 10)`` pot shares by the player's hand code (sums to ``share``)
    """

    boards: int
    win: IntArray
    tie: IntArray
    share: IntArray
    cat_win: IntArray
    cat_tie: IntArray
    cat_occur: IntArray
    cat_share: IntArray

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.boards + other.boards, self.win + other.win, self.tie + other.tie,
            self.share + other.share, self.cat_win + other.cat_win,
            self.cat_tie + other.cat_tie, self.cat_occur + other.cat_occur,
            self.cat_share + other.cat_share,
        )

    def __sub__(self, other: Tally) -> Tally:
        return self + other.scaled(-1)

    def scaled(self, factor: int) -> Tally:
        """Every count multiplied by ``factor``."""
        return Tally(
            self.boards * factor, self.win * factor, self.tie * factor, self.share * factor,
            self.cat_win * factor, self.cat_tie * factor, self.cat_occur * factor,
            self.cat_share * factor,
        )

    @staticmethod
    def zero(players: int) -> Tally:
        """The empty tally."""
        vec = np.zeros(players, dtype=np.int64)
        mat = np.zeros((players, 10), dtype=np.int64)
        return Tally(0, vec, vec, vec, mat, mat, mat, mat)


def tally_showdowns(strength: npt.ArrayLike, weights: npt.ArrayLike,
                    rules: GameRules | None = None) -> Tally:
    """Tally showdowns given strengths ``(n, P)`` and integer weights ``(n,)``.

    >>> t = tally_showdowns(np.array([[2 << 20, 1 << 20], [3 << 20, 3 << 20]]), np.array([2, 1]))
    >>> t.win.tolist(), t.tie.tolist(), t.share.tolist()
    ([2, 0], [1, 1], [6300, 1260])
    """
    s = np.asarray(strength, dtype=np.int64)
    w = np.asarray(weights, dtype=np.int64)
    players = s.shape[1]
    is_best = s == s.max(axis=1, keepdims=True)
    n_best = is_best.sum(axis=1)
    status = np.where(is_best, np.where(n_best == 1, 1, 2)[:, None], 0)  # lose, alone, split
    codes = category_codes(s, rules)
    keys = (np.arange(players) * 3 + status) * 10 + codes - 1
    counts = exact_bincount(keys, np.repeat(w, players), players * 30)
    by_status = counts.reshape(players, 3, 10)
    pot_share = w * (SHARE_UNIT // np.maximum(n_best, 1))
    player_share = is_best * pot_share[:, None]
    cat_share = exact_bincount(np.arange(players) * 10 + codes - 1, player_share,
                               players * 10)
    return Tally(
        boards=int(w.sum()),
        win=by_status[:, 1].sum(axis=1),
        tie=by_status[:, 2].sum(axis=1),
        share=player_share.sum(axis=0),
        cat_win=by_status[:, 1].copy(),
        cat_tie=by_status[:, 2].copy(),
        cat_occur=by_status.sum(axis=1),
        cat_share=cat_share.reshape(players, 10),
    )
