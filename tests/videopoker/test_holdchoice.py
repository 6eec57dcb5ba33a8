"""The one-deal chooser (holdchoice.play_deal, NumPy-free, used by ``cpoly hold``) against the
full game's vectorised chooser (holds.choose_holds, whose figures are tested against brute force
and published tables), on made-up outcome counts full of exact ties, for every tie rule."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cpoly.games.videopoker.hold.holdchoice import draw_weights, play_deal
from cpoly.games.videopoker.hold.lattice import HOLDS, exclude_discards
from cpoly.games.videopoker.play.choice import choose_holds, hold_weights
from cpoly.games.videopoker.prepare.multiset import canonical_holds
from cpoly.games.videopoker.prepare.tables import exclude_discards as exclude_many
from cpoly.lang.paytable import ScaledPays
from cpoly.lang.tierule import TieRule

N_CARDS = 10  # draws per hold 1, 5, 10, 10, 5, 1: equal EVs are common


@pytest.mark.parametrize("rule", list(TieRule))
def test_play_deal_chooses_as_the_full_game_does(rule: TieRule) -> None:
    rng = np.random.default_rng(11)
    faces = rng.integers(0, 4, N_CARDS)
    weights = hold_weights(draw_weights(N_CARDS)[1])
    ties = 0
    for _ in range(300):
        deal = np.sort(rng.choice(N_CARDS, 5, replace=False))
        counts = rng.integers(0, 3, (HOLDS, 4))
        pays = rng.integers(0, 3, 4)
        pays[-1] = 0
        dealt = pays.copy()
        dealt[rng.integers(0, 3)] += rng.integers(0, 2)
        matrix = np.array([pays] * (HOLDS - 1) + [dealt])
        _, choice = choose_holds(counts[None], matrix, weights, rule, deal[None], faces)
        scaled = ScaledPays(tuple(pays.tolist()), tuple(dealt.tolist()), 1)
        result = play_deal(deal.tolist(), counts.tolist(), scaled, N_CARDS, rule, faces.tolist())
        assert result.best == int(choice.best[0])
        assert bool(choice.tied[0]) == (len(result.tied) > 1)
        best_ev = max(o.ev for o in result.options)
        assert result.options[7].ev == Fraction(int(counts[7] @ pays), 10)  # three kept: C(5, 2) draws
        assert result.best in result.tied and result.best_option.ev == best_ev
        ties += len(result.tied) > 1
    assert ties > 50


def test_one_deal_transform_is_the_many_deal_transform() -> None:
    rng = np.random.default_rng(5)
    containing = rng.integers(0, 100, (HOLDS, 3, 6))
    many = exclude_many(containing.copy())
    for deal in range(3):
        assert exclude_discards(containing[:, deal].tolist()) == many[deal].tolist()


@pytest.mark.parametrize("rule", list(TieRule))
def test_play_deal_with_copies_chooses_as_the_full_game_does(rule: TieRule) -> None:
    """Two copies of each of 8 values (physical card ``2 * value + copy``): the one-deal chooser
    on the physical deal, restricted to the canonical holds, against the full game's chooser on
    the sorted values (its ``allowed``), deals given in shuffled order."""
    rng = np.random.default_rng(17)
    n_values, copies = 8, 2
    value_faces = rng.integers(0, 3, n_values)
    weights = hold_weights(draw_weights(n_values * copies)[1])
    ties = 0
    for _ in range(300):
        physical = rng.choice(n_values * copies, 5, replace=False)
        if rng.integers(0, 2):  # a repeated value, often
            value = int(physical[0]) // copies
            physical[:2] = [value * copies, value * copies + 1]
            physical[2:] = rng.choice([p for p in range(n_values * copies) if p // copies != value], 3, replace=False)
        given = rng.permutation(physical)
        order = np.argsort(given, kind="stable")
        position = np.empty(5, dtype=np.int64)
        position[order] = np.arange(5)
        to_sorted = [sum(1 << int(position[i]) for i in range(5) if m >> i & 1) for m in range(HOLDS)]
        values = np.sort(given) // copies
        by_held: dict[tuple[int, ...], np.ndarray] = {}  # holds keeping the same values draw alike
        counts = np.array([by_held.setdefault(tuple(values[[i for i in range(5) if m >> i & 1]].tolist()),
                                              rng.integers(0, 3, 4)) for m in range(HOLDS)])
        pays = rng.integers(0, 3, 4)
        pays[-1] = 0
        allowed = canonical_holds(values[None, :])
        _, choice = choose_holds(counts[None], np.array([pays] * HOLDS), weights, rule, values[None, :],
                                 value_faces, None, allowed)
        scaled = ScaledPays(tuple(pays.tolist()), tuple(pays.tolist()), 1)
        result = play_deal(given.tolist(), counts[to_sorted].tolist(), scaled, n_values * copies, rule,
                           np.repeat(value_faces, copies).tolist(), allowed=allowed[0][to_sorted].tolist())
        assert to_sorted[result.best] == int(choice.best[0])
        assert bool(choice.tied[0]) == (len(result.tied) > 1)
        assert all(allowed[0][to_sorted[m]] for m in result.tied)
        ties += len(result.tied) > 1
    assert ties > 20
