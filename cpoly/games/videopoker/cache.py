"""On-disk cache of arrays that are expensive to build (deal classes, subset tables).

Entries live in ``$CPOLY_CACHE_DIR`` if set, else ``~/.cache/cpoly``, one file per entry named
``<kind>-<sha256 key>.vpc``: a magic line, a JSON header (the file's own name, names, dtypes,
shapes, offsets, file size, checksum) and the raw arrays, 64-byte aligned.  A key covers the
code (:func:`cpoly.sources.code_digest`) besides what the entry is of, so another version of
cpoly never reads an entry; a file renamed or copied to another entry's name is refused.  Entries are **memory-mapped** when loaded
(read-only arrays), and checked on every load: the file size must match the header, and a
CRC-32 covers the header and every byte of every array (about 10 ms for the 24 MB of a
52-card game: a sampled check once let a damaged index array give a wrong return).  Files are written to a
temporary name and moved into place with :func:`os.replace`, so a reader never sees half a
file.  An entry that cannot be read, fails its check or has unexpected names, dtypes or shapes
is deleted and reported missing: it is never trusted.

>>> key = entry_key("example", np.arange(3))
>>> len(key)
64
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import tempfile
import threading
import time
import zlib
from collections.abc import Mapping, Sequence
from math import prod
from pathlib import Path

import numpy as np

from cpoly.sources import CACHE_ENV, cache_dir, code_digest

__all__ = [
    "CACHE_ENV",
    "FORMAT_VERSION",
    "SUFFIX",
    "cache_dir",
    "entry_key",
    "entry_path",
    "load_entry",
    "read_entry_file",
    "store_entry",
    "store_entry_later",
]

#: Bump when the meaning or layout of any cached array changes: old entries become unreachable.
FORMAT_VERSION = 6
SUFFIX = ".vpc"
_MAGIC = b"cpoly-videopoker-cache 2\n"
_ALIGN = 64

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


def _crc(header: bytes, data: memoryview, spans: Sequence[tuple[int, int]], crc: int = 0) -> int:
    """CRC-32 of the header and of each array's bytes (``spans``: offset, size), continuing
    ``crc``."""
    crc = zlib.crc32(header, crc)
    for offset, size in spans:
        crc = zlib.crc32(data[offset:offset + size], crc)
    return crc


def _header_bytes(name: str, entries: list[list[object]], size: int) -> bytes:
    return json.dumps({"arrays": entries, "name": name, "size": size}, sort_keys=True).encode()


def read_entry_file(path: Path) -> dict[str, np.ndarray] | None:
    """The arrays of an entry file, memory-mapped read-only; None when the file is not a
    complete entry (bad magic or header, another entry's file, wrong size, checksum mismatch)."""
    with open(path, "rb") as stream:
        if stream.readline() != _MAGIC:
            return None
        header = json.loads(stream.readline())
        mapped = mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ) if header["size"] else None
    entries = header["arrays"]
    if header["name"] != path.name or mapped is None or len(mapped) != header["size"]:
        return None
    data = memoryview(mapped)
    spans = [(int(offset), int(np.dtype(dtype).itemsize * prod(shape))) for _, dtype, shape, offset in entries]
    if _crc(_header_bytes(path.name, entries, header["size"]), data, spans) != header["crc"]:
        return None
    return {name: np.frombuffer(mapped, dtype=np.dtype(dtype), count=prod(shape), offset=offset).reshape(shape)
            for name, dtype, shape, offset in entries}


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
    """The arrays of an entry (memory-mapped, read-only), or None when absent; a bad entry is
    deleted and gives None.  An entry this process is still writing is waited for."""
    path = entry_path(kind, key)
    _wait_for(path)
    if not path.is_file():
        return None
    try:
        arrays = read_entry_file(path)
    except Exception:  # noqa: BLE001 -- any unreadable file (truncated, bad JSON, bad dtype) is dropped
        arrays = None
    if arrays is None or not _matches(arrays, layout):
        _discard(path)
        return None
    return arrays


def _bytes_of(array: np.ndarray) -> memoryview:
    """The bytes of a contiguous array, without a copy."""
    return array.reshape(-1).view(np.uint8).data


def _encode(name: str, arrays: Mapping[str, np.ndarray]) -> tuple[bytes, list[tuple[int, np.ndarray]]]:
    """The head of the entry file ``name`` (magic and header lines, padded to the first array's
    offset) and each array with the offset it is written at."""
    payload = [np.ascontiguousarray(arrays[name]) for name in sorted(arrays)]
    offsets, position = [], 0
    for array in payload:
        offsets.append(position)
        position += -(-array.nbytes // _ALIGN) * _ALIGN
    header_room = 4096 * (1 + (200 * len(payload)) // 4096)
    entries: list[list[object]] = [[name, a.dtype.str, list(a.shape), header_room + o]
                                   for name, a, o in zip(sorted(arrays), payload, offsets)]
    size = header_room + position
    placed = [(header_room + o, a) for a, o in zip(payload, offsets)]
    crc = zlib.crc32(_header_bytes(name, entries, size))
    for _, array in placed:
        crc = _crc(b"", _bytes_of(array), [(0, array.nbytes)], crc)
    lines = _MAGIC + json.dumps({"arrays": entries, "crc": crc, "name": name, "size": size},
                                sort_keys=True).encode() + b"\n"
    if len(lines) > header_room:
        raise ValueError("cache header too long")
    return lines + bytes(header_room - len(lines)), placed


def store_entry(kind: str, key: str, arrays: Mapping[str, np.ndarray]) -> Path | None:
    """Write an entry atomically; returns its path, or None when the cache is not writable."""
    return _store_at(entry_path(kind, key), arrays)


def _store_at(path: Path, arrays: Mapping[str, np.ndarray]) -> Path | None:
    head, placed = _encode(path.name, arrays)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _sweep(path.parent)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(head)
                for offset, array in placed:
                    stream.write(bytes(offset - stream.tell()))  # alignment padding
                    stream.write(_bytes_of(array))
                stream.write(bytes(-stream.tell() % _ALIGN))
            os.replace(temporary, path)
        except BaseException:
            _discard(Path(temporary))
            raise
    except OSError:
        return None
    return path


_STALE_SECONDS = 3600


def _sweep(directory: Path) -> None:
    """Delete temporary files of writes that never finished (a process killed mid-write) once
    they are an hour old; a write still under way is never that old."""
    now = time.time()
    for leftover in directory.glob(f".*{SUFFIX}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > _STALE_SECONDS:
                leftover.unlink()
        except OSError:
            continue


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
    """:func:`store_entry` on a background thread, so that the caller goes on computing (the
    cold analysis writes its 24 MB entry while it prices the holds).  The thread is not a
    daemon: the interpreter waits for it before exiting, and :func:`load_entry` of the same
    entry in this process waits for it too (and raises its error, if any), so the entry is
    never missed or seen half-written (another process sees it only once it is renamed into
    place)."""
    path = entry_path(kind, key)  # here, not on the thread: the directory of this moment
    writer = _Writer(path, arrays)
    with _PENDING_LOCK:
        _PENDING[path] = writer
    writer.start()


def _wait_for(path: Path) -> None:
    with _PENDING_LOCK:
        writer = _PENDING.pop(path, None)
    if writer is not None:
        writer.join()
        if writer.error is not None and not isinstance(writer.error, MemoryError):
            raise writer.error  # out of memory leaves the entry missing: the cache is an optimisation
