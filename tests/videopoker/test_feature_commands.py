"""Feature games in the commands: ``analyze`` (text, ``--json``), ``hold --level`` and ``hold
--multipliers``, ``report``, their warnings and their errors.

Oracles: the solvers' own API on an 18-card game (the API is checked against brute force in
``test_feature_games.py``); a hold in a state against the base game's ``hold`` of the same deal
(``m * EV + Σ_c P(c) * worth of what c leads to``, from the base hold's outcome counts and
``analyze --json``'s level values or relative values); the Wizard of Odds' figures for the
shipped games; the cold answer for the warm one.
"""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cpoly.cli.main import main
from cpoly.games.videopoker.feature.dreamcard import analyze_dream_card
from cpoly.games.videopoker.feature.layers import analyze_wheel
from cpoly.games.videopoker.feature.multistrike import analyze_multi_strike
from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x
from cpoly.games.videopoker.feature.ultimatexlines import analyze_ultimate_x_lines, per_line_model_return
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import DreamCard, MultiStrike, UltimateX, WheelBonus
from tests.conftest import DEFINITIONS, ROOT

Run = tuple[int, str, str]
SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"
MULTI_STRIKE = "feature multi_strike: levels (1, 2, 4), free_ride (10%, 20%)\n"
ULTIMATE_X = ("feature ultimate_x: multipliers (RoyalFlush 2, StraightFlush 2, FourOfAKind 3, FullHouse 12, "
              "Flush 10, Straight 7, ThreeOfAKind 4, TwoPair 3, JacksOrBetter 2)\n")
THREE_LINES = ULTIMATE_X.replace("ultimate_x:", "ultimate_x: lines 3,")
WHEEL = "feature wheel: on FullHouse, values (10, 20), weights (3, 1), extra_bet 1/5\n"
DEAL = ["Ah", "Kh", "Qh", "Jd", "9c"]


