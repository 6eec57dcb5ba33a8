"""On-disk cache of arrays that are expensive to build (deal classes, subset tables).

Entries live in the cache directory (:func:`cpoly.store.sources.cache_dir`), one file per entry named
``<kind>-<sha256 key>.vpc`` in cpoly's one container format (:mod:`cpoly.store.container`), memory-mapped
when loaded (read-only arrays).  A key covers cpoly's code (:func:`cpoly.store.sources.code_digest`)
besides what the entry is of, so another version of cpoly never reads an entry.  An entry that
cannot be read, fails its checks or has unexpected names, dtypes or shapes is deleted and
reported missing: it is never trusted.

>>> key = entry_key("example", np.arange(3))
>>> len(key)
64
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path

import numpy as np

from cpoly.store import container as store
from cpoly.store.sources import cache_dir, cache_enabled, code_digest

__all__ = ["FORMAT_VERSION", "SUFFIX", "discard", "entry_key", "entry_path", "load_entry", "matches", "raw_arrays",
           "read_entry_file", "store_entry", "store_entry_later", "wait_for"]

#: Bump when the meaning or layout of any cached array changes: old entries become unreachable.
FORMAT_VERSION = 7
SUFFIX = ".vpc"

#: Expected arrays of an entry: name -> (dtype, shape); ``None`` in a shape matches any length.
Layout = Mapping[str, tuple[np.dtype, Sequence[int | None]]]


def entry_key(*parts: object) -> str:
    """sha256 hex digest of the format version, cpoly's code and ``parts`` (arrays hashed with
    dtype and shape)."""
    digest = hashlib.sha256(f"cpoly-videopoker-cache-v{FORMAT_VERSION}:{code_digest()}".encode())
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
    return cache_dir() / f"{kind}-{key}{SUFFIX}"


def read_entry_file(path: Path) -> dict[str, np.ndarray] | None:
    """The arrays of an entry file, memory-mapped read-only; None when the file is not a
    complete entry (:func:`cpoly.store.container.open_store`) or an array fails its check."""
    opened = store.open_store(path)
    if opened is None:
        return None
    try:
        return opened.arrays()
    except store.Damaged:
        return None


def matches(arrays: Mapping[str, np.ndarray], layout: Layout) -> bool:
    """Whether ``arrays`` are the names, dtypes and shapes ``layout`` expects."""
    return set(arrays) == set(layout) and all(
        arrays[name].dtype == np.dtype(dtype) and arrays[name].ndim == len(shape)
        and all(want is None or want == got for want, got in zip(shape, arrays[name].shape))
        for name, (dtype, shape) in layout.items())


def discard(path: Path) -> None:
    """Delete a file found damaged (nothing when it cannot be deleted)."""
    with suppress(OSError):
        path.unlink()


def load_entry(kind: str, key: str, layout: Layout) -> dict[str, np.ndarray] | None:
    """The arrays of an entry (memory-mapped, read-only), or None when absent; a bad entry is
    deleted and gives None.  An entry this process is still writing is waited for."""
    path = entry_path(kind, key)
    wait_for(path)
    if not cache_enabled() or not path.is_file():
        return None
    arrays = read_entry_file(path)
    if arrays is None or not matches(arrays, layout):
        discard(path)
        return None
    return arrays


def raw_arrays(arrays: Mapping[str, np.ndarray]) -> dict[str, store.Raw]:
    """Arrays as the container writes them (dtype, shape, bytes without a copy)."""
    contiguous = {name: np.ascontiguousarray(array) for name, array in arrays.items()}
    return {name: (a.dtype.str, a.shape, a.reshape(-1).view(np.uint8).data) for name, a in contiguous.items()}


def store_entry(kind: str, key: str, arrays: Mapping[str, np.ndarray]) -> Path | None:
    """Write an entry atomically; returns its path, or None when the cache is not writable."""
    return _store_at(entry_path(kind, key), arrays)


def _store_at(path: Path, arrays: Mapping[str, np.ndarray]) -> Path | None:
    if not cache_enabled():
        return None
    return path if store.write(path, raw_arrays(arrays), {}) else None


class _Writer(threading.Thread):
    """A non-daemon thread writing one entry; an error is kept for whoever waits for it."""

    def __init__(self, path: Path, arrays: Mapping[str, np.ndarray]) -> None:
        super().__init__(name=f"cpoly-cache-{path.name}")
        self.entry = (path, arrays)
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            _store_at(*self.entry)
        except BaseException as error:  # noqa: BLE001 -- raised again in the thread that waits
            self.error = error


_PENDING: dict[Path, _Writer] = {}
_PENDING_LOCK = threading.Lock()


def store_entry_later(kind: str, key: str, arrays: Mapping[str, np.ndarray]) -> None:
    """:func:`store_entry` on a background thread, so that the caller goes on computing.  The
    interpreter waits for the thread (not a daemon) before exiting, and :func:`load_entry` of
    the same entry in this process waits for it too (raising its error, if any): the entry is
    never missed or seen half-written."""
    if not cache_enabled():  # here, not on the thread: the switch of this moment
        return
    path = entry_path(kind, key)  # the directory of this moment
    writer = _Writer(path, arrays)
    with _PENDING_LOCK:
        _PENDING[path] = writer
    writer.start()


def wait_for(path: Path) -> None:
    """Wait for this process's write of ``path`` to end (raising its error, if any)."""
    with _PENDING_LOCK:
        writer = _PENDING.pop(path, None)
    if writer is not None:
        writer.join()
        if writer.error is not None and not isinstance(writer.error, MemoryError):
            raise writer.error  # out of memory leaves the entry missing: the cache is an optimisation
