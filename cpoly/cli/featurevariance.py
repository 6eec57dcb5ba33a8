"""A feature's exact variances in ``analyze`` and ``report``: each with its standard deviation
and its definition (what it is the variance of, per which bet), in the JSON's ``variances``
and in lines after the feature's table; and the PAR sheet's volatility index and confidence
limits of the return (:func:`~cpoly.games.videopoker.par.sheet.volatility_figures`) from the
variance a session's total grows by (``of_sessions``), labelled with it (``volatility``).

>>> from cpoly.games.videopoker.feature.moments import StatedVariance
>>> stated = [StatedVariance("per game", Fraction(9, 4), "of one game's total")]
>>> variances_json(stated)[0]["standard_deviation"], variance_lines(stated)
(1.5, ['variance per game 2.250000 (9/4), SD 1.500000:', "  of one game's total"])
>>> found = volatility_json(Fraction(1), variances_json(stated))
>>> found["variance"], found["unit"], round(found["volatility_index"][0]["index"], 4)
('per game', 'games', 2.4673)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.analyze_options import exact
from cpoly.games.videopoker.par.sheet import volatility_figures

if TYPE_CHECKING:
    from cpoly.games.videopoker.feature.moments import StatedVariance

__all__ = ["shown_exact", "variance_lines", "variances_json", "volatility_json"]


def variances_json(variances: Sequence[StatedVariance]) -> list[dict[str, Any]]:
    """One object per variance: its label, definition, value (float and exact), SD and
    whether a session's total grows by it (``of_sessions``)."""
    return [{"label": v.label, "definition": v.definition, "variance": float(v.value), "variance_exact": exact(v.value),
             "standard_deviation": math.sqrt(v.value), "of_sessions": v.of_sessions} for v in variances]


def variance_lines(variances: Sequence[StatedVariance]) -> list[str]:
    """Two lines per variance: value (exact when short) and SD, then its definition."""
    return [line for v in variances for line in (
        f"variance {v.label} {float(v.value):.6f} ({shown_exact(v.value)}), SD {math.sqrt(v.value):.6f}:",
        f"  {v.definition}")]


def shown_exact(value: Fraction) -> str:
    """A fraction's exact text when it is short (40 characters), else where to find it."""
    text = exact(value)
    return text if len(text) <= 40 else "exact in --json"



def volatility_json(expected: Fraction, variances: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The volatility index and the confidence limits of the return after so many units of
    play (``unit``: games, rounds, hands) from the first variance of :func:`variances_json`
    a session's total grows by (``variance``: its label); None when none is stated."""
    stated = next((v for v in variances if v["of_sessions"]), None)
    if stated is None:
        return None
    return {"variance": stated["label"], "unit": f"{stated['label'].split()[-1]}s",
            **volatility_figures(expected, math.sqrt(Fraction(stated["variance_exact"])))}
