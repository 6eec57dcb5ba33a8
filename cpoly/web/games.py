"""The games the web app offers: the ``.cp`` files of a definitions folder, an uploaded file, and
a pay table edited on the page (appended to the game's text as one more ``paytable`` line).

>>> paytable_line("edited", {"Flush": "6", "Straight": "4.5"}, {"Flush": "9"})
'paytable "edited": Flush 6 dealt 9, Straight 4.5'

Every name a client gives (a file name, a pay table's name, a hand's name, a pay) is at most
:data:`MAX_NAME` characters.  An error the CLI finds in the edited pay table is reported as the
``pays`` field's, at the hand it is about (:meth:`GameFile.located`): the line the server
appended to the game is not the user's text, and a shipped game has no such line.

An uploaded game is run without its comments (:func:`without_comments`, every line kept where
it was), so two uploads that differ only in a comment are one game to the cache.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cpoly.errors import CpolyError
from cpoly.lang.imports import load_module
from cpoly.lang.parse import comment_spans
from cpoly.lang.syntax import PaytableDecl
from cpoly.store.sources import GAMES, IMPORTS_ENV, PATH_ENV

__all__ = ["DEFAULT_DEFINITIONS", "EDITED", "EditedTable", "FieldError", "GameFile", "MAX_NAME",
           "MAX_SOURCE_BYTES", "checked_category", "checked_value", "game_file", "list_games",
           "paytable_line", "without_comments"]

DEFAULT_DEFINITIONS = GAMES
EDITED = "edited on the page"
MAX_SOURCE_BYTES = 1 << 20
#: The longest name a client may give: a file name, a pay table's name, a hand's name, a pay.
MAX_NAME = 100
_TITLE = re.compile(r'^\s*game\s+"([^"]*)"', re.MULTILINE)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PAY = re.compile(r"[0-9]+(\.[0-9]+)?")  # ASCII digits: "١" is not a pay the .cp language reads
_VALUE = re.compile(r"[0-9]+(\.[0-9]+)?(/[0-9]+)?")  # a pay the CLI's --pay reads: 6, 2.5, 5/2
_FILENAME = re.compile(r"[^A-Za-z0-9_.-]+")


class FieldError(Exception):
    """Bad input the server sees before running the CLI: a message and the field it belongs to."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class GameFile:
    """A game to run: the file name to give the CLI, its text (written when the job starts, in
    the game's folder of the server's cache, :mod:`cpoly.web.cachefolder`), the pay table, and the
    environment to run it in: an uploaded game's imports are read from the standard library
    only (``CPOLY_IMPORTS=library``: the loader itself refuses any other file, however the
    import is spelled, so an upload cannot make the server read and quote a file); a game of
    the definitions folder imports its sibling games from there (``CPOLY_PATH``: a Multi-Strike
    game imports its base game), as it does from the command line."""

    path: str
    text: str
    paytable: str | None
    env: dict[str, str]
    edited: EditedTable | None = None

    def key(self) -> str:
        """The game's cache entry: the digest of its text and of how its imports are read
        (the file name is not part of it: one entry holds a text under every name given)."""
        mode = self.env.get(IMPORTS_ENV, "any")
        return hashlib.sha256(f"{mode}\0{self.env.get(PATH_ENV, '')}\0{self.text}".encode()).hexdigest()

    def located(self, error: dict[str, Any]) -> dict[str, Any]:
        r"""The CLI's ``error`` as the client must see it: one located in the pay table appended
        to the game (a line that is not the user's) becomes the ``pays`` field's, naming its hand.

        >>> game = game_file({"game": "jacks_or_better", "pays": {"import": "5"}}, GAMES)
        >>> line = game.text.count("\n")
        >>> game.located({"message": "unexpected 'import'", "file": game.path, "line": line, "column": 32})
        {'message': "the pay table edited on the page, at import: unexpected 'import'", 'field': 'pays'}
        >>> game.located({"message": "bad", "file": game.path, "line": 2, "column": 1})["line"]
        2
        """
        if self.edited is None or error.get("file") != self.path or error.get("line") != self.edited.line:
            return error
        where = self.edited.hand_at(int(error.get("column") or 1))
        return {"message": f"the pay table {EDITED}" + (f", at {where}" if where else "")
                           + f": {error.get('message', '')}", "field": "pays"}


