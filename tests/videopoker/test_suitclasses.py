"""Suit classes generated card by card (suitclasses.py, classprep.py) against every hand listed.

Oracles: the deal classes found by canonicalising every hand (combinatorics.deal_classes, and a
brute-force orbit minimum under the group's card maps), the subset tables counted over every
hand (tables.build_tables), brute-force video-poker analysis (vp_oracle) and the analysis of
the same game prepared from every hand (prepare.prepare_game).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.deck.suitclasses import SuitBlocks, suit_levels
from cpoly.deck.symmetry import deal_classes
from cpoly.games.videopoker.play.plain import PlainPlay, autohold_tables
from cpoly.games.videopoker.play.variant import analyze, autohold
from cpoly.games.videopoker.prepare.prepared import prepare_game
from cpoly.games.videopoker.prepare.tables import build_tables
from cpoly.games.videopoker.warm.preparedfile import prepare_from_file
from cpoly.lang.paytable import PayTable

from .vp_oracle import brute_analysis, poker_categories, standard_deck

RULES = ("first", "fewest-cards", "most-cards", "lowest-variance", "highest-variance", "rank-order")


def joker_deck(n_faces: int, n_suits: int) -> tuple[np.ndarray, np.ndarray]:
    faces, suits = standard_deck(n_faces, n_suits)
    return np.append(faces, n_faces), np.append(suits, 0)  # the joker: its own face, suit 0 only


def orbit_minimum(hands: np.ndarray, maps: np.ndarray) -> np.ndarray:
    """The least colex rank of every hand's images under the card maps (brute force)."""
    images = np.sort(maps[:, hands.astype(np.int64)], axis=2)  # (G, N, k)
    return np.min(np.stack([colex_rank(image) for image in images]), axis=0)


@pytest.mark.parametrize("deck", [standard_deck(13, 4), standard_deck(5, 3), standard_deck(4, 4),
                                  joker_deck(5, 3), standard_deck(6, 2)])
def test_five_card_classes_equal_canonicalising_every_hand(deck: tuple[np.ndarray, np.ndarray]) -> None:
    faces, suits = deck
    levels = suit_levels(SuitBlocks.of(faces, suits, []))
    reference = deal_classes(faces, suits)
    assert np.array_equal(colex_rank(levels.cards(5)), reference.representatives)
    assert np.array_equal(levels.orbit_sizes(5), reference.sizes)


def test_literals_split_the_blocks_and_classes_follow_the_smaller_group() -> None:
    faces, suits = standard_deck(5, 4)
    blocks = SuitBlocks.of(faces, suits, [frozenset({0, 1})])  # the game tells suits 0, 1 from 2, 3
    assert blocks is not None and blocks.blocks == ((0, 1), (2, 3)) and blocks.group_order == 4
    maps = blocks.card_maps()
    assert len(maps) == 4 and maps[0].tolist() == list(range(20))
    levels = suit_levels(blocks)
    for k in range(1, 6):
        hands = all_hands(20, k)
        least = orbit_minimum(hands, maps)
        representatives = np.unique(least)
        assert np.array_equal(colex_rank(levels.cards(k)), representatives)
        assert np.array_equal(levels.orbit_sizes(k), np.bincount(np.searchsorted(representatives, least)))
        assert np.array_equal(levels.class_of(hands), np.searchsorted(representatives, least))


@pytest.mark.parametrize(("n_faces", "n_suits"), [(13, 5), (11, 6), (16, 4)])
def test_decks_past_64_cards_have_the_classes_of_every_hand(n_faces: int, n_suits: int) -> None:
    """65, 66 and 64 cards (keys past one 64-bit card mask, more than four suits, 16 faces):
    the classes of the deck layer's pass over every hand (deal_classes, checked by Burnside in
    tests/test_suit_orbits.py)."""
    faces, suits = standard_deck(n_faces, n_suits)
    levels = suit_levels(SuitBlocks.of(faces, suits, []))
    reference = deal_classes(faces, suits)
    assert np.array_equal(colex_rank(levels.cards(5)), reference.representatives)
    assert np.array_equal(levels.orbit_sizes(5), reference.sizes)
    hands = all_hands(len(faces), 5)[::997]
    assert np.array_equal(levels.class_of(hands), reference.class_of[colex_rank(hands)])


def test_decks_outside_the_mask_form_are_refused() -> None:
    faces, suits = standard_deck(4, 3)
    assert SuitBlocks.of(faces[::-1], suits[::-1], []) is None  # not sorted by face, suit
    faces, suits = standard_deck(17, 3)
    assert SuitBlocks.of(faces, suits, []) is None  # 17 faces: mask tables of 2**17 entries refused


def invariant_categories(n_faces: int, n_suits: int, n_columns: int, seed: int) -> np.ndarray:
    """A random category per suit class of every hand (so invariant under suit permutations)."""
    faces, suits = standard_deck(n_faces, n_suits)
    classes = deal_classes(faces, suits)
    rng = np.random.default_rng(seed)
    per_class = rng.integers(0, n_columns, classes.count)
    categories: np.ndarray = per_class[classes.class_of]
    return categories


@pytest.mark.parametrize("n_faces, n_suits, seed", [(5, 3, 1), (4, 4, 2), (6, 2, 3)])
def test_class_tables_equal_tables_over_every_hand(n_faces: int, n_suits: int, seed: int) -> None:
    n_columns = 4
    categories = invariant_categories(n_faces, n_suits, n_columns, seed)
    faces, suits = standard_deck(n_faces, n_suits)
    n = len(faces)
    prepared = prepare_from_file(lambda deals: categories[colex_rank(deals)], SuitBlocks.of(faces, suits, []),
                               faces, n_columns, "unused", use_cache=False)
    expected = build_tables(categories, n, n_columns)
    tables = prepared.tables
    for j in range(5):
        assert np.array_equal(tables.counts[j], expected.counts[j]), j
    assert np.array_equal(tables.categories, categories)
    for deal in ([0, 1, 2, 3, 4], [n - 5, n - 4, n - 3, n - 2, n - 1], [0, 3, 5, 9, 11]):
        assert np.array_equal(prepared.deal_hold_counts(np.array(deal)),
                              _brute_counts(deal, categories, n, n_columns))


