"""One card codec for the project: Hold'em and video poker tokenize and parse cards the same way
(cpoly/deck/cards.py), each with its own notation (Hold'em 'shdc'; a game's own ranks and suits)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cpoly.cli.main import main
from cpoly.deck.cards import HOLDEM_NOTATION, Notation, parse_cards, split_cards
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.intcards import format_card
from cpoly.games.holdem.intcards import parse_cards as holdem_cards

JACKS = "definitions/jacks_or_better.cp"
JOKER = Notation("23456789TJQKAX", "hdcs")


@given(st.lists(st.integers(0, 51), min_size=1, max_size=7, unique=True),
       st.sampled_from([" ", "", ",", " , "]))
def test_holdem_and_notation_agree(cards: list[int], separator: str) -> None:
    text = separator.join(format_card(c) for c in cards)
    assert [4 * f + s for f, s in HOLDEM_NOTATION.parse_all(text)] == list(holdem_cards(text))


def test_spellings() -> None:
    assert split_cards(["AhKh", "10c,2d"]) == ["Ah", "Kh", "10c", "2d"]
    assert parse_cards("a♥10♦", "23456789TJQKA", "hdcs") == [(12, 0), (8, 1)]
    assert JOKER.parse_all("XhAh") == [(13, 0), (12, 0)]
    assert JOKER.parse_all(["Xh", "Xh"], copies=2) == [(13, 0), (13, 0)]


@pytest.mark.parametrize(("text", "named"), [
    ("AhZh", "'Zh'"), ("Ah Kx", "'Kx'"), ("AhAh", "duplicate card 'Ah'"), ("AhK", "'K'"),
])
def test_errors_name_the_card(text: str, named: str) -> None:
    with pytest.raises(CpolyInputError, match=named):
        JOKER.parse_all(text)
    with pytest.raises(CpolyInputError, match=named):
        holdem_cards(text)


def test_hold_accepts_cards_written_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hold", JACKS, "Ah", "Kh", "Qh", "Jh", "9c", "--json"]) == 0
    separate = capsys.readouterr().out
    assert main(["hold", JACKS, "AhKhQhJh9c", "--json"]) == 0
    together = capsys.readouterr().out
    assert separate == together and separate
    assert main(["hold", JACKS, "AhKhQhJhZc"]) == 2
    assert "bad card 'Zc'" in capsys.readouterr().err
