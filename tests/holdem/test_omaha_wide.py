"""The wide Omaha method (cpoly/games/holdem/omaha_gather.py): known hands against ``??`` or a range.

Oracles: every board and every holding of the wide hand listed and evaluated with pokerkit's
standard lookup over the 60 allowed fives, on small decks (dead cards, or the game's rules on
fewer ranks); the listed method (every pair evaluated directly) on full-deck turns and rivers;
pokerkit on sampled pair values; the same tally with the suit classes switched off; Monte Carlo
within five standard errors on the full flop.
"""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.errors import CpolyInputError
from cpoly.games.holdem import equity, omaha_gather
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.gamefile import rules_of
from cpoly.games.holdem.intcards import format_card
from cpoly.games.holdem.omaha_gather import pair_strengths, suit_maps, wide_tally
from cpoly.games.holdem.planner import Request, plan_method
from cpoly.games.holdem.registry import exact_tally, methods_for
from cpoly.games.holdem.rules import GameRules
from tests.holdem.omaha_oracle import brute_force, five

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "definitions" / "omaha.cp"
OMAHA = rules_of(GAME)
LOW_DEAD = " ".join(format_card(c) for c in range(32))  # 2s..9c: the deck is T..A (20 cards)


def _check(hands: list[str], board: str, dead: str, rules: GameRules) -> None:
    deal = make_deal(hands, board, dead, rules)
    assert plan_method(deal, Request(exact=True), methods_for(deal)).method == "wide"
    result = equity(hands, board, dead, exact=True, game=rules)
    boards, shares, wins, ties = brute_force(hands, board, dead, rules)
    assert result.boards == boards
    assert [p.equity_exact for p in result.players] == shares
    assert [p.win for p in result.players] == wins and [p.tie for p in result.players] == ties


@pytest.mark.parametrize("hands, board", [
    (["AsAhKsKh", "??"], "Qs Jd Th"),
    (["AsKsQhJh", "??"], "Ts Td Ac"),
    (["KdKcQdJc", "AAxx,QJxxds,Txxx"], "As Ts Jd"),
    (["AhKhQcJc", "TsTdAdKd", "??"], "Qs Js Kc"),
    (["AsAhKsKh", "??"], "Qs Jd Th Tc"),
])
def test_against_every_board_and_holding_on_twenty_cards(hands: list[str], board: str) -> None:
    _check(hands, board, LOW_DEAD, OMAHA)


def test_on_a_game_with_fewer_ranks() -> None:
    """The game's rules on the ranks T..A (a GameRules with fewer ranks), no dead cards."""
    high = replace(OMAHA, ranks=tuple(range(8, 13)))
    _check(["AsKsQhJh", "xxxxds"], "Ts Js Qd", "", high)


@pytest.mark.parametrize("hands, board", [
    (["AsAhKsKh", "??"], "2c 7d 9h 3s 8c"),
    (["AsAhKsKh", "QdJdTc9c", "??"], "2c 7d 9h 3s 8c"),
    (["AsAhKsKh", "QQxx,JTxx"], "2c 7d 9h 3s"),
    (["Ac2c3d4d", "AAxx,KKxx"], "5h 6h 7s 7c"),
    (["AsKsQsJs", "xxxxds"], "2s 3s 4h 5h"),
])
def test_against_the_listed_method_on_the_full_deck(hands: list[str], board: str) -> None:
    deal = make_deal(hands, board, "", OMAHA)
    wide, wide_holdings = exact_tally(deal, "wide")
    listed, listed_holdings = exact_tally(deal, "listed")
    assert wide_holdings == listed_holdings and wide.boards == listed.boards
    for field in ("win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share"):
        assert (getattr(wide, field) == getattr(listed, field)).all(), field


def test_pair_values_against_pokerkit() -> None:
    rng = np.random.default_rng(5)
    cards = np.argsort(rng.random((3000, 52)), axis=1)[:, :7]
    values = np.array([pair_strengths(row[None, :2], row[None, 2:], OMAHA)[0, 0] for row in cards[:300]])
    theirs = np.array([max(five(frozenset((*row[:2], *t))) for t in combinations(row[2:], 3))
                       for row in cards[:300].tolist()])
    assert (np.unique(values, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all()
    boards = cards[:50, 2:]
    pairs = cards[:40, :2]
    grid = pair_strengths(pairs, boards, OMAHA)
    one_by_one = np.array([[pair_strengths(p[None], b[None], OMAHA)[0, 0] for p in pairs] for b in boards])
    assert (grid == one_by_one).all()


def test_suit_classes_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = make_deal(["AsKsQsJs", "??"], "2s 3s 4h 5h", "", OMAHA)
    every = np.array(list(combinations(range(52), 4)))[:10]
    assert len(suit_maps([deal.board, deal.dead, deal.combos[0][0].tolist()], deal.combos[1])) == 2
    assert len(suit_maps([deal.board], every)) == 1
    with_classes, _ = wide_tally(deal, 1)
    monkeypatch.setattr(omaha_gather, "suit_maps", lambda fixed, holdings: [np.arange(52)])
    without, _ = wide_tally(deal, 1)
    for field in ("boards", "win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share"):
        assert np.array_equal(getattr(with_classes, field), getattr(without, field)), field


def test_flop_against_monte_carlo_and_progress() -> None:
    seen: list[tuple[int, int]] = []
    exact = equity(["AsAhKsKh", "??"], "2c 7d 9h", exact=True, game=GAME,
                   progress=lambda done, total: seen.append((done, total)))
    assert exact.boards == 148_995 * 820 and exact.holdings == 148_995
    assert seen[-1] == (990, 990) and len(seen) > 1
    assert exact.method_reason.startswith("exact (wide method")
    mc = equity(["AsAhKsKh", "??"], "2c 7d 9h", samples=40_000, seed=4, game=GAME)
    for e, m in zip(exact.players, mc.players):
        assert m.stderr is not None and abs(m.equity - e.equity) < 5 * m.stderr


def test_preflop_is_refused_with_its_size(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(CpolyInputError, match=r"1,712,304 boards, about [0-9,]+ s, above the 120 s"):
        equity(["AsAhKsKh", "??"], exact=True, game=GAME)
    assert main(["equity", "AsAhKsKh", "??", "--game", str(GAME), "--exact", "--json"]) == 2
    assert "too large to compute exactly" in json.dumps(json.loads(capsys.readouterr().out))
    assert main(["equity", "AsAhKsKh", "AAxx", "--board", "2c7d9h", "--game", str(GAME),
                 "--exact", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["boards"] == 903 * 820 and "wide method" in out["method_reason"]


def test_a_range_that_only_clashes_is_named() -> None:
    with pytest.raises(CpolyInputError, match="every hand of 'AsAhxx' holds a card of another hand"):
        wide_tally(make_deal(["AsAhKsKh", "AsAhxx"], "2c 7d 9h", "", OMAHA), 1)
