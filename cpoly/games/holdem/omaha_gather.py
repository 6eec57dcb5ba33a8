"""Exact Omaha equity of known hands against one wide hand (``??`` or a range), by pair values.

A hand plays exactly two hole cards, so on a completed board the strength of a holding is the
best of its pairs' strengths (six of four hole cards), where a pair's strength is its best five
with three of the ten board triples.  Per board, :func:`pair_strengths` values every pair of the cards the wide
hand can hold once (``C(45, 2) = 990`` pairs on a flop with one known hand), each holding's
strength is a gather of its pair values and a maximum, and the holdings are counted by
strength (a histogram): the showdowns of one board are then one row per distinct strength of the
wide hand, weighted by how many of its holdings reach it.  Boards that are the same up to a
permutation of suits fixing the known cards and the wide hand's holdings are counted once with
their multiplicity (:func:`board_classes`).

>>> from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
>>> from cpoly.games.holdem.deal import make_deal
>>> omaha = rules_of(DEFAULT_GAME.parent / "omaha.cp")
>>> deal = make_deal(["AsAhKsKh", "??"], "2c 7d 9h 3s 8c", rules=omaha)
>>> tally, holdings = wide_tally(deal, 1)
>>> holdings, tally.boards, int(tally.win[0]), int(tally.tie[0])
(123410, 123410, 44728, 667)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from cpoly.deck.codes import STANDARD
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.omaha_exact import (
    _BOARD_TRIPLES,
    _POWERS,
    _flush_table,
    hole_pairs,
    omaha_strengths,
    rank_table,
)
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import Tally, tally_showdowns

__all__ = ["IntArray", "Progress", "SECONDS_PER_BOARD", "SECONDS_PER_GATHER", "SECONDS_PER_PAIR",
           "SECONDS_PER_SETUP", "board_classes", "pair_strengths", "predicted_seconds", "suit_maps",
           "wide_boards", "wide_player", "wide_tally"]

IntArray = npt.NDArray[np.int64]
Progress = Callable[[int, int], None]
#: Boards valued at once (``boards x pairs x 10`` table reads).
_BOARD_BATCH = 64
#: The wide method's costs (measured on this machine): per hand of the wide range set up, per
#: (board, holding, pair of its hole cards) gathered, per (board, pair) valued and per board.
SECONDS_PER_SETUP = 7e-7
SECONDS_PER_GATHER = 1.1e-8 / 6
SECONDS_PER_PAIR = 5e-8
SECONDS_PER_BOARD = 4e-5


def pair_strengths(pairs: IntArray, boards: IntArray, rules: GameRules) -> IntArray:
    """``(B, M)``: the best five of each of ``M`` hole pairs ``(M, 2)`` with three cards of each
    of ``B`` boards ``(B, 5)`` (the better of its rank-only five and, when all five share a suit,
    its flush).

    >>> from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
    >>> from cpoly.games.holdem.intcards import parse_cards
    >>> from cpoly.games.holdem.evaluator import category_codes
    >>> omaha = rules_of(DEFAULT_GAME.parent / "omaha.cp")
    >>> pairs = np.array([parse_cards("AsKs"), parse_cards("2c2d")])
    >>> values = pair_strengths(pairs, np.array([parse_cards("Qs Js Ts 2h 3h")]), omaha)
    >>> [omaha.names[code - 1] for code in category_codes(values[0], omaha)]
    ['royal flush', 'three of a kind']
    """
    pair_code = pairs // 4 @ _POWERS[:2]  # (M,)
    triples = boards[:, _BOARD_TRIPLES]  # (B, 10, 3)
    triple_code = triples // 4 @ _POWERS[2:]  # (B, 10)
    best = rank_table(rules)[pair_code[None, :, None] + triple_code[:, None, :]].max(axis=2)
    suited_pair = pairs[:, 0] % 4 == pairs[:, 1] % 4
    pair_mask = (1 << pairs // 4).sum(axis=1)
    triple_suit = triples[:, :, 0] % 4
    suited_triple = (triples % 4 == triple_suit[:, :, None]).all(axis=2)
    board_rows, triple_cols = np.nonzero(suited_triple)
    if len(board_rows) == 0 or not suited_pair.any():
        return np.asarray(best, dtype=np.int64)
    triple_mask = (1 << triples[board_rows, triple_cols] // 4).sum(axis=1)
    match = suited_pair[None, :] & (pairs[None, :, 0] % 4 == triple_suit[board_rows, triple_cols][:, None])
    event, pair = np.nonzero(match)
    flush = _flush_table(rules)[triple_mask[event] | pair_mask[pair]]
    np.maximum.at(best, (board_rows[event], pair), flush)
    return np.asarray(best, dtype=np.int64)


def suit_maps(fixed: Sequence[Sequence[int]], holdings: IntArray) -> list[IntArray]:
    """The card maps of the suit permutations that map each set of ``fixed`` cards (the board,
    the dead cards, each known hand) onto itself and the set of ``holdings`` onto itself.

    >>> from cpoly.games.holdem.intcards import parse_cards
    >>> every = np.array(list(combinations(range(8), 4)))  # the 2s..3c, every four of them
    >>> len(suit_maps([parse_cards("Ac Kc")], every)), len(suit_maps([parse_cards("Ac Kd")], every))
    (6, 2)
    """
    known = [set(cards) for cards in fixed]
    keys = np.sort(_masks(holdings))
    maps = []
    identity = np.arange(STANDARD.size)
    for card_map in STANDARD.symmetries():
        if any({int(card_map[c]) for c in cards} != cards for cards in known):
            continue
        moved = not np.array_equal(card_map, identity)
        if moved and not np.array_equal(np.sort(_masks(card_map[holdings])), keys):
            continue
        maps.append(card_map)
    return maps


def _masks(holdings: IntArray) -> npt.NDArray[np.uint64]:
    """Each holding's cards as one 52-bit mask."""
    bits = np.uint64(1) << holdings.astype(np.uint64)
    return np.asarray(bits.sum(axis=1, dtype=np.uint64), dtype=np.uint64)


