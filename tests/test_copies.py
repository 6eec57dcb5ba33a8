"""Decks with copies of every card (two decks): counts weigh physical cards, not card values."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import numpy as np
import pytest

from cpoly.api import deal_table, load_game
from tests.conftest import FIXTURES


def _two_deck_game(tmp_path, suits: int):
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    text = text.replace("deal Hand", "deal Hand2\ncopies 2")
    # the seed's two-deck hand: no three identical cards (the copies weight also forbids them)
    text += "Hand2 = prod(i<j<k in 1..5) (1 - δF[i],F[j],F[k] δS[i],S[j],S[k])\n"
    # five of a kind hits all ten terms of the fixture's FullHouse: OR them (as double_deck_jacks.cp)
    text = re.sub(r"FullHouse = \(.*?\)\n(?=ThreeOfAKind)", "FullHouse = any(i<j<k in 1..5) any(l<m in 1..5) "
                  "(δF[i],F[j],F[k] δF[l],F[m] (1 - δl,i) (1 - δl,j) (1 - δl,k) (1 - δm,i) (1 - δm,j) (1 - δm,k))\n",
                  text, flags=re.DOTALL)
    path = tmp_path / "two_decks.cp"
    path.write_text(text, encoding="utf-8")
    return load_game(path, overrides={"Suits": suits})


@pytest.mark.parametrize("suits", [2, 3])
def test_two_deck_deal_table_counts_physical_hands(tmp_path, suits):
    game = _two_deck_game(tmp_path, suits)
    physical = [(f, s, copy) for f in range(6) for s in range(suits) for copy in range(2)]
    hands = np.array([[(f, s) for f, s, _ in hand] for hand in itertools.combinations(physical, 5)])
    classes = Counter(game.classify(hands).tolist())
    table = deal_table(game)
    assert table.total == len(hands)
    for index, row in enumerate(table.rows):
        assert row.paid_ways == classes[index], row.name


def test_double_deck_jacks_against_closed_forms():
    """104 physical cards: closed-form counts (independent of the engine)."""
    from math import comb

    from tests.conftest import DEFINITIONS

    table = deal_table(load_game(DEFINITIONS / "double_deck_jacks.cp"))
    rows = {r.name: (r.ways, r.paid_ways) for r in table.rows}
    assert table.total == comb(104, 5)
    assert rows["RoyalFlush"] == (4 * 2**5, 4 * 2**5)            # each card in two copies
    assert rows["FiveOfAKind"][0] == 13 * comb(8, 5)               # 8 physical cards per face
    assert rows["FourOfAKind"][1] == 13 * comb(8, 4) * (104 - 8)   # exactly four of a face
    assert rows["StraightFlush"] == (10 * 4 * 2**5, 9 * 4 * 2**5)
    assert rows["Flush"][0] == 4 * comb(26, 5)                     # 26 physical cards per suit


def test_copies_beyond_the_deck_are_refused(capsys):
    from cpoly.cli.main import main
    from tests.conftest import DEFINITIONS

    path = str(DEFINITIONS / "double_deck_jacks.cp")
    assert main(["check", path, "Ah", "Ah", "Ah", "Kd", "2c"]) == 2
    assert "duplicate card 'Ah' (the deck has 2 copies" in capsys.readouterr().err
    assert main(["check", path, "Ah", "Ah", "Ad", "Ad", "Ac", "--json"]) == 0
    assert '"FiveOfAKind"' in capsys.readouterr().out
    assert main(["check", path, "Ah", "Ah", "Ad", "Kd", "Kd", "--json"]) == 0
    assert '"FullHouse"' in capsys.readouterr().out
