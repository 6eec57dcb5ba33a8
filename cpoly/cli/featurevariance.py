"""A feature's exact variances in ``analyze`` and ``report``: each with its standard deviation
and its definition (what it is the variance of, per which bet), in the JSON's ``variances``
and in lines after the feature's table.

>>> from cpoly.games.videopoker.feature.moments import StatedVariance
>>> stated = [StatedVariance("per game", Fraction(9, 4), "of one game's total")]
>>> variances_json(stated)[0]["standard_deviation"], variance_lines(stated)
(1.5, ['variance per game 2.250000 (9/4), SD 1.500000:', "  of one game's total"])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.cli.analyze_options import exact

if TYPE_CHECKING:
    from cpoly.games.videopoker.feature.moments import StatedVariance

__all__ = ["shown_exact", "variance_lines", "variances_json"]


def variances_json(variances: Sequence[StatedVariance]) -> list[dict[str, Any]]:
    """One object per variance: its label, definition, value (float and exact) and SD."""
    return [{"label": v.label, "definition": v.definition, "variance": float(v.value), "variance_exact": exact(v.value),
             "standard_deviation": math.sqrt(v.value)} for v in variances]


def variance_lines(variances: Sequence[StatedVariance]) -> list[str]:
    """Two lines per variance: value (exact when short) and SD, then its definition."""
    return [line for v in variances for line in (
        f"variance {v.label} {float(v.value):.6f} ({shown_exact(v.value)}), SD {math.sqrt(v.value):.6f}:",
        f"  {v.definition}")]


def shown_exact(value: Fraction) -> str:
    """A fraction's exact text when it is short (40 characters), else where to find it."""
    text = exact(value)
    return text if len(text) <= 40 else "exact in --json"
