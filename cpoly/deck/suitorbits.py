"""Canonical members of deals' suit orbits from per-suit slot masks: one pass over the hands,
whatever the deck's size and however many suit permutations its group has.

Cards of one suit are told apart by their *slot* (face and copy: the ``j``-th copy of a card
is the ``j``-th copy of its image under a suit renaming, as in
:func:`~cpoly.deck.symmetry.suit_symmetries`).  Suits that hold the same slots form a *block* of
interchangeable suits; the deck's suit symmetry group is every renaming of the suits within
the blocks, and a hand is its **slot mask** per suit (bit ``i`` = the hand holds slot ``i`` in
that suit).  A renaming moves the masks between the suits of a block and changes nothing else,
so two hands are in one orbit exactly when each block holds the same multiset of masks.

The *canonical member* of a hand's orbit gives a block's suits, in increasing order, its masks
in decreasing order: a member of the orbit that depends on the orbit alone.  Its colex rank is
computed for every hand by sorting each block's masks (a few comparisons of small integers per
hand, vectorised), moving each card to its slot in the suit its mask went to, and ranking the
moved hand.  No hand is mapped by every permutation.

When the deck is *slot-major* (the cards of a block are numbered slot by slot, and within each
slot in the block's suit order, as in card codes ``suits * rank + suit``), the canonical member
is the orbit's least in colex order.  Exchanging two suits' masks changes the hand only at
the slots where the masks differ; at the highest of them the card in the higher suit outranks
every changed card below, so the hand gets smaller exactly when the larger mask moves to the
lower suit, and the least member has no two suits of a block with increasing masks (the
exchange argument of :mod:`cpoly.deck.suitclasses`).  Other decks get their least members from
a pass of :func:`numpy.minimum.at` over the canonical ranks.

>>> faces = np.repeat(np.arange(3), 2); suits = np.tile(np.arange(2), 3)
>>> orbits = SuitOrbits.of(faces, suits)
>>> orbits.blocks, orbits.least_first
(((0, 1),), True)
>>> hands = np.array([[0, 1], [0, 3], [1, 2], [1, 3]])
>>> orbits.canonical_ranks(hands).tolist()  # {0,3} and {1,2} become {1,2}, {1,3} becomes {0,2}
[0, 2, 2, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial, prod

import numpy as np

from cpoly.deck.subsets import binomial_table

__all__ = ["MAX_COLUMNS", "MAX_SLOTS", "SuitOrbits"]

#: Bits of a suit's mask up to this (its slots times the bits of a slot's count): a suit's mask
#: is one unsigned integer (uint64 at most).
MAX_SLOTS = 64
#: Suit values at most this: each column's position in its block packs into 3 bits of a uint32.
MAX_COLUMNS = 8
_POSITION_BITS = 3


@dataclass(frozen=True, eq=False)
class _Block:
    """A block of interchangeable suits: its columns and the words its masks are packed in."""

    columns: tuple[int, ...]
    #: ``(n,)`` uint64 per word: each card's slot count 1 in its column's field of that word, else 0
    words: tuple[np.ndarray, ...]
    #: bits per suit: the width of a field (slots times the bits of a slot's count)
    width: int

    def masks(self, cards: list[np.ndarray]) -> list[np.ndarray]:
        """Each column's slot mask (slot counts) of every hand (rows spread over ``cards``)."""
        per_word = 64 // self.width
        full = np.uint64((1 << self.width) - 1)
        dtype = _mask_dtype(self.width)
        masks = []
        for index, table in enumerate(self.words):
            word = table[cards[0]]
            for card in cards[1:]:
                word += table[card]  # counts below 2**bits: no carry between slots
            for field in range(min(per_word, len(self.columns) - index * per_word)):
                masks.append(((word >> np.uint64(field * self.width)) & full).astype(dtype))
        return masks


