"""The plain variant: a single deck dealt unordered, its deals' 32 holds played from the
prepared game's subset tables (the generic formulas).

Categories are numbered in pay order ``0..K-1``; ``K`` is "nothing".  Hands are never evaluated
here: the preparation (:mod:`~cpoly.games.videopoker.prepare`) holds the category of every hand
and the tables of every subset.

Hold index convention (:mod:`~cpoly.games.videopoker.hold.lattice`): bit ``i`` of a hold index =
card ``i`` of the deal **in the order given** is held (hold 0 draws five new cards, hold 31
keeps the deal).

Combinations follow the published convention: every deal weighs the same and a hold drawing
``d`` cards counts each final hand ``L / C(n - 5, d)`` times, with ``L = lcm(C(n - 5, d))`` for
``d = 0..5``; a game's combinations total ``C(n, 5) * L``.  The ordered variant
(:class:`~cpoly.games.videopoker.play.orderedplay.OrderedPlay`) is this one with ordered draws
and the witnesses' corrections.

>>> from cpoly.games.videopoker.prepare.tables import build_tables
>>> tables = build_tables(np.arange(252) % 2, n=10, n_columns=2)     # 10 cards, two categories
>>> hold_outcomes([4, 0, 1, 2, 3], tables).sum(axis=1)[[0, 1, 31]].tolist()
[1, 5, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.holdchoice import HoldResult, draw_weights, play_deal
from cpoly.games.videopoker.hold.lattice import HOLDS
from cpoly.games.videopoker.hold.tiebreak import parse_tie_rule
from cpoly.games.videopoker.play.choice import (
    HoldChoice,
    check_pays,
    hold_pay_matrix,
    hold_weights,
    sorted_deal,
)
from cpoly.games.videopoker.play.scalar import CHUNK_CLASSES, PlayedChunk, Pricing, exact_dot, play_chunk, play_tied
from cpoly.games.videopoker.play.summary import GameAnalysis, Played, Progress, Totals
from cpoly.games.videopoker.prepare.prepared import PreparedGame, prepare_game
from cpoly.lang.paytable import PayTable, ScaledPays
from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule
from cpoly.scale.parallel import imap_chunks

__all__ = ["HoldTables", "HoldValues", "PlainPlay", "analyze_game", "autohold_tables", "hold_outcomes"]

#: ``hold_values(rows, values)``: a chunk's deal-class indices and their ``(rows, 32)`` EV numerators.
HoldValues = Callable[[np.ndarray, np.ndarray], None]
#: Games with fewer deal classes price their holds in the calling thread: the bincount and
#: repeat of the plain sums hold the GIL, so the threads' hand-offs cost more than they save.
PARALLEL_CLASSES = 1 << 20
#: Tied deal classes decided at once (their ``(rows, group order, 32)`` tie-rule keys stay in
#: cache); batches gathered from several chunks hold fewer than twice this.
TIE_BATCH = 512
#: What a batch of tied classes gives: every hold's counts, the rule's choice, the classes.
_Decided = tuple[np.ndarray, HoldChoice, np.ndarray]
#: What a chunk gives: its classes, its pricing, and its tied classes when decided on the pool.
_Played = tuple[np.ndarray, PlayedChunk, list[_Decided]]


class HoldTables(Protocol):
    """What one deal's holds are read from: a game's
    :class:`~cpoly.games.videopoker.prepare.tables.SubsetTables` or its
    :class:`~cpoly.games.videopoker.prepare.prepared.PreparedGame` (which may look up the deal's
    subsets by suit class without listing every subset)."""

    @property
    def n(self) -> int: ...
    @property
    def n_columns(self) -> int: ...
    @property
    def faces(self) -> np.ndarray | None: ...
    def deal_hold_counts(self, cards: np.ndarray) -> np.ndarray: ...


def hold_outcomes(deal: Sequence[int], tables: HoldTables) -> np.ndarray:
    """Number of final hands of each category for each of the 32 holds of one deal (five
    distinct card indices in any order; bit ``i`` of a hold index = ``deal[i]`` held), from the
    game's subset tables: int64 ``(32, K + 1)``, row ``m`` summing to ``C(n - 5, 5 - popcount(m))``.
    """
    cards, to_sorted = sorted_deal(deal, tables.n)
    outcomes: np.ndarray = tables.deal_hold_counts(cards)[to_sorted]
    return outcomes


class PlainPlay:
    """A single deck dealt unordered, played from its :class:`PreparedGame` (the
    :class:`~cpoly.games.videopoker.play.variant.PlayVariant` of plain deals).

    ``hold_values(rows, values)``, when given, receives each chunk's exact EV numerators during
    :meth:`play` (:func:`~cpoly.games.videopoker.play.choice.choose_holds`: ``values[r, m]`` for
    the class ``rows[r]``, holds on its sorted representative deal), for the strategy charts.
    """

    #: Deals and draws are sets of cards (:class:`OrderedPlay` reads them in order).
    ordered = False

    def __init__(self, prepared: PreparedGame, hold_values: HoldValues | None = None) -> None:
        self.prepared = prepared
        self.hold_values = hold_values

    @property
    def n_cards(self) -> int:
        """Cards in the deck."""
        return self.prepared.n

    @property
    def n_columns(self) -> int:
        """Categories including "nothing"."""
        return self.prepared.n_columns

    def draw_weights(self) -> tuple[int, tuple[int, ...], int]:
        """``L``, the draw weight per number of discards
        (:func:`~cpoly.games.videopoker.hold.holdchoice.draw_weights`), and the orderings each
        deal is played in."""
        return (*draw_weights(self.n_cards), 1)

    def hold_counts(self, counts: np.ndarray, deal: Sequence[int]) -> np.ndarray:
        """The outcomes ``(32, K + 1)`` of ``deal`` (as given) from those of its cards sorted."""
        return counts

    def hold(self, deal: Sequence[int], values: ScaledPays, rule: TieRule) -> HoldResult:
        """Exact EV and outcome counts of all 32 holds of one deal; the best hold per ``rule``.

        Hold indices in the result follow the given order of ``deal``; ties are broken on the
        deal's cards in increasing order (:class:`TieRule`), so the choice does not depend on the
        order the cards were given in."""
        return _play_one(deal, self.prepared, values, rule, self)

    def play(self, values: ScaledPays, rule: TieRule, progress: Progress | None = None) -> Played:
        """Every deal class played (exact), its holds chosen to maximise ``values``.

        ``progress(done, total)``: called with ``done = 0`` once the tables are ready, then after
        each chunk of deal classes (``total`` = number of classes)."""
        prepared = self.prepared
        lcm_weight, weights, orderings = self.draw_weights()
        pay_matrix = hold_pay_matrix(values)
        weight_by_hold = hold_weights(weights)
        # A deal counts at most max(class size, group order) final hands of weight <= L per chunk row
        # (split deals add one hold per group element), times its orderings when ordered.
        largest_class = max(int(prepared.sizes.max()), len(prepared.card_maps))
        values.check_int64_bounds(lcm_weight, prepared.n, max(CHUNK_CLASSES, 2 * TIE_BATCH), largest_class * orderings)
        totals = Totals(prepared.n_columns)
        n_classes = len(prepared.sizes)
        if progress is not None:
            progress(0, n_classes)
        self.play_classes(pay_matrix, weight_by_hold, rule, totals, progress)
        deal_counts = np.bincount(prepared.stacked.categories, weights=prepared.sizes.astype(np.float64),
                                  minlength=prepared.n_columns).round().astype(np.int64)  # exact: sums < 2**53
        return totals.played(rule, prepared.n, lcm_weight, self.deal_counts(deal_counts).tolist(), n_classes,
                             prepared.group_order, prepared.symmetry_note, prepared.from_cache, self.ordered)

    def play_classes(self, pay_matrix: np.ndarray, weight_by_hold: np.ndarray, rule: TieRule, totals: Totals,
                     progress: Progress | None) -> None:
        """Every deal class's chosen hold added to ``totals``."""
        _play_plain(self.prepared, pay_matrix, weight_by_hold, rule, totals, progress, self.hold_values)

    def deal_counts(self, unordered: np.ndarray) -> np.ndarray:
        """Deals of each category from the unordered deal counts."""
        return unordered


