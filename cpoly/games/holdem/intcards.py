"""Hold'em cards as integers, on top of the project's one card codec (:mod:`cpoly.deck.cards`).

A card is an ``int`` in ``0..51``, the code of :data:`cpoly.deck.codes.STANDARD`:
``card = 4 * rank + suit`` with rank ``0`` = '2' … ``12`` = 'A' and suit ``0..3`` = 's', 'h',
'd', 'c'.  Wherever cards are taken, they may be text (``"AhKh"``,
``"Ah Kh"``, ``"a♥k♥"``, ``"10h"``), integers ``0..51``, or the Hold'em utilities document's
``(face, suit)`` pairs: face 2..14 (ace 14, or 1), suit 1..4 = spades, clubs, hearts, diamonds
(the document's own deck example).

>>> parse_cards("Ah Td 2c")
(49, 34, 3)
>>> format_cards(parse_cards("a♠k♥"))
'As Kh'
>>> to_cards([(14, 1), 45, "Qd"])
(48, 45, 42)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import SupportsIndex, Union

from cpoly.deck.cards import HOLDEM_NOTATION, split_cards
from cpoly.deck.codes import STANDARD
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.rules import GameRules

__all__ = ["CardsLike", "DOCUMENT_SUITS", "RANKS", "SUITS", "check_distinct", "check_in_deck",
           "document_card", "format_card", "format_cards", "is_card_text", "make_card", "parse_card",
           "parse_cards", "to_cards"]

RANKS = HOLDEM_NOTATION.ranks
SUITS = HOLDEM_NOTATION.suits
#: The document's suit numbers 1..4 (S=1, C=2, H=3, D=4) as our suits (s=0, h=1, d=2, c=3).
DOCUMENT_SUITS = {1: 0, 2: 3, 3: 1, 4: 2}

#: Anything that names cards: text, an int, a (face, suit) pair, or a sequence of those.
CardsLike = Union[str, int, tuple[int, int], Iterable[Union[str, int, tuple[int, int]]]]


def make_card(rank: int, suit: int) -> int:
    """The card with 0-based ``rank`` (0 = '2') and ``suit`` (0..3 = 'shdc').

    >>> make_card(12, 0)
    48
    """
    return STANDARD.card(rank, suit)


def parse_card(text: str) -> int:
    """Parse one card such as ``Ah``, ``ah``, ``A♥`` or ``10h``.

    Raises
    ------
    CpolyInputError
        When ``text`` is not a card; the message names it.

    >>> parse_card("Tc"), parse_card("2♤"), parse_card("10h")
    (35, 0, 33)
    """
    return make_card(*HOLDEM_NOTATION.parse(text))


def parse_cards(text: str | Iterable[str], *, allow_duplicates: bool = False) -> tuple[int, ...]:
    """Parse several cards, separated by spaces/commas or written together.

    Raises
    ------
    CpolyInputError
        On a bad card (named) or, unless ``allow_duplicates``, a repeated card (named).

    >>> parse_cards("AsKs")
    (48, 44)
    """
    cards = tuple(make_card(*HOLDEM_NOTATION.parse(token)) for token in split_cards(text))
    if not allow_duplicates:
        check_distinct(cards)
    return cards


def document_card(face: int, suit: int) -> int:
    """The document's ``(face, suit)``: face 2..14 (ace 14 or 1), suit 1..4 (S, C, H, D).

    >>> format_card(document_card(10, 4)), format_card(document_card(1, 1))
    ('Td', 'As')
    """
    if face == 1:
        face = 14
    if not 2 <= face <= 14 or suit not in DOCUMENT_SUITS:
        raise CpolyInputError(f"bad card ({face}, {suit}): a (face, suit) pair has face 2..14 "
                              f"(ace 14 or 1) and suit 1..4")
    return make_card(face - 2, DOCUMENT_SUITS[suit])


def _one(value: object) -> tuple[int, ...]:
    if isinstance(value, str):
        return parse_cards(value, allow_duplicates=True)
    if isinstance(value, bool):
        raise CpolyInputError(f"bad card {value!r}: expected text, 0..51 or a (face, suit) pair")
    if isinstance(value, SupportsIndex):
        card = operator.index(value)
        format_card(card)
        return (card,)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (document_card(*value),)
    raise CpolyInputError(f"bad card {value!r}: expected text like 'Ah', an integer 0..51 or a "
                          f"(face, suit) pair like (14, 1)")


def to_cards(value: object, *, allow_duplicates: bool = False) -> tuple[int, ...]:
    """Cards from any accepted form (see the module docstring); duplicates are named.

    A flat pair of integers ``(48, 49)`` is two integer cards; a document card is a pair
    inside the sequence: ``[(14, 1), (13, 1)]``.

    >>> to_cards((48, 49)), to_cards([(14, 1), (13, 1)]), to_cards("AsKs")
    ((48, 49), (48, 44), (48, 44))
    """
    if isinstance(value, (str, int)):
        cards = _one(value)
    else:
        try:
            items = list(value)  # type: ignore[call-overload]
        except TypeError:
            cards = _one(value)
        else:
            cards = tuple(card for item in items for card in _one(item))
    if not allow_duplicates:
        check_distinct(cards)
    return cards


def check_distinct(cards: Iterable[int], where: str = "") -> None:
    """Raise :class:`CpolyInputError` naming the first card that occurs twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            suffix = f" ({where})" if where else ""
            raise CpolyInputError(f"duplicate card {format_card(card)!r}{suffix}")
        seen.add(card)


def check_in_deck(cards: Iterable[int], rules: GameRules, where: str) -> None:
    """Raise naming the first card that is not in the game's deck (``2c`` in short deck)."""
    for card in cards:
        if card not in rules.deck:
            raise CpolyInputError(f"card {format_card(card)!r} ({where}) is not in the deck of "
                                  f"{rules.title} (ranks {rules.rank_letters})")


def format_card(card: int) -> str:
    """``'As'`` for card 48.

    >>> format_card(0)
    '2s'
    """
    if not 0 <= card < STANDARD.size:
        raise CpolyInputError(f"bad card number {card}: expected 0..{STANDARD.size - 1}")
    return HOLDEM_NOTATION.format((STANDARD.rank(card), STANDARD.suit(card)))


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text separated by single spaces."""
    return " ".join(format_card(int(card)) for card in cards)


def is_card_text(text: str) -> bool:
    """True when every token of ``text`` is a valid card.

    >>> is_card_text("AcKc"), is_card_text("AKs"), is_card_text("10h 10d"), is_card_text("As")
    (True, False, True, True)
    """
    tokens = split_cards(text)
    if not tokens:
        return False
    try:
        for token in tokens:
            HOLDEM_NOTATION.parse(token)
    except CpolyInputError:
        return False
    return True
