"""End to end in headless chromium against a real ``cpoly serve``: what a person does on the pages,
checked against the CLI's ``--json`` for the same input and against published figures.

Screenshots of both pages go to the test's ``tmp_path`` (never over the tracked ``docs/screenshots/``).
"""

from __future__ import annotations

import re
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from tests.web.conftest import ROOT, cli, cli_json, cpoly_processes

JACKS = "definitions/jacks_or_better.cp"


def _cell(page: Any, table: str, row: int, column: int) -> Any:
    return page.locator(f"{table} table tbody tr").nth(row).locator("td").nth(column)


def test_video_poker_hand_and_full_game(page: Any, tmp_path: Path) -> None:
    page.goto("/")
    page.get_by_label("Game", exact=True).select_option("jacks_or_better")
    page.get_by_label("Cards", exact=True).fill("Ah Kd Js 4c 7h")
    page.get_by_role("button", name="Analyze", exact=True).click()
    best = page.locator("#holds table tbody tr").first
    best.wait_for()
    expected = cli_json("hold", JACKS, "Ah", "Kd", "Js", "4c", "7h")
    assert best.locator("td").nth(1).inner_text() == "Kd Js" == " ".join(expected["best"]["held"])
    assert best.locator("td").nth(2).inner_text().startswith("0.4834")
    assert best.locator("td").nth(3).inner_text() == expected["best"]["ev_exact"]
    assert "best" in (best.get_attribute("class") or "")
    assert page.locator("#holds table tbody tr").count() == 32
    # cost against the best, exactly, on the second row
    second = expected["holds"][1]
    cost = Fraction(expected["best"]["ev_exact"]) - Fraction(second["ev_exact"])
    assert _cell(page, "#holds", 1, 4).get_attribute("title") == str(cost)
    # the full game: 9/6 Jacks or Better returns 99.5439 % under optimal play (published figure)
    caption = page.locator("#return table caption")
    caption.wait_for()
    assert "99.5439 %" in caption.inner_text()
    rows = page.locator("#return table tbody tr")
    analysis = cli_json("analyze", JACKS)
    assert rows.count() == len(analysis["categories"]) + 1
    assert _cell(page, "#return", 0, 2).inner_text() == f"{analysis['categories'][0]['combinations']:,}"
    page.wait_for_selector("#strategy-progress .progress", state="detached")
    page.screenshot(path=str(tmp_path / "videopoker.png"), full_page=True)


def test_multiplay_one_pay_and_report(page: Any) -> None:
    """The N-play variances beside the return table, one edited pay's return and exact
    break-even, and the PAR report of the shown game and table, each as the CLI says."""
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    page.get_by_label("Pay table", exact=True).select_option("8/5")
    page.get_by_role("button", name="Analyze", exact=True).click()
    rows = page.locator("#multiplay table tbody tr")
    rows.last.wait_for()
    plays = cli_json("analyze", JACKS, "--paytable", "8/5", "--plays", "1", "3", "5", "10", "50", "100")
    assert rows.count() == 6
    hundred = plays["multiplay"]["plays"][-1]
    assert _cell(page, "#multiplay", 5, 0).inner_text() == "100"
    assert _cell(page, "#multiplay", 5, 1).inner_text() == f"{hundred['standard_deviation_per_line']:.4f}"
    assert _cell(page, "#multiplay", 5, 2).inner_text() == f"{hundred['standard_deviation_per_bet']:.4f}"
    # edit one pay: the royal at 1760 per coin, and the royal's exact break-even (docs/videopoker.md)
    page.get_by_label("Hand to edit", exact=True).select_option("RoyalFlush")
    page.get_by_label("Pays", exact=True).fill("1760")
    page.get_by_role("button", name="Return and break-even").click()
    page.wait_for_function("document.getElementById('onepay').textContent.includes('Break-even')")
    analysis = cli_json("analyze", JACKS, "--paytable", "8/5", "--pay", "RoyalFlush=1760")
    text = page.locator("#onepay").inner_text()
    assert f"return {100 * analysis['return']:.4f} % ({analysis['return_exact']})" in text
    assert "RoyalFlush = 1733.142029 (88383208636/50995941)" in text
    page.get_by_label("Pays", exact=True).fill("1760/")
    page.get_by_role("button", name="Return and break-even").click()
    page.locator("#value-error").wait_for(state="visible")
    # the PAR report of 8/5, served by the app
    page.get_by_role("button", name="Make the PAR report").click()
    link = page.locator("#report-link a")
    link.wait_for()
    assert link.inner_text() == "PAR report: Jacks or Better (8/5)"
    report = page.context.new_page()
    report.goto(link.get_attribute("href"))
    assert "8/5" in report.title()
    assert report.locator("img").count() >= 1
    assert report.evaluate("[...document.images].every((i) => i.complete && i.naturalWidth > 0)")
    report.close()