@dataclass(frozen=True)
class EditedTable:
    """Where the pay table edited on the page is in the text run: its line (1-based) and the
    column (1-based) where each hand's entry starts."""

    line: int
    starts: tuple[tuple[int, str], ...]

    def hand_at(self, column: int) -> str | None:
        """The hand whose entry holds ``column`` (None before the first)."""
        found = None
        for start, hand in self.starts:
            if start <= column:
                found = hand
        return found


def without_comments(text: str) -> str:
    r"""``text`` without its ``//`` comments (:func:`cpoly.lang.parse.comment_spans`) and the blanks
    before them; every other character stays where it was, so an error's line and column are
    the same.

    >>> without_comments('game "a // b" // c\n  X = 1 //\n// whole line\nY = 2')
    'game "a // b"\n  X = 1\n\nY = 2'
    """
    pieces, kept = [], 0
    for start, end in comment_spans(text):
        pieces.append(text[kept:start].rstrip(" \t\f\u00a0"))
        kept = end
    return "".join(pieces) + text[kept:]


def list_games(folder: Path) -> list[dict[str, str]]:
    """The video-poker games of ``folder``: every ``.cp`` file with a pay table (a Hold'em game
    has none), as id (file stem), title (its ``game "..."``) and file name.

    >>> ids = [game["id"] for game in list_games(GAMES)]
    >>> "jacks_or_better" in ids, "multi_strike_deuces_wild" in ids, "holdem" in ids
    (True, True, False)
    """
    games = []
    for path in sorted(folder.glob("*.cp")):
        if _has_paytable(path.resolve(), path.stat().st_mtime_ns):
            found = _TITLE.search(path.read_text(encoding="utf-8", errors="replace"))
            games.append({"id": path.stem, "title": found[1] if found else path.stem, "file": path.name})
    return games


@lru_cache(maxsize=256)
def _has_paytable(path: Path, stamp: int) -> bool:
    """Whether the game of ``path`` (as of modification time ``stamp``) has a ``paytable``, its
    own or imported.  A file that does not load is kept: choosing it shows its error."""
    try:
        module = load_module(path)
    except CpolyError:
        return True
    return any(isinstance(statement, PaytableDecl) for statement in module.statements)


def paytable_line(name: str, pays: dict[str, str], dealt: dict[str, str]) -> str:
    """One ``paytable`` declaration of the .cp language."""
    return f'paytable "{name}": ' + ", ".join(_entries(pays, dealt))


def _entries(pays: dict[str, str], dealt: dict[str, str]) -> list[str]:
    return [f"{category} {pay}" + (f" dealt {dealt[category]}" if category in dealt else "")
            for category, pay in pays.items()]


def _edited_table(line: int, pays: dict[str, str], dealt: dict[str, str]) -> EditedTable:
    """Where each hand's entry starts in :func:`paytable_line`'s line, which is line ``line``."""
    column, starts = len(f'paytable "{EDITED}": ') + 1, []
    for category, entry in zip(pays, _entries(pays, dealt)):
        starts.append((column, category))
        column += len(entry) + 2
    return EditedTable(line, tuple(starts))


