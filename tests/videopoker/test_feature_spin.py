"""Spin Poker against brute force and a simulator.

* The pair moments on the 18-card deck: every shared draw ``A`` and every pair of disjoint private
  draws of two lines enumerated, the final hands classified by the oracle's own categories; the
  column weights against an enumeration of the window.
* The superset tables' sums of squares against those pair moments, for holds of every size; the
  union tables against every pair of disjoint sets (11 cards), the Grams' last sums against the
  rows for any mix of holds, the Grams of one pair per suit orbit against every pair's, pays
  past int32 against every draw.
* One deal's mean square of a round against every fill of the window (15-card deck, every choice of
  the discarded columns, 1..9 lines).
* The whole game (24-card deck): the sum over the deal classes of the brute-checked pair moments,
  1 line = the base analysis' variance (tie rules included), and a simulator of its own (random
  deals by class weight, the dealt cards in random columns, the window filled from a shuffled rest).
* The commands: ``analyze --json`` and text on a 24-card game, a deck too small for the window refused.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import pytest

from cpoly.deck.subsets import colex_rank
from cpoly.errors import CpolyError, Span
from cpoly.games.videopoker.feature.spin import pair_draws, pair_moments, pair_sums, shared_columns
from cpoly.games.videopoker.feature.spintables import SupersetPays
from cpoly.games.videopoker.feature.spinvariance import SpinAnalysis, analyze_spin, mean_squares, played_holds
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.summary import GameAnalysis
from cpoly.games.videopoker.play.variant import analyze
from cpoly.games.videopoker.prepare.prepared import PreparedGame, prepare_game
from cpoly.games.videopoker.prepare.tables import build_tables
from cpoly.lang.features import SPIN_PATHS as PATHS
from cpoly.lang.features import SpinPoker, feature_of
from cpoly.lang.paytable import PayTable
from cpoly.lang.syntax import read_module
from tests.videopoker.vp_oracle import poker_categories, standard_deck

PAYS = (250, 50, 25, 9, 6, 4, 3, 2, 1, 0)
CATEGORIES = poker_categories(6, 3, high_pair_from=2)
CATEGORIES_11 = poker_categories(11, 1)  # one suit: straights and flushes only


def _category(hands: np.ndarray) -> np.ndarray:
    found: np.ndarray = CATEGORIES[colex_rank(hands)]
    return found


def _brute(held: list[int], rest: list[int], shared: int) -> Fraction:
    d = 5 - len(held)
    total, count = 0, 0
    for common in combinations(rest, shared):
        left = [c for c in rest if c not in common]
        for first in combinations(left, d - shared):
            others = [c for c in left if c not in first]
            one = PAYS[int(_category(np.array([sorted(held + list(common) + list(first))]))[0])]
            for second in combinations(others, d - shared):
                two = PAYS[int(_category(np.array([sorted(held + list(common) + list(second))]))[0])]
                total, count = total + one * two, count + 1
    return Fraction(total, count)


@pytest.mark.parametrize(("deal", "hold"), [([0, 4, 8, 12, 16], 0b00111), ([1, 2, 9, 13, 17], 0b00011),
                                            ([3, 7, 10, 14, 15], 0b00001), ([0, 5, 6, 11, 17], 0)])
def test_pair_moments_are_the_brute_force_means_of_two_lines(deal: list[int], hold: int) -> None:
    held = [deal[i] for i in range(5) if hold >> i & 1]
    rest = [c for c in range(18) if c not in deal]
    found = pair_moments(held, rest, _category, PAYS)
    d = 5 - len(held)
    shares = range(d + 1) if d <= 3 else [d - 1, d]  # the draw of five: the cheap cases
    for shared in shares:
        assert found[shared] == _brute(held, rest, shared), shared
    if d == 5:  # no shared card: two disjoint five-card draws, by counting pairs of hands directly
        hands = [sorted(h) for h in combinations(rest, 5)]
        pays = [PAYS[int(c)] for c in _category(np.array(hands))]
        pairs = [(a, b) for a, b in combinations(range(len(hands)), 2) if not set(hands[a]) & set(hands[b])]
        assert found[0] == Fraction(sum(2 * pays[a] * pays[b] for a, b in pairs), 2 * len(pairs))


def test_the_column_weights_count_every_ordered_pair_of_lines_once() -> None:
    for discards in range(6):
        weights = shared_columns(PATHS, discards)
        assert sum(weights) == 9 * 8
    assert shared_columns(PATHS[:3], 5) == [6, 0, 0, 0, 0, 0]  # three rows never share a position
    assert shared_columns(PATHS, 0) == [72]
    middle_and_v = sum(a == b for a, b in zip(PATHS[0], PATHS[3]))
    assert middle_and_v == 2


def test_spin_is_a_feature_of_up_to_nine_lines() -> None:
    statement = read_module('feature spin "Spin Poker": lines 9', "s.cp").statements[0]
    feature = feature_of(statement, ["Flush"])
    assert isinstance(feature, SpinPoker) and feature.lines == 9
    with pytest.raises(CpolyError, match="at most 9 lines"):
        feature_of(read_module("feature spin: lines 10", "s.cp").statements[0], ["Flush"])


def _spin_feature(text: str) -> SpinPoker:
    feature = feature_of(read_module(text, "s.cp").statements[0], ["Flush"])
    assert isinstance(feature, SpinPoker)
    return feature


def test_the_paylines_are_the_features_data() -> None:
    """``paths`` replaces the nine defaults, ``lines`` takes the first ones (all when not given);
    the mistakes are errors at the offending item (golden files: tests/golden_errors/spin_*)."""
    assert _spin_feature("feature spin: lines 3").paths == PATHS and len(PATHS) == 9
    given = _spin_feature("feature spin: paths (MMMMM, TTTMM, BBBMM)")
    assert given.paths == ("MMMMM", "TTTMM", "BBBMM") and given.lines == 3
    assert _spin_feature("feature spin: paths (MMMMM, TTTMM, BBBMM), lines 2").lines == 2
    for text, message in [("paths (MMMMM, TTTT)", "a path is 5 rows"), ("paths (MMMMM, TTXTT)", "not 'TTXTT'"),
                          ("paths (MMMMM, 3)", "takes paths like TMBMT"), ("paths (MMMMM, TTTTT 2)", "takes paths"),
                          ("paths (MMMMM, TTTTT, MMMMM)", "path 'MMMMM' is given twice (payline 1)"),
                          ("paths (MMMMM, TTTTT), lines 3", "2 paths, so at most 2 lines, not 3")]:
        with pytest.raises(CpolyError, match=message.replace("(", r"\(").replace(")", r"\)")):
            _spin_feature(f"feature spin: {text}")


# ---- the superset tables -------------------------------------------------------------------
def _direct_squares(held: list[int], rest: list[int], categories: np.ndarray, pays: tuple[int, ...]) -> list[int]:
    """``M_0 .. M_d`` by listing every draw: ``F(W)`` summed over the draws containing ``W``."""
    d = 5 - len(held)
    paid = {draw: pays[int(categories[colex_rank(np.array([sorted(held + list(draw))]))[0]])]
            for draw in combinations(rest, d)}
    return [sum(sum(p for draw, p in paid.items() if set(w) <= set(draw)) ** 2 for w in combinations(rest, m))
            for m in range(d + 1)]


BIG_PAYS = (10**8, 50, 25, 9, 6, 4, 3, 2, 1, 0)  # tables past int16 and int32, sums past 2**31


@pytest.mark.parametrize("pays", [PAYS, BIG_PAYS])
def test_the_union_tables_are_the_pay_totals_of_every_pair_of_disjoint_sets(pays: tuple[int, ...]) -> None:
    """``union(a, b)[rank B, rank A] = T(A ∪ B)``, the pays of the hands holding both, 0 where they
    meet: every pair of sets of an 11-card deck against a listing of its hands."""
    n = 11
    totals: dict[frozenset[int], int] = {}
    for hand in combinations(range(n), 5):
        paid = pays[int(CATEGORIES_11[int(colex_rank(np.array(hand)))])]
        for size in range(6):
            for part in combinations(hand, size):
                totals[frozenset(part)] = totals.get(frozenset(part), 0) + paid
    tables = SupersetPays.build(build_tables(CATEGORIES_11, n, 10), pays)
    for a in range(1, 6):
        for b in range(6 - a):
            table = tables.union(a, b)
            for first in combinations(range(n), a):
                for second in combinations(range(n), b):
                    both = set(first) | set(second)
                    expected = 0 if len(both) < a + b else totals[frozenset(both)]
                    at = (int(colex_rank(np.array(second))) if b else 0, int(colex_rank(np.array(first))))
                    assert int(table[at]) == expected, (first, second)
    assert tables.union(3, 2).dtype == (np.int16 if pays == PAYS else np.int32)


def test_large_pays_go_through_wider_sums_exactly() -> None:
    """Pays whose totals pass int32: the sums of squares against every draw (18 cards), the
    last by the rows as the Grams could round."""
    tables = SupersetPays.build(build_tables(CATEGORIES, 18, 10), BIG_PAYS)
    assert tables.grams is None
    for deal, hold in [([0, 4, 8, 12, 16], 0b00011), ([1, 2, 9, 13, 17], 0b00001)]:
        held = [deal[i] for i in range(5) if hold >> i & 1]
        dropped = [c for c in deal if c not in held]
        rest = [c for c in range(18) if c not in deal]
        found = [tables.square_sums(np.array([held]), np.array([dropped]), m)[0] for m in range(1, len(dropped) - 1)]
        found += tables.last_square_sums(np.array([held]), np.array([dropped]))
        assert found == _direct_squares(held, rest, CATEGORIES, BIG_PAYS)[1:len(dropped)]


@pytest.mark.parametrize(("deal", "hold"), [([0, 4, 8, 12, 16], 0b00111), ([1, 2, 9, 13, 17], 0b00011),
                                            ([3, 7, 10, 14, 15], 0b00001), ([0, 5, 6, 11, 17], 0)])
def test_the_superset_tables_give_the_sums_of_squares_of_every_draw(deal: list[int], hold: int) -> None:
    held = [deal[i] for i in range(5) if hold >> i & 1]
    dropped = [c for c in deal if c not in held]
    rest = [c for c in range(18) if c not in deal]
    tables = SupersetPays.build(build_tables(CATEGORIES, 18, 10), PAYS)
    d = len(dropped)
    found = [tables.square_sums(np.array([held]), np.array([dropped]), m)[0] for m in range(1, d)]
    direct = _direct_squares(held, rest, CATEGORIES, PAYS) if d < 5 else None
    if direct is not None:
        assert found == direct[1:d]
    if d >= 2:  # the Grams give the last one too
        assert tables.last_square_sums(np.array([held]), np.array([dropped])) == found[-1:]
    if d >= 2:  # through the pair formula, the brute-checked pair moments (all of them: M_0 and M_d direct)
        first = sum(PAYS[int(c)] for c in _category(np.array([sorted(held + list(b)) for b in combinations(rest, d)])))
        second = sum(PAYS[int(c)] ** 2 for c in _category(np.array([sorted(held + list(b))
                                                                     for b in combinations(rest, d)])))
        squares = [first * first, *found, second]
        moments = [Fraction(q, pair_draws(len(rest), d, s)) for s, q in enumerate(pair_sums(squares))]
        assert moments == pair_moments(held, rest, _category, PAYS)


# ---- one deal against every fill of the window ---------------------------------------------
def test_the_grams_give_the_rows_last_sums_for_any_mix_of_holds() -> None:
    """The Grams' inclusion-exclusion against the sums of the rows of the union tables (the
    rows themselves are checked against every draw above; too large pays: the next test)."""
    tables = SupersetPays.build(build_tables(GAME_CATEGORIES, 24, 10), PAYS)
    rng = np.random.default_rng(32)
    for d in range(2, 6):
        deals = np.array([sorted(rng.choice(24, 5, replace=False).tolist()) for _ in range(8)])
        kept = np.array([sorted(rng.choice(5, 5 - d, replace=False).tolist()) for _ in range(8)], dtype=np.int64)
        held = np.take_along_axis(deals, kept.reshape(8, 5 - d), axis=1)
        dropped = np.array([[c for c in deal if c not in hold] for deal, hold in zip(deals.tolist(), held.tolist())])
        found = tables.last_square_sums(held.reshape(8, 5 - d), dropped)
        assert found == tables.square_sums(held.reshape(8, 5 - d), dropped, d - 1) and len(set(found)) > 1, d
    assert tables.grams is not None


def test_the_grams_of_one_pair_per_suit_orbit_are_every_pairs_grams() -> None:
    """The prepared game's suit symmetries (24 on the 24-card deck) move the Grams of the orbits'
    first pairs to the others: the same as multiplying every pair's."""
    game = _game()
    assert len(game.card_maps) == 24
    alone = SupersetPays.build(game.tables, PAYS)
    moved = SupersetPays.build(game.tables, PAYS, game.card_maps)
    assert alone.grams is not None and moved.grams is not None
    assert all(np.array_equal(a, b) for a, b in zip(alone.grams, moved.grams))