def test_bad_card_message_beside_the_field(page: Any) -> None:
    page.goto("/")
    page.get_by_label("Cards", exact=True).fill("Ah Kd Js 4c 7x")
    page.get_by_role("button", name="Analyze", exact=True).click()
    error = page.locator("#cards-error")
    error.wait_for(state="visible")
    run = cli("hold", JACKS, "Ah", "Kd", "Js", "4c", "7x")
    assert run.returncode == 2
    assert error.inner_text() == run.stderr.strip().removeprefix("error: ")
    assert page.get_by_label("Cards", exact=True).get_attribute("aria-invalid") == "true"


def test_card_picker_and_edited_pay_table(page: Any) -> None:
    page.goto("/")
    picker = page.get_by_role("group", name="Card picker")
    for card in ["Ah", "Kh", "Qh", "Jh", "Th"]:
        picker.get_by_role("button", name=card, exact=True).click()
    assert page.get_by_label("Cards", exact=True).input_value() == "Ah Kh Qh Jh Th"
    assert picker.get_by_role("button", name="Ah", exact=True).get_attribute("aria-pressed") == "true"
    page.get_by_label("Pay for Flush").fill("5")  # 9/6 edited into 9/5
    page.get_by_role("button", name="Analyze", exact=True).click()
    caption = page.locator("#return table caption")
    caption.wait_for()
    expected = cli_json("analyze", JACKS, "--paytable", "9/5")
    assert f"{100 * expected['return']:.4f} %" in caption.inner_text()
    assert _cell(page, "#holds", 0, 1).inner_text() == "Ah Kh Qh Jh Th"


def test_trainer_cost_of_a_mistake(page: Any) -> None:
    page.goto("/")
    page.locator("#picker button").first.wait_for()
    page.get_by_label("Trainer mode").check()
    page.get_by_role("button", name="Deal", exact=True).click()
    cards = page.get_by_label("Cards", exact=True).input_value().split()
    assert len(cards) == 5 and len(set(cards)) == 5
    page.get_by_role("button", name="Hold these").click()  # holding nothing: draw five
    verdict = page.locator("#verdict")
    page.wait_for_function("document.getElementById('verdict').textContent.length > 0")
    expected = cli_json("hold", JACKS, *cards)
    draw_five = next(h for h in expected["holds"] if not h["held"])
    cost = Fraction(expected["best"]["ev_exact"]) - Fraction(draw_five["ev_exact"])
    if cost:
        assert f"({cost})" in verdict.inner_text()
    else:
        assert verdict.inner_text().startswith("Right")
    assert "1 hands" in page.locator("#session").inner_text()
    assert f"({cost})" in page.locator("#session").inner_text() or not cost


def test_holdem_equity_streets_and_grid(page: Any, tmp_path: Path) -> None:
    page.goto("/")
    page.get_by_role("link", name="Hold'em").click()
    page.get_by_label("Hands", exact=True).fill("AsAh KsKh")
    page.get_by_role("button", name="Equity", exact=True).click()
    row = page.locator("#result table").first.locator("tbody tr").first
    row.wait_for()
    expected = cli_json("equity", "AsAh", "KsKh")
    equity = row.locator("td").nth(1)
    assert re.fullmatch(r"82\.6\d %", equity.inner_text())   # AA vs KK: 82.6 % (published)
    assert equity.get_attribute("title").startswith(expected["players"][0]["equity_exact"])
    player = expected["players"][0]
    assert row.locator("td").nth(2).inner_text() == f"{player['win']:,}"
    loss = player.get("loss", expected["boards"] - player["win"] - player["tie"])
    assert row.locator("td").nth(4).inner_text() == f"{loss:,}"
    pair = player["by_category"]["pair"]
    counts = [pair[k] for k in ("win", "tie", "loss", "occur") if k in pair]
    pair_row = page.locator("#result table").nth(1).locator("tbody tr", has_text="pair").first
    assert pair_row.locator("td").nth(1).inner_text() == " / ".join(f"{n:,}" for n in counts)
    # with a flop: the street plot gets a preflop and a flop point
    page.get_by_label("Board", exact=True).fill("Kd 7c 2s")
    page.get_by_role("button", name="Equity", exact=True).click()
    streets = page.locator("#streets table tbody tr")
    page.wait_for_function("document.querySelectorAll('#streets table tbody tr').length === 2")
    flop = cli_json("equity", "AsAh", "KsKh", "--board", "Kd 7c 2s")
    assert streets.nth(1).locator("td").nth(1).inner_text() == f"{100 * flop['players'][0]['equity']:.2f} %"
    assert page.locator("#streets svg circle").count() == 4
    # the range grid edits the chosen player's range
    page.get_by_label("Edit the range of player").select_option("3")
    grid = page.locator("#grid")
    grid.get_by_role("button", name="QQ", exact=True).click()
    grid.get_by_role("button", name="AKs", exact=True).click()
    assert page.get_by_label("Hands", exact=True).input_value() == "AsAh KsKh QQ,AKs"
    assert grid.get_by_role("button", name="AKs", exact=True).get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="Equity", exact=True).click()  # three players, two streets
    page.wait_for_function("document.querySelectorAll('#streets svg circle').length === 6")
    three = cli_json("equity", "AsAh", "KsKh", "QQ,AKs", "--board", "Kd 7c 2s")
    third = page.locator("#result table").first.locator("tbody tr").nth(2).locator("td")
    assert third.nth(0).inner_text() == "QQ,AKs"
    assert third.nth(1).get_attribute("title").startswith(three["players"][2]["equity_exact"])
    page.screenshot(path=str(tmp_path / "holdem.png"), full_page=True)


