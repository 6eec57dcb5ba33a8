"""Dream Card in ``analyze`` and ``report``: a deal's mean worth with the best fifth card and the
return with its chance (its row: :data:`cpoly.cli.featurekinds.FEATURES`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cpoly.cli.featurerow import FeatureInputs, pair, shares

if TYPE_CHECKING:  # the solver loads NumPy: only for a game with the feature
    from cpoly.games.videopoker.feature.dreamcard import DreamCardAnalysis
    from cpoly.lang.features import DreamCard

__all__ = ["analyse", "as_json", "text"]


def analyse(given: FeatureInputs, feature: DreamCard) -> DreamCardAnalysis:
    """Every four-card set with its best fifth card, each deal worth its best hold's EV."""
    from cpoly.games.videopoker.feature.dreamcard import analyze_dream_card

    return analyze_dream_card(given.prepared(), given.paytable, feature)


def as_json(found: DreamCardAnalysis) -> dict[str, Any]:
    """The dream deal's worth, its chance (the frequency) and the fifth card's distribution."""
    chance = found.feature.chance
    return {**pair("base_return", found.base_return), **pair("dream_value", found.dream_value),
            **pair("chance", chance),
            "frequency": {"label": "hands dealt a Dream Card", **pair("value", chance)},
            "distribution": shares("fifth card", [("best of those left", chance), ("random", 1 - chance)])}


def text(found: DreamCardAnalysis) -> list[str]:
    """The chance, the dream deal's worth and the base return."""
    return [f"with chance {float(found.feature.chance):.4%} the fifth card is the best left: a deal then worth "
            f"{float(found.dream_value):.6f} on average; else the base game's {float(found.base_return):.6%}"]
