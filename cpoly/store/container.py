"""The one container format of cpoly's cache files: a header and aligned arrays, each checked.

A file is a first line (magic, the CRC-32 of the header line, the file's size), a JSON header
line (the file's own name, what its writer keeps there, and each array's name, dtype, shape and
offset, with one CRC-32 per array), zero padding, then the arrays' bytes, each at a multiple of
64 bytes, written atomically (:func:`cpoly.store.atomic.write_atomic`).  :func:`open_store` opens no
file that is not complete (another format, truncated, another file's name, a header that fails
its CRC); its two readers, :meth:`Store.view` (an array as a flat :class:`memoryview`, standard
library only: the warm ``cpoly hold`` imports no NumPy) and :meth:`Store.arrays` (every array
memory-mapped, read-only NumPy), check each array against its CRC before it is first read
(:class:`Damaged` when it fails), so a reader vouches for every byte it uses.

>>> import struct, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder, "example.bin")
...     write(path, {"squares": ("<i8", (2, 2), struct.pack("<4q", 0, 1, 4, 9))}, {"what": "squares"})
...     stored = open_store(path)
...     stored.meta, stored.view("squares").tolist()
True
({'what': 'squares'}, [0, 1, 4, 9])
"""

from __future__ import annotations

import json
import mmap
import sys
import time
import zlib
from collections.abc import Mapping
from contextlib import suppress
from itertools import accumulate
from math import prod
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from cpoly.store.atomic import write_atomic

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ALIGN", "Damaged", "Store", "open_store", "write"]

MAGIC = b"cpoly-store 1"
ALIGN = 64
#: An array to write: its NumPy dtype string (``"<i8"``), its shape and its bytes (C order).
Raw = tuple[str, tuple[int, ...], bytes | memoryview]
Typecode = Literal["b", "B", "h", "H", "i", "I", "q", "Q"]
_TYPECODES: dict[str, Typecode] = {"i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I",
                                   "i8": "q", "u8": "Q"}
_NATIVE = "<" if sys.byteorder == "little" else ">"
_STALE_SECONDS = 3600


class Damaged(ValueError):
    """An array whose bytes fail their CRC: the file is not to be trusted."""


def _first_line(crc: int, size: int) -> bytes:
    return MAGIC + f" {crc:010d} {size:012d}\n".encode()


_FIRST = len(_first_line(0, 0))


def write(path: Path, arrays: Mapping[str, Raw], meta: Mapping[str, Any]) -> bool:
    """Write ``arrays`` (sorted by name) and ``meta`` (JSON) to ``path`` atomically; False when
    the cache cannot be written."""
    names = sorted(arrays)
    data = {name: memoryview(arrays[name][2]).cast("B") for name in names}
    spans = list(accumulate((-(-len(data[name]) // ALIGN) * ALIGN for name in names), initial=0))
    crcs = [zlib.crc32(data[name]) for name in names]
    start = 0
    while True:  # the offsets move with the header's length, which grows with the offsets
        entries: list[list[Any]] = [[name, arrays[name][0], list(arrays[name][1]), start + at] for name, at in zip(names, spans)]
        size = entries[-1][3] + len(data[names[-1]]) if names else start
        line = json.dumps({"arrays": entries, "crcs": crcs,
                           "meta": meta, "name": path.name, "size": size}, sort_keys=True).encode() + b"\n"
        if _FIRST + len(line) <= start:
            break
        start = -(-(_FIRST + len(line)) // ALIGN) * ALIGN
    chunks: list[bytes | memoryview] = [_first_line(zlib.crc32(line), size), line]
    position = _FIRST + len(line)
    for name, (_, _, _, at) in zip(names, entries):
        chunks += [bytes(at - position), data[name]]
        position = at + len(data[name])
    chunks.append(bytes(size - position))
    _sweep(path.parent)
    return write_atomic(path, chunks)


def _sweep(directory: Path) -> None:
    """Delete the temporary files of writes that never finished (a process killed mid-write)
    once they are an hour old; a write still under way is never that old."""
    now = time.time()
    with suppress(OSError):
        for leftover in list(directory.glob(".*.tmp")):
            with suppress(OSError):
                if now - leftover.stat().st_mtime > _STALE_SECONDS:
                    leftover.unlink()


class Store:
    """An open container file (:func:`open_store`): its writer's ``meta`` and its arrays."""

    def __init__(self, header: dict[str, Any], data: memoryview) -> None:
        self.meta: dict[str, Any] = header["meta"]
        self.data = data
        self.entries = {name: (dtype, tuple(shape), offset, crc)
                        for (name, dtype, shape, offset), crc in zip(header["arrays"], header["crcs"])}
        self._checked: set[str] = set()

    def raw(self, name: str) -> memoryview:
        """The bytes of the array ``name``, checked against its CRC on first use (:class:`Damaged`
        when they fail; a KeyError for an array the file does not have)."""
        dtype, shape, offset, crc = self.entries[name]
        size = prod(shape) * int(dtype[2:])
        data = self.data[offset:offset + size]
        if name not in self._checked:
            if len(data) != size or zlib.crc32(data) != crc:
                raise Damaged(f"array {name} fails its check")
            self._checked.add(name)
        return data

    def view(self, name: str) -> memoryview:
        """The array ``name`` flat, as a :class:`memoryview` of its typecode (a ValueError for a
        byte order other than this machine's)."""
        dtype = self.entries[name][0]
        if dtype[0] not in ("|", _NATIVE):
            raise ValueError(f"array {name} is of another byte order")
        return self.raw(name).cast(_TYPECODES[dtype[1:]])

    def arrays(self) -> dict[str, np.ndarray]:
        """Every array, memory-mapped and read-only, each checked (:class:`Damaged` otherwise)."""
        import numpy as np

        return {name: np.frombuffer(self.raw(name), dtype=np.dtype(dtype)).reshape(shape)
                for name, (dtype, shape, _, _) in self.entries.items()}


def open_store(path: Path) -> Store | None:
    """The container at ``path``, memory-mapped; None when it cannot be read or is not a
    complete container written under that name (its arrays are checked as they are read)."""
    try:
        with open(path, "rb") as stream:
            first = stream.readline(_FIRST)
            line = stream.readline()
            mapped = mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    try:
        crc, size = (int(word) for word in first[len(MAGIC):].split())
        if not first.startswith(MAGIC + b" ") or size != len(mapped) or zlib.crc32(line) != crc:
            return None
        header = json.loads(line)
        if header["name"] != path.name or header["size"] != size:
            return None
        return Store(header, memoryview(mapped))
    except (ValueError, KeyError, TypeError):
        return None
