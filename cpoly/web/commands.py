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

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cpoly.web.games import FieldError, game_file

_QUOTED = re.compile(r"'([^']+)'")
MAX_TEXT = 2000


@dataclass(frozen=True)
class Command:
    """A CLI run: its arguments, the module to run, and the fields of the page it came from."""

    args: list[str]
    fields: dict[str, str] = field(default_factory=dict)
    default_field: str = "game"
    module: str = "cpoly"


def _text(body: dict[str, Any], name: str, required: bool = False) -> str:
    value = body.get(name, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise FieldError(name, f"{name} must be a text of at most {MAX_TEXT} characters")
    if required and not value.strip():
        raise FieldError(name, f"enter the {name}")
    return value.strip()


def _game_args(command: str, body: dict[str, Any], folder: Path, workdir: Path) -> tuple[list[str], dict[str, str]]:
    game = game_file(body, folder, workdir)
    options = [f"--paytable={game.paytable}"] if game.paytable else []
    return [command, *options, "--json"], {"game": game.path, "paytable": game.paytable or ""}


def hold(body: dict[str, Any], folder: Path, workdir: Path) -> Command:
    cards = _text(body, "cards", required=True)
    args, fields = _game_args("hold", body, folder, workdir)
    return Command([*args, "--", fields["game"], *cards.split()], {"cards": cards, **fields}, "cards")


def analyze(body: dict[str, Any], folder: Path, workdir: Path) -> Command:
    args, fields = _game_args("analyze", body, folder, workdir)
    return Command([*args, "--", fields["game"]], fields, "game")


def strategy(body: dict[str, Any], folder: Path, workdir: Path) -> Command:
    args, fields = _game_args("strategy", body, folder, workdir)
    lines = body.get("lines")
    if lines is not None and (not isinstance(lines, int) or lines < 1):
        raise FieldError("lines", "the number of chart lines must be a positive whole number")
    extra = [f"--lines={lines}"] if lines is not None else []
    return Command([*args, *extra, "--", fields["game"]], fields, "game")


def paytables(body: dict[str, Any], folder: Path, workdir: Path) -> Command:
    game = game_file({**body, "pays": None}, folder, workdir)
    return Command(["paytables", "--json", "--", game.path], {"game": game.path}, "game")


def deck(body: dict[str, Any], folder: Path, workdir: Path) -> Command:
    game = game_file({**body, "pays": None}, folder, workdir)
    return Command([game.path], {"game": game.path}, "game", module="cpoly.web.deck")


def equity(body: dict[str, Any], folder: Path, workdir: Path) -> Command:
    hands, board, dead = (_text(body, "hands", required=True), _text(body, "board"), _text(body, "dead"))
    options = [f"--board={board}"] if board else []
    options += [f"--dead={dead}"] if dead else []
    samples = body.get("samples")
    if samples is not None:
        if not isinstance(samples, int) or samples < 1:
            raise FieldError("samples", "the number of samples must be a positive whole number")
        options.append(f"--samples={samples}")
    return Command(["equity", *options, "--json", "--", *hands.split()],
                   {"hands": hands, "board": board, "dead": dead}, "hands")


def evaluate(body: dict[str, Any], folder: Path, workdir: Path) -> Command:
    cards = _text(body, "cards", required=True)
    return Command(["eval", "--json", "--", *cards.split()], {"cards": cards}, "cards")


BUILDERS: dict[str, Callable[[dict[str, Any], Path, Path], Command]] = {
    "hold": hold, "analyze": analyze, "strategy": strategy, "paytables": paytables,
    "deck": deck, "equity": equity, "eval": evaluate,
}


def field_of(error: dict[str, Any], fields: dict[str, str], default: str) -> str:
    """The page field an error is about: the game for a located .cp error, else the first field
    whose text holds a quoted part of the message (``bad card '7x'``), else ``default``."""
    if error.get("file") or error.get("line"):
        return "game"
    for token in _QUOTED.findall(str(error.get("message", ""))):
        for name, text in fields.items():
            if name != "game" and token.lower() in text.lower():
                return name
    return default
