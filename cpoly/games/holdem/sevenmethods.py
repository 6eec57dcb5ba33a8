"""The registered methods of the games whose hands are the best five of seven (Hold'em, short deck).

Runouts, holdings and Monte Carlo are vectorised (:mod:`~cpoly.games.holdem.sevencard`, which
loads NumPy when one of them is first priced or run); known hands needs no NumPy
(:mod:`~cpoly.games.holdem.knownhands`).  The planner compares them
(:func:`~cpoly.games.holdem.planner.exact_prices`): from a process that has not loaded NumPy,
a fully known holding is counted without it.

>>> [m.name for m in SEVEN_CARD_METHODS.exact], SEVEN_CARD_METHODS.sampler.name
(['runouts', 'holdings', 'known hands'], 'monte carlo')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.knownhands import KNOWN_HANDS
from cpoly.games.holdem.planner import (
    MONTE_CARLO,
    Counter,
    Method,
    MethodSet,
    PlainWording,
    Plan,
    Price,
    Progress,
    Request,
)
from cpoly.games.holdem.results import EquityResult
from cpoly.games.holdem.shares import Counts

if TYPE_CHECKING:
    from cpoly.games.holdem.tally import Tally

__all__ = ["SEVEN_CARD_METHODS"]


def _vectorised(name: str) -> Method:
    """The vectorised method ``name``, its module imported when it is first priced or run."""
    def method() -> Method:
        from cpoly.games.holdem.sevencard import VECTORISED

        return VECTORISED[name]

    def price(deal: Deal, request: Request) -> Price:
        return method().price(deal, request)

    def run(deal: Deal, request: Request, plan: Plan, progress: Progress | None) -> EquityResult:
        return method().run(deal, request, plan, progress)

    def count(deal: Deal, request: Request, progress: Progress | None) -> tuple[Tally | Counts, int]:
        counter = method().count
        assert counter is not None
        return counter(deal, request, progress)

    counted: Counter | None = None if name == MONTE_CARLO else count
    return Method(name, price, run, counted)


#: Hold'em's methods (and short deck's): runouts, holdings, known hands, Monte Carlo.
SEVEN_CARD_METHODS = MethodSet(
    exact=(_vectorised("runouts"), _vectorised("holdings"), KNOWN_HANDS),
    sampler=_vectorised(MONTE_CARLO),
    wording=PlainWording(),
)
