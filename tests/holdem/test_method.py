"""One estimate chooses the method; no mode advises a method the other mode refuses."""

from __future__ import annotations

import pytest

from cpoly.errors import CpolyInputError
from cpoly.games.holdem import equity
from cpoly.games.holdem.deal import Deal, make_deal
from cpoly.games.holdem.planner import MAX_SAMPLES, Plan, Request
from cpoly.games.holdem.planner import plan_method as plan_with
from cpoly.games.holdem.registry import methods_for


def plan_method(deal: Deal, exact: bool | None = None, samples: int | None = None,
                flushes: bool = True) -> Plan:
    """The plan of ``deal`` for what was asked (the request is checked when made)."""
    return plan_with(deal, Request(exact, samples, flushes=flushes), methods_for(deal))


def _refusal(hands: list[str], **kwargs: object) -> str | None:
    try:
        plan_method(make_deal(hands), **kwargs)  # type: ignore[arg-type]
    except CpolyInputError as error:
        return error.message
    return None


@pytest.mark.parametrize("hands", [
    ["22+"] * 10, ["QQ+"] * 10, ["TT+"] * 6, ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77"],
    ["??"] * 3, ["QQ+,AK", "??", "??"],
])
def test_advice_is_consistent(hands: list[str]) -> None:
    auto = _refusal(hands)
    exact = _refusal(hands, exact=True)
    sampled = _refusal(hands, samples=1000)
    if exact is not None and "Monte Carlo (--samples N)" in exact:
        assert sampled is None  # advised Monte Carlo is available
    if sampled is not None and "--exact" in sampled:
        assert exact is None  # advised exact is available
    if auto is not None:  # refused automatically only when both are refused
        assert exact is not None and sampled is not None
    assert auto is None or "narrow" in auto or "too large" in auto


def test_ten_players_with_pair_ranges() -> None:
    """Issue 11 item 11: automatic mode runs Monte Carlo (exact is refused with its size) at once."""
    plan = plan_method(make_deal(["22+"] * 10))
    assert plan.method == "monte carlo" and "too large" in plan.reason
    result = equity(["22+"] * 10, samples=500, seed=2)
    assert not result.exact and sum(p.equity for p in result.players) == pytest.approx(1)
    with pytest.raises(CpolyInputError, match="joint holdings.*use Monte Carlo"):
        equity(["22+"] * 10, exact=True)
    with pytest.raises(CpolyInputError, match="cannot help either"):
        equity(["QQ+"] * 10, exact=True)
    with pytest.raises(CpolyInputError, match="exact is too large too"):
        equity(["QQ+"] * 10)


def test_too_many_samples_are_refused_with_their_number() -> None:
    """A Monte Carlo request of 10**14 samples (about three years here) is refused at once,
    naming its size; the largest allowed request is planned, not refused."""
    with pytest.raises(CpolyInputError, match="100,000,000,000,000"):
        plan_method(make_deal(["AsKs", "QdQc"]), samples=10**14)
    assert plan_method(make_deal(["AsKs", "QdQc"]), samples=MAX_SAMPLES).samples == MAX_SAMPLES


@pytest.mark.parametrize(("hands", "board"), [
    (["AA@9223372036854775807,KK@1", "QQ"], "2c 3d 4h 5s"),          # a ratio that fits int64
    (["AA@100000000000000000000,KK@1", "QQ"], "2c 3d 4h 5s"),        # one that does not
    (["AA@0.0000000000000000001,KK", "QQ"], ""),
    (["AA@0.0000000000000000001,KK", "QQ@1,JJ@100000000000000000000000"], "2c 3d 4h"),
])
def test_weights_too_fine_for_int64_are_refused_before_any_work(hands: list[str], board: str) -> None:
    """Exact is refused with the reason, Monte Carlo chosen automatically, and sampling works:
    never an OverflowError from building int64 weight arrays."""
    deal = make_deal(hands, board)
    plan = plan_method(deal)
    assert plan.method == "monte carlo" and "too fine" in plan.reason
    with pytest.raises(CpolyInputError, match="too fine.*Monte Carlo"):
        plan_method(deal, exact=True)
    result = equity(hands, board, samples=500, seed=1)
    assert result.boards == 500 and abs(sum(p.equity for p in result.players) - 1) < 1e-9
