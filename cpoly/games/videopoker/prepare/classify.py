"""The category of every hand of a deck, by the engine, in chunks on all cores.

Hands are classified by :meth:`cpoly.count.compiledgame.Game.classify` (the ``.cp`` definitions, face/suit
decoupled) on chunks of the colex-ordered hands: the cards of a chunk are gathered as int8
faces and suits (never all 2.6 M hands x 5 x 2 at once), and the chunks run on a thread pool —
the work per chunk is NumPy gathers and element-wise operations, which release the GIL.

>>> from cpoly.api import load_game
>>> from cpoly.deck.subsets import all_hands
>>> game = load_game("definitions/jacks_or_better.cp")
>>> faces, suits = np.repeat(np.arange(13), 4), np.tile(np.arange(4), 13)
>>> hands = all_hands(52, 5)[[0, 5]]    # 2h 2d 2c 2s 3h, then 2d 2c 2s 3h 3d
>>> categories, rejected, odd = classify_rows(game, hands, faces, suits)
>>> [game.category_names[c] for c in categories], rejected.tolist(), odd
(['FourOfAKind', 'FullHouse'], [False, False], set())
"""

from __future__ import annotations

import numpy as np

from cpoly.count.compiledgame import Game
from cpoly.scale.parallel import map_chunks

__all__ = ["CHUNK_HANDS", "classify_by_classes", "classify_rows"]

#: Hands classified per chunk (bounds the temporaries: about 60 bytes per hand).
CHUNK_HANDS = 1 << 19


def _small(values: np.ndarray) -> np.ndarray:
    """int8 when every value fits (faces and suits of ordinary decks), else int64."""
    fits = values.size == 0 or (int(values.min()) >= -128 and int(values.max()) <= 127)
    return values.astype(np.int8 if fits else np.int64)


def classify_rows(game: Game, rows: np.ndarray, faces: np.ndarray, suits: np.ndarray,
                  ignore: frozenset[str] = frozenset()) -> tuple[np.ndarray, np.ndarray, set[str]]:
    """Category (int16) of every row of card indices ``rows`` (the deal expression is not
    applied), whether the deal rejects it (bool), and the categories that are not 0/1 on some
    row; chunk by chunk on the thread pool (:mod:`~cpoly.scale.parallel`)."""
    faces, suits = _small(np.asarray(faces)), _small(np.asarray(suits))
    result = np.empty(len(rows), dtype=np.int16)
    rejected = np.empty(len(rows), dtype=bool)

    def run(start: int, stop: int) -> set[str]:
        part = rows[start:stop]
        stacked = np.stack([faces[part], suits[part]], axis=2)
        odd: set[str] = set()
        # one pass with the deal (its value shares the evaluation), -1 where it rejects a row
        categories = game.classify(stacked, check_deal=True, ignore=ignore, not_zero_one=odd)
        bad = rejected[start:stop] = categories < 0
        if bad.any():  # those rows' categories all the same
            categories[bad] = game.classify(stacked[bad], check_deal=False, ignore=ignore)
        result[start:stop] = categories
        return odd

    odd = set().union(*map_chunks(run, len(rows), CHUNK_HANDS))
    return result, rejected, odd


def classify_by_classes(game: Game, rows: np.ndarray, ranks: np.ndarray, least: np.ndarray, faces: np.ndarray,
                        suits: np.ndarray, ignore: frozenset[str] = frozenset()
                        ) -> tuple[np.ndarray, np.ndarray, set[str]]:
    """:func:`classify_rows` of ``rows`` (of ranks ``ranks``, increasing) whose categories and
    deal are constant on classes (the caller vouches for it: no literal of the game tells the
    suits apart), each class's least member ``least`` classified and read by every member.

    >>> from cpoly.api import load_game
    >>> game = load_game("definitions/jacks_or_better.cp")
    >>> faces, suits = np.repeat(np.arange(13), 4), np.tile(np.arange(4), 13)
    >>> rows = np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]])   # 2h 2d 2c 2s with 3h, with 3d
    >>> categories, _, _ = classify_by_classes(game, rows, np.array([0, 1]), np.array([0, 0]), faces, suits)
    >>> [game.category_names[c] for c in categories]
    ['FourOfAKind', 'FourOfAKind']
    """
    least_rows = np.flatnonzero(least == ranks)
    categories, rejected, odd = classify_rows(game, rows[least_rows], faces, suits, ignore)
    member = np.searchsorted(ranks[least_rows], least)
    return categories[member], rejected[member], odd
