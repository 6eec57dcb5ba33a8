"""A wheel bonus (Wheel Poker, Lucky Quads) in ``analyze`` and ``report``: the game re-solved with
the wheel's average award as the pay of its categories, its return per total bet (its row:
:data:`cpoly.cli.featurekinds.FEATURES`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.featurerow import FeatureInputs, pair, shares

if TYPE_CHECKING:  # the solver loads NumPy: only for a game with the feature
    from cpoly.games.videopoker.feature.layers import WheelAnalysis
    from cpoly.lang.features import WheelBonus

__all__ = ["analyse", "as_json", "per_total_bet", "text"]


def analyse(given: FeatureInputs, feature: WheelBonus) -> WheelAnalysis:
    """The full-game optimisation with the award as the pay."""
    from cpoly.games.videopoker.feature.layers import analyze_wheel

    return analyze_wheel(given.prepared(), given.paytable, feature)


def per_total_bet(found: WheelAnalysis) -> Fraction:
    """The return the commands state: per total bet (the base bet and the wheel's extra)."""
    return found.return_per_total_bet


def as_json(found: WheelAnalysis) -> dict[str, Any]:
    """The award, the return per base bet, the categories and the wheel's values."""
    feature = found.feature
    total = sum(feature.weights, Fraction(0))
    return {**pair("base_return", found.base_return), **pair("average_award", feature.average),
            **pair("extra_bet", feature.extra_bet), **pair("return_per_base_bet", found.expected_return),
            "on": list(feature.categories), "deals_held_otherwise": found.deals_held_otherwise,
            "frequency": None,
            "distribution": shares("wheel award", [(str(v), w / total) for v, w in zip(feature.values, feature.weights)])}


def text(found: WheelAnalysis) -> list[str]:
    """The award on its categories, the base return, the deals held otherwise."""
    extra = found.feature.extra_bet
    per_total = ([] if not extra else
                 [f"per base bet {float(found.expected_return):.6%}; the return above is per total bet: the base "
                  f"bet and the wheel's extra {extra}"])
    return [f"{', '.join(found.feature.categories)} pay the wheel's average award {float(found.feature.average):.6f}; "
            f"base game {float(found.base_return):.6%}; {found.deals_held_otherwise:,} deals held otherwise", *per_total]
