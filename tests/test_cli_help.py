"""Issue 34, item 6: ``cpoly --version``, and every subcommand's ``--help`` with a description, its
positional arguments explained and examples that parse."""

from __future__ import annotations

import argparse
import json
import re
import shlex
from importlib.metadata import version
from pathlib import Path

import pytest

from cpoly.cli import helptexts
from cpoly.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


COMMANDS = _commands()


def test_every_command_has_an_entry_and_every_entry_a_command() -> None:
    assert set(COMMANDS) == set(helptexts.HELP)
    assert {"count", "hold", "equity", "search", "cache"} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_description_positionals_explained_and_examples(name: str) -> None:
    parser = COMMANDS[name]
    assert parser.description and len(parser.description) > 40
    for action in parser._actions:
        if not action.option_strings:
            assert action.help, f"{name}: positional {action.dest} has no help"
            assert str(action.metavar).isupper(), f"{name}: positional {action.dest} not in capitals"
    text = parser.format_help()
    assert "\nexamples:\n" in text
    for line, _ in helptexts.HELP[name].examples:
        assert f"  {line}\n" in text


@pytest.mark.parametrize("line", [line for entry in helptexts.HELP.values() for line, _ in entry.examples])
def test_every_example_parses_and_names_files_that_exist(line: str) -> None:
    words = shlex.split(line)
    assert words[0] == "cpoly"
    args = build_parser(words[1]).parse_args(words[1:])
    assert args.command == words[1]
    for value in (getattr(args, "file", None), getattr(args, "game", None)):
        if value is not None:
            assert (ROOT / value).is_file(), value


def test_a_description_in_two_places_is_refused() -> None:
    parser = argparse.ArgumentParser(description="the module's own")
    with pytest.raises(ValueError, match="in its module and in cpoly.cli.helptexts"):
        helptexts.apply(parser, "hold")


def test_help_ends_with_the_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["hold", "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("--mine \"Ah\"")
    assert "\n  FILE " in out and "\n  CARDS " in out


def test_version_is_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    declared = re.search(r'^version = "(.+)"$', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)[1]
    assert version("cpoly") == declared
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"cpoly {declared}\n"
    for argv in (["--version", "--json"], ["--json", "--version"]):
        assert main(argv) == 0
        assert json.loads(capsys.readouterr().out) == {"version": declared}
