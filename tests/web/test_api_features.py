"""Feature games and a player's words through the web API, against the CLI's ``--json`` for the
same input (Starlette's TestClient): a game's feature analysis (``analyze``'s ``features``), the
holds in a state (``hold --level K`` / ``--multipliers M``), the player's hold named as the
trainer names it (``hold --mine``'s words), and the state values the server refuses before
anything runs (numbers only, bounded)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from cpoly.web.app import create_app
from cpoly.web.commands import MAX_LEVEL, MAX_STATE_LINES
from tests.web.conftest import API_BASE, cli, cli_json

STRIKE = "definitions/multi_strike_bonus_poker.cp"
ULTIMATE = "definitions/ultimate_x_jacks_or_better.cp"
DEAL = ["Ah", "Kd", "Js", "4c", "7h"]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=API_BASE) as test_client:
        yield test_client


def _post(client: TestClient, command: str, body: dict[str, Any]) -> Any:
    response = client.post(f"/api/{command}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_analyze_shows_the_feature_analysis(client: TestClient) -> None:
    found = _post(client, "analyze", {"game": "multi_strike_bonus_poker"})
    assert found == cli_json("analyze", STRIKE)
    (feature,) = found["features"]
    assert feature["kind"] == "multi_strike" and [level["level"] for level in feature["levels"]] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(("game", "body", "args"), [
    ("multi_strike_bonus_poker", {"level": 3}, [STRIKE, "--level", "3"]),
    ("multi_strike_bonus_poker", {"level": 5}, [STRIKE, "--level", "5"]),
    ("ultimate_x_jacks_or_better", {"multipliers": ["12"]}, [ULTIMATE, "--multipliers", "12"]),
])
def test_hold_in_a_feature_state(client: TestClient, game: str, body: dict[str, Any], args: list[str]) -> None:
    found = _post(client, "hold", {"game": game, "cards": " ".join(DEAL), **body})
    assert found == cli_json("hold", args[0], *DEAL, *args[1:])
    assert found["state"]["value"] == " ".join(args[2:])


def test_a_state_the_game_cannot_be_in_is_the_cli_error_beside_the_state(client: TestClient) -> None:
    response = client.post("/api/hold", json={"game": "multi_strike_bonus_poker", "cards": " ".join(DEAL), "level": 9})
    assert response.status_code == 400
    run = cli("hold", STRIKE, *DEAL, "--level", "9", "--json")
    assert run.returncode == 2
    assert response.json()["error"] == {**json.loads(run.stdout)["error"], "field": "state"}
    response = client.post("/api/hold", json={"game": "jacks_or_better", "cards": " ".join(DEAL), "multipliers": [2]})
    assert response.status_code == 400 and response.json()["error"]["field"] == "state"
    assert "no ultimate_x feature" in response.json()["error"]["message"]


@pytest.mark.parametrize("state", [
    {"level": "3"}, {"level": True}, {"level": 0}, {"level": MAX_LEVEL + 1}, {"level": 1.5}, {"level": [3]},
    {"multipliers": "4"}, {"multipliers": []}, {"multipliers": ["x"]}, {"multipliers": ["4 --json"]},
    {"multipliers": ["-1"]}, {"multipliers": [-1]}, {"multipliers": [[4]]}, {"multipliers": [True]},
    {"multipliers": ["1e3"]}, {"multipliers": ["٤"]}, {"multipliers": ["4"] * (MAX_STATE_LINES + 1)},
    {"multipliers": ["9" * 101]}, {"level": 2, "multipliers": ["4"]},
])
def test_state_values_refused_before_running(client: TestClient, state: dict[str, Any]) -> None:
    response = client.post("/api/hold", json={"game": "multi_strike_bonus_poker", "cards": " ".join(DEAL), **state})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["field"] == "state"


@pytest.mark.parametrize(("cards", "mine"), [("Ah Kd Js 4c 7h", "Ah"), ("Kd Js 7c 4h 2s", "none")])
def test_the_players_hold_in_words_is_the_clis(client: TestClient, cards: str, mine: str) -> None:
    found = _post(client, "hold", {"game": "jacks_or_better", "cards": cards, "mine": mine})
    assert found == cli_json("hold", "definitions/jacks_or_better.cp", *cards.split(), "--mine", mine)
    assert found["mine"]["words"] and found["mine"]["best_words"]


def test_a_hold_text_is_never_an_option(client: TestClient) -> None:
    """``mine`` is glued to ``--mine=``: a text that looks like an option is a bad hold, said by the CLI."""
    response = client.post("/api/hold", json={"game": "jacks_or_better", "cards": " ".join(DEAL), "mine": "--json"})
    assert response.status_code == 400
    assert "--json" in response.json()["error"]["message"]
