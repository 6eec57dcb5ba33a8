"""Writing a game's hold file (:mod:`~cpoly.games.videopoker.holdfile`) from a loaded game.

The slow path of ``cpoly hold`` and ``cpoly analyze`` call :func:`store_hold_file` once the
game is prepared.  It writes only for a single-deck, unordered game prepared from its suit
classes (:mod:`~cpoly.games.videopoker.classprep`: the engine's literals leave the suits of each
block interchangeable) whose deal accepts every hand and whose categories are 0/1: the tables
are then those of the suit classes, read from the preparation (nothing is counted again), and
every answer of the warm path is the slow path's.  The header also says how to find the suit-class
cache entry again and the exact pays (a warm ``analyze``,
:mod:`~cpoly.games.videopoker.warmanalysis`).  Other games keep the slow path.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.combinatorics import all_hands
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.holdchoice import HAND_SIZE, draw_weights
from cpoly.games.videopoker.holdfile import (
    ALIGN,
    CHECK_SIZE,
    CODES,
    MAGIC,
    check_line,
    hold_file_path,
    read_hold_file,
)
from cpoly.games.videopoker.holds import hold_pay_matrix
from cpoly.games.videopoker.paytable import PayTable, check_int64_bounds
from cpoly.games.videopoker.prepare import PreparedGame
from cpoly.games.videopoker.suitclasses import SuitBlocks
from cpoly.sources import cache_enabled, remember, write_atomic

__all__ = ["hold_file_bytes", "store_hold_file"]

Sections = list[tuple[np.ndarray, np.ndarray]]


def store_hold_file(poker: VideoPoker, game: str) -> Path | None:
    """Write the hold file of ``poker`` (loaded from the path ``game``) unless it is there
    already; None when the game keeps the slow path or the cache cannot be written."""
    sources = poker.game.program.module.sources
    if sources is None or poker.copies != 1 or poker.game.spec.ordered or not cache_enabled():
        return None
    prepared = poker.prepared()
    checks = poker.checks()
    if not isinstance(prepared, PreparedGame) or prepared.suit_classes is None \
            or len(checks["rejected"]) or len(checks["odd"]):
        return None
    key = sources.key()
    remember(Path(game), sources)
    path = hold_file_path(key)
    stored = read_hold_file(path)
    if stored is not None and stored[0].get("key") == key:
        return path
    body = hold_file_bytes(poker, prepared, key, game)
    return path if body is not None and write_atomic(path, body) else None


def hold_file_bytes(poker: VideoPoker, prepared: PreparedGame, key: str, game: str) -> bytes | None:
    """The bytes of the hold file; None when the suit-class tables do not read as expected."""
    assert prepared.suit_classes is not None
    blocks, arrays = prepared.suit_classes
    try:
        sections = _sections(blocks, arrays)
    except KeyError:  # a preparation whose arrays are named otherwise: no hold file
        return None
    if sections is None:
        return None
    header = _header(poker, blocks, key, game)
    header.update(n_columns=len(poker.game.category_names) + 1, byteorder=sys.byteorder)
    header["sections"], body = _packed(sections)
    text = json.dumps(header, separators=(",", ":")).encode() + b"\n"
    after = text + bytes(-(len(MAGIC) + CHECK_SIZE + len(text)) % ALIGN) + body
    return MAGIC + check_line(zlib.crc32(after), len(MAGIC) + CHECK_SIZE + len(after)) + after


def _packed(sections: Sections) -> tuple[list[dict[str, list[Any]]], bytes]:
    """The arrays one after another, each 8-byte aligned in the smallest unsigned type that
    holds it, and where each is: ``[byte offset from the first, items, typecode]``."""
    places: list[dict[str, list[Any]]] = []
    chunks: list[bytes] = []
    offset = 0
    for keys, values in sections:
        place = {}
        for name, array in (("keys", keys), ("values", values)):
            code = next(c for c in CODES if int(array.max(initial=0)) < 1 << 8 * np.dtype(c).itemsize)
            data = np.ascontiguousarray(array, dtype=np.dtype(code)).tobytes()
            place[name] = [offset, int(array.size), code]
            chunks.append(data + bytes(-len(data) % ALIGN))
            offset += len(chunks[-1])
        places.append(place)
    return places, b"".join(chunks)


def _sections(blocks: SuitBlocks, arrays: Any) -> Sections | None:
    """For j = 0..5 the sorted class keys of the j-card subsets, and their counts rows (for
    five cards: categories); None when the preparation's arrays are not what is expected."""
    sections: Sections = []
    for j in range(HAND_SIZE - 1):
        of_rank = np.asarray(arrays[f"class{j}"])
        classes, first = np.unique(of_rank, return_index=True)
        members = all_hands(blocks.n, j)[first].astype(np.uint64)
        keys = np.bitwise_or.reduce(np.uint64(1) << members, axis=1) if j else np.zeros(1, np.uint64)
        if not np.array_equal(classes, np.arange(len(arrays[f"table{j}"]))) \
                or not np.array_equal(blocks.keys(all_hands(blocks.n, j)[first]), keys):
            return None
        sections.append((keys, np.asarray(arrays[f"table{j}"])))
    sections.append((np.asarray(arrays["keys4"]), np.asarray(arrays["table4"])))
    sections.append((np.asarray(arrays["keys5"]), np.asarray(arrays["categories"])))
    if any(np.any(np.diff(keys.astype(np.uint64)) <= 0) if len(keys) > 1 else False for keys, _ in sections) \
            or any(int(values.min(initial=0)) < 0 for _, values in sections):
        return None
    return sections


