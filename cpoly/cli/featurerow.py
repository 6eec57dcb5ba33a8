"""What every feature kind's output module shares: the inputs an analysis reads
(:class:`FeatureInputs`), the row of :data:`cpoly.cli.featurekinds.FEATURES` that says how the
commands treat a kind (:class:`FeatureKind`), and the pieces of its JSON and text (an exact
figure beside its float, a distribution's shares, a plain table as lines).

>>> pair("share", Fraction(1, 4))
{'share': 0.25, 'share_exact': '1/4'}
>>> shares("levels", [("1", Fraction(1, 2))])
{'label': 'levels', 'rows': [{'value': '1', 'share': 0.5, 'share_exact': '1/2'}]}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from cpoly.cli.analyze_options import exact
from cpoly.cli.output import plain_table

if TYPE_CHECKING:  # the solvers load NumPy and the parser: only for a game with a feature
    from cpoly.cli.daskoptions import FeatureCluster
    from cpoly.games.videopoker.feature.linestates import Kept
    from cpoly.games.videopoker.feature.moments import StatedVariance
    from cpoly.games.videopoker.play.summary import GameAnalysis, Progress
    from cpoly.games.videopoker.prepare.prepared import PreparedGame
    from cpoly.lang.features import Feature
    from cpoly.lang.paytable import PayTable

__all__ = ["FeatureInputs", "FeatureKind", "pair", "shares", "stated_variances", "table_lines"]


class FeatureInputs(NamedTuple):
    """What an analysis may read: the prepared single deck (refused for other games), the pay
    table analysed and the base game's optimal return (each asked only when needed); ``keep``
    receives the states a solved feature leaves (``analyze`` keeps them for a warm ``hold`` in
    a state: :func:`~cpoly.cli.statehold.state_keeper`); ``progress(done, total)`` is told how
    a long solve advances (a row with ``measured``); ``base``: the base game's analysis (its
    holds and tie rule: Spin Poker plays them), None where a command has none; ``cluster``: the
    Dask cluster a multi-line Ultimate X solve runs its heavy passes on (None: this process)."""

    prepared: Callable[[], PreparedGame]
    paytable: PayTable
    base_return: Callable[[], Fraction]
    keep: Callable[[Feature, Kept], None] | None = None
    progress: Progress | None = None
    base: Callable[[], GameAnalysis] | None = None
    cluster: FeatureCluster | None = None


def _every(feature: Any) -> bool:
    return True


def _none(analysis: Any) -> Sequence[StatedVariance]:
    return ()


def stated_variances(analysis: Any) -> Sequence[StatedVariance]:
    """The exact variances an analysis states (its ``variances``)."""
    found: Sequence[StatedVariance] = analysis.variances
    return found


def _stated(analysis: Any) -> Fraction:
    value: Fraction = analysis.expected_return
    return value


class FeatureKind(NamedTuple):
    """How the commands treat one kind of feature, or the part of a kind it ``solves`` (see
    :mod:`cpoly.cli.featurekinds`); ``returns``: the return the commands state, per total bet;
    ``measured``: the analysis reports its progress (a bar instead of a spinner);
    ``variances``: the exact variances it states, each with its definition (none: not exact)."""

    method: str
    analyse: Callable[[FeatureInputs, Any], Any]
    lines: Callable[[Any], list[str]]
    json: Callable[[Any], dict[str, Any]]
    states: Callable[[Any], Kept] | None = None
    solves: Callable[[Any], bool] = _every
    returns: Callable[[Any], Fraction] = _stated
    measured: bool = False
    variances: Callable[[Any], Sequence[StatedVariance]] = _none


def pair(name: str, value: Fraction) -> dict[str, Any]:
    """``name`` as a float and ``name_exact`` as the exact fraction's text."""
    return {name: float(value), f"{name}_exact": exact(value)}


def shares(label: str, rows: Sequence[tuple[str, Fraction]]) -> dict[str, Any]:
    """A distribution in the JSON: its label and each value's share."""
    return {"label": label, "rows": [{"value": value, **pair("share", share)} for value, share in rows]}


def table_lines(columns: list[str], rows: list[list[str]]) -> list[str]:
    """A plain table of these columns and rows, as lines."""
    text = plain_table(None, columns, rows, [True] * len(columns))
    assert text is not None  # digits, dots and percent signs only
    return text.rstrip("\n").split("\n")
