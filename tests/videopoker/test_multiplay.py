"""Multi-play variances against brute force (every deal, every draw, exact Fractions), a
seeded Monte Carlo of N-play sessions, the analysis' own variance (N = 1) and the Wizard of
Odds' simulated standard deviations per line for 9/6 Jacks or Better."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.deck.subsets import all_hands
from cpoly.errors import CpolyError
from cpoly.games.videopoker.par.multiplay import MultiPlay, multiplay_variances
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.variant import VARIANTS, DealKind, analyze
from cpoly.games.videopoker.prepare.prepared import PreparedGame, prepare_game
from cpoly.lang.paytable import PayTable

from ..conftest import DEFINITIONS
from .vp_oracle import JOB_9_6, brute_choose_all, brute_hold_outcomes, poker_categories, standard_deck

SHARED_CACHE = True
SMALL = (5, 3)  # 15 cards, 3,003 deals
SMALL_PAYS = (3, 3, 3, 2, 1, 1, 1, 1, 1)  # many equal-EV holds with different outcomes
#: The Wizard of Odds, spin-poker page: standard deviation per hand on the draw, multi-play 9/6
#: Jacks or Better, 1..9 plays (a simulation of 194,010,000 deals, printed to two decimals).
WIZARD_SD_PER_LINE = (4.42, 4.63, 4.84, 5.04, 5.23, 5.42, 5.60, 5.77, 5.94)


@cache
def small_deck() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Categories, faces, suits and every hold's outcome counts ``(deals, 32, K + 1)`` by the oracle."""
    faces, suits = standard_deck(*SMALL)
    categories = poker_categories(*SMALL)
    deals = all_hands(len(faces), 5).astype(np.int64)
    outcomes = brute_hold_outcomes(deals, categories, len(faces), 10)
    return categories, faces, suits, outcomes


def small_prepared() -> PreparedGame:
    categories, faces, suits, _ = small_deck()
    return prepare_game(categories, faces, suits, 10, use_cache=False)


@cache
def brute_multiplay(table: PayTable, rule: str) -> tuple[MultiPlay, list[int], list[list[Fraction]], np.ndarray]:
    """Per deal: the tie rule's hold, its EV and its final pays' distribution, by enumeration;
    the variance of the deal and the mean variance of the draw from them, exactly."""
    categories, faces, _, outcomes = small_deck()
    n = len(faces)
    pays = list(table.pays) + [Fraction(0)]
    dealt = [table.pay(c, dealt=True) for c in range(len(pays))]
    deals = all_hands(n, 5).astype(np.int64).tolist()
    evs, seconds, holds = [], [], []
    for deal, counts in zip(deals, outcomes):
        hold = brute_choose_all(counts, pays, dealt, n, deal, faces)[rule]
        draws = comb(n - 5, 5 - hold.bit_count())
        paid = dealt if hold == 31 else pays
        evs.append(sum(int(c) * p for c, p in zip(counts[hold], paid)) / draws)
        seconds.append(sum(int(c) * p * p for c, p in zip(counts[hold], paid)) / draws)
        holds.append(hold)
    mean = sum(evs, Fraction(0)) / len(deals)
    deal_variance = sum(((ev - mean) ** 2 for ev in evs), Fraction(0)) / len(deals)
    draw_variance = sum((s - ev * ev for s, ev in zip(seconds, evs)), Fraction(0)) / len(deals)
    return MultiPlay(deal_variance, draw_variance), holds, [pays, dealt], outcomes


@pytest.mark.parametrize("pays, dealt, rule", [
    (JOB_9_6, (), "rank-order"),
    (SMALL_PAYS, (), "lowest-variance"),  # the tie rule changes the variance of the draw
    (SMALL_PAYS, (), "highest-variance"),
    ((Fraction(5, 2), 3, 3, 2, 1, 1, 1, Fraction(1, 2), 1), (10, None, None, None, None, None, None, None, None),
     "fewest-cards"),
])
def test_multiplay_matches_brute_force(pays: tuple, dealt: tuple, rule: str) -> None:
    table = PayTable("t", pays, dealt)
    prepared = small_prepared()
    analysis = analyze(PlainPlay(prepared), table, rule)
    expected = brute_multiplay(table, rule)[0]
    found = multiplay_variances(prepared, analysis)
    assert found == expected
    assert found.per_bet(1) == found.per_line(1) == analysis.variance  # the law of total variance
    for plays in (1, 2, 3, 10, 100):
        assert found.per_bet(plays) == expected.deal_variance + expected.draw_variance / plays
        assert found.per_line(plays) == plays * found.per_bet(plays)


