"""Exact runs over many holdings (runout method), ``As?``, weighted ranges and integer cards,
against brute force: every (joint holding, runout) pair listed and evaluated, weights applied by
hand from the range text."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest

from cpoly.games.holdem import Table, equity
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.evaluator import evaluate
from cpoly.games.holdem.intcards import parse_cards
from cpoly.games.holdem.ranges import parse_hand
from cpoly.games.holdem.runouts import runout_tally, valid_holdings
from cpoly.games.holdem.tally import SHARE_UNIT, tally_showdowns


def _weighted_combos(text: str) -> dict[tuple[int, int], int]:
    """Combos and percent weights read from ``a@w,b,...`` by hand (weight 100 by default)."""
    out: dict[tuple[int, int], int] = {}
    for item in text.split(","):
        token, _, weight = item.partition("@")
        for combo in parse_hand(token):
            out.setdefault(combo, int(weight or 100))
    return out


def brute_force(hands: list[str], board: str, dead: str = "") -> dict[str, object]:
    """Weighted tallies by listing every joint holding and every runout (vectorised evaluator)."""
    board_cards, dead_cards = parse_cards(board), parse_cards(dead)
    fixed = set(board_cards) | set(dead_cards)
    ranges = [{c: w for c, w in _weighted_combos(h).items() if not set(c) & fixed} for h in hands]
    rows, weights = [], []
    for holding in product(*[list(r) for r in ranges]):
        cards = [c for combo in holding for c in combo]
        if len(set(cards)) != len(cards):
            continue
        weight = int(np.prod([r[combo] for r, combo in zip(ranges, holding)]))
        deck = [c for c in range(52) if c not in fixed and c not in cards]
        for extra in combinations(deck, 5 - len(board_cards)):
            rows.append(cards + list(board_cards) + list(extra))
            weights.append(weight)
    table = np.array(rows, dtype=np.int64)
    players = len(hands)
    strengths = np.stack([evaluate(np.concatenate([table[:, 2 * p:2 * p + 2],
                                                   table[:, 2 * players:]], axis=1))
                          for p in range(players)], axis=1)
    tally = tally_showdowns(strengths, np.array(weights, dtype=np.int64))
    return {"tally": tally, "equity": [Fraction(int(s), SHARE_UNIT * tally.boards)
                                       for s in tally.share]}


CASES = [
    (["TT+", "AKs", "??"], "2c 7d 9h Js 3s", ""),        # river, three players
    (["AsAh", "KK", "??"], "2c 7d 9h Js", ""),           # turn
    (["KQs,77", "??"], "Kc 7d 2h Ts", "3c"),            # turn, dead card
    (["AsKs", "QhQd", "??"], "5h 6s Td", ""),            # flop
    (["As?", "KK"], "2c 7d 9h Js", ""),                 # one known card
    (["AA@50,KK", "QQ@25,AKs", "??"], "2c 7d 9h Js 3s", ""),  # weighted ranges, river
    (["Ah?", "QQ+@40,AK", "JTs"], "2h 9d 8c 3s", ""),    # weighted, one known card, turn
    (["QQ+", "QQ+", "??"], "2c 7d 9h Js 3s", ""),        # alike players listed once per order
    (["??", "KK@30,AQs", "KK@30,AQs", "AsKs"], "2c 7d Qh Js", ""),  # alike weighted, turn
    (["AhKh", "QQ+@40,AK,T9s@70"], "2h 7h 8h", ""),     # monotone flop: flushes lift weighted combos
    (["QhJh@25,AA", "KK@60,T9s,65s"], "2h 7h 8c", ""),  # two-tone flop: four-flush boards
]


@pytest.mark.parametrize(("hands", "board", "dead"), CASES)
def test_runouts_match_brute_force(hands: list[str], board: str, dead: str) -> None:
    expected = brute_force(hands, board, dead)
    got = runout_tally(make_deal(hands, board, dead))
    tally = expected["tally"]
    for name in ("win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share"):
        assert (np.asarray(getattr(got, name), dtype=object) * tally.boards
                == np.asarray(getattr(tally, name), dtype=object) * got.boards).all(), name
    result = equity(hands, board, dead, exact=True)
    assert [p.equity_exact for p in result.players] == expected["equity"]


@pytest.mark.parametrize(("knob", "value"), [("_FLOAT_EXACT", 0), ("_SERIAL_PRODUCT", 1), ("RUNOUTS_PER_STEP", 7)])
def test_runout_paths_match_brute_force(monkeypatch: pytest.MonkeyPatch, knob: str, value: int) -> None:
    """The runout method's other paths against brute force on a flop with flushing and other
    runouts: the integer product (as past 2**52), the float product in pieces of one column,
    and batches of seven runouts (some mixing runouts with and without a flush)."""
    import cpoly.games.holdem.runouts as runouts_module

    monkeypatch.setattr(runouts_module, knob, value)
    hands, board, dead = CASES[-1]
    expected = brute_force(hands, board, dead)["tally"]
    got = runout_tally(make_deal(hands, board, dead))
    for name in ("win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share"):
        assert (np.asarray(getattr(got, name), dtype=object) * expected.boards
                == np.asarray(getattr(expected, name), dtype=object) * got.boards).all(), name


@pytest.mark.parametrize(("hands", "board", "dead"), CASES[3:5])
def test_both_exact_methods_agree(hands: list[str], board: str, dead: str) -> None:
    from cpoly.games.holdem.registry import exact_tally

    deal = make_deal(hands, board, dead)
    by_runouts, count = exact_tally(deal, method="runouts")
    by_holdings, listed = exact_tally(deal, method="holdings")
    assert count == listed == valid_holdings(deal)
    for name in ("boards", "win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share"):
        assert np.array_equal(getattr(by_runouts, name), getattr(by_holdings, name)), name


def test_weighted_preflop_against_brute_force_holdings() -> None:
    """Preflop (holdings method): the weighted equity is the weighted mean of holding equities."""
    hands = ["AA@50,KK", "QQ@25,AKs"]
    result = equity(hands, exact=True)
    weights = [_weighted_combos(h) for h in hands]
    total, weight_sum = Fraction(0), 0
    for a, b in product(weights[0], weights[1]):
        if set(a) & set(b):
            continue
        w = weights[0][a] * weights[1][b]
        one = equity([list(a), list(b)], exact=True).players[0].equity_exact
        total += w * one
        weight_sum += w
    assert result.players[0].equity_exact == total / weight_sum


def test_integer_and_document_cards() -> None:
    text = equity(["AsAh", "KK"], board="2c 7d 9h")
    numbers = equity([(48, 49), "KK"], board=[3, 22, 29])
    pairs = equity([[(14, 1), (14, 3)], "KK"], board=[(2, 2), (7, 4), (9, 3)])
    assert [p.equity_exact for p in text.players] == [p.equity_exact for p in numbers.players]
    assert [p.equity_exact for p in text.players] == [p.equity_exact for p in pairs.players]


def test_table_equals_equity() -> None:
    table = Table(3)
    table.set_hole(0, (13, 13), (1, 4))  # KS KD
    table.set_hole(1, "QhQd")
    table.set_flop((5, 6, 10), (3, 1, 4))
    result = table.exact()
    direct = equity(["KsKd", "QhQd", "??"], board="5h 6s Td", exact=True)
    assert result == direct
    assert result.counts("loss") == [p.boards - p.win - p.tie for p in direct.players]
    assert result.probabilities("win")[0] == Fraction(direct.players[0].win, direct.boards)
    table.set_turn("2c")
    table.set_river(51)
    assert table.board == parse_cards("5h 6s Td 2c Ac")
    sampled = table.monte_carlo(2000, seed=3)
    assert sampled == equity(["KsKd", "QhQd", "??"], board="5h 6s Td 2c Ac", samples=2000, seed=3)


def test_monte_carlo_standard_errors_cover_the_exact_answer() -> None:
    """Every per-player and per-category probability and equity within 2 standard errors of the
    exact value in at least 85 % of cases (95 % expected)."""
    hands, board = ["KsKd", "QhQd", "??"], "5h 6s Td"
    exact = equity(hands, board, exact=True)
    inside, total = 0, 0
    for seed in range(4):
        sampled = equity(hands, board, samples=20_000, seed=seed)
        for mc, ex in zip(sampled.players, exact.players):
            pairs = [(mc.outcome, ex.outcome)] + list(zip(mc.by_category, ex.by_category))
            for m, e in pairs:
                for kind in ("win", "tie", "loss", "occur"):
                    error = m.stderr(kind)
                    if error > 0:
                        total += 1
                        inside += abs(float(m.probability(kind) - e.probability(kind))) <= 2 * error
                if m.share_stderr:
                    total += 1
                    inside += abs(float(m.equity_fraction - e.equity_fraction)) <= 2 * m.share_stderr
    assert total > 100 and inside / total >= 0.85


def test_three_unknown_hands_on_the_river_are_symmetric() -> None:
    """Three '??' hands: every player's counts are equal, equities 1/3, and the deals are the
    ordered triples of disjoint two-card hands from the 47 unseen cards."""
    result = equity(["??", "??", "??"], "2c 7d 9h Js 3s", exact=True)
    assert "runouts" in result.method_reason
    assert result.boards == result.holdings == 1081 * 990 * 903
    first = result.players[0]
    for player in result.players:
        assert player.equity_exact == Fraction(1, 3)
        assert (player.win, player.tie, player.by_category) == \
            (first.win, first.tie, first.by_category)


@pytest.mark.parametrize(("hands", "board", "dead"), [CASES[0], CASES[3]])
def test_runout_batches_do_not_change_the_tally(monkeypatch: pytest.MonkeyPatch, hands: list[str],
                                                board: str, dead: str) -> None:
    """Runouts taken a few at a time (the flop) and rows split inside a batch (the river's 100
    rows) give the brute-force tally."""
    from cpoly.games.holdem import runouts

    expected = brute_force(hands, board, dead)["tally"]
    monkeypatch.setattr(runouts, "RUNOUTS_PER_STEP", 3)
    monkeypatch.setattr(runouts, "ROWS_PER_STEP", 7)
    got = runout_tally(make_deal(hands, board, dead))
    for name in ("win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share"):
        assert (np.asarray(getattr(got, name), dtype=object) * expected.boards
                == np.asarray(getattr(expected, name), dtype=object) * got.boards).all(), name


def test_runouts_with_weights_past_int32_agree_with_holdings() -> None:
    """A counted range whose integer weights sum past 2**31 (its card weights are summed in
    int64: one card's combos weigh more than int32 holds) counts as the holdings method does."""
    from cpoly.games.holdem.registry import exact_tally

    deal = make_deal(["QQ+,AK", "AQ@33.33333333,77@12.3456789,22@0.0000017,K2s,T9s,J8o"], "2c 7d 9h")
    assert deal.weights is not None and max(deal.weights[1]) >= 2**31
    by_runouts, _ = exact_tally(deal, method="runouts")
    by_holdings, _ = exact_tally(deal, method="holdings")
    for name in ("boards", "win", "tie", "share", "cat_win", "cat_tie", "cat_occur", "cat_share"):
        assert np.array_equal(getattr(by_runouts, name), getattr(by_holdings, name)), name
