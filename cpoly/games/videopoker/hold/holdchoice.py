"""The 32 holds of one deal: exact EVs, the tie rules and the chosen hold (standard library only).

The full-game analysis chooses holds for many deals at once with NumPy
(:func:`~cpoly.games.videopoker.holds.choose_holds`); one dealt hand — ``cpoly hold``, whether
its counts come from the engine's tables or from a warm hold file
(:mod:`~cpoly.games.videopoker.holdfile`) — is played here, with Python integers and
:class:`~fractions.Fraction` EVs, so that a warm ``hold`` need not import NumPy.

Hold index convention: bit ``i`` of a hold index = card ``i`` of the deal **in the order given**
is held (hold 0 draws five new cards, hold 31 keeps the deal).

The records are named tuples: cheaper than dataclasses to define at a warm ``hold``'s start-up.

A game where every final hand pays 3: all 32 holds tie, and ``fewest-cards`` draws five.

>>> deal = [4, 0, 1, 2, 3]
>>> every_draw_wins = [[comb(5, 5 - m.bit_count()), 0] for m in range(HOLDS)]
>>> scaled = ScaledPays((3, 0), (3, 0), 1)
>>> result = play_deal(deal, every_draw_wins, scaled, 10, TieRule.FEWEST_CARDS, None)
>>> result.best, len(result.tied), result.best_option.ev
(0, 32, Fraction(3, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb, lcm, perm
from typing import NamedTuple

from cpoly.errors import CpolyInputError
from cpoly.lang.paytable import ScaledPays
from cpoly.lang.tierule import TieRule, tie_rule_names

__all__ = [
    "HAND_SIZE",
    "HOLDS",
    "HoldOption",
    "HoldReport",
    "HoldResult",
    "TIE_KEYS",
    "TieKey",
    "draw_weights",
    "exclude_discards",
    "parse_tie_rule",
    "play_deal",
    "tie_order",
]

HAND_SIZE = 5
HOLDS = 1 << HAND_SIZE


class TieKey(NamedTuple):
    """What a :class:`TieRule` compares among the maximal-EV holds, read by both choosers (one
    deal here, many deals in :func:`~cpoly.games.videopoker.holds.choose_holds`).

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


def draw_weights(n: int, hand_size: int = HAND_SIZE) -> tuple[int, tuple[int, ...]]:
    """The LCM ``L`` of ``C(n - 5, d)`` for ``d = 0..5`` and the weight ``L / C(n - 5, d)``.

    A hold discarding ``d`` cards has ``C(n - 5, d)`` equally likely draws; multiplying its
    outcome counts by the weight of ``d`` puts all 32 holds on the common total ``L``.

    >>> draw_weights(52)
    (7669695, (7669695, 163185, 7095, 473, 43, 5))
    """
    draws = [comb(n - hand_size, d) for d in range(hand_size + 1)]
    if 0 in draws:
        raise CpolyInputError(f"a deck of {n} cards is too small to draw {hand_size} replacements")
    common = lcm(*draws)
    return common, tuple(common // d for d in draws)


class HoldOption(NamedTuple):
    """One way to play a deal: the held cards, its outcome counts and exact EV per unit bet."""

    hold: int
    held: tuple[int, ...]
    counts: tuple[int, ...]
    draws: int
    ev: Fraction


class HoldResult(NamedTuple):
    """The 32 holds of a deal (``options[m]`` = hold ``m``) and the one chosen by the tie rule.

    ``tied`` lists every hold index whose EV equals the maximum.
    """

    deal: tuple[int, ...]
    options: tuple[HoldOption, ...]
    best: int
    tied: tuple[int, ...]
    tie_rule: TieRule

    @property
    def best_option(self) -> HoldOption:
        """The chosen hold."""
        return self.options[self.best]


class HoldReport(NamedTuple):
    """What ``cpoly hold`` shows: a :class:`HoldResult` with the game's title, the pay table's
    name, the names of the categories (``"Nothing"`` last) and of the dealt cards."""

    title: str
    paytable: str
    ordered: bool
    categories: tuple[str, ...]
    card_names: dict[int, str]
    result: HoldResult


def exclude_discards(containing: Sequence[Sequence[int]]) -> list[list[int]]:
    """Final-hand counts of the 32 holds from the counts of hands *containing* each hold's
    cards (row ``m``: the hands containing the cards of hold ``m``; row 31 the deal's one-hot
    category): ``out[H] = sum over T >= H of (-1)**|T - H| * containing[T]``, a superset
    Moebius transform, one card position at a time.

    >>> exclude_discards([[1]] * 32)[31], exclude_discards([[1]] * 32)[0]
    ([1], [0])
    """
    counts = [list(row) for row in containing]
    for position in range(HAND_SIZE):
        bit = 1 << position
        for mask in range(HOLDS):
            if not mask & bit:
                counts[mask] = [a - b for a, b in zip(counts[mask], counts[mask | bit])]
    return counts


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


def _narrow(options: Sequence[HoldOption], candidates: list[int], scaled: ScaledPays,
            rule: TieRule) -> list[int]:
    """The maximal-EV holds the rule's own criterion keeps (the order decides the rest)."""
    measure, sign, _ = TIE_KEYS[rule]
    if measure is None:
        return candidates
    keys: dict[int, Fraction | int]
    if measure == "cards":
        keys = {m: sign * len(options[m].held) for m in candidates}
    else:
        keys = {m: sign * Fraction(sum(c * p * p for c, p in zip(options[m].counts, scaled.pays_for(m == HOLDS - 1))),
                                   options[m].draws) for m in candidates}
    least = min(keys.values())
    return [m for m in candidates if keys[m] == least]


def play_deal(deal: Sequence[int], counts: Sequence[Sequence[int]], scaled: ScaledPays, n: int,
              rule: TieRule, faces: Sequence[int] | None, ordered: bool = False,
              allowed: Sequence[bool] | None = None) -> HoldResult:
    """Every hold of one deal with its exact EV, and the hold ``rule`` chooses among the best.

    ``deal``: the five dealt cards (deck indices) in the order given; ``counts[m]``: the final
    hands of each category (``"nothing"`` last) of hold ``m``; ``scaled``: the pay table as
    integers; ``n``: cards in the deck; ``faces``: the face of every card (the ``rank-order``
    rule); ``ordered``: counts of ordered draws (``(n - 5)_d`` of them), else of sets;
    ``allowed``: the holds that are distinct choices (default all; with copies of a card, of the
    holds keeping one copy or the other only the one keeping the lower card,
    :func:`~cpoly.games.videopoker.multiset.canonical_holds`).
    """
    draw_count = perm if ordered else comb
    options = []
    for m in range(HOLDS):
        kept = tuple(int(deal[i]) for i in range(HAND_SIZE) if m >> i & 1)
        draws = draw_count(n - HAND_SIZE, HAND_SIZE - len(kept))
        row = tuple(int(c) for c in counts[m])
        total = sum(c * p for c, p in zip(row, scaled.pays_for(m == HOLDS - 1)))
        options.append(HoldOption(m, kept, row, draws, Fraction(total, draws * scaled.denominator)))
    best_ev = max(o.ev for o in options)
    tied = [o.hold for o in options if o.ev == best_ev and (allowed is None or allowed[o.hold])]
    remaining = _narrow(options, tied, scaled, rule)
    place = tie_order(deal, faces, rule)
    best = min(remaining, key=lambda m: sum(1 << place[i] for i in range(HAND_SIZE) if m >> i & 1))
    return HoldResult(tuple(int(c) for c in deal), tuple(options), best, tuple(tied), rule)