def test_the_tie_rule_changes_the_small_games_variances() -> None:
    """The test above can fail: on this table the rules give different variances."""
    table = PayTable("t", SMALL_PAYS)
    assert brute_multiplay(table, "lowest-variance")[0] != brute_multiplay(table, "highest-variance")[0]


def test_monte_carlo_sessions_agree_within_their_standard_error() -> None:
    """Seeded N-play sessions on the small deck: one random deal, the chosen hold, N independent
    draws; the sample variance of the payout per unit of total bet against the exact figure,
    within four standard errors of a sample variance."""
    table = PayTable("t", JOB_9_6)
    variances, holds, (pays, dealt), outcomes = brute_multiplay(table, "rank-order")
    rng = np.random.default_rng(22)
    sessions = 40_000
    for plays in (1, 3, 10):
        deals = rng.integers(0, len(holds), sessions)
        chosen = np.array(holds)[deals]
        counts = outcomes[deals, chosen]  # (sessions, K + 1): the draws of the chosen hold
        cumulative = counts.cumsum(axis=1)
        picks = rng.integers(0, cumulative[:, -1:], (sessions, plays))  # a uniform draw, N times
        final = (picks[:, :, None] >= cumulative[:, None, :]).sum(axis=2)  # its category
        pay = np.where(chosen[:, None] == 31, np.array([float(p) for p in dealt])[final],
                       np.array([float(p) for p in pays])[final])
        per_bet = pay.mean(axis=1)
        centred = per_bet - per_bet.mean()
        sample = float((centred**2).mean())
        standard_error = float(np.sqrt(((centred**4).mean() - sample**2) / sessions))
        assert abs(sample - float(variances.per_bet(plays))) < 4 * standard_error, plays


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def test_jacks_or_better_reproduces_the_wizards_simulated_deviations() -> None:
    """9/6 Jacks or Better: the Wizard of Odds' standard deviation per line for 1..9 plays
    (simulated), to its two decimals; N = 1 is the analysis' own variance, exactly."""
    from cpoly.games.videopoker.game import VideoPoker

    path = str(DEFINITIONS / "jacks_or_better.cp")
    code, out, _ = run_cli(["analyze", path, "--paytable", "9/6", "--plays", *map(str, range(1, 10)), "--json"])
    assert code == 0
    multiplay = json.loads(out)["multiplay"]
    for row, published in zip(multiplay["plays"], WIZARD_SD_PER_LINE):
        assert abs(row["standard_deviation_per_line"] - published) <= 0.006, row
        assert Fraction(row["variance_per_line_exact"]) == row["plays"] * Fraction(row["variance_per_bet_exact"])
    one = multiplay["plays"][0]
    poker = VideoPoker.load(path)
    assert Fraction(one["variance_per_bet_exact"]) == poker.analyze("9/6").variance
    assert Fraction(multiplay["deal_variance_exact"]) + Fraction(multiplay["draw_variance_exact"]) == \
        Fraction(one["variance_per_bet_exact"])


def test_plays_text_repeated_options_and_refusals() -> None:
    path = str(DEFINITIONS / "jacks_or_better.cp")
    code, out, _ = run_cli(["analyze", path, "--plays", "1", "3", "--plays", "100"])
    assert code == 0
    assert "variance of the deal 1.966389, mean variance of the draw 17.548288" in out
    assert [line.split()[0] for line in out.splitlines() if line.split()[:1] in (["1"], ["3"], ["100"])] == \
        ["1", "3", "100"]
    for args, message in ((["--plays", "0"], "--plays 0: a number of lines is at least 1"),
                          (["--plays", "x"], "invalid int value"),
                          (["--plays", "3", "--play-as", "8/5"], "--plays with --play-as is not supported")):
        code, _, err = run_cli(["analyze", path, *args])
        assert code == 2 and message in err, err
    code, _, err = run_cli(["analyze", str(DEFINITIONS / "sequential_royal.cp"), "--plays", "3"])
    assert code == 2 and "--plays is not supported for ordered games" in err
    with pytest.raises(CpolyError, match="--plays is not supported for decks with copies"):
        VARIANTS[DealKind.COPIES].require_plain("--plays")
    VARIANTS[DealKind.PLAIN].require_plain("--plays")
