"""The shelf of feature games and the published figures they are checked against.

* Ultimate X 3-, 5- and 10-play (``definitions/ultimate_x_jacks_or_better_{3,5,10}play.cp``): on
  the full deck they take a minute (3, 5 lines) to four minutes (10); here each shipped
  multiplier table, on its number of lines, is solved on the 18-card deck and checked against
  the average-reward optimality equations by brute force (the oracle's own classifier and draws,
  the lines' joint results convolved here, deals grouped by suit symmetry here).  Their
  full-deck returns are recorded in docs/videopoker.md with the command.
* Koehler's *Ultimate X Poker Analysis* (2010-2015) states "with the outcome values in Table 1,
  the optimal expected profits per hand of play are -0.00456096 and -0.010869": the ordinary
  games of his Table 1 (9/6 Jacks or Better; Deuces Wild 800-200-25-15-9-4-4-3-2-1), before the
  Ultimate X feature; cpoly's exact returns round to them.
* Super Times Pay Wheel Poker 9-5 Jacks or Better, 3- and 5-play (Wizard of Odds, 0.992900 and
  0.991166): ``cpoly analyze FILE --json`` on the shipped definitions, the multiplier layer and
  its deal wheel (a spin on the deal, whatever the cards) declared in the file.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from math import comb, lcm

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.games.videopoker.feature.ultimatexlines import analyze_ultimate_x_lines
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.play.variant import analyze
from cpoly.lang.features import MultiplierLayer, UltimateX
from tests.conftest import ROOT
from tests.videopoker.vp_oracle import brute_hold_outcomes, poker_categories

SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
PAYS = (250, 50, 25, 9, 6, 4, 3, 2, 1, 0)  # small_poker.cp's "flat", nothing last
NAMES = ("RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight", "ThreeOfAKind",
         "TwoPair", "JacksOrBetter")
SUITS = 3


def _shipped(lines: int) -> UltimateX:
    game = VideoPoker.load(str(ROOT / "definitions" / f"ultimate_x_jacks_or_better_{lines}play.cp"))
    (feature,) = game.game.spec.features
    assert isinstance(feature, UltimateX) and feature.lines == lines and feature.bet == 2
    return feature


@pytest.fixture(scope="module")
def classes() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One deal of each suit-symmetry class of the 18-card deck, its class size, and the
    ``(classes, 32, 10)`` final-category counts of its holds (every draw enumerated)."""
    deals = all_hands(18, 5).astype(np.int64)
    least = np.full(len(deals), np.iinfo(np.int64).max)
    for perm in permutations(range(SUITS)):
        mapped = np.sort(deals // SUITS * SUITS + np.array(perm)[deals % SUITS], axis=1)
        least = np.minimum(least, colex_rank(mapped))
    keys, first, sizes = np.unique(least, return_index=True, return_counts=True)
    assert sizes.sum() == comb(18, 5) and len(keys) < len(deals) // 4
    outcomes = brute_hold_outcomes(deals[first], poker_categories(6, 3, high_pair_from=2), 18, 10)
    return deals[first], sizes, outcomes


def _joint_totals(per_value: np.ndarray, values: list[int], lines: int) -> dict[int, np.ndarray]:
    """``{total: (classes, 32) counts}``: the draws of ``lines`` lines (one copy of the rest of
    the deck each) whose next multipliers sum to ``total``, from one line's counts per value
    (int64 while a hold's ``C(13, 5) ** lines`` draws fit, Python integers beyond)."""
    kind = np.int64 if comb(13, 5) ** lines < 2**63 else object
    one = per_value.astype(kind)
    found: dict[int, np.ndarray] = {0: np.ones(per_value.shape[:2], dtype=kind)}
    for _ in range(lines):
        grown: dict[int, np.ndarray] = {}
        for total, counts in found.items():
            for k, value in enumerate(values):
                added = counts * one[:, :, k]
                grown[total + value] = grown[total + value] + added if total + value in grown else added
        found = grown
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lines", [3, 5, 10])
def test_shipped_multi_line_tables_satisfy_the_optimality_equations_on_a_small_deck(
        classes: tuple[np.ndarray, np.ndarray, np.ndarray], lines: int) -> None:
    """For every total ``M`` the solver reports, ``g + H(M)`` is the mean over deals of the best
    hold's ``M E[pay] + Σ_t P(next total = t) H(t)``: every hold's worth an exact integer over one
    common denominator (``scale``), the best found by comparing integers."""
    feature = _shipped(lines)
    game = VideoPoker.load(str(SMALL))
    found = analyze_ultimate_x_lines(game.single_deck(use_cache=False), game.paytable(), feature)
    _, sizes, outcomes = classes
    nexts = [int(feature.next_multiplier.get(name, 1)) for name in NAMES] + [1]
    values = sorted(set(nexts))
    per_value = np.stack([outcomes[:, :, [c for c, m in enumerate(nexts) if m == v]].sum(axis=2) for v in values], axis=2)
    joint = _joint_totals(per_value, values, lines)
    relative = {int(s.total): s.relative_value for s in found.states}
    assert set(relative) <= set(joint) and sum(s.share for s in found.states) == 1
    denominator = lcm(*(h.denominator for h in relative.values()))
    draws = [comb(13, 5 - bin(mask).count("1")) for mask in range(32)]
    common = lcm(*draws) ** lines
    scale = common * denominator
    future = sum((counts.astype(object) * int(relative[t] * denominator) for t, counts in joint.items() if t in relative),
                 np.zeros(outcomes.shape[:2], dtype=object)) * np.array([common // d**lines for d in draws], dtype=object)
    pay = (outcomes @ np.array(PAYS, dtype=np.int64)).astype(object) * np.array(
        [scale // d for d in draws], dtype=object)  # E[pay] * scale
    weights = sizes.astype(object)
    for total, h in relative.items():
        best = (total * pay + future).max(axis=1)
        assert Fraction(int((best * weights).sum()), comb(18, 5) * scale) == found.gain + h, total
    assert found.expected_return == found.gain / (2 * lines)


def test_shipped_multi_line_tables_differ_where_the_floor_does() -> None:
    """3-play pays four of a kind 2x next hand, 5- and 10-play 3x; only 10-play lifts the royal
    and the straight flush (7x); the rest is one table."""
    three, five, ten = (_shipped(n).next_multiplier for n in (3, 5, 10))
    assert {n for n in NAMES if three[n] != five[n]} == {"FourOfAKind"}
    assert {n for n in NAMES if five[n] != ten[n]} == {"RoyalFlush", "StraightFlush"}
    assert (three["FourOfAKind"], five["FourOfAKind"], ten["RoyalFlush"]) == (2, 3, 7)


@pytest.mark.parametrize(("game", "pays", "profit", "places"), [
    ("jacks_or_better.cp", {}, "-0.00456096", 8),
    ("deuces_wild.cp", {"FourOfAKind": 4, "FullHouse": 4, "Flush": 3}, "-0.010869", 6),
])
def test_koehlers_expected_profits_are_the_base_games_of_his_table_1(
        game: str, pays: dict[str, int], profit: str, places: int) -> None:
    """Full Pay Deuces Wild with a four of a kind 4, full house 4, flush 3 is the
    800-200-25-15-9-4-4-3-2-1 table; each exact profit rounds to Koehler's figure."""
    poker = VideoPoker.load(str(ROOT / "definitions" / game))
    table = poker.paytable()
    table = replace(table, pays=tuple(Fraction(pays.get(name, pay)) for name, pay in zip(table.categories, table.pays)))
    assert round(analyze(poker.variant(), table).expected_return - 1, places) == Fraction(profit)


@pytest.mark.parametrize(("name", "plays", "published"), [
    ("super_times_pay_jacks_or_better.cp", 3, "0.992900"),
    ("super_times_pay_jacks_or_better_5play.cp", 5, "0.991166"),
])
def test_super_times_pay_wheel_poker_reaches_the_published_return(
        name: str, plays: int, published: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``cpoly analyze FILE --json``'s return of the feature (the multiplier layer and its deal
    wheel, as declared) is the Wizard of Odds' return to within what the page's rounded inputs
    allow: each input's half unit in its last printed digit times the return's sensitivity to
    it, and the return's own half unit; the base game under it is the page's 0.984498."""
    assert main(["analyze", str(ROOT / "definitions" / name), "--json"]) == 0
    (found,) = json.loads(capsys.readouterr().out)["features"]
    layer = VideoPoker.load(str(ROOT / "definitions" / name)).game.spec.features[0]
    assert isinstance(layer, MultiplierLayer) and layer.extra_bet == 1 and layer.deal_wheel_bet == 5 * plays
    base, total = Fraction(found["base_return_exact"]), Fraction(found["return_exact"])
    assert found["kind"] == "multiplier_layer" and round(base, 6) == Fraction("0.984498")
    chance, award = Fraction(found["deal_wheel"]["chance_exact"]), Fraction(found["deal_wheel"]["average_award_exact"])
    (multiplier_chance,), (multiplier,) = layer.weights[1:], layer.multipliers[1:]
    half = Fraction(1, 2_000_000)  # chances, mean multiplier and returns to six places; the award to two
    slack = (base * (multiplier - 1) / 2 * half + base * multiplier_chance / 2 * half
             + award / (10 * plays) * half + chance / (10 * plays) * 10_000 * half + half)
    print(f"{name}: {float(total):.6f} against {published} (slack {float(slack):.1e})")
    assert abs(total - Fraction(published)) <= slack
