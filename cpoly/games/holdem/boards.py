"""Exact showdown tallies for one holding by board-suit combinatorics.

For known hole cards, known board and dead cards, every completion of the board is counted
exactly without listing suited boards one by one:

1. **Rank part.** Enumerate the rank multisets ``M`` of the ``k`` unknown board cards; each stands
   for ``suitings(M)`` suited boards; rank every player's 7 cards by ranks only (no flushes).
2. **Flush part.** A flush needs at least 3 board cards of one suit, and a 5-card board has at
   most one such suit, so boards with a flush-capable suit ``s`` are partitioned by the exact set
   ``R`` of ranks the new cards hold in suit ``s`` and the multiset of the other new cards (suited
   in the other three suits).  Only where some player can reach 5 cards of suit ``s`` are these
   events enumerated, and each one replaces its rank-only showdown by the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from cpoly.deck.ranks import feasible_multisets, rank_sets
from cpoly.games.holdem.evaluator import count_masks, flush_strength, game_rules, rank_strength
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import Tally, tally_showdowns

IntArray = npt.NDArray[np.int64]


def _rank_counts(cards: Sequence[int]) -> IntArray:
    return np.bincount(np.asarray(cards, dtype=np.int64) // 4, minlength=13).astype(np.int64)


def _suit_mask(cards: Sequence[int], suit: int) -> int:
    return sum(1 << (c // 4) for c in cards if c % 4 == suit)


def _hole_rank_bits(hole_counts: IntArray) -> list[IntArray]:
    """Per hole-card slot, the ``(P,)`` rank bits of each player's card (0 if none)."""
    slots: list[list[int]] = [[], []]
    for counts in hole_counts:
        ranks = np.repeat(np.arange(13), counts).tolist()
        if len(ranks) > 2:
            raise ValueError("a player holds at most two cards")
        for slot in range(2):
            slots[slot].append(1 << ranks[slot] if slot < len(ranks) else 0)
    return [np.array(bits, dtype=np.int64) for bits in slots]


Masks = tuple[IntArray, IntArray, IntArray, IntArray]


def fold(masks: Masks, bits: IntArray | int) -> Masks:
    """Add one card of every rank in the rank mask ``bits`` to rank masks ``(b1, b2, b3, b4)``.

    >>> [int(m) for m in fold(fold((0, 0, 0, 0), 0b101), 0b100)]
    [5, 4, 0, 0]
    """
    b1, b2, b3, b4 = masks
    return (b1 | bits, b2 | (b1 & bits), b3 | (b2 & bits), b4 | (b3 & bits))


