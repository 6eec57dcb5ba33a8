"""Card strings: ``Ah Td 2c`` (Unicode suits accepted) to (face, suit) values of a game.

>>> parse_cards(["Ah", "t♠", "10d"], "23456789TJQKA", "hdcs")
[(12, 0), (8, 3), (8, 1)]
>>> format_card((12, 0), "23456789TJQKA", "hdcs")
'Ah'
"""

from __future__ import annotations

from collections.abc import Sequence

from cpoly.errors import CpolyInputError

UNICODE_SUITS = {"♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c", "♠": "s", "♤": "s"}

Card = tuple[int, int]


def parse_card(text: str, ranks: str, suit_letters: str) -> Card:
    """One card; a bad string raises CpolyInputError naming it and the accepted letters."""
    cleaned = text.strip()
    if cleaned[:2] == "10":
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2:
        raise CpolyInputError(f"bad card '{text}': write a rank and a suit, like Ah or Td")
    rank, suit = cleaned[0].upper(), UNICODE_SUITS.get(cleaned[1], cleaned[1].lower())
    upper_ranks = ranks.upper()
    if rank not in upper_ranks:
        raise CpolyInputError(f"bad card '{text}': rank '{cleaned[0]}' is not one of {ranks}")
    if suit not in suit_letters.lower():
        raise CpolyInputError(f"bad card '{text}': suit '{cleaned[1]}' is not one of {suit_letters}")
    return upper_ranks.index(rank), suit_letters.lower().index(suit)


def parse_cards(texts: Sequence[str], ranks: str, suit_letters: str, *, copies: int = 1) -> list[Card]:
    """Several cards (each argument may hold several, space-separated); no card more than ``copies`` times."""
    words = [w for text in texts for w in text.split()]
    cards = [parse_card(w, ranks, suit_letters) for w in words]
    for word, card in zip(words, cards):
        if cards.count(card) > copies:
            raise CpolyInputError(f"duplicate card '{word}'" + (
                "" if copies == 1 else f" (the deck has {copies} copies of each card)"))
    return cards


def format_card(card: Card, ranks: str, suit_letters: str) -> str:
    """The two-letter name of a card."""
    face, suit = card
    return ranks[face] + suit_letters[suit]