def board_classes(runouts: IntArray, maps: list[IntArray]) -> tuple[IntArray, IntArray]:
    """One runout per class under the suit maps, and the size of each class.

    >>> runs = np.array([[0, 1], [0, 2], [1, 2]])
    >>> swap = np.array([0, 2, 1] + list(range(3, 52)))
    >>> reps, sizes = board_classes(runs, [np.arange(52), swap])
    >>> reps.tolist(), sizes.tolist()
    ([[0, 1], [1, 2]], [2, 1])
    """
    if len(maps) == 1 or runouts.shape[1] == 0:
        return runouts, np.ones(len(runouts), dtype=np.int64)
    weights = 52 ** np.arange(runouts.shape[1] - 1, -1, -1, dtype=np.int64)
    keys = np.stack([np.sort(m[runouts], axis=1) @ weights for m in maps]).min(axis=0)
    _, first, sizes = np.unique(keys, return_index=True, return_counts=True)
    return runouts[first], sizes.astype(np.int64)


def wide_tally(deal: Deal, wide: int, progress: Progress | None = None) -> tuple[Tally, int]:
    """Exact tally of the deal whose player ``wide`` has many hands and every other player one
    (every completion of the board, every holding of the wide hand disjoint from the others),
    and the number of those holdings.  ``progress(done, total)`` counts boards."""
    rules = deal.rules
    known = [deal.combos[p][0] for p in range(len(deal.combos)) if p != wide]
    known_cards = {int(c) for hand in known for c in hand}
    holdings = deal.combos[wide]
    holdings = holdings[~np.isin(holdings, list(known_cards)).any(axis=1)]
    if len(holdings) == 0:
        raise CpolyInputError(f"no way to deal these hands without using a card twice: every hand "
                              f"of {deal.labels[wide]!r} holds a card of another hand")
    cards = np.unique(holdings)
    index = np.full(52, -1, dtype=np.int64)
    index[cards] = np.arange(len(cards))
    pairs = np.array(list(combinations(cards.tolist(), 2)), dtype=np.int64).reshape(-1, 2)
    pair_id = np.full((len(cards), len(cards)), -1, dtype=np.int64)
    pair_id[index[pairs[:, 0]], index[pairs[:, 1]]] = np.arange(len(pairs))
    local = index[np.sort(holdings, axis=1)]
    gather = np.stack([pair_id[local[:, a], local[:, b]] for a, b in hole_pairs(holdings.shape[1])])  # (pairs, n)
    member = np.zeros((52, len(holdings)), dtype=bool)
    member[holdings, np.arange(len(holdings))[:, None]] = True
    live = [c for c in deal.live_cards() if c not in known_cards]
    listed = list(combinations(live, deal.unknown))
    runouts = np.array(listed, dtype=np.int64).reshape(len(listed), deal.unknown)
    maps = suit_maps([deal.board, deal.dead] + [h.tolist() for h in known], holdings)
    runouts, sizes = board_classes(runouts, maps)
    boards = np.concatenate([np.broadcast_to(np.asarray(deal.board, np.int64),
                                             (len(runouts), len(deal.board))), runouts], axis=1)
    known_values = [omaha_strengths(np.broadcast_to(h, (len(boards), len(h))), boards, rules) for h in known]
    rows: list[IntArray] = []
    weights: list[IntArray] = []
    for start in range(0, len(boards), _BOARD_BATCH):
        stop = min(start + _BOARD_BATCH, len(boards))
        values = pair_strengths(pairs, boards[start:stop], rules)
        for b in range(start, stop):
            strengths, counts = _holding_histogram(values[b - start], gather, member, runouts[b])
            row = np.empty((len(strengths), len(deal.combos)), dtype=np.int64)
            for p, column in zip([p for p in range(len(deal.combos)) if p != wide], known_values):
                row[:, p] = column[b]
            row[:, wide] = strengths
            rows.append(row)
            weights.append(counts * sizes[b])
        if progress is not None:
            progress(stop, len(boards))
    return tally_showdowns(np.concatenate(rows), np.concatenate(weights), rules), len(holdings)


