"""Ultimate X on several lines and Dream Card, exact: against brute force on an 18-card deck,
against the single-line solver, and against a simulator that plays hands with a deck.

The oracle (:func:`~tests.videopoker.vp_oracle.brute_hold_outcomes`, its own classifier)
enumerates every draw of every hold of every deal; the lines' joint distribution is convolved
here in integers, and the Bellman equations of the multi-line problem are checked over the
*multisets* of line multipliers' totals with the solver's gain and relative values.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from math import comb, lcm

import numpy as np
import pytest

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.errors import Span
from cpoly.games.videopoker.feature.dreamcard import analyze_dream_card
from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x
from cpoly.games.videopoker.feature.ultimatexlines import (
    UltimateXLinesAnalysis,
    analyze_ultimate_x_lines,
    per_line_model_return,
)
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import DreamCard, UltimateX
from tests.conftest import ROOT
from tests.videopoker.test_feature_variance import _within
from tests.videopoker.vp_oracle import poker_categories

SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
NOWHERE = Span("test", 1, 1, "")
PAYS = (250, 50, 25, 9, 6, 4, 3, 2, 1, 0)  # small_poker.cp's "flat", nothing last
NEXT = (2, 2, 3, 12, 10, 7, 4, 3, 2, 1)  # per category, nothing last (1x)
NAMES = ("RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight", "ThreeOfAKind",
         "TwoPair", "JacksOrBetter")
FEATURE = UltimateX(None, 1, Fraction(2), {n: Fraction(m) for n, m in zip(NAMES, NEXT)}, NOWHERE)
CATEGORIES = poker_categories(6, 3, high_pair_from=2)
DRAWS = [comb(13, 5 - bin(mask).count("1")) for mask in range(32)]
LCM = lcm(*DRAWS)


def _scaled(outcomes: np.ndarray) -> np.ndarray:
    """Outcome counts on the common total ``LCM`` (each hold's draws weighted)."""
    return outcomes * np.array([LCM // d for d in DRAWS], dtype=np.int64)[None, :, None]


def _total_distributions(outcomes: np.ndarray, lines: int) -> dict[int, np.ndarray]:
    """``{total: (deals, 32) int}``: the chance (times ``LCM ** lines``) that the lines' next
    multipliers sum to ``total``, convolving one line's distribution ``lines`` times."""
    per_line = _scaled(outcomes)
    found: dict[int, np.ndarray] = {0: np.ones(per_line.shape[:2], dtype=object)}
    for _ in range(lines):
        grown: dict[int, np.ndarray] = {}
        for total, chance in found.items():
            for category, multiplier in enumerate(NEXT):
                grown[total + multiplier] = grown.get(total + multiplier, 0) + chance * per_line[:, :, category]
        found = grown
    return found


@pytest.mark.parametrize("lines", [2, 3])
def test_multi_line_ultimate_x_satisfies_the_optimality_equations_by_brute_force(
        small_outcomes: np.ndarray, small_game: VideoPoker, lines: int) -> None:
    """``g + H(M) = mean over deals of max_hold (M E[pay] + Σ_M' P_hold(M') H(M'))`` for every
    total ``M``, the joint distribution of the lines' results convolved by the oracle."""
    found = analyze_ultimate_x_lines(small_game.single_deck(use_cache=False), small_game.paytable(), replace(FEATURE, lines=lines))
    relative = {int(s.total): s.relative_value for s in found.states}
    denominator = lcm(*(h.denominator for h in relative.values()))
    future = sum(chance * int(relative[total] * denominator)
                 for total, chance in _total_distributions(small_outcomes, lines).items())
    pay = (_scaled(small_outcomes) @ np.array(PAYS, dtype=np.int64)).astype(object) * LCM ** (lines - 1) * denominator
    for total, h in relative.items():
        best = (total * pay + future).max(axis=1)
        assert Fraction(int(best.sum()), len(small_outcomes) * LCM**lines * denominator) == found.gain + h
    assert sum(s.share for s in found.states) == 1 and sum(share for _, share in found.line_shares) == 1
    assert found.expected_return == found.gain / (2 * lines)


def test_one_line_over_totals_is_the_single_line_solution(small_game: VideoPoker) -> None:
    ready = small_game.single_deck(use_cache=False)
    one = analyze_ultimate_x(ready, small_game.paytable(), FEATURE)
    lines = analyze_ultimate_x_lines(ready, small_game.paytable(), FEATURE)
    assert lines.gain == one.gain
    assert [(s.total, s.share, s.relative_value) for s in lines.states] == \
        [(s.multiplier, s.share, s.relative_value) for s in one.states]


def test_the_per_line_model_plays_no_better_than_the_exact_solution(small_game: VideoPoker) -> None:
    """The decomposition's holds, evaluated exactly, return at most the optimum; on one line
    they are the optimum; on three lines of this deck they lose a little."""
    ready, table = small_game.single_deck(use_cache=False), small_game.paytable()
    one = analyze_ultimate_x_lines(ready, table, FEATURE).expected_return
    assert per_line_model_return(ready, table, FEATURE) == one
    three = replace(FEATURE, lines=3)
    exact, model = analyze_ultimate_x_lines(ready, table, three).expected_return, per_line_model_return(ready, table, three)
    print(f"3 lines: exact {float(exact):.9f}, per-line model {float(model):.9f}")
    assert 0 < exact - model < Fraction(1, 10_000)


def test_a_simulated_three_line_session_agrees_with_the_exact_gain(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """Plays hands with a shuffled 18-card deck, each line drawing from its own copy of the rest,
    holds chosen by the oracle's scores at the total in force; the mean pay per hand is within
    four standard errors of the exact gain."""
    found = analyze_ultimate_x_lines(small_game.single_deck(use_cache=False), small_game.paytable(), replace(FEATURE, lines=3))
    relative = {int(s.total): float(s.relative_value) for s in found.states}
    future = sum(chance.astype(float) * relative[total] / float(LCM) ** 3
                 for total, chance in _total_distributions(small_outcomes, 3).items())
    pay = (_scaled(small_outcomes) @ np.array(PAYS, dtype=np.int64)) / LCM
    rng = random.Random(20240601)
    multipliers, batch, means = [1, 1, 1], [], []
    for _ in range(60_000):
        deal = sorted(rng.sample(range(18), 5))
        row = int(colex_rank(np.array([deal]))[0])
        hold = int(np.argmax(sum(multipliers) * pay[row] + future[row]))
        kept = [c for i, c in enumerate(deal) if hold >> i & 1]
        rest = [c for c in range(18) if c not in deal]
        won = 0
        for line in range(3):
            final = sorted(kept + rng.sample(rest, 5 - len(kept)))
            category = int(CATEGORIES[int(colex_rank(np.array([final]))[0])])
            won += multipliers[line] * PAYS[category]
            multipliers[line] = NEXT[category]
        batch.append(won)
        if len(batch) == 2_000:
            means.append(sum(batch) / len(batch))
            batch = []
    mean, error = float(np.mean(means)), float(np.std(means, ddof=1) / np.sqrt(len(means)))
    print(f"simulated {mean:.4f} ± {error:.4f}, exact {float(found.gain):.4f}")
    assert abs(mean - float(found.gain)) < 4 * error


def test_dream_card_is_the_best_fifth_card_by_brute_force(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """Every four-card set, every fifth card, the deal's best hold by the oracle's counts."""
    per_hold = _scaled(small_outcomes) @ np.array(PAYS, dtype=np.int64)  # EV * LCM
    worth = per_hold.max(axis=1)
    deals = all_hands(18, 5).astype(np.int64)
    best: dict[tuple[int, ...], int] = {}
    for deal, value in zip(deals.tolist(), worth.tolist()):
        for dropped in range(5):
            four = tuple(deal[:dropped] + deal[dropped + 1:])
            best[four] = max(best.get(four, 0), value)
    dream = Fraction(sum(best.values()), len(best) * LCM)
    found = analyze_dream_card(small_game.single_deck(use_cache=False), small_game.paytable(), DreamCard(None, Fraction(1, 8),
                                                                                              NOWHERE))
    assert len(best) == comb(18, 4)
    assert found.dream_value == dream and found.base_return == Fraction(int(worth.sum()), len(deals) * LCM)
    assert found.expected_return == Fraction(7, 8) * found.base_return + dream / 8


def test_the_shipped_ten_play_game_loads_with_ten_lines() -> None:
    """Its 0.994220 (the Wizard of Odds' 99.42 %) takes minutes: measured, not run here."""
    game = VideoPoker.load(str(ROOT / "definitions" / "ultimate_x_jacks_or_better_10play.cp"))
    feature = game.game.spec.features[0]
    assert isinstance(feature, UltimateX) and feature.lines == 10 and feature.bet == 2
    assert feature.next_multiplier["Flush"] == 11 and game.paytable().pay(4) == 6


# ---- the variances of a round of several lines ----------------------------------------------
def _held_by_total(outcomes: np.ndarray, found: UltimateXLinesAnalysis, lines: int) -> dict[int, np.ndarray]:
    """Each total's hold of every deal: the first maximal by the oracle's scores with the
    solver's relative values (as the optimality test)."""
    relative = {int(s.total): s.relative_value for s in found.states}
    denominator = lcm(*(h.denominator for h in relative.values()))
    future = sum(chance * int(relative[total] * denominator)
                 for total, chance in _total_distributions(outcomes, lines).items())
    pay = (_scaled(outcomes) @ np.array(PAYS, dtype=np.int64)).astype(object) * LCM ** (lines - 1) * denominator
    scores = {total: total * pay + future for total in relative}
    return {total: np.argmax(score == score.max(axis=1)[:, None], axis=1) for total, score in scores.items()}


def _solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Gauss–Jordan elimination in fractions (the oracle's own)."""
    rows = [[*row, b] for row, b in zip(matrix, rhs)]
    n = len(rows)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [row[n] for row in rows]


def _two_line_chain_by_brute_force(outcomes: np.ndarray, found: UltimateXLinesAnalysis
                                   ) -> tuple[Fraction, Fraction, Fraction]:
    """The gain, the per-round and the long-run variance of two lines (pay units), on the
    chain of *ordered pairs* of line multipliers: per pair the round's mean square
    ``(a^2 + b^2) Var(P|h) + (a + b)^2 E[P|h]^2`` and the joint law of the next pair summed over
    the deals here; the long-run variance from the fundamental matrix ``Z = (I - P + Π)^-1``:
    ``Var_π(R) + 2 E_π[(R_0 - g) f(X_1)]``, ``f = Z r - g`` (the sum of the covariances)."""
    values = sorted(set(NEXT))
    pairs = [(a, b) for a in values for b in values]
    counts = _scaled(outcomes)
    by_value = np.stack([counts[:, :, [c for c, v in enumerate(NEXT) if v == u]].sum(axis=2) for u in values], axis=2)
    paid = np.stack([(counts * np.array(PAYS) * (np.array(NEXT) == u)).sum(axis=2) for u in values], axis=2)
    pays, squares = counts @ np.array(PAYS), counts @ np.array(PAYS) ** 2
    rows = np.arange(len(outcomes))
    per_total = {}
    for total, held in _held_by_total(outcomes, found, 2).items():
        q, p = by_value[rows, held].astype(object), paid[rows, held].astype(object)
        whole = len(outcomes) * LCM * LCM
        per_total[total] = (Fraction(int(pays[rows, held].sum()), len(outcomes) * LCM),
                            Fraction(int(squares[rows, held].sum()) * LCM, whole),
                            Fraction(int((pays[rows, held].astype(object) ** 2).sum()), whole),
                            [[Fraction(int((q[:, i] * q[:, j]).sum()), whole) for j in range(len(values))]
                             for i in range(len(values))],
                            [[Fraction(int((p[:, i] * q[:, j]).sum()), whole) for j in range(len(values))]
                             for i in range(len(values))])
    moves, mean, mean_square, joint = [], [], [], []
    for a, b in pairs:
        ev, square, ev_square, chances, crossed = per_total[a + b]
        moves.append([chances[values.index(u)][values.index(w)] for u, w in pairs])
        mean.append((a + b) * ev)
        mean_square.append((a * a + b * b) * (square - ev_square) + (a + b) ** 2 * ev_square)
        joint.append([a * crossed[values.index(u)][values.index(w)] + b * crossed[values.index(w)][values.index(u)]
                      for u, w in pairs])
    n = len(pairs)
    balance = [[moves[i][j] - Fraction(i == j) for i in range(n)] for j in range(n - 1)] + [[Fraction(1)] * n]
    shares = _solve(balance, [Fraction(0)] * (n - 1) + [Fraction(1)])
    gain = sum((s * r for s, r in zip(shares, mean)), Fraction(0))
    fundamental = [[Fraction(i == j) - moves[i][j] + shares[j] for j in range(n)] for i in range(n)]
    ahead = [v - gain for v in _solve(fundamental, mean)]
    per_round = sum((s * m for s, m in zip(shares, mean_square)), Fraction(0)) - gain**2
    covariances = sum((s * sum(((j - gain * m) * f for j, m, f in zip(joint[x], moves[x], ahead)), Fraction(0))
                       for x, s in enumerate(shares)), Fraction(0))
    return gain, per_round, per_round + 2 * covariances


def test_two_line_variances_by_brute_force_over_the_pairs_of_multipliers(small_outcomes: np.ndarray,
                                                                         small_game: VideoPoker) -> None:
    found = analyze_ultimate_x_lines(small_game.single_deck(use_cache=False), small_game.paytable(), replace(FEATURE, lines=2))
    gain, per_round, long_run = _two_line_chain_by_brute_force(small_outcomes, found)
    print(f"per round {float(found.round_variance):.6f} ({float(per_round / 16):.6f}), "
          f"long run {float(found.long_run_variance):.6f} ({float(long_run / 16):.6f})")
    assert gain == found.gain
    assert (found.round_variance, found.long_run_variance) == (per_round / 16, long_run / 16)
    assert found.long_run_variance > found.round_variance


def test_one_line_over_totals_has_the_single_line_variances(small_game: VideoPoker) -> None:
    ready = small_game.single_deck(use_cache=False)
    one = analyze_ultimate_x(ready, small_game.paytable(), FEATURE)
    lines = analyze_ultimate_x_lines(ready, small_game.paytable(), FEATURE)
    assert (lines.round_variance, lines.long_run_variance) == (one.hand_variance, one.long_run_variance)


def test_simulated_three_line_sessions_have_the_exact_variances(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """1 500 sessions of 500 rounds from 1x on every line, the first 100 dropped, each line
    drawing from its own shuffle of the rest of the deck: the rounds' pays have the per-round
    variance and the sessions' totals the long-run one (per unit of the total bet of 6)."""
    found = analyze_ultimate_x_lines(small_game.single_deck(use_cache=False), small_game.paytable(), replace(FEATURE, lines=3))
    held = _held_by_total(small_outcomes, found, 3)
    policy = np.zeros((max(held) + 1, len(small_outcomes)), dtype=np.int64)
    for total, chosen in held.items():
        policy[total] = chosen
    rng, sessions, pays, next_of = np.random.default_rng(17), 1_500, np.array(PAYS, dtype=float), np.array(NEXT)
    multipliers, won = np.ones((sessions, 3), dtype=np.int64), []
    for round_ in range(500):
        shuffled = np.argsort(rng.random((sessions, 18)), axis=1)
        deals = np.sort(shuffled[:, :5], axis=1)
        keep = (policy[multipliers.sum(axis=1), colex_rank(deals)][:, None] >> np.arange(5)) & 1 == 1
        paid = np.zeros(sessions)
        for line in range(3):
            rest = np.take_along_axis(shuffled[:, 5:], np.argsort(rng.random((sessions, 13)), axis=1), axis=1)
            category = CATEGORIES[colex_rank(np.sort(np.where(keep, deals, rest[:, :5]), axis=1))]
            paid += multipliers[:, line] * pays[category]
            multipliers[:, line] = next_of[category]
        if round_ >= 100:
            won.append(paid / 6)
    rounds = np.array(won)
    _within(rounds.ravel(), found.expected_return, found.round_variance)
    _within(rounds.sum(axis=0) / np.sqrt(len(rounds)), float(found.expected_return) * np.sqrt(len(rounds)),
            found.long_run_variance)


def _dream_deals(outcomes: np.ndarray) -> tuple[dict[tuple[int, ...], int], np.ndarray]:
    """Each four-card set's dealt hand (row) when the fifth is the best: of the fifth cards
    making the deal worth most, the lowest; and every deal's EV of its best hold (times LCM)."""
    worth = (_scaled(outcomes) @ np.array(PAYS, dtype=np.int64)).max(axis=1)
    chosen: dict[tuple[int, ...], tuple[int, int, int]] = {}
    for row, (deal, value) in enumerate(zip(all_hands(18, 5).tolist(), worth.tolist())):
        for dropped in range(5):
            four = tuple(deal[:dropped] + deal[dropped + 1:])
            chosen[four] = min(chosen.get(four, (-value, deal[dropped], row)), (-value, deal[dropped], row))
    return {four: row for four, (_, _, row) in chosen.items()}, worth


def test_dream_card_variance_by_brute_force(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """``E[P^2]`` of each deal's best holds (the least and the largest over tied holds), the
    dealt hand of each four-card set by the rule, summed here."""
    per_hold = _scaled(small_outcomes)
    values, squares = per_hold @ np.array(PAYS, dtype=np.int64), per_hold @ np.array(PAYS, dtype=np.int64) ** 2
    maximal = values == values.max(axis=1)[:, None]
    low = np.where(maximal, squares, np.iinfo(np.int64).max).min(axis=1)
    high = np.where(maximal, squares, -1).max(axis=1)
    dealt, worth = _dream_deals(small_outcomes)
    rows = np.array(list(dealt.values()))
    chance = Fraction(1, 8)
    found = analyze_dream_card(small_game.single_deck(use_cache=False), small_game.paytable(), DreamCard(None, chance, NOWHERE))
    mean = (1 - chance) * Fraction(int(worth.sum()), len(worth) * LCM) + chance * Fraction(int(worth[rows].sum()),
                                                                                            len(rows) * LCM)
    bounds = [(1 - chance) * Fraction(int(side.sum()), len(side) * LCM)
              + chance * Fraction(int(side[rows].sum()), len(rows) * LCM) - mean**2 for side in (low, high)]
    print(f"variance {float(found.variance):.6f} in [{float(bounds[0]):.6f}, {float(bounds[1]):.6f}]")
    assert found.expected_return == mean and bounds[0] <= found.variance <= bounds[1]
    assert found.variance != found.base_second_moment - found.base_return**2  # the dream card changes it


def test_simulated_dream_card_hands_have_the_exact_mean_and_variance(small_outcomes: np.ndarray,
                                                                    small_game: VideoPoker) -> None:
    """300 000 hands, half of them with the dream card (four cards dealt, the fifth by the
    rule), each held by its first best hold and drawn from the rest of a shuffled deck."""
    dealt, _ = _dream_deals(small_outcomes)
    dream_row = np.zeros(comb(18, 4), dtype=np.int64)
    dream_row[colex_rank(np.array(list(dealt)))] = list(dealt.values())
    values = _scaled(small_outcomes) @ np.array(PAYS, dtype=np.int64)
    first_best = np.argmax(values == values.max(axis=1)[:, None], axis=1)
    hands, rng = all_hands(18, 5).astype(np.int64), np.random.default_rng(23)
    n = 300_000
    shuffled = np.argsort(rng.random((n, 18)), axis=1)
    random_rows = colex_rank(np.sort(shuffled[:, :5], axis=1))
    dreamed = rng.random(n) < 0.5
    rows = np.where(dreamed, dream_row[colex_rank(np.sort(shuffled[:, :4], axis=1))], random_rows)
    deals = hands[rows]
    rest = np.array([[c for c in perm if c not in deal] for perm, deal in zip(shuffled.tolist(), deals.tolist())])
    keep = (first_best[rows][:, None] >> np.arange(5)) & 1 == 1
    category = CATEGORIES[colex_rank(np.sort(np.where(keep, deals, rest[:, :5]), axis=1))]
    found = analyze_dream_card(small_game.single_deck(use_cache=False), small_game.paytable(),
                               DreamCard(None, Fraction(1, 2), NOWHERE))
    _within(np.array(PAYS, dtype=float)[category], found.expected_return, found.variance)
