"""The 32 holds of one deal: exact EVs, the draw weights and the hold the tie rule chooses
(standard library only).

The full-game analysis chooses holds for many deals at once with NumPy
(:func:`~cpoly.games.videopoker.play.choice.choose_holds`); one dealt hand — ``cpoly hold``,
whether its counts come from the engine's tables or from the prepared-game file
(:mod:`~cpoly.games.videopoker.warm.holdfile`) — is played here, with Python integers and
:class:`~fractions.Fraction` EVs, so that a warm ``hold`` need not import NumPy.

Hold index convention (:mod:`~cpoly.games.videopoker.hold.lattice`): bit ``i`` of a hold index =
card ``i`` of the deal **in the order given** is held (hold 0 draws five new cards, hold 31
keeps the deal).

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
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.hold.tiebreak import TIE_KEYS, tie_order
from cpoly.lang.paytable import ScaledPays
from cpoly.lang.tierule import TieRule

__all__ = ["HoldOption", "HoldReport", "HoldResult", "choose_hold", "draw_weights", "play_deal"]


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
    :func:`~cpoly.games.videopoker.prepare.multiset.canonical_holds`).
    """
    draw_count = perm if ordered else comb
    options = []
    for m in range(HOLDS):
        kept = tuple(int(deal[i]) for i in range(HAND_SIZE) if m >> i & 1)
        draws = draw_count(n - HAND_SIZE, HAND_SIZE - len(kept))
        row = tuple(int(c) for c in counts[m])
        total = sum(c * p for c, p in zip(row, scaled.pays_for(m == HOLDS - 1)))
        options.append(HoldOption(m, kept, row, draws, Fraction(total, draws * scaled.denominator)))
    return choose_hold(deal, options, scaled, rule, faces, allowed)


def choose_hold(deal: Sequence[int], options: Sequence[HoldOption], scaled: ScaledPays, rule: TieRule,
                faces: Sequence[int] | None, allowed: Sequence[bool] | None = None) -> HoldResult:
    """The holds of :func:`play_deal` (``options``, their EVs however found) and the hold
    ``rule`` chooses among the best (``scaled``: the pays its variance criterion reads)."""
    best_ev = max(o.ev for o in options)
    tied = [o.hold for o in options if o.ev == best_ev and (allowed is None or allowed[o.hold])]
    remaining = _narrow(options, tied, scaled, rule)
    place = tie_order(deal, faces, rule)
    best = min(remaining, key=lambda m: sum(1 << place[i] for i in range(HAND_SIZE) if m >> i & 1))
    return HoldResult(tuple(int(c) for c in deal), tuple(options), best, tuple(tied), rule)
