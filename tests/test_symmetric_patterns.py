"""The typed patterns of a position-symmetric term (cpoly/count/typedpatterns.symmetric_patterns,
built with arrays) against brute force: every assignment of the vertices to the values of a small
domain, grouped by the block sizes of its set partition."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from cpoly.count.evaluate import falling_product
from cpoly.count.typedpatterns import integer_partitions, set_partitions, stride, symmetric_patterns

# atoms are runs of values: sizes (3, 1, 2, 1) are values {0, 1, 2}, {3}, {4, 5}, {6}
CASES = [(1, (0,), (3,)), (3, (0, 1), (3, 1)), (4, (0, 1, 2, 3), (3, 1, 2, 1)), (4, (1, 3), (3, 1, 2, 1)),
         (5, (0, 2), (3, 1, 2)), (5, (0, 1, 2), (2, 1, 1))]


def block_sizes(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(Counter(values).values(), reverse=True))


@pytest.mark.parametrize(("m", "allowed", "sizes"), CASES)
def test_assignments_per_block_sizes_match_brute_force(m: int, allowed: tuple[int, ...], sizes: tuple[int, ...]):
    starts = [sum(sizes[:a]) for a in range(len(sizes))]
    values = [starts[a] + k for a in allowed for k in range(sizes[a])]
    brute = Counter(block_sizes(assignment) for assignment in product(values, repeat=m))
    partitions = Counter(block_sizes(rgs) for rgs in set_partitions(m))  # set partitions per block sizes
    codes, counts, times, kinds = symmetric_patterns(m, allowed, sizes)
    found: Counter[tuple[int, ...]] = Counter()
    for row, multiplicity, kind in zip(counts.tolist(), times.tolist(), kinds.tolist()):
        found[integer_partitions(m)[kind]] += multiplicity * falling_product(list(sizes), row)
    assert {k: v * partitions[k] for k, v in found.items() if v} == dict(brute)
    assert codes.shape == (len(times), m) and counts.shape == (len(times), len(sizes))
    for row, kind in zip(codes.tolist(), kinds.tolist()):  # blocks on consecutive vertices, typed by allowed atoms
        blocks = [b for b, size in enumerate(integer_partitions(m)[kind]) for _ in range(size)]
        assert [code % stride(m) for code in row] == blocks and {code // stride(m) for code in row} <= set(allowed)
