"""The sums of squares ``M_m = Σ_{|W| = m} F(W)^2`` of Spin Poker's pair moments, many deals at once.

For a hold keeping ``H`` and discarding ``E`` (``d`` cards), ``F(W)`` is the pay total over the
final hands ``H ∪ B`` with ``B`` a ``d``-subset of the undealt cards containing ``W``.  By
inclusion-exclusion over the discarded cards,

    F(W) = Σ_{Y ⊆ E} (-1)^|Y| T(H ∪ W ∪ Y)

with ``T(S)`` the pay total over the five-card hands containing ``S``: one table per size of
``S`` (the prepared subset tables' category counts times the pays; the hands' own pays for
five cards).  A set of more than five cards is in no hand, so only ``|Y| <= d - |W|`` counts.

The terms are read from union tables: ``T(A ∪ B)`` for every ``a``-set ``A`` and disjoint
``b``-set ``B`` (``a + b <= 5``), a row per ``B`` by colex rank.  So with ``S = H ∪ W`` (``a``
cards) every ``F(W)`` of a deal is a sum of rows, one per ``Y`` (a discard-all deal's ``M_3``:
16 rows of the 22,100 three-card sets; 58 MB of the pays of a three-card set and a disjoint
pair), the sets ``W`` meeting the deal set to 0.  ``M_0`` and ``M_d`` need no table (the
hold's first and second moments: :mod:`.spinvariance`).

The largest ``M`` (``m = d - 1``) is a quadratic form: ``S = H ∪ W`` has four cards, so
``F(W) = a_S · (1, x)`` with ``a_S = (T(S), -p(S ∪ {c}) for every card c)`` (0 where ``c`` is
in ``S``) and ``x`` the discards' indicator.  The sets ``S ⊇ H`` that miss the discards are,
by inclusion-exclusion over the discards ``Z`` a set meets, ``Σ_{Z ⊆ E} (-1)^|Z|`` of the sums
over ``S ⊇ H ∪ Z``, each ``(1, x)^T K_U (1, x)`` with the Gram ``K_U = Σ_{S ⊇ U} a_S a_S^T``.
The Grams of every ``U`` of up to two cards are one product each (:attr:`SupersetPays.grams`,
exact in floats below ``2**53``: checked, else the rows), the 49 sets holding three cards
and the one holding four are summed directly: a discard-all deal's ``M_4`` is 16 blocks of a
Gram and 50 sets instead of 270,725 (:meth:`SupersetPays.last_square_sums`).  Any mix of holds
of one size goes in one batch.

>>> from cpoly.deck.subsets import all_hands
>>> from cpoly.games.videopoker.prepare.tables import build_tables
>>> hands = all_hands(10, 5)
>>> pays = SupersetPays.build(build_tables((hands[:, 0] == 0).astype(np.int64), 10, 2), [0, 1])
>>> pays.totals[0].tolist(), pays.totals[1][:3].tolist()   # hands holding card 0: all, card 0, card 1
([126], [126, 56, 56])
>>> pays.union(1, 1)[2, :4].tolist()   # T({c, 2}): C(8, 3) with c = 0, the C(7, 2) holding 0 too, none
[56, 21, 0, 21]
>>> pays.square_sums(np.array([[0, 1, 2]]), np.array([[3, 4]]), 1)   # W = {c}, c > 4: F = 4 each
[80]
>>> pays.last_square_sums(np.array([[0, 1, 2]]), np.array([[3, 4]]))   # the same, by the Grams
[80]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, binomial_table, colex_rank
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.prepare.tables import SubsetTables

__all__ = ["BATCH_ENTRIES", "SupersetPays"]

#: Sets ``W`` times deals summed at once (2 MB of int32: the sums stay in the cache).
BATCH_ENTRIES = 1 << 19
#: Pairs of cards per product of :func:`_pair_grams` (about 16 MB of rows gathered).
PAIR_BLOCK = 32


@dataclass(frozen=True, eq=False)
class SupersetPays:
    """``totals[k]``: ``T`` of every ``k``-set by colex rank; ``unions[a, b][rank B, rank A]``:
    ``T(A ∪ B)`` for ``b <= a`` (0 where ``A`` and ``B`` meet; :meth:`union` the others);
    ``members[k][c, rank S]``: whether card ``c`` is in the ``k``-set ``S``; ``grams``: the
    Grams of :meth:`last_square_sums` (``None`` where floats could round)."""

    n: int
    totals: tuple[np.ndarray, ...]
    unions: Mapping[tuple[int, int], np.ndarray]
    members: tuple[np.ndarray, ...]
    grams: tuple[np.ndarray, ...] | None

    @classmethod
    def build(cls, tables: SubsetTables, pays: Sequence[int], symmetries: np.ndarray | None = None) -> SupersetPays:
        """From the prepared subset tables (category counts of the hands containing each set of
        up to four cards, and every hand's category) and the scaled pays per category;
        ``symmetries``: card permutations (rows) that keep every hand's category, a group (the
        prepared game's ``card_maps``; only the Grams of one pair per orbit are multiplied)."""
        n, vector = tables.n, np.asarray(pays, dtype=np.int64)
        totals = tuple([counts @ vector for counts in tables.counts] + [vector[tables.categories]])
        unions = _union_tables(totals, n)
        members = tuple(_members(n, k) for k in range(HAND_SIZE))
        maps = np.arange(n)[None, :] if symmetries is None else np.asarray(symmetries, dtype=np.int64)
        return cls(n, totals, unions, members, _grams(totals[HAND_SIZE - 1], unions[HAND_SIZE - 1, 1], n, maps))

    def union(self, a: int, b: int) -> np.ndarray:
        """``T(A ∪ B)`` with a row per ``b``-set ``B`` and a column per ``a``-set ``A``."""
        found: np.ndarray = self.unions[a, b] if b <= a else self.unions[b, a].T
        return found

    def square_sums(self, held: np.ndarray, discarded: np.ndarray, size: int) -> list[int]:
        """``M_size`` of each deal (rows of ``held`` and ``discarded`` cards, ``0 < size < d``),
        exact: ``Σ_W F(W)^2`` over the ``size``-sets ``W`` of the undealt cards."""
        found: list[int] = []
        held, discarded = held.astype(np.int64), discarded.astype(np.int64)
        step = max(1, BATCH_ENTRIES // comb(self.n, size))
        for start in range(0, len(held), step):
            rows = slice(start, start + step)
            found += _row_square_sums(self._pay_totals(held[rows], discarded[rows], size))
        return found

    def last_square_sums(self, held: np.ndarray, discarded: np.ndarray) -> list[int]:
        """:meth:`square_sums` of ``size = d - 1`` by inclusion-exclusion over the discards a set
        meets: the Grams for up to two cards, the few sets holding three or four directly; by
        the rows when floats could round (:attr:`grams` is ``None``)."""
        if self.grams is None:
            return self.square_sums(held, discarded, discarded.shape[1] - 1)
        deals, d = discarded.shape
        held, discarded = held.astype(np.int64), discarded.astype(np.int64)
        columns = np.concatenate([np.zeros((deals, 1), np.int64), 1 + discarded], axis=1)
        total = np.zeros(deals, dtype=np.int64)
        for size in range(d):
            for met in combinations(range(d), size):
                within = np.sort(np.concatenate([held, discarded[:, list(met)]], axis=1), axis=1)
                found = self._superset_squares(self.grams, within, discarded, columns)
                (np.subtract if size % 2 else np.add)(total, found, out=total)
        return [int(v) for v in total]

    def _superset_squares(self, grams: tuple[np.ndarray, ...], within: np.ndarray, discarded: np.ndarray,
                          columns: np.ndarray) -> np.ndarray:
        """``Σ_{S ⊇ U} (T(S) - Σ_{e ∈ E} T(S ∪ {e}))^2`` over the four-card sets ``S`` per deal
        (``U``: rows of ``within``, ``E``: of ``discarded``; ``columns``: ``0`` and ``1 + E``)."""
        if within.shape[1] < len(grams):  # a quadratic form of the Gram's block at the discards
            rank = colex_rank(within)
            found: np.ndarray = grams[within.shape[1]][rank[:, None, None], columns[:, :, None],
                                                        columns[:, None, :]].sum(axis=(1, 2))
            return found
        values = self._terms(within, discarded, HAND_SIZE - 1 - within.shape[1], 1)
        found = np.einsum("ij,ij->i", values, values, dtype=np.int64)
        return found

    def _pay_totals(self, held: np.ndarray, discarded: np.ndarray, size: int) -> np.ndarray:
        """``F(W)`` of every ``size``-set ``W`` of the deck per deal, 0 where ``W`` meets the deal."""
        values = self._terms(held, discarded, size, HAND_SIZE)
        values[self.members[size][np.concatenate([held, discarded], axis=1)].any(axis=1)] = 0
        return values

    def _terms(self, held: np.ndarray, discarded: np.ndarray, size: int, most: int) -> np.ndarray:
        """``Σ_{Y ⊆ E, |Y| <= most} (-1)^|Y| T(H ∪ Y ∪ W)`` of every ``size``-set ``W`` per deal
        (a ``Y`` meeting ``H`` adds nothing): a row of a union table per ``Y``."""
        kept, d = held.shape[1], discarded.shape[1]
        counts = range(min(d, most, HAND_SIZE - kept - size) + 1)
        narrow = all(self.union(size, kept + count).dtype == np.int16 for count in counts)  # 32 terms < 2**31
        values = np.zeros((len(held), comb(self.n, size)), dtype=np.int32 if narrow else np.int64)
        for count in counts:
            table = self.union(size, kept + count)
            ranks, repeated = _ranks_with(held, discarded, count)
            for column in range(ranks.shape[1]):
                term = table[ranks[:, column]]
                term[repeated[:, column]] = 0
                (np.subtract if count % 2 else np.add)(values, term, out=values)
        return values


def _ranks_with(held: np.ndarray, discarded: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray]:
    """The colex ranks of ``H ∪ Y`` for every ``count``-subset ``Y`` of the discards per deal (a
    column per ``Y``), 0 where ``Y`` meets ``H``, and where it does."""
    chosen = np.array(list(combinations(range(discarded.shape[1]), count)), dtype=np.int64).reshape(comb(discarded.shape[1], count), count)
    kept = np.broadcast_to(held[:, None, :], (len(held), len(chosen), held.shape[1]))
    within = np.sort(np.concatenate([kept, discarded[:, chosen]], axis=2), axis=2)
    repeated = (within[:, :, 1:] == within[:, :, :-1]).any(axis=2)
    return np.where(repeated, 0, colex_rank(within)), repeated


def _union_tables(totals: Sequence[np.ndarray], n: int) -> dict[tuple[int, int], np.ndarray]:
    """``T(A ∪ B)`` (``totals[k]``: of every ``k``-set) for every ``a``-set ``A`` and disjoint
    ``b``-set ``B`` with ``b <= a`` and ``a + b <= 5``: a row per ``B`` and a column per ``A`` by
    colex rank, 0 where they meet, in the narrowest integer type that holds it.  Each ``k``-set
    is split every way into its ``B`` and ``A`` (their ranks from the terms ``C(c, i + 1)`` of
    its cards, each read once: :func:`~cpoly.deck.subsets.colex_rank` by parts)."""
    found: dict[tuple[int, int], np.ndarray] = {}
    for size in range(1, HAND_SIZE + 1):
        cards = np.ascontiguousarray(all_hands(n, size).T)  # a row per position: contiguous reads
        binomials = binomial_table(n, size).astype(np.int32)
        terms = [[binomials[i + 1][cards[j]] for i in range(j + 1)] for j in range(size)]
        kind = _narrowest(totals[size])
        found[size, 0] = totals[size][None, :].astype(kind)
        for b in range(1, size // 2 + 1):
            a = size - b
            table = np.zeros((comb(n, b), comb(n, a)), dtype=kind)
            flat = table.reshape(-1)
            for chosen in combinations(range(size), b):
                rest = [j for j in range(size) if j not in chosen]
                rows = sum((terms[j][i] for i, j in enumerate(chosen)), np.zeros(cards.shape[1], dtype=np.int64))
                flat[rows * comb(n, a) + sum(terms[j][i] for i, j in enumerate(rest))] = totals[size]
            found[a, b] = table
    return found


def _members(n: int, size: int) -> np.ndarray:
    """``(n, C(n, size))`` bool: whether each card is in each ``size``-set."""
    sets = all_hands(n, size).astype(np.int64)
    found = np.zeros((n, len(sets)), dtype=bool)
    for column in sets.T:
        found[column, np.arange(len(sets))] = True
    return found


def _grams(fours: np.ndarray, fives: np.ndarray, n: int, maps: np.ndarray) -> tuple[np.ndarray, ...] | None:
    """The Grams ``K_U = Σ_{S ⊇ U} a_S a_S^T`` of the rows ``a_S = (T(S), -T(S ∪ {c}) for every
    card c)`` (0 where ``c`` is in ``S``; ``fours``: ``T`` of the four-card sets, ``fives``:
    ``T(S ∪ {c})`` by card and set) for every set ``U`` of 0, 1 and 2 cards (by colex rank),
    exact int64; ``None`` when a float product or an int64 sum could round.
    ``(1, v)^T K_U (1, v)`` with ``v`` the discards' indicator sums ``F^2`` over the sets
    holding ``U``.  A symmetry ``σ`` of ``T`` (a row of ``maps``) moves the Grams with it:
    ``K_{σU}[σx, σy] = K_U[x, y]``, so one pair per orbit is multiplied."""
    largest = max(int(np.abs(fours).max(initial=0)), int(np.abs(fives).max(initial=0)))
    if largest**2 * comb(n - 2, 2) >= 2**53 or largest**2 * (HAND_SIZE + 1) ** 2 * len(fours) * 2**HAND_SIZE >= 2**63:
        return None
    rows = np.empty((n + 1, len(fours)))  # a column per set
    rows[0], rows[1:] = fours, fives
    rows[1:] *= -1
    ends = all_hands(n, 2).astype(np.int64)
    images = colex_rank(np.sort(maps[:, ends], axis=2))  # (map, pair): the pair's image
    first = images.min(axis=0)  # the orbit's least pair
    leaders, leader_of = np.unique(first, return_inverse=True)
    moving = np.argmax(images[:, leaders[leader_of]] == np.arange(len(ends)), axis=0)  # σ: leader -> pair
    places = np.argsort(np.concatenate([np.zeros((len(maps), 1), np.int64), 1 + maps], axis=1), axis=1)[moving]
    pairs = _pair_grams(rows, all_hands(n, HAND_SIZE - 1), n, leaders)[leader_of[:, None, None], places[:, :, None],
                                                                        places[:, None, :]]
    singles = np.stack([pairs[(ends == card).any(axis=1)].sum(axis=0) for card in range(n)]) // 3
    return singles.sum(axis=0, keepdims=True) // 4, singles, pairs


def _pair_grams(rows: np.ndarray, sets: np.ndarray, n: int, chosen: np.ndarray) -> np.ndarray:
    """``K_U`` (columns ``a_S`` of the four-card ``sets``) of the pairs ``U`` of colex ranks
    ``chosen``: a product over the ``C(n - 2, 2)`` sets holding each, exact (the caller bounds
    the sums)."""
    holder = np.concatenate([colex_rank(sets[:, list(pair)]) for pair in combinations(range(HAND_SIZE - 1), 2)])
    holding = np.tile(np.arange(len(sets)), comb(HAND_SIZE - 1, 2))[np.argsort(holder, kind="stable")]
    holding = holding.reshape(comb(n, 2), -1)[chosen]
    grams = np.empty((len(chosen), n + 1, n + 1), dtype=np.int64)
    for start in range(0, len(holding), PAIR_BLOCK):
        block = rows[:, holding[start:start + PAIR_BLOCK]].transpose(1, 0, 2)
        grams[start:start + PAIR_BLOCK] = np.matmul(block, block.transpose(0, 2, 1))
    return grams


def _narrowest(values: np.ndarray) -> type[np.signedinteger]:
    """The narrowest of int16, int32 and int64 that holds every value (the rows read per deal)."""
    largest = int(np.abs(values).max(initial=0))
    return np.int16 if largest < 2**15 else np.int32 if largest < 2**31 else np.int64


def _row_square_sums(values: np.ndarray) -> list[int]:
    """``Σ v^2`` of each row, exact (int64 when it cannot overflow, else Python integers)."""
    largest = int(np.abs(values).max(initial=0))
    if largest * largest * max(values.shape[1], 1) < 2**63:
        return [int(v) for v in np.einsum("ij,ij->i", values, values, dtype=np.int64)]
    return [sum(v * v for v in row) for row in values.tolist()]
