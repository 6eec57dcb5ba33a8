"""The faster known-hand paths against independent oracles.

* ``tally_columns`` (one float ``bincount`` per player, exact below 2**53, else int64) against a
  plain Python tally of each showdown, with small weights and with weights past 2**53;
* ``holding_tally`` (flush boards taken out of the rank part's weights, every flush-capable
  board counted without a change test) against eval7 listing every board, on boards where full
  houses and quads beat flushes (the boards whose flush changes nothing);
* ranges: two written cards read from the card-name table, the same combos as the general
  reader, the same errors;
* five and six known hands (the holdings method: every rank multiset tallied, codes read from the
  table's) against the known-hands method's plain-integer count (its own enumeration of the
  boards) and, for the benchmark's six pairs, against OMPEval's equities;
* a holding's known cards as suit masks against the cards counted one by one.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import category_codes, game_rules
from cpoly.games.holdem.gamefile import DEFAULT_GAME, default_rules, rules_of
from cpoly.games.holdem.holding import _Known, holding_tally
from cpoly.games.holdem.intcards import parse_card, parse_cards
from cpoly.games.holdem.knownhands import known_hands_tally
from cpoly.games.holdem.ranges import weighted_range
from cpoly.games.holdem.results import counts_of
from cpoly.games.holdem.showdown import integer_weights
from cpoly.games.holdem.tally import SHARE_UNIT, tally_columns
from tests.holdem.test_equity_exact import assert_matches, brute_force_eval7

SHORT_DECK = DEFAULT_GAME.parent / "short_deck.cp"


def _python_tally(strengths: np.ndarray, weights: list[int]) -> dict[str, list[list[int]]]:
    """Per player and hand code: weight won alone, tied, seen, and pot shares (1/2520 units)."""
    players = len(strengths)
    codes = category_codes(strengths.ravel(), game_rules(None)).reshape(strengths.shape)
    out = {key: [[0] * 10 for _ in range(players)] for key in ("win", "tie", "occur", "share")}
    for column, weight in enumerate(weights):
        values = [int(v) for v in strengths[:, column]]
        winners = [p for p, v in enumerate(values) if v == max(values)]
        for p in range(players):
            code = int(codes[p, column]) - 1
            out["occur"][p][code] += weight
            if p in winners:
                out["win" if len(winners) == 1 else "tie"][p][code] += weight
                out["share"][p][code] += weight * (SHARE_UNIT // len(winners))
    return out


@pytest.mark.parametrize("largest", [50, 2**40])
@pytest.mark.parametrize("seed", range(4))
def test_tally_columns_matches_a_python_tally(seed: int, largest: int) -> None:
    rng = np.random.default_rng(seed)
    players, n = int(rng.integers(2, 7)), 300
    categories = rng.integers(1, 10, size=(players, n))
    strengths = (categories << 20) | (rng.integers(0, 3, size=(players, n)) << 16)  # many ties
    weights = [int(w) for w in rng.integers(-largest, largest, size=n)]
    codes = category_codes(strengths.ravel(), game_rules(None)).reshape(strengths.shape) - 1
    expected = _python_tally(strengths, weights)
    for given in (None, codes.astype(np.uint8)):  # codes made by the tally, or kept by its caller
        got = tally_columns(strengths.astype(np.int32), np.array(weights, dtype=np.int64), codes=given)
        assert got.cat_win.tolist() == expected["win"]
        assert got.cat_tie.tolist() == expected["tie"]
        assert got.cat_occur.tolist() == expected["occur"]
        assert got.cat_share.tolist() == expected["share"]
        assert got.boards == sum(weights)


def test_a_tally_whose_partial_sums_pass_2_53_is_exact() -> None:
    """Floats would lose the 1 (2**53 + 1 is no float): the int64 path keeps it."""
    strengths = np.array([[2 << 20] * 5, [1 << 20] * 5], dtype=np.int32)
    got = tally_columns(strengths, np.array([1, 2**52, 2**52, -2**52, -2**52], dtype=np.int64))
    assert got.win.tolist() == [1, 0] and got.cat_occur[1].tolist() == [1] + [0] * 9


@pytest.mark.parametrize(("hands", "board"), [
    (["AhAd", "KhKd", "7h6h"], "Qh Jh 2h Qc"),      # flushes and straight flush draws, a boat
    (["2h2d", "Ah3h", "Th9d"], "2c Kh 5h 5s"),      # quads and boats against a flush
    (["AsAh", "KsKh"], "Qs Js 3s"),                 # both flush-capable, boards of three spades
    (["9h8h", "9c8c", "AdKd"], "7h 6c 2d"),          # three suits flush-capable
])
def test_known_hands_against_every_board(hands: list[str], board: str) -> None:
    cards = tuple(parse_cards(board))
    assert_matches(equity(hands, board, exact=True), brute_force_eval7(hands, cards, ()))


def test_holding_tally_boards_are_every_completion() -> None:
    tally = holding_tally([parse_cards("AcKc"), parse_cards("AdKd"), parse_cards("Td4c")])
    assert tally.boards == 1_370_754  # C(46, 5)
    assert int(tally.cat_occur.sum()) == 3 * 1_370_754


def test_two_written_cards_read_as_the_general_reader_does() -> None:
    assert list(weighted_range("AsAh")) == [(parse_card("Ah"), parse_card("As"))]
    assert weighted_range("AsAh") == weighted_range("As Ah") == weighted_range("ahas")
    assert weighted_range("2c3d@50") == {(parse_card("3d"), parse_card("2c")): Fraction(50)}


@pytest.mark.parametrize("text", ["AsAs", "AsAhKd", "AsXx"])
def test_written_cards_errors_are_unchanged(text: str) -> None:
    with pytest.raises(CpolyInputError):
        weighted_range(text)


def test_zero_weights_are_still_left_out() -> None:
    assert set(weighted_range("AA@0,KK")) == set(weighted_range("KK"))
    with pytest.raises(CpolyInputError, match="weight 0 everywhere"):
        weighted_range("AA@0")


#: OMPEval's equities of the benchmark's six known hands preflop (its own enumeration, printed to
#: nine digits by ``benchmarks/ompeval_equity.cpp`` on 2026-12-06).
OMPEVAL_SIX_PAIRS = [0.366450459, 0.180856970, 0.145769251, 0.118365329, 0.098976507, 0.089581484]


def test_six_known_pairs_preflop_as_ompeval_and_the_known_hands_method() -> None:
    hands = [parse_cards(h) for h in ("AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h")]
    counted = holding_tally(hands)
    assert counts_of(counted) == known_hands_tally(hands)
    assert counted.boards == 658_008  # C(40, 5)
    equities = [int(share) / (SHARE_UNIT * counted.boards) for share in counted.share]
    assert equities == pytest.approx(OMPEVAL_SIX_PAIRS, abs=1e-9)


@pytest.mark.parametrize("seed", range(6))
def test_five_and_six_known_hands_as_the_known_hands_method(seed: int) -> None:
    """Random hands (suits spread: several suits flush-capable at once), a board of 0, 3 or 4
    cards and a dead card, with and without flushes."""
    rng = np.random.default_rng(seed)
    cards = [int(c) for c in rng.permutation(52)]
    players, board = 5 + seed % 2, [0, 3, 4][seed % 3]
    hands = [tuple(cards[2 * p: 2 * p + 2]) for p in range(players)]
    shown, dead = tuple(cards[2 * players: 2 * players + board]), (cards[-1],)
    for flushes in (True, False):
        expected = known_hands_tally(hands, shown, dead, flushes=flushes)
        assert counts_of(holding_tally(hands, shown, dead, flushes)) == expected


@pytest.mark.parametrize("seed", range(4))
def test_known_cards_as_suit_masks(seed: int) -> None:
    rng = np.random.default_rng(seed)
    rules = rules_of(SHORT_DECK) if seed % 2 else default_rules()
    cards = [int(c) for c in rng.permutation(rules.deck)]
    hands, board, dead = [tuple(cards[0:2]), tuple(cards[2:4])], tuple(cards[4:7]), (cards[7],)
    known = _Known.of(hands, board, dead, rules)
    left = [c for c in rules.deck if c not in cards[:8]]
    assert known.copies() == tuple(sum(1 for c in left if c // 4 == rank) for rank in range(13))
    assert known.copies([1, 3]) == tuple(sum(1 for c in left if c // 4 == rank and c % 4 in (1, 3))
                                         for rank in range(13))
    assert known.unknown == 2
    for suit in range(4):
        assert known.left[suit] == sum(1 << (c // 4) for c in left if c % 4 == suit)
        assert known.board[suit] == sum(1 << (c // 4) for c in board if c % 4 == suit)
        assert [hole[suit] for hole in known.holes] == [sum(1 << (c // 4) for c in h if c % 4 == suit)
                                                          for h in hands]


def test_one_weight_object_or_equal_weights_give_the_same_integers() -> None:
    shared, equal = [Fraction(50)] * 3, [Fraction(50), Fraction(100, 2), Fraction(50)]
    assert integer_weights(shared) == integer_weights(equal) == (1, 1, 1)
    assert integer_weights([Fraction(50), Fraction(25)]) == (2, 1)
