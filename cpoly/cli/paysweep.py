"""``cpoly sweep``: the exact return as one pay varies (a progressive meter), its break-even
value and the strategy's turning points (:mod:`~cpoly.games.videopoker.par.sweep`)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.analyze_options import exact
from cpoly.cli.output import echo, print_json, print_table, progress_bar
from cpoly.cli.tieflag import add_tie_rule_option
from cpoly.cli.videopoker import print_source_warnings
from cpoly.errors import CpolyInputError

if TYPE_CHECKING:
    from cpoly.games.videopoker.par.sweep import BreakEven, SweepPoint, TurningPoint
    from cpoly.games.videopoker.play.summary import GameAnalysis
    from cpoly.lang.paytable import PayTable

__all__ = ["register", "run_sweep", "sweep_json"]


def register(subparsers: Any) -> None:
    sweep = subparsers.add_parser(
        "sweep", help="the exact return as one pay varies: break-even and turning points",
        description="The exact return under optimal play (the strategy re-solved at each value) as "
                    "one category's pay runs over a range, the exact break-even value of that pay, and "
                    "the values in the range where the optimal hold of some deals changes.")
    sweep.add_argument("file", help="a .cp game file")
    sweep.add_argument("range", metavar="CATEGORY=LOW..HIGH", help="e.g. RoyalFlush=800..2000 (exact values)")
    spacing = sweep.add_mutually_exclusive_group()
    spacing.add_argument("--step", help="from LOW in steps of STEP (HIGH always included)")
    spacing.add_argument("--points", type=int, help="this many values from LOW to HIGH (default 11)")
    sweep.add_argument("--paytable", help="pay table name (default: the game's first)")
    sweep.add_argument("--pay", nargs="+", action="extend", default=[], metavar="CATEGORY=VALUE",
                       help="change other pays of the table first, e.g. --pay Flush=5")
    sweep.add_argument("--play-as", metavar="TABLE",
                       help="also price the strategy optimal for TABLE (not re-solved) at each value")
    add_tie_rule_option(sweep, "the tie rule of the --play-as strategy")
    sweep.add_argument("--json", action="store_true", help="print JSON")
    sweep.set_defaults(func=run_sweep)


def run_sweep(args: argparse.Namespace) -> int:
    from cpoly.games.videopoker.gamesource import game_source
    from cpoly.games.videopoker.par.holdlines import PayLines
    from cpoly.games.videopoker.par.paychange import (
        changed_table,
        parse_pay_changes,
        parse_pay_range,
        parse_pay_value,
        pay_index,
        sweep_values,
    )
    from cpoly.games.videopoker.par.sweep import break_even, sweep_returns, turning_points

    span = parse_pay_range(args.range)
    changes = parse_pay_changes(args.pay)
    if span.category in changes:
        raise CpolyInputError(f"--pay {span.category}: that pay is the one swept")
    step = None if args.step is None else parse_pay_value(args.step, "--step")
    values = sweep_values(span, step, args.points)
    source = game_source(args.file, not args.no_cache, (args.paytable, args.play_as))
    print_source_warnings(source.warnings)
    base = changed_table(source.paytable(args.paytable), changes)
    category = pay_index(base, span.category, "sweep")
    with progress_bar(f"sweeping {source.title} ({base.name}): {span.category}", not args.json) as update:
        update(0, 3)
        lines = PayLines.of(source.plain("cpoly sweep"), base, category)
        update(1, 3)
        points = sweep_returns(lines, values)
        found = break_even(lines, span.low)
        update(2, 3)
        turns = turning_points(lines, span.low, span.high)
        strategy = None if args.play_as is None else source.analyse(source.paytable(args.play_as),
                                                                     args.tie_rule, None)
        update(3, 3)
    source.finish()
    fixed = None if strategy is None else _FixedStrategy(strategy, base, span.category)
    if args.json:
        print_json(sweep_json(base, span.category, points, found, turns, fixed))
    else:
        _print_sweep(source.title, base, span.category, points, found, turns, fixed)
    return 0


class _FixedStrategy:
    """A strategy solved for one table, priced on the swept table at each value: its return is
    linear in the pay (its final hands do not change)."""

    def __init__(self, strategy: GameAnalysis, base: PayTable, category: str) -> None:
        self.name = strategy.paytable.name
        self.strategy, self.base, self.category = strategy, base, category

    def expected_return(self, value: Fraction) -> Fraction:
        from cpoly.games.videopoker.par.paychange import changed_table, priced_on

        return priced_on(self.strategy, changed_table(self.base, {self.category: value})).expected_return

    def break_even(self) -> Fraction | None:
        at_zero = self.expected_return(Fraction(0))
        slope = self.expected_return(Fraction(1)) - at_zero
        return None if slope == 0 else (1 - at_zero) / slope


def _value_text(value: Fraction) -> str:
    from cpoly.games.videopoker.par.paychange import format_value

    text = format_value(value)
    return text if value.denominator == 1 else f"{text} (= {float(value):,.6f})"


def _print_sweep(title: str, base: PayTable, category: str, points: list[SweepPoint], found: BreakEven,
                 turns: list[TurningPoint], fixed: _FixedStrategy | None) -> None:
    columns = [category, "return", "exact"]
    rows = []
    for point in points:
        row = [_value_text(point.value), f"{float(point.expected_return):.6%}", exact(point.expected_return)]
        if fixed is not None:
            played = fixed.expected_return(point.value)
            row += [f"{float(played):.6%}", f"{float(point.expected_return - played):.6%}"]
        rows.append(row)
    if fixed is not None:
        columns += [f"{fixed.name} strategy", "its cost"]
    print_table(f"{title} ({base.name}): {category} swept, optimal strategy re-solved at each value",
                columns, rows, [True] * len(columns))
    if found.value is None:
        echo(f"break-even: none ({found.reason})")
    else:
        echo(f"break-even (optimal play returns exactly 100%): {category} = {float(found.value):,.6f}"
              f" ({exact(found.value)}; {found.steps} Newton steps)")
    if fixed is not None:
        own = fixed.break_even()
        echo(f"the {fixed.name} strategy breaks even at {category} = "
              + ("never" if own is None else f"{float(own):,.6f} ({exact(own)})"))
    low, high = points[0].value, points[-1].value
    echo(f"turning points in {_value_text(low)} .. {_value_text(high)} (the optimal hold changes for "
          f"some deals): {len(turns)}")
    if turns:
        echo(_wrapped([f"{_value_text(t.value)} ({t.deals:,} deals)" for t in turns]))


def _wrapped(pieces: list[str], width: int = 100) -> str:
    lines, line = [], " "
    for piece in pieces:
        if len(line) + len(piece) + 2 > width and line.strip():
            lines.append(line.rstrip(","))
            line = " "
        line += f" {piece},"
    lines.append(line.rstrip(","))
    return "\n".join(lines)


def sweep_json(base: PayTable, category: str, points: list[SweepPoint], found: BreakEven,
                turns: list[TurningPoint], fixed: _FixedStrategy | None) -> dict[str, Any]:
    def point_json(point: SweepPoint) -> dict[str, Any]:
        data = {"value": float(point.value), "value_exact": exact(point.value),
                "return": float(point.expected_return), "return_exact": exact(point.expected_return),
                "slope_exact": exact(point.probability)}
        if fixed is not None:
            played = fixed.expected_return(point.value)
            data |= {"play_as_return": float(played), "play_as_return_exact": exact(played),
                     "cost_exact": exact(point.expected_return - played)}
        return data

    data: dict[str, Any] = {
        "paytable": base.name, "category": category, "points": [point_json(p) for p in points],
        "break_even": {"value": None if found.value is None else float(found.value),
                       "value_exact": None if found.value is None else exact(found.value),
                       "steps": found.steps, "reason": found.reason},
        "turning_points": [{"value": float(t.value), "value_exact": exact(t.value), "classes": t.classes,
                            "deals": t.deals} for t in turns]}
    if fixed is not None:
        own = fixed.break_even()
        data["play_as"] = {"strategy_of": fixed.name,
                           "break_even_exact": None if own is None else exact(own)}
    return data
