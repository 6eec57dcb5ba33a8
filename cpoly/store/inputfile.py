"""Reading a file a user names, bounded: only a regular file, at most :func:`max_file_size` bytes.

A ``.cp`` file (named on the command line or by ``import``) is read by :func:`read_input`: the
path is looked at first (:func:`os.stat`, which follows links), and a device (``/dev/zero``), a
named pipe, a socket or a folder is refused without being opened, as is a link loop or a file
larger than the cap.  The file is then opened without blocking (a named pipe put there in the
meantime cannot hang the command), looked at again through its descriptor, and read up to one
byte past the cap, so that a file growing while it is read is refused too, never read without
end.  The cap is that of the web server's uploads (1 MiB, :data:`MAX_FILE_BYTES`, equal to
``cpoly.web.games.MAX_SOURCE_BYTES``), or ``$CPOLY_MAX_FILE_SIZE`` bytes.

Every refusal is a :class:`NotReadable`, an :class:`OSError` whose ``strerror`` says why in
words: the callers that report unreadable files (``cannot read game.cp: …``) report these too.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     game = Path(folder, "game.cp")
...     _ = game.write_text('game "Tiny"')
...     os.symlink("loop", Path(folder, "loop"))
...     read_input(game), refusal(Path(folder, "loop")), refusal(Path(folder))
(b'game "Tiny"', 'a symbolic link loop (too many levels of links)', 'it is a folder, not a file')
>>> refusal(Path("/dev/zero"))
'it is a character device, not a regular file'
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from cpoly.errors import CpolyInputError

__all__ = ["MAX_FILE_BYTES", "SIZE_ENV", "NotReadable", "check_input", "max_file_size", "read_input", "read_text_input",
           "refusal", "why_unreadable"]

#: The most bytes a file named by the user may hold: the web server's cap on an uploaded game.
MAX_FILE_BYTES = 1 << 20
#: ``CPOLY_MAX_FILE_SIZE=BYTES``: another cap (a positive number of bytes).
SIZE_ENV = "CPOLY_MAX_FILE_SIZE"
_KINDS = ((stat.S_ISDIR, "it is a folder, not a file"),
          (stat.S_ISCHR, "it is a character device, not a regular file"),
          (stat.S_ISBLK, "it is a block device, not a regular file"),
          (stat.S_ISFIFO, "it is a named pipe (FIFO), not a regular file"),
          (stat.S_ISSOCK, "it is a socket, not a regular file"))
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


class NotReadable(OSError):
    """A file refused before (or while) it is read; ``strerror`` says why, in words."""

    def __init__(self, why: str, path: Path) -> None:
        super().__init__(errno.EINVAL, why, str(path))


def max_file_size() -> int:
    """The cap: ``$CPOLY_MAX_FILE_SIZE`` when set (a positive whole number of bytes, else an
    error), else :data:`MAX_FILE_BYTES`.

    >>> max_file_size() == MAX_FILE_BYTES or SIZE_ENV in os.environ
    True
    """
    value = os.environ.get(SIZE_ENV, "").strip()
    if not value:
        return MAX_FILE_BYTES
    if not value.isdigit() or int(value) < 1:
        from cpoly.errors import CpolyInputError

        raise CpolyInputError(f"{SIZE_ENV} is a positive number of bytes, got {value!r}")
    return int(value)


def refusal(path: Path, limit: int | None = None) -> str | None:
    """Why ``path`` is not read, in words, from :func:`os.stat` alone (nothing is opened); None
    for a regular file within the cap, and for a path that does not exist or cannot be looked at
    (the reader says so in its own words)."""
    try:
        found = os.stat(path)
    except OSError as error:
        return _LOOP if error.errno == errno.ELOOP else None
    return _why_refused(found, max_file_size() if limit is None else limit)


def check_input(path: Path, limit: int | None = None) -> None:
    """:class:`NotReadable` when :func:`refusal` has a reason."""
    why = refusal(path, limit)
    if why is not None:
        raise NotReadable(why, path)


def read_input(path: Path, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` (:func:`max_file_size`) of
    them; :class:`NotReadable` for anything else (see the module), :class:`OSError` when it
    cannot be read (``FileNotFoundError`` when it does not exist)."""
    cap = max_file_size() if limit is None else limit
    try:
        handle = _open_regular(path, cap)
    except OSError as error:
        if error.errno == errno.ELOOP and not isinstance(error, NotReadable):
            raise NotReadable(_LOOP, path) from None
        raise
    with os.fdopen(handle, "rb") as stream:
        data = stream.read(cap + 1)
    if len(data) > cap:
        raise NotReadable(_too_large(len(data), cap, grew=True), path)
    return data


def why_unreadable(error: OSError | UnicodeDecodeError) -> str:
    """Why a file cannot be read as text, in words.

    >>> why_unreadable(IsADirectoryError(21, "Is a directory"))
    'it is a folder, not a file'
    >>> why_unreadable(UnicodeDecodeError("utf-8", b"A\\xff", 1, 2, "invalid start byte"))
    'it is not UTF-8 text (byte 0xff at offset 1)'
    >>> why_unreadable(FileNotFoundError(2, "No such file or directory"))
    'No such file or directory'
    """
    if isinstance(error, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(error, UnicodeDecodeError):
        return f"it is not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset {error.start})"
    return error.strerror or str(error)


def read_text_input(path: Path, what: str) -> str:
    """The UTF-8 text of ``path`` read as :func:`read_input` reads it, or a
    :class:`~cpoly.errors.CpolyInputError` saying why not, ``what`` naming the file.

    >>> read_text_input(Path("/nonexistent.txt"), "--chart")
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: --chart /nonexistent.txt: cannot read it: No such file or directory
    """
    try:
        return read_input(path).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise CpolyInputError(f"{what} {path}: cannot read it: {why_unreadable(error)}") from None


_LOOP = "a symbolic link loop (too many levels of links)"


def _open_regular(path: Path, cap: int) -> int:
    """A descriptor of ``path`` opened for reading once :func:`os.stat` says it is a regular
    file within ``cap``, and checked again through the descriptor (it may have been replaced)."""
    why = _why_refused(os.stat(path), cap)
    if why is not None:
        raise NotReadable(why, path)
    handle = os.open(path, _OPEN_FLAGS)
    try:
        why = _why_refused(os.fstat(handle), cap)
        if why is not None:
            raise NotReadable(why, path)
    except BaseException:
        os.close(handle)
        raise
    return handle


def _why_refused(found: os.stat_result, cap: int) -> str | None:
    """Why a file of this :func:`os.stat` is not read: its kind, or its size above ``cap``.

    >>> _why_refused(os.stat_result((stat.S_IFREG | 0o644, 0, 0, 1, 0, 0, 2_000_000, 0, 0, 0)), 1_000)
    'it holds 2,000,000 bytes, above the limit of 1,000 bytes for a file cpoly reads (CPOLY_MAX_FILE_SIZE=BYTES sets another)'
    """
    for test, why in _KINDS:
        if test(found.st_mode):
            return why
    if not stat.S_ISREG(found.st_mode):
        return "it is not a regular file"
    return _too_large(found.st_size, cap) if found.st_size > cap else None


def _too_large(size: int, cap: int, grew: bool = False) -> str:
    held = f"more than {cap:,} bytes (it grew while it was read)" if grew else f"{size:,} bytes"
    return f"it holds {held}, above the limit of {cap:,} bytes for a file cpoly reads ({SIZE_ENV}=BYTES sets another)"
