"""The 32 holds of many deals from subset tables contracted with the pay vector first.

A hold's EV numerator is linear in its outcome counts, so it can be taken through the
inclusion-exclusion as one number per subset instead of one count per category::

    value[m] = w[m] * sum over T with m <= T <= deal of (-1)**|T - m| * (rows[T] . pays)

(hold 31, the dealt hand kept, uses the dealt pays instead).  The work is hold-major: one
``take`` of the contracted rows at the ``(31, N)`` int32 rows of a chunk's held subsets
(:meth:`~cpoly.games.videopoker.prepare.prepared.PreparedGame.held_rows`) fills the ``(32, N)``
lattice; the transform, the weights, the maximum and the mask of maximal holds are
element-wise passes over contiguous rows (NumPy releases the GIL, so chunks run on both
cores), and one reduction of the mask gives each deal's best hold or says that several tie.

Only tied deals need every hold's counts per category, for the tie rules (:func:`play_tied`,
gathered over chunks).  For the others only the chosen hold's counts are summed, from the
subsets that contain it: the signed (deal, superset of its best hold) pairs weighted by
class size and draw weight, one ``bincount`` per chunk, then one product with the rows for
the whole game (:func:`exact_dot`).  Every value is an exact integer, the same as
:func:`~cpoly.games.videopoker.play.choice.choose_holds` computes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cpoly.errors import CpolyError
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS, superset_sign, supersets
from cpoly.games.videopoker.play.choice import HoldChoice, choose_holds, hold_sizes
from cpoly.games.videopoker.prepare.subsetrows import StackedTables, hold_counts
from cpoly.games.videopoker.prepare.tables import exclude_discards
from cpoly.lang.tierule import TieRule

__all__ = ["CHUNK_CLASSES", "TIED", "PlainSums", "PlayedChunk", "Pricing", "exact_dot", "flat_masks", "plain_sums",
           "play_chunk", "play_tied", "price_holds", "ranges"]

#: Deal classes processed per vectorised chunk (about 20 MB of int64 counts for 10 categories).
CHUNK_CLASSES = 8192

_KEPT = HOLDS - 1  # hold 31: the deal kept whole (its category, no subset row)


def flat_masks(lists: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The masks listed for each mask ``m``, one list after another: the flat entries, each
    list's length and start, and each entry's sign ``(-1)**|m ^ entry|``
    (:func:`~cpoly.games.videopoker.hold.lattice.superset_sign`), int64.

    >>> [table.tolist() for table in flat_masks([[0], [0, 1]])]
    [[0, 0, 1], [1, 2], [0, 1], [1, -1, 1]]
    """
    flat = np.array([t for ts in lists for t in ts], dtype=np.int64)
    counts = np.array([len(ts) for ts in lists], dtype=np.int64)
    signs = np.array([superset_sign(m, t) for m, ts in enumerate(lists) for t in ts], dtype=np.int64)
    return flat, counts, np.cumsum(counts) - counts, signs


def ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """``starts[i] + 0 .. lengths[i] - 1`` for every ``i``, one after another.

    >>> ranges(np.array([5, 0]), np.array([2, 3])).tolist()
    [5, 6, 0, 1, 2]
    """
    result: np.ndarray = np.arange(int(lengths.sum())) + np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
    return result


#: For each hold ``m``, the held subsets ``T`` (``m <= T < 31``) whose rows enter its counts, and
#: their signs: :func:`~cpoly.games.videopoker.hold.lattice.supersets` without the deal itself.
_SUPERSET_FLAT, _SUPERSET_COUNTS, _SUPERSET_STARTS, _SUPERSET_SIGN_FLAT = flat_masks(
    [[t for t in supersets(m) if t != _KEPT] for m in range(HOLDS)])
