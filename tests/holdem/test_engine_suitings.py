"""Hold'em's board suitings are a counting problem over suit vertices: the closed form used by
the equity code (a product of binomials) must equal the counting engine's count of the same
question written in CP notation."""

from __future__ import annotations

import random
from collections import Counter
from math import factorial, prod

import numpy as np
import pytest

from cpoly.api import count
from cpoly.deck.ranks import suitings
from cpoly.lang.resolve import resolve
from cpoly.lang.syntax import read_module


def _suitings_by_engine(board_faces: list[int], known: list[tuple[int, int]]) -> int:
    """Write 'suit the board so that no two cards coincide and none is a known card' as a .cp
    definition over the board's suit vertices, count it, and divide out the order of equal faces."""
    k = len(board_faces)
    factors = [f"(1 - δS[{i + 1}],S[{j + 1}])" for i in range(k) for j in range(i + 1, k)
               if board_faces[i] == board_faces[j]]
    factors += [f"(1 - δS[{i + 1}]{{{suit}}})" for i in range(k) for face, suit in known
                if face == board_faces[i]]
    text = (f"Suits = 4\nS = σ1-σ{k}\ndomain S: Suits\n"
            f"Board = 1 * {' * '.join(factors) or '1'}\n")
    ordered = count(resolve(read_module(text, "suitings.cp")), "Board")
    assert isinstance(ordered, int)
    return ordered // prod(factorial(m) for m in Counter(board_faces).values())


@pytest.mark.parametrize("seed", range(25))
def test_closed_form_suitings_equal_the_engine_count(seed):
    rng = random.Random(seed)
    deck = [(f, s) for f in range(13) for s in range(4)]
    known = rng.sample(deck, rng.randint(0, 8))
    board_faces = sorted(rng.choice(range(13)) for _ in range(rng.choice([3, 4, 5])))
    available = np.full(13, 4)
    for face, _ in known:
        available[face] -= 1
    multiset = np.bincount(board_faces, minlength=13)[None, :]
    assert int(suitings(multiset, available)[0]) == _suitings_by_engine(board_faces, known)