def _play_one(deal: Sequence[int], tables: HoldTables, values: ScaledPays, rule: TieRule,
              variant: PlainPlay | None = None) -> HoldResult:
    """One deal's holds read from ``tables`` (those of the variant's preparation, ordered or not)."""
    cards, to_sorted = sorted_deal(deal, tables.n)
    counts = tables.deal_hold_counts(cards)
    lcm_weight = draw_weights(tables.n)[0]
    if variant is not None:
        counts = variant.hold_counts(counts, deal)
        lcm_weight = variant.draw_weights()[0]
    values.check_int64_bounds(lcm_weight, tables.n)
    faces = None if tables.faces is None else np.asarray(tables.faces).tolist()
    return play_deal(deal, counts[to_sorted].tolist(), values, tables.n, rule, faces,
                     ordered=variant is not None and variant.ordered)


def autohold_tables(deal: Sequence[int], tables: HoldTables, paytable: PayTable,
                    tie_rule: TieRule | str = DEFAULT_TIE_RULE) -> HoldResult:
    """:meth:`PlainPlay.hold` from a game's subset tables alone (no deal classes: a game's
    :class:`~cpoly.games.videopoker.prepare.tables.SubsetTables`), with ``paytable``'s pays."""
    rule = parse_tie_rule(tie_rule)
    check_pays(paytable, tables.n_columns)
    return _play_one(deal, tables, paytable.scaled(), rule)


