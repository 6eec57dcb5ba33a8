"""Entry point of the ``cpoly`` command.

Each command module exposes ``register(subparsers)``, which adds its subcommands and sets
``func`` on them; ``func(args)`` returns the exit code.  Every :class:`CpolyError` becomes a
one-paragraph message on stderr and exit code 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from cpoly.errors import CpolyError

COMMAND_MODULES = {
    "cpoly.cli.counting": ("count", "check"),
    "cpoly.cli.videopoker": ("hold", "analyze", "paytables"),
    "cpoly.cli.holdem": ("equity", "eval"),
}


class _Parser(argparse.ArgumentParser):
    """argparse that exits with code 2 and a one-line message on bad usage (its default)."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered, or only the module
    of ``command`` when that is a known command (so ``cpoly hold`` does not import the
    counting or Hold'em modules)."""
    parser = _Parser(prog="cpoly", description="Exact counting for card games.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    owners = [name for name, commands in COMMAND_MODULES.items() if command in commands]
    for name in owners or COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(arguments[0] if arguments else None).parse_args(arguments)
    try:
        code: int = args.func(args)
    except CpolyError as error:
        print(error.render(), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
