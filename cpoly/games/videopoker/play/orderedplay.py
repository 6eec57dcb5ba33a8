"""The ordered variant (:class:`OrderedPlay`): the full analysis of an ordered game, most deal
classes decided whatever the ordering.

A hold's EV in one ordering of a deal is its EV in the unordered game (in ordered draws) plus
the gains of the witnesses it meets there (:mod:`~cpoly.games.videopoker.play.ordered`).  Before
any ordering is looked at, each hold's gain is bounded: in one ordering, at most the most
witnesses that share one placement of the held cards (and no more than meet the deal in
exactly those cards) — per category change, times the change of pay
(:class:`~cpoly.games.videopoker.play.placed.SubsetLattice`).  A deal class whose best hold at
its lowest beats every other hold at its highest plays that hold in every ordering, with no
tie: its outcomes summed over the 120 orderings are the unordered hold's outcomes times 120
(in ordered draws) plus ``(5 - k)!`` times each witness that meets the deal in exactly the
``k`` held cards.  These classes run like an unordered game, hold-major on the contracted
rows (:mod:`~cpoly.games.videopoker.play.scalar`: the unordered EVs scaled by ``(n - 5)_5 / L``,
the chosen holds' signed class sizes summed per stacked row), and the witnesses' part is
one lattice per chunk.

The other classes (a few per cent) play each ordering on its own
(:func:`~cpoly.games.videopoker.play.ordered.play_orderings`), with the exact events
(:meth:`~cpoly.games.videopoker.play.placed.PlacedSubsets.events`) of only the holds that may be
best in some ordering: a hold whose highest EV is below another's lowest is never chosen, so
its outcomes are never read.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cpoly.errors import CpolyError
from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.choice import HoldChoice, choose_holds, hold_weights
from cpoly.games.videopoker.play.ordered import (
    DRAW_ORDERINGS,
    ORDERINGS,
    OrderedHands,
    OrderedPricing,
    ordered_draw_weights,
    play_orderings,
)
from cpoly.games.videopoker.play.placed import SubsetLattice, moved_hands
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.scalar import (
    CHUNK_CLASSES,
    TIED,
    Pricing,
    exact_dot,
    plain_sums,
    price_holds,
)
from cpoly.games.videopoker.play.summary import Played, Progress, Totals
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.games.videopoker.prepare.subsetrows import hold_counts
from cpoly.lang.paytable import ScaledPays
from cpoly.lang.tierule import TieRule

__all__ = ["OrderedPlay", "UNDECIDED_AT_ONCE", "play_ordered"]

#: Undecided deal classes whose orderings are played at once (bounds the (pairs, 120) scores and the rows built).
UNDECIDED_AT_ONCE = 1024


class OrderedPlay(PlainPlay):
    """A single deck dealt in order (the :class:`~cpoly.games.videopoker.play.variant.PlayVariant`
    of ordered deals): the plain variant in ordered draws, every ordering of every deal played
    with the witnesses ``hands`` (:mod:`~cpoly.games.videopoker.play.ordered`); deal counts and
    combinations count ordered deals and ordered draws (``(n)_5 * L`` with ``L = (n - 5)_5``).
    A deal to :meth:`hold` is in position order."""

    ordered = True

    def __init__(self, prepared: PreparedGame, hands: OrderedHands) -> None:
        super().__init__(prepared)
        self.hands = hands

    def draw_weights(self) -> tuple[int, tuple[int, ...], int]:
        """:func:`~cpoly.games.videopoker.play.ordered.ordered_draw_weights` and the 120 orderings."""
        return (*ordered_draw_weights(self.n_cards), ORDERINGS)

    def hold_counts(self, counts: np.ndarray, deal: Sequence[int]) -> np.ndarray:
        """:meth:`~cpoly.games.videopoker.play.ordered.OrderedHands.hold_counts`."""
        return self.hands.hold_counts(counts, deal)

    def play(self, values: ScaledPays, rule: TieRule, progress: Progress | None = None) -> Played:
        """:meth:`PlainPlay.play`, once the witnesses are known to be invariant under the deck's
        suit permutations (the deal classes need them to be)."""
        if not self.hands.is_invariant(self.prepared.card_maps):
            raise CpolyError("the position-dependent categories are not invariant under the deck's "
                             "suit permutations; the ordered analysis needs them to be")
        return super().play(values, rule, progress)

    def play_classes(self, pay_matrix: np.ndarray, weight_by_hold: np.ndarray, rule: TieRule, totals: Totals,
                     progress: Progress | None) -> None:
        """Every ordering of every deal class played (:func:`play_ordered`), the tie rule's
        choices for every member of a class."""
        prepared = self.prepared

        def choose(rows: np.ndarray, dealt: np.ndarray) -> HoldChoice:
            return choose_holds(rows, pay_matrix, weight_by_hold, rule, dealt, prepared.faces, prepared.card_maps)[1]

        play_ordered(prepared, self.hands, OrderedPricing(pay_matrix, weight_by_hold, choose), totals, progress)

    def deal_counts(self, unordered: np.ndarray) -> np.ndarray:
        """:meth:`~cpoly.games.videopoker.play.ordered.OrderedHands.deal_counts`."""
        return self.hands.deal_counts(unordered)


class _Sums:
    """The decided classes summed: in the unordered game's units (scaled at the end) and the
    witnesses' corrections (exact ints, in ordered units)."""

    def __init__(self, n_rows: int, n_columns: int) -> None:
        self.per_row = np.zeros(n_rows, dtype=np.int64)
        self.per_category = np.zeros(n_columns, dtype=np.int64)
        self.dealt = np.zeros(n_columns, dtype=np.int64)
        self.kept = np.zeros(HAND_SIZE + 1, dtype=np.int64)
        self.moved = [0] * n_columns
        self.moved_dealt = [0] * n_columns

    def finish(self, rows: np.ndarray, scale: int, totals: Totals) -> None:
        """Add everything to ``totals``: the unordered sums times ``scale`` plus the moves."""
        combinations = exact_dot(self.per_row, rows)
        totals.add_sums(
            [(c + int(v)) * scale + m for c, v, m in zip(combinations, self.per_category.tolist(), self.moved)],
            [int(v) * scale + m for v, m in zip(self.dealt.tolist(), self.moved_dealt)],
            [int(k) * ORDERINGS for k in self.kept.tolist()])