def analyze_game(
    categories: np.ndarray,
    faces: np.ndarray,
    suits: np.ndarray,
    paytable: PayTable,
    tie_rule: TieRule | str = DEFAULT_TIE_RULE,
    progress: Progress | None = None,
    use_cache: bool = True,
) -> GameAnalysis:
    """Full-game analysis under optimal play (every deal, every hold, exact) of a single deck.

    ``categories``: the category of every 5-card hand by colex rank (``len(paytable.pays)`` =
    "nothing"); ``faces``, ``suits``: the deck (card ``i`` = ``(faces[i], suits[i])``), for the
    suit symmetry; ``tie_rule``: how equal-EV holds are broken (:class:`TieRule`);
    ``progress(done, total)``: see :meth:`PlainPlay.play`; ``use_cache``: use the on-disk cache
    for the classes and tables (:mod:`~cpoly.games.videopoker.prepare.cache`).
    """
    rule = parse_tie_rule(tie_rule)
    categories = np.asarray(categories)
    if categories.size and np.issubdtype(categories.dtype, np.integer):
        highest = int(categories.max())
        if highest > paytable.n_categories:
            raise CpolyInputError(
                f"the category array has category {highest}, but pay table {paytable.name!r} has "
                f"{paytable.n_categories} pays (categories 0..{paytable.n_categories - 1}, "
                f"{paytable.n_categories} = nothing)"
            )
    prepared = prepare_game(categories, faces, suits, paytable.n_categories + 1, use_cache)
    check_pays(paytable, prepared.n_columns)
    return GameAnalysis.priced(PlainPlay(prepared).play(paytable.scaled(), rule, progress), paytable)


def _play_plain(prepared: PreparedGame, pay_matrix: np.ndarray, weight_by_hold: np.ndarray, rule: TieRule,
                totals: Totals, progress: Progress | None, hold_values: HoldValues | None) -> None:
    """The chunks of deal classes on the thread pool, added to ``totals`` in order: the plain
    deals' per-row weights summed over every chunk and multiplied by the rows once; the tied
    deals of chunks with few of them gathered and decided together (the tie rules' many small
    steps once per :data:`TIE_BATCH`, not once per chunk)."""
    stacked = prepared.stacked
    pricing = Pricing.of(stacked, pay_matrix, weight_by_hold)

    def decide(index: np.ndarray) -> _Decided:
        classes = index[:, HOLDS - 1]
        counts, choice = play_tied(index, stacked, pay_matrix, weight_by_hold, rule, prepared.deals[classes],
                                   prepared.faces, prepared.card_maps)
        return counts, choice, classes

    def play(start: int, stop: int) -> _Played:
        classes = np.arange(start, stop)
        played = play_chunk(prepared.held_rows(start, stop), classes, prepared.sizes[start:stop], stacked, pricing)
        index = played.tied_index  # many ties: decided here, on the pool, a batch at a time
        decided = [] if len(index) < TIE_BATCH else [decide(index[at:at + TIE_BATCH])
                                                     for at in range(0, len(index), TIE_BATCH)]
        return classes, played, decided

    def add(decided: _Decided) -> None:
        counts, choice, classes = decided
        totals.add(counts, choice, weight_by_hold, prepared.sizes[classes], len(prepared.card_maps))

    n_classes = len(prepared.sizes)
    per_row = np.zeros(len(stacked.rows), dtype=np.int64)
    per_category = np.zeros(stacked.n_columns, dtype=np.int64)
    pending: list[np.ndarray] = []
    done = 0
    threads = 1 if n_classes < PARALLEL_CLASSES else None
    for chunk, played, decided in imap_chunks(play, n_classes, CHUNK_CLASSES, threads):
        if hold_values is not None:
            hold_values(chunk, played.values)
        per_row += played.sums.per_row  # |sum| <= C(n, 5) * L: far inside int64
        per_category += played.sums.per_category
        totals.add_sums([], played.sums.dealt.tolist(), played.sums.kept.tolist())
        for batch in decided:
            add(batch)
        if not decided and len(played.tied_index):
            pending.append(played.tied_index)
            if sum(len(index) for index in pending) >= TIE_BATCH:  # fewer than 2 * TIE_BATCH rows
                add(decide(np.concatenate(pending)))
                pending = []
        done = min(done + CHUNK_CLASSES, n_classes)
        if progress is not None:
            progress(done, n_classes)
    if pending:
        add(decide(np.concatenate(pending)))
    combinations = exact_dot(per_row, stacked.rows)
    totals.add_sums([c + int(v) for c, v in zip(combinations, per_category.tolist())], [], [])
