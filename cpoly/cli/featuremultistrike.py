"""Multi-Strike in ``analyze`` and ``report``: each level's worth with and without a Free Ride,
on reaching it, the chance of reaching it and the deals held otherwise than by the base game
(its row: :data:`cpoly.cli.featurekinds.FEATURES`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.featurerow import FeatureInputs, pair, shares, table_lines

if TYPE_CHECKING:  # the solver loads NumPy: only for a game with the feature
    from cpoly.games.videopoker.feature.multistrike import MultiStrikeAnalysis
    from cpoly.lang.features import MultiStrike

__all__ = ["analyse", "as_json", "text"]


def analyse(given: FeatureInputs, feature: MultiStrike) -> MultiStrikeAnalysis:
    """The levels solved by backward induction on the prepared deal."""
    from cpoly.games.videopoker.feature.multistrike import analyze_multi_strike

    return analyze_multi_strike(given.prepared(), given.paytable, feature)


def _reach_chances(found: MultiStrikeAnalysis) -> list[Fraction]:
    """The chance of reaching each level (1 for the bottom): a Free Ride or a paying hand."""
    chances = [Fraction(1)]
    for level in found.levels[:-1]:
        chances.append(chances[-1] * (level.free_ride + (1 - level.free_ride) * level.paying_chance))
    return chances


def as_json(found: MultiStrikeAnalysis) -> dict[str, Any]:
    """The levels, the chance of reaching each and of reaching level 2 (the frequency)."""
    reach = _reach_chances(found)
    return {**pair("base_return", found.base_return), "deals": found.deals,
            "frequency": {"label": "chance of reaching level 2", **pair("value", reach[1])},
            "distribution": shares("chance of reaching each level", [(str(v.level), r) for v, r in zip(found.levels, reach)]),
            "levels": [{"level": v.level, **pair("multiplier", v.multiplier), **pair("free_ride", v.free_ride),
                        **pair("with_free_ride", v.with_free_ride), **pair("without_free_ride", v.without_free_ride),
                        **pair("on_reaching", v.on_reaching), **pair("paying_chance", v.paying_chance),
                        "deals_held_otherwise": v.deals_held_otherwise} for v in found.levels]}


def text(found: MultiStrikeAnalysis) -> list[str]:
    """A table of the levels and what its columns mean."""
    rows = [[str(v.level), f"{v.multiplier}", f"{float(v.free_ride):.2%}" if v.level < len(found.levels) else "-", f"{float(v.with_free_ride):.6f}",
             f"{float(v.without_free_ride):.6f}", f"{float(v.on_reaching):.6f}", f"{r:.6f}",
             f"{v.deals_held_otherwise:,}"] for v, r in zip(found.levels, map(float, _reach_chances(found)))]
    return [*table_lines(["level", "pays x", "free ride", "with free ride", "without", "on reaching", "reached",
                          "deals held otherwise"], rows),
            "per unit bet (one unit per level); worth in units; reached: the chance of playing that level;",
            f"deals held otherwise: of the {found.deals:,} deals, those whose best hold at that level (no Free",
            "Ride) is not a best hold of the base game"]
