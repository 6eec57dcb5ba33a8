"""Equality patterns: set partitions of vertices, each block typed by an atom.

An *atom* is a class of values that no literal of the expression tells apart.  An expression
that only compares vertices with each other and with literals has the same value at every
assignment with the same typed pattern, and a typed pattern with ``k_a`` blocks in atom ``a``
stands for ``prod_a (size_a)_(k_a)`` assignments (falling factorials).

>>> len(set_partitions(5))          # Bell(5)
52
>>> codes, counts = typed_patterns(2, [[0, 1], [0, 1]], [None, None])
>>> counts.tolist()                 # blocks per atom: {a,b} together, or apart
[[1, 0], [0, 1], [2, 0], [1, 1], [1, 1], [0, 2]]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import comb, factorial

import numpy as np

from cpoly.dag.memo import cached
from cpoly.errors import CpolyTooLarge

__all__ = ["MAX_PATTERNS", "VECTORISED_CELLS", "VECTORISED_MAX", "bell", "integer_partitions",
           "partition_array", "partition_types", "pattern_bound", "pattern_count", "restricted_growth",
           "set_partitions", "stirling2", "stride", "symmetric_patterns", "typed_patterns"]

MAX_PATTERNS = 2_000_000


@cached("typedpatterns.set_partitions", 64)
def set_partitions(m: int) -> tuple[tuple[int, ...], ...]:
    """All restricted-growth strings of length ``m`` (each one set partition of m items)."""
    return tuple(restricted_growth(m, m))


def restricted_growth(m: int, max_blocks: int) -> Iterator[tuple[int, ...]]:
    """The restricted-growth strings of length ``m`` with at most ``max_blocks`` blocks, one at
    a time (depth first, in the order of :func:`set_partitions`; nothing is built up front).

    >>> list(restricted_growth(3, 2))
    [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)]
    """
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        if len(prefix) == m:
            yield prefix
            continue
        top = min(max(prefix, default=-1) + 2, max_blocks)
        stack.extend(prefix + (b,) for b in reversed(range(top)))


@cached("typedpatterns.stirling2", 16_384)
def stirling2(m: int, k: int) -> int:
    """Stirling numbers of the second kind: partitions of m items into k blocks.

    >>> [stirling2(4, k) for k in range(5)]
    [0, 1, 7, 6, 1]
    """
    row = [1] + [0] * k
    for n in range(1, m + 1):
        for j in range(min(n, k), 0, -1):
            row[j] = j * row[j] + row[j - 1]
        row[0] = 0
    return row[k]


def bell(m: int) -> int:
    """Bell numbers: the set partitions of m items (:func:`set_partitions`, not enumerated).

    >>> [bell(m) for m in range(6)]
    [1, 1, 2, 5, 15, 52]
    """
    return sum(stirling2(m, k) for k in range(m + 1))


def pattern_bound(m: int, allowed: Sequence[Sequence[int]], atom_sizes: Sequence[int | None]) -> int:
    """An upper bound of the typed patterns of ``m`` vertices, computed before enumerating any:
    ``Σ_k S(m, k) · T(k)``, where ``T(k)`` bounds the ways to give ``k`` blocks atoms: at most
    ``A^k`` (``A`` the most atoms a vertex may take), and at most the typings of ``k`` labelled
    blocks into the atoms any vertex may take, each atom holding no more blocks than its size
    (``k! [x^k] Π_a Σ_{j ≤ size_a} x^j / j!``; exact when every vertex may take every atom).

    >>> pattern_bound(5, [[0]] * 5, [None])     # Bell(5)
    52
    >>> pattern_bound(5, [[0, 1, 2, 3]] * 5, [1, 1, 1, 1])   # four single values: 4^5 assignments
    1024
    >>> pattern_bound(40, [[0]] * 40, [13]) > 10**30
    True
    """
    return _pattern_bound(m, tuple(map(tuple, allowed)), tuple(atom_sizes))


@cached("typedpatterns.pattern_bound", 4_096)
def _pattern_bound(m: int, allowed: tuple[tuple[int, ...], ...], atom_sizes: tuple[int | None, ...]) -> int:
    width = max((len(a) for a in allowed), default=0)
    used = sorted(set().union(*map(set, allowed))) if allowed else []
    typings = _capacity_typings(m, [atom_sizes[a] for a in used])
    return sum(stirling2(m, k) * min(width**k, typings[k]) for k in range(m + 1))


def _capacity_typings(m: int, sizes: Sequence[int | None]) -> list[int]:
    """``T[k]``, k = 0..m: the ways to put k labelled blocks into atoms of the given sizes (None:
    unbounded), no atom holding more blocks than its size (an exponential generating function).

    >>> _capacity_typings(3, [1, 1])     # two single values: 1, 2, 2·1, none for three blocks
    [1, 2, 2, 0]
    >>> _capacity_typings(2, [None])
    [1, 1, 1]
    """
    series = [Fraction(1)] + [Fraction(0)] * m
    for size in sizes:
        cap = m if size is None else min(size, m)
        factor = [Fraction(1, factorial(j)) for j in range(cap + 1)]
        series = [sum((series[i] * factor[k - i] for i in range(max(0, k - cap), k + 1)), Fraction(0))
                  for k in range(m + 1)]
    return [int(series[k] * factorial(k)) for k in range(m + 1)]


def pattern_count(m: int, allowed: Sequence[Sequence[int]], atom_sizes: Sequence[int | None]) -> int:
    """The exact number of typed patterns :func:`typed_patterns` enumerates, counted without
    enumerating any (pricing a term costs no patterns); raises CpolyTooLarge as it does past
    MAX_PATTERNS.

    A typed pattern is a map of each vertex to an atom it may take, and for each atom a
    partition of the vertices mapped to it into at most ``size`` blocks (the blocks it holds).
    Vertices with the same allowed atoms are interchangeable, so the maps are counted by how
    many of each such class go to each atom, atom after atom (binomial choices of which ones).

    >>> pattern_count(5, [[0]] * 5, [None])                  # Bell(5)
    52
    >>> allowed, sizes = [[0, 1], [1, 2], [0, 1, 2], [2]], [1, 2, None]
    >>> pattern_count(4, allowed, sizes) == len(typed_patterns(4, allowed, sizes)[0])
    True
    """
    found = _pattern_count(m, tuple(tuple(sorted(set(a))) for a in allowed), tuple(atom_sizes))
    if found > MAX_PATTERNS:
        raise _too_many(m)
    return found


@cached("typedpatterns.pattern_count", 16_384)
def _pattern_count(m: int, allowed: tuple[tuple[int, ...], ...], atom_sizes: tuple[int | None, ...]) -> int:
    classes: dict[tuple[int, ...], int] = {}
    for atoms in allowed:
        classes[atoms] = classes.get(atoms, 0) + 1
    kinds = list(classes)
    sizes = [classes[k] for k in kinds]
    ways: dict[tuple[int, ...], int] = {(0,) * len(kinds): 1}  # vertices of each class placed so far
    for atom, size in enumerate(atom_sizes):
        members = [c for c, atoms in enumerate(kinds) if atom in atoms]
        if not members:
            continue
        blocks = _at_most_blocks(m, m if size is None else min(size, m))
        placed: dict[tuple[int, ...], int] = {}
        for state, count in ways.items():
            for take in product(*(range(sizes[c] - state[c] + 1) for c in members)):
                split = blocks[sum(take)]
                if not split:
                    continue
                after = list(state)
                choices = count * split
                for c, k in zip(members, take):
                    choices *= comb(sizes[c] - state[c], k)
                    after[c] += k
                key = tuple(after)
                placed[key] = placed.get(key, 0) + choices
        ways = placed
    return ways.get(tuple(sizes), 0)


@cached("typedpatterns.at_most_blocks", 1_024)
def _at_most_blocks(m: int, most: int) -> tuple[int, ...]:
    """For n = 0..m, the set partitions of n items into at most ``most`` blocks."""
    return tuple(sum(stirling2(n, k) for k in range(min(n, most) + 1)) for n in range(m + 1))


def stride(m: int) -> int:
    """Codes are ``atom * stride + block``; blocks of an m-vertex pattern are < m."""
    return max(m, 1)


def typed_patterns(
    m: int,
    allowed: Sequence[Sequence[int]],
    atom_sizes: Sequence[int | None],
) -> tuple[np.ndarray, np.ndarray]:
    """Typed patterns of ``m`` vertices (memoised; see :func:`_typed_patterns`).

    >>> fast = typed_patterns(4, [[0, 1], [1, 2], [0, 1, 2], [2]], [1, 2, None])
    >>> slow = _typed_patterns.__wrapped__(4, ((0, 1), (1, 2), (0, 1, 2), (2,)), (1, 2, None))
    >>> all((a == b).all() for a, b in zip(fast, slow))
    True
    """
    key = (m, tuple(tuple(a) for a in allowed), tuple(atom_sizes))
    if 0 < m <= VECTORISED_MAX and bell(m) * m * len(atom_sizes) <= VECTORISED_CELLS:
        return _typed_patterns_at_once(*key)
    return _typed_patterns(*key)


VECTORISED_MAX = 9  # vertices whose patterns are typed all at once (Bell(9) = 21,147 partitions)
VECTORISED_CELLS = 4_000_000  # partitions x blocks x atoms of the table of the atoms each block may take


@cached("typedpatterns.typed_patterns_at_once", 4_096)
def _typed_patterns_at_once(m: int, allowed: tuple[tuple[int, ...], ...], atom_sizes: tuple[int | None, ...]
                            ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_typed_patterns` with every partition typed at once (the same rows, same order):
    a block may take the atoms every vertex of it may take (a boolean row per block), its
    typings are the mixed-radix digits of a row number, the last block fastest."""
    n_atoms = len(atom_sizes)
    rgs = partition_array(m)
    takes = np.ones((*rgs.shape, n_atoms), dtype=bool)  # partition, block, atom: the block may take it
    rows = np.arange(len(rgs))
    for i, atoms in enumerate(allowed):
        vertex = np.zeros(n_atoms, dtype=bool)
        vertex[list(atoms)] = True
        takes[rows, rgs[:, i]] &= vertex
    blocks = rgs.max(axis=1) + 1
    present = np.arange(m)[None, :] < blocks[:, None]
    radix = np.where(present, takes.sum(axis=2), 1)
    per_partition = radix.prod(axis=1)
    if int(per_partition.sum()) > 4 * MAX_PATTERNS:
        return _typed_patterns(m, allowed, atom_sizes)  # refuses with the usual message
    table = np.argsort(~takes, axis=2, kind="stable")  # per block, the atoms it may take first, in order
    owner = np.repeat(rows, per_partition)
    digit_source = np.arange(len(owner)) - np.repeat(np.cumsum(per_partition) - per_partition, per_partition)
    typings = np.zeros((len(owner), m), dtype=np.int64)
    for b in range(m - 1, -1, -1):
        width = radix[owner, b]
        typings[:, b] = table[owner, b, digit_source % width]
        digit_source //= width
    counts = np.zeros((len(owner), n_atoms), dtype=np.int64)
    atom_ids = np.arange(n_atoms)
    for b in range(m):
        counts += (typings[:, b, None] == atom_ids) & present[owner, b, None]
    capacity = np.array([m if size is None else size for size in atom_sizes], dtype=np.int64)
    fits = (counts <= capacity).all(axis=1)
    if int(fits.sum()) > MAX_PATTERNS:
        raise _too_many(m)
    owner, typings, counts = owner[fits], typings[fits], counts[fits]
    order = rgs[owner]
    codes = np.take_along_axis(typings, order, axis=1) * stride(m) + order
    for array in (codes, counts):
        array.flags.writeable = False
    return codes, counts


