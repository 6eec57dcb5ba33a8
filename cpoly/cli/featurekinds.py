"""Feature games in the commands: one row of :data:`FEATURES` per feature kind of the game file
(:mod:`cpoly.lang.features`) says how ``analyze`` and ``report`` solve it, print it and write
its JSON, and which states ``hold`` can play in.

A kind has one row or several (Ultimate X: one line, several lines); a feature's row is the
first of its kind's that solves it (:func:`row_of`).  A row (:class:`FeatureKind`) holds the
method's name, the analysis (from the game's prepared deal, the pay table, the base game's
return and a progress callback: :class:`FeatureInputs`), its text lines, its JSON, the states it
leaves (:mod:`~cpoly.games.videopoker.feature.states`, or the relative value of each total of
the lines' multipliers: :mod:`~cpoly.games.videopoker.feature.linestates`; None: no state to
play in), which features of the kind it solves, the return it states (per total bet) and whether
it drives a progress bar.  Every JSON has ``kind``, ``title``, ``method``, ``return``
(``return_exact``), and for the PAR report a ``frequency`` (what the feature's chance is of, or
None) and a ``distribution`` (levels reached, time at each multiplier).  A kind without a row,
or a feature no row solves, keeps the base game's warning
(:func:`cpoly.lang.features.base_game_only`).  Adding a kind is adding a row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from cpoly.cli.analyze_options import Report, exact
from cpoly.cli.featurevariance import shown_exact, variance_lines, variances_json
from cpoly.cli.output import plain_table, progress_bar, working
from cpoly.games.videopoker.feature.linestates import Kept, line_totals
from cpoly.games.videopoker.feature.states import level_states, multiplier_states

if TYPE_CHECKING:  # the solvers load NumPy and the parser: only for a game with a feature
    from cpoly.cli.daskoptions import FeatureCluster
    from cpoly.games.videopoker.feature.dreamcard import DreamCardAnalysis
    from cpoly.games.videopoker.feature.layers import LayerAnalysis, WheelAnalysis
    from cpoly.games.videopoker.feature.moments import StatedVariance
    from cpoly.games.videopoker.feature.multistrike import MultiStrikeAnalysis
    from cpoly.games.videopoker.feature.spinvariance import SpinAnalysis
    from cpoly.games.videopoker.feature.ultimatex import UltimateXAnalysis
    from cpoly.games.videopoker.feature.ultimatexlines import UltimateXLinesAnalysis
    from cpoly.games.videopoker.gamesource import GameSource
    from cpoly.games.videopoker.play.summary import GameAnalysis, Progress
    from cpoly.games.videopoker.prepare.prepared import PreparedGame
    from cpoly.lang.features import DreamCard, Feature, MultiplierLayer, MultiStrike, SpinPoker, UltimateX, WheelBonus
    from cpoly.lang.paytable import PayTable

__all__ = ["FEATURES", "FeatureInputs", "FeatureKind", "LinesFound", "multiplay_note", "row_of", "solve", "solved_by",
           "solved_features", "warnings_left", "with_features"]


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


def _stated_variances(analysis: Any) -> Sequence[StatedVariance]:
    found: Sequence[StatedVariance] = analysis.variances
    return found


def _stated(analysis: Any) -> Fraction:
    value: Fraction = analysis.expected_return
    return value


class FeatureKind(NamedTuple):
    """How the commands treat one kind of feature, or the part of a kind it ``solves`` (see
    the module docstring); ``returns``: the return the commands state, per total bet;
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


def _pair(name: str, value: Fraction) -> dict[str, Any]:
    return {name: float(value), f"{name}_exact": exact(value)}


def _shares(label: str, rows: Sequence[tuple[str, Fraction]]) -> dict[str, Any]:
    return {"label": label, "rows": [{"value": value, **_pair("share", share)} for value, share in rows]}


def _table(columns: list[str], rows: list[list[str]]) -> list[str]:
    text = plain_table(None, columns, rows, [True] * len(columns))
    assert text is not None  # digits, dots and percent signs only
    return text.rstrip("\n").split("\n")


# ---- Multi-Strike --------------------------------------------------------------------------
def _reach_chances(found: MultiStrikeAnalysis) -> list[Fraction]:
    """The chance of reaching each level (1 for the bottom): a Free Ride or a paying hand."""
    chances = [Fraction(1)]
    for level in found.levels[:-1]:
        chances.append(chances[-1] * (level.free_ride + (1 - level.free_ride) * level.paying_chance))
    return chances