def _header(poker: VideoPoker, blocks: SuitBlocks, key: str, game: str) -> dict[str, Any]:
    """The JSON header: what the output and the card checks need, and the deck's suit layout."""
    spec = poker.game.spec
    face_index = [int(bit).bit_length() - 1 for bit in blocks.face_bit]
    cell = [[-1] * (max(face_index) + 1) for _ in range(int(blocks.column.max()) + 1)]
    for card, (column, face) in enumerate(zip(blocks.column.tolist(), face_index)):
        cell[column][face] = card
    sorts = poker.game.sorts
    sizes = [sorts[poker.game.face_vertices[0]].size, sorts[poker.game.suit_vertices[0]].size]
    return {
        "key": key, "title": spec.title, "categories": poker.game.category_names,
        "ranks": spec.ranks, "suits": spec.suit_letters,
        "sizes": [size if isinstance(size, int) else None for size in sizes],
        "deck": [[int(f), int(s)] for f, s in zip(poker.faces, poker.suits)],
        "names": [poker.card_name(i) for i in range(poker.n_cards)],
        "columns": blocks.column.tolist(), "faces": face_index,
        "blocks": [list(b) for b in blocks.blocks], "cell": cell,
        "paytables": [_paytable(table, poker.n_cards) for table in spec.paytables],
        "tie_rule": poker.tie_rule_statement,
        "warnings": {"path": game, "cwd": os.getcwd(),
                     "lines": [w.render() for w in poker.game.program.warnings]},
        "analysis": _analysis(poker, blocks),
    }


def _analysis(poker: VideoPoker, blocks: SuitBlocks) -> dict[str, Any]:
    """What a warm ``analyze`` (:mod:`~cpoly.games.videopoker.warmanalysis`) needs besides the
    deck: the key of the suit-class cache entry and the suit literals that give ``blocks``."""
    literals = poker.suit_literals
    assert literals is not None  # the game was prepared from its suit classes
    return {"entry": poker.suit_classes_key(blocks), "literals": [sorted(literal) for literal in literals]}


def _paytable(table: PayTable, n: int) -> dict[str, Any]:
    """A pay table as the slow path's integers, or marked unusable where the slow path would
    refuse it (it answers, and explains)."""
    try:
        scaled = table.scaled()
        check_int64_bounds(draw_weights(n)[0], hold_pay_matrix(scaled), n, 1, 1)
    except CpolyInputError:
        return {"name": table.name, "usable": False}
    return {"name": table.name, "usable": True, "pays": scaled.pays.tolist(),
            "dealt": scaled.dealt_pays.tolist(), "denominator": scaled.denominator,
            "exact": {"pays": [str(pay) for pay in table.pays],
                      "dealt": [None if pay is None else str(pay) for pay in table.dealt_pays]}}
