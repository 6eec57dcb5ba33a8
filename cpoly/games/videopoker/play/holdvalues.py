"""The exact EV numerators of every hold of every deal class, for any pays, chunk by chunk.

This is the analysis' own pricing (:func:`~cpoly.games.videopoker.play.scalar.price_holds` over the
prepared game's held rows), offered to the features that need more than the optimal return:
the multi-play variances (:mod:`~cpoly.games.videopoker.par.multiplay`) and the return as a
function of one pay (:mod:`~cpoly.games.videopoker.par.holdlines`).  Nothing here chooses a hold.

A value ``v[m]`` of hold ``m`` is ``w[m] * (sum of the pays of its draws)`` with the pays scaled
to integers: the hold's EV is ``v[m] / (L * denominator)``
(:func:`~cpoly.games.videopoker.hold.holdchoice.draw_weights`).  Hold indices are on the class's
sorted representative deal; hold 31 (the deal kept) uses the dealt pays.

Only a single unordered deck is priced this way (a deck with copies and an ordered deal
space are analysed otherwise): the features ask for it through
:meth:`~cpoly.games.videopoker.play.variant.Variant.require_plain`, which says so in words.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.choice import hold_weights
from cpoly.games.videopoker.play.scalar import CHUNK_CLASSES, Pricing, price_holds
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.paytable import INT64_LIMIT

__all__ = ["PricedChunk", "denominator_of", "priced_chunks", "value_lattice"]


@dataclass(frozen=True, eq=False)
class PricedChunk:
    """A chunk of deal classes: their indices, their held subsets' rows ``(31, N)`` and, per
    pay matrix asked for, the ``(32, N)`` EV numerators (hold-major, int64)."""

    classes: np.ndarray
    hold_rows: np.ndarray
    values: tuple[np.ndarray, ...]


def denominator_of(prepared: PreparedGame) -> int:
    """``C(n, 5) * L``: deals times the draw weight, the denominator of every probability."""
    return comb(prepared.n, HAND_SIZE) * draw_weights(prepared.n)[0]


def priced_chunks(prepared: PreparedGame, pay_matrices: Sequence[np.ndarray]) -> Iterator[PricedChunk]:
    """Every deal class priced under each of ``pay_matrices``
    (:func:`~cpoly.games.videopoker.play.choice.hold_pay_matrix` of scaled pays), chunk by chunk.

    Raises an input error when a matrix's values could overflow int64: a value is at most
    ``L`` times the largest pay, a sum of the inclusion-exclusion at most ``C(n, 5)`` times it.
    """
    lcm_weight, weights = draw_weights(prepared.n)
    weight_by_hold = hold_weights(weights)
    for matrix in pay_matrices:
        biggest = int(np.abs(matrix).max(initial=0))
        if biggest * max(lcm_weight, comb(prepared.n, HAND_SIZE)) >= INT64_LIMIT:
            raise CpolyInputError(f"a {prepared.n}-card game with pays up to {biggest:,} (scaled) exceeds "
                                  "exact int64 arithmetic")
    stacked = prepared.stacked
    pricings = [Pricing.of(stacked, matrix, weight_by_hold) for matrix in pay_matrices]
    n_classes = len(prepared.sizes)
    for start in range(0, n_classes, CHUNK_CLASSES):
        stop = min(start + CHUNK_CLASSES, n_classes)
        classes = np.arange(start, stop)
        hold_rows = prepared.held_rows(start, stop)
        categories = stacked.categories[classes]
        yield PricedChunk(classes, hold_rows, tuple(price_holds(hold_rows, categories, p) for p in pricings))


def value_lattice(prepared: PreparedGame, pay_matrix: np.ndarray) -> np.ndarray:
    """``(classes, 32)`` int64: every class's hold values under one pay matrix."""
    lattice = np.empty((len(prepared.sizes), HOLDS), dtype=np.int64)
    for chunk in priced_chunks(prepared, [pay_matrix]):
        lattice[chunk.classes] = chunk.values[0].T
    return lattice
