"""Second moments of the feature games' payouts, exact, over the holds their solvers chose.

A solver chooses one hold per deal class (:class:`~.lattices.Choice`, ``best``; among equally
valued holds the first in hold order) and reads the first moments from its lattices: the mean
pay and the chance of each group of categories.  A second moment needs the mean of other
values of the final hands over the same holds — the squared pay, or the pay on one group of
categories only — each one a pay table of its own (:func:`derived_table`).
:func:`chosen_means` prices those tables in one pass over the deal classes (the analysis' own
pricing, :func:`~cpoly.games.videopoker.play.holdvalues.priced_chunks`) and reads, per class,
the hold of each choice; no lattice is kept.

A variance is stated with what it is the variance of (:class:`StatedVariance`): the commands
print the definition beside the figure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from cpoly.games.videopoker.feature.lattices import HoldLattices, exact_weighted_sum
from cpoly.games.videopoker.play.choice import hold_pay_matrix
from cpoly.games.videopoker.play.holdvalues import priced_chunks
from cpoly.lang.paytable import PayTable

__all__ = ["ChosenChunk", "StatedVariance", "chosen_chunks", "chosen_means", "derived_table", "pays_on", "squared_table"]


class StatedVariance(NamedTuple):
    """A variance and its definition: ``label`` names its unit of play ("per hand", "per
    game"), ``definition`` says of what, per which bet; ``of_sessions``: a session's total
    grows by it per unit of play (false for one hand of a chain whose hands are correlated:
    the long-run variance is the session's), so confidence limits of a session use it."""

    label: str
    value: Fraction
    definition: str
    of_sessions: bool = True


def derived_table(paytable: PayTable, name: str, worth: Callable[[int, Fraction], Fraction]) -> PayTable:
    """``paytable`` with each pay ``p`` of category ``c`` (its dealt pay too) replaced by
    ``worth(c, p)``; "nothing" stays 0.

    >>> derived_table(PayTable("t", (5, 1), (8, None)), "double", lambda c, p: 2 * p).dealt_pays
    (Fraction(16, 1), None)
    """
    dealt = tuple(None if pay is None else worth(c, pay) for c, pay in enumerate(paytable.dealt_pays))
    return PayTable(name, tuple(worth(c, pay) for c, pay in enumerate(paytable.pays)), dealt, paytable.categories)


def squared_table(paytable: PayTable) -> PayTable:
    """Each pay squared (dealt pays too): its mean is the second moment of the pay.

    >>> squared_table(PayTable("t", (5, 1))).pays
    (Fraction(25, 1), Fraction(1, 1))
    """
    return derived_table(paytable, "squared pays", lambda c, pay: pay * pay)


def pays_on(group: Sequence[int]) -> Callable[[int, Fraction], Fraction]:
    """For :func:`derived_table`: the pay on the categories of ``group``, 0 on the others.

    >>> derived_table(PayTable("t", (5, 1)), "on 0", pays_on([0])).pays
    (Fraction(5, 1), Fraction(0, 1))
    """
    return lambda category, pay: pay if category in group else Fraction(0)


class ChosenChunk(NamedTuple):
    """A chunk of deal classes and, per table and per choice of holds, each class's value of
    its chosen hold (``values[t][k]``, numerators over ``L`` times the table's denominator)."""

    classes: np.ndarray
    sizes: np.ndarray
    values: list[list[np.ndarray]]


def chosen_chunks(lattices: HoldLattices, tables: Sequence[PayTable], holds: Sequence[np.ndarray]
                  ) -> Iterator[ChosenChunk]:
    """Every class's values under ``tables`` of the holds ``holds[k]`` (one per deal class of
    ``lattices``, as :attr:`~.lattices.Choice.best`), every table priced in one pass."""
    scaled = [table.scaled() for table in tables]
    for chunk in priced_chunks(lattices.prepared, [hold_pay_matrix(s) for s in scaled]):
        columns = np.arange(len(chunk.classes))
        yield ChosenChunk(chunk.classes, lattices.prepared.sizes[chunk.classes],
                          [[values[best[chunk.classes], columns] for best in holds] for values in chunk.values])


def chosen_means(lattices: HoldLattices, tables: Sequence[PayTable], holds: Sequence[np.ndarray]
                 ) -> list[list[Fraction]]:
    """``means[t][k]``: the mean over all deals of the EV under ``tables[t]`` of the holds
    ``holds[k]`` (:func:`chosen_chunks`), exactly."""
    sums = [[0] * len(holds) for _ in tables]
    for chunk in chosen_chunks(lattices, tables, holds):
        for row, per_hold in zip(sums, chunk.values):
            for k, values in enumerate(per_hold):
                row[k] += exact_weighted_sum(values, chunk.sizes)
    return [[Fraction(total, table.scaled().denominator * lattices.lcm_weight * lattices.deals) for total in row]
            for table, row in zip(tables, sums)]
