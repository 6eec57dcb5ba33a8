"""Suit classes of hands built card by card, and their subset tables, without listing every hand.

A hand is written as one **face mask per suit** (bit ``f`` = the hand holds face ``f`` in that
suit).  Suits that have the same faces in the deck and that no literal of the game tells apart
form a *block* of interchangeable suits; permuting the suits of a block is a symmetry.  Sorting
each block's masks in decreasing order is a canonical form, the class's member of least colex
rank (the rearrangement inequality: the suit holding the highest cards gets the lowest suit
label), and its colex rank is the class's **key** (int64, any deck size: the canonical form's
card bitmask is read in 64-bit words, one set bit at a time, never one 64-bit mask of the deck).

:func:`suit_levels` generates the classes of 0..5-card hands level by level: every class of
``k - 1`` cards extended by each card it lacks gives every class of ``k`` cards, and for
``k <= 4`` that extension is kept as the map ``children[k][card, parent]`` = class of
``parent + card``.  The five-card classes (134,459 for 52 cards) come from the 16,432 four-card
classes extended only by cards of a face at least their highest (184,015 keys, not 2,598,960
hands).  The subset tables per class then follow from the categories of the five-card
representatives alone: table #5 by counting (hand, 4-subset) pairs over the classes
(:meth:`SuitLevels.four_card_table`, the classes of the 4-subsets from
:meth:`SuitLevels.four_subsets`), the smaller ones from the children
(:meth:`SuitLevels.smaller_tables`)::

    |orbit(S)| T4[S] = sum over five-card classes D of |D| #{i: D - d_i in class S} onehot(cat(D))
    Tj[S] = sum over cards x not in S of T(j+1)[class(S + x)] / (5 - j)

>>> faces, suits = np.repeat(np.arange(3), 2), np.tile(np.arange(2), 3)
>>> levels = suit_levels(SuitBlocks.of(faces, suits, []))
>>> levels.cards(2).tolist()          # the 2-card classes, least colex member each
[[0, 1], [0, 2], [1, 2], [2, 3], [0, 4], [1, 4], [2, 4], [3, 4], [4, 5]]
>>> levels.orbit_sizes(2).tolist()
[1, 2, 2, 1, 2, 2, 2, 2, 1]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from math import factorial, prod

import numpy as np

from cpoly.deck.subsets import all_hands, binomial_table
from cpoly.scale.parallel import map_chunks, workers

__all__ = ["MAX_COLUMNS", "MAX_FACES", "SuitBlocks", "SuitLevels", "key_cards", "suit_levels"]

#: Faces per suit up to this use the mask tables (``2**MAX_FACES`` entries per suit and word).
MAX_FACES = 16
#: Suit values up to this (the group's permutations are listed: 8! at most).
MAX_COLUMNS = 8
_WORD = 64


@dataclass(frozen=True, eq=False)
class SuitBlocks:
    """A deck as suit columns of face masks, and its blocks of interchangeable suits.

    Attributes
    ----------
    n : int
        Cards in the deck (card ``i`` is ``(faces[i], suits[i])``, sorted by face then suit).
    column : numpy.ndarray
        ``(n,)`` the suit column of each card.
    face_bit : numpy.ndarray
        ``(n,)`` int64 ``2**face index`` of each card.
    blocks : tuple of tuple of int
        Columns of each block of interchangeable suits (singletons included).
    spread : numpy.ndarray
        ``(words, columns, 2**faces)`` uint64: the card bitmask of a face mask placed in a
        column, 64 cards per word (word ``w`` holds cards ``64 w .. 64 w + 63``).
    """

    n: int
    column: np.ndarray
    face_bit: np.ndarray
    blocks: tuple[tuple[int, ...], ...]
    spread: np.ndarray

    @classmethod
    def of(cls, faces: np.ndarray, suits: np.ndarray, literals: Sequence[frozenset[int]]) -> SuitBlocks | None:
        """Blocks of suits with equal face sets and equal membership in every suit ``literal``;
        None when the deck does not fit the mask form (over 60 cards, 15 faces or 4 suits, or
        not sorted by face then suit)."""
        faces, suits = np.asarray(faces, dtype=np.int64), np.asarray(suits, dtype=np.int64)
        n = len(faces)
        order = np.lexsort((suits, faces))
        if not np.array_equal(order, np.arange(n)):
            return None
        face_values, face_index = np.unique(faces, return_inverse=True)
        suit_values, column = np.unique(suits, return_inverse=True)
        if (len(face_values) > MAX_FACES or len(suit_values) > MAX_COLUMNS
                or len(set(zip(faces.tolist(), suits.tolist()))) != n):
            return None
        face_sets = [frozenset(face_index[column == c].tolist()) for c in range(len(suit_values))]
        signature: dict[tuple[object, ...], list[int]] = {}
        for c, value in enumerate(suit_values.tolist()):
            signature.setdefault((face_sets[c], *(value in lit for lit in literals)), []).append(c)
        return cls(n, column.astype(np.int64), (np.int64(1) << face_index).astype(np.int64),
                   tuple(tuple(b) for b in signature.values()), _spread(column, face_index, len(suit_values)))

    @property
    def group_order(self) -> int:
        """Number of suit permutations in the group (product of the blocks' factorials)."""
        return prod(factorial(len(b)) for b in self.blocks)

    def column_maps(self) -> list[list[int]]:
        """Every permutation of the columns that stays within the blocks (identity first)."""
        maps = []
        for images in itertools.product(*(itertools.permutations(b) for b in self.blocks)):
            row = list(range(self.spread.shape[1]))
            for block, image in zip(self.blocks, images):
                for source, target in zip(block, image):
                    row[source] = target
            maps.append(row)
        return maps

    def masks(self, hands: np.ndarray) -> np.ndarray:
        """``(columns, N)`` int32 face masks of hands given as rows of card indices."""
        hands = np.asarray(hands)
        masks = np.zeros((self.spread.shape[1], len(hands)), dtype=np.int32)
        for c, bits in enumerate(self.column_bits):
            for i in range(hands.shape[1]):
                masks[c] |= bits[hands[:, i]]
        return masks

    def canonical(self, masks: np.ndarray, changed: int | None = None) -> np.ndarray:
        """Sort each block of ``masks`` (``(columns, N)``, in place) in decreasing order and
        return the class keys (int64 colex rank of each class's least member).

        With ``changed``, only that column may be out of order (it grew): one bubbling pass.
        """
        for block in self.blocks:
            if changed is not None:
                if changed in block:
                    position = block.index(changed)
                    for j in range(position, 0, -1):
                        _order_pair(masks, block[j - 1], block[j])
                continue
            for step in range(len(block)):
                for j in range(step % 2, len(block) - 1, 2):
                    _order_pair(masks, block[j], block[j + 1])
        words = []
        for spread in self.spread:
            word = spread[0][masks[0]]
            for c in range(1, len(spread)):
                word |= spread[c][masks[c]]
            words.append(word)
        return _bitmask_ranks(words, self.n)

    def keys(self, hands: np.ndarray) -> np.ndarray:
        """The class key of each hand (rows of card indices)."""
        return self.canonical(self.masks(hands))

    @cached_property
    def column_bits(self) -> np.ndarray:
        """``(columns, n)`` int32: each card's face bit in its own column's row, else 0."""
        bits = np.zeros((self.spread.shape[1], self.n), dtype=np.int32)
        bits[self.column, np.arange(self.n)] = self.face_bit
        return bits

    def class_index(self, keys: np.ndarray, hands: np.ndarray) -> np.ndarray:
        """The index (int32) in the sorted class ``keys`` of each hand's class."""
        found = self.keys(hands)
        index = np.searchsorted(keys, found)
        if len(found) and not np.array_equal(keys[np.minimum(index, len(keys) - 1)], found):
            raise AssertionError("a hand outside the generated classes")
        result: np.ndarray = index.astype(np.int32)
        return result

    def card_maps(self) -> np.ndarray:
        """``(group_order, n)`` the card permutations of the group, the identity first."""
        position = {(int(c), int(b)): i for i, (c, b) in enumerate(zip(self.column, self.face_bit))}
        return np.array([[position[(row[int(c)], int(b))] for c, b in zip(self.column, self.face_bit)]
                         for row in self.column_maps()], dtype=np.int64)

    def stabiliser(self, canonical: np.ndarray) -> np.ndarray:
        """Order of the stabiliser of each canonical column of ``(columns, N)`` masks: product
        over blocks of the factorials of the multiplicities of equal masks."""
        order = np.ones(canonical.shape[1], dtype=np.int64)
        for block in self.blocks:
            run = np.ones(canonical.shape[1], dtype=np.int64)
            for j in range(1, len(block)):
                run = np.where(canonical[block[j]] == canonical[block[j - 1]], run + 1, 1)
                order *= run
        return order


def _spread(column: np.ndarray, face_index: np.ndarray, n_columns: int) -> np.ndarray:
    """:attr:`SuitBlocks.spread` of a deck: the card bitmask words of every face mask in every column."""
    n = len(column)
    n_faces = int(face_index.max()) + 1 if n else 0
    spread = np.zeros((-(-n // _WORD), n_columns, 1 << n_faces), dtype=np.uint64)
    for word in range(len(spread)):
        bit_of = np.zeros((n_columns, n_faces), dtype=np.uint64)  # 0: no such card in this word
        cards = np.arange(word * _WORD, min(n, (word + 1) * _WORD))
        bit_of[column[cards], face_index[cards]] = np.uint64(1) << (cards - word * _WORD).astype(np.uint64)
        for face in range(n_faces):  # masks with top bit `face`: those below plus its card
            low = 1 << face
            np.bitwise_or(spread[word, :, :low], bit_of[:, face:face + 1], out=spread[word, :, low:2 * low])
    return spread


def _bitmask_ranks(words: list[np.ndarray], n: int) -> np.ndarray:
    """The colex rank (int64) of each card bitmask of an ``n``-card deck given as 64-card
    ``words`` (lowest first): the set bits taken from the lowest, each adding
    ``C(card, position + 1)``.

    >>> _bitmask_ranks([np.array([0b111, 0b10011], dtype=np.uint64)], 5).tolist()
    [0, 4]
    """
    held = sum(np.bitwise_count(word).astype(np.intp) for word in words)
    most = int(np.max(held, initial=0))
    binomials = binomial_table(max(n, most + 1), most)
    rank = np.zeros(len(words[0]), dtype=np.int64)
    position = np.zeros(len(rank), dtype=np.intp)
    for index, word in enumerate(words):
        rest = word.copy()
        for _ in range(int(np.max(np.bitwise_count(word), initial=0))):
            some = rest != 0
            lowest = rest & (~rest + np.uint64(1))
            card = np.frexp(lowest.astype(np.float64))[1] - 1 + index * _WORD  # powers of two are exact
            rank += np.where(some, binomials[np.minimum(position + 1, most), np.minimum(card, n - 1)], 0)
            position += some
            rest ^= lowest
    return rank


def _order_pair(masks: np.ndarray, high: int, low: int) -> None:
    """Rows ``high`` and ``low`` of ``masks`` swapped where ``low`` holds the larger mask."""
    larger = np.maximum(masks[high], masks[low])
    np.minimum(masks[high], masks[low], out=masks[low])
    masks[high] = larger


@dataclass(frozen=True, eq=False)
class SuitLevels:
    """The classes of 0..5-card hands.

    Attributes
    ----------
    keys : tuple of numpy.ndarray
        ``keys[j]`` the sorted int64 keys of the j-card classes (the colex ranks of their least
        members).
    children : tuple of numpy.ndarray
        ``children[j]`` for ``j = 1..4``, ``(n, classes of j - 1 cards)`` int32: the class of
        each ``(j - 1)``-class representative plus card ``c``; ``len(keys[j])`` where the
        representative holds ``c`` already.  (Five-card classes are found without it.)
    """

    blocks: SuitBlocks
    keys: tuple[np.ndarray, ...]
    children: tuple[np.ndarray, ...]

    def cards(self, k: int) -> np.ndarray:
        """``(classes, k)`` the sorted cards of each k-class's least member (int8)."""
        return key_cards(self.keys[k], k)

    def orbit_sizes(self, k: int) -> np.ndarray:
        """Hands in each k-class (int64)."""
        masks = self.blocks.masks(self.cards(k))  # the least member's masks are canonical
        sizes: np.ndarray = self.blocks.group_order // self.blocks.stabiliser(masks)
        return sizes

    def class_of(self, hands: np.ndarray) -> np.ndarray:
        """The class index (int32) of each hand (rows of k card indices)."""
        return self.blocks.class_index(self.keys[np.shape(hands)[1]], hands)

    def four_subsets(self, deals: np.ndarray) -> np.ndarray:
        """The class of each five-card representative's 4-subsets, ``(classes, 5)`` int32
        (column ``i``: the deal without its card ``i``), read off the class of every four-card
        hand by colex rank (``C(n, 4)`` hands canonicalised once, not five per deal)."""
        n = self.blocks.n
        by_rank = self.class_of(all_hands(n, 4))
        binomials = binomial_table(max(n, 6), 4).astype(np.int32)
        fours = np.empty((len(deals), 5), dtype=np.int32)
        for i in range(5):
            rank = np.zeros(len(deals), dtype=np.int32)
            for position in range(5):
                if position != i:
                    rank += binomials[position + (position < i)][deals[:, position]]
            np.take(by_rank, rank, out=fours[:, i])
        return fours

    def four_card_table(self, deal_categories: np.ndarray, fours: np.ndarray, sizes: np.ndarray,
                        n_columns: int) -> np.ndarray:
        """Table #5 per four-card class from the five-card classes' categories, their
        :meth:`four_subsets` and class ``sizes``.

        Over all hands, class members included, each pair (hand, 4-subset of class S) is
        counted once: ``|orbit(S)| * T4[S] = sum over deal classes D of |D| * #{i: D - d_i
        in S} * onehot(category(D))``.
        """
        cells = len(self.keys[4]) * n_columns
        index = fours * np.int32(n_columns) + deal_categories.astype(np.int32)[:, None]
        weights = np.broadcast_to(sizes[:, None].astype(np.float64), index.shape)
        summed = np.rint(np.bincount(index.ravel(), weights=weights.ravel(), minlength=cells)).astype(np.int64)
        quotient, remainder = np.divmod(summed.reshape(-1, n_columns), self.orbit_sizes(4)[:, None])
        if remainder.any():
            raise AssertionError("four-card class sums do not divide evenly")
        result: np.ndarray = quotient
        return result

    def smaller_tables(self, four: np.ndarray) -> list[np.ndarray]:
        """Tables #1 to #4 per class from table #5: ``Tj[S] = sum over x not in S of
        T(j+1)[S + x] / (5 - j)``."""
        tables = [four]
        for j in range(3, -1, -1):
            padded = np.concatenate([tables[0], np.zeros((1, four.shape[1]), dtype=np.int64)])
            summed = padded[self.children[j + 1]].sum(axis=0)
            quotient, remainder = np.divmod(summed, 5 - j)
            if remainder.any():
                raise AssertionError("subset table sums do not divide evenly")
            tables.insert(0, quotient)
        return tables


def key_cards(keys: np.ndarray, k: int) -> np.ndarray:
    """``(len(keys), k)`` the increasing cards (int8) of the k-card hands of colex ranks ``keys``:
    from the top, the largest card ``c`` with ``C(c, i) <= rest``.

    >>> key_cards(np.array([0, 6]), 3).tolist()
    [[0, 1, 2], [1, 2, 4]]
    """
    rest = np.asarray(keys, dtype=np.int64).copy()
    cards = np.empty((len(rest), k), dtype=np.int8)
    for i in range(k, 0, -1):
        column = _binomial_column(i, int(np.max(rest, initial=0)))
        card = np.searchsorted(column, rest, side="right") - 1
        cards[:, i - 1] = card
        rest -= column[card]
    return cards


def _binomial_column(i: int, at_least: int) -> np.ndarray:
    """``C(c, i)`` for ``c = 0, 1, ...`` up to the first above ``at_least`` (int64)."""
    values = [0] * i + [1]
    while values[-1] <= at_least:
        c = len(values)
        values.append(values[-1] * c // (c - i))
    return np.array(values, dtype=np.int64)


#: The key of "the representative holds this card already" (above every colex rank).
_ABSENT = np.iinfo(np.int64).max


def suit_levels(blocks: SuitBlocks) -> SuitLevels:
    """The classes of 0..5-card hands, each level from the one below (see the module text)."""
    keys: list[np.ndarray] = [np.zeros(1, dtype=np.int64)]
    children: list[np.ndarray] = [np.zeros((blocks.n, 0), dtype=np.int32)]
    for size in range(1, 5):
        grown = _grow(blocks, keys[-1], size - 1, everything=True)
        unique, inverse = np.unique(grown, return_inverse=True)
        found = len(unique) - int(unique[-1] == _ABSENT)
        keys.append(unique[:found])
        children.append(inverse.astype(np.int32).reshape(grown.shape))
    keys.append(_distinct_fives(blocks, _grow(blocks, keys[-1], 4, everything=False)))
    return SuitLevels(blocks, tuple(keys), tuple(children))


def _distinct_fives(blocks: SuitBlocks, grown: np.ndarray) -> np.ndarray:
    """The sorted distinct keys of :func:`_grow`'s five-card rows, face by face on the pool.

    The row of a card holds hands whose highest face is that card's (the growth adds no card
    below a representative's highest face), and a higher highest face is a higher key: each
    face's rows are sorted on their own and the results follow one another in face order.
    """
    starts = np.flatnonzero(np.diff(blocks.face_bit, prepend=-1) != 0).tolist() + [blocks.n]

    def face(index: int, _: int) -> np.ndarray:
        rows = grown[starts[index]:starts[index + 1]]
        found = np.sort(rows[rows != _ABSENT])
        distinct = np.empty(len(found), dtype=bool)
        distinct[:1] = True
        np.not_equal(found[1:], found[:-1], out=distinct[1:])
        return found[distinct]

    return np.concatenate(map_chunks(face, len(starts) - 1, 1))


def _grow(blocks: SuitBlocks, keys: np.ndarray, size: int, everything: bool) -> np.ndarray:
    """``(n, classes)`` keys of each class representative plus each card (``_ABSENT`` where
    it holds the card), canonicalised card by card on the thread pool.

    Without ``everything``, only the cards whose face is at least the representative's highest
    face are added (the rest ``_ABSENT``): still every class of the next size, since a class's
    least member minus its highest card lies in some class whose representative plus the
    image of that card is in the class.
    """
    n = blocks.n
    masks = blocks.masks(key_cards(keys, size))
    grown = np.full((n, len(keys)), _ABSENT, dtype=np.int64)
    # representatives are in colex order, so those whose highest face is below a face bound
    # form a prefix: bound[card] = how many have every card below the first card of the next
    # face, x, that is a colex rank below C(x, size)
    face_of = np.cumsum(np.diff(blocks.face_bit, prepend=blocks.face_bit[0]) != 0)
    next_face = np.searchsorted(face_of, face_of, side="right")
    bound = np.searchsorted(keys, binomial_table(n + 1, size)[size][next_face])

    def run(start: int, stop: int) -> None:
        for card in range(start, stop):
            column, bit = int(blocks.column[card]), int(blocks.face_bit[card])
            upto = len(keys) if everything else int(bound[card])
            extended = masks[:, :upto].copy()
            held = (extended[column] & bit) != 0
            extended[column] |= bit
            grown[card, :upto] = np.where(held, _ABSENT, blocks.canonical(extended, changed=column))

    map_chunks(run, n, -(-n // workers()))
    return grown
