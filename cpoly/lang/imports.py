"""``import "poker.cp"``: one module out of a file and the files it imports.

Runs between :mod:`cpoly.lang.syntax` and :mod:`cpoly.lang.resolve`: the files are read, checked against
the rules below and merged into one :class:`~cpoly.lang.syntax.Module`, whose statements keep the
spans of the file each came from (an error in an imported file is reported at its own
``file:line:col``, followed by "imported from game.cp:3").

The rules (docs/language.md, "Imports"):

* ``import "x.cp"`` looks for ``x.cp`` next to the importing file, then in each directory of
  the ``CPOLY_PATH`` environment variable (separated by ``:``), then in the standard library
  shipped with cpoly (:data:`LIBRARY`, the files of ``definitions/lib/``).  A missing file is an
  error at the import statement, listing where it looked.
* Every file is read once, however often it is imported; a file that imports itself, directly
  or through others, is an error naming the cycle.
* All files share one namespace.  A name defined by a file it imports may be replaced only
  with ``override Name = …``; every definition that uses the name then uses the new one.
  ``override`` of a name no import defines is an error, and so are two files that define one
  name side by side (neither imports the other).
* A game statement (``game``, ``cards``, ``deal``, ``copies``, ``ordered``, ``categories``,
  ``ranks``, ``suit_letters``) of the importing file replaces the imported one of its kind.
* Pay tables come from the game file; only a file that states none takes its imports' tables.
* Game statements of imported files apply only to a game (a file with ``categories``); a
  library (``deck.cp`` says ``cards F S`` and ``deal Hand``) can then be counted on its own.

>>> module = read_text('import "poker.cp"\\ngame "Tiny"\\n', "tiny.cp")
>>> module.path, sum(isinstance(s, S.Definition) and s.name == "Hand" for s in module.statements)
('tiny.cp', 1)
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from cpoly.errors import CpolyError, CpolyNameError
from cpoly.lang import syntax as S
from cpoly.lang.gamespec import GameStatements, game_keyword
from cpoly.lang.resolve import referenced_names
from cpoly.store.inputfile import read_input, why_unreadable
from cpoly.store.sources import GAMES, IMPORTS_ENV, LIBRARY, Sources, bytes_digest, library_only, search_dirs

__all__ = ["LIBRARY", "blamed_on_override", "library_files", "load_module", "missing_file", "read_text"]


_LIBRARY_NAME = re.compile(r"[A-Za-z0-9_-]+\.cp")


def load_module(path: str | Path) -> S.Module:
    """Read the ``.cp`` file ``path`` and everything it imports, as one module, with the
    :class:`~cpoly.store.sources.Sources` it was read from."""
    try:
        text, digest = _source(Path(path))
    except FileNotFoundError:
        raise CpolyError(missing_file(Path(path))) from None
    except (OSError, UnicodeDecodeError) as error:
        raise CpolyError(f"cannot read {path}: {why_unreadable(error)}") from None
    merger = _Merger(Path(path).resolve(), S.read_module(text, str(path)))
    merger.read.insert(0, (Path(path), digest))
    return replace(merger.merged(), sources=Sources.of(merger.read, merger.missing))


def missing_file(path: Path) -> str:
    """The message for a game file that is not there, naming the file meant when one is close
    (by name, without the ``.cp``): a ``.cp`` file of its folder, else a shipped game.

    >>> missing_file(GAMES / "jacks_or_beter.cp") == f"no such file: {GAMES}/jacks_or_beter.cp (did you mean {GAMES}/jacks_or_better.cp?)"
    True
    >>> missing_file(Path("/nowhere/deuces_wild")) == f"no such file: /nowhere/deuces_wild (cpoly ships a game of that name: {GAMES}/deuces_wild.cp)"
    True
    >>> missing_file(Path("/nowhere/file.cp"))
    'no such file: /nowhere/file.cp'
    """
    close = _close_game(path.stem, path.parent)
    if close:
        return f"no such file: {path} (did you mean {path.parent / close}?)"
    shipped = _close_game(path.stem, GAMES)
    if shipped:
        of = "of that name" if shipped == f"{path.stem}.cp" else "of a close name"
        return f"no such file: {path} (cpoly ships a game {of}: {GAMES / shipped})"
    return f"no such file: {path}"


def _close_game(stem: str, folder: Path) -> str | None:
    """The name of the ``.cp`` file of ``folder`` closest to ``stem``, if one is close (None
    too when the folder cannot be listed)."""
    try:
        stems = sorted(entry.stem for entry in folder.iterdir() if entry.suffix == ".cp")
    except OSError:
        return None
    close = difflib.get_close_matches(stem, stems, n=1)
    return f"{close[0]}.cp" if close else None


def read_text(text: str, path: str = "<string>", directory: Path | None = None) -> S.Module:
    """``.cp`` text (imports looked up from ``directory``, by default the current one)."""
    root = S.read_module(text, path)
    where = (directory or Path.cwd()) / Path(path).name
    return _Merger(where.resolve(), root).merged()


@dataclass
class _File:
    """One file read: its module and the files it imports, directly or not."""

    module: S.Module
    closure: set[str] = field(default_factory=set)


class _Merger:
    """Reads the import graph depth first and merges the modules by the rules above."""

    def __init__(self, root_path: Path, root: S.Module) -> None:
        self.root = root
        self.files: dict[Path, _File] = {}
        self.order: list[_File] = []
        self.stack: list[Path] = []
        self.missing: list[Path] = []  # where an import looked before the file it used
        self.read: list[tuple[Path, str]] = []  # each imported file as found, digest of its bytes
        self._visit(root_path, root)

    # ---- reading ----------------------------------------------------------------------------
    def _visit(self, path: Path, module: S.Module) -> _File:
        entry = _File(module)
        self.files[path] = entry
        self.stack.append(path)
        for statement in module.statements:
            if isinstance(statement, S.ImportDecl):
                found = _find(statement, path.parent, self.missing)
                target = found.resolve()
                if target in self.stack:
                    chain = [p.name for p in self.stack[self.stack.index(target):]] + [target.name]
                    raise CpolyError(f"import cycle: {' -> '.join(chain)}", statement.span)
                child = self.files.get(target) or self._visit(target, self._read(found, statement))
                entry.closure |= child.closure | {child.module.path}
        self.stack.pop()
        self.order.append(entry)
        return entry

    def _read(self, found: Path, statement: S.ImportDecl) -> S.Module:
        try:
            text, digest = _source(found)
        except (OSError, UnicodeDecodeError) as error:
            raise CpolyError(f"cannot read {_shown(found)}: {why_unreadable(error)}", statement.span) from None
        self.read.append((found, digest))
        return S.read_module(text, _shown(found.resolve()), via=f"imported from {statement.span}")

    # ---- merging ----------------------------------------------------------------------------
    def merged(self) -> S.Module:
        if len(self.order) == 1:
            return self.root
        definitions: dict[str, S.Definition] = {}
        game = GameStatements()
        others: list[S.Statement] = []
        tables: dict[str, list[S.Statement]] = {}
        features: dict[str, list[S.Statement]] = {}  # like pay tables: the root's replace the imported
        for entry in self.order:
            for statement in entry.module.statements:
                if isinstance(statement, S.Definition):
                    _define(definitions, statement, entry)
                elif game_keyword(statement) is not None:
                    game.add(statement, entry.closure)  # type: ignore[arg-type]
                elif isinstance(statement, S.PaytableDecl):
                    tables.setdefault(entry.module.path, []).append(statement)
                elif isinstance(statement, S.FeatureDecl):
                    features.setdefault(entry.module.path, []).append(statement)
                elif not isinstance(statement, S.ImportDecl):
                    others.append(statement)
        if game.categories is None:  # not a game: the imported game statements do not apply
            game = game.only_from(self.root.path)
        paytables = tables.get(self.root.path) or [t for e in self.order for t in tables.get(e.module.path, [])]
        text = "\n".join([self.root.text] + [f"// ---- {e.module.path}\n{e.module.text}"
                                             for e in self.order[:-1]])
        own_features = features.get(self.root.path) or [f for e in self.order for f in features.get(e.module.path, [])]
        statements = (*definitions.values(), *others, *game.statements(), *paytables, *own_features)
        return S.Module(self.root.path, text, tuple(statements))


def _find(statement: S.ImportDecl, directory: Path, missing: list[Path]) -> Path:
    if library_only():
        return _find_in_library(statement)
    places = [directory, *search_dirs()]
    for place in places:
        candidate = place / statement.target
        if candidate.is_file():
            return candidate
        missing.append(candidate)
    looked = ", ".join(_shown(p) for p in places[:-1]) + f" and the standard library {_shown(LIBRARY)}"
    raise CpolyError(f"cannot find '{statement.target}' to import (looked in {looked})", statement.span)


def _find_in_library(statement: S.ImportDecl) -> Path:
    """The standard library's file named by the import, nothing else (``CPOLY_IMPORTS=library``:
    no path, no other directory, no link leading out of the library)."""
    candidate = LIBRARY / statement.target
    if (not _LIBRARY_NAME.fullmatch(statement.target) or not candidate.is_file()
            or candidate.resolve().parent != LIBRARY.resolve()):
        names = ", ".join(f'"{p.name}"' for p in library_files())
        raise CpolyError(f"this game may import only a file of the standard library by name "
                         f"({names}; {IMPORTS_ENV}=library), not '{statement.target}'", statement.span)
    return candidate


def _source(path: Path) -> tuple[str, str]:
    """A file's text (UTF-8; a byte-order mark is not text) and the sha256 of the bytes read:
    only a regular file, at most :func:`~cpoly.store.inputfile.max_file_size` bytes
    (:func:`~cpoly.store.inputfile.read_input`; a device, a named pipe or a link loop is refused
    without being read)."""
    data = read_input(path)
    return data.decode("utf-8-sig"), bytes_digest(data)


def _shown(path: Path) -> str:
    """A path as messages show it: relative to the working directory when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _define(definitions: dict[str, S.Definition], new: S.Definition, entry: _File) -> None:
    old = definitions.get(new.name)
    here = entry.module.path
    if old is None:
        if new.override:
            raise CpolyNameError(f"'override {new.name}': no imported file defines '{new.name}'", new.span)
    elif old.span.path == here:
        raise CpolyNameError(f"'{new.name}' is defined twice (first at line {old.span.line})", new.span)
    elif old.span.path not in entry.closure:
        raise CpolyNameError(f"'{new.name}' is defined both here and in {old.span}, and neither "
                             "file imports the other: rename one of them", new.span)
    elif not new.override:
        raise CpolyNameError(f"'{new.name}' is already defined in {old.span}, which this file "
                             f"imports: write 'override {new.name} = …' to replace it", new.span)
    definitions[new.name] = new


