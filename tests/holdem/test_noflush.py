"""Seed 000's first pass, "poker with no flushes": its printed out0 lines, digit for digit."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import strength_from_counts
from cpoly.games.holdem.intcards import RANKS, format_cards, parse_cards
from cpoly.games.holdem.noflush import flush_catch_up, no_flush_equity, spread

# hands, spread %, equities % -- copied from seed 000's sample lines of out0
SEED_LINES = """
66 79 8Q 6.2733 32.8611 30.4328 36.7061
22 56 4T 6.2776 29.8549 36.1325 34.0126
67 3Q 6Q 6.2783 32.9180 30.4018 36.6801
45 8Q 2K 6.2790 29.6058 35.8848 34.5093
4A QA QA 6.2810 29.1460 35.4270 35.4270
36 TK 7A 15.4023 23.2124 38.6147 38.1729
34 79 7Q 15.4029 29.5190 27.5390 42.9419
34 68 59 15.4030 23.6147 37.3677 39.0177
5T 4Q 7K 15.4030 27.9308 28.7354 43.3338
56 9Q JK 15.4047 27.3757 29.8439 42.7804
""".strip().splitlines()


@pytest.mark.parametrize("line", SEED_LINES)
def test_seed_first_pass_lines(line: str) -> None:
    fields = line.split()
    hands, numbers = fields[:3], [float(x) for x in fields[3:]]
    result = no_flush_equity(hands)
    assert round(100 * float(spread(result)), 4) == numbers[0]
    assert [round(100 * p.equity, 4) for p in result.players] == numbers[1:]
    assert sum(p.equity_exact for p in result.players) == 1


def test_spread_is_max_minus_min() -> None:
    result = no_flush_equity(["66", "79", "8Q"])
    values = [p.equity_exact for p in result.players]
    assert spread(result) == max(values) - min(values)  # type: ignore[type-var]


def _brute_force(hands: list[str], board: str) -> list[Fraction]:
    """List every real card completion; rank every hand by ranks only."""
    holes = [[RANKS.index(ch) for ch in h] for h in hands]
    used = np.bincount([r for h in holes for r in h] + [RANKS.index(c) for c in board],
                       minlength=13)
    deck = [r for r in range(13) for _ in range(4 - used[r])]  # copies are distinct cards
    shares = [Fraction(0)] * len(hands)
    boards = 0
    for extra in combinations(range(len(deck)), 5 - len(board)):
        ranks = [RANKS.index(c) for c in board] + [deck[i] for i in extra]
        counts = np.array([np.bincount(h + ranks, minlength=13) for h in holes])
        strengths = strength_from_counts(counts)
        winners = np.flatnonzero(strengths == strengths.max())
        for p in winners:
            shares[p] += Fraction(1, len(winners))
        boards += 1
    return [s / boards for s in shares]


@pytest.mark.parametrize(("hands", "board"), [
    (["66", "79", "8Q"], "234"), (["AA", "KK"], "AK2"), (["T9", "98", "87", "76"], "J52"),
    (["QA", "QA", "4A"], "QA33"),
])
def test_against_listing_every_board(hands: list[str], board: str) -> None:
    result = no_flush_equity(hands, board)
    assert [p.equity_exact for p in result.players] == _brute_force(hands, board)


def test_equity_with_flushes_off_ignores_suits() -> None:
    suited = equity(["6h6d", "7c9c", "8sQs"], flushes=False, exact=True)
    unsuited = no_flush_equity(["66", "79", "8Q"])
    assert [p.equity_exact for p in suited.players] == [p.equity_exact for p in unsuited.players]
    with_flushes = equity(["6h6d", "7c9c", "8sQs"], exact=True)
    assert [p.equity_exact for p in with_flushes.players] != \
        [p.equity_exact for p in unsuited.players]


@pytest.mark.parametrize("hands", [["AA", "AA", "AK"], ["A", "KK"], ["AX", "KK"], ["AA"]])
def test_errors(hands: list[str]) -> None:
    with pytest.raises(CpolyInputError):
        no_flush_equity(hands)


def test_flush_catch_up_reproduces_the_seed_bounds() -> None:
    """Seed 000: "<= 2.572% (if unsuited), <= 8.039% (if suited)" (three players)."""
    assert [math.ceil(float(flush_catch_up(suited)) * 1e5) / 1e3 for suited in (False, True)] \
        == [2.572, 8.039]


@pytest.mark.parametrize("hand", ["AhKh", "AhKs"])
def test_flush_catch_up_equals_listing_every_board(hand: str) -> None:
    """Others hold no card of the hand's suits; list all C(46, 5) boards."""
    held = parse_cards(hand)
    rest = np.setdiff1d(np.arange(52), held + parse_cards("2c3c 4d5d"))
    boards = rest[np.array(list(combinations(range(len(rest)), 5)))]
    flushes = np.zeros(len(boards), dtype=bool)
    for suit in {card % 4 for card in held}:
        in_hand = sum(card % 4 == suit for card in held)
        flushes |= (boards % 4 == suit).sum(axis=1) + in_hand >= 5
    assert Fraction(int(flushes.sum()), len(boards)) == flush_catch_up(hand[1] == hand[3])


@pytest.mark.parametrize("seed", range(4))
def test_flushes_add_at_most_the_bound_to_any_hand(seed: int) -> None:
    """Exact equity with flushes minus the same ranks' no-flush equity, for random triples."""
    rng = random.Random(seed)
    cards = rng.sample(range(52), 6)
    hands = [format_cards(cards[i:i + 2]).replace(" ", "") for i in (0, 2, 4)]
    real = equity(hands, exact=True)
    ranks_only = no_flush_equity([h[0] + h[2] for h in hands])
    board_only = Fraction(4 * comb(13, 5), comb(46, 5))  # five of a suit nobody holds: all tie
    for hand, with_suits, without in zip(hands, real.players, ranks_only.players):
        bound = flush_catch_up(hand[1] == hand[3]) + board_only
        assert with_suits.equity_exact - without.equity_exact <= bound, hand
