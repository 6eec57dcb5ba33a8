"""What ``cpoly COMMAND --help`` says besides its options: one table of every subcommand's
examples (and the description of those whose module gives none), applied where the
subcommands are created (:func:`cpoly.cli.main.build_parser`).

Every example is a command line that parses (a test parses each) and runs from a checkout or
an installation's folder of games; the comment after ``#`` says what it shows.  Positional
arguments show in capitals (``FILE``, ``CARDS``), as the README writes them.

>>> print(epilog("eval"))
examples:
  # a royal flush among seven cards
  cpoly eval Ah Kh Qh Jh Th 2c 3d
  # Omaha: four hole cards, then the board
  cpoly eval As Ah Ks Kh 2c 7d 9h --game definitions/omaha.cp
"""

from __future__ import annotations

import argparse
from typing import NamedTuple

__all__ = ["HELP", "CommandHelp", "HelpFormatter", "apply", "epilog", "version"]

_GAME = "definitions/jacks_or_better.cp"


class CommandHelp(NamedTuple):
    """A subcommand's examples (command line, what it shows) and, for a command whose module
    has none, its description."""

    examples: tuple[tuple[str, str], ...]
    description: str | None = None


HELP: dict[str, CommandHelp] = {
    "count": CommandHelp((
        (f"cpoly count {_GAME}", "ways to be dealt each category"),
        (f"cpoly count {_GAME} --symbolic Suits", "counts as polynomials in Suits"),
        ("cpoly count definitions/holdem_flop.cp SetOrBetter --param H1F=5 H1S=0 H2F=5 H2S=1",
         "7h7d flops a set"),
    )),
    "check": CommandHelp((
        (f"cpoly check {_GAME} Ah Kh Qh Jh Th", "RoyalFlush"),
        ("cpoly check definitions/deuces_wild.cp 2c 2d Ah Kh Qh", "wild cards count as any card"),
    ), "The category a dealt hand is paid as: the highest of the game's categories its cards "
       "make, by the game's own definitions (wild cards included)."),
    "hold": CommandHelp((
        (f"cpoly hold {_GAME} Ah Kh Qh 5c 5d --paytable 9/6", "the EV of all 32 holds"),
        (f"cpoly hold {_GAME} Ah Kd Js 4c 7h --mine \"Ah\"", "the cost of your hold"),
    ), "Autohold: the exact expected value of each of the 32 ways to hold a dealt hand, best "
       "first, with the winning draws of each. The first run on a game prepares it (seconds; "
       "two decks longer) and caches the result."),
    "analyze": CommandHelp((
        (f"cpoly analyze {_GAME} --paytable 8/5", "97.2984 %"),
        (f"cpoly analyze {_GAME} --pay RoyalFlush=1760", "another royal, the strategy re-solved"),
        (f"cpoly analyze {_GAME} --plays 1 3 10 100", "multi-play variances"),
    ), "A game's exact return under optimal play: every deal, every hold, the best one chosen, "
       "with the variance and the frequency of each final category."),
    "paytables": CommandHelp((
        (f"cpoly paytables {_GAME}", "each table's pays, category by category"),
    ), "The pay tables a game file defines: their names (for --paytable) and what each pays "
       "for every category."),
    "sweep": CommandHelp((
        (f"cpoly sweep {_GAME} RoyalFlush=800..2000 --paytable 8/5", "break-even royal 1,733.14"),
    )),
    "report": CommandHelp((
        (f"cpoly report {_GAME} --strategy --out par/", "a PAR sheet: HTML and PNG figures"),
    )),
    "design": CommandHelp((
        (f"cpoly design {_GAME} --vary FullHouse=6..9 Flush=5..6 --target 0.95..0.97",
         "the tables of a family within a return"),
    )),
    "equity": CommandHelp((
        ("cpoly equity AcKc AdKd Td4c", "three hands, preflop, exact"),
        ("cpoly equity AsAh KsKh --board \"Kd 7c 2s\"", "on a flop"),
        ("cpoly equity QQ+ AKs --dead 2c", "ranges, card removal exact"),
    )),
    "eval": CommandHelp((
        ("cpoly eval Ah Kh Qh Jh Th 2c 3d", "a royal flush among seven cards"),
        ("cpoly eval As Ah Ks Kh 2c 7d 9h --game definitions/omaha.cp", "Omaha: four hole cards, then the board"),
    )),
    "search": CommandHelp((
        ("cpoly search --ranks 9TJQKA --json", "a small deck, in seconds"),
        ("cpoly search --out results/", "the full deck (about an hour); --resume continues"),
        ("cpoly search --scheduler tcp://10.0.0.5:8786", "on an existing Dask cluster"),
    )),
    "strategy": CommandHelp((
        (f"cpoly strategy {_GAME}", "a chart and its exact return against optimal play"),
        (f"cpoly strategy {_GAME} --lines 15", "the best chart of at most 15 lines"),
    ), "A strategy chart for a video-poker game: hold patterns in order of preference, and the "
       "exact return of playing by the chart, so the cost of each simplification against "
       "optimal play."),
    "train": CommandHelp((
        ("cpoly train definitions/deuces_wild.cp", "random deals, your holds, your mistakes"),
        (f"cpoly train {_GAME} --hands 20 --seed 7", "twenty hands, the same ones every time"),
    ), "Practise a video-poker game: random deals, type the cards you hold, and see the optimal "
       "hold and the exact cost of each mistake; a summary at the end."),
    "serve": CommandHelp((
        ("cpoly serve --open", "the web app in your browser"),
    )),
    "cache": CommandHelp((
        ("cpoly cache", "where the cache is, its entries and size by kind"),
        ("cpoly cache --clear", "remove every entry"),
    )),
}


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, but the examples kept line by line (descriptions still wrapped)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:\n"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def epilog(command: str) -> str:
    """The examples of ``command`` as ``--help`` prints them: what each shows, as a shell
    comment, above the command line (so that both can be pasted into a shell)."""
    return "examples:\n" + "\n".join(f"  # {what}\n  {line}" for line, what in HELP[command].examples)


def apply(parser: argparse.ArgumentParser, command: str) -> None:
    """Give ``parser`` (of subcommand ``command``) its examples, its description when the table
    has one (ValueError when its module gave one too) and capital names for its positional
    arguments."""
    entry = HELP[command]
    if entry.description is not None:
        if parser.description:
            raise ValueError(f"{command}: a description in its module and in cpoly.cli.helptexts")
        parser.description = entry.description
    parser.epilog = epilog(command)
    parser.formatter_class = HelpFormatter
    for action in parser._actions:
        if not action.option_strings and action.metavar is None:
            action.metavar = action.dest.upper()


def version() -> str:
    """cpoly's version, from the installed package's metadata (``unknown`` when cpoly runs
    from a folder that was never installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("cpoly")
    except PackageNotFoundError:
        return "unknown"
