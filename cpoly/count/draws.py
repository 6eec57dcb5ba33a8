"""Completion by checking every draw: the draws of a hold enumerated, each weighed by its
physical ways, the expressions evaluated on the final hands (the Checking function over all
draws, as the counting plan checks every deal).

A draw is a row of cards (indices into the cards left in the deck).  With ``a_v`` copies of
card ``v`` left, a draw taking ``v`` ``m`` times stands for ``C(a_v, m)`` physical replacement
sets (unordered games; rows are sorted, repeats allowed) or ``(a_v)_m`` ordered draws (ordered
games; every ordering is a row).  At position ``j`` of a row, with ``t_j`` earlier entries equal
to it, the ways are ``Π_j (a - t_j)``, divided by ``Π_j (t_j + 1)`` when unordered.

>>> rows, ways = draw_rows(np.array([2, 1]), 2, ordered=False)    # a card with 2 copies, one with 1
>>> rows.tolist(), ways.tolist()
([[0, 0], [0, 1]], [1, 2])
>>> draw_rows(np.array([2, 1]), 2, ordered=True)[1].tolist()
[2, 2, 2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import permutations

import numpy as np

from cpoly.count.evaluate import evaluate_factored
from cpoly.dag.expr import Expr
from cpoly.deck.cards import Card
from cpoly.deck.hands import all_hands

__all__ = ["CHECK_CHUNK", "check_draws", "draw_rows"]

CHECK_CHUNK = 200_000  # draws evaluated at once (bounds memory)


def draw_rows(available: np.ndarray, size: int, ordered: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every draw of ``size`` cards from cards with ``available`` copies each, and its ways."""
    n = len(available)
    if size == 0:
        return np.zeros((1, 0), dtype=np.int64), np.ones(1, dtype=np.int64)
    repeats = bool(available.max(initial=0) > 1)
    if not repeats:
        rows = all_hands(n, size).astype(np.int64) if size <= n else np.zeros((0, size), dtype=np.int64)
    else:  # non-decreasing rows: the size-subsets of n + size - 1, less 0, 1, …, size - 1
        rows = all_hands(n + size - 1, size).astype(np.int64) - np.arange(size)
    if ordered:
        rows = rows[:, list(permutations(range(size)))].reshape(-1, size)
        if repeats:
            rows = np.unique(rows, axis=0)
    earlier = np.stack([(rows[:, :j] == rows[:, j:j + 1]).sum(axis=1) for j in range(size)], axis=1)
    ways = np.clip(available[rows] - earlier, 0, None).prod(axis=1)
    if not ordered:
        ways //= (earlier + 1).prod(axis=1)
    keep = ways > 0
    return rows[keep], ways[keep]


def check_draws(nodes: Sequence[Expr], deal: Expr, sorts: Mapping[int, str],
                vertices: tuple[tuple[int, ...], tuple[int, ...]], held: Mapping[int, Card],
                available: Mapping[Card, int], ordered: bool) -> list[int]:
    """``Σ ways · deal · node`` over every draw, for each of ``nodes``.

    ``vertices`` are the face and suit vertices of the positions, ``held`` the fixed cards by
    position, ``available`` the copies left of each card that may be drawn.
    """
    faces, suits = vertices
    free = [i for i in range(len(faces)) if i not in held]
    cards = np.array(sorted(available), dtype=np.int64).reshape(-1, 2)
    copies = np.array([available[tuple(c)] for c in cards.tolist()], dtype=np.int64)  # type: ignore[index]
    rows, ways = draw_rows(copies, len(free), ordered)
    totals = [0] * len(nodes)
    for start in range(0, len(rows), CHECK_CHUNK):
        part, weight = rows[start:start + CHECK_CHUNK], ways[start:start + CHECK_CHUNK]
        values = {}
        for position in range(len(faces)):
            drawn = (np.full((len(part), 2), held[position], dtype=np.int64) if position in held
                     else cards[part[:, free.index(position)]])
            values[faces[position]], values[suits[position]] = drawn[:, 0], drawn[:, 1]
        dealt, *counted = evaluate_factored([deal, *nodes], sorts, values)
        scale = weight * np.asarray(dealt.at_assignments(len(part)), dtype=np.int64)
        for index, value in enumerate(counted):
            totals[index] += _dot(scale, np.asarray(value.at_assignments(len(part))))
    return totals


def _dot(scale: np.ndarray, values: np.ndarray) -> int:
    """``Σ scale · values`` exactly (int64 when no sum can overflow, else Python ints)."""
    values = values.astype(np.int64) if values.dtype != object else values
    bound = float(np.abs(scale).max(initial=0)) * float(np.abs(values).max(initial=0)) * len(scale)
    if values.dtype != object and bound < 2**62:
        return int(np.dot(scale, values))
    return int((scale.astype(object) * values.astype(object)).sum())
