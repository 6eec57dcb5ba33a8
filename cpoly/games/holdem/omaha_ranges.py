"""Omaha hands and ranges: the game's hole cards (four in Omaha), rank patterns, suitedness, unions.

The grammar (case-insensitive; spaces inside an item are ignored)::

    range    := item ("," item)*                 a union; a hand listed twice counts once
    item     := "random" | "any" | "??" | "xx"   every hand
              | slot slot slot slot [suits]     one slot per hole card (five in Big O)
    slot     := card        "As", "10h"          that card
              | rank        "A", "T", "10"       a card of that rank, any suit
              | wildcard    "x", "*", "?"        any card
    suits    := "ds"        double-suited: two cards of one suit and two of another
              | "ss"        single-suited: two cards of one suit, the other two of two other suits

(With more hole cards, ``ds`` and ``ss`` leave each other card a suit of its own: ``ds`` is
2-2-1 in Big O.)

A hand matches an item when its cards can be given to the slots, one each, every card
matching its slot (so ``AAxx`` is every hand with at least two aces, ``AAKK`` exactly two aces and
two kings, ``AsKsxx`` every hand with the ace and king of spades; ``AsAh??`` is the same item
written with ``?``), and its suits have the item's pattern.  Every hand of a range counts once
(no weights); hands using a board, dead or other player's card are left out.

>>> from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
>>> omaha = rules_of(DEFAULT_GAME.parent / "omaha.cp")
>>> deck = list(omaha.deck)
>>> [len(omaha_range(text, deck)) for text in ("AAxx", "AAKK", "AAKKds", "AKQJss", "AsKs??")]
[6961, 36, 6, 144, 1225]
>>> len(omaha_range("AAxx,KKxx", deck)), len(omaha_range("??", deck))
(13886, 270725)
>>> omaha_range("AAKKx", deck)
Traceback (most recent call last):
cpoly.errors.CpolyInputError: bad Omaha hand 'AAKKx': it has 5 slots, an Omaha hand is 4 (cards like 'As', ranks like 'A', or 'x'/'*'/'?' for any card; e.g. 'AsAhKsKh', 'AAxx', 'AAKKds')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product

import numpy as np
import numpy.typing as npt

from cpoly.deck.hands import all_hands
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.intcards import RANKS, check_in_deck, format_cards, parse_card
from cpoly.games.holdem.ranges import RANDOM_WORDS
from cpoly.games.holdem.rules import GameRules

__all__ = ["IntArray", "OMAHA_HOLE", "Pattern", "SUITED_PAIRS", "WILDCARDS", "describe", "distinct_hands",
           "omaha_range", "parse_pattern", "pattern_hands", "suit_pattern", "suit_patterns",
           "written_cards"]

IntArray = npt.NDArray[np.int64]
#: The hole cards of a range read without a game's rules (Omaha's).
OMAHA_HOLE = 4
WILDCARDS = frozenset("x*?")
#: The suits the suffixes pair up: ``ds`` two pairs, ``ss`` one; every other card has a suit of its own.
SUITED_PAIRS = {"ds": 2, "ss": 1}
_HINT = ("(cards like 'As', ranks like 'A', or 'x'/'*'/'?' for any card; "
         "e.g. 'AsAhKsKh', 'AAxx', 'AAKKds')")


@dataclass(frozen=True)
class Pattern:
    """One item of a range: its known cards, its rank slots (rank -> how many), its wildcards
    and the suit pattern it asks for (None: any)."""

    text: str
    cards: tuple[int, ...]
    ranks: tuple[tuple[int, int], ...]
    wildcards: int
    suits: tuple[int, ...] | None


def _slots(text: str, token: str) -> list[str]:
    """The slots of ``text`` as strings: ``'As'``, ``'A'``, ``'x'``; an error names ``token``."""
    slots: list[str] = []
    chars = text.replace(" ", "")
    i = 0
    while i < len(chars):
        char = chars[i]
        if char.lower() in WILDCARDS:
            slots.append("x")
            i += 1
            continue
        size = 2 if chars[i:i + 2] == "10" else 1
        rank = "T" if size == 2 else char.upper()
        if rank not in RANKS:
            raise CpolyInputError(f"bad Omaha hand {token!r}: {char!r} is not a rank, a card or a "
                                  f"wildcard {_HINT}")
        following = chars[i + size:i + size + 1]
        if following and following.upper() not in RANKS and following.lower() not in WILDCARDS \
                and following != "1":
            card = chars[i:i + size + 1]
            try:
                parse_card(card)
            except CpolyInputError:
                raise CpolyInputError(f"bad Omaha hand {token!r}: {following!r} is not a suit, a rank "
                                      f"or a wildcard {_HINT}") from None
            slots.append(card)
            i += size + 1
        else:
            slots.append(rank)
            i += size
    return slots


def suit_pattern(suffix: str, size: int) -> tuple[int, ...]:
    """The sorted suit counts a ``ds``/``ss`` suffix asks of a ``size``-card hand.

    >>> suit_pattern("ds", 4), suit_pattern("ss", 4), suit_pattern("ds", 5)
    ((2, 2), (2, 1, 1), (2, 2, 1))
    """
    pairs = SUITED_PAIRS[suffix]
    pattern = (2,) * pairs + (1,) * (size - 2 * pairs)
    if size < 2 * pairs or len(pattern) > 4:
        raise CpolyInputError(f"bad Omaha hand suffix {suffix!r}: no {size}-card hand of four suits "
                              f"has {pairs} suited pair{'s' if pairs > 1 else ''} and every other "
                              f"card of a suit of its own")
    return pattern


def _split_suits(token: str, size: int) -> tuple[list[str], tuple[int, ...] | None]:
    """The slots of an item and the suit pattern of its ``ds``/``ss`` suffix, if any."""
    body, suffix = token[:-2], token[-2:].lower()
    if suffix in SUITED_PAIRS and body.strip():
        try:
            slots = _slots(body, token)
        except CpolyInputError:
            slots = []
        if len(slots) == size:
            return slots, suit_pattern(suffix, size)
    return _slots(token, token), None


def parse_pattern(token: str, size: int = OMAHA_HOLE) -> Pattern:
    """One item of a range of ``size``-card hands (see the module docstring).

    >>> p = parse_pattern("AsAxxds")
    >>> format_cards(p.cards), p.ranks, p.wildcards, p.suits
    ('As', ((12, 1),), 2, (2, 2))
    """
    if "@" in token:
        raise CpolyInputError(f"bad Omaha hand {token!r}: Omaha ranges take no weights; every "
                              f"hand of a range counts once")
    slots, suits = _split_suits(token, size)
    if len(slots) != size:
        board = len(slots) in (3, 5) and all(len(slot) > 1 for slot in slots)
        raise CpolyInputError(f"bad Omaha hand {token!r}: it has {len(slots)} slot"
                              f"{'s' if len(slots) != 1 else ''}, an Omaha hand is {size} "
                              + ("(a board? write it after --board)" if board else _HINT))
    cards: list[int] = []
    for slot in slots:
        if len(slot) > 1:
            card = parse_card(slot)
            if card in cards:
                raise CpolyInputError(f"bad Omaha hand {token!r}: card {slot!r} is written twice")
            cards.append(card)
    ranks = Counter(RANKS.index(slot) for slot in slots if len(slot) == 1 and slot != "x")
    return Pattern(token, tuple(cards), tuple(sorted(ranks.items())), slots.count("x"), suits)


def pattern_hands(pattern: Pattern, live: list[int]) -> IntArray:
    """Every hand of ``live`` cards matching ``pattern``, ``(n, size)``, each sorted high card
    first (see :func:`distinct_hands` for the order of the rows)."""
    size = len(pattern.cards) + sum(count for _, count in pattern.ranks) + pattern.wildcards
    if any(card not in live for card in pattern.cards):
        return np.zeros((0, size), dtype=np.int64)
    rest = [c for c in live if c not in pattern.cards]
    rank_choices = [list(combinations([c for c in rest if c // 4 == rank], count))
                    for rank, count in pattern.ranks]
    blocks = [np.zeros((0, size), dtype=np.int64)]
    for chosen in product(*rank_choices):
        used = list(pattern.cards) + [c for group in chosen for c in group]
        others = [c for c in rest if c not in used]
        extra = np.array(others, dtype=np.int64)[all_hands(len(others), pattern.wildcards)]
        fixed = np.broadcast_to(np.array(used, dtype=np.int64), (len(extra), len(used)))
        blocks.append(np.concatenate([fixed, extra], axis=1))
    hands = np.concatenate(blocks)
    if pattern.suits is not None:
        hands = hands[(suit_patterns(hands) == (pattern.suits + (0,) * 4)[:4]).all(axis=1)]
    return distinct_hands(hands)


def suit_patterns(hands: IntArray) -> IntArray:
    """``(n, 4)``: how many cards of each suit, most first.

    >>> suit_patterns(np.array([[48, 44, 49, 45], [48, 44, 40, 49]])).tolist()
    [[2, 2, 0, 0], [3, 1, 0, 0]]
    """
    counts = (hands[:, :, None] % 4 == np.arange(4)).sum(axis=1)
    return -np.sort(-counts, axis=1)


def distinct_hands(hands: IntArray) -> IntArray:
    """Each hand once, its cards high first, the rows in ascending order of their card masks.

    >>> distinct_hands(np.array([[0, 1, 2, 3], [3, 2, 1, 0], [4, 1, 2, 3]])).tolist()
    [[3, 2, 1, 0], [4, 3, 2, 1]]
    """
    keys = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    _, first = np.unique(keys, return_index=True)
    return -np.sort(-hands[first], axis=1)


def omaha_range(text: str, live: list[int], rules: GameRules | None = None) -> IntArray:
    """The hands ``(n, hole)`` of a range over the ``live`` cards (see the module docstring),
    ``hole`` the hole cards of ``rules`` (Omaha's four without); an error names a bad item.

    Raises
    ------
    CpolyInputError
        On an empty range or item, a bad item (named), or a written card outside the deck of
        ``rules``.
    """
    stripped, size = text.strip(), OMAHA_HOLE if rules is None else rules.hole_cards
    if not stripped:
        raise CpolyInputError("empty Omaha hand: write four cards ('AsAhKsKh'), '??' or a range "
                              "('AAxx,KKxx')")
    parts = []
    for item in stripped.split(","):
        token = item.strip()
        if not token:
            raise CpolyInputError(f"empty item in Omaha range {text!r}")
        if token.lower() in RANDOM_WORDS:
            token = "x" * size
        pattern = parse_pattern(token, size)
        if rules is not None:
            check_in_deck(pattern.cards, rules, f"hand {token!r}")
        parts.append(pattern_hands(pattern, live))
    return distinct_hands(np.concatenate(parts))


def written_cards(text: str, size: int = OMAHA_HOLE) -> list[int]:
    """The cards written in a range's items of ``size``-card hands (for naming one that is on
    the board).

    >>> format_cards(written_cards("AsAh??,KdKxx,QQxx"))
    'As Ah Kd'
    """
    items = [item.strip() for item in text.split(",")]
    return [c for item in items if item.lower() not in RANDOM_WORDS
            for c in parse_pattern(item, size).cards]


def describe(hands: IntArray) -> str:
    """The hand when there is one, else how many (for messages).

    >>> describe(np.array([[51, 50, 49, 48]])), describe(np.zeros((3, 4), dtype=np.int64))
    ('Ac Ad Ah As', '3 hands')
    """
    if len(hands) == 1:
        return format_cards(hands[0].tolist())
    return f"{len(hands):,} hands"
