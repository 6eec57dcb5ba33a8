"""The evaluator against two peer libraries (phevaluator, eval7) and hand-checked examples."""

from __future__ import annotations

import eval7
import numpy as np
import pytest
from phevaluator import evaluate_cards

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.evaluator import (
    CATEGORY_NAMES,
    best_five,
    category_codes,
    evaluate,
    evaluate_one,
)
from cpoly.games.holdem.intcards import format_card, format_cards, parse_cards

EVAL7_CODES = {
    "High Card": 1, "Pair": 2, "Two Pair": 3, "Trips": 4, "Straight": 5, "Flush": 6,
    "Full House": 7, "Quads": 8, "Straight Flush": 9,
}


def _random_hands(size: int, count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size]


def _eval7_value(hand: np.ndarray) -> int:
    return int(eval7.evaluate([eval7.Card(format_card(int(c))) for c in hand]))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_order_agrees_with_phevaluator(size: int) -> None:
    hands = _random_hands(size, 4000, seed=size)
    ours = evaluate(hands)
    theirs = np.array([evaluate_cards(*[format_card(int(c)) for c in h]) for h in hands])
    # phevaluator: smaller is better.  Compare every hand with a shuffled partner.
    partner = np.random.default_rng(0).permutation(len(hands))
    assert (np.sign(ours - ours[partner]) == np.sign(theirs[partner] - theirs)).all()


# Cactus Kev / phevaluator rank classes (1 = royal flush ... 7462 = 7-5-4-3-2): class boundaries.
PH_CATEGORY_TOPS = [(10, 9), (166, 8), (322, 7), (1599, 6), (1609, 5), (2467, 4), (3325, 3),
                    (6185, 2), (7462, 1)]


def _phevaluator_code(rank: int) -> int:
    return next(code for top, code in PH_CATEGORY_TOPS if rank <= top)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_category_agrees_with_phevaluator(size: int) -> None:
    hands = _random_hands(size, 3000, seed=20 + size)
    codes = np.minimum(category_codes(evaluate(hands)), 9)
    theirs = [_phevaluator_code(evaluate_cards(*[format_card(int(c)) for c in h])) for h in hands]
    assert codes.tolist() == theirs


def test_all_five_card_hands_published_frequencies() -> None:
    """All 2,598,960 hands: 7,462 distinct strengths and the published category counts."""
    from itertools import combinations

    every = np.array(list(combinations(range(52), 5)), dtype=np.int8)
    strengths = np.concatenate([evaluate(chunk) for chunk in np.array_split(every, 8)])
    assert len(np.unique(strengths)) == 7462
    counts = np.bincount(category_codes(strengths), minlength=11)[1:].tolist()
    assert counts == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_order_and_category_agree_with_eval7(size: int) -> None:
    hands = _random_hands(size, 4000, seed=10 + size)
    ours = evaluate(hands)
    theirs = np.array([_eval7_value(h) for h in hands])
    partner = np.random.default_rng(1).permutation(len(hands))
    assert (np.sign(ours - ours[partner]) == np.sign(theirs - theirs[partner])).all()
    codes = np.minimum(category_codes(ours), 9)  # eval7 calls a royal a straight flush
    expected = np.array([EVAL7_CODES[eval7.handtype(int(v))] for v in theirs])
    assert (codes == expected).all()


RARE_HANDS = [  # hands random sampling rarely reaches, with their codes
    ("As Ks Qs Js Ts 2c 3d", 10),
    ("5h 4h 3h 2h Ah Kd Kc", 9),
    ("2c 2d 2h 2s 3c 3d 3h", 8),
    ("Kc Kd Kh Qs Qc Qd 2h", 7),
    ("2c 4c 6c 8c Tc Jc Qc", 6),
    ("As 2d 3h 4s 5c Kd Kh", 5),
]


