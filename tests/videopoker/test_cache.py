"""The on-disk cache: reuse, atomic writes, corrupt and stale entries never trusted."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from cpoly.games.videopoker.play.plain import analyze_game
from cpoly.games.videopoker.play.summary import GameAnalysis
from cpoly.games.videopoker.prepare import cache
from cpoly.lang.paytable import PayTable
from cpoly.store import sources

from .vp_oracle import poker_categories, standard_deck

PAYS = (3, 3, 3, 2, 1, 1, 1, 1, 1)


def run(use_cache: bool = True, categories: np.ndarray | None = None) -> GameAnalysis:
    faces, suits = standard_deck(5, 3)
    if categories is None:
        categories = poker_categories(5, 3)
    return analyze_game(categories, faces, suits, PayTable("p", PAYS), use_cache=use_cache)


def figures(analysis: GameAnalysis) -> tuple:
    return analysis.combinations, analysis.dealt_combinations, analysis.deal_classes, analysis.group_order


def game_files(directory: Path) -> list[Path]:
    return sorted(directory.glob(f"game-*{cache.SUFFIX}"))


def test_second_run_reads_the_cache(private_cache: Path) -> None:
    first = run()
    assert not first.from_cache
    assert len(game_files(private_cache)) == 1 and len(list(private_cache.glob(f"classes-*{cache.SUFFIX}"))) == 1
    second = run()
    assert second.from_cache
    assert figures(second) == figures(first)
    assert not list(private_cache.glob("*.tmp"))


def test_no_cache_writes_nothing(private_cache: Path) -> None:
    assert not run(use_cache=False).from_cache
    assert not private_cache.exists()


def corrupt_truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def corrupt_flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for offset in range(len(data) // 3, len(data) // 3 + 16):
        data[offset] ^= 0xFF
    path.write_bytes(bytes(data))


def corrupt_empty(path: Path) -> None:
    path.write_bytes(b"")


@pytest.mark.parametrize("corrupt", [corrupt_truncate, corrupt_flip, corrupt_empty])
def test_corrupt_entry_is_rebuilt(private_cache: Path, corrupt) -> None:  # type: ignore[no-untyped-def]
    reference = run()
    (path,) = game_files(private_cache)
    corrupt(path)
    rebuilt = run()
    assert not rebuilt.from_cache
    assert figures(rebuilt) == figures(reference)
    assert run().from_cache  # rewritten, valid again


def rewrite_entry(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    """Rewrite an entry with modified arrays (checksum recomputed unless ``change`` says so)."""
    stored = cache.read_entry_file(path)
    assert stored is not None
    arrays = {name: np.array(a) for name, a in stored.items()}
    change(arrays)
    kind, key = path.stem.split("-", 1)
    cache.store_entry(kind, key, arrays)


def test_wrong_shapes_with_good_checksum_are_rejected(private_cache: Path) -> None:
    reference = run()
    (path,) = game_files(private_cache)
    rewrite_entry(path, lambda arrays: arrays.update(counts2=arrays["counts2"][:-1]))
    rebuilt = run()
    assert not rebuilt.from_cache and figures(rebuilt) == figures(reference)


def test_inconsistent_classes_are_rejected(private_cache: Path) -> None:
    reference = run()
    (path,) = game_files(private_cache)
    rewrite_entry(path, lambda arrays: arrays.update(sizes=arrays["sizes"] + 1))
    rebuilt = run()
    assert not rebuilt.from_cache and figures(rebuilt) == figures(reference)


def test_bad_checksum_is_rejected_and_deleted(private_cache: Path) -> None:
    run()
    (path,) = game_files(private_cache)
    stored = cache.read_entry_file(path)
    assert stored is not None
    layout = {name: (a.dtype, a.shape) for name, a in stored.items()}
    offset = int(np.asarray(stored["counts1"]).ctypes.data - np.asarray(stored["counts0"]).ctypes.data)
    del stored
    data = bytearray(path.read_bytes())
    start = data.index(b"counts0")  # a valid file whose payload no longer matches its checksum
    header = json.loads(data[data.index(b"{"):data.index(b"\n", start)])
    (counts0_offset,) = [o for name, _, _, o in header["arrays"] if name == "counts0"]
    data[counts0_offset + offset] ^= 1
    path.write_bytes(bytes(data))
    kind, key = path.stem.split("-", 1)
    assert cache.load_entry(kind, key, layout) is None
    assert not path.exists()


def test_other_categories_do_not_hit(private_cache: Path) -> None:
    run()
    other = poker_categories(5, 3, high_pair_from=3)
    analysis = run(categories=other)
    assert not analysis.from_cache
    assert len(game_files(private_cache)) == 2
    assert analysis.combinations == run(use_cache=False, categories=other).combinations


def test_unwritable_cache_directory_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    monkeypatch.setenv(sources.CACHE_ENV, str(blocker / "cache"))
    assert figures(run()) == figures(run(use_cache=False))


def test_store_and_load_round_trip(private_cache: Path) -> None:
    arrays = {"a": np.arange(6, dtype=np.int64).reshape(2, 3), "b": np.array([1], dtype=np.int32)}
    key = cache.entry_key("round trip", arrays["a"])
    assert cache.load_entry("test", key, {}) is None
    cache.store_entry("test", key, arrays)
    layout = {"a": (np.dtype(np.int64), (None, 3)), "b": (np.dtype(np.int32), (1,))}
    loaded = cache.load_entry("test", key, layout)
    assert loaded is not None and all(np.array_equal(loaded[k], arrays[k]) for k in arrays)
    wrong_dtype = {"a": (np.dtype(np.int32), (None, 3)), "b": (np.dtype(np.int32), (1,))}
    assert cache.load_entry("test", key, wrong_dtype) is None
    assert not cache.entry_path("test", key).exists()


def test_keys_depend_on_every_part() -> None:
    base = cache.entry_key("game", np.arange(3), np.zeros(3, dtype=np.int64), 10)
    assert base != cache.entry_key("game", np.arange(3), np.zeros(3, dtype=np.int64), 11)
    assert base != cache.entry_key("game", np.arange(3), np.zeros(3, dtype=np.int32), 10)
    assert base != cache.entry_key("game", np.arange(3), np.ones(3, dtype=np.int64), 10)


def test_cache_dir_defaults_to_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sources.CACHE_ENV)
    assert sources.cache_dir() == Path.home() / ".cache" / "cpoly"


def test_another_version_of_the_code_never_reads_an_entry(private_cache: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry's key covers cpoly's code: after an upgrade the game is prepared again (the old
    entry once answered for new code that classified hands otherwise)."""
    run()
    (first,) = game_files(private_cache)
    monkeypatch.setattr(cache, "code_digest", lambda: "another version")
    again = run()
    assert not again.from_cache
    assert len(game_files(private_cache)) == 2 and first.exists()


def test_an_entry_copied_under_another_name_is_refused(private_cache: Path) -> None:
    """The header names its own file: a copy under another key is deleted, never read."""
    arrays = {"a": np.arange(5, dtype=np.int64)}
    layout = {"a": (np.dtype(np.int64), (None,))}
    path = cache.store_entry("example", cache.entry_key("one"), arrays)
    assert path is not None
    other = cache.entry_path("example", cache.entry_key("two"))
    other.write_bytes(path.read_bytes())
    assert cache.load_entry("example", cache.entry_key("two"), layout) is None
    assert not other.exists()
    loaded = cache.load_entry("example", cache.entry_key("one"), layout)
    assert loaded is not None and loaded["a"].tolist() == list(range(5))