def _brute_counts(deal: list[int], categories: np.ndarray, n: int, n_columns: int) -> np.ndarray:
    """Final hands of each category of the 32 holds of a sorted deal, by listing the draws."""
    hands = all_hands(n, 5).astype(np.int64)
    counts = np.zeros((32, n_columns), dtype=np.int64)
    dealt = np.isin(hands, deal).sum(axis=1)
    for mask in range(32):
        held = [deal[i] for i in range(5) if mask >> i & 1]
        fits = (np.isin(hands, held).sum(axis=1) == len(held)) & (dealt == len(held))
        counts[mask] = np.bincount(categories[fits], minlength=n_columns)
    return counts


@pytest.mark.parametrize("rule", RULES)
def test_class_preparation_analyses_as_brute_force(rule: str) -> None:
    faces, suits = standard_deck(5, 3)
    categories = poker_categories(5, 3)
    table = PayTable("small", (50, 25, 9, 6, 4, 3, 2, 1, 1))
    prepared = prepare_from_file(lambda deals: categories[colex_rank(deals)], SuitBlocks.of(faces, suits, []),
                               faces, 10, "unused", use_cache=False)
    analysis = analyze(PlainPlay(prepared), table, rule)
    pays = [Fraction(p) for p in (50, 25, 9, 6, 4, 3, 2, 1, 1, 0)]
    assert list(analysis.combinations) == brute_analysis(categories, 15, pays, pays, faces)[rule][0]
    every_hand = prepare_game(categories, faces, suits, 10, use_cache=False)
    whole = analyze(PlainPlay(every_hand), table, rule)
    assert analysis.combinations == whole.combinations and analysis.dealt_combinations == whole.dealt_combinations
    assert analysis.hold_size_deals == whole.hold_size_deals and analysis.tied_deals == whole.tied_deals
    assert analysis.deal_counts == whole.deal_counts and analysis.deal_classes == whole.deal_classes
    for deal in ([14, 2, 7, 0, 9], [1, 4, 7, 10, 13]):
        assert autohold(PlainPlay(prepared), deal, table, rule) == autohold_tables(deal, every_hand.tables, table, rule)


def test_joker_deck_class_preparation_equals_every_hand() -> None:
    faces, suits = joker_deck(5, 3)
    n = len(faces)
    hands = all_hands(n, 5).astype(np.int64)
    categories = np.where((hands == n - 1).any(axis=1), 0, (faces[hands] == faces[hands][:, :1]).sum(axis=1) - 1)
    blocks = SuitBlocks.of(faces, suits, [frozenset({1, 2})])
    assert blocks is not None and blocks.group_order == 2
    prepared = prepare_from_file(lambda deals: categories[colex_rank(deals)], blocks, faces, 5, "unused",
                               use_cache=False)
    whole = prepare_game(categories, faces, suits, 5, use_cache=False)
    table = PayTable("joker", (10, 5, 2, 1))
    for rule in ("most-cards", "rank-order"):
        a, b = analyze(PlainPlay(prepared), table, rule), analyze(PlainPlay(whole), table, rule)
        assert a.combinations == b.combinations and a.dealt_combinations == b.dealt_combinations
    assert sum(prepared.sizes) == comb(n, 5)


def test_plain_sums_refuse_weights_beyond_exact_float64() -> None:
    """The float64 bincount of the plain deals is exact only below 2**53: past it, an error,
    never a rounded count."""
    import pytest

    from cpoly.errors import CpolyError
    from cpoly.games.videopoker.play.scalar import plain_sums

    hold_rows = np.tile(np.arange(31)[:, None], (1, 4)).astype(np.int32)
    categories = np.zeros(4, dtype=np.int64)
    best = np.zeros(4, dtype=np.int64)
    weights = np.ones(32, dtype=np.int64)
    small = plain_sums(hold_rows, categories, best, np.ones(4, dtype=np.int64), weights, 31, 2)
    assert small.dealt.tolist() == [0, 0] and sum(small.kept) == 4
    with pytest.raises(CpolyError, match="exceeds exact float64"):
        plain_sums(hold_rows, categories, best, np.full(4, 2**51, dtype=np.int64), weights, 31, 2)


SIXTEEN_FACES = """import "poker.cp"
override Faces = 16
ranks "23456789TJQKAXYZ"
game "Sixteen faces"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight,
           ThreeOfAKind, TwoPair, JacksOrBetter
paytable "9/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
"""


def test_a_64_card_deck_is_not_put_in_uint64_keys_and_its_holds_add_up(
        tmp_path, monkeypatch, capsys):
    """Found by review: 16 faces x 4 suits used the top bit of the uint64 keys and the hold
    counts of 31 holds did not add up to their draws.  Such a deck now takes the path that
    classifies every hand: every hold's outcomes (Nothing included) add up to its draws."""
    import json

    from cpoly.cli.main import main

    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path / "cache"))
    game = tmp_path / "sixteen.cp"
    game.write_text(SIXTEEN_FACES)
    assert main(["hold", str(game), "Ah", "Kh", "Qh", "Jh", "2c", "--json"]) == 0
    holds = json.loads(capsys.readouterr().out)["holds"]
    assert len(holds) == 32
    assert all(sum(h["outcomes"].values()) == h["draws"] for h in holds)
