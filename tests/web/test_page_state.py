"""The pages' state in headless chromium (issue 34 item 7): a late answer to an old request never
overwrites a newer choice, a failed upload leaves no pay table of the previous game, the game list
holds only video-poker games, and the trainer's hand is on screen with its answer hidden until played.

Late answers are made by holding a request in playwright's router and letting it go after the
newer one has been answered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.web.conftest import HOLDEM_GAMES, ROOT, cli, cli_json

JACKS = "definitions/jacks_or_better.cp"


def _wait_until(page: Any, done: Callable[[], bool], what: str) -> None:
    """Let the page run until ``done()`` (playwright calls route handlers while it waits)."""
    for _ in range(1200):
        if done():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never happened: {what}")


def _release_late(page: Any, route: Any) -> None:
    """Let a held request go and wait until the page has dropped its job (the DELETE it sends
    for a job it no longer wants)."""
    with page.expect_request(lambda request: request.method == "DELETE" and "/api/jobs/" in request.url):
        route.continue_()


def test_game_list_is_video_poker_only(page: Any) -> None:
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    offered = page.eval_on_selector_all("#game option", "options => options.map((o) => o.value)")
    shipped = {path.stem for path in (ROOT / "definitions").glob("*.cp")}
    assert set(offered) == shipped - {name.removesuffix(".cp") for name in HOLDEM_GAMES}
    assert "jacks_or_better" in offered and "holdem" not in offered


def test_late_game_answer_keeps_the_choices_made_meanwhile(page: Any) -> None:
    """8/5 with a royal of 1,760 chosen while the game loads is what is computed, and the answer
    of a game left before it loaded does not come back."""
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    held: list[Any] = []
    page.route("**/api/jobs/paytables", lambda route: held.append(route))
    page.get_by_label("Game", exact=True).select_option("bonus_poker")
    _wait_until(page, lambda: len(held) == 1, "the bonus poker pay tables asked")
    page.get_by_label("Game", exact=True).select_option("jacks_or_better")
    _wait_until(page, lambda: len(held) == 2, "the jacks pay tables asked")
    assert "bonus_poker" in held[0].request.post_data and "jacks_or_better" in held[1].request.post_data
    page.get_by_label("Pay table", exact=True).select_option("8/5")
    page.get_by_label("Hand to edit", exact=True).select_option("RoyalFlush")
    page.get_by_label("Pays", exact=True).fill("1760")
    held[1].continue_()
    page.get_by_label("Pay for FullHouse").wait_for()
    _release_late(page, held[0])
    page.unroute("**/api/jobs/paytables")
    assert page.get_by_label("Game", exact=True).input_value() == "jacks_or_better"
    assert page.get_by_label("Pay table", exact=True).input_value() == "8/5"
    assert "(8/5)" in page.locator("#pays caption").inner_text()
    assert page.get_by_label("Pay for FullHouse").input_value() == "8"
    assert page.get_by_label("Hand to edit", exact=True).input_value() == "RoyalFlush"
    assert page.get_by_label("Pays", exact=True).input_value() == "1760"
    page.get_by_role("button", name="Return and break-even").click()
    page.wait_for_function("document.getElementById('onepay').textContent.includes('Break-even')")
    analysis = cli_json("analyze", JACKS, "--paytable", "8/5", "--pay", "RoyalFlush=1760")
    assert f"return {100 * analysis['return']:.4f} % ({analysis['return_exact']})" in page.locator("#onepay").inner_text()


def test_late_equity_answer_is_ignored(page: Any) -> None:
    page.goto("/holdem")
    held: list[Any] = []
    page.route("**/api/jobs/equity", lambda route: route.continue_() if held else held.append(route))
    page.get_by_label("Hands", exact=True).fill("AsAh KsKh")
    page.get_by_role("button", name="Equity", exact=True).click()
    _wait_until(page, lambda: len(held) == 1, "the first equity asked")
    page.get_by_label("Hands", exact=True).fill("AsAh QsQh")
    page.get_by_role("button", name="Equity", exact=True).click()
    rows = page.locator("#result table").first.locator("tbody tr")
    rows.first.wait_for()
    _release_late(page, held[0])
    page.unroute("**/api/jobs/equity")
    expected = cli_json("equity", "AsAh", "QsQh")
    assert [rows.nth(k).locator("td").first.inner_text() for k in range(rows.count())] == ["AsAh", "QsQh"]
    assert rows.first.locator("td").nth(1).get_attribute("title").startswith(expected["players"][0]["equity_exact"])


def test_failed_upload_clears_the_previous_pay_tables(page: Any, tmp_path: Path) -> None:
    page.goto("/")
    page.locator("#pays input").first.wait_for()
    broken = (ROOT / JACKS).read_text().replace("\ncategories ", "\ncategories ,", 1)
    page.get_by_label("Upload a .cp file").set_input_files(
        files=[{"name": "broken.cp", "mimeType": "text/plain", "buffer": broken.encode()}])
    error = page.locator("#game-error")
    error.wait_for(state="visible")
    (tmp_path / "broken.cp").write_text(broken)
    expected = cli("paytables", "broken.cp", cwd=tmp_path)
    assert expected.returncode == 2
    assert error.inner_text().splitlines()[0] == expected.stderr.strip().splitlines()[0]
    page.wait_for_selector("#return-progress .progress", state="detached")
    page.wait_for_selector("#holds-progress .progress", state="detached")
    assert page.locator("#paytable option").count() == 0
    assert page.locator("#pays *").count() == 0
    assert page.locator("#category option").count() == 0
    assert page.locator("#picker button").count() == 0


def test_trainer_hand_in_view_and_its_answer_hidden_until_played(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=server)
    page = context.new_page()
    page.set_default_timeout(120_000)
    try:
        page.goto("/")
        page.locator("#picker button").first.wait_for()
        page.get_by_label("Trainer mode").check()
        page.get_by_role("button", name="Deal", exact=True).click()
        dealt = page.get_by_role("group", name="Dealt hand: click to hold").get_by_role("button")
        assert dealt.count() == 5
        assert page.evaluate("window.scrollY") == 0
        for k in range(5):
            box = dealt.nth(k).bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= 720 and box["x"] + box["width"] <= 1280
        analyze = page.get_by_role("button", name="Analyze", exact=True)
        assert analyze.is_disabled()
        page.wait_for_selector("#trainer-progress .progress", state="detached")  # solved, not shown
        page.get_by_label("Cards", exact=True).press("Enter")
        assert page.locator("#holds table").count() == 0
        assert page.locator("#verdict").inner_text() == ""
        dealt.first.click()
        page.get_by_role("button", name="Hold these").click()
        page.locator("#holds table tbody tr").first.wait_for()
        assert page.locator("#verdict").inner_text().startswith(("Right", "Mistake"))
        assert page.locator("#holds table tbody tr").count() == 32
        assert analyze.is_enabled()
    finally:
        context.close()
