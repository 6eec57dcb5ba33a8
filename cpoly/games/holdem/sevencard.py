"""The equity methods of the games whose hands are the best five of seven (Hold'em, short deck).

Three methods, each priced from sizes alone before any work (:mod:`~cpoly.games.holdem.planner`):

* **runouts** (postflop; strengths once per runout, one player counted by card removal,
  :mod:`~cpoly.games.holdem.runouts`);
* **holdings** (any street; board-suit combinatorics per class of joint holdings,
  :mod:`~cpoly.games.holdem.holding`): the rank part once per class of holdings with the same
  ranks, the flush part once per suit class;
* **Monte Carlo** (:mod:`~cpoly.games.holdem.montecarlo`).

>>> from cpoly.games.holdem.deal import make_deal
>>> holdings_price(make_deal(["AsAh", "KsKh"]), Request()).refusal is None
True
>>> runouts_price(make_deal(["AsAh", "KsKh"]), Request()).refusal
'the runout method needs a flop, turn or river and flushes'
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb, prod

import numpy as np
import numpy.typing as npt

from cpoly.deck.codes import STANDARD
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.holding import flush_part, holding_tally, rank_part
from cpoly.games.holdem.montecarlo import monte_carlo
from cpoly.games.holdem.planner import (
    MONTE_CARLO,
    Method,
    Plan,
    Price,
    Progress,
    Request,
    sampling_price,
)
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.runouts import ALL_COMBOS, enumerate_rows, enumerated_rows_bound, runout_tally, valid_holdings
from cpoly.games.holdem.tally import Tally

__all__ = ["COUNTED_CLASSES_UP_TO", "INT64_HEADROOM", "IntArray", "MAX_ENUMERATED_HOLDINGS",
           "MEMORY_LIMIT", "VECTORISED", "enumerate_holdings", "holdings_price", "holdings_tally",
           "rank_classes", "runouts_price", "runouts_tally"]

IntArray = npt.NDArray[np.int64]
#: Joint holdings beyond which the holdings method is unavailable.
MAX_ENUMERATED_HOLDINGS = 5_000_000
#: Up to this many joint holdings, the price counts their suit classes (vectorised, < 1 s).
COUNTED_CLASSES_UP_TO = 200_000
#: Memory an exact method may use.
MEMORY_LIMIT = 4 * 2**30
#: Work is int64; exact methods refuse when weights x boards x 2520 could overflow it.
INT64_HEADROOM = 2**62
_TOO_FINE = "the weights are too fine for exact 64-bit counts"


def _weight_bound(deal: Deal) -> int:
    return prod(max(w) for w in deal.weights) if deal.weights else 1


def _overflows(deal: Deal) -> bool:
    """Whether weights x boards x 2520 x holdings could overflow int64."""
    bound = _weight_bound(deal) * deal.boards_per_holding() * 2520 * prod(len(r) for r in deal.holes)
    return bound > INT64_HEADROOM


def _priced(method: str, pricing: Callable[[Deal, Request], Price]) -> Callable[[Deal, Request], Price]:
    """``pricing`` guarded against int64 overflow: a weight beyond int64 refuses before anything
    is priced (pricing builds int64 weight arrays); a product that could overflow refuses after."""
    def price(deal: Deal, request: Request) -> Price:
        if _weight_bound(deal) > INT64_HEADROOM:
            return Price(method, float("inf"), 0, _TOO_FINE)
        found = pricing(deal, request)
        if found.refusal is None and _overflows(deal):
            return Price(found.method, found.seconds, found.memory, _TOO_FINE)
        return found
    return price


def runouts_price(deal: Deal, request: Request) -> Price:
    """Price of the runout method (postflop, real poker: it evaluates every combo with flushes)."""
    if deal.unknown > 2 or not request.flushes:
        return Price("runouts", float("inf"), 0, "the runout method needs a flop, turn or river and flushes")
    runouts = comb(len(deal.live_cards()), deal.unknown)
    rows = enumerated_rows_bound(deal)
    held = 2 * (len(deal.combos) - 1)
    per_row = 8 * (3 * held + held * (held - 1) // 2) + 24
    memory = rows * per_row + 1_500_000 * per_row * 4
    seconds = runouts * (4e-4 + rows * len(deal.combos) * 2.5e-7) + rows * 1e-6
    refusal = None
    if memory > MEMORY_LIMIT:
        refusal = (f"the runout method would hold {rows:,} joint holdings of the listed hands "
                   f"(about {memory / 2**30:.1f} GB > {MEMORY_LIMIT / 2**30:.0f} GB)")
    return Price("runouts", seconds, memory, refusal)


def _suit_classes(holdings: IntArray, deal: Deal) -> tuple[IntArray, IntArray]:
    """One representative per suit class of the joint holdings ``(N, P, 2)`` (equal up to a
    renaming of suits, board and dead cards fixed) and each holding's class."""
    from cpoly.deck.symmetry import holding_classes  # many holdings only: one known holding starts faster

    return holding_classes(holdings, deal.board, deal.dead, STANDARD.symmetries())


def _suit_class_count(deal: Deal, holdings: int) -> int:
    """Suit classes of the joint holdings: counted when there are few (one holding is one class),
    else holdings / 24."""
    if holdings > COUNTED_CLASSES_UP_TO:
        return holdings // 24
    if holdings == 1:
        return 1
    ids, _, _ = enumerate_rows(deal, list(range(len(deal.combos))))
    if not len(ids):
        return 1
    return len(_suit_classes(ALL_COMBOS[ids], deal)[0])


