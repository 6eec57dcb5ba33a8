"""A warm ``cpoly hold``: one game's prepared-game file, read with the standard library alone.

A game prepared from its suit classes (:mod:`~cpoly.games.videopoker.prepare.classprep`) is kept in its
**prepared-game file**, one :mod:`cpoly.store.container` container named by the key of the game's
definitions (:func:`cpoly.store.sources.recall`) and cpoly's code, its header written by
:func:`~cpoly.games.videopoker.warm.preparedfile.game_meta`.  Of its arrays ``hold`` reads the subset
rows (``N_c(S)``, the number of five-card hands of each category containing the subset: small
subsets by colex rank, four-card subsets by class), the four- and five-card class keys and each
five-card class's category.

A later ``hold`` of the unchanged game reads the row of each of the deal's 32 subsets (colex
rank, or :func:`class_key` and a binary search in the sorted keys), every hold's final counts by
inclusion-exclusion over the discarded cards, ``count_c(H) = sum over T within D of (-1)**|T| *
N_c(H + T)`` (:func:`~cpoly.games.videopoker.hold.lattice.exclude_discards`), then the same EVs
and tie rules as the slow path (:func:`~cpoly.games.videopoker.hold.holdchoice.play_deal`).  No
NumPy, no parser.  A file that is missing, damaged or of other definitions is not used (the
slow path answers and writes it again).

Six cards, faces 0..2 in two interchangeable suits (card ``2 * face + suit``): cards 0 and 5
and cards 1 and 4 are one class, whose least member is cards 1 and 4: the key of both is its
colex rank, C(1, 1) + C(4, 2) = 7.

>>> layout = Layout((0, 1, 0, 1, 0, 1), (0, 0, 1, 1, 2, 2), ((0, 1),), ((0, 2, 4), (1, 3, 5)))
>>> class_key([0, 5], layout), class_key([1, 4], layout)
(7, 7)
"""

from __future__ import annotations

import hashlib
import os
from bisect import bisect_left
from collections.abc import Sequence
from math import comb
from pathlib import Path
from typing import Any, NamedTuple

from cpoly.deck.cards import check_hand, parse_cards
from cpoly.errors import CpolyInputError
from cpoly.games.videopoker.hold.holdchoice import HoldReport, play_deal
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS, exclude_discards
from cpoly.lang.paytable import PayTable, ScaledPays
from cpoly.lang.tierule import TieRule
from cpoly.store.container import Store, open_store
from cpoly.store.gameset import given_overrides
from cpoly.store.sources import cache_dir, code_digest, recall

__all__ = ["Layout", "WarmHold", "class_key", "header_warnings", "header_paytable", "open_prepared",
           "prepared_path"]