def _multi_strike_json(found: MultiStrikeAnalysis) -> dict[str, Any]:
    reach = _reach_chances(found)
    return {**_pair("base_return", found.base_return), "deals": found.deals,
            "frequency": {"label": "chance of reaching level 2", **_pair("value", reach[1])},
            "distribution": _shares("chance of reaching each level", [(str(v.level), r) for v, r in zip(found.levels, reach)]),
            "levels": [{"level": v.level, **_pair("multiplier", v.multiplier), **_pair("free_ride", v.free_ride),
                        **_pair("with_free_ride", v.with_free_ride), **_pair("without_free_ride", v.without_free_ride),
                        **_pair("on_reaching", v.on_reaching), **_pair("paying_chance", v.paying_chance),
                        "deals_held_otherwise": v.deals_held_otherwise} for v in found.levels]}


def _multi_strike_lines(found: MultiStrikeAnalysis) -> list[str]:
    rows = [[str(v.level), f"{v.multiplier}", f"{float(v.free_ride):.2%}" if v.level < len(found.levels) else "-", f"{float(v.with_free_ride):.6f}",
             f"{float(v.without_free_ride):.6f}", f"{float(v.on_reaching):.6f}", f"{r:.6f}",
             f"{v.deals_held_otherwise:,}"] for v, r in zip(found.levels, map(float, _reach_chances(found)))]
    return [*_table(["level", "pays x", "free ride", "with free ride", "without", "on reaching", "reached",
                     "deals held otherwise"], rows),
            "per unit bet (one unit per level); worth in units; reached: the chance of playing that level;",
            f"deals held otherwise: of the {found.deals:,} deals, those whose best hold at that level (no Free",
            "Ride) is not a best hold of the base game"]


# ---- Ultimate X ----------------------------------------------------------------------------
def _ultimate_x_json(found: UltimateXAnalysis) -> dict[str, Any]:
    above = sum((s.share for s in found.states if s.multiplier != 1), Fraction(0))
    return {**_pair("base_return", found.base_return), **_pair("gain", found.gain), **_pair("bet", found.feature.bet),
            "lines": found.feature.lines, "iterations": found.iterations,
            "frequency": {"label": "hands played at a multiplier above 1", **_pair("value", above)},
            "distribution": _shares("time at each multiplier", [(str(s.multiplier), s.share) for s in found.states]),
            "states": [{**_pair("multiplier", s.multiplier), **_pair("share", s.share),
                        **_pair("relative_value", s.relative_value), **_pair("expected_pay", s.expected_pay),
                        "deals_held_otherwise": s.deals_held_otherwise} for s in found.states]}


def _ultimate_x_lines(found: UltimateXAnalysis) -> list[str]:
    rows = [[f"{s.multiplier}", f"{float(s.share):.4%}", f"{float(s.expected_pay):.6f}", f"{float(s.relative_value):.6f}",
             f"{s.deals_held_otherwise:,}"] for s in found.states]
    return [*_table(["multiplier", "time", "pay per hand", "relative value", "deals held otherwise"], rows),
            f"per bet of {found.feature.bet} units; {found.iterations} rounds of policy iteration; relative value: the",
            "worth of playing a hand at that multiplier against 1x; deals held otherwise: those whose best hold",
            "at that multiplier is not a best hold of the base game"]


# ---- Ultimate X on several lines -----------------------------------------------------------
LINES_METHOD = ("policy iteration on the average-reward problem over the total of the lines' multipliers, "
                "every evaluation exact")
MODEL_METHOD = ("per-line model: each line's future valued by the single-line relative values, its holds "
                "evaluated exactly over the totals")


class LinesFound(NamedTuple):
    """Ultimate X on several lines solved exactly, and the per-line model's return beside it."""

    exact: UltimateXLinesAnalysis
    model_return: Fraction

    @property
    def expected_return(self) -> Fraction:
        return self.exact.expected_return

    @property
    def variances(self) -> tuple[StatedVariance, ...]:
        return self.exact.variances


