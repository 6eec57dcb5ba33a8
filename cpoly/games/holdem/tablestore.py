"""Hold'em's tables that every process would rebuild, kept in the store and read back lazily.

A table is kept in the cache directory (:func:`cpoly.store.sources.cache_dir`) as one file of
cpoly's container format (:mod:`cpoly.store.container`: checksummed, written atomically), named
``holdem-<kind>-<sha256 key>.hst``.  The key covers cpoly's code
(:func:`~cpoly.store.sources.code_digest`) and what the table is of, so another version of cpoly,
or other rules, never read it.  A later process memory-maps the file (read-only, checked against
its CRC before use) instead of building the table; a file that cannot be read or fails its
check is deleted, and the table built and written again.  With the cache off
(``--no-cache``) the table is built and nothing is read or written.

>>> import os, tempfile
>>> before = os.environ.get("CPOLY_CACHE_DIR")
>>> with tempfile.TemporaryDirectory() as folder:
...     os.environ["CPOLY_CACHE_DIR"] = folder
...     built = kept_table("squares", ("demo",), lambda: np.arange(4, dtype=np.int32) ** 2)
...     again = kept_table("squares", ("demo",), lambda: np.zeros(4, dtype=np.int32))
...     built.tolist(), again.tolist(), again.flags.writeable
([0, 1, 4, 9], [0, 1, 4, 9], False)
>>> _ = os.environ.pop("CPOLY_CACHE_DIR") if before is None else os.environ.update(CPOLY_CACHE_DIR=before)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cpoly.store.container import Damaged, open_store, write
from cpoly.store.sources import cache_dir, cache_enabled, code_digest

__all__ = ["kept_table", "table_path"]

#: Bump when the meaning or layout of a kept table changes: old files become unreachable.
FORMAT_VERSION = 1
SUFFIX = ".hst"


def table_path(kind: str, parts: tuple[object, ...]) -> Path:
    """Where the table ``kind`` of ``parts`` (its rules, board, ...: their ``repr``) is kept."""
    key = hashlib.sha256(f"cpoly-holdem-table-v{FORMAT_VERSION}:{code_digest()}:{kind}:{parts!r}".encode())
    return cache_dir() / f"holdem-{kind}-{key.hexdigest()}{SUFFIX}"


def kept_table(kind: str, parts: tuple[object, ...], build: Callable[[], npt.NDArray[np.generic]]) -> npt.NDArray[np.generic]:
    """The table ``kind`` of ``parts``: read from the store when kept there (memory-mapped,
    read-only), else ``build()`` (which must give the same table for the same ``parts``),
    kept for later processes and returned read-only."""
    if not cache_enabled():
        return _read_only(build())
    path = table_path(kind, parts)
    found = _read(path)
    if found is not None:
        return found
    table = _read_only(np.ascontiguousarray(build()))
    write(path, {"table": (table.dtype.str, table.shape, table.reshape(-1).view(np.uint8).data)},
          {"kind": kind})
    return table


def _read(path: Path) -> npt.NDArray[np.generic] | None:
    """The table kept at ``path``, or None (a damaged or unexpected file is deleted)."""
    opened = open_store(path)
    if opened is None:
        return None
    try:
        return opened.arrays()["table"]
    except (Damaged, KeyError, ValueError, TypeError):
        with suppress(OSError):
            path.unlink()
        return None


def _read_only(table: npt.NDArray[np.generic]) -> npt.NDArray[np.generic]:
    table.setflags(write=False)
    return table
