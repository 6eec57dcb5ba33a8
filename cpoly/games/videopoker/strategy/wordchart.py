"""Charts in a player's words, played exactly: every deal class holds, of the holds the first
matching rule names, the one of highest EV (as a player picks the better of two "4 to a
flush"); a deal no rule matches draws five.  The return is exact (the analysis' numerators
over its denominator), and so is each rule's cost: what the deals it plays lose against the
best hold.

:func:`name_lines` words an engine chart: each line is named by the most specific phrase
(:meth:`.words.Vocabulary.levels`) that every hold it plays shares, else by its holds' phrases
joined with "or"; :func:`words_chart` then drops repeated lines and lines that play no deal, lifts made hands above the
lines they never meet (a made royal flush above a made four of a kind) and plays the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from cpoly.games.videopoker.strategy.chartfile import ChartRule
from cpoly.games.videopoker.strategy.collected import StrategyData
from cpoly.games.videopoker.strategy.holdfeatures import MADE, HoldFeatures
from cpoly.games.videopoker.strategy.insertion import exact_bincount
from cpoly.games.videopoker.strategy.words import Rule, Vocabulary, matches

__all__ = ["WordsChart", "WordsLine", "name_lines", "play_words", "words_chart"]


@dataclass(frozen=True)
class WordsLine:
    """A rule as played: its text, the deals it plays and the return they lose (per unit bet)."""

    text: str
    deals: int
    frequency: Fraction
    cost: Fraction


@dataclass(frozen=True)
class WordsChart:
    """A chart in words, played over every deal: its lines, the deals no line matches (they
    draw five) and the exact returns (per unit bet)."""

    lines: tuple[WordsLine, ...]
    unmatched_deals: int
    unmatched_cost: Fraction
    optimal_return: Fraction
    chart_return: Fraction
    total_deals: int

    @property
    def cost(self) -> Fraction:
        """Return lost against optimal play, per unit bet."""
        return self.optimal_return - self.chart_return


def _line_hits(rules: Sequence[Rule], features: HoldFeatures) -> np.ndarray:
    hits: np.ndarray = np.logical_or.reduce([matches(rule, features) for rule in rules])
    return hits


def play_words(data: StrategyData, chart: Sequence[ChartRule]) -> WordsChart:
    """Play ``chart`` over every deal class (see the module docstring)."""
    features, values = data.features, data.values
    chosen = values[:, 0].copy()                      # hold 0: draw five
    line_of = np.full(len(values), len(chart), dtype=np.int64)
    open_deals = np.arange(len(values))
    for number, line in enumerate(chart):
        hit = _line_hits(line.rules, features)[features.rows[open_deals]]
        found = hit.any(axis=1)
        rows = open_deals[found]
        chosen[rows] = np.where(hit[found], values[rows], np.iinfo(np.int64).min).max(axis=1)
        line_of[rows] = number
        open_deals = open_deals[~found]
    weight = data.entries.weight
    deals = exact_bincount(line_of, weight, len(chart) + 1).tolist()
    lost = exact_bincount(line_of, weight * (values.max(axis=1) - chosen), len(chart) + 1).tolist()
    total = int(weight.sum())
    lines = tuple(WordsLine(line.text, deals[i], Fraction(deals[i], total), Fraction(lost[i], data.denominator))
                  for i, line in enumerate(chart))
    value = sum(int(v) for v in exact_bincount(np.zeros(len(values), dtype=np.int64), weight * chosen, 1))
    return WordsChart(lines, deals[-1], Fraction(lost[-1], data.denominator), data.optimal,
                      Fraction(value, data.denominator), total)


def _levels_of(features: HoldFeatures, words: Vocabulary, row: int) -> list[Rule]:
    values = {name: int(column[row]) for name, column in features.columns.items()}
    return words.levels(values, int(features.straight_type()[row]))


def name_lines(data: StrategyData, line_of: np.ndarray, played: np.ndarray, n_lines: int) -> list[tuple[Rule, ...]]:
    """The phrases naming each engine line from the holds it plays (``line_of``: each deal's
    line, ``played``: its hold)."""
    features, words = data.features, data.vocabulary
    rows = features.rows[np.arange(len(line_of)), played]
    cache: dict[int, list[Rule]] = {}
    named = []
    for line in range(n_lines):
        distinct, counts = np.unique(rows[line_of == line], return_counts=True)
        levels = [cache.setdefault(int(r), _levels_of(features, words, int(r))) for r in distinct.tolist()]
        named.append(_common(levels, counts.tolist()))
    return named


def _common(levels: list[list[Rule]], weights: list[int]) -> tuple[Rule, ...]:
    """The most specific level all holds share, else the holds' coarsest phrases, commonest first."""
    named = [lv for lv in levels if lv]
    for depth in range(max((len(lv) for lv in named), default=0)):
        found = {lv[min(depth, len(lv) - 1)] for lv in named}
        if len(found) == 1:
            return (found.pop(),)
    share: dict[Rule, int] = {}
    for lv, weight in zip(levels, weights):
        if lv:
            share[lv[-1]] = share.get(lv[-1], 0) + weight
    return tuple(sorted(share, key=lambda rule: -share[rule]))


def words_chart(data: StrategyData, named: list[tuple[Rule, ...]]) -> tuple[list[ChartRule], WordsChart]:
    """The engine chart's lines in words (repeats dropped, made hands lifted) and its play."""
    words = data.vocabulary
    chart: list[ChartRule] = []
    for rules in named:
        text = " or ".join(words.render(rule) for rule in rules)
        if rules and text not in {line.text for line in chart}:
            chart.append(ChartRule(text, rules, len(chart) + 1))
    chart = _lift_made(data, chart)
    played = play_words(data, chart)
    used = [line for line, result in zip(chart, played.lines) if result.deals]       # the others never play
    return used, replace(played, lines=tuple(line for line in played.lines if line.deals))


def _lift_made(data: StrategyData, chart: list[ChartRule]) -> list[ChartRule]:
    """Made hands move above the lines no deal has together with them, best category first
    (the play is unchanged: no deal sees both lines)."""
    features = data.features
    present = np.stack([_line_hits(line.rules, features)[features.rows].any(axis=1) for line in chart], axis=1)

    def rank(line: ChartRule) -> int:
        only = line.rules[0]
        return int(only.category or 0) if len(line.rules) == 1 and only.kind == MADE else 1 << 30

    order = list(range(len(chart)))
    moved = True
    while moved:
        moved = False
        for i in range(len(order) - 1):
            upper, lower = order[i], order[i + 1]
            if rank(chart[lower]) < rank(chart[upper]) and not (present[:, upper] & present[:, lower]).any():
                order[i], order[i + 1] = lower, upper
                moved = True
    return [chart[i] for i in order]
