"""Omaha (definitions/omaha.cp; five_card_omaha.cp for the exact equities too) against pokerkit and
brute force.

Oracles: pokerkit's Omaha hand (``OmahaHoldemHand.from_game``: two hole cards, three board cards)
on random hands; exact equities against every board listed and evaluated with pokerkit's
standard lookup over the 60 allowed fives; the two exact methods (board-suit combinatorics per
holding, every pair listed) against each other; Monte Carlo within five standard errors.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from pokerkit import OmahaHoldemHand

from cpoly.cli.main import main
from cpoly.errors import CpolyInputError
from cpoly.games.holdem import Table, equity
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.evaluator import evaluate_holdings
from cpoly.games.holdem.gamefile import rules_of
from cpoly.games.holdem.intcards import format_cards, parse_cards
from cpoly.games.holdem.omaha_exact import omaha_strengths
from cpoly.games.holdem.registry import exact_tally
from tests.holdem.omaha_oracle import brute_force, same_order

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "definitions" / "omaha.cp"
FIVE_CARD = ROOT / "definitions" / "five_card_omaha.cp"
OMAHA = rules_of(GAME)


def test_rules_from_the_file() -> None:
    assert OMAHA.hole_cards == 4 and OMAHA.hole_used == 2 and len(OMAHA.deck) == 52
    assert OMAHA.names[-1] == "royal flush" and len(OMAHA.windows) == 10


def test_random_hands_against_pokerkit() -> None:
    rng = np.random.default_rng(11)
    cards = np.argsort(rng.random((600, 52)), axis=1)[:, :9]
    theirs = np.array([OmahaHoldemHand.from_game(format_cards(c[:4]).replace(" ", ""),
                                                 format_cards(c[4:]).replace(" ", "")).entry.index
                       for c in cards.tolist()])
    fast = omaha_strengths(cards[:, :4], cards[:, 4:], OMAHA)
    assert same_order(fast, theirs)
    many = np.argsort(rng.random((20_000, 52)), axis=1)[:, :9]  # the fast path = the 60 fives
    assert (omaha_strengths(many[:, :4], many[:, 4:], OMAHA) == evaluate_holdings(many[:, :4], many[:, 4:], OMAHA)).all()


@pytest.mark.parametrize("game, hands, board, dead", [
    (GAME, ["AsAhKsKh", "QdJdTc9c"], "2c 7d 9h 3s", ""),
    (GAME, ["AsAhKsKh", "QdJdTc9c"], "2c 7d 9h", ""),
    (GAME, ["AhKh5h4c", "QhJh9d8d", "7s7c6s6c"], "2h Td 3c", "Ac"),
    (GAME, ["AsKsQsJs", "Ad2d3h4h"], "5s 6s 7d", "8s 9s"),
    (FIVE_CARD, ["AsAhKsKhQd", "QcJdTc9c8d"], "2c 7d 9h 3s", ""),
    (FIVE_CARD, ["AsAhKsKhQd", "QcJdTc9c8d", "7s6s5h4h3d"], "2s Td 3c", "Ac Kc"),
    (FIVE_CARD, ["AhKh5h4c3c", "QhJh9d8d2d"], "5s 6s 7d 8s", ""),
])
def test_exact_against_every_board(game: Path, hands: list[str], board: str, dead: str) -> None:
    rules = rules_of(game)
    result = equity(hands, board, dead, exact=True, game=rules)
    boards, shares, wins, _ = brute_force(hands, board, dead, rules)
    assert result.boards == boards
    assert [p.equity_exact for p in result.players] == shares
    assert [p.win for p in result.players] == wins
    deal = make_deal(hands, board, dead, rules)
    by_holding, _ = exact_tally(deal, "holdings")
    listed, _ = exact_tally(deal, "listed")
    assert (by_holding.share == listed.share).all() and (by_holding.cat_occur == listed.cat_occur).all()


def test_preflop_by_combinatorics_against_every_board() -> None:
    """Preflop with the sixteen cards 2..5 dead: all 98,280 boards evaluated directly."""
    dead = "2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 4d 4c 5s 5h 5d 5c"
    hands = ["AsAhKsKh", "QsJsTs9c"]
    deal = make_deal(hands, "", dead, OMAHA)
    by_holding, _ = exact_tally(deal, "holdings")
    listed, _ = exact_tally(deal, "listed")
    assert by_holding.boards == listed.boards == 98_280
    assert (by_holding.share == listed.share).all() and (by_holding.cat_win == listed.cat_win).all()
    assert (by_holding.cat_tie == listed.cat_tie).all()


def test_unknown_hands_monte_carlo_and_table() -> None:
    exact = equity(["AsAh??", "QdJdTc9c"], "2c 7d 9h 3s 8c", exact=True, game=GAME)
    assert exact.boards == comb_count(52 - 5 - 4 - 2, 2)
    mc = equity(["AsAhKsKh", "QdJdTc9c"], "2c 7d 9h", samples=60_000, seed=2, game=GAME)
    flop = equity(["AsAhKsKh", "QdJdTc9c"], "2c 7d 9h", exact=True, game=GAME)
    for e, m in zip(flop.players, mc.players):
        assert m.stderr is not None and abs(m.equity - e.equity) < 5 * m.stderr
    table = Table(2, game=GAME)
    table.set_hole(0, "AsAhKsKh")
    table.set_hole(1, "QdJdTc9c")
    table.set_flop("2c 7d 9h")
    assert table.exact() == flop


def comb_count(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def test_bad_omaha_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(CpolyInputError, match="an Omaha hand is 4"):
        equity(["AsAhKs", "QdJdTc9c"], game=GAME)
    with pytest.raises(CpolyInputError, match="duplicate card 'Ks'"):
        equity(["AsAhKsKh", "QdJdTc9c"], board="2c 7d Ks", game=GAME)
    assert main(["equity", "AsAhKsKh", "QdJdTc9c", "--board", "2c7d9h", "--game", str(GAME), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == OMAHA.title and out["boards"] == 820
    assert main(["eval", "As", "Ah", "Ks", "Kh", "Qs", "Js", "Ts", "--game", str(GAME), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["category"] == "royal flush" and set(shown["best_five"]) == set(format_cards(parse_cards("AsKsQsJsTs")).split())
    assert main(["eval", "As", "Ah", "Ks", "Kh", "Qs", "--game", str(GAME)]) == 2
    assert "4 hole cards, then 3 to 5 board cards" in capsys.readouterr().err
