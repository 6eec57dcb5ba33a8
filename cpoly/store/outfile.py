"""One file a command writes (``cpoly design --csv FILE``), with the rules of
:mod:`cpoly.store.outfolder`: never overwrite what the command did not write.

:func:`claim_file` accepts a new path (its folder must exist and be writable), or a regular file
``is_ours`` recognises as an earlier output of the same kind, or a link to one of those (the file
is written at the link's target; the link stays); it refuses, before any work, an empty name, a
folder, a device or pipe, a link to nothing or a loop, any other file (the user's), and a
folder the user may not write.  :func:`write_claimed` claims the path again and writes the file
with :func:`cpoly.store.atomic.write_file`: on a failure or Ctrl-C the earlier file is as it was
and no temporary file is left.

>>> import tempfile
>>> def is_csv(path: Path) -> bool:
...     return path.read_bytes().startswith(b"a,b")
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder, "t.csv")
...     _ = write_claimed(str(path), b"a,b\\n1,2\\n", "--csv", "design table", is_csv)
...     _ = Path(folder, "notes.txt").write_text("mine")
...     try:
...         claim_file(str(Path(folder, "notes.txt")), "--csv", "design table", is_csv)
...     except CpolyInputError as error:
...         print(error.message.replace(folder, "DIR"))
...     path.read_text()
--csv DIR/notes.txt: a file that is not a design table (cpoly writes over only its own); give a new name
'a,b\\n1,2\\n'
"""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

from cpoly.errors import CpolyInputError
from cpoly.store.atomic import write_file
from cpoly.store.outfolder import check_creatable, check_writable, kind_of, locate

__all__ = ["claim_file", "write_claimed"]


def claim_file(given: str, option: str, what: str, is_ours: Callable[[Path], bool]) -> Path:
    """The path to write a ``what`` at for ``given`` (the target of a link), or a
    :class:`~cpoly.errors.CpolyInputError` saying what is in the way (see the module)."""
    target, shown, mode = locate(given, option, f"the file to write the {what} to")
    if mode is None:
        _check_parent(shown, target, option)
        return target
    if stat.S_ISDIR(mode):
        raise CpolyInputError(f"{option} {shown}: a folder; give the name of a file to write the {what} to")
    if not stat.S_ISREG(mode):
        raise CpolyInputError(f"{option} {shown}: {kind_of(mode)}, not a file; give a new name")
    if not _recognised(target, is_ours):
        raise CpolyInputError(f"{option} {shown}: a file that is not a {what} (cpoly writes over only its own); "
                              "give a new name")
    check_writable(shown, target.absolute().parent, option)
    return target


def write_claimed(given: str, data: bytes, option: str, what: str, is_ours: Callable[[Path], bool]) -> Path:
    """Write ``data`` at the path :func:`claim_file` gives for ``given`` (claimed again now: it
    may have changed while the command worked), atomically; the path written."""
    target = claim_file(given, option, what, is_ours)
    write_file(target, data)
    return target


def _check_parent(shown: str, target: Path, option: str) -> None:
    """A new file's folder must exist (a typo in it is not made into folders) and be writable."""
    parent = target.absolute().parent
    if not parent.is_dir():
        raise CpolyInputError(f"{option} {shown}: the folder {parent} does not exist")
    check_creatable(shown, target, option)


def _recognised(path: Path, is_ours: Callable[[Path], bool]) -> bool:
    try:
        return is_ours(path)
    except (OSError, ValueError):
        return False
