"""The copies variant: a deck with copies of each card (two decks and more), its deals played
over value multisets (:mod:`~cpoly.games.videopoker.prepare.copytables`: the tables and
classes, and why the generic formulas hold with copies).

Every physical deal with one value multiset plays alike; the deals analysed are the multisets'
suit classes, each weighted by (orbit size) x (physical realisations).  Outcome counts are
numbers of physical draws.

Ties: holds that differ only in which copy of a repeated card they keep are one choice (the
earlier copy is kept, :func:`~cpoly.games.videopoker.prepare.multiset.canonical_holds`); other
ties follow the tie rule with cards ordered by value, then copy.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cpoly.games.videopoker.hold.holdchoice import HoldResult, draw_weights, play_deal
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.choice import (
    HoldChoice,
    choose_holds,
    hold_pay_matrix,
    hold_weights,
    sorted_deal,
)
from cpoly.games.videopoker.play.scalar import CHUNK_CLASSES
from cpoly.games.videopoker.play.summary import Played, Progress, Totals
from cpoly.games.videopoker.prepare.copytables import PreparedCopies
from cpoly.games.videopoker.prepare.multiset import all_multisets, canonical_holds
from cpoly.games.videopoker.prepare.subsetrows import StackedTables, hold_counts, subset_indices
from cpoly.lang.paytable import ScaledPays
from cpoly.lang.tierule import TieRule
from cpoly.scale.parallel import imap_chunks

__all__ = ["CopiesPlay"]


class CopiesPlay:
    """A deck with copies of each card, played from its :class:`PreparedCopies` (the
    :class:`~cpoly.games.videopoker.play.variant.PlayVariant` of decks with copies): physical
    card ``p`` is copy ``p % c`` of the card value ``p // c``."""

    def __init__(self, prepared: PreparedCopies) -> None:
        self.prepared = prepared

    @property
    def n_cards(self) -> int:
        """Physical cards in the deck."""
        return self.prepared.tables.n

    @property
    def n_columns(self) -> int:
        """Categories including "nothing"."""
        return self.prepared.tables.n_columns

    def hold(self, deal: Sequence[int], values: ScaledPays, rule: TieRule) -> HoldResult:
        """All 32 holds of a physical deal, as :meth:`PlainPlay.hold
        <cpoly.games.videopoker.play.plain.PlainPlay.hold>`: hold indices follow the given order;
        outcome counts are numbers of physical draws.  ``tied`` lists the maximal-EV holds that
        are distinct choices (of holds keeping one copy or the other of a repeated card, the one
        keeping the lower physical card)."""
        tables = self.prepared.tables
        cards, to_sorted = sorted_deal(deal, tables.n, "physical card")
        values_of_cards = (cards // tables.copies).astype(np.int64)
        stacked = StackedTables.of(tables)
        index = subset_indices(values_of_cards[None, :], stacked.offsets, repeats=True)
        index[0, HOLDS - 1] = self.prepared.class_of(values_of_cards)  # the categories are per class
        sorted_counts = hold_counts(index, stacked)[0]
        values.check_int64_bounds(draw_weights(tables.n)[0], tables.n)
        allowed = canonical_holds(values_of_cards[None, :])[0][to_sorted]
        faces = np.repeat(tables.faces, tables.copies).tolist()
        return play_deal(deal, sorted_counts[to_sorted].tolist(), values, tables.n, rule, faces,
                         allowed=allowed.tolist())

    def play(self, values: ScaledPays, rule: TieRule, progress: Progress | None = None) -> Played:
        """Every class of value multisets played (published conventions, physical cards)."""
        prepared = self.prepared
        tables, classes = prepared.tables, prepared.classes
        lcm_weight, weights = draw_weights(tables.n)
        pay_matrix = hold_pay_matrix(values)
        weight_by_hold = hold_weights(weights)
        largest = max(int((classes.sizes * classes.weights).max()),
                      len(prepared.value_maps) * int(classes.weights.max()))
        values.check_int64_bounds(lcm_weight, tables.n, CHUNK_CLASSES, largest)
        stacked = StackedTables.of(tables)
        deals = all_multisets(tables.n_values, HAND_SIZE, classes.representatives).astype(np.int64)
        totals = Totals(tables.n_columns)
        n_classes = classes.count
        if progress is not None:
            progress(0, n_classes)

        def play(start: int, stop: int) -> tuple[int, int, np.ndarray, HoldChoice]:
            chunk = deals[start:stop]
            index = subset_indices(chunk, stacked.offsets, repeats=True)
            index[:, HOLDS - 1] = np.arange(start, stop)  # the deals are the classes, in order
            counts = hold_counts(index, stacked)
            _, choice = choose_holds(counts, pay_matrix, weight_by_hold, rule, chunk, tables.faces,
                                     prepared.value_maps, canonical_holds(chunk))
            return start, stop, counts, choice

        for start, stop, counts, choice in imap_chunks(play, n_classes, CHUNK_CLASSES):
            totals.add(counts, choice, weight_by_hold, classes.sizes[start:stop], len(prepared.value_maps),
                       classes.weights[start:stop])
            if progress is not None:
                progress(stop, n_classes)
        return totals.played(rule, tables.n, lcm_weight, tables.counts[0][0].tolist(), n_classes,
                             classes.group_order, prepared.symmetry_note, prepared.from_cache)
