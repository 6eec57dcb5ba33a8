"""Pay tables, tie rules and the integer draw weights of the generic formulas (the tie rules and
the draw weights live in the NumPy-free :mod:`~cpoly.games.videopoker.holdchoice`).

Pays are exact fractions per unit bet.  For integer arithmetic a pay table is *scaled*: every pay
multiplied by the common denominator, so EVs compare exactly as integers.

>>> draw_weights(52)
(7669695, (7669695, 163185, 7095, 473, 43, 5))
"""

from __future__ import annotations

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.holdchoice import (
    DEFAULT_TIE_RULE,
    TieRule,
    draw_weights,
    parse_tie_rule,
)
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


def check_int64_bounds(lcm_weight: int, pay_matrix: np.ndarray, n: int, chunk: int, largest_class: int) -> None:
    """An input error when a pay table's scaled pays could overflow the exact int64 sums."""
    biggest_pay = int(np.abs(pay_matrix).max())
    per_hold_second_moment = lcm_weight * max(biggest_pay, 1) ** 2
    per_chunk = lcm_weight * chunk * largest_class
    if per_hold_second_moment >= INT64_LIMIT or per_chunk >= INT64_LIMIT:
        raise CpolyInputError(
            f"a {n}-card game with pays up to {biggest_pay} (scaled) exceeds exact int64 arithmetic"
        )
