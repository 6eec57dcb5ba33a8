"""The one card codec of cpoly: card text to ``(face, suit)`` values and back.

Every command that reads cards (video poker's ``check``/``hold``, Hold'em's ``equity``/``eval``)
tokenizes and parses them here.  A :class:`Notation` is a game's rank letters and suit letters
(a video-poker game may declare its own, e.g. a joker rank ``X``); Hold'em uses
:data:`HOLDEM_NOTATION`.  Cards may be separated by spaces or commas or written together
(``AhKh``); a ten may be written ``10`` (when the ranks have a ``T``); suits may be Unicode
(``♠♥♦♣``, ``♤♡♢♧``); ranks and suits are case-insensitive.

>>> parse_cards(["Ah", "t♠", "10d"], "23456789TJQKA", "hdcs")
[(12, 0), (8, 3), (8, 1)]
>>> parse_cards(["AhKh 10c"], "23456789TJQKA", "hdcs")
[(12, 0), (11, 0), (8, 2)]
>>> format_card((12, 0), "23456789TJQKA", "hdcs")
'Ah'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from cpoly.errors import CpolyInputError

__all__ = ["Card", "HOLDEM_NOTATION", "Notation", "UNICODE_SUITS", "check_hand", "format_card",
           "held_positions", "parse_card", "parse_cards", "split_cards"]

UNICODE_SUITS = {"♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c", "♠": "s", "♤": "s"}

Card = tuple[int, int]

_SEPARATORS = re.compile(r"[\s,]+")
_TOKEN = re.compile(r"10.|..?", re.DOTALL)


def split_cards(texts: str | Iterable[str]) -> list[str]:
    """Card tokens of one or several strings: separated by spaces/commas or written together.

    Tokens are not validated; a ten may be written ``10h``.

    >>> split_cards("AcKc 2d 10h")
    ['Ac', 'Kc', '2d', '10h']
    >>> split_cards(["Ah,Kh", "T"])
    ['Ah', 'Kh', 'T']
    """
    return [token for _, token in _chunk_tokens(texts)]


def _chunk_tokens(texts: str | Iterable[str]) -> list[tuple[str, str]]:
    """Each card token with the text between separators it was read from."""
    words = [texts] if isinstance(texts, str) else list(texts)
    return [(chunk, token) for word in words for chunk in _SEPARATORS.split(word)
            for token in _TOKEN.findall(chunk)]


class Notation(NamedTuple):
    """A deck's rank letters (face ``0`` first) and suit letters (suit ``0`` first)."""

    ranks: str
    suits: str

    def parse(self, token: str) -> Card:
        """One card token; a bad one raises :class:`CpolyInputError` naming it.

        >>> Notation("23456789TJQKA", "shdc").parse("10♥")
        (8, 1)
        """
        text = token.strip()
        if text[:2] == "10" and "1" not in self.ranks and "T" in self.ranks.upper():
            text = "T" + text[2:]
        if len(text) != 2:
            raise CpolyInputError(
                f"bad card {token.strip()!r}: a card is a rank from {self.ranks} and a suit from "
                f"{self.suits} (or ♠♥♦♣), like {self.format((len(self.ranks) - 1, 0))!r}")
        rank, suit = text[0].upper(), UNICODE_SUITS.get(text[1], text[1].lower())
        if rank not in self.ranks.upper():
            raise CpolyInputError(f"bad card {token.strip()!r}: rank {text[0]!r} is not one of "
                                  f"{self.ranks}")
        if suit not in self.suits.lower():
            raise CpolyInputError(f"bad card {token.strip()!r}: suit {text[1]!r} is not one of "
                                  f"{self.suits} (or ♠♥♦♣)")
        return self.ranks.upper().index(rank), self.suits.lower().index(suit)

    def parse_all(self, texts: str | Iterable[str], *, copies: int = 1) -> list[Card]:
        """Every card in ``texts``; a card given more than ``copies`` times is an error naming it.

        >>> Notation("23456789TJQKA", "shdc").parse_all("AsKs")
        [(12, 0), (11, 0)]
        """
        cards = [self._parse_in(chunk, token) for chunk, token in _chunk_tokens(texts)]
        seen: dict[Card, int] = {}
        for card in cards:
            seen[card] = seen.get(card, 0) + 1
            if seen[card] > copies:
                raise CpolyInputError(f"duplicate card {self.format(card)!r}" + (
                    "" if copies == 1 else f" (the deck has {copies} copies of each card)"))
        return cards

    def _parse_in(self, chunk: str, token: str) -> Card:
        """One card token read from ``chunk``; a bad token written together with others says
        how the text was split.

        >>> Notation("23456789TJQKA", "shdc").parse_all("11h")
        Traceback (most recent call last):
        cpoly.errors.CpolyInputError: bad card '11': rank '1' is not one of 23456789TJQKA ('11h' was read as the cards 11 h)
        """
        try:
            return self.parse(token)
        except CpolyInputError as error:
            if token == chunk.strip():
                raise
            read = " ".join(_TOKEN.findall(chunk))
            raise CpolyInputError(f"{error.message} ({chunk!r} was read as the cards {read})") from None

    def format(self, card: Card) -> str:
        """The two-letter name of a card."""
        face, suit = card
        return self.ranks[face] + self.suits[suit]


