"""Spin Poker's exact variance over a whole game, under the base game's optimal strategy.

Every deal class plays the hold the base analysis chooses (its tie rule included: a class whose
tie the order of the cards decides gives each member its own hold, as
:func:`~cpoly.games.videopoker.play.scalar.play_tied` does for the analysis).  Per deal, the
sums of squares ``M_m`` of :mod:`.spin` come from the hold's first and second moments
(``M_0 = F(∅)^2``, ``M_d = Σ p^2``: the analysis' own pricing,
:func:`~cpoly.games.videopoker.play.holdvalues.priced_chunks`) and, for ``0 < m < d``, from the
superset pay tables (:class:`~.spintables.SupersetPays`), all deals with the same number of
discards together.  Summed over the deals (class sizes as weights, exact integers), the pair
sums ``Q_s`` and the mean squares ``J[s]`` follow (:func:`~.spin.pair_sums`), and the mean
square of a round of ``L`` lines is ``Σ_d (L J_d[d] + Σ_s w_L[s] J_d[s])``
(:func:`~.spin.shared_columns`).  The result is kept in the cache (a cold run on 52 cards takes
a few seconds).

The pays are in line bets: :attr:`SpinAnalysis.expected_return` is the base return (per line bet
and per total bet alike); :meth:`SpinAnalysis.variance` is the variance of a round's total pay
in line bets, :meth:`SpinAnalysis.per_line` that divided by ``L`` (the Wizard of Odds' "per hand
on the draw", squared) and :meth:`SpinAnalysis.per_total_bet` divided by ``L^2``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.feature.moments import StatedVariance
from cpoly.games.videopoker.feature.spin import pair_draws, pair_sums, shared_columns
from cpoly.games.videopoker.feature.spintables import SupersetPays
from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, held_positions
from cpoly.games.videopoker.play.choice import hold_pay_matrix, hold_sizes, hold_weights
from cpoly.games.videopoker.play.holdvalues import PricedChunk, priced_chunks
from cpoly.games.videopoker.play.scalar import play_tied
from cpoly.games.videopoker.play.summary import GameAnalysis, Progress
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import SpinPoker
from cpoly.scale.parallel import imap_chunks

__all__ = ["Played", "SpinAnalysis", "analyze_spin", "played_holds", "square_sums"]


@dataclass(frozen=True)
class SpinAnalysis:
    """The base game's return and variance, and the mean square of a round's total pay (line
    bets) for the first 1, 2, … of the feature's paths; ``classes_by_discards`` and ``deals_by_discards``: the deal classes
    and the deals played with 0 .. 5 discards."""

    feature: SpinPoker
    base_return: Fraction
    base_variance: Fraction
    mean_squares: tuple[Fraction, ...]
    classes_by_discards: tuple[int, ...]
    deals_by_discards: tuple[int, ...]

    @property
    def expected_return(self) -> Fraction:
        """Per line bet and per total bet: the base game's return."""
        return self.base_return

    def variance(self, lines: int | None = None) -> Fraction:
        """Variance of a round's total pay in line bets (``lines``: the feature's by default)."""
        count = self.feature.lines if lines is None else lines
        return self.mean_squares[count - 1] - (count * self.base_return) ** 2

    def per_line(self, lines: int | None = None) -> Fraction:
        """:meth:`variance` over the number of lines (a line's share; 1 line: the base game's)."""
        count = self.feature.lines if lines is None else lines
        return self.variance(count) / count

    def per_total_bet(self, lines: int | None = None) -> Fraction:
        """Variance of the round's pay per unit of total bet."""
        count = self.feature.lines if lines is None else lines
        return self.variance(count) / count**2

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        """The variance of one round per unit of its total bet, stated (the PAR sheet's
        volatility figures use it: rounds are independent)."""
        lines = self.feature.lines
        return (StatedVariance("per round", self.per_total_bet(),
                               f"of one round's total pay over its {lines} lines (they share the dealt and held "
                               f"cards and draw from one deck) under the base game's holds, per unit of the total "
                               f"bet: Var(round / {lines})"),)


@dataclass(frozen=True, eq=False)
class Played:
    """The hold played in each deal class (a split class: one entry per member), with its
    weight (deals times the symmetry group's order, over every entry: ``G C(n, 5)``), and the
    hold's pay total ``F(∅)`` and sum of squared pays ``M_d`` over its draws (scaled pays)."""

    classes: np.ndarray
    holds: np.ndarray
    weights: np.ndarray
    first: list[int]
    second: list[int]

    @property
    def discards(self) -> np.ndarray:
        found: np.ndarray = HAND_SIZE - hold_sizes()[self.holds]
        return found


