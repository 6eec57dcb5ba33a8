"""Hold outcomes, autohold and full-game analysis against brute force and published tables."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pytest

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.tiebreak import parse_tie_rule
from cpoly.games.videopoker.play.plain import analyze_game, autohold_tables, hold_outcomes
from cpoly.games.videopoker.prepare.prepared import NOT_INVARIANT_NOTE
from cpoly.games.videopoker.prepare.tables import build_tables
from cpoly.lang.paytable import PayTable
from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule

from .vp_oracle import (
    JOB_8_5,
    JOB_9_6,
    RULES,
    brute_analysis,
    brute_choose_all,
    brute_hold_outcomes,
    deuces_wild_categories,
    poker_categories,
    standard_deck,
)

SMALL = (5, 3)  # 15 cards: 3,003 deals, every deal and every draw enumerated by the oracle
SMALL_PAYS = (3, 3, 3, 2, 1, 1, 1, 1, 1)  # many equal-EV holds with different outcomes


@cache
def small_game() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    faces, suits = standard_deck(*SMALL)
    return poker_categories(*SMALL), faces, suits


@cache
def job_categories() -> np.ndarray:
    return poker_categories(13, 4)


@cache
def small_brute(pays: tuple[Fraction, ...], dealt: tuple[Fraction, ...]) -> dict:
    categories, faces, _ = small_game()
    return brute_analysis(categories, len(faces), list(pays) + [Fraction(0)], list(dealt) + [Fraction(0)], faces)


def full_pays(table: PayTable) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    k = table.n_categories
    return tuple(table.pay(c) for c in range(k)), tuple(table.pay(c, dealt=True) for c in range(k))


# ---------------------------------------------------------------- hold outcomes


@pytest.mark.parametrize("deck", [(7, 4), (8, 3)])
def test_hold_outcomes_match_enumeration(deck: tuple[int, int]) -> None:
    categories = poker_categories(*deck)
    n = deck[0] * deck[1]
    tables = build_tables(categories, n, 10)
    rng = np.random.default_rng(sum(deck))
    deals = np.array([rng.choice(n, 5, replace=False) for _ in range(8)])  # unsorted on purpose
    expected = brute_hold_outcomes(deals, categories, n, 10)
    for deal, want in zip(deals, expected):
        got = hold_outcomes(deal.tolist(), tables)
        assert np.array_equal(got, want), deal


def test_hold_outcomes_52_cards() -> None:
    categories = job_categories()
    tables = build_tables(categories, 52, 10)
    rng = np.random.default_rng(52)
    deals = np.array([rng.choice(52, 5, replace=False) for _ in range(3)] + [[51, 47, 43, 39, 35]])
    expected = brute_hold_outcomes(deals, categories, 52, 10)
    for deal, want in zip(deals, expected):
        got = hold_outcomes(deal.tolist(), tables)
        assert np.array_equal(got, want), deal
        assert got[0].sum() == comb(47, 5) and got[31].sum() == 1


def test_hold_outcomes_rejects_bad_deals() -> None:
    categories, faces, _ = small_game()
    tables = build_tables(categories, len(faces), 10)
    for deal in ([0, 1, 2, 3], [0, 1, 2, 3, 3], [0, 1, 2, 3, 15], [-1, 1, 2, 3, 4]):
        with pytest.raises(CpolyInputError):
            hold_outcomes(deal, tables)


# ---------------------------------------------------------------- autohold


def test_autohold_matches_brute_force_ev_and_rules() -> None:
    categories, faces, _ = small_game()
    n = len(faces)
    tables = build_tables(categories, n, 10)
    table = PayTable("small", SMALL_PAYS)
    pays, dealt = full_pays(table)
    rng = np.random.default_rng(7)
    for _ in range(30):
        deal = rng.choice(n, 5, replace=False).tolist()
        counts = brute_hold_outcomes(np.array([deal]), categories, n, 10)[0]
        zero = [Fraction(0)]
        chosen = brute_choose_all(counts, list(pays) + zero, list(dealt) + zero, n, deal, faces)
        for rule in RULES:
            result = autohold_tables(deal, tables, table, rule)
            assert result.best == chosen[rule]
        option = result.options[13]
        assert option.held == (deal[0], deal[2], deal[3])
        brute_ev = sum((int(c) * p for c, p in zip(counts[13], pays)), Fraction(0)) / comb(n - 5, 2)
        assert option.ev == brute_ev
        assert result.best_option.ev == max(o.ev for o in result.options)
        assert result.best in result.tied
        shuffled = [deal[i] for i in rng.permutation(5)]
        again = autohold_tables(shuffled, tables, table)
        assert sorted(again.best_option.held) == sorted(autohold_tables(deal, tables, table).best_option.held)


def test_autohold_uses_dealt_pay_for_keeping_the_deal() -> None:
    categories, faces, _ = small_game()
    tables = build_tables(categories, len(faces), 10)
    deal = [0, 1, 2, 3, 4]  # a dealt full house (category 3)
    plain = autohold_tables(deal, tables, PayTable("p", SMALL_PAYS))
    bonus = autohold_tables(deal, tables, PayTable("b", SMALL_PAYS, (None, None, None, 50) + (None,) * 5))
    assert plain.options[31].ev == 2
    assert bonus.options[31].ev == 50 and bonus.best == 31
    assert bonus.options[7].ev == plain.options[7].ev


# ---------------------------------------------------------------- full game vs brute force


@pytest.mark.parametrize("rule", RULES)
def test_analysis_matches_brute_force_for_every_tie_rule(rule: str) -> None:
    categories, faces, suits = small_game()
    table = PayTable("small", SMALL_PAYS)
    analysis = analyze_game(categories, faces, suits, table, rule)
    want_combinations, want_dealt = small_brute(*full_pays(table))[rule]
    assert list(analysis.combinations) == want_combinations
    assert list(analysis.dealt_combinations) == want_dealt
    assert analysis.group_order == 6 and analysis.symmetry_note == ""
    assert sum(analysis.combinations) == analysis.total


def renumber(categories: np.ndarray, n: int, old_of_new: np.ndarray) -> np.ndarray:
    """The category array of the same game with card ``c`` renamed ``new``: old_of_new[new] = c."""
    hands = all_hands(n, 5).astype(np.int64)
    return categories[colex_rank(np.sort(old_of_new[hands], axis=1))]


@pytest.mark.parametrize("rule", RULES)
def test_suit_major_numbering_matches_brute_force(rule: str) -> None:
    """Cards numbered suit by suit: ``first`` now differs from ``rank-order``."""
    categories, faces, suits = small_game()
    n_faces, n_suits = SMALL
    new = np.arange(n_faces * n_suits)
    old_of_new = (new % n_faces) * n_suits + new // n_faces
    renumbered = renumber(categories, len(new), old_of_new)
    table = PayTable("small", SMALL_PAYS)
    analysis = analyze_game(renumbered, faces[old_of_new], suits[old_of_new], table, rule)
    pays, dealt = full_pays(table)
    brute = suit_major_brute(pays, dealt)
    assert list(analysis.combinations) == brute[rule][0]
    if rule == "rank-order":  # independent of the numbering
        assert analysis.combinations == analyze_game(categories, faces, suits, table, rule).combinations


@cache
def suit_major_brute(pays: tuple[Fraction, ...], dealt: tuple[Fraction, ...]) -> dict:
    categories, faces, _ = small_game()
    n_faces, n_suits = SMALL
    new = np.arange(n_faces * n_suits)
    old_of_new = (new % n_faces) * n_suits + new // n_faces
    renumbered = renumber(categories, len(new), old_of_new)
    zero = [Fraction(0)]
    return brute_analysis(renumbered, len(new), list(pays) + zero, list(dealt) + zero, faces[old_of_new])


def test_tie_rules_change_the_figures() -> None:
    """The small game really has ties with different outcomes (the tests above can fail)."""
    categories, faces, suits = small_game()
    table = PayTable("small", SMALL_PAYS)
    results = {rule: analyze_game(categories, faces, suits, table, rule) for rule in RULES}
    assert len({r.combinations for r in results.values()}) >= 3
    assert all(r.ambiguous_deals > 0 for r in results.values())
    assert len({r.expected_return for r in results.values()}) == 1


def test_analysis_with_fraction_and_dealt_pays() -> None:
    categories, faces, suits = small_game()
    table = PayTable(
        "fractions",
        (Fraction(7, 2), 3, "5/2", 2, 1, Fraction(4, 3), 1, 1, Fraction(1, 2)),
        (Fraction(9), None, None, Fraction(1, 3), None, None, None, None, None),
    )
    for rule in ("fewest-cards", "highest-variance"):
        analysis = analyze_game(categories, faces, suits, table, rule)
        want_combinations, want_dealt = small_brute(*full_pays(table))[rule]
        assert list(analysis.combinations) == want_combinations
        assert list(analysis.dealt_combinations) == want_dealt


def test_categories_breaking_suit_symmetry_fall_back_to_every_deal() -> None:
    categories, faces, suits = small_game()
    hands = all_hands(len(faces), 5)
    three_of_suit_0 = (suits[hands] == 0).sum(axis=1) >= 3
    skewed = np.where(three_of_suit_0 & (categories == 9), 8, categories)  # suit 0 is special
    table = PayTable("small", SMALL_PAYS)
    analysis = analyze_game(skewed, faces, suits, table, "first")
    assert analysis.symmetry_note == NOT_INVARIANT_NOTE
    assert analysis.group_order == 1 and analysis.deal_classes == comb(15, 5)
    pays, dealt = full_pays(table)
    brute = brute_analysis(skewed, 15, list(pays) + [Fraction(0)], list(dealt) + [Fraction(0)], faces)
    assert list(analysis.combinations) == brute["first"][0]


def joker_categories(n_faces: int, n_suits: int) -> np.ndarray:
    """Deck = n_faces x n_suits + one joker (last card) that joins the most frequent face.

    0 five/four of a kind, 1 full house, 2 three of a kind, 3 two pair, 4 pair, 5 nothing.
    """
    n = n_faces * n_suits + 1
    hands = all_hands(n, 5).astype(np.int64)
    joker = (hands == n - 1).any(axis=1)
    counts = np.zeros((len(hands), n_faces + 1), dtype=np.int64)
    np.add.at(counts, (np.arange(len(hands))[:, None], np.minimum(hands // n_suits, n_faces)), 1)
    mult = np.sort(counts[:, :n_faces], axis=1)[:, ::-1]
    mult[:, 0] += joker
    rules = [mult[:, 0] >= 4, (mult[:, 0] == 3) & (mult[:, 1] == 2), mult[:, 0] == 3,
             (mult[:, 0] == 2) & (mult[:, 1] == 2), mult[:, 0] == 2]
    categories = np.full(len(hands), 5)
    for category in reversed(range(5)):
        categories[rules[category]] = category
    return categories


def test_joker_deck_matches_brute_force() -> None:
    faces, suits = standard_deck(5, 3)
    faces, suits = np.append(faces, 5), np.append(suits, 9)
    categories = joker_categories(5, 3)
    table = PayTable("joker", (10, 5, 2, 1, 1))
    analysis = analyze_game(categories, faces, suits, table, "most-cards")
    assert analysis.group_order == 6 and analysis.symmetry_note == ""
    pays = [Fraction(p) for p in (10, 5, 2, 1, 1, 0)]
    brute = brute_analysis(categories, 16, pays, pays, faces)
    assert list(analysis.combinations) == brute["most-cards"][0]


# ---------------------------------------------------------------- published figures, 52 cards

JOB_9_6_COMBINATIONS = (
    493_512_264, 2_178_883_296, 47_093_167_764, 229_475_482_596, 219_554_786_160,
    223_837_565_784, 1_484_003_070_324, 2_576_946_164_148, 4_277_372_890_968, 10_872_274_993_896,
)
JOB_PAID_DEALS = (4, 36, 624, 3_744, 5_108, 10_200, 54_912, 123_552, 337_920)


def test_jacks_or_better_9_6_digit_for_digit() -> None:
    faces, suits = standard_deck(13, 4)
    progress: list[tuple[int, int]] = []
    analysis = analyze_game(
        job_categories(), faces, suits, PayTable("9/6", JOB_9_6),
        progress=lambda done, total: progress.append((done, total)),
    )
    assert analysis.combinations == JOB_9_6_COMBINATIONS
    assert analysis.total == sum(JOB_9_6_COMBINATIONS) == 19_933_230_517_200
    assert analysis.lcm_weight == 7_669_695
    assert round(float(analysis.expected_return), 6) == 0.995439
    assert analysis.deal_counts[:9] == JOB_PAID_DEALS and sum(analysis.deal_counts) == 2_598_960
    assert analysis.deal_classes == 134_459 and analysis.group_order == 24
    assert sum(analysis.hold_size_deals) == 2_598_960
    assert 0.45 < analysis.hit_frequency < 0.46  # published: 45.45 %
    assert 4.41 < analysis.standard_deviation < 4.43  # published: 4.42
    assert progress[0] == (0, 134_459) and progress[-1] == (134_459, 134_459)
    assert [d for d, _ in progress] == sorted(d for d, _ in progress)


def test_jacks_or_better_8_5_return() -> None:
    faces, suits = standard_deck(13, 4)
    analysis = analyze_game(job_categories(), faces, suits, PayTable("8/5", JOB_8_5))
    assert round(float(analysis.expected_return), 6) == 0.972984


FULL_PAY_DEUCES = (800, 200, 25, 15, 9, 5, 3, 2, 2, 1)
DEUCES_COMBINATIONS = (
    440_202_756, 4_060_462_824, 35_796_957_696, 63_818_309_856, 83_087_969_280,
    1_294_427_430_576, 423_165_297_240, 334_561_280_724, 1_117_664_265_756,
    5_674_784_779_512, 10_901_423_560_980,
)


@cache
def deuces_categories() -> np.ndarray:
    return deuces_wild_categories()


def test_deuces_wild_published_table_settles_the_tie_rule() -> None:
    """Only the default rule (rank-order) reproduces every published row; all rules tie on EV."""
    faces, suits = standard_deck(13, 4)
    table = PayTable("full-pay deuces", FULL_PAY_DEUCES)
    results = {rule: analyze_game(deuces_categories(), faces, suits, table, rule) for rule in RULES}
    assert DEFAULT_TIE_RULE is TieRule.RANK_ORDER
    assert results["rank-order"].combinations == DEUCES_COMBINATIONS
    assert results["first"].combinations == DEUCES_COMBINATIONS  # face-major numbering
    for rule in ("fewest-cards", "most-cards", "lowest-variance", "highest-variance"):
        assert results[rule].combinations != DEUCES_COMBINATIONS, rule
    assert {round(float(r.expected_return), 6) for r in results.values()} == {1.00762}
    assert results["rank-order"].ambiguous_deals > 0


def test_deuces_wild_rank_order_does_not_depend_on_card_numbering() -> None:
    faces, suits = standard_deck(13, 4)
    new = np.arange(52)
    old_of_new = (new % 13) * 4 + new // 13  # suit-major: card = 13 * suit + face
    renumbered = renumber(deuces_categories(), 52, old_of_new)
    table = PayTable("full-pay deuces", FULL_PAY_DEUCES)
    new_faces, new_suits = faces[old_of_new], suits[old_of_new]
    assert analyze_game(renumbered, new_faces, new_suits, table).combinations == DEUCES_COMBINATIONS
    assert analyze_game(renumbered, new_faces, new_suits, table, "first").combinations != DEUCES_COMBINATIONS


# ---------------------------------------------------------------- inputs and errors


def test_tie_rules_parse_and_default() -> None:
    assert parse_tie_rule("lowest-variance") is TieRule.LOWEST_VARIANCE
    assert DEFAULT_TIE_RULE in TieRule
    with pytest.raises(CpolyInputError, match="fewest"):
        parse_tie_rule("fewest")


def test_bad_inputs_raise_input_errors() -> None:
    categories, faces, suits = small_game()
    with pytest.raises(CpolyInputError, match="8 pays"):
        analyze_game(categories, faces, suits, PayTable("short", SMALL_PAYS[:8]))
    with pytest.raises(CpolyInputError, match="shape"):
        analyze_game(categories[:-1], faces, suits, PayTable("p", SMALL_PAYS))
    with pytest.raises(CpolyInputError, match="category 10"):
        analyze_game(np.where(categories == 9, 10, categories), faces, suits, PayTable("p", SMALL_PAYS))
    with pytest.raises(CpolyInputError, match="dealt pays"):
        PayTable("p", SMALL_PAYS, (None,))
    with pytest.raises(CpolyInputError, match="int64"):
        analyze_game(categories, faces, suits, PayTable("tiny", (Fraction(1, 10**9),) + SMALL_PAYS[1:]))
    with pytest.raises(CpolyInputError, match="'x'"):
        PayTable("p", ("x",) + SMALL_PAYS[1:])


# ---------------------------------------------------------------- arbitrary games


def random_invariant_categories(n_faces: int, n_suits: int, n_columns: int, seed: int) -> np.ndarray:
    """A random category for each (face multiset, suit-count pattern): invariant under suits."""
    hands = all_hands(n_faces * n_suits, 5).astype(np.int64)
    faces = np.sort(hands // n_suits, axis=1)
    suit_counts = np.zeros((len(hands), n_suits), dtype=np.int64)
    np.add.at(suit_counts, (np.arange(len(hands))[:, None], hands % n_suits), 1)
    keys = np.concatenate([faces, np.sort(suit_counts, axis=1)], axis=1)
    _, key_index = np.unique(keys, axis=0, return_inverse=True)
    rng = np.random.default_rng(seed)
    weights = np.array([1] * (n_columns - 1) + [n_columns])  # "nothing" most common
    mapping = rng.choice(n_columns, key_index.max() + 1, p=weights / weights.sum())
    return mapping[key_index.ravel()]


@pytest.mark.parametrize("n_faces, n_suits, seed", [(4, 3, 1), (6, 2, 2), (4, 4, 3)])
def test_random_games_match_brute_force(n_faces: int, n_suits: int, seed: int) -> None:
    n_columns = 5
    categories = random_invariant_categories(n_faces, n_suits, n_columns, seed)
    faces, suits = standard_deck(n_faces, n_suits)
    rng = np.random.default_rng(seed)
    pays = tuple(Fraction(int(p), int(q)) for p, q in zip(rng.integers(1, 9, 4), rng.integers(1, 3, 4)))
    dealt = (None, Fraction(int(rng.integers(1, 20))), None, None)
    table = PayTable("random", pays, dealt)
    zero = [Fraction(0)]
    full, full_dealt = full_pays(table)
    brute = brute_analysis(categories, len(faces), list(full) + zero, list(full_dealt) + zero, faces)
    for rule in RULES:
        analysis = analyze_game(categories, faces, suits, table, rule)
        assert analysis.group_order > 1 and analysis.symmetry_note == ""
        assert list(analysis.combinations) == brute[rule][0], rule
        assert list(analysis.dealt_combinations) == brute[rule][1], rule
