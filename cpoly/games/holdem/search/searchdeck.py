"""The search's deck and its lookup tables (seed 000's three-hand search).

A search deck has the ranks ``ranks`` (real rank indices, 0 = '2' .. 12 = 'A') in all four suits.
An *unsuited hand* is a pair of ranks; a *tuple* is ``players`` unsuited hands, sorted; a *board
class* is a rank multiset of five cards.  The no-flush strength of every hand on every board class
is one table (91 x 6,188 for the full deck); every pass reads it.

>>> deck = search_deck("TJQKA", 3)
>>> deck.hand_names[:3], len(deck.hand_names), len(deck.boards), len(deck.tuples)
(['TT', 'TJ', 'JJ'], 15, 126, 655)
>>> deck.tuple_name(deck.tuple_index(["AK", "AK", "TJ"]))
'TJ KA KA'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.evaluator import strength_from_counts
from cpoly.games.holdem.intcards import RANKS

__all__ = ["BINOM", "IntArray", "SearchDeck", "parse_ranks", "rank_subsets", "search_deck"]

IntArray = npt.NDArray[np.int64]
#: C(n, m) for n, m in 0..5 (0 where m > n).
BINOM = np.array([[comb(n, m) for m in range(6)] for n in range(6)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class SearchDeck:
    """Tables shared by the three passes (built once per process, never shipped to workers).

    Attributes
    ----------
    ranks : real rank indices of the deck, ascending
    players : hands per tuple
    hands : ``(H, 2)`` local rank indices (low, high) of each unsuited hand, sorted by (high, low)
    boards : ``(B, R)`` rank counts of each board class (local ranks)
    strength : ``(H, B)`` no-flush strength of each hand on each board class
    tuples : ``(N, players)`` hand indices of every possible tuple (at most 4 cards of a rank)
    """

    ranks: tuple[int, ...]
    players: int
    hands: IntArray
    boards: IntArray
    strength: IntArray
    tuples: IntArray
    board_codes: IntArray

    @property
    def size(self) -> int:
        """Number of ranks."""
        return len(self.ranks)

    @property
    def unseen(self) -> int:
        """Cards neither player holds."""
        return 4 * self.size - 2 * self.players

    @property
    def board_total(self) -> int:
        """Boards per suited tuple: C(unseen, 5)."""
        return comb(self.unseen, 5)

    @property
    def hand_names(self) -> list[str]:
        """Hands as the seed writes them (low rank first): ``'8Q'``."""
        return [RANKS[self.ranks[lo]] + RANKS[self.ranks[hi]] for lo, hi in self.hands.tolist()]

    def tuple_name(self, index: int) -> str:
        """A tuple as in the seed's out0: ``'66 79 8Q'``."""
        names = self.hand_names
        return " ".join(names[h] for h in self.tuples[index].tolist())

    def tuple_index(self, names: list[str]) -> int:
        """Row of the tuple of hands written like ``["66", "79", "8Q"]`` (any order).

        Raises
        ------
        CpolyInputError
            When a hand is not two ranks of the deck or the tuple is impossible.
        """
        lookup = {name: i for i, name in enumerate(self.hand_names)}
        lookup.update({name[::-1]: i for i, name in enumerate(self.hand_names)})
        if len(names) != self.players or any(n.upper() not in lookup for n in names):
            raise CpolyInputError(f"bad tuple {names}: {self.players} hands of two deck ranks")
        key = sorted(lookup[n.upper()] for n in names)
        hits = np.flatnonzero((self.tuples == key).all(axis=1))
        if hits.size == 0:
            raise CpolyInputError(f"impossible tuple {names}: more than four cards of a rank")
        return int(hits[0])

    def board_index(self, counts: IntArray) -> IntArray:
        """Indices of board classes given as ``(..., R)`` rank counts."""
        codes = np.asarray(counts, dtype=np.int64) @ (6 ** np.arange(self.size, dtype=np.int64))
        return np.searchsorted(self.board_codes, codes)

    def hole_counts(self, tuples: IntArray) -> IntArray:
        """``(T, R)`` hole cards of each rank for tuples ``(T, players)``."""
        counts = np.zeros((len(tuples), self.size), dtype=np.int64)
        for player in range(self.players):
            for side in range(2):
                np.add.at(counts, (np.arange(len(tuples)), self.hands[tuples[:, player], side]), 1)
        return counts


