"""Entry point of the ``cpoly`` command.

Each command module exposes ``register(subparsers)``, which adds its subcommands and sets
``func`` on them; ``func(args)`` returns the exit code.  Every exit is handled here, once, for
every command:

* a :class:`CpolyError` (and a usage mistake) is one paragraph on stderr and exit code 2; with
  ``--json`` it is ``{"error": {"message", "file", "line", "column"}}`` on stdout instead;
* running out of memory, or an operating-system failure (a full disk, a closed pipe), is one line
  and exit code 2; Ctrl-C is one line and exit code 130;
* any other exception is a bug: one line and exit code 70.

Every command that names a game file takes ``--set NAME=VALUE`` (added here: the game's
constants given other values, for every game the command loads, :mod:`cpoly.store.gameset`).
Every command takes ``--no-cache`` (added here): it neither reads nor writes the cache
directory, nor do the processes it starts (:func:`cpoly.store.sources.cache_disabled`).  A
command that added to the cache directory brings it back under its cap as it ends
(:func:`cpoly.store.cachecap.kept_capped`).  The
game file a command names (``FILE``, ``--game FILE``) is looked at before any work: an empty
name, a folder, a device, a named pipe, a link loop or a file above the size cap
(:mod:`cpoly.store.inputfile`) is an error, never read.  The options of ``count``, ``check`` and
``hold`` may come before, between or after their positional arguments (``cpoly count FILE
--json NAME``).

``cpoly --version`` prints the installed version (``{"version": …}`` with ``--json``).  Every
subcommand's ``--help`` ends with examples (:mod:`cpoly.cli.helptexts`, one table for all).

No traceback reaches the user unless ``CPOLY_DEBUG=1`` is set.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import importlib
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from cpoly.cli import helptexts
from cpoly.cli.output import echo, print_error, print_json
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.store.cachecap import kept_capped
from cpoly.store.gameset import game_overrides, parse_overrides
from cpoly.store.inputfile import refusal
from cpoly.store.sources import cache_disabled

__all__ = ["COMMAND_MODULES", "EXIT_BUG", "EXIT_ERROR", "EXIT_INTERRUPTED", "INTERMIXED", "OUT_OF_MEMORY",
           "VersionRequested", "build_parser", "check_game_files", "main"]

COMMAND_MODULES = {  # module -> the commands it registers
    "cpoly.cli.countcheck": ("count", "check"),
    "cpoly.cli.videopoker": ("hold", "analyze", "paytables"),
    "cpoly.cli.paysweep": ("sweep",),
    "cpoly.cli.parreport": ("report",),
    "cpoly.cli.paydesign": ("design",),
    "cpoly.cli.holdem": ("equity", "eval"),
    "cpoly.cli.handsearch": ("search",),
    "cpoly.cli.strategy": ("strategy", "train"),
    "cpoly.cli.serve": ("serve",),
    "cpoly.cli.cacheinfo": ("cache",),
}
EXIT_ERROR = 2
EXIT_BUG = 70  # EX_SOFTWARE: an internal error, worth a report
EXIT_INTERRUPTED = 130
OUT_OF_MEMORY = CpolyError("out of memory: this request is too large for this machine "
                           "(try a smaller deck or fewer definitions)")
#: How a shared library that no longer fits in the address space fails to load.
_MAPPING_FAILED = re.compile(r"failed to map segment|cannot allocate memory", re.IGNORECASE)


class VersionRequested(Exception):
    """``--version`` was given: :func:`main` prints the version (as JSON with ``--json``)."""


class _Version(argparse.Action):
    """``--version``: stop parsing, whatever follows (``cpoly --version --json``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **_: Any) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0,
                         help="print cpoly's version and exit (as JSON with --json)")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> NoReturn:
        raise VersionRequested


class _Parser(argparse.ArgumentParser):
    """argparse whose usage mistakes are CpolyErrors, so that they are reported like every
    other error (and as JSON with ``--json``)."""

    def error(self, message: str) -> NoReturn:
        raise CpolyInputError(f"{_with_close_choice(message)} (see '{self.prog} --help')")


_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)$")


