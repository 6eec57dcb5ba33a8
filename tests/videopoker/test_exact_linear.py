"""The multimodular exact solver against sympy's rational solve: random systems (big and small
entries, negative ones, a zero where the first pivot would be), and a singular system refused."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from cpoly.games.videopoker.feature.exactlinear import solve_linear


def _random_system(rng: random.Random, n: int, bits: int) -> list[list[Fraction]]:
    denominator = rng.getrandbits(bits) | 1
    return [[Fraction(rng.getrandbits(bits) - (1 << (bits - 1)), denominator if rng.random() < 0.8 else 7)
             for _ in range(n + 1)] for _ in range(n)]


def _sympy_solution(rows: list[list[Fraction]]) -> list[Fraction]:
    matrix = sympy.Matrix([[sympy.Rational(v.numerator, v.denominator) for v in row[:-1]] for row in rows])
    rhs = sympy.Matrix([sympy.Rational(row[-1].numerator, row[-1].denominator) for row in rows])
    return [Fraction(int(v.p), int(v.q)) for v in matrix.LUsolve(rhs)]


@pytest.mark.parametrize(("n", "bits", "seed"), [(1, 8, 0), (2, 3, 1), (5, 64, 2), (12, 200, 3), (20, 90, 4)])
def test_random_systems_agree_with_sympy(n: int, bits: int, seed: int) -> None:
    rng = random.Random(seed)
    rows = _random_system(rng, n, bits)
    if n > 1:
        rows[0][0] = Fraction(0)  # the first pivot is another row's
    assert solve_linear(rows) == _sympy_solution(rows)


def test_a_system_needing_many_primes() -> None:
    """A known solution: entries of 1000 bits, a Hadamard bound of about 40,000 bits (over a
    thousand primes, several batches)."""
    rng = random.Random(5)
    rows = _random_system(rng, 40, 1000)
    shared = rng.getrandbits(64) | 1
    wanted = [Fraction(rng.getrandbits(64) - (1 << 63), shared) for _ in range(40)]
    for row in rows:
        row[-1] = sum((a * x for a, x in zip(row, wanted)), Fraction(0))
    assert solve_linear(rows) == wanted


def test_a_singular_system_is_refused() -> None:
    rows = [[Fraction(1), Fraction(2), Fraction(3)], [Fraction(2), Fraction(4), Fraction(5)]]
    with pytest.raises(ValueError, match="singular"):
        solve_linear(rows)
