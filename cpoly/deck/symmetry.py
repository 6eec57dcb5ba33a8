"""Suit symmetry of a deck: its group of card permutations, deal classes, holding classes.

A deck is described by two arrays, ``faces`` and ``suits`` (card ``i`` is
``(faces[i], suits[i])``).  Its *suit symmetry group* is the set of permutations of the suit values
under which the deck maps onto itself; cards whose suit no element moves (a joker with a suit of its
own) stay fixed.  Deals that differ by such a permutation form one *deal class*, found from each
deal's canonical member (:mod:`cpoly.deck.suitorbits`) in one pass over the deals.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb

import numpy as np

from cpoly.deck.hands import check_size
from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.deck.suitorbits import SuitOrbits
from cpoly.errors import CpolyInputError
from cpoly.scale.parallel import map_chunks

__all__ = [
    "DealClasses",
    "deal_classes",
    "holding_classes",
    "holding_keys",
    "suit_symmetries",
    "trivial_classes",
]

#: Suit permutations are enumerated exhaustively; more suit values than this is refused.
MAX_SUIT_VALUES = 8


def suit_symmetries(faces: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """Card permutations induced by the suit permutations that map the deck onto itself.

    Returns an int64 array of shape ``(G, n)``: row ``g`` maps card ``i`` to card ``row[i]``.
    Row 0 is the identity.  With repeated cards (several decks) the ``j``-th copy of a card maps
    to the ``j``-th copy of its image.

    >>> faces = np.array([0, 0, 1, 1, 2]); suits = np.array([0, 1, 0, 1, 9])
    >>> suit_symmetries(faces, suits).tolist()
    [[0, 1, 2, 3, 4], [1, 0, 3, 2, 4]]
    """
    faces, suits = _check_deck(faces, suits)
    values = np.unique(suits)
    if len(values) > MAX_SUIT_VALUES:
        raise CpolyInputError(f"{len(values)} suit values: at most {MAX_SUIT_VALUES} supported")
    position: dict[tuple[int, int, int], int] = {}
    copy_of: list[int] = []
    seen: dict[tuple[int, int], int] = {}
    for i, card in enumerate(zip(faces.tolist(), suits.tolist())):
        copy = seen.get(card, 0)
        seen[card] = copy + 1
        copy_of.append(copy)
        position[(card[0], card[1], copy)] = i
    maps = []
    for image in itertools.permutations(values.tolist()):
        perm = dict(zip(values.tolist(), image))
        row = [position.get((f, perm[s], c), -1) for f, s, c in zip(faces.tolist(), suits.tolist(), copy_of)]
        if -1 not in row:
            maps.append(row)
    return np.array(maps, dtype=np.int64)


def _check_deck(faces: np.ndarray, suits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    faces = np.asarray(faces, dtype=np.int64)
    suits = np.asarray(suits, dtype=np.int64)
    if faces.ndim != 1 or faces.shape != suits.shape:
        raise CpolyInputError(
            f"faces and suits must be 1-d arrays of one length, got shapes {faces.shape} and {suits.shape}"
        )
    return faces, suits


@dataclass(frozen=True, eq=False)
class DealClasses:
    """Classes of k-card deals under a group of card permutations.

    Attributes
    ----------
    representatives : numpy.ndarray
        int64 colex rank of each class's representative (its lowest-ranked member), increasing.
    sizes : numpy.ndarray
        int64 number of deals in each class; sums to ``C(n, k)``.
    class_of : numpy.ndarray
        int32 class index of every deal (indexed by colex rank).
    group_order : int
        Number of card permutations in the group (1 = every deal its own class).
    """

    representatives: np.ndarray
    sizes: np.ndarray
    class_of: np.ndarray
    group_order: int

    @property
    def count(self) -> int:
        """Number of classes."""
        return int(self.representatives.shape[0])

    def is_invariant(self, values: np.ndarray) -> bool:
        """True when ``values`` (one per deal) is constant on every class."""
        values = np.asarray(values)
        return bool(np.array_equal(values, values[self.representatives][self.class_of]))


def trivial_classes(n: int, k: int = 5) -> DealClasses:
    """Every deal its own class (the trivial group)."""
    check_size(n, k)
    total = comb(n, k)
    ranks = np.arange(total, dtype=np.int64)
    return DealClasses(ranks, np.ones(total, dtype=np.int64), ranks.astype(np.int32), 1)


#: Hands per chunk of the passes over every hand (each chunk on the thread pool).
CLASS_CHUNK = 1 << 16


def deal_classes(faces: np.ndarray, suits: np.ndarray, k: int = 5) -> DealClasses:
    """Classes of k-card deals of the deck under its suit symmetry group.

    Every deal's class is found from its canonical member (:class:`SuitOrbits`: each block of
    interchangeable suits' slot masks sorted), one pass over the deals whatever the group's
    order; a class's representative is its least member in colex order.

    Parameters
    ----------
    faces, suits : numpy.ndarray
        The deck, card ``i`` = ``(faces[i], suits[i])``.
    k : int
        Cards per deal.

    Returns
    -------
    DealClasses
        For the 52-card deck and ``k = 5``: 134,459 classes of total size 2,598,960.

    >>> faces = np.repeat(np.arange(3), 2); suits = np.tile(np.arange(2), 3)
    >>> deal_classes(faces, suits, 2).sizes.tolist()
    [1, 2, 2, 1, 2, 2, 2, 2, 1]
    """
    faces, suits = _check_deck(faces, suits)
    n = len(faces)
    check_size(n, k)
    maps = suit_symmetries(faces, suits)
    if len(maps) == 1:
        return trivial_classes(n, k)
    orbits = SuitOrbits.of(faces, suits)
    hands = all_hands(n, k)
    if orbits is None or orbits.group_order != len(maps):
        least = _least_images(hands, maps)
    else:
        least = _least_members(hands, orbits)
    return _classes(least, len(maps))


def _rank_dtype(total: int) -> type[np.signedinteger]:
    return np.int32 if total < 2**31 else np.int64


def _least_members(hands: np.ndarray, orbits: SuitOrbits) -> np.ndarray:
    """The colex rank of the least member of every hand's orbit, from canonical members."""
    total = len(hands)
    dtype = _rank_dtype(total)
    canonical = np.empty(total, dtype=dtype)

    def run(start: int, stop: int) -> None:
        canonical[start:stop] = orbits.canonical_ranks(hands[start:stop])

    map_chunks(run, total, CLASS_CHUNK)
    if orbits.least_first:
        return canonical
    least = np.full(total, total, dtype=dtype)  # by canonical member: the least hand seen
    np.minimum.at(least, canonical, np.arange(total, dtype=dtype))
    result: np.ndarray = least[canonical]
    return result


