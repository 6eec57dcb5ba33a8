"""Feature games in ``strategy`` and ``train``, and the states ``analyze`` keeps.

Oracles: ``hold --level K`` / ``hold --multipliers M`` (the exact holds of one deal in a state,
checked in ``test_feature_commands.py`` against the base hold and the solver): a state chart's
hold values are those EVs rounded down to its grid, its optimum is the level's exact worth
from ``analyze --json`` within one grid step, and the trainer's cost of each hand is the EV
difference of the two holds that ``hold`` gives in that hand's state.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import sys
from fractions import Fraction
from math import floor
from pathlib import Path
from typing import Any

import pytest

from cpoly.cli.featurekinds import FEATURES
from cpoly.games.videopoker.feature.states import StateValue
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.strategy.collected import collect_state
from tests.conftest import DEFINITIONS, ROOT
from tests.videopoker.test_feature_commands import ULTIMATE_X, json_of, run_cli

SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
MULTI_STRIKE = "feature multi_strike: levels (1, 2, 4), free_ride (30%, 40%)\n"


def _game(folder: Path, name: str, feature: str) -> str:
    shutil.copy(SMALL, folder / "small_poker.cp")
    path = folder / f"{name}.cp"
    path.write_text(f'import "small_poker.cp"\n{feature}')
    return str(path)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("feature_strategy")
    return {"ms": _game(folder, "ms", MULTI_STRIKE), "ux": _game(folder, "ux", ULTIMATE_X)}


def _state_value(data: dict[str, Any]) -> StateValue:
    return StateValue(Fraction(data["multiplier"]), tuple(Fraction(v) for v in data["added"].values()))


@pytest.mark.parametrize("game, option", [("ms", ["--level", "2"]), ("ux", ["--multipliers", "10"])])
def test_a_state_charts_hold_values_are_holds_in_that_state_rounded_down(games: dict[str, str], game: str,
                                                                          option: list[str]) -> None:
    poker = VideoPoker.load(games[game])
    data = collect_state(poker, poker.paytable(), *_state_value(json_of(["hold", games[game], "9h", "Th", "Jh",
                                                                          "Qd", "Ac", *option])["state"]))
    grid = data.denominator // 8568                                     # C(18, 5) deals
    for row in range(0, len(data.deals), 97):
        cards = [poker.card_name(int(card)) for card in data.deals[row]]
        holds = json_of(["hold", games[game], *cards, *option])["holds"]
        for hold in holds:
            index = sum(1 << cards.index(card) for card in hold["held"])
            assert data.values[row, index] == floor(Fraction(hold["ev_exact"]) * grid), (cards, hold["held"])


def test_strategy_at_a_level_its_optimum_and_where_it_differs(games: dict[str, str]) -> None:
    levels = json_of(["analyze", games["ms"]])["features"][0]["levels"]
    found = json_of(["strategy", games["ms"], "--level", "2", "--lines", "12"])
    step = Fraction(found["grid_step_exact"])
    exact = Fraction(levels[1]["without_free_ride_exact"])
    assert 0 <= exact - Fraction(found["optimal_return_exact"]) < step
    assert found["state"]["option"] == "--level" and found["state"]["value"] == "2"
    base = json_of(["strategy", games["ms"], "--lines", "12"])
    assert [line["words"] for line in found["base"]["lines"]] == [line["words"] for line in base["words"]["lines"]]
    state_lines = [line["words"] for line in found["words"]["lines"]]
    base_lines = [line["words"] for line in base["words"]["lines"]]
    for change in found["differences"]:
        assert change["change"] in ("moved", "new", "dropped")
        if change["position"] is not None:
            assert state_lines[change["position"] - 1] == change["words"]
        if change["base_position"] is not None:
            assert base_lines[change["base_position"] - 1] == change["words"]
    assert found["differences"] and 0 < found["deals_held_otherwise"] <= 8568
    code, out, _ = run_cli(["strategy", games["ms"], "--level", "2", "--lines", "12"])
    assert code == 0 and "differs from the base game's" in out and "deals held otherwise" in out


@pytest.mark.parametrize("args, message", [
    (["ms", "--level", "4"], "--level 4: this game has no level 4 (its levels: 1, 2, 3)"),
    (["ux", "--multipliers", "5"], "--multipliers 5: this game has no multiplier 5"),
    (["ux", "--level", "1"], "--level: this game has no multi_strike feature"),
    (["ms", "--multipliers", "2", "2"], "this game has no ultimate_x feature"),
])
def test_strategy_refuses_a_state_the_game_cannot_be_in(games: dict[str, str], args: list[str],
                                                        message: str) -> None:
    code, out, err = run_cli(["strategy", games[args[0]], *args[1:]])
    assert (code, out) == (2, "") and message in err and "Traceback" not in err
    code, out, _ = run_cli(["strategy", games[args[0]], *args[1:], "--json"])
    assert code == 2 and message in json.loads(out)["error"]["message"]


def test_strategy_in_a_state_refuses_a_game_without_the_feature() -> None:
    code, _, err = run_cli(["strategy", str(DEFINITIONS / "jacks_or_better.cp"), "--level", "2"])
    assert code == 2 and "no multi_strike feature" in err


# ---- the trainer ---------------------------------------------------------------------------------
ANSWERS = ["none", "all", "none", "none", "all", "none", "all", "none", "none", "all", "none", "none"]
HAND = re.compile(r"^hand \d+ \((.*?)\): (.*)$")


def _train(path: str, as_json: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(ANSWERS) + "\n"))
    code, out, err = run_cli(["train", path, "--seed", "7", "--hands", str(len(ANSWERS)),
                              *(["--json"] if as_json else [])])
    assert code == 0, err
    return out


def _state_option(state: str) -> tuple[list[str], Fraction]:
    """``hold``'s options for a state the trainer shows, and the factor on their EVs (a Free
    Ride's level is the base game's holds, times its multiplier)."""
    level = re.match(r"level (\d+), pays (\S+)x(, Free Ride)?", state)
    if level is None:
        return ["--multipliers", state.split()[1]], Fraction(1)
    if level.group(3):
        return [], Fraction(level.group(2))
    return ["--level", level.group(1)], Fraction(1)


@pytest.mark.parametrize("game", ["ms", "ux"])
def test_the_trainers_costs_are_hold_differences_in_each_hands_state(games: dict[str, str], game: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    text = _train(games[game], False, monkeypatch)
    summary = json.loads(_train(games[game], True, monkeypatch))
    hands = [HAND.match(line).groups() for line in text.splitlines() if HAND.match(line)]  # type: ignore[union-attr]
    assert len(hands) == len(ANSWERS) == summary["hands"]
    total, mistakes, states = Fraction(0), 0, set()
    for (state, cards), answer in zip(hands, ANSWERS):
        states.add(state.split(",")[0])
        option, factor = _state_option(state)
        found = json_of(["hold", games[game], *cards.split(), *option])
        chosen = next(h for h in found["holds"] if len(h["held"]) == (5 if answer == "all" else 0))
        lost = factor * (Fraction(found["best"]["ev_exact"]) - Fraction(chosen["ev_exact"]))
        total, mistakes = total + lost, mistakes + (lost > 0)
    assert Fraction(summary["total_cost_exact"]) == total and summary["mistakes"] == mistakes
    assert len(states) > 1                                   # the state moved during the session
    assert sum(row["hands"] for row in summary["by_state"].values()) == len(ANSWERS)


# ---- analyze keeps the states ------------------------------------------------------------------
def test_after_analyze_a_hold_in_a_state_is_not_solved_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _game(tmp_path, "kept", MULTI_STRIKE)
    json_of(["analyze", path])
    (row,) = FEATURES["multi_strike"]
    monkeypatch.setitem(FEATURES, "multi_strike", (row._replace(analyse=lambda *a: pytest.fail("solved again")),))
    assert json_of(["hold", path, "9h", "Th", "Jh", "Qd", "Ac", "--level", "2"])["state"]["value"] == "2"
    assert json_of(["strategy", path, "--level", "1", "--lines", "5"])["state"]["value"] == "1"