def play_ordered(prepared: PreparedGame, hands: OrderedHands, pricing: OrderedPricing, totals: Totals,
                 progress: Progress | None) -> None:
    """Every ordering of every deal class of ``prepared`` played, added to ``totals``."""
    n_classes = len(prepared.sizes)
    unordered_lcm, unordered_weights = draw_weights(prepared.n)
    scale = ordered_draw_weights(prepared.n)[0] // unordered_lcm  # ordered EV / unordered EV
    weights = hold_weights(unordered_weights)
    plain = Pricing.of(prepared.stacked, pricing.pay_matrix, weights)
    changes = hands.placed.changes
    # (32, C): an ordering's EV gain per witness of each change, per hold
    gains = pricing.weight_by_hold[:, None] * (pricing.pay_matrix[:, changes[:, 0]]
                                               - pricing.pay_matrix[:, changes[:, 1]])
    sums = _Sums(len(prepared.stacked.rows), prepared.stacked.n_columns)
    every_class = class_lattice(hands, prepared.deals)
    undecided: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # classes, holds allowed, disjoint witnesses
    for start in range(0, n_classes, CHUNK_CLASSES):
        stop = min(start + CHUNK_CLASSES, n_classes)
        held = prepared.held_rows(start, stop)
        categories = prepared.stacked.categories[start:stop]
        lattice = SubsetLattice(every_class.exact[start:stop], every_class.most[start:stop])
        values = price_holds(held, categories, plain).T * scale
        values[:, 0] += lattice.exact[:, 0, :] @ gains[0]
        best, candidates = _decide(values, lattice, gains)
        chunk_sums = plain_sums(held, categories, best, prepared.sizes[start:stop], weights,
                                len(prepared.stacked.rows), prepared.stacked.n_columns)
        for total, part in ((sums.per_row, chunk_sums.per_row), (sums.per_category, chunk_sums.per_category),
                            (sums.dealt, chunk_sums.dealt), (sums.kept, chunk_sums.kept)):
            total += part
        _add_moves(sums, lattice, best, prepared.sizes[start:stop], pricing.weight_by_hold, changes)
        rows = np.flatnonzero(best == TIED)
        undecided.append((start + rows, candidates[rows], lattice.exact[rows, 0, :]))
        if progress is not None:
            progress(stop, n_classes)
    sums.finish(prepared.stacked.rows, scale * ORDERINGS, totals)
    classes, allowed, disjoint = (np.concatenate(parts) for parts in zip(*undecided))
    for at in range(0, len(classes), UNDECIDED_AT_ONCE):
        batch = slice(at, at + UNDECIDED_AT_ONCE)
        _play_undecided(prepared, hands, pricing, classes[batch], allowed[batch], disjoint[batch], totals)


