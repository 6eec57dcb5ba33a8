"""Ultimate X on one line in ``analyze`` and ``report``: the time at each multiplier, its pay per
hand and relative value, the deals held otherwise and the rounds of policy iteration (its row:
:data:`cpoly.cli.featurekinds.FEATURES`; several lines: :mod:`cpoly.cli.featureuxlines`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.featurerow import FeatureInputs, pair, shares, table_lines

if TYPE_CHECKING:  # the solver loads NumPy: only for a game with the feature
    from cpoly.games.videopoker.feature.ultimatex import UltimateXAnalysis
    from cpoly.lang.features import UltimateX

__all__ = ["analyse", "as_json", "text"]


def analyse(given: FeatureInputs, feature: UltimateX) -> UltimateXAnalysis:
    """The multipliers solved by policy iteration on the prepared deal."""
    from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x

    return analyze_ultimate_x(given.prepared(), given.paytable, feature)


def as_json(found: UltimateXAnalysis) -> dict[str, Any]:
    """Each multiplier's state, and the hands played above 1x (the frequency)."""
    above = sum((s.share for s in found.states if s.multiplier != 1), Fraction(0))
    return {**pair("base_return", found.base_return), **pair("gain", found.gain), **pair("bet", found.feature.bet),
            "lines": found.feature.lines, "iterations": found.iterations,
            "frequency": {"label": "hands played at a multiplier above 1", **pair("value", above)},
            "distribution": shares("time at each multiplier", [(str(s.multiplier), s.share) for s in found.states]),
            "states": [{**pair("multiplier", s.multiplier), **pair("share", s.share),
                        **pair("relative_value", s.relative_value), **pair("expected_pay", s.expected_pay),
                        "deals_held_otherwise": s.deals_held_otherwise} for s in found.states]}


def text(found: UltimateXAnalysis) -> list[str]:
    """A table of the multipliers and what its columns mean."""
    rows = [[f"{s.multiplier}", f"{float(s.share):.4%}", f"{float(s.expected_pay):.6f}", f"{float(s.relative_value):.6f}",
             f"{s.deals_held_otherwise:,}"] for s in found.states]
    return [*table_lines(["multiplier", "time", "pay per hand", "relative value", "deals held otherwise"], rows),
            f"per bet of {found.feature.bet} units; {found.iterations} rounds of policy iteration; relative value: the",
            "worth of playing a hand at that multiplier against 1x; deals held otherwise: those whose best hold",
            "at that multiplier is not a best hold of the base game"]
