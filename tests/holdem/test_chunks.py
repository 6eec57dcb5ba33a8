"""cpoly.scale.chunks, the checkpoint layer every chunked command uses: a checkpoint names what it
holds and is checked before use; anything else is recomputed and reported, never trusted."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from cpoly.scale.chunks import BadChunk, Chunk, chunk_identity, content_key, load_chunk, run_chunks, save_chunk

RUN = {"example": "cubes", "size": 3}
calls: list[int] = []


def _cube(value: int) -> dict[str, np.ndarray]:
    calls.append(value)
    return {"value": np.array([value ** 3], dtype=np.int64)}


def _chunks(count: int = 4) -> list[Chunk]:
    return [Chunk(f"chunk-{i:05d}", _cube, (i,)) for i in range(count)]


def _run(directory: Path, run: dict[str, object] = RUN,
         chunks: list[Chunk] | None = None) -> tuple[dict[str, int], list[str]]:
    """Values by chunk name, and the warning lines."""
    warnings: list[str] = []
    results = run_chunks(None, directory, chunks or _chunks(), run, warn=warnings.append)
    return {name: int(arrays["value"][0]) for name, arrays in results}, warnings


EXPECTED = {f"chunk-{i:05d}": i ** 3 for i in range(4)}


def test_a_sound_checkpoint_is_read_not_recomputed(tmp_path: Path) -> None:
    assert _run(tmp_path / "pass") == (EXPECTED, [])
    calls.clear()
    assert _run(tmp_path / "pass") == (EXPECTED, [])
    assert calls == []


def _damage_misplaced(folder: Path) -> None:
    shutil.copy(folder / "chunk-00002.npz", folder / "chunk-00001.npz")


def _damage_other_keys(folder: Path) -> None:
    np.savez(folder / "chunk-00001.npz", value=np.array([-5]))


def _damage_truncated(folder: Path) -> None:
    path = folder / "chunk-00001.npz"
    path.write_bytes(path.read_bytes()[:200])


def _damage_garbage(folder: Path) -> None:
    (folder / "chunk-00001.npz").write_bytes(b"PK\x03\x04 not a zip at all")


def _damage_flipped_byte(folder: Path) -> None:
    """One bit of the value changed and the zip's own CRC rewritten: only the checksum sees it."""
    path = folder / "chunk-00001.npz"
    with np.load(path) as data:
        stored = {key: data[key] for key in data.files}
    stored["value"] = stored["value"] ^ 1
    np.savez(path, **stored)


@pytest.mark.parametrize(("damage", "reason"), [
    (_damage_misplaced, "it holds 'chunk-00002', not 'chunk-00001'"),
    (_damage_other_keys, "no checkpoint identity"),
    (_damage_truncated, "not a readable .npz file"),
    (_damage_garbage, "not a readable .npz file"),
    (_damage_flipped_byte, "checksum does not match"),
])
def test_an_unsound_checkpoint_is_recomputed_and_reported(tmp_path: Path, damage: object,
                                                          reason: str) -> None:
    folder = tmp_path / "pass"
    _run(folder)
    damage(folder)  # type: ignore[operator]
    calls.clear()
    values, warnings = _run(folder)
    assert values == EXPECTED and calls == [1]
    assert len(warnings) == 1 and "chunk-00001.npz" in warnings[0] and reason in warnings[0]
    assert _run(folder) == (EXPECTED, [])                       # rewritten sound


def test_another_runs_or_passes_checkpoints_are_recomputed(tmp_path: Path) -> None:
    _run(tmp_path / "pass")
    calls.clear()
    values, warnings = _run(tmp_path / "pass", {**RUN, "size": 4})
    assert values == EXPECTED and sorted(calls) == [0, 1, 2, 3] and len(warnings) == 4
    assert "another run (size 3, not 4)" in warnings[0]
    shutil.copytree(tmp_path / "pass", tmp_path / "other")
    values, warnings = _run(tmp_path / "other", {**RUN, "size": 4})
    assert values == EXPECTED and len(warnings) == 4 and "pass folder 'pass'" in warnings[0]


def test_other_arguments_under_the_same_name_are_recomputed(tmp_path: Path) -> None:
    _run(tmp_path / "pass")
    shifted = [Chunk(c.name, _cube, (c.args[0] + 10,)) for c in _chunks()]
    values, warnings = _run(tmp_path / "pass", chunks=shifted)
    assert values == {name: (i + 10) ** 3 for i, name in enumerate(EXPECTED)}
    assert len(warnings) == 4 and "another key" in warnings[0]
    keyed = [Chunk(c.name, _cube, (c.args[0] + 10,), key=content_key("fixed", i))
             for i, c in enumerate(_chunks())]
    _run(tmp_path / "keyed", chunks=keyed)
    moved = [Chunk(c.name, _cube, (c.args[0],), key=content_key("fixed", i))
             for i, c in enumerate(_chunks())]
    calls.clear()
    values, warnings = _run(tmp_path / "keyed", chunks=moved)    # the caller's key decides
    assert calls == [] and warnings == [] and values["chunk-00000"] == 1000


def test_load_chunk_checks_the_identity(tmp_path: Path) -> None:
    folder = tmp_path / "pass"
    folder.mkdir()
    chunk = _chunks(1)[0]
    identity = chunk_identity(folder, chunk, RUN)
    path = folder / "chunk-00000.npz"
    assert load_chunk(path, identity) is None
    save_chunk(path, {"value": np.arange(3)}, identity)
    assert load_chunk(path, identity)["value"].tolist() == [0, 1, 2]  # type: ignore[index]
    for changed in ({"code": "0" * 64}, {"format": 1}, {"key": "other"}):
        with pytest.raises(BadChunk):
            load_chunk(path, {**identity, **changed})
    with pytest.raises(ValueError, match="may not be named"):
        save_chunk(path, {"__identity__": np.arange(3)}, identity)
