"""Deal tables planned once (issue 33): pricing enumerates nothing, shared work is done once.

Oracles: the patterns :func:`typed_patterns` enumerates, counted one by one; the counts of the
engine against the counts recorded in the golden table files.
"""

from __future__ import annotations

import random

import pytest

from cpoly.count.typedpatterns import MAX_PATTERNS, pattern_count, typed_patterns
from cpoly.errors import CpolyTooLarge


def _cases(seed: int, n: int) -> list[tuple[int, list[list[int]], list[int | None]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        m = rng.randint(1, 7)
        atoms = rng.randint(1, 14)
        sizes = [rng.choice([None, 0, 1, 1, 1, 2, 3, 5]) for _ in range(atoms)]
        allowed = [sorted(rng.sample(range(atoms), rng.randint(0, atoms))) for _ in range(m)]
        out.append((m, allowed, sizes))
    return out


@pytest.mark.parametrize(("m", "allowed", "sizes"), [
    (5, [list(range(13))] * 3 + [list(range(12))] * 2, [1] * 13),  # every face apart: 13^3 12^2
    (5, [[0]] * 5, [None]),                                          # Bell(5)
    (7, [[0, 1]] * 7, [4, None]),
    (4, [[0, 1], [1, 2], [0, 1, 2], [2]], [1, 2, None]),
    *_cases(33, 300),
])
def test_pattern_count_is_the_number_enumerated(m: int, allowed: list[list[int]], sizes: list[int | None]) -> None:
    try:
        enumerated: int | None = len(typed_patterns(m, allowed, sizes)[0])
    except CpolyTooLarge:
        enumerated = None
    try:
        counted: int | None = pattern_count(m, allowed, sizes)
    except CpolyTooLarge:
        counted = None
    assert counted == enumerated
    assert counted is None or counted <= MAX_PATTERNS


def test_pattern_count_refuses_past_the_limit_as_enumerating_does() -> None:
    with pytest.raises(CpolyTooLarge, match="equality patterns of 8 vertices"):
        pattern_count(8, [list(range(15))] * 8, [1] * 15)
