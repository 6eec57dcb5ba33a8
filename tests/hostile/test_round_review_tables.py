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
from pathlib import Path

import numpy as np
import pytest

from cpoly.api import deal_table, deal_table_by_checking, load_game
from cpoly.errors import CpolyError
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


# ---- random wild-card categories: pairs, windows with a wild Two, NOTs and products -------------
_FACES = ["Two", "Three", "Four", "Five", "Six", "Seven"]


def _values(rng: random.Random) -> str:
    low = rng.randrange(6)
    high = rng.randrange(low, 6)
    return _FACES[low] if low == high else f"{_FACES[low]}-{_FACES[high]}"


def _category(rng: random.Random, depth: int = 0) -> str:
    """A category symmetric in the five cards, Two wild where it says so: the shapes of wild.cp's
    (a pair or a wild card with a natural, a straight window of wild or natural cards holding
    its low face with no natural pair, trips) with value sets, NOTs and products drawn."""
    kind = rng.randrange(7 if depth < 2 else 4)
    if kind == 0:
        return f"any(i<j in 1..5) δF[i],F[j]{{{_values(rng)}}}"
    if kind == 1:
        return f"prod(i in 1..5) (δF[i]{{{_values(rng)}}} + δF[i]{{Two}} (1 - δF[i]{{{_values(rng)}}}))"
    if kind == 2:
        return "any(i<j<k in 1..5) δF[i],F[j],F[k]"
    if kind == 3:
        width = rng.randint(2, 4)
        return (f"(sum(w in Three..{_FACES[6 - width]}) (prod(i in 1..5) (δF[i]{{w..w+{width - 1}}} + δF[i]{{Two}})"
                f" * any(i in 1..5) δF[i]{{w}})) * prod(i<j in 1..5) (1 - δF[i],F[j] (1 - δF[i]{{Two}}))")
    if kind == 4:
        return f"(1 - {_category(rng, depth + 1)})"
    if kind == 5:
        return f"({_category(rng, depth + 1)}) * ({_category(rng, depth + 1)})"
    pair, other = _values(rng), _values(rng)
    return (f"any(i<j in 1..5) (δF[i],F[j]{{{pair}}} + δF[i]{{Two}} δF[j]{{{other}}} (1 - δF[j]{{Two}})"
            f" + δF[j]{{Two}} δF[i]{{{other}}} (1 - δF[i]{{Two}}))")


def test_random_wild_categories_planned_as_every_deal_checked(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    deck = (DEFINITIONS / "lib" / "deck.cp").resolve()
    compared = 0
    for index in range(12):
        names = [f"C{n}" for n in range(rng.randint(1, 4))]
        text = "\n".join([f'import "{deck}"', *(f"{name} = {_category(rng)}" for name in names), 'game "random"',
                          f"categories {', '.join(names)}", ""])
        path = tmp_path / f"random{index}.cp"
        path.write_text(text, encoding="utf-8")
        try:
            game = load_game(path, overrides={"Faces": 7, "Suits": 2}, use_cache=False)
            planned = _rows(deal_table(game))
        except CpolyError:  # a category that is not 0/1 on the deals, or listed after one covering it
            continue
        assert planned == _rows(deal_table_by_checking(game)), replay(text)
        compared += 1
    assert compared >= 6
