"""Outcome counts of the 32 holds of many deals at once (the Sierpinski inclusion-exclusion).

Hold index convention: bit ``i`` of a hold index set = card ``i`` of the deal held (deals given
as rows; :func:`hold_counts` expects sorted rows).  Hold 0 discards everything, hold 31 keeps the
dealt hand.

For a hold keeping ``H`` and discarding ``D`` (``H + D`` = the deal), the final hands are the
hands containing ``H`` and none of ``D``::

    out[H] = sum over T with H <= T <= deal of (-1)**|T - H| * table[|T|][T]

computed bottom-up, one card position at a time (a superset Moebius transform).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from cpoly.deck.subsets import binomial_table, colex_rank
from cpoly.games.videopoker.holdchoice import HAND_SIZE, HOLDS, TIE_KEYS
from cpoly.games.videopoker.tables import SubsetTables
from cpoly.lang.paytable import ScaledPays
from cpoly.lang.tierule import TieRule
from cpoly.scale.parallel import map_chunks

if TYPE_CHECKING:
    from cpoly.games.videopoker.copies import MultisetTables

__all__ = [
    "HOLDS",
    "HoldChoice",
    "StackedTables",
    "choose_holds",
    "deal_hold_counts",
    "exclude_discards",
    "held_subset_rows",
    "hold_counts",
    "hold_pay_matrix",
    "hold_sizes",
    "hold_weights",
    "member_order_keys",
    "stacked_tables",
    "subset_indices",
]

def hold_sizes() -> np.ndarray:
    """Number of cards kept by each hold index (popcount), int64.

    >>> hold_sizes()[[0, 1, 3, 31]].tolist()
    [0, 1, 2, 5]
    """
    return np.array([m.bit_count() for m in range(HOLDS)], dtype=np.int64)


def _held_positions(mask: int) -> list[int]:
    return [i for i in range(HAND_SIZE) if mask >> i & 1]


@dataclass(frozen=True, eq=False)
class StackedTables:
    """``counts[0..4]`` of :class:`SubsetTables` stacked into one array, with row offsets."""

    rows: np.ndarray
    offsets: np.ndarray
    categories: np.ndarray
    n_columns: int

    @classmethod
    def of(cls, tables: SubsetTables | MultisetTables) -> StackedTables:
        """Stack the tables with the row offset of each subset size; int32 when every count fits
        (all counts are at most ``C(n, 5)``)."""
        offsets = np.cumsum([0] + [len(t) for t in tables.counts[:-1]]).astype(np.int64)
        rows = np.concatenate(tables.counts, axis=0)
        if comb(tables.n, HAND_SIZE) < 2**31:
            rows = rows.astype(np.int32)
        return cls(rows, offsets, tables.categories, tables.n_columns)


_STACKED: weakref.WeakKeyDictionary[SubsetTables, StackedTables] = weakref.WeakKeyDictionary()


def stacked_tables(tables: SubsetTables) -> StackedTables:
    """:meth:`StackedTables.of`, remembered for as long as ``tables`` lives."""
    stacked = _STACKED.get(tables)
    if stacked is None:
        stacked = _STACKED[tables] = StackedTables.of(tables)
    return stacked


def subset_indices(deals: np.ndarray, offsets: np.ndarray, repeats: bool = False) -> np.ndarray:
    """Row of every held subset of every deal in the stacked tables, shape ``(N, 32)`` int64.

    Column 31 (all five held) is the deal's own colex rank among 5-card hands (no offset): it
    indexes the category array, not the stacked tables.  A subset's colex rank is
    ``sum(C(card, slot + 1))`` over its cards in increasing order, so the 25 binomials
    ``C(deal[:, position], slot + 1)`` are looked up once and each rank is a sum of them.
    With ``repeats`` the deals are sorted rows of card values (decks with copies) and the ranks
    those of sub-multisets (:func:`~cpoly.games.videopoker.multiset.multiset_rank`: the colex
    rank of ``row + (0, 1, 2, ...)``, so slot ``s`` reads ``C(value + s, s + 1)``).

    >>> from cpoly.games.videopoker.multiset import multiset_rank
    >>> deals, offsets = np.array([[0, 0, 1, 3, 3]]), np.array([0, 1, 5, 15, 35])
    >>> int(subset_indices(deals, offsets, repeats=True)[0, 0b11000]) == 5 + int(multiset_rank(deals[:, 3:])[0])
    True
    """
    deals = np.asarray(deals, dtype=np.int64)
    n_cards = int(deals.max()) + 1 if deals.size else HAND_SIZE
    shift = HAND_SIZE - 1 if repeats else 0
    table = binomial_table(max(n_cards + shift, HAND_SIZE + 1), HAND_SIZE)
    binomials = [[table[slot + 1][deals[:, position] + (slot if repeats else 0)] for position in range(HAND_SIZE)]
                 for slot in range(HAND_SIZE)]
    index = np.empty((deals.shape[0], HOLDS), dtype=np.int64)
    for mask in range(HOLDS):
        positions = _held_positions(mask)
        column = index[:, mask]
        column[:] = 0 if mask == HOLDS - 1 else offsets[len(positions)]
        for slot, position in enumerate(positions):
            column += binomials[slot][position]
    return index


def held_subset_rows(deals: np.ndarray, offsets: np.ndarray, fours: np.ndarray | None = None) -> np.ndarray:
    """Row of every held subset (holds 0..30) of every sorted deal, hold-major ``(31, N)`` int32:
    :func:`subset_indices` transposed, without the dealt hand's column, on the thread pool.

    With ``fours`` (``(N, 5)``: the row among the four-card rows of the deal without card
    ``i``, suit-class tables), the four-card holds read it instead of a colex rank.

    >>> deals = np.array([[0, 1, 2, 3, 5]])
    >>> offsets = np.array([0, 1, 7, 22, 42])
    >>> np.array_equal(held_subset_rows(deals, offsets), subset_indices(deals, offsets)[:, :31].T)
    True
    """
    deals = np.asarray(deals)
    n_cards = int(deals.max()) + 1 if deals.size else HAND_SIZE
    if int(offsets[-1]) + comb(max(n_cards, HAND_SIZE), HAND_SIZE - 1) >= 2**31:
        raise ValueError("subset rows beyond int32")  # decks of over 400 cards
    rows = np.empty((HOLDS - 1, len(deals)), dtype=np.int32)

    def run(start: int, stop: int) -> None:
        rows[:, start:stop] = subset_indices(deals[start:stop], offsets)[:, : HOLDS - 1].T
        if fours is not None:  # hold 31 - 2**i keeps every card but card i
            rows[HOLDS - 1 - (1 << np.arange(HAND_SIZE)), start:stop] = (fours[start:stop] + offsets[HAND_SIZE - 1]).T

    map_chunks(run, len(deals), HELD_CHUNK)
    return rows


#: Deals per chunk of :func:`held_subset_rows` on the thread pool (about 600 bytes of int64
#: temporaries a deal, per thread).
HELD_CHUNK = 1 << 12


def hold_counts(index: np.ndarray, stacked: StackedTables) -> np.ndarray:
    """Final-hand counts per category of the 32 holds of each deal, shape ``(N, 32, K + 1)``,
    from the :func:`subset_indices` ``index`` of sorted deals and the game's ``stacked`` tables.

    The work is laid out hold-major, ``(32, N, K + 1)`` (the result is a transposed view), so
    each step of the transform subtracts one contiguous block from another.  Every intermediate
    value is a count of hands (containing some cards, avoiding others), so the transform never
    leaves ``0..C(n, 5)`` and runs in the stacked tables' dtype.
    """
    n_deals = index.shape[0]
    counts = np.empty((HOLDS, n_deals, stacked.n_columns), dtype=stacked.rows.dtype)
    np.take(stacked.rows, index[:, : HOLDS - 1].T, axis=0, out=counts[: HOLDS - 1])
    counts[HOLDS - 1] = 0
    counts[HOLDS - 1, np.arange(n_deals), stacked.categories[index[:, HOLDS - 1]]] = 1
    return exclude_discards(counts)


def deal_hold_counts(cards: np.ndarray, tables: SubsetTables) -> np.ndarray:
    """:func:`hold_counts` of one sorted deal, ``(32, K + 1)`` int64, read from the per-size
    tables directly (no stacked copy of them: one ``hold`` from a new process).

    >>> from cpoly.games.videopoker.tables import build_tables
    >>> tables = build_tables(np.arange(252) % 2, n=10, n_columns=2)
    >>> deal_hold_counts(np.arange(5), tables).sum(axis=1)[[0, 1, 31]].tolist()
    [1, 5, 1]
    """
    counts = np.zeros((HOLDS, 1, tables.n_columns), dtype=np.int64)
    for mask in range(HOLDS - 1):
        held = cards[_held_positions(mask)]
        counts[mask, 0] = tables.counts[len(held)][int(colex_rank(held))]
    counts[HOLDS - 1, 0, int(tables.hand_categories(cards[None, :])[0])] = 1
    result: np.ndarray = exclude_discards(counts)[0]
    return result


def exclude_discards(counts: np.ndarray) -> np.ndarray:
    """The superset Moebius transform in place on hold-major ``(32, N, K + 1)`` counts of the
    hands containing each hold; returns the ``(N, 32, K + 1)`` view of the final counts."""
    n_deals, n_columns = counts.shape[1:]
    lattice = counts.reshape((2,) * HAND_SIZE + (n_deals, n_columns))
    for axis in range(HAND_SIZE):
        before = (slice(None),) * axis
        lattice[before + (0,)] -= lattice[before + (1,)]
    result: np.ndarray = counts.transpose(1, 0, 2)
    return result


def hold_pay_matrix(pays: ScaledPays) -> np.ndarray:
    """``matrix[m, c]``: scaled pay of category ``c`` as the final hand of hold ``m``.

    Every hold uses the ordinary pays except hold 31 (all five kept), which uses the dealt pays.
    """
    matrix = np.array([pays.pays] * HOLDS, dtype=np.int64)
    matrix[HOLDS - 1] = pays.dealt_pays
    return matrix


def hold_weights(weights: tuple[int, ...]) -> np.ndarray:
    """Draw weight of each hold index (``weights[d]`` for ``d`` discarded cards), int64."""
    by_hold: np.ndarray = np.array(weights, dtype=np.int64)[HAND_SIZE - hold_sizes()]
    return by_hold


@dataclass(frozen=True, eq=False)
class HoldChoice:
    """The chosen hold of each deal, and which deals had several maximal-EV holds.

    Attributes
    ----------
    best : numpy.ndarray
        Chosen hold index per deal (int64), for the deal as given.
    tied : numpy.ndarray
        bool per deal: more than one hold reaches the maximal EV.
    ambiguous : numpy.ndarray
        bool per deal: the maximal-EV holds differ in their weighted outcome counts (the tie rule
        can change the game's figures).
    split_rows : numpy.ndarray
        Deals whose tie is broken by the order of the cards, which a suit permutation can change:
        each member ``g(deal)`` of the deal's class gets its own choice.
    split_best : numpy.ndarray
        ``(len(split_rows), G)``: the hold chosen for member ``g`` (as a hold of the deal).
    """

    best: np.ndarray
    tied: np.ndarray
    ambiguous: np.ndarray
    split_rows: np.ndarray
    split_best: np.ndarray


def choose_holds(
    counts: np.ndarray,
    pay_matrix: np.ndarray,
    weight_by_hold: np.ndarray,
    rule: TieRule,
    deals: np.ndarray,
    faces: np.ndarray | None = None,
    card_maps: np.ndarray | None = None,
    allowed: np.ndarray | None = None,
) -> tuple[np.ndarray, HoldChoice]:
    """Exact EV numerators ``(N, 32)`` and the hold chosen by ``rule`` among the maximal ones.

    ``values[n, m] = weight[m] * sum_c counts[n, m, c] * pay_matrix[m, c]`` is hold ``m``'s EV
    times ``L * denominator`` (:func:`hold_pay_matrix`, :func:`hold_weights`), so EVs compare
    exactly as integers.

    ``counts`` ``(N, 32, K + 1)``: outcomes, hold indices on ``deals`` (``(N, 5)``, the cards in
    increasing order); ``faces``: the face of every card, for :attr:`TieRule.RANK_ORDER` (without:
    cards ordered by index); ``card_maps`` ``(G, n)``: the card permutations of the symmetry group
    (row 0 the identity) when each deal stands for its class: ties that the order of the cards
    decides are then decided for every member of the class, exactly as if every deal were
    analysed; ``allowed`` ``(N, 32)`` bool: the holds that may be chosen (default all; decks with
    copies pass :func:`~cpoly.games.videopoker.multiset.canonical_holds`, so that holding one
    copy of a card or the other is one choice, not a tie).
    """
    values = np.einsum("nmc,mc->nm", counts, pay_matrix) * weight_by_hold[None, :]
    candidates = values == values.max(axis=1)[:, None]
    if allowed is not None:
        candidates &= allowed
    tied = candidates.sum(axis=1) > 1
    best = np.argmax(candidates, axis=1).astype(np.int64)
    ambiguous = np.zeros(len(best), dtype=bool)
    maps = np.arange(int(np.max(deals)) + 1)[None, :] if card_maps is None else card_maps
    rows = np.flatnonzero(tied)
    remaining, ambiguous[rows] = _narrow(counts[rows], candidates[rows], pay_matrix, weight_by_hold, rule)
    by_face = faces if TIE_KEYS[rule].by_face else None
    keys = member_order_keys(deals[rows], maps, by_face)
    member_best = np.argmin(np.where(remaining[:, None, :], keys, np.iinfo(np.int64).max), axis=2)
    best[rows] = member_best[:, 0]
    split = (remaining.sum(axis=1) > 1) & (len(maps) > 1)
    choice = HoldChoice(best, tied, ambiguous, rows[split], member_best[split].astype(np.int64))
    return values, choice


def member_order_keys(deals: np.ndarray, card_maps: np.ndarray, faces: np.ndarray | None) -> np.ndarray:
    """``(M, G, 32)``: order of the holds of each deal as seen by each member ``g(deal)``.

    A hold's key is ``sum(2**position)`` over its cards, positions taken in the member's cards
    sorted by card index (by face first when ``faces`` is given): the lowest key is the hold that,
    where two holds differ, discards the highest card.

    >>> member_order_keys(np.array([[0, 1, 2, 3, 4]]), np.array([[0, 1, 2, 3, 4]]), None)[0, 0, [1, 2, 31]].tolist()
    [1, 2, 31]
    >>> faces = np.array([9, 9, 4, 7, 0])
    >>> member_order_keys(np.array([[0, 1, 2, 3, 4]]), np.arange(5)[None, :], faces)[0, 0, [1, 2, 4, 16]].tolist()
    [8, 16, 2, 1]
    """
    mapped = np.asarray(card_maps)[:, deals].transpose(1, 0, 2).astype(np.int64)  # (M, G, 5)
    sort_key = mapped if faces is None else np.asarray(faces)[mapped] * (int(mapped.max(initial=0)) + 1) + mapped
    # stable: identical cards (decks with copies) keep their order, copy 0 before copy 1
    position = np.argsort(np.argsort(sort_key, axis=2, kind="stable"), axis=2)
    masks = np.arange(HOLDS, dtype=np.int64)
    keys = np.zeros(mapped.shape[:2] + (HOLDS,), dtype=np.int64)
    for i in range(HAND_SIZE):
        keys += ((masks >> i) & 1)[None, None, :] << position[:, :, i : i + 1]
    return keys


def _narrow(
    counts: np.ndarray,
    candidates: np.ndarray,
    pay_matrix: np.ndarray,
    weight_by_hold: np.ndarray,
    rule: TieRule,
) -> tuple[np.ndarray, np.ndarray]:
    """The candidates the rule's own criterion keeps, and whether the candidates differ."""
    weighted = counts * weight_by_hold[None, :, None]
    first = np.argmax(candidates, axis=1)
    reference = weighted[np.arange(len(first)), first]
    differs = ((weighted != reference[:, None, :]).any(axis=2) & candidates).any(axis=1)
    measure, sign, _ = TIE_KEYS[rule]
    if measure is None:
        return candidates, differs
    if measure == "cards":
        key = np.broadcast_to(sign * hold_sizes()[None, :], candidates.shape)
    else:  # the second moments sum(w * count * pay**2)
        key = sign * np.einsum("nmc,mc->nm", weighted, pay_matrix * pay_matrix)
    big = np.iinfo(np.int64).max
    masked = np.where(candidates, key, big)
    return candidates & (masked == masked.min(axis=1)[:, None]), differs
