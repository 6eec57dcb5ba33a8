"""One equity pipeline for every Hold'em game: one validation, one planner over a registry of
methods, one place that tells Hold'em from Omaha."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from cpoly.errors import CpolyInputError
from cpoly.games.holdem import equity
from cpoly.games.holdem.deal import Deal, make_deal
from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
from cpoly.games.holdem.planner import (
    MONTE_CARLO,
    Method,
    MethodSet,
    PlainWording,
    Plan,
    Price,
    Request,
    plan_method,
    sampling_price,
)
from cpoly.games.holdem.registry import REGISTRY, methods_for
from cpoly.games.holdem.results import EquityResult

GAMES = DEFAULT_GAME.parent
HOLDEM_HANDS = ["AsAh", "KsKh"]
OMAHA_HANDS = ["AsAhKsKh", "QdJdTc9c"]
#: (game file, two hands) of every Hold'em game in definitions/.
EVERY_GAME = [("holdem.cp", HOLDEM_HANDS), ("short_deck.cp", HOLDEM_HANDS),
              ("omaha.cp", OMAHA_HANDS), ("five_card_omaha.cp", ["AsAhKsKhQd", "QcJdTc9c8c"])]


@pytest.mark.parametrize(("game", "hands"), EVERY_GAME)
@pytest.mark.parametrize(("options", "message"), [
    ({"samples": 100, "seed": -1}, "a seed is a whole number 0 or more, got -1"),
    ({"samples": 100, "seed": 1.5}, "a seed is a whole number 0 or more, got 1.5"),
    ({"samples": 0}, "the number of samples must be positive, got 0"),
    ({"samples": 10**11}, "too many samples: 100,000,000,000"),
    ({"exact": True, "samples": 10}, "choose either exact enumeration or a number of samples"),
])
def test_every_game_checks_samples_and_seed_alike(game: str, hands: list[str], options: dict[str, object],
                                                   message: str) -> None:
    """Omaha's seed=-1 was NumPy's raw ValueError (seed=1.5 a TypeError): every game now names
    the value, with the same words."""
    with pytest.raises(CpolyInputError, match=message.replace("(", r"\(").replace("+", r"\+")):
        equity(hands, game=GAMES / game, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "hands"), EVERY_GAME)
def test_every_game_counts_players_alike(game: str, hands: list[str]) -> None:
    with pytest.raises(CpolyInputError, match="equity needs at least 2 players, got 1"):
        equity(hands[:1], game=GAMES / game)
    with pytest.raises(CpolyInputError, match="at most 10 players, got 11"):
        make_deal(["??"] * 11, rules=rules_of(GAMES / game))


@pytest.mark.parametrize(("game", "hands"), EVERY_GAME)
def test_every_game_is_one_deal_of_its_showdown(game: str, hands: list[str]) -> None:
    rules = rules_of(GAMES / game)
    deal = make_deal(hands, "2c 7d 9h" if game != "short_deck.cp" else "6c 7d 9h", rules=rules)
    assert isinstance(deal, Deal) and methods_for(deal) is REGISTRY[deal.showdown.name]
    assert [combos.shape for combos in deal.combos] == [(1, rules.hole_cards)] * 2
    result = equity(hands, deal.board, game=rules, samples=200, seed=3)
    assert result.boards == 200 and sum(p.equity for p in result.players) == pytest.approx(1)


def _fake(name: str, seconds: float, refusal: str | None = None) -> Method:
    def run(deal: Deal, request: Request, plan: Plan, progress: object) -> EquityResult:
        raise AssertionError("the planner only prices")
    return Method(name, lambda deal, request: Price(name, seconds, 0, refusal), run)


def _methods(*exact: Method) -> MethodSet:
    return MethodSet(exact, Method(MONTE_CARLO, sampling_price, _fake(MONTE_CARLO, 0).run), PlainWording())


def test_the_planner_takes_the_cheapest_method_that_fits() -> None:
    deal = make_deal(HOLDEM_HANDS)
    methods = _methods(_fake("slow", 9.0), _fake("refused", 0.1, "it is 10 GB"), _fake("quick", 2.0))
    plan = plan_method(deal, Request(), methods)
    assert plan == Plan("quick", "exact (quick method, about 2 s predicted; <= 15 s)")
    assert plan_method(deal, Request(exact=True), _methods(_fake("slow", 99.0))).method == "slow"
    sampled = plan_method(deal, Request(), _methods(_fake("slow", 99.0)))
    assert sampled.method == MONTE_CARLO and "predicted 99 s > 15 s; --exact runs it" in sampled.reason


def test_the_planner_refuses_with_the_size_when_nothing_fits() -> None:
    deal = make_deal(HOLDEM_HANDS)
    methods = _methods(_fake("a", 1.0, "12,345 boards x 6,789 holdings"), _fake("b", 2.0, "too wide"))
    with pytest.raises(CpolyInputError, match=r"too large to compute exactly: 12,345 boards x 6,789 "
                                              r"holdings; use Monte Carlo \(--samples N\)"):
        plan_method(deal, Request(exact=True), methods)
    assert plan_method(deal, Request(), methods).reason.endswith("exact is too large: 12,345 boards x 6,789 holdings")


def test_omaha_supplies_methods_not_a_pipeline() -> None:
    omaha = rules_of(GAMES / "omaha.cp")
    assert [m.name for m in REGISTRY["omaha"].exact] == ["holdings", "listed", "wide"]
    deal = make_deal(["AsAhKsKh", "??"], "2c 7d 9h", rules=omaha)
    assert plan_method(deal, Request(exact=True), methods_for(deal)).method == "wide"
    preflop = make_deal(["AsAhKsKh", "??"], rules=omaha)
    with pytest.raises(CpolyInputError, match=r"up to 270,725 joint holdings x 1,086,008 runouts \(one wide"):
        plan_method(preflop, Request(exact=True), methods_for(preflop))
    with pytest.raises(CpolyInputError, match="HoleCardsUsed = 3"):
        make_deal(OMAHA_HANDS, rules=replace(omaha, hole_used=3))


def test_only_the_showdown_asks_whether_a_game_is_omaha() -> None:
    """``hole_used`` is read where the rules are made (rules, gamefile) and by the showdown;
    every other module asks the showdown."""
    package = Path(__file__).resolve().parents[2] / "cpoly" / "games" / "holdem"
    readers = sorted(
        path.name for path in package.glob("*.py")
        if any(isinstance(node, ast.Attribute) and node.attr == "hole_used"
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))))
    assert readers == ["rules.py", "showdown.py"]
