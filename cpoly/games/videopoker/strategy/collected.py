"""What a strategy chart is built from: one analysis pass keeping every deal class's 32 hold
values, and every hold's patterns (:mod:`.patterns`) and player's features (:mod:`.holdfeatures`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.variant import DealKind, analyze
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.games.videopoker.prepare.subsetrows import stacked_tables, subset_indices
from cpoly.games.videopoker.strategy.entries import Entries
from cpoly.games.videopoker.strategy.holdfeatures import HoldFeatures, deal_features, game_windows, hold_features
from cpoly.games.videopoker.strategy.insertion import exact_bincount
from cpoly.games.videopoker.strategy.patterns import PatternTables, cached_pattern_tables
from cpoly.games.videopoker.strategy.search import Progress
from cpoly.games.videopoker.strategy.statevalues import state_grid_values
from cpoly.games.videopoker.strategy.words import Vocabulary, category_words
from cpoly.lang.paytable import PayTable

__all__ = ["UNSUPPORTED", "StrategyData", "collect", "collect_state", "collected"]

#: Why a game of another kind of deal has no chart.
UNSUPPORTED = {
    DealKind.ORDERED: "strategy charts of ordered games (position-dependent categories) are not supported: a "
                      "pattern would need the cards' positions",
    DealKind.COPIES: "strategy charts of decks with copies of each card are not supported yet",
}


@dataclass(frozen=True, eq=False)
class StrategyData:
    """What a chart is built from (one pay table): each deal class's representative deal
    (sorted cards), its 32 hold values (EV numerators on ``denominator``), the subset index of
    each hold (patterns are read from it block by block, never all at once), the sparse (deal, pattern) entries and the
    optimal return."""

    poker: VideoPoker
    paytable: str
    deals: np.ndarray
    values: np.ndarray
    index: np.ndarray
    categories: np.ndarray
    pattern_tables: PatternTables
    entries: Entries
    optimal: Fraction
    denominator: int

    def hold_patterns(self, rows: np.ndarray, holds: np.ndarray | None = None) -> np.ndarray:
        """Pattern ids ``(len(rows), H, levels)`` of the given deals' holds (default all 32)."""
        return self.pattern_tables.hold_patterns(self.index[rows], self.categories, holds)

    @cached_property
    def features(self) -> HoldFeatures:
        """What a player sees in every hold of every deal class (:mod:`.holdfeatures`)."""
        poker = self.poker
        return hold_features(self.deals, self.index, self.categories, self.pattern_tables, poker.faces, poker.suits)

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """The game's words (:mod:`.words`)."""
        return vocabulary(self.poker, self.pattern_tables)

    def fine_patterns(self) -> np.ndarray:
        """The distinct patterns of all holds at the finest level of detail."""
        tables = self.pattern_tables
        return np.union1d(tables.by_subset[self.index[:, :-1], 0],
                          tables.by_category[0][self.categories[self.index[:, -1]]])


def collect(poker: VideoPoker, paytable: str | PayTable | None = None,
            progress: Progress | None = None) -> StrategyData:
    """One analysis pass keeping every class's hold values, and every hold's patterns
    (``paytable``: a table of the game by name, the first when None, or one's own)."""
    prepared = _plain_deck(poker)
    table = paytable if isinstance(paytable, PayTable) else poker.paytable(paytable)
    values = np.empty((len(prepared.sizes), HOLDS), dtype=np.int64)
    analysis = analyze(PlainPlay(prepared, values.__setitem__), table, poker.tie_rule, progress)
    denominator = comb(prepared.n, HAND_SIZE) * analysis.lcm_weight * table.scaled().denominator
    return collected(poker, table, values, analysis.expected_return, denominator)


def collect_state(poker: VideoPoker, paytable: PayTable, multiplier: Fraction,
                  extra: Sequence[Fraction]) -> StrategyData:
    """What a chart of one state of a feature game is built from: every class's hold values
    when category ``c`` is worth ``multiplier * pay[c] + extra[c]``, on the grid of
    :func:`~.statevalues.state_grid_values` (``optimal``: the grid's optimum, within one grid
    step of the exact one); the patterns are the pay table's."""
    prepared = _plain_deck(poker)
    grid = state_grid_values(prepared, paytable, multiplier, extra)
    best = grid.values.max(axis=1)
    optimal = Fraction(int(exact_bincount(np.zeros(len(best), dtype=np.int64), best * prepared.sizes, 1)[0]),
                       grid.denominator)
    return collected(poker, paytable, grid.values, optimal, grid.denominator)


def _plain_deck(poker: VideoPoker) -> PreparedGame:
    """The single deck of a game a chart supports (an error naming why not for the others)."""
    if poker.kind in UNSUPPORTED:
        raise CpolyError(UNSUPPORTED[poker.kind])
    return poker.single_deck()


