"""The web API with Starlette's TestClient, against the CLI's ``--json`` for the same input.

Every result must be the CLI's document, key for key; every error the CLI's message, placed
beside the page's field it is about; bad input never gets a 500.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from cpoly.web.app import create_app
from cpoly.web.runner import Limits, read_outcome
from tests.web.conftest import API_BASE, HOLDEM_GAMES, ROOT, cli, cli_json, cpoly_processes

JACKS = "definitions/jacks_or_better.cp"
JACKS_96 = {"RoyalFlush": 800, "StraightFlush": 50, "FourOfAKind": 25, "FullHouse": 9, "Flush": 6,
            "Straight": 4, "ThreeOfAKind": 3, "TwoPair": 2, "JacksOrBetter": 1}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=API_BASE) as test_client:
        yield test_client


def _cli_error(*args: str) -> str:
    """The CLI's error for ARGS with ``--json``: its JSON error message, or its stderr paragraph."""
    run = cli(*args, "--json")
    assert run.returncode == 2, run.stdout
    try:
        message: str = json.loads(run.stdout)["error"]["message"]
        return message
    except ValueError:
        return run.stderr.strip()


def test_games_are_the_video_poker_definitions(client: TestClient) -> None:
    games = client.get("/api/games").json()
    shipped = sorted(p.name for p in (ROOT / "definitions").glob("*.cp"))
    assert HOLDEM_GAMES <= set(shipped)
    assert [g["file"] for g in games] == [name for name in shipped if name not in HOLDEM_GAMES]
    assert {"id": "jacks_or_better", "title": "Jacks or Better", "file": "jacks_or_better.cp"} in games


def _without_method(result: dict[str, object]) -> dict[str, object]:
    """An equity result without its method: the planner prices a NumPy method with NumPy's import
    while the process has not loaded it, so a process that has (the server, a command line that
    built its strength table cold) may choose another exact method; the numbers are the same."""
    return {key: value for key, value in result.items() if key != "method_reason"}


@pytest.mark.parametrize(("command", "body", "args"), [
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h"}, ["hold", JACKS, "Ah", "Kd", "Js", "4c", "7h"]),
    ("hold", {"game": "deuces_wild", "cards": "2h 2d Ks Qs 9c", "paytable": "NSU"},
     ["hold", "definitions/deuces_wild.cp", "2h", "2d", "Ks", "Qs", "9c", "--paytable", "NSU"]),
    ("analyze", {"game": "jacks_or_better", "paytable": "8/5"}, ["analyze", JACKS, "--paytable", "8/5"]),
    ("paytables", {"game": "joker_poker"}, ["paytables", "definitions/joker_poker.cp"]),
    ("equity", {"hands": "AsAh KsKh"}, ["equity", "AsAh", "KsKh"]),
    ("equity", {"hands": "QQ+ AKs", "board": "2c 7d 9h", "dead": "3s"},
     ["equity", "QQ+", "AKs", "--board", "2c 7d 9h", "--dead", "3s"]),
    ("eval", {"cards": "Ah Kh Qh Jh Th 2c 3d"}, ["eval", "Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d"]),
])
def test_results_are_the_cli_json(client: TestClient, command: str, body: dict[str, Any],
                                  args: list[str]) -> None:
    response = client.post(f"/api/{command}", json=body)
    assert response.status_code == 200, response.text
    served, printed = response.json(), cli_json(*args)
    if command == "equity":
        served, printed = _without_method(served), _without_method(printed)
    assert served == printed


def test_strategy_is_the_cli_json_or_its_error(client: TestClient) -> None:
    """Whatever ``cpoly strategy`` does today (a chart, or no such command yet), the API says the same."""
    response = client.post("/api/strategy", json={"game": "jacks_or_better"})
    run = cli("strategy", JACKS, "--json")
    if run.returncode == 0:
        assert response.status_code == 200 and response.json() == json.loads(run.stdout)
    else:
        assert response.status_code == 400
        assert response.json()["error"]["message"] in _cli_error("strategy", JACKS)


