"""Where one chart differs from another: a feature game's chart in one state (a Multi-Strike
level, an Ultimate X multiplier) against the base game's, line by line in a player's words, and
how many deals the two hold differently.

Lines are compared by their words.  The longest run of lines the two charts share in the same
order (:class:`difflib.SequenceMatcher`) is unchanged; of the others, a line of both charts has
*moved*, a line of the state's chart only is *new*, a line of the base chart only is *dropped*.

>>> [(c.words, c.change) for c in line_changes(["a", "b", "c"], ["b", "a", "d"])]
[('b', 'moved'), ('d', 'new'), ('c', 'dropped')]
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import NamedTuple

import numpy as np

from cpoly.games.videopoker.strategy.collected import StrategyData

__all__ = ["LineChange", "deals_held_otherwise", "line_changes"]


class LineChange(NamedTuple):
    """A line whose place differs: its words, its position in each chart (1 = the top; None:
    not in that chart) and the change (``moved``, ``new``, ``dropped``)."""

    words: str
    position: int | None
    base_position: int | None
    change: str


def line_changes(base: Sequence[str], state: Sequence[str]) -> list[LineChange]:
    """The lines of ``state`` out of the order they share with ``base`` (moved or new, in the
    state chart's order), then the lines of ``base`` that ``state`` does not have."""
    matcher = SequenceMatcher(None, list(base), list(state), autojunk=False)
    kept = {block.b + k for block in matcher.get_matching_blocks() for k in range(block.size)}
    where = {words: i for i, words in enumerate(base, 1)}
    changes = [LineChange(words, i, where.get(words), "moved" if words in where else "new")
               for i, words in enumerate(state, 1) if i - 1 not in kept]
    present = set(state)
    return changes + [LineChange(words, None, i, "dropped") for i, words in enumerate(base, 1) if words not in present]


def deals_held_otherwise(base: StrategyData, state: StrategyData) -> int:
    """The deals whose best holds in ``state`` include no best hold of ``base`` (the same game's
    deal classes, each weighed by its deals)."""
    best_base = base.values == base.values.max(axis=1, keepdims=True)
    best_state = state.values == state.values.max(axis=1, keepdims=True)
    sizes = base.poker.single_deck().sizes
    return int(sizes[~np.any(best_base & best_state, axis=1)].sum())
