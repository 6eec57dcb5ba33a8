"""Vectorised, seeded Monte Carlo equity with standard errors.

Each sample draws one combo per player uniformly from its range, rejects samples that use a card
twice (so joint holdings are uniform over the valid ones, as in the exact method), then completes
the board uniformly from the cards left.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.evaluator import category_codes, evaluate, strength_from_counts
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.tally import SHARE_UNIT, Tally, tally_showdowns

__all__ = ["BATCH", "IntArray", "monte_carlo"]

IntArray = npt.NDArray[np.int64]
BATCH = 100_000


def _open_players(deal: Deal) -> list[bool]:
    """Players whose range is every combo the board and dead cards leave (``??``, ``random``)."""
    everything = comb(len(deal.live_cards()), 2)
    return [len(combos) == everything for combos in deal.combos]


def _draw_ranged(deal: Deal, rng: np.random.Generator, size: int,
                 ranged: list[int]) -> IntArray:
    """``(m, 2R)`` hole cards of the range players for the valid samples among ``size`` draws."""
    fixed = np.asarray(deal.board + deal.dead, dtype=np.int64)
    if not ranged:
        return np.zeros((size, 0), dtype=np.int64)
    parts = []
    for player in ranged:
        table = deal.combos[player]
        if deal.weights is None:
            parts.append(table[rng.integers(0, len(table), size)])
        else:
            weights = np.asarray(deal.weights[player], dtype=np.float64)
            parts.append(table[rng.choice(len(table), size, p=weights / weights.sum())])
    holes = np.concatenate(parts, axis=1)
    everything = np.sort(np.concatenate([holes, np.broadcast_to(fixed, (size, fixed.size))], 1), 1)
    valid = (everything[:, 1:] != everything[:, :-1]).all(axis=1)
    return np.asarray(holes[valid], dtype=np.int64)


def _deal_rest(deal: Deal, taken: IntArray, count: int, rng: np.random.Generator) -> IntArray:
    """``(m, count)`` cards drawn uniformly, in random order, from the cards not yet taken."""
    rows = np.arange(len(taken))[:, None]
    keys = rng.random((len(taken), 52))
    keys[rows, taken] = 2.0
    fixed = list(deal.board + deal.dead) + [c for c in range(52) if not deal.rules.in_deck[c]]
    if fixed:
        keys[:, fixed] = 2.0
    if count == 0:
        return np.zeros((len(taken), 0), dtype=np.int64)
    chosen = np.argpartition(keys, count - 1, axis=1)[:, :count]
    order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)
    return np.asarray(np.take_along_axis(chosen, order, axis=1), dtype=np.int64)


def _draw_deals(deal: Deal, rng: np.random.Generator, size: int) -> tuple[IntArray, IntArray]:
    """Valid samples among ``size`` draws: hole cards ``(m, 2P)`` and full boards ``(m, 5)``.

    Range players are drawn jointly with rejection (uniform over their valid joint combos);
    open players and the rest of the board are then dealt from the remaining cards, which keeps
    every valid joint holding equally likely.
    """
    open_flags = _open_players(deal)
    ranged = [p for p, is_open in enumerate(open_flags) if not is_open]
    opened = [p for p, is_open in enumerate(open_flags) if is_open]
    ranged_holes = _draw_ranged(deal, rng, size, ranged)
    rest = _deal_rest(deal, ranged_holes, 2 * len(opened) + deal.unknown, rng)
    holes = np.zeros((len(ranged_holes), 2 * len(deal.combos)), dtype=np.int64)
    for index, player in enumerate(ranged):
        holes[:, 2 * player:2 * player + 2] = ranged_holes[:, 2 * index:2 * index + 2]
    for index, player in enumerate(opened):
        holes[:, 2 * player:2 * player + 2] = rest[:, 2 * index:2 * index + 2]
    known = np.broadcast_to(np.asarray(deal.board, dtype=np.int64),
                            (len(holes), len(deal.board)))
    return holes, np.concatenate([known, rest[:, 2 * len(opened):]], axis=1)


def _strengths(holes: IntArray, boards: IntArray, flushes: bool, deal: Deal) -> IntArray:
    players = holes.shape[1] // 2
    columns = []
    for p in range(players):
        hand = np.concatenate([holes[:, 2 * p:2 * p + 2], boards], axis=1)
        if flushes:
            columns.append(evaluate(hand, deal.rules))
        else:
            counts = ((hand // 4)[:, :, None] == np.arange(13)).sum(axis=1)
            columns.append(strength_from_counts(counts, deal.rules))
    return np.stack(columns, axis=1)


def _shares(strength: IntArray) -> npt.NDArray[np.float64]:
    """Per sample and player, the pot share ``(n, P)``."""
    is_best = strength == strength.max(axis=1, keepdims=True)
    return np.asarray(is_best / is_best.sum(axis=1, keepdims=True), dtype=np.float64)


def _category_squares(strength: IntArray, shares: npt.NDArray[np.float64],
                      deal: Deal) -> npt.NDArray[np.float64]:
    """Sum of squared pot shares per player and hand code: ``(P, 10)``."""
    players = strength.shape[1]
    keys = (np.arange(players) * 10 + category_codes(strength, deal.rules) - 1).ravel()
    squares = np.bincount(keys, (shares ** 2).ravel(), minlength=players * 10)
    return np.asarray(squares, dtype=np.float64).reshape(players, 10)


def _stderr(sums: npt.NDArray[np.float64], squares: npt.NDArray[np.float64],
            n: int) -> npt.NDArray[np.float64]:
    """Standard error of a mean from the sums of values and of their squares over ``n``."""
    mean = sums / n
    variance = np.maximum(squares / n - mean ** 2, 0.0) * n / max(n - 1, 1)
    return np.asarray(np.sqrt(variance / n), dtype=np.float64)


def monte_carlo(deal: Deal, samples: int, seed: int | None = None, flushes: bool = True,
                reason: str = "Monte Carlo",
                progress: Callable[[int, int], None] | None = None) -> EquityResult:
    """Monte Carlo equity over ``samples`` valid deals (``samples`` >= 1, as a
    :class:`~cpoly.games.holdem.planner.Request` checks); ``stderr`` is the standard error.
    ``progress(done, samples)`` is called after each batch."""
    rng = np.random.default_rng(seed)
    players = len(deal.combos)
    total = Tally.zero(players)
    share_squares = np.zeros(players)
    category_squares = np.zeros((players, 10))
    done, draws = 0, 0
    while done < samples:
        want = min(BATCH, samples - done)
        holes, boards = _draw_deals(deal, rng, max(want, 64))
        holes, boards = holes[:want], boards[:want]
        draws += max(want, 64)
        if draws > 1000 * (done + 100):
            raise CpolyInputError("the hand ranges almost never fit together without repeating "
                                  "a card; use --exact")
        if len(holes) == 0:
            continue
        strength = _strengths(holes, boards, flushes, deal)
        total = total + tally_showdowns(strength, np.ones(len(holes), dtype=np.int64), deal.rules)
        shares = _shares(strength)
        share_squares += (shares ** 2).sum(axis=0)
        category_squares += _category_squares(strength, shares, deal)
        done += len(holes)
        if progress is not None:
            progress(done, samples)
    stderr = _stderr(total.share / SHARE_UNIT, share_squares, done)
    by_category = _stderr(total.cat_share / SHARE_UNIT, category_squares, done)
    return result_from_tally(total, deal.labels, reason, exact=False,
                             stderr=tuple(float(x) for x in stderr), flushes=flushes,
                             category_stderr=tuple(tuple(float(x) for x in row)
                                                   for row in by_category), rules=deal.rules)
