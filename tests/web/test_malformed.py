"""Every error of ``cpoly serve`` is the API's JSON with a 4xx when the client is at fault
(issue 35): names too long for a file system, unknown addresses and methods, malformed HTTP
(what uvicorn's h11 refuses before the app sees it, and what the app refuses itself), an edited
pay table reported in the user's own text, and job ids no one can guess."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import TestClient

from cpoly.web.app import create_app
from cpoly.web.games import MAX_NAME
from cpoly.web.guard import Guard, allowed_hosts
from tests.web.conftest import API_BASE, ROOT, Served, malformed_requests, raw_request, serving

JACKS = (ROOT / "definitions" / "jacks_or_better.cp").read_text()
HOLD = {"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h"}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=API_BASE, raise_server_exceptions=False) as test_client:
        yield test_client


def _api_error(response: Any, status: int) -> dict[str, Any]:
    """The API's JSON error of ``response``, which must have ``status``."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json"), response.headers
    error: dict[str, Any] = response.json()["error"]
    assert isinstance(error["message"], str) and error["message"]
    return error


# ---- names -------------------------------------------------------------------------------------
def test_an_upload_named_with_5000_characters_is_400(client: TestClient) -> None:
    """The issue's reproducer: 500 ``OSError: File name too long``."""
    response = client.post("/api/hold", json={"source": JACKS, "filename": "a" * 5000, "cards": HOLD["cards"]})
    error = _api_error(response, 400)
    assert error["field"] == "game" and f"at most {MAX_NAME}" in error["message"]
    fits = client.post("/api/hold", json={"source": JACKS, "filename": "a" * MAX_NAME, "cards": HOLD["cards"]})
    assert fits.status_code == 200, fits.text


@pytest.mark.parametrize(("body", "field"), [
    ({**HOLD, "paytable": "x" * (MAX_NAME + 1)}, "paytable"),
    ({**HOLD, "pays": {"F" * (MAX_NAME + 1): "6"}}, "pays"),
    ({**HOLD, "pays": {"Flush": "6" * (MAX_NAME + 1)}}, "pays"),
    ({**HOLD, "dealt": {"Flush": "6"}, "pays": {"Flush": "6"} | {"Q" * 5000: "1"}}, "pays"),
    ({"game": "g" * 5000, "cards": "Ah"}, "game"),
])
def test_every_name_is_bounded(client: TestClient, body: dict[str, Any], field: str) -> None:
    error = _api_error(client.post("/api/hold", json=body), 400)
    assert error["field"] == field and len(error["message"]) < 1000, error


def test_sweep_and_pay_names_are_bounded(client: TestClient) -> None:
    long = "F" * (MAX_NAME + 1)
    sweep = client.post("/api/sweep", json={"game": "jacks_or_better", "category": long, "high": "9"})
    assert _api_error(sweep, 400)["field"] == "category"
    pay = client.post("/api/analyze", json={"game": "jacks_or_better", "pay": {"category": "Flush",
                                                                               "value": "1" * 500}})
    assert _api_error(pay, 400)["field"] == "value"


# ---- the edited pay table -------------------------------------------------------------------------
def test_an_empty_edited_pay_table_is_the_pays_field(client: TestClient) -> None:
    error = _api_error(client.post("/api/analyze", json={"game": "jacks_or_better", "pays": {}}), 400)
    assert error == {"message": error["message"], "field": "pays"} and "no hand" in error["message"]


@pytest.mark.parametrize("hand", ["import", "paytable", "game"])
def test_a_keyword_in_the_edited_pay_table_is_named_there(client: TestClient, hand: str) -> None:
    """The issue's reproducer: reported at line 26 of jacks_or_better.cp, which has 23 lines."""
    pays = {"Flush": "6", hand: "5"}
    error = _api_error(client.post("/api/analyze", json={"game": "jacks_or_better", "pays": pays}), 400)
    assert error["field"] == "pays" and "line" not in error and "file" not in error, error
    assert f"at {hand}:" in error["message"], error


def test_an_unknown_hand_of_the_edited_table_names_it(client: TestClient) -> None:
    error = _api_error(client.post("/api/analyze", json={"game": "jacks_or_better",
                                                         "pays": {"Flush": "6", "Nothing": "2"}}), 400)
    assert error["field"] == "pays" and "Nothing" in error["message"] and "line" not in error, error


def test_an_error_in_the_users_own_upload_keeps_its_line(client: TestClient) -> None:
    """Only the server's own line is re-placed: a mistake in the upload is at its line and column."""
    broken = JACKS.replace("game ", "game = ", 1)
    body = {"source": broken, "filename": "mine.cp", "pays": {"Flush": "6"}}
    error = _api_error(client.post("/api/analyze", json=body), 400)
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if text.startswith("game = "))
    assert (error["file"], error["line"], error["field"]) == ("mine.cp", line, "game"), error