def _with_cards(masks: Masks, cards: Sequence[int]) -> Masks:
    for card in cards:
        masks = fold(masks, 1 << (card // 4))
    return masks


def _player_strengths(board_masks: Masks, hole_counts: IntArray,
                      rules: GameRules | None = None) -> IntArray:
    """Rank-only strengths ``(n, P)`` for board rank masks ``(n,)`` and hole counts ``(P, 13)``."""
    masks: Masks = tuple(m[:, None] for m in board_masks)  # type: ignore[assignment]
    for bits in _hole_rank_bits(hole_counts):
        masks = fold(masks, bits[None, :])
    return rank_strength(*masks, rules=rules)


def rank_tally(hole_counts: IntArray, board_counts: IntArray, available: IntArray,
               unknown: int) -> Tally:
    """Tally of the rank part: every board completion ranked by ranks only.

    Parameters
    ----------
    hole_counts : ``(P, 13)`` rank counts of each player's hole cards
    board_counts : ``(13,)`` rank counts of the known board
    available : ``(13,)`` copies of each rank left in the deck
    unknown : number of board cards still to come
    """
    multisets, ways = feasible_multisets(unknown, available)
    strengths = _player_strengths(count_masks(board_counts + multisets), hole_counts)
    return tally_showdowns(strengths, ways)


def _flush_events(hands: Sequence[tuple[int, ...]], board: Sequence[int], suit: int,
                  available: npt.NDArray[np.bool_]) -> tuple[Masks, IntArray, IntArray]:
    """Boards on which some player can flush in ``suit``: their rank masks (each ``(m,)``),
    numbers of suitings ``(m,)``, and every player's cards of ``suit`` as masks ``(m, P)``."""
    unknown = 5 - len(board)
    board_mask = _suit_mask(board, suit)
    hole_masks = np.array([_suit_mask(h, suit) for h in hands], dtype=np.int64)
    most_in_hand = max(int(m).bit_count() for m in hole_masks)
    first = max(0, 5 - board_mask.bit_count() - most_in_hand)
    suit_available = int(sum(1 << r for r in range(13) if available[r, suit]))
    others = available.sum(axis=1) - available[:, suit]
    parts: list[tuple[Masks, IntArray, IntArray]] = []
    for size in range(first, unknown + 1):
        flush_sets = rank_sets(size)
        flush_sets = flush_sets[(flush_sets & ~suit_available) == 0]
        rest, ways = feasible_multisets(unknown - size, others)
        if flush_sets.size == 0 or rest.size == 0:
            continue
        rest_masks = _with_cards(count_masks(rest), board)
        grid = fold(tuple(m[None, :] for m in rest_masks), flush_sets[:, None])  # type: ignore
        suited = np.repeat(flush_sets | board_mask, len(rest))[:, None] | hole_masks[None, :]
        parts.append((tuple(m.ravel() for m in grid), np.tile(ways, flush_sets.size),  # type: ignore
                      suited))
    if not parts:
        empty = np.zeros(0, np.int64)
        return (empty, empty, empty, empty), empty, np.zeros((0, len(hands)), np.int64)
    masks = tuple(np.concatenate([part[0][k] for part in parts]) for k in range(4))
    return (masks, np.concatenate([p[1] for p in parts]),  # type: ignore[return-value]
            np.concatenate([p[2] for p in parts]))


def _availability(hands: Sequence[tuple[int, ...]], board: Sequence[int],
                  dead: Sequence[int], rules: GameRules) -> tuple[npt.NDArray[np.bool_], IntArray]:
    known = [c for h in hands for c in h] + list(board) + list(dead)
    available = rules.in_deck.reshape(13, 4).copy()
    for card in known:
        available[card // 4, card % 4] = False
    return available, np.array([_rank_counts(h) for h in hands], dtype=np.int64)


def rank_part(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
              dead: Sequence[int] = (), rules: GameRules | None = None) -> Tally:
    """Tally of every completion ranked by ranks only; it depends on the cards' ranks alone, so
    holdings with the same ranks share it."""
    game = game_rules(rules)
    available, hole_counts = _availability(hands, board, dead, game)
    multisets, ways = feasible_multisets(5 - len(board), available.sum(axis=1))
    strengths = _player_strengths(_with_cards(count_masks(multisets), board), hole_counts, game)
    return tally_showdowns(strengths, ways, game)


def flush_part(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
               dead: Sequence[int] = (), rules: GameRules | None = None) -> Tally:
    """The correction of :func:`rank_part` for flushes: each board on which a flush changes the
    showdown replaces its rank-only tally by the real one (``boards`` is 0)."""
    game = game_rules(rules)
    available, hole_counts = _availability(hands, board, dead, game)
    events = [_flush_events(hands, board, suit, available) for suit in range(4)]
    event_masks = tuple(np.concatenate([e[0][k] for e in events]) for k in range(4))
    event_ways = np.concatenate([e[1] for e in events])
    plain = _player_strengths(event_masks, hole_counts, game)  # type: ignore[arg-type]
    real = np.maximum(plain, flush_strength(np.concatenate([e[2] for e in events]), game))
    changed = (real != plain).any(axis=1)
    total = tally_showdowns(np.concatenate([real[changed], plain[changed]]),
                            np.concatenate([event_ways[changed], -event_ways[changed]]), game)
    return replace(total, boards=0)


def holding_tally(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (),
                  dead: Sequence[int] = (), flushes: bool = True,
                  rules: GameRules | None = None) -> Tally:
    """Exact tally over all completions of ``board`` for known ``hands`` (cards must be distinct).

    ``flushes=False`` ranks every hand by its ranks only (seed 000's poker with no flushes).

    >>> from cpoly.games.holdem.cards import parse_cards
    >>> t = holding_tally([parse_cards("AsAh"), parse_cards("KsKh")])
    >>> t.boards, t.win.tolist(), t.tie.tolist()
    (1712304, [1410336, 292660], [9308, 9308])
    """
    total = rank_part(hands, board, dead, rules)
    return total + flush_part(hands, board, dead, rules) if flushes else total