SMALL_DECK = (5, 3)  # 15 cards: the window of two discards is 151,200 fills of ten cards
SMALL_CATEGORIES = poker_categories(*SMALL_DECK)


def _window_mean_squares(deal: list[int], held: list[int], n: int, paths: tuple[str, ...]) -> list[Fraction]:
    """``E[(Σ_lines pay)^2]`` for the first 1, 2, … of ``paths``: every choice of the discarded
    columns, every ordered fill of their three rows from the rest."""
    from itertools import permutations

    rest = [c for c in range(n) if c not in deal]
    d = 5 - len(held)
    listed = list(permutations(rest, 3 * d))
    fills = np.array(listed, dtype=np.int64).reshape(len(listed), 3 * d)
    row_of = {"T": 0, "M": 1, "B": 2}
    totals = [Fraction(0)] * len(paths)
    columns = list(combinations(range(5), d))
    for chosen in columns:
        running = np.zeros(len(fills), dtype=np.int64)
        for lines, path in enumerate(paths):
            drawn = [3 * chosen.index(col) + row_of[path[col]] for col in chosen]
            hands = np.sort(np.concatenate([np.tile(held, (len(fills), 1)), fills[:, drawn]], axis=1), axis=1)
            running = running + np.asarray(PAYS)[SMALL_CATEGORIES[colex_rank(hands)]]
            totals[lines] += Fraction(int((running * running).sum()), len(fills) * len(columns))
    return totals


