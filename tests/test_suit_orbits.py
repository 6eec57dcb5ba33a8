"""Deal classes from canonical members (cpoly.deck.suitorbits) against brute force.

Oracle: every deal mapped by every renaming of the suits that maps the deck onto itself (the
renamings built here from the definition, not by the deck layer), each image sorted and
ranked; the least rank is the class representative.  Decks past 64 cards (more suits, copies),
decks whose suits are not all alike (a joker, a missing card), copies, suit-major and shuffled
card orders, and hypothesis' random decks.  The class count of the 65-card deck is checked by
Burnside's lemma, and a six-suit game's analysis against the figures of the per-permutation path.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpoly.deck import suitorbits
from cpoly.deck.codes import CardCodes
from cpoly.deck.subsets import all_hands
from cpoly.deck.suitorbits import SuitOrbits
from cpoly.deck.symmetry import deal_classes
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from tests.conftest import ROOT

Deck = tuple[list[int], list[int]]


def renamings(faces: list[int], suits: list[int]) -> np.ndarray:
    """Card permutations of every suit renaming under which the deck maps onto itself, the
    ``j``-th copy of a card (in deck order) to the ``j``-th copy of its image."""
    cards = list(zip(faces, suits))
    copy = [cards[:i].count(card) for i, card in enumerate(cards)]
    where = {(f, s, c): i for i, ((f, s), c) in enumerate(zip(cards, copy))}
    values = sorted(set(suits))
    rows = []
    for image in permutations(values):
        rename = dict(zip(values, image))
        row = [where.get((f, rename[s], c), -1) for (f, s), c in zip(cards, copy)]
        if -1 not in row:
            rows.append(row)
    return np.array(rows, dtype=np.int64)


def brute_least(n: int, k: int, maps: np.ndarray) -> np.ndarray:
    """For every k-subset in colex order, the least colex rank of its images under ``maps``."""
    hands = all_hands(n, k).astype(np.int64)
    binomials = np.array([[comb(c, i + 1) for c in range(n)] for i in range(k)], dtype=np.int64)

    def rank(rows: np.ndarray) -> np.ndarray:
        return sum((binomials[i][rows[:, i]] for i in range(k)), np.zeros(len(rows), dtype=np.int64))

    assert np.array_equal(rank(hands), np.arange(len(hands)))  # the rows are in colex order
    least = rank(hands)
    for card_map in maps[1:]:
        np.minimum(least, rank(np.sort(card_map[hands], axis=1)), out=least)
    return least


def assert_brute_classes(deck: Deck, k: int) -> None:
    faces, suits = deck
    maps = renamings(faces, suits)
    least = brute_least(len(faces), k, maps)
    representatives = np.unique(least)
    classes = deal_classes(np.array(faces), np.array(suits), k)
    assert classes.group_order == len(maps)
    assert classes.representatives.dtype == np.int64 and classes.class_of.dtype == np.int32
    assert np.array_equal(classes.representatives, representatives)
    assert np.array_equal(classes.class_of, np.searchsorted(representatives, least))
    assert np.array_equal(classes.sizes, np.bincount(np.searchsorted(representatives, least)))


def face_major(ranks: int, suits: int) -> Deck:
    f, s = CardCodes(ranks, suits).faces_and_suits()
    return f.tolist(), s.tolist()


def suit_major(ranks: int, suits: int) -> Deck:
    return [f for _ in range(suits) for f in range(ranks)], [s for s in range(suits) for _ in range(ranks)]


def shuffled(deck: Deck, seed: int) -> Deck:
    order = np.random.default_rng(seed).permutation(len(deck[0])).tolist()
    return [deck[0][i] for i in order], [deck[1][i] for i in order]


def stacked(deck: Deck, copies: int) -> Deck:
    """``copies`` decks one after the other."""
    return deck[0] * copies, deck[1] * copies


def paired(deck: Deck) -> Deck:
    """Each card twice in a row."""
    return [f for f in deck[0] for _ in range(2)], [s for s in deck[1] for _ in range(2)]


def with_jokers(deck: Deck) -> Deck:
    """A joker of suit 0 (its own face: suit 0 is told apart) and one of a suit of its own."""
    top = max(deck[0]) + 1
    return deck[0] + [top, top + 1], deck[1] + [0, 9]


def without(deck: Deck, index: int) -> Deck:
    return deck[0][:index] + deck[0][index + 1:], deck[1][:index] + deck[1][index + 1:]


DECKS = {
    "3x2": (face_major(3, 2), 2),
    "4x3": (face_major(4, 3), 3),
    "2x5": (face_major(2, 5), 4),
    "3x4 k5": (face_major(3, 4), 5),
    "2x6": (face_major(2, 6), 3),
    "65 cards, five suits": (face_major(13, 5), 2),
    "65 cards, k=3": (face_major(13, 5), 3),
    "66 cards, six suits": (face_major(11, 6), 2),
    "68 cards, four suits": (face_major(17, 4), 3),
    "suit-major 4x3": (suit_major(4, 3), 3),
    "suit-major 13x5": (suit_major(13, 5), 2),
    "shuffled 4x4": (shuffled(face_major(4, 4), 1), 3),
    "shuffled 13x5": (shuffled(face_major(13, 5), 2), 2),
    "two decks 3x3": (stacked(face_major(3, 3), 2), 4),
    "three decks 2x2": (stacked(face_major(2, 2), 3), 4),
    "paired 3x3": (paired(face_major(3, 3)), 3),
    "two decks of 9x4 (72 cards)": (stacked(face_major(9, 4), 2), 2),
    "jokers 4x3": (with_jokers(face_major(4, 3)), 3),
    "a card missing 4x4": (without(face_major(4, 4), 6), 3),
    "suit values 2, 5, 11": ((face_major(3, 3)[0], [(2, 5, 11)[s] for s in face_major(3, 3)[1]]), 3),
}


@pytest.mark.parametrize("name", DECKS)
def test_deal_classes_equal_brute_force(name: str) -> None:
    deck, k = DECKS[name]
    assert_brute_classes(deck, k)


def test_decks_past_the_masks_take_the_image_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A suit of more slots than a mask holds: every image sorted and ranked, same classes."""
    monkeypatch.setattr(suitorbits, "MAX_SLOTS", 2)
    assert SuitOrbits.of(*map(np.array, face_major(4, 3))) is None
    assert_brute_classes(face_major(4, 3), 3)
    assert_brute_classes(shuffled(stacked(face_major(2, 3), 2), 3), 3)


