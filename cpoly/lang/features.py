"""Video-poker features as data in the game section: ``feature KIND "title": setting, …``.

A feature changes what a final hand is worth beyond its pay: Multi-Strike levels, Ultimate X's
next-hand multipliers, a multiplier layer (Super Times Pay, Hot Roll), a wheel bonus on named
categories (Wheel Poker, Lucky Quads), Dream Card.  Each kind is one row of :data:`KINDS`: its
settings, what each holds and whether it is required; :func:`feature_of` checks a statement
against its row and the game's categories, every mistake an error at the offending item; a game
has one feature at most (:func:`features_of`: no two compose).

>>> from cpoly.lang.syntax import read_module
>>> text = 'feature multi_strike: levels (1, 2, 4, 8), free_ride (8.25%, 7.8%, 7.8%)'
>>> statement = read_module(text, "ms.cp").statements[0]
>>> feature = feature_of(statement, ["RoyalFlush", "Flush"])
>>> feature.kind, [str(m) for m in feature.levels], [str(c) for c in feature.free_ride]
('multi_strike', ['1', '2', '4', '8'], ['33/400', '39/500', '39/500'])
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from cpoly.errors import CpolyError, CpolyNameError, Span, Warning_
from cpoly.lang import syntax as S

__all__ = ["KINDS", "LARGEST", "SPIN_PATHS", "DreamCard", "Feature", "MultiStrike", "MultiplierLayer", "SpinPoker",
           "UltimateX", "WheelBonus", "base_game_only", "feature_name", "feature_of", "features_of",
           "weighted_average"]


@dataclass(frozen=True)
class MultiStrike:
    """Levels played bottom up, each paying ``levels[k]`` times the pay table; a paying hand
    moves the player up; ``free_ride[k]``: the chance that level ``k`` (all but the top)
    moves the player up whatever its hand."""

    title: str | None
    levels: tuple[Fraction, ...]
    free_ride: tuple[Fraction, ...]
    span: Span
    kind = "multi_strike"


@dataclass(frozen=True)
class UltimateX:
    """The next hand on a line pays ``next_multiplier[category]`` times (1 after any other
    hand); the bet is ``bet`` times the base bet, on ``lines`` lines sharing the held cards."""

    title: str | None
    lines: int
    bet: Fraction
    next_multiplier: dict[str, Fraction]
    span: Span
    kind = "ultimate_x"


@dataclass(frozen=True)
class MultiplierLayer:
    """Each hand's pays are multiplied by one of ``multipliers`` drawn with ``weights`` before
    the deal (Super Times Pay, Hot Roll), for an extra ``extra_bet`` times the base bet.

    The extra bet may also buy a *deal wheel* (Super Times Pay Wheel Poker): with chance
    ``deal_wheel_chance`` the deal awards a spin of a wheel of ``deal_wheel_values`` (drawn with
    ``deal_wheel_weights``), in coins of a base bet of ``deal_wheel_bet`` coins, whatever the
    cards: it adds :attr:`deal_wheel_worth` per unit of the base bet and leaves the strategy alone.

    >>> from cpoly.errors import Span
    >>> layer = MultiplierLayer(None, (Fraction(1),), (Fraction(1),), Fraction(1), Span("x", 1, 1, ""),
    ...                         Fraction(1, 50), (Fraction(300), Fraction(900)), (Fraction(3), Fraction(1)), Fraction(15))
    >>> layer.deal_wheel_worth
    Fraction(3, 5)
    """

    title: str | None
    multipliers: tuple[Fraction, ...]
    weights: tuple[Fraction, ...]
    extra_bet: Fraction
    span: Span
    deal_wheel_chance: Fraction = Fraction(0)
    deal_wheel_values: tuple[Fraction, ...] = ()
    deal_wheel_weights: tuple[Fraction, ...] = ()
    deal_wheel_bet: Fraction = Fraction(1)
    kind = "multiplier_layer"

    @property
    def deal_wheel_average(self) -> Fraction:
        """The deal wheel's average award, in its coins (0: no deal wheel)."""
        return weighted_average(self.deal_wheel_values, self.deal_wheel_weights) if self.deal_wheel_values else Fraction(0)

    @property
    def deal_wheel_worth(self) -> Fraction:
        """The deal wheel's chance times its average award, per unit of the base bet (0: none)."""
        return self.deal_wheel_chance * self.deal_wheel_average / self.deal_wheel_bet


