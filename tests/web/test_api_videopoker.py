"""The video-poker API's multi-play variances, one edited pay (its return and break-even) and the
PAR report, with Starlette's TestClient, against the CLI's ``--json`` for the same input."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cpoly.web.app import Settings, create_app
from tests.web.conftest import API_BASE, cli_json

JACKS = "definitions/jacks_or_better.cp"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(cache_dir=tmp_path_factory.mktemp("serve-cache"))
    with TestClient(create_app(settings=settings), base_url=API_BASE) as test_client:
        yield test_client


def test_plays_and_one_pay_are_the_cli_json(client: TestClient) -> None:
    response = client.post("/api/analyze", json={"game": "jacks_or_better", "paytable": "9/6",
                                                 "plays": [1, 3, 5, 10, 50, 100],
                                                 "pay": {"category": "Flush", "value": "11/2"}})
    assert response.status_code == 200, response.text
    assert response.json() == cli_json("analyze", JACKS, "--paytable", "9/6", "--pay", "Flush=11/2",
                                       "--plays", "1", "3", "5", "10", "50", "100")
    assert [p["plays"] for p in response.json()["multiplay"]["plays"]] == [1, 3, 5, 10, 50, 100]


def test_break_even_is_the_cli_sweep(client: TestClient) -> None:
    response = client.post("/api/sweep", json={"game": "jacks_or_better", "paytable": "8/5",
                                               "category": "RoyalFlush", "low": "0", "high": "1760"})
    assert response.status_code == 200, response.text
    expected = cli_json("sweep", JACKS, "RoyalFlush=0..1760", "--paytable", "8/5", "--points", "2")
    assert response.json() == expected
    assert expected["break_even"]["value_exact"] == "88383208636/50995941"  # docs/videopoker.md


@pytest.mark.parametrize(("command", "body", "field"), [
    ("analyze", {"plays": [0]}, "plays"),
    ("analyze", {"plays": [True]}, "plays"),
    ("analyze", {"plays": "3"}, "plays"),
    ("analyze", {"plays": list(range(1, 20))}, "plays"),
    ("analyze", {"pay": {"category": "Flush", "value": "١"}}, "value"),
    ("analyze", {"pay": {"category": "Flush", "value": "-3"}}, "value"),
    ("analyze", {"pay": {"category": "Flush --json", "value": "3"}}, "pay"),
    ("analyze", {"pay": "Flush=3"}, "pay"),
    ("sweep", {"category": "Flush", "high": "6.٥"}, "high"),
    ("sweep", {"category": "Flush", "low": "1/", "high": "3"}, "low"),
    ("sweep", {"category": "../x", "high": "3"}, "category"),
    ("sweep", {"category": "Flush"}, "high"),
])
def test_bad_input_is_400_before_running(client: TestClient, command: str, body: dict[str, Any], field: str) -> None:
    response = client.post(f"/api/{command}", json={"game": "jacks_or_better", **body})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["field"] == field and response.json()["error"]["message"]


def test_unknown_category_is_the_cli_error(client: TestClient) -> None:
    response = client.post("/api/sweep", json={"game": "jacks_or_better", "category": "Flusj", "high": "3"})
    assert response.status_code == 400
    assert "Flusj" in response.json()["error"]["message"]


def test_report_is_written_in_the_cache_and_served(client: TestClient, tmp_path: Path) -> None:
    response = client.post("/api/report", json={"game": "jacks_or_better", "paytable": "8/5"})
    assert response.status_code == 200, response.text
    document = response.json()
    url = document.pop("url")
    expected = cli_json("report", JACKS, "--paytable", "8/5", "--out", str(tmp_path / "par"))
    served, written = document.pop("provenance"), expected.pop("provenance")  # where and when it ran
    assert document == expected
    assert served.keys() == written.keys() and served["code_digest"] == written["code_digest"]
    page = client.get(url)
    assert page.status_code == 200 and "8/5" in page.text and page.headers["content-type"].startswith("text/html")
    png = client.get(url.replace("index.html", "shares.png"))
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
    folder = url.rsplit("/", 1)[0]
    for bad in [f"{folder}/report.json", f"{folder}/..%2F..%2Fgame%2Fjacks_or_better.cp",
                f"{folder}/.lock", "/reports/../../etc/passwd", f"/reports/{'0' * 64}/{'0' * 16}/index.html",
                url.replace("/reports/", "/reports/x")]:
        answer = client.get(bad)
        assert answer.status_code == 404, bad
        assert b"Jacks" not in answer.content
