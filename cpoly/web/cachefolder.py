"""The server's cache folder: one entry per game text, a size cap, least recently used first out.

``cpoly serve`` keeps everything its jobs write in one folder of its own (``--cache-dir``;
``$CPOLY_CACHE_DIR/serve`` or ``~/.cache/cpoly/serve`` by default).  Each entry is a folder
named by the key of what the jobs run on (:meth:`cpoly.web.games.GameFile.key`, the sha256 of
the game's text; :data:`NO_GAME` for the Hold'em commands)::

    ROOT/KEY/game/NAME.cp   the game, under each file name it was uploaded as (the job's folder)
    ROOT/KEY/cache/         the CPOLY_CACHE_DIR of every job on that game

So identical uploads share one entry (the same file at the same path: the CLI's snapshot, hold
file and suit classes are found again), and an entry holds all that was cached for its game.
The entry's folder's modification time is its last use.  When a job ends, least recently used
entries that no job is using are removed until the folder is at most ``cap_bytes``; a job
writing while it runs can take the folder above the cap until it ends.  A job's folder is
made when it starts, never for a queued job.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     store = Store(Path(folder), cap_bytes=10)
...     cwd, env = store.open("a" * 64, "g.cp", "game")
...     _ = (Path(env[CACHE_ENV]) / "big").write_bytes(b"x" * 20)
...     store.close("a" * 64)
...     store.size(), sorted(p.name for p in Path(folder).iterdir())
(0, [])
"""

from __future__ import annotations

import fcntl
import os
import shutil
import time
from collections import Counter
from pathlib import Path
from typing import IO

from cpoly.store.cachecap import DEFAULT_CAP_BYTES, SERVER_FOLDER, tree_size
from cpoly.store.sources import CACHE_ENV, cache_dir, write_atomic

__all__ = ["DEFAULT_CAP_BYTES", "NO_GAME", "Store", "default_root", "lock"]

#: The entry of the commands that run on no game file (equity, eval).
NO_GAME = "no-game"


def default_root() -> Path:
    """The server's cache folder when none is given: ``serve/`` in cpoly's cache directory."""
    return cache_dir() / SERVER_FOLDER


def _remove_leftovers(folder: Path) -> None:
    """Remove the half-written files (``.NAME.XXXX.tmp``, cpoly's atomic writes) of killed jobs."""
    for path in folder.rglob(".*.tmp"):
        try:
            path.unlink()
        except OSError:
            continue


class Store:
    """The entries of the server's cache folder ``root``, kept under ``cap_bytes``."""

    def __init__(self, root: Path, cap_bytes: int = DEFAULT_CAP_BYTES) -> None:
        self.root = root
        self.cap_bytes = cap_bytes
        self.in_use: Counter[str] = Counter()
        root.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(root)
        self.evict()

    def open(self, key: str, name: str | None = None, text: str | None = None) -> tuple[Path, dict[str, str]]:
        """Start using the entry ``key`` (made if missing), with the game ``text`` written as
        ``name`` in it: the job's working folder and the environment that points its cache there."""
        folder = self.root / key
        (folder / "game").mkdir(parents=True, exist_ok=True)
        (folder / "cache").mkdir(exist_ok=True)
        if name is not None and text is not None:
            path = folder / "game" / name
            data = text.encode()
            if not (path.is_file() and path.read_bytes() == data):
                if not write_atomic(path, data):
                    raise OSError(f"cannot write {path}")
        self.in_use[key] += 1
        self._touch(folder)
        return folder / "game", {CACHE_ENV: str(folder / "cache")}

    def close(self, key: str) -> None:
        """Stop using the entry ``key`` (a job ended), then keep the folder under its cap."""
        self.in_use[key] -= 1
        if self.in_use[key] <= 0:
            del self.in_use[key]
            _remove_leftovers(self.root / key)
        self._touch(self.root / key)
        self.evict()

    @staticmethod
    def _touch(folder: Path) -> None:
        try:
            os.utime(folder)
        except OSError:
            pass

    def size(self) -> int:
        """Bytes of the files in the cache folder."""
        return tree_size(self.root)

    def evict(self) -> list[str]:
        """Remove least recently used entries no job is using until the folder fits its cap;
        the keys removed."""
        entries = []
        for folder in self.root.iterdir():
            try:
                used = folder.stat().st_mtime if folder.is_dir() else time.time()
            except OSError:
                continue
            entries.append((used, folder.name, tree_size(folder) if folder.is_dir() else 0))
        total = sum(size for _, _, size in entries) + self._loose_files()
        removed = []
        for _, key, size in sorted(entries):
            if total <= self.cap_bytes:
                break
            if key in self.in_use:
                continue
            shutil.rmtree(self.root / key, ignore_errors=True)
            total -= size
            removed.append(key)
        return removed

    def _loose_files(self) -> int:
        """Bytes of the files directly in the folder (the server writes none; counted all the same)."""
        return sum(path.stat().st_size for path in self.root.iterdir() if path.is_file())


def lock(root: Path) -> IO[bytes] | None:
    """Hold ``root/.lock`` for as long as the returned file stays open (one server per cache
    folder: each removes entries it does not know another is using); None if another holds it."""
    root.mkdir(parents=True, exist_ok=True)
    handle = open(root / ".lock", "ab")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle
