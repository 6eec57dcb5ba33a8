"""The rules of one Hold'em game: its deck, its straights, its category order, its hole cards.

A :class:`GameRules` is read from a ``.cp`` game by :func:`~cpoly.games.holdem.gamefile.rules_of`
(standard Hold'em, ``definitions/holdem.cp``, by default); the evaluator's tables are generated
from it (:func:`tables`).  What is the same in every game is written once here: the *kinds* of
five-card hands the evaluator recognises by structure (how many cards of a rank, five of a suit,
five ranks in a straight window), and the order inside a kind (the cards that make the kind by
multiplicity then rank, then the kickers; a straight by its top card).  What a game decides is
which rank windows are straights, which ranks are in the deck and how the kinds are ordered.

Cards are always ``4 * rank + suit`` over the standard ranks ``2..A`` (0..12); a game with fewer
ranks (short deck: 6..A) leaves the others out of its deck.

>>> rules = GameRules("demo", "", tuple(range(13)), STANDARD_WINDOWS, STANDARD_CODES)
>>> rules.names[:3], len(rules.deck), rules.royal_code
(('high card', 'pair', 'two pair'), 52, 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache, cached_property
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # NumPy is loaded by the tables, not by the rules: known hands play without it
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

__all__ = ["GameRules", "KIND_NAMES", "Kind", "STANDARD_CODES", "STANDARD_SHAPE",
           "STANDARD_WINDOWS", "Tables", "tables", "window_top"]


class Kind(IntEnum):
    """The structural kinds of five-card hands (a royal flush is the top straight flush)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


#: The display name of each kind (the utilities document's hand names).
KIND_NAMES: Final = (
    "high card", "pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush", "royal flush",
)
#: Standard Hold'em's straights (A-2-3-4-5 up to T-J-Q-K-A) and hand codes, for doctests and
#: as the shape :func:`~cpoly.games.holdem.gamefile.rules_of` derives from definitions/holdem.cp.
STANDARD_WINDOWS: Final = ((1 << 12) | 0b1111,) + tuple(0b11111 << low for low in range(9))
STANDARD_CODES: Final = tuple(range(1, 11))


def window_top(mask: int) -> int:
    """The top card of a straight window (13-bit rank mask): its highest rank, except that an
    ace plays low in a window without a king (A-2-3-4-5: '5'; short deck's A-6-7-8-9: '9').

    >>> window_top(0b11111 << 8), window_top((1 << 12) | 0b1111)
    (12, 3)
    """
    ranks = [r for r in range(13) if mask >> r & 1]
    if 12 in ranks and 11 not in ranks:
        ranks.remove(12)
    return max(ranks)


@dataclass(frozen=True)
class GameRules:
    """One game's deck, straights, category order and hole cards.

    Attributes
    ----------
    title, source : the game's title and the file it was read from
    ranks : the standard ranks (0 = '2' … 12 = 'A') in the deck, ascending
    windows : the straights as 13-bit rank masks, lowest first
    codes : per :class:`Kind`, the hand code 1..N (1 = the lowest category); the royal flush has
        the straight flush's code when the game has no category of its own for it
    hole_cards : cards each player holds (2 in Hold'em, 4 in Omaha)
    hole_used : a hand uses exactly this many hole cards (Omaha: 2) and the rest from the board;
        None: the best five of all the cards (Hold'em)
    """

    title: str
    source: str
    ranks: tuple[int, ...]
    windows: tuple[int, ...]
    codes: tuple[int, ...]
    hole_cards: int = 2
    hole_used: int | None = None

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The cards of the deck, ascending."""
        return tuple(4 * rank + suit for rank in self.ranks for suit in range(4))

    @cached_property
    def in_deck(self) -> npt.NDArray[np.bool_]:
        """``(52,)``: which card numbers are in the deck."""
        import numpy as np

        flags = np.zeros(52, dtype=bool)
        flags[list(self.deck)] = True
        return flags

    @property
    def rank_letters(self) -> str:
        """The deck's rank letters, lowest first (``6789TJQKA`` for short deck)."""
        return "".join("23456789TJQKA"[r] for r in self.ranks)

    @property
    def royal_code(self) -> int:
        return self.codes[Kind.ROYAL_FLUSH]

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Category names by hand code (index ``code - 1``), lowest first."""
        by_code = {code: KIND_NAMES[kind] for kind, code in reversed(list(enumerate(self.codes)))}
        return tuple(by_code[code] for code in sorted(by_code))

    def describe(self) -> str:
        """One line: the title, the deck and the order of the categories (highest first)."""
        order = ", ".join(reversed(self.names))
        hole = (f"{self.hole_cards} hole cards" if self.hole_used is None
                else f"{self.hole_cards} hole cards, exactly {self.hole_used} used")
        return f"{self.title}: {len(self.deck)} cards ({self.rank_letters}), {hole}; {order}"


@dataclass(frozen=True)
class Tables:
    """The evaluator's tables of one game (see :mod:`~cpoly.games.holdem.evaluator`)."""

    straight_top: IntArray
    rank_order: tuple[Kind, ...]  # the non-flush kinds above high card, best first
    code: tuple[int, ...]
    royal_top: int


@cache
def tables(rules: GameRules) -> Tables:
    """The tables generated from ``rules``: the top card of the best straight window in every
    13-bit rank mask (-1: none), and the order in which rank-only kinds are tried."""
    import numpy as np

    masks = np.arange(8192, dtype=np.int64)
    straight_top = np.full(8192, -1, dtype=np.int64)
    for window in rules.windows:
        top = window_top(window)
        hit = (masks & window) == window
        straight_top[hit & (straight_top < top)] = top
    straight_top.setflags(write=False)
    rank_kinds = (Kind.PAIR, Kind.TWO_PAIR, Kind.TRIPS, Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.QUADS)
    order = tuple(sorted(rank_kinds, key=lambda kind: -rules.codes[kind]))
    royal_top = max((window_top(w) for w in rules.windows), default=-1)
    return Tables(straight_top, order, rules.codes, royal_top)


#: Standard Hold'em's shape built in (ranks 2..A, its straights and order): the doctests' game where
#: reading ``definitions/holdem.cp`` would be beside the point (the real rules come from the file).
STANDARD_SHAPE: Final = GameRules("standard shape", "", tuple(range(13)), STANDARD_WINDOWS, STANDARD_CODES)
