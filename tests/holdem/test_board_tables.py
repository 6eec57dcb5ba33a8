"""The shared tables of the board-suit method, and the method forced on postflop deals.

Oracles: rank-only strengths straight from rank counts (``strength_from_counts``), rank
multisets rebuilt by hand, a showdown tally written as a plain loop, and every board listed and
evaluated by eval7 (through ``brute_force_eval7`` of test_equity_exact's kind, rewritten here).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import eval7
import numpy as np
import pytest

from cpoly.deck.ranks import rank_multisets, rank_sets
from cpoly.games.holdem.boards import (
    HOLE_PAIRS,
    event_index,
    flush_table,
    multiset_suitings,
    player_columns,
    strength_table,
)
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.evaluator import evaluate, flush_strength, game_rules, strength_from_counts
from cpoly.games.holdem.gamefile import resolve_game
from cpoly.games.holdem.intcards import format_card, parse_cards
from cpoly.games.holdem.registry import exact_tally
from cpoly.games.holdem.tally import SHARE_UNIT, tally_columns, tally_showdowns

E7 = [eval7.Card(format_card(c)) for c in range(52)]


@pytest.mark.parametrize("game", [None, "definitions/short_deck.cp"])
@pytest.mark.parametrize(("board", "unknown"), [("", 5), ("Ah 7d 7c", 2), ("2c 2d 2h 9s", 1)])
def test_strength_table_against_rank_counts(game: str | None, board: str, unknown: int) -> None:
    rules = resolve_game(game)
    board_counts = np.bincount(np.array(parse_cards(board), dtype=np.int64) // 4, minlength=13)
    table = strength_table(rules, tuple(board_counts.tolist()), unknown)
    multisets = rank_multisets(unknown)
    rng = np.random.default_rng(unknown)
    rows = rng.integers(0, len(multisets), 400)
    columns = rng.integers(0, len(HOLE_PAIRS), 400)
    hole = np.zeros((400, 13), dtype=np.int64)
    for i, (a, b) in enumerate(HOLE_PAIRS[columns].tolist()):
        for rank in (a, b):
            if rank < 13:
                hole[i, rank] += 1
    counts = np.minimum(multisets[rows] + board_counts + hole, 4)
    feasible = (multisets[rows] + board_counts + hole <= 4).all(axis=1)
    expected = strength_from_counts(counts, rules)
    assert (table[rows, columns][feasible] == expected[feasible]).all()
    assert player_columns(hole[:3]).tolist() == columns[:3].tolist()


@pytest.mark.parametrize(("unknown", "size"), [(5, 3), (5, 4), (5, 5), (2, 2), (4, 3)])
def test_event_index_is_the_multiset_of_the_new_cards(unknown: int, size: int) -> None:
    index = event_index(unknown, size)
    sets, rest = rank_sets(size), rank_multisets(unknown - size)
    assert index.shape == (len(sets), len(rest))
    bits = (sets[:, None] >> np.arange(13)) & 1
    for i, j in [(i, j) for i in range(0, len(sets), 7) for j in range(0, len(rest), 5)]:
        counts = bits[i] + rest[j]
        if counts.max() > 4:
            assert index[i, j] == -1
        else:
            assert rank_multisets(unknown)[index[i, j]].tolist() == counts.tolist()


def test_flush_table_is_the_flush_strength_of_every_mask() -> None:
    rules = game_rules(None)
    masks = np.arange(8192, dtype=np.int64)
    assert (flush_table(rules) == flush_strength(masks, rules)).all()
    assert flush_table(rules)[0b11111].tolist() >> 20 == 9 and flush_table(rules)[0b1111] == 0


def _loop_tally(strengths: list[list[int]], weights: list[int]) -> dict[str, list[int]]:
    players = len(strengths[0])
    out = {"win": [0] * players, "tie": [0] * players, "share": [0] * players}
    for row, weight in zip(strengths, weights):
        best = max(row)
        winners = [p for p in range(players) if row[p] == best]
        for p in winners:
            out["win" if len(winners) == 1 else "tie"][p] += weight
            out["share"][p] += weight * (SHARE_UNIT // len(winners))
    return out


def test_tally_columns_against_a_loop() -> None:
    rng = np.random.default_rng(5)
    strengths = (rng.integers(1, 4, (300, 4)) << 20) | (rng.integers(0, 2, (300, 4)) << 16)
    weights = rng.integers(-5, 9, 300)
    tally = tally_columns(strengths.T, weights)
    expected = _loop_tally(strengths.tolist(), weights.tolist())
    assert tally.win.tolist() == expected["win"] and tally.tie.tolist() == expected["tie"]
    assert tally.share.tolist() == expected["share"]
    assert tally.boards == int(weights.sum())
    assert tally.cat_occur.sum(axis=1).tolist() == [tally.boards] * 4
    same = tally_showdowns(strengths, weights)
    assert same.cat_share.tolist() == tally.cat_share.tolist()


def _listed(hands: list[str], board: str, dead: str) -> tuple[int, list[int], list[Fraction]]:
    """Boards, wins alone and pot shares by listing every completion (eval7)."""
    holes = [tuple(parse_cards(h)) for h in hands]
    known = tuple(parse_cards(board))
    used = {c for h in holes for c in h} | set(known) | set(parse_cards(dead))
    deck = [c for c in range(52) if c not in used]
    boards, wins, shares = 0, [0] * len(holes), [Fraction(0)] * len(holes)
    for extra in combinations(deck, 5 - len(known)):
        values = [eval7.evaluate([E7[c] for c in h + known + extra]) for h in holes]
        best = max(values)
        winners = [p for p, v in enumerate(values) if v == best]
        boards += 1
        for p in winners:
            shares[p] += Fraction(1, len(winners))
            wins[p] += len(winners) == 1
    return boards, wins, shares


@pytest.mark.parametrize(("hands", "board", "dead"), [
    (["AsKs", "QsJs", "9s8s"], "2s 7s 3d", ""),        # three players flush in one suit
    (["AhAd", "KhQh"], "Kd Kc 2h", "3h"),               # a full house against a flush
    (["7c6c", "AdKd"], "5c 4c Td Jd", ""),              # straight flush draws in two suits
    (["2d2c", "AsQh"], "9h 9s Ts 4h 4s", ""),           # river: no card to come
])
def test_board_suit_method_on_postflop_deals(hands: list[str], board: str, dead: str) -> None:
    deal = make_deal(hands, board, dead)
    tally, holdings = exact_tally(deal, method="holdings")
    boards, wins, shares = _listed(hands, board, dead)
    assert holdings == 1 and tally.boards == boards
    assert tally.win.tolist() == wins
    assert [Fraction(int(s), SHARE_UNIT) for s in tally.share] == shares


def test_board_suit_method_on_short_deck_flop() -> None:
    rules = resolve_game("definitions/short_deck.cp")
    hands, board = ["AsKs", "QhQd", "9s8s"], "6s 7s Qc"
    deal = make_deal(hands, board, "", rules)
    tally, _ = exact_tally(deal, method="holdings")
    holes = [tuple(parse_cards(h)) for h in hands]
    known = tuple(parse_cards(board))
    used = {c for h in holes for c in h} | set(known)
    deck = [c for c in rules.deck if c not in used]
    extras = np.array(list(combinations(deck, 2)), dtype=np.int64)
    strengths = np.stack([evaluate(np.concatenate(
        [np.broadcast_to(np.array(h + known), (len(extras), 5)), extras], axis=1), rules)
        for h in holes], axis=1)
    expected = tally_showdowns(strengths, np.ones(len(extras), dtype=np.int64), rules)
    assert tally.boards == expected.boards == len(extras)
    assert tally.win.tolist() == expected.win.tolist()
    assert tally.cat_occur.tolist() == expected.cat_occur.tolist()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5])
def test_multiset_suitings_against_binomial_products(size: int) -> None:
    """Every multiset's suitings, by the plain product of binomials, for decks with ranks taken
    out (known cards, a short deck's missing ranks: 0 copies, a suit's other three: 3)."""
    from math import comb, prod

    rng = np.random.default_rng(size)
    multisets = rank_multisets(size)
    for available in [np.full(13, 4), np.full(13, 3), *rng.integers(0, 5, (6, 13))]:
        expected = [prod(comb(int(a), int(m)) for a, m in zip(available, row)) for row in multisets]
        assert multiset_suitings(size, available).tolist() == expected
