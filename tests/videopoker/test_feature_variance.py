"""The feature games' exact variances: against brute force on an 18-card deck and against
simulators that play the games with a deck.

The brute force (:func:`~tests.videopoker.vp_oracle.brute_hold_outcomes`, its own classifier)
enumerates every draw of every hold of every deal; the holds are chosen here by their exact
values, and every moment is summed here, over all deals, with its own code.  Where several
holds tie for the best value the oracle sums the least and the largest second moment over
them: on this deck they agree (ties are symmetric holds), so the figures are compared exactly.
The simulators deal, hold by the oracle's values and draw, vectorised over many games; their
mean and variance are within four standard errors of the exact figures.
"""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from math import comb, lcm
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.deck.subsets import colex_rank
from cpoly.errors import Span
from cpoly.games.videopoker.feature.layers import analyze_multiplier_layer, analyze_wheel
from cpoly.games.videopoker.feature.multistrike import analyze_multi_strike
from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import MultiplierLayer, MultiStrike, UltimateX, WheelBonus
from tests.conftest import ROOT
from tests.videopoker.vp_oracle import poker_categories

SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
NOWHERE = Span("test", 1, 1, "")
PAYS = [Fraction(p) for p in (250, 50, 25, 9, 6, 4, 3, 2, 1, 0)]  # small_poker.cp's "flat", nothing last
NEXT = [2, 2, 3, 12, 10, 7, 4, 3, 2, 1]  # Ultimate X's next multiplier per category, nothing last
NAMES = ("RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight", "ThreeOfAKind",
         "TwoPair", "JacksOrBetter")
CATEGORIES = poker_categories(6, 3, high_pair_from=2)
DRAWS = np.array([comb(13, 5 - bin(mask).count("1")) for mask in range(32)], dtype=object)
LCM = lcm(*(comb(13, d) for d in range(6)))
MULTI_STRIKE = MultiStrike(None, (Fraction(1), Fraction(2), Fraction(4)), (Fraction(1, 10), Fraction(1, 5)), NOWHERE)


