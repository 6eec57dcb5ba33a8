"""Decks with copies of each card: the multiset analysis against brute force over physical cards.

The oracle here shares nothing with the library but the engine's classifier: it enumerates every
physical deal of a small deck with copies, every hold, every physical draw from the cards not
dealt (a discarded card's twin stays in the deck), looks up the category of each final physical
hand (classified by ``Game.classify`` on its value tuple), and plays each deal by its best EV with
the rank-order tie rule written out directly on physical cards.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb, lcm
from pathlib import Path

import numpy as np
import pytest

from cpoly.api import load_game
from cpoly.deck.subsets import all_hands
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.prepare.multiset import (
    all_multisets,
    canonical_holds,
    multiset_classes,
    multiset_rank,
    realisations,
)
from tests.conftest import DEFINITIONS

FACE_NAMES = "23456789TJQKA"


def game_text(n_faces: int, n_suits: int, copies: int, asymmetric: bool = False) -> str:
    """A Jacks-or-Better-like game on a small deck (top two faces pay a pair); ``asymmetric``
    adds a win for holding the top card of suit 0 (the suits are no longer interchangeable)."""
    ranks = FACE_NAMES[-n_faces:]
    lines = [
        f"Faces = {n_faces}",
        f"Suits = {n_suits}",
        f"Low = {n_faces - 2}",
        f"Top = {n_faces - 1}",
        "F = σ1-σ5",
        "S = σ6-σ10",
        "domain F: Faces",
        "domain S: Suits",
        # the seed's form: no copies + 1 identical cards (the copies weight excludes them too)
        (f"Hand = prod({'<'.join('ijklm'[:copies + 1])} in 1..5) (1 - δ{','.join(f'F[{v}]' for v in 'ijklm'[:copies + 1])}"
         f" δ{','.join(f'S[{v}]' for v in 'ijklm'[:copies + 1])})"),
        "UniqueFaces = prod(i<j in 1..5) (1 - δF[i],F[j])",
        "Flush = δ S[1] S[2] S[3] S[4] S[5]",
        "FiveOfAKind = δF[1],F[2],F[3],F[4],F[5]",
        "FourOfAKind = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]",
        ("FullHouse = any(i<j<k in 1..5) any(l<m in 1..5) (δF[i],F[j],F[k] δF[l],F[m]"
         " (1 - δF[i],F[l]))"),
        "ThreeOfAKind = any(i<j<k in 1..5) δF[i],F[j],F[k]",
        "TwoPair = any(i<j in 1..5) any(k<l in 1..5) (δF[i],F[j] δF[k],F[l] (1 - δF[i],F[k]))",
        "HighPair = any(i<j in 1..5) δF[i],F[j]{Low-Top}",
    ]
    categories = ["FiveOfAKind"]
    pays = {"FiveOfAKind": 100}
    if n_faces >= 5:
        windows = " + ".join(f"prod(i in 1..5) δF[i]{{{w}..{w + 4}}}" for w in range(n_faces - 4))
        lines += [f"Straight = ({windows}) UniqueFaces", "StraightFlush = Straight * Flush"]
        categories += ["StraightFlush"]
        pays["StraightFlush"] = 50
    categories += ["FourOfAKind", "FullHouse", "Flush"]
    pays.update(FourOfAKind=25, FullHouse=9, Flush=6)
    if n_faces >= 5:
        categories += ["Straight"]
        pays["Straight"] = 4
    categories += ["ThreeOfAKind", "TwoPair"]
    pays.update(ThreeOfAKind=3, TwoPair=2)
    if n_faces >= 4:  # five cards of three faces hold a second pair or more: a lone pair never happens
        categories += ["HighPair"]
        pays["HighPair"] = 1
    if asymmetric:
        lines += ["TopOfSuitZero = any(i in 1..5) (δF[i]{Top} δS[i]{0})"]
        categories += ["TopOfSuitZero"]
        pays["TopOfSuitZero"] = 1
    lines += [
        "cards F S",
        "deal Hand",
        f"copies {copies}",
        "categories " + ", ".join(categories),
        f'ranks "{ranks}"',
        f'suit_letters "{"hdcs"[:n_suits]}"',
        'paytable "main": ' + ", ".join(f"{c} {pays[c]}" for c in categories),
        'paytable "odd": ' + ", ".join(f"{c} {pays[c] + (i % 3)}" for i, c in enumerate(categories)),
    ]
    return "\n".join(lines) + "\n"


def small_poker(tmp_path: Path, n_faces: int, n_suits: int, copies: int, asymmetric: bool = False) -> VideoPoker:
    path = tmp_path / f"small_{n_faces}x{n_suits}x{copies}{'a' if asymmetric else ''}.cp"
    path.write_text(game_text(n_faces, n_suits, copies, asymmetric), encoding="utf-8")
    return VideoPoker.from_game(load_game(str(path)))


# ---- the oracle: physical cards, every draw -------------------------------------------------
def category_by_mask(poker: VideoPoker) -> np.ndarray:
    """Category of every physical 5-card hand, indexed by its bit mask."""
    n = poker.n_cards
    hands = all_hands(n, 5).astype(np.int64)
    stacked = np.stack([poker.faces[hands], poker.suits[hands]], axis=2)
    categories = poker.game.classify(stacked)
    assert (categories >= 0).all()
    table = np.full(1 << n, -1, dtype=np.int8)
    table[(np.int64(1) << hands).sum(axis=1)] = categories
    return table


def brute_outcomes(deals: np.ndarray, table: np.ndarray, n: int, n_columns: int) -> np.ndarray:
    """``(D, 32, K + 1)``: physical draws giving each category, every hold of every deal."""
    deals = np.asarray(deals, dtype=np.int64)
    result = np.zeros((len(deals), 32, n_columns), dtype=np.int64)
    dealt = np.zeros((len(deals), n), dtype=bool)
    dealt[np.arange(len(deals))[:, None], deals] = True
    remaining = np.nonzero(~dealt)[1].reshape(len(deals), n - 5)
    bits = np.int64(1) << remaining
    rows = np.arange(len(deals))[:, None]
    for mask in range(32):
        held = [i for i in range(5) if mask >> i & 1]
        held_mask = (np.int64(1) << deals[:, held]).sum(axis=1)
        draws = all_hands(n - 5, 5 - len(held)).astype(np.int64)
        final = held_mask[:, None] | bits[:, draws].sum(axis=2)
        categories = table[final].astype(np.int64)
        assert (categories >= 0).all()
        index = (rows * n_columns + categories).ravel()
        result[:, mask] = np.bincount(index, minlength=len(deals) * n_columns).reshape(len(deals), n_columns)
    return result


def brute_game(poker: VideoPoker, pays: list[int]) -> dict[str, object]:
    """Every physical deal played by its best EV (rank-order ties), published conventions."""
    n = poker.n_cards
    n_columns = len(poker.game.category_names) + 1
    table = category_by_mask(poker)
    deals = all_hands(n, 5).astype(np.int64)
    draws = [comb(n - 5, d) for d in range(6)]
    common = lcm(*draws)
    weight = np.array([common // draws[5 - m.bit_count()] for m in range(32)], dtype=np.int64)
    pay = np.array(pays + [0], dtype=np.int64)
    combinations = np.zeros(n_columns, dtype=object)
    hold_sizes = [0] * 6
    faces = poker.faces
    for start in range(0, len(deals), 1024):
        chunk = deals[start:start + 1024]
        outcomes = brute_outcomes(chunk, table, n, n_columns)
        values = (outcomes * pay).sum(axis=2) * weight
        candidates = values == values.max(axis=1)[:, None]
        # rank order: cards by face, then physical index; lowest sum(2**position) over held
        position = np.argsort(np.argsort(faces[chunk] * n + chunk, axis=1, kind="stable"), axis=1)
        keys = np.zeros((len(chunk), 32), dtype=np.int64)
        for m in range(32):
            for i in range(5):
                if m >> i & 1:
                    keys[:, m] += np.int64(1) << position[:, i]
        best = np.argmin(np.where(candidates, keys, 1 << 40), axis=1)
        chosen = outcomes[np.arange(len(chunk)), best] * weight[best][:, None]
        combinations += chosen.sum(axis=0).astype(object)
        for size, count in zip(*np.unique([int(b).bit_count() for b in best], return_counts=True)):
            hold_sizes[size] += int(count)
    deal_counts = np.bincount(table[(np.int64(1) << deals).sum(axis=1)], minlength=n_columns)
    total = comb(n, 5) * common
    value = sum(Fraction(int(c) * int(p), total) for c, p in zip(combinations, pay))
    return {"combinations": [int(c) for c in combinations], "deal_counts": deal_counts.tolist(),
            "return": value, "lcm": common, "hold_sizes": hold_sizes}


# ---- multiset combinatorics -----------------------------------------------------------------
@pytest.mark.parametrize("n_values, k, copies", [(5, 3, 2), (6, 5, 2), (4, 5, 3), (7, 4, 1)])
def test_multiset_ranks_weights_and_classes(n_values, k, copies):
    rows = all_multisets(n_values, k)
    assert multiset_rank(rows).tolist() == list(range(len(rows)))
    expected = sorted(tuple(sorted(c)) for c in itertools.combinations_with_replacement(range(n_values), k))
    assert sorted(map(tuple, rows.tolist())) == expected
    physical = itertools.combinations([v for v in range(n_values) for _ in range(copies)], k)
    realised: dict[tuple[int, ...], int] = {}
    for hand in physical:
        realised[hand] = realised.get(hand, 0) + 1
    weights = realisations(rows, copies)
    assert {tuple(r): int(w) for r, w in zip(rows.tolist(), weights) if w} == realised
    values = np.arange(n_values)
    classes = multiset_classes(values // 2, values % 2, k, copies)
    assert int((classes.sizes * classes.weights).sum()) == comb(n_values * copies, k)


def test_canonical_holds_keep_a_prefix_of_each_run():
    allowed = canonical_holds(np.array([[3, 3, 3, 5, 5]]))[0]
    for m in range(32):
        held = [m >> i & 1 for i in range(5)]
        prefix = held[:3] in ([0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]) and held[3:] != [0, 1]
        assert allowed[m] == prefix, m


# ---- the analysis against the oracle ----------------------------------------------------------
@pytest.mark.parametrize("shape", [(5, 2, 2), (3, 2, 3)], ids=["5x2x2", "3x2x3"])
@pytest.mark.parametrize("paytable", ["main", "odd"])
def test_full_game_equals_brute_force(tmp_path, shape, paytable):
    poker = small_poker(tmp_path, *shape)
    table = poker.paytable(paytable)
    oracle = brute_game(poker, [int(p) for p in table.pays])
    analysis = poker.analyze(paytable, "rank-order", use_cache=False)
    assert analysis.n_cards == shape[0] * shape[1] * shape[2]
    assert analysis.lcm_weight == oracle["lcm"]
    assert list(analysis.deal_counts) == oracle["deal_counts"]
    assert list(analysis.combinations) == oracle["combinations"]
    assert list(analysis.hold_size_deals) == oracle["hold_sizes"]
    assert analysis.expected_return == oracle["return"]
    assert analysis.group_order == 2  # the suit swap was used


def test_categories_without_suit_symmetry_analyse_every_multiset(tmp_path):
    poker = small_poker(tmp_path, 5, 2, 2, asymmetric=True)
    oracle = brute_game(poker, [int(p) for p in poker.paytable("main").pays])
    analysis = poker.analyze("main", use_cache=False)
    assert analysis.group_order == 1 and analysis.symmetry_note
    assert list(analysis.combinations) == oracle["combinations"]
    assert analysis.expected_return == oracle["return"]


def test_cache_round_trip_gives_the_same_figures(tmp_path):
    poker = small_poker(tmp_path, 5, 2, 2)
    first = poker.analyze("main")
    again = small_poker(tmp_path, 5, 2, 2).analyze("main")
    assert again.from_cache and not first.from_cache
    assert again.combinations == first.combinations


@pytest.mark.parametrize("shape", [(5, 2, 2), (6, 2, 2), (3, 2, 3)], ids=["5x2x2", "6x2x2", "3x2x3"])
def test_autohold_counts_and_evs_equal_brute_force(tmp_path, shape):
    poker = small_poker(tmp_path, *shape)
    n = poker.n_cards
    table = category_by_mask(poker)
    rng = random.Random(sum(shape))
    deals = [rng.sample(range(n), 5) for _ in range(25)]
    # deals with identical cards (both copies of a card), in shuffled order
    for _ in range(15):
        value = rng.randrange(n // poker.copies)
        others = rng.sample([p for p in range(n) if p // poker.copies != value], 3)
        deal = [value * poker.copies, value * poker.copies + 1, *others]
        rng.shuffle(deal)
        deals.append(deal)
    outcomes = brute_outcomes(np.sort(np.array(deals), axis=1), table, n, len(poker.game.category_names) + 1)
    pays = [int(p) for p in poker.paytable("main").pays] + [0]
    for deal, expected in zip(deals, outcomes):
        texts = [poker.card_name(c) for c in deal]
        result = poker.hold(texts, "main")
        order = np.argsort(deal, kind="stable")
        position = np.empty(5, dtype=int)
        position[order] = np.arange(5)
        evs = []
        for m, option in enumerate(result.options):
            sorted_mask = sum(1 << int(position[i]) for i in range(5) if m >> i & 1)
            assert list(option.counts) == expected[sorted_mask].tolist(), (texts, m)
            assert [poker.card_name(c) for c in option.held] == [texts[i] for i in range(5) if m >> i & 1]
            draws = comb(n - 5, 5 - m.bit_count())
            ev = Fraction(sum(c * p for c, p in zip(option.counts, pays)), draws)
            assert option.ev == ev and option.draws == draws
            evs.append(ev)
        assert result.best_option.ev == max(evs)
        assert result.best in result.tied


def test_duplicate_copies_are_one_choice_not_a_tie(tmp_path):
    poker = small_poker(tmp_path, 5, 2, 2)
    result = poker.hold(["Ah", "Kd", "Ah", "Kh", "Td"], "main")  # two pair: keep both pairs
    assert [poker.card_name(c) for c in result.best_option.held] == ["Ah", "Kd", "Ah", "Kh"]
    assert result.tied == (result.best,)
    # keeping one ace or the other is the same hold, and the first copy is the one shown
    assert result.options[0b00001].counts == result.options[0b00100].counts
    assert len(set(canonical_holds(np.array([[0, 0, 1, 1, 2]]))[0].nonzero()[0])) == 18
    with pytest.raises(CpolyInputError, match="copies"):
        poker.hold(["Ah", "Ah", "Ah", "Qh", "Td"], "main")


def test_a_cold_preparation_reports_its_progress(tmp_path):
    """The copies preparation drives the same (done, total) callback as the analysis, from 0 to
    the end, and a prepared game reports nothing more."""
    poker = small_poker(tmp_path, 5, 2, 2)
    seen: list[tuple[int, int]] = []
    deal = ["Ah", "Kd", "Ah", "Kh", "Td"]
    cold = poker.hold(deal, "main", use_cache=False, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 100) and seen[-1] == (100, 100) and len(set(seen)) >= 4
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    count = len(seen)
    assert poker.hold(deal, "main", use_cache=False, progress=lambda done, total: seen.append((done, total))) == cold
    assert len(seen) == count


def test_a_deal_rejecting_a_class_classifies_every_multiset(tmp_path):
    """A deal that rejects some representative (no flush dealt) leaves the preparation by
    classes for the classification of every multiset: its holds equal the unrestricted game's
    (the draws are not restricted), and the full analysis refuses it."""
    plain = small_poker(tmp_path, 5, 2, 2)
    path = tmp_path / "no_flush.cp"
    path.write_text(game_text(5, 2, 2).replace("deal Hand\n", "deal Hand * (1 - Flush)\n"), encoding="utf-8")
    restricted = VideoPoker.from_game(load_game(str(path)))
    deal = ["Ah", "Kd", "Ah", "Kh", "Td"]
    assert restricted.hold(deal, "main", use_cache=False) == plain.hold(deal, "main", use_cache=False)
    assert len(restricted.checks()["rejected"]) > 0
    with pytest.raises(CpolyError, match="the deal rejects"):
        restricted.analyze("main", use_cache=False)


def test_single_deck_path_is_unchanged(tmp_path):
    single = small_poker(tmp_path, 6, 2, 1)
    assert single.copies == 1 and single.n_cards == 12
    assert len(single.categories(use_cache=False)) == comb(12, 5)


@pytest.mark.slow
def test_double_deck_jacks_deals_and_a_hold():
    from cpoly.api import deal_table

    poker = VideoPoker.load(str(DEFINITIONS / "double_deck_jacks.cp"))
    assert poker.n_cards == 104
    analysis = poker.analyze("9/6")
    paid = [row.paid_ways for row in deal_table(poker.game).rows]
    assert list(analysis.deal_counts[:-1]) == paid
    assert analysis.deal_counts[1] == 728 and sum(analysis.deal_counts) == comb(104, 5)
    assert analysis.total == comb(104, 5) * comb(99, 5)
    result = poker.hold(["Ah", "Ah", "Kd", "Qc", "2s"], "9/6")
    assert [poker.card_name(c) for c in result.best_option.held] == ["Ah", "Ah"]
    # one pair of identical aces kept: 6 aces, 7 kings, 7 queens among the 99 cards left
    four = result.options[0b01111]
    assert four.ev == Fraction(6 * 3 + 7 * 2 + 7 * 2 + 79, 99)


@pytest.mark.slow
@pytest.mark.parametrize("texts", ["Ah Ah Kd Qc 2s", "Th Jh Qh Kh Kh", "5c 5c 5d 9s 9s"])
def test_double_deck_holds_equal_physical_draws(texts):
    """On the 104-card deck: every hold keeping at least two cards, against the enumeration of
    all physical draws from the 99 cards left, each final hand classified by the engine."""
    poker = VideoPoker.load(str(DEFINITIONS / "double_deck_jacks.cp"))
    deal = poker.deal_indices(texts.split())
    result = poker.hold(texts.split(), "9/6")
    rest = np.array([p for p in range(poker.n_cards) if p not in deal], dtype=np.int64)
    n_columns = len(poker.game.category_names) + 1
    for mask in range(32):
        held = [deal[i] for i in range(5) if mask >> i & 1]
        if len(held) < 2:
            continue
        draws = rest[all_hands(len(rest), 5 - len(held)).astype(np.int64)]
        hands = np.concatenate([np.broadcast_to(np.array(held), (len(draws), len(held))), draws], axis=1)
        stacked = np.stack([poker.faces[hands], poker.suits[hands]], axis=2)
        categories = poker.game.classify(stacked)
        assert (categories >= 0).all()
        expected = np.bincount(categories, minlength=n_columns).tolist()
        assert list(result.options[mask].counts) == expected, (texts, mask)


@pytest.mark.parametrize("n_faces, n_suits, copies", [(3, 2, 3), (5, 2, 2), (3, 3, 2), (2, 4, 2)])
def test_multiset_classes_are_the_least_images_under_every_renaming(n_faces, n_suits, copies):
    """Canonical members (level by level, and in one pass) against every suit renaming applied
    and sorted (brute force)."""
    from cpoly.deck.symmetry import suit_symmetries

    values = np.arange(n_faces * n_suits)
    faces, suits = values // n_suits, values % n_suits
    rows = all_multisets(len(values), 5)
    dealable = np.flatnonzero(realisations(rows, copies))
    images = [multiset_rank(np.sort(value_map[rows[dealable]], axis=1)) for value_map in suit_symmetries(faces, suits)]
    least, sizes = np.unique(np.min(images, axis=0), return_counts=True)
    level_by_level = multiset_classes(faces, suits, 5, copies)
    one_pass = multiset_classes(faces, suits, 5, copies, np.zeros(len(rows), dtype=np.int64))  # categories given
    for classes in (level_by_level, one_pass):
        assert classes.representatives.tolist() == least.tolist() and classes.sizes.tolist() == sizes.tolist()
