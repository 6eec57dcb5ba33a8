"""The 32 holds of many deals from subset tables contracted with the pay vector first.

A hold's EV numerator is linear in its outcome counts, so it can be taken through the
inclusion-exclusion as one number per subset instead of one count per category::

    value[m] = w[m] * sum over T with m <= T <= deal of (-1)**|T - m| * (rows[T] . pays)

(hold 31, the dealt hand kept, uses the dealt pays instead).  Only deals whose maximal EV is
reached by several holds need every hold's counts per category (the tie rules look at them:
they go through :func:`~cpoly.games.videopoker.holds.choose_holds` as before); for the others
only the chosen hold's counts are summed, from the subsets that contain it.  Every value is an
exact integer, the same as :func:`~cpoly.games.videopoker.holds.choose_holds` computes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cpoly.games.videopoker.holds import (
    HOLDS,
    HoldChoice,
    StackedTables,
    choose_holds,
    exclude_discards,
    hold_counts,
    hold_sizes,
)
from cpoly.games.videopoker.paytable import TieRule
from cpoly.games.videopoker.tables import HAND_SIZE

__all__ = ["PlainSums", "PlayedChunk", "contract_rows", "play_chunk"]

_SIGNS = np.array([[(-1) ** ((t.bit_count() - m.bit_count()) & 1) if t & m == m else 0 for t in range(HOLDS)]
                   for m in range(HOLDS)], dtype=np.int64)  # [held m, subset T]: sign or 0


@dataclass(frozen=True, eq=False)
class PlayedChunk:
    """The holds of a chunk of deal classes.

    Attributes
    ----------
    values : numpy.ndarray
        ``(N, 32)`` exact EV numerators (as :func:`~cpoly.games.videopoker.holds.choose_holds`).
    plain : numpy.ndarray
        bool ``(N,)``: one hold alone reaches the maximum.
    sums : PlainSums
        The plain rows' totals.
    tied_counts : numpy.ndarray
        ``(tied rows, 32, K + 1)`` every hold's counts of the other rows.
    tied_choice : HoldChoice
        The tie rule's choice for those rows.
    """

    values: np.ndarray
    plain: np.ndarray
    sums: PlainSums
    tied_counts: np.ndarray
    tied_choice: HoldChoice


def contract_rows(stacked: StackedTables, pays: np.ndarray) -> np.ndarray:
    """Each stacked row's counts times the (ordinary, scaled) pays: one int64 per subset."""
    contracted: np.ndarray = stacked.rows.astype(np.int64) @ pays.astype(np.int64)
    return contracted


def play_chunk(index: np.ndarray, stacked: StackedTables, contracted: np.ndarray, pay_matrix: np.ndarray,
               weight_by_hold: np.ndarray, rule: TieRule, deals: np.ndarray, sizes: np.ndarray,
               faces: np.ndarray | None, card_maps: np.ndarray) -> PlayedChunk:
    """The holds of the deals whose subset rows are ``index`` (``(N, 32)``, column 31 the
    row in ``stacked.categories``), their cards ``deals`` (sorted rows) and class ``sizes``."""
    n_deals = len(index)
    categories = stacked.categories[index[:, HOLDS - 1]].astype(np.int64)
    lattice = np.empty((HOLDS, n_deals, 1), dtype=np.int64)
    np.take(contracted, index[:, : HOLDS - 1].T, out=lattice[: HOLDS - 1, :, 0])
    lattice[HOLDS - 1, :, 0] = pay_matrix[0][categories]
    values = np.ascontiguousarray(exclude_discards(lattice)[:, :, 0])
    values[:, HOLDS - 1] = pay_matrix[HOLDS - 1][categories]
    values *= weight_by_hold[None, :]
    candidates = values == values.max(axis=1)[:, None]
    plain = candidates.sum(axis=1) == 1
    best = np.argmax(candidates[plain], axis=1)
    sums = _plain_sums(index[plain], categories[plain], best, sizes[plain], stacked)
    tied = ~plain
    tied_counts = hold_counts(index[tied], stacked)
    _, choice = choose_holds(tied_counts, pay_matrix, weight_by_hold, rule, deals[tied], faces, card_maps)
    return PlayedChunk(values, plain, sums, tied_counts, choice)


def _plain_sums(index: np.ndarray, categories: np.ndarray, best: np.ndarray, sizes: np.ndarray,
                stacked: StackedTables) -> PlainSums:
    """The deals with one best hold, summed without their per-deal counts: per number of cards
    kept, the signed class sizes of every subset row that contains the hold (one bincount)."""
    n_columns, n_rows = stacked.n_columns, len(stacked.rows)
    coefficients = _SIGNS[best] * sizes[:, None]  # (N, 32): sign * class size, or 0
    kept = hold_sizes()[best]
    # exact: every |sum| below is at most (classes x 32 x largest class) < 2**53
    per_row = np.bincount((index[:, : HOLDS - 1] + (kept * n_rows)[:, None]).ravel(),
                          weights=coefficients[:, : HOLDS - 1].ravel(), minlength=_BUCKETS * n_rows)
    per_category = np.bincount(categories + kept * n_columns, weights=coefficients[:, HOLDS - 1],
                               minlength=_BUCKETS * n_columns)
    whole = best == HOLDS - 1
    return PlainSums(np.rint(per_row).astype(np.int64).reshape(_BUCKETS, n_rows),
                     np.rint(per_category).astype(np.int64).reshape(_BUCKETS, n_columns),
                     np.rint(np.bincount(categories[whole], weights=sizes[whole], minlength=n_columns)).astype(np.int64),
                     np.rint(np.bincount(kept, weights=sizes, minlength=_BUCKETS)).astype(np.int64))


_BUCKETS = HAND_SIZE + 1  # holds keeping 0..5 cards


@dataclass(frozen=True, eq=False)
class PlainSums:
    """Deals with one best hold, summed per number of cards kept ``h``: the signed class sizes
    per stacked row (``(6, rows)``) and per category of the kept deal (``(6, K + 1)``), the
    deals that keep the dealt hand per category, and the deals per ``h``."""

    per_row: np.ndarray
    per_category: np.ndarray
    dealt: np.ndarray
    kept: np.ndarray

    def __add__(self, other: PlainSums) -> PlainSums:
        return PlainSums(self.per_row + other.per_row, self.per_category + other.per_category,
                         self.dealt + other.dealt, self.kept + other.kept)

    def totals(self, stacked: StackedTables, weight_by_hold: np.ndarray) -> tuple[list[int], list[int], list[int]]:
        """Weighted final hands per category, of which with the deal kept, and deals per ``h``
        (Python ints, for :meth:`~cpoly.games.videopoker.summary.Totals.add_sums`)."""
        by_size = self.per_row @ stacked.wide_rows + self.per_category  # (6, K + 1), int64: < 2**63
        weights = [int(weight_by_hold[(1 << size) - 1]) for size in range(_BUCKETS)]
        combinations = [sum(w * v for w, v in zip(weights, column)) for column in by_size.T.tolist()]
        dealt = [v * weights[HAND_SIZE] for v in self.dealt.tolist()]
        return combinations, dealt, self.kept.tolist()
