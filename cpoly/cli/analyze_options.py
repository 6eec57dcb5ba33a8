"""The options of ``cpoly analyze`` beyond the one table: ``--pay`` (other pay values, the
strategy re-solved), ``--play-as`` (another table's optimal strategy priced on this one) and
``--plays`` (multi-play variances).

Multi-valued options follow the CLI's convention (``cpoly count --set``): several values after
one option, or the option repeated (``--plays 1 3 5`` = ``--plays 1 --plays 3 5``).  The options
are added to the parsers by :mod:`~cpoly.cli.tieflag` (:func:`add_options`,
:func:`add_table_options`, light: a warm ``hold`` builds its parser without this module).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.tieflag import add_options, add_table_options
from cpoly.errors import CpolyInputError

__all__ = ["AnalyzeOptions", "Report", "add_options", "add_table_options", "exact", "multiplay_json",
           "multiplay_lines"]

if TYPE_CHECKING:
    from cpoly.games.videopoker.gamesource import GameSource
    from cpoly.games.videopoker.par.multiplay import MultiPlay
    from cpoly.games.videopoker.play.summary import GameAnalysis
    from cpoly.lang.paytable import PayTable


@dataclass(frozen=True)
class AnalyzeOptions:
    """The parsed options (checked before any work)."""

    changes: dict[str, Fraction]
    play_as: str | None
    plays: tuple[int, ...]

    @classmethod
    def of(cls, args: argparse.Namespace) -> AnalyzeOptions:
        from cpoly.games.videopoker.par.paychange import parse_pay_changes

        plays = tuple(dict.fromkeys(args.plays))
        bad = [n for n in plays if n < 1]
        if bad:
            raise CpolyInputError(f"--plays {bad[0]}: a number of lines is at least 1")
        if plays and args.play_as is not None:
            raise CpolyInputError("--plays with --play-as is not supported: the multi-play variances are "
                                  "those of the optimal strategy")
        return cls(parse_pay_changes(args.pay), args.play_as, plays)

    @property
    def paytables(self) -> tuple[str | None, ...]:
        """The extra tables the options read (besides the one analysed)."""
        return () if self.play_as is None else (self.play_as,)

    def check(self, source: GameSource) -> None:
        """Refuse, before any work, what the game does not support."""
        if self.plays:
            source.plain("--plays")

    def table(self, base: PayTable) -> PayTable:
        """The table analysed: ``base`` with the ``--pay`` changes."""
        from cpoly.games.videopoker.par.paychange import changed_table

        return changed_table(base, self.changes)

    def report(self, source: GameSource, analysis: GameAnalysis, tie_rule: str | None) -> Report:
        """What the options add to ``analysis`` (the optimal play of the table analysed)."""
        if self.play_as is not None:
            from cpoly.games.videopoker.par.paychange import priced_on

            strategy = source.analyse(source.paytable(self.play_as), tie_rule, None)
            played = priced_on(strategy, analysis.paytable)
            return Report(played, f"played with the strategy optimal for {strategy.paytable.name}",
                          _play_as_json(strategy.paytable.name, analysis, played),
                          _play_as_lines(strategy.paytable.name, analysis, played))
        extra: dict[str, Any] = {}
        lines: list[str] = []
        if self.changes:
            from cpoly.games.videopoker.par.paychange import format_value

            extra["pay_changes"] = {name: format_value(value) for name, value in self.changes.items()}
        if self.plays:
            from cpoly.games.videopoker.par.multiplay import multiplay_variances

            variances = multiplay_variances(source.plain("--plays"), analysis)
            extra["multiplay"] = multiplay_json(variances, self.plays)
            lines += multiplay_lines(variances, self.plays)
        return Report(analysis, "optimal play", extra, lines)


@dataclass(frozen=True)
class Report:
    """The analysis to print, its heading, and what to add to its JSON and after its text."""

    analysis: GameAnalysis
    heading: str
    extra_json: dict[str, Any]
    extra_lines: list[str]


def exact(value: Fraction) -> str:
    """A fraction as the JSON's exact strings (``"p/q"``, as ``return_exact``)."""
    return f"{value.numerator}/{value.denominator}"


def _play_as_json(strategy: str, optimal: GameAnalysis, played: GameAnalysis) -> dict[str, Any]:
    cost = optimal.expected_return - played.expected_return
    return {"play_as": {"strategy_of": strategy, "optimal_return": float(optimal.expected_return),
                        "optimal_return_exact": exact(optimal.expected_return),
                        "cost": float(cost), "cost_exact": exact(cost)}}


def _play_as_lines(strategy: str, optimal: GameAnalysis, played: GameAnalysis) -> list[str]:
    best = optimal.expected_return
    cost = best - played.expected_return
    lines = [f"optimal play of this table returns {float(best):.6%} ({exact(best)})"]
    if cost:
        lines.append(f"the {strategy} strategy costs {float(cost):.6%} of each bet ({exact(cost)}): "
                     f"one bet every {float(1 / cost):,.0f} hands")
    else:
        lines.append(f"the {strategy} strategy is optimal here: it costs nothing")
    return lines


def multiplay_json(variances: MultiPlay, plays: tuple[int, ...]) -> dict[str, Any]:
    """The multi-play figures: the two components and, per number of lines, the variance and
    standard deviation per unit of total bet and per line (exact variances as ``"p/q"``)."""
    return {"deal_variance": float(variances.deal_variance),
            "deal_variance_exact": exact(variances.deal_variance),
            "draw_variance": float(variances.draw_variance),
            "draw_variance_exact": exact(variances.draw_variance),
            "plays": [{"plays": n, "variance_per_bet": float(variances.per_bet(n)),
                       "variance_per_bet_exact": exact(variances.per_bet(n)),
                       "standard_deviation_per_bet": variances.standard_deviation_per_bet(n),
                       "variance_per_line": float(variances.per_line(n)),
                       "variance_per_line_exact": exact(variances.per_line(n)),
                       "standard_deviation_per_line": variances.standard_deviation_per_line(n)}
                      for n in plays]}


def multiplay_lines(variances: MultiPlay, plays: tuple[int, ...]) -> list[str]:
    """The multi-play figures as text (a table; exact fractions in ``--json``)."""
    from cpoly.cli.output import plain_table

    rows = [[f"{n:,}", f"{float(variances.per_bet(n)):.4f}", f"{variances.standard_deviation_per_bet(n):.4f}",
             f"{float(variances.per_line(n)):.4f}", f"{variances.standard_deviation_per_line(n):.4f}"]
            for n in plays]
    table = plain_table("multi-play (one deal, N draws to the same hold)",
                        ["lines", "variance per bet", "SD per bet", "variance per line", "SD per line"],
                        rows, [True] * 5)
    assert table is not None  # digits and dots only
    return [f"variance of the deal {float(variances.deal_variance):.6f}, mean variance of the draw "
            f"{float(variances.draw_variance):.6f} (per unit bet; exact in --json)", table.rstrip("\n"),
            "per bet: per unit of the total bet of N lines; per line: the N lines' variance divided by N"]
