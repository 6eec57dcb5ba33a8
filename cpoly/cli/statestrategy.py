"""``cpoly strategy GAME --level K`` and ``--multipliers M``: the strategy chart of one state
of a feature game, and where it differs from the base game's chart.

The state is refused before anything is solved when the game cannot be in it
(:func:`~cpoly.cli.statehold.checked_state`); its category values come from the kept states or
the solved feature (:func:`~cpoly.cli.statehold.solved_states`), and the chart is the base
game's chart builder run on the hold values of that state
(:func:`~cpoly.games.videopoker.strategy.collected.collect_state`, on an exact grid: every
figure within one grid step of exact, said in the output).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

from cpoly.cli.analyze_options import exact
from cpoly.cli.output import echo, print_table, progress_bar, working
from cpoly.cli.statehold import checked_state, feature_lines, solved_states, state_lines, state_summary
from cpoly.games.videopoker.feature.states import state_of
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.strategy.chart import StrategyChart, chart_of
from cpoly.games.videopoker.strategy.chartdiff import LineChange, deals_held_otherwise, line_changes
from cpoly.games.videopoker.strategy.collected import StrategyData, collect, collect_state
from cpoly.games.videopoker.strategy.wordchart import WordsChart
from cpoly.lang.paytable import PayTable

__all__ = ["Comparison", "compare_with_base", "comparison_json", "print_changes", "state_game", "state_heading"]


class Comparison(NamedTuple):
    """A state's chart beside the base game's: the state, both charts, the lines that differ
    and the deals held otherwise."""

    state: dict[str, Any]
    chart: StrategyChart
    base: StrategyChart
    changes: list[LineChange]
    otherwise: int


def state_game(args: argparse.Namespace, poker: VideoPoker, table: PayTable, kind: str,
               asked: tuple[Fraction, ...]) -> tuple[StrategyData, dict[str, Any]]:
    """What the chart in the state ``asked`` of the game's ``kind`` feature is built from, and
    the state (:func:`~cpoly.cli.statehold.state_summary`)."""
    feature = checked_state(poker, kind, asked)
    show = not args.json
    value = state_of(solved_states(poker, table, feature, show), asked, kind, feature_lines(feature))
    state = state_summary(poker.game.category_names, kind, asked, value)
    with working(f"pricing every deal at {state['option']} {state['value']}", show):
        return collect_state(poker, table, value.multiplier, value.extra), state


def compare_with_base(args: argparse.Namespace, game: StrategyData, state: dict[str, Any]) -> Comparison:
    """The chart of ``game`` (a state's) and the base game's, searched alike (``--lines``)."""
    show = not args.json
    with progress_bar(f"analysing {game.poker.game.spec.title} ({game.paytable}), the base game", show) as update:
        base = collect(game.poker, game.paytable, update)
    charts = []
    for data, what in ((base, "the base game's"), (game, f"{state['option']} {state['value']}")):
        with progress_bar(f"searching the chart order ({what})", show) as update:
            charts.append(chart_of(data, args.lines, update))
    base_chart, chart = charts
    changes = line_changes([line.text for line in base_chart.words.lines], [line.text for line in chart.words.lines])
    return Comparison(state, chart, base_chart, changes, deals_held_otherwise(base, game))


def comparison_json(found: Comparison, words: Callable[[WordsChart], dict[str, Any]]) -> dict[str, Any]:
    """What ``strategy --json`` adds in a state (``words``: how a chart in words is written)."""
    return {"state": found.state, "grid_step_exact": exact(_grid_step(found.chart)), "base": words(found.base.words),
            "deals_held_otherwise": found.otherwise, "differences": [change._asdict() for change in found.changes]}


def _grid_step(chart: StrategyChart) -> Fraction:
    """The grid step the state's hold values are rounded down to (the denominator is the deals
    times the grid)."""
    return Fraction(chart.total_deals, chart.denominator)


def state_heading(found: Comparison) -> None:
    """The state and the grid, above the chart."""
    echo(state_lines(found.state)[0])
    step = _grid_step(found.chart)
    echo(f"(values per unit of one line's bet, each hold's rounded down to a multiple of 1/{step.denominator:,}: "
         f"every figure within {float(step):.1e} of exact)")


def print_changes(found: Comparison) -> None:
    """Where the state's chart differs from the base game's, below the chart."""
    state = found.state
    title = f"where the chart at {state['option']} {state['value']} differs from the base game's"
    rows = [[str(c.position or "-"), c.words, str(c.base_position or "-"), c.change] for c in found.changes]
    if rows:
        print_table(title, ["#", "hold", "base #", "change"], rows, [True, False, True, False])
    else:
        echo(f"{title}: nowhere (the same lines in the same order)")
    echo(f"deals held otherwise than in the base game: {found.otherwise:,} of {found.chart.total_deals:,}")
