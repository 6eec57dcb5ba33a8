"""Test-only predicates of the natural (no wild card) poker hands, from face counts, shared by
the Bonus Poker and Double Double Bonus tests.  Face 0 is the deuce, 12 the ace."""

from __future__ import annotations

import numpy as np

from tests.variants._brute import face_counts


def natural_predicates(faces: np.ndarray, suits: np.ndarray) -> dict[str, np.ndarray]:
    """Each category including the higher wins, as the .cp files define them."""
    counts = face_counts(faces, range(13))
    ordered = np.sort(counts, axis=1)[:, ::-1]
    distinct = ordered[:, 0] == 1
    flush = (suits == suits[:, :1]).all(axis=1)
    ranked = np.sort(faces, axis=1)
    run = ranked[:, 4] - ranked[:, 0] == 4
    wheel = (ranked == np.array([0, 1, 2, 3, 12])).all(axis=1)
    straight = distinct & (run | wheel)
    return {
        "counts": counts,
        "RoyalFlush": straight & flush & (ranked[:, 0] == 8),
        "StraightFlush": straight & flush,
        "FullHouse": (ordered[:, 0] == 3) & (ordered[:, 1] == 2),
        "Flush": flush,
        "Straight": straight,
        "ThreeOfAKind": ordered[:, 0] >= 3,
        "TwoPair": ((ordered[:, 0] >= 2) & (ordered[:, 1] >= 2)) | (ordered[:, 0] >= 4),
        "JacksOrBetter": (counts[:, 9:] >= 2).any(axis=1),
    }