class Oracle:
    """Holds chosen by exact values over the brute-force outcomes, and means over all deals."""

    def __init__(self, outcomes: np.ndarray) -> None:
        self.per_hold = outcomes.astype(object) * (LCM // DRAWS)[None, :, None]  # counts on LCM draws

    def _means(self, values: list[Fraction]) -> np.ndarray:
        """``(deals, 32)``: each hold's mean of ``values`` (per category), times ``LCM * scale``."""
        scale = lcm(*(v.denominator for v in values))
        return self.per_hold.dot(np.array([int(v * scale) for v in values], dtype=object)), scale

    def best(self, values: list[Fraction]) -> np.ndarray:
        """``(deals, 32)`` bool: the holds of maximal mean value."""
        means, _ = self._means(values)
        return means == means.max(axis=1)[:, None]

    def bounds(self, maximal: np.ndarray, values: list[Fraction]) -> tuple[Fraction, Fraction]:
        """The least and the largest mean over deals of ``values`` under maximal holds (each
        deal's least and largest over its maximal holds: what any choice among ties gives)."""
        means, scale = self._means(values)
        masked = np.where(maximal, means, None)
        low = sum(min(v for v in row if v is not None) for row in masked)
        high = sum(max(v for v in row if v is not None) for row in masked)
        return Fraction(int(low), len(means) * LCM * scale), Fraction(int(high), len(means) * LCM * scale)

    def mean(self, maximal: np.ndarray, values: list[Fraction]) -> Fraction:
        """The mean over deals of ``values`` under maximal holds, the same whichever is chosen."""
        low, high = self.bounds(maximal, values)
        assert low == high
        return low

    def indices(self, values: list[Fraction]) -> np.ndarray:
        """The first maximal hold of every deal (the simulators' play)."""
        return np.argmax(self.best(values), axis=1)


def _squares(values: list[Fraction]) -> list[Fraction]:
    return [v * v for v in values]


def _paying() -> list[Fraction]:
    return [Fraction(p > 0) for p in PAYS]


def _multi_strike_by_brute_force(oracle: Oracle, feature: MultiStrike) -> tuple[Fraction, tuple[Fraction, Fraction]]:
    """The mean of one game's total and the bounds of its mean square over the choices among
    tied holds, by the levels' recursion written here: a level's mean square is the mean of
    ``(m pay + [pays] Y')^2``, per category ``m^2 pay^2 + 2 m pay E[Y'] + [pays] E[Y'^2]``."""
    base = oracle.best(PAYS)
    top = len(feature.levels) - 1
    ret = oracle.mean(base, PAYS)
    worth = feature.levels[top] * ret
    square = oracle.bounds(base, [feature.levels[top] ** 2 * p * p for p in PAYS])
    for k in range(top - 1, -1, -1):
        m, chance = feature.levels[k], feature.free_ride[k]
        held = oracle.best([m * p + (worth if p > 0 else 0) for p in PAYS])
        plain = oracle.mean(held, [m * p + (worth if p > 0 else 0) for p in PAYS])
        plain_square = [oracle.bounds(held, [m * m * p * p + 2 * m * p * worth + (s if p > 0 else 0) for p in PAYS])[i]
                        for i, s in enumerate(square)]
        free_square = [oracle.bounds(base, [m * m * p * p + 2 * m * p * worth + s for p in PAYS])[i]
                       for i, s in enumerate(square)]
        worth = chance * (m * ret + worth) + (1 - chance) * plain
        square = tuple(chance * f + (1 - chance) * q for f, q in zip(free_square, plain_square))  # type: ignore[assignment]
    return worth, square


def test_multi_strike_variance_by_brute_force(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    found = analyze_multi_strike(small_game.single_deck(use_cache=False), small_game.paytable(), MULTI_STRIKE)
    worth, (low, high) = _multi_strike_by_brute_force(Oracle(small_outcomes), MULTI_STRIKE)
    print(f"mean square {float(found.levels[0].second_moment):.9f} in [{float(low):.9f}, {float(high):.9f}]")
    assert found.levels[0].on_reaching == worth and low <= found.levels[0].second_moment <= high
    assert found.variance == (found.levels[0].second_moment - worth**2) / 9 > 0


ULTIMATE_X = UltimateX(None, 1, Fraction(2), {n: Fraction(m) for n, m in zip(NAMES, NEXT)}, NOWHERE)


def test_ultimate_x_variances_by_brute_force(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """Each state's holds by the solver's relative values; per category the pay ``m pay`` and
    ``(m pay + h(next))^2`` averaged here; the shares checked stationary under the oracle's
    chances, then both variances summed with them."""
    oracle = Oracle(small_outcomes)
    found = analyze_ultimate_x(small_game.single_deck(use_cache=False), small_game.paytable(), ULTIMATE_X)
    relative = {state.multiplier: state.relative_value for state in found.states}
    after = [relative[Fraction(u)] for u in NEXT]
    hand, long_run = [-found.gain**2] * 2, [Fraction(0)] * 2
    moves = {}
    for state in found.states:
        m, share = state.multiplier, state.share
        held = oracle.best([m * p + h for p, h in zip(PAYS, after)])
        moves[m] = {u: oracle.mean(held, [Fraction(v == u) for v in NEXT]) for u in relative}
        squares = oracle.bounds(held, [(m * p) ** 2 for p in PAYS])
        ahead = oracle.bounds(held, [(m * p + h) ** 2 for p, h in zip(PAYS, after)])
        hand = [total + share * value for total, value in zip(hand, squares)]
        long_run = [total + share * (value - (found.gain + state.relative_value) ** 2)
                    for total, value in zip(long_run, ahead)]
    assert all(sum(s.share * moves[s.multiplier][u] for s in found.states) == relative_share
               for u, relative_share in ((s.multiplier, s.share) for s in found.states))
    print(f"per hand {float(found.hand_variance):.6f} in [{float(hand[0] / 4):.6f}, {float(hand[1] / 4):.6f}], "
          f"long run {float(found.long_run_variance):.6f} in [{float(long_run[0] / 4):.6f}, {float(long_run[1] / 4):.6f}]")
    assert hand[0] / 4 <= found.hand_variance <= hand[1] / 4
    assert long_run[0] / 4 <= found.long_run_variance <= long_run[1] / 4
    assert found.long_run_variance > found.hand_variance  # a paying hand raises the next one's pay


# ---- simulators: the games played with a deck, many at once ---------------------------------
def _deal(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n`` shuffles of the 18 cards: each deal's row (colex rank), its five cards sorted and
    five more cards to draw from."""
    shuffled = np.argsort(rng.random((n, 18)), axis=1)
    deals = np.sort(shuffled[:, :5], axis=1)
    return colex_rank(deals), deals, shuffled[:, 5:10]


def _draw(deals: np.ndarray, spare: np.ndarray, holds: np.ndarray) -> np.ndarray:
    """The final category when ``holds`` (bit ``i``: ``deals[:, i]`` held) is kept and the
    others replaced by the spare cards."""
    held = (holds[:, None] >> np.arange(5)) & 1 == 1
    finals = np.sort(np.where(held, deals, spare), axis=1)
    return CATEGORIES[colex_rank(finals)]


def _within(sample: np.ndarray, mean: Fraction | float, variance: Fraction) -> None:
    """The sample's mean and variance within four standard errors of ``mean`` and ``variance``."""
    centred = sample - sample.mean()
    mean_error = sample.std(ddof=1) / np.sqrt(len(sample))
    variance_error = np.sqrt(((centred**2 - centred.var()) ** 2).mean() / len(sample))
    print(f"mean {sample.mean():.5f} ± {mean_error:.5f} (exact {float(mean):.5f}), "
          f"variance {sample.var(ddof=1):.4f} ± {variance_error:.4f} (exact {float(variance):.4f})")
    assert abs(sample.mean() - float(mean)) < 4 * mean_error
    assert abs(sample.var(ddof=1) - float(variance)) < 4 * variance_error


def test_a_simulated_multi_strike_game_has_the_exact_mean_and_variance(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """200 000 games, every level played by the oracle's holds for its worth."""
    found = analyze_multi_strike(small_game.single_deck(use_cache=False), small_game.paytable(), MULTI_STRIKE)
    oracle, pays = Oracle(small_outcomes), np.array([float(p) for p in PAYS])
    above = [level.on_reaching for level in found.levels[1:]]
    plain = [oracle.indices([level.multiplier * p + (worth if p > 0 else 0) for p in PAYS])
             for level, worth in zip(found.levels, above)]
    base = oracle.indices(PAYS)
    rng, n = np.random.default_rng(11), 200_000
    total, playing = np.zeros(n), np.ones(n, dtype=bool)
    for k, level in enumerate(found.levels):
        rows, deals, spare = _deal(rng, n)
        free = rng.random(n) < float(level.free_ride)
        held = base[rows] if k == len(plain) else np.where(free, base[rows], plain[k][rows])
        category = _draw(deals, spare, held)
        total += playing * float(level.multiplier) * pays[category]
        playing &= free | (pays[category] > 0)
    _within(total / 3, found.expected_return, found.variance)


def test_a_simulated_ultimate_x_session_has_the_exact_variances(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """2 000 sessions of 600 hands from 1x, the first 100 dropped: the hands' pays have the
    per-hand variance, and the sessions' totals over their 500 hands the long-run one."""
    found = analyze_ultimate_x(small_game.single_deck(use_cache=False), small_game.paytable(), ULTIMATE_X)
    oracle, pays, next_of = Oracle(small_outcomes), np.array([float(p) for p in PAYS]), np.array(NEXT)
    relative = {int(s.multiplier): s.relative_value for s in found.states}
    after = [relative[u] for u in NEXT]
    holds = {m: oracle.indices([m * p + h for p, h in zip(PAYS, after)]) for m in relative}
    policy = np.zeros((max(relative) + 1, len(small_outcomes)), dtype=np.int64)
    for m, chosen in holds.items():
        policy[m] = chosen
    rng, sessions = np.random.default_rng(5), 2_000
    multiplier, won = np.ones(sessions, dtype=np.int64), []
    for hand in range(600):
        rows, deals, spare = _deal(rng, sessions)
        category = _draw(deals, spare, policy[multiplier, rows])
        if hand >= 100:
            won.append(multiplier * pays[category] / 2)
        multiplier = next_of[category]
    hands = np.array(won)
    _within(hands.ravel(), found.expected_return, found.hand_variance)
    _within(hands.sum(axis=0) / np.sqrt(len(hands)), float(found.expected_return) * np.sqrt(len(hands)),
            found.long_run_variance)


LAYER = MultiplierLayer(None, (Fraction(1), Fraction(2), Fraction(5)), (Fraction(6), Fraction(3), Fraction(1)),
                        Fraction(1, 5), NOWHERE)
WHEEL = WheelBonus(None, ("FourOfAKind", "FullHouse"), (Fraction(10), Fraction(100)), (Fraction(3), Fraction(1)),
                   NOWHERE, Fraction(1, 5))  # average 32.5, mean square 2575


def test_layer_and_wheel_variances_by_brute_force(small_outcomes: np.ndarray, small_game: VideoPoker) -> None:
    """The layer: ``E[(M P)^2]`` per category under the base game's holds (the analysis'
    variance of the base game among the tie bounds); the wheel: a spin's mean square on its
    categories under the holds that value them at the wheel's average."""
    oracle, analysis = Oracle(small_outcomes), small_game.analyze(use_cache=False)
    base = oracle.best(PAYS)
    low, high = oracle.bounds(base, _squares(PAYS))
    ret = oracle.mean(base, PAYS)
    assert analysis.expected_return == ret and low <= analysis.variance + ret**2 <= high
    layer = analyze_multiplier_layer(ret, analysis.variance, LAYER)
    squares = [oracle.bounds(base, [m * m * p * p for p in PAYS]) for m in LAYER.multipliers]
    bounds = [(sum(w * b[i] for w, b in zip(LAYER.weights, squares)) / 10 - (layer.mean_multiplier * ret) ** 2) / Fraction(36, 25)
              for i in (0, 1)]
    assert bounds[0] <= layer.variance <= bounds[1]
    wheel = analyze_wheel(small_game.single_deck(use_cache=False), small_game.paytable(), WHEEL)
    on_wheel = [name in WHEEL.categories for name in (*NAMES, "Nothing")]
    held = oracle.best([Fraction(65, 2) if spun else p for p, spun in zip(PAYS, on_wheel)])
    mean = oracle.mean(held, [Fraction(65, 2) if spun else p for p, spun in zip(PAYS, on_wheel)])
    low, high = oracle.bounds(held, [Fraction(2575) if spun else p * p for p, spun in zip(PAYS, on_wheel)])
    print(f"layer {float(layer.variance):.6f} in [{float(bounds[0]):.6f}, {float(bounds[1]):.6f}], "
          f"wheel {float(wheel.variance):.6f} in [{float((low - mean**2) / Fraction(36, 25)):.6f}, "
          f"{float((high - mean**2) / Fraction(36, 25)):.6f}]")
    assert wheel.expected_return == mean and low <= wheel.second_moment <= high
    assert wheel.variance == (wheel.second_moment - mean**2) / Fraction(36, 25)


def test_simulated_layer_and_wheel_hands_have_the_exact_mean_and_variance(small_outcomes: np.ndarray,
                                                                         small_game: VideoPoker) -> None:
    """400 000 hands of each: the multiplier drawn before the deal, the wheel spun on its hands."""
    oracle, pays, rng, n = Oracle(small_outcomes), np.array([float(p) for p in PAYS]), np.random.default_rng(3), 400_000
    analysis = small_game.analyze(use_cache=False)
    rows, deals, spare = _deal(rng, n)
    category = _draw(deals, spare, oracle.indices(PAYS)[rows])
    multiplier = rng.choice([float(m) for m in LAYER.multipliers], n, p=[float(w) / 10 for w in LAYER.weights])
    layer = analyze_multiplier_layer(analysis.expected_return, analysis.variance, LAYER)
    _within(multiplier * pays[category] / 1.2, layer.expected_return, layer.variance)
    awarded = [Fraction(65, 2) if name in WHEEL.categories else p for name, p in zip((*NAMES, "Nothing"), PAYS)]
    rows, deals, spare = _deal(rng, n)
    category = _draw(deals, spare, oracle.indices(awarded)[rows])
    spin = rng.choice([10.0, 100.0], n, p=[0.75, 0.25])
    spun = np.isin(category, [NAMES.index(name) for name in WHEEL.categories])
    wheel = analyze_wheel(small_game.single_deck(use_cache=False), small_game.paytable(), WHEEL)
    _within(np.where(spun, spin, pays[category]) / 1.2, wheel.return_per_total_bet, wheel.variance)


@pytest.mark.parametrize(("feature", "labels"), [
    ("feature multi_strike: levels (1, 2, 4), free_ride (10%, 20%)\n", ["per game"]),
    ("feature multiplier_layer: multipliers (1, 2, 5), weights (6, 3, 1), extra_bet 1/5\n", ["per hand"]),
    ("feature wheel: on FullHouse, values (10, 100), weights (3, 1), extra_bet 1/5\n", ["per hand"]),
])
def test_analyze_and_report_state_the_solvers_variances(tmp_path: Path, feature: str, labels: list[str]) -> None:
    """``analyze --json`` carries each variance exactly with its definition, the text prints it,
    and the PAR page shows it in a table of its own."""
    shutil.copy(SMALL, tmp_path / "small_poker.cp")
    path = tmp_path / "game.cp"
    path.write_text(f'import "small_poker.cp"\n{feature}')
    code, out, err = _run(["analyze", str(path), "--json"])
    assert code == 0, err
    found = json.loads(out)["features"][0]
    assert [v["label"] for v in found["variances"]] == labels and all(v["definition"] for v in found["variances"])
    if found["kind"] == "multi_strike":
        poker = VideoPoker.load(str(path))
        assert Fraction(found["variances"][0]["variance_exact"]) == analyze_multi_strike(
            poker.single_deck(), poker.paytable(), poker.game.spec.features[0]).variance
    code, out, err = _run(["analyze", str(path)])
    assert f"variance {labels[0]} {found['variances'][0]['variance']:.6f}" in out
    code, out, err = _run(["report", str(path), "--out", str(tmp_path / "report")])
    page = (tmp_path / "report" / "index.html").read_text()
    assert code == 0 and f'data-exact="{found["variances"][0]["variance_exact"]}"' in page


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("feature", "used"), [
    ("feature ultimate_x: lines 2, multipliers (RoyalFlush 2, StraightFlush 2, FourOfAKind 3, FullHouse 12, "
     "Flush 10, Straight 7, ThreeOfAKind 4, TwoPair 3, JacksOrBetter 2)\n", "long run, per round"),
    ("feature dream_card: chance 5%\n", "per hand"),
])
def test_the_par_sheet_states_a_features_volatility_from_its_exact_variance(tmp_path: Path, feature: str,
                                                                            used: str) -> None:
    """``report``: the volatility index ``z SD`` and the limits ``return -+ z SD / sqrt(n)`` of
    the variance a session grows by (the long-run one where hands are correlated), named on the
    page; ``z`` the normal quantile computed here."""
    shutil.copy(SMALL, tmp_path / "small_poker.cp")
    path = tmp_path / "game.cp"
    path.write_text(f'import "small_poker.cp"\n{feature}')
    code, out, err = _run(["report", str(path), "--out", str(tmp_path / "report"), "--json"])
    assert code == 0, err
    found = json.loads(out)["analysis"]["features"][0]
    volatility = found["volatility"]
    stated = {v["label"]: Fraction(v["variance_exact"]) for v in found["variances"]}
    deviation, expected = float(stated[used]) ** 0.5, float(Fraction(found["return_exact"]))
    z = {c: NormalDist().inv_cdf(0.5 + c / 2) for c in (0.9, 0.95)}
    assert volatility["variance"] == used
    assert [vi["index"] for vi in volatility["volatility_index"]] == pytest.approx([z[0.9] * deviation,
                                                                                   z[0.95] * deviation])
    first = volatility["confidence_limits"]["rows"][0]
    assert first["hands"] == 1000 and first["limits"][1]["low"] == pytest.approx(
        expected - z[0.95] * deviation / 1000**0.5)
    page = (tmp_path / "report" / "index.html").read_text()
    assert f'id="feature-volatility-{found["kind"]}"' in page and f"From the exact variance {used}" in page
