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
from fractions import Fraction
from typing import Any

from cpoly.cli.output import echo, print_json, print_table, progress_bar, working
from cpoly.cli.statehold import checked_state, feature_lines, solved_states, state_lines, state_summary
from cpoly.cli.strategy import exact, print_strategy, run_own_chart, strategy_json, words_json
from cpoly.games.videopoker.feature.states import state_of
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.strategy.chart import StrategyChart, chart_of
from cpoly.games.videopoker.strategy.chartdiff import LineChange, deals_held_otherwise, line_changes
from cpoly.games.videopoker.strategy.collected import collect, collect_state
from cpoly.lang.paytable import PayTable

__all__ = ["run_state_strategy"]


def run_state_strategy(args: argparse.Namespace, poker: VideoPoker, table: PayTable, kind: str,
                       asked: tuple[Fraction, ...]) -> int:
    """The chart in the state ``asked`` of the game's ``kind`` feature (or ``--chart`` played in it)."""
    feature = checked_state(poker, kind, asked)
    show = not args.json
    value = state_of(solved_states(poker, table, feature, show), asked, kind, feature_lines(feature))
    state = state_summary(poker.game.category_names, kind, asked, value)
    with working(f"pricing every deal at {state['option']} {state['value']}", show):
        game = collect_state(poker, table, value.multiplier, value.extra)
    if args.chart is not None:
        return run_own_chart(args, game, state)
    with progress_bar(f"analysing {poker.game.spec.title} ({table.name}), the base game", show) as update:
        base = collect(poker, table.name, update)
    charts = []
    for data, what in ((base, "the base game's"), (game, f"{state['option']} {state['value']}")):
        with progress_bar(f"searching the chart order ({what})", show) as update:
            charts.append(chart_of(data, args.lines, update))
    base_chart, chart = charts
    changes = line_changes([line.text for line in base_chart.words.lines], [line.text for line in chart.words.lines])
    otherwise = deals_held_otherwise(base, game)
    if args.json:
        print_json({**strategy_json(chart), "state": state, "grid_step_exact": exact(_grid_step(chart)),
                    "base": words_json(base_chart.words), "deals_held_otherwise": otherwise,
                    "differences": [change._asdict() for change in changes]})
    else:
        _print_state_chart(chart, state, changes, otherwise)
    return 0


def _grid_step(chart: StrategyChart) -> Fraction:
    """The grid step the state's hold values are rounded down to (the denominator is the deals
    times the grid)."""
    return Fraction(chart.total_deals, chart.denominator)


def _print_state_chart(chart: StrategyChart, state: dict[str, Any], changes: list[LineChange], otherwise: int) -> None:
    for line in state_lines(state)[:1]:
        echo(line)
    step = _grid_step(chart)
    echo(f"(values per unit of one line's bet, each hold's rounded down to a multiple of 1/{step.denominator:,}: "
         f"every figure within {float(step):.1e} of exact)")
    print_strategy(chart, state)
    title = f"where the chart at {state['option']} {state['value']} differs from the base game's"
    rows = [[str(c.position or "-"), c.words, str(c.base_position or "-"), c.change] for c in changes]
    if rows:
        print_table(title, ["#", "hold", "base #", "change"], rows, [True, False, True, False])
    else:
        echo(f"{title}: nowhere (the same lines in the same order)")
    echo(f"deals held otherwise than in the base game: {otherwise:,} of {chart.total_deals:,}")
