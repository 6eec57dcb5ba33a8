"""Ultimate X on several lines in ``analyze`` and ``report``: the exact solution over the totals
of the lines' multipliers (each total's share and relative value, the time per line at each
multiplier, the rounds) and beside it the per-line model's return and its error (its row:
:data:`cpoly.cli.featurekinds.FEATURES`; one line: :mod:`cpoly.cli.featureultimatex`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from cpoly.cli.featurerow import FeatureInputs, pair, shares, table_lines
from cpoly.games.videopoker.feature.linestates import Kept, line_totals

if TYPE_CHECKING:  # the solver loads NumPy: only for a game with the feature
    from cpoly.games.videopoker.feature.moments import StatedVariance
    from cpoly.games.videopoker.feature.ultimatexlines import UltimateXLinesAnalysis
    from cpoly.lang.features import UltimateX

__all__ = ["LINES_METHOD", "MODEL_METHOD", "LinesFound", "analyse", "as_json", "states", "text"]

LINES_METHOD = ("policy iteration on the average-reward problem over the total of the lines' multipliers, "
                "every evaluation exact")
MODEL_METHOD = ("per-line model: each line's future valued by the single-line relative values, its holds "
                "evaluated exactly over the totals")


class LinesFound(NamedTuple):
    """Ultimate X on several lines solved exactly, and the per-line model's return beside it."""

    exact: UltimateXLinesAnalysis
    model_return: Fraction

    @property
    def expected_return(self) -> Fraction:
        return self.exact.expected_return

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        return self.exact.variances


def analyse(given: FeatureInputs, feature: UltimateX) -> LinesFound:
    """The totals solved exactly (on the Dask cluster's passes when given one) and the per-line
    model's return."""
    from cpoly.games.videopoker.feature.ultimatexlines import analyze_ultimate_x_lines, per_line_model_return

    prepared = given.prepared()
    passes = None if given.cluster is None else given.cluster.lines_passes(prepared, given.paytable, feature)
    found = analyze_ultimate_x_lines(prepared, given.paytable, feature, given.progress, passes)
    return LinesFound(found, per_line_model_return(prepared, given.paytable, feature, passes))


def states(found: LinesFound) -> Kept:
    """The relative value of each total the exact solution leaves (for a warm ``hold``)."""
    return line_totals(found.exact)


def as_json(found: LinesFound) -> dict[str, Any]:
    """Each total's state, the time per line at each multiplier and the per-line model."""
    exact_found = found.exact
    above = sum((share for m, share in exact_found.line_shares if m != 1), Fraction(0))
    return {**pair("base_return", exact_found.base_return), **pair("gain", exact_found.gain),
            **pair("bet", exact_found.feature.bet), "lines": exact_found.feature.lines,
            "iterations": exact_found.iterations,
            "frequency": {"label": "line-hands played at a multiplier above 1", **pair("value", above)},
            "distribution": shares("time at each multiplier, per line",
                                   [(str(m), share) for m, share in exact_found.line_shares]),
            "totals": [{**pair("total", s.total), **pair("share", s.share), **pair("relative_value", s.relative_value),
                        "deals_held_otherwise": s.deals_held_otherwise} for s in exact_found.states],
            "per_line_model": {"method": MODEL_METHOD, **pair("return", found.model_return),
                               **pair("error", found.model_return - exact_found.expected_return)}}


def text(found: LinesFound) -> list[str]:
    """The totals' table, the multipliers' time per line, the exact and the model's returns."""
    exact_found, n = found.exact, found.exact.feature.lines
    totals = [[f"{s.total}", f"{float(s.share):.4%}", f"{float(s.relative_value):.6f}", f"{s.deals_held_otherwise:,}"]
              for s in exact_found.states]
    line_shares = [[f"{m}", f"{float(share):.4%}"] for m, share in exact_found.line_shares]
    error = found.model_return - exact_found.expected_return
    return [*table_lines(["total", "time", "relative value", "deals held otherwise"], totals),
            *table_lines(["multiplier", "time per line"], line_shares),
            f"exact ({n} lines over the totals): return {float(exact_found.expected_return):.9%} per bet of "
            f"{exact_found.feature.bet} units a line; {exact_found.iterations} rounds of policy iteration",
            f"per-line model: return {float(found.model_return):.9%}, {float(error):+.3e} against the exact",
            "relative value: the worth of playing a hand at that total against all lines at 1x; deals held otherwise:",
            "those whose best hold at that total is not a best hold of the base game"]