def _checked_pays(value: Any, field: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise FieldError(field, "the pay table must map each hand to its pay")
    pays = {}
    for category, pay in value.items():
        text = str(pay).strip()
        checked_category(category, field)
        if not _PAY.fullmatch(text) or len(text) > MAX_NAME:
            raise FieldError(field, f"the pay of {category} must be a number of coins "
                                    f"(like 6 or 2.5), got {text[:40]!r}")
        pays[category] = text
    return pays


def checked_category(value: Any, field: str) -> str:
    """A hand name as the .cp language spells it (checked before the CLI says whether the game has it).

    >>> checked_category("Flush", "category")
    'Flush'
    >>> checked_category("Flush --json", "category")
    Traceback (most recent call last):
    cpoly.web.games.FieldError: 'Flush --json' is not a hand name of this game
    >>> checked_category("F" * 101, "category")
    Traceback (most recent call last):
    cpoly.web.games.FieldError: a hand name has at most 100 characters, got 101
    """
    if isinstance(value, str) and len(value) > MAX_NAME:
        raise FieldError(field, f"a hand name has at most {MAX_NAME} characters, got {len(value)}")
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise FieldError(field, f"{str(value)[:40]!r} is not a hand name of this game")
    return value


def checked_value(value: Any, field: str, what: str = "a number of coins") -> str:
    """A pay value (or another number: ``what`` it is) in ASCII digits, a decimal or a fraction
    (``6``, ``2.5``, ``5/2``), as text.

    >>> checked_value("11/2", "value"), checked_value(7, "value")
    ('11/2', '7')
    >>> checked_value("١", "value")
    Traceback (most recent call last):
    cpoly.web.games.FieldError: the value must be a number of coins (like 6, 2.5 or 5/2), got '١'
    >>> checked_value("-4", "state", "a multiplier")
    Traceback (most recent call last):
    cpoly.web.games.FieldError: the state must be a multiplier (like 6, 2.5 or 5/2), got '-4'
    """
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else repr(value)
    if not _VALUE.fullmatch(text) or len(text) > MAX_NAME:
        raise FieldError(field, f"the {field} must be {what} (like 6, 2.5 or 5/2), got {text[:40]!r}")
    return text


def _source(body: dict[str, Any], folder: Path) -> tuple[str, str, bool]:
    """The game's file name and text, and whether it was uploaded (else a file of ``folder``).

    >>> _source({"game": "multi_strike_bonus_poker"}, GAMES)[0]
    'multi_strike_bonus_poker.cp'
    """
    source = body.get("source")
    if source is not None:
        if not isinstance(source, str) or len(source.encode()) > MAX_SOURCE_BYTES:
            raise FieldError("game", f"an uploaded game must be a text of at most {MAX_SOURCE_BYTES:,} bytes")
        return _file_name(body.get("filename")), without_comments(source), True
    game = body.get("game")
    ids = {g["id"] for g in list_games(folder)}
    if not isinstance(game, str) or game not in ids:
        raise FieldError("game", f"unknown game {str(game)[:40]!r}; choose one of {', '.join(sorted(ids))} "
                                 "or upload a .cp file")
    return f"{game}.cp", (folder / f"{game}.cp").read_text(encoding="utf-8"), False


def _file_name(given: Any) -> str:
    """The name an upload is written and run as: ``given`` in safe characters, ending ``.cp``.

    >>> _file_name("../my game.cp"), _file_name(None)
    ('_my_game.cp', 'upload.cp')
    >>> _file_name("a" * 101)
    Traceback (most recent call last):
    cpoly.web.games.FieldError: a file name has at most 100 characters, got 101
    """
    text = str(given or "upload.cp")
    if len(text) > MAX_NAME:
        raise FieldError("game", f"a file name has at most {MAX_NAME} characters, got {len(text)}")
    name = _FILENAME.sub("_", text).lstrip(".") or "upload.cp"
    return name if name.endswith(".cp") else name + ".cp"


def game_file(body: dict[str, Any], folder: Path) -> GameFile:
    """The requested game (with an edited pay table if the body has ``pays``), to be written
    and passed to the CLI when its job starts."""
    name, text, uploaded = _source(body, folder)
    paytable = body.get("paytable")
    if paytable is not None and (not isinstance(paytable, str) or len(paytable) > MAX_NAME):
        raise FieldError("paytable", f"the pay table is named by a text of at most {MAX_NAME} characters")
    edited = None
    if body.get("pays") is not None:
        pays = _checked_pays(body["pays"], "pays")
        if not pays:
            raise FieldError("pays", "the edited pay table pays no hand: give at least one hand its pay")
        dealt = _checked_pays(body.get("dealt") or {}, "pays")
        text = text.rstrip("\n") + "\n\n// " + EDITED + "\n"
        edited = _edited_table(text.count("\n") + 1, pays, dealt)
        text += paytable_line(EDITED, pays, dealt) + "\n"
        paytable = EDITED
    env = {IMPORTS_ENV: "library"} if uploaded else {PATH_ENV: str(folder.resolve())}
    return GameFile(name, text, paytable or None, env, edited)
