"""A multiplier layer (Super Times Pay, Hot Roll) in ``analyze`` and ``report``: the base return
times the mean multiplier over the total bet, and its deal wheel when it has one (its rows:
:data:`cpoly.cli.featurekinds.FEATURES`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.featurerow import FeatureInputs, pair, shares

if TYPE_CHECKING:
    from cpoly.games.videopoker.feature.layers import LayerAnalysis
    from cpoly.lang.features import MultiplierLayer

__all__ = ["analyse", "as_json", "text"]


def analyse(given: FeatureInputs, feature: MultiplierLayer) -> LayerAnalysis:
    """The closed form over the base game's return and variance."""
    from cpoly.games.videopoker.feature.layers import analyze_multiplier_layer

    assert given.base is not None  # analyze and report give it
    return analyze_multiplier_layer(given.base_return(), given.base().variance, feature)


def as_json(found: LayerAnalysis) -> dict[str, Any]:
    """The mean multiplier, the multipliers drawn, hands above 1x (the frequency), the deal wheel."""
    feature = found.feature
    total = sum(feature.weights, Fraction(0))
    above = sum((w for m, w in zip(feature.multipliers, feature.weights) if m > 1), Fraction(0)) / total
    return {**pair("base_return", found.base_return), **pair("mean_multiplier", found.mean_multiplier),
            **pair("extra_bet", feature.extra_bet),
            "frequency": {"label": "hands with a multiplier above 1", **pair("value", above)},
            "distribution": shares("multiplier drawn", [(str(m), w / total)
                                                        for m, w in zip(feature.multipliers, feature.weights)]),
            "deal_wheel": _deal_wheel_json(feature)}


def _deal_wheel_json(feature: MultiplierLayer) -> dict[str, Any] | None:
    """The layer's deal wheel (None: it has none): chance, award, bet, worth per base bet."""
    if not feature.deal_wheel_values:
        return None
    total = sum(feature.deal_wheel_weights, Fraction(0))
    return {**pair("chance", feature.deal_wheel_chance), **pair("bet", feature.deal_wheel_bet),
            **pair("average_award", feature.deal_wheel_average),
            **pair("worth_per_base_bet", feature.deal_wheel_worth),
            "distribution": shares("deal wheel award", [(str(v), w / total) for v, w in
                                                        zip(feature.deal_wheel_values, feature.deal_wheel_weights)])}


def text(found: LayerAnalysis) -> list[str]:
    """The closed form with its figures (and the deal wheel's line)."""
    feature = found.feature
    if not feature.deal_wheel_values:
        return [f"base return {float(found.base_return):.6%} x mean multiplier {float(found.mean_multiplier):.6f} / "
                f"(1 + extra bet {feature.extra_bet}); the strategy is the base game's"]
    return [f"(base return {float(found.base_return):.6%} x mean multiplier {float(found.mean_multiplier):.6f} + deal "
            f"wheel {float(feature.deal_wheel_worth):.6f}) / (1 + extra bet {feature.extra_bet})",
            f"deal wheel: a spin with chance {float(feature.deal_wheel_chance):.4%} on the deal, whatever the cards, "
            f"{float(feature.deal_wheel_average):.2f} on average over a base bet of {feature.deal_wheel_bet}; the "
            "strategy is the base game's"]
