"""An independent video-poker brute force on a small deck (nothing of cpoly's is used): a poker
classifier written out in Python, every deal, every one of its 32 holds, every draw, the best
hold chosen by exact EV with the tie rules written out as ``cpoly/lang/tierule.py`` states
them, and every figure of ``cpoly analyze --json`` as an exact Fraction.

The deck has ``faces`` faces (the top one the ace) and ``suits`` suits; card ``i`` has face
``i // suits`` and suit ``i % suits`` (face-major, as a game's ``cards F S`` numbers them).  The
categories are those of ``tests/fixtures/small_poker.cp``, in its order, ``Nothing`` last:
straights are five consecutive faces (no wheel), a high pair is a pair of the top four faces.
Holds: bit ``i`` keeps the deal's ``i``-th lowest card, so hold 31 keeps the deal whole.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, lcm

import numpy as np

CATEGORIES = ("RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight",
              "ThreeOfAKind", "TwoPair", "JacksOrBetter", "Nothing")
KEEP_ALL = 31


def category(cards: tuple[int, ...], faces: int, suits: int) -> int:
    """The category (index into :data:`CATEGORIES`) of five cards.

    >>> CATEGORIES[category((3, 6, 9, 12, 15), 6, 3)]  # Ten..Ace of one suit
    'RoyalFlush'
    >>> CATEGORIES[category((6, 7, 9, 10, 0), 6, 3)]  # two Jacks, two Queens
    'TwoPair'
    >>> CATEGORIES[category((0, 3, 6, 10, 13), 6, 3)]  # Nine, Ten, Jack, Queen, King
    'Straight'
    """
    ranks = sorted(card // suits for card in cards)
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({card % suits for card in cards}) == 1
    straight = shape[0] == 1 and ranks[4] - ranks[0] == 4
    pairs = [rank for rank, n in Counter(ranks).items() if n == 2]
    rules = [flush and straight and ranks[4] == faces - 1, flush and straight, shape[0] == 4,
             shape[:2] == [3, 2], flush, straight, shape[0] == 3, shape[:2] == [2, 2],
             any(rank >= faces - 4 for rank in pairs)]
    return rules.index(True) if True in rules else len(rules)


def _category_table(faces: int, suits: int) -> np.ndarray:
    """The category of every five-card hand, indexed by its bit mask (bit ``c`` = card ``c``)."""
    table = np.full(1 << faces * suits, -1, dtype=np.int64)
    for hand in combinations(range(faces * suits), 5):
        table[sum(1 << card for card in hand)] = category(hand, faces, suits)
    return table


@dataclass(frozen=True)
class SmallDeck:
    """Every deal of the deck and, for each of its 32 holds, its final hands by category.

    ``outcomes[d, h, c]``: the draws to hold ``h`` of deal ``d`` ending in category ``c``.
    """

    faces: int
    suits: int
    deals: np.ndarray
    outcomes: np.ndarray

    @classmethod
    def enumerate(cls, faces: int, suits: int) -> SmallDeck:
        """Every draw of every hold of every deal, classified (a few seconds for 18 cards)."""
        n = faces * suits
        table = _category_table(faces, suits)
        deals = np.array(list(combinations(range(n), 5)), dtype=np.int64)
        chunks = [_hold_outcomes(chunk, table, n) for chunk in np.array_split(deals, 1 + len(deals) // 1000)]
        return cls(faces, suits, deals, np.concatenate(chunks))

    @property
    def cards(self) -> int:
        return self.faces * self.suits

    def draws(self, hold: int) -> int:
        """How many draws hold ``hold`` has."""
        return comb(self.cards - 5, 5 - hold.bit_count())

    @property
    def lcm_draws(self) -> int:
        """The least common multiple of every hold's draws: each hold's draws weigh it / draws."""
        return lcm(*(comb(self.cards - 5, d) for d in range(6)))


def _hold_outcomes(deals: np.ndarray, table: np.ndarray, n: int) -> np.ndarray:
    """``(len(deals), 32, categories)``: every draw of every hold, by final category."""
    bits = np.int64(1) << deals
    remaining = np.array([[c for c in range(n) if c not in set(deal)] for deal in deals.tolist()], dtype=np.int64)
    remaining_bits = np.int64(1) << remaining
    result = np.zeros((len(deals), 32, len(CATEGORIES)), dtype=np.int64)
    offsets = np.arange(len(deals))[:, None] * len(CATEGORIES)
    for hold in range(32):
        held = bits[:, [i for i in range(5) if hold >> i & 1]].sum(axis=1)
        picks = np.array(list(combinations(range(n - 5), 5 - hold.bit_count())), dtype=np.int64)
        finals = held[:, None] + remaining_bits[:, picks].sum(axis=2)
        found = table[finals]
        assert (found >= 0).all()
        result[:, hold] = np.bincount((found + offsets).ravel(), minlength=result[:, hold].size).reshape(len(deals), -1)
    return result


TIE_RULES = ("rank-order", "first", "fewest-cards", "most-cards", "lowest-variance", "highest-variance")


@dataclass(frozen=True)
class Pays:
    """What each category pays after a draw and when the deal is kept whole (``dealt``)."""

    drawn: tuple[Fraction, ...]
    dealt: tuple[Fraction, ...]

    def scaled(self) -> tuple[np.ndarray, int]:
        """``(32, categories)`` integer pays of each hold (hold 31 the dealt ones), and the
        denominator they were multiplied by."""
        denominator = lcm(*(pay.denominator for pay in self.drawn + self.dealt))
        rows = [self.dealt if hold == KEEP_ALL else self.drawn for hold in range(32)]
        return np.array([[int(pay * denominator) for pay in row] for row in rows], dtype=np.int64), denominator


@dataclass(frozen=True)
class HoldSums:
    """Per deal and hold, ``L / draws`` times the sums over the draws of the scaled pay
    (``first``) and its square (``second``): EV = first / (L * denominator), exact, comparable."""

    first: np.ndarray
    second: np.ndarray
    denominator: int
    weights: np.ndarray
    scaled: np.ndarray

    @classmethod
    def of(cls, deck: SmallDeck, pays: Pays) -> HoldSums:
        scaled, denominator = pays.scaled()
        weights = np.array([deck.lcm_draws // deck.draws(hold) for hold in range(32)], dtype=np.int64)
        biggest = int(np.abs(scaled).max())
        assert biggest**2 * comb(deck.cards - 5, 5) * deck.lcm_draws < 2**62, "pays too large for int64 sums"
        first = np.einsum("dhc,hc->dh", deck.outcomes, scaled) * weights
        second = np.einsum("dhc,hc->dh", deck.outcomes, scaled * scaled) * weights
        return cls(first, second, denominator, weights, scaled)


def choose(deck: SmallDeck, sums: HoldSums, rule: str) -> tuple[np.ndarray, int]:
    """The hold each deal plays (largest exact EV, ties broken by ``rule``) and how many deals
    have several holds of the largest EV."""
    best = sums.first.max(axis=1)
    tied = (sums.first == best[:, None]).sum(axis=1) > 1
    holds = sums.first.argmax(axis=1)
    for d in np.flatnonzero(tied).tolist():
        candidates = np.flatnonzero(sums.first[d] == best[d]).tolist()
        holds[d] = min(candidates, key=lambda hold: _tie_key(deck, sums, d, hold, rule))
    return holds, int(tied.sum())


def _tie_key(deck: SmallDeck, sums: HoldSums, d: int, hold: int, rule: str) -> tuple[Fraction | int, int]:
    """The order ``rule`` puts tied holds in; every rule falls back to the lowest hold index."""
    cards = deck.deals[d].tolist()
    by_rank = sorted(cards, key=lambda card: (card // deck.suits, card))
    if rule == "rank-order":
        return sum(1 << by_rank.index(cards[i]) for i in range(5) if hold >> i & 1), hold
    if rule in ("fewest-cards", "most-cards"):
        return (hold.bit_count() if rule == "fewest-cards" else -hold.bit_count()), hold
    if rule in ("lowest-variance", "highest-variance"):
        scale = deck.lcm_draws * sums.denominator
        mean = Fraction(int(sums.first[d, hold]), scale)
        variance = Fraction(int(sums.second[d, hold]), scale * sums.denominator) - mean**2
        return (variance if rule == "lowest-variance" else -variance), hold
    assert rule == "first", rule
    return 0, hold


@dataclass(frozen=True)
class Figures:
    """Every figure of ``analyze --json`` for the holds played, priced by a table, exact."""

    combinations: tuple[int, ...]
    contributions: tuple[Fraction, ...]
    total: int
    expected_return: Fraction
    variance: Fraction
    hit_frequency: Fraction
    deal_variance: Fraction
    draw_variance: Fraction
    deal_counts: tuple[int, ...]

    @classmethod
    def of(cls, deck: SmallDeck, holds: np.ndarray, sums: HoldSums) -> Figures:
        rows = np.arange(len(holds))
        played = deck.outcomes[rows, holds] * sums.weights[holds][:, None]  # weighted final hands
        total = len(holds) * deck.lcm_draws
        unit = sums.denominator * total
        paid = [int(x) for x in (played * sums.scaled[holds]).sum(axis=0)]
        hits = int((played * (sums.scaled[holds] > 0)).sum())
        first = [int(x) for x in sums.first[rows, holds]]
        mean = Fraction(sum(first), unit)
        second = Fraction(sum(int(x) for x in sums.second[rows, holds]), unit * sums.denominator)
        of_deals = Fraction(sum(x * x for x in first), unit * sums.denominator * deck.lcm_draws)
        return cls(tuple(int(x) for x in played.sum(axis=0)), tuple(Fraction(p, unit) for p in paid), total,
                   mean, second - mean**2, Fraction(hits, total), of_deals - mean**2, second - of_deals,
                   tuple(int(x) for x in deck.outcomes[:, KEEP_ALL].sum(axis=0)))