#: Paths other than the default: the mirrored fit of lines 8 and 9, and ones sharing every row.
OTHER_PATHS = ("MMMMM", "TTTMM", "BBBMM", "MTMBM", "TMMMB")


@pytest.mark.parametrize(("deal", "hold", "paths"), [([0, 4, 8, 12, 13], 0b11110, PATHS),
                                                     ([1, 2, 9, 10, 14], 0b11100, PATHS),
                                                     ([0, 3, 6, 9, 12], 0b11111, PATHS),
                                                     ([1, 2, 9, 10, 14], 0b11100, OTHER_PATHS)])
def test_one_deals_mean_square_is_the_mean_over_every_fill_of_the_window(deal: list[int], hold: int,
                                                                         paths: tuple[str, ...]) -> None:
    held = [deal[i] for i in range(5) if hold >> i & 1]
    dropped = [c for c in deal if c not in held]
    rest = [c for c in range(15) if c not in deal]
    hands = np.array([sorted(held + list(b)) for b in combinations(rest, len(dropped))])
    paid = np.asarray(PAYS)[SMALL_CATEGORIES[colex_rank(hands)]]
    d = len(dropped)
    tables = SupersetPays.build(build_tables(SMALL_CATEGORIES, 15, 10), PAYS)
    middle = [tables.square_sums(np.array([held]), np.array([dropped]), m)[0] for m in range(1, d)]
    squares = [int(paid.sum()) ** 2, *middle, int((paid * paid).sum())] if d else [int(paid.sum()) ** 2]
    sums = [squares if k == d else [0] * (k + 1) for k in range(6)]
    assert list(mean_squares(15, sums, 1, paths)) == _window_mean_squares(deal, held, 15, paths)


