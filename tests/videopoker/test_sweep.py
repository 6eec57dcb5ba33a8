"""The return as a function of one pay: sweeps, break-even and turning points against brute
force on a small deck (every deal, every draw; each deal's upper envelope of its 32 hold lines
by the convex-hull construction, in Fractions), against ``analyze --pay`` on Jacks or Better,
and against published turning points; ``--pay`` and ``--play-as`` against brute force and the
plain analysis."""

from __future__ import annotations

import io
import json
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.deck.subsets import all_hands
from cpoly.games.videopoker.par.holdlines import PayLines
from cpoly.games.videopoker.par.paychange import changed_table, priced_on
from cpoly.games.videopoker.par.sweep import break_even, sweep_returns, turning_points
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.variant import analyze, autohold
from cpoly.games.videopoker.prepare.prepared import PreparedGame, prepare_game
from cpoly.lang.paytable import PayTable

from ..conftest import DEFINITIONS
from .vp_oracle import brute_choose_all, brute_hold_outcomes, poker_categories, standard_deck

SHARED_CACHE = True
NAMES = ("RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight", "ThreeOfAKind",
         "TwoPair", "JacksOrBetter")
#: Small-deck tables whose return is below 1 (a break-even exists) with ties and dealt pays.
TABLES = {
    "low": PayTable("low", (0, 0, 0, 2, 1, 1, 1, 0, 0), categories=NAMES),
    "dealt": PayTable("dealt", (10, 5, 0, 0, 0, 1, 1, 0, 0), (25, None, None, None, None, None, None, None, None),
                      NAMES),
    "half": PayTable("half", (20, 0, 0, 1, Fraction(1, 2), 1, 0, 0, 0), categories=NAMES),
}
JOB = str(DEFINITIONS / "jacks_or_better.cp")
Line = tuple[Fraction, Fraction]


@cache
def small() -> tuple[PreparedGame, np.ndarray, np.ndarray]:
    """The 15-card deck prepared, its faces, and every hold's outcomes of every deal (oracle)."""
    faces, suits = standard_deck(5, 3)
    categories = poker_categories(5, 3)
    deals = all_hands(15, 5).astype(np.int64)
    return (prepare_game(categories, faces, suits, 10, use_cache=False), faces,
            brute_hold_outcomes(deals, categories, 15, 10))


@cache
def brute_line_sets(table: PayTable, category: int) -> Counter[tuple[Line, ...]]:
    """Every deal's 32 EV lines ``(intercept, slope)`` in the pay of ``category``, by
    enumeration; deals with the same lines counted together."""
    _, _, outcomes = small()
    declared = bool(table.dealt_pays) and table.dealt_pays[category] is not None
    scale = max(table.pay(c, kept).denominator for c in range(9) for kept in (False, True))
    assert all((table.pay(c, kept) * scale).denominator == 1 for c in range(9) for kept in (False, True))
    pays = [[int(table.pay(c, kept) * scale) * (c != category or (kept and declared)) for c in range(9)]
            for kept in (False, True)]
    sets: Counter[tuple[Line, ...]] = Counter()
    for counts in outcomes.tolist():
        lines = []
        for hold in range(32):
            draws = comb(10, 5 - hold.bit_count())
            kept = hold == 31
            intercept = Fraction(sum(n * p for n, p in zip(counts[hold], pays[kept])), draws * scale)
            slope = Fraction(0 if kept and declared else counts[hold][category], draws)
            lines.append((intercept, slope))
        sets[tuple(sorted(set(lines)))] += 1
    return sets


def upper_hull(lines: tuple[Line, ...]) -> tuple[list[Line], list[Fraction]]:
    """The lines on the upper envelope, left to right, and the breakpoints between them (the
    convex-hull construction: by slope, dropping a line the next one makes useless)."""
    best: dict[Fraction, Fraction] = {}
    for intercept, slope in lines:
        best[slope] = max(best.get(slope, intercept), intercept)
    hull: list[Line] = []
    for slope in sorted(best):
        line = (best[slope], slope)
        while len(hull) >= 2 and _cross(hull[-2], line) <= _cross(hull[-2], hull[-1]):
            hull.pop()
        hull.append(line)
    return hull, [_cross(a, b) for a, b in zip(hull, hull[1:])]


def _cross(a: Line, b: Line) -> Fraction:
    return (a[0] - b[0]) / (b[1] - a[1])


