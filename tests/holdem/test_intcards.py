"""Card parsing: accepted spellings and errors that name the bad value."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.intcards import format_card, parse_card, parse_cards


@pytest.mark.parametrize(("text", "card"), [
    ("2s", 0), ("2h", 1), ("2d", 2), ("2c", 3), ("As", 48), ("ah", 49), ("Tc", 35), ("tc", 35),
    ("A♠", 48), ("A♥", 49), ("A♦", 50), ("A♣", 51), ("K♤", 44), ("K♡", 45), ("K♢", 46),
    ("K♧", 47), ("AS", 48), ("10h", 33), ("10♣", 35),
])
def test_parse_card(text: str, card: int) -> None:
    assert parse_card(text) == card


def test_parse_cards_forms() -> None:
    assert parse_cards("Ah Td 2c") == (49, 34, 3)
    assert parse_cards("AhTd2c") == parse_cards("Ah,Td,2c") == parse_cards("ah td 2c")
    assert parse_cards("Ah10d2c") == parse_cards("Ah 10d 2c") == (49, 34, 3)


@given(st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True))
def test_round_trip(cards: list[int]) -> None:
    assert parse_cards(" ".join(format_card(c) for c in cards)) == tuple(cards)


@given(st.text(min_size=1, max_size=3))
def test_bad_card_is_named(text: str) -> None:
    try:
        parse_card(text)
    except CpolyInputError as error:
        assert repr(text.strip()) in error.message or repr(text) in error.message
    else:
        stripped = text.strip()
        assert len(stripped) == 2 or (len(stripped) == 3 and stripped.startswith("10"))


@pytest.mark.parametrize("text", ["1h", "Ax", "10x", "100h", "A", "Ahh", "", "Zs"])
def test_bad_cards(text: str) -> None:
    with pytest.raises(CpolyInputError):
        parse_card(text)


@given(st.lists(st.integers(0, 51), min_size=1, max_size=6, unique=True), st.data())
def test_duplicates_are_named(cards: list[int], data: st.DataObject) -> None:
    repeated = data.draw(st.sampled_from(cards))
    text = " ".join(format_card(c) for c in cards + [repeated])
    with pytest.raises(CpolyInputError, match=f"duplicate card '{format_card(repeated)}'"):
        parse_cards(text)