@pytest.mark.parametrize("name", ["3x2", "4x3", "2x5", "2x6", "shuffled 4x4", "two decks 3x3", "paired 3x3",
                                  "jokers 4x3", "a card missing 4x4", "suit values 2, 5, 11"])
def test_orbit_sizes_equal_brute_force(name: str) -> None:
    """Each hand's orbit size from the renamings that fix it against the number of hands
    sharing its least image."""
    (faces, suits), k = DECKS[name]
    orbits = SuitOrbits.of(np.array(faces), np.array(suits))
    assert orbits is not None
    least = brute_least(len(faces), k, renamings(faces, suits))
    assert np.array_equal(orbits.orbit_sizes(all_hands(len(faces), k)), np.bincount(least)[least])


@pytest.mark.parametrize(("deck", "least_first"), [
    (face_major(13, 5), True), (stacked(face_major(13, 4), 2), True), (with_jokers(face_major(5, 3)), True),
    (suit_major(4, 3), False), (shuffled(face_major(4, 4), 1), False),
])
def test_card_codes_order_gives_least_members_directly(deck: Deck, least_first: bool) -> None:
    orbits = SuitOrbits.of(np.array(deck[0]), np.array(deck[1]))
    assert orbits is not None and orbits.least_first is least_first


def test_five_suit_class_count_by_burnside() -> None:
    """Orbits of 5-card deals of 13 x 5 cards = the mean over the 120 renamings of the deals each
    fixes (unions of the renaming's cycles of 5 cards in all)."""
    faces, suits = face_major(13, 5)
    maps = renamings(faces, suits)
    fixed = 0
    for card_map in maps:
        lengths = np.bincount([len(c) for c in _cycles(card_map.tolist())], minlength=6)
        ways = [1] + [0] * 5  # ways[m] = unions of cycles with m cards
        for length, count in enumerate(lengths.tolist()):
            for _ in range(count if 0 < length <= 5 else 0):
                ways = [ways[m] + (ways[m - length] if m >= length else 0) for m in range(6)]
        fixed += ways[5]
    classes = deal_classes(np.array(faces), np.array(suits))
    assert classes.count == fixed // len(maps) == 140_647
    assert int(classes.sizes.sum()) == comb(65, 5) and classes.group_order == 120
    assert np.array_equal(classes.class_of[classes.representatives], np.arange(classes.count))