def _lines_json(found: LinesFound) -> dict[str, Any]:
    exact_found = found.exact
    above = sum((share for m, share in exact_found.line_shares if m != 1), Fraction(0))
    return {**_pair("base_return", exact_found.base_return), **_pair("gain", exact_found.gain),
            **_pair("bet", exact_found.feature.bet), "lines": exact_found.feature.lines,
            "iterations": exact_found.iterations,
            "frequency": {"label": "line-hands played at a multiplier above 1", **_pair("value", above)},
            "distribution": _shares("time at each multiplier, per line",
                                    [(str(m), share) for m, share in exact_found.line_shares]),
            "totals": [{**_pair("total", s.total), **_pair("share", s.share), **_pair("relative_value", s.relative_value),
                        "deals_held_otherwise": s.deals_held_otherwise} for s in exact_found.states],
            "per_line_model": {"method": MODEL_METHOD, **_pair("return", found.model_return),
                               **_pair("error", found.model_return - exact_found.expected_return)}}


def _lines_lines(found: LinesFound) -> list[str]:
    exact_found, n = found.exact, found.exact.feature.lines
    totals = [[f"{s.total}", f"{float(s.share):.4%}", f"{float(s.relative_value):.6f}", f"{s.deals_held_otherwise:,}"]
              for s in exact_found.states]
    shares = [[f"{m}", f"{float(share):.4%}"] for m, share in exact_found.line_shares]
    error = found.model_return - exact_found.expected_return
    return [*_table(["total", "time", "relative value", "deals held otherwise"], totals),
            *_table(["multiplier", "time per line"], shares),
            f"exact ({n} lines over the totals): return {float(exact_found.expected_return):.9%} per bet of "
            f"{exact_found.feature.bet} units a line; {exact_found.iterations} rounds of policy iteration",
            f"per-line model: return {float(found.model_return):.9%}, {float(error):+.3e} against the exact",
            "relative value: the worth of playing a hand at that total against all lines at 1x; deals held otherwise:",
            "those whose best hold at that total is not a best hold of the base game"]


# ---- bonus layers --------------------------------------------------------------------------
def _layer_json(found: LayerAnalysis) -> dict[str, Any]:
    feature = found.feature
    total = sum(feature.weights, Fraction(0))
    above = sum((w for m, w in zip(feature.multipliers, feature.weights) if m > 1), Fraction(0)) / total
    return {**_pair("base_return", found.base_return), **_pair("mean_multiplier", found.mean_multiplier),
            **_pair("extra_bet", feature.extra_bet),
            "frequency": {"label": "hands with a multiplier above 1", **_pair("value", above)},
            "distribution": _shares("multiplier drawn", [(str(m), w / total)
                                                         for m, w in zip(feature.multipliers, feature.weights)]),
            "deal_wheel": _deal_wheel_json(feature)}


def _deal_wheel_json(feature: MultiplierLayer) -> dict[str, Any] | None:
    """The layer's deal wheel (None: it has none): chance, award, bet, worth per base bet."""
    if not feature.deal_wheel_values:
        return None
    total = sum(feature.deal_wheel_weights, Fraction(0))
    return {**_pair("chance", feature.deal_wheel_chance), **_pair("bet", feature.deal_wheel_bet),
            **_pair("average_award", feature.deal_wheel_average),
            **_pair("worth_per_base_bet", feature.deal_wheel_worth),
            "distribution": _shares("deal wheel award", [(str(v), w / total) for v, w in
                                                         zip(feature.deal_wheel_values, feature.deal_wheel_weights)])}


def _layer_lines(found: LayerAnalysis) -> list[str]:
    feature = found.feature
    if not feature.deal_wheel_values:
        return [f"base return {float(found.base_return):.6%} x mean multiplier {float(found.mean_multiplier):.6f} / "
                f"(1 + extra bet {feature.extra_bet}); the strategy is the base game's"]
    return [f"(base return {float(found.base_return):.6%} x mean multiplier {float(found.mean_multiplier):.6f} + deal "
            f"wheel {float(feature.deal_wheel_worth):.6f}) / (1 + extra bet {feature.extra_bet})",
            f"deal wheel: a spin with chance {float(feature.deal_wheel_chance):.4%} on the deal, whatever the cards, "
            f"{float(feature.deal_wheel_average):.2f} on average over a base bet of {feature.deal_wheel_bet}; the "
            "strategy is the base game's"]


