"""The sums of squares ``M_m = Σ_{|W| = m} F(W)^2`` of Spin Poker's pair moments, many deals at once.

For a hold keeping ``H`` and discarding ``E`` (``d`` cards), ``F(W)`` is the pay total over the
final hands ``H ∪ B`` with ``B`` a ``d``-subset of the undealt cards containing ``W``.  By
inclusion-exclusion over the discarded cards,

    F(W) = Σ_{Y ⊆ E} (-1)^|Y| T(H ∪ W ∪ Y)

with ``T(S)`` the pay total over the five-card hands containing ``S``: one table per size of
``S`` (the prepared subset tables' category counts times the pays; the hands' own pays for
five cards).  A set of more than five cards is in no hand, so only ``|Y| <= d - |W|`` counts.

Every ``W`` of the deck is read at once by colex rank, without sorting: ``extend[k][c, rank(S)]``
is the rank of ``S ∪ {c}`` (``S`` of ``k`` cards), or a sentinel (the last rank, ``T = 0``) when
``c`` is in ``S``.  So ``H ∪ W ∪ Y`` is a chain of gathers from ``W``'s rank, one per card,
sharing prefixes (each ``Y`` extends the ``Y`` without its last card), and ``W`` meeting ``E``
is found where ``W ∪ {e}`` is the sentinel (a ``W`` meeting ``H`` reaches the sentinel itself).
For ``d = 5`` that is 270,725 sets of four cards and a dozen gathers each per deal; ``M_0`` and
``M_d`` need no table (the hold's first and second moments: :mod:`.spinvariance`).

The largest ``M`` (``m = d - 1``) is a quadratic form: ``S = H ∪ W`` has four cards, so
``F(W) = a_S · (1, x)`` with ``a_S = (T(S), -p(S ∪ {c}) for every card c)`` (0 where ``c`` is
in ``S``) and ``x`` the discards' indicator.  The sets ``S ⊇ H`` that miss the discards are,
by inclusion-exclusion over the discards ``Z`` a set meets, ``Σ_{Z ⊆ E} (-1)^|Z|`` of the sums
over ``S ⊇ H ∪ Z``, each ``(1, x)^T K_U (1, x)`` with the Gram ``K_U = Σ_{S ⊇ U} a_S a_S^T``.
The Grams of every ``U`` of up to two cards are one product each (:attr:`SupersetPays.grams`,
exact in floats below ``2**53``: checked, else the gathers), the 49 sets holding three cards
and the one holding four are summed directly: a discard-all deal's ``M_4`` is 16 blocks of a
Gram and 50 sets instead of 270,725 (:meth:`SupersetPays.last_square_sums`, any mix of holds).

>>> from cpoly.deck.subsets import all_hands
>>> from cpoly.games.videopoker.prepare.tables import build_tables
>>> hands = all_hands(10, 5)
>>> pays = SupersetPays.build(build_tables((hands[:, 0] == 0).astype(np.int64), 10, 2), [0, 1])
>>> pays.totals[0].tolist(), pays.totals[1][:3].tolist()   # hands holding card 0: all, card 0, card 1
([126, 0], [126, 56, 56])
>>> pays.square_sums(np.array([[0, 1, 2]]), np.array([[3, 4]]), 1)   # W = {c}, c > 4: F = 4 each
[80]
>>> pays.last_square_sums(np.array([[0, 1, 2]]), np.array([[3, 4]]))   # the same, by the Grams
[80]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, binomial_table, colex_rank
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.prepare.tables import SubsetTables

__all__ = ["BATCH_ENTRIES", "SupersetPays"]

#: Sets ``W`` times deals gathered at once (about 16 MB per int64 array).
BATCH_ENTRIES = 1 << 21
#: Pairs of cards per product of :func:`_pair_grams` (about 16 MB of rows gathered).
PAIR_BLOCK = 32


def _extend(n: int, size: int) -> np.ndarray:
    """``(n, C(n, size) + 1)`` int32: the rank of each ``size``-set plus card ``c`` (the
    sentinel ``C(n, size + 1)`` when ``c`` is in it, and for the sentinel)."""
    sets = all_hands(n, size).astype(np.int64)
    binomials = binomial_table(n + 1, size + 1)
    lower = np.stack([binomials[i + 1][sets[:, i]] for i in range(size)], axis=1) if size else np.zeros((1, 0), np.int64)
    upper = np.stack([binomials[i + 2][sets[:, i]] for i in range(size)], axis=1) if size else np.zeros((1, 0), np.int64)
    sentinel = comb(n, size + 1)
    table = np.full((n, len(sets) + 1), sentinel, dtype=np.int32)
    for card in range(n):
        below = sets < card
        position = below.sum(axis=1)
        rank = (lower * below).sum(axis=1) + (upper * ~below).sum(axis=1) + binomials[position + 1, card]
        table[card, :-1] = np.where((sets == card).any(axis=1), sentinel, rank)
    return table


@dataclass(frozen=True, eq=False)
class SupersetPays:
    """``totals[k]``: ``T`` of every ``k``-set by colex rank, a zero appended (the sentinel);
    ``extend[k]``: the ranks of the ``k``-sets with a card added (:func:`_extend`), flat."""

    n: int
    totals: tuple[np.ndarray, ...]
    extend: tuple[np.ndarray, ...]

    @classmethod
    def build(cls, tables: SubsetTables, pays: Sequence[int]) -> SupersetPays:
        """From the prepared subset tables (category counts of the hands containing each set of
        up to four cards, and every hand's category) and the scaled pays per category."""
        if tables.n * (comb(tables.n, HAND_SIZE - 1) + 1) >= 2**31:
            raise CpolyInputError(f"Spin Poker's superset tables of a {tables.n}-card deck exceed int32 ranks")
        vector = np.asarray(pays, dtype=np.int64)
        levels = [counts @ vector for counts in tables.counts] + [vector[tables.categories]]
        totals = tuple(_narrow(np.append(level, 0)) for level in levels)
        return cls(tables.n, totals, tuple(_extend(tables.n, k).reshape(-1) for k in range(HAND_SIZE)))

    def _step(self, size: int, cards: np.ndarray, ranks: np.ndarray) -> np.ndarray:
        """The ranks of ``size``-sets (rows of ``ranks``, one row per deal) with each deal's
        card ``cards`` added."""
        offsets = cards.astype(np.int64) * (comb(self.n, size) + 1)  # below 2**31: the table is int32-indexed
        found: np.ndarray = np.take(self.extend[size], ranks + offsets.astype(np.int32)[:, None])
        return found

    def square_sums(self, held: np.ndarray, discarded: np.ndarray, size: int) -> list[int]:
        """``M_size`` of each deal (rows of ``held`` and ``discarded`` cards, ``0 < size < d``),
        exact: ``Σ_W F(W)^2`` over the ``size``-sets ``W`` of the undealt cards."""
        found: list[int] = []
        step = max(1, BATCH_ENTRIES // comb(self.n, size))
        for start in range(0, len(held), step):
            rows = slice(start, start + step)
            values = self._pay_totals(held[rows], discarded[rows], size)
            found += _row_square_sums(values)
        return found

    def last_square_sums(self, held: np.ndarray, discarded: np.ndarray) -> list[int]:
        """:meth:`square_sums` of ``size = d - 1`` (rows of ``held`` and ``discarded`` cards, any
        mix of holds of one size), by inclusion-exclusion over the discards a set meets: the
        Grams for up to two cards, the few sets holding three or four directly; by the gathers
        when floats could round (:attr:`grams` is ``None``)."""
        grams = self.grams
        if grams is None:
            return self.square_sums(held, discarded, discarded.shape[1] - 1)
        deals, d = discarded.shape
        columns = np.concatenate([np.zeros((deals, 1), np.int64), 1 + discarded.astype(np.int64)], axis=1)
        total = np.zeros(deals, dtype=np.int64)
        for size in range(d):
            for met in combinations(range(d), size):
                within = np.sort(np.concatenate([held, discarded[:, list(met)]], axis=1).astype(np.int64), axis=1)
                found = self._superset_squares(grams, within, discarded, columns)
                (np.subtract if size % 2 else np.add)(total, found, out=total)
        return [int(v) for v in total]

    def _superset_squares(self, grams: tuple[np.ndarray, ...], within: np.ndarray, discarded: np.ndarray,
                          columns: np.ndarray) -> np.ndarray:
        """``Σ_{S ⊇ U} (T(S) - Σ_{e ∈ E} T(S ∪ {e}))^2`` over the four-card sets ``S`` per deal
        (``U``: rows of ``within``, ``E``: of ``discarded``; ``columns``: ``0`` and ``1 + E``)."""
        rank = colex_rank(within)
        if within.shape[1] < len(grams):  # a quadratic form of the Gram's block at the discards
            found: np.ndarray = grams[within.shape[1]][rank[:, None, None], columns[:, :, None],
                                                        columns[:, None, :]].sum(axis=(1, 2))
            return found
        if within.shape[1] == HAND_SIZE - 2:  # the sets U ∪ {c}: the sentinel where c is in U
            sets = self.extend[HAND_SIZE - 2].reshape(self.n, -1)[:, rank].T
        else:
            sets = rank[:, None].astype(np.int32)
        values = np.take(self.totals[HAND_SIZE - 1], sets).astype(np.int64)
        for card in discarded.T:
            values -= np.take(self.totals[HAND_SIZE], self._step(HAND_SIZE - 1, card, sets))
        found = np.einsum("ij,ij->i", values, values)
        return found

    @cached_property
    def grams(self) -> tuple[np.ndarray, ...] | None:
        """The Grams ``K_U = Σ_{S ⊇ U} a_S a_S^T`` of the rows ``a_S = (T(S), -T(S ∪ {c}) for
        every card c)`` (0 where ``c`` is in ``S``) of the four-card sets ``S``, for every set
        ``U`` of 0, 1 and 2 cards (by colex rank), exact int64; ``None`` when a float product
        or an int64 sum could round.  ``(1, v)^T K_U (1, v)`` with ``v`` the discards'
        indicator sums ``F^2`` over the sets holding ``U``."""
        sets = all_hands(self.n, HAND_SIZE - 1)
        rows = np.empty((len(sets), self.n + 1))
        rows[:, 0] = self.totals[HAND_SIZE - 1][:-1]
        rows[:, 1:] = -self.totals[HAND_SIZE][self.extend[HAND_SIZE - 1].reshape(self.n, -1)[:, :-1]].T
        largest = int(np.abs(rows).max(initial=0))
        if largest**2 * comb(self.n - 2, 2) >= 2**53 or largest**2 * (HAND_SIZE + 1) ** 2 * len(sets) * 2**HAND_SIZE >= 2**63:
            return None
        pairs = _pair_grams(rows, sets, self.n)
        ends = all_hands(self.n, 2)
        singles = np.stack([pairs[(ends == card).any(axis=1)].sum(axis=0) for card in range(self.n)]) // 3
        return singles.sum(axis=0, keepdims=True) // 4, singles, pairs

    def _pay_totals(self, held: np.ndarray, discarded: np.ndarray, size: int) -> np.ndarray:
        """``F(W)`` of every ``size``-set ``W`` of the deck per deal, 0 where ``W`` meets the deal."""
        deals, kept, d = len(held), held.shape[1], discarded.shape[1]
        ranks = np.broadcast_to(np.arange(comb(self.n, size), dtype=np.int32), (deals, comb(self.n, size)))
        for i in range(kept):
            ranks = self._step(size + i, held[:, i], ranks)
        base = size + kept
        by_subset: dict[tuple[int, ...], np.ndarray] = {(): ranks}
        values = np.take(self.totals[base], ranks).astype(np.int64)
        meets = np.zeros(ranks.shape, dtype=bool)
        sentinel = comb(self.n, base + 1)
        for count in range(1, d - size + 1):
            for chosen in combinations(range(d), count):
                extended = self._step(base + count - 1, discarded[:, chosen[-1]], by_subset[chosen[:-1]])
                by_subset[chosen] = extended
                if count == 1:
                    meets |= extended == sentinel
                term = np.take(self.totals[base + count], extended)
                (np.subtract if count % 2 else np.add)(values, term, out=values)
        values[meets] = 0
        return values


def _pair_grams(rows: np.ndarray, sets: np.ndarray, n: int) -> np.ndarray:
    """``K_U`` (rows ``a_S`` of the four-card ``sets``) for every pair ``U`` by colex rank: a
    product over the ``C(n - 2, 2)`` sets holding it, exact (the caller bounds the sums)."""
    holder = np.concatenate([colex_rank(sets[:, list(pair)]) for pair in combinations(range(HAND_SIZE - 1), 2)])
    holding = np.tile(np.arange(len(sets)), comb(HAND_SIZE - 1, 2))[np.argsort(holder, kind="stable")]
    holding = holding.reshape(comb(n, 2), -1)
    grams = np.empty((comb(n, 2), n + 1, n + 1), dtype=np.int64)
    for start in range(0, len(holding), PAIR_BLOCK):
        block = rows[holding[start:start + PAIR_BLOCK]]
        grams[start:start + PAIR_BLOCK] = np.matmul(block.transpose(0, 2, 1), block)
    return grams


def _narrow(totals: np.ndarray) -> np.ndarray:
    """``totals`` as int32 when every value fits (half the memory read by the gathers)."""
    fits = int(np.abs(totals).max(initial=0)) < 2**31
    return totals.astype(np.int32) if fits else totals


def _row_square_sums(values: np.ndarray) -> list[int]:
    """``Σ v^2`` of each row, exact (int64 when it cannot overflow, else Python integers)."""
    largest = int(np.abs(values).max(initial=0))
    if largest * largest * max(values.shape[1], 1) < 2**63:
        return [int(v) for v in np.einsum("ij,ij->i", values, values)]
    return [sum(v * v for v in row) for row in values.tolist()]

