"""Spin Poker in ``analyze`` and ``report``: the base game's return and the exact variance of a
round over its lines, for every number of lines up to the paths (its row:
:data:`cpoly.cli.featurekinds.FEATURES`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.featurerow import FeatureInputs, pair, shares, table_lines

if TYPE_CHECKING:  # the solver loads NumPy: only for a game with the feature
    from cpoly.games.videopoker.feature.spinvariance import SpinAnalysis
    from cpoly.lang.features import SpinPoker

__all__ = ["analyse", "as_json", "text"]


def analyse(given: FeatureInputs, feature: SpinPoker) -> SpinAnalysis:
    """The variance under the base game's holds (refused without the base analysis)."""
    from cpoly.errors import CpolyInputError
    from cpoly.games.videopoker.feature.spinvariance import analyze_spin

    if given.base is None:
        raise CpolyInputError("Spin Poker's variance needs the base game's analysis (analyze or report)")
    return analyze_spin(given.prepared(), given.base(), feature, given.progress)


def as_json(found: SpinAnalysis) -> dict[str, Any]:
    """The variances of the game's lines and of every number of lines, the deals by discards."""
    deals = sum(found.deals_by_discards)
    return {**pair("base_return", found.base_return), **pair("base_variance", found.base_variance),
            "lines": found.feature.lines, "bet": "one unit per line",
            **pair("variance_per_line", found.per_line()), **pair("variance_per_total_bet", found.per_total_bet()),
            **pair("variance_of_round", found.variance()),
            "frequency": None,
            "distribution": shares("deals by cards discarded", [(str(d), Fraction(count, deals))
                                                                for d, count in enumerate(found.deals_by_discards)]),
            "deal_classes_by_discards": list(found.classes_by_discards),
            "by_lines": [{"lines": n, **pair("variance_per_line", found.per_line(n)),
                          "standard_deviation_per_line": float(found.per_line(n)) ** 0.5,
                          **pair("variance_per_total_bet", found.per_total_bet(n)),
                          "standard_deviation_per_total_bet": float(found.per_total_bet(n)) ** 0.5}
                         for n in range(1, len(found.mean_squares) + 1)]}


def text(found: SpinAnalysis) -> list[str]:
    """A table of the variances by lines, what they are, the deal classes by discards."""
    rows = [[f"{n}{' *' if n == found.feature.lines else ''}", f"{float(found.per_line(n)):.4f}",
             f"{float(found.per_line(n)) ** 0.5:.4f}", f"{float(found.per_total_bet(n)):.4f}",
             f"{float(found.per_total_bet(n)) ** 0.5:.4f}"] for n in range(1, len(found.mean_squares) + 1)]
    return [*table_lines(["lines", "variance per line", "sd per line", "variance per total bet", "sd per total bet"], rows),
            f"the return is the base game's, per line bet and per total bet alike; * the game's {found.feature.lines} "
            "lines; per line: the variance of a round's pay (in line bets) over the lines; per total bet: over "
            "the lines squared; 1 line is the base game",
            "deal classes by cards discarded: " + ", ".join(f"{d}: {count:,}" for d, count in
                                                            enumerate(found.classes_by_discards))]
