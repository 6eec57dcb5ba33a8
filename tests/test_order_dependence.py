"""An unordered game whose category depends on where the cards lie is refused when it is loaded
(it used to be counted as ordered count / 5! and priced by hold and analyze).

Oracle: each category's meaning as a Python predicate, tried on every ordering of every hand of
a 4-face, 2-suit deck; the refusal must name exactly the categories some reordering changes.
"""

from __future__ import annotations

from itertools import permutations, product
from pathlib import Path
from typing import Callable

import pytest

from cpoly.api import load_game
from cpoly.count.positions import order_dependent
from cpoly.errors import CpolyError
from tests.conftest import DECK_4X2

Hand = tuple[tuple[int, int], ...]

HEADER = DECK_4X2 + "cards F S\ndeal Distinct\n"

CATEGORIES: dict[str, tuple[str, Callable[[Hand], int]]] = {
    "AnyPair": ("any(i<j in 1..5) δF[i],F[j]",
                lambda h: int(any(h[i][0] == h[j][0] for i in range(5) for j in range(i + 1, 5)))),
    "FirstTwo": ("δF[1],F[2]", lambda h: int(h[0][0] == h[1][0])),
    "LastIsTop": ("δF[5]{3}", lambda h: int(h[4][0] == 3)),
    "Tops": ("sum(i in 1..5) δF[i]{3}", lambda h: sum(c[0] == 3 for c in h)),
    "WeightedTops": ("sum(i in 1..5) (i δF[i]{3})", lambda h: sum((i + 1) * (c[0] == 3) for i, c in enumerate(h))),
    "PairAfterPair": ("any(i<j in 1..5) any(k<l in j+1..5) (δF[i],F[j] δF[k],F[l])",
                      lambda h: int(any(h[i][0] == h[j][0] and h[k][0] == h[m][0]
                                        for i in range(5) for j in range(i + 1, 5)
                                        for k in range(j + 1, 5) for m in range(k + 1, 5)))),
}


def _moves_by_brute_force(predicate: Callable[[Hand], int]) -> bool:
    cards = list(product(range(4), range(2)))
    for hand in permutations(cards, 5):
        if hand[0] < hand[1] < hand[2] < hand[3] < hand[4]:
            value = predicate(hand)
            if any(predicate(tuple(hand[i] for i in order)) != value for order in permutations(range(5))):
                return True
    return False


def _game_text(names: list[str]) -> str:
    lines = [f"{name} = {CATEGORIES[name][0]}" for name in names]
    return HEADER + "\n".join(lines) + f"\ncategories {', '.join(names)}\n"


def test_order_dependent_names_exactly_the_categories_a_reordering_changes(tmp_path: Path) -> None:
    names = list(CATEGORIES)
    expected = [name for name in names if _moves_by_brute_force(CATEGORIES[name][1])]
    assert expected == ["FirstTwo", "LastIsTop", "WeightedTops", "PairAfterPair"]
    path = tmp_path / "ordered.cp"
    path.write_text(_game_text(names).replace("cards F S", "ordered\ncards F S"))
    assert order_dependent(load_game(path)) == expected


@pytest.mark.parametrize("name", list(CATEGORIES))
def test_an_unordered_game_refuses_an_order_dependent_category(tmp_path: Path, name: str) -> None:
    path = tmp_path / "unordered.cp"
    path.write_text(_game_text(["AnyPair", name] if name != "AnyPair" else ["AnyPair"]))
    if _moves_by_brute_force(CATEGORIES[name][1]):
        with pytest.raises(CpolyError, match=f"category '{name}' depends on the order"):
            load_game(path)
    else:
        assert load_game(path).category_names[-1] == name


def test_counting_an_order_dependent_definition_names_it(tmp_path: Path, capsys) -> None:
    from cpoly.cli.main import main
    path = tmp_path / "y.cp"
    path.write_text('import "poker.cp"\ngame "T"\nY = any(i in 1..2) any(j in i+1..5) δF[i],F[j]\n'
                    'categories TwoPair\npaytable "x": TwoPair 1\n')
    assert main(["count", str(path), "Y"]) == 2
    # 113533056 = the ordered deals with a pair among positions (1,2) or (1|2, later): not /120
    assert "'Y' depends on card order" in capsys.readouterr().err
