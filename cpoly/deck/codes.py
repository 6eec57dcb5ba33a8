"""Card codes of a deck of ranks by suits: ``card = suits * rank + suit``.

A :class:`CardCodes` numbers the cards of ``ranks`` ranks in ``suits`` suits ``0..ranks*suits-1``,
rank-major, so a card's rank is ``card // suits`` and its suit ``card % suits``; a game that uses
fewer ranks (short deck) keeps the codes of the ranks it has.  Its :meth:`CardCodes.symmetries`
are the card permutations of :func:`~cpoly.deck.symmetry.suit_symmetries` on those codes.

>>> codes = CardCodes(13, 4)
>>> codes.card(12, 1), codes.rank(49), codes.suit(49)
(49, 12, 1)
>>> codes.symmetries().shape
(24, 52)
>>> CardCodes(3, 2).faces_and_suits()[1].tolist()
[0, 1, 0, 1, 0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # NumPy is loaded when an array is asked for: card codes alone need none
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

__all__ = ["STANDARD", "CardCodes"]


@dataclass(frozen=True)
class CardCodes:
    """The codes of a deck of ``ranks`` ranks (rank 0 lowest) in ``suits`` suits."""

    ranks: int = 13
    suits: int = 4

    @property
    def size(self) -> int:
        """Cards in the full deck."""
        return self.ranks * self.suits

    def card(self, rank: int, suit: int) -> int:
        """The code of the card of ``rank`` and ``suit``."""
        return self.suits * rank + suit

    def rank(self, card: int) -> int:
        """The rank of ``card``."""
        return card // self.suits

    def suit(self, card: int) -> int:
        """The suit of ``card``."""
        return card % self.suits

    def faces_and_suits(self) -> tuple[IntArray, IntArray]:
        """The deck as the ``(faces, suits)`` arrays of :mod:`cpoly.deck.symmetry`."""
        import numpy as np

        return (np.repeat(np.arange(self.ranks, dtype=np.int64), self.suits),
                np.tile(np.arange(self.suits, dtype=np.int64), self.ranks))

    def symmetries(self) -> IntArray:
        """``(suits!, size)`` the card permutations of every renaming of the suits (read-only)."""
        return _symmetries(self.ranks, self.suits)


@lru_cache(maxsize=8)
def _symmetries(ranks: int, suits: int) -> IntArray:
    from cpoly.deck.symmetry import suit_symmetries  # loaded when first asked for: card codes alone start faster

    maps = suit_symmetries(*CardCodes(ranks, suits).faces_and_suits())
    maps.setflags(write=False)
    return maps


#: The 52-card deck: ranks 2..A as 0..12, four suits.
STANDARD = CardCodes(13, 4)
