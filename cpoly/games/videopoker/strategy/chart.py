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

import numpy as np

from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.strategy.collected import StrategyData, collect
from cpoly.games.videopoker.strategy.insertion import exact_bincount
from cpoly.games.videopoker.strategy.names import PatternWords
from cpoly.games.videopoker.strategy.patterns import Pattern
from cpoly.games.videopoker.strategy.search import ChartSearch, Progress, search_chart
from cpoly.games.videopoker.strategy.wordchart import WordsChart, name_lines, words_chart

__all__ = ["ChartLine", "ExceptionGroup", "StrategyChart", "StrategyData", "build_strategy", "chart_of",
           "check_lines", "collect"]

#: Lines of the default chart.
DEFAULT_LINES = 40
@dataclass(frozen=True)
class ChartLine:
    """One line: its pattern, the deals that play it and the return they lose against optimal."""

    pattern: Pattern
    name: str
    words: str
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
    words: WordsChart

    @property
    def cost(self) -> Fraction:
        """Return lost against optimal play, per unit bet."""
        return self.optimal_return - self.chart_return

    @property
    def hands_per_bet(self) -> float:
        """The chart loses one bet every this many hands (infinite when exact)."""
        return float("inf") if not self.cost else float(1 / self.cost)


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
    position = np.zeros(n_lines, dtype=np.int64)
    position[order] = np.arange(len(order))
    phrases = name_lines(game, position[line_of], entries.hold[search.top1], len(order))
    rendered = [" or ".join(game.vocabulary.render(rule) for rule in rules) for rules in phrases]
    lines = tuple(ChartLine(line_pattern, name, text, deals[p], Fraction(deals[p], deal_total),
                            Fraction(lost[p], game.denominator))
                  for p, line_pattern, name, text in zip(order, patterns, names, rendered))
    chart_value = search.total()
    exceptions = _exceptions(game, search.top1, best, dict(zip(order, names)), words)
    with_exceptions = Fraction(chart_value, game.denominator) + sum((e.cost for e in exceptions), Fraction(0))
    return StrategyChart(
        game.poker.game.spec.title, game.paytable, game.optimal, Fraction(chart_value, game.denominator),
        with_exceptions, lines, exceptions,
        {n: Fraction(v, game.denominator) for n, v in sorted(record.items())}, deal_total, game.denominator,
        words_chart(game, phrases)[1])


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
