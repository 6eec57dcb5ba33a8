"""Nested indexed forms (an index form inside another's body, outer indices in inner ranges and
bodies) count exactly what a direct Python predicate over every dealt hand counts.

The oracle does not use the lowering: it evaluates each form's meaning on the cards themselves,
over every assignment of a 4-face, 2-suit deck (8 cards), five distinct cards, in order.
"""

from __future__ import annotations

from itertools import combinations, product
from pathlib import Path
from typing import Callable

import pytest

from cpoly.api import count, load_program
from tests.conftest import DECK_4X2

Hand = tuple[tuple[int, int], ...]  # (face, suit) of cards 1..5


PAIRS = list(combinations(range(5), 2))


def _two_disjoint_pairs(h: Hand) -> bool:
    return any(h[i][0] == h[j][0] and h[k][0] == h[m][0] and h[i][0] != h[k][0]
               for i, j in PAIRS for k, m in PAIRS)


def _pair_after_pair(h: Hand) -> bool:
    return any(h[i][0] == h[j][0] and h[k][0] == h[m][0]
               for i, j in PAIRS for k, m in PAIRS if k > j)


def _suited_pair_with_a_third(h: Hand) -> int:
    return sum(h[i][1] == h[j][1] and h[i][0] == h[k][0]
               for i, j in PAIRS for k in range(5) if k != i and k != j)


def _some_card_below_all_later(h: Hand) -> bool:
    return any(all(h[i][0] < h[j][0] for j in range(i + 1, 5)) for i in range(4))


def _three_deep(h: Hand) -> bool:
    return any(any(any(h[i][1] == h[j][1] == h[k][1] for k in range(j + 1, 5))
                   for j in range(i + 1, 5)) for i in range(3))


CASES: list[tuple[str, Callable[[Hand], int | bool]]] = [
    ("any(i<j in 1..5) any(k<l in 1..5) (δF[i],F[j] δF[k],F[l] (1 - δF[i],F[k]))", _two_disjoint_pairs),
    ("any(i<j in 1..5) any(k<l in j+1..5) (δF[i],F[j] δF[k],F[l])", _pair_after_pair),
    ("sum(i<j in 1..5) sum(k in 1..5) (δS[i],S[j] δF[i],F[k] (1 - δi,k) (1 - δj,k))",
     _suited_pair_with_a_third),
    ("any(i in 1..4) prod(j in i+1..5) sum(v in 0..(Faces - 1)) (δF[i]{v} "
     "sum(w in v+1..(Faces - 1)) δF[j]{w})", _some_card_below_all_later),
    ("any(i in 1..3) any(j in i+1..5) any(k in j+1..5) δS[i],S[j],S[k]", _three_deep),
]


def _brute(predicate: Callable[[Hand], int | bool]) -> int:
    total = 0
    for faces in product(range(4), repeat=5):
        for suits in product(range(2), repeat=5):
            hand = tuple(zip(faces, suits))
            if len(set(hand)) == 5:
                total += int(predicate(hand))
    return total


@pytest.mark.parametrize("form, predicate", CASES, ids=[f"form{n}" for n in range(len(CASES))])
def test_nested_form_counts_as_brute_force(tmp_path: Path, form: str,
                                           predicate: Callable[[Hand], int | bool]) -> None:
    path = tmp_path / "nested.cp"
    path.write_text(DECK_4X2 + f"X = Distinct * {form}\n", encoding="utf-8")
    expected = _brute(predicate)
    assert expected > 0
    assert count(load_program(path), "X") == expected
