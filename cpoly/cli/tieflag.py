"""``--tie-rule`` on the video-poker commands.  The tie rule in effect (the flag's, else the
game's ``tie_rule`` statement's, else cpoly's default) is resolved by the game:
:func:`~cpoly.games.videopoker.hold.tiebreak.choose_tie_rule`.

Light imports: a warm ``hold`` reads its options here.
"""

from __future__ import annotations

import argparse

from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule

__all__ = ["add_tie_rule_option"]


def add_tie_rule_option(parser: argparse.ArgumentParser,
                        what: str = "how to choose among holds of exactly equal EV") -> None:
    """``--tie-rule RULE`` on a video-poker command (None when not given: the game's rule)."""
    parser.add_argument("--tie-rule", choices=[rule.value for rule in TieRule], default=None,
                        help=f"{what} (default: the game's tie_rule statement, else {DEFAULT_TIE_RULE.value})")
