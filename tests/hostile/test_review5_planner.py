"""Hostile review of two planner merges, against oracles that do not plan:

* contract2 (``cpoly.count.contraction._may_hold``): an overlap is planned with no part when the
  factors that name no value, on the set partitions of each side, and the distinct-card matrix
  prove the product 0.  A wrong proof drops counts silently.
* planner4 (``cpoly.count.condition``): the wild split's candidates memoised on their literals
  and domains, the wild cases made lazily.  A stale key or a generator read twice gives a wrong
  count silently.

The oracles: every assignment of a small deck (``count_dense``), every deal of a reduced deck
evaluated on the DAG (the categories' values, not their 0/1 hits, so a category worth 2 on a
deal is a near-miss the zero test must keep), and a seven-card classifier written out here in
Python (no cpoly).  Random contraction nodes draw from the hostile suite's seed
(``CPOLY_HOSTILE_SEED=N`` replays a failure).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

import cpoly.count.contraction as contraction
import cpoly.count.patterncount as patterncount
from cpoly.api import count_deals, load_game
from cpoly.count.compiledgame import Game
from cpoly.count.contraction import contraction_sum, plan_contraction
from cpoly.count.evaluate import count_dense, evaluate_factored
from cpoly.dag.expr import Expr
from cpoly.dag.rewrite import add, const, delta, mul, one_minus
from cpoly.lang.resolve import Sort
from tests.conftest import DEFINITIONS
from tests.hostile.seed import SEED, replay

# ---- the zero test on random nodes, against every assignment ---------------------------------


def _any_of(*terms: Expr) -> Expr:
    return one_minus(mul(*(one_minus(t) for t in terms)))


def _side_factor(rng: random.Random, vertices: tuple[int, ...], size: int) -> Expr:
    """A factor of one sort: equalities, NOTs, ORs of n of a kind, sums (not 0/1), differences
    (negative), two pairs, or now and then a value literal."""
    n = len(vertices)
    kind = rng.randrange(9)
    if kind == 0:
        return delta(tuple(sorted(rng.sample(vertices, rng.randint(2, min(4, n))))))
    if kind == 1:
        return one_minus(delta(tuple(sorted(rng.sample(vertices, 2)))))
    if kind in (2, 3):
        of = [delta(c) for c in combinations(vertices, rng.randint(2, min(4, n)))]
        return _any_of(*of) if kind == 2 else one_minus(_any_of(*of))
    if kind == 4:
        return add(*(delta(c) for c in combinations(vertices, rng.randint(2, min(4, n)))))  # 0 to C(n, k)
    if kind == 5:
        a, b = rng.sample(list(combinations(vertices, 2)), 2)
        return add(delta(a), mul(const(-1), delta(b)))  # -1, 0 or 1
    if kind == 6:
        return delta((rng.choice(vertices),), frozenset(rng.sample(range(size), rng.randint(1, size - 1))))
    a, b, c, d = rng.sample(vertices, 4)
    return mul(delta(tuple(sorted((a, b)))), delta(tuple(sorted((c, d)))), one_minus(delta(tuple(sorted((a, c))))))


def _random_node(rng: random.Random, faces: tuple[int, ...], suits: tuple[int, ...], sizes: tuple[int, int]) -> Expr:
    """A product of face factors, suit factors and now and then a mixed one (or a sum of two
    such products)."""
    factors = [_side_factor(rng, faces, sizes[0]) for _ in range(rng.randint(1, 4))]
    factors += [_side_factor(rng, suits, sizes[1]) for _ in range(rng.randint(0, 3))]
    if rng.random() < 0.3:
        i, j = rng.sample(range(len(faces)), 2)
        factors.append(add(delta((faces[i], faces[j])), delta((suits[i], suits[j]))))
    node = mul(*factors)
    return add(node, mul(*(_side_factor(rng, faces, sizes[0]) for _ in range(2)))) if rng.random() < 0.2 else node


@pytest.mark.parametrize(("cards", "faces", "suits", "nodes"), [(5, 4, 3, 70), (4, 3, 3, 70), (6, 3, 3, 25)])
def test_random_contractions_equal_every_assignment(cards: int, faces: int, suits: int, nodes: int) -> None:
    rng = random.Random(f"{SEED}:{cards}:{faces}:{suits}")
    face_vs, suit_vs = tuple(range(1, cards + 1)), tuple(range(cards + 1, 2 * cards + 1))
    sorts = {**{v: Sort("F", faces) for v in face_vs}, **{v: Sort("S", suits) for v in suit_vs}}
    deal = mul(*(one_minus(mul(delta((face_vs[i], face_vs[j])), delta((suit_vs[i], suit_vs[j]))))
                 for i in range(cards) for j in range(i)))
    no_part = 0
    for k in range(nodes):
        target = mul(deal, _random_node(rng, face_vs, suit_vs, (faces, suits)))
        plan = plan_contraction(target, sorts, frozenset(sorts))
        if plan is None:
            continue
        expected = count_dense(target, sorts, sorted(sorts))
        assert contraction_sum(plan) == expected, replay(f"{cards} cards, {faces}x{suits}, node {k}")
        no_part += plan.parts == ()
    assert no_part > 0, replay("no product was proven 0: the zero test went untested")


# ---- shipped six- and seven-card games on reduced decks, against every deal -------------------

#: Card values squeezed into a 7-face deck: a Ten-Ace window of 2..6, Nine at 1 (a straight
#: window of Nine..King), the rest in the domain too.  Every category stays 0/1.
SEVEN_FACES = {"Faces": 7, "Suits": 2, "Ace": 6, "King": 5, "Queen": 4, "Jack": 3, "Ten": 2, "Nine": 1, "Two": 0}
#: Ten-Ace is 3..7 and the windows Two..Nine run to 7..11: a straight of 3..7 is counted by
#: two windows, so Straight and StraightFlush are 2 on some deals (not 0/1: near-misses).
DOUBLED_STRAIGHTS = {"Faces": 8, "Suits": 2, "Ace": 7, "Ten": 3}


def _category_values(game: Game, categories: Sequence[Expr]) -> tuple[np.ndarray, list[np.ndarray]]:
    """Every deal's weight and each category's value on it (object integers): the DAG
    evaluated deal by deal, no plan."""
    plan = game.plan
    sort_of = {v: s.name for v, s in plan.space.sorts.items()}
    weights: list[np.ndarray] = []
    values: list[list[np.ndarray]] = [[] for _ in categories]
    for hands, weight in plan.dealt_hands(categories):
        weights.append(weight.astype(object))
        for k, value in enumerate(evaluate_factored(list(categories), sort_of, plan.space.assignment(hands))):
            values[k].append(np.asarray(value.at_assignments(len(hands))).astype(object))
    return np.concatenate(weights), [np.concatenate(v) for v in values]


def _overlaps(n: int, rng: random.Random, triples: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(categories multiplied, categories negated): every pair, every ``a * (1 - b)``, and
    ``triples`` random products of three (with none, one or two negated)."""
    for a, b in combinations(range(n), 2):
        yield (a, b), ()
        yield (a,), (b,)
        yield (b,), (a,)
    for _ in range(triples):
        a, b, c = rng.sample(range(n), 3)
        yield from (((a, b, c), ()), ((a, b), (c,)), ((a,), (b, c)))