def class_lattice(hands: OrderedHands, deals: np.ndarray) -> SubsetLattice:
    """:meth:`~cpoly.games.videopoker.play.placed.PlacedSubsets.lattice` of the sorted ``deals``
    (a game's deal classes), from the on-disk cache when there (keyed by the witnesses and
    the deals: it does not depend on the pay table), else counted and stored."""
    n_changes = len(hands.placed.changes)
    dtype = np.dtype(np.int16 if len(hands.cards) < 2**15 else np.int32)  # counts of witnesses
    layout = {name: (dtype, (len(deals), HOLDS, n_changes)) for name in ("exact", "most")}
    key = cache.entry_key("ordered-lattice", hands.cards, hands.category, hands.base, np.asarray(deals))
    stored = cache.load_entry("ordered-lattice", key, layout)
    if stored is not None:
        return SubsetLattice(stored["exact"], stored["most"])
    parts = [hands.placed.lattice(deals[start:start + CHUNK_CLASSES]) for start in range(0, len(deals), CHUNK_CLASSES)]
    arrays = {name: np.concatenate([getattr(part, name) for part in parts]).astype(dtype)
              for name in ("exact", "most")} if parts else {name: np.zeros(layout[name][1], dtype) for name in layout}
    cache.store_entry_later("ordered-lattice", key, arrays)
    return SubsetLattice(arrays["exact"], arrays["most"])


def _decide(values: np.ndarray, lattice: SubsetLattice, gains: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The hold of each deal that is best in every ordering (int8; :data:`TIED` when none is
    proven), and ``(N, 32)`` the holds that may be best in some ordering.

    ``values`` ``(N, 32)``: the EVs in ordered draws with the draw-five hold's witnesses; the
    other holds gain between the lowest and the highest of their witnesses' gains."""
    most = lattice.most[:, 1:, :]
    upper = values.copy()
    upper[:, 1:] += np.einsum("nmc,mc->nm", most, np.maximum(gains[1:], 0))
    lower = values
    if (gains < 0).any():  # a position-dependent category that pays less than its cards do
        lower = values.copy()
        lower[:, 1:] += np.einsum("nmc,mc->nm", most, np.minimum(gains[1:], 0))
    rows = np.arange(len(values))
    best = np.argmax(lower, axis=1)
    floor = lower[rows, best]
    others = upper.copy()
    others[rows, best] = np.iinfo(np.int64).min
    decided = floor > others.max(axis=1)
    candidates = upper >= floor[:, None]
    return np.where(decided, best, TIED).astype(np.int8), candidates


def _add_moves(sums: _Sums, lattice: SubsetLattice, best: np.ndarray, sizes: np.ndarray,
               weight_by_hold: np.ndarray, changes: np.ndarray) -> None:
    """The witnesses meeting each decided deal in exactly its hold's cards, over every ordering:
    ``(5 - k)!`` orderings place them as each witness has them."""
    rows = np.flatnonzero(best != TIED)
    hold = best[rows].astype(np.int64)
    witnesses = lattice.exact[rows, hold, :]
    # per deal at most 120 orderings x (n - 5)_5 weighted final hands per class member: the
    # analysis' int64 check (:meth:`~cpoly.lang.paytable.ScaledPays.check_int64_bounds`) covers a chunk of them
    scale = sizes[rows] * DRAW_ORDERINGS[hold] * weight_by_hold[hold]
    moved = moved_hands(witnesses, changes, len(sums.moved)) * scale[:, None]
    sums.moved = [a + b for a, b in zip(sums.moved, moved.sum(axis=0).tolist())]
    sums.moved_dealt = [a + b for a, b in zip(sums.moved_dealt, moved[hold == HOLDS - 1].sum(axis=0).tolist())]


def _play_undecided(prepared: PreparedGame, hands: OrderedHands, pricing: OrderedPricing, classes: np.ndarray,
                    allowed: np.ndarray, disjoint: np.ndarray, totals: Totals) -> None:
    """Every ordering of the deal ``classes`` on its own, with the events of the ``allowed``
    holds (``disjoint``: the witnesses disjoint from each deal, per change)."""
    deals = np.asarray(prepared.deals[classes], dtype=np.int64)
    index = prepared.subsets(classes)
    index[:, HOLDS - 1] = classes
    base = hands.ordered_outcomes(hold_counts(index, prepared.stacked), disjoint)
    events = hands.placed.events(deals, allowed)
    play_orderings(base, prepared.deals[classes], prepared.sizes[classes], events, allowed, pricing, totals,
                   len(prepared.card_maps))
