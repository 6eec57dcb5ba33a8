"""Pay tables: one class for the whole project, from a ``.cp`` file or built in Python.

Pays are exact fractions per unit bet, one per winning category in pay order.  For integer
arithmetic a pay table is *scaled*: every pay multiplied by the common denominator, so EVs
compare exactly as integers.

>>> table = PayTable("9/6", (800, 50, 25, 9, 6, 4, 3, 2, 1))
>>> table.scaled().pays
(800, 50, 25, 9, 6, 4, 3, 2, 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import NamedTuple

from cpoly.errors import CpolyInputError, Span

__all__ = ["INT64_LIMIT", "PayTable", "ScaledPays"]

PayValue = int | Fraction | str
INT64_LIMIT = 2**62


def _fraction(value: PayValue, what: str) -> Fraction:
    try:
        return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise CpolyInputError(f"{what} {value!r} is not a number") from None


class ScaledPays(NamedTuple):
    """A pay table as integers: ``pays[c] / denominator`` is the pay of category ``c``, and
    ``dealt_pays[c] / denominator`` its pay when dealt and all five cards are held.

    Both have one entry per category *including* "nothing" (last, 0).  A named tuple, not
    NumPy: a warm ``hold`` reads it without importing NumPy.

    >>> ScaledPays((2, 0), (3, 0), 1).pays_for(all_held=True)
    (3, 0)
    """

    pays: tuple[int, ...]
    dealt_pays: tuple[int, ...]
    denominator: int

    def pays_for(self, all_held: bool) -> tuple[int, ...]:
        """The pays of a final hand: the dealt pays when all five dealt cards are held."""
        return self.dealt_pays if all_held else self.pays

    def check_int64_bounds(self, lcm_weight: int, n: int, rows: int = 1, largest_class: int = 1) -> None:
        """An input error when these pays could overflow the exact int64 sums of an ``n``-card
        game whose holds weigh up to ``lcm_weight``: a hold's second moment, and ``rows`` deals
        of up to ``largest_class`` final hands each.

        >>> ScaledPays((2**31, 0), (2**31, 0), 1).check_int64_bounds(1, 52)
        Traceback (most recent call last):
        ...
        cpoly.errors.CpolyInputError: a 52-card game with pays up to 2147483648 (scaled) exceeds exact int64 arithmetic
        """
        biggest_pay = max(abs(pay) for pay in self.pays + self.dealt_pays)
        per_hold_second_moment = lcm_weight * max(biggest_pay, 1) ** 2
        per_chunk = lcm_weight * rows * largest_class
        if per_hold_second_moment >= INT64_LIMIT or per_chunk >= INT64_LIMIT:
            raise CpolyInputError(
                f"a {n}-card game with pays up to {biggest_pay} (scaled) exceeds exact int64 arithmetic"
            )


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
    categories : tuple of str
        The categories' names in pay order (empty when the table was built from pays alone).
    span : Span or None
        Where a ``.cp`` file declares the table.
    """

    name: str
    pays: tuple[Fraction, ...]
    dealt_pays: tuple[Fraction | None, ...] = field(default=())
    categories: tuple[str, ...] = field(default=())
    span: Span | None = field(default=None, compare=False)

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

    def pay_of(self, category: str) -> Fraction:
        """The pay of a category by name."""
        return self.pays[self.categories.index(category)]

    def dealt_of(self, category: str) -> Fraction | None:
        """The pay of a category by name when dealt and kept, if it differs (else None)."""
        return self.dealt_pays[self.categories.index(category)] if self.dealt_pays else None

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
        return ScaledPays(tuple(ordinary), tuple(dealt), denominator)