@dataclass(frozen=True)
class WheelBonus:
    """A hand of one of ``categories`` spins a wheel instead of its pay: ``values`` with
    ``weights`` (their weighted average is the award), per unit bet; the wheel costs an extra
    ``extra_bet`` times the base bet (Wheel Poker's sixth coin: 1/5)."""

    title: str | None
    categories: tuple[str, ...]
    values: tuple[Fraction, ...]
    weights: tuple[Fraction, ...]
    span: Span
    extra_bet: Fraction = Fraction(0)
    kind = "wheel"

    @property
    def average(self) -> Fraction:
        """The wheel's average award."""
        return weighted_average(self.values, self.weights)


def weighted_average(values: Sequence[Fraction], weights: Sequence[Fraction]) -> Fraction:
    """The mean of ``values`` drawn with ``weights``.

    >>> weighted_average((Fraction(100), Fraction(400)), (Fraction(3), Fraction(1)))
    Fraction(175, 1)
    """
    return sum((v * w for v, w in zip(values, weights)), Fraction(0)) / sum(weights, Fraction(0))


@dataclass(frozen=True)
class DreamCard:
    """With chance ``chance`` a hand's fifth card is the best one of those left for its first four."""

    title: str | None
    chance: Fraction
    span: Span
    kind = "dream_card"


#: Spin Poker's paylines by default, rows per column (T top, M middle: the deal, B bottom).
#: Lines 1-7 as the published descriptions give them; lines 8 and 9 (``MTTTM``, ``MBBBM``) are
#: the usual nine-line pattern's, confirmed by no source (docs/language.md, Spin Poker).
SPIN_PATHS = ("MMMMM", "TTTTT", "BBBBB", "TMBMT", "BMTMB", "TTMBB", "BBMTT", "MTTTM", "MBBBM")
#: The window's columns: one per card of the hand.
SPIN_COLUMNS = 5


@dataclass(frozen=True)
class SpinPoker:
    """Spin Poker: the first ``lines`` of ``paths`` (a row per column, ``T``, ``M`` or ``B``)
    through a 3x5 window whose empty positions are filled from one deck; the held cards are
    copied to every row.

    >>> SpinPoker(None, 2, Span("x", 1, 1, "")).paths[:2]
    ('MMMMM', 'TTTTT')
    """

    title: str | None
    lines: int
    span: Span
    paths: tuple[str, ...] = SPIN_PATHS
    kind = "spin"


Feature = MultiStrike | UltimateX | MultiplierLayer | WheelBonus | DreamCard | SpinPoker


# ---- what a setting holds ------------------------------------------------------------------
Reader = Callable[[S.FeatureSetting, Sequence[str]], object]


#: The largest number a feature takes: a multiplier, weight or award beyond it is a typo, and
#: the solvers' float scores and int64 sums are not made for it.
LARGEST = 10**6


def _amounts(setting: S.FeatureSetting) -> list[tuple[Fraction, Span]]:
    for item in setting.items:
        if item.amount is None or item.name is not None:
            raise CpolyError(f"'{setting.name}' takes numbers, not '{item.name}'", item.span)
        _within_largest(setting.name, item.amount.value, item.span)
    return [(item.amount.value, item.span) for item in setting.items if item.amount is not None]


def _within_largest(name: str, value: Fraction, span: Span) -> None:
    """Refuses a number of ``name`` beyond :data:`LARGEST` either way.

    >>> _within_largest("levels", Fraction(10**7), Span("f.cp", 1, 9))
    Traceback (most recent call last):
    cpoly.errors.CpolyError: 'levels' takes numbers up to 1,000,000, not 10,000,000
    """
    if abs(value) > LARGEST:
        shown = f"{int(value):,}" if value.denominator == 1 else str(value)
        shown = shown if len(shown) <= 40 else f"{shown[:20]}... ({len(shown)} characters)"
        raise CpolyError(f"'{name}' takes numbers up to {LARGEST:,}, not {shown}", span)


def positives(setting: S.FeatureSetting, categories: Sequence[str]) -> tuple[Fraction, ...]:
    """Numbers above 0 (multipliers, weights, awards)."""
    for value, span in _amounts(setting):
        if value <= 0:
            raise CpolyError(f"'{setting.name}' must be above 0, not {value}", span)
    return tuple(value for value, _ in _amounts(setting))


