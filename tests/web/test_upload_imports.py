"""An uploaded game may import the standard library only, however ``import`` is spelled: the
loader itself refuses any other file (``CPOLY_IMPORTS=library``), so no spelling the grammar
accepts can make the server read a file and quote it in an error message."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cpoly.errors import CpolyError
from cpoly.lang.imports import read_text
from cpoly.web.app import create_app
from tests.web.conftest import API_BASE, ROOT

SECRET = "sk_live_abc123XYZ"
JACKS = (ROOT / "definitions" / "jacks_or_better.cp").read_text()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=API_BASE) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def secret(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A file outside the upload and the library whose text parses up to a name (the secret),
    and a second one that is a valid .cp library (a file the server must not read at all)."""
    folder = tmp_path_factory.mktemp("outside")
    (folder / "fake.env").write_text(f"API_TOKEN={SECRET}\n")
    (folder / "valid.cp").write_text(f"{SECRET}x = 1\nHidden = {SECRET}x\n")
    return folder


SPELLINGS = [
    'import"{path}"\n',                       # no space: the grammar ignores whitespace
    'import\t"{path}"\n',
    'import\f"{path}"\n',
    'import\u00a0"{path}"\n',                 # a no-break space is whitespace to the grammar
    '  import   "{path}"   // a comment\n',
    '// a comment\nimport"{path}"\r\n',       # CRLF line ends
    'Two = 0\r\nimport"{path}"\r\n',
    'import"{path}"// no space before the comment\n',
]


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("target", ["fake.env", "valid.cp"])
def test_no_spelling_of_import_reads_a_file_outside_the_library(client: TestClient, secret: Path,
                                                              spelling: str, target: str) -> None:
    path = str(secret / target)
    source = spelling.format(path=path) + JACKS
    for command, extra in [("paytables", {}), ("hold", {"cards": "Ah Kd Js 4c 7h"}), ("deck", {})]:
        response = client.post(f"/api/{command}", json={"source": source, "filename": "a.cp", **extra})
        assert SECRET not in response.text
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["field"] == "game" and path in error["message"]
        assert "standard library" in error["message"]


@pytest.mark.parametrize("target", ["../definitions/jacks_or_better.cp", "lib/poker.cp", "a.cp",
                                    "\\u002ftmp\\u002fx.cp", "poker.cp/", "./poker.cp", "POKER.CP"])
def test_paths_and_other_names_are_refused(client: TestClient, target: str) -> None:
    source = f'import "{target}"\n' + JACKS
    response = client.post("/api/paytables", json={"source": source, "filename": "a.cp"})
    assert response.status_code == 400 and response.json()["error"]["field"] == "game"
    assert target in response.json()["error"]["message"]


def test_library_imports_of_an_upload_still_work(client: TestClient) -> None:
    response = client.post("/api/paytables", json={"source": JACKS, "filename": "a.cp"})
    assert response.status_code == 200, response.text
    assert "9/6" in response.text


def test_the_loader_in_library_mode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mode itself: a file next to the game and one on CPOLY_PATH are not imported."""
    (tmp_path / "near.cp").write_text("Near = 1\n")
    (tmp_path / "path").mkdir()
    (tmp_path / "path" / "far.cp").write_text("Far = 1\n")
    monkeypatch.setenv("CPOLY_PATH", str(tmp_path / "path"))
    assert read_text('import "near.cp"\nimport "far.cp"\n', "g.cp", tmp_path).statements
    monkeypatch.setenv("CPOLY_IMPORTS", "library")
    for name in ["near.cp", "far.cp", str(tmp_path / "near.cp")]:
        with pytest.raises(CpolyError, match="standard library"):
            read_text(f'import "{name}"\n', "g.cp", tmp_path)
    assert read_text('import "poker.cp"\n', "g.cp", tmp_path).statements


@pytest.mark.parametrize("value", ["Library", "libary", "none", " library"])
def test_an_unknown_import_mode_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """A misspelt CPOLY_IMPORTS names itself instead of leaving imports open (it used to mean
    'any file')."""
    (tmp_path / "near.cp").write_text("Near = 1\n")
    monkeypatch.setenv("CPOLY_IMPORTS", value)
    with pytest.raises(CpolyError, match=f"CPOLY_IMPORTS is 'library' or unset, got '{value}'"):
        read_text('import "near.cp"\n', "g.cp", tmp_path)