@cache
def brute_hulls(table: PayTable, category: int) -> list[tuple[list[Line], int]]:
    """Each distinct deal's envelope lines (the others are never the maximum) and its deals."""
    return [(upper_hull(lines)[0], deals) for lines, deals in brute_line_sets(table, category).items()]


def brute_return(table: PayTable, category: int, x: Fraction) -> Fraction:
    return sum((deals * max(a + b * x for a, b in hull) for hull, deals in brute_hulls(table, category)),
               Fraction(0)) / comb(15, 5)


def brute_turning_points(table: PayTable, category: int, low: Fraction, high: Fraction) -> dict[Fraction, int]:
    found: Counter[Fraction] = Counter()
    for lines, deals in brute_line_sets(table, category).items():
        for point in upper_hull(lines)[1]:
            if low <= point <= high:
                found[point] += deals
    return dict(found)


def brute_break_even(table: PayTable, category: int) -> Fraction:
    """The least root of ``R(x) = 1``: ``R`` is linear between consecutive breakpoints of all
    deals, so bisect over them and interpolate."""
    points = sorted({p for lines in brute_line_sets(table, category) for p in upper_hull(lines)[1]})
    points = [points[0] - 1, *points, points[-1] + 1]
    low, high = 0, len(points) - 1
    assert brute_return(table, category, points[low]) < 1 <= brute_return(table, category, points[high])
    while high - low > 1:
        middle = (low + high) // 2
        if brute_return(table, category, points[middle]) < 1:
            low = middle
        else:
            high = middle
    a, b = points[low], points[high]
    at_a, at_b = brute_return(table, category, a), brute_return(table, category, b)
    return a + (1 - at_a) * (b - a) / (at_b - at_a)


@pytest.mark.parametrize("name, category", [("low", 0), ("low", 5), ("dealt", 0), ("half", 3)])
def test_sweep_break_even_and_turning_points_match_brute_force(name: str, category: int) -> None:
    table = TABLES[name]
    prepared = small()[0]
    lines = PayLines.of(prepared, table, category)
    values = [Fraction(0), Fraction(5, 2), Fraction(7), Fraction(40), Fraction(200, 3)]
    for point in sweep_returns(lines, values):
        assert point.expected_return == brute_return(table, category, point.value)
    expected = brute_turning_points(table, category, Fraction(0), Fraction(60))
    assert expected  # the small tables do change their holds
    assert {t.value: t.deals for t in turning_points(lines, Fraction(0), Fraction(60))} == expected
    at_turns = sorted(expected)[:3]  # ties there: the envelope, not one tie rule's hold
    for point in sweep_returns(lines, at_turns):
        assert point.expected_return == brute_return(table, category, point.value)
        assert point.expected_return == analyze(
            PlainPlay(prepared), changed_table(table, {NAMES[category]: point.value})).expected_return
    root = brute_break_even(table, category)
    for start in (Fraction(0), root, root + 1000, Fraction(-50), sorted(expected)[0]):
        found = break_even(lines, start)
        assert found.value == root, start
        assert analyze(PlainPlay(prepared), changed_table(table, {NAMES[category]: root})).expected_return == 1


def test_no_break_even_when_the_return_never_crosses_one() -> None:
    prepared = small()[0]
    rich = PayTable("rich", (800, 50, 25, 9, 6, 4, 3, 2, 1), categories=NAMES)
    assert break_even(PayLines.of(prepared, rich, 0), Fraction(800)).value is None  # above 1 at any royal
    poor = PayTable("poor", (0, 0, 0, 0, 0, 0, 0, 0, 1), categories=NAMES)
    found = break_even(PayLines.of(prepared, poor, 2), Fraction(0))  # no four of a kind in 3 suits
    assert found.value is None and "does not depend on this pay" in found.reason