# ---- the whole game ------------------------------------------------------------------------
GAME_DECK = (6, 4)  # 24 cards: 19 left, enough for a window of five discards
GAME_CATEGORIES = poker_categories(*GAME_DECK)
DRAWING_PAYS = (250, 50, 0, 0, 6, 4, 0, 0, 0)  # only straights and flushes: many draws, one discard-all class
TIED_PAYS = (3, 3, 3, 2, 1, 1, 1, 1, 1)  # equal-EV holds with different outcomes (12 deals)
SPIN = SpinPoker(None, 9, Span("test.cp", 1, 1, ""))


@cache
def _game() -> PreparedGame:
    faces, suits = standard_deck(*GAME_DECK)
    return prepare_game(GAME_CATEGORIES, faces, suits, 10, use_cache=False)


@cache
def _spin(pays: tuple[int, ...], rule: str) -> tuple[GameAnalysis, SpinAnalysis]:
    analysis = analyze(PlainPlay(_game()), PayTable("t", pays), rule)
    return analysis, analyze_spin(_game(), analysis, SPIN)


def _category_of(hands: np.ndarray) -> np.ndarray:
    found: np.ndarray = GAME_CATEGORIES[colex_rank(hands)]
    return found


@pytest.mark.parametrize(("pays", "rule"), [pytest.param(DRAWING_PAYS, "rank-order", marks=pytest.mark.slow),
                                            (TIED_PAYS, "lowest-variance"), (TIED_PAYS, "highest-variance")])
