"""The refusal of a game that has no draw, light to import: the video-poker commands catch it
before anything heavy is loaded and hand the game to the deal-only analysis
(:mod:`cpoly.games.dealonly`).

>>> print(DealIsFinal(3).message)
this game deals 3 cards and has no draw: there is nothing to hold (cpoly analyze prices its deal by its pay table, cpoly count counts it, cpoly check names a hand's category)
"""

from __future__ import annotations

from cpoly.errors import CpolyError

__all__ = ["DealIsFinal"]


class DealIsFinal(CpolyError):
    """A game that deals other than five cards: nothing to hold, its deal is final."""

    def __init__(self, hand_size: int) -> None:
        super().__init__(f"this game deals {hand_size} cards and has no draw: there is nothing to hold "
                         "(cpoly analyze prices its deal by its pay table, cpoly count counts it, cpoly check names a hand's category)")