def library_files() -> list[Path]:
    """The ``.cp`` files of the standard library."""
    return sorted(LIBRARY.glob("*.cp"))


def blamed_on_override(error: CpolyError, module: S.Module) -> CpolyError:
    """``error`` moved to the user's own line when it lies in an imported file and the statement
    there uses, directly or through definitions, a name the game file overrides (``override F =
    σ1-σ4`` breaks ``cards F S`` of deck.cp): the error is at the override, the imported line
    named after it.  Any other error is returned as it is.

    >>> module = read_text('import "poker.cp"\\noverride Faces = 0\\ncategories Flush\\n', "mine.cp")
    >>> try:
    ...     from cpoly.lang.resolve import resolve
    ...     resolve(module)
    ... except CpolyError as error:
    ...     print(blamed_on_override(error, module).render().splitlines()[0])
    mine.cp:2:10: error: a domain needs at least one value, not 0
    """
    span = error.span
    if span is None or span.path == module.path:
        return error
    ours = {s.name: s for s in module.statements
            if isinstance(s, S.Definition) and s.override and s.span.path == module.path}
    used = _names_used_at(module, span.path, (span.line, span.column))
    culprit = next((ours[name] for name in used if name in ours), None)
    if culprit is None:
        return error
    moved = type(error)(error.message, culprit.span._replace(
        via=f"at {span} '{span.line_text.strip()}', which uses '{culprit.name}' as overridden here"))
    return moved


