"""Showdown counts in plain integers: the pot-share unit and one tally as tuples.

Shares are kept in units of ``1/SHARE_UNIT`` of a pot, ``SHARE_UNIT = lcm(1..10) = 2520``, so a
pot split ``k`` ways (k ≤ 10) gives each winner exactly ``2520 // k`` units.  :class:`Counts`
is a tally (:class:`~cpoly.games.holdem.tally.Tally`'s fields) as tuples of Python integers: what
a result is made from (:func:`~cpoly.games.holdem.results.result_from_tally`), whether NumPy
counted it or not.

>>> [SHARE_UNIT // k for k in range(1, 4)]
[2520, 1260, 840]
>>> Counts.zero(2, 10).cat_win
((0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Counts", "Row", "SHARE_UNIT"]

SHARE_UNIT = 2520
#: One integer per player, or per hand code.
Row = tuple[int, ...]


@dataclass(frozen=True)
class Counts:
    """Weighted showdown counts for ``P`` players: ``boards``; per player ``win``, ``tie`` and
    ``share`` (pot shares in 1/:data:`SHARE_UNIT` units); per player and hand code 1..N
    ``cat_win``, ``cat_tie``, ``cat_occur`` and ``cat_share``."""

    boards: int
    win: Row
    tie: Row
    share: Row
    cat_win: tuple[Row, ...]
    cat_tie: tuple[Row, ...]
    cat_occur: tuple[Row, ...]
    cat_share: tuple[Row, ...]

    @staticmethod
    def zero(players: int, codes: int) -> Counts:
        """No showdown counted yet."""
        row, grid = (0,) * players, ((0,) * codes,) * players
        return Counts(0, row, row, row, grid, grid, grid, grid)
