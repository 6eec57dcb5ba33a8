"""Spin Poker's exact variance: lines through a 3x5 window drawing from one deck.

The deal fills the middle row; a held card is copied to the top and bottom rows of its column;
every empty position is then filled from the rest of the deck, no card twice (Wizard of Odds,
Spin Poker: rules).  A line is a path through the rows, one position per column
(the feature's ``paths``: :data:`~cpoly.lang.features.SPIN_PATHS` by default).  Each line alone is a uniform draw of the discarded count from the rest of the
deck, so the return is the base game's under the same strategy; the variance needs every pair
of lines.  Two lines share the drawn cards of the discarded columns where their paths are in the
same row (``s`` of the ``d`` discarded columns) and draw the others apart from each other.

For a hold ``H`` (``d`` discards, ``r`` cards left) with ``F(W)`` the pays summed over the
final hands ``H ∪ B ⊇ H ∪ W`` (``B`` a ``d``-subset of the rest) and ``M_m = Σ_{|W| = m} F(W)^2``,
the pays of two lines sharing ``A`` (``s`` cards) and drawing ``B_1``, ``B_2`` apart sum, over
every such draw, to

    Σ_A Σ_{B_1 ∩ B_2 = ∅} p(A ∪ B_1) p(A ∪ B_2) = Σ_{c=0}^{d-s} (-1)^c C(s+c, s) M_{s+c}

(the disjointness written as ``Σ_{C ⊆ B_1 ∩ B_2} (-1)^|C|``, and ``W = A ∪ C`` split ``C(s+c, s)``
ways), over ``C(r, s) C(r-s, d-s) C(r-d, d-s)`` draws: :func:`pair_moments`.  The dealt cards
fall in the columns in random order, so the discarded columns are a uniform ``d``-subset of the
five: :func:`shared_columns` weighs each ``s`` over the pairs of lines.  A deal's mean square of
a round's total pay is then ``lines * J[d] + Σ_s w[s] J[s]`` under its hold (the base game's).
:func:`pair_sums` and :func:`pair_draws` are the formula's two halves; the sum over a game's
deals, with the ``M_m`` from superset pay tables, is :mod:`.spinvariance`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np

from cpoly.deck.subsets import colex_rank
from cpoly.games.videopoker.hold.lattice import HAND_SIZE

__all__ = ["pair_draws", "pair_moments", "pair_sums", "shared_columns"]

def shared_columns(paths: Sequence[str], discards: int) -> list[Fraction]:
    """``w[s]``: over the ordered pairs of distinct lines (``paths``: a row per column), the
    mean number (over the uniform choice of the ``discards`` columns) of pairs sharing ``s`` of
    the discarded columns.

    >>> shared_columns(["MMMMM", "TTTTT"], 1)   # the middle and top rows share no column
    [Fraction(2, 1), Fraction(0, 1)]
    >>> shared_columns(["MMMMM", "MTTTM"], 1)   # two columns of five in the same row
    [Fraction(6, 5), Fraction(4, 5)]
    """
    weights = [Fraction(0)] * (discards + 1)
    choices = list(combinations(range(HAND_SIZE), discards))
    for first, second in combinations(paths, 2):
        same = {column for column in range(HAND_SIZE) if first[column] == second[column]}
        for chosen in choices:
            weights[len(same.intersection(chosen))] += Fraction(2, len(choices))
    return weights


def pair_moments(held: Sequence[int], rest: Sequence[int], pay_of: Callable[[np.ndarray], np.ndarray],
                 pays: Sequence[int]) -> list[Fraction]:
    """``J[s]``: the mean product of two lines' pays (``pays`` per category) when the hold keeps
    ``held`` and ``s`` of the drawn cards are shared, drawn from ``rest``; ``pay_of(hands)``:
    the category of each sorted hand (rows of card indices)."""
    d, r = HAND_SIZE - len(held), len(rest)
    draws = np.array(list(combinations(range(r), d)), dtype=np.int64).reshape(-1, d)
    cards = np.sort(np.concatenate([np.tile(np.asarray(held, dtype=np.int64), (len(draws), 1)),
                                    np.asarray(rest, dtype=np.int64)[draws]], axis=1), axis=1)
    paid = np.asarray(pays, dtype=np.int64)[pay_of(cards)]
    squares = []
    for m in range(d + 1):
        sums = np.zeros(comb(r, m), dtype=np.int64)
        for chosen in combinations(range(d), m):
            np.add.at(sums, colex_rank(draws[:, list(chosen)]) if m else np.zeros(len(draws), dtype=np.int64), paid)
        squares.append(sum(int(v) * int(v) for v in sums.tolist()))
    return [Fraction(q, pair_draws(r, d, s)) for s, q in enumerate(pair_sums(squares))]


def pair_sums(squares: Sequence[int]) -> list[int]:
    """``Q[s] = Σ_{c=0}^{d-s} (-1)^c C(s+c, s) M[s+c]`` from ``squares`` = ``M[0..d]``: the pays
    of two lines sharing ``s`` drawn cards multiplied and summed over every such pair of draws
    (linear in ``M``: sums over many deals go through it too).

    >>> pair_sums([36, 10, 4])   # d = 2
    [30, 2, 4]
    """
    d = len(squares) - 1
    return [sum((-1) ** c * comb(s + c, s) * squares[s + c] for c in range(d - s + 1)) for s in range(d + 1)]


def pair_draws(rest: int, discards: int, shared: int) -> int:
    """The pairs of draws of two lines sharing ``shared`` of ``discards`` cards from ``rest``:
    the shared cards, one line's own, then the other's from those left.

    >>> pair_draws(4, 2, 0), pair_draws(4, 2, 2)
    (6, 6)
    """
    d, s = discards, shared
    return comb(rest, s) * comb(rest - s, d - s) * comb(rest - d, d - s)