def _cycles(permutation: list[int]) -> list[list[int]]:
    seen, cycles = set(), []
    for start in range(len(permutation)):
        cycle = []
        while start not in seen:
            seen.add(start)
            cycle.append(start)
            start = permutation[start]
        if cycle:
            cycles.append(cycle)
    return cycles


@st.composite
def random_decks(draw: st.DrawFn) -> tuple[Deck, int]:
    """Random decks: 1-4 faces, 1-5 suits, 1-2 copies, some cards missing, any order."""
    ranks, suits, copies = draw(st.integers(1, 4)), draw(st.integers(1, 5)), draw(st.integers(1, 2))
    cards = [(f, s) for _ in range(copies) for f in range(ranks) for s in range(suits)]
    keep = draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
    cards = [card for card, kept in zip(cards, keep) if kept] or cards
    cards = draw(st.permutations(cards))
    k = draw(st.integers(1, min(4, len(cards))))
    return ([f for f, _ in cards], [s for _, s in cards]), k


@settings(max_examples=60, deadline=None)
@given(random_decks())
def test_random_decks_equal_brute_force(case: tuple[Deck, int]) -> None:
    deck, k = case
    assert_brute_classes(deck, k)


SIX_SUIT_COMBINATIONS = (32_201_010, 15_903_000, 15_515_263_260, 42_581_643_300, 26_894_700, 14_503_009_770,
                         70_582_405_320, 104_014_505_700, 48_978_216_000, 24_025_396_500)


@pytest.mark.parametrize("by_classes", [True, False], ids=["suit classes", "every hand"])
def test_six_suit_analysis_equals_the_per_permutation_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                by_classes: bool) -> None:
    """Six suits of the small deck (36 cards, 720 renamings) prepared from its suit classes, and
    from every hand with its deal classes from canonical members: the figures of the path that
    sorted every hand's 720 images (commit afa0628, `cpoly analyze` of the same file)."""
    text = (ROOT / "tests" / "fixtures" / "small_poker.cp").read_text(encoding="utf-8")
    full_house = text[text.index("FullHouse = ("):text.index("ThreeOfAKind =")]
    text = (text.replace(full_house, "FullHouse = any(i<j<k in 1..5) (δF[i],F[j],F[k] * any(l<m in 1..5) "
                                     "(δF[l],F[m] (1 - δl,i) (1 - δl,j) (1 - δl,k) (1 - δm,i) (1 - δm,j) (1 - δm,k)))\n")
            .replace("Suits = 3", "Suits = 6").replace('"hdc"', '"hdcsxy"'))
    (tmp_path / "six.cp").write_text(text, encoding="utf-8")
    if not by_classes:
        monkeypatch.setattr(VideoPoker, "_prepare_by_classes", lambda self, use_cache: None)
    poker = VideoPoker.load(str(tmp_path / "six.cp"))
    analysis = poker.analyze(use_cache=False)
    prepared = poker.single_deck(use_cache=False)
    assert isinstance(prepared, PreparedGame) and (prepared.suit_classes is not None) is by_classes
    assert analysis.group_order == 720 and analysis.deal_classes == 2_628
    assert analysis.combinations == SIX_SUIT_COMBINATIONS
    assert analysis.expected_return == Fraction(83_453_999, 20_451_816)
