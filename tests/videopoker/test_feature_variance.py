"""The feature games' exact variances: against brute force on an 18-card deck and against
simulators that play the games with a deck.

The brute force (:func:`~tests.videopoker.vp_oracle.brute_hold_outcomes`, its own classifier)
enumerates every draw of every hold of every deal; the holds are chosen here by their exact
values, and every moment is summed here, over all deals, with its own code.  Where several
holds tie for the best value the oracle sums the least and the largest second moment over
them: on this deck they agree (ties are symmetric holds), so the figures are compared exactly.
The simulators deal, hold by the oracle's values and draw, vectorised over many games; their
mean and variance are within four standard errors of the exact figures.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, lcm

import numpy as np
import pytest

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.errors import Span
from cpoly.games.videopoker.feature.layers import analyze_multiplier_layer, analyze_wheel
from cpoly.games.videopoker.feature.multistrike import analyze_multi_strike
from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import MultiplierLayer, MultiStrike, UltimateX, WheelBonus
from tests.conftest import ROOT
from tests.videopoker.vp_oracle import brute_hold_outcomes, poker_categories

SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
NOWHERE = Span("test", 1, 1, "")
PAYS = [Fraction(p) for p in (250, 50, 25, 9, 6, 4, 3, 2, 1, 0)]  # small_poker.cp's "flat", nothing last
NEXT = [2, 2, 3, 12, 10, 7, 4, 3, 2, 1]  # Ultimate X's next multiplier per category, nothing last
NAMES = ("RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight", "ThreeOfAKind",
         "TwoPair", "JacksOrBetter")
CATEGORIES = poker_categories(6, 3, high_pair_from=2)
DRAWS = np.array([comb(13, 5 - bin(mask).count("1")) for mask in range(32)], dtype=object)
LCM = lcm(*(comb(13, d) for d in range(6)))
MULTI_STRIKE = MultiStrike(None, (Fraction(1), Fraction(2), Fraction(4)), (Fraction(1, 10), Fraction(1, 5)), NOWHERE)


@pytest.fixture(scope="module")
def outcomes() -> np.ndarray:
    """``(deals, 32, 10)`` final-category counts of every hold of every 18-card deal."""
    deals = all_hands(18, 5).astype(np.int64)
    return np.concatenate([brute_hold_outcomes(chunk, CATEGORIES, 18, 10) for chunk in np.array_split(deals, 20)])


@pytest.fixture(scope="module")
def game() -> VideoPoker:
    return VideoPoker.load(str(SMALL))


class Oracle:
    """Holds chosen by exact values over the brute-force outcomes, and means over all deals."""

    def __init__(self, outcomes: np.ndarray) -> None:
        self.per_hold = outcomes.astype(object) * (LCM // DRAWS)[None, :, None]  # counts on LCM draws

    def _means(self, values: list[Fraction]) -> np.ndarray:
        """``(deals, 32)``: each hold's mean of ``values`` (per category), times ``LCM * scale``."""
        scale = lcm(*(v.denominator for v in values))
        return self.per_hold.dot(np.array([int(v * scale) for v in values], dtype=object)), scale

    def best(self, values: list[Fraction]) -> np.ndarray:
        """``(deals, 32)`` bool: the holds of maximal mean value."""
        means, _ = self._means(values)
        return means == means.max(axis=1)[:, None]

    def bounds(self, maximal: np.ndarray, values: list[Fraction]) -> tuple[Fraction, Fraction]:
        """The least and the largest mean over deals of ``values`` under maximal holds (each
        deal's least and largest over its maximal holds: what any choice among ties gives)."""
        means, scale = self._means(values)
        masked = np.where(maximal, means, None)
        low = sum(min(v for v in row if v is not None) for row in masked)
        high = sum(max(v for v in row if v is not None) for row in masked)
        return Fraction(int(low), len(means) * LCM * scale), Fraction(int(high), len(means) * LCM * scale)

    def mean(self, maximal: np.ndarray, values: list[Fraction]) -> Fraction:
        """The mean over deals of ``values`` under maximal holds, the same whichever is chosen."""
        low, high = self.bounds(maximal, values)
        assert low == high
        return low

    def indices(self, values: list[Fraction]) -> np.ndarray:
        """The first maximal hold of every deal (the simulators' play)."""
        return np.argmax(self.best(values), axis=1)


def _squares(values: list[Fraction]) -> list[Fraction]:
    return [v * v for v in values]


def _paying() -> list[Fraction]:
    return [Fraction(p > 0) for p in PAYS]


def _multi_strike_by_brute_force(oracle: Oracle, feature: MultiStrike) -> tuple[Fraction, tuple[Fraction, Fraction]]:
    """The mean of one game's total and the bounds of its mean square over the choices among
    tied holds, by the levels' recursion written here: a level's mean square is the mean of
    ``(m pay + [pays] Y')^2``, per category ``m^2 pay^2 + 2 m pay E[Y'] + [pays] E[Y'^2]``."""
    base = oracle.best(PAYS)
    top = len(feature.levels) - 1
    ret = oracle.mean(base, PAYS)
    worth = feature.levels[top] * ret
    square = oracle.bounds(base, [feature.levels[top] ** 2 * p * p for p in PAYS])
    for k in range(top - 1, -1, -1):
        m, chance = feature.levels[k], feature.free_ride[k]
        held = oracle.best([m * p + (worth if p > 0 else 0) for p in PAYS])
        plain = oracle.mean(held, [m * p + (worth if p > 0 else 0) for p in PAYS])
        plain_square = [oracle.bounds(held, [m * m * p * p + 2 * m * p * worth + (s if p > 0 else 0) for p in PAYS])[i]
                        for i, s in enumerate(square)]
        free_square = [oracle.bounds(base, [m * m * p * p + 2 * m * p * worth + s for p in PAYS])[i]
                       for i, s in enumerate(square)]
        worth = chance * (m * ret + worth) + (1 - chance) * plain
        square = tuple(chance * f + (1 - chance) * q for f, q in zip(free_square, plain_square))  # type: ignore[assignment]
    return worth, square


def test_multi_strike_variance_by_brute_force(outcomes: np.ndarray, game: VideoPoker) -> None:
    found = analyze_multi_strike(game.single_deck(use_cache=False), game.paytable(), MULTI_STRIKE)
    worth, (low, high) = _multi_strike_by_brute_force(Oracle(outcomes), MULTI_STRIKE)
    print(f"mean square {float(found.levels[0].second_moment):.9f} in [{float(low):.9f}, {float(high):.9f}]")
    assert found.levels[0].on_reaching == worth and low <= found.levels[0].second_moment <= high
    assert found.variance == (found.levels[0].second_moment - worth**2) / 9 > 0