def parse_ranks(text: str) -> tuple[int, ...]:
    """Real rank indices of a ``--ranks`` string such as ``'9TJQKA'``.

    >>> parse_ranks("a9tjqk")
    (7, 8, 9, 10, 11, 12)
    """
    letters = text.replace(" ", "").upper()
    if any(ch not in RANKS for ch in letters) or len(set(letters)) != len(letters):
        raise CpolyInputError(f"bad --ranks {text!r}: distinct ranks from {RANKS}, e.g. 9TJQKA")
    return tuple(sorted(RANKS.index(ch) for ch in letters))


def _real_counts(local: IntArray, ranks: tuple[int, ...]) -> IntArray:
    real = np.zeros(local.shape[:-1] + (13,), dtype=np.int64)
    real[..., list(ranks)] = local
    return real


def _tuples(hands: IntArray, size: int, players: int) -> IntArray:
    rows = np.array(list(combinations_with_replacement(range(len(hands)), players)),
                    dtype=np.int64).reshape(-1, players)
    counts = np.zeros((len(rows), size), dtype=np.int64)
    for player in range(players):
        for side in range(2):
            np.add.at(counts, (np.arange(len(rows)), hands[rows[:, player], side]), 1)
    return rows[(counts <= 4).all(axis=1)]


@cache
def search_deck(ranks: str | tuple[int, ...] = RANKS, players: int = 3) -> SearchDeck:
    """The tables for a deck of ``ranks`` (a string such as ``'9TJQKA'`` or rank indices).

    Raises
    ------
    CpolyInputError
        With fewer than 5 ranks or a deck too small for the players and a board.
    """
    real = parse_ranks(ranks) if isinstance(ranks, str) else tuple(ranks)
    if len(real) < 5:
        raise CpolyInputError(f"--ranks needs at least 5 ranks (a flush), got {len(real)}")
    if not 2 <= players <= 4:
        raise CpolyInputError(f"--players must be 2, 3 or 4, got {players}")
    if 4 * len(real) - 2 * players < 5:
        raise CpolyInputError(f"{len(real)} ranks leave too few cards for {players} hands and a board")
    size = len(real)
    pairs = sorted(combinations_with_replacement(range(size), 2), key=lambda p: (p[1], p[0]))
    hands = np.array(pairs, dtype=np.int64)
    boards = np.array([np.bincount(c, minlength=size)
                       for c in combinations_with_replacement(range(size), 5)], dtype=np.int64)
    hand_counts = np.zeros((len(hands), size), dtype=np.int64)
    np.add.at(hand_counts, (np.repeat(np.arange(len(hands)), 2), hands.ravel()), 1)
    strength = strength_from_counts(_real_counts(boards[None, :, :] + hand_counts[:, None, :], real))
    codes = boards @ (6 ** np.arange(size, dtype=np.int64))
    order = np.argsort(codes)
    boards, strength, codes = boards[order], strength[:, order], codes[order]
    for array in (hands, boards, strength, codes):
        array.setflags(write=False)
    return SearchDeck(real, players, hands, boards, strength.astype(np.int64),
                      _tuples(hands, size, players), codes)


def rank_subsets(size: int, count: int) -> IntArray:
    """``(C(size, count), size)`` 0/1 rows: every set of ``count`` distinct local ranks."""
    rows = np.zeros((comb(size, count), size), dtype=np.int64)
    for row, chosen in enumerate(combinations(range(size), count)):
        rows[row, list(chosen)] = 1
    return rows
