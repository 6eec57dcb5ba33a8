"""Pay tables, tie rules and the integer draw weights of the generic formulas.

Pays are exact fractions per unit bet.  For integer arithmetic a pay table is *scaled*: every pay
multiplied by the common denominator, so EVs compare exactly as integers.

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
from cpoly.paytable import INT64_LIMIT, PayTable, ScaledPays

__all__ = [
    "DEFAULT_TIE_RULE",
    "PayTable",
    "ScaledPays",
    "TieRule",
    "check_int64_bounds",
    "draw_weights",
    "parse_tie_rule",
]



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