def _check_overlaps(game: Game, rng: random.Random, triples: int, label: str) -> int:
    """Every overlap's planned count against the deals' values; how many were 0."""
    names = game.category_names
    categories = [game.categories[n] for n in names]
    weights, values = _category_values(game, categories)
    zero = 0
    for kept, negated in dict.fromkeys(_overlaps(len(names), rng, triples)):
        expected = weights.copy()
        for i in kept:
            expected = expected * values[i]
        for j in negated:
            expected = expected * (1 - values[j])
        node = mul(*(categories[i] for i in kept), *(one_minus(categories[j]) for j in negated))
        what = f"{label}: {' * '.join(names[i] for i in kept)} * NOT {', '.join(names[j] for j in negated)}"
        assert count_deals(game, node) == int(expected.sum()), what
        zero += int(expected.sum()) == 0
    return zero


@pytest.fixture
def proofs(monkeypatch: pytest.MonkeyPatch) -> Counter[bool]:
    """How often the zero test answered each way (the test's own count, undone after it)."""
    answers: Counter[bool] = Counter()
    original = contraction._may_hold

    def counted(*args: object) -> bool:
        answer = original(*args)  # type: ignore[arg-type]
        answers[answer] += 1
        return answer
    monkeypatch.setattr(contraction, "_may_hold", counted)
    return answers


@pytest.mark.parametrize(("name", "sizes", "triples"), [
    ("holdem.cp", SEVEN_FACES, 10),
    ("six_card_bonus.cp", DOUBLED_STRAIGHTS, 25),
    ("short_deck_trips.cp", {"Faces": 6, "Suits": 2}, 15),
    ("short_deck.cp", {"Faces": 5, "Suits": 3}, 15),
])
def test_overlaps_of_six_and_seven_card_games_equal_every_deal(name: str, sizes: dict[str, int], triples: int,
                                                              proofs: Counter[bool]) -> None:
    game = load_game(DEFINITIONS / name, overrides=sizes, use_cache=False)
    zero = _check_overlaps(game, random.Random(name), triples, f"{name} {sizes}")
    assert zero > 0 and proofs[False] > 0 and proofs[True] > 0  # zero overlaps proven, others kept


# ---- wild games one after another in one process, decks changing between them ---------------

