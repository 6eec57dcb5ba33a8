"""The tie rules as data, and the one precedence that says which rule is in effect (standard
library only).

What each :class:`~cpoly.lang.tierule.TieRule` compares among the maximal-EV holds is
:data:`TIE_KEYS`, read by both choosers (one deal: :func:`~cpoly.games.videopoker.hold.holdchoice.play_deal`;
many deals: :func:`~cpoly.games.videopoker.play.choice.choose_holds`).  Which rule is in effect
is :func:`choose_tie_rule`: the one asked for (``--tie-rule``, or an argument), else the game's
``tie_rule`` statement, else :data:`~cpoly.lang.tierule.DEFAULT_TIE_RULE` — with where it comes
from (``analyze --json``'s ``tie_rule_from``, the report's provenance).

>>> choose_tie_rule(None, ("fewest-cards", "game.cp:4:1"))
TieRuleChoice(rule=<TieRule.FEWEST_CARDS: 'fewest-cards'>, origin='game.cp:4:1')
>>> choose_tie_rule("first", ("fewest-cards", "game.cp:4:1")).origin, choose_tie_rule(None, None).origin
('--tie-rule', "cpoly's default")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cpoly.errors import CpolyInputError
from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule, tie_rule_names

__all__ = ["DEFAULT", "FLAG", "TIE_KEYS", "TieKey", "TieRuleChoice", "choose_tie_rule", "parse_tie_rule",
           "tie_order"]

#: Where the tie rule in effect comes from when it is asked for (the command line's flag).
FLAG = "--tie-rule"
#: ... and when neither the command line nor the game names one.
DEFAULT = "cpoly's default"


class TieKey(NamedTuple):
    """What a :class:`TieRule` compares among the maximal-EV holds.

    ``measure``: None (no criterion: the card order alone decides), ``"cards"`` (cards kept) or
    ``"second-moment"`` (the payout's second moment, whose order is the variance's at equal EVs);
    ``sign`` 1 keeps the holds of least measure, -1 those of most; ``by_face``: the card order
    reads faces first (else card indices)."""

    measure: str | None
    sign: int
    by_face: bool


#: The tie rules as data: the one place that says what each rule compares.
TIE_KEYS: dict[TieRule, TieKey] = {
    TieRule.RANK_ORDER: TieKey(None, 1, True),
    TieRule.FIRST: TieKey(None, 1, False),
    TieRule.FEWEST_CARDS: TieKey("cards", 1, False),
    TieRule.MOST_CARDS: TieKey("cards", -1, False),
    TieRule.LOWEST_VARIANCE: TieKey("second-moment", 1, False),
    TieRule.HIGHEST_VARIANCE: TieKey("second-moment", -1, False),
}


def parse_tie_rule(rule: TieRule | str) -> TieRule:
    """A :class:`TieRule` from itself or its name.

    >>> parse_tie_rule("most-cards")
    <TieRule.MOST_CARDS: 'most-cards'>
    """
    if isinstance(rule, TieRule):
        return rule
    try:
        return TieRule(rule)
    except ValueError:
        raise CpolyInputError(f"unknown tie rule {rule!r} (expected one of {tie_rule_names()})") from None


class TieRuleChoice(NamedTuple):
    """The tie rule in effect and where it comes from: :data:`FLAG`, the game's ``tie_rule``
    statement (``path:line:col``) or :data:`DEFAULT`."""

    rule: TieRule
    origin: str


def choose_tie_rule(asked: TieRule | str | None, stated: Sequence[str] | None) -> TieRuleChoice:
    """The rule ``asked`` for when given (by name: an input error when there is no such rule),
    else the game's ``tie_rule`` statement ``stated`` (its rule's name and where it is; a
    ``ValueError`` when the name is not a rule's), else
    :data:`~cpoly.lang.tierule.DEFAULT_TIE_RULE`."""
    if asked is not None:
        return TieRuleChoice(parse_tie_rule(asked), FLAG)
    if stated is not None:
        return TieRuleChoice(TieRule(stated[0]), str(stated[1]))
    return TieRuleChoice(DEFAULT_TIE_RULE, DEFAULT)


def tie_order(deal: Sequence[int], faces: Sequence[int] | None, rule: TieRule) -> list[int]:
    """The place of each dealt card in the order the tie rules read holds in: by card index,
    or by face then card index under ``rank-order`` when the faces are known.  A hold's key is
    ``sum(2**place)`` over its cards; the lowest key wins a tie the rule leaves open.

    >>> tie_order([7, 2, 9], None, TieRule.FIRST), tie_order([7, 2, 9], [0] * 7 + [5, 0, 1], TieRule.RANK_ORDER)
    ([1, 0, 2], [2, 0, 1])
    """
    face = faces if TIE_KEYS[rule].by_face else None
    ranked = sorted(range(len(deal)), key=lambda i: (0 if face is None else face[deal[i]], deal[i]))
    return [ranked.index(i) for i in range(len(deal))]
