"""The equity methods of Omaha (a game whose rules say a hand plays exactly two of its hole cards).

The game's ``HoleCards`` says how many cards a hand holds (4 in Omaha, 5 in Big O, 6 in six-card
Omaha); the deal is read and checked like every game's (:func:`~cpoly.games.holdem.deal.make_deal`,
hands as :mod:`~cpoly.games.holdem.omaha_ranges` writes them) and planned like every game's
(:mod:`~cpoly.games.holdem.planner`).  Omaha supplies its four methods, each priced from sizes:

* **holdings**: every joint holding by board-suit combinatorics
  (:func:`~cpoly.games.holdem.omaha_exact.holding_tally`), for known hands and narrow ones;
* **listed**: every joint holding with every runout evaluated (wide hands on the turn or river);
* **wide**: one wide hand against known ones, per board by pair values
  (:mod:`~cpoly.games.holdem.omaha_gather`): ``??`` on the flop, turn or river (preflop ``??``
  is refused with its size: 1,712,304 boards of about 150,000 holdings each);
* **Monte Carlo**: joint holdings drawn uniformly (rejecting shared cards), boards completed.

>>> from cpoly.games.holdem.deal import make_deal
>>> from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
>>> omaha = rules_of(DEFAULT_GAME.parent / "omaha.cp")
>>> tally, holdings = omaha_count(make_deal(["AsAhKsKh", "QdJdTc9c"], "2c 7d 9h 3s", rules=omaha), "holdings")
>>> tally.boards, tally.win.tolist()
(40, [25, 15])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, prod

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.omaha_exact import holding_tally, listed_tally, omaha_strengths
from cpoly.games.holdem.omaha_gather import predicted_seconds, wide_boards, wide_player, wide_tally
from cpoly.games.holdem.planner import (
    MONTE_CARLO,
    Method,
    MethodSet,
    Plan,
    Price,
    Progress,
    Request,
    sampling_price,
)
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.tally import SHARE_UNIT, Tally, tally_showdowns

__all__ = ["IntArray", "MAX_HOLDINGS", "MAX_LISTED_PAIRS", "MAX_WIDE_SECONDS", "OMAHA_METHODS",
           "OmahaWording", "holding_rows", "holdings_price", "listed_price", "omaha_count",
           "sampled_tally", "wide_price"]

IntArray = npt.NDArray[np.int64]
#: Joint holdings the holdings method may take (about 0.5 s each preflop, 5 ms on a flop).
MAX_HOLDINGS = 20_000
#: (joint holding, runout) pairs the listed method may take (about 2 s per million).
MAX_LISTED_PAIRS = 30_000_000
#: Predicted seconds the wide method may take (one wide hand against known ones).
MAX_WIDE_SECONDS = 120.0


def _sizes(deal: Deal) -> tuple[int, int]:
    """Joint holdings before removing shared cards, and runouts per joint holding."""
    bound = prod(len(combos) for combos in deal.combos)
    runouts = comb(len(deal.live_cards()) - deal.rules.hole_cards * len(deal.combos), deal.unknown)
    return bound, runouts


def holdings_price(deal: Deal, request: Request) -> Price:
    """Every joint holding by board-suit combinatorics: about 0.6 s each preflop, 10 ms after."""
    bound, _ = _sizes(deal)
    refusal = None if bound <= MAX_HOLDINGS else f"up to {bound:,} joint holdings (> {MAX_HOLDINGS:,})"
    return Price("holdings", bound * (0.6 if deal.unknown == 5 else 0.01), 0, refusal)


def listed_price(deal: Deal, request: Request) -> Price:
    """Every joint holding with every runout: about 0.7 s per million (pair, player)."""
    bound, runouts = _sizes(deal)
    refusal = (None if bound * runouts <= MAX_LISTED_PAIRS
               else f"up to {bound:,} joint holdings x {runouts:,} runouts")
    return Price("listed", bound * runouts * len(deal.combos) * 7e-7, 0, refusal)


def wide_price(deal: Deal, request: Request) -> Price:
    """One wide hand against known ones (:func:`~cpoly.games.holdem.omaha_gather.predicted_seconds`)."""
    wide = wide_player(deal.combos)
    if wide is None:
        return Price("wide", float("inf"), 0, "the wide method needs one wide hand and every other hand known")
    seconds = predicted_seconds(deal, wide)
    refusal = None if seconds <= MAX_WIDE_SECONDS else (
        f"one wide hand against known ones: {wide_boards(deal):,} boards, about {seconds:,.0f} s, "
        f"above the {MAX_WIDE_SECONDS:.0f} s allowed")
    return Price("wide", seconds, 0, refusal)


class OmahaWording:
    """Omaha's reasons, in the shorter form its output has always had (the method and its
    predicted time; the sample count; the sizes that make a deal too large).

    >>> OmahaWording().exact(Price("wide", 1.94), "<= 15 s")
    'exact (wide method, about 1.9 s predicted)'
    """

    def exact(self, price: Price, why: str) -> str:
        return f"exact ({price.method} method, about {price.seconds:.2g} s predicted)"

    def sampled(self, samples: int, note: str | None) -> str:
        return f"Monte Carlo ({samples:,} samples)"

    def too_large(self, deal: Deal, prices: Sequence[Price]) -> str:
        bound, runouts = _sizes(deal)
        wide = next(p for p in prices if p.method == "wide")
        note = "" if wide.seconds == float("inf") else f" ({wide.refusal})"
        return f"up to {bound:,} joint holdings x {runouts:,} runouts{note}"


def holding_rows(deal: Deal, limit: int) -> IntArray | None:
    """Every joint holding ``(N, P, hole)`` with no card twice; None beyond ``limit`` rows."""
    rows = np.zeros((1, 0), dtype=np.int64)
    masks = np.zeros(1, dtype=np.uint64)
    for combos in deal.combos:
        if len(rows) * len(combos) > 4 * limit:
            return None
        combo_masks = np.bitwise_or.reduce(np.uint64(1) << combos.astype(np.uint64), axis=1)
        row, col = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)
        rows = np.concatenate([rows[row], combos[col]], axis=1)
        masks = masks[row] | combo_masks[col]
        if len(rows) > limit:
            return None
    if len(rows) == 0:
        raise CpolyInputError("no way to deal these hands without using a card twice: "
                              + ", ".join(repr(label) for label in deal.labels))
    return rows.reshape(len(rows), len(deal.combos), -1)


def omaha_count(deal: Deal, method: str, progress: Progress | None = None) -> tuple[Tally, int]:
    """The exact tally by ``method`` ('holdings', 'listed' or 'wide') and the number of joint
    holdings."""
    if method == "wide":
        wide = wide_player(deal.combos)
        if wide is None:
            raise CpolyInputError("the wide method needs one wide hand and every other hand known")
        return wide_tally(deal, wide, progress)
    holdings = holding_rows(deal, MAX_HOLDINGS if method == "holdings" else MAX_LISTED_PAIRS)
    if holdings is None:
        raise CpolyInputError("too many joint holdings to enumerate exactly; use Monte Carlo")
    if method == "listed":
        return listed_tally(holdings, np.ones(len(holdings), np.int64), deal.board, deal.dead,
                            deal.rules), len(holdings)
    total = Tally.zero(len(deal.combos))
    for done, holding in enumerate(holdings.tolist(), start=1):
        total = total + holding_tally([tuple(h) for h in holding], deal.board, deal.dead, deal.rules)
        if progress is not None:
            progress(done, len(holdings))
    return total, len(holdings)


def sampled_tally(deal: Deal, samples: int, seed: int | None,
                progress: Progress | None = None) -> tuple[Tally, list[float]]:
    """Tally of ``samples`` valid deals and the standard error of each player's equity."""
    rng = np.random.default_rng(seed)
    players = len(deal.combos)
    total, squares, done = Tally.zero(players), np.zeros(players), 0
    hole = deal.rules.hole_cards
    while done < samples:
        size = min(100_000, samples - done)
        holes = np.concatenate([r[rng.integers(0, len(r), size)] for r in deal.combos], axis=1)
        keys = rng.random((size, 52))
        keys[:, [c for c in range(52) if not deal.rules.in_deck[c]] + list(deal.board + deal.dead)] = 2.0
        np.put_along_axis(keys, holes, 2.0, axis=1)
        ordered = np.sort(holes, axis=1)
        valid = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        if not valid.any():
            continue
        rest = np.argsort(keys[valid], axis=1)[:, :deal.unknown]
        boards = np.concatenate([np.broadcast_to(np.asarray(deal.board, np.int64),
                                                 (len(rest), len(deal.board))), rest], axis=1)
        strengths = np.stack([omaha_strengths(holes[valid][:, hole * p:hole * (p + 1)], boards, deal.rules)
                              for p in range(players)], axis=1)
        total = total + tally_showdowns(strengths, np.ones(len(boards), np.int64), deal.rules)
        best = strengths == strengths.max(axis=1, keepdims=True)
        squares += ((best / best.sum(axis=1, keepdims=True)) ** 2).sum(axis=0)
        done += len(boards)
        if progress is not None:
            progress(done, samples)
    mean = total.share / SHARE_UNIT / done
    stderr = np.sqrt(np.maximum(squares / done - mean ** 2, 0) * done / max(done - 1, 1) / done)
    return total, [float(x) for x in stderr]


