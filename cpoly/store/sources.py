"""Which files a ``.cp`` game was read from, remembered so that a warm run can find its cache
entries without parsing anything.

Loading a game (:func:`cpoly.lang.imports.load_module`) records its :class:`Sources`: every file
read, as found and as resolved (a symbolic link re-pointed is a change), with the sha256 of the
bytes it parsed; every path an ``import`` looked at and did not find before the file it used (a
file created there later would be imported instead); and the directories ``import`` searches
(``CPOLY_PATH``, resolved, and the standard library of this installation).
:meth:`Sources.key` is one digest of all that: equal keys mean the same definitions.

A command that caches work for a game calls :func:`remember` once the game is loaded; a later
run's :func:`recall` re-reads the remembered files and returns the key only if they are all
unchanged (:meth:`Sources.unchanged`).  This module imports only the standard library (and the
writer and reader of :mod:`cpoly.store.atomic` and :mod:`cpoly.store.inputfile`): a warm
``hold`` answers without loading the parser.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     game = Path(folder, "game.cp")
...     _ = game.write_text('game "Tiny"')
...     sources = Sources.of([(game, file_digest(game) or "")], [Path(folder, "poker.cp")])
...     before = sources.unchanged()
...     _ = game.write_text('game "Tiny, edited"')
...     before, sources.unchanged(), len(sources.key())
(True, False, 64)
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from cpoly.store.atomic import write_atomic
from cpoly.store.inputfile import read_input

__all__ = ["CACHE_ENV", "IMPORTS_ENV", "LIBRARY", "PATH_ENV", "Sources", "NO_CACHE_ENV", "bytes_digest", "cache_dir", "cache_disabled", "cache_enabled", "collection_paused",
           "code_digest", "file_digest", "library_only", "package_digest", "recall", "remember",
           "search_dirs", "write_atomic", "GAMES"]

CACHE_ENV = "CPOLY_CACHE_DIR"
#: ``CPOLY_NO_CACHE=1`` (what ``--no-cache`` sets, for the command and every process it starts):
#: nothing is read from or written to the cache directory.
NO_CACHE_ENV = "CPOLY_NO_CACHE"
PATH_ENV = "CPOLY_PATH"
#: ``CPOLY_IMPORTS=library``: ``import`` finds only the standard library's files, by name (the
#: web server runs uploaded games so: an upload must not make it read any other file).
IMPORTS_ENV = "CPOLY_IMPORTS"
#: The standard library: ``.cp`` files shipped as package data (``definitions/lib`` links here).
LIBRARY = Path(__file__).resolve().parents[1] / "lib"
#: The shipped games: package data, so an installed cpoly has them (``definitions/`` links here).
GAMES = Path(__file__).resolve().parents[1] / "definitions"
_FORMAT = "cpoly-sources 2"


def library_only() -> bool:
    """True when ``CPOLY_IMPORTS=library``: imports come from :data:`LIBRARY` only.  Any other
    value than ``library`` or nothing is an error (a misspelt mode must not leave imports open).
    """
    value = os.environ.get(IMPORTS_ENV, "")
    if value not in ("", "library"):
        from cpoly.errors import CpolyInputError

        raise CpolyInputError(f"{IMPORTS_ENV} is 'library' or unset, got {value!r}")
    return value == "library"


def search_dirs() -> list[Path]:
    """Where ``import`` looks after the importing file's own directory: each directory of
    ``CPOLY_PATH`` (separated by ``:``), then :data:`LIBRARY` (only :data:`LIBRARY` when
    :func:`library_only`).

    >>> search_dirs()[-1] == LIBRARY
    True
    """
    if library_only():
        return [LIBRARY]
    extra = [Path(p) for p in os.environ.get(PATH_ENV, "").split(os.pathsep) if p]
    return [*extra, LIBRARY]


def _searched() -> tuple[str, ...]:
    """The search directories, and the mode (a game read with any file allowed is not the
    same as one read with the library only, even when no file differs)."""
    mode = ("library only",) if library_only() else ()
    return (*mode, *(os.path.realpath(p) for p in search_dirs()))


def cache_dir() -> Path:
    """The cache directory: ``$CPOLY_CACHE_DIR`` if set, else ``~/.cache/cpoly`` (not created)."""
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path.home() / ".cache" / "cpoly"


def cache_enabled() -> bool:
    """False when :data:`NO_CACHE_ENV` is set (to anything but ``0``): then every reader of
    the cache directory finds nothing and every writer writes nothing (the one switch they
    all ask)."""
    return os.environ.get(NO_CACHE_ENV, "") in ("", "0")


@contextmanager
def cache_disabled(disabled: bool = True) -> Iterator[None]:
    """The cache directory neither read nor written inside the block (when ``disabled``),
    also by the processes started there; the environment as it was afterwards.

    >>> with cache_disabled():
    ...     cache_enabled()
    False
    """
    before = os.environ.get(NO_CACHE_ENV)
    if disabled:
        os.environ[NO_CACHE_ENV] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(NO_CACHE_ENV, None)
        else:
            os.environ[NO_CACHE_ENV] = before


@lru_cache(maxsize=1)
def code_digest() -> str:
    """sha256 of cpoly's own source files (``.py``, ``.lark``, the library's ``.cp``) and the
    Python version (:func:`package_digest`, once per process): work cached by other code —
    another version of cpoly, another checkout — is never read."""
    return package_digest(Path(__file__).resolve().parents[1])


def package_digest(package: Path) -> str:
    """sha256 of the Python version and the source files under ``package`` (their paths and
    bytes), remembered in the cache directory under a stamp of what :func:`os.stat` says of
    them (path, inode, size, modification and change times: writing a file sets its change
    time, which cannot be set back), so that a later process stats the files instead of
    reading them (a few milliseconds of every warm command).

    >>> import tempfile
    >>> before = os.environ.get(CACHE_ENV)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     os.environ[CACHE_ENV] = folder
    ...     package = Path(folder, "package")
    ...     package.mkdir()
    ...     _ = Path(package, "module.py").write_text("x = 1")
    ...     first = package_digest(package)
    ...     again = package_digest(package)  # from the remembered digest
    ...     _ = Path(package, "module.py").write_text("x = 2")
    ...     first == again != package_digest(package)
    True
    >>> _ = os.environ.pop(CACHE_ENV) if before is None else os.environ.update({CACHE_ENV: before})
    """
    files = _source_files(package)
    stamp = _stamp(package, files)
    memo = cache_dir() / f"code-{stamp}.digest"
    try:
        known = memo.read_text() if cache_enabled() else ""
    except (OSError, ValueError):
        known = ""
    if len(known) == 64 and set(known) <= set("0123456789abcdef"):
        return known
    digest = hashlib.sha256(sys.version.encode())
    for path in files:
        digest.update(f"{path.relative_to(package)}\0".encode())
        digest.update(path.read_bytes())
    if _stamp(package, files) == stamp and cache_enabled():  # nothing changed while it was read
        write_atomic(memo, digest.hexdigest().encode())
    return digest.hexdigest()


def _source_files(package: Path) -> list[Path]:
    """The source files under ``package``, directories and names in sorted order."""
    walked = []
    for directory, folders, names in os.walk(package):
        folders[:] = [f for f in folders if f != "__pycache__" and Path(directory, f) != GAMES]  # games are data
        walked.append((directory, sorted(n for n in names if n.endswith((".py", ".lark", ".cp")))))
    return [Path(directory, name) for directory, names in sorted(walked) for name in names]


def _stamp(package: Path, files: list[Path]) -> str:
    """A digest of the Python version, ``package`` and each file's path and stat results."""
    stats = [[str(path.relative_to(package)), found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns]
             for path in files for found in [os.stat(path)]]
    return hashlib.sha256(json.dumps([sys.version, str(package), stats]).encode()).hexdigest()