def _too_many(m: int) -> CpolyTooLarge:
    return CpolyTooLarge(f"more than {MAX_PATTERNS:,} equality patterns of {m} vertices: "
                         "the expression distinguishes too many values")


@cached("typedpatterns.partition_array", 64)
def partition_array(m: int) -> np.ndarray:
    """:func:`set_partitions` as an (partitions, m) int64 array (shared: not to be written)."""
    return np.array(set_partitions(m), dtype=np.int64).reshape(-1, m)


@cached("typedpatterns.typed_patterns", 4_096)
def _typed_patterns(
    m: int,
    allowed: tuple[tuple[int, ...], ...],
    atom_sizes: tuple[int | None, ...],
) -> tuple[np.ndarray, np.ndarray]:
    """Typed patterns of ``m`` vertices, vertex ``i`` in the atoms ``allowed[i]``, each atom of
    ``atom_sizes[a]`` values (None: symbolic, no pruning): codes (P, m) int64, each vertex's
    ``atom * stride(m) + block``, and counts (P, A) int64, the blocks in each atom (the weight
    signature)."""
    n_atoms = len(atom_sizes)
    allowed_sets = [frozenset(a) for a in allowed]
    code_parts: list[np.ndarray] = []
    count_parts: list[np.ndarray] = []
    found = 0
    step = stride(m)
    numeric = [size for size in atom_sizes if size is not None]
    most_blocks = m if len(numeric) < n_atoms else min(m, sum(numeric))
    capacity = np.array([m if size is None else size for size in atom_sizes], dtype=np.int64)
    every = frozenset(range(n_atoms))
    for rgs in (set_partitions(m) if m <= 10 else restricted_growth(m, most_blocks)):
        blocks = max(rgs) + 1 if rgs else 0
        block_atoms = [sorted(every.intersection(*(allowed_sets[i] for i, blk in enumerate(rgs) if blk == b)))
                       for b in range(blocks)]
        if any(not atoms for atoms in block_atoms):
            continue
        # every typing of the blocks at once: (T, blocks) atoms, kept when no atom holds more
        # blocks than it has values
        typings = np.array(list(product(*block_atoms)), dtype=np.int64).reshape(-1, blocks)
        counts = np.zeros((len(typings), n_atoms), dtype=np.int64)
        for b in range(blocks):
            counts[np.arange(len(typings)), typings[:, b]] += 1
        fits = (counts <= capacity).all(axis=1)
        typings, counts = typings[fits], counts[fits]
        found += len(typings)
        if found > MAX_PATTERNS:
            raise _too_many(m)
        order = np.array(rgs, dtype=np.int64)
        code_parts.append(typings[:, order] * step + order if m else typings[:, :0])
        count_parts.append(counts)
    code_array = (np.concatenate(code_parts) if code_parts else np.zeros((0, m), dtype=np.int64)).reshape(-1, m)
    count_array = (np.concatenate(count_parts) if count_parts else np.zeros((0, n_atoms), dtype=np.int64))
    code_array.flags.writeable = count_array.flags.writeable = False  # shared through the memo
    return code_array, count_array


