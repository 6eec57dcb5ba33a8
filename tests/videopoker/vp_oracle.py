"""Test-only oracles: straightforward poker classifiers and brute-force video-poker analysis.

Nothing here is used by the library; it checks the generic-formula machinery independently
(explicit enumeration of every draw, EVs as Fractions, tie rules written out directly).
Card ``i`` of a ``n_faces x n_suits`` deck has face ``i // n_suits`` and suit ``i % n_suits``.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank

JOB_9_6 = (800, 50, 25, 9, 6, 4, 3, 2, 1)
JOB_8_5 = (800, 50, 25, 8, 5, 4, 3, 2, 1)


def standard_deck(n_faces: int, n_suits: int) -> tuple[np.ndarray, np.ndarray]:
    cards = np.arange(n_faces * n_suits)
    return cards // n_suits, cards % n_suits


def _face_counts(faces: np.ndarray, n_faces: int) -> np.ndarray:
    counts = np.zeros((len(faces), n_faces), dtype=np.int64)
    np.add.at(counts, (np.arange(len(faces))[:, None], faces), 1)
    return counts


def poker_categories(n_faces: int, n_suits: int, high_pair_from: int | None = None) -> np.ndarray:
    """Jacks-or-Better-style categories of every hand (colex order), written out directly.

    0 royal flush (straight flush to the top face), 1 straight flush, 2 four of a kind, 3 full
    house, 4 flush, 5 straight (ace-low wheel counts when n_faces = 13), 6 three of a kind,
    7 two pair, 8 pair of faces >= high_pair_from (default: the top four faces), 9 nothing.
    """
    hands = all_hands(n_faces * n_suits, 5).astype(np.int64)
    faces, suits = hands // n_suits, hands % n_suits
    ordered = np.sort(faces, axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = (np.diff(ordered, axis=1) != 0).all(axis=1)
    run = ordered[:, 4] - ordered[:, 0] == 4
    wheel = (n_faces == 13) & (ordered[:, 4] == 12) & (ordered[:, 3] == 3)
    straight = distinct & (run | wheel)
    royal = flush & distinct & run & (ordered[:, 4] == n_faces - 1)
    multiplicities = np.sort(_face_counts(faces, n_faces), axis=1)[:, ::-1]
    counts = _face_counts(faces, n_faces)
    threshold = n_faces - 4 if high_pair_from is None else high_pair_from
    rules = [
        royal,
        flush & straight,
        multiplicities[:, 0] == 4,
        (multiplicities[:, 0] == 3) & (multiplicities[:, 1] == 2),
        flush,
        straight,
        multiplicities[:, 0] == 3,
        (multiplicities[:, 0] == 2) & (multiplicities[:, 1] == 2),
        (counts[:, threshold:] >= 2).any(axis=1),
    ]
    categories = np.full(len(hands), len(rules), dtype=np.int64)
    for category in reversed(range(len(rules))):
        categories[rules[category]] = category
    return categories


def brute_hold_outcomes(deals: np.ndarray, categories: np.ndarray, n: int, n_columns: int) -> np.ndarray:
    """Outcome counts ``(N, 32, n_columns)`` by enumerating every draw of every hold.

    Bit ``i`` of a hold = ``deals[:, i]`` held (deals in the given order).
    """
    deals = np.asarray(deals, dtype=np.int64)
    n_deals = len(deals)
    in_deal = np.zeros((n_deals, n), dtype=bool)
    in_deal[np.arange(n_deals)[:, None], deals] = True
    remaining = np.nonzero(~in_deal)[1].reshape(n_deals, n - 5)
    result = np.zeros((n_deals, 32, n_columns), dtype=np.int64)
    for mask in range(32):
        held = deals[:, [i for i in range(5) if mask >> i & 1]]
        n_draw = 5 - held.shape[1]
        pick = all_hands(n - 5, n_draw).astype(np.int64)
        drawn = remaining[:, pick]  # (N, C(n-5, d), d)
        held_rep = np.broadcast_to(held[:, None, :], (n_deals, pick.shape[0], held.shape[1]))
        finals = np.sort(np.concatenate([held_rep, drawn], axis=2), axis=2)
        final_categories = categories[colex_rank(finals)]
        offsets = np.arange(n_deals)[:, None] * n_columns
        result[:, mask] = np.bincount(
            (final_categories + offsets).ravel(), minlength=n_deals * n_columns
        ).reshape(n_deals, n_columns)
    return result


RULES = ("rank-order", "first", "fewest-cards", "most-cards", "lowest-variance", "highest-variance")


def brute_choose_all(
    counts: np.ndarray,
    pays: list[Fraction],
    dealt_pays: list[Fraction],
    n: int,
    deal: list[int],
    faces: np.ndarray,
) -> dict[str, int]:
    """The hold (bit i = deal[i] held) each tie rule chooses for one deal.

    EVs and variances are compared exactly after multiplying every pay by the common denominator
    and every hold by ``L / draws`` (a positive constant for the deal: order is unchanged).
    Final fallback: the held set with the smallest sum of 2**card; ``rank-order`` uses
    2**(position of the card when the deal is listed by (face, card)).
    """
    denominator = np.lcm.reduce([p.denominator for p in pays + dealt_pays])
    scaled = [int(p * denominator) for p in pays]
    scaled_dealt = [int(p * denominator) for p in dealt_pays]
    lcm_weight = int(np.lcm.reduce([comb(n - 5, d) for d in range(6)]))
    by_rank = sorted(deal, key=lambda card: (int(faces[card]), card))
    options = []
    for mask in range(32):
        held = [deal[i] for i in range(5) if mask >> i & 1]
        table = scaled_dealt if mask == 31 else scaled
        weight = lcm_weight // comb(n - 5, 5 - len(held))
        first = sum(int(c) * p for c, p in zip(counts[mask], table)) * weight  # EV * L
        second = sum(int(c) * p * p for c, p in zip(counts[mask], table)) * weight
        variance = second * lcm_weight - first * first  # Var * L**2
        card_key = sum(2**card for card in held)
        rank_key = sum(2 ** by_rank.index(card) for card in held)
        options.append((mask, first, variance, len(held), card_key, rank_key))
    best = max(o[1] for o in options)
    tied = [o for o in options if o[1] == best]
    keys = {
        "rank-order": lambda o: o[5],
        "first": lambda o: o[4],
        "fewest-cards": lambda o: (o[3], o[4]),
        "most-cards": lambda o: (-o[3], o[4]),
        "lowest-variance": lambda o: (o[2], o[4]),
        "highest-variance": lambda o: (-o[2], o[4]),
    }
    return {rule: min(tied, key=key)[0] for rule, key in keys.items()}


def brute_analysis(
    categories: np.ndarray,
    n: int,
    pays: list[Fraction],
    dealt_pays: list[Fraction],
    faces: np.ndarray | None = None,
) -> dict[str, tuple[list[int], list[int]]]:
    """Per tie rule: combinations per category and, of those, from kept deals (every deal)."""
    n_columns = len(pays)
    deals = all_hands(n, 5).astype(np.int64)
    outcomes = np.concatenate(
        [brute_hold_outcomes(chunk, categories, n, n_columns) for chunk in np.array_split(deals, 1 + len(deals) // 500)]
    )
    lcm_weight = int(np.lcm.reduce([comb(n - 5, d) for d in range(6)]))
    result = {rule: ([0] * n_columns, [0] * n_columns) for rule in RULES}
    faces = np.arange(n) if faces is None else faces
    for deal, deal_outcomes in zip(deals.tolist(), outcomes):
        for rule, mask in brute_choose_all(deal_outcomes, pays, dealt_pays, n, deal, faces).items():
            weight = lcm_weight // comb(n - 5, 5 - mask.bit_count())
            combinations, dealt = result[rule]
            for c in range(n_columns):
                combinations[c] += int(deal_outcomes[mask, c]) * weight
                if mask == 31:
                    dealt[c] += int(deal_outcomes[mask, c]) * weight
    return result


def deuces_wild_categories() -> np.ndarray:
    """Full-pay Deuces Wild categories of every 52-card hand (card = 4 * face + suit, face 0 = 2).

    0 natural royal, 1 four deuces, 2 wild royal, 3 five of a kind, 4 straight flush, 5 four of a
    kind, 6 full house, 7 flush, 8 straight, 9 three of a kind, 10 nothing.
    """
    hands = all_hands(52, 5).astype(np.int64)
    faces, suits = hands // 4, hands % 4
    wild = faces == 0
    n_wild = wild.sum(axis=1)
    natural_suits = np.where(wild, -1, suits)
    suited = ((natural_suits == -1) | (natural_suits == natural_suits.max(axis=1)[:, None])).all(axis=1)
    naturals = _face_counts(faces, 13)[:, 1:]
    top = np.sort(naturals, axis=1)[:, ::-1]
    distinct = (naturals <= 1).all(axis=1)
    spans = []
    for ace in (12, -1):  # ace high, ace low (A-2-3-4-5 with wild cards filling in)
        ranked = np.where(faces == 12, ace, faces)
        high = np.where(wild, -99, ranked).max(axis=1)
        low = np.where(wild, 99, ranked).min(axis=1)
        spans.append(high - low <= 4)
    straight = distinct & (spans[0] | spans[1])
    royal_cards = distinct & ((faces >= 8) | wild).all(axis=1)
    rules = [
        (n_wild == 0) & suited & royal_cards,
        n_wild == 4,
        (n_wild >= 1) & suited & royal_cards,
        top[:, 0] + n_wild >= 5,
        suited & straight,
        top[:, 0] + n_wild >= 4,
        ((n_wild == 0) & (top[:, 0] == 3) & (top[:, 1] == 2))
        | ((n_wild == 1) & (top[:, 0] == 2) & (top[:, 1] == 2)),
        suited,
        straight,
        top[:, 0] + n_wild >= 3,
    ]
    categories = np.full(len(hands), len(rules), dtype=np.int64)
    for category in reversed(range(len(rules))):
        categories[rules[category]] = category
    return categories


def every_deal_outcomes(categories: np.ndarray, n: int = 18, n_columns: int = 10) -> np.ndarray:
    """``(deals, 32, n_columns)`` final-category counts of every hold of every deal of ``n``
    cards (colex order), by :func:`brute_hold_outcomes` in 20 chunks."""
    deals = all_hands(n, 5).astype(np.int64)
    return np.concatenate([brute_hold_outcomes(chunk, categories, n, n_columns) for chunk in np.array_split(deals, 20)])
