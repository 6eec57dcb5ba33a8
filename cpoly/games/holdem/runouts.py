"""Exact postflop equity over many holdings: strengths once per runout, one player counted.

On a flop, turn or river every *runout* (the board cards still to come) is listed.  A combo's
strength on a runout is read from the game's table of rank-only strengths by its rank pair, and
from the flush table where the runout lets a suit flush (shared by all holdings).  All players
but one — the *counted* player ``Q``, the one with the widest range — are enumerated jointly
(vectorised, as rows of combo indices); ``Q`` is never enumerated: its combos are grouped in
classes of equal strength (its 105 rank pairs, and the combos a flush lifts, by strength),
the classes sorted by strength per runout, and for each row the number of ``Q``'s combos below,
equal to and above the row's best strength is found by **card-removal counting**
(inclusion–exclusion over the row's cards ``H``)::

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
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import factorial, prod
from typing import Any

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.boards import HOLE_PAIRS, PAIR_COLUMN, StrengthArray, flush_table, multiset_rows, strength_table
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.evaluator import POPCOUNT, code_table
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import SHARE_UNIT, Tally, exact_bincount

__all__ = ["ALL_COMBOS", "COMBO_ID", "IntArray", "MAX_ENUMERATED_ROWS", "Progress", "ROWS_PER_STEP",
           "RUNOUTS_PER_STEP", "counted_player", "enumerate_rows", "enumerated_rows_bound", "runout_tally",
           "runouts", "valid_holdings"]

IntArray = npt.NDArray[np.int64]
Progress = Callable[[int, int], None]

#: Rows (runout, holding of the enumerated players) handled in one vectorised step.
ROWS_PER_STEP = 1_500_000
#: Runouts handled together (their counted player's combos sorted at once).
RUNOUTS_PER_STEP = 128
#: Joint holdings of the enumerated players beyond which the runout method refuses.
MAX_ENUMERATED_ROWS = 20_000_000

ALL_COMBOS: IntArray = np.column_stack(np.triu_indices(52, 1)[::-1]).astype(np.int64)  # (b, a), a < b
COMBO_ID: IntArray = np.full((52, 52), -1, dtype=np.int64)
COMBO_ID[ALL_COMBOS[:, 0], ALL_COMBOS[:, 1]] = np.arange(len(ALL_COMBOS))
COMBO_ID[ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]] = np.arange(len(ALL_COMBOS))
#: Each combo's column (its rank pair) in a :func:`~cpoly.games.holdem.boards.strength_table`.
_COMBO_COLUMN: IntArray = PAIR_COLUMN[ALL_COMBOS[:, 0] >> 2, ALL_COMBOS[:, 1] >> 2]
#: ``(1326, 4)`` each combo's cards of each suit as a rank mask.
_COMBO_SUIT_MASKS = np.zeros((len(ALL_COMBOS), 4), np.int64)
for _column in ALL_COMBOS.T:
    _COMBO_SUIT_MASKS[np.arange(len(ALL_COMBOS)), _column & 3] |= np.int64(1) << (_column >> 2)


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


def _longest_suit(board: tuple[int, ...], extra: IntArray) -> tuple[IntArray, IntArray]:
    """Per runout (a row of ``extra`` completing ``board``), the suit with the most cards on the
    full board and its ranks as a mask."""
    full = np.concatenate([np.broadcast_to(np.asarray(board, np.int64), (len(extra), len(board))),
                           extra], axis=1)
    suit_masks = np.zeros((len(full), 4), np.int64)
    for column in full.T:
        suit_masks[np.arange(len(full)), column & 3] |= np.int64(1) << (column >> 2)
    suit = np.argmax(POPCOUNT[suit_masks], axis=1)
    return suit, suit_masks[np.arange(len(full)), suit]


def _can_flush(suit_mask: IntArray) -> npt.NDArray[np.bool_]:
    """Whether a board's longest suit (its rank mask) lets a hand flush: three cards or more."""
    return np.asarray(POPCOUNT[suit_mask] >= 3)