DEUCES_SMALL = {"Faces": 7, "Two": 0, "Three": 1, "Four": 2, "Five": 3, "Six": 4, "Ten": 2, "Jack": 3,
                "Queen": 4, "King": 5, "Ace": 6}
JOKER_SMALL = {**DEUCES_SMALL, "Faces": 8, "Joker": 7}
SEVERAL_WILD = """import "jokers.cp"
import "wild.cp"
game "three wild values, two jokers"
override Wild = {Two, Three, Joker}
override LowNatural = Four
override Jokers = 2
categories FiveOfAKind, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind, TwoPair,
           NaturalRoyalFlush, WildRoyalFlush
"""


def _wild_games(tmp: Path) -> list[tuple[Path, dict[str, int]]]:
    """Wild games in the order counted: the same literals on decks of other sizes (a memo key
    without the domain's size would answer the second from the first), one, two and three wild
    values, two jokers, the first game again (the memos full of the others)."""
    several = tmp / "several_wild.cp"
    several.write_text(SEVERAL_WILD, encoding="utf-8")
    deuces, both = DEFINITIONS / "deuces_wild.cp", DEFINITIONS / "deuces_and_joker_wild.cp"
    return [(deuces, {**DEUCES_SMALL, "Suits": 2}), (deuces, {**DEUCES_SMALL, "Faces": 8, "Suits": 2}),
            (both, {**JOKER_SMALL, "Suits": 2}), (both, {**JOKER_SMALL, "Faces": 9, "Suits": 2, "Jokers": 2}),
            (several, {**JOKER_SMALL, "Suits": 2}), (deuces, {**DEUCES_SMALL, "Suits": 3})]


def test_wild_games_in_sequence_on_changing_decks_equal_every_deal(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    split_kinds: Counter[tuple[bool, int]] = Counter()
    original = patterncount._cases

    def counted(node: Expr, sorts: object, universe: object, split: object, *rest: object) -> object:
        split_kinds[(split.wild, len(split.values))] += 1  # type: ignore[attr-defined]
        return original(node, sorts, universe, split, *rest)  # type: ignore[arg-type]
    monkeypatch.setattr(patterncount, "_cases", counted)
    rng = random.Random(5)
    for path, sizes in _wild_games(tmp_path):
        game = load_game(path, overrides=sizes, use_cache=False)
        _check_overlaps(game, rng, 4, f"{path.name} {sizes}")
    assert split_kinds[(True, 1)] > 0 and any(n > 1 for wild, n in split_kinds if not wild)  # both kinds of split


# ---- an independent seven-card classifier (no cpoly) on a reduced standard deck ---------------

HOLDEM_DECK = {"Faces": 6, "Suits": 3}  # Two to Seven (the Ace and the wheel out of the deck)


def _classify(cards: Sequence[tuple[int, int]], faces: int) -> dict[str, bool]:
    """Hold'em's categories of seven cards (face, suit), without the royal (Ace out of the deck)."""
    by_face = Counter(f for f, _ in cards)
    shape = sorted(by_face.values(), reverse=True)

    def run_of_five(present: set[int]) -> bool:
        return any(all(f + k in present for k in range(5)) for f in range(faces - 4))
    suited = [{f for f, s in cards if s == suit} for suit in {s for _, s in cards}]
    return {"StraightFlush": any(run_of_five(fs) for fs in suited), "FourOfAKind": shape[0] >= 4,
            "FullHouse": shape[0] >= 3 and shape[1] >= 2, "Flush": any(len(fs) >= 5 for fs in suited),
            "Straight": run_of_five(set(by_face)), "ThreeOfAKind": shape[0] >= 3,
            "TwoPair": shape[1] >= 2, "OnePair": shape[0] >= 2}


def test_holdem_overlaps_equal_a_classifier_written_out(proofs: Counter[bool]) -> None:
    deck = [(f, s) for f in range(HOLDEM_DECK["Faces"]) for s in range(HOLDEM_DECK["Suits"])]
    hands = [_classify(h, HOLDEM_DECK["Faces"]) for h in combinations(deck, 7)]
    game = load_game(DEFINITIONS / "holdem.cp", overrides=HOLDEM_DECK, use_cache=False)
    names = list(hands[0])

    def expected(kept: Sequence[str], negated: Sequence[str]) -> int:
        return sum(all(h[n] for n in kept) and not any(h[n] for n in negated) for h in hands)
    for a, b in combinations(names, 2):
        for kept, negated in (((a, b), ()), ((a,), (b,)), ((b,), (a,))):
            node = mul(*(game.categories[n] for n in kept), *(one_minus(game.categories[n]) for n in negated))
            assert count_deals(game, node) == expected(kept, negated), (kept, negated)
    assert count_deals(game, game.categories["RoyalFlush"]) == 0
    assert proofs[False] > 0  # some overlaps (four of a kind without trips) proven 0
