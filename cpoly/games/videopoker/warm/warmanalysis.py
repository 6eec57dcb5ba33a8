"""A warm ``cpoly analyze``: a game's analysis prepared from its prepared-game file
(:mod:`~cpoly.games.videopoker.warm.holdfile`), without loading the game (no parser, no engine).

:func:`open_analysis` rebuilds from the file's arrays, through the constructor the slow path
reads them with (:func:`~cpoly.games.videopoker.warm.preparedfile.from_store`), the
:class:`~cpoly.games.videopoker.prepare.prepared.PreparedGame` of :meth:`VideoPoker.single_deck
<cpoly.games.videopoker.game.VideoPoker.single_deck>`, with the title, categories, warnings, pay
tables and tie rule of the file's header (:func:`~cpoly.games.videopoker.warm.preparedfile.game_meta`);
:class:`WarmSource` answers the analyses' questions from it
(:class:`~cpoly.games.videopoker.gamesource.GameSource`), through the one analysis of a plain
game (:class:`~cpoly.games.videopoker.play.plain.PlainPlay`).

It answers None (the slow path answers) whenever it cannot vouch for the same result: a game
with a feature (the loaded game solves it), no sound file of these definitions and cpoly
(:func:`~cpoly.games.videopoker.warm.holdfile.open_prepared`),
one written for another spelling of the path or from another directory, no such pay table (the
slow path explains), no known tie rule in the header, a deck whose blocks come out otherwise
than the file's, or a category no deal is paid (the slow path refuses one that has deals).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from cpoly.deck.suitclasses import SuitBlocks
from cpoly.errors import CpolyError
from cpoly.games.videopoker.hold.tiebreak import TieRuleChoice, choose_tie_rule
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.summary import GameAnalysis, Progress
from cpoly.games.videopoker.play.variant import analyze
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.games.videopoker.warm.holdfile import header_paytable, header_warnings, open_prepared
from cpoly.games.videopoker.warm.preparedfile import from_store
from cpoly.lang.paytable import PayTable
from cpoly.lang.tierule import TieRule
from cpoly.store.container import Store

if TYPE_CHECKING:
    from cpoly.lang.features import Feature

__all__ = ["WarmAnalysis", "WarmSource", "open_analysis"]


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
        if warnings is None or table is None or meta["features"]:
            return None  # a feature game: the loaded game answers (its features solved)
        prepared = _prepared(opened)
        if prepared is None or not np.isin(np.arange(len(meta["categories"])), prepared.stacked.categories).all():
            return None  # or a category no deal is paid: the slow path says whether it is a mistake
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


class WarmSource:
    """A game answered from its prepared-game file (a plain game: the file is written for no
    other kind): the warm :class:`~cpoly.games.videopoker.gamesource.GameSource`."""

    def __init__(self, warm: WarmAnalysis, paytables: tuple[str | None, ...]) -> None:
        self.warm = warm
        self.first = paytables[0]
        self.tables = {table.name: table for table in (warm.paytable, *warm.paytables)}

    @classmethod
    def open(cls, path: str, paytables: tuple[str | None, ...]) -> WarmSource | None:
        """The game at ``path`` from its file when the file can answer for every table of
        ``paytables`` (the first: the one analysed); None (the slow path answers) otherwise."""
        warm = open_analysis(path, paytables[0])
        if warm is None:
            return None
        try:
            choose_tie_rule(None, warm.tie_rule)
        except (IndexError, TypeError, ValueError):
            return None
        source = cls(warm, paytables)
        if any(name is not None and name not in source.tables for name in paytables[1:]):
            return None
        return source

    @property
    def title(self) -> str:
        return self.warm.title

    @property
    def categories(self) -> tuple[str, ...]:
        return self.warm.categories

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(self.warm.warnings)

    @property
    def features(self) -> tuple[Feature, ...]:
        """None: a game with a feature is answered by the loaded game (:func:`open_analysis`)."""
        return ()

    def paytable(self, name: str | None) -> PayTable:
        return self.warm.paytable if name == self.first else self.tables[str(name)]

    def tie_rule(self, asked: TieRule | str | None) -> TieRuleChoice:
        return choose_tie_rule(asked, self.warm.tie_rule)

    def analyse(self, table: PayTable, tie_rule: TieRule | str | None, progress: Progress | None) -> GameAnalysis:
        return analyze(PlainPlay(self.warm.prepared), table, self.tie_rule(tie_rule).rule, progress)

    def plain(self, feature: str) -> PreparedGame:
        """The prepared game (a plain game's: every feature supports it)."""
        return self.warm.prepared

    def finish(self) -> None:
        """Nothing to write: the file is there."""
