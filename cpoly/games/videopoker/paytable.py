"""Pay tables, tie rules and the integer draw weights of the generic formulas.

Pays are exact fractions per unit bet.  For integer arithmetic a pay table is *scaled*: every pay
multiplied by the common denominator, so EVs compare exactly as integers.

>>> table = PayTable("9/6", (800, 50, 25, 9, 6, 4, 3, 2, 1))
>>> table.scaled().pays.tolist()
[800, 50, 25, 9, 6, 4, 3, 2, 1, 0]
>>> draw_weights(52)
(7669695, (7669695, 163185, 7095, 473, 43, 5))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, lcm

import numpy as np

from cpoly.errors import CpolyInputError

__all__ = [
    "DEFAULT_TIE_RULE",
    "PayTable",
    "ScaledPays",
    "TieRule",
    "check_int64_bounds",
    "draw_weights",
    "parse_tie_rule",
]

PayValue = int | Fraction | str
INT64_LIMIT = 2**62


class TieRule(str, enum.Enum):
    """How to choose among holds whose EVs are exactly equal (all maximal).

    Hold indices here refer to the deal's cards in increasing card-index order (bit ``i`` = the
    ``i``-th lowest card held), whatever order a deal was given in.  Every rule falls back to the
    lowest such hold index when it still leaves several holds.

    * ``rank-order``: list the deal's cards by face, ascending (equal faces by card index), and
      take the lowest hold index in that order; equivalently, where two holds differ, keep the one
      that discards the highest-ranked card.  Reproduces the published full-pay Deuces Wild table
      (all eleven rows); independent of how cards are numbered within a face.
    * ``first``: the lowest hold index (by card index: the same as ``rank-order`` when cards are
      numbered face-major, e.g. ``card = 4 * face + suit``).
    * ``fewest-cards``: the hold keeping the fewest cards.
    * ``most-cards``: the hold keeping the most cards.
    * ``lowest-variance``: the hold whose payout has the smallest variance.
    * ``highest-variance``: the hold whose payout has the largest variance.
    """

    RANK_ORDER = "rank-order"
    FIRST = "first"
    FEWEST_CARDS = "fewest-cards"
    MOST_CARDS = "most-cards"
    LOWEST_VARIANCE = "lowest-variance"
    HIGHEST_VARIANCE = "highest-variance"


#: The rule that reproduces the published full-pay Deuces Wild combinations digit for digit (of
#: the five rules, only ``rank-order``, and ``first`` on a face-major deck, do).
DEFAULT_TIE_RULE = TieRule.RANK_ORDER


def parse_tie_rule(rule: TieRule | str) -> TieRule:
    """A :class:`TieRule` from itself or its name.

    >>> parse_tie_rule("most-cards")
    <TieRule.MOST_CARDS: 'most-cards'>
    """
    if isinstance(rule, TieRule):
        return rule
    try:
        return TieRule(rule)
    except ValueError:
        names = ", ".join(r.value for r in TieRule)
        raise CpolyInputError(f"unknown tie rule {rule!r} (expected one of {names})") from None


def _fraction(value: PayValue, what: str) -> Fraction:
    try:
        return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise CpolyInputError(f"{what} {value!r} is not a number") from None


@dataclass(frozen=True)
class ScaledPays:
    """A pay table as integers: ``pays[c] / denominator`` is the pay of category ``c``.

    ``pays`` and ``dealt_pays`` have one entry per category *including* "nothing" (last, 0).
    """

    pays: np.ndarray
    dealt_pays: np.ndarray
    denominator: int


@dataclass(frozen=True)
class PayTable:
    """Pays per unit bet, one per winning category in pay order ("nothing" pays 0, implicitly).

    Parameters
    ----------
    name : str
        Display name, e.g. ``"9/6"``.
    pays : tuple of Fraction
        One pay per winning category (length K); ints, Fractions and strings like ``"5/2"`` are
        converted.
    dealt_pays : tuple of Fraction or None
        Empty, or one entry per winning category: the pay when that category is dealt and all
        five cards are held (``None`` = the ordinary pay).
    """

    name: str
    pays: tuple[Fraction, ...]
    dealt_pays: tuple[Fraction | None, ...] = field(default=())

    def __post_init__(self) -> None:
        pays = tuple(_fraction(p, f"pay {i} of table {self.name!r}") for i, p in enumerate(self.pays))
        if not pays:
            raise CpolyInputError(f"pay table {self.name!r} has no pays")
        dealt = tuple(
            None if p is None else _fraction(p, f"dealt pay {i} of table {self.name!r}")
            for i, p in enumerate(self.dealt_pays)
        )
        if dealt and len(dealt) != len(pays):
            raise CpolyInputError(
                f"pay table {self.name!r}: {len(dealt)} dealt pays for {len(pays)} categories"
            )
        object.__setattr__(self, "pays", pays)
        object.__setattr__(self, "dealt_pays", dealt)

    @property
    def n_categories(self) -> int:
        """Number of winning categories K (the category index K means "nothing")."""
        return len(self.pays)

    def pay(self, category: int, dealt: bool = False) -> Fraction:
        """The pay of a final hand of ``category`` (``dealt``: all five dealt cards held)."""
        if category == self.n_categories:
            return Fraction(0)
        if dealt and self.dealt_pays and self.dealt_pays[category] is not None:
            return self.dealt_pays[category]  # type: ignore[return-value]
        return self.pays[category]

    def scaled(self) -> ScaledPays:
        """The pays as integers over their common denominator (see :class:`ScaledPays`)."""
        everything = [self.pay(c, dealt) for c in range(self.n_categories + 1) for dealt in (False, True)]
        denominator = lcm(*(p.denominator for p in everything))
        ordinary = [int(self.pay(c) * denominator) for c in range(self.n_categories + 1)]
        dealt = [int(self.pay(c, True) * denominator) for c in range(self.n_categories + 1)]
        biggest = max(abs(p) for p in ordinary + dealt)
        if biggest >= INT64_LIMIT:
            raise CpolyInputError(f"pay table {self.name!r}: a pay of {biggest:,} (scaled to integers) "
                                  f"exceeds exact int64 arithmetic; pays must stay below {INT64_LIMIT:,}")
        return ScaledPays(np.array(ordinary, dtype=np.int64), np.array(dealt, dtype=np.int64), denominator)


def check_int64_bounds(lcm_weight: int, pay_matrix: np.ndarray, n: int, chunk: int, largest_class: int) -> None:
    """An input error when a pay table's scaled pays could overflow the exact int64 sums."""
    biggest_pay = int(np.abs(pay_matrix).max())
    per_hold_second_moment = lcm_weight * max(biggest_pay, 1) ** 2
    per_chunk = lcm_weight * chunk * largest_class
    if per_hold_second_moment >= INT64_LIMIT or per_chunk >= INT64_LIMIT:
        raise CpolyInputError(
            f"a {n}-card game with pays up to {biggest_pay} (scaled) exceeds exact int64 arithmetic"
        )


def draw_weights(n: int, hand_size: int = 5) -> tuple[int, tuple[int, ...]]:
    """The LCM ``L`` of ``C(n - 5, d)`` for ``d = 0..5`` and the weight ``L / C(n - 5, d)``.

    A hold discarding ``d`` cards has ``C(n - 5, d)`` equally likely draws; multiplying its
    outcome counts by the weight of ``d`` puts all 32 holds on the common total ``L``.
    """
    draws = [comb(n - hand_size, d) for d in range(hand_size + 1)]
    if 0 in draws:
        raise CpolyInputError(f"a deck of {n} cards is too small to draw {hand_size} replacements")
    common = lcm(*draws)
    return common, tuple(common // d for d in draws)


def as_pays(values: Sequence[PayValue]) -> tuple[Fraction, ...]:
    """Convert a sequence of pays to Fractions."""
    return tuple(_fraction(v, "pay") for v in values)