def _names_used_at(module: S.Module, path: str, where: tuple[int, int]) -> list[str]:
    """The names the statement of ``path`` that holds the position ``where`` uses, directly or
    through the definitions it names, nearest first (a walk without recursion)."""
    here = [s for s in module.statements if s.span.path == path and (s.span.line, s.span.column) <= where]
    if not here:
        return []
    statement = max(here, key=lambda s: (s.span.line, s.span.column))
    definitions = {s.name: s for s in module.statements if isinstance(s, S.Definition)}
    seen: list[str] = []
    queue = list(_statement_names(statement))
    while queue:
        name = queue.pop(0)
        if name not in seen:
            seen.append(name)
            if name in definitions:
                queue += [n for n, _ in referenced_names(definitions[name].value)]
    return seen


def _statement_names(statement: S.Statement) -> list[str]:
    """The names a statement uses (a definition: its own name first, then its value's)."""
    if isinstance(statement, S.Definition):
        return [statement.name, *(n for n, _ in referenced_names(statement.value))]
    if isinstance(statement, S.DomainDecl):
        return [*statement.names, *(n for n, _ in referenced_names(statement.size))]
    if isinstance(statement, S.CardsDecl):
        return [statement.faces, statement.suits]
    if isinstance(statement, S.DealDecl):
        return [n for n, _ in referenced_names(statement.value)]
    if isinstance(statement, S.CategoriesDecl):
        return [n.name for n in statement.names]
    return []
