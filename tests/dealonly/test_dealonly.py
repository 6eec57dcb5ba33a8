"""Games without a draw (cpoly.games.dealonly): the engine's deal tables of Pair Plus and the
6-Card Bonus against brute force with an evaluator of this file and against published tables,
and the returns against published house edges."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from cpoly.api import deal_table, load_game
from cpoly.cli.main import main
from cpoly.games.dealonly import deal_return
from tests.conftest import DEFINITIONS

PAIR_PLUS = str(DEFINITIONS / "three_card_poker.cp")
SIX_CARD = str(DEFINITIONS / "six_card_bonus.cp")
ACE = 12


# ---- Pair Plus -------------------------------------------------------------------------------
def _three_card_category(cards: tuple[tuple[int, int], ...]) -> str:
    """Three-card poker by hand: the ace high (Q K A) or low (A 2 3)."""
    ranks = sorted(rank for rank, _ in cards)
    flush = len({suit for _, suit in cards}) == 1
    straight = len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [0, 1, ACE])
    if straight and flush:
        return "StraightFlush"
    if len(set(ranks)) == 1:
        return "ThreeOfAKind"
    if straight:
        return "Straight"
    if flush:
        return "Flush"
    return "Pair" if len(set(ranks)) == 2 else "Nothing"


def test_pair_plus_counts_match_brute_force_over_all_22100_hands():
    deck = [(rank, suit) for rank in range(13) for suit in range(4)]
    brute = Counter(_three_card_category(hand) for hand in combinations(deck, 3))
    table = deal_table(load_game(PAIR_PLUS))
    assert table.total == 22_100 == sum(brute.values())
    assert {row.name: row.paid_ways for row in table.rows} == {k: v for k, v in brute.items() if k != "Nothing"}


@pytest.mark.parametrize("paytable, published", [
    ("40-30-6-4-1", "2.32"),  # the original table (J. Grochowski, Wizard of Odds)
    ("40-30-6-3-1", "7.28"),  # the common table today
    ("40-30-5-4-1", "5.57"),
])
def test_pair_plus_house_edges_are_the_published_ones(paytable, published):
    game = load_game(PAIR_PLUS)
    result = deal_return(game, game.paytable(paytable))
    assert f"{float(result.house_edge) * 100:.2f}" == published
    assert result.hit_frequency == Fraction(22_100 - 16_440, 22_100)


def test_pair_plus_figures_from_the_pays_by_hand():
    """Return, variance and hit frequency against the definitions, from the counts alone."""
    game = load_game(PAIR_PLUS)
    result = deal_return(game, game.paytable("40-30-6-4-1"))
    counts = {41: 48, 31: 52, 7: 720, 5: 1096, 2: 3744, 0: 16_440}
    mean = Fraction(sum(pay * n for pay, n in counts.items()), 22_100)
    assert result.expected_return == mean
    assert result.variance == Fraction(sum(pay * pay * n for pay, n in counts.items()), 22_100) - mean ** 2


# ---- 6-Card Bonus ----------------------------------------------------------------------------
def _six_card_categories(hands: np.ndarray, suits: int) -> np.ndarray:
    """The best five of six cards (rank*suits + suit codes) by counting ranks and suits:
    0 royal flush … 6 three of a kind, 7 nothing (an evaluator of this test, not the engine's)."""
    ranks, suit_of = hands // suits, hands % suits
    present = np.zeros((len(hands), suits, 13), dtype=bool)
    for column in range(hands.shape[1]):
        present[np.arange(len(hands)), suit_of[:, column], ranks[:, column]] = True
    rank_counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    any_suit = present.any(axis=1)

    def windows(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(a straight in ``mask``, the royal window filled), per row of rank masks."""
        filled = [mask[..., w:w + 5].all(axis=-1) for w in range(9)]
        wheel = mask[..., ACE] & mask[..., 0:4].all(axis=-1)
        return np.logical_or.reduce(filled + [wheel]), filled[8]

    straight, _ = windows(any_suit)
    suited_straight, suited_royal = windows(present)
    most = rank_counts.max(axis=1)
    pairs_or_more = (rank_counts >= 2).sum(axis=1)
    category = np.full(len(hands), 7)
    tests = [suited_royal.any(axis=1), suited_straight.any(axis=1), most >= 4, (most >= 3) & (pairs_or_more >= 2),
             np.stack([(suit_of == s).sum(axis=1) for s in range(suits)], axis=1).max(axis=1) >= 5, straight, most >= 3]
    for index in reversed(range(len(tests))):
        category[tests[index]] = index
    return category


def test_six_card_counts_match_brute_force_on_a_three_suit_deck():
    """All C(39, 6) = 3,262,623 deals of a 39-card deck (Suits=3): engine against evaluator."""
    hands = np.array(list(combinations(range(39), 6)), dtype=np.int64)
    brute = np.bincount(_six_card_categories(hands, 3), minlength=8)
    table = deal_table(load_game(SIX_CARD, overrides={"Suits": 3}))
    assert table.total == len(hands)
    assert [row.paid_ways for row in table.rows] == brute[:7].tolist()


#: Best five of six cards from 52 (Wizard of Odds, "6-Card Bonus": 20,358,520 combinations).
PUBLISHED_SIX_CARD = [188, 1_656, 14_664, 165_984, 205_792, 361_620, 732_160]


@pytest.mark.slow
def test_six_card_counts_are_the_published_table():
    game = load_game(SIX_CARD)
    table = deal_table(game)
    assert table.total == 20_358_520
    assert [row.paid_ways for row in table.rows] == PUBLISHED_SIX_CARD
    edges = {name: float(deal_return(game, game.paytable(name)).house_edge) for name in
             ("1000-200-100-20-15-10-7", "1000-200-50-25-20-10-5")}
    assert round(edges["1000-200-100-20-15-10-7"] * 100, 2) == 8.56  # "just over 8.5 %" (published)
    assert round(edges["1000-200-50-25-20-10-5"] * 100, 1) == 10.2  # 10.23 % published (table-games-online)


# ---- the commands ----------------------------------------------------------------------------
def test_analyze_prints_the_table_return_and_house_edge(capsys):
    assert main(["analyze", PAIR_PLUS, "--paytable", "40-30-6-3-1"]) == 0
    out = capsys.readouterr().out
    assert "house edge 7.276018% (402/5525)" in out and "16,440" in out and "hit frequency 0.256109" in out


def test_analyze_json_is_exact(capsys):
    assert main(["analyze", PAIR_PLUS, "--json", "--pay", "Flush=4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["house_edge_exact"] == "402/5525" and data["draw"] is False
    assert [c["combinations"] for c in data["categories"]] == [48, 52, 720, 1096, 3744, 16440]


def test_hold_says_there_is_no_draw(capsys):
    assert main(["hold", PAIR_PLUS, "Ah", "Kh", "Qh"]) == 2
    assert "has no draw" in capsys.readouterr().err


def test_paytables_lists_a_game_without_a_draw(capsys):
    assert main(["paytables", PAIR_PLUS, "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in tables] == ["40-30-6-4-1", "40-30-6-3-1", "40-30-5-4-1"]
    assert tables[1]["pays"]["Flush"] == 4


def test_report_writes_a_page(tmp_path, capsys):
    out = tmp_path / "par"
    assert main(["report", PAIR_PLUS, "--out", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["analysis"]["house_edge_exact"] == "128/5525"
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Pair Plus" in page and 'data-exact="128/5525"' in page
    assert json.loads((out / "report.json").read_text(encoding="utf-8"))["par"]["hands"][0]["cycle"] == 22_100 / 48
