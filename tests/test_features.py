"""Feature statements (``feature KIND "title": setting, …``) and the numbers they and pay tables take.

The golden error files (tests/golden_errors/feature_*.cp) cover the mistakes a game writer
makes most; these tests cover each kind's settings, the number forms, and the shipped games.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cpoly.api import load_program
from cpoly.errors import CpolyError
from cpoly.lang.features import MultiplierLayer, MultiStrike, UltimateX, WheelBonus, feature_of
from cpoly.lang.syntax import FeatureDecl, read_module

CATEGORIES = ["RoyalFlush", "FourOfAKind", "FullHouse", "Flush", "TwoPair"]


def _feature(text: str) -> object:
    statement = read_module(text, "f.cp").statements[0]
    assert isinstance(statement, FeatureDecl)
    return feature_of(statement, CATEGORIES)


@pytest.mark.parametrize("written", ["7.6%", "0.076", "19/250", "7.60%"])
def test_a_chance_written_four_ways_is_one_fraction(written: str) -> None:
    feature = _feature(f"feature multi_strike: levels (1, 2), free_ride {written}")
    assert isinstance(feature, MultiStrike) and feature.free_ride == (Fraction(19, 250),)


def test_ultimate_x_defaults_to_one_line_and_a_doubled_bet() -> None:
    feature = _feature("feature ultimate_x: multipliers (FullHouse 12, Flush 10)")
    assert feature == UltimateX(None, 1, Fraction(2), {"FullHouse": Fraction(12), "Flush": Fraction(10)},
                                span=feature.span)  # type: ignore[union-attr]


def test_a_wheel_averages_its_values_by_weight_and_weighs_them_equally_by_default() -> None:
    weighted = _feature("feature wheel: on FourOfAKind, values (100, 400, 1000), weights (5, 3, 2)")
    plain = _feature("feature wheel: on (FourOfAKind, RoyalFlush), values (100, 400)")
    assert isinstance(weighted, WheelBonus) and weighted.average == Fraction(500 + 1200 + 2000, 10)
    assert isinstance(plain, WheelBonus) and plain.average == 250 and plain.categories == ("FourOfAKind", "RoyalFlush")


def test_a_multiplier_layer_keeps_values_and_weights_in_step() -> None:
    layer = _feature("feature multiplier_layer \"Super Times Pay\": multipliers (2, 3, 10), weights (30, 10, 1), "
                     "extra_bet 1/5")
    assert isinstance(layer, MultiplierLayer) and layer.extra_bet == Fraction(1, 5) and layer.title == "Super Times Pay"


def test_a_deal_wheel_is_part_of_its_layer_weighed_equally_by_default() -> None:
    """Two equally weighted awards of 300 and 900 coins over a 15-coin base bet, 1 in 50 deals:
    worth 600 / 50 / 15 = 4/5 per unit of the base bet; without a deal wheel, nothing."""
    layer = _feature("feature multiplier_layer: multipliers (1, 2), weights (3, 1), extra_bet 1, "
                     "deal_wheel_chance 2%, deal_wheel_values (300, 900), deal_wheel_bet 15")
    plain = _feature("feature multiplier_layer: multipliers (1, 2), weights (3, 1), extra_bet 1")
    assert isinstance(layer, MultiplierLayer) and layer.deal_wheel_weights == (1, 1)
    assert layer.deal_wheel_average == 600 and layer.deal_wheel_worth == Fraction(4, 5)
    assert isinstance(plain, MultiplierLayer) and plain.deal_wheel_values == () and plain.deal_wheel_worth == 0


@pytest.mark.parametrize(("text", "message"), [
    ("feature multi_strike: levels (1, 2), free_ride 5%, free_ride 6%", "'free_ride' is given twice"),
    ("feature multi_strike: levels (1, 2)", "multi_strike needs 'free_ride'"),
    ("feature multi_strike: levels (1, 2), free_rides 5%", "did you mean 'free_ride'"),
    ("feature multi_strike: levels (1, 0), free_ride 5%", "'levels' must be above 0, not 0"),
    ("feature multi_strike: levels 1, free_ride 5%", "at least two levels"),
    ("feature multi_strike: levels (1, Flush), free_ride 5%", "'levels' takes numbers, not 'Flush'"),
    ("feature ultimate_x: lines 2.5, multipliers (Flush 2)", "a whole number of lines, not 5/2"),
    ("feature ultimate_x: multipliers (Flush 2, Flush 3)", "'Flush' is named twice"),
    ("feature ultimate_x: multipliers (Flush -2)", "must be above 0, not -2"),
    ("feature multiplier_layer: multipliers (2, 3), weights (1), extra_bet 1", "one weight for each of the 2"),
    ("feature dream_card: chance (5%, 6%)", "'chance' takes one number, not 2"),
    ("feature multiplier_layer: multipliers 2, weights 1, extra_bet 1, deal_wheel_chance 1.9231, "
     "deal_wheel_values 515", "a chance is between 0 and 1 (0% and 100%), not 1.9231"),
    ("feature multiplier_layer: multipliers 2, weights 1, extra_bet 1, deal_wheel_chance 2%, "
     "deal_wheel_values (400, 800), deal_wheel_weights (3, 1, 1)", "deal_wheel_weights needs one weight for each of the 2"),
    ("feature multiplier_layer: multipliers 2, weights 1, extra_bet 1, deal_wheel_chance 2%",
     "'deal_wheel_chance' needs 'deal_wheel_values' too"),
    ("feature multiplier_layer: multipliers 2, weights 1, extra_bet 1, deal_wheel_bet 15",
     "'deal_wheel_bet' needs 'deal_wheel_chance', 'deal_wheel_values' too"),
    ("feature multiplier_layer: multipliers 2, weights 1, extra_bet 1, deal_wheel_chance 2%, deal_wheel_values 5, "
     "deal_wheel_bet 0", "'deal_wheel_bet' must be above 0, not 0"),
    ("feature dream_card: chance 1/0", "'1/0' divides by zero"),
])
def test_each_mistake_is_named(text: str, message: str) -> None:
    with pytest.raises(CpolyError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _feature(text)


def test_pay_tables_take_fractions_and_negative_pays_as_written() -> None:
    module = read_module('paytable "p": RoyalFlush 97/3, Flush -800, TwoPair 2.5', "p.cp")
    entries = module.statements[0].entries  # type: ignore[union-attr]
    assert [e.pays for e in entries] == [Fraction(97, 3), Fraction(-800), Fraction(5, 2)]


@pytest.mark.parametrize(("path", "kind"), [
    ("definitions/multi_strike_bonus_poker.cp", "multi_strike"),
    ("definitions/multi_strike_deuces_wild.cp", "multi_strike"),
    ("definitions/ultimate_x_jacks_or_better.cp", "ultimate_x"),
])
def test_the_shipped_feature_games_load_with_their_base_game(path: str, kind: str) -> None:
    spec = load_program(path).game
    assert spec is not None and [f.kind for f in spec.features] == [kind]
    assert spec.paytables, "the base game's pay tables come along"


@pytest.mark.parametrize("first, second, named", [
    ("multi_strike: levels (1, 2), free_ride 5%", "ultimate_x: multipliers (Flush 2)",
     "ultimate_x cannot be played with multi_strike"),
    ("multi_strike: levels (1, 2), free_ride 5%", "multiplier_layer: multipliers (1, 2), weights (9, 1), extra_bet 1/5",
     "multiplier_layer cannot be played with multi_strike"),
    ("wheel: on Flush, values (10, 20)", "dream_card: chance 5%", "dream_card cannot be played with wheel"),
    ('ultimate_x "A": multipliers (Flush 2)', 'ultimate_x "B": multipliers (Flush 3)',
     'ultimate_x "B" cannot be played with ultimate_x "A"'),
])
def test_a_second_feature_is_refused_naming_both(tmp_path: Path, first: str, second: str, named: str) -> None:
    """No two features compose (each solver plays the base game with its own feature alone): the
    second declaration is the error, at its kind, whatever the kinds."""
    path = tmp_path / "twice.cp"
    path.write_text(f'import "poker.cp"\ncategories RoyalFlush, Flush\nfeature {first}\nfeature {second}\n')
    with pytest.raises(CpolyError, match=f"a second feature: {named} \\(line 3\\)") as raised:
        load_program(str(path))
    assert (raised.value.span.line, raised.value.span.column) == (4, 9)


def test_a_second_feature_from_another_file_names_where_the_first_is(tmp_path: Path) -> None:
    (tmp_path / "a.cp").write_text('import "poker.cp"\ncategories RoyalFlush, Flush\n'
                                   "feature multi_strike: levels (1, 2), free_ride 5%\n")
    (tmp_path / "b.cp").write_text("feature wheel: on Flush, values (10, 20)\n")
    (tmp_path / "game.cp").write_text('import "a.cp"\nimport "b.cp"\n')
    with pytest.raises(CpolyError, match=r"wheel cannot be played with multi_strike \(.*a\.cp:3:1\)") as raised:
        load_program(str(tmp_path / "game.cp"))
    assert raised.value.span.path.endswith("b.cp") and raised.value.span.line == 1
