"""A folder a command writes its files into (``cpoly report --out DIR``), treated as rsync and git
treat a destination: refused before any work when writing there could harm what is there.

:func:`claim` accepts

* a new path (its missing parent folders are made when the files are written);
* an empty folder;
* a folder holding only files the command writes (:attr:`Output.names`, regular files) that
  :attr:`Output.is_ours` recognises as an earlier output of the same kind;
* a symbolic link to one of those: it is followed, the files go into its target, and the link
  stays as it is (never replaced by a folder);

and refuses, naming what is in the way, an empty name, a file (or a device, a pipe) at the path,
a folder holding anything else (the user's ``notes.txt``, a ``sub/`` folder), a link to nothing
or a link loop, and a place the user may not write.  :func:`write_into` claims the folder again
(it may have changed while the command worked), writes every file with
:func:`cpoly.store.atomic.write_files` (all under temporary names before the first is moved into
place), then removes the files of the earlier output the new one does not have.  Only files the
command writes are ever replaced or removed.  On a failure or Ctrl-C nothing is left: no
temporary file, no parent folder it made, and an earlier output as it was.

A checkpoint folder (``cpoly search --out DIR``, ``cpoly design --out DIR``) follows the same
rules with one record file in place of :class:`Output`: :func:`claim_checkpoints` accepts a new
path, an empty folder, a folder holding the record (an earlier run: the caller reads it and
resumes or refuses) or a link to one of those, and refuses anything else before any work;
:func:`start_checkpoints` makes the folder and writes the record atomically.

>>> import tempfile
>>> kind = Output("listing", "--out", frozenset({"list.txt"}), lambda folder: True)
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = Path(folder, "notes.txt").write_text("mine")
...     try:
...         claim(folder, kind)
...     except CpolyInputError as error:
...         print(error.message.replace(folder, "DIR"))
--out DIR: the folder holds other files (not a listing): notes.txt; give a new or empty folder (only an earlier listing there is replaced)
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from cpoly.errors import CpolyInputError
from cpoly.store.atomic import Pieces, cannot_write, write_file, write_files

__all__ = ["Output", "check_creatable", "check_writable", "claim", "claim_checkpoints", "follow_link", "kind_of",
           "locate", "start_checkpoints", "write_into"]

_SHOWN = 5  # entries named in a refusal
_LEFTOVER = re.compile(r"\.(?P<name>.+)\.[0-9a-f]{16}\.tmp")  # cpoly.store.atomic's temporary names


@dataclass(frozen=True)
class Output:
    """What a command writes into its folder.

    Attributes
    ----------
    what:
        The output in words ("cpoly report"), for messages.
    option:
        The option naming the folder ("--out").
    names:
        Every name a file of the output may have.
    is_ours:
        Whether a folder whose entries are all files of ``names`` is an earlier output (read its
        own record, e.g. ``report.json``).
    """

    what: str
    option: str
    names: frozenset[str]
    is_ours: Callable[[Path], bool]


def claim(given: str, kind: Output) -> Path:
    """The folder to write ``kind`` into for the path ``given`` (the target of a link), or a
    :class:`~cpoly.errors.CpolyInputError` saying what is in the way (see the module)."""
    target, shown, new = _locate_folder(given, kind.option, f"the folder to write the {kind.what} into")
    if new:
        return target
    try:
        blocking = in_the_way(target, kind)
    except OSError as error:
        raise CpolyInputError(f"{kind.option} {shown}: cannot look inside the folder: "
                              f"{(error.strerror or str(error)).lower()}") from None
    if blocking:
        more = f" (and {len(blocking) - _SHOWN} more)" if len(blocking) > _SHOWN else ""
        raise CpolyInputError(f"{kind.option} {shown}: the folder holds other files (not a {kind.what}): "
                              f"{', '.join(blocking[:_SHOWN])}{more}; give a new or empty folder (only an earlier "
                              f"{kind.what} there is replaced)")
    check_writable(shown, target, kind.option)
    return target


def in_the_way(folder: Path, kind: Output) -> list[str]:
    """The entries of ``folder`` that are not an earlier output of ``kind`` (a folder's name ends
    in ``/``); none for an empty folder or an earlier output (with the temporary files a killed
    writer of its files left, :mod:`cpoly.store.atomic`'s names)."""
    entries = sorted(os.listdir(folder))
    others = [name for name in entries if not (_owned_name(name, kind) and _is_regular(folder / name))]
    if others:
        return [_shown_entry(folder, name) for name in others]
    files = [name for name in entries if name in kind.names]
    return [] if not files or kind.is_ours(folder) else files


def claim_checkpoints(given: str | Path, option: str, record: str, what: str) -> Path:
    """The checkpoint folder for ``given`` (the target of a link): a new path, an empty folder,
    or one holding ``record`` (an earlier run); else a :class:`~cpoly.errors.CpolyInputError`
    naming what is in the way.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = Path(folder, "pass1.csv").write_text("mine")
    ...     try:
    ...         claim_checkpoints(folder, "--out", "search.json", "search")
    ...     except CpolyInputError as error:
    ...         print(error.message.replace(folder, "DIR"))
    --out DIR: the folder holds files of its own (not a search's checkpoints): pass1.csv; give a new or empty folder, or the folder of a run to --resume
    """
    target, shown, new = _locate_folder(str(given), option, f"the folder to keep the {what}'s checkpoints in")
    if new:
        return target
    entries = sorted(os.listdir(target))
    if entries and record not in entries:
        more = f" (and {len(entries) - _SHOWN} more)" if len(entries) > _SHOWN else ""
        shown_entries = ", ".join(_shown_entry(target, name) for name in entries[:_SHOWN])
        raise CpolyInputError(f"{option} {shown}: the folder holds files of its own (not a {what}'s checkpoints): "
                              f"{shown_entries}{more}; give a new or empty folder, or the folder of a run to --resume")
    check_writable(shown, target, option)
    return target


def start_checkpoints(folder: Path, record: str, data: bytes) -> None:
    """Make ``folder`` (a path :func:`claim_checkpoints` gave) and write its ``record``
    atomically; on a failure or Ctrl-C, the folders made are removed again."""
    made = _make_folders(folder)
    try:
        write_file(folder / record, data)
    except BaseException:
        for made_folder in reversed(made):
            _remove(made_folder, os.rmdir)
        raise


def write_into(given: str, files: Mapping[str, Pieces], kind: Output) -> Path:
    """Write ``files`` (name -> data) into the folder :func:`claim` gives for ``given`` (claimed
    again now), then remove the files of an earlier output there that ``files`` does not have;
    the folder written.  Nothing is left on a failure or Ctrl-C (see the module)."""
    unknown = sorted(set(files) - kind.names)
    if unknown:
        raise ValueError(f"{unknown} are not files of {kind.what}")
    target = claim(given, kind)
    made = _make_folders(target)
    try:
        earlier = [name for name in os.listdir(target) if name not in files and _owned_name(name, kind)]
        write_files(target, files)
    except BaseException:
        for folder in reversed(made):
            _remove(folder, os.rmdir)
        raise
    for name in earlier:  # a figure the earlier output had, this one not (and temporary leftovers)
        _remove(target / name, os.unlink)
    return target


def locate(given: str, option: str, wanted: str) -> tuple[Path, str, int | None]:
    """Where to write for the path ``given`` (the target of a link), how a message names it, and
    the mode of what is there (``None``: nothing yet); refuses an empty name (``wanted``: what to
    give instead), a link to nothing or a loop, and a path that cannot be looked at.

    >>> locate("/no/such/file.csv", "--csv", "the file to write to")
    (PosixPath('/no/such/file.csv'), '/no/such/file.csv', None)
    >>> try:
    ...     locate("", "--out", "the folder to write into")
    ... except CpolyInputError as error:
    ...     print(error.message)
    --out '': an empty name; give the folder to write into
    """
    if given == "":
        raise CpolyInputError(f"{option} '': an empty name; give {wanted}")
    path = Path(given)
    target = follow_link(given, path, option)
    shown = given if target == path else f"{given} (a link to {target})"
    try:
        return target, shown, os.stat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return target, shown, None
    except OSError as error:
        raise CpolyInputError(f"{option} {shown}: {error.strerror or error}") from None


def _locate_folder(given: str, option: str, wanted: str) -> tuple[Path, str, bool]:
    """:func:`locate` for a folder: the target, its name in messages, and whether it is new (its
    nearest parent checked writable); refuses a file, a device or a pipe at the path."""
    target, shown, mode = locate(given, option, wanted)
    if mode is None:
        check_creatable(shown, target, option)
        return target, shown, True
    if not stat.S_ISDIR(mode):
        raise CpolyInputError(f"{option} {shown}: {kind_of(mode)}, not a folder; give a new or empty folder")
    return target, shown, False


def follow_link(given: str, path: Path, option: str) -> Path:
    """``path``, or the folder a link there leads to (refused: a link to nothing, a loop)."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        raise CpolyInputError(f"{option} {given}: a symbolic link to {os.readlink(path)}, which does not "
                              "exist; make that folder or give another") from None
    except OSError as error:
        raise CpolyInputError(f"{option} {given}: a symbolic link that cannot be followed "
                              f"({error.strerror or error})") from None


def check_creatable(shown: str, target: Path, option: str) -> None:
    """Refuse a new path whose nearest existing parent is not a folder the user may write."""
    parent = target.absolute().parent
    while not os.path.lexists(parent) and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise CpolyInputError(f"{option} {shown}: {parent} is a file, not a folder")
    check_writable(shown, parent, option)


def check_writable(shown: str, folder: Path, option: str) -> None:
    """Refuse a folder no file can be written in (tried: :func:`~cpoly.store.atomic.cannot_write`)."""
    error = cannot_write(folder)
    if error is not None:
        where = "" if folder == Path(shown) else f" (in {folder})"
        raise CpolyInputError(f"{option} {shown}: cannot write there{where}: "
                              f"{(error.strerror or str(error)).lower()}") from None


def _make_folders(target: Path) -> list[Path]:
    """Make ``target`` and its missing parents; those made, outermost first."""
    missing = []
    folder = target.absolute()
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    made: list[Path] = []
    try:
        for folder in reversed(missing):
            folder.mkdir()
            made.append(folder)
    except BaseException:
        for folder in reversed(made):
            _remove(folder, os.rmdir)
        raise
    return made


def _owned_name(name: str, kind: Output) -> bool:
    """A name a file of ``kind`` has, or a temporary name :mod:`cpoly.store.atomic` gives one."""
    leftover = _LEFTOVER.fullmatch(name)
    return name in kind.names or leftover is not None and leftover["name"] in kind.names


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _shown_entry(folder: Path, name: str) -> str:
    try:
        return name + "/" if stat.S_ISDIR(os.lstat(folder / name).st_mode) else name
    except OSError:
        return name


def kind_of(mode: int) -> str:
    """A file's kind in words.

    >>> kind_of(stat.S_IFREG), kind_of(stat.S_IFCHR)
    ('a file', 'a character device')
    """
    kinds = ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"))
    return next((words for test, words in kinds if test(mode)), "a file")


def _remove(path: Path, remove: Callable[[Path], None]) -> None:
    try:
        remove(path)
    except OSError:
        pass
