"""The tie rules: how video poker chooses among holds of exactly equal EV (standard library only).

The names are the game section's vocabulary (``tie_rule fewest-cards`` in a ``.cp`` file,
:mod:`cpoly.lang.gamespec`) and the CLI's (``--tie-rule``); what each rule compares is
:data:`~cpoly.games.videopoker.holdchoice.TIE_KEYS`.

>>> TieRule("fewest-cards"), DEFAULT_TIE_RULE.value
(<TieRule.FEWEST_CARDS: 'fewest-cards'>, 'rank-order')
>>> tie_rule_names()
'rank-order, first, fewest-cards, most-cards, lowest-variance, highest-variance'
"""

from __future__ import annotations

import enum

__all__ = ["DEFAULT_TIE_RULE", "TieRule", "tie_rule_names"]


class TieRule(str, enum.Enum):
    """How to choose among holds whose EVs are exactly equal (all maximal).

    Hold indices here refer to the deal's cards in increasing card-index order (bit ``i`` = the
    ``i``-th lowest card held), whatever order a deal was given in.  Every rule falls back to the
    lowest such hold index when it still leaves several holds.

    * ``rank-order``: list the deal's cards by face, ascending (equal faces by card index), and
      take the lowest hold index in that order; equivalently, where two holds differ, keep the one
      that discards the highest-ranked card.  Reproduces the published full-pay Deuces Wild table
      (all eleven rows); independent of how cards are numbered within a face.
    * ``first``: the lowest hold index (by card index: the same as ``rank-order`` when cards are
      numbered face-major, e.g. ``card = 4 * face + suit``).
    * ``fewest-cards``: the hold keeping the fewest cards.  Reproduces the Wizard of Odds' rows
      of Royal Aces Bonus Poker 10-5 and Royal Bonus Poker 9/5.
    * ``most-cards``: the hold keeping the most cards.
    * ``lowest-variance``: the hold whose payout has the smallest variance.
    * ``highest-variance``: the hold whose payout has the largest variance.
    """

    RANK_ORDER = "rank-order"
    FIRST = "first"
    FEWEST_CARDS = "fewest-cards"
    MOST_CARDS = "most-cards"
    LOWEST_VARIANCE = "lowest-variance"
    HIGHEST_VARIANCE = "highest-variance"


#: The rule of a game whose definitions state none (``tie_rule``): it reproduces the published
#: full-pay Deuces Wild combinations digit for digit (of the rules, only ``rank-order``, and
#: ``first`` on a face-major deck, do).
DEFAULT_TIE_RULE = TieRule.RANK_ORDER


def tie_rule_names() -> str:
    """The rules' names, comma-separated, in the order of :class:`TieRule` (for messages)."""
    return ", ".join(rule.value for rule in TieRule)
