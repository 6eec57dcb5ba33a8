"""Hold'em counted by the engine (issue 21 §3): the published seven-card table of
definitions/holdem.cp, and facts of the flop (definitions/holdem_flop.cp) and of the whole board
(holdem.cp) with the hole cards bound by parameters, each against an independent oracle: every
flop (or every board of a 26-card deck) enumerated here and classified by face and suit counts,
and closed forms.  The full table takes a few seconds (the 0/1 checks of the exclusive-sum
straights and straight flushes, and the exclusions, are most of it): it is the goal itself."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from cpoly.api import count_deals, deal_table, load_game, load_program
from cpoly.count.compiledgame import Game
from cpoly.lang.lower import Lowerer

DEFINITIONS = Path(__file__).resolve().parent.parent / "definitions"
Card = tuple[int, int]  # (face Two = 0 … Ace = 12, suit Heart = 0 … Spade = 3)

PUBLISHED_PAID = {"RoyalFlush": 4_324, "StraightFlush": 41_584 - 4_324, "FourOfAKind": 224_848,
                  "FullHouse": 3_473_184, "Flush": 4_047_644, "Straight": 6_180_020,
                  "ThreeOfAKind": 6_461_620, "TwoPair": 31_433_400, "OnePair": 58_627_800,
                  "HighCard": 23_294_460}


def test_the_seven_card_table_is_the_published_one():
    table = deal_table(load_game(DEFINITIONS / "holdem.cp"))
    assert table.total == 133_784_560 == comb(52, 7)
    assert {row.name: row.paid_ways for row in table.rows} == PUBLISHED_PAID
    assert next(r.ways for r in table.rows if r.name == "StraightFlush") == 41_584


def count_with_hole(name: str, file: str, hole: Sequence[Card], overrides: dict[str, int] | None = None) -> int:
    """``cpoly count FILE NAME --param H1F=… H1S=… H2F=… H2S=…``, through the same calls."""
    program = load_program(DEFINITIONS / file, (), overrides)
    params = {"H1F": hole[0][0], "H1S": hole[0][1], "H2F": hole[1][0], "H2S": hole[1][1]}
    node = Lowerer(program, params).definition(name)
    return int(count_deals(Game.from_program(program), node, name))


def straight(faces: set[int]) -> bool:
    present = faces | ({-1} if 12 in faces else set())  # the wheel: the Ace is low too
    return any(all(f in present for f in range(low, low + 5)) for low in range(-1, 9))


def set_or_better(cards: Sequence[Card]) -> bool:
    return max(Counter(f for f, _ in cards).values()) >= 3


def four_flush(cards: Sequence[Card]) -> bool:
    return max(Counter(s for _, s in cards).values()) == 4


def flush(cards: Sequence[Card]) -> bool:
    return max(Counter(s for _, s in cards).values()) >= 5


FLOP_FACTS: dict[str, Callable[[Sequence[Card], Sequence[Card]], bool]] = {
    "SetOrBetter": lambda hole, flop: set_or_better([*hole, *flop]),
    "FlushDraw": lambda hole, flop: four_flush([*hole, *flop]),
    "FlopFlush": lambda hole, flop: flush([*hole, *flop]),
    "MonotoneFlop": lambda hole, flop: len({s for _, s in flop}) == 1,
}
HOLES = [((5, 0), (5, 1)), ((12, 3), (11, 3)), ((0, 2), (7, 1))]  # 7h 7d, As Ks, 2c 9d


@pytest.mark.parametrize("hole", HOLES, ids=["7h7d", "AsKs", "2c9d"])
@pytest.mark.parametrize("fact", sorted(FLOP_FACTS))
def test_flop_facts_with_the_hole_cards_bound_count_every_flop(fact, hole):
    deck = [(f, s) for f in range(13) for s in range(4) if (f, s) not in hole]
    expected = sum(FLOP_FACTS[fact](hole, flop) for flop in combinations(deck, 3))
    assert count_with_hole(fact, "holdem_flop.cp", hole) == expected
    assert expected > 0 or fact == "FlopFlush"  # the oracle is not vacuous


BOARD_FACTS: dict[str, Callable[[Sequence[Card]], bool]] = {
    "FlushByTheRiver": flush,
    "SetOrBetterByTheRiver": set_or_better,
    "StraightByTheRiver": lambda cards: straight({f for f, _ in cards}),
}


SMALL_DECKS = {"FlushByTheRiver": {"Suits": 2}, "StraightByTheRiver": {"Suits": 2},
               "SetOrBetterByTheRiver": {"Faces": 7}}


@pytest.mark.parametrize("hole", [((5, 1), (4, 1)), ((3, 0), (3, 1))], ids=["7d6d", "5h5d"])
@pytest.mark.parametrize("fact", sorted(BOARD_FACTS))
def test_board_facts_with_the_hole_cards_bound_count_every_board_of_a_small_deck(fact, hole):
    """13 faces x 2 suits (C(24, 5) = 42,504 boards after the hole cards) for flushes and
    straights, 7 faces x 4 suits (C(26, 5) = 65,780) for sets: each board classified here."""
    sizes = {"Faces": 13, "Suits": 4} | SMALL_DECKS[fact]
    deck = [(f, s) for f in range(sizes["Faces"]) for s in range(sizes["Suits"]) if (f, s) not in hole]
    expected = sum(BOARD_FACTS[fact]([*hole, *board]) for board in combinations(deck, 5))
    assert count_with_hole(fact, "holdem.cp", hole, SMALL_DECKS[fact]) == expected > 0


def test_a_suited_hand_makes_a_flush_by_the_river_as_the_closed_form_says():
    """As Ks on the full deck: three or more of the 11 spades left among five board cards, or
    five of another suit (13 each)."""
    spades = sum(comb(11, k) * comb(39, 5 - k) for k in range(3, 6))
    assert count_with_hole("FlushByTheRiver", "holdem.cp", [(12, 3), (11, 3)]) == spades + 3 * comb(13, 5)