def prepared_path(key: str) -> Path:
    """Where the prepared-game file of the definitions with sources key ``key`` lives for this
    version of cpoly (:func:`~cpoly.store.sources.code_digest`): other code's file is never read."""
    name = hashlib.sha256(f"{key} {code_digest()}".encode()).hexdigest()
    return cache_dir() / f"prepared-{name}.vpc"


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
    the colex rank of that canonical form (the class's member of least colex rank), exactly
    :meth:`SuitBlocks.keys <cpoly.deck.suitclasses.SuitBlocks.keys>`."""
    masks = [0] * len(layout.cell)
    for card in cards:
        masks[layout.columns[card]] |= 1 << layout.faces[card]
    least = []
    for block in layout.blocks:
        for column, mask in zip(block, sorted((masks[c] for c in block), reverse=True)):
            row = layout.cell[column]
            while mask:
                low = mask & -mask
                least.append(row[low.bit_length() - 1])
                mask ^= low
    return sum(comb(card, i + 1) for i, card in enumerate(sorted(least)))


def open_prepared(game: str) -> Store | None:
    """The prepared-game file of the game at ``game`` if its definitions are unchanged since it
    was written, the file is complete and the warm paths may answer from it (no constant given
    by ``--set``), else None."""
    key = None if given_overrides() else recall(Path(game))  # written for the game as written
    opened = None if key is None else open_store(prepared_path(key))
    return opened if opened is not None and opened.meta.get("key") == key and opened.meta.get("warm") else None


def header_warnings(meta: dict[str, Any], game: str) -> list[str] | None:
    """The game's warnings as the slow path renders them for the path ``game`` from the current
    directory; None when the file was written for another spelling of the path or from another
    directory (an untitled game's title is its path as typed, imports show relative to it)."""
    stored = meta["warnings"]
    lines: list[str] = stored["lines"]
    return lines if stored["path"] == game and stored.get("cwd") == os.getcwd() else None


def header_paytable(meta: dict[str, Any], name: str | None) -> PayTable | None:
    """The header's pay table by name (the first when None) as the game defines it; None when
    there is no such table or the slow path would refuse it (it answers, and explains)."""
    for table in meta["paytables"]:
        if name is None or table["name"] == name:
            if not table["usable"]:
                return None
            exact = table["exact"]
            return PayTable(table["name"], tuple(exact["pays"]), tuple(exact["dealt"]), tuple(meta["categories"]))
    return None


class WarmHold:
    """An open prepared-game file of unchanged definitions (:meth:`open`), answering ``hold`` alone."""

    def __init__(self, opened: Store) -> None:
        self.header = header = opened.meta
        self.layout = Layout(tuple(header["columns"]), tuple(header["faces"]),
                             tuple(tuple(b) for b in header["blocks"]), tuple(tuple(c) for c in header["cell"]))
        self.n_columns = int(header["n_columns"])
        self.rows = opened.view("rows")
        self.keys = {HAND_SIZE - 1: opened.view("keys4"), HAND_SIZE: opened.view("keys5")}
        self.categories = opened.view("categories")
        self.offsets = [sum(comb(len(header["deck"]), j) for j in range(size)) for size in range(HAND_SIZE)]

    @classmethod
    def open(cls, game: str) -> WarmHold | None:
        """:func:`open_prepared` of ``game`` when the arrays and header it reads are sound, else None."""
        opened = open_prepared(game)
        try:
            return None if opened is None else cls(opened)
        except (KeyError, TypeError, ValueError):
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
        rows = [self._row(sorted(deal[i] for i in range(HAND_SIZE) if mask >> i & 1)) for mask in range(HOLDS)]
        containing = [row for row in rows if row is not None]
        if len(containing) < HOLDS:
            return None
        counts = exclude_discards(containing)
        draws = len(self.header["deck"]) - HAND_SIZE
        sound = all(min(row) >= 0 and sum(row) == comb(draws, HAND_SIZE - m.bit_count())
                    for m, row in enumerate(counts))
        return counts if sound else None

    def _row(self, held: list[int]) -> list[int] | None:
        """``N_c`` of the sorted cards ``held``: by colex rank up to three cards, by class beyond."""
        if len(held) < HAND_SIZE - 1:
            index = self.offsets[len(held)] + sum(comb(card, i + 1) for i, card in enumerate(held))
        else:
            keys = self.keys[len(held)]
            key = class_key(held, self.layout)
            index = bisect_left(keys, key)
            if index == len(keys) or keys[index] != key:
                return None
            if len(held) == HAND_SIZE:
                row = [0] * self.n_columns
                row[self.categories[index]] = 1
                return row
            index += self.offsets[HAND_SIZE - 1]
        return self.rows[index * self.n_columns:(index + 1) * self.n_columns].tolist()

    def report(self, deal: Sequence[int], counts: Sequence[Sequence[int]], table: PayTable,
               rule: TieRule, pays: ScaledPays | None = None) -> HoldReport:
        """The holds of ``deal`` as ``cpoly hold`` shows them (``table``: :func:`header_paytable`;
        ``pays``: other values of its categories, as in a feature's state)."""
        header = self.header
        faces = [card[0] for card in header["deck"]]
        result = play_deal(deal, counts, pays or table.scaled(), len(faces), rule, faces)
        return HoldReport(header["title"], table.name, False, (*header["categories"], "Nothing"),
                          {card: header["names"][card] for card in deal}, result)
