"""Omaha ranges (cpoly/games/holdem/omaha_ranges.py) against an independent matcher.

Oracle: every four cards of a small deck tested against each item by trying all 24 ways of
giving the hand's cards to the item's slots (the module builds the hands instead, from rank and
card choices); suit patterns by the number of distinct suits; the suit-pattern counts of the
full deck against their closed forms (rainbow, single-, double-suited, three and four of a
suit sum to C(52, 4)).  Equities of ranges against an independent enumeration with pokerkit.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.errors import CpolyInputError
from cpoly.games.holdem import equity
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.gamefile import rules_of
from cpoly.games.holdem.intcards import RANKS, parse_card, parse_cards
from cpoly.games.holdem.omaha_ranges import omaha_range
from tests.holdem.omaha_oracle import value

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "definitions" / "omaha.cp"
OMAHA = rules_of(GAME)
FULL = list(OMAHA.deck)
SMALL = [c for c in FULL if c // 4 >= 7]  # 9 to A: 24 cards


def _slot_matches(slot: str, card: int) -> bool:
    if slot in "x*?":
        return True
    if len(slot) == 1:
        return RANKS.index(slot.upper()) == card // 4
    return parse_card(slot) == card


def _brute(slots: list[str], suits: str, live: list[int]) -> set[tuple[int, ...]]:
    """Every four cards that can be given to ``slots`` one each, with the suit pattern."""
    found = set()
    for hand in combinations(live, 4):
        distinct = len({c % 4 for c in hand})
        counts = sorted(np.bincount([c % 4 for c in hand], minlength=4).tolist())
        if suits == "ds" and counts != [0, 0, 2, 2] or suits == "ss" and distinct != 3 \
                or suits == "ss" and max(counts) != 2:
            continue
        if any(all(_slot_matches(s, c) for s, c in zip(slots, order)) for order in permutations(hand)):
            found.add(tuple(sorted(hand, reverse=True)))
    return found


def _as_set(hands: np.ndarray) -> set[tuple[int, ...]]:
    return set(map(tuple, hands.tolist()))


@pytest.mark.parametrize("text, slots, suits", [
    ("AAxx", ["A", "A", "x", "x"], ""),
    ("AKQJ", ["A", "K", "Q", "J"], ""),
    ("akqj", ["A", "K", "Q", "J"], ""),
    ("AAKKds", ["A", "A", "K", "K"], "ds"),
    ("AKQJss", ["A", "K", "Q", "J"], "ss"),
    ("AsKsxx", ["As", "Ks", "x", "x"], ""),
    ("AsAh??", ["As", "Ah", "x", "x"], ""),
    ("K x * ?", ["K", "x", "x", "x"], ""),
    ("QQJ*ds", ["Q", "Q", "J", "x"], "ds"),
    ("xxxxss", ["x", "x", "x", "x"], "ss"),
    ("AAAA", ["A", "A", "A", "A"], ""),
    ("10h9xx", ["Th", "9", "x", "x"], ""),
    ("AsAxx", ["As", "A", "x", "x"], ""),
    ("AdKxxds", ["Ad", "K", "x", "x"], "ds"),
])
def test_items_against_every_hand(text: str, slots: list[str], suits: str) -> None:
    assert _as_set(omaha_range(text, SMALL)) == _brute(slots, suits, SMALL)


def test_unions_are_sets_of_hands() -> None:
    union = _as_set(omaha_range("AAxx,KKxx, AAKK", SMALL))
    assert union == _brute(["A", "A", "x", "x"], "", SMALL) | _brute(["K", "K", "x", "x"], "", SMALL)
    assert len(omaha_range("random", SMALL)) == len(omaha_range("??", SMALL)) == comb(24, 4)


def test_suit_patterns_of_the_full_deck() -> None:
    """Closed forms: double-suited C(4,2) C(13,2)^2, single-suited 4 C(13,2) C(3,2) 13^2; with
    rainbow 13^4, three of a suit 4 C(13,3) 3*13 and four 4 C(13,4) they make every hand."""
    double, single = len(omaha_range("xxxxds", FULL)), len(omaha_range("xxxxss", FULL))
    assert double == 6 * 78 ** 2 == 36_504
    assert single == 4 * 78 * 3 * 169 == 158_184
    assert double + single + 13 ** 4 + 4 * comb(13, 3) * 39 + 4 * comb(13, 4) == comb(52, 4)
    assert len(omaha_range("AAxx", FULL)) == 6 * comb(48, 2) + 4 * 48 + 1


@pytest.mark.parametrize("text, message", [
    ("AAKKx", "'AAKKx': it has 5 slots, an Omaha hand is 4"),
    ("AAK", "'AAK': it has 3 slots"),
    ("2c7d9h", "a board? write it after --board"),
    ("AsAsxx", "card 'As' is written twice"),
    ("AQZx", "'Z' is not a suit, a rank or a wildcard"),
    ("ZAxx", "'Z' is not a rank, a card or a wildcard"),
    ("AAxx@50", "Omaha ranges take no weights"),
    ("AAxx,,KKxx", "empty item in Omaha range"),
    ("  ", "empty Omaha hand"),
    ("AAKds", "'AAKds'"),
])
def test_bad_items_are_named(text: str, message: str) -> None:
    with pytest.raises(CpolyInputError, match=message.replace("?", r"\?")):
        omaha_range(text, FULL)


def test_cards_outside_the_deck_and_used_cards() -> None:
    high = replace(OMAHA, ranks=tuple(range(7, 13)))
    with pytest.raises(CpolyInputError, match=r"card '2s' \(hand '2sAxx'\) is not in the deck"):
        omaha_range("2sAxx", list(high.deck), high)
    with pytest.raises(CpolyInputError, match=r"duplicate card 'Ks' \(hand 1 'AsKsxx'"):
        make_deal(["AsKsxx", "??"], "Ks 7d 2c", rules=OMAHA)
    with pytest.raises(CpolyInputError, match="hand 2 'AAAA' has no hand left"):
        make_deal(["KsKhQsQh", "AAAA"], "As 7d 2c", rules=OMAHA)
    assert len(make_deal(["KsKhQsQh", "AAxx,AsAdxx"], "As 7d 2c", rules=OMAHA).combos[1]) \
        == 3 * comb(46, 2) + 46


def test_cli_names_the_bad_item(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAhKsKh", "AAxx,KQZx", "--game", str(GAME)]) == 2
    assert "bad Omaha hand 'KQZx'" in capsys.readouterr().err
    assert main(["equity", "AsAhKsKh", "AAxx@50", "--game", str(GAME), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)
    assert "no weights" in json.dumps(error)


def test_range_equity_against_pokerkit_on_the_river() -> None:
    """A range against a known hand on the river: every holding of the range evaluated with
    pokerkit, each holding one equally weighted deal."""
    board = parse_cards("Ks Qs 7s 7d 2h")
    known = parse_cards("AsJsTh9h")
    result = equity(["AsJsTh9h", "KKxx,QJxxds,87xx"], "Ks Qs 7s 7d 2h", exact=True, game=GAME)
    hands = make_deal(["AsJsTh9h", "KKxx,QJxxds,87xx"], board, rules=OMAHA).combos[1]
    share, wins, count = Fraction(0), 0, 0
    for hand in hands.tolist():
        if set(hand) & set(known):
            continue
        ours, theirs = value(tuple(known), tuple(board)), value(tuple(hand), tuple(board))
        count += 1
        wins += ours > theirs
        share += 1 if ours > theirs else Fraction(1, 2) if ours == theirs else 0
    assert result.boards == result.holdings == count
    assert result.players[0].win == wins and result.players[0].equity_exact == share / count