def holdings_price(deal: Deal, request: Request) -> Price:
    """Price of the per-holding board-suit method: suit classes x (overhead + boards).

    Counting the suit classes costs time (a tenth of the flop question ``QQ+,AK`` vs ``??``):
    when even the fewest classes there can be (holdings / 24: a class holds at most 24
    holdings) price it above the runout method, which wins then, that bound is its price."""
    holdings = prod(len(r) for r in deal.holes)  # no arrays made: a known holding needs none
    boards = deal.boards_per_holding()
    per_class = 1e-3 + boards * 1e-8
    rival = runouts_price(deal, request)
    fewest = -(-holdings // 24)
    beaten = rival.refusal is None and fewest * per_class > rival.seconds
    classes = fewest if beaten else _suit_class_count(deal, holdings)
    seconds = classes * per_class
    memory = min(holdings, MAX_ENUMERATED_HOLDINGS) * deal.players * 64
    refusal = None
    if holdings > MAX_ENUMERATED_HOLDINGS:
        refusal = (f"up to {holdings:,} joint holdings (> {MAX_ENUMERATED_HOLDINGS:,}) "
                   f"x {boards:,} boards each")
    return Price("holdings", seconds, memory, refusal)


def enumerate_holdings(deal: Deal, limit: int) -> tuple[IntArray, IntArray] | None:
    """All valid joint holdings ``(N, P, 2)`` and their weights ``(N,)``; None beyond ``limit``."""
    if prod(len(combos) for combos in deal.combos) > limit:
        return None
    ids, _, weights = enumerate_rows(deal, list(range(len(deal.combos))))
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


def _known_holding(deal: Deal) -> tuple[list[tuple[int, ...]], int] | None:
    """The one joint holding of a deal whose hands are all known and share no card, and its
    weight (None otherwise: :func:`enumerate_holdings` lists the holdings, or says why none).

    >>> from cpoly.games.holdem.deal import make_deal
    >>> _known_holding(make_deal(["AsAh", "KsKh"]))
    ([(49, 48), (45, 44)], 1)
    """
    if any(len(combos) != 1 for combos in deal.ranges):
        return None
    holding: list[tuple[int, ...]] = [combos[0] for combos in deal.ranges]
    cards = [card for combo in holding for card in combo]
    if len(set(cards)) < len(cards):
        return None
    return holding, prod(weights[0] for weights in deal.weights) if deal.weights else 1


def holdings_tally(deal: Deal, flushes: bool = True,
                   progress: Progress | None = None) -> tuple[Tally, int]:
    """Sum of exact tallies over every joint holding; also returns the number of holdings.

    The rank part of a holding's tally depends on its ranks only: it is computed once per class
    of holdings with the same ranks.  The flush part is computed once per suit class (holdings
    equal up to a renaming of suits).  Each is weighted by its class's summed holding weights.
    ``progress(done, total)`` is called after each class.
    """
    known = _known_holding(deal)
    if known is not None:  # both parts in one tally
        if progress is not None:
            progress(1, 1)
        tally = holding_tally(known[0], deal.board, deal.dead, flushes, deal.rules)
        return (tally if known[1] == 1 else tally.scaled(known[1])), 1
    found = enumerate_holdings(deal, MAX_ENUMERATED_HOLDINGS)
    if found is None:
        raise CpolyInputError(
            f"more than {MAX_ENUMERATED_HOLDINGS:,} joint holdings: too many to enumerate "
            f"exactly; use Monte Carlo (--samples N)")
    holdings, weights = found
    parts: list[tuple[Callable[..., Tally], IntArray, IntArray]] = [(rank_part, *rank_classes(holdings))]
    if flushes:
        parts.append((flush_part, *_suit_classes(holdings, deal)))
    total = Tally.zero(len(deal.combos))
    steps, done = sum(len(first) for _, first, _ in parts), 0
    for part, first, labels in parts:
        for index, weight in zip(first.tolist(), _class_weights(labels, weights, len(first))):
            holding = [tuple(int(c) for c in combo) for combo in holdings[index]]
            total = total + part(holding, deal.board, deal.dead, deal.rules).scaled(weight)
            done += 1
            if progress is not None:
                progress(done, steps)
    return total, len(holdings)


def runouts_tally(deal: Deal, flushes: bool = True, progress: Progress | None = None) -> tuple[Tally, int]:
    """The runout method's exact tally and the number of valid joint holdings (with flushes
    only; without, the holdings method counts)."""
    if not flushes:
        return holdings_tally(deal, flushes, progress)
    return runout_tally(deal, progress), valid_holdings(deal)


def _exact(name: str, price: Callable[[Deal, Request], Price],
           tally: Callable[[Deal, bool, Progress | None], tuple[Tally, int]]) -> Method:
    """An exact method: its count, and a run that turns the count into a result."""
    def count(deal: Deal, request: Request, progress: Progress | None) -> tuple[Tally, int]:
        return tally(deal, request.flushes, progress)

    def run(deal: Deal, request: Request, plan: Plan, progress: Progress | None) -> EquityResult:
        total, holdings = count(deal, request, progress)
        return result_from_tally(total, deal.labels, plan.reason, holdings=holdings,
                                 flushes=request.flushes, rules=deal.rules)

    return Method(name, _priced(name, price), run, count)


def _run_sampled(deal: Deal, request: Request, plan: Plan, progress: Progress | None) -> EquityResult:
    return monte_carlo(deal, plan.samples, request.seed, request.flushes, plan.reason, progress)


#: Hold'em's vectorised methods (and short deck's) by name: runouts, holdings, Monte Carlo (the
#: registry lists them with known hands: :mod:`~cpoly.games.holdem.sevenmethods`).
VECTORISED = {method.name: method for method in (
    _exact("runouts", runouts_price, runouts_tally), _exact("holdings", holdings_price, holdings_tally),
    Method(MONTE_CARLO, sampling_price, _run_sampled))}
