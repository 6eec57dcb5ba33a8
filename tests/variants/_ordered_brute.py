"""Test-only brute force for ordered games: every ordered deal, every hold, every ordered draw.

Each final ordered hand is looked up in the categories the engine's checking gives every
ordered hand of the deck (the game's definition, with no witnesses, events or ordering counts);
the drawn cards fill the discarded positions left to right in draw order.  The optimal return
is the mean of each deal's best EV; the figures that depend on the tie rule (combinations,
tied deals, hold sizes) go through the shared tie-rule code with every ordered deal on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

import numpy as np

from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.play.choice import choose_holds, hold_pay_matrix, hold_weights
from cpoly.games.videopoker.play.ordered import ordered_draw_weights
from cpoly.games.videopoker.play.summary import Totals
from cpoly.lang.paytable import PayTable
from cpoly.lang.tierule import TieRule


@dataclass(frozen=True)
class OrderedBrute:
    """The brute-force figures of an ordered game under optimal play."""

    expected_return: Fraction
    combinations: tuple[int, ...]  # weighted like GameAnalysis: each ordered draw (n-5)_5/(n-5)_d
    dealt_combinations: tuple[int, ...]
    hold_size_deals: tuple[int, ...]
    tied_deals: int
    ambiguous_deals: int
    deal_counts: tuple[int, ...]


def ordered_categories(poker: VideoPoker) -> tuple[np.ndarray, np.ndarray]:
    """Every ordered hand of the deck ``(N, 5)`` card indices, and its category by checking."""
    hands = np.array(list(permutations(range(poker.n_cards), 5)), dtype=np.int64)
    stacked = np.stack([poker.faces[hands], poker.suits[hands]], axis=2)
    return hands, poker.game.classify(stacked).astype(np.int64)


def _codes(hands: np.ndarray, n: int) -> np.ndarray:
    return (hands * n ** np.arange(5)).sum(axis=-1)


def ordered_outcomes(poker: VideoPoker, n_columns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ordered deal's sorted cards ``(N, 5)``, its final-hand counts ``(N, 32, K + 1)`` in
    ordered draws (hold bits on the sorted cards), and the deal's own category."""
    n = poker.n_cards
    deals, category = ordered_categories(poker)
    lookup = np.full(n**5, -1, dtype=np.int64)
    lookup[_codes(deals, n)] = category
    remaining = np.array([np.setdiff1d(np.arange(n), d) for d in deals])
    sorted_place = np.argsort(np.argsort(deals, axis=1), axis=1)  # position -> index when sorted
    out = np.zeros((len(deals), 32, n_columns), dtype=np.int64)
    rows = np.arange(len(deals))
    for mask in range(32):
        discarded = [p for p in range(5) if not mask >> p & 1]
        draws = np.array(list(permutations(range(n - 5), len(discarded))), dtype=np.int64)
        codes = (deals * np.array([0 if p in discarded else n**p for p in range(5)])).sum(axis=1)
        codes = np.repeat(codes[:, None], len(draws), axis=1)
        for j, position in enumerate(discarded):
            codes += remaining[:, draws[:, j]] * n**position
        finals = lookup[codes]
        assert (finals >= 0).all()
        counts = np.bincount((rows[:, None] * n_columns + finals).ravel(),
                             minlength=len(deals) * n_columns).reshape(len(deals), n_columns)
        held = sum((1 << sorted_place[:, p] for p in range(5) if mask >> p & 1),
                   np.zeros(len(deals), dtype=np.int64))
        out[rows, held] = counts
    return np.sort(deals, axis=1), out, category


def analyze_ordered_brute(poker: VideoPoker, table: PayTable, rule: TieRule,
                          outcomes: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> OrderedBrute:
    """Play every ordered deal optimally from its brute-force outcomes (pass ``outcomes`` from
    :func:`ordered_outcomes` to reuse them across pay tables and rules)."""
    n_columns = table.n_categories + 1
    deals, counts, category = outcomes or ordered_outcomes(poker, n_columns)
    common, weights = ordered_draw_weights(poker.n_cards)
    scaled = table.scaled()
    pay_matrix, by_hold = hold_pay_matrix(scaled), hold_weights(weights)
    values = np.einsum("nmc,mc->nm", counts, pay_matrix) * by_hold[None, :]
    expected = Fraction(int(values.max(axis=1).sum()), len(deals) * common * scaled.denominator)
    _, choice = choose_holds(counts, pay_matrix, by_hold, rule, deals, poker.faces)
    totals = Totals(n_columns)
    totals.add(counts, choice, by_hold, np.ones(len(deals), dtype=np.int64), 1)
    deal_counts = tuple(int(c) for c in np.bincount(category, minlength=n_columns))
    return OrderedBrute(expected, tuple(totals.combinations), tuple(totals.dealt),
                        tuple(totals.hold_sizes), totals.tied, totals.ambiguous, deal_counts)


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


def assert_analysis_equals_brute_force(poker: VideoPoker) -> None:
    """The full analysis of an ordered game, under every tie rule, equals brute force: return,
    deal counts, combinations (plain and dealt), hold sizes, tied and ambiguous deals."""
    table = poker.paytable()
    outcomes = ordered_outcomes(poker, table.n_categories + 1)
    for rule in TieRule:
        analysis = poker.analyze(tie_rule=rule, use_cache=False)
        brute = analyze_ordered_brute(poker, table, rule, outcomes)
        assert analysis.expected_return == brute.expected_return
        assert analysis.deal_counts == brute.deal_counts
        assert (analysis.combinations, analysis.dealt_combinations, analysis.hold_size_deals) == \
            (brute.combinations, brute.dealt_combinations, brute.hold_size_deals), rule
        assert (analysis.tied_deals, analysis.ambiguous_deals) == (brute.tied_deals, brute.ambiguous_deals)