def test_the_whole_game_sums_the_pair_moments_of_every_deal_class(pays: tuple[int, ...], rule: str) -> None:
    analysis, found = _spin(pays, rule)
    prepared = _game()
    played = played_holds(prepared, analysis)
    n, scale = prepared.n, analysis.paytable.scaled()
    totals = [Fraction(0)] * len(PATHS)
    columns = {(lines, d): shared_columns(PATHS[:lines], d) for lines in range(1, len(PATHS) + 1) for d in range(6)}
    for entry, (klass, hold) in enumerate(zip(played.classes.tolist(), played.holds.tolist())):
        deal = prepared.deals[klass].tolist()
        held = [deal[i] for i in range(5) if hold >> i & 1]
        d = 5 - len(held)
        if d:
            moments = pair_moments(held, [c for c in range(n) if c not in deal], _category_of, scale.pays)
        else:
            moments = [Fraction(scale.dealt_pays[int(_category_of(np.array([deal]))[0])]) ** 2]
        for lines in range(1, len(PATHS) + 1):
            pairs = sum((w * j for w, j in zip(columns[lines, d], moments)), Fraction(0))
            totals[lines - 1] += int(played.weights[entry]) * (lines * moments[d] + pairs)
    weight = int(played.weights.sum()) * scale.denominator ** 2
    assert list(found.mean_squares) == [t / weight for t in totals]
    assert found.per_line(1) == found.per_total_bet(1) == analysis.variance  # one line is the base game
    assert found.expected_return == analysis.expected_return
    assert sum(found.deals_by_discards) == comb(n, 5) and sum(found.classes_by_discards) == len(prepared.sizes)


def test_the_tie_rule_changes_the_spin_variance_and_the_draws_reach_five_discards() -> None:
    """The tests above can fail: the rules' holds differ in their spin variance, and the drawing
    table plays every number of discards."""
    lowest, highest = _spin(TIED_PAYS, "lowest-variance"), _spin(TIED_PAYS, "highest-variance")
    assert lowest[0].ambiguous_deals and lowest[1].variance(9) != highest[1].variance(9)
    assert all(_spin(DRAWING_PAYS, "rank-order")[1].classes_by_discards)


def test_a_simulated_spin_poker_agrees_with_the_exact_variance() -> None:
    """Rounds of its own: a deal class drawn by weight, its hold (the base game's), the five
    dealt cards in random columns, the held ones copied up and down, the other positions filled
    left to right from the shuffled rest, then the nine lines' pays; each number of lines' sample
    variance within four standard errors of the exact figure."""
    analysis, found = _spin(DRAWING_PAYS, "rank-order")
    prepared = _game()
    played = played_holds(prepared, analysis)
    rng = np.random.default_rng(32)
    rounds = 60_000
    entries = rng.choice(len(played.holds), rounds, p=played.weights / played.weights.sum())
    deals = np.asarray(prepared.deals, dtype=np.int64)[played.classes[entries]]
    kept = (played.holds[entries][:, None] >> np.arange(5)) & 1 == 1
    order = rng.permuted(np.tile(np.arange(5), (rounds, 1)), axis=1)  # the column of each dealt card
    middle = np.take_along_axis(deals, order, axis=1)
    held = np.take_along_axis(kept, order, axis=1)
    rest = np.array([np.setdiff1d(np.arange(prepared.n), deal) for deal in deals])
    shuffled = rng.permuted(rest, axis=1)
    window = np.repeat(middle[:, None, :], 3, axis=1)  # rows T, M, B
    empty = np.repeat(~held[:, None, :], 3, axis=1).reshape(rounds, -1)
    slots = np.cumsum(empty, axis=1) - 1
    flat = window.reshape(rounds, -1)
    flat[empty] = shuffled[np.arange(rounds)[:, None].repeat(15, axis=1)[empty], slots[empty]]
    window = flat.reshape(rounds, 3, 5)
    pays = np.asarray(DRAWING_PAYS + (0,))
    total = np.zeros(rounds)
    for lines, path in enumerate(PATHS, start=1):
        rows = np.array(["TMB".index(r) for r in path])
        hands = np.sort(window[:, rows, np.arange(5)], axis=1)
        total = total + pays[_category_of(hands)]
        centred = total - total.mean()
        sample = float((centred**2).mean())
        error = float(np.sqrt(((centred**4).mean() - sample**2) / rounds))
        assert abs(sample - float(found.variance(lines))) < 4 * error, lines


