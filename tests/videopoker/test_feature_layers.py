"""The shipped bonus-layer games against their published figures (Wizard of Odds, confirmed on the
pages named in each definition), and a simulator of a multiplier layer and of a wheel.
"""

from __future__ import annotations

import json
import random
import shutil
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.errors import Span
from cpoly.games.videopoker.feature.layers import analyze_multiplier_layer, analyze_wheel
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import MultiplierLayer, WheelBonus
from tests.conftest import ROOT

DEFINITIONS = ROOT / "definitions"


def _feature(name: str) -> object:
    return VideoPoker.load(str(DEFINITIONS / name)).game.spec.features[0]


def test_hot_roll_returns_the_base_return() -> None:
    """Mean multiplier 2 for a doubled bet: the base return, exactly."""
    layer = _feature("hot_roll_jacks_or_better.cp")
    assert isinstance(layer, MultiplierLayer)
    found = analyze_multiplier_layer(Fraction(99, 100), Fraction(0), layer)
    assert found.mean_multiplier == 2 and found.expected_return == Fraction(99, 100)


def test_wheel_poker_wheel_weighs_154_and_averages_427_922078_coins() -> None:
    wheel = _feature("wheel_poker_jacks_or_better.cp")
    assert isinstance(wheel, WheelBonus) and sum(wheel.weights) == 154
    assert f"{float((wheel.average - 25) * 5):.6f}" == "427.922078" and wheel.extra_bet == Fraction(1, 5)


def test_super_times_pay_three_play_with_its_deal_wheel_reaches_0_992900() -> None:
    """The layer of the shipped file, its deal wheel declared (chance 0.019231, 515.06 coins
    over three five-coin plays), on the page's base 0.984498: the page's inputs are rounded, so
    the figure is reached to 5e-5."""
    layer = _feature("super_times_pay_jacks_or_better.cp")
    assert isinstance(layer, MultiplierLayer) and layer.deal_wheel_bet == 15
    found = analyze_multiplier_layer(Fraction("0.984498"), Fraction(0), layer)
    assert abs(float(found.expected_return) - 0.992900) < 5e-5


def test_a_layer_with_a_deal_wheel_against_its_every_outcome() -> None:
    """A two-point-and-nothing base game (pays 0, 2 and 10 with chances 1/2, 2/5 and 1/10), the
    multipliers, the spin and the wheel's awards enumerated outcome by outcome, each weighed by
    its chance: the mean and variance of the total pay per unit of the total bet are the
    layer's return and variance, exactly."""
    layer = MultiplierLayer(None, (Fraction(1), Fraction(3)), (Fraction(5), Fraction(1)), Fraction(1, 2),
                            Span("x", 1, 1, ""), Fraction(1, 20), (Fraction(30), Fraction(90), Fraction(300)),
                            (Fraction(6), Fraction(3), Fraction(1)), Fraction(5))
    pays = {Fraction(0): Fraction(1, 2), Fraction(2): Fraction(2, 5), Fraction(10): Fraction(1, 10)}
    multipliers = {m: w / 6 for m, w in zip(layer.multipliers, layer.weights)}
    spins = {Fraction(0): 1 - layer.deal_wheel_chance,
             **{v / 5: layer.deal_wheel_chance * w / 10 for v, w in zip(layer.deal_wheel_values, layer.deal_wheel_weights)}}
    outcomes = [((m * p + s) / Fraction(3, 2), pm * pp * ps)
                for m, pm in multipliers.items() for p, pp in pays.items() for s, ps in spins.items()]
    mean = sum(x * chance for x, chance in outcomes)
    variance = sum((x - mean) ** 2 * chance for x, chance in outcomes)
    base = sum(p * chance for p, chance in pays.items())
    base_variance = sum((p - base) ** 2 * chance for p, chance in pays.items())
    found = analyze_multiplier_layer(base, base_variance, layer)
    assert sum(chance for _, chance in outcomes) == 1 and layer.deal_wheel_worth > 0
    assert (found.expected_return, found.variance) == (mean, variance)


