"""The seed's "Wins on the Deal" table, from the short and from the long-hand definitions."""

from __future__ import annotations

import pytest

from cpoly.api import count_deals, deal_table, load_game
from tests.conftest import DEFINITIONS, FIXTURES

# ../shared/reference/published_figures.md (the seed's table): including / excluding higher wins
PUBLISHED = {
    "RoyalFlush": (4, 4),
    "StraightFlush": (40, 36),
    "FourOfAKind": (624, 624),
    "FullHouse": (3_744, 3_744),
    "Flush": (5_148, 5_108),
    "Straight": (10_240, 10_200),
    "ThreeOfAKind": (59_280, 54_912),
    "TwoPair": (127_920, 123_552),
    "JacksOrBetter": (423_552, 337_920),
}


@pytest.mark.parametrize("path", [DEFINITIONS / "jacks_or_better.cp", FIXTURES / "seed_longhand.cp"],
                         ids=["short", "seed-longhand"])
def test_wins_on_the_deal_match_the_seed(path):
    table = deal_table(load_game(path))
    assert table.total == 2_598_960
    assert {r.name: (r.ways, r.paid_ways) for r in table.rows} == PUBLISHED


def test_derived_exclusions_fix_the_seeds_pay_two_pair():
    game = load_game(FIXTURES / "seed_longhand.cp")
    seeds_form = game.lowerer.definition("PayTwoPair")
    assert count_deals(game, seeds_form) == 123_552 + 624  # four of a kind counted as two pair
    assert count_deals(game, game.paid_form("TwoPair")) == 123_552
    derived = game.exclusions()
    assert derived["StraightFlush"] == ("RoyalFlush",)
    assert derived["Flush"] == ("StraightFlush",)
    assert derived["Straight"] == ("Flush",)
    assert set(derived["ThreeOfAKind"]) == {"FourOfAKind", "FullHouse"}
    assert set(derived["JacksOrBetter"]) == {"TwoPair", "ThreeOfAKind"}


def test_seeds_two_forms_of_three_of_a_kind_agree_on_the_deal():
    game = load_game(FIXTURES / "seed_longhand.cp")
    by_sum = count_deals(game, game.lowerer.definition("ThreeOfAKindSum"))
    by_de_morgan = count_deals(game, game.lowerer.definition("ThreeOfAKind"))
    assert by_sum == by_de_morgan == 59_280


def test_every_seed_pay_form_but_two_pair_matches_the_derived_one():
    game = load_game(FIXTURES / "seed_longhand.cp")
    for name in game.category_names:
        seeds = count_deals(game, game.lowerer.definition("Pay" + name))
        derived = count_deals(game, game.paid_form(name))
        assert (seeds == derived) == (name != "TwoPair"), name
