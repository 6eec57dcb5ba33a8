"""Issue 34, item 6: the CLI's cache directory is capped like the server's folder (least recently
used out first, whole files only, writes under way kept), and ``cpoly cache`` shows and clears
it.  The oracle for sizes and kinds is a plain listing of the folder."""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path

import pytest

from cpoly.cli.main import main
from cpoly.store.cachecap import CAP_ENV, DEFAULT_CAP_BYTES, clear, evict
from cpoly.web.cachefolder import DEFAULT_CAP_BYTES as SERVER_CAP
from tests.conftest import DEFINITIONS

HEX = "0123456789abcdef" * 4


def _entry(folder: Path, name: str, size: int, age: float) -> Path:
    """A file of ``size`` bytes last used ``age`` seconds ago."""
    path = folder / name
    path.write_bytes(b"x" * size)
    used = time.time() - age
    os.utime(path, (used, used))
    return path


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(folder))
    monkeypatch.delenv(CAP_ENV, raising=False)
    monkeypatch.delenv("CPOLY_NO_CACHE", raising=False)
    return folder


def test_the_cap_is_the_servers() -> None:
    assert DEFAULT_CAP_BYTES == SERVER_CAP == 1 << 30


def test_least_recently_used_go_first_until_the_rest_fits(cache: Path) -> None:
    names = [f"game-{HEX}.snapshot", f"prepared-{HEX}.vpc", f"sources-{HEX}.json", f"classes-{HEX}.vpc"]
    for age, name in zip((400, 300, 200, 100), names):
        _entry(cache, name, 1000, age)
    (cache / "serve").mkdir()
    _entry(cache / "serve", "big", 10_000, 1000)  # the server's: capped on its own
    removed = evict(cache, cap=2500)
    assert [entry.path.name for entry in removed] == names[:2]
    assert sorted(os.listdir(cache)) == sorted(names[2:] + ["serve"])
    assert (cache / "serve" / "big").exists()


def test_a_write_under_way_is_kept_and_a_killed_writers_leftover_goes_first(cache: Path) -> None:
    young = _entry(cache, f".prepared-{HEX}.vpc.0123456789abcdef.tmp", 1000, 10)
    old = _entry(cache, f".game-{HEX}.snapshot.fedcba9876543210.tmp", 1000, 7200)
    kept = _entry(cache, f"prepared-{HEX}.vpc", 1000, 3600)
    removed = clear(cache)
    assert [entry.path for entry in removed] == [old, kept]
    assert young.exists()


def test_cache_shows_location_entries_and_size_by_kind(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sizes = {f"prepared-{HEX}.vpc": 3000, f"prepared-{HEX[::-1]}.vpc": 2000, f"game-{HEX}.snapshot": 500,
             f"game-{HEX}.vpc": 700, "notes.txt": 5}
    for name, size in sizes.items():
        _entry(cache, name, size, 60)
    assert main(["cache", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    listed = {name: (cache / name).stat().st_size for name in os.listdir(cache)}
    assert shown["location"] == str(cache) and shown["cap_bytes"] == DEFAULT_CAP_BYTES
    assert shown["entries"] == len(listed) and shown["bytes"] == sum(listed.values())
    assert {row["kind"]: (row["entries"], row["bytes"]) for row in shown["kinds"]} == {
        "prepared.vpc": (2, 5000), "game.vpc": (1, 700), "game.snapshot": (1, 500), "other": (1, 5)}
    assert main(["cache"]) == 0
    text = capsys.readouterr().out
    assert str(cache) in text and "5 entries, 6.1 KiB of a cap of 1.0 GiB" in text and "prepared.vpc" in text


def test_clear_removes_everything_but_a_running_servers_folder(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in (f"prepared-{HEX}.vpc", f"game-{HEX}.snapshot"):
        _entry(cache, name, 100, 60)
    (cache / "serve").mkdir()
    with open(cache / "serve" / ".lock", "ab") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running 'cpoly serve' holds it
        assert main(["cache", "--clear", "--json"]) == 0
    cleared = json.loads(capsys.readouterr().out)
    assert cleared == {"location": str(cache), "removed_entries": 2, "removed_bytes": 200,
                       "server_folder": "in use, left"}
    assert os.listdir(cache) == ["serve"]
    assert main(["cache", "--clear"]) == 0
    assert "removed the web server's folder" in capsys.readouterr().out
    assert os.listdir(cache) == []


def test_a_command_that_adds_to_the_cache_brings_it_under_the_cap(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A real command's own entries are the newest: the old ones go, its own stay."""
    stale = [_entry(cache, f"prepared-{HEX[:-1]}{i}.vpc", 400_000, 86_400 * (i + 1)) for i in range(3)]
    monkeypatch.setenv(CAP_ENV, str(1 / 1024))  # 1 MiB
    assert main(["count", str(DEFINITIONS / "jacks_or_better.cp"), "--json"]) == 0
    capsys.readouterr()
    left = {path.name: path.stat().st_size for path in cache.iterdir()}
    assert sum(left.values()) <= 1 << 20
    assert [path.name in left for path in stale] == [True, True, False]  # the oldest out, enough to fit
    assert any(name.startswith("game-") and name.endswith(".snapshot") for name in left)


def test_nothing_is_removed_with_no_cache_or_when_nothing_was_added(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    stale = _entry(cache, f"prepared-{HEX}.vpc", 2000, 86_400)
    monkeypatch.setenv(CAP_ENV, "0")
    assert main(["count", str(DEFINITIONS / "jacks_or_better.cp"), "--no-cache"]) == 0
    assert main(["cache"]) == 0
    capsys.readouterr()
    assert os.listdir(cache) == [stale.name]


def test_a_bad_cap_is_refused_before_any_work(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(CAP_ENV, "1GB")
    assert main(["count", str(DEFINITIONS / "jacks_or_better.cp")]) == 2
    assert capsys.readouterr().err == "error: CPOLY_CACHE_CAP is the cache's size cap in GiB (e.g. 0.5), got '1GB'\n"
    assert main(["cache", "--json"]) == 2
    assert "CPOLY_CACHE_CAP" in json.loads(capsys.readouterr().out)["error"]["message"]
    assert os.listdir(cache) == []
