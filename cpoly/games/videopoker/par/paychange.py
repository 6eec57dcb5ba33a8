"""Pay tables with some pays changed (``--pay RoyalFlush=1760``) and ranges of one pay
(``RoyalFlush=800..2000``): parsing, checking and the changed table.

Values are exact: integers, decimals and fractions (``1760``, ``2.5``, ``5/2``).  A change sets
the ordinary pay of a category; a table that declares a different pay for the category when it
is dealt (``RoyalFlush 800 dealt 1000``) keeps that dealt pay, a table that does not pays the
new value dealt too.

>>> table = PayTable("8/5", (800, 50, 25, 8, 5, 4, 3, 2, 1), categories=(
...     "RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight",
...     "ThreeOfAKind", "TwoPair", "JacksOrBetter"))
>>> changed = changed_table(table, parse_pay_changes(["RoyalFlush=1760", "Flush=5.5"]))
>>> changed.name, changed.pay_of("RoyalFlush"), changed.pay_of("Flush")
('8/5 with RoyalFlush=1760 Flush=11/2', Fraction(1760, 1), Fraction(11, 2))
>>> parse_pay_range("RoyalFlush=800..2000")
PayRange(category='RoyalFlush', low=Fraction(800, 1), high=Fraction(2000, 1))
>>> [str(v) for v in sweep_values(PayRange("RoyalFlush", Fraction(800), Fraction(2000)), points=4)]
['800', '1200', '1600', '2000']
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from cpoly.errors import CpolyInputError
from cpoly.lang.paytable import PayTable

if TYPE_CHECKING:
    from cpoly.games.videopoker.play.summary import GameAnalysis

__all__ = ["PayRange", "changed_table", "format_value", "parse_pay_changes", "parse_pay_range",
           "parse_pay_value", "pay_index", "priced_on", "sweep_values"]

#: An exact value as typed: an integer, a decimal or a fraction, optionally signed.
_VALUE = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(/[0-9]+)?")
#: Most values a sweep computes (each is an exact analysis).
MAX_POINTS = 100_000


class PayRange(NamedTuple):
    """One category's pay from ``low`` to ``high`` (inclusive)."""

    category: str
    low: Fraction
    high: Fraction


def parse_pay_value(text: str, what: str) -> Fraction:
    """An exact value (``1760``, ``2.5``, ``5/2``); an input error naming ``what`` and the text."""
    value = text.strip()
    if not _VALUE.fullmatch(value):
        raise CpolyInputError(f"{what}: '{text}' is not an exact number (write e.g. 1760, 2.5 or 5/2)")
    try:
        return Fraction(value)
    except ZeroDivisionError:
        raise CpolyInputError(f"{what}: '{text}' divides by zero") from None


def format_value(value: Fraction) -> str:
    """A value as it is typed back: ``1760``, ``11/2``."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def parse_pay_changes(items: Sequence[str]) -> dict[str, Fraction]:
    """``["RoyalFlush=1760"]`` as ``{"RoyalFlush": Fraction(1760)}``; a malformed item or a
    category given twice is an input error (the categories are checked by :func:`changed_table`)."""
    changes: dict[str, Fraction] = {}
    for item in items:
        name, equals, text = item.partition("=")
        name = name.strip()
        if not name or not equals:
            raise CpolyInputError(f"--pay expects CATEGORY=VALUE (e.g. RoyalFlush=1760), not '{item}'")
        if name in changes:
            raise CpolyInputError(f"--pay gives '{name}' twice: give each category once")
        changes[name] = parse_pay_value(text, f"--pay {name}")
    return changes


def pay_index(table: PayTable, category: str, option: str = "--pay") -> int:
    """The index of ``category`` among the table's categories; an input error naming it (and
    the closest category name) when the game has no such category."""
    names = list(table.categories)
    if category in names:
        return names.index(category)
    close = difflib.get_close_matches(category, names, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise CpolyInputError(f"{option}: unknown category '{category}'{hint}; this game's categories are "
                          f"{', '.join(names)}")


def changed_table(table: PayTable, changes: Mapping[str, Fraction]) -> PayTable:
    """``table`` with the ordinary pays of ``changes`` replaced (dealt pays declared by the table
    are kept); ``table`` itself when there are no changes."""
    if not changes:
        return table
    pays = list(table.pays)
    for category, value in changes.items():
        pays[pay_index(table, category)] = value
    label = " ".join(f"{category}={format_value(value)}" for category, value in changes.items())
    return PayTable(f"{table.name} with {label}", tuple(pays), table.dealt_pays, table.categories)


def priced_on(strategy: GameAnalysis, table: PayTable) -> GameAnalysis:
    """The strategy of ``strategy`` (an analysis: its table's optimal holds, its tie rule's
    choices) played on ``table``, a table of the same categories: the same final hands, whose
    combinations priced with ``table``'s pays give the exact return, variance and hit frequency."""
    if table.n_categories != strategy.paytable.n_categories:
        raise CpolyInputError(f"pay table {table.name!r} has {table.n_categories} pays, the strategy's "
                              f"table {strategy.paytable.name!r} {strategy.paytable.n_categories}")
    return dataclasses.replace(strategy, paytable=table)


def parse_pay_range(text: str) -> PayRange:
    """``"RoyalFlush=800..2000"`` as a :class:`PayRange` (low at most high)."""
    name, equals, span = text.partition("=")
    low_text, dots, high_text = span.partition("..")
    name = name.strip()
    if not name or not equals or not dots:
        raise CpolyInputError(f"a sweep is CATEGORY=LOW..HIGH (e.g. RoyalFlush=800..2000), not '{text}'")
    low = parse_pay_value(low_text, f"{name} low end")
    high = parse_pay_value(high_text, f"{name} high end")
    if low > high:
        raise CpolyInputError(f"{name}={span}: the low end {format_value(low)} is above the high end "
                              f"{format_value(high)}")
    return PayRange(name, low, high)


def sweep_values(span: PayRange, step: Fraction | None = None, points: int | None = None) -> list[Fraction]:
    """The values of a sweep: ``low, low + step, ...`` up to ``high`` (``high`` itself added when
    the steps miss it), or else ``points`` values evenly spaced from ``low`` to ``high``."""
    width = span.high - span.low
    if step is not None:
        if step <= 0:
            raise CpolyInputError(f"--step must be positive, got {format_value(step)}")
        count = int(width // step) + 1
        _check_count(count)
        values = [span.low + i * step for i in range(count)]
        return values if values[-1] == span.high else [*values, span.high]
    wanted = 11 if points is None else points
    if wanted < 1 or (wanted == 1 and width):
        raise CpolyInputError(f"--points must be at least {2 if width else 1} for {span.category}="
                              f"{format_value(span.low)}..{format_value(span.high)}, got {wanted}")
    _check_count(wanted)
    if wanted == 1 or not width:
        return [span.low]
    return [span.low + width * i / (wanted - 1) for i in range(wanted)]


def _check_count(count: int) -> None:
    if count > MAX_POINTS:
        raise CpolyInputError(f"a sweep of {count:,} values is too many (at most {MAX_POINTS:,}): "
                              "use a larger --step or fewer --points")
