"""``--set NAME=VALUE`` on every command that loads a game (declared once, cpoly/cli/main.py;
given to the loader through cpoly/store/gameset.py): each command with ``--set Suits=3`` on
Jacks or Better prints what it prints for the same file edited to ``override Suits = 3``, after
the unedited game was loaded and kept warm, so no cache of the game as written answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpoly.cli.main import build_parser, main
from tests.conftest import DEFINITIONS

JACKS = DEFINITIONS / "jacks_or_better.cp"
COMMANDS = [
    ["count"],
    ["check", "Ah", "Kh", "Qh", "Jh", "Ts"],  # no spades in three suits: the same error
    ["hold", "Ah", "Kh", "Qh", "Jh", "2c"],
    ["analyze"],
    ["strategy", "--lines", "5"],
    ["sweep", "Flush=5..6"],
]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The game as shipped and the same text with 'override Suits = 3' after its import."""
    folder = tmp_path_factory.mktemp("games")
    plain, edited = folder / "jacks.cp", folder / "jacks3.cp"
    text = JACKS.read_text(encoding="utf-8")
    plain.write_text(text, encoding="utf-8")
    edited.write_text(text.replace('import "poker.cp"\n', 'import "poker.cp"\noverride Suits = 3\n'),
                      encoding="utf-8")
    return str(plain), str(edited)


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> object:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _without_paths(value: object, paths: tuple[str, ...]) -> object:
    """``value`` with every text naming one of ``paths`` blanked (the two files' names differ)."""
    if isinstance(value, dict):
        return {key: _without_paths(item, paths) for key, item in value.items()}
    if isinstance(value, list):
        return [_without_paths(item, paths) for item in value]
    if isinstance(value, str) and any(Path(p).name in value for p in paths):
        return "<path>"
    return value


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_set_is_the_edited_file(command, games, capsys):
    plain, edited = games
    name, *rest = command
    warm = _json([name, plain, *rest], capsys)  # the game as written, kept in the cache
    given = _json([name, plain, *rest, "--set", "Suits=3"], capsys)
    assert given != warm
    assert _without_paths(given, games) == _without_paths(_json([name, edited, *rest], capsys), games)


def test_every_command_that_names_a_game_takes_set():
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(getattr(a, "choices", None), dict)).choices
    with_set = {name for name, sub in commands.items() if any(a.dest == "overrides" for a in sub._actions)}
    assert {"count", "check", "hold", "analyze", "paytables", "strategy", "train", "report", "sweep",
            "design", "equity", "eval"} <= with_set
    assert "cache" not in with_set


@pytest.mark.parametrize("command", ["paytables", "report", "train", "design", "equity", "eval"])
def test_the_loader_gets_the_constants(command, capsys):
    """Commands whose output no constant changes here (or that take long) still hand ``--set``
    to the loader: a name the game does not have is the loader's error."""
    game = {"equity": ["--game", str(DEFINITIONS / "holdem.cp"), "AsAh", "KsKh"],
            "eval": ["--game", str(DEFINITIONS / "holdem.cp"), "As", "Ah"],
            "design": [str(JACKS), "--vary", "Flush=5..6", "--target", "0.95..1"]}.get(command, [str(JACKS)])
    assert main([command, *game, "--set", "Nope=1", "--json"]) == 2
    assert "--set Nope: no constant named 'Nope'" in capsys.readouterr().out


def test_a_set_of_values_cannot_be_set(tmp_path, capsys):
    game = tmp_path / "five_wilds.cp"
    game.write_text((DEFINITIONS / "deuces_and_joker_wild.cp").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["paytables", str(game), "--set", "Wild=3"]) == 2
    assert "--set Wild: 'Wild' is a set of values {…}, not a number" in capsys.readouterr().err
