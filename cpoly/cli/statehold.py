"""``cpoly hold GAME CARDS --level K`` and ``--multipliers M ...``: a deal's 32 holds in one
state of a feature game, exact.

The state turns into values of the final hands (:mod:`~cpoly.games.videopoker.feature.states`):
at Multi-Strike level K (no Free Ride) a paying hand pays ``m_K`` times and earns the next
level's worth; at an Ultimate X multiplier a hand pays that many times and is worth the relative
value of the multiplier it sets.  Those need the feature solved (:mod:`~cpoly.cli.featurekinds`),
so the first ``hold`` in a state solves it and keeps every state's values
(:mod:`~cpoly.games.videopoker.warm.statefile`); later ones answer warm from the prepared-game
file and those values, without NumPy or the parser.  A state the game cannot be in (a level
beyond its top, a multiplier not in its table, a count of values other than its lines, an
option of a feature the game does not have) is refused, naming the value.

On Ultimate X of several lines a hold's worth is not a value per category: it is
``T * E[pay] + Σ_t P(next total = t) H(t)`` (:mod:`~cpoly.games.videopoker.feature.linestates`),
``T`` the total of the given multipliers; :func:`hold_in_lines_state` plays it, the state kept
as the relative value of each total.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.errors import CpolyError, CpolyInputError
from cpoly.games.videopoker.feature.linestates import Kept, LineTotals, future_value
from cpoly.games.videopoker.feature.states import (
    HOLD_OPTIONS,
    StateValue,
    check_state,
    state_label,
    state_labels,
    state_of,
    state_pays,
)
from cpoly.games.videopoker.hold.holdchoice import HoldReport, HoldResult, choose_hold

if TYPE_CHECKING:
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.games.videopoker.gamesource import GameSource
    from cpoly.lang.features import Feature, MultiStrike, UltimateX
    from cpoly.lang.paytable import PayTable, ScaledPays

__all__ = ["asked_state", "checked_state", "game_feature", "hold_in_lines_state", "hold_in_state", "keep_states",
           "lines_result", "played_warnings", "solved_kept", "solved_states", "state_hold", "state_json", "state_keeper",
           "state_lines", "state_summary"]


def asked_state(args: argparse.Namespace) -> tuple[str, tuple[Fraction, ...]] | None:
    """The feature kind and state the options ask for (None: the base game)."""
    asked = [(kind, values) for kind, values in (("multi_strike", [args.level] if args.level is not None else []),
                                                 ("ultimate_x", args.multipliers or [])) if values]
    if not asked:
        return None
    if len(asked) > 1:
        raise CpolyInputError("--level and --multipliers name states of two different features: give one")
    if getattr(args, "mine", None) is not None:  # hold's option
        raise CpolyInputError(f"--mine with {HOLD_OPTIONS[asked[0][0]][0]} is not supported: your hold is "
                              "costed in the base game")
    kind, values = asked[0]
    try:
        return kind, tuple(Fraction(str(value)) for value in values)
    except (ValueError, ZeroDivisionError):
        raise CpolyInputError(f"{HOLD_OPTIONS[kind][0]} {' '.join(map(str, values))}: numbers, e.g. 4 1 12") from None


def state_hold(args: argparse.Namespace, kind: str, asked: tuple[Fraction, ...]
               ) -> tuple[HoldReport, dict[str, Any], list[str]]:
    """The holds of the deal in the state, the state (:func:`state_json`) and the warnings to
    print (the feature's own dropped: it is played)."""
    report, value, warnings = _warm(args, kind, asked) or _cold(args, kind, asked)
    return report, state_json(report, kind, asked, value), warnings


def state_json(report: HoldReport, kind: str, asked: Sequence[Fraction], value: StateValue | LineTotals
               ) -> dict[str, Any]:
    """The state in ``hold --json``: :func:`state_summary`, or on several lines the total
    of the multipliers and the relative value of each total."""
    if isinstance(value, LineTotals):
        return {"feature": kind, "option": HOLD_OPTIONS[kind][0], "value": state_label(asked),
                "multiplier": str(sum(asked, Fraction(0))), "lines": value.lines,
                "relative_values": {str(total): str(worth) for total, worth in sorted(value.relative.items())}}
    return state_summary(report.categories, kind, asked, value)


def state_summary(categories: Sequence[str], kind: str, asked: Sequence[Fraction], value: StateValue) -> dict[str, Any]:
    """A state in the commands' JSON: the option and its value, and what each category adds."""
    return {"feature": kind, "option": HOLD_OPTIONS[kind][0], "value": state_label(asked),
            "multiplier": str(value.multiplier),
            "added": {name: f"{w.numerator}/{w.denominator}" for name, w in zip(categories, value.extra)}}


def state_lines(state: dict[str, Any]) -> list[str]:
    """The state under ``hold``'s text."""
    if "lines" in state:
        return [f"{state['option']} {state['value']}: the {state['lines']} lines pay {state['multiplier']} x the pay in "
                "all; a hold is also worth the relative value of the total its lines set, averaged",
                "(EVs per unit of one line's base bet, all lines together; the relative values exactly in --json)"]
    what = ("a paying hand also earns the next level's worth (no Free Ride at this level)"
            if state["feature"] == "multi_strike" else "a hand is also worth the relative value of the multiplier it sets")
    return [f"{state['option']} {state['value']}: each final hand pays {state['multiplier']} x its pay; {what}",
            "(EVs per unit of one line's base bet; the added values exactly in --json)"]


Answer = tuple[HoldReport, StateValue | LineTotals, list[str]]


def _warm(args: argparse.Namespace, kind: str, asked: tuple[Fraction, ...]) -> Answer | None:
    """From the prepared-game file and the kept states; None when the slow path must answer."""
    from cpoly.games.videopoker.hold.tiebreak import choose_tie_rule
    from cpoly.games.videopoker.warm.holdfile import WarmHold, header_paytable, header_warnings
    from cpoly.games.videopoker.warm.statefile import load_states

    warm = WarmHold.open(args.file)
    if warm is None:
        return None
    try:
        header = warm.header
        feature = next((f for f in header["features"] if f["kind"] == kind), None)
        table, warnings = header_paytable(header, args.paytable), header_warnings(header, args.file)
        if feature is None or table is None or warnings is None:
            return None
        states = load_states(header["key"], table, kind, feature["title"])
        if states is None:
            return None
        value = _value_of(states, asked, kind, int(feature["lines"]))
        deal = warm.deal(args.cards)
        counts = warm.counts(deal)
        if counts is None:
            return None
        pays = _pays_in(table, value, asked)
        report = warm.report(deal, counts, table, choose_tie_rule(args.tie_rule, header["tie_rule"]).rule, pays)
        if isinstance(value, LineTotals):
            faces = [card[0] for card in header["deck"]]
            report = report._replace(result=lines_result(report.result, value, pays, faces))
    except CpolyError:
        raise
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return report, value, [line for line in warnings if line != feature["warning"]]


def _cold(args: argparse.Namespace, kind: str, asked: tuple[Fraction, ...]) -> Answer:
    """The game loaded, the feature solved and its states kept (and the prepared-game file)."""
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.games.videopoker.warm.preparedfile import store_hold_file

    poker = VideoPoker.load(args.file)
    table = poker.paytable(args.paytable)
    deal = poker.deal_indices(args.cards)
    feature = checked_state(poker, kind, asked, several_lines=True)  # before the feature is solved
    poker.game.check_dealt(poker.game.parse_hand(args.cards))
    poker.require_zero_one()
    value = _value_of(solved_kept(poker, table, feature, not args.json), asked, kind, feature_lines(feature))
    store_hold_file(poker, args.file)
    result = (hold_in_lines_state(poker, table, deal, value, asked, args.tie_rule) if isinstance(value, LineTotals)
              else hold_in_state(poker, table, deal, value, args.tie_rule))
    report = HoldReport(poker.game.spec.title, table.name, False, (*poker.game.category_names, "Nothing"),
                        {card: poker.card_name(card) for card in deal}, result)
    return report, value, played_warnings(poker, [feature])


def played_warnings(poker: VideoPoker, played: Sequence[Feature]) -> list[str]:
    """The loaded game's warnings, rendered, without the base-game warning of each feature
    ``played`` (every other feature keeps it: never silently left out)."""
    from cpoly.cli.featurekinds import warnings_left

    return warnings_left([warning.render() for warning in poker.game.program.warnings], played)


def hold_in_state(poker: VideoPoker, table: PayTable, deal: Sequence[int], value: StateValue,
                  tie_rule: str | None) -> HoldResult:
    """The 32 holds of ``deal`` (card indices) when each final hand is worth ``value``, exact
    (the game's ``tie_rule`` unless one is given)."""
    from cpoly.games.videopoker.hold.holdchoice import play_deal
    from cpoly.games.videopoker.play.plain import hold_outcomes

    return play_deal(deal, hold_outcomes(deal, poker.single_deck()).tolist(), state_pays(table, value),
                     poker.n_cards, poker.tie_rule_choice(tie_rule).rule, poker.faces.tolist())


def _value_of(kept: Kept, asked: Sequence[Fraction], kind: str, lines: int) -> StateValue | LineTotals:
    """The state ``asked`` of the kept states (refused naming the value when the game cannot
    be in it): its category values, or a lines game's totals once each multiplier is known."""
    if isinstance(kept, LineTotals):
        check_state(kept.multipliers, asked, kind, kept.lines)
        return kept
    return state_of(kept, asked, kind, lines)


def _pays_in(table: PayTable, value: StateValue | LineTotals, asked: Sequence[Fraction]) -> ScaledPays:
    """The pays a hold in the state reads: the state's values, or on several lines the pays
    times the total of the multipliers (the rest is :func:`lines_result`'s)."""
    total = sum(asked, Fraction(0))
    return state_pays(table, StateValue(total, ()) if isinstance(value, LineTotals) else value)


def hold_in_lines_state(poker: VideoPoker, table: PayTable, deal: Sequence[int], totals: LineTotals,
                        asked: Sequence[Fraction], tie_rule: str | None) -> HoldResult:
    """The 32 holds of ``deal`` with the lines' multipliers ``asked`` on a game of several
    lines, exact: ``T * E[pay] + Σ_t P(next total = t) H(t)`` (the game's ``tie_rule``
    unless one is given)."""
    pays = _pays_in(table, totals, asked)
    result = hold_in_state(poker, table, deal, StateValue(sum(asked, Fraction(0)), ()), tie_rule)
    return lines_result(result, totals, pays, poker.faces.tolist())


def lines_result(result: HoldResult, totals: LineTotals, pays: ScaledPays, faces: Sequence[int]) -> HoldResult:
    """``result`` (the holds at the total's multiplier) with each hold's future added and the
    hold chosen again by its tie rule."""
    options = [option._replace(ev=option.ev + future_value(option.counts, totals)) for option in result.options]
    return choose_hold(result.deal, options, pays, result.tie_rule, faces)


def game_feature(poker: VideoPoker, kind: str) -> MultiStrike | UltimateX:
    """The game's feature of ``kind`` (a state option's), refused when the game has none or the
    commands do not solve it."""
    from cpoly.cli.featurekinds import solved_by
    from cpoly.lang.features import MultiStrike, UltimateX

    feature = next((f for f in poker.game.spec.features if f.kind == kind), None)
    option = HOLD_OPTIONS[kind][0]
    if feature is None:
        raise CpolyInputError(f"{option}: this game has no {kind} feature")
    if not solved_by([feature]):
        raise CpolyInputError(f"{option}: this {kind} feature is not solved by the commands yet")
    assert isinstance(feature, (MultiStrike, UltimateX))
    return feature


def feature_lines(feature: MultiStrike | UltimateX) -> int:
    """How many values a state of ``feature`` has (a level: one)."""
    from cpoly.lang.features import UltimateX

    return feature.lines if isinstance(feature, UltimateX) else 1


def checked_state(poker: VideoPoker, kind: str, asked: Sequence[Fraction], several_lines: bool = False
                  ) -> MultiStrike | UltimateX:
    """The game's feature of ``kind``, once ``asked`` is known to be one of its states (refused
    naming the value otherwise), before anything is solved; a state of several lines only
    where ``several_lines`` (``hold``: the others need values per category)."""
    feature = game_feature(poker, kind)
    lines = feature_lines(feature)
    if lines > 1 and not several_lines:
        raise CpolyInputError(f"{HOLD_OPTIONS[kind][0]} on a game of {lines} lines: only cpoly hold plays such a "
                              "state (a hold's worth there is not a value per final hand)")
    check_state(state_labels(feature), asked, kind, lines)
    return feature


def solved_states(poker: VideoPoker, table: PayTable, feature: MultiStrike | UltimateX,
                  show: bool) -> dict[str, StateValue]:
    """Every state of ``feature`` (one line, :func:`checked_state`) as category values."""
    kept = solved_kept(poker, table, feature, show)
    assert not isinstance(kept, LineTotals)  # several lines: refused by checked_state
    return kept


def solved_kept(poker: VideoPoker, table: PayTable, feature: MultiStrike | UltimateX, show: bool) -> Kept:
    """Every state of ``feature`` under ``table``: the kept ones (``analyze`` or a ``hold`` in
    a state kept them), else solved (a progress bar or a spinner when ``show``) and kept."""
    from cpoly.cli.featurekinds import row_of, solve
    from cpoly.cli.featurerow import FeatureInputs
    from cpoly.games.videopoker.warm.statefile import load_states

    sources = _sources_key(poker)
    kept = None if sources is None else load_states(sources, table, feature.kind, feature.title)
    if kept is not None:
        return kept
    row = row_of(feature)
    assert row is not None and row.states is not None  # game_feature: the commands solve it
    analysis = solve(row, feature, FeatureInputs(poker.single_deck, table, lambda: Fraction(0)), show,
                     "(once: its states are kept)")
    states = row.states(analysis)
    keep_states(poker, table, feature, states)
    return states


def _sources_key(poker: VideoPoker) -> str | None:
    """The key kept states are filed under (None: definitions without one, or overridden)."""
    sources = poker.game.program.module.sources
    return None if sources is None or poker.game.program.overridden else sources.key()


def state_keeper(source: GameSource, table: PayTable, use_cache: bool
                 ) -> Callable[[Feature, Kept], None] | None:
    """What keeps a solved feature's states for ``analyze`` and ``report`` (None: nothing to
    keep them for; a feature game is always the loaded source)."""
    from cpoly.games.videopoker.gamesource import LoadedSource

    if not use_cache or not isinstance(source, LoadedSource):
        return None
    poker = source.poker
    return lambda feature, states: keep_states(poker, table, feature, states)


def keep_states(poker: VideoPoker, table: PayTable, feature: Feature, states: Kept) -> None:
    """Keep the states for a warm ``hold`` (games whose definitions have a sources key)."""
    from cpoly.games.videopoker.warm.statefile import store_states

    key = _sources_key(poker)
    if key is not None:
        store_states(key, table, feature.kind, feature.title, states)