def chances(setting: S.FeatureSetting, categories: Sequence[str]) -> tuple[Fraction, ...]:
    """Chances in 0..1 (``7.6%``, ``0.076`` or ``19/250``)."""
    for value, span in _amounts(setting):
        if not 0 <= value <= 1:
            raise CpolyError(f"a chance is between 0 and 1 (0% and 100%), not {float(value):g}", span)
    return tuple(value for value, _ in _amounts(setting))


def one_chance(setting: S.FeatureSetting, categories: Sequence[str]) -> Fraction:
    return _one(setting, chances(setting, categories))


def one_positive(setting: S.FeatureSetting, categories: Sequence[str]) -> Fraction:
    return _one(setting, positives(setting, categories))


def line_count(setting: S.FeatureSetting, categories: Sequence[str]) -> int:
    """A whole number of lines, at least 1."""
    value = _one(setting, positives(setting, categories))
    if value.denominator != 1:
        raise CpolyError(f"'{setting.name}' is a whole number of lines, not {value}", setting.items[0].span)
    return int(value)


def spin_paths(setting: S.FeatureSetting, categories: Sequence[str]) -> tuple[str, ...]:
    """Paths through Spin Poker's window: five letters, a row per column (``T``, ``M``, ``B``),
    each path once."""
    paths: list[str] = []
    for item in setting.items:
        if item.name is None or item.amount is not None:
            raise CpolyError(f"'{setting.name}' takes paths like TMBMT: a row per column, T, M or B", item.span)
        if len(item.name) != SPIN_COLUMNS or not set(item.name) <= set("TMB"):
            raise CpolyError(f"a path is {SPIN_COLUMNS} rows, one per column, each T, M or B; not '{item.name}'",
                             item.span)
        if item.name in paths:
            raise CpolyError(f"path '{item.name}' is given twice (payline {paths.index(item.name) + 1})", item.span)
        paths.append(item.name)
    return tuple(paths)


def category_names(setting: S.FeatureSetting, categories: Sequence[str]) -> tuple[str, ...]:
    """Categories of the game, each once."""
    names: list[str] = []
    for item in setting.items:
        if item.name is None or item.amount is not None:
            raise CpolyError(f"'{setting.name}' takes category names", item.span)
        names.append(_category(item.name, item.span, categories, names))
    return tuple(names)


def category_amounts(setting: S.FeatureSetting, categories: Sequence[str]) -> dict[str, Fraction]:
    """``Category amount`` pairs, each category once, each amount above 0."""
    found: dict[str, Fraction] = {}
    for item in setting.items:
        if item.name is None or item.amount is None:
            raise CpolyError(f"'{setting.name}' takes pairs like 'FullHouse 12'", item.span)
        _category(item.name, item.span, categories, list(found))
        _within_largest(setting.name, item.amount.value, item.amount.span)
        if item.amount.value <= 0:
            raise CpolyError(f"the multiplier of '{item.name}' must be above 0, not {item.amount.value}",
                             item.amount.span)
        found[item.name] = item.amount.value
    return found


def _one(setting: S.FeatureSetting, values: tuple[Fraction, ...]) -> Fraction:
    if len(values) != 1:
        raise CpolyError(f"'{setting.name}' takes one number, not {len(values)}", setting.span)
    return values[0]