def _wheel_json(found: WheelAnalysis) -> dict[str, Any]:
    feature = found.feature
    total = sum(feature.weights, Fraction(0))
    return {**_pair("base_return", found.base_return), **_pair("average_award", feature.average),
            **_pair("extra_bet", feature.extra_bet), **_pair("return_per_base_bet", found.expected_return),
            "on": list(feature.categories), "deals_held_otherwise": found.deals_held_otherwise,
            "frequency": None,
            "distribution": _shares("wheel award", [(str(v), w / total) for v, w in zip(feature.values, feature.weights)])}


def _wheel_lines(found: WheelAnalysis) -> list[str]:
    extra = found.feature.extra_bet
    per_total = ([] if not extra else
                 [f"per base bet {float(found.expected_return):.6%}; the return above is per total bet: the base "
                  f"bet and the wheel's extra {extra}"])
    return [f"{', '.join(found.feature.categories)} pay the wheel's average award {float(found.feature.average):.6f}; "
            f"base game {float(found.base_return):.6%}; {found.deals_held_otherwise:,} deals held otherwise", *per_total]


def _dream_json(found: DreamCardAnalysis) -> dict[str, Any]:
    chance = found.feature.chance
    return {**_pair("base_return", found.base_return), **_pair("dream_value", found.dream_value),
            **_pair("chance", chance),
            "frequency": {"label": "hands dealt a Dream Card", **_pair("value", chance)},
            "distribution": _shares("fifth card", [("best of those left", chance), ("random", 1 - chance)])}


def _dream_lines(found: DreamCardAnalysis) -> list[str]:
    return [f"with chance {float(found.feature.chance):.4%} the fifth card is the best left: a deal then worth "
            f"{float(found.dream_value):.6f} on average; else the base game's {float(found.base_return):.6%}"]


# ---- Spin Poker ----------------------------------------------------------------------------
def _spin_json(found: SpinAnalysis) -> dict[str, Any]:
    deals = sum(found.deals_by_discards)
    return {**_pair("base_return", found.base_return), **_pair("base_variance", found.base_variance),
            "lines": found.feature.lines, "bet": "one unit per line",
            **_pair("variance_per_line", found.per_line()), **_pair("variance_per_total_bet", found.per_total_bet()),
            **_pair("variance_of_round", found.variance()),
            "frequency": None,
            "distribution": _shares("deals by cards discarded", [(str(d), Fraction(count, deals))
                                                                 for d, count in enumerate(found.deals_by_discards)]),
            "deal_classes_by_discards": list(found.classes_by_discards),
            "by_lines": [{"lines": n, **_pair("variance_per_line", found.per_line(n)),
                          "standard_deviation_per_line": float(found.per_line(n)) ** 0.5,
                          **_pair("variance_per_total_bet", found.per_total_bet(n)),
                          "standard_deviation_per_total_bet": float(found.per_total_bet(n)) ** 0.5}
                         for n in range(1, len(found.mean_squares) + 1)]}


def _spin_lines(found: SpinAnalysis) -> list[str]:
    rows = [[f"{n}{' *' if n == found.feature.lines else ''}", f"{float(found.per_line(n)):.4f}",
             f"{float(found.per_line(n)) ** 0.5:.4f}", f"{float(found.per_total_bet(n)):.4f}",
             f"{float(found.per_total_bet(n)) ** 0.5:.4f}"] for n in range(1, len(found.mean_squares) + 1)]
    return [*_table(["lines", "variance per line", "sd per line", "variance per total bet", "sd per total bet"], rows),
            f"the return is the base game's, per line bet and per total bet alike; * the game's {found.feature.lines} "
            "lines; per line: the variance of a round's pay (in line bets) over the lines; per total bet: over "
            "the lines squared; 1 line is the base game",
            "deal classes by cards discarded: " + ", ".join(f"{d}: {count:,}" for d, count in
                                                            enumerate(found.classes_by_discards))]


def _spin(given: FeatureInputs, feature: SpinPoker) -> SpinAnalysis:
    from cpoly.errors import CpolyInputError
    from cpoly.games.videopoker.feature.spinvariance import analyze_spin

    if given.base is None:
        raise CpolyInputError("Spin Poker's variance needs the base game's analysis (analyze or report)")
    return analyze_spin(given.prepared(), given.base(), feature, given.progress)