def _least_images(hands: np.ndarray, maps: np.ndarray) -> np.ndarray:
    """The least colex rank of every hand's images under ``maps``, every image sorted and
    ranked: for decks outside :class:`SuitOrbits` (a suit of over
    :data:`~cpoly.deck.suitorbits.MAX_SLOTS` cards) only."""
    least = np.empty(len(hands), dtype=_rank_dtype(len(hands)))

    def run(start: int, stop: int) -> None:
        part = hands[start:stop].astype(np.int64)
        smallest = colex_rank(part)
        for card_map in maps[1:]:
            np.minimum(smallest, colex_rank(np.sort(card_map[part], axis=1)), out=smallest)
        least[start:stop] = smallest

    map_chunks(run, len(hands), CLASS_CHUNK)
    return least


def _classes(least: np.ndarray, group_order: int) -> DealClasses:
    """Deal classes from the colex rank of the least member of every deal's orbit, class
    indices written over ``least`` (no other array of one entry per deal but a bool mask):
    first each representative's, then every other deal's read at its representative."""
    total = len(least)
    is_representative = np.empty(total, dtype=bool)

    def mark(start: int, stop: int) -> None:
        np.equal(least[start:stop], np.arange(start, stop, dtype=least.dtype), out=is_representative[start:stop])

    map_chunks(mark, total, CLASS_CHUNK)
    representatives = np.flatnonzero(is_representative).astype(np.int64)
    least[representatives] = np.arange(len(representatives))

    def find(start: int, stop: int) -> None:  # reads representatives' entries only: no race
        others = ~is_representative[start:stop]
        part = least[start:stop]
        part[others] = least[part[others]]

    map_chunks(find, total, CLASS_CHUNK)
    class_of = least.astype(np.int32, copy=False)
    sizes = np.bincount(class_of, minlength=len(representatives)).astype(np.int64)
    return DealClasses(representatives, sizes, class_of, group_order)


