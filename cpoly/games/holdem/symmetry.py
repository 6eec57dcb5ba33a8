"""Suit symmetry: joint holdings that differ only by a renaming of suits give equal tallies.

Each holding (with the board and dead cards) is mapped by the 24 suit permutations; its class key
is the lexicographically smallest image ``(board, dead, player 1's combo, player 2's, ...)``.
Only the permutations that minimise the fixed ``(board, dead)`` part can give that minimum, and
the players' part is minimised one player at a time, vectorised over all holdings at once.

>>> import numpy as np
>>> holdings = np.array([[[51, 47], [50, 46]], [[50, 46], [49, 45]], [[51, 47], [50, 45]]])
>>> first, labels = suit_classes(holdings, (), ())
>>> sorted(np.bincount(labels).tolist())
[1, 2]
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
SUIT_PERMUTATIONS: IntArray = np.array(
    [[4 * (card // 4) + perm[card % 4] for card in range(52)] for perm in permutations(range(4))],
    dtype=np.int64,
)


def _fixed_part_minimisers(board: tuple[int, ...], dead: tuple[int, ...]) -> IntArray:
    images = [
        (tuple(sorted(int(c) for c in perm[list(board)])),
         tuple(sorted(int(c) for c in perm[list(dead)])))
        for perm in SUIT_PERMUTATIONS
    ]
    smallest = min(images)
    return SUIT_PERMUTATIONS[[i for i, image in enumerate(images) if image == smallest]]


def class_keys(holdings: npt.ArrayLike, board: tuple[int, ...], dead: tuple[int, ...]) -> IntArray:
    """Canonical keys ``(N, P)`` of holdings ``(N, P, 2)``: equal rows = same class."""
    cards = np.asarray(holdings, dtype=np.int64)
    perms = _fixed_part_minimisers(board, dead)
    mapped = perms[:, cards]  # (G, N, P, 2)
    codes = mapped.max(axis=-1) * 52 + mapped.min(axis=-1)  # (G, N, P)
    candidate = np.ones(codes.shape[:2], dtype=bool)
    keys = np.empty(cards.shape[:2], dtype=np.int64)
    for player in range(cards.shape[1]):
        values = np.where(candidate, codes[:, :, player], np.iinfo(np.int64).max)
        keys[:, player] = values.min(axis=0)
        candidate &= values == keys[:, player]
    return keys


def suit_classes(holdings: npt.ArrayLike, board: tuple[int, ...], dead: tuple[int, ...],
                 chunk: int = 100_000) -> tuple[IntArray, IntArray]:
    """One representative index per suit class of holdings ``(N, P, 2)``, and each holding's
    class (an index into the representatives).  Keys are computed ``chunk`` holdings at a time
    (24 images each), so memory stays bounded."""
    cards = np.asarray(holdings, dtype=np.int64)
    keys = np.concatenate([class_keys(cards[start:start + chunk], board, dead)
                           for start in range(0, len(cards), chunk)] or [np.zeros((0, 1), np.int64)])
    _, first, labels = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    return np.asarray(first, dtype=np.int64), np.asarray(labels, dtype=np.int64).ravel()
