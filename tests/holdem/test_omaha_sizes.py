"""Omaha with other numbers of hole cards: five (definitions/five_card_omaha.cp), six, and two
(Hold'em where both hole cards must play); games whose hands play other than two hole cards are
refused.

Oracles: pokerkit's Omaha hand (``OmahaHoldemHand.from_game`` takes any number of hole cards and
plays two) and the general evaluator's best of the allowed fives on random hands; exact equities
against every board (and every holding of a wide hand) listed and evaluated with pokerkit's
standard lookup (five-card known hands: tests/holdem/test_omaha.py); the three exact methods against each other; range sizes against a direct
count of every hand of the deck.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest
from pokerkit import OmahaHoldemHand

from cpoly.errors import CpolyInputError
from cpoly.games.holdem import equity
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.evaluator import evaluate_holdings
from cpoly.games.holdem.gamefile import rules_of
from cpoly.games.holdem.intcards import format_cards
from cpoly.games.holdem.omaha_exact import omaha_strengths
from cpoly.games.holdem.omaha_ranges import omaha_range
from cpoly.games.holdem.registry import exact_tally
from cpoly.games.holdem.rules import GameRules
from tests.holdem.omaha_oracle import brute_force, same_order

ROOT = Path(__file__).resolve().parents[2]
FIVE_CARD = ROOT / "definitions" / "five_card_omaha.cp"


def _variant(tmp: Path, hole: int, used: int = 2) -> GameRules:
    """definitions/omaha.cp with other HoleCards / HoleCardsUsed."""
    text = (ROOT / "definitions" / "omaha.cp").read_text(encoding="utf-8")
    text = text.replace("HoleCards = 4", f"HoleCards = {hole}").replace("HoleCardsUsed = 2", f"HoleCardsUsed = {used}")
    path = tmp / f"omaha_{hole}_{used}.cp"
    path.write_text(text, encoding="utf-8")
    return rules_of(path)


@pytest.fixture(scope="module")
def six_card(tmp_path_factory: pytest.TempPathFactory) -> GameRules:
    return _variant(tmp_path_factory.mktemp("six"), 6)


@pytest.fixture(scope="module")
def two_card(tmp_path_factory: pytest.TempPathFactory) -> GameRules:
    return _variant(tmp_path_factory.mktemp("two"), 2)


def test_the_file_deals_five_hole_cards() -> None:
    rules = rules_of(FIVE_CARD)
    assert (rules.hole_cards, rules.hole_used, len(rules.deck)) == (5, 2, 52)


@pytest.mark.parametrize("hole", [2, 5, 6])
def test_random_hands_against_pokerkit_and_the_evaluator(hole: int, tmp_path: Path) -> None:
    rules = rules_of(FIVE_CARD) if hole == 5 else _variant(tmp_path, hole)
    rng = np.random.default_rng(hole)
    cards = np.argsort(rng.random((400, 52)), axis=1)[:, :hole + 5]
    theirs = np.array([OmahaHoldemHand.from_game(format_cards(c[:hole]).replace(" ", ""),
                                                 format_cards(c[hole:]).replace(" ", "")).entry.index
                       for c in cards.tolist()])
    assert same_order(omaha_strengths(cards[:, :hole], cards[:, hole:], rules), theirs)
    many = np.argsort(rng.random((20_000, 52)), axis=1)[:, :hole + 5]
    direct = evaluate_holdings(many[:, :hole], many[:, hole:], rules)
    assert (omaha_strengths(many[:, :hole], many[:, hole:], rules) == direct).all()


def test_five_card_wide_hand_against_every_holding() -> None:
    """A range on the river: the wide method against every holding with pokerkit."""
    rules = rules_of(FIVE_CARD)
    hands, board = ["AsAhKsKhQd", "QQxxx"], "2c 7d 9h 3s 8c"
    deal = make_deal(hands, board, "", rules)
    wide, holdings = exact_tally(deal, "wide")
    listed, _ = exact_tally(deal, "listed")
    others = 52 - 5 - 5 - 3  # live cards that are not queens (Qd is the first hand's)
    assert holdings == comb(3, 2) * comb(others, 3) + comb(3, 3) * comb(others, 2)
    assert (wide.share == listed.share).all() and (wide.cat_win == listed.cat_win).all()
    boards, shares, _, _ = brute_force(hands, board, "", rules)
    assert wide.boards == boards
    result = equity(hands, board, exact=True, game=rules)
    assert [p.equity_exact for p in result.players] == shares


def test_six_and_two_hole_cards_exact(six_card: GameRules, two_card: GameRules) -> None:
    for rules, hands, board in [(six_card, ["AsAhKsKhQdJd", "QcJcTc9c8d7d"], "2c 7h 9h 3s"),
                                (two_card, ["AsKs", "QdQc"], "2s 7s 9h"),
                                (two_card, ["AsKs", "??"], "2s 7s 9h 3d")]:
        result = equity(hands, board, exact=True, game=rules)
        boards, shares, wins, _ = brute_force(hands, board, "", rules)
        assert (result.boards, [p.equity_exact for p in result.players]) == (boards, shares)
        assert [p.win for p in result.players] == wins


def test_five_card_ranges_against_every_hand() -> None:
    rules = rules_of(FIVE_CARD)
    deck = list(rules.deck)
    every = np.array(list(combinations(deck, 5)), dtype=np.int64)
    suits = np.sort((every[:, :, None] % 4 == np.arange(4)).sum(axis=1), axis=1)[:, ::-1]
    counts = {suffix: int((suits == want).all(axis=1).sum()) for suffix, want in [("ds", [2, 2, 1, 0]), ("ss", [2, 1, 1, 1])]}
    assert len(omaha_range("xxxxxds", deck, rules)) == counts["ds"] == 6 * comb(13, 2) ** 2 * 2 * 13
    assert len(omaha_range("xxxxxss", deck, rules)) == counts["ss"]
    aces = int(((every // 4 == 12).sum(axis=1) >= 2).sum())
    assert len(omaha_range("AAxxx", deck, rules)) == aces
    assert len(omaha_range("??", deck, rules)) == len(omaha_range("random", deck, rules)) == comb(52, 5)


def test_sizes_are_named_in_errors(six_card: GameRules, tmp_path: Path) -> None:
    five = rules_of(FIVE_CARD)
    with pytest.raises(CpolyInputError, match="an Omaha hand is 5"):
        equity(["AsAhKsKh", "QdJdTc9c8c"], game=five)
    with pytest.raises(CpolyInputError, match="an Omaha hand is 5"):
        equity(["AAxx", "QdJdTc9c8c"], game=five)
    with pytest.raises(CpolyInputError, match="no 6-card hand of four suits has 1 suited pair"):
        equity(["xxxxxxss", "QdJdTc9c8c7c"], game=six_card)
    for used in (0, 3):
        with pytest.raises(CpolyInputError, match=f"HoleCardsUsed = {used}; Omaha equity counts games whose "
                                                  f"hands play exactly 2 hole cards"):
            equity(["AsAhKsKh", "QdJdTc9c"], board="2c 7d 9h", game=_variant(tmp_path, 4, used))
