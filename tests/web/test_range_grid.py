"""The Hold'em range grid in headless chromium: a range typed in the Hands box and the grid's cells
are one state.  The oracle is the CLI's own range parser (:func:`cpoly.games.holdem.ranges.parse_range`):
the cells pressed are the cells whose every combo the typed range holds, and each click leaves a
text whose combos are the old ones with that cell's added or taken away."""

from __future__ import annotations

from typing import Any

from cpoly.games.holdem.intcards import format_cards
from cpoly.games.holdem.ranges import Combo, parse_range

RANKS = "23456789TJQKA"
TYPED = "QQ+,A2s+,77-99"


def _cell(combo: Combo) -> str:
    """The grid cell of a two-card combo: ``QQ``, ``AKs`` or ``AKo``."""
    high, low = sorted((format_cards((card,)) for card in combo), key=lambda card: RANKS.index(card[0]), reverse=True)
    if high[0] == low[0]:
        return high[0] * 2
    return high[0] + low[0] + ("s" if high[1] == low[1] else "o")


def _combos(text: str) -> set[Combo]:
    return set(parse_range(text))


def _covered(text: str) -> set[str]:
    """The cells whose every combo (6 of a pair, 4 suited, 12 offsuit) ``text`` holds."""
    per_cell: dict[str, int] = {}
    for combo in _combos(text):
        per_cell[_cell(combo)] = per_cell.get(_cell(combo), 0) + 1
    size = {2: 6, 3: 4}
    return {cell for cell, n in per_cell.items() if n == (12 if cell.endswith("o") else size[len(cell)])}


def _cell_combos(cell: str) -> set[Combo]:
    return _combos(cell)


def _pressed(page: Any) -> set[str]:
    cells: list[str] = page.eval_on_selector_all("#grid button[aria-pressed=true]", "bs => bs.map((b) => b.dataset.cell)")
    return set(cells)


def _player(page: Any, index: int) -> str:
    hand: str = page.get_by_label("Hands", exact=True).input_value().split()[index]
    return hand


def test_typed_ranges_show_on_the_grid_and_clicks_toggle(page: Any) -> None:
    page.goto("/holdem")
    page.get_by_label("Hands", exact=True).fill(f"AsAh {TYPED}")
    page.get_by_label("Edit the range of player").select_option("2")
    assert len(_covered(TYPED)) == 3 + 12 + 3
    assert _pressed(page) == _covered(TYPED)
    grid = page.locator("#grid")
    # a click on a cell in the range takes it out, a second click puts it back
    grid.get_by_role("button", name="QQ", exact=True).click()
    assert _combos(_player(page, 1)) == _combos(TYPED) - _cell_combos("QQ")
    assert grid.get_by_role("button", name="QQ", exact=True).get_attribute("aria-pressed") == "false"
    grid.get_by_role("button", name="QQ", exact=True).click()
    assert _combos(_player(page, 1)) == _combos(TYPED)
    # a hole in A2s+ and a new offsuit cell: the text is still the CLI's notation for the set
    grid.get_by_role("button", name="A5s", exact=True).click()
    grid.get_by_role("button", name="KQo", exact=True).click()
    expected = _combos(TYPED) - _cell_combos("A5s") | _cell_combos("KQo")
    assert _combos(_player(page, 1)) == expected
    assert _pressed(page) == _covered(_player(page, 1))
    # the rewritten text read back (typed again) shows the same cells
    hands = page.get_by_label("Hands", exact=True).input_value()
    page.get_by_label("Hands", exact=True).fill("")
    page.get_by_label("Hands", exact=True).fill(hands)
    assert _pressed(page) == _covered(_player(page, 1))
    # an exact hand is not a whole cell; clicking its cell makes the range that cell
    page.get_by_label("Edit the range of player").select_option("1")
    assert "AA" not in _pressed(page)
    grid.get_by_role("button", name="AA", exact=True).click()
    assert _player(page, 0) == "AA"
    assert _player(page, 1) == hands.split()[1]


def test_every_range_form_reads_as_the_cli_reads_it(page: Any) -> None:
    page.goto("/holdem")
    for text in ["AK", "KTo+", "A2s-A5s", "99-77", "22+", "random", "qq+,aks", "JTs,T9s,98s,87s", "A2+"]:
        page.get_by_label("Hands", exact=True).fill(f"AsAh {text}")
        page.get_by_label("Edit the range of player").select_option("2")
        assert _pressed(page) == _covered(text), text