def test_a_simulated_multiplier_layer_agrees_with_the_layer_return() -> None:
    """Draws the multiplier with the feature's weights and a hand's pay from a two-point base
    game of known return; the mean over 200 000 plays is within four standard errors."""
    layer = _feature("hot_roll_jacks_or_better.cp")
    assert isinstance(layer, MultiplierLayer)
    rng = random.Random(7)
    weights = [float(w) for w in layer.weights]
    multipliers = rng.choices([float(m) for m in layer.multipliers], weights, k=200_000)
    pays = np.array([multiplier * (3.0 if rng.random() < 0.3 else 0.0) for multiplier in multipliers])
    per_bet = pays / (1 + float(layer.extra_bet))
    exact = float(analyze_multiplier_layer(Fraction(9, 10), Fraction(189, 100), layer).expected_return)
    error = float(per_bet.std(ddof=1) / np.sqrt(len(per_bet)))
    print(f"simulated {per_bet.mean():.4f} ± {error:.4f}, exact {exact:.4f}")
    assert abs(per_bet.mean() - exact) < 4 * error


@pytest.mark.slow
@pytest.mark.parametrize("name", ["wheel_poker_jacks_or_better.cp", "lucky_quads_jacks_or_better.cp"])
def test_a_wheel_game_is_its_table_with_the_award_as_the_pay(name: str) -> None:
    """The wheel analysis equals the ordinary analysis of the pay table with the four of a kind
    paying the wheel's average, and holds some deals otherwise than the base game."""
    game = VideoPoker.load(str(DEFINITIONS / name))
    wheel = game.game.spec.features[0]
    assert isinstance(wheel, WheelBonus)
    found = analyze_wheel(game.single_deck(), game.paytable(), wheel)
    table = game.paytable()
    pays = tuple(wheel.average if c == "FourOfAKind" else p for c, p in zip(table.categories, table.pays))
    changed = type(table)("wheel", pays, table.dealt_pays, table.categories)
    assert found.expected_return == game.analyze(changed).expected_return
    assert found.return_per_total_bet == found.expected_return * Fraction(5, 6) and found.deals_held_otherwise > 0
    print(name, float(found.base_return), float(found.expected_return), float(found.return_per_total_bet))


@pytest.mark.parametrize("wheel", [True, False])
def test_analyze_states_a_deal_wheel_in_the_layers_return(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          wheel: bool) -> None:
    """On the small deck: ``analyze --json``'s feature return is ``(R E[M] + c E[W] / bet) / (1 +
    extra_bet)`` on its own base return (4% x 250 coins on average over a 10-coin bet: 1 per base
    bet), the deal wheel in the JSON and the text; a layer without one has ``deal_wheel`` null."""
    shutil.copy(ROOT / "tests" / "fixtures" / "small_poker.cp", tmp_path / "small_poker.cp")
    spin = ", deal_wheel_chance 4%, deal_wheel_values (100, 400), deal_wheel_weights (1, 1), deal_wheel_bet 10"
    path = tmp_path / "game.cp"
    path.write_text(f'import "small_poker.cp"\nfeature multiplier_layer: multipliers (1, 3), weights (3, 1), '
                    f'extra_bet 1{spin if wheel else ""}\n')
    assert main(["analyze", str(path), "--json"]) == 0
    (found,) = json.loads(capsys.readouterr().out)["features"]
    base = Fraction(found["base_return_exact"])
    assert Fraction(found["return_exact"]) == (base * Fraction(3, 2) + (Fraction(1) if wheel else 0)) / 2
    assert (found["deal_wheel"] is None) == (not wheel) and ("deal wheel" in found["method"]) == wheel
    if wheel:
        assert Fraction(found["deal_wheel"]["worth_per_base_bet_exact"]) == 1
    assert main(["analyze", str(path)]) == 0
    assert ("deal wheel: a spin with chance 4.0000% on the deal" in capsys.readouterr().out) == wheel
