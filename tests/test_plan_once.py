"""Deal tables planned once (issue 33): pricing enumerates nothing, shared work is done once.

Oracles: the patterns :func:`typed_patterns` enumerates, counted one by one; the counts of the
engine against the counts recorded in the golden table files.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cpoly.api import deal_table, deal_table_by_checking, load_game, load_game_text
from cpoly.count.cardswaps import card_swaps
from cpoly.count.compiledgame import Game
from cpoly.count.exclusive import pairs_left, symmetries, zero_one_terms
from cpoly.count.typedpatterns import (
    MAX_PATTERNS,
    _typed_patterns,
    _typed_patterns_at_once,
    pattern_count,
    typed_patterns,
)
from cpoly.dag.rewrite import add, const, mul
from cpoly.errors import CpolyTooLarge


def _cases(seed: int, n: int) -> list[tuple[int, list[list[int]], list[int | None]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        m = rng.randint(1, 7)
        atoms = rng.randint(1, 14)
        sizes = [rng.choice([None, 0, 1, 1, 1, 2, 3, 5]) for _ in range(atoms)]
        allowed = [sorted(rng.sample(range(atoms), rng.randint(0, atoms))) for _ in range(m)]
        out.append((m, allowed, sizes))
    return out


@pytest.mark.parametrize(("m", "allowed", "sizes"), [
    (5, [list(range(13))] * 3 + [list(range(12))] * 2, [1] * 13),  # every face apart: 13^3 12^2
    (5, [[0]] * 5, [None]),                                          # Bell(5)
    (7, [[0, 1]] * 7, [4, None]),
    (4, [[0, 1], [1, 2], [0, 1, 2], [2]], [1, 2, None]),
    *_cases(33, 300),
])
def test_pattern_count_is_the_number_enumerated(m: int, allowed: list[list[int]], sizes: list[int | None]) -> None:
    try:
        enumerated: int | None = len(typed_patterns(m, allowed, sizes)[0])
    except CpolyTooLarge:
        enumerated = None
    try:
        counted: int | None = pattern_count(m, allowed, sizes)
    except CpolyTooLarge:
        counted = None
    assert counted == enumerated
    assert counted is None or counted <= MAX_PATTERNS


def test_pattern_count_refuses_past_the_limit_as_enumerating_does() -> None:
    with pytest.raises(CpolyTooLarge, match="equality patterns of 8 vertices"):
        pattern_count(8, [list(range(15))] * 8, [1] * 15)


# ---- the 0/1 check by pairs of terms ---------------------------------------------------------
SMALL = (Path(__file__).parent / "fixtures" / "small_poker.cp").read_text(encoding="utf-8")
EXTRA = {  # categories over the small deck: 0/1 or not, symmetric in the cards or not
    "AceCards": "sum(i in 1..5) δF[i]{Ace}",                                   # 0..4 aces: not 0/1
    "PairOrAce": "any(i<j in 1..5) δF[i],F[j] + δF[1]{Ace}",                   # overlap: not 0/1
    "FirstHigh": "δF[1]{Ace} + δF[1]{King}",                                    # disjoint values: 0/1
    "Windows": "(sum(w in Nine..Ten) prod(i in 1..5) δF[i]{w..w+4}) UniqueFaces",  # the deal decides
    "SuitedPairs": "sum(i<j in 1..5) (δS[i],S[j] δF[i],F[j])",                  # 0 on the deal
    "TwoWays": "δF[1],F[2] + δF[1],F[2] δS[1],S[3]",                            # nested: not 0/1
    "PairsSuited": "(δF[1],F[2] + δF[1],F[3]) δS[1],S[4]",                       # a sum times a 0/1 factor: not 0/1
    "HighSuited": "(δF[1]{Ace} + δF[1]{King}) δS[1],S[2]",                       # a sum times a 0/1 factor: 0/1
}


def _small_game() -> Game:
    lines = SMALL.replace("ranks ", "".join(f"{n} = {e}\n" for n, e in EXTRA.items()) + "ranks ", 1)
    names = ", ".join(EXTRA)
    lines = lines.replace("categories RoyalFlush,", f"categories {names}, RoyalFlush,", 1)
    return load_game_text(lines, check_order=False)


@pytest.mark.parametrize("name", [*EXTRA, "Straight", "FullHouse", "StraightFlush"])
def test_the_pairs_check_agrees_with_counting_c_times_c_minus_1(name: str) -> None:
    game = _small_game()
    node = game.categories[name]
    by_square = game.plan.count_ordered(mul(node, add(node, const(-1))), checking=False) != 0
    assert game._hits_twice(name) == by_square
    # sums of 0/1 terms, or such a sum times 0/1 factors (the straights times UniqueFaces)
    by_pairs = {"AceCards", "FirstHigh", "SuitedPairs", "TwoWays", "FullHouse", "Windows", "Straight", "StraightFlush",
                "PairsSuited", "HighSuited"}
    assert (zero_one_terms(node) is not None) == (name in by_pairs)
    expected = {"AceCards": True, "PairOrAce": True, "TwoWays": True, "PairsSuited": True}.get(name, False)
    assert by_square == expected


def test_the_rules_prove_the_seven_card_straight_flushes_exclusive() -> None:
    game = load_game("definitions/holdem.cp")
    terms = zero_one_terms(game.categories["StraightFlush"])
    assert terms is not None and len(terms) == 210
    swaps = symmetries(terms, game.deal, card_swaps(game.face_vertices, game.suit_vertices))
    assert len(swaps) == 6  # every adjacent transposition of the seven cards
    assert pairs_left(terms, game.deal, swaps) == []  # 290 pairs tried, every one 0 by the rules


# ---- the pay-only-the-highest walk shares what its overlaps found ---------------------------------
@pytest.mark.parametrize("path", ["definitions/deuces_wild.cp", "definitions/joker_poker.cp",
                                  "definitions/double_bonus_plus.cp", "definitions/holdem.cp"])
def test_overlaps_proved_zero_leave_the_exclusions_and_paid_counts_as_counting_every_one(path: str) -> None:
    shared, plain = load_game(path, use_cache=False), load_game(path, use_cache=False)
    plain._all_zero_one = lambda: False  # type: ignore[method-assign]  # the rule counting every overlap
    counted = []
    for game in (shared, plain):
        overlaps: list[str] = []
        count = game.plan.count_ordered

        def counting(node, what="this count", checking=True, budget=None, count=count, overlaps=overlaps):  # type: ignore[no-untyped-def]
            overlaps.extend([what] if what.startswith("the overlap") else [])
            return count(node, what, checking, budget)

        game.plan.count_ordered = counting  # type: ignore[method-assign]
        game.exclusions()
        counted.append(len(overlaps))
    assert shared.exclusions() == plain.exclusions()
    assert [shared.paid_count_ordered(n) for n in shared.category_names] == \
        [plain.paid_count_ordered(n) for n in plain.category_names]
    assert counted[0] < counted[1]  # some overlaps were proved 0 without a count


@pytest.mark.parametrize(("m", "allowed", "sizes"), _cases(34, 60))
def test_patterns_typed_at_once_are_the_patterns_typed_one_partition_at_a_time(
        m: int, allowed: list[list[int]], sizes: list[int | None]) -> None:
    key = (m, tuple(map(tuple, allowed)), tuple(sizes))
    try:
        slow = _typed_patterns.__wrapped__(*key)  # type: ignore[attr-defined]
    except CpolyTooLarge:
        slow = None
    try:
        fast = _typed_patterns_at_once.__wrapped__(*key)  # type: ignore[attr-defined]
    except CpolyTooLarge:
        fast = None
    assert (slow is None) == (fast is None)
    assert slow is None or fast is None or all((a == b).all() and a.shape == b.shape for a, b in zip(slow, fast))


def test_a_widened_joker_poker_table_counts_as_checking_every_deal_says() -> None:
    """Joker Poker on 15 faces (57 cards; before issue 33 its count took 22 s and 1.5 GB, and on 30
    faces it was over the table's budget): the table counted is the table of checking each of its
    4,187,106 hands."""
    counted = deal_table(load_game("definitions/joker_poker.cp", overrides={"Faces": 15}, use_cache=False))
    checked = deal_table_by_checking(load_game("definitions/joker_poker.cp", overrides={"Faces": 15}, use_cache=False))
    assert counted == checked and counted.total == 4_187_106
