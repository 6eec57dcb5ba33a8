"""Vectorised, seeded Monte Carlo equity with standard errors.

Each sample draws one combo per player uniformly from its range, rejects samples that use a card
twice (so joint holdings are uniform over the valid ones, as in the exact method), then completes
the board uniformly from the cards left.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.evaluator import evaluate, strength_from_counts
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.tally import Tally, tally_showdowns

IntArray = npt.NDArray[np.int64]
BATCH = 100_000


def _draw_holdings(deal: Deal, rng: np.random.Generator, size: int) -> IntArray:
    """``(m, 2P)`` hole cards of the valid samples among ``size`` draws."""
    parts = []
    for combos in deal.ranges:
        table = np.asarray(combos, dtype=np.int64)
        parts.append(table[rng.integers(0, len(table), size)])
    holes = np.concatenate(parts, axis=1)
    fixed = np.asarray(deal.board + deal.dead, dtype=np.int64)
    everything = np.sort(np.concatenate([holes, np.broadcast_to(fixed, (size, fixed.size))], 1), 1)
    valid = (everything[:, 1:] != everything[:, :-1]).all(axis=1)
    return np.asarray(holes[valid], dtype=np.int64)


def _complete_boards(deal: Deal, holes: IntArray, rng: np.random.Generator) -> IntArray:
    """``(m, 5)`` boards: the known board plus uniform new cards from the rest of the deck."""
    rows = np.arange(len(holes))[:, None]
    keys = rng.random((len(holes), 52))
    keys[rows, holes] = 2.0
    fixed = list(deal.board + deal.dead)
    if fixed:
        keys[:, fixed] = 2.0
    new = np.argpartition(keys, deal.unknown, axis=1)[:, :deal.unknown] if deal.unknown else \
        np.zeros((len(holes), 0), dtype=np.int64)
    known = np.broadcast_to(np.asarray(deal.board, dtype=np.int64), (len(holes), len(deal.board)))
    return np.concatenate([known, new], axis=1)


def _strengths(holes: IntArray, boards: IntArray, flushes: bool) -> IntArray:
    players = holes.shape[1] // 2
    columns = []
    for p in range(players):
        hand = np.concatenate([holes[:, 2 * p:2 * p + 2], boards], axis=1)
        if flushes:
            columns.append(evaluate(hand))
        else:
            counts = ((hand // 4)[:, :, None] == np.arange(13)).sum(axis=1)
            columns.append(strength_from_counts(counts))
    return np.stack(columns, axis=1)


def _shares(strength: IntArray) -> npt.NDArray[np.float64]:
    is_best = strength == strength.max(axis=1, keepdims=True)
    return np.asarray(is_best / is_best.sum(axis=1, keepdims=True), dtype=np.float64)


def monte_carlo(deal: Deal, samples: int, seed: int | None = None, flushes: bool = True,
                reason: str = "Monte Carlo") -> EquityResult:
    """Monte Carlo equity over ``samples`` valid deals; ``stderr`` is the standard error."""
    if samples < 1:
        raise CpolyInputError(f"the number of samples must be positive, got {samples}")
    rng = np.random.default_rng(seed)
    players = len(deal.ranges)
    total = Tally.zero(players)
    share_sum = np.zeros(players)
    share_squares = np.zeros(players)
    done, draws = 0, 0
    while done < samples:
        want = min(BATCH, samples - done)
        holes = _draw_holdings(deal, rng, max(want, 64))[:want]
        draws += max(want, 64)
        if draws > 100 * samples + 10_000 and done == 0:
            raise CpolyInputError("the ranges almost never fit together without repeated cards")
        if len(holes) == 0:
            continue
        strength = _strengths(holes, _complete_boards(deal, holes, rng), flushes)
        total = total + tally_showdowns(strength, np.ones(len(holes), dtype=np.int64))
        shares = _shares(strength)
        share_sum += shares.sum(axis=0)
        share_squares += (shares ** 2).sum(axis=0)
        done += len(holes)
    mean = share_sum / done
    variance = np.maximum(share_squares / done - mean ** 2, 0.0) * done / max(done - 1, 1)
    stderr = tuple(float(x) for x in np.sqrt(variance / done))
    return result_from_tally(total, deal.labels, reason, exact=False, stderr=stderr,
                             flushes=flushes)
