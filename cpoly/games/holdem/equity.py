"""Hold'em equity: exact by board-suit combinatorics, or Monte Carlo; chosen automatically.

>>> r = equity(["AsAh", "KsKh"])
>>> r.players[0].win, r.players[1].win, r.players[0].tie, r.players[0].equity_exact
(1410336, 292660, 9308, Fraction(707495, 856152))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.boards import holding_tally
from cpoly.games.holdem.deal import Deal, joint_holdings, make_deal
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.symmetry import suit_classes
from cpoly.games.holdem.tally import Tally

Progress = Callable[[int, int], None]

IntArray = npt.NDArray[np.int64]

#: Exact enumeration is chosen automatically while (suit classes of joint holdings x boards)
#: stays below this (about 10 s of work preflop).
EXACT_LIMIT = 1_000_000_000
#: Joint holdings beyond which the automatic choice does not even try exact enumeration.
MAX_AUTO_HOLDINGS = 100_000
#: Joint holdings beyond which exact enumeration refuses (even when asked for).
MAX_ENUMERATED_HOLDINGS = 5_000_000
#: Monte Carlo samples when the method is chosen automatically.
DEFAULT_SAMPLES = 1_000_000


def enumerate_holdings(deal: Deal, limit: int) -> IntArray | None:
    """All joint holdings as an ``(N, P, 2)`` array, or None when there are more than ``limit``."""
    rows = []
    for holding in joint_holdings(deal):
        rows.append(holding)
        if len(rows) > limit:
            return None
    if not rows:
        raise CpolyInputError(
            "no way to deal these hands without using a card twice: "
            + ", ".join(repr(label) for label in deal.labels))
    return np.asarray(rows, dtype=np.int64).reshape(len(rows), len(deal.ranges), 2)


def exact_tally(deal: Deal, flushes: bool = True, progress: Progress | None = None) -> tuple[Tally, int]:
    """Sum of exact tallies over every joint holding; also returns the number of holdings.

    Joint holdings equal up to a renaming of suits share one computation.  Tallies are int64:
    at most 5e6 holdings x C(48, 5) boards x 2520 share units is about 2.2e16 < 2**63.
    ``progress(done, total)`` is called after each suit class.
    """
    holdings = enumerate_holdings(deal, MAX_ENUMERATED_HOLDINGS)
    if holdings is None:
        raise CpolyInputError(
            f"more than {MAX_ENUMERATED_HOLDINGS:,} joint holdings: too many to enumerate "
            f"exactly; use Monte Carlo (--samples N)")
    total = Tally.zero(len(deal.ranges))
    first, sizes = suit_classes(holdings, deal.board, deal.dead)
    for done, (index, size) in enumerate(zip(first.tolist(), sizes.tolist()), start=1):
        holding = [tuple(int(c) for c in combo) for combo in holdings[index]]
        total = total + holding_tally(holding, deal.board, deal.dead, flushes).scaled(size)
        if progress is not None:
            progress(done, len(first))
    return total, len(holdings)


def exact_equity(deal: Deal, flushes: bool = True, reason: str = "exact (requested)",
                 progress: Progress | None = None) -> EquityResult:
    """Exact equity of a validated deal (``progress`` as in :func:`exact_tally`)."""
    tally, holdings = exact_tally(deal, flushes, progress)
    return result_from_tally(tally, deal.labels, reason, holdings=holdings, flushes=flushes)


def choose_method(deal: Deal) -> tuple[bool, str]:
    """Exact when (suit classes of joint holdings) x boards is at most :data:`EXACT_LIMIT`;
    returns (exact, reason)."""
    boards = deal.boards_per_holding()
    holdings = enumerate_holdings(deal, MAX_AUTO_HOLDINGS)
    if holdings is None:
        return False, (f"Monte Carlo: more than {MAX_AUTO_HOLDINGS:,} joint holdings "
                       f"(x {boards:,} boards each)")
    classes = len(suit_classes(holdings, deal.board, deal.dead)[0])
    work = classes * boards
    summary = (f"{len(holdings):,} holding(s) in {classes:,} suit class(es) x {boards:,} boards "
               f"= {work:,}")
    if work <= EXACT_LIMIT:
        return True, f"exact: {summary} <= limit {EXACT_LIMIT:,}"
    return False, f"Monte Carlo: {summary} > exact limit {EXACT_LIMIT:,}"


def equity(hands: Sequence[str], board: str | Sequence[int] = "", dead: str | Sequence[int] = "",
           *, exact: bool | None = None, samples: int | None = None, seed: int | None = None,
           flushes: bool = True, progress: Progress | None = None) -> EquityResult:
    """Equity of each hand (exact cards, ``??``, or a range) given board and dead cards.

    Parameters
    ----------
    exact
        True: exact enumeration; False: Monte Carlo; None: exact unless ``samples`` is given or
        the problem is larger than :data:`EXACT_LIMIT` (the reason is in ``method_reason``).
    samples, seed
        Monte Carlo sample count (default :data:`DEFAULT_SAMPLES`) and generator seed.
    flushes
        False ranks hands by their ranks only (seed 000's "poker with no flushes").
    progress
        ``progress(done, total)``: suit classes done (exact) or samples drawn (Monte Carlo).
    """
    deal = make_deal(hands, board, dead)
    if exact is True and samples is not None:
        raise CpolyInputError("choose either exact enumeration or a number of samples, not both")
    if exact is None and samples is None:
        exact, reason = choose_method(deal)
    elif exact is None:
        exact, reason = False, f"Monte Carlo ({samples:,} samples requested)"
    else:
        reason = "exact (requested)" if exact else "Monte Carlo (requested)"
    if exact:
        return exact_equity(deal, flushes, reason, progress)
    from cpoly.games.holdem.montecarlo import monte_carlo

    return monte_carlo(deal, DEFAULT_SAMPLES if samples is None else samples, seed, flushes,
                       reason, progress)