def _fixed_part_minimisers(maps: np.ndarray, board: tuple[int, ...], dead: tuple[int, ...]) -> np.ndarray:
    """The card maps under which ``(board, dead)`` has its least image (sorted cards)."""
    images = [(tuple(sorted(int(c) for c in perm[list(board)])),
               tuple(sorted(int(c) for c in perm[list(dead)])))
              for perm in maps]
    smallest = min(images)
    return maps[[i for i, image in enumerate(images) if image == smallest]]


def holding_keys(holdings: np.ndarray, board: tuple[int, ...], dead: tuple[int, ...],
                 maps: np.ndarray) -> np.ndarray:
    """Canonical keys ``(N, P)`` of holdings ``(N, P, c)`` under the card permutations ``maps``
    that fix the board and dead cards' image: equal rows = the same class.

    The key is the least image ``(board, dead, player 1's cards, player 2's, ...)``: only the maps
    minimising the fixed ``(board, dead)`` part can give it, and the players' part is minimised one
    player at a time (a player's cards coded as one integer), vectorised over all holdings.
    """
    cards = np.asarray(holdings, dtype=np.int64)
    perms = _fixed_part_minimisers(maps, board, dead)
    mapped = np.sort(perms[:, cards], axis=-1)  # (G, N, P, c)
    codes = np.zeros(mapped.shape[:-1], dtype=np.int64)
    for column in range(mapped.shape[-1]):
        codes = codes * maps.shape[1] + mapped[..., column]
    candidate = np.ones(codes.shape[:2], dtype=bool)
    keys = np.empty(cards.shape[:2], dtype=np.int64)
    for player in range(cards.shape[1]):
        values = np.where(candidate, codes[:, :, player], np.iinfo(np.int64).max)
        keys[:, player] = values.min(axis=0)
        candidate &= values == keys[:, player]
    return keys


def holding_classes(holdings: np.ndarray, board: tuple[int, ...], dead: tuple[int, ...],
                    maps: np.ndarray, chunk: int = 100_000) -> tuple[np.ndarray, np.ndarray]:
    """One representative index per suit class of holdings ``(N, P, c)`` (players' hole cards)
    given the board and dead cards, and each holding's class (an index into the representatives).

    Keys (:func:`holding_keys`) are computed ``chunk`` holdings at a time, so memory stays bounded.

    >>> from cpoly.deck.codes import STANDARD
    >>> holdings = np.array([[[51, 47], [50, 46]], [[50, 46], [49, 45]], [[51, 47], [50, 45]]])
    >>> first, labels = holding_classes(holdings, (), (), STANDARD.symmetries())
    >>> sorted(np.bincount(labels).tolist())
    [1, 2]
    """
    cards = np.asarray(holdings, dtype=np.int64)
    keys = np.concatenate([holding_keys(cards[start:start + chunk], board, dead, maps)
                           for start in range(0, len(cards), chunk)] or [np.zeros((0, 1), np.int64)])
    _, first, labels = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    return np.asarray(first, dtype=np.int64), np.asarray(labels, dtype=np.int64).ravel()