def _with_close_choice(message: str) -> str:
    """argparse's ``invalid choice`` message with the choice meant when one is close.

    >>> _with_close_choice("argument COMMAND: invalid choice: 'analyse' (choose from 'count', 'analyze')")
    "argument COMMAND: invalid choice: 'analyse' (choose from 'count', 'analyze'); did you mean 'analyze'?"
    >>> _with_close_choice("argument COMMAND: invalid choice: 'zzz' (choose from 'count', 'analyze')")
    "argument COMMAND: invalid choice: 'zzz' (choose from 'count', 'analyze')"
    """
    match = _INVALID_CHOICE.search(message)
    close = difflib.get_close_matches(match[1], re.findall(r"'([^']*)'", match[2]), n=1) if match else []
    return f"{message}; did you mean '{close[0]}'?" if close else message


#: Commands whose options may follow their positional arguments (``cpoly count FILE --json
#: NAME``): their positionals are a file and a plain list.  Not ``equity``, whose hands keep their
#: place among ``--board`` and ``--dead`` by being read in command-line order.
INTERMIXED = frozenset({"count", "check", "hold"})


class _CommandParser(_Parser):
    """A command's parser; for :data:`INTERMIXED` commands, options and positional arguments in
    any order (argparse's intermixed parsing).  Arguments with ``--`` are parsed as before:
    everything after it is positional (the web server passes cards so), which Python 3.11's
    intermixed parsing gets wrong."""

    intermixed = False
    _intermixing = False

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        if not self.intermixed or self._intermixing or args is None or "--" in args:
            return super().parse_known_args(args, namespace)  # (or the intermixed parse's own passes)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered, or only the module
    of ``command`` when that is a known command (so ``cpoly hold`` does not import the
    counting or Hold'em modules)."""
    parser = _Parser(prog="cpoly", description="Exact counting for card games.",
                     epilog="'cpoly COMMAND --help' describes a command, with examples.")
    parser.add_argument("--version", action=_Version)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                       parser_class=_CommandParser)
    owners = [name for name, commands in COMMAND_MODULES.items() if command in commands]
    for name in owners or COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            continue
        module.register(subparsers)
    for name, command_parser in subparsers.choices.items():
        helptexts.apply(command_parser, name)
        command_parser.intermixed = name in INTERMIXED
        command_parser.add_argument("--no-cache", action="store_true",
                                    help="neither read nor write the cache directory "
                                         "(~/.cache/cpoly or $CPOLY_CACHE_DIR; 'cpoly cache' shows it)")
        if _names_a_game(command_parser):
            command_parser.add_argument("--set", nargs="+", action="extend", default=[], metavar="NAME=VALUE",
                                        dest="overrides", help="give constants of the game other values, "
                                                               "e.g. --set Suits=3")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    wants_json = "--json" in arguments
    # Exact results can run past the interpreter's 4,300-digit guard (the long-run variance of
    # 10-play Ultimate X did).  The guard is against parsing hostile input in quadratic time;
    # every file cpoly reads is capped (1 MiB, store.inputfile), so a number in one parses in
    # seconds at most.
    sys.set_int_max_str_digits(0)
    try:
        args = _parsed(build_parser(arguments[0] if arguments else None), arguments)
        check_game_files(args)
        given = parse_overrides(getattr(args, "overrides", []))
        with cache_disabled(getattr(args, "no_cache", False)), kept_capped(), game_overrides(given):
            code: int = args.func(args)
        sys.stdout.flush()
        return code
    except VersionRequested:
        print_json({"version": helptexts.version()}) if wants_json else echo(f"cpoly {helptexts.version()}")
        return 0
    except CpolyError as error:
        return _report(error, wants_json)
    except KeyboardInterrupt:
        _debug()
        echo("cpoly: interrupted", error=True)
        return EXIT_INTERRUPTED
    except MemoryError:
        _debug()
        return _report(OUT_OF_MEMORY, wants_json)
    except ImportError as error:  # a library that cannot be mapped: the address space is full
        _debug()
        if not _MAPPING_FAILED.search(str(error)):
            return _bug(error)
        return _report(OUT_OF_MEMORY, wants_json)
    except OSError as error:
        _debug()
        if error.errno in _OUTPUT_LOST:  # stdout may be what failed: its final flush must not speak again
            _quiet_stdout()
        if isinstance(error, BrokenPipeError):
            return 0
        what = error.strerror or str(error)
        where = f" ({error.filename})" if getattr(error, "filename", None) else ""
        echo(f"error: {what}{where}", error=True)
        return EXIT_ERROR
    except Exception as error:  # a bug: one line, the traceback only when debugging
        _debug()
        return _bug(error)