def _exact(name: str, price: Callable[[Deal, Request], Price]) -> Method:
    """An exact method: its count (:func:`omaha_count`), and a run that turns it into a result."""
    def count(deal: Deal, request: Request, progress: Progress | None) -> tuple[Tally, int]:
        return omaha_count(deal, name, progress)

    def run(deal: Deal, request: Request, plan: Plan, progress: Progress | None) -> EquityResult:
        tally, holdings = count(deal, request, progress)
        return result_from_tally(tally, deal.labels, plan.reason, holdings=holdings, rules=deal.rules)

    return Method(name, price, run, count)


def _run_sampled(deal: Deal, request: Request, plan: Plan, progress: Progress | None) -> EquityResult:
    tally, stderr = sampled_tally(deal, plan.samples, request.seed, progress)
    return result_from_tally(tally, deal.labels, plan.reason, exact=False, stderr=tuple(stderr),
                             rules=deal.rules)


#: Omaha's methods: holdings, listed, wide (in that order on equal prices), Monte Carlo.
OMAHA_METHODS = MethodSet(
    exact=(_exact("holdings", holdings_price), _exact("listed", listed_price), _exact("wide", wide_price)),
    sampler=Method(MONTE_CARLO, sampling_price, _run_sampled),
    wording=OmahaWording(),
)