@dataclass(frozen=True, eq=False)
class SuitOrbits:
    """A deck as suit columns of slot masks, and the table that moves a card to another suit.

    Attributes
    ----------
    n : int
        Cards in the deck.
    blocks : tuple of tuple of int
        The suit columns of each block of at least two interchangeable suits, increasing.
    least_first : bool
        True when the deck is slot-major: the canonical member is the least of its orbit.
    repeats : int
        Times a hand may hold one card (1: hands are sets, ranked by colex rank; more: hands
        are multisets of the cards, ranked by :func:`multiset ranks <_multiset_rank>`, and a
        mask holds each slot's count in ``repeats.bit_length()`` bits).
    """

    n: int
    blocks: tuple[tuple[int, ...], ...]
    least_first: bool
    repeats: int
    #: the blocks' columns and mask words
    _blocks: tuple[_Block, ...]
    #: ``(n,)`` uint32: ``_POSITION_BITS *`` the suit column of each card
    _shift: np.ndarray
    #: ``(n * width,)`` int16: ``moved[c * width + p]`` the card of ``c``'s slot in the ``p``-th
    #: suit of its block (``c`` itself for a suit no renaming moves)
    _moved: np.ndarray
    #: suits in the largest block
    _width: int

    @property
    def group_order(self) -> int:
        """Suit renamings in the group (the product of the blocks' factorials)."""
        return prod(factorial(len(block)) for block in self.blocks)

    @classmethod
    def of(cls, faces: np.ndarray, suits: np.ndarray, repeats: int = 1) -> SuitOrbits | None:
        """The slot form of the deck ``(faces, suits)`` for hands holding a card up to
        ``repeats`` times; None when a suit's mask needs more than :data:`MAX_SLOTS` bits or the
        deck has more than :data:`MAX_COLUMNS` suit values."""
        faces = np.asarray(faces, dtype=np.int64)
        suits = np.asarray(suits, dtype=np.int64)
        suit_values, column = np.unique(suits, return_inverse=True)
        column = column.reshape(-1)
        copy = _copy_numbers(faces, suits)
        contents = [frozenset(zip(faces[column == s].tolist(), copy[column == s].tolist()))
                    for s in range(len(suit_values))]
        bits = repeats.bit_length()
        if len(suit_values) > MAX_COLUMNS or max(map(len, contents), default=0) * bits > MAX_SLOTS:
            return None
        by_content: dict[frozenset[tuple[int, int]], list[int]] = {}
        for s, content in enumerate(contents):
            by_content.setdefault(content, []).append(s)
        n = len(faces)
        card_at = {card: i for i, card in enumerate(zip(faces.tolist(), column.tolist(), copy.tolist()))}
        blocks = [tuple(b) for b in by_content.values() if len(b) > 1]
        width = max(map(len, blocks), default=1)
        moved = np.repeat(np.arange(n, dtype=np.int16), width)
        packed, least_first = [], True
        for block in blocks:
            # slots numbered in the order of their cards in the block's first suit
            slots = sorted(contents[block[0]], key=lambda slot: card_at[(slot[0], block[0], slot[1])])
            grid = np.array([[card_at[(face, s, c)] for s in block] for face, c in slots], dtype=np.int64)
            for p in range(len(block)):
                moved[grid * width + p] = grid[:, [p]]
            packed.append(_packed_block(block, grid, n, bits))
            least_first = least_first and _slot_major(grid)
        return cls(n, tuple(blocks), least_first, repeats, tuple(packed), (column * _POSITION_BITS).astype(np.uint32),
                   moved, width)

    def canonical_ranks(self, hands: np.ndarray) -> np.ndarray:
        """The rank (int64) of each hand's canonical member (rows of increasing cards, or
        non-decreasing with :attr:`repeats`): colex for sets, multiset ranks for multisets."""
        hands = np.asarray(hands)
        return self.canonical_column_ranks([np.ascontiguousarray(hands[:, i], dtype=np.intp)
                                            for i in range(hands.shape[1])])

    def canonical_column_ranks(self, cards: list[np.ndarray]) -> np.ndarray:
        """:meth:`canonical_ranks` of the hands spread over ``cards`` (one intp array per
        position), for callers that build hands column by column."""
        if not self.blocks:
            return self._rank(cards)
        packed = self._positions(cards)
        images = []
        for card in cards:
            position = (packed >> self._shift[card]) & np.uint32((1 << _POSITION_BITS) - 1)
            images.append(self._moved[card * self._width + position])
        _sort_columns(images)
        return self._rank([image.astype(np.intp) for image in images])

    def orbit_sizes(self, hands: np.ndarray) -> np.ndarray:
        """The number of members (int64) of each hand's orbit: the group's order over the
        renamings that fix the hand, ``prod m!`` over the suits of a block holding one mask
        ``m`` times (the suit at column ``a`` adds the factor ``1 + #{b < a: equal mask}``).

        >>> faces = np.repeat(np.arange(3), 2); suits = np.tile(np.arange(2), 3)
        >>> SuitOrbits.of(faces, suits).orbit_sizes(np.array([[0, 1], [0, 2], [0, 3]])).tolist()
        [1, 2, 2]
        """
        hands = np.asarray(hands)
        cards = [np.ascontiguousarray(hands[:, i], dtype=np.intp) for i in range(hands.shape[1])]
        fixing = np.ones(len(hands), dtype=np.int64)
        for block in self._blocks:
            masks = block.masks(cards)
            for a in range(1, len(masks)):
                fixing *= 1 + sum((masks[b] == masks[a]).astype(np.int64) for b in range(a))
        result: np.ndarray = self.group_order // fixing
        return result

    def _rank(self, columns: list[np.ndarray]) -> np.ndarray:
        """Colex rank of sets, or multiset rank (colex of ``a_i + i``) with :attr:`repeats`."""
        if self.repeats == 1:
            return _colex(columns, self.n)
        return _colex([column + i for i, column in enumerate(columns)], self.n + len(columns) - 1)

    def _positions(self, cards: list[np.ndarray]) -> np.ndarray:
        """Each hand's position of every suit column in its block after sorting the block's
        masks in decreasing order (ties in column order), packed ``_POSITION_BITS`` per column."""
        packed = np.zeros(len(cards[0]), dtype=np.uint32)
        for block in self._blocks:
            masks = block.masks(cards)
            position = [np.zeros(len(packed), dtype=np.uint8) for _ in masks]
            for a in range(len(masks)):
                for b in range(a + 1, len(masks)):
                    after = masks[a] >= masks[b]  # b goes after a, else a after b
                    position[b] += after
                    position[a] += ~after
            for s, p in zip(block.columns, position):
                packed |= p.astype(np.uint32) << np.uint32(_POSITION_BITS * s)
        return packed


