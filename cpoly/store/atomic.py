"""The one atomic writer: every file cpoly writes goes through :func:`replacing`.

A file is written under a temporary name in its own folder (``.NAME.<16 hex digits>.tmp``:
hidden, made with ``O_EXCL``, and what :mod:`cpoly.store.container` and the web server's cache
sweep as a killed writer's leftover), then moved over ``NAME`` with one :func:`os.replace`, so a
reader sees the old file or the new one, never half of one.  On any failure (a full disk, an
error of the code writing, Ctrl-C) the temporary file is removed and nothing else is touched.
The new file has the permissions a plain ``open(path, "w")`` would give it (``0o666`` less the
umask).  Nothing is fsynced: no writer did before, and the files cpoly reads back (cache
entries, checkpoints) are checked (a checksum, a size) before they are trusted.

Five ways in:

* :func:`replacing`: a binary file object to write to, moved into place when the block ends
  without an error;
* :func:`replacing_name`: the same for a writer that takes a file name (``np.savez``, which
  appends ``.npz`` to a name without it: the temporary name may end in a suffix);
* :func:`write_file`: bytes, or pieces written one after another;
* :func:`write_atomic`: the same for the cache, where a failure is not an error (False);
* :func:`write_files`: several files of one folder (a report), every one written under its
  temporary name before the first is moved into place (Ctrl-C held back during the moves).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder, "entry")
...     write_file(path, b"first")
...     try:
...         with replacing(path) as out:
...             _ = out.write(b"half")
...             raise KeyboardInterrupt
...     except KeyboardInterrupt:
...         pass
...     path.read_bytes(), os.listdir(folder)
(b'first', ['entry'])
"""

from __future__ import annotations

import os
import secrets
import signal
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

__all__ = ["Pieces", "cannot_write", "replacing", "replacing_name", "temporary_name", "write_atomic", "write_file",
           "write_files"]

#: What :func:`write_file` writes: bytes, or pieces written one after another.
Pieces = bytes | Sequence[bytes | memoryview]
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
_ATTEMPTS = 100


def temporary_name(path: Path, suffix: str = "") -> Path:
    """A fresh hidden name beside ``path`` for a file on its way there (ending in ``suffix``).

    >>> name = temporary_name(Path("out", "pass1.csv"))
    >>> name.parent, name.name.startswith(".pass1.csv."), name.suffix
    (PosixPath('out'), True, '.tmp')
    """
    return path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp{suffix}")


@contextmanager
def replacing(path: Path) -> Iterator[BinaryIO]:
    """A binary file that becomes ``path`` when the block ends without an exception (one
    :func:`os.replace`); removed, and ``path`` as it was, when it ends with one (KeyboardInterrupt
    included).  The folder must exist; an :class:`OSError` when it cannot be written.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with replacing(Path(folder, "data.csv")) as out:
    ...         _ = out.write(b"a,b\\n")
    ...     Path(folder, "data.csv").read_text(), os.listdir(folder)
    ('a,b\\n', ['data.csv'])
    """
    temporary, handle = _create(path)
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
        os.replace(temporary, path)
    except BaseException:  # a full disk, a bug in the writer, Ctrl-C: nothing is left behind
        _remove(temporary)
        raise


@contextmanager
def replacing_name(path: Path, suffix: str = "") -> Iterator[Path]:
    """A temporary file's name (made empty, ending in ``suffix``) for a writer that takes a
    name; the file becomes ``path`` when the block ends without an exception, and is removed
    when it ends with one (KeyboardInterrupt included).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with replacing_name(Path(folder, "table.npz"), ".npz") as name:
    ...         _ = name.write_bytes(b"PK")
    ...     os.listdir(folder)
    ['table.npz']
    """
    temporary, handle = _create(path, suffix)
    try:
        os.close(handle)
        yield temporary
        os.replace(temporary, path)
    except BaseException:
        _remove(temporary)
        raise


def write_file(path: Path, data: Pieces) -> None:
    """Write ``data`` (bytes, or pieces one after another) to ``path`` atomically
    (:func:`replacing`); an :class:`OSError` when it cannot be written, ``path`` as it was."""
    with replacing(path) as out:
        for piece in [data] if isinstance(data, bytes) else data:
            out.write(piece)


def write_files(folder: Path, files: Mapping[str, Pieces]) -> None:
    """Write each of ``files`` (name -> data) into ``folder``: all of them under temporary names
    first, then each moved over its name; an :class:`OSError` (or Ctrl-C) while they are
    written leaves every file of ``folder`` as it was and no temporary file.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_files(Path(folder), {"a.txt": b"A", "b.txt": [b"B", b"b"]})
    ...     sorted((p.name, p.read_bytes()) for p in Path(folder).iterdir())
    [('a.txt', b'A'), ('b.txt', b'Bb')]
    """
    staged: list[tuple[Path, Path]] = []  # a list: appending calls no Python code Ctrl-C could stop
    try:
        for name, data in files.items():
            path = folder / name
            temporary, handle = _create(path)
            staged.append((temporary, path))
            with os.fdopen(handle, "wb") as out:
                for piece in [data] if isinstance(data, bytes) else data:
                    out.write(piece)
        with _uninterrupted():  # Ctrl-C waits for the last move: all of the new files, or none
            for temporary, path in staged:
                os.replace(temporary, path)
    except BaseException:  # those already moved are no longer there to remove
        for temporary, _ in staged:
            _remove(temporary)
        raise


def write_atomic(path: Path, data: Pieces) -> bool:
    """Write ``data`` to ``path`` atomically, making its folder first; False, and nothing left
    behind, when it cannot be written (the cache: a file it cannot keep is no error).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = write_atomic(Path(folder, "sub", "entry"), b"data")
    ...     written, Path(folder, "sub", "entry").read_bytes(), os.listdir(Path(folder, "sub"))
    (True, b'data', ['entry'])
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file(path, data)
    except OSError:
        return False
    return True


def cannot_write(folder: Path) -> OSError | None:
    """Why no file can be written in ``folder`` (a file made there and removed at once: the
    only sure test, as a read-only mount or a root user defeats :func:`os.access`), or None.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     cannot_write(Path(folder)), os.listdir(folder)
    (None, [])
    >>> type(cannot_write(Path("/nonexistent-folder")))
    <class 'FileNotFoundError'>
    """
    try:
        temporary, handle = _create(folder / ".cpoly-probe")
    except OSError as error:
        return error
    os.close(handle)
    _remove(temporary)
    return None


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back inside the block and delivered when it ends (in the main
    thread, where Python handles signals; elsewhere the block runs as it is)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: received.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received:
            signal.raise_signal(signal.SIGINT)  # to the handler of before (KeyboardInterrupt)


def _create(path: Path, suffix: str = "") -> tuple[Path, int]:
    """A new temporary file beside ``path`` (never an existing name, never through a link),
    opened for writing."""
    for _ in range(_ATTEMPTS):
        temporary = temporary_name(path, suffix)
        try:
            return temporary, os.open(temporary, _FLAGS, 0o666)
        except FileExistsError:
            continue
        except BaseException:  # Ctrl-C as the file was made (a random name: it is this one's)
            _remove(temporary)
            raise
    raise FileExistsError(f"no free temporary name beside {path}")


def _remove(temporary: Path) -> None:
    try:
        temporary.unlink()
    except OSError:
        pass
