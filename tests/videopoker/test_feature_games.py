"""Multi-Strike and Ultimate X, exact: against brute force on a small deck and against the
Wizard of Odds' published figures for the shipped games.

The oracle enumerates every draw of every hold of every deal of an 18-card deck
(:func:`~tests.videopoker.vp_oracle.brute_hold_outcomes`, its own classifier) and values the
levels, or checks the average-reward optimality equations of Ultimate X, with its own code.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, lcm

import numpy as np
import pytest

from cpoly.errors import Span
from cpoly.games.videopoker.feature.layers import analyze_multiplier_layer, analyze_wheel
from cpoly.games.videopoker.feature.multistrike import analyze_multi_strike
from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x, solve_average_reward
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import MultiplierLayer, MultiStrike, UltimateX, WheelBonus
from cpoly.lang.paytable import PayTable
from tests.conftest import ROOT

SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
NOWHERE = Span("test", 1, 1, "")
PAYS = [Fraction(p) for p in (250, 50, 25, 9, 6, 4, 3, 2, 1, 0)]  # small_poker.cp's "flat", nothing last
NEXT = {"RoyalFlush": 2, "StraightFlush": 2, "FourOfAKind": 3, "FullHouse": 12, "Flush": 10, "Straight": 7,
        "ThreeOfAKind": 4, "TwoPair": 3, "JacksOrBetter": 2}
NAMES = list(NEXT)


@pytest.fixture(scope="module")
def prepared():  # type: ignore[no-untyped-def]
    game = VideoPoker.load(str(SMALL))
    return game, game.single_deck(use_cache=False)


def _mean_of_best(outcomes: np.ndarray, values: list[Fraction]) -> Fraction:
    """Mean over deals of the best hold's EV when category ``c`` is worth ``values[c]``: exact,
    the draws of a hold counted as they are (no weights)."""
    draws = np.array([comb(13, 5 - bin(mask).count("1")) for mask in range(32)], dtype=object)
    denominator = lcm(*(v.denominator for v in values))
    as_ints = np.array([int(v * denominator) for v in values], dtype=object)
    lcm_draws = lcm(*(comb(13, d) for d in range(6)))
    per_hold = outcomes.astype(object).dot(as_ints) * (lcm_draws // draws)  # (deals, 32), EV * L * denominator
    best = per_hold.max(axis=1)
    return Fraction(int(best.sum()), len(outcomes) * lcm_draws * denominator)


def test_multi_strike_equals_backward_induction_by_brute_force(small_outcomes: np.ndarray, prepared) -> None:  # type: ignore[no-untyped-def]
    game, ready = prepared
    feature = MultiStrike(None, (Fraction(1), Fraction(2), Fraction(4)), (Fraction(1, 10), Fraction(1, 5)), NOWHERE)
    found = analyze_multi_strike(ready, game.paytable(), feature)
    base = _mean_of_best(small_outcomes, PAYS)
    reach = feature.levels[-1] * base
    expected = [reach]
    for k in (1, 0):
        plain = _mean_of_best(small_outcomes, [feature.levels[k] * p + (reach if p > 0 else 0) for p in PAYS])
        free = feature.levels[k] * base + reach
        reach = feature.free_ride[k] * free + (1 - feature.free_ride[k]) * plain
        expected.insert(0, reach)
        assert found.levels[k].without_free_ride == plain and found.levels[k].with_free_ride == free
    assert [level.on_reaching for level in found.levels] == expected
    assert found.base_return == base and found.expected_return == expected[0] / 3
    assert found.levels[0].deals_held_otherwise > 0  # the next level's worth changes the play


def test_ultimate_x_satisfies_the_optimality_equations_by_brute_force(small_outcomes: np.ndarray, prepared) -> None:  # type: ignore[no-untyped-def]
    """``g + h(m) = mean over deals of max_hold E[m * pay + h(next)]`` for every state, with the
    solver's gain and relative values: the policy it found is optimal (Howard's criterion)."""
    game, ready = prepared
    feature = UltimateX(None, 1, Fraction(2), {name: Fraction(m) for name, m in NEXT.items()}, NOWHERE)
    found = analyze_ultimate_x(ready, game.paytable(), feature)
    relative = {state.multiplier: state.relative_value for state in found.states}
    for state in found.states:
        values = [state.multiplier * pay + relative[Fraction(NEXT[name])] for name, pay in zip(NAMES, PAYS)]
        assert _mean_of_best(small_outcomes, [*values, Fraction(0)]) == found.gain + state.relative_value
    assert sum(state.share for state in found.states) == 1
    assert found.expected_return == found.gain / 2


def test_the_average_reward_solution_of_a_known_chain() -> None:
    """Two states, 0 pays nothing and 1 pays 6; from either, state 1 with chance 1/3."""
    gain, relative, shares = solve_average_reward([Fraction(0), Fraction(6)], [[Fraction(1, 3)], [Fraction(1, 3)]])
    assert shares == [Fraction(2, 3), Fraction(1, 3)] and gain == 2 and relative == [0, 6]


@pytest.mark.slow
@pytest.mark.parametrize(("path", "level", "without", "worth"), [
    ("multi_strike_bonus_poker.cp", 5, "15.682351", "15.682351"),
    ("multi_strike_bonus_poker.cp", 4, "15.044824", None),
    ("multi_strike_deuces_wild.cp", 4, "8.060957", "8.060957"),
])
def test_multi_strike_reaches_the_published_level_values(path: str, level: int, without: str,
                                                         worth: str | None) -> None:
    """Wizard of Odds, Multi-Strike appendices (6 decimals)."""
    game = VideoPoker.load(str(ROOT / "definitions" / path))
    found = analyze_multi_strike(game.single_deck(), game.paytable(), game.game.spec.features[0])
    value = found.levels[level - 1]
    assert f"{float(value.without_free_ride):.6f}" == without
    assert worth is None or f"{float(value.on_reaching):.6f}" == worth


@pytest.mark.slow
def test_ultimate_x_reaches_the_published_return_and_time_at_each_multiplier() -> None:
    """Wizard of Odds: 8/6 Jacks or Better single line, 98.57 %, and the share of hands at
    1x 56.29 %, 2x 19.93 %, 3x 12.53 %, 4x 7.24 %, 7x 1.38 %, 10x 1.50 %, 12x 1.13 %."""
    game = VideoPoker.load(str(ROOT / "definitions" / "ultimate_x_jacks_or_better.cp"))
    found = analyze_ultimate_x(game.single_deck(), game.paytable(), game.game.spec.features[0])
    assert f"{float(found.expected_return):.4f}" == "0.9857"
    shares = {int(s.multiplier): f"{100 * float(s.share):.2f}" for s in found.states}
    assert shares == {1: "56.29", 2: "19.93", 3: "12.53", 4: "7.24", 7: "1.38", 10: "1.50", 12: "1.13"}


def test_a_wheel_is_the_game_analysed_with_its_average_as_the_pay(small_outcomes: np.ndarray, prepared) -> None:  # type: ignore[no-untyped-def]
    """Brute force with the award in place of the pay, and the ordinary analysis of that table."""
    game, ready = prepared
    wheel = WheelBonus(None, ("FourOfAKind", "FullHouse"), (Fraction(40), Fraction(100)), (Fraction(3), Fraction(1)),
                       NOWHERE)  # average 55
    found = analyze_wheel(ready, game.paytable(), wheel)
    awarded = [Fraction(55) if name in wheel.categories else pay for name, pay in zip(NAMES, PAYS)] + [Fraction(0)]
    assert found.expected_return == _mean_of_best(small_outcomes, awarded)
    table = game.paytable()
    changed = PayTable("wheel", tuple(awarded[:-1]), table.dealt_pays, table.categories)
    assert found.expected_return == game.analyze(changed, use_cache=False).expected_return
    assert found.base_return == _mean_of_best(small_outcomes, PAYS) and found.deals_held_otherwise > 0


def test_a_multiplier_layer_scales_the_base_return() -> None:
    layer = MultiplierLayer(None, (Fraction(1), Fraction(2), Fraction(5)), (Fraction(6), Fraction(3), Fraction(1)),
                            Fraction(1, 5), NOWHERE)
    found = analyze_multiplier_layer(Fraction(99, 100), Fraction(0), layer)
    assert found.mean_multiplier == Fraction(17, 10) and found.expected_return == Fraction(99, 100) * Fraction(17, 12)
