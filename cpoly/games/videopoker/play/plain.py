"""Autohold and full-game analysis of video poker from a category array (generic formulas).

Categories are numbered in pay order ``0..K-1``; ``K`` is "nothing".  The category array gives
the category of every 5-card hand of the deck by colex rank
(:func:`cpoly.deck.subsets.all_hands`).  Hands are never evaluated here.

Hold index convention: bit ``i`` of a hold index = card ``i`` of the deal **in the order given**
is held (hold 0 draws five new cards, hold 31 keeps the deal).

Combinations follow the published convention: every deal weighs the same and a hold drawing
``d`` cards counts each final hand ``L / C(n - 5, d)`` times, with ``L = lcm(C(n - 5, d))`` for
``d = 0..5``; a game's combinations total ``C(n, 5) * L``.  An ordered game counts ordered
deals and ordered draws instead (:mod:`~cpoly.games.videopoker.ordered`): totals ``(n)_5 * L``
with ``L = (n - 5)_5``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.holdchoice import HoldResult, draw_weights, parse_tie_rule, play_deal
from cpoly.games.videopoker.holds import (
    HOLDS,
    HoldChoice,
    choose_holds,
    deal_hold_counts,
    hold_pay_matrix,
    hold_weights,
)
from cpoly.games.videopoker.prepare import PreparedGame, prepare_game
from cpoly.games.videopoker.scalar import PlayedChunk, Pricing, exact_dot, play_chunk, play_tied
from cpoly.games.videopoker.summary import GameAnalysis, Totals
from cpoly.games.videopoker.tables import HAND_SIZE, SubsetTables
from cpoly.lang.paytable import PayTable
from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule
from cpoly.scale.parallel import imap_chunks

if TYPE_CHECKING:  # ordered.py is imported only for ordered games
    from cpoly.games.videopoker.ordered import OrderedHands

__all__ = [
    "analyze_game",
    "analyze_prepared",
    "autohold",
    "hold_outcomes",
]

Progress = Callable[[int, int], None]
#: ``hold_values(rows, values)``: a chunk's deal-class indices and their ``(rows, 32)`` EV numerators.
HoldValues = Callable[[np.ndarray, np.ndarray], None]
#: Deal classes processed per vectorised chunk (about 20 MB of int64 counts for 10 categories).
CHUNK_CLASSES = 8192
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


def sorted_deal(deal: Sequence[int], n: int, card: str = "card") -> tuple[np.ndarray, list[int]]:
    """The deal sorted, and for each hold index on the given order the same hold's index on the
    sorted deal; ``card`` names a card in the errors.

    >>> cards, to_sorted = sorted_deal([9, 2, 7, 0, 5], 10)
    >>> cards.tolist(), to_sorted[1], to_sorted[HOLDS - 1]
    ([0, 2, 5, 7, 9], 16, 31)
    """
    cards = np.asarray(deal)
    if cards.shape != (HAND_SIZE,) or not np.issubdtype(cards.dtype, np.integer):
        raise CpolyInputError(f"a deal is {HAND_SIZE} card indices, got {list(deal)!r}")
    if cards.min() < 0 or cards.max() >= n:
        raise CpolyInputError(f"deal {cards.tolist()} has a card outside 0..{n - 1}")
    if len(set(cards.tolist())) != HAND_SIZE:
        raise CpolyInputError(f"deal {cards.tolist()} repeats a {card}")
    order = np.argsort(cards, kind="stable")
    position = np.argsort(order)
    to_sorted = [sum(1 << int(position[i]) for i in range(HAND_SIZE) if m >> i & 1) for m in range(HOLDS)]
    return cards[order], to_sorted


def hold_outcomes(deal: Sequence[int], tables: SubsetTables) -> np.ndarray:
    """Number of final hands of each category for each of the 32 holds of one deal (five
    distinct card indices in any order; bit ``i`` of a hold index = ``deal[i]`` held), from the
    game's subset tables: int64 ``(32, K + 1)``, row ``m`` summing to ``C(n - 5, 5 - popcount(m))``.
    """
    cards, to_sorted = sorted_deal(deal, tables.n)
    outcomes: np.ndarray = deal_hold_counts(cards, tables)[to_sorted]
    return outcomes


def _draw_weights(n: int, ordered: OrderedHands | None) -> tuple[int, tuple[int, ...], int]:
    """:func:`~cpoly.games.videopoker.holdchoice.draw_weights`, or those of ordered draws
    (:mod:`~cpoly.games.videopoker.ordered`, imported for ordered games only), and the
    orderings each deal is played in."""
    if ordered is None:
        return (*draw_weights(n), 1)
    from cpoly.games.videopoker.ordered import ORDERINGS, ordered_draw_weights

    return (*ordered_draw_weights(n), ORDERINGS)


def _check_pays(paytable: PayTable, n_columns: int) -> None:
    if paytable.n_categories + 1 != n_columns:
        raise CpolyInputError(
            f"pay table {paytable.name!r} has {paytable.n_categories} pays, "
            f"but the game has {n_columns - 1} winning categories"
        )


def autohold(
    deal: Sequence[int],
    tables: SubsetTables | PreparedGame,
    paytable: PayTable,
    tie_rule: TieRule | str = DEFAULT_TIE_RULE,
    ordered: OrderedHands | None = None,
) -> HoldResult:
    """Exact EV and outcome counts of all 32 holds of one deal; the best hold per ``tie_rule``.

    ``tables`` are the game's subset tables, or its :class:`PreparedGame` (which may look up
    the deal's subsets by suit class without listing every subset).
    Hold indices in the result follow the given order of ``deal``; ties are broken as in
    :func:`analyze_game` (on the deal's cards in increasing order, :class:`TieRule`), so the
    choice does not depend on the order the cards were given in.  With ``ordered`` (an ordered
    game's witnesses), ``deal`` is in position order and outcomes count ordered draws.
    """
    rule = parse_tie_rule(tie_rule)
    _check_pays(paytable, tables.n_columns)
    cards, to_sorted = sorted_deal(deal, tables.n)
    sorted_counts = (tables.deal_hold_counts(cards) if isinstance(tables, PreparedGame)
                     else deal_hold_counts(cards, tables))
    if ordered is not None:
        sorted_counts = ordered.hold_counts(sorted_counts, deal)
    lcm_weight, _, _ = _draw_weights(tables.n, ordered)
    scaled = paytable.scaled()
    scaled.check_int64_bounds(lcm_weight, tables.n)
    faces = None if tables.faces is None else np.asarray(tables.faces).tolist()
    return play_deal(deal, sorted_counts[to_sorted].tolist(), scaled, tables.n, rule, faces,
                     ordered=ordered is not None)


def analyze_game(
    categories: np.ndarray,
    faces: np.ndarray,
    suits: np.ndarray,
    paytable: PayTable,
    tie_rule: TieRule | str = DEFAULT_TIE_RULE,
    progress: Progress | None = None,
    use_cache: bool = True,
) -> GameAnalysis:
    """Full-game analysis under optimal play (every deal, every hold, exact).

    ``categories``: the category of every 5-card hand by colex rank (``len(paytable.pays)`` =
    "nothing"); ``faces``, ``suits``: the deck (card ``i`` = ``(faces[i], suits[i])``), for the
    suit symmetry; ``tie_rule``: how equal-EV holds are broken (:class:`TieRule`);
    ``progress(done, total)``: called with ``done = 0`` once the tables are ready, then after each
    chunk of deal classes (``total`` = number of classes); ``use_cache``: use the on-disk cache
    for the classes and tables (:mod:`~cpoly.games.videopoker.cache`).
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
    return analyze_prepared(prepared, paytable, rule, progress)


def analyze_prepared(
    prepared: PreparedGame,
    paytable: PayTable,
    tie_rule: TieRule | str = DEFAULT_TIE_RULE,
    progress: Progress | None = None,
    ordered: OrderedHands | None = None,
    hold_values: HoldValues | None = None,
) -> GameAnalysis:
    """:func:`analyze_game` on a :class:`PreparedGame` (several pay tables, one preparation).

    ``hold_values(rows, values)``, when given, receives each chunk's exact EV numerators
    (:func:`~cpoly.games.videopoker.holds.choose_holds`: ``values[r, m]`` for the class
    ``rows[r]``, holds on its sorted representative deal), for the strategy charts.

    With ``ordered`` (an ordered game's witnesses, :mod:`~cpoly.games.videopoker.ordered`),
    every ordering of every deal is played on its own and combinations count ordered deals and
    ordered draws.
    """
    rule = parse_tie_rule(tie_rule)
    _check_pays(paytable, prepared.n_columns)
    lcm_weight, weights, orderings = _draw_weights(prepared.n, ordered)
    scaled = paytable.scaled()
    pay_matrix = hold_pay_matrix(scaled)
    weight_by_hold = hold_weights(weights)
    # A deal counts at most max(class size, group order) final hands of weight <= L per chunk row
    # (split deals add one hold per group element), times its orderings when ordered.
    largest_class = max(int(prepared.sizes.max()), len(prepared.card_maps))
    scaled.check_int64_bounds(lcm_weight, prepared.n, max(CHUNK_CLASSES, 2 * TIE_BATCH), largest_class * orderings)
    totals = Totals(prepared.n_columns)
    n_classes = len(prepared.sizes)
    if progress is not None:
        progress(0, n_classes)
    if ordered is not None:
        _play_ordered(prepared, ordered, pay_matrix, weight_by_hold, rule, totals, progress)
    else:
        _play_plain(prepared, pay_matrix, weight_by_hold, rule, totals, progress, hold_values)
    deal_counts = np.bincount(prepared.stacked.categories, weights=prepared.sizes.astype(np.float64),
                              minlength=prepared.n_columns).round().astype(np.int64)  # exact: sums < 2**53
    if ordered is not None:
        deal_counts = ordered.deal_counts(deal_counts)
    return totals.analysis(paytable, rule, prepared.n, lcm_weight, deal_counts.tolist(), n_classes,
                           prepared.group_order, prepared.symmetry_note, prepared.from_cache, ordered is not None)


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


def _play_ordered(prepared: PreparedGame, ordered: OrderedHands, pay_matrix: np.ndarray,
                  weight_by_hold: np.ndarray, rule: TieRule, totals: Totals, progress: Progress | None) -> None:
    """Every ordering of every deal class played (:mod:`~cpoly.games.videopoker.orderedplay`,
    imported for ordered games only), the tie rule's choices for every member of a class."""
    from cpoly.games.videopoker.ordered import OrderedPricing
    from cpoly.games.videopoker.orderedplay import play_ordered

    def choose(rows: np.ndarray, dealt: np.ndarray) -> HoldChoice:
        return choose_holds(rows, pay_matrix, weight_by_hold, rule, dealt, prepared.faces, prepared.card_maps)[1]

    play_ordered(prepared, ordered, OrderedPricing(pay_matrix, weight_by_hold, choose), totals, progress)
