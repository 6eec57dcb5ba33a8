"""Exact postflop equity over many holdings: strengths once per runout, one player counted.

On a flop, turn or river every *runout* (the board cards still to come) is listed.  For each
runout the strength of every two-card combo is computed once (one evaluation per combo, shared by
all holdings).  All players but one — the *counted* player ``Q``, the one with the widest range —
are enumerated jointly (vectorised, as rows of combo indices); ``Q`` is never enumerated: its
combos are sorted by strength, and for each row the number of ``Q``'s combos below, equal to and
above the row's best strength is found by **card-removal counting** (inclusion–exclusion over the
row's cards ``H``)::

    count_h(k) = W(k) - sum_{c in H} W_c(k) + sum_{c < c' in H} w({c, c'}) [rank({c, c'}) < k]

where ``W(k)`` is the total weight of ``Q``'s ``k`` weakest combos and ``W_c(k)`` the part of it
holding card ``c`` (two distinct combos share at most one card, so the sum is exact).  Sums over
many rows of ``count_h(k)`` at a fixed ``k`` are linear in the rows, so ``Q``'s per-category
counts cost one aggregation per runout, not per row.

>>> from cpoly.games.holdem.deal import make_deal
>>> t = runout_tally(make_deal(["AsAh", "??"], board="2c 7d 9h Ts"))
>>> t.boards, t.win.tolist(), t.tie.tolist()
(45540, [37048, 8448], [44, 44])
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from math import factorial, prod

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.evaluator import category_codes, evaluate
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import SHARE_UNIT, Tally, exact_bincount

IntArray = npt.NDArray[np.int64]
Progress = Callable[[int, int], None]

#: Rows (runout, holding of the enumerated players) handled in one vectorised step.
ROWS_PER_STEP = 1_500_000
#: Joint holdings of the enumerated players beyond which the runout method refuses.
MAX_ENUMERATED_ROWS = 20_000_000

ALL_COMBOS: IntArray = np.array([(b, a) for a, b in combinations(range(52), 2)], dtype=np.int64)
COMBO_ID: IntArray = np.full((52, 52), -1, dtype=np.int64)
COMBO_ID[ALL_COMBOS[:, 0], ALL_COMBOS[:, 1]] = np.arange(len(ALL_COMBOS))
COMBO_ID[ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]] = np.arange(len(ALL_COMBOS))


def counted_player(deal: Deal) -> int:
    """The player whose combos are counted rather than enumerated: the widest range (last on ties)."""
    sizes = [len(r) for r in deal.ranges]
    return max(range(len(sizes)), key=lambda p: (sizes[p], p))


def enumerated_rows_bound(deal: Deal) -> int:
    """An upper bound on the rows of the enumerated players: the product of their range sizes,
    divided by the orders of alike players (listed once per unordered choice)."""
    q = counted_player(deal)
    enumerated = [p for p in range(len(deal.ranges)) if p != q]
    bound = prod(len(deal.ranges[p]) for p in enumerated)
    return bound // prod(factorial(len(g)) for g in _alike_groups(deal, enumerated))


def _weights(deal: Deal, player: int) -> IntArray:
    if deal.weights is None:
        return np.ones(len(deal.ranges[player]), dtype=np.int64)
    return np.asarray(deal.weights[player], dtype=np.int64)


def enumerate_rows(deal: Deal, players: list[int]) -> tuple[IntArray, npt.NDArray[np.uint64],
                                                           IntArray]:
    """Joint holdings of ``players`` with no shared card: combo ids ``(N, L)``, card masks
    ``(N,)`` (uint64 bits) and weights ``(N,)`` (product of the players' combo weights)."""
    ids = np.zeros((1, 0), dtype=np.int64)
    masks = np.zeros(1, dtype=np.uint64)
    weights = np.ones(1, dtype=np.int64)
    for player in players:
        combos = np.asarray(deal.ranges[player], dtype=np.int64)
        combo_ids = COMBO_ID[combos[:, 0], combos[:, 1]]
        combo_masks = (np.uint64(1) << combos[:, 0].astype(np.uint64)) | (
            np.uint64(1) << combos[:, 1].astype(np.uint64))
        ok = (masks[:, None] & combo_masks[None, :]) == 0
        row, col = np.nonzero(ok)
        ids = np.concatenate([ids[row], combo_ids[col, None]], axis=1)
        masks = masks[row] | combo_masks[col]
        weights = weights[row] * _weights(deal, player)[col]
    return ids, masks, weights


def runouts(deal: Deal) -> IntArray:
    """Every completion of the board: ``(R, k)`` cards from the deck minus board and dead cards."""
    listed = list(combinations(deal.live_cards(), deal.unknown))
    return np.array(listed, dtype=np.int64).reshape(len(listed), deal.unknown)


def _combo_strengths(board: tuple[int, ...], extra: IntArray, rules: GameRules) -> IntArray:
    """Strength ``(R, 1326)`` of every combo on every full board (garbage where cards collide)."""
    full = np.concatenate([np.broadcast_to(np.asarray(board, np.int64), (len(extra), len(board))),
                           extra], axis=1)
    hands = np.concatenate([
        np.broadcast_to(ALL_COMBOS[None, :, :], (len(full), len(ALL_COMBOS), 2)),
        np.broadcast_to(full[:, None, :], (len(full), len(ALL_COMBOS), 5))], axis=2)
    return evaluate(hands.reshape(-1, 7), rules).astype(np.int64).reshape(len(full), len(ALL_COMBOS))


class _Counted:
    """The counted player's combos on one runout, sorted by strength, with cumulative weights."""

    def __init__(self, q_cards: IntArray, q_weights: IntArray, q_strength: IntArray,
                 runout_mask: np.uint64, rules: GameRules) -> None:
        self.rules = rules
        masks = (np.uint64(1) << q_cards[:, 0].astype(np.uint64)) | (
            np.uint64(1) << q_cards[:, 1].astype(np.uint64))
        live = (masks & runout_mask) == 0
        weight = np.where(live, q_weights, 0)
        strength = np.where(live, q_strength, -1)
        order = np.argsort(strength, kind="stable")
        self.sorted_strength = strength[order]
        self.weight = weight  # by Q index
        self.rank = np.empty(len(order), dtype=np.int64)
        self.rank[order] = np.arange(len(order))
        sorted_weight = weight[order]
        self.cum = np.concatenate([[0], np.cumsum(sorted_weight)])
        per_card = np.zeros((52, len(order) + 1), dtype=np.int64)
        positions = np.arange(1, len(order) + 1)
        np.add.at(per_card, (q_cards[order, 0], positions), sorted_weight)
        np.add.at(per_card, (q_cards[order, 1], positions), sorted_weight)
        self.card_cum = np.cumsum(per_card, axis=1)
        self.card_flat = self.card_cum.ravel()
        self.weight_ext = np.concatenate([weight, [0]])  # index -1: no combo, weight 0
        self.rank_ext = np.concatenate([self.rank, [len(order)]])
        codes = np.where(self.sorted_strength >= 0, category_codes(np.maximum(self.sorted_strength, 0), rules), 0)
        self.bounds = np.searchsorted(codes, np.arange(1, 12), side="left")  # start of code c

    def count(self, cards: IntArray, pairs: IntArray, k: IntArray) -> IntArray:
        """``count_h(k)`` per row: weight of Q's combos among the ``k`` weakest avoiding ``cards``."""
        width = self.card_cum.shape[1]
        removed = np.take(self.card_flat, cards * width + k[:, None]).sum(axis=1)
        below = np.take(self.rank_ext, pairs) < k[:, None]
        added = (np.take(self.weight_ext, pairs) * below).sum(axis=1)
        return np.asarray(self.cum[k] - removed + added, dtype=np.int64)

    def count_all(self, cards: IntArray, pairs: IntArray) -> IntArray:
        """``count_h`` over all of Q's combos: the weight of those avoiding the row's cards."""
        removed = np.take(self.card_cum[:, -1], cards).sum(axis=1)
        return np.asarray(self.cum[-1] - removed + np.take(self.weight_ext, pairs).sum(axis=1),
                          dtype=np.int64)

    def linear(self, weights: IntArray, cards: IntArray, pairs: IntArray, groups: IntArray,
               n_groups: int) -> IntArray:
        """``sum_{h in group g} w_h count_h(k)`` for every group ``g`` and every category bound
        ``k``: ``(n_groups, 11)``."""
        bounds = self.bounds
        total_w = _group_sum(groups, weights, n_groups)
        card_keys = groups[:, None] * 52 + cards
        card_w = _group_sum(card_keys.ravel(), np.repeat(weights, cards.shape[1]),
                            n_groups * 52).reshape(n_groups, 52)
        size = len(self.weight) + 1  # index -1 (no Q combo) lands in the last column
        pair_keys = groups[:, None] * size + np.where(pairs >= 0, pairs, size - 1)
        pair_w = _group_sum(pair_keys.ravel(), np.repeat(weights, pairs.shape[1]),
                            n_groups * size).reshape(n_groups, size)
        pair_w = pair_w[:, :-1] * self.weight[None, :]
        below = (self.rank[:, None] < bounds[None, :]).astype(np.int64)
        return np.asarray(total_w[:, None] * self.cum[bounds][None, :]
                          - card_w @ self.card_cum[:, bounds] + pair_w @ below, dtype=np.int64)


def _group_sum(groups: IntArray, values: IntArray, n_groups: int = 10) -> IntArray:
    """Exact int64 sums of ``values`` by group."""
    return exact_bincount(groups, values, n_groups)


def _row_pairs(ids: IntArray, q_index: IntArray) -> tuple[IntArray, IntArray]:
    """Cards ``(N, 2L)`` of each row and, per pair of them, the Q index of that combo (-1)."""
    cards = ALL_COMBOS[ids].reshape(len(ids), -1)
    pair_cols = list(combinations(range(cards.shape[1]), 2))
    if not pair_cols:
        return cards, np.zeros((len(ids), 0), dtype=np.int64)
    first = cards[:, [i for i, _ in pair_cols]]
    second = cards[:, [j for _, j in pair_cols]]
    return cards, q_index[COMBO_ID[first, second]]


def _step(total: Tally, counted: _Counted, e_strength: IntArray, w: IntArray, cards: IntArray,
          pairs: IntArray, q: int, enumerated: list[int]) -> Tally:
    """Add the tally of rows (one runout) to ``total``."""
    best = e_strength.max(axis=1)
    at_best = e_strength == best[:, None]
    m = at_best.sum(axis=1)
    k_lt = np.searchsorted(counted.sorted_strength, best, side="left")
    k_le = np.searchsorted(counted.sorted_strength, best, side="right")
    c_lt = counted.count(cards, pairs, k_lt)
    c_le = counted.count(cards, pairs, k_le)
    c_all = counted.count_all(cards, pairs)
    below, equal = w * c_lt, w * (c_le - c_lt)
    players = len(enumerated) + 1
    win = np.zeros(players, np.int64)
    tie = np.zeros(players, np.int64)
    share = np.zeros(players, np.int64)
    cat = np.zeros((4, players, 10), np.int64)  # win, tie, occur, share
    e_codes = category_codes(e_strength, counted.rules) - 1
    alone = (m == 1)
    for col, player in enumerate(enumerated):
        top = at_best[:, col]
        p_win = np.where(top & alone, below, 0)
        p_tie = np.where(top, np.where(alone, equal, below + equal), 0)
        p_share = np.where(top, below * (SHARE_UNIT // m) + equal * (SHARE_UNIT // (m + 1)), 0)
        win[player], tie[player], share[player] = p_win.sum(), p_tie.sum(), p_share.sum()
        for index, values in enumerate((p_win, p_tie, w * c_all, p_share)):
            cat[index, player] = _group_sum(e_codes[:, col], values)
    best_code = category_codes(best, counted.rules) - 1
    sums = counted.linear(w, cards, pairs, best_code, 10)  # (10 groups, 11 bounds)
    full = sums[:, 1:] - sums[:, :-1]  # (group x, category c): Q combos of category c
    occur = full.sum(axis=0)
    strictly_higher = np.triu(np.ones((10, 10), dtype=np.int64), k=1)  # [x, c] = 1 if c > x
    q_win = (full * strictly_higher).sum(axis=0)
    q_win += np.diag(sums[:, 1:]) - _group_sum(best_code, w * c_le)
    q_tie = _group_sum(best_code, equal)
    cat[0, q], cat[1, q], cat[2, q] = q_win, q_tie, occur
    cat[3, q] = SHARE_UNIT * q_win + _group_sum(best_code, equal * (SHARE_UNIT // (m + 1)))
    win[q], tie[q], share[q] = q_win.sum(), q_tie.sum(), cat[3, q].sum()
    boards = int((w * c_all).sum())
    return total + Tally(boards, win, tie, share, cat[0], cat[1], cat[2], cat[3])


def _alike_groups(deal: Deal, enumerated: list[int]) -> list[list[int]]:
    """Columns (positions in ``enumerated``) of players with the same range and weights."""
    groups: dict[object, list[int]] = {}
    for column, player in enumerate(enumerated):
        weights = None if deal.weights is None else deal.weights[player]
        groups.setdefault((deal.ranges[player], weights), []).append(column)
    return [columns for columns in groups.values() if len(columns) > 1]


def _sorted_rows(ids: IntArray, groups: list[list[int]]) -> tuple[npt.NDArray[np.bool_], int]:
    """Rows whose combo ids increase within every group of alike players, and how many full
    rows each stands for (the product of the groups' factorials)."""
    keep = np.ones(len(ids), dtype=bool)
    for columns in groups:
        for left, right in zip(columns, columns[1:]):
            keep &= ids[:, left] < ids[:, right]
    return keep, prod(factorial(len(columns)) for columns in groups)


def _symmetrised(total: Tally, groups: list[list[int]], enumerated: list[int]) -> Tally:
    """Give every alike player the mean of its group's counts (the group sum over sorted rows
    times the factorial, divided by the group size: exact)."""
    arrays = {name: getattr(total, name).copy() for name in
              ("win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share")}
    for columns in groups:
        players = [enumerated[c] for c in columns]
        for values in arrays.values():
            values[players] = values[players].sum(axis=0) // len(players)
    return Tally(total.boards, **arrays)


def runout_tally(deal: Deal, progress: Progress | None = None) -> Tally:
    """Exact tally of a postflop deal over every runout and every valid joint holding.

    Enumerated players with the same range (``?? ??``) are listed once per unordered choice of
    their combos, each row weighted by the number of orders, and their counts shared out.
    ``progress(done, total)`` is called after each runout.
    """
    if deal.unknown > 2:
        raise ValueError("the runout method needs a flop, turn or river")
    q = counted_player(deal)
    enumerated = [p for p in range(len(deal.ranges)) if p != q]
    if enumerated_rows_bound(deal) > MAX_ENUMERATED_ROWS:
        raise CpolyInputError(
            f"{enumerated_rows_bound(deal):,} joint holdings of the listed hands exceed "
            f"{MAX_ENUMERATED_ROWS:,}: too many to enumerate exactly; use Monte Carlo (--samples N)")
    ids, masks, weights = enumerate_rows(deal, enumerated)
    groups = _alike_groups(deal, enumerated)
    keep, orders = _sorted_rows(ids, groups)
    ids, masks, weights = ids[keep], masks[keep], weights[keep] * orders
    q_cards = np.asarray(deal.ranges[q], dtype=np.int64)
    q_ids = COMBO_ID[q_cards[:, 0], q_cards[:, 1]]
    q_index = np.full(len(ALL_COMBOS) + 1, -1, dtype=np.int64)
    q_index[q_ids] = np.arange(len(q_ids))
    row_cards, pairs = _row_pairs(ids, q_index)
    extra = runouts(deal)
    total = Tally.zero(len(deal.ranges))
    for start in range(0, len(extra), 64):
        chunk = extra[start:start + 64]
        strengths = _combo_strengths(deal.board, chunk, deal.rules)
        for offset, runout in enumerate(chunk):
            runout_mask = np.uint64(sum(1 << int(c) for c in runout))
            live = (masks & runout_mask) == 0
            counted = _Counted(q_cards, _weights(deal, q), strengths[offset, q_ids], runout_mask,
                               deal.rules)
            for lo in range(0, int(live.sum()), ROWS_PER_STEP):
                rows = np.flatnonzero(live)[lo:lo + ROWS_PER_STEP]
                total = _step(total, counted, strengths[offset][ids[rows]], weights[rows],
                              row_cards[rows], pairs[rows], q, enumerated)
            if progress is not None:
                progress(start + offset + 1, len(extra))
    return _symmetrised(total, groups, enumerated)


def valid_holdings(deal: Deal) -> int:
    """The number of valid joint holdings (no card twice), by the same card-removal counting."""
    q = counted_player(deal)
    enumerated = [p for p in range(len(deal.ranges)) if p != q]
    ids, _, _ = enumerate_rows(deal, enumerated)
    q_cards = np.asarray(deal.ranges[q], dtype=np.int64)
    q_index = np.full(len(ALL_COMBOS) + 1, -1, dtype=np.int64)
    q_index[COMBO_ID[q_cards[:, 0], q_cards[:, 1]]] = np.arange(len(q_cards))
    counted = _Counted(q_cards, np.ones(len(q_cards), np.int64), np.zeros(len(q_cards), np.int64),
                       np.uint64(0), deal.rules)
    cards, pairs = _row_pairs(ids, q_index)
    return int(counted.count_all(cards, pairs).sum())
