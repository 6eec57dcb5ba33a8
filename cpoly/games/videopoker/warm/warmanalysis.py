"""A warm ``cpoly analyze``: a game's analysis prepared from its prepared-game file
(:mod:`~cpoly.games.videopoker.holdfile`), without loading the game (no parser, no engine).

:func:`open_analysis` rebuilds from the file's arrays, through the constructor the slow path
reads them with (:func:`~cpoly.games.videopoker.classprep.from_store`), the
:class:`~cpoly.games.videopoker.prepare.PreparedGame` of :meth:`VideoPoker.prepared
<cpoly.games.videopoker.game.VideoPoker.prepared>`; the caller runs the one analysis on it
(:func:`~cpoly.games.videopoker.analysis.analyze_prepared`), with the title, categories, warnings,
pay tables and tie rule of the file's header (:func:`~cpoly.games.videopoker.holdstore.game_meta`).

It answers None (the slow path answers) whenever it cannot vouch for the same result: no sound
file of these definitions and cpoly (:func:`~cpoly.games.videopoker.holdfile.open_prepared`),
one written for another spelling of the path or from another directory, no such pay table (the
slow path explains), or a deck whose blocks come out otherwise than the file's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from cpoly.deck.suitclasses import SuitBlocks
from cpoly.errors import CpolyError
from cpoly.games.videopoker.classprep import from_store
from cpoly.games.videopoker.holdfile import header_paytable, header_warnings, open_prepared
from cpoly.games.videopoker.prepare import PreparedGame
from cpoly.lang.paytable import PayTable
from cpoly.store.container import Store

__all__ = ["WarmAnalysis", "open_analysis"]


class WarmAnalysis(NamedTuple):
    """What ``cpoly analyze`` prints besides the analysis, and what it analyses."""

    title: str
    categories: tuple[str, ...]
    warnings: list[str]
    paytable: PayTable
    prepared: PreparedGame
    paytables: tuple[PayTable, ...] = ()  # every table of the game the warm path can analyse
    tie_rule: Sequence[str] | None = None  # the game's tie_rule statement: rule, where


def open_analysis(game: str, paytable: str | None) -> WarmAnalysis | None:
    """The pay table ``paytable`` (the first when None) of the game at ``game`` and its
    prepared game, from its prepared-game file; None when the slow path must answer (see the
    module docstring)."""
    opened = open_prepared(game)
    if opened is None:
        return None
    meta = opened.meta
    try:
        warnings = header_warnings(meta, game)
        table = header_paytable(meta, paytable)
        if warnings is None or table is None:
            return None
        prepared = _prepared(opened)
        if prepared is None:
            return None
        usable = (header_paytable(meta, entry["name"]) for entry in meta["paytables"])
        return WarmAnalysis(meta["title"], tuple(meta["categories"]), warnings, table, prepared,
                            tuple(other for other in usable if other is not None), meta["tie_rule"])
    except (KeyError, IndexError, TypeError, ValueError, CpolyError):
        return None  # a header without what this code reads: the slow path answers


def _prepared(opened: Store) -> PreparedGame | None:
    """The game prepared from the file's arrays; None when they fail their checks, or the
    deck's blocks are not the ones the file was written with."""
    meta = opened.meta
    deck = np.array(meta["deck"], dtype=np.int64).reshape(-1, 2)
    faces, suits = deck[:, 0].copy(), deck[:, 1].copy()
    literals = [frozenset(int(value) for value in literal) for literal in meta["literals"]]
    blocks = SuitBlocks.of(faces, suits, literals)
    if (blocks is None or blocks.blocks != tuple(tuple(block) for block in meta["blocks"])
            or blocks.column.tolist() != meta["columns"]):
        return None
    return from_store(opened, blocks, faces, int(meta["n_columns"]))
