"""The cache directory kept under a size cap, least recently used entries out first.

The cache directory (:func:`cpoly.store.sources.cache_dir`) holds one file per entry, named by
its kind and a sha256 key: ``game-<key>.snapshot`` (a loaded game), ``sources-<key>.json`` (the
files it was read from), ``prepared-<key>.vpc``, ``game-<key>.vpc``, ``classes-<key>.vpc`` ...
(video-poker tables), ``code-<key>.digest`` (cpoly's own code digest).  Every entry is written
whole under a temporary name and renamed (:mod:`cpoly.store.atomic`) and checked when read, so
removing any entry at any time is safe: it is computed again when next needed.

After each command that wrote to it, the CLI calls :func:`evict`: while the entries exceed the
cap (:func:`cap_bytes`: ``$CPOLY_CACHE_CAP`` GiB, default :data:`DEFAULT_CAP_BYTES`, the web
server's), the least recently used one is removed (its access or modification time, whichever
is later: the time of its last write or, as the file system records reads, its last read).
Each removal is one unlink: an entry is there whole or not at all.  A temporary file younger
than :data:`UNFINISHED_SECONDS` is a write under way and never removed (an older one is a killed
writer's leftover and goes first); the web server's folder ``serve/`` has a cap of its own
(:mod:`cpoly.web.cachefolder`) and is left to it.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     for age, name in enumerate(["game-" + "a" * 64 + ".snapshot", "prepared-" + "b" * 64 + ".vpc"]):
...         path = Path(folder, name)
...         _ = path.write_bytes(b"x" * 100)
...         os.utime(path, (1000 + age, 1000 + age))
...     removed = evict(Path(folder), cap=150)
...     [entry.kind for entry in removed], [entry.kind for entry in entries(Path(folder))]
(['game.snapshot'], ['prepared.vpc'])
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from cpoly.errors import CpolyInputError
from cpoly.store.sources import cache_dir, cache_enabled

__all__ = ["CAP_ENV", "DEFAULT_CAP_BYTES", "SERVER_FOLDER", "UNFINISHED_SECONDS", "Entry", "cap_bytes", "clear",
           "entries", "evict", "kept_capped", "kind_of", "remove_tree", "size_text", "tree_size"]

#: Environment variable: the cap in GiB (``0.5``: 512 MiB).
CAP_ENV = "CPOLY_CACHE_CAP"
#: Default size cap of the cache directory, and of the web server's folder in it.
DEFAULT_CAP_BYTES = 1 << 30
#: The web server's folder in the cache directory, capped on its own.
SERVER_FOLDER = "serve"
#: A temporary file (a write under way) younger than this is never removed.
UNFINISHED_SECONDS = 3600.0
_NAMED = re.compile(r"(?P<kind>[a-z][a-z0-9-]*?)-[0-9a-f]{64}(?P<suffix>\.[a-z0-9]+)?")
_UNFINISHED = re.compile(r"\..+\.[0-9a-f]{16}\.tmp(\.\w+)?")


class Entry(NamedTuple):
    """One file of the cache directory: its path, kind (``prepared.vpc``; ``unfinished`` for
    a temporary file, ``other`` for a name cpoly does not write), size in bytes and last use."""

    path: Path
    kind: str
    size: int
    used: float


def cap_bytes() -> int:
    """The cap: ``$CPOLY_CACHE_CAP`` GiB, else :data:`DEFAULT_CAP_BYTES`; CpolyInputError when
    the variable is not a number of GiB, 0 or more.

    >>> os.environ[CAP_ENV] = "0.5"
    >>> cap_bytes()
    536870912
    >>> del os.environ[CAP_ENV]
    """
    text = os.environ.get(CAP_ENV, "").strip()
    if not text:
        return DEFAULT_CAP_BYTES
    try:
        gib = float(text)
    except ValueError:
        gib = math.nan
    if not (math.isfinite(gib) and gib >= 0):
        raise CpolyInputError(f"{CAP_ENV} is the cache's size cap in GiB (e.g. 0.5), got {text!r}")
    return int(gib * (1 << 30))


@contextmanager
def kept_capped() -> Iterator[None]:
    """The cache directory brought under its cap after the block when the block added to it
    (its folder's modification time changed) and the cache is on; the cap is read (and a bad
    ``$CPOLY_CACHE_CAP`` refused) before the block.  Two ``stat`` calls when nothing was written."""
    cap = cap_bytes()
    folder = cache_dir()
    before = _changed_at(folder)
    yield
    if cache_enabled() and _changed_at(folder) != before:
        evict(folder, cap)


def _changed_at(folder: Path) -> int | None:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return None


def size_text(count: int) -> str:
    """A size in bytes as people read it.

    >>> size_text(512), size_text(27_000_000), size_text(1 << 30)
    ('512 B', '25.7 MiB', '1.0 GiB')
    """
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} B"


def kind_of(name: str) -> str:
    """The kind of a cache file, from its name.

    >>> kind_of("prepared-" + "0" * 64 + ".vpc"), kind_of(".x.vpc.0123456789abcdef.tmp"), kind_of("notes.txt")
    ('prepared.vpc', 'unfinished', 'other')
    """
    if _UNFINISHED.fullmatch(name):
        return "unfinished"
    named = _NAMED.fullmatch(name)
    return "other" if named is None else named["kind"] + (named["suffix"] or "")


def entries(folder: Path) -> list[Entry]:
    """The files directly in ``folder`` (the server's folder and any other folder left out),
    least recently used first; none when there is no folder."""
    found = []
    try:
        listing = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return []
    for item in listing:
        try:
            if not item.is_file(follow_symlinks=False):
                continue
            stat = item.stat(follow_symlinks=False)
        except OSError:
            continue
        found.append(Entry(Path(item.path), kind_of(item.name), stat.st_size, max(stat.st_atime, stat.st_mtime)))
    return sorted(found, key=lambda entry: entry.used)


def evict(folder: Path, cap: int | None = None) -> list[Entry]:
    """Remove the least recently used entries of ``folder`` until the rest fit in ``cap``
    bytes (default :func:`cap_bytes`); the entries removed."""
    limit = cap_bytes() if cap is None else cap
    found = entries(folder)
    total = sum(entry.size for entry in found)
    now = time.time()
    removed = []
    for entry in found:
        if total <= limit:
            break
        if entry.kind == "unfinished" and now - entry.used < UNFINISHED_SECONDS:
            continue
        if _remove(entry.path):
            total -= entry.size
            removed.append(entry)
    return removed


def clear(folder: Path) -> list[Entry]:
    """Remove every entry of ``folder`` but the writes under way; the entries removed."""
    return evict(folder, cap=0)


def _remove(path: Path) -> bool:
    try:
        path.unlink()
    except FileNotFoundError:
        return False  # removed by another process at the same time
    except OSError:
        return False
    return True


def tree_size(folder: Path) -> int:
    """Bytes of the files under ``folder`` (their sizes, as ``ls`` shows them)."""
    return sum(_sizes(folder))


def _sizes(folder: Path) -> Iterable[int]:
    for directory, _, names in os.walk(folder):
        for name in names:
            try:
                yield os.lstat(os.path.join(directory, name)).st_size
            except OSError:
                continue


def remove_tree(folder: Path) -> bool:
    """Remove ``folder`` and everything in it; False when it could not be removed whole."""
    import shutil  # (not at start-up: every command imports this module)

    shutil.rmtree(folder, ignore_errors=True)
    return not folder.exists()
