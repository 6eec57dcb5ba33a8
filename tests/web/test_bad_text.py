"""Texts no CLI argument or file can hold (a NUL character, an unpaired surrogate) are refused
with a 400 naming the field; and a job whose run breaks for any reason ends "failed", never
stuck "running"."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from cpoly.web import app as web_app
from cpoly.web.app import create_app
from tests.web.conftest import API_BASE


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=API_BASE) as test_client:
        yield test_client


def _post(client: TestClient, path: str, body: str) -> Any:
    """POST a JSON text as written (json.dumps would refuse a lone surrogate)."""
    return client.post(path, content=body.encode(), headers={"Content-Type": "application/json"})


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/eval", r'{"cards": "Ah\u0000"}', "cards"),
    ("/api/eval", r'{"cards": "Ah Kh Qh Jh \ud800"}', "cards"),
    ("/api/hold", r'{"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "paytable": "9/6\u0000"}', "paytable"),
    ("/api/equity", r'{"hands": "AsAh\u0000 KsKh"}', "hands"),
    ("/api/equity", r'{"hands": "AsAh KsKh", "board": "\udfff"}', "board"),
    ("/api/paytables", r'{"source": "game \"\ud800\"", "filename": "a.cp"}', "game"),
    ("/api/paytables", r'{"source": "game \"x\"\u0000", "filename": "a.cp"}', "game"),
    ("/api/hold", r'{"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "pays": {"Flush\ud800": "6"}}', "pays"),
    ("/api/hold", r'{"game": "jacks_or_better", "cards": "Ah Kd Js 4c 7h", "dealt": {"Flush": "\u0000"}}', "pays"),
    ("/api/eval", r'{"cards": "Ah", "\u0000": 1}', "request"),
    ("/api/jobs/eval", r'{"cards": "\u0000"}', "cards"),
])
def test_nul_and_surrogates_are_refused_naming_the_field(client: TestClient, path: str, body: str,
                                                        field: str) -> None:
    response = _post(client, path, body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["field"] == field
    assert "NUL character" in error["message"] or "unpaired surrogate" in error["message"]


def _events(client: TestClient, job: str) -> list[tuple[str, Any]]:
    events, name = [], ""
    with client.stream("GET", f"/api/jobs/{job}/events") as stream:
        for line in stream.iter_lines():
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: "):
                events.append((name, json.loads(line.removeprefix("data: "))))
    return events


def test_a_run_that_breaks_ends_failed(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the input check switched off, a NUL reaches the subprocess call, which raises: the job
    must end "failed" with the reason (it stayed "running" forever)."""
    monkeypatch.setattr(web_app, "check_strings", lambda body: None)
    started = _post(client, "/api/jobs/eval", r'{"cards": "\u0000"}')
    assert started.status_code == 202
    job = started.json()["id"]
    events = _events(client, job)
    assert events[-1][0] == "end" and events[-1][1]["state"] == "failed"
    status = client.get(f"/api/jobs/{job}").json()
    assert status["state"] == "failed" and "could not run cpoly" in status["error"]["message"]
    assert client.delete(f"/api/jobs/{job}").json()["state"] == "failed"
    waited = _post(client, "/api/eval", r'{"cards": "\u0000"}')
    assert waited.status_code == 500 and "could not run cpoly" in waited.json()["error"]["message"]