def collected(poker: VideoPoker, table: PayTable, values: np.ndarray, optimal: Fraction,
              denominator: int) -> StrategyData:
    """A chart's data from every class's 32 hold values (int64 numerators on ``denominator``
    once summed over the deals) and their optimum; the patterns are ``table``'s."""
    prepared = poker.single_deck()
    pattern_tables = cached_pattern_tables(prepared, poker.faces, table.scaled().pays)
    index = subset_indices(prepared.deals, stacked_tables(prepared.tables).offsets)
    categories = prepared.tables.categories
    kept = _best_somewhere(values, pattern_tables, index, categories)
    entries = Entries.of(values, lambda rows: pattern_tables.hold_patterns(index[rows], categories), prepared.sizes,
                         len(pattern_tables.patterns), kept, merge=True)
    return StrategyData(poker, table.name, prepared.deals, values, index, categories, pattern_tables, entries,
                        optimal, denominator)


def _best_somewhere(values: np.ndarray, tables: PatternTables, index: np.ndarray, categories: np.ndarray) -> np.ndarray:
    """bool per pattern id: the pattern (at any level of detail) of a best hold of some deal, or
    "draw five"; only these can be chart lines (the search's candidates).  Deals with tied best
    holds (few) are read in full."""
    is_best = values == values.max(axis=1, keepdims=True)
    first = np.argmax(is_best, axis=1)[:, None]
    found = [tables.hold_patterns(index, categories, first).reshape(-1)]
    tied = np.flatnonzero(is_best.sum(axis=1) > 1)
    if len(tied):
        found.append(tables.hold_patterns(index[tied], categories)[is_best[tied]].reshape(-1))
    best = np.concatenate(found)
    kept = np.bincount(best[best >= 0], minlength=len(tables.patterns)) > 0
    kept[int(tables.by_subset[index[0, 0], 0])] = True
    return kept


def vocabulary(poker: VideoPoker, tables: PatternTables) -> Vocabulary:
    """A game's words: its categories', its paying pair's (the category two natural cards of a
    paying rank make), its rank letters and its wild face's."""
    pairs = all_hands(poker.n_cards, 2).astype(np.int64)
    pairs = pairs[(poker.faces[pairs[:, 0]] == poker.faces[pairs[:, 1]]) & ~tables.wild_cards[pairs].any(axis=1)]
    made_ids = tables.by_subset[1 + poker.n_cards + colex_rank(pairs), 0]     # the pairs' rows (after 0 and 1 cards)
    made = np.array([tables.patterns[i].made for i in made_ids.tolist()], dtype=np.int64)
    made = made[made >= 0]
    wild = np.flatnonzero(tables.wild_cards)
    face = poker.card_name(int(wild[0]))[:-1] if len(wild) else ""
    names = tuple(category_words(name) for name in poker.game.category_names)
    return Vocabulary(names, int(made.min()) if len(made) else -1, poker.game.spec.ranks,
                      bool(tables.high_faces.any()), face)



class HoldNamer:
    """Names any hold of any deal of a game in a player's words (the trainer's mistakes,
    ``hold --mine``): from the cached pattern tables and the deal's own 32 holds, never every
    hand's category or every subset's features.

    >>> namer = HoldNamer(VideoPoker.load("tests/fixtures/small_poker.cp"))     # doctest: +SKIP
    >>> deal = namer.poker.deal_indices(["9h", "Th", "Jh", "Qh", "Ac"])          # doctest: +SKIP
    >>> namer.name(deal, deal[1:4])                                               # doctest: +SKIP
    '3 to a royal flush'
    """

    def __init__(self, poker: VideoPoker, paytable: str | None = None) -> None:
        if poker.kind in UNSUPPORTED:
            raise CpolyError(UNSUPPORTED[poker.kind])
        prepared = poker.single_deck()
        self.poker, self.prepared = poker, prepared
        self.tables = cached_pattern_tables(prepared, poker.faces, poker.paytable(paytable).scaled().pays)
        self.offsets = np.cumsum([0] + [comb(poker.n_cards, size) for size in range(HAND_SIZE - 1)])
        self.windows = game_windows(self.tables, poker.faces, poker.suits, self._categories)
        self.words = vocabulary(poker, self.tables)

    def name(self, deal: Sequence[int], held: Sequence[int]) -> str:
        """The most specific phrase of holding ``held`` from ``deal`` (card indices)."""
        poker = self.poker
        cards = np.array(sorted(int(card) for card in deal), dtype=np.int64)
        hold = sum(1 << i for i, card in enumerate(cards.tolist()) if card in set(held))
        index = subset_indices(cards[None, :], self.offsets)
        features = deal_features(cards, index, int(self._categories(cards[None, :])[0]), self.tables, poker.faces,
                                 poker.suits, self.windows)
        values = {name: int(column[hold]) for name, column in features.columns.items()}
        levels = self.words.levels(values, int(features.straight_type()[hold]))
        return self.words.render(levels[0]) if levels else " ".join(poker.card_name(c) for c in held)

    def _categories(self, hands: np.ndarray) -> np.ndarray:
        """The categories of sorted hands, by their deal classes (no list of every hand's)."""
        prepared = self.prepared
        if prepared.deal_rows is None:
            return prepared.tables.hand_categories(hands)
        found: np.ndarray = prepared.stacked.categories[prepared.deal_rows(hands)[:, HOLDS - 1]]
        return found
