"""The remembered sources of a game (cpoly/store/sources.py): a warm run finds the key of a game's
cache entries without parsing, and only while nothing it was read from has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpoly.lang.imports import load_module
from cpoly.store.sources import CACHE_ENV, PATH_ENV, file_digest, recall, remember


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


def content_digest(package: Path, data: Path | None = None) -> str:
    """The oracle: the digest of every source file's path and bytes, read now (not those under
    ``data``, a folder of data such as the shipped games)."""
    import hashlib
    import sys

    digest = hashlib.sha256(sys.version.encode())
    sources = [p for p in package.rglob("*") if p.suffix in (".py", ".lark", ".cp") and "__pycache__" not in p.parts
               and (data is None or data not in p.parents)]
    for path in sorted(sources, key=lambda p: (str(p.parent), p.name)):  # directory by directory
        digest.update(f"{path.relative_to(package)}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def test_the_code_digest_is_remembered_only_for_unchanged_files(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The remembered digest is used while every file stats the same; a file rewritten with
    bytes of the same size and its modification time set back is still seen (its change
    time moved), and a damaged memo is ignored."""
    import os

    from cpoly.store.sources import code_digest, package_digest

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    package = tmp_path / "package"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "grammar.lark").write_text("start: NAME\n")
    (package / "sub" / "notes.txt").write_text("not a source file\n")
    first = package_digest(package)
    assert first == content_digest(package)
    memos = list((tmp_path / "cache").glob("code-*.digest"))
    assert len(memos) == 1 and memos[0].read_text() == first
    memos[0].write_text("f" * 64)  # proves the memo is read: the files are not
    assert package_digest(package) == "f" * 64
    memos[0].write_text("damaged")
    assert package_digest(package) == first
    source = package / "a.py"
    times = source.stat()
    source.write_text("A = 2\n")
    os.utime(source, ns=(times.st_atime_ns, times.st_mtime_ns))  # same size, same modification time
    assert package_digest(package) == content_digest(package) != first
    code_digest.cache_clear()
    code = Path(__file__).resolve().parent.parent / "cpoly"
    assert code_digest() == content_digest(code, code / "definitions")