def played_holds(prepared: PreparedGame, analysis: GameAnalysis) -> Played:
    """The holds ``analysis`` plays (its pay table and tie rule), chunk by chunk."""
    first_pays = hold_pay_matrix(analysis.paytable.scaled())
    parts = [_chunk_holds(chunk, prepared, analysis, first_pays)
             for chunk in priced_chunks(prepared, [first_pays, first_pays * first_pays])]
    weight_by_hold = hold_weights(draw_weights(prepared.n)[1])
    classes, holds, weights, first, second = (np.concatenate([p[i] for p in parts]) for i in range(5))
    divisor = weight_by_hold[holds]
    return Played(classes, holds, weights, (first // divisor).tolist(), (second // divisor).tolist())


def _chunk_holds(chunk: PricedChunk, prepared: PreparedGame, analysis: GameAnalysis,
                 first_pays: np.ndarray) -> tuple[np.ndarray, ...]:
    """One chunk's (class, hold, weight, first, second) entries: the lone maximal hold, or the
    tie rule's (every member of a split class its own)."""
    first, second = chunk.values
    group = len(prepared.card_maps)
    is_top = first == first.max(axis=0)
    plain = is_top.sum(axis=0) == 1
    columns = [np.flatnonzero(plain)]
    holds = [np.argmax(is_top[:, plain], axis=0)]
    weights = [prepared.sizes[chunk.classes[plain]] * group]
    tied = np.flatnonzero(~plain)
    if len(tied):
        index = np.column_stack([chunk.hold_rows[:, tied].T, chunk.classes[tied]]).astype(np.int64)
        _, choice = play_tied(index, prepared.stacked, first_pays, hold_weights(draw_weights(prepared.n)[1]),
                              analysis.tie_rule, prepared.deals[chunk.classes[tied]], prepared.faces,
                              prepared.card_maps)
        whole = np.setdiff1d(np.arange(len(tied)), choice.split_rows)
        columns += [tied[whole], np.repeat(tied[choice.split_rows], group)]
        holds += [choice.best[whole], choice.split_best.reshape(-1)]
        sizes = prepared.sizes[chunk.classes[tied]]
        weights += [sizes[whole] * group, np.repeat(sizes[choice.split_rows], group)]
    column, hold = np.concatenate(columns), np.concatenate(holds).astype(np.int64)
    return chunk.classes[column], hold, np.concatenate(weights), first[hold, column], second[hold, column]


def square_sums(prepared: PreparedGame, played: Played, pays: SupersetPays, progress: Progress | None = None
                ) -> list[list[int]]:
    """``sums[d][m]``: ``Σ weight * M_m`` over the entries with ``d`` discards, exact."""
    discards = played.discards
    work = [_work(prepared.n, d) for d in range(HAND_SIZE + 1)]
    total, done = int(sum(work[d] for d in discards.tolist())), 0
    sums = [[0] * (d + 1) for d in range(HAND_SIZE + 1)]
    weights, first, second = played.weights.tolist(), played.first, played.second
    for entry, d in enumerate(discards.tolist()):
        sums[d][0] += weights[entry] * first[entry] ** 2
        if d:  # no discard: M_0 is the one final hand's pay squared
            sums[d][d] += weights[entry] * second[entry]
    groups = list(_groups(prepared, played))

    def group_sums(start: int, stop: int) -> list[int]:
        d, held, dropped, rows = groups[start]
        found = [pays.square_sums(held, dropped, m) for m in range(1, d - 1)] + [pays.last_square_sums(held, dropped)]
        return [sum(w * v for w, v in zip(played.weights[rows].tolist(), values)) for values in found]

    for (d, _, _, rows), middle in zip(groups, imap_chunks(group_sums, len(groups), 1)):
        for m, value in enumerate(middle, start=1):
            sums[d][m] += value
        done += work[d] * len(rows)
        if progress is not None:
            progress(done, total)
    return sums


def _work(n: int, d: int) -> int:
    """Table entries read for one deal with ``d`` discards (the estimate the progress bar counts):
    a row of ``C(n, m)`` per subset of at most ``d - m`` discards for ``0 < m < d - 1``, and for
    ``m = d - 1`` a block of a Gram or a row of ``n`` per subset of the discards."""
    rows = sum(comb(n, m) * sum(comb(d, y) for y in range(d - m + 1)) for m in range(1, d - 1))
    return rows + 2**d * (n + (d + 1) ** 2) if d > 1 else 0


#: Deals of one number of discards handed to the tables at once (progress between them).
GROUP_DEALS = 2048


def _groups(prepared: PreparedGame, played: Played) -> Iterator[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
    """The entries with ``d`` discards (``1 < d``), a few hundred at a time: their held and
    discarded cards (rows) and their entry indices."""
    cards = np.asarray(prepared.deals, dtype=np.int64)[played.classes]
    kept = np.array([[i in held_positions(hold) for i in range(HAND_SIZE)] for hold in range(2**HAND_SIZE)])
    discards = played.discards
    for d in range(2, HAND_SIZE + 1):
        entries = np.flatnonzero(discards == d)
        keeps = kept[played.holds[entries]]
        held = cards[entries][keeps].reshape(len(entries), HAND_SIZE - d)
        thrown = cards[entries][~keeps].reshape(len(entries), d)
        for start in range(0, len(entries), GROUP_DEALS):
            rows = slice(start, start + GROUP_DEALS)
            yield d, held[rows], thrown[rows], entries[rows]


def mean_squares(n: int, sums: list[list[int]], entries: int, paths: Sequence[str]) -> tuple[Fraction, ...]:
    """The mean square of a round's total pay (scaled pays) when the first 1, 2, … of ``paths``
    are played, from :func:`square_sums` (``entries``: the total weight, ``G C(n, 5)``)."""
    rest = n - HAND_SIZE
    per_share = [[Fraction(q, entries * pair_draws(rest, d, s)) for s, q in enumerate(pair_sums(sums[d]))]
                 for d in range(HAND_SIZE + 1)]
    return tuple(sum((lines * per_share[d][d] + sum((w * j for w, j in zip(shared_columns(paths[:lines], d),
                                                                            per_share[d])),
                                                    Fraction(0)) for d in range(HAND_SIZE + 1)), Fraction(0))
                 for lines in range(1, len(paths) + 1))


def analyze_spin(prepared: PreparedGame, analysis: GameAnalysis, feature: SpinPoker,
                 progress: Progress | None = None) -> SpinAnalysis:
    """Spin Poker's figures for the base game ``analysis`` of ``prepared`` (a single deck),
    read from the cache when it has them; an input error when the deck cannot fill the window
    of a hold played (three rows of its discards)."""
    played = played_holds(prepared, analysis)
    discards = played.discards
    most = int(discards.max(initial=0))
    if 3 * most > prepared.n - HAND_SIZE:
        kept = HAND_SIZE - most
        raise CpolyInputError(f"Spin Poker's window needs {3 * most} cards for a hold of {kept} "
                              f"card{'' if kept == 1 else 's'}, but a {prepared.n}-card deck leaves "
                              f"{prepared.n - HAND_SIZE}")
    sums = _cached_sums(prepared, analysis, played, progress)
    scale = analysis.paytable.scaled().denominator ** 2
    squares = tuple(m / scale for m in mean_squares(prepared.n, sums, int(played.weights.sum()), feature.paths))
    by_discards = np.bincount(discards[_first_of_class(played.classes)], minlength=HAND_SIZE + 1)
    deals = np.bincount(discards, weights=played.weights, minlength=HAND_SIZE + 1) / len(prepared.card_maps)
    return SpinAnalysis(feature, analysis.expected_return, analysis.variance, squares,
                        tuple(int(c) for c in by_discards), tuple(int(round(c)) for c in deals))


def _first_of_class(classes: np.ndarray) -> np.ndarray:
    found: np.ndarray = np.unique(classes, return_index=True)[1]
    return found


def _cached_sums(prepared: PreparedGame, analysis: GameAnalysis, played: Played,
                 progress: Progress | None) -> list[list[int]]:
    """:func:`square_sums`, from the cache when an entry of the same game, pays and holds is there."""
    scaled = analysis.paytable.scaled()
    key = cache.entry_key("spin-squares", prepared.representatives, prepared.sizes, played.classes, played.holds,
                          played.weights, np.asarray(played.first), np.asarray(played.second),
                          np.asarray(scaled.pays, dtype=np.int64))
    layout = {"sums": (np.dtype(np.uint8), (None,))}
    stored = cache.load_entry("spin", key, layout)
    if stored is not None:
        found: list[list[int]] = json.loads(bytes(stored["sums"]).decode())
        return found
    pays = SupersetPays.build(prepared.tables, [int(p) for p in scaled.pays], prepared.card_maps)
    sums = square_sums(prepared, played, pays, progress)
    cache.store_entry("spin", key, {"sums": np.frombuffer(json.dumps(sums).encode(), dtype=np.uint8)})
    return sums
