"""The figures of a PAR sheet ("probability accounting report") beyond the analysis itself.

A game maker submits a PAR sheet with each game.  Besides the return table of
``cpoly analyze`` (combinations, probability and share of the return of each final hand) it
gives, for the hands of a pay table:

* the **cycle** of each hand, ``1 / probability`` ("1 in N" hands);
* each hand's **share of the return**, its contribution divided by the return;
* the **volatility index** ``VI = z * SD`` at 90 % and 95 % confidence, ``z`` the two-sided
  normal quantile (1.6449 and 1.9600);
* the **confidence limits** of the return after ``n`` hands, ``return +- z * SD / sqrt(n)``:
  the normal approximation of the mean of ``n`` independent hands (the central limit theorem;
  the limits are approximate, the figures they are built from exact);
* whether the return meets a jurisdiction's **minimum** (Nevada Gaming Regulation 14.040: at
  least 75 % of every wager, video poker played optimally), compared exactly.

Exact figures are Fractions until they are written: the JSON carries each as a float and as an
exact ``"p/q"`` string; the normal quantiles and everything built from a square root are floats.

>>> round(z_score(Fraction(9, 10)), 4), round(z_score(Fraction(19, 20)), 4)
(1.6449, 1.96)
>>> limits = confidence_limits(Fraction(99, 100), 4.0, Fraction(19, 20), 10_000)
>>> round(limits[0], 6), round(limits[1], 6)
(0.911601, 1.068399)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Any

from cpoly.games.videopoker.play.summary import GameAnalysis

__all__ = ["CONFIDENCES", "HANDS", "LIMITS_METHOD", "HandFigures", "confidence_limits", "hand_figures",
           "volatility_figures", "z_score"]

#: The confidence levels of the volatility index and the limits.
CONFIDENCES = (Fraction(9, 10), Fraction(19, 20))
#: Hands after which the confidence limits of the return are given.
HANDS = (1_000, 10_000, 100_000, 1_000_000, 10_000_000)
LIMITS_METHOD = "normal approximation: return +- z * SD / sqrt(hands)"


def z_score(confidence: Fraction) -> float:
    """The two-sided standard normal quantile of ``confidence`` (0.95 -> 1.95996...)."""
    return NormalDist().inv_cdf(0.5 + float(confidence) / 2)


def confidence_limits(expected: Fraction, deviation: float, confidence: Fraction, hands: int) -> tuple[float, float]:
    """``expected -+ z * deviation / sqrt(hands)``: the normal approximation's limits of the
    average return of ``hands`` independent hands."""
    half = z_score(confidence) * deviation / math.sqrt(hands)
    return float(expected) - half, float(expected) + half


def volatility_figures(expected: Fraction, deviation: float) -> dict[str, Any]:
    """The volatility index at each of :data:`CONFIDENCES` and the confidence limits after each
    of :data:`HANDS`, as a PAR sheet's JSON carries them.

    >>> figures = volatility_figures(Fraction(1), 2.0)
    >>> round(figures["volatility_index"][1]["index"], 4), figures["confidence_limits"]["rows"][0]["hands"]
    (3.9199, 1000)
    """
    limits = [{"hands": n, "limits": [dict(zip(("confidence", "low", "high"),
                                               (float(c), *confidence_limits(expected, deviation, c, n))))
                                      for c in CONFIDENCES]} for n in HANDS]
    return {"volatility_index": [{"confidence": float(c), "z": z_score(c), "index": z_score(c) * deviation}
                                 for c in CONFIDENCES],
            "confidence_limits": {"method": LIMITS_METHOD, "rows": limits}}


@dataclass(frozen=True)
class HandFigures:
    """One final hand of the table: its pays (``dealt`` when the table pays it otherwise
    dealt), combinations, probability, contribution to the return, cycle (``1 / probability``,
    None when it never happens) and share of the return (None when the return is 0)."""

    name: str
    pays: Fraction
    dealt: Fraction | None
    combinations: int
    probability: Fraction
    contribution: Fraction
    cycle: Fraction | None
    share: Fraction | None


def hand_figures(analysis: GameAnalysis, names: Sequence[str]) -> list[HandFigures]:
    """Every final hand of ``analysis`` (``names``: its categories, "Nothing" last)."""
    pays = [*analysis.paytable.pays, Fraction(0)]
    dealt = [*(analysis.paytable.dealt_pays or [None] * analysis.paytable.n_categories), None]
    expected = analysis.expected_return
    return [HandFigures(name, pays[i], dealt[i], analysis.combinations[i], probability, contribution,
                        1 / probability if probability else None, contribution / expected if expected else None)
            for i, (name, probability, contribution) in enumerate(zip(names, analysis.probabilities,
                                                                       analysis.contributions))]
