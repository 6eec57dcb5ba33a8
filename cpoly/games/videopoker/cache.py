"""On-disk cache of arrays that are expensive to build (deal classes, subset tables).

Entries live in ``$CPOLY_CACHE_DIR`` if set, else ``~/.cache/cpoly``, one ``.npz`` file per entry
named ``<kind>-<sha256 key>.npz``.  Each file stores its arrays plus a sha256 checksum of them;
files are written to a temporary name and moved into place with :func:`os.replace`, so a reader
never sees half a file.  An entry that cannot be read, fails its checksum or has unexpected
names, dtypes or shapes is deleted and reported missing: it is never trusted.

>>> key = entry_key("example", np.arange(3))
>>> len(key)
64
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

__all__ = [
    "CACHE_ENV",
    "FORMAT_VERSION",
    "cache_dir",
    "entry_key",
    "entry_path",
    "load_entry",
    "store_entry",
]

CACHE_ENV = "CPOLY_CACHE_DIR"
#: Bump when the meaning or layout of any cached array changes: old entries become unreachable.
FORMAT_VERSION = 1
_CHECKSUM = "__checksum__"

#: Expected arrays of an entry: name -> (dtype, shape); ``None`` in a shape matches any length.
Layout = Mapping[str, tuple[np.dtype, Sequence[int | None]]]


def cache_dir() -> Path:
    """The cache directory (not created)."""
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path.home() / ".cache" / "cpoly"


def entry_key(*parts: object) -> str:
    """sha256 hex digest of the format version and ``parts`` (arrays hashed with dtype and shape)."""
    digest = hashlib.sha256(f"cpoly-videopoker-cache-v{FORMAT_VERSION}".encode())
    for part in parts:
        if isinstance(part, np.ndarray):
            contiguous = np.ascontiguousarray(part)
            digest.update(f"array:{contiguous.dtype.str}:{contiguous.shape}".encode())
            digest.update(contiguous.tobytes())
        else:
            digest.update(f"value:{part!r}".encode())
        digest.update(b"\0")
    return digest.hexdigest()


def entry_path(kind: str, key: str) -> Path:
    """Where the entry ``kind``/``key`` is stored."""
    return cache_dir() / f"{kind}-{key}.npz"


def _checksum(arrays: Mapping[str, np.ndarray]) -> np.ndarray:
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return np.frombuffer(digest.digest(), dtype=np.uint8).copy()


def _matches(arrays: Mapping[str, np.ndarray], layout: Layout) -> bool:
    if set(arrays) != set(layout):
        return False
    for name, (dtype, shape) in layout.items():
        array = arrays[name]
        if array.dtype != np.dtype(dtype) or array.ndim != len(shape):
            return False
        if any(want is not None and want != got for want, got in zip(shape, array.shape)):
            return False
    return True


def _discard(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def load_entry(kind: str, key: str, layout: Layout) -> dict[str, np.ndarray] | None:
    """The arrays of an entry, or None when absent; a bad entry is deleted and gives None."""
    path = entry_path(kind, key)
    if not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
    except Exception:  # noqa: BLE001 -- any unreadable file (truncated zip, bad CRC, bad header) is dropped
        _discard(path)
        return None
    stored = arrays.pop(_CHECKSUM, None)
    if stored is None or not _matches(arrays, layout) or not np.array_equal(stored, _checksum(arrays)):
        _discard(path)
        return None
    return arrays


def store_entry(kind: str, key: str, arrays: Mapping[str, np.ndarray]) -> Path | None:
    """Write an entry atomically; returns its path, or None when the cache is not writable."""
    path = entry_path(kind, key)
    payload = {name: np.ascontiguousarray(a) for name, a in arrays.items()}
    payload[_CHECKSUM] = _checksum(payload)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{kind}-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                np.savez(stream, **payload)  # type: ignore[arg-type]
            os.replace(temporary, path)
        except BaseException:
            _discard(Path(temporary))
            raise
    except OSError:
        return None
    return path
