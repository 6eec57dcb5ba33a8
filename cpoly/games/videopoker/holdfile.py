"""A warm ``cpoly hold``: one game's hold file, read with the standard library alone.

The first ``hold`` or ``analyze`` of a game whose suits the engine's literals leave
interchangeable (:mod:`~cpoly.games.videopoker.classprep`) writes a **hold file**
(:mod:`~cpoly.games.videopoker.holdstore`) to the cache directory, named by the key of the
game's definitions (:func:`cpoly.sources.recall`: a digest of every file it was read from).  It
holds, for every class of subsets of at most five cards under the game's suit permutations,
the number of five-card hands of each category containing the subset (``N_c(S)``, from the
engine's subset tables; for five cards: the hand's category), and what the output needs: the
title, the category names, the pay tables as integers, the deck's card names.  Its header also
holds what a warm ``analyze`` needs (:mod:`~cpoly.games.videopoker.warmanalysis`): the exact
pays, the suit literals and the key of the game's suit-class cache entry.

A later ``hold`` of the unchanged game reads it: the class of each of the deal's 32 subsets
(:func:`class_key`, binary search in the sorted keys), and every hold's final counts by
inclusion-exclusion over the discarded cards,
``count_c(H) = sum over T within D of (-1)**|T| * N_c(H + T)``
(:func:`~cpoly.games.videopoker.holdchoice.exclude_discards`), then the same EVs and tie rules
as the slow path (:func:`~cpoly.games.videopoker.holdchoice.play_deal`).  No NumPy, no parser.

The file: a magic line, a line ``crc size`` (CRC-32 of everything after that line, the file's
size), a JSON header line, zero padding to a multiple of 8 bytes, then the arrays the header
places (native byte order, recorded; each in the smallest unsigned type that holds it).  A
file that is missing, of another format, truncated or damaged, or that belongs to other
definitions is not used (the slow path answers and writes it again).

Six cards, faces 0..2 in two interchangeable suits (card ``2 * face + suit``): cards 0 and 5
and cards 1 and 4 are one class, whose least member is cards 1 and 4.

>>> layout = Layout((0, 1, 0, 1, 0, 1), (0, 0, 1, 1, 2, 2), ((0, 1),), ((0, 2, 4), (1, 3, 5)))
>>> bin(class_key([0, 5], layout)), bin(class_key([1, 4], layout))
('0b10010', '0b10010')
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import sys
import zlib
from bisect import bisect_left
from collections.abc import Sequence
from math import comb
from pathlib import Path
from typing import Any, Literal, NamedTuple

from cpoly.cards import check_hand, parse_cards
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.holdchoice import (
    HAND_SIZE,
    HOLDS,
    HoldReport,
    ScaledTable,
    TieRule,
    exclude_discards,
    play_deal,
)
from cpoly.sources import cache_dir, code_digest, recall

__all__ = ["CHECK_SIZE", "CODES", "FORMAT", "MAGIC", "Layout", "WarmHold", "check_line", "class_key",
           "header_warnings", "hold_file_path", "open_hold_file", "read_hold_file"]

#: Bump when the meaning or layout of a hold file changes.
FORMAT = 3
MAGIC = f"cpoly-hold {FORMAT}\n".encode()
ALIGN = 8
#: Unsigned typecodes (``struct``/``memoryview``) of the arrays, smallest first.
CODES = ("B", "H", "I", "Q")


def hold_file_path(key: str) -> Path:
    """Where the hold file of the definitions with sources key ``key`` lives, for this version
    of cpoly (:func:`~cpoly.sources.code_digest`: a file written by other code is never read)."""
    name = hashlib.sha256(f"{key} {code_digest()}".encode()).hexdigest()
    return cache_dir() / f"hold-{name}.cph"


class Layout(NamedTuple):
    """The deck as suit columns of face bits (:class:`~cpoly.deck.suitclasses.SuitBlocks`):
    each card's column and face index, the blocks of interchangeable columns, and
    ``cell[column][face]`` = the card there."""

    columns: tuple[int, ...]
    faces: tuple[int, ...]
    blocks: tuple[tuple[int, ...], ...]
    cell: tuple[tuple[int, ...], ...]


def class_key(cards: Sequence[int], layout: Layout) -> int:
    """The class key of a set of cards: each block's face masks sorted in decreasing order, and
    the card bitmask of that canonical form (the class's member of least colex rank), exactly
    :meth:`SuitBlocks.keys <cpoly.deck.suitclasses.SuitBlocks.keys>`."""
    masks = [0] * len(layout.cell)
    for card in cards:
        masks[layout.columns[card]] |= 1 << layout.faces[card]
    key = 0
    for block in layout.blocks:
        for column, mask in zip(block, sorted((masks[c] for c in block), reverse=True)):
            row = layout.cell[column]
            while mask:
                low = mask & -mask
                key |= 1 << row[low.bit_length() - 1]
                mask ^= low
    return key


def check_line(crc: int, size: int) -> bytes:
    """The file's second line: CRC-32 of everything after it and the file's size, fixed width.

    >>> check_line(7, 4096)
    b'0000000007 000000004096\\n'
    """
    return f"{crc:010d} {size:012d}\n".encode()


CHECK_SIZE = len(check_line(0, 0))


def read_hold_file(path: Path) -> tuple[dict[str, Any], memoryview] | None:
    """The header and the arrays' bytes of a complete hold file; None when it cannot be read,
    is of another format, has another size or fails its CRC."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    start = len(MAGIC) + CHECK_SIZE
    if not data.startswith(MAGIC) or len(data) < start:
        return None
    header_end = data.find(b"\n", start)
    try:
        crc, size = (int(word) for word in data[len(MAGIC):start].split())
        if size != len(data) or zlib.crc32(memoryview(data)[start:]) != crc:
            return None
        header = json.loads(data[start:header_end])
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("byteorder") != sys.byteorder:
        return None
    return header, memoryview(data)[header_end + 1 + (-(header_end + 1) % ALIGN):]


def open_hold_file(game: str) -> tuple[dict[str, Any], memoryview] | None:
    """The header and the arrays' bytes of the hold file of the game at ``game`` if its
    definitions are unchanged since it was written and the file is complete, else None."""
    key = recall(Path(game))
    found = None if key is None else read_hold_file(hold_file_path(key))
    return None if found is None or found[0].get("key") != key else found


def header_warnings(header: dict[str, Any], game: str) -> list[str] | None:
    """The game's warnings as the slow path renders them for the path ``game`` from the
    current directory; None when the file was written for another spelling of the path or
    from another directory (the title of an untitled game is its file name as typed, and
    imported files are shown relative to the current directory)."""
    stored = header["warnings"]
    lines: list[str] = stored["lines"]
    return lines if stored["path"] == game and stored.get("cwd") == os.getcwd() else None


class WarmHold:
    """An open hold file of unchanged definitions (:meth:`open`), answering ``hold`` alone."""

    def __init__(self, header: dict[str, Any], data: memoryview) -> None:
        self.header = header
        self.layout = Layout(tuple(header["columns"]), tuple(header["faces"]),
                             tuple(tuple(b) for b in header["blocks"]), tuple(tuple(c) for c in header["cell"]))
        self.n_columns = int(header["n_columns"])
        self.keys = [_view(data, section["keys"]) for section in header["sections"]]
        self.values = [_view(data, section["values"]) for section in header["sections"]]

    @classmethod
    def open(cls, game: str) -> WarmHold | None:
        """The hold file of the game at ``game`` if its definitions are unchanged since it was
        written and the file is complete, else None."""
        found = open_hold_file(game)
        if found is None:
            return None
        try:
            return cls(*found)
        except (KeyError, TypeError, ValueError):
            return None

    def warnings(self, game: str) -> list[str] | None:
        """:func:`header_warnings` of this file."""
        return header_warnings(self.header, game)

    def paytable(self, name: str | None) -> tuple[str, ScaledTable] | None:
        """A pay table by name (the first when None) as integers; None when the file has no
        such table (the slow path answers, or explains)."""
        for table in self.header["paytables"]:
            if name is None or table["name"] == name:
                if not table["usable"]:
                    return None
                return table["name"], ScaledTable(tuple(table["pays"]), tuple(table["dealt"]),
                                                  int(table["denominator"]))
        return None

    def deal(self, texts: Sequence[str]) -> list[int]:
        """The dealt cards as card indices, with the slow path's errors for bad cards."""
        header = self.header
        cards = parse_cards(texts, header["ranks"], header["suits"])
        check_hand(texts, cards, tuple(header["sizes"]), HAND_SIZE)
        index = {tuple(card): i for i, card in enumerate(header["deck"])}
        for card in cards:
            if card not in index:
                name = header["ranks"][card[0]] + header["suits"][card[1]]
                raise CpolyInputError(f"card {name} is not in this deck")
        return [index[card] for card in cards]

    def counts(self, deal: Sequence[int]) -> list[list[int]] | None:
        """Final hands of each category of the 32 holds of ``deal`` (holds on the given order);
        None when the file does not know a subset or its counts do not add up."""
        containing = []
        for mask in range(HOLDS):
            held = [deal[i] for i in range(HAND_SIZE) if mask >> i & 1]
            row = self._row(held)
            if row is None:
                return None
            containing.append(row)
        counts = exclude_discards(containing)
        draws = len(self.header["deck"]) - HAND_SIZE
        if any(min(row) < 0 or sum(row) != comb(draws, HAND_SIZE - m.bit_count())
               for m, row in enumerate(counts)):
            return None
        return counts

    def _row(self, held: Sequence[int]) -> list[int] | None:
        keys = self.keys[len(held)]
        key = class_key(held, self.layout)
        index = bisect_left(keys, key)
        if index == len(keys) or keys[index] != key:
            return None
        if len(held) == HAND_SIZE:
            row = [0] * self.n_columns
            row[self.values[HAND_SIZE][index]] = 1
            return row
        return self.values[len(held)][index * self.n_columns:(index + 1) * self.n_columns].tolist()

    def report(self, deal: Sequence[int], counts: Sequence[Sequence[int]], table: tuple[str, ScaledTable],
               rule: TieRule) -> HoldReport:
        """The holds of ``deal`` as ``cpoly hold`` shows them."""
        header = self.header
        faces = [card[0] for card in header["deck"]]
        result = play_deal(deal, counts, table[1], len(faces), rule, faces)
        names = header["names"]
        return HoldReport(header["title"], table[0], False, (*header["categories"], "Nothing"),
                          {card: names[card] for card in deal}, result)


_CODES: dict[str, Literal["B", "H", "I", "Q"]] = {"B": "B", "H": "H", "I": "I", "Q": "Q"}


def _view(data: memoryview, place: Sequence[Any]) -> memoryview:
    """``place`` = ``[offset, count, code]``: ``count`` items of typecode ``code`` at byte
    ``offset`` of ``data``; a KeyError for a typecode a hold file never uses."""
    offset, count, code = place
    return data[offset:offset + count * struct.calcsize(code)].cast(_CODES[code])
