"""An independent best-five-of-seven evaluator for the Hold'em family (nothing of cpoly's is used):
the standard order, short deck's (a flush beats a full house; A-6-7-8-9 a straight) and the
trips rule (three of a kind also beats a straight), with or without flushes, and a tally of
known hands over every completion of a board written out in Python.

Cards are cpoly's ints: rank ``card // 4`` (0 is a Two, 12 an Ace), suit ``card % 4``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

#: The structural kinds (the standard game's hand codes 1..10, minus one).
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = range(10)
STANDARD = (HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH)
SHORT_DECK = (HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)
SHORT_DECK_TRIPS = (HIGH, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)


@dataclass(frozen=True)
class Game:
    """A game's deck (its lowest rank), its order of kinds, lowest first, and whether flushes count."""

    low: int = 0
    order: tuple[int, ...] = STANDARD
    flushes: bool = True

    @property
    def deck(self) -> list[int]:
        return list(range(4 * self.low, 52))


def _straight_top(ranks: set[int], low: int) -> int | None:
    """The top rank of the highest five in a row (the ace also plays below ``low``)."""
    for top in range(12, low + 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if 12 in ranks and all(r in ranks for r in range(low, low + 4)):
        return low + 3
    return None


def best_hand(cards: tuple[int, ...], game: Game) -> tuple[int, tuple[int, ...], int]:
    """``(place of the kind in the game's order, tie-break, hand code)`` of the best five: the code
    is the place plus one (the game's order numbers the kinds), 10 for a royal flush."""
    counts = Counter(card // 4 for card in cards)
    found: list[tuple[int, tuple[int, ...]]] = []
    if game.flushes:
        for suit in range(4):
            suited = sorted((c // 4 for c in cards if c % 4 == suit), reverse=True)
            if len(suited) >= 5:
                top = _straight_top(set(suited), game.low)
                found.append((STRAIGHT_FLUSH, (top,)) if top is not None else (FLUSH, tuple(suited[:5])))
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    first = by_count[0]
    rest = sorted((r for r in counts if r != first), reverse=True)
    if counts[first] == 4:
        found.append((QUADS, (first, rest[0])))
    elif counts[first] == 3:
        pairs = [r for r in rest if counts[r] >= 2]
        if pairs:
            found.append((FULL_HOUSE, (first, pairs[0])))
        found.append((TRIPS, (first, *rest[:2])))
    top = _straight_top(set(counts), game.low)
    if top is not None:
        found.append((STRAIGHT, (top,)))
    pairs = sorted((r for r in counts if counts[r] == 2), reverse=True)
    if len(pairs) >= 2:
        found.append((TWO_PAIR, (pairs[0], pairs[1], max(r for r in counts if r not in pairs[:2]))))
    elif len(pairs) == 1:
        found.append((PAIR, (pairs[0], *sorted((r for r in counts if r != pairs[0]), reverse=True)[:3])))
    found.append((HIGH, tuple(sorted(counts, reverse=True)[:5])))
    kind, tie = max(found, key=lambda f: (game.order.index(f[0]), f[1]))
    place = game.order.index(kind)
    return place, tie, ROYAL + 1 if kind == STRAIGHT_FLUSH and tie == (12,) else place + 1


@dataclass
class BruteTally:
    """Every completion's showdown of known hands: boards, wins alone, ties, pot shares in
    1/2520 units, and per player and hand code (1..10, minus one) wins, ties and occurrences."""

    boards: int
    win: list[int]
    tie: list[int]
    share: list[int]
    cat_win: list[list[int]]
    cat_tie: list[list[int]]
    cat_occur: list[list[int]]


def brute_tally(hands: list[tuple[int, int]], board: tuple[int, ...], dead: tuple[int, ...],
                game: Game) -> BruteTally:
    """List every completion of ``board`` and rank every hand on it."""
    players = len(hands)
    out = BruteTally(0, [0] * players, [0] * players, [0] * players,
                     [[0] * 10 for _ in hands], [[0] * 10 for _ in hands], [[0] * 10 for _ in hands])
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in game.deck if c not in used]
    for extra in combinations(deck, 5 - len(board)):
        values = [best_hand(tuple(h) + board + extra, game) for h in hands]
        best = max(v[:2] for v in values)
        winners = [p for p, v in enumerate(values) if v[:2] == best]
        out.boards += 1
        for p, (_, _, code) in enumerate(values):
            out.cat_occur[p][code - 1] += 1
            if p in winners:
                key = out.cat_win if len(winners) == 1 else out.cat_tie
                key[p][code - 1] += 1
                (out.win if len(winners) == 1 else out.tie)[p] += 1
                out.share[p] += 2520 // len(winners)
    return out
