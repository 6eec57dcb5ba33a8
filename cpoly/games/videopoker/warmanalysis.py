"""A warm ``cpoly analyze``: a game's analysis prepared from its hold file and its suit-class
cache entry, without loading the game (no parser, no engine).

The first ``hold`` or ``analyze`` of a game prepared from its suit classes
(:mod:`~cpoly.games.videopoker.classprep`) writes the game's hold file
(:mod:`~cpoly.games.videopoker.holdstore`).  Its header holds, besides what a warm ``hold``
reads, what the slow path of ``analyze`` would take from the loaded game: the title, the
category names and the rendered warnings, every pay table's exact pays, the deck, the suit
literals that split its suits into blocks
(:attr:`VideoPoker.suit_literals <cpoly.games.videopoker.game.VideoPoker.suit_literals>`) and
the key of the suit-class cache entry.  :func:`open_analysis` rebuilds from these the
:class:`~cpoly.games.videopoker.prepare.PreparedGame` the slow path's
:meth:`VideoPoker.prepared <cpoly.games.videopoker.game.VideoPoker.prepared>` builds (the same
entry, read by :func:`~cpoly.games.videopoker.classprep.load_classes`: memory-mapped, its CRC
checked), and the caller runs the one analysis on it
(:func:`~cpoly.games.videopoker.analysis.analyze_prepared`).

It answers None, and the slow path answers, whenever it cannot vouch for the same result: a
hold file that is missing, damaged, of other definitions or of another version of cpoly
(:func:`~cpoly.games.videopoker.holdfile.open_hold_file`), written for another spelling of
the game's path or from another directory, without the pay table asked for (the slow path
explains), a deck whose blocks come out otherwise than the file's, or a suit-class entry that
is missing or fails its checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from cpoly.errors import CpolyError
from cpoly.games.videopoker.classprep import load_classes
from cpoly.games.videopoker.holdfile import header_warnings, open_hold_file
from cpoly.games.videopoker.prepare import PreparedGame
from cpoly.games.videopoker.suitclasses import SuitBlocks
from cpoly.paytable import PayTable

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
    prepared game, from the hold file and the cache; None when the slow path must answer
    (see the module docstring)."""
    found = open_hold_file(game)
    if found is None:
        return None
    header = found[0]
    try:
        warnings = header_warnings(header, game)
        table = _paytable(header, paytable)
        if warnings is None or table is None:
            return None
        prepared = _prepared(header)
        if prepared is None:
            return None
        usable = (_paytable(header, entry["name"]) for entry in header["paytables"])
        return WarmAnalysis(header["title"], tuple(header["categories"]), warnings, table, prepared,
                            tuple(other for other in usable if other is not None), header["tie_rule"])
    except (KeyError, IndexError, TypeError, ValueError, CpolyError):
        return None  # a header without what this code reads: the slow path answers


def _paytable(header: dict[str, Any], name: str | None) -> PayTable | None:
    """The pay table by name (the first when None) as the game defines it; None when the file
    has no such usable table."""
    for table in header["paytables"]:
        if name is None or table["name"] == name:
            if not table["usable"]:
                return None
            exact = table["exact"]
            return PayTable(table["name"], tuple(exact["pays"]), tuple(exact["dealt"]),
                            tuple(header["categories"]))
    return None


def _prepared(header: dict[str, Any]) -> PreparedGame | None:
    """The game prepared from its suit-class cache entry; None when the entry is missing or
    damaged, or the deck's blocks are not the ones the file was written with."""
    deck = np.array(header["deck"], dtype=np.int64).reshape(-1, 2)
    faces, suits = deck[:, 0].copy(), deck[:, 1].copy()
    literals = [frozenset(int(value) for value in literal) for literal in header["analysis"]["literals"]]
    blocks = SuitBlocks.of(faces, suits, literals)
    if (blocks is None or blocks.blocks != tuple(tuple(block) for block in header["blocks"])
            or blocks.column.tolist() != header["columns"]):
        return None
    return load_classes(blocks, faces, int(header["n_columns"]), str(header["analysis"]["entry"]))