def _category(name: str, span: Span, categories: Sequence[str], seen: Sequence[str]) -> str:
    if name not in categories:
        close = difflib.get_close_matches(name, categories, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise CpolyNameError(f"'{name}' is not a category of this game{hint}", span)
    if name in seen:
        raise CpolyError(f"'{name}' is named twice", span)
    return name


# ---- the kinds: settings (reader, required) and how a checked feature is built ---------------
Settings = dict[str, tuple[Reader, bool]]
KINDS: dict[str, tuple[Settings, Callable[..., Feature]]] = {
    "multi_strike": ({"levels": (positives, True), "free_ride": (chances, True)}, MultiStrike),
    "ultimate_x": ({"lines": (line_count, False), "bet": (one_positive, False),
                    "multipliers": (category_amounts, True)}, UltimateX),
    "multiplier_layer": ({"multipliers": (positives, True), "weights": (positives, True),
                          "extra_bet": (one_positive, True),
                          "deal_wheel_chance": (one_chance, False), "deal_wheel_values": (positives, False),
                          "deal_wheel_weights": (positives, False), "deal_wheel_bet": (one_positive, False)},
                         MultiplierLayer),
    "wheel": ({"on": (category_names, True), "values": (positives, True), "weights": (positives, False),
               "extra_bet": (one_positive, False)}, WheelBonus),
    "dream_card": ({"chance": (one_chance, True)}, DreamCard),
    "spin": ({"lines": (line_count, False), "paths": (spin_paths, False)}, SpinPoker),
}
#: Each setting's field of the feature, where the names differ.
_FIELDS = {("ultimate_x", "multipliers"): "next_multiplier", ("wheel", "on"): "categories"}
_DEFAULTS: dict[str, dict[str, object]] = {"ultimate_x": {"lines": 1, "bet": Fraction(2)},
                                            "spin": {"lines": len(SPIN_PATHS)}}
#: Weights and the values they weigh, per kind (weights not given weigh the values equally).
_WEIGHED = {"multiplier_layer": (("weights", "multipliers"), ("deal_wheel_weights", "deal_wheel_values")),
            "wheel": (("weights", "values"),)}
#: Settings that need others: a deal wheel's weights or bet mean nothing without its chance and values.
_NEEDS = {"multiplier_layer": {name: ("deal_wheel_chance", "deal_wheel_values") for name in
                               ("deal_wheel_chance", "deal_wheel_values", "deal_wheel_weights", "deal_wheel_bet")}}


def feature_of(statement: S.FeatureDecl, categories: Sequence[str]) -> Feature:
    """The checked feature of a ``feature`` statement of a game with these categories."""
    if statement.kind not in KINDS:
        close = difflib.get_close_matches(statement.kind, list(KINDS), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise CpolyError(f"unknown feature '{statement.kind}'{hint}; the features are {', '.join(KINDS)}",
                         statement.kind_span)
    if statement.title is not None and not statement.title.strip():
        raise CpolyError(f"an empty title: name the {statement.kind} feature, or give no title", statement.kind_span)
    settings, build = KINDS[statement.kind]
    values: dict[str, object] = dict(_DEFAULTS.get(statement.kind, {}))
    given: set[str] = set()
    for setting in statement.settings:
        if setting.name not in settings:
            close = difflib.get_close_matches(setting.name, list(settings), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise CpolyError(f"{statement.kind} has no setting '{setting.name}'{hint}; its settings are "
                             f"{', '.join(settings)}", setting.span)
        if setting.name in given:
            raise CpolyError(f"'{setting.name}' is given twice", setting.span)
        given.add(setting.name)
        values[_FIELDS.get((statement.kind, setting.name), setting.name)] = settings[setting.name][0](setting,
                                                                                                       categories)
    missing = [name for name, (_, required) in settings.items() if required and name not in given]
    if missing:
        raise CpolyError(f"{statement.kind} needs {', '.join(repr(m) for m in missing)}", statement.kind_span)
    _weigh_equally(statement.kind, values)
    return _consistent(build(title=statement.title, span=statement.span, **values), statement)


#: The most lines of Ultimate X (Spin Poker's are bounded by its paths).
MOST_ULTIMATE_X_LINES = 10


def _consistent(feature: Feature, statement: S.FeatureDecl) -> Feature:
    """Checks between settings: the settings a given one needs, as many free-ride chances as
    levels below the top, as many weights as multipliers or wheel values."""
    where = {s.name: s.span for s in statement.settings}
    for name, needed in _NEEDS.get(feature.kind, {}).items():
        missing = [n for n in needed if name in where and n not in where]
        if missing:
            raise CpolyError(f"'{name}' needs {', '.join(repr(m) for m in missing)} too", where[name])
    if isinstance(feature, SpinPoker):
        return _spin_lines(feature, where)
    if isinstance(feature, UltimateX) and feature.lines > MOST_ULTIMATE_X_LINES:
        raise CpolyError(f"ultimate_x has at most {MOST_ULTIMATE_X_LINES} lines (the exact solution over the totals "
                         f"of {MOST_ULTIMATE_X_LINES} lines takes minutes; its linear systems grow with the lines), not {feature.lines}", where["lines"])
    if isinstance(feature, UltimateX) and feature.lines > 1:
        _whole_multipliers(statement)
    if isinstance(feature, MultiStrike) and len(feature.levels) < 2:
        raise CpolyError("multi_strike needs at least two levels", where["levels"])
    if isinstance(feature, MultiStrike) and len(feature.free_ride) != len(feature.levels) - 1:
        raise CpolyError(f"free_ride needs one chance for each level below the top: "
                         f"{len(feature.levels) - 1}, not {len(feature.free_ride)}", where["free_ride"])
    for weights_name, values_name in _WEIGHED.get(feature.kind, ()):
        listed, weights = getattr(feature, values_name), getattr(feature, weights_name)
        if len(weights) != len(listed):
            raise CpolyError(f"{weights_name} needs one weight for each of the {len(listed)} values, "
                             f"not {len(weights)}", where[weights_name])
    return feature


def _spin_lines(feature: SpinPoker, where: dict[str, Span]) -> SpinPoker:
    """Spin Poker plays the first ``lines`` of its paths (all of them when ``lines`` is not given)."""
    if "lines" not in where:
        return replace(feature, lines=len(feature.paths))
    if feature.lines > len(feature.paths):
        raise CpolyError(f"spin has {len(feature.paths)} paths, so at most {len(feature.paths)} lines, "
                         f"not {feature.lines}", where["lines"])
    return feature


def _weigh_equally(kind: str, values: dict[str, object]) -> None:
    """Equal weights for the values of each weights setting of ``kind`` not given."""
    for weights_name, values_name in _WEIGHED.get(kind, ()):
        listed = values.get(values_name, ())
        if weights_name not in values and isinstance(listed, tuple):
            values[weights_name] = (Fraction(1),) * len(listed)


def _whole_multipliers(statement: S.FeatureDecl) -> None:
    """Ultimate X on several lines takes whole multipliers: its exact solution packs the totals
    of the lines' multipliers as exponents, and a fraction's denominator multiplies their count
    (a multiplier of 999999/1000000 ran for hours on 3 lines of an 18-card deck)."""
    for setting in statement.settings:
        for item in setting.items if setting.name == "multipliers" else ():
            if item.amount is not None and item.amount.value.denominator != 1:
                raise CpolyError(f"ultimate_x on several lines takes whole multipliers, not {item.amount.value} "
                                 f"(one line takes any)", item.amount.span)


def features_of(statements: Sequence[S.FeatureDecl], categories: Sequence[str], copies: int,
                ordered: bool) -> tuple[Feature, ...]:
    """The checked features of a game: one at most (:func:`_one_feature`), and Dream Card needs
    a deck of distinct cards dealt unordered (the best fifth card of those left)."""
    found: list[Feature] = []
    for statement in statements:
        feature = feature_of(statement, categories)
        if found:
            raise _one_feature(found[0], feature, statement)
        if isinstance(feature, DreamCard) and (copies > 1 or ordered):
            raise CpolyError("dream_card needs one deck of distinct cards dealt unordered; this game "
                             f"{'has ' + str(copies) + ' copies of each card' if copies > 1 else 'orders its deals'}",
                             statement.kind_span)
        found.append(feature)
    return tuple(found)


def _one_feature(first: Feature, second: Feature, statement: S.FeatureDecl) -> CpolyError:
    """The error at a game's second feature, naming both: no two features compose.  Each solver
    values the final hands of the base game with its own feature alone (Multi-Strike's levels,
    Ultimate X's multipliers, a wheel's award as the pay; a multiplier layer and Spin Poker over
    the base game's return and holds; Dream Card over the base game's fifth card), so a game with
    two would be answered as two games, each wrong for the game declared.  The first is named by
    its line, or by its file, line and column when another file declared it (an import).

    >>> from cpoly.lang.syntax import read_module
    >>> text = 'feature multi_strike: levels (1, 2), free_ride 5%\\nfeature ultimate_x: multipliers (Flush 2)'
    >>> features_of(read_module(text, "two.cp").statements, ["Flush"], 1, False)
    Traceback (most recent call last):
    cpoly.errors.CpolyError: a second feature: ultimate_x cannot be played with multi_strike (line 1): cpoly solves each feature on the base game alone, so a game has one (give each its own file importing the base game)
    """
    where = f"line {first.span.line}" if first.span.path == statement.span.path else str(first.span)
    return CpolyError(f"a second feature: {feature_name(second)} cannot be played with {feature_name(first)} ({where}): "
                      "cpoly solves each feature on the base game alone, so a game has one (give each its own file "
                      "importing the base game)", statement.kind_span)


def feature_name(feature: Feature) -> str:
    """The feature's kind, and its title when it has one: ``wheel "Lucky Quads"``."""
    return f'{feature.kind} "{feature.title}"' if feature.title else feature.kind


def base_game_only(feature: Feature) -> Warning_:
    """The warning of a command that leaves ``feature`` out (a command that solves it drops
    this warning: one message, compared whole)."""
    return Warning_(f"feature {feature_name(feature)}: this command plays the base game only (docs/language.md, "
                    "Features: the commands that solve it)", feature.span)
