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

from cpoly.errors import CpolyError
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
    sums = _plain_sums(index[plain], categories[plain], best, sizes[plain], weight_by_hold, stacked)
    tied = ~plain
    tied_counts = hold_counts(index[tied], stacked)
    _, choice = choose_holds(tied_counts, pay_matrix, weight_by_hold, rule, deals[tied], faces, card_maps)
    return PlayedChunk(values, plain, sums, tied_counts, choice)


def _plain_sums(index: np.ndarray, categories: np.ndarray, best: np.ndarray, sizes: np.ndarray,
                weight_by_hold: np.ndarray, stacked: StackedTables) -> PlainSums:
    """The deals with one best hold, summed without their per-deal counts: the signed,
    weighted class sizes of every subset row that contains the hold (one ``bincount``), times
    the rows."""
    n_columns = stacked.n_columns
    scale = sizes * weight_by_hold[best]
    coefficients = _SIGNS[best] * scale[:, None]  # (N, 32): sign * class size * draw weight, or 0
    # exact in float64 while a row's |sum| (each deal meets a row at most once) stays below 2**53
    if float(np.abs(scale).sum()) >= 2**53:
        raise CpolyError(f"a chunk of {len(index):,} deal classes with weights up to {int(scale.max()):,} "
                         "exceeds exact float64 sums; this deck is too large for the suit-class analysis")
    per_row = np.rint(np.bincount(index[:, : HOLDS - 1].ravel(), weights=coefficients[:, : HOLDS - 1].ravel(),
                                  minlength=len(stacked.rows))).astype(np.int64)
    per_category = np.bincount(categories, weights=coefficients[:, HOLDS - 1], minlength=n_columns)
    largest = float(np.abs(per_row).sum()) * float(stacked.rows.max(initial=0))
    rows = stacked.wide_rows if largest < 2**62 else stacked.rows.astype(object)  # int64 unless it could overflow
    combinations = [int(v) for v in per_row @ rows]
    combinations = [c + int(v) for c, v in zip(combinations, np.rint(per_category).astype(np.int64).tolist())]
    whole = best == HOLDS - 1
    dealt = np.rint(np.bincount(categories[whole], weights=scale[whole], minlength=n_columns)).astype(np.int64)
    kept = np.rint(np.bincount(hold_sizes()[best], weights=sizes, minlength=HAND_SIZE + 1)).astype(np.int64)
    return PlainSums(combinations, dealt.tolist(), kept.tolist())


@dataclass(frozen=True)
class PlainSums:
    """Deals with one best hold, summed: weighted final hands per category, of which with the
    dealt hand kept, and deals per number of cards kept (Python ints, the arguments of
    :meth:`~cpoly.games.videopoker.summary.Totals.add_sums`)."""

    combinations: list[int]
    dealt: list[int]
    kept: list[int]
