"""The document's deck: partial decks, removal, seeded shuffles, deals that leave the deck whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpoly.errors import CpolyInputError
from cpoly.games.holdem import Deck, Table
from cpoly.games.holdem.intcards import parse_cards

SHORT = Path(__file__).resolve().parents[2] / "definitions" / "short_deck.cp"


def test_deck_like_the_document() -> None:
    deck = Deck()
    assert len(deck) == 52 and deck.deal(2) == parse_cards("Ac Ad")  # unshuffled: from the end
    deck.remove("Ac Ad")
    assert len(deck) == 50 and deck.deal(1) == parse_cards("Ah")
    deck.shuffle(seed=5)
    first = deck.deal(50)
    assert sorted(first) == sorted(deck.cards) and len(deck) == 50  # dealing keeps the cards
    again = Deck.partial("Ac Ad")
    again.shuffle(seed=5)
    assert again.deal(50) == first  # the same seed, the same order
    assert len(Deck(SHORT)) == 36


def test_deck_errors_name_the_card() -> None:
    deck = Deck(SHORT)
    with pytest.raises(CpolyInputError, match="card '2c' is not in the deck"):
        deck.remove("2c")
    with pytest.raises(CpolyInputError, match="deal 1 to 36 cards"):
        deck.deal(37)


def test_table_deck_leaves_out_the_known_cards() -> None:
    table = Table(3)
    table.set_hole(0, "KsKd")
    table.set_hole(1, (12, 12), (3, 4))
    table.set_flop("5h 6s Td")
    rest = table.deck()
    assert len(rest) == 52 - 7 and not set(parse_cards("Ks Kd Qh Qd 5h 6s Td")) & set(rest.cards)
    assert table.hand_codes[7] == "full house"
