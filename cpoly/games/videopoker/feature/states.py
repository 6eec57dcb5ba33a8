"""A feature game's state as values of the final hands: what ``hold --level K`` and ``hold
--multipliers 4 1 12`` play (and, later, ``strategy --level K``).

In a state of a feature game a final hand of category ``c`` is worth ``multiplier * pay[c] +
extra[c]``: at Multi-Strike level ``K`` (no Free Ride) every paying category pays ``m_K`` times
and also earns the next level's worth; at an Ultimate X multiplier ``m`` a hand pays ``m`` times
and moves the line to the multiplier its category sets, worth its relative value.  A
:class:`StateValue` holds those values, exact; :func:`state_pays` turns one into the integer pays
the hold's arithmetic reads (Python integers: exact whatever the denominators).  Standard library
only: a warm ``hold`` reads it without NumPy.

>>> value = StateValue(Fraction(2), (Fraction(1, 3), Fraction(0)))
>>> state_pays(PayTable("t", (5, 0)), value)
ScaledPays(pays=(31, 0, 0), dealt_pays=(31, 0, 0), denominator=3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, NamedTuple

from cpoly.errors import CpolyInputError
from cpoly.lang.paytable import PayTable, ScaledPays

if TYPE_CHECKING:
    from cpoly.games.videopoker.feature.multistrike import MultiStrikeAnalysis
    from cpoly.games.videopoker.feature.ultimatex import UltimateXAnalysis
    from cpoly.lang.features import MultiStrike, UltimateX

__all__ = ["HOLD_OPTIONS", "StateValue", "check_state", "check_state_size", "level_states", "multiplier_states", "state_label",
           "state_labels", "state_of", "state_pays"]

#: The ``hold`` option that names a state, by feature kind, and what one value of it is.
HOLD_OPTIONS = {"multi_strike": ("--level", "level"), "ultimate_x": ("--multipliers", "multiplier")}


class StateValue(NamedTuple):
    """What a final hand is worth in one state: ``multiplier * pay[c] + extra[c]`` for category
    ``c`` in pay order (``extra`` has one entry per category, "nothing" not included: it is
    worth 0 and leads nowhere)."""

    multiplier: Fraction
    extra: tuple[Fraction, ...]

    def as_json(self) -> dict[str, Any]:
        """Exact strings, read back by :meth:`of_json`.

        >>> StateValue.of_json(StateValue(Fraction(2), (Fraction(1, 3),)).as_json())
        StateValue(multiplier=Fraction(2, 1), extra=(Fraction(1, 3),))
        """
        return {"multiplier": str(self.multiplier), "extra": [str(v) for v in self.extra]}

    @classmethod
    def of_json(cls, data: Mapping[str, Any]) -> StateValue:
        return cls(Fraction(data["multiplier"]), tuple(Fraction(v) for v in data["extra"]))


def state_label(state: Sequence[Fraction]) -> str:
    """A state as it is typed after its option: ``"4 1 12"``."""
    return " ".join(str(value) for value in state)


def state_of(states: Mapping[str, StateValue], asked: Sequence[Fraction], kind: str, lines: int) -> StateValue:
    """The value of the state ``asked`` (its label in ``states``); an input error naming the
    value when the game cannot be in that state (:func:`check_state`)."""
    return states[check_state(list(states), asked, kind, lines)]


def check_state(labels: Sequence[str], asked: Sequence[Fraction], kind: str, lines: int) -> str:
    """The label of the state ``asked`` among ``labels`` (:func:`state_labels`; on several lines,
    each value one of them); an input error naming the value when the game cannot be in that
    state (``lines``: how many values a state has).

    >>> check_state(["1", "2"], [Fraction(3)], "multi_strike", 1)
    Traceback (most recent call last):
    ...
    cpoly.errors.CpolyInputError: --level 3: this game has no level 3 (its levels: 1, 2)
    """
    check_state_size(asked, kind, lines)
    option, noun = HOLD_OPTIONS[kind]
    label = state_label(asked)
    known = sorted({Fraction(value) for each in labels for value in each.split()})
    missing = next((value for value in asked if value not in known), None)
    if missing is None:
        return label
    raise CpolyInputError(f"{option} {label}: this game has no {noun} {missing} "
                          f"(its {noun}s: {', '.join(str(value) for value in known)})")


def state_labels(feature: MultiStrike | UltimateX) -> list[str]:
    """The states a feature's game can be in, before it is solved: the levels (1 at the bottom)
    or the multipliers in force (1 and those of the table), as :func:`level_states` and
    :func:`multiplier_states` label them."""
    from cpoly.lang.features import MultiStrike  # the parser's syntax: not for a warm hold

    if isinstance(feature, MultiStrike):
        return [str(level) for level in range(1, len(feature.levels) + 1)]
    return [state_label([m]) for m in sorted({Fraction(1), *feature.next_multiplier.values()})]


def check_state_size(asked: Sequence[Fraction], kind: str, lines: int) -> None:
    """An input error unless ``asked`` has one value per line (a level: one).

    >>> check_state_size([Fraction(4), Fraction(1)], "ultimate_x", 1)
    Traceback (most recent call last):
    ...
    cpoly.errors.CpolyInputError: --multipliers 4 1: this game plays 1 line, give one multiplier for each
    """
    option, noun = HOLD_OPTIONS[kind]
    if len(asked) != lines:
        raise CpolyInputError(f"{option} {state_label(asked)}: this game plays {lines} line"
                              f"{'s' if lines != 1 else ''}, give one {noun} for each")


def state_pays(paytable: PayTable, value: StateValue) -> ScaledPays:
    """The integer pays of ``paytable`` in the state ``value`` (dealt pays too), over their
    common denominator: exact Python integers, however large."""
    worth = [[value.multiplier * paytable.pay(c, dealt) + (value.extra[c] if c < len(value.extra) else 0)
              for c in range(paytable.n_categories + 1)] for dealt in (False, True)]
    denominator = lcm(*(v.denominator for row in worth for v in row))
    ordinary, dealt = ([int(v * denominator) for v in row] for row in worth)
    return ScaledPays(tuple(ordinary), tuple(dealt), denominator)


def level_states(analysis: MultiStrikeAnalysis) -> dict[str, StateValue]:
    """Each Multi-Strike level played without a Free Ride (label: the level, 1 at the bottom):
    its multiplier, and every paying category also earns the next level's worth."""
    from cpoly.games.videopoker.feature.multistrike import paying_categories

    paying = paying_categories(analysis.paytable)
    states = {}
    for below, above in zip(analysis.levels, (*analysis.levels[1:], None)):
        worth = Fraction(0) if above is None else above.on_reaching
        extra = tuple(worth if c in paying else Fraction(0) for c in range(analysis.paytable.n_categories))
        states[str(below.level)] = StateValue(below.multiplier, extra)
    return states


def multiplier_states(analysis: UltimateXAnalysis) -> dict[str, StateValue]:
    """Each multiplier in force on a single-line Ultimate X game: a hand pays that many times
    and moves the line to the multiplier its category sets (1 for the others), worth its
    relative value under the optimal policy."""
    relative = {state.multiplier: state.relative_value for state in analysis.states}
    following = analysis.feature.next_multiplier
    extra = tuple(relative[following.get(name, Fraction(1))] for name in analysis.paytable.categories)
    return {state_label([state.multiplier]): StateValue(state.multiplier, extra) for state in analysis.states}
