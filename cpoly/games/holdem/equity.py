"""Hold'em equity: exact (runouts or board-suit combinatorics per holding) or Monte Carlo.

The method is chosen by :func:`~cpoly.games.holdem.method.plan_method` from one estimate.

>>> r = equity(["AsAh", "KsKh"])
>>> r.players[0].win, r.players[1].win, r.players[0].tie, r.players[0].equity_exact
(1410336, 292660, 9308, Fraction(707495, 856152))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from cpoly.deck.codes import STANDARD
from cpoly.deck.symmetry import holding_classes
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.boards import flush_part, rank_part
from cpoly.games.holdem.deal import Deal, HandLike, make_deal
from cpoly.games.holdem.gamefile import GameLike, resolve_game
from cpoly.games.holdem.intcards import CardsLike
from cpoly.games.holdem.method import MAX_ENUMERATED_HOLDINGS, Plan, plan_method
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.runouts import ALL_COMBOS, enumerate_rows, runout_tally, valid_holdings
from cpoly.games.holdem.tally import Tally

Progress = Callable[[int, int], None]

IntArray = npt.NDArray[np.int64]


def enumerate_holdings(deal: Deal, limit: int) -> tuple[IntArray, IntArray] | None:
    """All valid joint holdings ``(N, P, 2)`` and their weights ``(N,)``; None beyond ``limit``."""
    bound = 1
    for combos in deal.ranges:
        bound *= len(combos)
    if bound > limit:
        return None
    ids, _, weights = enumerate_rows(deal, list(range(len(deal.ranges))))
    if len(ids) == 0:
        raise CpolyInputError(
            "no way to deal these hands without using a card twice: "
            + ", ".join(repr(label) for label in deal.labels))
    return ALL_COMBOS[ids], weights


def _class_weights(labels: IntArray, weights: IntArray, classes: int) -> list[int]:
    summed = np.zeros(classes, dtype=np.int64)
    np.add.at(summed, labels, weights)
    return [int(w) for w in summed]


def rank_classes(holdings: IntArray) -> tuple[IntArray, IntArray]:
    """One representative per class of holdings ``(N, P, 2)`` with the same ranks per player,
    and each holding's class."""
    ranks = np.sort(holdings // 4, axis=2)
    keys = ranks[:, :, 1] * 13 + ranks[:, :, 0]
    _, first, labels = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    return np.asarray(first, dtype=np.int64), np.asarray(labels, dtype=np.int64).ravel()


def holdings_tally(deal: Deal, flushes: bool = True,
                   progress: Progress | None = None) -> tuple[Tally, int]:
    """Sum of exact tallies over every joint holding; also returns the number of holdings.

    The rank part of a holding's tally depends on its ranks only: it is computed once per class
    of holdings with the same ranks.  The flush part is computed once per suit class (holdings
    equal up to a renaming of suits).  Each is weighted by its class's summed holding weights.
    ``progress(done, total)`` is called after each class.
    """
    found = enumerate_holdings(deal, MAX_ENUMERATED_HOLDINGS)
    if found is None:
        raise CpolyInputError(
            f"more than {MAX_ENUMERATED_HOLDINGS:,} joint holdings: too many to enumerate "
            f"exactly; use Monte Carlo (--samples N)")
    holdings, weights = found
    parts: list[tuple[Callable[..., Tally], IntArray, IntArray]] = [
        (rank_part, *rank_classes(holdings))]
    if flushes:
        parts.append((flush_part, *holding_classes(holdings, deal.board, deal.dead, STANDARD.symmetries())))
    total = Tally.zero(len(deal.ranges))
    steps, done = sum(len(first) for _, first, _ in parts), 0
    for part, first, labels in parts:
        for index, weight in zip(first.tolist(), _class_weights(labels, weights, len(first))):
            holding = [tuple(int(c) for c in combo) for combo in holdings[index]]
            total = total + part(holding, deal.board, deal.dead, deal.rules).scaled(weight)
            done += 1
            if progress is not None:
                progress(done, steps)
    return total, len(holdings)


def exact_tally(deal: Deal, flushes: bool = True, progress: Progress | None = None,
                method: str | None = None) -> tuple[Tally, int]:
    """Exact tally and number of valid joint holdings, by ``method`` (planned when None)."""
    if method is None:
        method = plan_method(deal, exact=True, flushes=flushes).method
    if method == "runouts" and flushes:
        return runout_tally(deal, progress), valid_holdings(deal)
    return holdings_tally(deal, flushes, progress)


def exact_equity(deal: Deal, flushes: bool = True, reason: str = "exact (requested)",
                 progress: Progress | None = None, method: str | None = None) -> EquityResult:
    """Exact equity of a validated deal (``progress`` as in :func:`exact_tally`)."""
    tally, holdings = exact_tally(deal, flushes, progress, method)
    return result_from_tally(tally, deal.labels, reason, holdings=holdings, flushes=flushes,
                             rules=deal.rules)


def choose_method(deal: Deal) -> tuple[bool, str]:
    """The automatic choice as (exact, reason); see :func:`~cpoly.games.holdem.method.plan_method`."""
    plan = plan_method(deal)
    return plan.method != "monte carlo", plan.reason


def equity(hands: Sequence[HandLike], board: CardsLike = "", dead: CardsLike = "",
           *, exact: bool | None = None, samples: int | None = None, seed: int | None = None,
           flushes: bool = True, progress: Progress | None = None,
           game: GameLike = None) -> EquityResult:
    """Equity of each hand (two cards, ``As?``, ``??``, or a weighted range) given board and dead
    cards.  Cards may be text, integers 0..51 or (face 2..14, suit 1..4) pairs.

    Parameters
    ----------
    exact
        True: exact enumeration; False: Monte Carlo; None: chosen from one estimate of each
        method's cost (the reason is in ``method_reason``).
    samples, seed
        Monte Carlo sample count (default :data:`~cpoly.games.holdem.method.DEFAULT_SAMPLES`)
        and generator seed.
    flushes
        False ranks hands by their ranks only (seed 000's "poker with no flushes").
    progress
        ``progress(done, total)``: runouts or suit classes done (exact) or samples drawn.
    game
        The game: a ``.cp`` file (``definitions/short_deck.cp``), its
        :class:`~cpoly.games.holdem.rules.GameRules`, or None for standard Hold'em.
    """
    rules = resolve_game(game)
    if rules.hole_used is not None:
        from cpoly.games.holdem.omaha import omaha_equity

        return omaha_equity(hands, board, dead, exact=exact, samples=samples, seed=seed,
                            progress=progress, rules=rules)
    deal = make_deal(hands, board, dead, rules)
    if samples is not None and samples < 1:
        raise CpolyInputError(f"the number of samples must be positive, got {samples}")
    check_seed(seed)
    plan: Plan = plan_method(deal, exact, samples, flushes)
    if plan.method != "monte carlo":
        result = exact_equity(deal, flushes, plan.reason, progress, plan.method)
    else:
        from cpoly.games.holdem.montecarlo import monte_carlo

        result = monte_carlo(deal, plan.samples, seed, flushes, plan.reason, progress)
    return replace(result, board=deal.board, dead=deal.dead)


def check_seed(seed: object) -> None:
    """A Monte Carlo seed is None or a whole number 0 or more (NumPy's generators take no
    negative seed).

    >>> check_seed(-1)
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: a seed is a whole number 0 or more, got -1
    """
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise CpolyInputError(f"a seed is a whole number 0 or more, got {seed!r}")