#: The sign of the dealt hand's own term in each hold's counts.
_KEPT_SIGNS = np.array([superset_sign(m, _KEPT) for m in range(HOLDS)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class Pricing:
    """What a pay table prices: each stacked row's counts times the ordinary pays
    (``contracted``, one entry per row of the stacked tables), the pays of a final
    (``ordinary``) and of a dealt hand kept whole (``dealt``), and the draw weights.

    ``contracted`` and ``ordinary`` are int32 when every value of the inclusion-exclusion fits
    (each is the pay-weighted count of the hands that hold some cards and avoid others, so at
    most ``C(n, 5)`` times the largest pay: 9/6 Jacks or Better fits), else int64; the rest int64.
    """

    contracted: np.ndarray
    ordinary: np.ndarray
    dealt: np.ndarray
    weight_by_hold: np.ndarray

    @classmethod
    def of(cls, stacked: StackedTables, pay_matrix: np.ndarray, weight_by_hold: np.ndarray) -> Pricing:
        """From :func:`~cpoly.games.videopoker.play.choice.hold_pay_matrix` and
        :func:`~cpoly.games.videopoker.play.choice.hold_weights`."""
        ordinary = pay_matrix[0].astype(np.int64)
        contracted: np.ndarray = stacked.rows @ ordinary  # int64: the pays are int64
        hands = int(stacked.rows[0].sum()) if len(stacked.rows) else 0  # row 0: the empty subset, every hand
        narrow = hands * int(np.abs(ordinary).max(initial=0)) < 2**31
        dtype = np.int32 if narrow else np.int64
        return cls(contracted.astype(dtype), ordinary.astype(dtype), pay_matrix[_KEPT].astype(np.int64),
                   weight_by_hold.astype(np.int64))


def price_holds(hold_rows: np.ndarray, categories: np.ndarray, pricing: Pricing) -> np.ndarray:
    """``(32, N)`` exact EV numerators (int64) of the holds of ``N`` deals (hold-major).

    ``hold_rows`` ``(31, N)``: the stacked row of each held subset (holds 0..30) of each deal;
    ``categories`` the deals' categories.  The inclusion-exclusion runs in the contracted rows'
    dtype (int32 halves its memory traffic when it fits), the weighted values are int64.
    """
    lattice = np.empty((HOLDS, hold_rows.shape[1]), dtype=pricing.contracted.dtype)
    np.take(pricing.contracted, hold_rows, out=lattice[:_KEPT])
    np.take(pricing.ordinary, categories, out=lattice[_KEPT])
    exclude_discards(lattice[:, :, None])
    values: np.ndarray = np.multiply(lattice, pricing.weight_by_hold[:, None], dtype=np.int64)
    np.multiply(pricing.dealt[categories], pricing.weight_by_hold[_KEPT], out=values[_KEPT])
    return values


@dataclass(frozen=True, eq=False)
class PlayedChunk:
    """The holds of a chunk of deal classes.

    Attributes
    ----------
    values : numpy.ndarray
        ``(N, 32)`` exact EV numerators deal by deal (as
        :func:`~cpoly.games.videopoker.play.choice.choose_holds`; a transposed view of
        :func:`price_holds`).
    sums : PlainSums
        The deals with one best hold, summed (:func:`plain_sums`).
    tied_index : numpy.ndarray
        ``(tied rows, 32)`` the other deals' rows (:func:`~cpoly.games.videopoker.prepare.subsetrows.hold_counts`'
        index, column 31 the class), for :func:`play_tied`.
    """

    values: np.ndarray
    sums: PlainSums
    tied_index: np.ndarray


#: ``32 + m`` for hold ``m``: summed over a deal's maximal holds, the hold when one alone is.
_HOLD_CODE = np.arange(HOLDS, 2 * HOLDS, dtype=np.int16)[:, None]
#: The best hold of a deal with several maximal holds.
TIED = HOLDS


def play_chunk(hold_rows: np.ndarray, classes: np.ndarray, sizes: np.ndarray, stacked: StackedTables,
               pricing: Pricing) -> PlayedChunk:
    """The holds of the deal ``classes`` (indices into ``stacked.categories``), whose held
    subsets' rows are ``hold_rows`` ``(31, N)`` and sizes ``sizes``; the tied ones are left to
    :func:`play_tied`."""
    categories = stacked.categories[classes]
    lattice = price_holds(hold_rows, categories, pricing)
    is_top = lattice == lattice.max(axis=0)
    # sum of 32 + m over the maximal holds m: below 64 exactly when one hold alone is maximal,
    # and then 32 + that hold (one contiguous reduction, no argmax over axis 0)
    code = (is_top * _HOLD_CODE).sum(axis=0, dtype=np.int16)
    plain = code < 2 * HOLDS
    best = np.where(plain, code - HOLDS, TIED).astype(np.int8)
    tied = np.flatnonzero(~plain)
    index = np.empty((len(tied), HOLDS), dtype=np.int64)
    index[:, :_KEPT] = hold_rows[:, tied].T
    index[:, _KEPT] = classes[tied]
    sums = plain_sums(hold_rows, categories, best, sizes, pricing.weight_by_hold, len(stacked.rows),
                      stacked.n_columns)
    return PlayedChunk(lattice.T, sums, index)


def play_tied(index: np.ndarray, stacked: StackedTables, pay_matrix: np.ndarray, weight_by_hold: np.ndarray,
              rule: TieRule, deals: np.ndarray, faces: np.ndarray | None,
              card_maps: np.ndarray) -> tuple[np.ndarray, HoldChoice]:
    """Every hold's counts of the deals with several maximal holds (``index``: their
    :attr:`PlayedChunk.tied_index` rows, ``deals`` their cards), and the tie rule's choice;
    gathered from many chunks, so that the rules' many small steps run once."""
    counts = hold_counts(index, stacked)
    _, choice = choose_holds(counts, pay_matrix, weight_by_hold, rule, deals, faces, card_maps)
    return counts, choice


def plain_sums(hold_rows: np.ndarray, categories: np.ndarray, best: np.ndarray, sizes: np.ndarray,
               weight_by_hold: np.ndarray, n_rows: int, n_columns: int) -> PlainSums:
    """The deals with one best hold (``best`` < :data:`TIED`), summed without their per-deal
    counts: the signed, weighted class sizes of every subset row that contains the hold (one
    ``bincount`` over the (deal, superset of its best hold) pairs, listed from a flat table of
    every hold's supersets), to be multiplied by the rows.

    ``hold_rows`` ``(31, N)``, ``categories``, ``best`` and ``sizes`` are per deal class."""
    plain = best < TIED
    chosen = np.where(plain, best, 0)
    scale = np.where(plain, sizes * weight_by_hold[chosen], 0)
    # exact in float64 while every partial sum stays below 2**53: a deal adds its |scale| once
    # per superset of its hold (up to 32 entries, several of which may share a class row)
    if float(np.abs(scale).sum()) * int(_SUPERSET_COUNTS.max()) >= 2**53:
        raise CpolyError(f"a chunk of {len(best):,} deal classes with weights up to {int(scale.max()):,} exceeds "
                         "exact float64 sums; this deck is too large for the suit-class analysis")
    deals = np.flatnonzero(best < _KEPT)  # hold 31 (the deal kept) has no subset rows
    holds = best[deals]
    lengths = _SUPERSET_COUNTS[holds]
    # entry e of deal i (in deals): the deal, and its hold's e-th superset in the flat table
    entry_deal = np.repeat(deals, lengths)
    position = ranges(_SUPERSET_STARTS[holds], lengths)
    # a gather from the flat rows (a copy of the chunk's) is a few times faster than the 2-d index
    flat = np.ascontiguousarray(hold_rows).reshape(-1)
    rows = np.take(flat, _SUPERSET_FLAT[position] * hold_rows.shape[1] + entry_deal)
    weights = _SUPERSET_SIGN_FLAT[position] * np.repeat(scale[deals], lengths)
    per_row = np.rint(np.bincount(rows, weights=weights, minlength=n_rows)).astype(np.int64)
    per_category = np.rint(np.bincount(categories, weights=_KEPT_SIGNS[chosen] * scale,
                                       minlength=n_columns)).astype(np.int64)
    whole = best == _KEPT
    dealt = np.rint(np.bincount(categories[whole], weights=scale[whole], minlength=n_columns)).astype(np.int64)
    kept = np.bincount(hold_sizes()[chosen[plain]], weights=sizes[plain], minlength=HAND_SIZE + 1)
    return PlainSums(per_row, per_category, dealt, np.rint(kept).astype(np.int64))


@dataclass(frozen=True, eq=False)
class PlainSums:
    """Deals with one best hold, summed: the signed weights of each stacked row (``per_row``,
    times the rows gives weighted final hands per category), the dealt hands' own terms per
    category, of which with the dealt hand kept, and deals per number of cards kept (int64)."""

    per_row: np.ndarray
    per_category: np.ndarray
    dealt: np.ndarray
    kept: np.ndarray


def exact_dot(vector: np.ndarray, rows: np.ndarray) -> list[int]:
    """``vector @ rows`` as exact Python ints (int64 vector, non-negative integer ``rows``):
    the vector is split into limbs of up to 24 bits, few enough that each product stays
    inside int64.

    >>> exact_dot(np.array([2**62, -3]), np.array([[4, 1], [1, 1]]))
    [18446744073709551613, 4611686018427387901]
    """
    wide = np.asarray(rows).astype(np.int64)
    largest = int(wide.sum(axis=0).max(initial=0)) if len(wide) else 0  # |limb @ wide| < 2**shift * largest
    shift = min(24, 62 - largest.bit_length())
    if shift < 8:
        return [int(v) for v in vector.astype(object) @ wide.astype(object)]
    remaining = vector.astype(np.int64)
    result = [0] * rows.shape[1]
    limb = 0
    while ((remaining != 0) & (remaining != -1)).any():
        low = remaining & ((1 << shift) - 1)  # two's complement: remaining = high * 2**shift + low
        result = [r + (value << limb) for r, value in zip(result, (low @ wide).tolist())]
        remaining = remaining >> shift
        limb += shift
    negative = remaining == -1  # what is left: 0 or -1 times 2**limb
    return [r - (value << limb) for r, value in zip(result, wide[negative].sum(axis=0).tolist())]