def _packed_block(columns: tuple[int, ...], grid: np.ndarray, n: int, bits: int) -> _Block:
    """A block's mask words from its cards ``grid[slot, position in the block]``, ``bits`` per
    slot: as many columns' fields per uint64 word as fit."""
    width = len(grid) * bits
    per_word = 64 // width
    words = []
    for first in range(0, len(columns), per_word):
        table = np.zeros(n, dtype=np.uint64)
        for field, p in enumerate(range(first, min(first + per_word, len(columns)))):
            shift = np.arange(len(grid), dtype=np.uint64) * np.uint64(bits) + np.uint64(field * width)
            table[grid[:, p]] = np.uint64(1) << shift
        words.append(table)
    return _Block(columns, tuple(words), width)


def _slot_major(grid: np.ndarray) -> bool:
    """True when a block's cards ``grid[slot, suit]`` increase along each slot's suits and every
    slot's cards lie above the previous slot's: then the canonical member is the least."""
    return bool((np.diff(grid, axis=1) > 0).all() and (grid[1:].min(axis=1) > grid[:-1].max(axis=1)).all())


def _copy_numbers(faces: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """Which copy of its card each card is (0 for the first in deck order)."""
    seen: dict[tuple[int, int], int] = {}
    copies = []
    for card in zip(faces.tolist(), suits.tolist()):
        copies.append(seen.get(card, 0))
        seen[card] = copies[-1] + 1
    return np.array(copies, dtype=np.int64)


def _mask_dtype(slots: int) -> type[np.unsignedinteger]:
    for dtype in (np.uint8, np.uint16, np.uint32):
        if slots <= np.iinfo(dtype).bits:
            return dtype
    return np.uint64


def _sort_columns(columns: list[np.ndarray]) -> None:
    """Sort the rows spread over ``columns`` (one array per position), in place: odd-even
    transposition, ``k`` rounds of element-wise minimum and maximum."""
    k = len(columns)
    for round_ in range(k):
        for i in range(round_ % 2, k - 1, 2):
            low = np.minimum(columns[i], columns[i + 1])
            np.maximum(columns[i], columns[i + 1], out=columns[i + 1])
            columns[i] = low


def _colex(columns: list[np.ndarray], n: int) -> np.ndarray:
    """Colex rank of the rows spread over increasing ``columns``."""
    table = binomial_table(max(n, len(columns) + 1), len(columns))
    rank = np.zeros(len(columns[0]) if columns else 1, dtype=np.int64)
    for i, column in enumerate(columns):
        rank += table[i + 1][column]
    return rank
