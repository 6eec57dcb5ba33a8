"""Which files a ``.cp`` game was read from, remembered so that a warm run can find its cache
entries without parsing anything.

Loading a game (:func:`cpoly.imports.load_module`) records its :class:`Sources`: every file
read, with the sha256 of its bytes; every path an ``import`` looked at and did not find before
the file it used (a file created there later would be imported instead); and ``CPOLY_PATH``.
:meth:`Sources.key` is one digest of all that: equal keys mean the same definitions.

A command that caches work for a game calls :func:`remember` once the game is loaded; a later
run calls :func:`recall` with the game's path, which re-reads the remembered files (a few small
files: well under a millisecond) and returns the key only if every file still hashes the same,
no missing path has appeared and ``CPOLY_PATH`` is unchanged.  This module imports only the
standard library: a warm ``hold`` answers without loading the parser.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     game = Path(folder, "game.cp")
...     _ = game.write_text('game "Tiny"')
...     sources = Sources.of([game], [Path(folder, "poker.cp")])
...     before = sources.unchanged()
...     _ = game.write_text('game "Tiny, edited"')
...     before, sources.unchanged(), len(sources.key())
(True, False, 64)
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

__all__ = ["CACHE_ENV", "Sources", "cache_dir", "file_digest", "recall", "remember"]

CACHE_ENV = "CPOLY_CACHE_DIR"
PATH_ENV = "CPOLY_PATH"
_FORMAT = "cpoly-sources 1"


def cache_dir() -> Path:
    """The cache directory: ``$CPOLY_CACHE_DIR`` if set, else ``~/.cache/cpoly`` (not created)."""
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path.home() / ".cache" / "cpoly"


def file_digest(path: Path) -> str | None:
    """sha256 hex digest of a file's bytes; ``None`` if it cannot be read."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class Sources(NamedTuple):
    """The files a game was read from (resolved path, sha256), the paths its imports found
    missing, and ``CPOLY_PATH`` at the time."""

    files: tuple[tuple[str, str], ...]
    missing: tuple[str, ...]
    search: str

    @classmethod
    def of(cls, files: Iterable[Path], missing: Iterable[Path]) -> Sources:
        """The sources of files just read (hashed now) and of the paths found missing."""
        pairs = tuple((str(p.resolve()), file_digest(p) or "") for p in files)
        return cls(pairs, tuple(sorted({str(p) for p in missing})), os.environ.get(PATH_ENV, ""))

    def key(self) -> str:
        """One digest of everything the definitions depend on."""
        return hashlib.sha256(json.dumps([_FORMAT, self.as_json()]).encode()).hexdigest()

    def as_json(self) -> dict[str, object]:
        return {"files": [list(pair) for pair in self.files], "missing": list(self.missing),
                "search": self.search}

    def unchanged(self) -> bool:
        """True when every file still hashes the same, no missing path exists and
        ``CPOLY_PATH`` is the same."""
        return (os.environ.get(PATH_ENV, "") == self.search
                and not any(os.path.exists(p) for p in self.missing)
                and all(file_digest(Path(p)) == digest for p, digest in self.files))


def _manifest(main: Path) -> Path:
    name = hashlib.sha256(str(main.resolve()).encode()).hexdigest()
    return cache_dir() / f"sources-{name}.json"


def remember(main: Path, sources: Sources) -> None:
    """Record ``sources`` as those of the game at ``main`` (atomically; silently skipped when
    the cache directory cannot be written: the cache is an optimisation)."""
    path = _manifest(main)
    text = json.dumps(sources.as_json())
    try:
        if path.is_file() and path.read_text() == text:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".sources-", suffix=".tmp", dir=path.parent)
        with os.fdopen(handle, "w") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError:
        return


def recall(main: Path) -> str | None:
    """The key of the game at ``main`` if its remembered sources are unchanged, else ``None``."""
    try:
        data = json.loads(_manifest(main).read_text())
        sources = Sources(tuple((str(p), str(d)) for p, d in data["files"]),
                          tuple(str(p) for p in data["missing"]), str(data["search"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return sources.key() if sources.unchanged() else None