#: Hold'em's notation: ranks 2..A, suits in the order spades, hearts, diamonds, clubs.
HOLDEM_NOTATION = Notation("23456789TJQKA", "shdc")


def parse_card(text: str, ranks: str, suit_letters: str) -> Card:
    """One card of a game with rank letters ``ranks`` and suit letters ``suit_letters``."""
    return Notation(ranks, suit_letters).parse(text)


def parse_cards(texts: str | Sequence[str], ranks: str, suit_letters: str, *,
                copies: int = 1) -> list[Card]:
    """Several cards (each argument may hold several); no card more than ``copies`` times."""
    return Notation(ranks, suit_letters).parse_all(texts, copies=copies)


def check_hand(texts: str | Sequence[str], cards: Sequence[Card], sizes: tuple[object, object],
               hand_size: int) -> None:
    """An input error when a parsed card lies outside the deck's ``sizes`` (faces, suits; a
    size that is not an int is not checked) or the hand does not have ``hand_size`` cards.

    >>> check_hand("Ah Kh", [(12, 0), (11, 0)], (13, 4), 5)
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: a hand of this game has 5 cards, not 2
    """
    for text, card in zip(split_cards(texts), cards):
        if any(isinstance(n, int) and value >= n for value, n in zip(card, sizes)):
            raise CpolyInputError(f"card '{text}' is not in this game's deck "
                                  f"({sizes[0]} faces, {sizes[1]} suits)")
    if len(cards) != hand_size:
        raise CpolyInputError(f"a hand of this game has {hand_size} cards, not {len(cards)}")


def held_positions(held: Sequence[Card], dealt: Sequence[Card], notation: Notation, text: str) -> list[int]:
    """The positions of the ``dealt`` hand that the ``held`` cards keep (the player's ``text``):
    each held card takes the next dealt copy of it (with copies, ``Ah Ah`` keeps both dealt
    aces of hearts).  A card held more often than it was dealt is an input error naming it.

    >>> deal = [(12, 0), (12, 0), (11, 1), (10, 2), (0, 3)]
    >>> held_positions([(12, 0), (12, 0)], deal, HOLDEM_NOTATION, "As As")
    [0, 1]
    >>> held_positions([(11, 1), (11, 1)], deal, HOLDEM_NOTATION, "Kh Kh")
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: hold 'Kh Kh': Kh is held 2 times, but the deal As As Kh Qd 2c has it once
    """
    free = list(range(len(dealt)))
    positions = []
    for card in held:
        position = next((p for p in free if dealt[p] == card), None)
        if position is None:
            shown = " ".join(notation.format(c) for c in dealt)
            name, times = notation.format(card), sum(c == card for c in held)
            if card not in dealt:
                raise CpolyInputError(f"hold {text!r}: {name} is not a card of the deal {shown}")
            raise CpolyInputError(f"hold {text!r}: {name} is held {times} times, but the deal {shown} has it "
                                  + ("once" if dealt.count(card) == 1 else f"{dealt.count(card)} times"))
        free.remove(position)
        positions.append(position)
    return positions


def format_card(card: Card, ranks: str, suit_letters: str) -> str:
    """The two-letter name of a card."""
    return Notation(ranks, suit_letters).format(card)