# ---- the commands --------------------------------------------------------------------------
def _run(args: list[str]) -> tuple[int, str, str]:
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from cpoly.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def spin_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The small test game with Spin Poker on its 18 cards and on 24 (four suits)."""
    from tests.conftest import ROOT

    folder = tmp_path_factory.mktemp("spin")
    text = (ROOT / "tests" / "fixtures" / "small_poker.cp").read_text()
    assert "Suits = 3\n" in text and 'suit_letters "hdc"' in text
    (folder / "small_poker.cp").write_text(text)
    (folder / "four_suits.cp").write_text(text.replace("Suits = 3\n", "Suits = 4\n").replace('"hdc"', '"hdcs"'))
    paths = {}
    for name, base in (("small", "small_poker.cp"), ("four", "four_suits.cp")):
        (folder / f"spin_{name}.cp").write_text(f'import "{base}"\nfeature spin "Spin Poker": lines 5\n')
        paths[name] = str(folder / f"spin_{name}.cp")
    return paths


def test_analyze_prints_the_spin_variance_as_the_solver_finds_it(spin_games: dict[str, str]) -> None:
    code, _, err = _run(["analyze", spin_games["small"]])  # 18 cards: no hold discards five, the window fits
    assert code == 0 and "warning" not in err
    import json

    from cpoly.games.videopoker.game import VideoPoker

    code, out, err = _run(["analyze", spin_games["four"], "--json"])
    assert code == 0 and "warning" not in err
    data = json.loads(out)
    found = data["features"][0]
    poker = VideoPoker.load(spin_games["four"])
    feature = poker.game.spec.features[0]
    assert isinstance(feature, SpinPoker) and feature.lines == 5
    expected = analyze_spin(poker.single_deck(), poker.analyze(), feature)
    assert found["kind"] == "spin" and "inclusion-exclusion" in found["method"] and found["lines"] == 5
    assert Fraction(found["return_exact"]) == Fraction(data["return_exact"]) == expected.expected_return
    assert Fraction(found["variance_per_line_exact"]) == expected.per_line(5)
    assert Fraction(found["variance_per_total_bet_exact"]) == expected.per_line(5) / 5
    assert [Fraction(row["variance_per_line_exact"]) for row in found["by_lines"]] == \
        [expected.per_line(n) for n in range(1, 10)]
    assert found["by_lines"][0]["variance_per_line"] == pytest.approx(data["variance"])
    assert sum(Fraction(row["share_exact"]) for row in found["distribution"]["rows"]) == 1
    code, out, err = _run(["analyze", spin_games["four"]])
    assert code == 0 and 'feature spin "Spin Poker": return' in out and "sd per line" in out and "warning" not in err


def test_a_deck_too_small_for_the_window_is_refused() -> None:
    """15 cards leave 10: a hold discarding four needs 12 for the three rows."""
    from cpoly.errors import CpolyInputError

    faces, suits = standard_deck(*SMALL_DECK)
    prepared = prepare_game(SMALL_CATEGORIES, faces, suits, 10, use_cache=False)
    analysis = analyze(PlainPlay(prepared), PayTable("t", TIED_PAYS), "rank-order")
    with pytest.raises(CpolyInputError, match="window needs 12 cards for a hold of 1 card"):
        analyze_spin(prepared, analysis, SPIN)


def test_the_report_has_a_spin_section(spin_games: dict[str, str]) -> None:
    import json

    code, out, _ = _run(["report", spin_games["four"], "--json"])
    assert code == 0
    found = json.loads(out)["analysis"]["features"][0]
    assert found["kind"] == "spin" and found["distribution"]["label"] == "deals by cards discarded"


def test_a_second_analysis_reads_the_square_sums_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    analysis = analyze(PlainPlay(_game()), PayTable("t", DRAWING_PAYS), "rank-order")
    first = analyze_spin(_game(), analysis, SPIN)

    def refuse(*_: object) -> None:
        raise AssertionError("the square sums were computed again")

    monkeypatch.setattr(SupersetPays, "build", refuse)
    assert analyze_spin(_game(), analysis, SPIN) == first
    other = analyze(PlainPlay(_game()), PayTable("t", TIED_PAYS), "rank-order")
    with pytest.raises(AssertionError, match="computed again"):  # another table: another entry
        analyze_spin(_game(), other, SPIN)