def _parsed(parser: argparse.ArgumentParser, arguments: list[str]) -> argparse.Namespace:
    """The command line parsed; words no option takes are a usage mistake of the command, which
    names the option meant when one is close (``--paytabel``: ``--paytable``)."""
    args, extra = parser.parse_known_args(arguments)
    if extra:
        command = next(action for action in parser._actions
                       if isinstance(action, argparse._SubParsersAction)).choices[args.command]
        command.error(f"unrecognized arguments: {' '.join(extra)}{_close_options(extra, command)}")
    return args


def _close_options(words: list[str], parser: argparse.ArgumentParser) -> str:
    """``; did you mean --x?`` for each word that looks like an option close to one of ``parser``'s."""
    options = {option.lstrip("-"): option for action in parser._actions for option in action.option_strings}
    close = [options[match] for word in words if word.startswith("-")  # the dashes alike in all
             for match in difflib.get_close_matches(word.split("=")[0].lstrip("-"), list(options), n=1)]
    return "".join(f"; did you mean {option}?" for option in close)


def _names_a_game(parser: argparse.ArgumentParser) -> bool:
    """Whether the command loads a game file (a ``file`` argument or ``--game FILE``): it takes
    ``--set NAME=VALUE`` (:mod:`cpoly.store.gameset`)."""
    return any(action.dest in ("file", "game") for action in parser._actions)


def check_game_files(args: argparse.Namespace) -> None:
    """Refuse, before any work, a game file (``FILE``, ``--game FILE``) that cpoly does not read:
    an empty name, a folder, a device, a named pipe, a socket, a link loop, a file above the cap
    (:func:`cpoly.store.inputfile.refusal`; a missing file is left to the loader's message).

    >>> check_game_files(argparse.Namespace(file="/dev/zero"))
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: cannot read /dev/zero: it is a character device, not a regular file
    >>> check_game_files(argparse.Namespace(file=""))
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: the game file's name is empty ('')
    """
    named: list[Any] = [getattr(args, "file", None), getattr(args, "game", None)]
    for value in named:
        if value == "":
            raise CpolyInputError("the game file's name is empty ('')")
        why = refusal(Path(value)) if isinstance(value, str) else None
        if why is not None:
            raise CpolyInputError(f"cannot read {value}: {why}")


def _bug(error: Exception) -> int:
    """Report an internal error in one line (the first line of its message); exit code 70."""
    first = next((line.strip() for line in str(error).splitlines() if line.strip()), "")
    echo(f"error: internal error ({type(error).__name__}: {first}); please report it "
          "(CPOLY_DEBUG=1 shows the traceback)", error=True)
    return EXIT_BUG


def _debug() -> None:
    """Re-raise the exception being handled when CPOLY_DEBUG=1 (a traceback for developers)."""
    if os.environ.get("CPOLY_DEBUG") == "1":
        raise


def _report(error: CpolyError, wants_json: bool) -> int:
    _debug()
    if wants_json:
        span = error.span
        payload = {"error": {"message": error.message, "file": span.path if span else None,
                             "line": span.line if span else None,
                             "column": span.column if span else None}}
        try:
            json.dump(payload, sys.stdout, indent=2)
            sys.stdout.write("\n")
            sys.stdout.flush()
        except OSError:
            _quiet_stdout()
    else:
        print_error(error)
    return EXIT_ERROR


#: The errors after which what stdout holds may not be written (a closed pipe, a full disk).
_OUTPUT_LOST = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EIO}


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's final flush of what could not be
    written (a full disk, a closed pipe) does not print a second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
