"""The video-poker page and feature games, a player's words: in headless chromium against a real
``cpoly serve`` on 127.0.0.1, each figure and phrase checked against the CLI's ``--json`` for the
same input.  Screenshots go to the test's ``tmp_path``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import cli_json, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own: its feature solves (tens of seconds on a busy machine) run
    and end with it, never queued before another module's requests on the shared one."""
    with serving(tmp_path_factory.mktemp("serve-features")) as served:
        yield served.url

JACKS = "definitions/jacks_or_better.cp"
STRIKE = "definitions/multi_strike_bonus_poker.cp"
ULTIMATE = "definitions/ultimate_x_jacks_or_better.cp"
DEAL = ["Ah", "Kd", "Js", "4c", "7h"]


def _pct(value: float, digits: int) -> str:
    return f"{100 * value:.{digits}f} %"


def _rows(page: Any, selector: str) -> list[list[str]]:
    """The cells' text of each body row of the tables under ``selector``."""
    found: list[list[str]] = page.locator(f"{selector} tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))")
    return found


def test_feature_analysis_and_a_hand_in_a_level(page: Any, tmp_path: Path) -> None:
    """Multi-Strike 16X: the feature's return, its levels reached and its levels' worth under the
    base table; then the hand analysed at level 3 (``hold --level 3``)."""
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    page.get_by_label("Game", exact=True).select_option("multi_strike_bonus_poker")
    page.locator("#pays input[data-category=FourAces]").wait_for()
    page.get_by_label("Cards", exact=True).fill(" ".join(DEAL))
    assert page.locator("#state-field").is_hidden()  # no state to choose before the game's features are known
    page.get_by_role("button", name="Analyze", exact=True).click()
    heading = page.locator("#features h3")
    heading.wait_for()
    (feature,) = cli_json("analyze", STRIKE)["features"]
    assert heading.inner_text() == f'Feature multi_strike "16X": return {_pct(feature["return"], 4)}'
    assert page.locator("#features p").first.get_attribute("title") == feature["return_exact"]
    tables = page.locator("#features table")
    assert tables.nth(0).locator("caption").inner_text() == feature["distribution"]["label"]
    assert _rows(page, "#features table:nth-of-type(1)") == [
        [row["value"], _pct(row["share"], 4)] for row in feature["distribution"]["rows"]]
    levels = _rows(page, "#features table:nth-of-type(2)")
    assert [cells[0] for cells in levels] == [str(level["level"]) for level in feature["levels"]]
    # the hand at level 3: the state picker offers the base game and each level
    state = page.get_by_label("Feature state", exact=True)
    assert state.locator("option").all_inner_texts() == ["base game"] + [
        f"level {level['level']} (pays {level['multiplier']:g}x)" for level in feature["levels"]]
    state.select_option(label="level 3 (pays 4x)")
    page.get_by_role("button", name="Analyze", exact=True).click()
    caption = page.locator("#holds table caption")
    caption.filter(has_text="--level 3").wait_for()
    expected = cli_json("hold", STRIKE, *DEAL, "--level", "3")
    best = _rows(page, "#holds")[0]
    assert best[1] == " ".join(expected["best"]["held"]) and best[3] == expected["best"]["ev_exact"]
    assert f"pays {expected['state']['multiplier']}x" in caption.inner_text()
    page.screenshot(path=str(tmp_path / "multi_strike.png"), full_page=True)


def test_trainer_names_a_mistake_in_a_players_words(page: Any) -> None:
    page.goto("/")
    page.locator("#picker button").first.wait_for()
    page.get_by_label("Trainer mode").check()
    page.get_by_role("button", name="Deal", exact=True).click()
    cards = page.get_by_label("Cards", exact=True).input_value().split()
    holds = cli_json("hold", JACKS, *cards)
    worst = holds["holds"][-1]  # the costliest hold: a mistake
    dealt = page.get_by_role("group", name="Dealt hand: click to hold")
    for card in worst["held"]:
        dealt.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("button", name="Hold these").click()
    mine = cli_json("hold", JACKS, *cards, "--mine", " ".join(worst["held"]) or "none")["mine"]
    held = " ".join(worst["held"]) or "(draw five)"
    said = f"you held {mine['words']} ({held})"
    page.wait_for_function(f"document.getElementById('verdict').textContent.includes({json.dumps(said)})")
    verdict = page.locator("#verdict").inner_text()
    assert f"best is {mine['best_words']} ({' '.join(holds['best']['held']) or '(draw five)'})" in verdict
    assert f"({Fraction(mine['cost_exact'])}) coins per coin bet" in verdict


def test_strategy_chart_in_a_players_words(page: Any) -> None:
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    page.get_by_role("button", name="Analyze", exact=True).click()  # no cards: the game and its chart
    caption = page.locator("#strategy > table caption")
    caption.wait_for()
    chart = cli_json("strategy", JACKS)["words"]
    assert caption.inner_text().startswith(f"Strategy chart in a player's words: {len(chart['lines'])} lines")
    rows = _rows(page, "#strategy > table")
    assert [cells[1] for cells in rows] == [line["words"] for line in chart["lines"]]
    assert [cells[3] for cells in rows] == [f"{line['cost_percent']:.5f} %" for line in chart["lines"]]
    assert f"the chart costs {chart['cost_percent']:.5f} % of each bet" in page.locator("#strategy > p").inner_text()
    assert page.locator("#strategy details table").count() >= 1  # the engine's patterns, behind a summary