# ---- addresses, methods, job ids ----------------------------------------------------------------------
@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/nope", 404), ("GET", "/api/jobs/a/b/c", 404), ("GET", "/static/missing.js", 404),
    ("GET", "/" + "x" * 5000, 404), ("PUT", "/api/games", 405), ("PATCH", "/api/eval", 405),
    ("GET", "/api/eval", 405),
])
def test_unknown_addresses_and_methods_are_json(client: TestClient, method: str, path: str, status: int) -> None:
    response = client.request(method, path, headers={"Content-Type": "application/json"})
    error = _api_error(response, status)
    assert error["field"] == "request" and len(error["message"]) < 300


def test_job_ids_are_random_128_bit_and_a_wrong_one_is_404(client: TestClient) -> None:
    ids = [client.post("/api/jobs/eval", json={"cards": "Ah Kh Qh Jh Th"}).json()["id"] for _ in range(3)]
    assert len(set(ids)) == 3 and all(len(job) == 32 and int(job, 16) >= 0 for job in ids), ids
    wrong = f"{int(ids[0], 16) ^ 1:032x}"
    for method, path in [("GET", f"/api/jobs/{wrong}"), ("DELETE", f"/api/jobs/{wrong}"),
                         ("GET", f"/api/jobs/{wrong}/events"), ("GET", "/api/jobs/1"), ("DELETE", "/api/jobs/2"),
                         ("GET", "/api/jobs/" + "9" * 3000)]:
        error = _api_error(client.request(method, path), 404)
        assert error["field"] == "request" and len(error["message"]) < 300
    for job in ids:
        assert client.get(f"/api/jobs/{job}").status_code == 200


def test_a_crash_of_the_server_is_a_json_500(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(folder: Any) -> Any:
        raise RuntimeError("a bug")
    monkeypatch.setattr("cpoly.web.app.list_games", broken)
    error = _api_error(client.get("/api/games"), 500)
    assert "RuntimeError" in error["message"] and "a bug" not in error["message"]


# ---- malformed requests the app sees (any ASGI server), and what uvicorn refuses first ---------------------
def _through_guard(headers: list[tuple[bytes, bytes]]) -> tuple[int, dict[str, Any], bool]:
    """Pass a request with these raw headers to the guard: status, JSON answer, whether the app ran."""
    sent: list[Any] = []
    reached = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    guard = Guard(app, allowed_hosts("127.0.0.1", 8765))
    # a thread of its own: a browser test earlier in this worker may leave an event loop running here
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, guard({"type": "http", "method": "POST", "headers": headers}, receive, send)).result()
    if reached:
        return 0, {}, True
    return sent[0]["status"], json.loads(sent[1]["body"]), False


@pytest.mark.parametrize("headers", [
    [(b"host", b"127.0.0.1:8765"), (b"host", b"127.0.0.1:8765")],
    [(b"host", b"127.0.0.1:8765"), (b"Host", b"attacker.example")],
    [(b"host", b"127.0.0.1:8765"), (b"content-length", b"-1")],
    [(b"host", b"127.0.0.1:8765"), (b"content-length", b"1e3")],
    [(b"host", b"127.0.0.1:8765"), (b"content-length", b"3"), (b"content-length", b"4")],
])
def test_the_guard_refuses_malformed_headers(headers: list[tuple[bytes, bytes]]) -> None:
    status, answer, reached = _through_guard(headers)
    assert not reached and status == 400 and answer["error"]["field"] == "request", answer


def test_the_guard_passes_a_well_formed_request() -> None:
    assert _through_guard([(b"host", b"127.0.0.1:8765"), (b"content-length", b"0")])[2]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("malformed")) as running:
        yield running


def test_uvicorn_refuses_malformed_http_with_the_api_json(served: Served) -> None:
    """What uvicorn (h11) answers itself, before the app: 400, and now the API's JSON error."""
    for data in malformed_requests(served.port):
        status, headers, body = raw_request(served.port, data)
        assert status == 400, (data[:80], body)
        assert headers["content-type"] == "application/json" and headers["connection"] == "close", headers
        assert json.loads(body)["error"]["field"] == "request", body
    status, _, body = raw_request(served.port, b"GET /api/games HTTP/1.1\r\n" +
                                  f"Host: 127.0.0.1:{served.port}\r\nConnection: close\r\n\r\n".encode())
    assert status == 200 and json.loads(body)


def test_a_websocket_upgrade_is_an_ordinary_request(served: Served) -> None:
    """No WebSocket is served: an upgrade is answered as plain HTTP (the guard closes any
    WebSocket an ASGI server would hand it)."""
    status, _, body = raw_request(served.port, b"GET /nothing HTTP/1.1\r\n" +
                                  f"Host: 127.0.0.1:{served.port}\r\nConnection: Upgrade, close\r\n".encode() +
                                  b"Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                                  b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
    assert status == 404 and json.loads(body)["error"]["field"] == "request"