def test_edited_pay_table_is_the_named_one(client: TestClient) -> None:
    """Typing 9/5's pays into the page's table gives 9/5's analysis (only the name differs)."""
    response = client.post("/api/analyze", json={"game": "jacks_or_better", "paytable": "9/6",
                                                 "pays": {**JACKS_96, "Flush": "5"}})
    assert response.status_code == 200, response.text
    edited, named = response.json(), cli_json("analyze", JACKS, "--paytable", "9/5")
    assert edited.pop("paytable") == "edited on the page"
    named.pop("paytable")
    assert edited == named


def test_deck_of_each_game(client: TestClient) -> None:
    faces, suits = "23456789TJQKA", "hdcs"
    plain = [face + suit for face in faces for suit in suits]
    jacks = client.post("/api/deck", json={"game": "jacks_or_better"}).json()
    assert jacks["cards"] == plain and jacks["copies"] == 1 and not jacks["ordered"]
    double = client.post("/api/deck", json={"game": "double_deck_jacks"}).json()
    assert double["cards"] == [card for card in plain for _ in range(2)] and double["copies"] == 2
    joker = client.post("/api/deck", json={"game": "joker_poker"}).json()
    assert joker["cards"][:52] == plain and len(joker["cards"]) == 53
    assert client.post("/api/deck", json={"game": "sequential_royal"}).json()["ordered"]