@pytest.mark.parametrize("rule", ["rank-order", "lowest-variance", "most-cards"])
def test_play_as_prices_the_other_tables_holds_exactly(rule: str) -> None:
    """The strategy optimal for one table (by the tie rule) priced on another, against each
    deal's hold chosen by the oracle and priced by hand; on its own table it is the analysis."""
    prepared, faces, outcomes = small()
    strategy_table, played_table = TABLES["low"], TABLES["dealt"]
    pays = list(strategy_table.pays) + [Fraction(0)]
    dealt = [strategy_table.pay(c, dealt=True) for c in range(10)]
    total = Fraction(0)
    for deal, counts in zip(all_hands(15, 5).astype(np.int64).tolist(), outcomes):
        hold = brute_choose_all(counts, pays, dealt, 15, deal, faces)[rule]
        total += sum(int(n) * played_table.pay(c, hold == 31) for c, n in enumerate(counts[hold])) \
            / comb(10, 5 - hold.bit_count())
    strategy = analyze(PlainPlay(prepared), strategy_table, rule)
    assert priced_on(strategy, played_table).expected_return == total / comb(15, 5)
    assert priced_on(strategy, strategy_table) == strategy
    assert analyze(PlainPlay(prepared), played_table, rule).expected_return > total / comb(15, 5)


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def cli_json(args: list[str]) -> dict:
    code, out, err = run_cli([*args, "--json"])
    assert code == 0, err
    result: dict = json.loads(out)
    return result


def test_a_sweep_point_is_analyze_with_that_pay() -> None:
    """8/5 Jacks or Better with a progressive royal: every sweep value, a turning point (tied
    holds there) and the break-even itself, each against ``analyze --pay`` at that value; the
    published 97.8 % at a 5,000-coin royal (John Grochowski, Casino Player)."""
    sweep = cli_json(["sweep", JOB, "RoyalFlush=800..2000", "--paytable", "8/5", "--step", "200",
                      "--play-as", "8/5"])
    turn = sweep["turning_points"][9]["value_exact"]
    assert turn == "9562/11"
    at_turn = cli_json(["sweep", JOB, f"RoyalFlush={turn}..{turn}", "--paytable", "8/5", "--points", "1"])
    checked = [sweep["points"][i] for i in (1, 3, 6)]
    for point in [*checked, *at_turn["points"]]:
        value = point["value_exact"]
        analysis = cli_json(["analyze", JOB, "--paytable", "8/5", "--pay", f"RoyalFlush={value}"])
        assert analysis["return_exact"] == point["return_exact"], value
        assert analysis["pay_changes"] == {"RoyalFlush": value.removesuffix("/1")}
    assert sweep["points"][0]["return_exact"] == cli_json(["analyze", JOB, "--paytable", "8/5"])["return_exact"]
    assert sweep["break_even"]["value_exact"] == "88383208636/50995941"  # 1,733.142 per coin
    root = "88383208636/50995941"  # the analysis' int64 pays cannot hold this denominator: bracket it
    assert cli_json(["sweep", JOB, f"RoyalFlush={root}..{root}", "--paytable", "8/5", "--points", "1"]
                    )["points"][0]["return_exact"] == "1/1"
    below, above = (Fraction(cli_json(["analyze", JOB, "--paytable", "8/5", "--pay", f"RoyalFlush={value}"]
                                      )["return_exact"]) for value in (1733, 1734))
    assert below < 1 < above
    assert sweep["points"][1]["value_exact"] == "1000/1"
    assert round(sweep["points"][1]["return"], 3) == 0.978
    fixed = sweep["points"][-1]
    assert Fraction(fixed["cost_exact"]) == Fraction(fixed["return_exact"]) - Fraction(fixed["play_as_return_exact"])
    assert Fraction(sweep["points"][0]["cost_exact"]) == 0


#: John Grochowski, "Strictly Slots", August 2022: 8-5 Jacks or Better progressive turning points
#: (coins for a five-coin bet: per coin / 5) and the equal EVs of the two holds there (coins).
GROCHOWSKI = [
    ("Qh Th 3h Ac 6s", 990, ("Qh Th", "Ac Qh"), 2.3660),  # 4,950 coins
    ("Qh Jh Kc Ad 9s", 1017, ("Qh Jh", "Ad Kc Qh Jh"), 2.9787),  # 5,085 coins
    ("Kd Td Ac 6s 3h", 1062, ("Kd Td", "Ac Kd"), 2.3660),  # 5,310 coins
    ("Jh Th Qd 6s 3c", 980, ("Jh Th", "Qd Jh"), 2.4844),  # printed 5,900 coins; its EV 2.4844 is at 4,900
]


