"""Issue 23: the category counts of a variant's ``.cp`` file, counted by the engine (``cpoly
count``), against the Hold'em evaluator's own enumeration of every seven-card hand of its deck
(the evaluator is checked against pokerkit in test_short_deck.py).  The engine counts the file's
categories symbolically by equality patterns; the evaluator plays each of the 8,347,680 hands."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.deck.hands import hand_chunks
from cpoly.games.holdem.evaluator import category_codes, evaluate
from cpoly.games.holdem.gamefile import rules_of

ROOT = Path(__file__).resolve().parents[2]
#: the evaluator's names of the categories, as the .cp files name them
CP_NAMES = {"high card": "HighCard", "pair": "OnePair", "two pair": "TwoPair", "three of a kind": "ThreeOfAKind",
            "straight": "Straight", "full house": "FullHouse", "flush": "Flush", "four of a kind": "FourOfAKind",
            "straight flush": "StraightFlush", "royal flush": "RoyalFlush"}


def _enumerated(path: Path) -> Counter[str]:
    """Hands of each category, every seven-card hand of the file's deck played by the evaluator."""
    rules = rules_of(path)
    deck = np.array(rules.deck, dtype=np.int64)
    tally: Counter[str] = Counter()
    for rows in hand_chunks(len(deck), 7, 1 << 20):
        codes = category_codes(evaluate(deck[rows.astype(np.int64)], rules), rules)
        found, counts = np.unique(codes, return_counts=True)
        for code, count in zip(found.tolist(), counts.tolist()):
            tally[CP_NAMES[rules.names[code - 1]]] += count
    return tally


@pytest.mark.parametrize("game", ["short_deck.cp", "short_deck_trips.cp"])
def test_short_deck_counts_equal_the_evaluators_enumeration(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "definitions" / game
    assert main(["count", str(path), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    paid = {row["name"]: row["paid_ways"] for row in table["categories"]}
    expected = _enumerated(path)
    assert sum(expected.values()) == table["total"] == 8_347_680  # C(36, 7)
    assert paid == dict(expected)
