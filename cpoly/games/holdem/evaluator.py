"""Vectorised 5-, 6- and 7-card poker evaluator, its tables generated from a game's rules.

Strength is an ``int32``: ``category << 20`` plus up to five 4-bit ranks (most significant
first), so a larger strength is a better hand and equal strengths tie.  The category bits are the
game's hand codes (:class:`~cpoly.games.holdem.rules.GameRules`, read from its ``.cp`` file;
standard Hold'em by default): there, the seed's ten hand codes 1 high card, 2 pair, 3 two pair,
4 three of a kind, 5 straight, 6 flush, 7 full house, 8 four of a kind, 9 straight flush,
10 royal flush (a royal has the straight flush's category bits in the strength;
:func:`category_codes` reports it as 10).  Every function takes the game's ``rules`` (None:
standard Hold'em, read from ``definitions/holdem.cp``).

The tables and the arithmetic are :mod:`~cpoly.games.holdem.strengths` (explicit rules, below
the game file); this module adds the default game, the fives a game's hands may play
(:mod:`~cpoly.games.holdem.showdown`) and the best five cards of a hand.

>>> from cpoly.games.holdem.intcards import parse_cards
>>> int(category_codes(evaluate([parse_cards("As Ks Qs Js Ts 2c 3d")]))[0])
10
>>> best_five(parse_cards("Ah Ad Kc Ks 7h 7d 2c"))
(49, 50, 44, 47, 21)
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem import strengths
from cpoly.games.holdem.gamefile import resolve_game
from cpoly.games.holdem.rules import KIND_NAMES, GameRules, Kind
from cpoly.games.holdem.showdown import allowed_fives, showdown_of
from cpoly.games.holdem.strengths import HIGH_BIT, POPCOUNT, TOP_K, code_table, count_masks

__all__ = [
    "CATEGORY_NAMES", "HIGH_BIT", "POPCOUNT", "TOP_K", "allowed_fives", "best_five", "category_codes",
    "code_table", "count_masks", "evaluate", "evaluate_holdings", "evaluate_one", "flush_strength",
    "game_rules", "rank_strength", "strength_from_counts",
]

IntArray = npt.NDArray[np.int64]
#: Standard Hold'em's category names by hand code (a game's own: ``GameRules.names``).
CATEGORY_NAMES: Final = KIND_NAMES


def game_rules(rules: GameRules | None) -> GameRules:
    """``rules``, or standard Hold'em's (read from definitions/holdem.cp) when None."""
    return resolve_game(rules)


def rank_strength(b1: IntArray, b2: IntArray, b3: IntArray, b4: IntArray,
                  rules: GameRules | None = None) -> IntArray:
    """Best non-flush strength from rank bitmasks (ranks held ≥1, ≥2, ≥3, 4 times).

    >>> int(rank_strength(*[np.array([m]) for m in (0b11111, 0, 0, 0)])[0]) >> 20
    5
    """
    return strengths.rank_strength(b1, b2, b3, b4, game_rules(rules))


def flush_strength(suit_mask: IntArray, rules: GameRules | None = None) -> IntArray:
    """Strength of the flush or straight flush in a 13-bit suit mask; 0 with fewer than 5 bits."""
    return strengths.flush_strength(suit_mask, game_rules(rules))


def strength_from_counts(counts: npt.NDArray[np.integer], rules: GameRules | None = None) -> IntArray:
    """Rank-only strength (flushes ignored) from rank counts of shape ``(..., 13)``."""
    return strengths.strength_from_counts(counts, game_rules(rules))


def evaluate(cards: npt.ArrayLike, rules: GameRules | None = None) -> IntArray:
    """Strengths of hands given as an ``(N, n)`` array of cards, ``n`` in 5..7: the best five
    of the ``n`` cards in the game's order (``rules``; standard Hold'em by default).

    Raises
    ------
    CpolyInputError
        When the hands do not have 5 to 7 cards or a card is outside 0..51.
    """
    return strengths.evaluate(cards, game_rules(rules))


def category_codes(strength: npt.ArrayLike, rules: GameRules | None = None) -> IntArray:
    """Hand codes of strengths: the category bits, and the royal flush's code for the straight
    flush with the top window's top card (standard: royal flush = 10).

    >>> category_codes(np.array([9 << 20 | 12 << 16, 9 << 20 | 11 << 16])).tolist()
    [10, 9]
    """
    return strengths.category_codes(strength, game_rules(rules))


def evaluate_holdings(hole: npt.ArrayLike, board: npt.ArrayLike,
                      rules: GameRules | None = None) -> IntArray:
    """Strengths of ``(N, hole_cards)`` holdings on ``(N, b)`` boards under the game's rules:
    the best five of the fives its hands may play (:meth:`~cpoly.games.holdem.showdown.Showdown.fives`:
    any five of the seven in Hold'em, exactly two hole cards in Omaha)."""
    game = game_rules(rules)
    showdown = showdown_of(game)
    holes = np.asarray(hole, dtype=np.int64).reshape(-1, showdown.hole_cards)
    boards = np.asarray(board, dtype=np.int64).reshape(len(holes), -1)
    cards = np.concatenate([holes, boards], axis=1)
    fives = showdown.fives(boards.shape[1])
    if fives is None:
        return evaluate(cards, game)
    columns = np.array(fives, dtype=np.int64)
    values = evaluate(cards[:, columns].reshape(-1, 5), game).reshape(len(cards), len(columns))
    return np.asarray(values.max(axis=1), dtype=np.int64)


def evaluate_one(cards: tuple[int, ...] | list[int], rules: GameRules | None = None) -> int:
    """Strength of a single 5- to 7-card hand."""
    return int(evaluate(np.asarray(cards)[None, :], rules)[0])


def best_five(cards: tuple[int, ...] | list[int], rules: GameRules | None = None,
              hole: int | None = None) -> tuple[int, ...]:
    """The best five cards of a 5- to 7-card hand, in the order of the hand's tiebreak.

    Cards are ordered by (multiplicity, rank) descending; a straight whose ace plays low puts
    its ace last.  With ``hole`` (Omaha), the first ``hole`` cards are hole cards and only the
    fives of the game's rule are considered.
    """
    game = game_rules(rules)
    if hole is None and not 5 <= len(cards) <= 7:
        raise CpolyInputError(f"a hand has 5 to 7 cards, got {len(cards)}")
    fives = None if hole is None else showdown_of(game).fives(len(cards) - hole)
    columns = list(combinations(range(len(cards)), 5)) if fives is None else fives
    subsets = np.array([[cards[i] for i in five] for five in columns], dtype=np.int64)
    values = evaluate(subsets, game)
    best = [int(c) for c in subsets[int(np.argmax(values))]]
    rank_count = {r: sum(1 for c in best if c // 4 == r) for r in range(13)}
    strength = int(values.max())
    straights = (game.codes[Kind.STRAIGHT], game.codes[Kind.STRAIGHT_FLUSH])
    ace_low = (strength >> 20) in straights and (strength >> 16 & 15) != 12 and 12 in rank_count \
        and rank_count[12] > 0

    def key(card: int) -> tuple[int, int, int]:
        rank = card // 4
        order_rank = -1 if (ace_low and rank == 12) else rank
        return (-rank_count[rank], -order_rank, card % 4)

    return tuple(sorted(best, key=key))
