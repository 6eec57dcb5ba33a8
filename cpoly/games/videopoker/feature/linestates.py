"""A state of Ultimate X on several lines: what ``hold --multipliers 4 1 12`` plays on a 3-line game.

On ``n`` lines a hold ``h`` played with the lines' multipliers ``m_1 … m_n`` (total ``T``) is worth

    T * E_h[pay] + Σ_t P_h(next total = t) * H(t)

where each line's next multiplier is ``v`` with the hold's chance ``q_h(v)`` (its final hands of
the categories that set ``v``, over its draws), the lines independent given the hold (each draws
from its own copy of the rest of the deck), so ``P_h`` is the ``n``-fold convolution of ``q_h``;
``H`` is the relative value of each total under the optimal policy
(:func:`~cpoly.games.videopoker.feature.ultimatexlines.analyze_ultimate_x_lines`).  The second
term is not a sum over final hands: no per-category value (a
:class:`~cpoly.games.videopoker.feature.states.StateValue`) can stand for it, so the state is
kept as :class:`LineTotals` and a hold's worth computed here.  Standard library only: a warm
``hold`` reads it without NumPy.

>>> totals = LineTotals(2, (Fraction(3),), {Fraction(2): Fraction(0), Fraction(4): Fraction(1),
...                                         Fraction(6): Fraction(5)})
>>> future_value([1, 1], totals)   # one line in two sets 3x: totals 2, 4, 6 with 1/4, 1/2, 1/4
Fraction(7, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from cpoly.games.videopoker.feature.states import StateValue
    from cpoly.games.videopoker.feature.ultimatexlines import UltimateXLinesAnalysis

__all__ = ["Kept", "LineTotals", "future_value", "line_totals"]


class LineTotals(NamedTuple):
    """An Ultimate X game on ``lines`` lines, solved: the multiplier each category sets
    (``following``, in pay order; "nothing" sets 1) and the relative value of each total of the
    lines' multipliers (``relative``)."""

    lines: int
    following: tuple[Fraction, ...]
    relative: dict[Fraction, Fraction]

    def as_json(self) -> dict[str, Any]:
        """Exact strings, read back by :meth:`of_json`.

        >>> LineTotals.of_json(LineTotals(2, (Fraction(3),), {Fraction(2): Fraction(1, 3)}).as_json())
        LineTotals(lines=2, following=(Fraction(3, 1),), relative={Fraction(2, 1): Fraction(1, 3)})
        """
        return {"lines": self.lines, "following": [str(v) for v in self.following],
                "relative": {str(total): str(value) for total, value in self.relative.items()}}

    @classmethod
    def of_json(cls, data: Mapping[str, Any]) -> LineTotals:
        return cls(int(data["lines"]), tuple(Fraction(v) for v in data["following"]),
                   {Fraction(total): Fraction(value) for total, value in data["relative"].items()})

    @property
    def multipliers(self) -> list[str]:
        """The multipliers a line can be in (1 and those of the table), as ``hold`` types them."""
        return [str(m) for m in sorted({Fraction(1), *self.following})]


#: What a solved feature leaves for ``hold``: per-category values by state, or a lines game's totals.
Kept = dict[str, "StateValue"] | LineTotals


def line_totals(analysis: UltimateXLinesAnalysis) -> LineTotals:
    """The state of a solved game of several lines."""
    following = analysis.feature.next_multiplier
    return LineTotals(analysis.feature.lines,
                      tuple(following.get(name, Fraction(1)) for name in analysis.paytable.categories),
                      {state.total: state.relative_value for state in analysis.states})


def future_value(counts: Sequence[int], totals: LineTotals) -> Fraction:
    """``Σ_t P(next total = t) H(t)`` for a hold whose final hands of each category ("nothing"
    last) number ``counts``: the lines' next multipliers convolved in integers."""
    per_line: dict[Fraction, int] = {}
    for category, count in enumerate(counts):
        following = totals.following[category] if category < len(totals.following) else Fraction(1)
        per_line[following] = per_line.get(following, 0) + count
    ways: dict[Fraction, int] = {Fraction(0): 1}
    for _ in range(totals.lines):
        grown: dict[Fraction, int] = {}
        for total, count in ways.items():
            for following, times in per_line.items():
                grown[total + following] = grown.get(total + following, 0) + count * times
        ways = grown
    worth = sum((count * totals.relative[total] for total, count in ways.items() if count), Fraction(0))
    return worth / Fraction(sum(counts)) ** totals.lines
