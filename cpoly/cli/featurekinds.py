"""Feature games in the commands: one row of :data:`FEATURES` per feature kind of the game file
(:mod:`cpoly.lang.features`) says how ``analyze`` and ``report`` solve it, print it and write
its JSON, and which states ``hold`` can play in; each kind's analysis, text and JSON are its own
module (:mod:`~cpoly.cli.featuremultistrike`, :mod:`~cpoly.cli.featureultimatex`,
:mod:`~cpoly.cli.featureuxlines`, :mod:`~cpoly.cli.featurelayer`, :mod:`~cpoly.cli.featurewheel`,
:mod:`~cpoly.cli.featuredream`, :mod:`~cpoly.cli.featurespin`), and this table is the one place
that maps a kind to them.

A kind has one row or several (Ultimate X: one line, several lines); a feature's row is the
first of its kind's that solves it (:func:`row_of`).  A row
(:class:`~cpoly.cli.featurerow.FeatureKind`) holds the method's name, the analysis (from the
game's prepared deal, the pay table, the base game's return and a progress callback:
:class:`~cpoly.cli.featurerow.FeatureInputs`), its text lines, its JSON, the states it
leaves (:mod:`~cpoly.games.videopoker.feature.states`, or the relative value of each total of
the lines' multipliers: :mod:`~cpoly.games.videopoker.feature.linestates`; None: no state to
play in), which features of the kind it solves, the return it states (per total bet) and whether
it drives a progress bar.  Every JSON has ``kind``, ``title``, ``method``, ``return``
(``return_exact``), and for the PAR report a ``frequency`` (what the feature's chance is of, or
None) and a ``distribution`` (levels reached, time at each multiplier).  A kind without a row,
or a feature no row solves, keeps the base game's warning
(:func:`cpoly.lang.features.base_game_only`).  Adding a kind is adding a module and a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cpoly.cli import featuredream as dream_card
from cpoly.cli import featurelayer as layer
from cpoly.cli import featuremultistrike as multi_strike
from cpoly.cli import featurespin as spin
from cpoly.cli import featureultimatex as ultimate_x
from cpoly.cli import featureuxlines as ultimate_x_lines
from cpoly.cli import featurewheel as wheel
from cpoly.cli.analyze_options import Report
from cpoly.cli.featurerow import FeatureInputs, FeatureKind, pair, stated_variances
from cpoly.cli.featurevariance import shown_exact, variance_lines, variances_json
from cpoly.cli.output import progress_bar, working
from cpoly.games.videopoker.feature.states import level_states, multiplier_states

if TYPE_CHECKING:
    from cpoly.games.videopoker.gamesource import GameSource
    from cpoly.lang.features import Feature

__all__ = ["FEATURES", "multiplay_note", "row_of", "solve", "solved_by", "solved_features", "warnings_left",
           "with_features"]


#: The feature kinds the commands solve, each kind's rows in order (the first that solves a
#: feature is its row; a feature none solves keeps the base game's warning).
FEATURES: dict[str, tuple[FeatureKind, ...]] = {
    "multi_strike": (FeatureKind(
        "backward induction over the levels, each level a full-game optimisation (exact)",
        multi_strike.analyse, multi_strike.text, multi_strike.as_json, level_states, variances=stated_variances),),
    "ultimate_x": (
        FeatureKind("policy iteration on the average-reward problem over the multiplier in force, every evaluation "
                    "exact", ultimate_x.analyse, ultimate_x.text, ultimate_x.as_json, multiplier_states,
                    solves=lambda feature: feature.lines == 1, variances=stated_variances),
        FeatureKind(ultimate_x_lines.LINES_METHOD, ultimate_x_lines.analyse, ultimate_x_lines.text,
                    ultimate_x_lines.as_json, ultimate_x_lines.states, measured=True, variances=stated_variances)),
    "multiplier_layer": (
        FeatureKind("closed form over the base game's optimal return and the deal wheel's chance times its average "
                    "award (the strategy is unchanged: the spin is awarded on the deal, whatever the hold)",
                    layer.analyse, layer.text, layer.as_json, solves=lambda feature: bool(feature.deal_wheel_values),
                    variances=stated_variances),
        FeatureKind("closed form over the base game's optimal return (the strategy is unchanged)", layer.analyse,
                    layer.text, layer.as_json, variances=stated_variances)),
    "wheel": (FeatureKind(
        "full-game optimisation with the wheel's average award as the pay (exact); the return per total bet",
        wheel.analyse, wheel.text, wheel.as_json, returns=wheel.per_total_bet, variances=stated_variances),),
    "dream_card": (FeatureKind(
        "every four-card set with its best fifth card, each deal worth its best hold's EV (exact)", dream_card.analyse,
        dream_card.text, dream_card.as_json, variances=stated_variances),),
    "spin": (FeatureKind(
        "the base game's holds; every pair of lines' joint pays by inclusion-exclusion over superset pay "
        "tables, summed over the deal classes (exact)", spin.analyse, spin.text, spin.as_json, measured=True,
        variances=stated_variances),),
}


def row_of(feature: Feature) -> FeatureKind | None:
    """The row that solves ``feature`` (None: the commands play its base game)."""
    return next((row for row in FEATURES.get(feature.kind, ()) if row.solves(feature)), None)


def solved_by(features: Sequence[Feature]) -> tuple[Feature, ...]:
    """The features the commands solve (a row of their kind solves them)."""
    return tuple(f for f in features if row_of(f) is not None)


def solved_features(source: GameSource, play_as: str | None) -> tuple[Feature, ...]:
    """The features ``analyze`` and ``report`` solve for ``source``: none under ``--play-as``
    (another table's strategy: the features keep their warning)."""
    return () if play_as is not None else solved_by(source.features)


def warnings_left(warnings: Sequence[str], solved: Sequence[Feature]) -> list[str]:
    """``warnings`` without the base-game warning of each solved feature."""
    if not solved:
        return list(warnings)
    from cpoly.lang.features import base_game_only

    dropped = {base_game_only(feature).render() for feature in solved}
    return [line for line in warnings if line not in dropped]


def _titled(feature: Feature) -> str:
    from cpoly.lang.features import feature_name  # the parser: only for a game with a feature

    return feature_name(feature)


def with_features(report: Report, solved: Sequence[Feature], given: FeatureInputs, show: bool) -> Report:
    """``report`` with each solved feature's analysis after its text and in its JSON
    (``features``); a spinner (a progress bar for a ``measured`` row) while one is solved
    when ``show``."""
    if not solved:
        return report
    data, lines = [], list(report.extra_lines)
    for feature in solved:
        row = row_of(feature)
        assert row is not None  # solved: it has a row
        analysis = solve(row, feature, given, show)
        if row.states is not None and given.keep is not None:
            given.keep(feature, row.states(analysis))
        value = row.returns(analysis)
        variances = row.variances(analysis)
        data.append({"kind": feature.kind, "title": feature.title, "method": row.method,
                     **pair("return", value), **row.json(analysis), "variances": variances_json(variances)})
        lines += ["", f"feature {_titled(feature)}: return {float(value):.6%} ({shown_exact(value)})",
                  f"method: {row.method}", *row.lines(analysis), *variance_lines(variances)]
    return _multiplay_noted(replace(report, extra_json={**report.extra_json, "features": data}, extra_lines=lines),
                            solved)


def _multiplay_noted(report: Report, solved: Sequence[Feature]) -> Report:
    """``report`` saying, when it has ``--plays``' multi-play variances, that they are the base
    game's: no feature is played on N lines (never silently)."""
    if "multiplay" not in report.extra_json:
        return report
    note = multiplay_note(solved)
    return replace(report, extra_json={**report.extra_json, "multiplay_note": note}, extra_lines=[*report.extra_lines,
                                                                                                   "", note])


def solve(row: FeatureKind, feature: Feature, given: FeatureInputs, show: bool, why: str = "") -> Any:
    """The row's analysis of ``feature``, with a progress bar or a spinner when ``show``
    (``why``: said after the feature's name)."""
    message = f"solving feature {_titled(feature)}{' ' + why if why else ''}"
    if row.measured:
        with progress_bar(message, show) as update:
            return row.analyse(given._replace(progress=update), feature)
    with working(message, show):
        return row.analyse(given, feature)


def multiplay_note(solved: Sequence[Feature]) -> str:
    """What the multi-play variances of a game with the ``solved`` features are: the base game's."""
    return (f"the multi-play variances (--plays) are the base game's: {', '.join(map(_titled, solved))} "
            "played as one game, not on N lines")
