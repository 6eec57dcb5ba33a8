"""The remembered sources of a game (cpoly/sources.py): a warm run finds the key of a game's
cache entries without parsing, and only while nothing it was read from has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpoly.imports import load_module
from cpoly.sources import CACHE_ENV, PATH_ENV, file_digest, recall, remember


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(PATH_ENV, raising=False)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "shared.cp").write_text("Pair = δC1F,C2F\n")
    path = tmp_path / "game.cp"
    path.write_text('import "shared.cp"\ncards F S\n')
    monkeypatch.setenv(PATH_ENV, str(tmp_path / "lib"))
    return path


def remembered(path: Path) -> str:
    sources = load_module(path).sources
    assert sources is not None
    remember(path, sources)
    return sources.key()


def test_recall_returns_the_key_of_unchanged_sources(game: Path) -> None:
    assert recall(game) is None  # never loaded
    key = remembered(game)
    assert recall(game) == key
    assert remembered(game) == key  # loading again: the same key


def test_an_edited_import_changes_nothing_silently(game: Path) -> None:
    remembered(game)
    (game.parent / "lib" / "shared.cp").write_text("Pair = δC1F,C2F δC1S,C2S\n")
    assert recall(game) is None


def test_a_file_that_would_now_be_imported_first_invalidates(game: Path) -> None:
    remembered(game)
    (game.parent / "shared.cp").write_text("Pair = δC1S,C2S\n")  # next to the game: found first
    assert recall(game) is None


def test_another_search_path_invalidates(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    remembered(game)
    monkeypatch.setenv(PATH_ENV, str(game.parent / "lib") + ":/elsewhere")
    assert recall(game) is None


def test_a_damaged_manifest_is_ignored(game: Path) -> None:
    remembered(game)
    for manifest in Path(str(game.parent / "cache")).glob("sources-*.json"):
        manifest.write_text("{not json")
    assert recall(game) is None


def test_a_relative_search_path_means_the_directory_it_names_now(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(game.parent)
    monkeypatch.setenv(PATH_ENV, "lib")
    remembered(game)
    (game.parent / "other").mkdir()
    monkeypatch.chdir(game.parent / "other")  # "lib" is now another (missing) directory
    assert recall(game) is None


def test_a_repointed_symbolic_link_invalidates(game: Path) -> None:
    lib = game.parent / "lib"
    (lib / "v1.cp").write_text("Pair = δC1F,C2F\n")
    (lib / "v2.cp").write_text("Pair = δC1S,C2S\n")
    (lib / "shared.cp").unlink()
    (lib / "shared.cp").symlink_to(lib / "v1.cp")
    remembered(game)
    assert recall(game) is not None
    (lib / "shared.cp").unlink()
    (lib / "shared.cp").symlink_to(lib / "v2.cp")
    assert recall(game) is None


def test_the_digest_is_of_the_bytes_parsed(game: Path) -> None:
    sources = load_module(game).sources
    assert sources is not None
    shared = game.parent / "lib" / "shared.cp"
    digests = {real: digest for _, real, digest in sources.files}
    assert digests[str(shared.resolve())] == file_digest(shared)
    assert len(sources.files) == 2
