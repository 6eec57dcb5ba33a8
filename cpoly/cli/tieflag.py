"""The options the video-poker commands share: ``--tie-rule``, the state of a feature game
(``--level``, ``--multipliers``: ``hold`` and ``strategy``; read by :mod:`~cpoly.cli.statehold`), and what ``analyze`` (and
``report``) analyse (``--pay``, ``--play-as``, ``--plays``; parsed and checked by
:mod:`~cpoly.cli.analyze_options`).  The tie rule in effect (the flag's, else the game's
``tie_rule`` statement's, else cpoly's default) is resolved by the game:
:func:`~cpoly.games.videopoker.hold.tiebreak.choose_tie_rule`.

Light imports: a warm ``hold`` builds its command line's parser from here.
"""

from __future__ import annotations

import argparse

from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule

__all__ = ["add_options", "add_state_options", "add_table_options", "add_tie_rule_option"]


def add_tie_rule_option(parser: argparse.ArgumentParser,
                        what: str = "how to choose among holds of exactly equal EV") -> None:
    """``--tie-rule RULE`` on a video-poker command (None when not given: the game's rule)."""
    parser.add_argument("--tie-rule", choices=[rule.value for rule in TieRule], default=None,
                        help=f"{what} (default: the game's tie_rule statement, else {DEFAULT_TIE_RULE.value})")


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--pay``, ``--play-as`` and ``--plays`` on the ``analyze`` parser."""
    add_table_options(parser)
    parser.add_argument("--plays", nargs="+", action="extend", default=[], type=int, metavar="N",
                        help="multi-play: the variance of N lines dealt one hand, e.g. --plays 1 3 5 10 100")


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """``--pay`` and ``--play-as``: what is analysed (``analyze``, ``report``)."""
    parser.add_argument("--pay", nargs="+", action="extend", default=[], metavar="CATEGORY=VALUE",
                        help="change pays of the table, e.g. --pay RoyalFlush=1760 (exact: 2.5 or 5/2); "
                             "the strategy is re-solved")
    parser.add_argument("--play-as", metavar="TABLE",
                        help="play the strategy that is optimal for TABLE (a pay table of the game) "
                             "on the table analysed: its exact return and cost")


def add_state_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--level K`` and ``--multipliers M ...``: ``what`` (the holds, the chart) in a state of a
    Multi-Strike or an Ultimate X game."""
    parser.add_argument("--level", type=int, metavar="K",
                        help=f"Multi-Strike: {what} at level K (1 = the bottom), played without a Free Ride")
    parser.add_argument("--multipliers", nargs="+", action="extend", metavar="M",
                        help=f"Ultimate X: {what} with multiplier M in force on each line, e.g. --multipliers 4 1 12")
