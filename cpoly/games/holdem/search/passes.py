"""The three passes as chunk functions (top level, so Dask workers can import them).

Every function takes the deck's ``spec`` (ranks, players) and chunk ids, builds its tables in the
worker (cached per process) and returns a dict of int64 arrays for the checkpoint directory.
Equities and spreads are integers in *units*: ``share_unit(players) * C(unseen, 5)`` per pot.
"""

from __future__ import annotations

import numpy as np

from cpoly.games.holdem.search.bounds import coarse_rise, flush_bounds
from cpoly.games.holdem.search.exact import exact_counts
from cpoly.games.holdem.search.nf import outcome_counts, share_table, share_unit
from cpoly.games.holdem.search.searchdeck import IntArray, SearchDeck, search_deck
from cpoly.games.holdem.search.suitings import suit_masks, tuple_suitings
from cpoly.scale.chunks import Arrays

__all__ = ["Spec", "chunk_rows", "deck_of", "exact_chunk", "no_flush_chunk", "spread_of", "suiting_chunk"]

Spec = tuple[tuple[int, ...], int]


def deck_of(spec: Spec) -> SearchDeck:
    """The (per-process cached) deck of a spec."""
    return search_deck(spec[0], spec[1])


def chunk_rows(deck: SearchDeck, chunk: int, rows_per_chunk: int) -> IntArray:
    """Tuple rows of chunk number ``chunk``."""
    start = chunk * rows_per_chunk
    return np.arange(start, min(start + rows_per_chunk, len(deck.tuples)), dtype=np.int64)


def no_flush_chunk(spec: Spec, chunk: int, rows_per_chunk: int) -> Arrays:
    """Pass 1: outcome counts ``(T, 2**players)`` of the chunk's tuples."""
    deck = deck_of(spec)
    rows = chunk_rows(deck, chunk, rows_per_chunk)
    return {"rows": rows, "counts": outcome_counts(deck, rows)}


def spread_of(low: IntArray, high: IntArray, total: int) -> IntArray:
    """Lower bound of the spread ``max - min`` of equities known to lie in ``[low, high]``
    (last axis = players) and to add up to ``total``.

    Two bounds, the larger holds: ``max(low) - min(high)``; and since every equity is within
    ``(P - 1) / P * spread`` of the mean ``total / P``, ``P / (P - 1)`` times the largest
    distance from the mean to an interval (rounded down).

    >>> spread_of(np.array([[30, 50, 40]]), np.array([[60, 50, 70]]), 120).tolist()
    [15]
    >>> spread_of(np.array([[30, 90]]), np.array([[40, 100]]), 120).tolist()
    [60]
    """
    players = low.shape[-1]
    mean = total // players
    gap = np.maximum(np.maximum(low - mean, mean - high), 0).max(axis=-1)
    pairwise = np.maximum(low.max(axis=-1) - high.min(axis=-1), 0)
    return np.asarray(np.maximum(pairwise, players * gap // (players - 1)), dtype=np.int64)


def _coarse_keep(deck: SearchDeck, rows: IntArray, shares: IntArray, cap: int) -> IntArray:
    """Rows whose spread could be at most ``cap`` under the coarsest flush bounds."""
    offsuit, suited = coarse_rise(deck)
    hands = deck.hands[deck.tuples[rows]]
    rise = np.where(hands[..., 0] != hands[..., 1], suited, offsuit) * share_unit(deck.players)
    fall = rise.sum(axis=1, keepdims=True) - rise
    total = share_unit(deck.players) * deck.board_total
    return np.flatnonzero(spread_of(shares - fall, shares + rise, total) <= cap)


def suiting_chunk(spec: Spec, chunk: int, rows_per_chunk: int, cap: int) -> Arrays:
    """Pass 2: every suiting of the chunk's tuples whose spread lower bound is at most ``cap``.

    Returns rows, suiting indices (into :func:`tuple_suitings`), the lower bound and the spread of
    the bounds' midpoints (in half units, for ordering), and how many suitings were examined.
    """
    deck = deck_of(spec)
    unit = share_unit(deck.players)
    total = unit * deck.board_total
    rows = chunk_rows(deck, chunk, rows_per_chunk)
    shares = outcome_counts(deck, rows) @ share_table(deck.players)
    kept = _coarse_keep(deck, rows, shares, cap)
    examined = sum(len(tuple_suitings(deck, int(r))[1]) for r in rows.tolist())
    out: dict[str, list[IntArray]] = {"rows": [], "suitings": [], "lower": [], "middle": []}
    for index in kept.tolist():
        row = int(rows[index])
        ranks, suits = tuple_suitings(deck, row)
        rise, fall = flush_bounds(deck, suit_masks(ranks, suits, deck.players))
        lower = spread_of(shares[index] - fall * unit, shares[index] + rise * unit, total)
        middle = np.ptp(2 * shares[index] + (rise - fall) * unit, axis=1)
        keep = np.flatnonzero(lower <= cap)
        out["rows"].append(np.full(len(keep), row, dtype=np.int64))
        out["suitings"].append(keep.astype(np.int64))
        out["lower"].append(lower[keep])
        out["middle"].append(middle[keep])
    arrays = {key: np.concatenate(parts) if parts else np.zeros(0, np.int64)
              for key, parts in out.items()}
    arrays["examined"] = np.array([examined, len(kept)], dtype=np.int64)
    return arrays


def exact_chunk(spec: Spec, rows: IntArray, suitings: IntArray) -> Arrays:
    """Pass 3: exact outcome counts ``(K, 2**players)`` of the given suited tuples."""
    deck = deck_of(spec)
    counts = np.zeros((len(rows), 2 ** deck.players), dtype=np.int64)
    unique = np.unique(rows)
    no_flush = outcome_counts(deck, unique)      # one batched pass 1 for the chunk's tuples
    for row, base in zip(unique.tolist(), no_flush):
        where = np.flatnonzero(rows == row)
        _, suits = tuple_suitings(deck, row)
        counts[where] = exact_counts(deck, row, suits[suitings[where]], base)
    return {"rows": np.asarray(rows, np.int64), "suitings": np.asarray(suitings, np.int64),
            "counts": counts}