@pytest.mark.parametrize(("command", "body", "args", "field"), [
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7x"}, ["hold", JACKS, "Ah", "Kd", "Js", "4c", "7x"], "cards"),
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c"}, ["hold", JACKS, "Ah", "Kd", "Js", "4c"], "cards"),
    ("hold", {"game": "jacks_or_better", "cards": "Ah Ah Js 4c 7h"}, ["hold", JACKS, "Ah", "Ah", "Js", "4c", "7h"], "cards"),
    ("hold", {"game": "jacks_or_better", "cards": "--json"}, ["hold", JACKS, "--", "--json"], "cards"),
    ("analyze", {"game": "jacks_or_better", "paytable": "10/7"}, ["analyze", JACKS, "--paytable", "10/7"], "paytable"),
    ("equity", {"hands": "AsAh KsKh", "board": "Kd 7x 2s"}, ["equity", "AsAh", "KsKh", "--board", "Kd 7x 2s"], "board"),
    ("equity", {"hands": "AsAh KsKh", "dead": "Zz"}, ["equity", "AsAh", "KsKh", "--dead", "Zz"], "dead"),
    ("equity", {"hands": "AsAh AsKh"}, ["equity", "AsAh", "AsKh"], "hands"),
    ("equity", {"hands": "AsAh"}, ["equity", "AsAh"], "hands"),
])
def test_errors_are_the_cli_message_beside_their_field(client: TestClient, command: str, body: dict[str, Any],
                                                        args: list[str], field: str) -> None:
    response = client.post(f"/api/{command}", json=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["message"] and error["message"] in _cli_error(*args)
    assert error["field"] == field


def test_uploaded_game_error_has_its_place(client: TestClient, tmp_path: Path) -> None:
    source = (ROOT / JACKS).read_text()
    assert "categories RoyalFlush," in source
    source = source.replace("categories RoyalFlush,", "categories RoyalFlusj,")  # an unknown category
    response = client.post("/api/hold", json={"source": source, "filename": "my game.cp", "cards": "Ah Kd Js 4c 7h"})
    assert response.status_code == 400
    error = response.json()["error"]
    (tmp_path / "my_game.cp").write_text(source)
    expected = cli("hold", "my_game.cp", "Ah", "Kd", "Js", "4c", "7h", cwd=tmp_path).stderr
    head = f"{error['file']}:{error['line']}:{error['column']}: error: {error['message']}"
    assert head.splitlines()[0] == expected.strip().splitlines()[0]
    assert error["field"] == "game" and error["file"] == "my_game.cp"


def test_uploaded_game_is_analysed(client: TestClient) -> None:
    source = (ROOT / JACKS).read_text()
    response = client.post("/api/hold", json={"source": source, "filename": "copy.cp", "cards": "Ah Kd Js 4c 7h"})
    assert response.json() == cli_json("hold", JACKS, "Ah", "Kd", "Js", "4c", "7h")


@pytest.mark.parametrize(("command", "body", "field"), [
    ("hold", {"game": "no_such_game", "cards": "Ah"}, "game"),
    ("hold", {"game": "../README", "cards": "Ah"}, "game"),
    ("hold", {"game": "jacks_or_better"}, "cards"),
    ("hold", {"game": "jacks_or_better", "cards": 5}, "cards"),
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "pays": {"Flush": "six"}}, "pays"),
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "pays": {"Flush\n": "6"}}, "pays"),
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "pays": "9/6"}, "pays"),
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "pays": {"Flush": "١"}}, "pays"),
    ("hold", {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "pays": {"Flush": "6.٥"}}, "pays"),
    ("hold", {"source": 3, "cards": "Ah Kd Js 4c 7h"}, "game"),
    ("equity", {"hands": ""}, "hands"),
    ("equity", {"hands": "AA KK", "samples": -3}, "samples"),
    ("strategy", {"game": "jacks_or_better", "lines": "ten"}, "lines"),
    ("strategy", {"game": "jacks_or_better", "lines": True}, "lines"),  # bool is an int in Python
    ("equity", {"hands": "AA KK", "samples": True}, "samples"),
    ("frobnicate", {}, "command"),
])
def test_requests_refused_before_running(client: TestClient, command: str, body: dict[str, Any], field: str) -> None:
    response = client.post(f"/api/{command}", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == field
    assert response.json()["error"]["message"]


@pytest.mark.parametrize("content", [b"{", b"[1, 2]", b"\xff\xfe", b'"text"'])
def test_bad_bodies_are_400_not_500(client: TestClient, content: bytes) -> None:
    response = client.post("/api/hold", content=content, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]["field"] == "request"


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_only_json_requests_run(client: TestClient, content_type: str | None) -> None:
    """A page on another site can post text/plain or a form to 127.0.0.1 without a CORS
    preflight; such a request must not start a computation."""
    body = b'{"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h"}'
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post("/api/hold", content=body, headers=headers)
    assert response.status_code == 400 and response.json()["error"]["field"] == "request"
    assert client.post("/api/hold", content=body, headers={"Content-Type": "application/json"}).status_code == 200


@pytest.mark.parametrize("name", ["/etc/passwd", "../definitions/jacks_or_better.cp", "lib/poker.cp"])
def test_uploaded_game_imports_only_the_library(client: TestClient, name: str) -> None:
    source = f'import "{name}"\n' + (ROOT / JACKS).read_text()
    response = client.post("/api/hold", json={"source": source, "cards": "Ah Kd Js 4c 7h"})
    assert response.status_code == 400 and response.json()["error"]["field"] == "game"
    assert name in response.json()["error"]["message"]


def test_a_pay_table_edit_that_the_cli_rejects(client: TestClient) -> None:
    response = client.post("/api/analyze", json={"game": "jacks_or_better", "pays": {"NoSuchHand": 3}})
    assert response.status_code == 400
    error = response.json()["error"]
    assert "NoSuchHand" in error["message"]


def test_time_limit_refuses_with_the_reason() -> None:
    with TestClient(create_app(limits=Limits(seconds=0.05)), base_url=API_BASE) as slow:
        response = slow.post("/api/analyze", json={"game": "jacks_or_better"})
    assert response.status_code == 422
    assert "time limit of 0.05 s" in response.json()["error"]["message"]


def test_memory_limit_refuses_with_the_reason() -> None:
    with TestClient(create_app(limits=Limits(memory_bytes=64 << 20)), base_url=API_BASE) as small:
        response = small.post("/api/analyze", json={"game": "jacks_or_better"})
    assert response.status_code == 422
    assert "memory limit of 64 MiB" in response.json()["error"]["message"]


def test_job_events_stream_progress_then_the_result(client: TestClient) -> None:
    started = client.post("/api/jobs/equity", json={"hands": "AsAh KsKh", "board": "Kd 7c 2s"})
    assert started.status_code == 202
    job = started.json()["id"]
    events = []
    with client.stream("GET", f"/api/jobs/{job}/events") as stream:
        name = None
        for line in stream.iter_lines():
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: "):
                events.append((name, json.loads(line.removeprefix("data: "))))
    assert events[-1][0] == "end" and all(kind == "progress" for kind, _ in events[:-1])
    assert events[-1][1]["state"] == "done"
    printed = cli_json("equity", "AsAh", "KsKh", "--board", "Kd 7c 2s")
    assert _without_method(events[-1][1]["result"]) == _without_method(printed)
    assert client.get(f"/api/jobs/{job}").json()["result"] == events[-1][1]["result"]
    assert client.get("/api/jobs/999999").status_code == 404


def test_cancel_kills_the_cli_process(client: TestClient) -> None:
    marker = "--dead=2c 3d 4h 5s"  # a command line no other test runs
    started = client.post("/api/jobs/equity", json={"hands": "random random random", "dead": "2c 3d 4h 5s",
                                                    "samples": 10**9})
    job = started.json()["id"]
    for _ in range(200):
        if cpoly_processes(marker):
            break
        time.sleep(0.05)
    assert cpoly_processes(marker), "the CLI process never started"
    cancelled = client.delete(f"/api/jobs/{job}")
    assert cancelled.json()["state"] == "cancelled"
    for _ in range(100):
        if not cpoly_processes(marker):
            break
        time.sleep(0.05)
    assert not cpoly_processes(marker), "the CLI process outlived its cancelled job"
    assert os.getpid() not in cpoly_processes(marker)


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(hands=st.text(alphabet="AKQJT98765432shdc?+-, xo", max_size=14),
       board=st.text(alphabet="AKQT72shdc ", max_size=8),
       cards=st.text(alphabet="AKQJT2hdcs -x", max_size=16))
def test_user_text_never_gets_a_500(hands: str, board: str, cards: str) -> None:
    """Whatever is typed into Hands, Board or Cards: the CLI's answer or its error, never a 500."""
    with TestClient(create_app(limits=Limits(seconds=30)), base_url=API_BASE) as fuzz:
        for command, body in [("equity", {"hands": hands, "board": board}),
                              ("hold", {"game": "jacks_or_better", "cards": cards})]:
            response = fuzz.post(f"/api/{command}", json=body)
            assert response.status_code in (200, 400, 422), response.text
            if response.status_code == 400:
                assert response.json()["error"]["message"]


@pytest.mark.parametrize(("code", "stdout", "stderr", "state", "message"), [
    (2, "", "error: bad card '7x'", "error", "bad card '7x'"),
    (2, '{"error": {"message": "bad card \'7x\'", "file": null, "line": null, "column": null}}', "",
     "error", "bad card '7x'"),
    (2, "", "g.cp:3:7: error: unknown name\n  X = Y\n      ^", "error", "unknown name\n  X = Y\n      ^"),
    (2, '{"error": {"message": "out of memory: this request is too large"}}', "", "refused", "memory limit of 4 GiB"),
    (1, "", "Traceback ...\nMemoryError", "refused", "memory limit of 4 GiB"),
    (70, "", "error: internal error (KeyError: 3)", "failed", "cpoly failed: error: internal error"),
    (0, "not json", "", "failed", "cpoly printed no JSON"),
])
def test_outcomes_of_both_error_styles(code: int, stdout: str, stderr: str, state: str, message: str) -> None:
    """Errors as text on stderr (today) and as the JSON error object on stdout (--json), exit 2."""
    outcome = read_outcome(code, stdout, stderr, Limits())
    assert outcome.state == state
    assert outcome.error["message"].startswith(message) or message in outcome.error["message"]