def test_ultimate_x_time_at_each_multiplier_and_a_hand_at_12x(page: Any) -> None:
    """Single-line Ultimate X on 8/6 Jacks or Better: the time at each multiplier as the CLI
    solves it, and the hand played with 12x in force (``hold --multipliers 12``)."""
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    page.get_by_label("Game", exact=True).select_option("ultimate_x_jacks_or_better")
    page.locator("#pays caption", has_text="(8/6)").wait_for()  # its one table (Jacks or Better shows 9/6 first)
    page.get_by_label("Cards", exact=True).fill(" ".join(DEAL))
    page.get_by_role("button", name="Analyze", exact=True).click()
    page.locator("#features h3").wait_for()
    (feature,) = cli_json("analyze", ULTIMATE)["features"]
    assert page.locator("#features h3").inner_text().endswith(f"return {_pct(feature['return'], 4)}")
    assert _rows(page, "#features table:nth-of-type(1)") == [
        [row["value"], _pct(row["share"], 4)] for row in feature["distribution"]["rows"]]
    page.get_by_label("Feature state", exact=True).select_option(label="multiplier 12x")
    page.get_by_role("button", name="Analyze", exact=True).click()
    page.locator("#holds table caption").filter(has_text="--multipliers 12").wait_for()
    expected = cli_json("hold", ULTIMATE, *DEAL, "--multipliers", "12")
    best = _rows(page, "#holds")[0]
    assert best[1] == " ".join(expected["best"]["held"]) and best[3] == expected["best"]["ev_exact"]


THREE = "definitions/ultimate_x_jacks_or_better_3play.cp"


def _js_exponential(value: float) -> str:
    """JavaScript's ``toExponential(3)`` of a small figure: ``-3.854e-9``."""
    mantissa, exponent = f"{value:.3e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def test_three_play_ultimate_x_a_multiplier_per_line(page: Any, tmp_path: Path) -> None:
    """Ultimate X 3-play: the exact solution over the totals beside the per-line model, then one
    multiplier picked per line (4x, 1x, 12x) and the hand played in that state, as
    ``hold --multipliers 4 1 12`` plays it; a game of several lines offers no single multiplier."""
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    page.get_by_label("Game", exact=True).select_option("ultimate_x_jacks_or_better_3play")
    page.locator("#pays caption", has_text="(8/6)").wait_for()
    page.get_by_label("Cards", exact=True).fill(" ".join(DEAL))
    page.get_by_role("button", name="Analyze", exact=True).click()
    page.locator("#features h3").wait_for(timeout=600_000)  # the first solve of 3 lines: a minute or more
    (feature,) = cli_json("analyze", THREE)["features"]
    assert page.locator("#features h3").inner_text() == f'Feature ultimate_x "3-play": return {_pct(feature["return"], 4)}'
    model, per_line = page.locator("#features p", has_text="per line model:"), feature["per_line_model"]
    assert model.inner_text() == (f"per line model: method {per_line['method']}; return {per_line['return']:#.6g}; "
                                  f"error {_js_exponential(per_line['error'])}")
    assert model.get_attribute("title") == per_line["return_exact"]
    totals = _rows(page, "#features table:nth-of-type(2)")
    assert [cells[0] for cells in totals] == [f"{row['total']:g}" for row in feature["totals"]]
    state = page.get_by_label("Feature state", exact=True)
    assert state.locator("option").all_inner_texts() == ["base game", "a multiplier per line (3 lines)"]
    assert page.get_by_role("group", name="Multiplier of each line").is_hidden()
    state.select_option(label="a multiplier per line (3 lines)")
    lines = page.get_by_role("group", name="Multiplier of each line")
    assert lines.locator("select").count() == 3
    assert lines.get_by_label("Line 1", exact=True).locator("option").all_inner_texts() == [
        f"{row['value']}x" for row in feature["distribution"]["rows"]]
    for line, multiplier in zip((1, 2, 3), ("4", "1", "12")):
        lines.get_by_label(f"Line {line}", exact=True).select_option(multiplier)
    page.get_by_role("button", name="Analyze", exact=True).click()
    caption = page.locator("#holds table caption")
    caption.filter(has_text="--multipliers 4 1 12 on 3 lines").wait_for()
    expected = cli_json("hold", THREE, *DEAL, "--multipliers", "4", "1", "12")
    assert "a hold is worth 17 x its mean pay" in caption.inner_text()
    assert [row[3] for row in _rows(page, "#holds")] == [hold["ev_exact"] for hold in expected["holds"]]
    assert _rows(page, "#holds")[0][1] == " ".join(expected["best"]["held"])
    page.screenshot(path=str(tmp_path / "ultimate_x_3play.png"), full_page=True)


def test_a_features_exact_variances_as_the_cli_states_them(page: Any) -> None:
    """Super Times Pay (a multiplier layer, a closed form: quick): the table of the feature's
    exact variances, each figure, its exact value on hover and its definition as ``analyze
    --json`` gives them."""
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    page.get_by_label("Game", exact=True).select_option("super_times_pay_jacks_or_better")
    page.locator("#pays caption", has_text="(9/5)").wait_for()  # its one table, not Jacks or Better's 9/6
    page.get_by_label("Cards", exact=True).fill(" ".join(DEAL))
    page.get_by_role("button", name="Analyze", exact=True).click()
    caption = page.locator("#features caption", has_text="Exact variances")
    caption.wait_for()
    (feature,) = cli_json("analyze", "definitions/super_times_pay_jacks_or_better.cp")["features"]
    assert caption.inner_text() == f"Exact variances of {feature['kind']}"
    assert _rows(page, "#features table:last-of-type") == [
        [v["label"], f"{v['variance']:.6f}", f"{v['standard_deviation']:.6f}", v["definition"]]
        for v in feature["variances"]]
    values = page.locator("#features table:last-of-type tbody td:nth-child(2)")
    assert values.evaluate_all("(cells) => cells.map((c) => c.title)") == [
        v["variance_exact"] for v in feature["variances"]]
