"""Multi-play video poker (Triple Play, Five Play, ... Hundred Play): one deal, ``N``
independent draws to the same hold, exact variances.

The return and the strategy are those of single play.  Let ``X`` be one line's payout per unit
bet, ``D`` the deal (with its chosen hold) and ``T = X_1 + ... + X_N`` the payout of the ``N``
lines, whose draws are independent given the deal.  By the law of total variance over the deal,

* ``Var(X) = Var(E[X | D]) + E[Var(X | D)]``: the **variance of the deal** (of the chosen
  hold's EV over the deals) plus the **mean variance of the draw**;
* ``Var(T) = N**2 Var(E[X | D]) + N E[Var(X | D)]``, so per unit of total bet (``N`` units)
  ``Var(T / N) = Var(deal) + E[Var draw] / N``, and per line (the convention of published
  multi-play tables, e.g. the Wizard of Odds' "standard deviation per hand on the draw")
  ``Var(T) / N = N Var(deal) + E[Var draw]``, the per-bet figure times ``N``.

Both are computed exactly, class by class, from the analysis' own hold values
(:mod:`~cpoly.games.videopoker.play.holdvalues`): each class's hold chosen by the tie rule, as the
analysis chooses it (:func:`~cpoly.games.videopoker.play.scalar.play_tied`), gives its EV and second
moment.  Their sum is checked against the analysis' variance (from the combination counts
instead), and the optimal return the same way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.play.choice import hold_pay_matrix, hold_weights
from cpoly.games.videopoker.play.holdvalues import PricedChunk, denominator_of, priced_chunks
from cpoly.games.videopoker.play.scalar import play_tied
from cpoly.games.videopoker.play.summary import GameAnalysis
from cpoly.games.videopoker.prepare.prepared import PreparedGame

__all__ = ["MultiPlay", "multiplay_variances"]


@dataclass(frozen=True)
class MultiPlay:
    """The two components of a game's variance per unit bet (exact).

    >>> game = MultiPlay(Fraction(2), Fraction(18))
    >>> game.per_bet(1), game.per_bet(3), game.per_line(3)
    (Fraction(20, 1), Fraction(8, 1), Fraction(24, 1))
    """

    deal_variance: Fraction
    draw_variance: Fraction

    def per_bet(self, plays: int) -> Fraction:
        """Variance of the ``plays`` lines' total payout per unit of total bet."""
        return self.deal_variance + self.draw_variance / plays

    def per_line(self, plays: int) -> Fraction:
        """Variance of the lines' total payout divided by ``plays`` (per line bet)."""
        return plays * self.deal_variance + self.draw_variance

    def standard_deviation_per_bet(self, plays: int) -> float:
        return math.sqrt(self.per_bet(plays))

    def standard_deviation_per_line(self, plays: int) -> float:
        return math.sqrt(self.per_line(plays))


def multiplay_variances(prepared: PreparedGame, analysis: GameAnalysis) -> MultiPlay:
    """The variance of the deal and the mean variance of the draw of ``analysis`` (a single
    unordered deck's analysis of ``prepared``: its pay table and tie rule); an AssertionError
    when the sums disagree with the analysis (a bug, never an answer)."""
    scaled = analysis.paytable.scaled()
    first_pays = hold_pay_matrix(scaled)
    second_pays = first_pays * first_pays
    lcm_weight, weights = draw_weights(prepared.n)
    weight_by_hold = hold_weights(weights)
    first = first_squared = 0
    second = Fraction(0)
    for chunk in priced_chunks(prepared, [first_pays, second_pays]):
        sums = _chunk_sums(chunk, prepared, first_pays, weight_by_hold, analysis)
        first, first_squared, second = first + sums[0], first_squared + sums[1], second + sums[2]
    deals = denominator_of(prepared) // lcm_weight
    scale = scaled.denominator * lcm_weight
    mean = Fraction(first, deals * scale)
    mean_square_ev = Fraction(first_squared, deals * scale * scale)
    second_moment = second / (deals * scale * scaled.denominator)
    if mean != analysis.expected_return or second_moment - mean**2 != analysis.variance:
        raise AssertionError("the multi-play sums disagree with the analysis")
    return MultiPlay(mean_square_ev - mean**2, second_moment - mean_square_ev)


def _chunk_sums(chunk: PricedChunk, prepared: PreparedGame, pay_matrix: np.ndarray, weight_by_hold: np.ndarray,
                analysis: GameAnalysis) -> tuple[int, int, Fraction]:
    """One chunk's per-deal sums: of the maximal EV numerator (any maximal hold), of its
    square, and of the second moment of the hold the tie rule chooses (every member of a split
    class its own)."""
    first, second = chunk.values
    sizes = prepared.sizes[chunk.classes]
    top = first.max(axis=0)
    is_top = first == top
    plain = is_top.sum(axis=0) == 1
    chosen = np.argmax(is_top, axis=0)
    weighted = list(zip(sizes.tolist(), top.tolist()))
    plain_second = second[chosen[plain], np.flatnonzero(plain)]
    total = Fraction(sum(s * v for s, v in zip(sizes[plain].tolist(), plain_second.tolist())))
    tied = np.flatnonzero(~plain)
    if len(tied):
        total += _tied_second(chunk, tied, second, sizes, prepared, pay_matrix, weight_by_hold, analysis)
    return sum(s * t for s, t in weighted), sum(s * t * t for s, t in weighted), total


def _tied_second(chunk: PricedChunk, tied: np.ndarray, second: np.ndarray, sizes: np.ndarray,
                 prepared: PreparedGame, pay_matrix: np.ndarray, weight_by_hold: np.ndarray,
                 analysis: GameAnalysis) -> Fraction:
    """The classes with several maximal holds: the second moment of the tie rule's hold, as
    the analysis decides it (a split class: each member ``g`` its hold, ``size / G`` deals each)."""
    index = np.column_stack([chunk.hold_rows[:, tied].T, chunk.classes[tied]]).astype(np.int64)
    _, choice = play_tied(index, prepared.stacked, pay_matrix, weight_by_hold, analysis.tie_rule,
                          prepared.deals[chunk.classes[tied]], prepared.faces, prepared.card_maps)
    per_class = second[:, tied]  # (32, tied)
    rows = np.setdiff1d(np.arange(len(tied)), choice.split_rows)
    total = Fraction(sum(s * v for s, v in zip(sizes[tied][rows].tolist(),
                                               per_class[choice.best[rows], rows].tolist())))
    group = len(prepared.card_maps)
    for row, holds in zip(choice.split_rows.tolist(), choice.split_best.tolist()):
        total += Fraction(int(sizes[tied][row]) * sum(int(per_class[h, row]) for h in holds), group)
    return total
