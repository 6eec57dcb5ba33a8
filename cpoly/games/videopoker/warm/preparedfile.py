"""A game's prepared-game file: where it lives, its header, and its arrays written and read back.

The file is one :mod:`cpoly.store.container` container (memory-mapped) of a game prepared from its
suit classes (:mod:`~cpoly.games.videopoker.prepare.classprep`: a single deck whose engine
literals leave the suits of each block interchangeable and whose deal accepts every hand).  Its
arrays, the suit-class preparation, are read by the analysis, the warm ``analyze``
(:mod:`~cpoly.games.videopoker.warm.warmanalysis`) and, with the standard library alone, the
warm ``hold`` (:mod:`~cpoly.games.videopoker.warm.holdfile`); its header holds what those need
besides (:func:`game_meta`).  The cold path builds the arrays, writes the file and reads it back
(:func:`prepare_from_file`) through :func:`from_store`, the constructor the warm paths call.
Other games keep the slow path.

The game is read through :class:`LoadedGame` (what a
:class:`~cpoly.games.videopoker.game.VideoPoker` offers), so that the game imports this module
and not the other way round.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from cpoly.deck.suitclasses import SuitBlocks
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.play.variant import DealKind
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.classprep import Classify, build_arrays, prepared_of
from cpoly.games.videopoker.warm.holdfile import prepared_path
from cpoly.lang.paytable import PayTable
from cpoly.store import container as store
from cpoly.store.sources import cache_enabled, remember

if TYPE_CHECKING:
    from cpoly.count.compiledgame import Game
    from cpoly.games.videopoker.prepare.prepared import PreparedGame

__all__ = ["LoadedGame", "from_store", "game_meta", "load_classes", "prepare_from_file", "prepared_file",
           "store_hold_file", "write_prepared"]


class LoadedGame(Protocol):
    """A loaded game as the prepared-game file reads it
    (:class:`~cpoly.games.videopoker.game.VideoPoker`)."""

    @property
    def game(self) -> Game: ...
    @property
    def faces(self) -> np.ndarray: ...
    @property
    def suits(self) -> np.ndarray: ...
    @property
    def n_cards(self) -> int: ...
    @property
    def kind(self) -> DealKind: ...
    @property
    def suit_literals(self) -> list[frozenset[int]] | None: ...
    @property
    def tie_rule_statement(self) -> tuple[str, str] | None: ...
    def card_name(self, index: int) -> str: ...
    def checks(self) -> dict[str, np.ndarray]: ...
    def single_deck(self, use_cache: bool = True) -> PreparedGame: ...


def prepared_file(poker: LoadedGame, entry: str) -> tuple[Path, str]:
    """Where the prepared-game file of ``poker`` lives and the key its header must hold: named
    and keyed by its sources (with cpoly's code: where the warm paths look), unless it has none
    or constants given other values (then by its suit-class key ``entry``)."""
    program = poker.game.program
    sources = program.module.sources
    if sources is None or program.overridden:
        return cache.entry_path("suit-classes", entry), entry
    return prepared_path(sources.key()), sources.key()


def store_hold_file(poker: LoadedGame, game: str) -> Path | None:
    """The prepared-game file of ``poker`` (loaded from the path ``game``), prepared if it is
    not there yet; None when the game keeps the slow path or the cache cannot be written."""
    sources = poker.game.program.module.sources
    if sources is None or poker.kind is not DealKind.PLAIN or not cache_enabled():
        return None
    remember(Path(game), sources)
    prepared = poker.single_deck()
    if prepared.suit_classes is None:
        return None
    blocks, arrays = prepared.suit_classes
    if poker.game.program.overridden:  # kept by its suit-class key (prepared_file): not a warm path's file
        return None
    path = prepared_path(sources.key())
    if not path.is_file():  # prepared before, in another cache directory
        write_prepared(path, arrays, game_meta(poker, blocks), sources.key())
    return path if path.is_file() else None


def prepare_from_file(classify: Classify, blocks: SuitBlocks, faces: np.ndarray, n_columns: int, key: str,
                    use_cache: bool = True, where: Path | None = None,
                    meta: Callable[[], Mapping[str, Any]] = dict) -> PreparedGame:
    """Deal classes and tables of a single-deck game whose categories are invariant under the
    suit permutations of ``blocks`` (the deck and its interchangeable suits; the caller vouches
    for that: the engine's literals), from its prepared-game file, or built
    (:func:`~cpoly.games.videopoker.prepare.classprep.build_arrays`) and written there.

    ``classify`` gives the categories of sorted five-card hands (the class representatives),
    ``n_columns`` counts the categories with "nothing", ``key`` is the game's cache key (its
    definition and deck).  With ``use_cache`` the prepared-game file ``where`` (by default the
    cache entry of ``key``) is read when it holds the game of ``key``, else written (with
    ``meta()`` in its header) and read back.
    """
    where = where or cache.entry_path("suit-classes", key) if use_cache and cache_enabled() else None
    stored = None if where is None else load_classes(blocks, faces, n_columns, key, where)
    if stored is not None:
        return stored
    arrays = build_arrays(classify, blocks, n_columns)
    if where is not None and write_prepared(where, arrays, meta(), key):
        written = load_classes(blocks, faces, n_columns, key, where, from_cache=False)
        if written is not None:
            return written
    prepared = prepared_of(arrays, blocks, faces, n_columns, from_cache=False)
    if prepared is None:
        raise AssertionError("the arrays just built fail their own checks")
    return prepared


def write_prepared(where: Path, arrays: Mapping[str, np.ndarray], meta: Mapping[str, Any], key: str) -> bool:
    """Write the prepared-game file ``where`` of the game of ``key``; False when it cannot be
    written."""
    return store.write(where, cache.raw_arrays(arrays), {**meta, "entry": key})


def load_classes(blocks: SuitBlocks, faces: np.ndarray, n_columns: int, key: str, where: Path,
                 from_cache: bool = True) -> PreparedGame | None:
    """The prepared game of the file ``where`` when it holds the game of ``key``
    (:func:`prepare_from_file`'s parameters), or None when it is missing, of another game, damaged
    (deleted) or not sane: nothing is computed."""
    opened = store.open_store(where)
    if opened is None or opened.meta.get("entry") != key:
        return None
    prepared = from_store(opened, blocks, faces, n_columns, from_cache)
    if prepared is None:
        cache.discard(where)
    return prepared


def from_store(opened: store.Store, blocks: SuitBlocks, faces: np.ndarray, n_columns: int,
               from_cache: bool = True) -> PreparedGame | None:
    """The prepared game of an open prepared-game file; None when an array fails its check or
    the arrays are not the expected ones, or not sane."""
    try:
        arrays = opened.arrays()
    except (store.Damaged, ValueError, TypeError):
        return None
    return prepared_of(arrays, blocks, faces, n_columns, from_cache)


def game_meta(poker: LoadedGame, blocks: SuitBlocks) -> dict[str, Any]:
    """The header: what the output and the card checks need (title, categories, ranks, suits, card
    names), the suit layout and literals, the exact pay tables, the warnings as rendered, the
    features (kind, title, lines and warning: a warm ``hold`` in a feature's state reads them) and whether the
    warm paths may answer (an unordered game, categories 0/1 on every hand)."""
    from cpoly.lang.features import base_game_only  # the parser's syntax: not for a warm run

    spec = poker.game.spec
    face_index = [int(bit).bit_length() - 1 for bit in blocks.face_bit]
    cell = [[-1] * (max(face_index) + 1) for _ in range(int(blocks.column.max()) + 1)]
    for card, (column, face) in enumerate(zip(blocks.column.tolist(), face_index)):
        cell[column][face] = card
    sorts = poker.game.sorts
    sizes = [sorts[poker.game.face_vertices[0]].size, sorts[poker.game.suit_vertices[0]].size]
    program = poker.game.program
    checks = poker.checks()
    literals = poker.suit_literals
    assert literals is not None  # the game was prepared from its suit classes
    return {
        "key": None if program.module.sources is None else program.module.sources.key(),
        "warm": not (spec.ordered or len(checks["rejected"]) or len(checks["odd"])),
        "title": spec.title, "categories": poker.game.category_names,
        "ranks": spec.ranks, "suits": spec.suit_letters,
        "sizes": [size if isinstance(size, int) else None for size in sizes],
        "deck": [[int(f), int(s)] for f, s in zip(poker.faces, poker.suits)],
        "names": [poker.card_name(i) for i in range(poker.n_cards)],
        "columns": blocks.column.tolist(), "faces": face_index,
        "blocks": [list(b) for b in blocks.blocks], "cell": cell,
        "literals": [sorted(literal) for literal in literals],
        "n_columns": len(poker.game.category_names) + 1,
        "paytables": [_paytable(table, poker.n_cards) for table in spec.paytables],
        "tie_rule": poker.tie_rule_statement,
        "features": [{"kind": f.kind, "title": f.title, "lines": getattr(f, "lines", 1),
                      "warning": base_game_only(f).render()} for f in spec.features],
        "warnings": {"path": program.module.path, "cwd": os.getcwd(),
                     "lines": [w.render() for w in program.warnings]},
    }


def _paytable(table: PayTable, n: int) -> dict[str, Any]:
    """A pay table's exact pays, or marked unusable where the slow path would refuse it (it
    answers, and explains)."""
    try:
        scaled = table.scaled()
        scaled.check_int64_bounds(draw_weights(n)[0], n)
    except CpolyInputError:
        return {"name": table.name, "usable": False}
    return {"name": table.name, "usable": True,
            "exact": {"pays": [str(pay) for pay in table.pays],
                      "dealt": [None if pay is None else str(pay) for pay in table.dealt_pays]}}
