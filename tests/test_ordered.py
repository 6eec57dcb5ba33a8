"""Ordered deal spaces: counts of ordered deals, never divided by hand size."""

from __future__ import annotations

import pytest

from cpoly.api import count_deals, deal_table, dense_count, load_game
from cpoly.cli.main import main
from tests.conftest import DEFINITIONS, FIXTURES
from tests.test_deal_table import PUBLISHED


def test_sequential_royal_deal_table():
    table = deal_table(load_game(DEFINITIONS / "sequential_royal.cp"))
    rows = {r.name: (r.ways, r.paid_ways) for r in table.rows}
    assert table.total == 52 * 51 * 50 * 49 * 48
    assert rows["SequentialRoyal"] == (4, 4)            # one order of each suit's royal
    assert rows["RoyalFlush"] == (4 * 120, 4 * 120 - 4)
    for name, (ways, paid) in PUBLISHED.items():        # the rest: 120 orders of each hand
        if name != "RoyalFlush":
            assert rows[name] == (ways * 120, paid * 120), name


def test_position_dependent_category_matches_brute_force(tmp_path):
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    text = text.replace("deal Hand", "deal Hand\nordered")
    text += "Ascending = prod(i in 1..4) δF[i]{Nine-King} * (1 - δF[5]{Nine})\n"
    path = tmp_path / "ordered.cp"
    path.write_text(text, encoding="utf-8")
    game = load_game(path, overrides={"Suits": 3})
    node = game.lowerer.definition("Ascending")
    assert count_deals(game, node) == dense_count(game, node)


def test_the_sequential_royal_is_checked_in_order(capsys):
    path = str(DEFINITIONS / "sequential_royal.cp")
    assert main(["check", path, "Th", "Jh", "Qh", "Kh", "Ah", "--json"]) == 0
    assert '"SequentialRoyal"' in capsys.readouterr().out


@pytest.mark.parametrize("cards", ["Ah Kh Qh Jh Th", "Kh Th Jh Qh Ah"])
def test_unordered_royals_are_plain_royals(cards, capsys):
    assert main(["check", str(DEFINITIONS / "sequential_royal.cp"), *cards.split(), "--json"]) == 0
    assert '"RoyalFlush"' in capsys.readouterr().out