@contextmanager
def collection_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a game is loaded (parsed, lowered,
    pickled or unpickled): the collector would traverse its hundreds of thousands of lasting
    objects again and again.  It runs again afterwards (unless it was off before).

    >>> with collection_paused():
    ...     gc.isenabled()
    False
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def bytes_digest(data: bytes) -> str:
    """sha256 hex digest of ``data``."""
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str | None:
    """sha256 hex digest of a file's bytes; ``None`` if it cannot be read (or is not a file
    :func:`~cpoly.store.inputfile.read_input` reads: a game file replaced by a named pipe does
    not hang a warm run)."""
    try:
        return bytes_digest(read_input(path))
    except OSError:
        return None


class Sources(NamedTuple):
    """The files a game was read from (path as found, resolved path, sha256 of the bytes
    parsed), the paths its imports found missing, and the directories searched."""

    files: tuple[tuple[str, str, str], ...]
    missing: tuple[str, ...]
    search: tuple[str, ...]

    @classmethod
    def of(cls, read: Iterable[tuple[Path, str]], missing: Iterable[Path]) -> Sources:
        """The sources of the files ``read`` (path as found, digest of the bytes parsed) and
        of the paths found missing, with the search directories of this moment."""
        files = tuple((os.path.abspath(p), os.path.realpath(p), digest) for p, digest in read)
        return cls(files, tuple(sorted({os.path.abspath(p) for p in missing})), _searched())

    def key(self) -> str:
        """One digest of everything the definitions depend on."""
        return hashlib.sha256(json.dumps([_FORMAT, self.as_json()]).encode()).hexdigest()

    def as_json(self) -> dict[str, object]:
        return {"files": [list(row) for row in self.files], "missing": list(self.missing),
                "search": list(self.search)}

    @classmethod
    def from_json(cls, data: dict[str, list[object]]) -> Sources:
        """The inverse of :meth:`as_json` (a ``KeyError``, ``TypeError`` or ``ValueError`` when
        ``data`` is not such an object)."""
        files = tuple((found, real, digest) for found, real, digest
                      in (_strings(row, 3) for row in data["files"]))
        return cls(files, _strings(data["missing"]), _strings(data["search"]))

    def unchanged(self) -> bool:
        """True when every file still resolves to the same file with the same bytes, no
        missing path exists and the search directories are the same."""
        return (_searched() == self.search
                and not any(os.path.exists(p) for p in self.missing)
                and all(os.path.realpath(found) == real and file_digest(Path(real)) == digest
                        for found, real, digest in self.files))


def _strings(values: object, length: int | None = None) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise TypeError("not a list of strings")
    if length is not None and len(values) != length:
        raise ValueError(f"not {length} strings")
    return tuple(values)


def _manifest(main: Path) -> Path:
    name = hashlib.sha256(os.path.realpath(main).encode()).hexdigest()  # a link loop is no error here
    return cache_dir() / f"sources-{name}.json"


def remember(main: Path, sources: Sources) -> None:
    """Record ``sources`` as those of the game at ``main`` (atomically; silently skipped when
    the cache directory cannot be written: the cache is an optimisation)."""
    if not cache_enabled():
        return
    path = _manifest(main)
    data = json.dumps(sources.as_json()).encode()
    try:
        if path.is_file() and path.read_bytes() == data:
            return
    except OSError:
        return
    write_atomic(path, data)


def recall(main: Path) -> str | None:
    """The key of the game at ``main`` if its remembered sources are unchanged, else ``None``
    (always ``None`` when the cache is off: nothing keyed by it is read)."""
    if not cache_enabled():
        return None
    try:
        sources = Sources.from_json(json.loads(_manifest(main).read_text()))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return sources.key() if sources.unchanged() else None
