"""Exact equity against a published figure and against brute-force enumeration.

Two independent oracles: (1) every board listed and evaluated by eval7 (postflop cases),
(2) every board listed and evaluated by the vectorised evaluator (preflop cases, which checks the
board-suit combinatorics; the evaluator itself is checked against peers in test_evaluator).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import eval7
import numpy as np
import pytest

from cpoly.games.holdem.deal import joint_holdings, make_deal
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import category_codes, evaluate
from cpoly.games.holdem.intcards import format_card, format_cards
from cpoly.games.holdem.tally import Tally, tally_showdowns

EVAL7_CODES = {
    "High Card": 1, "Pair": 2, "Two Pair": 3, "Trips": 4, "Straight": 5, "Flush": 6,
    "Full House": 7, "Quads": 8, "Straight Flush": 9,
}
ROYAL = eval7.evaluate([eval7.Card(c) for c in ["As", "Ks", "Qs", "Js", "Ts"]])
E7 = [eval7.Card(format_card(c)) for c in range(52)]


def _eval7_showdown(holes: list[tuple[int, ...]], board: tuple[int, ...]) -> dict[str, list]:
    values = [eval7.evaluate([E7[c] for c in hole + board]) for hole in holes]
    codes = [10 if v == ROYAL else EVAL7_CODES[eval7.handtype(v)] for v in values]
    return {"values": values, "codes": codes}


def brute_force_eval7(hands: list[str], board: tuple[int, ...], dead: tuple[int, ...]) -> dict:
    """Per-player win/tie/share/category counts by listing every holding and every board."""
    deal = make_deal(hands, board, dead)
    players = len(hands)
    out = {"boards": 0, "win": [0] * players, "tie": [0] * players,
           "share": [Fraction(0)] * players,
           "cat": [[[0, 0, 0] for _ in range(10)] for _ in range(players)]}
    for holding in joint_holdings(deal):
        used = {c for h in holding for c in h} | set(board) | set(dead)
        deck = [c for c in range(52) if c not in used]
        for extra in combinations(deck, 5 - len(board)):
            show = _eval7_showdown(list(holding), board + extra)
            best = max(show["values"])
            winners = [p for p, v in enumerate(show["values"]) if v == best]
            out["boards"] += 1
            for p in range(players):
                cat = out["cat"][p][show["codes"][p] - 1]
                cat[2] += 1
                if p in winners:
                    out["share"][p] += Fraction(1, len(winners))
                    key = 0 if len(winners) == 1 else 1
                    cat[key] += 1
                    out["win" if key == 0 else "tie"][p] += 1
    return out


def assert_matches(result, expected: dict) -> None:
    assert result.exact and result.boards == expected["boards"]
    for p, player in enumerate(result.players):
        assert player.win == expected["win"][p]
        assert player.tie == expected["tie"][p]
        assert player.equity_exact == expected["share"][p] / expected["boards"]
        got = [[c.win, c.tie, c.occur] for c in player.by_category]
        assert got == expected["cat"][p]


def _random_case(seed: int) -> tuple[list[str], tuple[int, ...], tuple[int, ...]]:
    """2-6 players, flop/turn/river, 0-3 dead cards; every third case has a one-suit board."""
    rng = np.random.default_rng(seed)
    players = int(rng.integers(2, 7))
    board_size = int(rng.choice([3, 4, 5]))
    dead_size = int(rng.integers(0, 4))
    deck = [int(c) for c in rng.permutation(52)]
    if seed % 3 == 0:
        deck.sort(key=lambda card: card % 4 != 1)  # hearts first (stable: still shuffled)
    board = tuple(deck[:board_size])
    rest = [int(c) for c in rng.permutation(deck[board_size:])]
    hands = [format_cards(rest[2 * p:2 * p + 2]).replace(" ", "") for p in range(players)]
    dead = tuple(rest[2 * players:2 * players + dead_size])
    return hands, board, dead


@pytest.mark.parametrize("seed", range(24))
def test_random_postflop_against_eval7(seed: int) -> None:
    hands, board, dead = _random_case(seed)
    result = equity(hands, board, dead, exact=True)
    assert_matches(result, brute_force_eval7(hands, board, dead))
    if seed % 3 == 0:
        assert any(p.category("flush").occur for p in result.players)


@pytest.mark.parametrize(("hands", "board", "dead"), [
    (["??", "AsKd"], "2c 7d 9h Th 3h", ""),
    (["QQ+,AKs", "JJ,AQ"], "2h 7h 9h Jc", ""),
    (["AhKh", "??"], "Qh Jh 2c 3d 4s", "5h"),
    (["KK+", "AKs", "??"], "Ah Kh Qh Jh Th", ""),
    (["22", "A2s+"], "2c 3c 4c 5s", "Ac"),
])
def test_ranges_against_eval7(hands: list[str], board: str, dead: str) -> None:
    from cpoly.games.holdem.intcards import parse_cards

    board_cards, dead_cards = parse_cards(board), parse_cards(dead)
    result = equity(hands, board, dead, exact=True)
    assert_matches(result, brute_force_eval7(hands, board_cards, dead_cards))


def test_published_aces_vs_kings() -> None:
    result = equity(["AsAh", "KsKh"])
    aces, kings = result.players
    assert result.boards == 1_712_304
    assert (aces.win, kings.win, aces.tie, kings.tie) == (1_410_336, 292_660, 9_308, 9_308)
    assert aces.equity_exact == Fraction(707495, 856152)
    assert kings.equity_exact == 1 - Fraction(707495, 856152)
    assert round(100 * aces.equity, 7) == 82.6366113


def _vectorised_brute_force(holes: list[tuple[int, int]], dead: tuple[int, ...]) -> Tally:
    used = {c for h in holes for c in h} | set(dead)
    deck = np.array([c for c in range(52) if c not in used])
    boards = deck[np.array(list(combinations(range(len(deck)), 5)))]
    total = Tally.zero(len(holes))
    for chunk in np.array_split(boards, 8):
        strengths = np.stack([
            evaluate(np.concatenate([np.broadcast_to(h, (len(chunk), 2)), chunk], axis=1))
            for h in holes], axis=1)
        total = total + tally_showdowns(strengths, np.ones(len(chunk), dtype=np.int64))
    return total


@pytest.mark.slow
@pytest.mark.parametrize(("hands", "dead"), [
    (["AcKc", "AdKd", "Td4c"], ""),
    (["7h6h", "8s8c", "Ah2h"], "Kh 3h"),
])
def test_preflop_against_listing_every_board(hands: list[str], dead: str) -> None:
    result = equity(hands, dead=dead, exact=True)
    deal = make_deal(hands, dead=dead)
    expected = _vectorised_brute_force([r[0] for r in deal.ranges], deal.dead)
    assert result.boards == expected.boards
    for p, player in enumerate(result.players):
        assert (player.win, player.tie) == (expected.win[p], expected.tie[p])
        assert player.equity_exact == Fraction(int(expected.share[p]), 2520 * expected.boards)
        assert [c.occur for c in player.by_category] == expected.cat_occur[p].tolist()
        assert [c.win for c in player.by_category] == expected.cat_win[p].tolist()


def test_three_way_equal_equity_hands() -> None:
    # Seed 000's answer: AcKc AdKd Td4c are as close to 1/3 each as three hands get.
    result = equity(["AcKc", "AdKd", "Td4c"])
    assert sum(p.equity_exact for p in result.players) == 1
    assert all(abs(p.equity - 1 / 3) < 2e-5 for p in result.players)


def test_categories_sum_to_boards() -> None:
    result = equity(["AsAh", "KsKh", "7c6c"], board="2h 7h 9s")
    for player in result.players:
        assert sum(c.occur for c in player.by_category) == result.boards
        assert sum(c.win for c in player.by_category) == player.win
        assert sum(c.tie for c in player.by_category) == player.tie
    assert category_codes(np.array([0x900000 | 12 << 16])).tolist() == [10]


def test_progress_reports_every_suit_class_and_every_sample() -> None:
    seen: list[tuple[int, int]] = []
    exact = equity(["AsAh", "KsKh"], board="2c 7d 9h", exact=True, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] and [d for d, _ in seen] == list(range(1, len(seen) + 1))
    seen.clear()
    sampled = equity(["AsAh", "KsKh"], samples=250_000, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (250_000, 250_000) and len(seen) >= 2
    assert exact.exact and not sampled.exact