@pytest.mark.parametrize(("text", "code"), RARE_HANDS)
def test_rare_categories(text: str, code: int) -> None:
    cards = parse_cards(text)
    assert int(category_codes([evaluate_one(cards)])[0]) == code
    theirs = eval7.handtype(_eval7_value(np.array(cards)))
    assert EVAL7_CODES[theirs] == min(code, 9)


def test_wheel_loses_to_six_high_straight() -> None:
    wheel = evaluate_one(parse_cards("As 2d 3h 4s 5c 9d 9h"))
    six = evaluate_one(parse_cards("6s 2d 3h 4s 5c 9d 9h"))
    assert six > wheel


@pytest.mark.parametrize(("text", "best"), [
    ("Ah Ad Kc Ks 7h 7d 2c", "Ah Ad Ks Kc 7h"),
    ("5h 4h 3h 2h Ah Kd Kc", "5h 4h 3h 2h Ah"),
    ("2c 2d 2h 2s 3c 3d 3h", "2s 2h 2d 2c 3c"),
    ("Kc Kd Kh Qs Qc Qd 2h", "Kh Kd Kc Qs Qc"),
    ("9c 8d 7h 6s 5c 4d 2h", "9c 8d 7h 6s 5c"),
])
def test_best_five(text: str, best: str) -> None:
    chosen = best_five(parse_cards(text))
    assert format_cards(chosen) == best
    assert evaluate_one(chosen) == evaluate_one(parse_cards(text))


def test_best_five_is_the_best_subset_on_random_hands() -> None:
    for hand in _random_hands(7, 200, seed=3):
        chosen = best_five(tuple(int(c) for c in hand))
        assert set(chosen) <= {int(c) for c in hand}
        assert evaluate_one(chosen) == evaluate_one(tuple(int(c) for c in hand))


def test_category_names() -> None:
    assert CATEGORY_NAMES[0] == "high card" and CATEGORY_NAMES[9] == "royal flush"


@pytest.mark.parametrize("shape", [(3, 4), (2, 8), (5,)])
def test_bad_shapes(shape: tuple[int, ...]) -> None:
    cards = np.arange(int(np.prod(shape))).reshape(shape)
    if shape == (5,):
        assert evaluate(cards).shape == (1,)
    else:
        with pytest.raises(CpolyInputError):
            evaluate(cards)


def test_bad_card_numbers() -> None:
    with pytest.raises(CpolyInputError):
        evaluate(np.array([[0, 1, 2, 3, 52]]))


def _same_weak_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    order = np.argsort(theirs, kind="stable")
    a, b = ours[order], theirs[order]
    return bool(((np.diff(a) > 0) == (np.diff(b) > 0)).all() and (np.diff(a) >= 0).all())


def test_every_seven_card_rank_multiset_against_eval7() -> None:
    """All 49,205 rank multisets of 7 cards, suited so that no flush exists (exhaustive)."""
    from cpoly.deck.ranks import rank_multisets

    multisets = rank_multisets(7)
    ranks = np.repeat(np.arange(13)[None, :], len(multisets), axis=0)
    hands = np.array([np.repeat(r, m) for r, m in zip(ranks, multisets)])
    hands = 4 * hands + np.arange(7) % 4  # copies of a rank are adjacent: distinct suits
    ours = evaluate(hands)
    theirs = np.array([_eval7_value(h) for h in hands])
    assert _same_weak_order(ours, theirs)


def test_every_flush_mask_against_eval7() -> None:
    """Every set of 5-7 ranks in one suit (flushes and straight flushes, exhaustive)."""
    masks = [m for m in range(8192) if 5 <= m.bit_count() <= 7]
    hands = [[4 * r + 1 for r in range(13) if m >> r & 1] for m in masks]
    ours = np.array([evaluate_one(tuple(h)) for h in hands])
    theirs = np.array([_eval7_value(np.array(h)) for h in hands])
    assert _same_weak_order(ours, theirs)