def _multi_strike(given: FeatureInputs, feature: MultiStrike) -> MultiStrikeAnalysis:
    from cpoly.games.videopoker.feature.multistrike import analyze_multi_strike

    return analyze_multi_strike(given.prepared(), given.paytable, feature)


def _ultimate_x(given: FeatureInputs, feature: UltimateX) -> UltimateXAnalysis:
    from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x

    return analyze_ultimate_x(given.prepared(), given.paytable, feature)


def _layer(given: FeatureInputs, feature: MultiplierLayer) -> LayerAnalysis:
    from cpoly.games.videopoker.feature.layers import analyze_multiplier_layer

    assert given.base is not None  # analyze and report give it
    return analyze_multiplier_layer(given.base_return(), given.base().variance, feature)


def _wheel(given: FeatureInputs, feature: WheelBonus) -> WheelAnalysis:
    from cpoly.games.videopoker.feature.layers import analyze_wheel

    return analyze_wheel(given.prepared(), given.paytable, feature)


def _ultimate_x_lines_solved(given: FeatureInputs, feature: UltimateX) -> LinesFound:
    from cpoly.games.videopoker.feature.ultimatexlines import analyze_ultimate_x_lines, per_line_model_return

    prepared = given.prepared()
    passes = None if given.cluster is None else given.cluster.lines_passes(prepared, given.paytable, feature)
    found = analyze_ultimate_x_lines(prepared, given.paytable, feature, given.progress, passes)
    return LinesFound(found, per_line_model_return(prepared, given.paytable, feature, passes))


def _dream_card(given: FeatureInputs, feature: DreamCard) -> DreamCardAnalysis:
    from cpoly.games.videopoker.feature.dreamcard import analyze_dream_card

    return analyze_dream_card(given.prepared(), given.paytable, feature)


def _per_total_bet(found: WheelAnalysis) -> Fraction:
    return found.return_per_total_bet


#: The feature kinds the commands solve, each kind's rows in order (the first that solves a
#: feature is its row; a feature none solves keeps the base game's warning).
FEATURES: dict[str, tuple[FeatureKind, ...]] = {
    "multi_strike": (FeatureKind(
        "backward induction over the levels, each level a full-game optimisation (exact)",
        _multi_strike, _multi_strike_lines, _multi_strike_json, level_states, variances=_stated_variances),),
    "ultimate_x": (
        FeatureKind("policy iteration on the average-reward problem over the multiplier in force, every evaluation "
                    "exact", _ultimate_x, _ultimate_x_lines, _ultimate_x_json, multiplier_states,
                    solves=lambda feature: feature.lines == 1, variances=_stated_variances),
        FeatureKind(LINES_METHOD, _ultimate_x_lines_solved, _lines_lines, _lines_json,
                    lambda found: line_totals(found.exact), measured=True, variances=_stated_variances)),
    "multiplier_layer": (
        FeatureKind("closed form over the base game's optimal return and the deal wheel's chance times its average "
                    "award (the strategy is unchanged: the spin is awarded on the deal, whatever the hold)", _layer,
                    _layer_lines, _layer_json, solves=lambda feature: bool(feature.deal_wheel_values),
                    variances=_stated_variances),
        FeatureKind("closed form over the base game's optimal return (the strategy is unchanged)", _layer, _layer_lines,
                    _layer_json, variances=_stated_variances)),
    "wheel": (FeatureKind(
        "full-game optimisation with the wheel's average award as the pay (exact); the return per total bet",
        _wheel, _wheel_lines, _wheel_json, returns=_per_total_bet, variances=_stated_variances),),
    "dream_card": (FeatureKind(
        "every four-card set with its best fifth card, each deal worth its best hold's EV (exact)", _dream_card,
        _dream_lines, _dream_json, variances=_stated_variances),),
    "spin": (FeatureKind(
        "the base game's holds; every pair of lines' joint pays by inclusion-exclusion over superset pay "
        "tables, summed over the deal classes (exact)", _spin, _spin_lines, _spin_json, measured=True,
        variances=_stated_variances),),
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
    return f'{feature.kind} "{feature.title}"' if feature.title else feature.kind


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
                     **_pair("return", value), **row.json(analysis), "variances": variances_json(variances)})
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