@dataclass(frozen=True)
class _Strengths:
    """Strengths of combos on a batch of runouts, read on demand: the rank part from the game's
    table of rank-only strengths (by the runout's rank multiset and the combo's rank pair), the
    flush part from the suit with the most cards on the full board (the only one that can make a
    flush: five board cards hold at most one suit of three).

    >>> from cpoly.games.holdem.evaluator import evaluate
    >>> from cpoly.games.holdem.intcards import parse_cards
    >>> from cpoly.games.holdem.rules import STANDARD_SHAPE
    >>> board, extra = parse_cards("2c 3c 9d"), np.array([parse_cards("5d 9h"), parse_cards("Kc Qh")])
    >>> s = _Strengths.of_runouts(tuple(board), extra, STANDARD_SHAPE)
    >>> hands = [parse_cards("Ac 4c"), parse_cards("As 9s")]
    >>> ours = s.of(np.arange(2)[:, None], np.array([[COMBO_ID[a, b] for a, b in hands]]))
    >>> seven = [[evaluate([[*board, *e, *h]])[0] for h in hands] for e in extra]
    >>> s.flushing.tolist(), ours.tolist() == seven
    ([1], True)
    """

    by_pair: IntArray  # (B, 105) rank-only strength of every rank pair
    suit: IntArray  # (B,) the suit with the most board cards
    suit_mask: IntArray  # (B,) its board ranks
    flushing: IntArray  # the runouts where that suit has three cards or more
    flushes: StrengthArray  # the game's flush_table

    @staticmethod
    def of_runouts(board: tuple[int, ...], extra: IntArray, rules: GameRules) -> _Strengths:
        """The strengths on the known ``board`` completed by each row of ``extra``."""
        board_counts = np.bincount(np.asarray(board, dtype=np.int64) >> 2, minlength=13)
        table = strength_table(rules, tuple(board_counts.tolist()), extra.shape[1])
        suit, suit_mask = _longest_suit(board, extra)
        return _Strengths(table[multiset_rows(extra >> 2)].astype(np.int64), suit, suit_mask,
                          np.flatnonzero(_can_flush(suit_mask)), flush_table(rules))

    def flushing_last(self) -> IntArray:
        """The order of the runouts with those that let a suit flush last (in order otherwise):
        a batch of runouts where none does needs no classes beyond the rank pairs.

        >>> from cpoly.games.holdem.intcards import parse_cards
        >>> from cpoly.games.holdem.rules import STANDARD_SHAPE
        >>> extra = np.array([parse_cards("3c 4c"), parse_cards("3d 4h"), parse_cards("5d 6s")])
        >>> s = _Strengths.of_runouts(tuple(parse_cards("2c 7c 9h")), extra, STANDARD_SHAPE)
        >>> order = s.flushing_last()
        >>> order.tolist(), s.rows(order).flushing.tolist(), s.rows(order[:2]).flushing.tolist()
        ([1, 2, 0], [2], [])
        """
        return np.argsort(_can_flush(self.suit_mask), kind="stable")

    def rows(self, index: IntArray | slice) -> _Strengths:
        """The strengths on the runouts ``index`` (an index array or a slice), in that order."""
        suit_mask = self.suit_mask[index]
        return _Strengths(self.by_pair[index], self.suit[index], suit_mask,
                          np.flatnonzero(_can_flush(suit_mask)), self.flushes)

    def of(self, runout: IntArray, combos: IntArray) -> IntArray:
        """Strengths of combo ids ``combos`` on runouts ``runout`` (broadcast together; garbage
        where cards collide)."""
        rank = self.by_pair[runout, _COMBO_COLUMN[combos]]
        suited = self.suit_mask[runout] | _COMBO_SUIT_MASKS[combos, self.suit[runout]]
        return np.asarray(np.maximum(rank, self.flushes[suited]), dtype=np.int64)


#: A sort key packs a class's strength + 1 (below ``2**25``) above its index in its row (below
#: ``2**12``); a batch key puts the runout above both.
_INDEX_BITS = 12
_KEY_SHIFT = 38
#: The largest matrix product (``m * n * k``) OpenBLAS runs on one thread: past it, it wakes
#: threads whose start costs many times the product on a shared machine (14 ms a call seen).
_SERIAL_PRODUCT = 2**18
#: Integers below this add exactly in float64 (with a bit to spare).
_FLOAT_EXACT = 2**52
#: Hand codes 1..10 and the code 0 of a dead combo: bounds ``code < i`` for ``i = 1..11``.
_CODES = 12


def _card_masks(cards: IntArray) -> npt.NDArray[np.uint64]:
    """``(N,)`` the uint64 bit mask of each row of ``cards`` ``(N, k)``."""
    bits = np.uint64(1) << cards.astype(np.uint64)
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(bits, axis=1, initial=np.uint64(0))
    return masks


