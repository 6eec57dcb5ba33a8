"""Suit classes of joint holdings against a plain Python canonical form, and their use."""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest

from cpoly.deck.codes import STANDARD
from cpoly.deck.symmetry import holding_classes, holding_keys
from cpoly.games.holdem.deal import joint_holdings, make_deal
from cpoly.games.holdem.equity import equity

PERMS = [tuple(4 * (c // 4) + p[c % 4] for c in range(52)) for p in permutations(range(4))]


def slow_key(holding: tuple[tuple[int, int], ...], board: tuple[int, ...],
             dead: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return min(
        (tuple(sorted(p[c] for c in board)), tuple(sorted(p[c] for c in dead)),
         *(tuple(sorted((p[a], p[b]))) for a, b in holding))
        for p in PERMS
    )


@pytest.mark.parametrize(("hands", "board", "dead"), [
    (["AA", "??"], "", ""),
    (["AKs", "QQ+", "JTs"], "", "2c"),
    (["??", "AhKh"], "Qh Jh 2c", ""),
    (["KK+", "AK", "72o"], "7c 7d 2h 2s", "As"),
])
def test_classes_match_python_canonical_form(hands: list[str], board: str, dead: str) -> None:
    deal = make_deal(hands, board, dead)
    holdings = list(joint_holdings(deal))
    keys = holding_keys(np.array(holdings), deal.board, deal.dead, STANDARD.symmetries())
    fast = {}
    for holding, key in zip(holdings, map(tuple, keys.tolist())):
        fast.setdefault(key, set()).add(holding)
    slow = {}
    for holding in holdings:
        slow.setdefault(slow_key(holding, deal.board, deal.dead), set()).add(holding)
    assert sorted(map(frozenset, fast.values()), key=sorted) == \
        sorted(map(frozenset, slow.values()), key=sorted)
    first, labels = holding_classes(np.array(holdings), deal.board, deal.dead, STANDARD.symmetries())
    sizes = np.bincount(labels)
    assert (keys[first[labels]] == keys).all()  # each holding's label names its own class
    assert int(sizes.sum()) == len(holdings) and len(first) == len(slow)


def test_range_equity_is_the_average_over_holdings() -> None:
    combined = equity(["QQ+", "AKs"], board="2c 7d 9h", exact=True)
    deal = make_deal(["QQ+", "AKs"], board="2c 7d 9h")
    parts = [equity([f"{a}{b}" for a, b in
                     ((_name(h[0][0]), _name(h[0][1])), (_name(h[1][0]), _name(h[1][1])))],
                    board="2c 7d 9h", exact=True)
             for h in joint_holdings(deal)]
    for p in range(2):
        assert combined.players[p].win == sum(r.players[p].win for r in parts)
        assert combined.players[p].equity_exact == \
            sum(r.players[p].equity_exact for r in parts) / len(parts)


def _name(card: int) -> str:
    from cpoly.games.holdem.intcards import format_card

    return format_card(card)
