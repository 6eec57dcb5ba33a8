"""A game's strategy chart with its exact return, per-line figures and exceptions.

:func:`build_strategy` runs the full analysis once, keeping every deal class's 32 hold EVs (the
analysis' own numerators, through its ``hold_values`` hook), reads each hold's pattern from the
pattern tables, searches the chart order (:mod:`~cpoly.games.videopoker.strategy.search`) and
proves its return: ``sum over classes of (deals in class) * (EV numerator of the chart's hold)``
over the same denominator as ``analyze`` (``C(n, 5) * L * pay denominator``).  The deals where
the chart's hold is worse than the best are its exceptions; chart + exceptions = optimal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.variant import DealKind, analyze
from cpoly.games.videopoker.prepare.subsetrows import stacked_tables, subset_indices
from cpoly.games.videopoker.strategy.entries import Entries
from cpoly.games.videopoker.strategy.insertion import exact_bincount
from cpoly.games.videopoker.strategy.names import PatternWords
from cpoly.games.videopoker.strategy.patterns import Pattern, PatternTables, cached_pattern_tables
from cpoly.games.videopoker.strategy.search import ChartSearch, Progress, search_chart
from cpoly.lang.paytable import PayTable

__all__ = ["ChartLine", "ExceptionGroup", "StrategyChart", "StrategyData", "build_strategy", "chart_of",
           "check_lines", "collect"]

#: Lines of the default chart.
DEFAULT_LINES = 40
#: Why a game of another kind of deal has no chart.
UNSUPPORTED = {
    DealKind.ORDERED: "strategy charts of ordered games (position-dependent categories) are not supported: a "
                      "pattern would need the cards' positions",
    DealKind.COPIES: "strategy charts of decks with copies of each card are not supported yet",
}


@dataclass(frozen=True)
class ChartLine:
    """One line: its pattern, the deals that play it and the return they lose against optimal."""

    pattern: Pattern
    name: str
    deals: int
    frequency: Fraction
    cost: Fraction


@dataclass(frozen=True)
class ExceptionGroup:
    """Deals where a chart line is not the best play, grouped by the line and the pattern of
    the best hold; ``hands`` lists each deal class as (cards, best hold, deals in the class)."""

    line: str
    instead: str
    deals: int
    cost: Fraction
    hands: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class StrategyChart:
    """A chart and its exact figures (returns per unit bet)."""

    title: str
    paytable: str
    optimal_return: Fraction
    chart_return: Fraction
    return_with_exceptions: Fraction
    lines: tuple[ChartLine, ...]
    exceptions: tuple[ExceptionGroup, ...]
    returns_by_lines: dict[int, Fraction]
    total_deals: int
    denominator: int

    @property
    def cost(self) -> Fraction:
        """Return lost against optimal play, per unit bet."""
        return self.optimal_return - self.chart_return

    @property
    def hands_per_bet(self) -> float:
        """The chart loses one bet every this many hands (infinite when exact)."""
        return float("inf") if not self.cost else float(1 / self.cost)


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

    def fine_patterns(self) -> np.ndarray:
        """The distinct patterns of all holds at the finest level of detail."""
        tables = self.pattern_tables
        return np.union1d(tables.by_subset[self.index[:, :-1], 0],
                          tables.by_category[0][self.categories[self.index[:, -1]]])


def collect(poker: VideoPoker, paytable: str | PayTable | None = None,
            progress: Progress | None = None) -> StrategyData:
    """One analysis pass keeping every class's hold values, and every hold's patterns
    (``paytable``: a table of the game by name, the first when None, or one's own)."""
    if poker.kind in UNSUPPORTED:
        raise CpolyError(UNSUPPORTED[poker.kind])
    prepared = poker.single_deck()
    table = paytable if isinstance(paytable, PayTable) else poker.paytable(paytable)
    values = np.empty((len(prepared.sizes), HOLDS), dtype=np.int64)
    analysis = analyze(PlainPlay(prepared, values.__setitem__), table, poker.tie_rule, progress)
    scaled = table.scaled()
    pattern_tables = cached_pattern_tables(prepared.tables, poker.faces, scaled.pays)
    index = subset_indices(prepared.deals, stacked_tables(prepared.tables).offsets)
    categories = prepared.tables.categories
    kept = _best_somewhere(values, pattern_tables, index, categories)
    entries = Entries.of(values, lambda rows: pattern_tables.hold_patterns(index[rows], categories), prepared.sizes,
                         len(pattern_tables.patterns), kept, merge=True)
    denominator = comb(prepared.n, HAND_SIZE) * analysis.lcm_weight * scaled.denominator
    return StrategyData(poker, table.name, prepared.deals, values, index, categories, pattern_tables, entries,
                        analysis.expected_return, denominator)


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


def check_lines(lines: int) -> None:
    """Refuse a chart of fewer than one line."""
    if lines < 1:
        raise CpolyError(f"a chart needs at least one line, got --lines {lines}")


def build_strategy(poker: VideoPoker, paytable: str | None = None, lines: int = DEFAULT_LINES,
                   progress: Progress | None = None) -> StrategyChart:
    """The best chart of at most ``lines`` lines ("draw five" included) found for ``poker``, a
    single-deck, unordered game, with exact figures (``paytable``: a pay table name, default
    the game's first; ``progress(done, total)`` during the analysis pass)."""
    check_lines(lines)
    return chart_of(collect(poker, paytable, progress), lines)


def chart_of(game: StrategyData, lines: int, progress: Progress | None = None) -> StrategyChart:
    """The best chart of at most ``lines`` lines found on collected data: the order search,
    then the exact figures.  ``progress(done, total)``: the search's steps
    (:func:`~cpoly.games.videopoker.strategy.search.search_chart`), then one for the figures."""
    check_lines(lines)
    lookup = game.entries.lookup
    floor = int(lookup[game.pattern_tables.by_subset[game.index[0, 0], 0]])
    fine = sorted(set(lookup[game.fine_patterns()].tolist()) - {-1})
    report = progress or (lambda done, total: None)
    steps = 1

    def searching(done: int, total: int) -> None:
        nonlocal steps
        steps = total + 1
        report(done, steps)

    search, record = search_chart(game.entries, fine, floor, lines, searching)
    chart = _figures(game, search, record)
    report(steps, steps)
    return chart


def _words(game: StrategyData) -> PatternWords:
    tables = game.pattern_tables
    wild = np.flatnonzero(tables.wild_cards)
    face = game.poker.card_name(int(wild[0]))[:-1] if len(wild) else ""
    return PatternWords(game.poker.game.category_names, tables.levels, bool(tables.high_faces.any()), face)


def _figures(game: StrategyData, search: ChartSearch, record: dict[int, int]) -> StrategyChart:
    entries = game.entries
    best = entries.optimal()
    order = search.order()
    words = _words(game)
    patterns = [game.pattern_tables.patterns[int(entries.ids[p])] for p in order]
    names = words.names(patterns)
    deal_total = int(entries.weight.sum())
    line_of, n_lines = search.first_pattern, entries.n_patterns
    deals = exact_bincount(line_of, entries.weight, n_lines).tolist()
    lost = exact_bincount(line_of, entries.weight * (best - search.first_value), n_lines).tolist()
    lines = tuple(ChartLine(line_pattern, name, deals[p], Fraction(deals[p], deal_total),
                            Fraction(lost[p], game.denominator))
                  for p, line_pattern, name in zip(order, patterns, names))
    chart_value = search.total()
    exceptions = _exceptions(game, search.top1, best, dict(zip(order, names)), words)
    with_exceptions = Fraction(chart_value, game.denominator) + sum((e.cost for e in exceptions), Fraction(0))
    return StrategyChart(
        game.poker.game.spec.title, game.paytable, game.optimal, Fraction(chart_value, game.denominator),
        with_exceptions, lines, exceptions,
        {n: Fraction(v, game.denominator) for n, v in sorted(record.items())}, deal_total, game.denominator)


def _exceptions(game: StrategyData, played: np.ndarray, best: np.ndarray, line_names: dict[int, str],
                words: PatternWords) -> tuple[ExceptionGroup, ...]:
    """The misplayed deal classes, grouped by (line, pattern of the best hold), costliest first."""
    entries = game.entries
    wrong = np.flatnonzero(entries.value[played] < best)
    best_hold = np.argmax(game.values[wrong], axis=1)
    instead = game.hold_patterns(wrong, best_hold[:, None])[:, 0, 0]
    groups: dict[tuple[int, int], list[int]] = {}
    for row, (deal, pattern) in enumerate(zip(wrong.tolist(), instead.tolist())):
        groups.setdefault((int(entries.pattern[played[deal]]), pattern), []).append(row)
    result = []
    for (line, pattern), rows in groups.items():
        deals = wrong[rows]
        weight = entries.weight[deals]
        cost = int(np.sum(weight * (best[deals] - entries.value[played[deals]])))
        hands = tuple((_cards(game, game.deals[d]), _cards(game, game.deals[d], int(h)), int(w))
                      for d, h, w in zip(deals, best_hold[rows], weight))
        result.append(ExceptionGroup(line_names[line], words.name(game.pattern_tables.patterns[pattern], HAND_SIZE),
                                     int(weight.sum()), Fraction(cost, game.denominator), hands))
    return tuple(sorted(result, key=lambda g: (-g.cost, g.line, g.instead)))


def _cards(game: StrategyData, deal: np.ndarray, hold: int = HOLDS - 1) -> str:
    """The cards of ``deal`` kept by hold ``hold`` (bit i = card i; default all five)."""
    return " ".join(game.poker.card_name(int(deal[i])) for i in range(HAND_SIZE) if hold >> i & 1) or "(nothing)"