def test_holdem_bad_board_message(page: Any) -> None:
    page.goto("/holdem")
    page.get_by_label("Hands", exact=True).fill("AsAh KsKh")
    page.get_by_label("Board", exact=True).fill("Kd 7x 2s")
    page.get_by_role("button", name="Equity", exact=True).click()
    error = page.locator("#board-error")
    error.wait_for(state="visible")
    run = cli("equity", "AsAh", "KsKh", "--board", "Kd 7x 2s")
    assert run.returncode == 2
    assert error.inner_text() == run.stderr.strip().removeprefix("error: ")


def test_uploaded_game(page: Any, tmp_path: Any) -> None:
    page.goto("/")
    page.locator("#picker button").first.wait_for()
    source = (ROOT / JACKS).read_text()
    assert 'game "Jacks or Better"\n' in source
    broken = source.replace('game "Jacks or Better"\n', 'game "Jacks or Better" )\n')  # a syntax error
    upload = page.get_by_label("Upload a .cp file")
    upload.set_input_files(files=[{"name": "broken.cp", "mimeType": "text/plain", "buffer": broken.encode()}])
    error = page.locator("#game-error")
    error.wait_for(state="visible")
    (tmp_path / "broken.cp").write_text(broken)
    expected = cli("paytables", "broken.cp", cwd=tmp_path)  # the text form: file:line:col, line, caret
    assert expected.returncode == 2
    assert error.inner_text().splitlines()[0] == expected.stderr.strip().splitlines()[0]  # file:line:col: error: ...
    upload.set_input_files(files=[{"name": "mine.cp", "mimeType": "text/plain", "buffer": source.encode()}])
    page.locator("#pays input").first.wait_for()  # emptied by the broken upload
    assert page.get_by_label("Game", exact=True).input_value() == "__upload__"
    page.get_by_label("Cards", exact=True).fill("Ah Kd Js 4c 7h")
    page.get_by_role("button", name="Analyze", exact=True).click()
    page.locator("#holds table tbody tr").first.wait_for()
    assert _cell(page, "#holds", 0, 1).inner_text() == "Kd Js"


def test_cancel_a_long_equity(page: Any) -> None:
    page.goto("/holdem")
    marker = "--dead=2c 3d 4h 5s"
    page.get_by_label("Hands", exact=True).fill("random random random random random random")
    page.get_by_label("Dead", exact=True).fill("2c 3d 4h 5s")
    page.get_by_role("button", name="Equity", exact=True).click()
    cancel = page.locator("#equity-progress").get_by_role("button", name="Cancel")
    cancel.wait_for()
    assert _processes_with(marker, present=True), "the CLI never started"
    cancel.click()
    page.locator("#equity-progress").get_by_text("cancelled").wait_for()
    assert _processes_with(marker, present=False), "the CLI process outlived the cancel"
    assert page.locator("#result table").count() == 0


def _processes_with(marker: str, present: bool) -> bool:
    """Wait (up to 20 s) until a process whose command line holds ``marker`` is ``present`` or not."""
    for _ in range(400):
        if bool(cpoly_processes(marker)) == present:
            return True
        time.sleep(0.05)
    return False
