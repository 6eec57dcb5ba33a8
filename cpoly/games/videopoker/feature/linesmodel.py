"""What the multi-line Ultimate X solver reads: the lattices, the lines' multiplier values and the
totals, and the packed big-integer powers that give a hold's exact next-total distribution.

Built the same way in this process and in a Dask worker (:func:`lines_model`), so both price the
same holds with the same arrays (:mod:`.linespasses`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import combinations_with_replacement
from math import lcm

import numpy as np

from cpoly.games.videopoker.feature.lattices import HoldLattices
from cpoly.games.videopoker.feature.packing import unique_rows
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import UltimateX
from cpoly.lang.paytable import PayTable

__all__ = ["LinesModel", "lines_model"]


@dataclass(frozen=True)
class LinesModel:
    """The lattices, the per-line multiplier values (1 first) and the totals of ``lines`` lines."""

    lattices: HoldLattices
    values: tuple[Fraction, ...]
    lines: int

    @property
    def scale(self) -> int:
        """The common denominator of the values: exponents ``value * scale`` are integers."""
        return lcm(*(v.denominator for v in self.values))

    @property
    def bits(self) -> int:
        """Bits per packed coefficient: all deals times ``L ** lines`` fits."""
        return int(self.lattices.deals * self.lattices.lcm_weight**self.lines).bit_length() + 1

    @property
    def classes(self) -> int:
        return len(self.lattices.prepared.sizes)

    def exponents(self, values: Sequence[Fraction]) -> list[int]:
        return [int(v * self.scale) for v in values]

    @cached_property
    def chances(self) -> np.ndarray:
        """``(classes * 32, values)`` float: each hold's per-line chance of each next multiplier."""
        rows, holds = np.repeat(np.arange(self.classes), 32), np.tile(np.arange(32), self.classes)
        return self.counts(rows, holds) / self.lattices.lcm_weight

    @cached_property
    def signatures(self) -> np.ndarray:
        """``(classes, 32)`` int64: equal for two holds exactly when their pays and per-line
        chances are equal (so their values are equal at every total)."""
        lattices = self.lattices
        columns = np.stack([lattices.pays.reshape(-1), *(ind.reshape(-1) for ind in lattices.indicators)], axis=1)
        return unique_rows(columns.astype(np.int64))[1].reshape(-1, 32).astype(np.int64)

    def sums(self, lines: int) -> list[Fraction]:
        return sorted({sum(c, Fraction(0)) for c in combinations_with_replacement(self.values, lines)})

    def counts(self, rows: np.ndarray, holds: np.ndarray) -> np.ndarray:
        """``(len(rows), values)`` int64: each line's chance of each next multiplier, times ``L``."""
        found = np.stack([lattice[rows, holds] for lattice in self.lattices.indicators], axis=1).astype(np.int64)
        return np.concatenate([self.lattices.lcm_weight - found.sum(axis=1, keepdims=True), found], axis=1)


def lines_model(prepared: PreparedGame, paytable: PayTable, feature: UltimateX) -> LinesModel:
    """The model of ``feature`` on the prepared game: one indicator lattice per multiplier a
    category sets (other than 1)."""
    names = list(paytable.categories)
    targets = sorted({m for m in feature.next_multiplier.values() if m != 1})
    groups = [[names.index(c) for c, m in feature.next_multiplier.items() if m == u] for u in targets]
    return LinesModel(HoldLattices.build(prepared, paytable, groups), (Fraction(1), *targets), feature.lines)
