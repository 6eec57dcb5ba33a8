"""The whole search on a small deck against brute force over every suited tuple.

The oracle lists every 5-card board of the small deck for every set of disjoint hands (one per
class of suit renamings), ranks the 7-card hands with the vectorised evaluator (flushes and
all), and shares every pot exactly.  None of the search's combinatorics is used.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, permutations

import numpy as np
import pytest

from cpoly.games.holdem.evaluator import evaluate
from cpoly.games.holdem.intcards import RANKS, parse_cards
from cpoly.games.holdem.search.bounds import flush_bounds
from cpoly.games.holdem.search.exact import exact_equities
from cpoly.games.holdem.search.nf import outcome_counts, share_table
from cpoly.games.holdem.search.run import search
from cpoly.games.holdem.search.searchdeck import SearchDeck, parse_ranks, search_deck

Oracle = dict[int, dict[int, Fraction]]   # class key -> {hand code: exact equity}


def _hand_codes(hands: np.ndarray) -> np.ndarray:
    """A hand as ``64 * high card + low card``."""
    return 64 * hands.max(axis=-1) + hands.min(axis=-1)


def _keys(tuples: np.ndarray, players: int) -> np.ndarray:
    """Class key of every tuple ``(N, players, 2)`` of cards: the smallest image, over the 24
    suit permutations, of its sorted hand codes."""
    best = np.full(len(tuples), np.iinfo(np.int64).max)
    for perm in permutations(range(4)):
        renamed = 4 * (tuples // 4) + np.array(perm)[tuples % 4]
        codes = np.sort(_hand_codes(renamed), axis=1)
        key = np.zeros(len(tuples), dtype=np.int64)
        for j in range(players):
            key = key * 4096 + codes[:, j]
        np.minimum(best, key, out=best)
    return best


@cache
def brute_force(ranks: str, players: int = 3) -> Oracle:
    """Exact equities of one representative of every class of tuples of disjoint hands."""
    cards = np.array([4 * r + s for r in parse_ranks(ranks) for s in range(4)], dtype=np.int64)
    hands = np.array(list(combinations(cards.tolist(), 2)), dtype=np.int64)
    boards = np.array(list(combinations(cards.tolist(), 5)), dtype=np.int64)
    bits = {int(c): 1 << i for i, c in enumerate(cards)}
    board_bits = np.array([sum(bits[int(c)] for c in b) for b in boards], dtype=np.int64)
    hand_bits = np.array([bits[int(a)] | bits[int(b)] for a, b in hands], dtype=np.int64)
    strength = np.zeros((len(hands), len(boards)), dtype=np.int64)
    for h in range(len(hands)):
        ok = (board_bits & hand_bits[h]) == 0
        seven = np.concatenate([np.broadcast_to(hands[h], (int(ok.sum()), 2)), boards[ok]], axis=1)
        strength[h, ok] = evaluate(seven)
    chosen = np.array(list(combinations(range(len(hands)), players)), dtype=np.int64)
    union = np.zeros(len(chosen), dtype=np.int64)
    disjoint = np.ones(len(chosen), dtype=bool)
    for j in range(players):
        disjoint &= (union & hand_bits[chosen[:, j]]) == 0
        union |= hand_bits[chosen[:, j]]
    chosen, union = chosen[disjoint], union[disjoint]
    keys, first = np.unique(_keys(hands[chosen], players), return_index=True)
    oracle: Oracle = {}
    for start in range(0, len(first), 256):
        block = first[start:start + 256]
        valid = (board_bits[None, :] & union[block, None]) == 0
        rows = [strength[chosen[block, j]] for j in range(players)]
        top = np.max(rows, axis=0)
        wins = [(r == top) & valid for r in rows]
        split = np.maximum(np.sum(wins, axis=0), 1)
        for i, index in enumerate(block.tolist()):
            boards_here = int(valid[i].sum())
            line = {}
            for j in range(players):   # boards won by j, by number of winners: 1/k pot each
                ways, counts = np.unique(split[i][wins[j][i]], return_counts=True)
                share = sum((Fraction(int(n), int(k)) for k, n in zip(ways, counts)), Fraction(0))
                line[int(_hand_codes(hands[chosen[index, j]]))] = share / boards_here
            oracle[int(keys[start + i])] = line
    return oracle


def _key(hand_texts: list[str]) -> int:
    tuples = np.array([[parse_cards(h) for h in hand_texts]], dtype=np.int64)
    return int(_keys(tuples, len(hand_texts))[0])


def _spread(line: dict[int, Fraction]) -> Fraction:
    return max(line.values()) - min(line.values())


def _ranked(oracle: Oracle) -> list[Fraction]:
    """Spreads of the tuples whose equities are pairwise different, smallest first."""
    return sorted(_spread(line) for line in oracle.values()
                  if len(set(line.values())) == len(line))


def test_search_matches_brute_force() -> None:
    oracle = brute_force("TJQKA")
    spreads = _ranked(oracle)
    result = search("TJQKA", players=3, top=8)
    assert result.proven
    assert [b.spread for b in result.best] == spreads[:8]
    for found in result.best:
        assert sorted(oracle[_key(found.hands)].values(), reverse=True) == found.equities
    assert result.passes[1].counts["suited_tuples"] == len(oracle)  # each class exactly once


def test_two_players_match_brute_force() -> None:
    oracle = brute_force("9TJQKA", players=2)
    spreads = _ranked(oracle)
    result = search("9TJQKA", players=2, top=5)
    assert result.proven and [b.spread for b in result.best] == spreads[:5]
    assert result.passes[1].counts["suited_tuples"] == len(oracle)


def test_bounds_hold_for_every_suited_tuple() -> None:
    """Every suited tuple's exact equities lie inside its flush bounds: no survivor of pass 2
    can be wrongly dropped."""
    deck = search_deck("TJQKA", 3)
    table = share_table(3)
    total = 6 * deck.board_total
    local = {r: i for i, r in enumerate(deck.ranks)}
    oracle = brute_force("TJQKA")
    for line in oracle.values():
        # players in the deck's hand order: by (high rank, low rank)
        codes = sorted(line, key=lambda c: (local[c // 256], local[c % 64 // 4]))
        row = deck.tuple_index([RANKS[c % 64 // 4] + RANKS[c // 256] for c in codes])
        masks = np.zeros((1, 4, 3), dtype=np.int64)
        for j, code in enumerate(codes):
            for card in divmod(code, 64):
                masks[0, card % 4, j] |= 1 << local[card // 4]
        rise, fall = flush_bounds(deck, masks)
        nf = (outcome_counts(deck, [row]) @ table)[0]
        for j, code in enumerate(codes):
            assert nf[j] - 6 * fall[0, j] <= line[code] * total <= nf[j] + 6 * rise[0, j]


def _suited(deck: SearchDeck, codes: list[int]) -> tuple[int, np.ndarray]:
    """Row and suiting ``(2 * players,)`` of hands given by hand codes (deck's hand order)."""
    row = deck.tuple_index([RANKS[c % 64 // 4] + RANKS[c // 256] for c in codes])
    suits = [card % 4 for code in codes for card in (code % 64, code // 64)]   # low, high
    return row, np.array(suits, dtype=np.int64)


@pytest.mark.parametrize("ranks, players", [("TJQKA", 3), ("9TJQKA", 2)])
def test_exact_pass_matches_brute_force_for_every_suited_tuple(ranks: str, players: int) -> None:
    """Pass 3's flush corrections (a flusher plays the flush; the others' full houses) give
    every suited tuple's exact equities, pocket pairs and shared ranks included."""
    deck = search_deck(ranks, players)
    local = {r: i for i, r in enumerate(deck.ranks)}
    by_row: dict[int, list[tuple[np.ndarray, list[Fraction]]]] = {}
    for line in brute_force(ranks, players).values():
        codes = sorted(line, key=lambda c: (local[c // 256], local[c % 64 // 4]))
        row, suits = _suited(deck, codes)
        by_row.setdefault(row, []).append((suits, [line[c] for c in codes]))
    for row, items in by_row.items():
        found = exact_equities(deck, row, np.array([suits for suits, _ in items]))
        assert found == [expected for _, expected in items]
