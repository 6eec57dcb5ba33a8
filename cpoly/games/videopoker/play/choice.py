"""The holds of many deals chosen at once: each hold's pays and draw weight, the exact EVs, and
the hold each tie rule chooses (NumPy).

Hold index convention (:mod:`~cpoly.games.videopoker.hold.lattice`): bit ``i`` of a hold index =
card ``i`` of the deal held, deals given as rows (sorted, unless said otherwise).  One deal given
in any order is sorted by :func:`sorted_deal`, which maps its hold indices onto the sorted deal's.

What each tie rule compares is :data:`~cpoly.games.videopoker.hold.tiebreak.TIE_KEYS`, read here
for many deals as :func:`~cpoly.games.videopoker.hold.holdchoice.play_deal` reads it for one.

>>> cards, to_sorted = sorted_deal([9, 2, 7, 0, 5], 10)
>>> cards.tolist(), to_sorted[1], to_sorted[HOLDS - 1]
([0, 2, 5, 7, 9], 16, 31)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.hold.tiebreak import TIE_KEYS
from cpoly.lang.paytable import PayTable, ScaledPays
from cpoly.lang.tierule import TieRule

__all__ = ["HoldChoice", "check_pays", "choose_holds", "hold_pay_matrix", "hold_sizes", "hold_weights",
           "member_order_keys", "sorted_deal"]


def hold_sizes() -> np.ndarray:
    """Number of cards kept by each hold index (popcount), int64.

    >>> hold_sizes()[[0, 1, 3, 31]].tolist()
    [0, 1, 2, 5]
    """
    return np.array([m.bit_count() for m in range(HOLDS)], dtype=np.int64)


def sorted_deal(deal: Sequence[int], n: int, card: str = "card") -> tuple[np.ndarray, list[int]]:
    """The deal sorted, and for each hold index on the given order the same hold's index on the
    sorted deal; ``card`` names a card in the errors."""
    cards = np.asarray(deal)
    if cards.shape != (HAND_SIZE,) or not np.issubdtype(cards.dtype, np.integer):
        raise CpolyInputError(f"a deal is {HAND_SIZE} card indices, got {list(deal)!r}")
    if cards.min() < 0 or cards.max() >= n:
        raise CpolyInputError(f"deal {cards.tolist()} has a card outside 0..{n - 1}")
    if len(set(cards.tolist())) != HAND_SIZE:
        raise CpolyInputError(f"deal {cards.tolist()} repeats a {card}")
    order = np.argsort(cards, kind="stable")
    position = np.argsort(order)
    to_sorted = [sum(1 << int(position[i]) for i in range(HAND_SIZE) if m >> i & 1) for m in range(HOLDS)]
    return cards[order], to_sorted


def check_pays(paytable: PayTable, n_columns: int) -> None:
    """An input error unless ``paytable`` pays each of the game's ``n_columns - 1`` categories."""
    if paytable.n_categories + 1 != n_columns:
        raise CpolyInputError(
            f"pay table {paytable.name!r} has {paytable.n_categories} pays, "
            f"but the game has {n_columns - 1} winning categories"
        )


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
    copies pass :func:`~cpoly.games.videopoker.prepare.multiset.canonical_holds`, so that holding one
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
