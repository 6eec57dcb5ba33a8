"""Hold'em equity: exact by board-suit combinatorics, or Monte Carlo; chosen automatically.

>>> r = equity(["AsAh", "KsKh"])
>>> r.players[0].win, r.players[1].win, r.players[0].tie, r.players[0].equity_exact
(1410336, 292660, 9308, Fraction(707495, 856152))
"""

from __future__ import annotations

from collections.abc import Sequence

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.boards import holding_tally
from cpoly.games.holdem.deal import (
    Deal,
    canonical_key,
    count_holdings,
    joint_holdings,
    make_deal,
)
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.tally import Tally

#: Exact enumeration is chosen automatically while (joint holdings x boards) stays below this.
EXACT_LIMIT = 1_000_000_000
#: ... and while the number of joint holdings stays below this (each costs milliseconds).
MAX_EXACT_HOLDINGS = 3_000
#: Monte Carlo samples when the method is chosen automatically.
DEFAULT_SAMPLES = 1_000_000


def exact_tally(deal: Deal, flushes: bool = True) -> tuple[Tally, int]:
    """Sum of exact tallies over every joint holding; also returns the number of holdings.

    Joint holdings equal up to a renaming of suits share one computation.
    """
    total = Tally.zero(len(deal.ranges))
    cache: dict[tuple[tuple[int, ...], ...], Tally] = {}
    holdings = 0
    for holding in joint_holdings(deal):
        holdings += 1
        key = canonical_key(holding, deal.board, deal.dead)
        part = cache.get(key)
        if part is None:
            part = holding_tally(holding, deal.board, deal.dead, flushes)
            cache[key] = part
        total = total + part
    if holdings == 0:
        raise CpolyInputError(
            "no way to deal these hands without using a card twice: "
            + ", ".join(repr(label) for label in deal.labels))
    return total, holdings


def exact_equity(deal: Deal, flushes: bool = True, reason: str = "exact (requested)") -> EquityResult:
    """Exact equity of a validated deal."""
    tally, holdings = exact_tally(deal, flushes)
    return result_from_tally(tally, deal.labels, reason, holdings=holdings, flushes=flushes)


def choose_method(deal: Deal) -> tuple[bool, str]:
    """Exact when joint holdings x boards is at most :data:`EXACT_LIMIT` and the holdings are at
    most :data:`MAX_EXACT_HOLDINGS`; returns (exact, reason)."""
    boards = deal.boards_per_holding()
    limit = max(1, min(MAX_EXACT_HOLDINGS, EXACT_LIMIT // max(boards, 1)))
    holdings = count_holdings(deal, limit)
    if holdings <= limit:
        return True, (f"exact: {holdings:,} holding(s) x {boards:,} boards = "
                      f"{holdings * boards:,} (limits: {MAX_EXACT_HOLDINGS:,} holdings, "
                      f"{EXACT_LIMIT:,} holdings x boards)")
    return False, (f"Monte Carlo: more than {limit:,} holdings x {boards:,} boards is over the "
                   f"exact limits ({MAX_EXACT_HOLDINGS:,} holdings, {EXACT_LIMIT:,} "
                   f"holdings x boards)")


def equity(hands: Sequence[str], board: str | Sequence[int] = "", dead: str | Sequence[int] = "",
           *, exact: bool | None = None, samples: int | None = None, seed: int | None = None,
           flushes: bool = True) -> EquityResult:
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
        return exact_equity(deal, flushes, reason)
    from cpoly.games.holdem.montecarlo import monte_carlo

    return monte_carlo(deal, DEFAULT_SAMPLES if samples is None else samples, seed, flushes,
                       reason)
