"""The lint of a category the pay-only-the-highest rule never pays: it has deals, but every one
of them is also a higher win listed before it (``FourAces`` listed after ``FourOfAKind``), so
``count`` would show it with 0 paid ways and ``analyze`` would pay it nothing.

Read off the counts the game already has (its ways and paid ways); only for such a category
is anything counted again, to name the one higher win that holds all its deals.

>>> from cpoly.api import load_game_text
>>> game = load_game_text('import "poker.cp"\\ncategories FourOfAKind, FourAces', directory="definitions")
>>> print(swallowed(game, [624, 48], [624, 0]).message)
category 'FourAces' is never paid: each of its 48 hands is also a FourOfAKind, which is listed before it (a hand is paid its first category only); list FourAces before FourOfAKind
"""

from __future__ import annotations

from collections.abc import Sequence

from cpoly.count.compiledgame import Game
from cpoly.dag.rewrite import mul, one_minus
from cpoly.dag.symbolic import Number, expand
from cpoly.errors import CpolyError, CpolyTooLarge

__all__ = ["never_paid", "swallowed"]


def never_paid(game: Game, paid: Sequence[Number]) -> CpolyError | None:
    """:func:`swallowed` when only the paid ways are known (the deals of each category, highest
    win only, as a video-poker analysis finds them): a category's ways are counted only when it
    has no paid way."""
    ways = [game.plan.count(game.categories[ref.name], f"category '{ref.name}'") if expand(hands) == 0 else hands
            for ref, hands in zip(game.spec.categories, paid)]
    return swallowed(game, ways, paid)


def swallowed(game: Game, ways: Sequence[Number], paid: Sequence[Number]) -> CpolyError | None:
    """The error at the first category (in the ``categories`` line) with ways but no paid way,
    naming the higher win that swallows it; None when every category with ways is paid, or when
    ``--set`` resized the game (on a small deck every flush may be a straight flush: the lint
    speaks of the game as its writer wrote it, and the table shows the 0 paid ways)."""
    if game.program.overridden:
        return None
    for ref, hands, paid_hands in zip(game.spec.categories, ways, paid):
        if expand(hands) != 0 and expand(paid_hands) == 0:
            higher = _swallower(game, ref.name)
            what = (f"also a {higher[0]}, which is listed before it" if len(higher) == 1 else
                    f"also one of {', '.join(higher)}, listed before it")
            return CpolyError(f"category '{ref.name}' is never paid: each of its {_number(hands)} hands is {what} "
                              f"(a hand is paid its first category only); list {ref.name} before {higher[0]}",
                              ref.span)
    return None


def _swallower(game: Game, name: str) -> list[str]:
    """The higher win that holds every deal of ``name`` (one count per candidate), else all the
    higher wins its paid form excludes."""
    excluded = list(game.exclusions()[name])
    category = game.categories[name]
    for higher in excluded:
        try:
            outside = game.plan.count(mul(category, one_minus(game.categories[higher])), f"{name} outside {higher}")
        except CpolyTooLarge:
            break
        if expand(outside) == 0:
            return [higher]
    return excluded


def _number(value: Number) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)
