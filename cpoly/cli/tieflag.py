"""``--tie-rule`` on the video-poker commands, and the tie rule in effect: the flag's, else the
game's ``tie_rule`` statement's, else cpoly's default (:data:`~cpoly.lang.tierule.DEFAULT_TIE_RULE`),
with where it comes from (``analyze --json``'s ``tie_rule_from``, the report's provenance).

Light imports: a warm ``hold`` reads its rule here.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NamedTuple

from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule

__all__ = ["DEFAULT", "FLAG", "TieRuleChoice", "add_tie_rule_option", "choose_tie_rule"]

#: Where the tie rule in effect comes from when the command line names it.
FLAG = "--tie-rule"
#: ... and when neither the command line nor the game does.
DEFAULT = "cpoly's default"


class TieRuleChoice(NamedTuple):
    """The tie rule in effect and where it comes from: :data:`FLAG`, the game's ``tie_rule``
    statement (``path:line:col``) or :data:`DEFAULT`."""

    rule: TieRule
    origin: str


def choose_tie_rule(flag: str | None, stated: Sequence[str] | None) -> TieRuleChoice:
    """``--tie-rule`` when given, else the game's ``tie_rule`` statement (its rule and where it
    is), else :data:`~cpoly.lang.tierule.DEFAULT_TIE_RULE`.

    >>> choose_tie_rule(None, ("fewest-cards", "game.cp:4:1"))
    TieRuleChoice(rule=<TieRule.FEWEST_CARDS: 'fewest-cards'>, origin='game.cp:4:1')
    >>> choose_tie_rule("first", ("fewest-cards", "game.cp:4:1")).origin, choose_tie_rule(None, None).origin
    ('--tie-rule', "cpoly's default")
    """
    if flag is not None:
        return TieRuleChoice(TieRule(flag), FLAG)
    if stated is not None:
        return TieRuleChoice(TieRule(stated[0]), str(stated[1]))
    return TieRuleChoice(DEFAULT_TIE_RULE, DEFAULT)


def add_tie_rule_option(parser: argparse.ArgumentParser,
                        what: str = "how to choose among holds of exactly equal EV") -> None:
    """``--tie-rule RULE`` on a video-poker command (None when not given: the game's rule)."""
    parser.add_argument("--tie-rule", choices=[rule.value for rule in TieRule], default=None,
                        help=f"{what} (default: the game's tie_rule statement, else {DEFAULT_TIE_RULE.value})")