def test_published_turning_points_of_progressive_jacks_or_better() -> None:
    from cpoly.games.videopoker.game import VideoPoker

    poker = VideoPoker.load(JOB)
    table = poker.paytable("8/5")
    turns = {Fraction(t["value_exact"]) for t in cli_json(["sweep", JOB, "RoyalFlush=800..2000", "--paytable",
                                                           "8/5"])["turning_points"]}
    for cards, per_coin, holds, coins in GROCHOWSKI:
        assert per_coin in turns
        result = autohold(poker.variant(), poker.deal_indices(cards.split()),
                          changed_table(table, {"RoyalFlush": Fraction(per_coin)}))
        tied = {" ".join(sorted(poker.card_name(c) for c in result.options[m].held)) for m in result.tied}
        assert tied == {" ".join(sorted(h.split())) for h in holds}, cards
        assert round(float(result.best_option.ev) * 5, 4) == coins


def test_play_as_of_a_table_on_itself_is_analyze() -> None:
    for options in (["--paytable", "8/5"], ["--paytable", "9/6", "--tie-rule", "most-cards"]):
        plain = cli_json(["analyze", JOB, *options])
        same = cli_json(["analyze", JOB, *options, "--play-as", options[1]])
        assert same.pop("play_as")["cost_exact"] == "0/1"
        assert same == plain
    other = cli_json(["analyze", JOB, "--paytable", "8/5", "--pay", "RoyalFlush=1760", "Flush=5.5", "--play-as", "8/5"])
    best = cli_json(["analyze", JOB, "--paytable", "8/5", "--pay", "RoyalFlush=1760", "Flush=11/2"])
    assert best["paytable"] == other["paytable"] == "8/5 with RoyalFlush=1760 Flush=11/2"
    assert other["play_as"]["optimal_return_exact"] == best["return_exact"]
    assert Fraction(other["play_as"]["cost_exact"]) == Fraction(best["return_exact"]) - Fraction(other["return_exact"])
    assert Fraction(other["play_as"]["cost_exact"]) > 0


@pytest.mark.parametrize("args, message", [
    (["analyze", JOB, "--pay", "RoyalFlsh=4000"], "--pay: unknown category 'RoyalFlsh' (did you mean 'RoyalFlush'?)"),
    (["analyze", JOB, "--pay", "RoyalFlush=4k"], "--pay RoyalFlush: '4k' is not an exact number"),
    (["analyze", JOB, "--pay", "RoyalFlush"], "--pay expects CATEGORY=VALUE"),
    (["analyze", JOB, "--pay", "Flush=5", "Flush=6"], "--pay gives 'Flush' twice"),
    (["analyze", JOB, "--pay", "Flush=1/0"], "divides by zero"),
    (["analyze", JOB, "--play-as", "10/7"], "unknown pay table '10/7'"),
    (["sweep", JOB, "Royal=1..2"], "sweep: unknown category 'Royal'"),
    (["sweep", JOB, "RoyalFlush=2000..800"], "the low end 2000 is above the high end 800"),
    (["sweep", JOB, "RoyalFlush:800-2000"], "a sweep is CATEGORY=LOW..HIGH"),
    (["sweep", JOB, "RoyalFlush=800..2000", "--step", "0"], "--step must be positive"),
    (["sweep", JOB, "RoyalFlush=800..2000", "--step", "1", "--points", "3"], "not allowed with argument"),
    (["sweep", JOB, "RoyalFlush=800..2000", "--points", "1"], "--points must be at least 2"),
    (["sweep", JOB, "RoyalFlush=800..900", "--pay", "RoyalFlush=1"], "that pay is the one swept"),
    (["sweep", str(DEFINITIONS / "sequential_royal.cp"), "RoyalFlush=800..900"], "not supported for ordered games"),
])
def test_bad_requests_are_refused_with_the_offending_value(args: list[str], message: str) -> None:
    code, out, err = run_cli(args)
    assert code == 2 and message in err, err
    code, out, _ = run_cli([*args, "--json"])
    assert code == 2 and message in json.loads(out)["error"]["message"]


def test_sweep_text_shows_break_even_and_turning_points() -> None:
    code, out, _ = run_cli(["sweep", JOB, "RoyalFlush=800..1000", "--paytable", "8/5", "--step", "100",
                            "--play-as", "8/5"])
    assert code == 0
    assert "break-even (optimal play returns exactly 100%): RoyalFlush = 1,733.142029 (88383208636/50995941" in out
    assert "the 8/5 strategy breaks even at RoyalFlush = 1,885.212480 (77957444073/41352073)" in out
    assert "9562/11 (= 869.272727) (3,780 deals)" in out
    row = next(line for line in out.splitlines() if line.split()[:1] == ["900"])
    assert row.split()[2::2] == ["97.548601%", "12561103047/12876763900", "97.547377%", "0.001224%"]
