"""The search's CSV files: ``pass1.csv`` (the seed's out0), ``pass2.csv``, ``pass3.csv``.

Equities and spreads are written in percent with 4 decimals (7 for exact suited tuples), hands
as the seed writes them (``66 79 8Q``; suited ``AcKc AdKd Td4c``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from cpoly.games.holdem.search.searchdeck import IntArray, SearchDeck
from cpoly.games.holdem.search.suitings import format_suited, tuple_suitings
from cpoly.scale.chunks import Arrays
from cpoly.store.atomic import write_file

__all__ = ["write_pass1", "write_pass2", "write_pass3"]


def _percent(values: IntArray, total: int, digits: int) -> list[str]:
    return [f"{100 * int(v) / total:.{digits}f}" for v in values]


def _write(path: Path, header: Sequence[str], rows: list[list[str]]) -> None:
    """The rows under their header, written atomically (:func:`cpoly.store.atomic.write_file`)."""
    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow(header)
    writer.writerows(rows)
    write_file(path, text.getvalue().encode())


def write_pass1(path: Path, deck: SearchDeck, shares: IntArray, total: int) -> None:
    """One row per possible unsuited tuple, sorted by no-flush spread (then tuple order)."""
    spreads = np.ptp(shares, axis=1)
    order = np.lexsort((np.arange(len(spreads)), spreads))
    header = ["hands", "spread"] + [f"equity_{j + 1}" for j in range(deck.players)]
    rows = [[deck.tuple_name(int(r)), *_percent(spreads[r:r + 1], total, 4),
             *_percent(shares[r], total, 4)] for r in order.tolist()]
    _write(path, header, rows)


def write_pass2(path: Path, deck: SearchDeck, survivors: Arrays, total: int) -> None:
    """Every suited tuple pass 3 had to consider, with its spread bounds (midpoint order)."""
    order = np.lexsort((survivors["suitings"], survivors["rows"], survivors["middle"]))
    rows = []
    for i in order.tolist():
        row, suiting = int(survivors["rows"][i]), int(survivors["suitings"][i])
        ranks, suits = tuple_suitings(deck, row)
        rows.append([" ".join(format_suited(deck, ranks, suits[suiting])),
                     *_percent(survivors["lower"][i:i + 1], total, 7),
                     f"{100 * int(survivors['middle'][i]) / (2 * total):.7f}"])
    _write(path, ["hands", "spread_lower_bound", "spread_of_midpoints"], rows)


def write_pass3(path: Path, deck: SearchDeck, ranked: list[tuple[int, int, int, IntArray]],
                total: int) -> None:
    """Every suited tuple evaluated exactly, sorted by spread."""
    rows = []
    for spread, row, suiting, shares in ranked:
        ranks, suits = tuple_suitings(deck, row)
        rows.append([" ".join(format_suited(deck, ranks, suits[suiting])),
                     *_percent(np.array([spread]), total, 7), *_percent(shares, total, 7)])
    _write(path, ["hands", "spread"] + [f"equity_{j + 1}" for j in range(deck.players)], rows)
