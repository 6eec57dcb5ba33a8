"""Test-only brute force for ordered games: every ordered deal, every hold, every ordered draw.

Each final ordered hand is looked up in the categories the engine's checking gives every
ordered hand of the deck (the definition of the game, with no witnesses, events or orderings
counted); the drawn cards fill the discarded positions left to right in draw order.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

import numpy as np

from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.paytable import PayTable


@dataclass(frozen=True)
class OrderedBrute:
    """The brute-force figures of an ordered game under optimal play (rank-order ties)."""

    expected_return: Fraction
    combinations: tuple[int, ...]  # weighted like GameAnalysis: every ordered draw (n-5)_5/(n-5)_d
    deal_counts: tuple[int, ...]


def ordered_categories(poker: VideoPoker) -> tuple[np.ndarray, np.ndarray]:
    """Every ordered hand of the deck ``(N, 5)`` card indices, and its category by checking."""
    hands = np.array(list(permutations(range(poker.n_cards), 5)), dtype=np.int64)
    stacked = np.stack([poker.faces[hands], poker.suits[hands]], axis=2)
    return hands, poker.game.classify(stacked).astype(np.int64)


def _codes(hands: np.ndarray, n: int) -> np.ndarray:
    return (hands * n ** np.arange(5)).sum(axis=1)


def _rank_keys(deal: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """Tie keys of the 32 holds of ordered deals ``(N, 5)``: held cards' places by (face, card)."""
    order = np.argsort(faces[deal] * 1000 + deal, axis=1, kind="stable")
    place = np.argsort(order, axis=1)
    masks = np.arange(32)
    return sum(((masks >> i) & 1)[None, :] << place[:, i:i + 1] for i in range(5))


def analyze_ordered_brute(poker: VideoPoker, table: PayTable, chunk: int = 4096) -> OrderedBrute:
    """Play every ordered deal optimally by enumerating every ordered draw of every hold."""
    n = poker.n_cards
    hands, category = ordered_categories(poker)
    n_columns = table.n_categories + 1
    lookup = np.full(n**5, -1, dtype=np.int64)
    lookup[_codes(hands, n)] = category
    scaled = table.scaled()
    rest = n - 5
    common = int(np.prod(np.arange(rest, rest - 5, -1)))
    total_value, combinations = 0, np.zeros(n_columns, dtype=object)
    for start in range(0, len(hands), chunk):
        deals = hands[start:start + chunk]
        remaining = np.array([np.setdiff1d(np.arange(n), d) for d in deals])
        values = np.zeros((len(deals), 32), dtype=np.int64)
        outcome = np.zeros((len(deals), 32, n_columns), dtype=np.int64)
        for mask in range(32):
            discarded = [p for p in range(5) if not mask >> p & 1]
            draws = np.array(list(permutations(range(rest), len(discarded))), dtype=np.int64)
            draws = draws.reshape(len(draws), len(discarded))
            codes = (deals * np.array([0 if p in discarded else n**p for p in range(5)])).sum(axis=1)
            codes = np.repeat(codes[:, None], len(draws), axis=1)
            for j, position in enumerate(discarded):
                codes += remaining[:, draws[:, j]] * n**position
            cats = lookup[codes]
            assert (cats >= 0).all()
            pays = (scaled.dealt_pays if mask == 31 else scaled.pays)[cats]
            weight = common // len(draws)
            values[:, mask] = pays.sum(axis=1) * weight
            rows = np.repeat(np.arange(len(deals)), len(draws))
            outcome[:, mask] = np.bincount(rows * n_columns + cats.ravel(),
                                           minlength=len(deals) * n_columns).reshape(-1, n_columns) * weight
        best_value = values.max(axis=1)
        keys = np.where(values == best_value[:, None], _rank_keys(deals, poker.faces), 1 << 40)
        chosen = keys.argmin(axis=1)
        total_value += int(best_value.sum())
        combinations += outcome[np.arange(len(deals)), chosen].sum(axis=0).astype(object)
    denominator = len(hands) * common * scaled.denominator
    deal_counts = tuple(int(c) for c in np.bincount(category, minlength=n_columns))
    return OrderedBrute(Fraction(total_value, denominator), tuple(int(c) for c in combinations), deal_counts)


def ordered_hold_values(poker: VideoPoker, table: PayTable, texts: list[str]) -> list[Fraction]:
    """Exact EV of each of the 32 holds of one ordered deal (bit i = position i held)."""
    n = poker.n_cards
    hands, category = ordered_categories(poker)
    lookup = dict(zip(_codes(hands, n).tolist(), category.tolist()))
    deal = poker.deal_indices(texts)
    remaining = [c for c in range(n) if c not in deal]
    result = []
    for mask in range(32):
        discarded = [p for p in range(5) if not mask >> p & 1]
        total, draws = Fraction(0), 0
        for drawn in permutations(remaining, len(discarded)):
            final = list(deal)
            for position, card in zip(discarded, drawn):
                final[position] = card
            code = sum(card * n**position for position, card in enumerate(final))
            total += table.pay(lookup[code], dealt=mask == 31)
            draws += 1
        result.append(total / draws)
    return result
