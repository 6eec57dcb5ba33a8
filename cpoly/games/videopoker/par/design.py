"""Pay-table design: every pay table of a family (some pays over ranges), each analysed exactly,
and those that meet a developer's constraints.

A **family** is a base table with some categories' pays over ranges
(``FullHouse=6..9 Flush=5..6 Straight=3..4``), every value from the low end in steps (1 by
default; the high end always included, as :func:`~cpoly.games.videopoker.par.paychange.sweep_values`
gives them).  Its members are numbered ``0 .. size - 1`` in mixed radix, the last category
varying fastest, so that a chunk of members is a range of ids (:mod:`cpoly.scale.chunks`).

Each member is the base table with those pays changed
(:func:`~cpoly.games.videopoker.par.paychange.changed_table`) analysed with its own optimal strategy
on the one preparation of the game (:class:`~cpoly.games.videopoker.gamesource.GameSource`: the warm path or
the loaded game, prepared once per process), exactly as ``cpoly analyze --pay`` analyses it.
With ``monotone``, a member whose pays do not fall (weakly) down the categories' pay order is
skipped without analysis.

A member **meets** the constraints when its return lies in the target range, its variance is at
most ``max_variance`` and its hit frequency at least ``min_hit`` (each given or not); the
members that meet them are sorted by the distance of their return to the middle of the target
range (exactly, as Fractions), then by id.

>>> family = Family(("FullHouse", "Flush"), ((Fraction(6), Fraction(7)), (Fraction(5), Fraction(6))))
>>> family.size, family.member(0), family.member(1), family.member(3)
(4, (Fraction(6, 1), Fraction(5, 1)), (Fraction(6, 1), Fraction(6, 1)), (Fraction(7, 1), Fraction(6, 1)))
>>> is_monotone((800, 50, 25, 9, 6, 4, 3, 2, 1)), is_monotone((800, 50, 25, 5, 6, 4, 3, 2, 1))
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from cpoly.errors import CpolyInputError

if TYPE_CHECKING:
    from cpoly.games.videopoker.gamesource import GameSource
    from cpoly.games.videopoker.par.paychange import PayRange
    from cpoly.lang.paytable import PayTable

__all__ = ["Constraints", "Family", "Member", "analyse_members", "is_monotone", "parse_family", "ranked"]

#: Pay tables a family may have (each is an exact analysis).
MAX_TABLES = 200_000


@dataclass(frozen=True)
class Family:
    """Categories and, for each, the values its pay takes."""

    categories: tuple[str, ...]
    values: tuple[tuple[Fraction, ...], ...]

    @property
    def size(self) -> int:
        return math.prod(len(v) for v in self.values)

    def member(self, index: int) -> tuple[Fraction, ...]:
        """The pays of member ``index`` (mixed radix, the last category fastest)."""
        digits = np.unravel_index(index, [len(values) for values in self.values])
        return tuple(values[int(digit)] for values, digit in zip(self.values, digits))

    def as_text(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The family as exact strings (a chunk's small, hashable arguments)."""
        from cpoly.games.videopoker.par.paychange import format_value

        return tuple((c, tuple(format_value(v) for v in vs)) for c, vs in zip(self.categories, self.values))

    @classmethod
    def from_text(cls, text: Sequence[tuple[str, Sequence[str]]]) -> Family:
        return cls(tuple(c for c, _ in text), tuple(tuple(Fraction(v) for v in vs) for _, vs in text))


