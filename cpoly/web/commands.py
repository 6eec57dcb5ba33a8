"""API requests as CLI command lines: one builder per command, all ending in ``--json``.

User text goes after ``--`` (or glued to its option as ``--board=...``), so no input can be
read as an option.  Each builder also names the page's fields, so an error message can be shown
beside the field it is about (:func:`field_of`).

>>> field_of({"message": "bad card '7x': suit 'x' is not one of hdcs"},
...          {"hands": "AsAh KsKh", "board": "Kd 7x 2s"}, "hands")
'board'
>>> field_of({"message": "g.cp: unknown", "file": "g.cp", "line": 1}, {"cards": ""}, "cards")
'game'
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cpoly.web.games import FieldError, GameFile, checked_category, checked_value, game_file

__all__ = ["BUILDERS", "Command", "MAX_DEPTH", "MAX_LEVEL", "MAX_LINES", "MAX_PLAYS", "MAX_STATE_LINES",
           "MAX_TEXT", "REPORTS", "STATE_OPTIONS", "analyze", "check_shape", "check_strings", "deck",
           "equity", "evaluate", "field_of", "hold", "paytables", "report", "strategy", "sweep"]

_QUOTED = re.compile(r"'([^']+)'")
_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_TEXT = 2000
MAX_DEPTH = 8
MAX_PLAYS = 12
MAX_LINES = 10_000
#: The highest Multi-Strike level and the most Ultimate X lines a feature state may name.
MAX_LEVEL = 100
MAX_STATE_LINES = 100
#: The option of a feature state and the page field it is (the CLI's message starts with the option).
STATE_OPTIONS = {"--level": "state", "--multipliers": "state"}
#: Where a report is written, relative to its job's folder (``CACHE/KEY/game``): ``CACHE/KEY/reports/TABLE``.
REPORTS = "reports"


@dataclass(frozen=True)
class Command:
    """A CLI run: its arguments, the module to run, the fields of the page it came from,
    environment variables to set, and the game file it runs on, if any, written in the game's
    folder when the job starts (:class:`~cpoly.web.games.GameFile`)."""

    args: list[str]
    fields: dict[str, str] = field(default_factory=dict)
    default_field: str = "game"
    module: str = "cpoly"
    env: dict[str, str] = field(default_factory=dict)
    game: GameFile | None = None
    link: str | None = None
    options: dict[str, str] = field(default_factory=dict)


def check_strings(body: dict[str, Any]) -> None:
    r"""Refuse a request whose texts (anywhere in a field's value, keys included) hold a NUL
    character or an unpaired UTF-16 surrogate (JSON's ``"\ud800"``): neither can be passed to
    the CLI or written to a file, so the field is named before anything runs.

    >>> check_strings({"cards": "Ah Kh", "pays": {"Flush": "6"}, "lines": 3})
    >>> check_strings({"pays": {"Flush": "6\x00"}})
    Traceback (most recent call last):
    cpoly.web.games.FieldError: pays holds a NUL character (U+0000), which no field may hold
    >>> check_strings({"hands": ["As", "\ud800"]})
    Traceback (most recent call last):
    cpoly.web.games.FieldError: hands holds an unpaired surrogate (U+D800), which is not a character
    """
    for name, value in body.items():
        for text in [name, *_strings_in(value)]:
            shown = name[:40] if _field_name(name) != "request" else "a field name"
            if "\0" in text:
                raise FieldError(_field_name(name), f"{shown} holds a NUL character (U+0000), "
                                                    "which no field may hold")
            bad = _SURROGATE.search(text)
            if bad:
                raise FieldError(_field_name(name), f"{shown} holds an unpaired surrogate "
                                                    f"(U+{ord(bad[0]):04X}), which is not a character")


def check_shape(body: dict[str, Any]) -> None:
    """Refuse a request whose values nest lists or objects more than :data:`MAX_DEPTH` deep
    (no field needs more than two), before anything walks them.

    >>> check_shape({"pays": {"Flush": "6"}, "hands": ["AA"]})
    >>> check_shape({"pays": [[[[[[[[[[]]]]]]]]]]})
    Traceback (most recent call last):
    cpoly.web.games.FieldError: pays nests lists or objects more than 8 deep
    """
    for name, value in body.items():
        stack = [(value, 1)]
        while stack:
            item, depth = stack.pop()
            if isinstance(item, (dict, list)):
                if depth > MAX_DEPTH:
                    raise FieldError(_field_name(name), f"{name[:40]} nests lists or objects more than "
                                                        f"{MAX_DEPTH} deep")
                stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))


def _field_name(name: str) -> str:
    """The page's field for a body key (an upload is the Game field; a bad key is the request's)."""
    if not (name.isidentifier() and name.isascii()):
        return "request"
    return {"source": "game", "filename": "game", "dealt": "pays", "level": "state", "multipliers": "state"}.get(name, name)


def _strings_in(value: Any) -> list[str]:
    """Every string of a JSON value (dictionary keys too), without recursion."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _text(body: dict[str, Any], name: str, required: bool = False) -> str:
    value = body.get(name, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise FieldError(name, f"{name} must be a text of at most {MAX_TEXT} characters")
    if required and not value.strip():
        raise FieldError(name, f"enter the {name}")
    return value.strip()


def _count(body: dict[str, Any], name: str, what: str) -> int | None:
    """A positive whole number (``true`` is not one, though Python's bool is an int), or None.

    >>> _count({"lines": True}, "lines", "the number of chart lines")
    Traceback (most recent call last):
    cpoly.web.games.FieldError: the number of chart lines must be a positive whole number, got true
    """
    value = body.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise FieldError(name, f"{what} must be a positive whole number, got {json.dumps(value)[:40]}")
    return value


def _game_command(command: str, body: dict[str, Any], folder: Path,
                  options: Sequence[str] = (), extra: Sequence[str] = (), default_field: str = "game",
                  fields: Mapping[str, str] | None = None) -> Command:
    """``cpoly COMMAND [--paytable=…] OPTIONS --json -- GAME EXTRA`` on the requested game."""
    game = game_file(body, folder)
    paytable = [f"--paytable={game.paytable}"] if game.paytable else []
    return Command([command, *paytable, *options, "--json", "--", game.path, *extra],
                   {**(fields or {}), "game": game.path, "paytable": game.paytable or ""},
                   default_field, env=game.env, game=game)


def hold(body: dict[str, Any], folder: Path) -> Command:
    """``cpoly hold GAME CARDS``, in a feature game's state (``level`` or ``multipliers``:
    :func:`_state`) or pricing the player's hold (``mine``: ``--mine``, with its words)."""
    cards, mine = _text(body, "cards", required=True), _text(body, "mine")
    options = [*_state(body), *([f"--mine={mine}"] if mine else [])]
    command = _game_command("hold", body, folder, options, extra=cards.split(), default_field="cards",
                            fields={"cards": cards, "mine": mine})
    return replace(command, options=STATE_OPTIONS)


def _state(body: dict[str, Any]) -> list[str]:
    """The options of a feature game's state: ``level`` (a whole number, 1 to :data:`MAX_LEVEL`)
    or ``multipliers`` (a list of 1 to :data:`MAX_STATE_LINES` numbers, one per line); the CLI
    says whether the game can be in that state.

    >>> _state({"level": 3}), _state({"multipliers": [4, "1", "5/2"]})
    (['--level=3'], ['--multipliers=4', '--multipliers=1', '--multipliers=5/2'])
    >>> _state({"multipliers": ["4 --json"]})
    Traceback (most recent call last):
    cpoly.web.games.FieldError: the state must be a multiplier (like 6, 2.5 or 5/2), got '4 --json'
    >>> _state({"level": "3"})
    Traceback (most recent call last):
    cpoly.web.games.FieldError: the level must be a whole number from 1 to 100, got "3"
    """
    level, multipliers = body.get("level"), body.get("multipliers")
    if level is not None and multipliers is not None:
        raise FieldError("state", "give a level or multipliers, not both")
    if level is not None:
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= MAX_LEVEL:
            raise FieldError("state", f"the level must be a whole number from 1 to {MAX_LEVEL}, "
                                      f"got {json.dumps(level)[:40]}")
        return [f"--level={level}"]
    if multipliers is None:
        return []
    if not isinstance(multipliers, list) or not 0 < len(multipliers) <= MAX_STATE_LINES:
        raise FieldError("state", f"the multipliers must be a list of 1 to {MAX_STATE_LINES} numbers, one per line")
    return [f"--multipliers={checked_value(value, 'state', 'a multiplier')}" for value in multipliers]


def _plays(body: dict[str, Any]) -> list[str]:
    """The multi-play line counts of ``plays`` (at most :data:`MAX_PLAYS` counts, each 1 to :data:`MAX_LINES`).

    >>> _plays({"plays": [1, 3, 100]})
    ['--plays', '1', '3', '100']
    >>> _plays({"plays": [0]})
    Traceback (most recent call last):
    cpoly.web.games.FieldError: plays must be a list of at most 12 whole numbers of lines, 1 to 10000
    """
    value = body.get("plays")
    if value is None:
        return []
    if (not isinstance(value, list) or not 0 < len(value) <= MAX_PLAYS
            or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_LINES for n in value)):
        raise FieldError("plays", f"plays must be a list of at most {MAX_PLAYS} whole numbers of lines, 1 to {MAX_LINES}")
    return ["--plays", *map(str, value)]


def _one_pay(body: dict[str, Any]) -> list[str]:
    """``--pay=CATEGORY=VALUE`` for the body's ``pay`` (``{"category", "value"}``), or nothing."""
    pay = body.get("pay")
    if pay is None:
        return []
    if not isinstance(pay, dict):
        raise FieldError("pay", "pay must be an object with a category and a value")
    return [f"--pay={checked_category(pay.get('category'), 'pay')}={checked_value(pay.get('value'), 'value')}"]


def analyze(body: dict[str, Any], folder: Path) -> Command:
    return _game_command("analyze", body, folder, [*_one_pay(body), *_plays(body)])


def sweep(body: dict[str, Any], folder: Path) -> Command:
    """``cpoly sweep GAME CATEGORY=LOW..HIGH``: the return over a range of one pay, its break-even."""
    category = checked_category(body.get("category"), "category")
    low, high = checked_value(body.get("low", "0"), "low"), checked_value(body.get("high"), "high")
    points = _count(body, "points", "the number of points") or 2
    return _game_command("sweep", body, folder, [f"--points={min(points, 101)}"],
                         extra=[f"{category}={low}..{high}"], default_field="category",
                         fields={"category": category, "low": low, "high": high})


def report(body: dict[str, Any], folder: Path) -> Command:
    """``cpoly report GAME --out CACHE/KEY/reports/TABLE``: the PAR report of the game and table,
    its page served at :attr:`Command.link` (``/reports/KEY/TABLE/index.html``)."""
    command = _game_command("report", body, folder)
    assert command.game is not None
    table = hashlib.sha256((command.game.paytable or "").encode()).hexdigest()[:16]
    out = f"--out=../{REPORTS}/{table}"
    args = [*command.args[:1], out, *command.args[1:]]
    return Command(args, command.fields, command.default_field, env=command.env, game=command.game,
                   link=f"/{REPORTS}/{command.game.key()}/{table}/index.html")


def strategy(body: dict[str, Any], folder: Path) -> Command:
    lines = _count(body, "lines", "the number of chart lines")
    return _game_command("strategy", body, folder, [f"--lines={lines}"] if lines else [])


def paytables(body: dict[str, Any], folder: Path) -> Command:
    return _game_command("paytables", {**body, "pays": None, "paytable": None}, folder)


def deck(body: dict[str, Any], folder: Path) -> Command:
    game = game_file({**body, "pays": None}, folder)
    return Command([game.path], {"game": game.path}, "game", module="cpoly.web.cardpicker", env=game.env, game=game)


def equity(body: dict[str, Any], folder: Path) -> Command:
    hands, board, dead = (_text(body, "hands", required=True), _text(body, "board"), _text(body, "dead"))
    options = [f"--board={board}"] if board else []
    options += [f"--dead={dead}"] if dead else []
    samples = _count(body, "samples", "the number of samples")
    options += [f"--samples={samples}"] if samples else []
    return Command(["equity", *options, "--json", "--", *hands.split()],
                   {"hands": hands, "board": board, "dead": dead}, "hands")


def evaluate(body: dict[str, Any], folder: Path) -> Command:
    cards = _text(body, "cards", required=True)
    return Command(["eval", "--json", "--", *cards.split()], {"cards": cards}, "cards")


BUILDERS: dict[str, Callable[[dict[str, Any], Path], Command]] = {
    "hold": hold, "analyze": analyze, "strategy": strategy, "paytables": paytables,
    "sweep": sweep, "report": report,
    "deck": deck, "equity": equity, "eval": evaluate,
}


def field_of(error: dict[str, Any], fields: dict[str, str], default: str,
             options: Mapping[str, str] | None = None) -> str:
    """The page field an error is about: the game for a located .cp error, else the field of
    the option the message starts with (``options``: ``--level 9: this game has no level 9``),
    else the first field whose text holds a quoted part of the message (``bad card '7x'``), else
    ``default`` (an error that names its field already keeps it).

    >>> field_of({"message": "--level 9: no level 9"}, {"cards": "Ah"}, "cards", {"--level": "state"})
    'state'
    """
    if isinstance(error.get("field"), str):
        return str(error["field"])
    if error.get("file") or error.get("line"):
        return "game"
    message = str(error.get("message", ""))
    for option, name in (options or {}).items():
        if message.startswith(option):
            return name
    for token in _QUOTED.findall(message):
        for name, text in fields.items():
            if name != "game" and token.lower() in text.lower():
                return name
    return default
