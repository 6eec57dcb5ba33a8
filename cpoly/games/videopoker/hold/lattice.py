"""The 32 holds of a five-card deal and the one inclusion-exclusion over them (standard library only).

Hold index convention: bit ``i`` of a hold index = card ``i`` of the deal held (hold 0 draws
five new cards, hold 31 keeps the deal).

For a hold keeping ``H`` and discarding the rest of the deal, the final hands are the hands that
contain ``H`` and none of the discarded cards::

    out[H] = sum over T with H <= T <= deal of (-1)**|T - H| * containing[T]

(``containing[T]``: the hands that contain the cards of ``T``; row 31, the deal itself, its one
hand).  The rule is written once, as the table :data:`DISCARD_STEPS`: one step per card position,
each hold without the card subtracting the same hold with it (a superset Moebius transform).  It
has two readers: :func:`exclude_discards` here, on lists of Python integers (one deal: a warm
``cpoly hold``, no NumPy), and :func:`~cpoly.games.videopoker.prepare.tables.exclude_discards`
on NumPy arrays of many deals at once.  :func:`supersets` lists the same sum term by term, for
the analyses that sum it per hold instead.

>>> DISCARD_STEPS[0][1][:3]                       # card 0: hold 0 minus hold 1, 2 minus 3, ...
((0, 1), (2, 3), (4, 5))
>>> supersets(0b11110), superset_sign(0b00110, 0b11110)
((30, 31), 1)
>>> exclude_discards([[1]] * HOLDS)[HOLDS - 1], exclude_discards([[1]] * HOLDS)[0]
([1], [0])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

__all__ = ["DISCARD_STEPS", "HAND_SIZE", "HOLDS", "exclude_discards", "held_positions", "superset_sign", "supersets"]

HAND_SIZE = 5
HOLDS = 1 << HAND_SIZE


def held_positions(mask: int) -> list[int]:
    """The positions of the cards a hold keeps.

    >>> held_positions(0b10110)
    [1, 2, 4]
    """
    return [i for i in range(HAND_SIZE) if mask >> i & 1]


#: The inclusion-exclusion as steps, one card position after another: at ``(bit, pairs)`` each
#: pair ``(low, high)`` is a hold without the card ``bit`` and the same hold with it, and row
#: ``low`` becomes ``low - high``.  After the five steps, row ``H`` counts the hands containing
#: the cards of ``H`` and none of the deal's other cards.
DISCARD_STEPS: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = tuple(
    (1 << position, tuple((low, low | 1 << position) for low in range(HOLDS) if not low >> position & 1))
    for position in range(HAND_SIZE))

@cache
def supersets(hold: int) -> tuple[int, ...]:
    """Every hold ``t`` that keeps the cards of ``hold`` (``t & hold == hold``), increasing: the
    terms of the hold's count, each with the sign :func:`superset_sign` (computed when asked: a
    warm ``hold`` never asks)."""
    return tuple(t for t in range(HOLDS) if t & hold == hold)


def superset_sign(hold: int, superset: int) -> int:
    """The sign ``(-1)**|superset - hold|`` of a superset's term in the hold's count."""
    return -1 if (hold ^ superset).bit_count() & 1 else 1


def exclude_discards(containing: Sequence[Sequence[int]]) -> list[list[int]]:
    """Final-hand counts of the 32 holds of one deal from the counts of hands *containing* each
    hold's cards (row ``m``: hold ``m``'s; row 31 the deal's one-hot category): the steps of
    :data:`DISCARD_STEPS` on Python integers."""
    counts = [list(row) for row in containing]
    for _, pairs in DISCARD_STEPS:
        for low, high in pairs:
            counts[low] = [a - b for a, b in zip(counts[low], counts[high])]
    return counts
