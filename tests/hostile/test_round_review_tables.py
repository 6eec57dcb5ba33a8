"""This round's counting-planner changes (one-literal nodes as one term, straights proved 0/1 by
pairs, repeats merged up to a relabeling of values before the deal multiplies them, the quick
zero test of the pairs, zero wild cases stopped early, memoised case plans) against deals
listed one by one, on reduced decks where every deal can be listed:

* shipped games (wild cards, jokers, bonus kickers, wheels, Multi-Strike) with ``--set Suits``
  and ``Faces`` drawn from the suite's seed, the planned table against the checking function
  (every deal evaluated, the paid column by pay order), in one process so the memoised plans
  of one game meet the next game's;
* Deuces and Joker Wild on three suits against a numpy classifier that knows nothing of the
  engine (``tests/test_deuces_and_joker.py``'s, written from the rules as players state them).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from cpoly.api import deal_table, deal_table_by_checking, load_game
from tests.conftest import DEFINITIONS
from tests.hostile.seed import SEED, replay
from tests.test_deuces_and_joker import brute_force

GAMES = ["deuces_wild.cp", "joker_poker.cp", "deuces_and_joker_wild.cp", "multi_strike_deuces_wild.cp",
         "double_double_bonus.cp", "wheel_poker_jacks_or_better.cp", "royal_aces_bonus.cp"]
#: Decks small enough to list (at most C(30, 5) = 142,506 deals), drawn per game from the seed.
DECKS = [{"Suits": 2}, {"Suits": 1}, {"Faces": 7, "Suits": 3}, {"Faces": 9, "Suits": 3}, {"Faces": 8, "Suits": 2},
         {"Faces": 10, "Suits": 3}]


def _rows(table: object) -> tuple[int, list[tuple[str, int, int]]]:
    return table.total, [(row.name, row.ways, row.paid_ways) for row in table.rows]  # type: ignore[attr-defined]


def test_planned_tables_equal_every_deal_checked_on_small_decks() -> None:
    rng = random.Random(SEED)
    for name in GAMES:
        for deck in rng.sample(DECKS, 2):
            game = load_game(DEFINITIONS / name, overrides=deck, use_cache=False)
            assert _rows(deal_table(game)) == _rows(deal_table_by_checking(game)), replay(f"{name} --set {deck}")


@pytest.mark.parametrize("suits", [2, 3])
def test_deuces_and_joker_wild_on_fewer_suits_against_a_classifier(suits: int) -> None:
    table = deal_table(load_game(DEFINITIONS / "deuces_and_joker_wild.cp", overrides={"Suits": suits}, use_cache=False))
    hits = brute_force(suits)
    assert table.total == len(next(iter(hits.values())))
    taken = np.zeros(table.total, dtype=bool)
    for row in table.rows:
        paid = hits[row.name] & ~taken
        taken |= hits[row.name]
        assert (row.ways, row.paid_ways) == (int(hits[row.name].sum()), int(paid.sum())), f"Suits={suits}: {row.name}"