def _lifted(player: _Player, strengths: _Strengths, extra: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """Runout, index and strength of every live combo of Q that a flush lifts above its rank
    pair (looked for only on the runouts where a flush can be, among the combos with enough
    cards of the suit to fill the flush's: no strength read for the others)."""
    flushing = strengths.flushing
    short = _flush_cards(strengths.flushes) - POPCOUNT[strengths.suit_mask[flushing]]  # (F,)
    runout, combo = np.nonzero(player.in_suit[strengths.suit[flushing]] >= short[:, None])
    live = (player.masks[combo] & _card_masks(extra)[flushing[runout]]) == 0
    runout, combo = flushing[runout[live]], combo[live]
    strength = strengths.of(runout, player.ids[combo])
    lifts = strength > strengths.by_pair[runout, player.columns[combo]]
    return runout[lifts], combo[lifts], strength[lifts]


def _flush_cards(flushes: StrengthArray) -> int:
    """The fewest cards of a suit that make a flush in the game's ``flushes`` (:func:`flush_table`).

    >>> from cpoly.games.holdem.rules import STANDARD_SHAPE
    >>> _flush_cards(flush_table(STANDARD_SHAPE))
    5
    """
    return int(POPCOUNT[np.flatnonzero(flushes > flushes[0])].min())


def _q_index(q_cards: IntArray) -> IntArray:
    """Each combo id's index in Q's combos ``q_cards``, ``M`` (one past them) where Q has none;
    entry ``-1`` (a card paired with itself) is ``M`` too."""
    q_index = np.full(len(ALL_COMBOS) + 1, len(q_cards), np.int64)
    q_index[COMBO_ID[q_cards[:, 0], q_cards[:, 1]]] = np.arange(len(q_cards))
    return q_index


@dataclass(frozen=True)
class _Player:
    """The counted player Q, fixed over a tally: its ``M`` combos' cards, combo ids, weights and
    rank-pair columns (and an entry ``M``, no combo: cards 52, id 0, weight 0, column 0); each
    combo id's index among them (``M``: none); its combos' card masks and cards of each suit;
    the cards ``held`` by the enumerated players (each card's slot among them, ``H`` for the
    others); Q's combos holding each card; and Q's weights by rank pair, in all and ``(53, 105)``
    of its combos holding each card (row 52: none), with the held cards' rows."""

    cards: IntArray  # (M + 1, 2)
    ids: IntArray  # (M + 1,)
    weight: IntArray  # (M + 1,)
    columns: IntArray  # (M + 1,)
    index: IntArray  # (1327,)
    masks: npt.NDArray[np.uint64]  # (M,)
    in_suit: IntArray  # (4, M)
    held: IntArray  # (H,)
    slot: IntArray  # (53,)
    card_combos: IntArray  # (52, C), padded with M
    pair_weights: IntArray  # (105,)
    card_pair_weights: IntArray  # (53, 105), row 52 zero
    held_rows: IntArray  # (H + 1,) the held cards' rows in card_pair_weights, then 52

    @staticmethod
    def of(q_cards: IntArray, q_weights: IntArray, held: IntArray) -> _Player:
        """Q of combos ``q_cards`` ``(M, 2)`` weighted ``q_weights``, against rows holding ``held``."""
        ids = np.append(COMBO_ID[q_cards[:, 0], q_cards[:, 1]], 0)
        weight = np.append(q_weights, 0)
        columns = np.append(PAIR_COLUMN[q_cards[:, 0] >> 2, q_cards[:, 1] >> 2], 0)
        slot = np.full(53, len(held), np.int64)
        slot[held] = np.arange(len(held))
        card_combos = _card_combos(q_cards.tobytes(), len(q_cards))
        pairs = len(HOLE_PAIRS)
        by_card = exact_bincount(np.arange(52)[:, None] * pairs + columns[card_combos], weight[card_combos],
                                 53 * pairs)
        return _Player(np.append(q_cards, [[52, 52]], axis=0), ids, weight, columns, _q_index(q_cards),
                       _card_masks(q_cards), POPCOUNT[_COMBO_SUIT_MASKS[ids[:-1]]].T, held, slot, card_combos,
                       exact_bincount(columns, weight, pairs), by_card.reshape(53, pairs), np.append(held, 52))


class _Counted:
    """The counted player's combos on a batch of ``B`` runouts, in classes of equal strength: the
    105 rank pairs (a combo's rank-only strength is its pair's) and, one class per strength, the
    combos a flush lifts above their pair (a few dozen more classes per runout, not 1,326 combos:
    on a board of four or five of a suit the lifted combos' strengths depend on their cards of
    that suit alone).  Per
    runout, the classes are sorted by strength with cumulative weights, and in the same order the
    cumulative weights of the combos holding each card in ``held`` (the cards of the enumerated
    players' rows; the only ones whose combos are removed).  A class's weight is Q's whole weight
    in it, less the combos the runout kills or a flush lifts out (few: no per-combo work).

    Index ``M`` (one past Q's combos) is no combo: strength -1, weight 0.
    """

    def __init__(self, player: _Player, strengths: _Strengths, extra: IntArray, rules: GameRules) -> None:
        self.rules = rules
        self.strengths = strengths
        self.player = player
        self.q_ids, self.q_weight, self.slot = player.ids, player.weight, player.slot
        by_pair = strengths.by_pair
        columns = player.columns
        lifted_runout, lifted, lifted_strength = _lifted(player, strengths, extra)
        distinct, slots = np.unique((lifted_runout << _KEY_SHIFT) | lifted_strength, return_inverse=True)
        per_runout = np.bincount(distinct >> _KEY_SHIFT, minlength=len(extra))
        pairs = by_pair.shape[1]
        distinct_slots = pairs + np.arange(len(distinct)) - (np.cumsum(per_runout) - per_runout)[
            distinct >> _KEY_SHIFT]
        slots = distinct_slots[slots.reshape(-1)]
        class_strength = np.full((len(extra), pairs + int(per_runout.max(initial=0))), -1, np.int64)
        class_strength[:, :pairs] = by_pair
        class_strength[distinct >> _KEY_SHIFT, distinct_slots] = distinct & ((1 << _KEY_SHIFT) - 1)
        lifts = (np.concatenate([lifted_runout, lifted_runout]), np.concatenate([lifted, lifted]),
                 np.concatenate([np.full(len(lifted), -1), np.ones(len(lifted), np.int64)]),
                 np.concatenate([columns[lifted], slots]))
        order = np.sort(((class_strength + 1) << _INDEX_BITS) | np.arange(class_strength.shape[1]), axis=1)
        self.keys = ((np.arange(len(extra))[:, None] << _KEY_SHIFT) | order).ravel()
        order &= (1 << _INDEX_BITS) - 1
        card_dead = player.index[COMBO_ID[player.held[:, None, None], extra[None, :, :]]]  # (H, B, k)
        whole, by_card = self._weights(extra, lifts, order, card_dead)
        self.cum = _cumulative(whole)  # (B, K + 1)
        self.card_cum = _cumulative(by_card[:-1])  # (H, B, K + 1)

    def _weights(self, extra: IntArray, lifts: tuple[IntArray, IntArray, IntArray, IntArray],
                 order: IntArray, card_dead: IntArray) -> tuple[IntArray, IntArray]:
        """Class weights in each runout's ``order`` ``(B, K)``, and ``(H + 1, B, K)`` of each
        held card (and a spare for the others).  The whole: Q's weights by rank pair less those
        of its combos holding each runout card (plus those holding two: taken twice), plus the
        flush's ``lifts`` (runout, combo, sign, class), then put in order.  A held card's: its
        combos' weights by rank pair gathered in order, plus the lifts at their class's place in
        the order, less its own dead combos ``card_dead`` ``(H, B, k)`` (its combo with each
        runout card; its table on a runout holding it is never read)."""
        player = self.player
        batch, width = order.shape
        held = len(player.held)
        runout, combo, sign, klass = lifts
        both = [player.index[COMBO_ID[extra[:, i], extra[:, j]]] for i, j in combinations(range(extra.shape[1]), 2)]
        runout, combo, klass = (np.concatenate([runout, *(np.arange(batch) for _ in both)]),
                                np.concatenate([combo, *both]),
                                np.concatenate([klass, *(player.columns[c] for c in both)]))
        value = np.concatenate([sign, np.ones(batch * len(both), np.int64)]) * self.q_weight[combo]
        by_pair = player.pair_weights - player.card_pair_weights[extra].sum(axis=1)  # (B, 105)
        whole = np.zeros((batch, width), np.int64)
        whole[:, :by_pair.shape[1]] = by_pair
        np.add.at(whole.reshape(-1), runout * width + klass, value)
        whole = np.take_along_axis(whole, order, axis=1)
        place = np.empty_like(order)
        np.put_along_axis(place, order, np.arange(width), axis=1)  # each class's place in order
        lifted = len(lifts[0])
        at = runout[:lifted] * width + place[runout[:lifted], klass[:lifted]]
        narrow = _narrowest(int(self.q_weight.sum()))  # every partial sum of a card's weights fits
        by_card = np.take(_widened(player.card_pair_weights[player.held_rows], width).astype(narrow), order,
                          axis=1)  # (H + 1, B, K)
        lifted_cells = self.slot[player.cards[combo[:lifted]]] * (batch * width) + at[:, None]
        dead = ((np.arange(held)[:, None, None] * batch + np.arange(batch)[:, None]) * width
                + place[np.arange(batch)[:, None], player.columns[card_dead]])
        np.add.at(by_card.reshape(-1), np.concatenate([lifted_cells.ravel(), dead.ravel()]),
                  np.concatenate([np.repeat(value[:lifted], 2), -self.q_weight[card_dead].ravel()]).astype(narrow))
        return whole, by_card

    def pair_strength(self, runout: IntArray, pairs: IntArray) -> IntArray:
        """Strengths of Q's combos ``pairs`` (index ``M``: -1) on the rows' runouts."""
        strength = self.strengths.of(runout[:, None], self.q_ids[pairs])
        return np.where(pairs < len(self.q_ids) - 1, strength, -1)

    def _place(self, runout: IntArray, x: IntArray) -> IntArray:
        """The number of classes of runout ``runout`` with strength below ``x`` (broadcast)."""
        width = self.cum.shape[-1] - 1
        query = (runout << _KEY_SHIFT) | ((x + 1) << _INDEX_BITS)
        return np.asarray(np.searchsorted(self.keys, query, side="left") - runout * width, dtype=np.int64)

    def _card_starts(self, runout: IntArray, cards: IntArray) -> IntArray:
        """``(C, N)`` where each row's card's cumulative weights on its runout start in the flat
        ``card_cum`` (one flat gather is faster than indexing three axes)."""
        _, batch, span = self.card_cum.shape
        return np.asarray((self.slot[cards.T] * batch + runout) * span, dtype=np.int64)

    def count_below(self, runout: IntArray, cards: IntArray, pairs: IntArray, pair_strength: IntArray,
                    x: IntArray) -> IntArray:
        """``count_h`` below each of the bounds ``x`` ``(N, k)``, then over all of them (a last
        row): ``(k + 1, N)`` the weight of Q's combos of strength below the bound that avoid the
        row's ``cards`` (whose pairs have ``pair_strength``), for rows (cells) on runout
        ``runout`` of the batch.  Rows last: NumPy is slow on short last axes."""
        every = np.full((1, len(runout)), self.cum.shape[-1] - 1)  # past the last class
        place = np.concatenate([self._place(runout, x.T), every])  # (k + 1, N)
        whole = self.cum.reshape(-1).take(runout * self.cum.shape[-1] + place)
        cells = self._card_starts(runout, cards)[None] + place[:, None]  # (k + 1, C, N)
        removed = self.card_cum.reshape(-1).take(cells).sum(axis=1, dtype=np.int64)
        below = np.concatenate([pair_strength.T[None] < x.T[:, None], np.ones((1, *pairs.T.shape), bool)])
        paired = (self.q_weight[pairs.T][None] * below).sum(axis=1)
        return np.asarray(whole - removed + paired, dtype=np.int64)

    def linear(self, weights: IntArray, runout: IntArray, cards: IntArray, pairs: IntArray,
               pair_strength: IntArray, groups: IntArray, n_groups: int) -> IntArray:
        """``sum_{h in group g} w_h count_h(code < i)`` for every group ``g`` and every code bound
        ``i = 1..11``: ``(n_groups, 11)``."""
        held, batch, _ = self.card_cum.shape
        edges, below = self._code_edges()  # (R + 2, B)
        by_run = np.diff(self.cum.reshape(-1).take(np.arange(batch) * self.cum.shape[1] + edges), axis=0)
        card_by_run = np.diff(_along_rows(self.card_cum, edges), axis=0).reshape(len(by_run), held * batch)
        # Per group: +w of its rows on each runout, -w of its rows holding each card (card-major).
        span = batch * (1 + held)
        keys = np.concatenate([groups * span + runout,
                               (groups * span + batch + runout + self.slot[cards.T] * batch).ravel()])
        signed = np.concatenate([weights, -np.tile(weights, cards.shape[1])])
        group_w = _group_sum(keys, signed, n_groups * span).reshape(n_groups, span)
        bound = int(weights.sum()) * (1 + cards.shape[1]) * int(self.q_weight.sum())  # |row sums| x entries
        by_group = _exact_matmul(group_w, np.concatenate([by_run, card_by_run], axis=1).T, bound)  # (G, R + 1)
        pair_code = _class_codes(pair_strength, self.rules)
        pair_w = weights[:, None] * self.q_weight[pairs]
        by_pair = self._code_cum(np.repeat(groups, pairs.shape[1]), pair_code, pair_w, n_groups)
        return np.asarray(by_group @ below + by_pair, dtype=np.int64)  # runs to code bounds last: (G, R + 1)

    def _code_edges(self) -> tuple[IntArray, IntArray]:
        """Per runout, the sorted places ``(R + 2, B)`` where the runs of one hand code start (a
        code is a function of ``strength >> 16``, so its classes are contiguous in strength
        order), after the classes of no combo and the last; and ``(R + 1, 11)`` whether each
        run's code (0: no combo) is below ``i = 1..11``."""
        bounds, codes = _code_runs(self.rules)
        batch = len(self.cum)
        edges = np.concatenate([np.zeros((1, batch), np.int64), self._place(np.arange(batch), bounds[:, None]),
                                np.full((1, batch), self.cum.shape[1] - 1)])
        below = (np.append(0, codes)[:, None] < np.arange(1, _CODES)).astype(np.int64)
        return edges, below

    @staticmethod
    def _code_cum(rows: IntArray, codes: IntArray, weights: IntArray, n_rows: int) -> IntArray:
        """``(n_rows, 11)``: per row, the weight of entries with code below ``i = 1..11``."""
        summed = _group_sum(rows * _CODES + codes.ravel(), weights.ravel(), n_rows * _CODES)
        return np.asarray(np.cumsum(summed.reshape(n_rows, _CODES), axis=1)[:, :-1], dtype=np.int64)


@lru_cache(maxsize=8)
def _code_runs(rules: GameRules) -> tuple[IntArray, IntArray]:
    """The first strength of each run of one hand code (over ``strength >> 16``) and its code.

    >>> from cpoly.games.holdem.rules import STANDARD_SHAPE
    >>> starts, codes = _code_runs(STANDARD_SHAPE)
    >>> (starts[:11] >> 20).tolist(), codes[:11].tolist()  # one run per category, the royal apart
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    """
    table = code_table(rules)
    starts = np.flatnonzero(np.diff(table, prepend=-1))
    return starts << 16, table[starts]


def _class_codes(strength: IntArray, rules: GameRules) -> IntArray:
    """Hand codes 1..10 of strengths, 0 where the strength is -1 (no combo)."""
    return np.where(strength >= 0, code_table(rules)[np.maximum(strength, 0) >> 16], 0)


def _along_rows(values: IntArray, places: IntArray) -> IntArray:
    """``values[h, b, places[e, b]]`` ``(E, H, B)``: each runout's entries at its ``places``,
    for every leading row (one flat gather).

    >>> _along_rows(np.arange(12).reshape(2, 2, 3), np.array([[2, 1], [0, 1]])).tolist()
    [[[2, 4], [8, 10]], [[0, 4], [6, 10]]]
    """
    held, batch, width = values.shape
    flat = np.arange(held * batch).reshape(1, held, batch) * width + places[:, None, :]
    return np.asarray(values.reshape(-1).take(flat), dtype=np.int64)


def _exact_matmul(left: npt.NDArray[np.signedinteger[Any]], right: npt.NDArray[np.signedinteger[Any]],
                  bound: int) -> IntArray:
    """``left @ right`` of integer matrices, exactly, given a ``bound`` on the absolute value of
    every partial sum: in float64 (BLAS, a few times faster than NumPy's integer loop) when it
    is below :data:`_FLOAT_EXACT`, else in int64.

    >>> _exact_matmul(np.array([[2**40, -1]]), np.array([[3], [5]]), 2**42).tolist()
    [[3298534883323]]
    >>> _exact_matmul(np.array([[2**40, 1]]), np.array([[2**20], [1]]), 2**61).tolist()  # int64
    [[1152921504606846977]]
    """
    if bound >= _FLOAT_EXACT:
        return np.asarray(left.astype(np.int64) @ right.astype(np.int64), dtype=np.int64)
    floats, right_floats = left.astype(np.float64), right.astype(np.float64)
    step = max(1, _SERIAL_PRODUCT // max(1, left.shape[0] * right.shape[1]))
    product = floats[:, :step] @ right_floats[:step]
    for start in range(step, left.shape[1], step):
        product += floats[:, start:start + step] @ right_floats[start:start + step]
    return np.asarray(product, dtype=np.int64)


def _narrowest(bound: int) -> type[np.signedinteger[Any]]:
    """int32 when every sum of weights up to ``bound`` fits in it (half the memory to gather
    and sum), else int64.

    >>> _narrowest(2**31 - 1).__name__, _narrowest(2**31).__name__
    ('int32', 'int64')
    """
    return np.int32 if bound < 2**31 else np.int64


def _widened(weights: IntArray, width: int) -> IntArray:
    """Weights by rank pair ``(..., 105)`` padded with zeros to ``width`` classes.

    >>> _widened(np.array([[1, 2]]), 3).tolist()
    [[1, 2, 0]]
    """
    wide = np.zeros((*weights.shape[:-1], width), weights.dtype)
    wide[..., :weights.shape[-1]] = weights
    return wide


def _cumulative(weight: npt.NDArray[np.signedinteger[Any]]) -> npt.NDArray[np.signedinteger[Any]]:
    """Cumulative weights along the last axis, starting at 0: ``(..., K + 1)``, in the
    weights' integer type."""
    cum = np.zeros((*weight.shape[:-1], weight.shape[-1] + 1), weight.dtype)
    np.cumsum(weight, axis=-1, out=cum[..., 1:])
    return cum


@lru_cache(maxsize=4)
def _card_combos(q_cards: bytes, size: int) -> IntArray:
    """``(52, C)`` the indices of Q's combos (int64 pairs, as bytes) holding each card, padded
    with ``size`` (no combo)."""
    lists: list[list[int]] = [[] for _ in range(52)]
    for index, (a, b) in enumerate(np.frombuffer(q_cards, np.int64).reshape(-1, 2).tolist()):
        lists[a].append(index)
        lists[b].append(index)
    width = max(1, max(len(members) for members in lists))
    return np.array([members + [size] * (width - len(members)) for members in lists], dtype=np.int64)


def _group_sum(groups: IntArray, values: IntArray, n_groups: int = 10) -> IntArray:
    """Exact int64 sums of ``values`` by group."""
    return exact_bincount(groups, values, n_groups)


def _row_pairs(ids: IntArray, q_index: IntArray) -> tuple[IntArray, IntArray]:
    """Cards ``(N, 2L)`` of each row and, per pair of them, the Q index of that combo (``M``:
    none; ``q_index`` maps combo ids to Q indices, ``M`` where not in Q's range)."""
    cards = ALL_COMBOS[ids].reshape(len(ids), -1)
    pair_cols = list(combinations(range(cards.shape[1]), 2))
    if not pair_cols:
        return cards, np.zeros((len(ids), 0), dtype=np.int64)
    first = cards[:, [i for i, _ in pair_cols]]
    second = cards[:, [j for _, j in pair_cols]]
    return cards, q_index[COMBO_ID[first, second]]


def _step(total: Tally, counted: _Counted, runout: IntArray, e_strength: IntArray, w: IntArray,
          cards: IntArray, pairs: IntArray, q: int, enumerated: list[int]) -> Tally:
    """Add the tally of rows (cells: a holding on runout ``runout`` of the batch) to ``total``."""
    best = e_strength.max(axis=1)
    at_best = e_strength == best[:, None]
    m = at_best.sum(axis=1)
    pair_strength = counted.pair_strength(runout, pairs)
    c_lt, c_le, c_all = counted.count_below(runout, cards, pairs, pair_strength,
                                            np.stack([best, best + 1], axis=1))
    below, equal = w * c_lt, w * (c_le - c_lt)
    players = len(enumerated) + 1
    win = np.zeros(players, np.int64)
    tie = np.zeros(players, np.int64)
    share = np.zeros(players, np.int64)
    cat = np.zeros((4, players, 10), np.int64)  # win, tie, occur, share
    e_codes = code_table(counted.rules)[e_strength >> 16] - 1
    alone = (m == 1)
    for col, player in enumerate(enumerated):
        top = at_best[:, col]
        p_win = np.where(top & alone, below, 0)
        p_tie = np.where(top, np.where(alone, equal, below + equal), 0)
        p_share = np.where(top, below * (SHARE_UNIT // m) + equal * (SHARE_UNIT // (m + 1)), 0)
        cat[:, player] = _by_code(e_codes[:, col], p_win, p_tie, w * c_all, p_share)
        win[player], tie[player], share[player] = cat[[0, 1, 3], player].sum(axis=1)
    best_code = code_table(counted.rules)[best >> 16] - 1
    sums = counted.linear(w, runout, cards, pairs, pair_strength, best_code, 10)  # (10 groups, 11 bounds)
    full = sums[:, 1:] - sums[:, :-1]  # (group x, category c): Q combos of category c
    occur = full.sum(axis=0)
    strictly_higher = np.triu(np.ones((10, 10), dtype=np.int64), k=1)  # [x, c] = 1 if c > x
    q_win = (full * strictly_higher).sum(axis=0)
    at_most, q_tie, q_share = _by_code(best_code, w * c_le, equal, equal * (SHARE_UNIT // (m + 1)))
    q_win += np.diag(sums[:, 1:]) - at_most
    cat[0, q], cat[1, q], cat[2, q] = q_win, q_tie, occur
    cat[3, q] = SHARE_UNIT * q_win + q_share
    win[q], tie[q], share[q] = q_win.sum(), q_tie.sum(), cat[3, q].sum()
    boards = int((w * c_all).sum())
    return total + Tally(boards, win, tie, share, cat[0], cat[1], cat[2], cat[3])


def _by_code(codes: IntArray, *values: IntArray) -> IntArray:
    """``(len(values), 10)``: each of ``values`` summed by the rows' hand ``codes`` 0..9 (one
    scatter for all).

    >>> _by_code(np.array([0, 2, 2]), np.array([1, 2, 3]), np.array([4, 5, 6]))[:, :3].tolist()
    [[1, 0, 5], [4, 0, 11]]
    """
    keys = np.arange(len(values))[:, None] * 10 + codes
    return _group_sum(keys, np.stack(values), len(values) * 10).reshape(len(values), 10)


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
    row_cards, pairs = _row_pairs(ids, _q_index(q_cards))
    held = np.unique(row_cards)
    player = _Player.of(q_cards, _weights(deal, q), held)
    extra = runouts(deal)
    every = _Strengths.of_runouts(deal.board, extra, deal.rules)
    order = every.flushing_last()
    extra, every = extra[order], every.rows(order)
    total = Tally.zero(len(deal.ranges))
    batch = max(1, min(RUNOUTS_PER_STEP, ROWS_PER_STEP // max(len(ids), 1)))
    for start in range(0, len(extra), batch):
        chunk = extra[start:start + batch]
        strengths = every.rows(slice(start, start + batch))
        runout_masks = _card_masks(chunk)
        counted = _Counted(player, strengths, chunk, deal.rules)
        live_runout, live_row = np.nonzero((masks[None, :] & runout_masks[:, None]) == 0)
        for lo in range(0, len(live_row), ROWS_PER_STEP):
            runout, rows = live_runout[lo:lo + ROWS_PER_STEP], live_row[lo:lo + ROWS_PER_STEP]
            total = _step(total, counted, runout, strengths.of(runout[:, None], ids[rows]),
                          weights[rows], row_cards[rows], pairs[rows], q, enumerated)
        if progress is not None:
            progress(start + len(chunk), len(extra))
    return _symmetrised(total, groups, enumerated)


def valid_holdings(deal: Deal) -> int:
    """The number of valid joint holdings (no card twice), by the same card-removal counting."""
    q = counted_player(deal)
    enumerated = [p for p in range(len(deal.ranges)) if p != q]
    ids, _, _ = enumerate_rows(deal, enumerated)
    q_cards = np.asarray(deal.ranges[q], dtype=np.int64)
    cards, pairs = _row_pairs(ids, _q_index(q_cards))
    unknown = np.zeros(1, np.int64)  # one runout, of no cards, with no strengths
    nothing = _Strengths(np.zeros((1, len(HOLE_PAIRS)), np.int64), unknown, unknown, unknown[:0],
                         flush_table(deal.rules))
    player = _Player.of(q_cards, np.ones(len(q_cards), np.int64), np.unique(cards))
    counted = _Counted(player, nothing, np.zeros((1, 0), np.int64), deal.rules)
    anywhere = np.zeros(len(ids), np.int64)
    every = counted.count_below(anywhere, cards, pairs, counted.pair_strength(anywhere, pairs),
                                np.zeros((len(ids), 0), np.int64))
    return int(every.sum())
