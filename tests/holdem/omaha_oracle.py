"""The Omaha tests' oracle: pokerkit's standard lookup over every allowed five (two hole cards,
three board cards), and every joint holding with every board listed.

>>> from cpoly.games.holdem.intcards import parse_cards
>>> value(tuple(parse_cards("AsKsQdJd")), tuple(parse_cards("Qs Js Ts 2h 3h"))) == value(
...     tuple(parse_cards("AsKs2c3c")), tuple(parse_cards("Qs Js Ts 4h 5h")))
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
from pokerkit import Card
from pokerkit.lookups import StandardLookup

from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.intcards import format_card
from cpoly.games.holdem.rules import GameRules

LOOKUP = StandardLookup()
PK = {c: next(iter(Card.parse(format_card(c)))) for c in range(52)}


@cache
def five(cards: frozenset[int]) -> int:
    """pokerkit's strength index of five cards."""
    return int(LOOKUP.get_entry([PK[c] for c in sorted(cards)]).index)


def value(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """The best five of any two of ``hole`` with any three of ``board``."""
    return max(five(frozenset(pair + triple)) for pair in combinations(hole, 2)
               for triple in combinations(board, 3))


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True when the two keys order the hands identically (ties included)."""
    return bool((np.unique(ours, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all())


def brute_force(hands: list[str], board: str, dead: str,
                rules: GameRules) -> tuple[int, list[Fraction], list[int], list[int]]:
    """Every joint holding of the hands' ranges (no card twice) with every completion of the
    board: the number of (holding, board) deals, each player's equity, wins and ties."""
    deal = make_deal(hands, board, dead, rules)
    joints: list[list[tuple[int, ...]]] = [[]]
    for hand_range in deal.combos:
        joints = [j + [tuple(h)] for j in joints for h in hand_range.tolist()
                  if not {c for held in j for c in held} & set(h)]
    shares, wins, ties, count = [Fraction(0)] * len(hands), [0] * len(hands), [0] * len(hands), 0
    for joint in joints:
        used = {c for h in joint for c in h}
        for extra in combinations([c for c in deal.live_cards() if c not in used], deal.unknown):
            values = [value(h, deal.board + extra) for h in joint]
            winners = [p for p, v in enumerate(values) if v == max(values)]
            count += 1
            for p in winners:
                shares[p] += Fraction(1, len(winners))
                wins[p] += len(winners) == 1
                ties[p] += len(winners) > 1
    return count, [s / count for s in shares], wins, ties
