"""The return of a game whose deal is final: each dealt hand is paid its highest category.

The paid ways of each category (the engine's deal table, highest win only) over all hands
give every figure exactly: the probability of each category, its contribution (pay times
probability), the return, the variance of the pay per unit bet and the hit frequency.  Pays
are per unit bet with the bet included, as in every cpoly pay table, so the house edge is
``1 - return`` (a table game's "40 to 1" is 41).

>>> from cpoly.api import load_game
>>> game = load_game("definitions/three_card_poker.cp")
>>> result = deal_return(game, game.paytable("40-30-6-4-1"))
>>> result.combinations, result.total
((48, 52, 720, 1096, 3744, 16440), 22100)
>>> result.house_edge, f"{float(result.house_edge):.2%}"
(Fraction(128, 5525), '2.32%')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from cpoly.api import deal_table
from cpoly.count.compiledgame import Game
from cpoly.errors import CpolyError
from cpoly.lang.paytable import PayTable

__all__ = ["DealReturn", "deal_return", "has_no_draw"]

#: The hand of a draw game (video poker): five cards.
DRAW_HAND = 5


def has_no_draw(game: Game) -> bool:
    """Whether the game's deal is final: any hand but the five cards of video poker.

    >>> from cpoly.api import load_game
    >>> has_no_draw(load_game("definitions/three_card_poker.cp")), has_no_draw(load_game("definitions/jacks_or_better.cp"))
    (True, False)
    """
    return game.hand_size != DRAW_HAND


@dataclass(frozen=True)
class DealReturn:
    """A pay table's figures on a final deal.

    ``names`` are the categories and "Nothing" last; ``combinations`` the hands each is paid
    for (paid ways, "Nothing" the hands of no category), ``total`` all hands (ordered deals in
    an ordered game).
    """

    paytable: PayTable
    names: tuple[str, ...]
    combinations: tuple[int, ...]
    total: int
    ordered: bool = False

    @property
    def pays(self) -> tuple[Fraction, ...]:
        """Each category's pay, "Nothing" 0."""
        return (*self.paytable.pays, Fraction(0))

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(ways, self.total) for ways in self.combinations)

    @property
    def contributions(self) -> tuple[Fraction, ...]:
        """Each category's share of the return: pay times probability."""
        return tuple(pay * p for pay, p in zip(self.pays, self.probabilities))

    @property
    def expected_return(self) -> Fraction:
        """The return per unit bet (the bet included)."""
        return sum(self.contributions, Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        return 1 - self.expected_return

    @property
    def variance(self) -> Fraction:
        """The variance of the pay per unit bet."""
        second = sum((pay * pay * p for pay, p in zip(self.pays, self.probabilities)), Fraction(0))
        return second - self.expected_return ** 2

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    @property
    def hit_frequency(self) -> Fraction:
        """The probability that a hand pays anything."""
        return sum((p for pay, p in zip(self.pays, self.probabilities) if pay > 0), Fraction(0))


def deal_return(game: Game, table: PayTable) -> DealReturn:
    """The figures of ``table`` on every hand of ``game`` (exact sizes only: a symbolic size
    has no single return)."""
    counted = deal_table(game)
    paid = [row.paid_ways for row in counted.rows]
    if not all(isinstance(n, int) for n in (*paid, counted.total)):
        raise CpolyError("a return needs numeric deck sizes, not symbolic ones")
    total = int(counted.total)
    ways = tuple(int(n) for n in paid)
    return DealReturn(table, (*game.category_names, "Nothing"), (*ways, total - sum(ways)), total,
                      game.spec.ordered)