def run_cli(args: list[str]) -> Run:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def json_of(args: list[str]) -> Any:
    code, out, err = run_cli([*args, "--json"])
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The 18-card game with each feature."""
    folder = tmp_path_factory.mktemp("features")
    shutil.copy(SMALL, folder / "small_poker.cp")
    paths = {}
    for name, feature in (("ms", MULTI_STRIKE), ("ux", ULTIMATE_X), ("dream", "feature dream_card: chance 5%\n"),
                          ("ux3", THREE_LINES), ("wheel", WHEEL)):
        path = folder / f"{name}.cp"
        path.write_text(f'import "small_poker.cp"\n{feature}')
        paths[name] = str(path)
    return paths


def _exact(data: dict[str, Any], name: str) -> Fraction:
    return Fraction(data[f"{name}_exact"])


def test_analyze_prints_multi_strike_levels_as_the_solver_finds_them(games: dict[str, str]) -> None:
    poker = VideoPoker.load(games["ms"])
    feature = poker.game.spec.features[0]
    assert isinstance(feature, MultiStrike)
    expected = analyze_multi_strike(poker.single_deck(), poker.paytable(), feature)
    found = json_of(["analyze", games["ms"]])["features"][0]
    assert found["kind"] == "multi_strike" and "backward induction" in found["method"]
    assert _exact(found, "return") == expected.expected_return
    assert [_exact(level, "without_free_ride") for level in found["levels"]] == \
        [level.without_free_ride for level in expected.levels]
    assert [level["deals_held_otherwise"] for level in found["levels"]] == \
        [level.deals_held_otherwise for level in expected.levels]
    reach = [Fraction(row["share_exact"]) for row in found["distribution"]["rows"]]
    assert reach[0] == 1 and reach[1] == _exact(found["frequency"], "value")
    assert reach[1] == feature.free_ride[0] + (1 - feature.free_ride[0]) * expected.levels[0].paying_chance


def test_analyze_prints_ultimate_x_states_as_the_solver_finds_them(games: dict[str, str]) -> None:
    poker = VideoPoker.load(games["ux"])
    feature = poker.game.spec.features[0]
    assert isinstance(feature, UltimateX)
    expected = analyze_ultimate_x(poker.single_deck(), poker.paytable(), feature)
    found = json_of(["analyze", games["ux"]])["features"][0]
    assert _exact(found, "return") == expected.expected_return and found["iterations"] == expected.iterations
    assert [(_exact(s, "multiplier"), _exact(s, "share"), _exact(s, "relative_value")) for s in found["states"]] == \
        [(s.multiplier, s.share, s.relative_value) for s in expected.states]
    assert sum(Fraction(row["share_exact"]) for row in found["distribution"]["rows"]) == 1


def test_analyze_text_names_the_method_and_drops_the_warning_of_what_it_solves(games: dict[str, str]) -> None:
    code, out, err = run_cli(["analyze", games["ux"]])
    assert code == 0 and "policy iteration" in out and "rounds of policy iteration" in out
    assert "feature ultimate_x: return" in out and "warning" not in err
    code, out, err = run_cli(["analyze", games["dream"]])
    assert code == 0 and "feature dream_card: return" in out and "best fifth card" in out and "warning" not in err


def test_commands_that_leave_a_feature_out_say_so(games: dict[str, str]) -> None:
    code, _, err = run_cli(["hold", games["ms"], *DEAL])
    assert code == 0 and "feature multi_strike: this command plays the base game only" in err
    code, _, err = run_cli(["analyze", games["ms"], "--play-as", "flat"])
    assert code == 0 and "this command plays the base game only" in err


def _base_hold(game: str) -> dict[tuple[str, ...], dict[str, Any]]:
    return {tuple(h["held"]): h for h in json_of(["hold", game, *DEAL])["holds"]}


def test_a_hold_at_a_level_is_the_base_hold_plus_the_next_level_on_a_paying_hand(games: dict[str, str]) -> None:
    levels = json_of(["analyze", games["ms"]])["features"][0]["levels"]
    base = _base_hold(games["ms"])
    names = list(next(iter(base.values()))["outcomes"])
    for level in (1, 2, 3):
        found = json_of(["hold", games["ms"], *DEAL, "--level", str(level)])
        after = _exact(levels[level], "on_reaching") if level < 3 else Fraction(0)
        for hold in found["holds"]:
            plain = base[tuple(hold["held"])]
            paying = sum(count for name, count in plain["outcomes"].items() if name != names[-1])
            expected = _exact(levels[level - 1], "multiplier") * Fraction(plain["ev_exact"]) + \
                after * Fraction(paying, plain["draws"])
            assert Fraction(hold["ev_exact"]) == expected, (level, hold["held"])
        assert found["state"]["option"] == "--level" and found["state"]["value"] == str(level)


def test_a_hold_at_a_multiplier_adds_the_worth_of_the_multiplier_each_hand_sets(games: dict[str, str]) -> None:
    states = json_of(["analyze", games["ux"]])["features"][0]["states"]
    relative = {_exact(s, "multiplier"): _exact(s, "relative_value") for s in states}
    following = {"RoyalFlush": 2, "StraightFlush": 2, "FourOfAKind": 3, "FullHouse": 12, "Flush": 10,
                 "Straight": 7, "ThreeOfAKind": 4, "TwoPair": 3, "JacksOrBetter": 2, "Nothing": 1}
    base = _base_hold(games["ux"])
    found = json_of(["hold", games["ux"], *DEAL, "--multipliers", "7"])
    for hold in found["holds"]:
        plain = base[tuple(hold["held"])]
        worth = sum(count * relative[Fraction(following[name])] for name, count in plain["outcomes"].items())
        assert Fraction(hold["ev_exact"]) == 7 * Fraction(plain["ev_exact"]) + worth / plain["draws"]


def test_the_warm_hold_in_a_state_answers_as_the_cold_one(games: dict[str, str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["hold", games["ms"], "Ah", "Kh", "9h", "9d", "Tc", "--level", "2"]
    cold = run_cli(args)
    with monkeypatch.context() as warm_only:
        warm_only.setattr(VideoPoker, "load", lambda *a, **k: pytest.fail("the warm hold loaded the game"))
        assert run_cli(args) == cold
    assert cold[0] == 0 and "--level 2: each final hand pays 2 x its pay" in cold[1]


@pytest.mark.parametrize(("game", "option", "message"), [
    ("ms", ["--level", "4"], "--level 4: this game has no level 4 (its levels: 1, 2, 3)"),
    ("ms", ["--level", "0"], "--level 0: this game has no level 0"),
    ("ux", ["--multipliers", "5"], "--multipliers 5: this game has no multiplier 5 (its multipliers: 1, 2, 3, 4, 7"),
    ("ux", ["--multipliers", "4", "1", "12"], "--multipliers 4 1 12: this game plays 1 line, give one multiplier"),
    ("ux", ["--level", "2"], "--level: this game has no multi_strike feature"),
    ("ms", ["--multipliers", "2"], "--multipliers: this game has no ultimate_x feature"),
    ("ms", ["--level", "2", "--multipliers", "2"], "--level and --multipliers name states of two"),
    ("ux", ["--multipliers", "x"], "--multipliers x: numbers"),
])
def test_a_state_the_game_cannot_be_in_is_refused_naming_the_value(games: dict[str, str], game: str,
                                                                  option: list[str], message: str) -> None:
    code, out, err = run_cli(["hold", games[game], *DEAL, *option])
    assert code == 2 and message in err and "Traceback" not in err and out == ""
    code, out, _ = run_cli(["hold", games[game], *DEAL, *option, "--json"])
    assert code == 2 and message in json.loads(out)["error"]["message"]


def test_a_plain_game_refuses_a_level() -> None:
    code, _, err = run_cli(["hold", str(DEFINITIONS / "jacks_or_better.cp"), *DEAL, "--level", "2"])
    assert code == 2 and "this game has no multi_strike feature" in err


def test_the_report_has_a_feature_section(games: dict[str, str], tmp_path: Path) -> None:
    data = json_of(["report", games["ux"]])
    found = data["analysis"]["features"][0]
    assert found["frequency"]["label"] == "hands played at a multiplier above 1"
    assert Fraction(found["frequency"]["value_exact"]) == 1 - Fraction(found["states"][0]["share_exact"])
    code, out, _ = run_cli(["report", games["ux"], "--out", str(tmp_path / "par")])
    page = (tmp_path / "par" / "index.html").read_text()
    assert code == 0 and "feature ultimate_x return" in out
    assert "Feature: ultimate_x" in page and "time at each multiplier" in page and "policy iteration" in page


@pytest.mark.slow
def test_the_shipped_multi_strike_game_reaches_the_wizard_of_odds_figures() -> None:
    """Wizard of Odds, Multi-Strike appendix: top level 15.682351, level 4 without a Free Ride 15.044824."""
    levels = json_of(["analyze", str(DEFINITIONS / "multi_strike_bonus_poker.cp")])["features"][0]["levels"]
    assert f"{levels[4]['on_reaching']:.6f}" == "15.682351"
    assert f"{levels[3]['without_free_ride']:.6f}" == "15.044824"


@pytest.mark.slow
def test_the_shipped_ultimate_x_game_reaches_the_wizard_of_odds_figures() -> None:
    """Wizard of Odds: 98.57 %; 1x 56.29 %, 2x 19.93 %, 3x 12.53 %, 4x 7.24 %, 7x 1.38 %, 10x 1.50 %, 12x 1.13 %."""
    found = json_of(["analyze", str(DEFINITIONS / "ultimate_x_jacks_or_better.cp")])["features"][0]
    assert f"{found['return']:.4%}" == "98.5730%"
    shares = [f"{row['share']:.2%}" for row in found["distribution"]["rows"]]
    assert shares == ["56.29%", "19.93%", "12.53%", "7.24%", "1.38%", "1.50%", "1.13%"]


# ---- Ultimate X on several lines, Dream Card, a wheel with an extra bet --------------------
def test_analyze_solves_three_lines_exactly_beside_the_per_line_model(games: dict[str, str]) -> None:
    poker = VideoPoker.load(games["ux3"])
    feature = poker.game.spec.features[0]
    assert isinstance(feature, UltimateX) and feature.lines == 3
    ready, table = poker.single_deck(), poker.paytable()
    expected, model = analyze_ultimate_x_lines(ready, table, feature), per_line_model_return(ready, table, feature)
    found = json_of(["analyze", games["ux3"]])["features"][0]
    assert _exact(found, "return") == expected.expected_return and found["iterations"] == expected.iterations
    assert "total of the lines' multipliers" in found["method"] and found["lines"] == 3
    assert [(_exact(s, "total"), _exact(s, "share"), _exact(s, "relative_value")) for s in found["totals"]] == \
        [(s.total, s.share, s.relative_value) for s in expected.states]
    assert [Fraction(row["share_exact"]) for row in found["distribution"]["rows"]] == \
        [share for _, share in expected.line_shares]
    per_line = found["per_line_model"]
    assert "per-line model" in per_line["method"] and _exact(per_line, "return") == model
    assert _exact(per_line, "error") == model - expected.expected_return < 0
    code, out, err = run_cli(["analyze", games["ux3"]])
    assert code == 0 and "warning" not in err and "exact (3 lines over the totals)" in out
    assert "per-line model: return" in out and "time per line" in out


def _following(category: str) -> int:
    return {"RoyalFlush": 2, "StraightFlush": 2, "FourOfAKind": 3, "FullHouse": 12, "Flush": 10, "Straight": 7,
            "ThreeOfAKind": 4, "TwoPair": 3, "JacksOrBetter": 2}.get(category, 1)


def _brute_line_values(game: str, deal: list[str], multipliers: list[int], relative: dict[Fraction, Fraction]
                       ) -> dict[tuple[str, ...], Fraction]:
    """Every hold's worth on three lines by brute force: each line's final hand over every draw
    (the oracle's own classifier), the three lines' draws enumerated jointly."""
    from itertools import product

    import numpy as np

    from tests.videopoker.vp_oracle import brute_hold_outcomes, poker_categories

    poker = VideoPoker.load(game)
    cards = poker.deal_indices(deal)
    oracle = [int(poker.faces[c]) * 3 + int(poker.suits[c]) for c in cards]
    counts = brute_hold_outcomes(np.array([oracle]), poker_categories(6, 3, high_pair_from=2), 18, 10)[0]
    names, pays = (*poker.game.category_names, "Nothing"), [*poker.paytable().pays, 0]
    values = {}
    for hold in range(32):
        row = [int(c) for c in counts[hold]]
        draws = sum(row)
        worth = Fraction(sum(multipliers) * sum(c * p for c, p in zip(row, pays)), draws)
        for outcome in product(range(len(row)), repeat=3):
            ways = row[outcome[0]] * row[outcome[1]] * row[outcome[2]]
            if ways:
                worth += Fraction(ways, draws**3) * relative[Fraction(sum(_following(names[c]) for c in outcome))]
        values[tuple(deal[i] for i in range(5) if hold >> i & 1)] = worth
    return values


@pytest.mark.parametrize(("deal", "multipliers"), [(DEAL, [4, 1, 12]), (["Th", "Td", "Jh", "Qh", "Ac"], [1, 1, 1])])
def test_a_hold_on_three_lines_is_worth_the_total_pay_and_the_future_by_brute_force(
        games: dict[str, str], deal: list[str], multipliers: list[int]) -> None:
    """``T * E[pay] + Σ_t P(next total = t) H(t)``, the relative values ``H`` from ``analyze --json``."""
    totals = json_of(["analyze", games["ux3"]])["features"][0]["totals"]
    relative = {_exact(s, "total"): _exact(s, "relative_value") for s in totals}
    found = json_of(["hold", games["ux3"], *deal, "--multipliers", *map(str, multipliers)])
    expected = _brute_line_values(games["ux3"], deal, multipliers, relative)
    assert {tuple(h["held"]): Fraction(h["ev_exact"]) for h in found["holds"]} == expected
    assert Fraction(found["holds"][0]["ev_exact"]) == max(expected.values())
    assert found["state"]["multiplier"] == str(sum(multipliers)) and found["state"]["lines"] == 3


def test_the_warm_hold_on_three_lines_answers_as_the_cold_one(games: dict[str, str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["hold", games["ux3"], *DEAL, "--multipliers", "7", "2", "1"]
    cold = run_cli(args)
    with monkeypatch.context() as warm_only:
        warm_only.setattr(VideoPoker, "load", lambda *a, **k: pytest.fail("the warm hold loaded the game"))
        assert run_cli(args) == cold
    assert cold[0] == 0 and "--multipliers 7 2 1: the 3 lines pay 10 x the pay in all" in cold[1]


@pytest.mark.parametrize(("args", "message"), [
    (["hold", "ux3", *DEAL, "--multipliers", "4", "5", "12"], "--multipliers 4 5 12: this game has no multiplier 5"),
    (["hold", "ux3", *DEAL, "--multipliers", "4", "12"], "this game plays 3 lines, give one multiplier for each"),
    (["strategy", "ux3", "--multipliers", "4", "1", "12"], "--multipliers on a game of 3 lines: only cpoly hold"),
])
def test_a_state_of_three_lines_is_checked_and_refused_where_it_cannot_be_played(
        games: dict[str, str], args: list[str], message: str) -> None:
    code, out, err = run_cli([args[0], games[args[1]], *args[2:]])
    assert code == 2 and message in err and "Traceback" not in err and out == ""


def test_analyze_solves_dream_card_and_a_wheel_per_total_bet(games: dict[str, str]) -> None:
    poker = VideoPoker.load(games["dream"])
    dream = poker.game.spec.features[0]
    assert isinstance(dream, DreamCard)
    found = json_of(["analyze", games["dream"]])["features"][0]
    expected = analyze_dream_card(poker.single_deck(), poker.paytable(), dream)
    assert _exact(found, "return") == expected.expected_return and _exact(found, "dream_value") == expected.dream_value
    assert _exact(found["frequency"], "value") == Fraction(1, 20)
    poker = VideoPoker.load(games["wheel"])
    wheel = poker.game.spec.features[0]
    assert isinstance(wheel, WheelBonus)
    spun = analyze_wheel(poker.single_deck(), poker.paytable(), wheel)
    found = json_of(["analyze", games["wheel"]])["features"][0]
    assert _exact(found, "return") == spun.expected_return * Fraction(5, 6) != spun.expected_return
    assert _exact(found, "return_per_base_bet") == spun.expected_return
    assert "per base bet" in run_cli(["analyze", games["wheel"]])[1]
