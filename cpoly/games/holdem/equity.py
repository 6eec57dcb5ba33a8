"""Hold'em equity, for every Hold'em game: one pipeline from the question to the result.

:func:`equity` checks what was asked once (:class:`~cpoly.games.holdem.planner.Request`), reads
the deal once (:func:`~cpoly.games.holdem.deal.make_deal`: the game's showdown reads the hands),
prices the game's registered methods (:mod:`~cpoly.games.holdem.registry`) and runs the one the
plan chooses (:func:`~cpoly.games.holdem.planner.plan_method`).  Standard Hold'em, short deck and
Omaha differ only in their rules, their showdown and the methods they register.

>>> r = equity(["AsAh", "KsKh"])
>>> r.players[0].win, r.players[1].win, r.players[0].tie, r.players[0].equity_exact
(1410336, 292660, 9308, Fraction(707495, 856152))
>>> equity(["AsAhKsKh", "QdJdTc9c"], game="definitions/omaha.cp", samples=100, seed=-1)
Traceback (most recent call last):
cpoly.errors.CpolyInputError: a seed is a whole number 0 or more, got -1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cpoly.games.holdem.deal import Deal, HandLike, make_deal
from cpoly.games.holdem.gamefile import GameLike, resolve_game
from cpoly.games.holdem.intcards import CardsLike
from cpoly.games.holdem.planner import Plan, Progress, Request, check_seed, plan_method
from cpoly.games.holdem.registry import methods_for
from cpoly.games.holdem.results import EquityResult

__all__ = ["check_seed", "choose_method", "equity", "exact_equity"]


def exact_equity(deal: Deal, flushes: bool = True, reason: str = "exact (requested)",
                 progress: Progress | None = None, method: str | None = None) -> EquityResult:
    """Exact equity of a validated deal by ``method`` (planned when None), its reason ``reason``."""
    request = Request(exact=True, flushes=flushes)
    methods = methods_for(deal)
    name = plan_method(deal, request, methods).method if method is None else method
    return methods.get(name).run(deal, request, Plan(name, reason), progress)


def choose_method(deal: Deal) -> tuple[bool, str]:
    """The automatic choice as (exact, reason); see :func:`~cpoly.games.holdem.planner.plan_method`."""
    plan = plan_method(deal, Request(), methods_for(deal))
    return plan.method != "monte carlo", plan.reason


def equity(hands: Sequence[HandLike], board: CardsLike = "", dead: CardsLike = "",
           *, exact: bool | None = None, samples: int | None = None, seed: int | None = None,
           flushes: bool = True, progress: Progress | None = None,
           game: GameLike = None) -> EquityResult:
    """Equity of each hand given board and dead cards, in any Hold'em game.  Hold'em hands are
    two cards, ``As?``, ``??`` or a weighted range; Omaha hands their four (or more) cards or a
    pattern (``AAxx``).  Cards may be text, integers 0..51 or (face 2..14, suit 1..4) pairs.

    Parameters
    ----------
    exact
        True: exact enumeration; False: Monte Carlo; None: chosen from one estimate of each
        method's cost (the reason is in ``method_reason``).
    samples, seed
        Monte Carlo sample count (default :data:`~cpoly.games.holdem.planner.DEFAULT_SAMPLES`)
        and generator seed (a whole number 0 or more).
    flushes
        False ranks hands by their ranks only (seed 000's "poker with no flushes"; Hold'em).
    progress
        ``progress(done, total)``: runouts, boards or suit classes done (exact) or samples drawn.
    game
        The game: a ``.cp`` file (``definitions/short_deck.cp``, ``definitions/omaha.cp``), its
        :class:`~cpoly.games.holdem.rules.GameRules`, or None for standard Hold'em.
    """
    deal = make_deal(hands, board, dead, resolve_game(game))
    request = Request(exact, samples, seed, flushes)
    methods = methods_for(deal)
    plan = plan_method(deal, request, methods)
    result = methods.get(plan.method).run(deal, request, plan, progress)
    return replace(result, board=deal.board, dead=deal.dead)
