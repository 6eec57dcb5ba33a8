"""Hand ranges in the usual notation, expanded to two-card combos.

Accepted tokens (comma separated, case-insensitive ranks): pairs ``77``, ``77+``, ``77-99``;
non-pairs ``AK`` (16 combos), ``AKs`` (4), ``AKo`` (12), ``A2s+`` (A2s..AKs), ``KTo+``
(KTo, KJo, KQo), ``A2s-A5s``; exact hands ``AcKc``; ``random`` / ``any`` / ``??`` for all 1326.

>>> len(parse_range("QQ+")), len(parse_range("AKs")), len(parse_range("A2s+,KTo+"))
(18, 4, 84)
>>> len(parse_range("random"))
1326
"""

from __future__ import annotations

import re
from itertools import combinations

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.cards import RANKS, is_card_pair_text, make_card, parse_cards

Combo = tuple[int, int]
_TOKEN = re.compile(r"([2-9TJQKA])([2-9TJQKA])([SO]?)(\+?)(?:-([2-9TJQKA])([2-9TJQKA])([SO]?))?$")
RANDOM_WORDS = frozenset({"random", "any", "??", "xx"})


def _combo(a: int, b: int) -> Combo:
    return (max(a, b), min(a, b))


def all_combos() -> tuple[Combo, ...]:
    """All 1326 two-card combos."""
    return tuple(_combo(a, b) for a, b in combinations(range(52), 2))


def rank_combos(high: int, low: int, kind: str = "") -> list[Combo]:
    """Combos of ranks ``high``, ``low`` (0-based); ``kind`` 's' suited, 'o' offsuit, '' both.

    >>> len(rank_combos(12, 12)), len(rank_combos(12, 11, "o"))
    (6, 12)
    """
    if high == low:
        return [_combo(make_card(high, s), make_card(high, t)) for s, t in combinations(range(4), 2)]
    return [
        _combo(make_card(high, s), make_card(low, t))
        for s in range(4) for t in range(4)
        if kind == "" or (kind == "s") == (s == t)
    ]


def _token_combos(token: str) -> list[Combo]:
    match = _TOKEN.match(token.upper())
    if match is None:
        raise CpolyInputError(
            f"bad hand or range {token!r}: expected e.g. 'AcKc', '77', '77+', '77-99', 'AKs', "
            f"'AKo', 'A2s+', 'KTo+' or 'random'"
        )
    a, b, kind, plus, end_a, end_b, end_kind = match.groups()
    first, second = RANKS.index(a), RANKS.index(b)
    high, low = max(first, second), min(first, second)
    kind = kind.lower()
    if high == low and kind:
        raise CpolyInputError(f"bad range {token!r}: a pair cannot be suited or offsuit")
    if end_a is not None:
        return _dash_range(token, high, low, kind, RANKS.index(end_a), RANKS.index(end_b),
                           end_kind.lower())
    if not plus:
        return rank_combos(high, low, kind)
    if high == low:
        return [c for r in range(high, 13) for c in rank_combos(r, r)]
    return [c for r in range(low, high) for c in rank_combos(high, r, kind)]


def _dash_range(token: str, high: int, low: int, kind: str, end_a: int, end_b: int,
                end_kind: str) -> list[Combo]:
    end_high, end_low = max(end_a, end_b), min(end_a, end_b)
    if high == low and end_high == end_low:
        return [c for r in range(min(high, end_high), max(high, end_high) + 1)
                for c in rank_combos(r, r)]
    if high != end_high or kind != end_kind or high == low or end_high == end_low:
        raise CpolyInputError(
            f"bad range {token!r}: a dash joins two pairs ('77-99') or two hands with the same "
            f"top card and suitedness ('A2s-A5s')"
        )
    return [c for r in range(min(low, end_low), max(low, end_low) + 1)
            for c in rank_combos(high, r, kind)]


def parse_hand(text: str) -> tuple[Combo, ...]:
    """Combos of one player's hand: two exact cards, ``??``/``random``, or a range.

    Raises
    ------
    CpolyInputError
        On a bad token (named), a duplicated card, or an empty range.

    >>> parse_hand("Ac Kc")
    ((51, 47),)
    """
    stripped = text.strip()
    if stripped.lower() in RANDOM_WORDS:
        return all_combos()
    if is_card_pair_text(stripped):
        first, second = parse_cards(stripped)
        return (_combo(first, second),)
    return parse_range(stripped)


def parse_range(text: str) -> tuple[Combo, ...]:
    """Expand a comma-separated range into distinct combos (first occurrence order kept)."""
    tokens = [t.strip() for t in text.split(",")]
    combos: dict[Combo, None] = {}
    for token in tokens:
        if not token:
            raise CpolyInputError(f"empty item in range {text!r}")
        if token.lower() in RANDOM_WORDS:
            found: list[Combo] = list(all_combos())
        elif is_card_pair_text(token):
            found = [_combo(*parse_cards(token))]
        else:
            found = _token_combos(token)
        combos.update(dict.fromkeys(found))
    return tuple(combos)
