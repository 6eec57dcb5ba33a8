"""Issue 21, item 1: a deal is checked as strictly as a category.

A deal that is not 0/1 somewhere (``Hand * (1 - Flush - Straight)`` is -1 on a straight flush,
``2 * Hand`` doubles every hand) is refused in every command with the deal's position and one
witness, whose value the test recomputes independently of the engine; a deal that is 0/1 but not
by construction counts exactly as brute force over every hand of a small deck says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from cpoly.api import deal_table, load_game
from cpoly.cli.main import main
from cpoly.deck.hands import all_hands
from tests.videopoker.vp_oracle import poker_categories, standard_deck

SMALL = (Path(__file__).parent / "fixtures" / "small_poker.cp").read_text(encoding="utf-8")
RANKS, SUITS = "9TJQKA", "hdc"


def _game_file(tmp_path: Path, deal: str) -> str:
    path = tmp_path / "deal.cp"
    path.write_text(SMALL.replace("deal Hand\n", f"deal {deal}\n"), encoding="utf-8")
    return str(path)


def _oracle_value(deal: str, cards: list[str]) -> int:
    """The deal's value on ``cards``, written out directly (not through the engine)."""
    faces = [RANKS.index(c[0]) for c in cards]
    suits = [SUITS.index(c[1]) for c in cards]
    hand = int(len(set(zip(faces, suits))) == 5)
    flush = int(len(set(suits)) == 1)
    straight = int(len(set(faces)) == 5 and max(faces) - min(faces) == 4)
    return {"Hand * (1 - Flush - Straight)": hand * (1 - flush - straight),
            "2 * Hand": 2 * hand,
            "Hand - 2*Flush": hand - 2 * flush}[deal]


BAD_DEALS = ["Hand * (1 - Flush - Straight)", "2 * Hand", "Hand - 2*Flush"]
COMMANDS = [["count"], ["check", "9h", "Th", "Jh", "Qh", "Kh"], ["hold", "9h", "Th", "Jh", "Qh", "Kh"],
            ["analyze"], ["strategy"], ["paytables"], ["train", "--seed", "1"]]


@pytest.mark.parametrize("deal", BAD_DEALS)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_deal_that_is_not_zero_one_is_refused_with_a_witness(tmp_path, capsys, deal, command):
    path = _game_file(tmp_path, deal)
    assert main([command[0], path, *command[1:], "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["line"], error["column"]) == (SMALL.splitlines().index("deal Hand") + 1, 1)
    match = re.search(r"deal is (-?\d+) on ((?:\S\S ){4}\S\S)", error["message"])
    assert match, error["message"]
    value, cards = int(match[1]), match[2].split()
    assert value not in (0, 1) and value == _oracle_value(deal, cards)


def test_the_refusal_shows_the_deal_and_a_caret(tmp_path, capsys):
    path = _game_file(tmp_path, "Hand * (1 - Flush - Straight)")
    assert main(["count", path]) == 2
    out, err = capsys.readouterr()
    first, source, caret = err.rstrip("\n").split("\n")
    assert out == "" and first.startswith(f"{path}:") and "deal is -1 on" in first
    assert source.strip() == "deal Hand * (1 - Flush - Straight)" and caret.strip() == "^"


@pytest.mark.parametrize("symbol", ["Suits", "Faces"])
def test_symbolic_sizes_are_checked_too(tmp_path, capsys, symbol):
    path = _game_file(tmp_path, "2 * Hand")
    assert main(["count", path, "--symbolic", symbol, "--json"]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert "deal is 2 on" in message and f"with {symbol} = " in message


def test_a_zero_one_deal_not_so_by_construction_counts_as_brute_force(tmp_path):
    """``Hand (1 - Flush - Straight + Flush Straight)`` is 0/1 (it is Hand (1 - Flush)(1 - Straight))."""
    path = _game_file(tmp_path, "Hand * (1 - Flush - Straight + Flush * Straight)")
    table = deal_table(load_game(path, use_cache=False))
    first = poker_categories(6, 3)
    faces, suits = standard_deck(6, 3)
    hands = all_hands(18, 5).astype(np.int64)
    flush = (suits[hands] == suits[hands][:, :1]).all(axis=1)
    straight_or_better = np.isin(first, (0, 1, 5))  # royal, straight flush, straight
    kept = ~flush & ~straight_or_better
    assert table.total == int(kept.sum())
    for index, row in enumerate(table.rows):
        assert row.paid_ways == int(((first == index) & kept).sum()), row.name
