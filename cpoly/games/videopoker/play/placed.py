"""The events of ordered deals, counted from the witnesses' placed subsets.

A witness ``W`` (an ordered hand whose category is not its cards' category unordered,
:mod:`~cpoly.games.videopoker.play.ordered`) is an event of the sorted deal ``D`` when it shares
cards with it: the hold keeping exactly ``S = W ∩ D`` gains it in the orderings of ``D`` that
put the cards of ``S`` where ``W`` has them (a *placement* of ``S``).  A witness disjoint from
``D`` changes the draw-five hold of every ordering alike.

Listing, for every deal, every witness it meets costs deals × witnesses (Double Bonus Plus:
every deal with an ace meets all 2,304 four adjacent aces).  Instead, the witnesses are
tabulated once by their **placed subsets**: for each set of cards ``V`` and each placement of
it, how many witnesses hold those cards at those positions (per category change).  The
witnesses that meet ``D`` in exactly ``S``, placed as ``p``, are by inclusion-exclusion over
the deal's other cards::

    exact(S @ p) = sum over S <= V <= D, placements r of V extending p, of (-1)**|V - S| * placed(V @ r)

(``S = ∅``: the witnesses disjoint from the deal).  A deal has at most 32 subsets, each found
in the table by its colex rank, and few placed subsets that some witness has, so the work
is per deal and per placed subset, not per witness.

>>> cards = np.array([[0, 1, 2, 3, 4]])                  # one witness: cards 0-4 in order
>>> table = PlacedSubsets.of(cards, np.array([0]), np.array([1]), n_cards=10)
>>> deals = np.array([[0, 5, 6, 7, 8], [5, 6, 7, 8, 9]])
>>> found = table.events(deals, np.ones((2, 32), dtype=bool))
>>> found.deal.tolist(), found.code.tolist(), found.mask.tolist()   # card 0 at position 0
([0], [1], [1])
>>> table.lattice(deals).exact[:, 0, 0].tolist()            # the second deal misses it: draw five
[0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from cpoly.deck.subsets import colex_rank
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS, supersets
from cpoly.games.videopoker.play.scalar import flat_masks, ranges
from cpoly.games.videopoker.prepare.subsetrows import subset_indices
from cpoly.games.videopoker.prepare.tables import exclude_discards

__all__ = ["DealEvents", "PlacedSubsets", "SubsetLattice", "code_masks", "moved_hands"]

SIXES = 6 ** np.arange(HAND_SIZE, dtype=np.int64)
#: Placement codes: ``sum((position + 1) * 6**i)`` over the placed cards ``i`` (sorted).
PLACEMENTS = 6**HAND_SIZE
#: ``MASK_BITS[m, i]``: card ``i`` is in subset ``m``.
MASK_BITS = ((np.arange(HOLDS)[:, None] >> np.arange(HAND_SIZE)) & 1).astype(np.int64)
#: ``BIT_INDEX[m, j]``: the index of the ``j``-th card of subset ``m`` (5, a spare column, past its size).
BIT_INDEX = np.array([[i for i in range(HAND_SIZE) if m >> i & 1] + [HAND_SIZE] * (HAND_SIZE - m.bit_count())
                      for m in range(HOLDS)], dtype=np.int64)
#: ``RESTRICTED[code, r]``: the placement ``code`` (digits by rank) of only the ranks in ``r``.
RESTRICTED = ((np.arange(PLACEMENTS)[:, None, None] // SIXES % 6) * SIXES
              * MASK_BITS[None, :, :]).sum(axis=2)
#: ``TO_DEAL[v, code]``: a placement of the cards of subset ``v`` by rank (the ``j``-th card of
#: ``v``), as a placement of the deal's cards.
TO_DEAL = ((np.arange(PLACEMENTS)[None, :, None] // SIXES % 6)
           * np.append(SIXES, 0)[BIT_INDEX][:, None, :]).sum(axis=2)
#: ``IN_SUBSET[v, s]``: the ranks within ``v`` of the cards of ``s`` (a submask of ``v``).
IN_SUBSET = np.array([[sum(1 << j for j, i in enumerate(BIT_INDEX[v]) if i < HAND_SIZE and s >> i & 1)
                       for s in range(HOLDS)] for v in range(HOLDS)], dtype=np.int64)
#: Every subset's submasks one after another (the subsets ``S`` whose supersets include ``V``:
#: :func:`~cpoly.games.videopoker.hold.lattice.supersets` read the other way), their count and
#: start per subset, and the sign ``(-1)**|V - S|`` of each.
SUBMASK_FLAT, SUBMASK_COUNTS, SUBMASK_STARTS, SUBMASK_SIGNS = flat_masks(
    [[s for s in range(HOLDS) if v in supersets(s)] for v in range(HOLDS)])
#: ``SUBSET_OF[s, v]``: subset ``s`` is a submask of ``v``.
SUBSET_OF = (np.arange(HOLDS)[:, None] & np.arange(HOLDS)) == np.arange(HOLDS)[:, None]


@dataclass(frozen=True, eq=False)
class DealEvents:
    """The events of some sorted deals: ``weight`` witnesses of deal ``deal`` reward the hold
    ``mask`` when the ordering puts its cards at the placement ``code``, each moving one final
    hand from category ``old`` to ``new``; sorted by (deal, code, new, old)."""

    deal: np.ndarray
    code: np.ndarray
    mask: np.ndarray
    new: np.ndarray
    old: np.ndarray
    weight: np.ndarray

    def select(self, index: np.ndarray) -> DealEvents:
        return DealEvents(self.deal[index], self.code[index], self.mask[index], self.new[index],
                          self.old[index], self.weight[index])


@dataclass(frozen=True, eq=False)
class SubsetLattice:
    """What the witnesses do to each hold of some sorted deals, whatever the ordering.

    Attributes
    ----------
    exact : numpy.ndarray
        ``(N, 32, C)``: the witnesses meeting the deal in exactly the hold's cards, per change
        (hold 0: those disjoint from it), each placed as it is in one ordering of ``(5 - k)!``
        for a hold of ``k`` cards.
    most : numpy.ndarray
        ``(N, 32, C)``: at most this many of them in any one ordering (the most witnesses that
        hold those cards at one placement, and no more than ``exact``).
    """

    exact: np.ndarray
    most: np.ndarray


@dataclass(frozen=True, eq=False)
class PlacedSubsets:
    """The witnesses tabulated by placed subset (the module docstring).

    Attributes
    ----------
    keys : numpy.ndarray
        Sorted keys of the subsets some witness contains: ``offsets[k] + colex rank`` for a
        subset of ``k`` cards (0: the empty subset).
    first : numpy.ndarray
        ``(len(keys) + 1,)``: the entries of ``keys[u]`` are ``first[u]:first[u + 1]``.
    local : numpy.ndarray
        Per entry, the placement: ``sum((position + 1) * 6**j)`` over the subset's cards ``j``
        in increasing order.
    change : numpy.ndarray
        Per entry, the category change (a row of ``changes``).
    count : numpy.ndarray
        Per entry, the witnesses holding those cards at those positions with that change.
    changes : numpy.ndarray
        ``(C, 2)`` the (new, old) categories, sorted.
    contained : numpy.ndarray
        ``(len(keys) + 1, C)``: the witnesses containing the subset, per change (the last
        row, zeros: a subset no witness contains).
    most : numpy.ndarray
        ``(len(keys) + 1, C)``: the most of them that share one placement of it.
    offsets : numpy.ndarray
        Where the keys of each subset size start (:func:`subset_offsets`).
    """

    keys: np.ndarray
    first: np.ndarray
    local: np.ndarray
    change: np.ndarray
    count: np.ndarray
    changes: np.ndarray
    contained: np.ndarray
    most: np.ndarray
    offsets: np.ndarray

    @classmethod
    def of(cls, cards: np.ndarray, category: np.ndarray, base: np.ndarray, n_cards: int) -> PlacedSubsets:
        """From the witnesses: ``cards`` ``(W, 5)`` in position order, their categories and
        those of their cards unordered."""
        cards = np.asarray(cards, dtype=np.int64).reshape(-1, HAND_SIZE)
        pairs = np.stack([np.asarray(category, dtype=np.int64), np.asarray(base, dtype=np.int64)], axis=1)
        changes, change = np.unique(pairs.reshape(-1, 2), axis=0, return_inverse=True)
        offsets = subset_offsets(n_cards)
        order = np.argsort(cards, axis=1, kind="stable")  # positions by card
        by_card = np.take_along_axis(cards, order, axis=1)
        key_parts, placement_parts = [], []
        for mask in range(HOLDS):
            chosen = np.flatnonzero(MASK_BITS[mask])  # ranks among the witness's sorted cards
            key_parts.append(offsets[len(chosen)] + colex_rank(by_card[:, chosen]))
            placement_parts.append(((order[:, chosen] + 1) * SIXES[: len(chosen)]).sum(axis=1) * len(changes)
                                   + change.reshape(-1))
        # count the (subset key, placement * C + change) pairs, sorted
        keys, placements = np.concatenate(key_parts), np.concatenate(placement_parts)
        changes = changes.reshape(-1, 2)
        by_key = np.lexsort((placements, keys))
        keys, placements = keys[by_key], placements[by_key]
        starts = np.flatnonzero((np.diff(keys, prepend=-1) != 0) | (np.diff(placements, prepend=-1) != 0))
        count = np.diff(np.append(starts, len(keys)))
        keys, placements = keys[starts], placements[starts]
        new_key = np.diff(keys, prepend=-1) != 0  # keys and placements are >= 0
        which = np.cumsum(new_key) - 1
        n_keys, n_changes = int(new_key.sum()), len(changes)
        local, change = np.divmod(placements, n_changes)
        contained = np.zeros((n_keys + 1, n_changes), dtype=np.int32)  # + a row for subsets not found
        most = np.zeros((n_keys + 1, n_changes), dtype=np.int32)
        np.add.at(contained, (which, change), count)
        np.maximum.at(most, (which, change), count)
        first = np.append(np.flatnonzero(new_key), len(keys)).astype(np.int64)
        return cls(keys[new_key], first, local, change, count.astype(np.int64), changes.astype(np.int64),
                   contained, most, offsets)

    def _find(self, deals: np.ndarray) -> np.ndarray:
        """``(N, 32)``: the row in :attr:`keys` of each subset of each deal (``len(keys)``
        when no witness contains it)."""
        subsets = subset_indices(np.asarray(deals, dtype=np.int64), self.offsets)
        subsets[:, HOLDS - 1] += self.offsets[HAND_SIZE]
        if not len(self.keys):  # no witnesses
            return np.zeros(subsets.shape, dtype=np.int64)
        at = np.minimum(np.searchsorted(self.keys, subsets), len(self.keys) - 1)
        found: np.ndarray = np.where(self.keys[at] == subsets, at, len(self.keys))
        return found

    def lattice(self, deals: np.ndarray) -> SubsetLattice:
        """:class:`SubsetLattice` of the sorted ``deals`` ``(N, 5)``."""
        at = self._find(deals)
        exact = exclude_discards(self.contained[at.T])  # witnesses meeting the deal in exactly the hold
        return SubsetLattice(exact, np.minimum(self.most[at], exact))

    def events(self, deals: np.ndarray, allowed: np.ndarray) -> DealEvents:
        """The events of the sorted ``deals`` ``(N, 5)`` for the holds ``allowed`` ``(N, 32)``
        (hold 0 never: its witnesses are the same in every ordering, :meth:`lattice`)."""
        at = self._find(deals)
        # the subsets V of each deal that some witness holds and that contain an allowed nonempty hold
        deal, vmask = np.nonzero((at < len(self.keys)) & (np.asarray(allowed, dtype=bool)[:, 1:] @ SUBSET_OF[1:]))
        found_at = at[deal, vmask]
        lengths = self.first[found_at + 1] - self.first[found_at]
        entry = ranges(self.first[found_at], lengths)
        deal, vmask = np.repeat(deal, lengths), np.repeat(vmask, lengths)
        # the inclusion-exclusion over each entry's submasks S that are allowed holds
        lengths = SUBMASK_COUNTS[vmask]
        source = np.repeat(np.arange(len(vmask)), lengths)
        position = ranges(SUBMASK_STARTS[vmask], lengths)
        sub = SUBMASK_FLAT[position]
        keep = allowed[deal[source], sub] & (sub != 0)
        source, position, sub = source[keep], position[keep], sub[keep]
        held = vmask[source]  # S's cards among V's, then its placement as the deal's cards
        code = TO_DEAL[held, RESTRICTED[self.local[entry][source], IN_SUBSET[held, sub]]]
        n_changes = len(self.changes)
        change = self.change[entry]
        key = (deal[source] * PLACEMENTS + code) * n_changes + change[source]
        unique, inverse = np.unique(key, return_inverse=True)
        weight = np.bincount(inverse, weights=SUBMASK_SIGNS[position] * self.count[entry][source],
                             minlength=len(unique))
        nonzero = np.rint(weight) != 0
        unique, weight = unique[nonzero], np.rint(weight[nonzero]).astype(np.int64)
        rest, which = np.divmod(unique, n_changes)
        event_deal, event_code = np.divmod(rest, PLACEMENTS)
        return DealEvents(event_deal, event_code, code_masks(event_code), self.changes[which, 0],
                          self.changes[which, 1], weight)


def subset_offsets(n_cards: int) -> np.ndarray:
    """``offsets[k]``: the first key of the ``k``-card subsets of ``n_cards`` cards.

    >>> subset_offsets(10).tolist()
    [0, 1, 11, 56, 176, 386]
    """
    return np.cumsum([0] + [comb(n_cards, k) for k in range(HAND_SIZE)]).astype(np.int64)


def code_masks(code: np.ndarray) -> np.ndarray:
    """The hold (bits) whose cards a placement code places.

    >>> code_masks(np.array([1, 13, 6 * 5])).tolist()
    [1, 3, 2]
    """
    digits = (np.asarray(code)[:, None] // SIXES) % 6
    masks: np.ndarray = ((digits > 0) << np.arange(HAND_SIZE)).sum(axis=1)
    return masks


def moved_hands(witnesses: np.ndarray, changes: np.ndarray, n_columns: int) -> np.ndarray:
    """``(N, K + 1)``: the final hands that ``witnesses`` ``(N, C)`` (counts per change, the
    rows of ``changes``) move out of their old categories (negative) and into their new ones.

    >>> moved_hands(np.array([[2]]), np.array([[0, 1]]), 3).tolist()
    [[2, -2, 0]]
    """
    moved = np.zeros((len(witnesses), n_columns), dtype=np.int64)
    for c, (new, old) in enumerate(np.asarray(changes).tolist()):
        moved[:, new] += witnesses[:, c]
        moved[:, old] -= witnesses[:, c]
    return moved
