"""Hand ranges in the usual notation, expanded to two-card combos.

Accepted tokens (comma separated, case-insensitive ranks): pairs ``77``, ``77+``, ``77-99``;
non-pairs ``AK`` (16 combos), ``AKs`` (4), ``AKo`` (12), ``A2s+`` (A2s..AKs), ``KTo+``
(KTo, KJo, KQo), ``A2s-A5s`` (a ``+`` and a ``-`` do not combine: ``A2s+-A5s`` is an error,
as is a suited or offsuit pair, ``77-99s``); exact hands ``AcKc``; one known card ``As?`` (the 51 hands holding
the ace of spades); ``random`` / ``any`` / ``??`` for all 1326.  Any token may carry a weight in
percent, ``AA@50`` (default 100): each of its combos is dealt with that relative weight, exactly.

>>> len(parse_range("QQ+")), len(parse_range("AKs")), len(parse_range("A2s+,KTo+"))
(18, 4, 84)
>>> len(parse_range("random")), len(parse_hand("As?"))
(1326, 51)
>>> weighted_range("AA@50,KK@12.5,AsKs")[(51, 49)], weighted_range("KK@12.5")[(47, 46)]
(Fraction(50, 1), Fraction(25, 2))
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.intcards import RANKS, format_card, format_cards, is_card_text, make_card, parse_cards

__all__ = ["Combo", "RANDOM_WORDS", "all_combos", "parse_hand", "parse_range", "rank_combos",
           "weighted_range"]

Combo = tuple[int, int]
_TOKEN = re.compile(r"([2-9TJQKA])([2-9TJQKA])([SO]?)(\+?)(?:-([2-9TJQKA])([2-9TJQKA])([SO]?))?$")
RANDOM_WORDS = frozenset({"random", "any", "??", "xx"})
_WEIGHT = re.compile(r"^(.*?)@\s*([0-9]+(?:\.[0-9]+)?)\s*%?$", re.DOTALL)
#: The weight of a hand or range written without one: 100 %.
_WHOLE = Fraction(100)
_ONE_CARD = re.compile(r"^\s*(?:\?\s*(\S+?)|(\S+?)\s*\?)\s*$")


def _combo(a: int, b: int) -> Combo:
    return (max(a, b), min(a, b))


@lru_cache(maxsize=1)
def all_combos() -> tuple[Combo, ...]:
    """All 1326 two-card combos."""
    return tuple(_combo(a, b) for a, b in combinations(range(52), 2))


@lru_cache(maxsize=1)
def _card_codes() -> dict[str, int]:
    """Every card as written by :func:`~cpoly.games.holdem.intcards.format_card` (``As``)."""
    return {format_card(card): card for card in range(52)}


def _two_written_cards(token: str) -> list[Combo] | None:
    """The combo of two distinct cards written as ``format_card`` writes them (``AsKh``), read
    without the general card reader (a hand is most often written so); None otherwise."""
    codes = _card_codes()
    first, second = codes.get(token[:2]), codes.get(token[2:])
    if len(token) != 4 or first is None or second is None or first == second:
        return None
    return [_combo(first, second)]


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
    if high == low and kind or end_a is not None and end_a == end_b and end_kind:
        raise CpolyInputError(f"bad range {token!r}: a pair cannot be suited or offsuit")
    if plus and end_a is not None:
        raise CpolyInputError(
            f"bad range {token!r}: '+' and '-' do not combine; write '{a}{b}{kind}+' or "
            f"'{a}{b}{kind}-{end_a}{end_b}{end_kind.lower()}'")
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


def _one_known_card(token: str) -> list[Combo] | None:
    """``As?`` or ``?As``: every combo holding that card; None when ``token`` is not that form."""
    match = _ONE_CARD.match(token)
    if match is None or token.strip() in RANDOM_WORDS:
        return None
    text = match.group(1) or match.group(2)
    if not is_card_text(text):
        return None
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CpolyInputError(f"bad hand {token!r}: one known card and '?' is written like 'As?'")
    return [_combo(cards[0], other) for other in range(52) if other != cards[0]]


def _exact_cards(token: str) -> list[Combo] | None:
    """The combo of two written cards; None when ``token`` is not cards; an error for 1 or 3+."""
    if not is_card_text(token):
        return None
    cards = parse_cards(token)
    if len(cards) != 2:
        raise CpolyInputError(
            f"bad hand {token!r}: a hand is two cards ({len(cards)} given: "
            f"{format_cards(cards)}); write e.g. 'AsKs', 'As?' for one known card, "
            f"'??' for two unknown cards, or a range like 'AK,QQ+'")
    return [_combo(*cards)]


def _token_items(token: str) -> list[Combo]:
    if token.lower() in RANDOM_WORDS:
        return list(all_combos())
    for reader in (_two_written_cards, _one_known_card, _exact_cards):
        found = reader(token)
        if found is not None:
            return found
    return _token_combos(token)


def _split_weight(token: str) -> tuple[str, Fraction]:
    match = _WEIGHT.match(token)
    if match is None:
        if "@" in token:
            raise CpolyInputError(f"bad weight in {token!r}: write a percentage like 'AA@50'")
        return token, _WHOLE
    return match.group(1).strip(), Fraction(match.group(2))


def weighted_range(text: str) -> dict[Combo, Fraction]:
    """Combos of one player's hand with their weights in percent.  A combo listed twice must
    have one weight (``QQ+,AA`` is fine; ``A2s+@50,A5s@100`` is an error naming A5s).

    Raises
    ------
    CpolyInputError
        On a bad token (named), a duplicated card, a combo given two weights, or a range with
        nothing left.

    >>> sorted(set(weighted_range("QQ+@25,AKs").values()))
    [Fraction(25, 1), Fraction(100, 1)]
    >>> weighted_range("A2s+@50,A5s@100")
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: 'A5s@100' gives As 5s a weight of 100 %, but 'A2s+@50' gave it 50 %: give each hand one weight
    """
    stripped = text.strip()
    if not stripped:
        raise CpolyInputError("empty hand: write two cards ('AsKs'), '??' or a range")
    exact = _two_written_cards(stripped)
    if exact is not None:  # the most common hand, read at once
        return {exact[0]: _WHOLE}
    combos: dict[Combo, Fraction] = {}
    given: dict[Combo, str] = {}
    zero_weight = False
    for item in (part.strip() for part in stripped.split(",")):
        token, weight = _split_weight(item)
        zero_weight = zero_weight or weight == 0
        if not token:
            raise CpolyInputError(f"empty item in range {text!r}")
        for combo in _token_items(token):
            known = combos.setdefault(combo, weight)
            if known is not weight and known != weight:
                raise CpolyInputError(
                    f"{item!r} gives {format_cards(combo)} a weight of {_percent(weight)} %, but "
                    f"{given[combo]!r} gave it {_percent(combos[combo])} %: give each hand one weight")
            given.setdefault(combo, item)
    if not zero_weight:
        return combos
    return {combo: weight for combo, weight in combos.items() if weight > 0} or _all_zero(text)


def _percent(weight: Fraction) -> str:
    """``50`` or ``12.5``: a weight as it was written."""
    return str(weight.numerator) if weight.denominator == 1 else f"{float(weight):g}"


def _all_zero(text: str) -> dict[Combo, Fraction]:
    raise CpolyInputError(f"hand range {text!r} has weight 0 everywhere")


def parse_hand(text: str) -> tuple[Combo, ...]:
    """Combos of one player's hand: two exact cards, ``As?``, ``??``/``random``, or a range
    (weights dropped; see :func:`weighted_range`).

    >>> parse_hand("Ac Kc")
    ((51, 47),)
    """
    return tuple(weighted_range(text))


def parse_range(text: str) -> tuple[Combo, ...]:
    """Expand a comma-separated range into distinct combos (first occurrence order kept)."""
    return parse_hand(text)
