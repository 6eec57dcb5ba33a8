"""An ordered game's witnesses: the ordered hands whose category is not the category of the same
cards unordered, found by the engine's counts (:mod:`cpoly.count.positions`) once per definition
and kept in the on-disk cache (a few arrays), so that ``hold`` in a new process skips the search.

How they are played: :mod:`~cpoly.games.videopoker.play.ordered`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from cpoly.count.compiledgame import Game
from cpoly.count.positions import position_dependent, witnesses
from cpoly.deck.cards import Card
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.prepare import cache

__all__ = ["witness_arrays"]

_LAYOUT: cache.Layout = {
    "dependent": (np.dtype(np.int64), (None,)), "cards": (np.dtype(np.int64), (None, HAND_SIZE)),
    "category": (np.dtype(np.int64), (None,)), "base": (np.dtype(np.int64), (None,))}


def witness_arrays(game: Game, card_index: Callable[[Card], int], n_cards: int, key: str) -> dict[str, np.ndarray]:
    """The witnesses of ``game`` (an ordered game whose cards are numbered by ``card_index`` in
    a deck of ``n_cards``), from the cache entry ``key`` when it is there and sound: the
    position-dependent categories (``dependent``, by index), and per witness its cards in
    position order, its category and the category of its cards unordered (``base``)."""
    stored = cache.load_entry("ordered", key, _LAYOUT)
    if stored is None or not _sane(stored, len(game.category_names), n_cards):
        stored = _find(game, card_index)
        cache.store_entry("ordered", key, stored)
    return stored


def _find(game: Game, card_index: Callable[[Card], int]) -> dict[str, np.ndarray]:
    """The position-dependent categories and their witnesses, by the engine."""
    dependent = position_dependent(game)
    hands = sorted({hand for name in dependent for hand in witnesses(game, name)})
    stacked = np.array(hands, dtype=np.int64).reshape(len(hands), HAND_SIZE, 2)
    category = game.classify(stacked) if hands else np.zeros(0, dtype=np.int16)
    base = game.classify(stacked, ignore=frozenset(dependent)) if hands else category
    changed = category != base
    cards = np.array([[card_index(card) for card in hand] for hand in hands],
                     dtype=np.int64).reshape(len(hands), HAND_SIZE)
    names = game.category_names
    return {"dependent": np.array([names.index(n) for n in dependent], dtype=np.int64),
            "cards": cards[changed], "category": category[changed].astype(np.int64),
            "base": base[changed].astype(np.int64)}


def _sane(stored: Mapping[str, np.ndarray], n_categories: int, n_cards: int) -> bool:
    """A cached witness entry with categories and cards in range and one row per witness."""
    rows = len(stored["cards"])
    return (len(stored["category"]) == rows == len(stored["base"])
            and all(((a >= 0) & (a < limit)).all() for a, limit in (
                (stored["dependent"], n_categories), (stored["category"], n_categories + 1),
                (stored["base"], n_categories + 1), (stored["cards"], n_cards))))