# ---- patterns of a position-symmetric term ----------------------------------------------------
@cached("typedpatterns.integer_partitions", 64)
def integer_partitions(m: int) -> tuple[tuple[int, ...], ...]:
    """The block sizes of the set partitions of m items, up to order (non-increasing).

    >>> integer_partitions(4)
    ((4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1))
    """
    def at_most(left: int, top: int) -> Iterator[tuple[int, ...]]:  # larger first: descending order
        if left == 0:
            yield ()
        for size in range(min(left, top), 0, -1):
            yield from ((size, *rest) for rest in at_most(left - size, size))

    return tuple(at_most(m, m))


@cached("typedpatterns.partition_types", 64)
def partition_types(m: int) -> np.ndarray:
    """For each restricted-growth string of :func:`set_partitions` (same order), the index of
    its block sizes in :func:`integer_partitions`."""
    index = {p: i for i, p in enumerate(integer_partitions(m))}
    types = [index[tuple(sorted((rgs.count(b) for b in range(max(rgs, default=-1) + 1)), reverse=True))]
             for rgs in set_partitions(m)]
    result = np.array(types, dtype=np.int64)
    result.flags.writeable = False
    return result


def symmetric_patterns(m: int, allowed: Sequence[int], atom_sizes: Sequence[int | None]
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The typed patterns an expression symmetric in its ``m`` vertices needs: one set
    partition per block sizes (blocks on consecutive vertices, larger first), its blocks
    typed up to permutations of blocks of equal size (every vertex may take the ``allowed``
    atoms).  Returns codes (P, m) and counts (P, A) as :func:`typed_patterns`, each pattern's
    multiplicity (the typed patterns of its partition it stands for) and its partition's index
    in :func:`integer_partitions`.  The value of a symmetric expression summed over every typed
    pattern of one set partition is ``Σ multiplicity · value`` over that partition's rows.

    >>> codes, counts, times, kinds = symmetric_patterns(2, [0, 1], [None, None])
    >>> codes.tolist(), times.tolist(), kinds.tolist()
    ([[0, 0], [2, 2], [0, 1], [0, 3], [2, 3]], [1, 1, 1, 2, 1], [0, 0, 1, 1, 1])
    """
    return _symmetric_patterns(m, tuple(allowed), tuple(atom_sizes))


@cached("typedpatterns.symmetric_patterns", 1_024)
def _symmetric_patterns(m: int, allowed: tuple[int, ...], atom_sizes: tuple[int | None, ...]
                        ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per block sizes, every choice of one typing per group of equal blocks (the first group
    slowest), kept when no atom holds more blocks than its size (arrays: no loop per pattern)."""
    step = stride(m)
    capacity = np.array([m if size is None else size for size in atom_sizes], dtype=np.int64)
    found: list[tuple[np.ndarray, ...]] = []
    for kind, sizes in enumerate(integer_partitions(m)):
        rgs = np.array([b for b, size in enumerate(sizes) for _ in range(size)], dtype=np.int64)
        groups = [_typings(allowed, sizes.count(size), len(atom_sizes)) for size in sorted(set(sizes), reverse=True)]
        chosen = np.indices([len(atoms) for atoms, _, _ in groups]).reshape(len(groups), -1)
        atoms = np.concatenate([g[0][i] for g, i in zip(groups, chosen)], axis=1)
        counts = sum((g[1][i] for g, i in zip(groups, chosen)), np.zeros((1, len(atom_sizes)), dtype=np.int64))
        times = np.prod([g[2][i] for g, i in zip(groups, chosen)], axis=0)
        kept = (counts <= capacity).all(axis=1)
        found.append((atoms[kept][:, rgs] * step + rgs, counts[kept], times[kept],
                      np.full(int(kept.sum()), kind, dtype=np.int64)))
    arrays = tuple(np.concatenate([f[k] for f in found]) for k in range(4))
    for array in arrays:
        array.flags.writeable = False
    return arrays[0].reshape(-1, m), arrays[1].reshape(-1, len(atom_sizes)), arrays[2], arrays[3]


@cached("typedpatterns.typings", 4_096)
def _typings(allowed: tuple[int, ...], blocks: int, n_atoms: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The typings of ``blocks`` blocks of equal size up to their order (multisets of the
    ``allowed`` atoms): each one's atoms (sorted), blocks per atom, and the typings of the
    ordered blocks it stands for (a multinomial coefficient).

    >>> atoms, counts, times = _typings((0, 1), 2, 2)
    >>> atoms.tolist(), counts.tolist(), times.tolist()
    ([[0, 0], [0, 1], [1, 1]], [[2, 0], [1, 1], [0, 2]], [1, 2, 1])
    """
    atoms = np.array(list(combinations_with_replacement(allowed, blocks)), dtype=np.int64).reshape(-1, blocks)
    counts = np.zeros((len(atoms), n_atoms), dtype=np.int64)
    for column in atoms.T:
        counts[np.arange(len(atoms)), column] += 1  # one atom per row and column
    factorials = np.array([factorial(k) for k in range(blocks + 1)], dtype=np.int64)
    times = factorial(blocks) // factorials[counts].prod(axis=1)
    for array in (atoms, counts, times):
        array.flags.writeable = False
    return atoms, counts, times
