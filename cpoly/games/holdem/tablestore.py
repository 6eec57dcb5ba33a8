"""Hold'em's tables that every process would rebuild, kept in the store and read back lazily.

A table is kept in the cache directory (:func:`cpoly.store.sources.cache_dir`) as one file of
cpoly's container format (:mod:`cpoly.store.container`: checksummed, written atomically), named
``holdem-<kind>-<sha256 key>.hst``.  The key covers cpoly's code
(:func:`~cpoly.store.sources.code_digest`) and what the table is of, so another version of cpoly,
or other rules, never read it.  A later process memory-maps the file (read-only, checked against
its CRC before use) instead of building the table; a file that cannot be read or fails its
check is deleted, and the table built and written again.  With the cache off
(``--no-cache``) the table is built and nothing is read or written.  A file may keep several
arrays (:func:`kept_arrays`), and a reader without NumPy reads them as memoryviews
(:func:`kept_views`: the known-hands method, :mod:`~cpoly.games.holdem.knownhands`).

>>> import os, tempfile
>>> import numpy as np
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
from collections.abc import Callable, Mapping
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from cpoly.store.container import Damaged, Store, open_store, write
from cpoly.store.sources import cache_dir, cache_enabled, code_digest

if TYPE_CHECKING:  # the standard-library reader (kept_views) needs no NumPy
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.generic]

    from cpoly.games.holdem.rules import GameRules

__all__ = ["kept_arrays", "kept_table", "kept_views", "strengths_key", "table_path"]

#: Bump when the meaning or layout of a kept table changes: old files become unreachable.
FORMAT_VERSION = 2
SUFFIX = ".hst"
_Read = TypeVar("_Read")


def table_path(kind: str, parts: tuple[object, ...]) -> Path:
    """Where the table ``kind`` of ``parts`` (its rules, board, ...: their ``repr``) is kept."""
    key = hashlib.sha256(f"cpoly-holdem-table-v{FORMAT_VERSION}:{code_digest()}:{kind}:{parts!r}".encode())
    return cache_dir() / f"holdem-{kind}-{key.hexdigest()}{SUFFIX}"


def strengths_key(rules: GameRules, board_counts: tuple[int, ...],
                  unknown: int) -> tuple[str, tuple[object, ...]]:
    """The kind and parts under which :func:`~cpoly.games.holdem.boards.strength_table` of
    ``unknown`` cards on a board of ``board_counts`` ranks is kept (what the table depends on)."""
    return "strengths", ((rules.ranks, rules.windows, rules.codes), board_counts, unknown)


def kept_table(kind: str, parts: tuple[object, ...], build: Callable[[], Array]) -> Array:
    """The table ``kind`` of ``parts``: read from the store when kept there (memory-mapped,
    read-only), else ``build()`` (which must give the same table for the same ``parts``),
    kept for later processes and returned read-only."""
    return kept_arrays(kind, parts, lambda: {"table": build()})["table"]


def kept_arrays(kind: str, parts: tuple[object, ...],
                build: Callable[[], Mapping[str, Array]]) -> dict[str, Array]:
    """:func:`kept_table` of several arrays kept in one file, by name (``build()`` gives them all)."""
    import numpy as np

    if not cache_enabled():
        return {name: _read_only(array) for name, array in build().items()}
    path = table_path(kind, parts)
    found = _read(path, Store.arrays)
    if found is not None:
        return found
    arrays = {name: _read_only(np.ascontiguousarray(array)) for name, array in build().items()}
    write(path, {name: (a.dtype.str, a.shape, a.reshape(-1).view(np.uint8).data) for name, a in arrays.items()},
          {"kind": kind})
    return arrays


def kept_views(kind: str, parts: tuple[object, ...]) -> dict[str, memoryview] | None:
    """The arrays of :func:`kept_arrays` as flat memoryviews (standard library only, no NumPy),
    each checked; None when they are not kept (a cold store, the cache off) or fail their check."""
    if not cache_enabled():
        return None
    return _read(table_path(kind, parts), lambda opened: {name: opened.view(name) for name in opened.entries})


def _read(path: Path, arrays: Callable[[Store], _Read]) -> _Read | None:
    """``arrays`` of the file kept at ``path``, or None (a damaged or unexpected file is deleted)."""
    opened = open_store(path)
    if opened is None:
        return None
    try:
        return arrays(opened)
    except (Damaged, KeyError, ValueError, TypeError):
        with suppress(OSError):
            path.unlink()
        return None


def _read_only(table: Array) -> Array:
    table.setflags(write=False)
    return table