def _holding_histogram(pair_values: IntArray, gather: IntArray, member: npt.NDArray[np.bool_],
                       runout: IntArray) -> tuple[IntArray, IntArray]:
    """The distinct strengths of the holdings that miss ``runout`` and how many reach each."""
    distinct, code = np.unique(pair_values, return_inverse=True)
    small = code.astype(np.int16)
    best = small[gather[0]]
    for column in gather[1:]:
        np.maximum(best, small[column], out=best)
    valid = np.ones(gather.shape[1], dtype=bool)
    for card in runout.tolist():
        valid &= ~member[card]
    counts = np.bincount(best[valid], minlength=len(distinct))
    seen = np.flatnonzero(counts)
    return distinct[seen], counts[seen].astype(np.int64)


def wide_player(ranges: Sequence[IntArray]) -> int | None:
    """The one player with more than one hand when every other player has exactly one.

    >>> wide_player([np.zeros((1, 4)), np.zeros((9, 4))]), wide_player([np.zeros((2, 4))] * 2)
    (1, None)
    """
    wide = [p for p, hands in enumerate(ranges) if len(hands) > 1]
    return wide[0] if len(wide) == 1 else None


def wide_boards(deal: Deal) -> int:
    """Boards the wide method visits before suit classes: completions of the board from the
    cards no known hand holds."""
    live = len(deal.live_cards()) - deal.rules.hole_cards * (len(deal.combos) - 1)
    return comb(live, deal.unknown)


def predicted_seconds(deal: Deal, wide: int) -> float:
    """The wide method's predicted time: setting up the holdings, then per board the pairs
    valued and the holdings gathered.

    >>> from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
    >>> from cpoly.games.holdem.deal import make_deal
    >>> omaha = rules_of(DEFAULT_GAME.parent / "omaha.cp")
    >>> round(predicted_seconds(make_deal(["AsAhKsKh", "??"], "2c7d9h", rules=omaha), 1), 1)
    1.9
    """
    hands = deal.combos[wide]
    known = [c for p, r in enumerate(deal.combos) if p != wide for c in r[0].tolist()]
    holdings = int((~np.isin(hands, known).any(axis=1)).sum())
    pairs = comb(len(np.unique(hands)), 2)
    per_holding = SECONDS_PER_GATHER * len(hole_pairs(hands.shape[1]))
    per_board = holdings * per_holding + pairs * SECONDS_PER_PAIR + SECONDS_PER_BOARD
    return len(hands) * SECONDS_PER_SETUP + wide_boards(deal) * per_board