def parse_family(items: Sequence[str], step: Fraction | None, base: PayTable) -> Family:
    """``["FullHouse=6..9", ...]`` as a family of ``base`` (each category once, known to the
    table); refused with its size when it has more than :data:`MAX_TABLES` tables."""
    from cpoly.games.videopoker.par.paychange import pay_index, sweep_values

    if not items:
        raise CpolyInputError("--vary needs at least one CATEGORY=LOW..HIGH (e.g. FullHouse=6..9)")
    spans = [_parse_vary(item) for item in items]
    names = [span.category for span in spans]
    if repeated := sorted({name for name in names if names.count(name) > 1}):
        raise CpolyInputError(f"--vary gives '{repeated[0]}' twice: give each category once")
    for span in spans:
        pay_index(base, span.category, "--vary")
    if step is not None and step <= 0:
        raise CpolyInputError(f"--step must be positive, got {step}")
    unit = Fraction(1) if step is None else step
    counts = [int((span.high - span.low) // unit) + 1 + ((span.high - span.low) % unit != 0) for span in spans]
    if (size := math.prod(counts)) > MAX_TABLES:
        shape = " x ".join(f"{count:,}" for count in counts)
        raise CpolyInputError(f"the family has {size:,} pay tables ({shape}): at most {MAX_TABLES:,}; narrow a "
                              "range or use a larger --step")
    return Family(tuple(names), tuple(tuple(sweep_values(span, unit)) for span in spans))


def _parse_vary(item: str) -> PayRange:
    """``CATEGORY=LOW..HIGH``, or ``CATEGORY=VALUE`` (one value)."""
    from cpoly.games.videopoker.par.paychange import PayRange, parse_pay_range, parse_pay_value

    name, equals, span = item.partition("=")
    if not name.strip() or not equals:
        raise CpolyInputError(f"--vary expects CATEGORY=LOW..HIGH or CATEGORY=VALUE (e.g. FullHouse=6..9), not '{item}'")
    if ".." in span:
        return parse_pay_range(item)
    value = parse_pay_value(span, f"--vary {name.strip()}")
    return PayRange(name.strip(), value, value)


def is_monotone(pays: Sequence[Fraction | int]) -> bool:
    """Whether the pays never rise down the pay order (a better hand pays at least as much)."""
    return all(a >= b for a, b in zip(pays, pays[1:]))


@dataclass(frozen=True)
class Constraints:
    """The target range of the return and the optional bounds."""

    low: Fraction
    high: Fraction
    max_variance: Fraction | None = None
    min_hit: Fraction | None = None

    def met(self, member: Member) -> bool:
        return (self.low <= member.expected_return <= self.high
                and (self.max_variance is None or member.variance <= self.max_variance)
                and (self.min_hit is None or member.hit_frequency >= self.min_hit))

    def distance(self, member: Member) -> Fraction:
        """How far the return is from the middle of the target range."""
        return abs(member.expected_return - (self.low + self.high) / 2)


@dataclass(frozen=True)
class Member:
    """One table of the family and its exact figures."""

    index: int
    pays: tuple[Fraction, ...]
    expected_return: Fraction
    variance: Fraction
    hit_frequency: Fraction


def ranked(family: Family, results: dict[str, np.ndarray], constraints: Constraints) -> list[Member]:
    """The analysed members (the arrays of :func:`analyse_members`, joined) that meet
    ``constraints``, nearest the target first."""
    members = [Member(int(i), family.member(int(i)), Fraction(str(r)), Fraction(str(v)), Fraction(str(h)))
               for i, r, v, h, skipped in zip(results["ids"], results["return"], results["variance"],
                                               results["hit"], results["skipped"]) if not skipped]
    return sorted((m for m in members if constraints.met(m)), key=lambda m: (constraints.distance(m), m.index))


@lru_cache(maxsize=2)
def _source(path: str, use_cache: bool, paytable: str | None) -> GameSource:
    """The game, prepared once per process (in a Dask worker: once per worker)."""
    from cpoly.games.videopoker.gamesource import game_source

    return game_source(path, use_cache, (paytable,))


def analyse_members(path: str, use_cache: bool, paytable: str | None, tie_rule: str, monotone: bool,
                    family_text: tuple[tuple[str, tuple[str, ...]], ...], start: int, stop: int,
                    sources_key: str) -> dict[str, Any]:
    """Members ``start .. stop - 1`` analysed: ids, skipped (not monotone), and the exact
    return, variance and hit frequency as ``"p/q"`` strings (a chunk of :mod:`cpoly.scale.chunks`;
    ``sources_key`` names the definitions, so a changed game is never taken for this one)."""
    from cpoly.games.videopoker.par.paychange import changed_table

    del sources_key  # part of the chunk's key only
    family = Family.from_text(family_text)
    source = _source(path, use_cache, paytable)
    base = source.paytable(paytable)
    ids = np.arange(start, stop, dtype=np.int64)
    skipped = np.zeros(len(ids), dtype=bool)
    columns: dict[str, list[str]] = {"return": [], "variance": [], "hit": []}
    for row, index in enumerate(ids.tolist()):
        table = changed_table(base, dict(zip(family.categories, family.member(index))))
        skipped[row] = monotone and not is_monotone(table.pays)
        analysis = None if skipped[row] else source.analyse(table, tie_rule, None)
        figures = ("0", "0", "0") if analysis is None else (
            str(analysis.expected_return), str(analysis.variance), str(analysis.hit_frequency))
        for name, figure in zip(columns, figures):
            columns[name].append(figure)
    return {"ids": ids, "skipped": skipped, **{name: np.array(column, dtype=str) for name, column in columns.items()}}
