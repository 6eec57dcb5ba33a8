"""Cards as integers: parsing and formatting.

A card is an ``int`` in ``0..51``: ``card = 4 * rank + suit`` with rank ``0`` = '2' … ``12`` = 'A'
and suit ``0..3`` = 's', 'h', 'd', 'c'.

>>> parse_cards("Ah Td 2c")
(49, 34, 3)
>>> format_cards(parse_cards("a♠k♥"))
'As Kh'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cpoly.errors import CpolyInputError

RANKS = "23456789TJQKA"
SUITS = "shdc"
_SUIT_ALIASES = {
    "s": 0, "h": 1, "d": 2, "c": 3,
    "♠": 0, "♥": 1, "♦": 2, "♣": 3,
    "♤": 0, "♡": 1, "♢": 2, "♧": 3,
}
_CARD_RE = re.compile(r"(10|[2-9tjqka])(.)", re.IGNORECASE)
_TOKEN_RE = re.compile(r"10.|..?", re.DOTALL)


def make_card(rank: int, suit: int) -> int:
    """The card with 0-based ``rank`` (0 = '2') and ``suit`` (0..3 = 'shdc').

    >>> make_card(12, 0)
    48
    """
    return 4 * rank + suit


def parse_card(text: str) -> int:
    """Parse one card such as ``Ah``, ``ah`` or ``A♥``.

    Raises
    ------
    CpolyInputError
        When ``text`` is not a card; the message names it.

    >>> parse_card("Tc"), parse_card("2♤"), parse_card("10h")
    (35, 0, 33)
    """
    token = text.strip()
    if len(token) == 3 and token.startswith("10"):
        token = "T" + token[2]
    if len(token) != 2 or token[0].upper() not in RANKS or token[1].lower() not in _SUIT_ALIASES:
        raise CpolyInputError(
            f"bad card {text!r}: expected a rank from {RANKS} and a suit from "
            f"{SUITS} (or ♠♥♦♣), e.g. 'Ah'"
        )
    return make_card(RANKS.index(token[0].upper()), _SUIT_ALIASES[token[1].lower()])


def split_cards(text: str) -> list[str]:
    """Split ``"AcKc"``, ``"Ac Kc"`` or ``"Ac,Kc"`` into card tokens (not validated); a ten may
    be written ``10h``.

    >>> split_cards("AcKc 2d 10h")
    ['Ac', 'Kc', '2d', '10h']
    """
    compact = re.sub(r"[\s,]+", "", text)
    return _TOKEN_RE.findall(compact)


def parse_cards(text: str | Iterable[str], *, allow_duplicates: bool = False) -> tuple[int, ...]:
    """Parse several cards, separated by spaces/commas or written together.

    Raises
    ------
    CpolyInputError
        On a bad card (named) or, unless ``allow_duplicates``, a repeated card (named).

    >>> parse_cards("AsKs")
    (48, 44)
    """
    tokens = split_cards(text) if isinstance(text, str) else [t for t in text]
    cards = tuple(parse_card(token) for token in tokens)
    if not allow_duplicates:
        check_distinct(cards)
    return cards


def check_distinct(cards: Iterable[int], where: str = "") -> None:
    """Raise :class:`CpolyInputError` naming the first card that occurs twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            suffix = f" ({where})" if where else ""
            raise CpolyInputError(f"duplicate card {format_card(card)}{suffix}")
        seen.add(card)


def format_card(card: int) -> str:
    """``'As'`` for card 48.

    >>> format_card(0)
    '2s'
    """
    if not 0 <= card < 52:
        raise CpolyInputError(f"bad card number {card}: expected 0..51")
    return RANKS[card // 4] + SUITS[card % 4]


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text separated by single spaces."""
    return " ".join(format_card(int(card)) for card in cards)


def is_card_pair_text(text: str) -> bool:
    """True when ``text`` spells exactly two cards (``AcKc``, ``Ac Kc``), valid or not as a pair.

    >>> is_card_pair_text("AcKc"), is_card_pair_text("AKs"), is_card_pair_text("10h 10d")
    (True, False, True)
    """
    tokens = split_cards(text)
    return len(tokens) == 2 and all(
        (match := _CARD_RE.fullmatch(t)) is not None and match.group(2).lower() in _SUIT_ALIASES
        for t in tokens
    )
