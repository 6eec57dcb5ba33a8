"""Monte Carlo against exact results (within 5 standard errors), seeding, method choice."""

from __future__ import annotations

import math

import pytest

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.equity import choose_method, equity

CASES = [
    (["AsAh", "KsKh"], "", ""),
    (["QQ+", "AKs"], "", ""),
    (["AcKc", "AdKd", "Td4c"], "", ""),
    (["7h6h", "??", "AA"], "Kh 8h 2c", "3h"),
    (["KK", "QQ", "JJ", "AKo"], "Ts 9s 2d 3c", ""),
]


@pytest.mark.parametrize(("hands", "board", "dead"), CASES)
def test_monte_carlo_agrees_with_exact(hands: list[str], board: str, dead: str) -> None:
    exact = equity(hands, board, dead, exact=True)
    sampled = equity(hands, board, dead, samples=60_000, seed=7)
    assert not sampled.exact and sampled.boards == 60_000
    for e, s in zip(exact.players, sampled.players):
        assert s.equity_exact is None and s.stderr is not None and s.stderr > 0
        assert abs(s.equity - e.equity) < 5 * s.stderr
        for ce, cs in zip(e.by_category, s.by_category):
            p = ce.occur / exact.boards
            tolerance = 5 * math.sqrt(p * (1 - p) / sampled.boards) + 1e-9
            assert abs(cs.occur / sampled.boards - p) <= tolerance
        assert sum(c.occur for c in s.by_category) == sampled.boards


def test_no_flush_monte_carlo() -> None:
    exact = equity(["6h6d", "7c9c", "8sQs"], exact=True, flushes=False)
    sampled = equity(["6h6d", "7c9c", "8sQs"], samples=50_000, seed=3, flushes=False)
    for e, s in zip(exact.players, sampled.players):
        assert s.stderr is not None and abs(s.equity - e.equity) < 5 * s.stderr


def test_seeded_runs_repeat() -> None:
    first = equity(["AsAh", "??"], samples=20_000, seed=11)
    second = equity(["AsAh", "??"], samples=20_000, seed=11)
    third = equity(["AsAh", "??"], samples=20_000, seed=12)
    assert first == second
    assert first != third


def test_standard_error_size() -> None:
    result = equity(["AsAh", "KsKh"], samples=40_000, seed=1)
    p = result.players[0].equity
    assert result.players[0].stderr == pytest.approx(math.sqrt(p * (1 - p) / 40_000), rel=0.05)


def test_method_choice() -> None:
    small, reason = choose_method(make_deal(["AsAh", "KsKh"]))
    assert small and reason.startswith("exact")
    large, reason = choose_method(make_deal(["random", "random", "random"]))
    assert not large and reason.startswith("Monte Carlo")
    river, _ = choose_method(make_deal(["??", "AsKd"], board="2c 3d 4h 5s 9c"))
    assert river
    river_three, reason = choose_method(make_deal(["??", "??", "??"], board="2c 3d 4h 5s 9c"))
    assert river_three and "runouts" in reason  # one runout, one player counted by card removal
    flop_three, reason = choose_method(make_deal(["??", "??", "??"], board="2c 3d 4h"))
    assert not flop_three and "--exact runs it" in reason


def test_auto_reason_is_reported() -> None:
    result = equity(["AsAh", "KsKh"], board="2c 3d 4h")
    assert result.exact and "exact" in result.method_reason
    sampled = equity(["AsAh", "KsKh"], samples=1000, seed=0)
    assert "Monte Carlo" in sampled.method_reason


def test_bad_requests() -> None:
    with pytest.raises(CpolyInputError):
        equity(["AsAh", "KsKh"], samples=0)
    with pytest.raises(CpolyInputError):
        equity(["AsAh", "KsKh"], exact=True, samples=10)
