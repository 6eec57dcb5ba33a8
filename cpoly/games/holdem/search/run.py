"""The whole search: pass 1, pass 2 and a branch-and-bound pass 3, with a proof of optimality.

Pass 2 keeps every suiting whose spread lower bound is at most ``cap``.  Pass 3 evaluates them in
order of promise (the spread of their bounds' midpoints), skipping any whose lower bound exceeds
the ``top``-th best exact spread found so far.  When that final spread ``tau`` is at most ``cap``,
every suited tuple not evaluated has a lower bound above ``tau``: the answer is *proven*.
Otherwise ``cap`` grows to ``tau`` and passes 2 and 3 run again.

>>> result = search("9TJQKA", players=3, top=2)
>>> [(b.hands, f"{100 * float(b.spread):.4f}") for b in result.best], result.proven
([(['KhTd', 'QdJc', 'KcJd'], '0.1167'), (['KcJd', 'QdJc', 'KdTh'], '0.1517')], True)
"""

from __future__ import annotations

import heapq
import math
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.search.csvfiles import write_pass1, write_pass2, write_pass3
from cpoly.games.holdem.search.nf import share_table, share_unit
from cpoly.games.holdem.search.passes import Spec, exact_chunk, no_flush_chunk, suiting_chunk
from cpoly.games.holdem.search.record import check_directory, run_settings
from cpoly.games.holdem.search.searchdeck import IntArray, SearchDeck, search_deck
from cpoly.games.holdem.search.suitings import format_suited, tuple_suitings
from cpoly.scale.chunks import Arrays, Chunk, content_key, run_chunks

__all__ = ["FIRST_CAP", "Found", "ITEMS_PER_CHUNK", "MIN_CHUNKS", "PassProgress", "PassStats",
           "ROWS_PER_CHUNK", "SearchResult", "search"]

#: ``progress(pass name, done, total)``.
PassProgress = Callable[[str, int, int], None]
#: Most tuples per chunk of passes 1 and 2 (small decks still get :data:`MIN_CHUNKS` chunks),
#: and suited tuples per chunk of pass 3.
ROWS_PER_CHUNK = 2048
MIN_CHUNKS = 16
ITEMS_PER_CHUNK = 1500
#: First ``cap`` as a fraction of a pot (the best spreads known are far below it).
FIRST_CAP = Fraction(1, 1000)


@dataclass(frozen=True)
class Found:
    """One evaluated suited tuple: hands ordered by equity (highest first)."""

    hands: list[str]
    equities: list[Fraction]
    spread: Fraction

    def to_json(self) -> dict[str, Any]:
        """The ``best`` entries of ``cpoly search --json``."""
        return {"hands": self.hands, "equities": [float(e) for e in self.equities],
                "equities_exact": [f"{e.numerator}/{e.denominator}" for e in self.equities],
                "spread": float(self.spread),
                "spread_exact": f"{self.spread.numerator}/{self.spread.denominator}"}


@dataclass
class PassStats:
    """What one pass did: its name, seconds, chunks and counts."""

    name: str
    seconds: float = 0.0
    chunks: int = 0
    counts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seconds": round(self.seconds, 3), "chunks": self.chunks,
                **self.counts}


@dataclass(frozen=True)
class SearchResult:
    """The best suited tuples, whether they are proven best, and what each pass did."""

    best: list[Found]
    proven: bool
    passes: list[PassStats]

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` document of ``cpoly search``."""
        return {"best": [b.to_json() for b in self.best], "proven": self.proven,
                "passes": [p.to_json() for p in self.passes]}


@dataclass
class _Run:
    deck: SearchDeck
    directory: Path
    client: Any
    progress: PassProgress | None
    settings: dict[str, Any]
    passes: list[PassStats] = field(default_factory=list)

    @property
    def spec(self) -> Spec:
        return (self.deck.ranks, self.deck.players)

    @property
    def total(self) -> int:
        return share_unit(self.deck.players) * self.deck.board_total

    def stream(self, name: str, folder: str, chunks: Iterator[Chunk],
               total: int) -> Iterator[tuple[str, Arrays]]:
        stats = PassStats(name)
        self.passes.append(stats)
        start = time.perf_counter()
        progress = self.progress
        report = None if progress is None else (lambda d, t: progress(name, d, t))
        for item in run_chunks(self.client, self.directory / folder, chunks, self.settings,
                               total=total, progress=report):
            stats.chunks += 1
            yield item
        stats.seconds = time.perf_counter() - start


def _chunking(deck: SearchDeck) -> tuple[int, int]:
    """Rows per chunk and chunks of passes 1 and 2."""
    rows = len(deck.tuples)
    per_chunk = min(ROWS_PER_CHUNK, math.ceil(rows / MIN_CHUNKS))
    return per_chunk, math.ceil(rows / per_chunk)


def _pass1(run: _Run) -> IntArray:
    rows = len(run.deck.tuples)
    per_chunk, count = _chunking(run.deck)
    chunks = (Chunk(f"chunk-{c:05d}", no_flush_chunk, (run.spec, c, per_chunk))
              for c in range(count))
    counts = np.zeros((rows, 2 ** run.deck.players), dtype=np.int64)
    for _, arrays in run.stream("no-flush", "pass1", chunks, count):
        counts[arrays["rows"]] = arrays["counts"]
    run.passes[-1].counts = {"tuples": rows, "pairs": rows * len(run.deck.boards)}
    return counts @ share_table(run.deck.players)


def _pass2(run: _Run, cap: int) -> Arrays:
    per_chunk, count = _chunking(run.deck)
    chunks = (Chunk(f"chunk-{c:05d}", suiting_chunk, (run.spec, c, per_chunk, cap))
              for c in range(count))
    parts = [arrays for _, arrays in run.stream("suiting", f"pass2-cap{cap}", chunks, count)]
    survivors = {key: np.concatenate([p[key] for p in parts])
                 for key in ("rows", "suitings", "lower", "middle")}
    examined = np.sum([p["examined"] for p in parts], axis=0)
    run.passes[-1].counts = {"suited_tuples": int(examined[0]), "tuples_kept": int(examined[1]),
                             "survivors": len(survivors["rows"]),
                             "cap": float(Fraction(cap, run.total))}
    return survivors


def _groups(survivors: Arrays, fraction: float) -> list[IntArray]:
    """Survivor indices in chunks: by promise, a tuple's suitings together."""
    order = np.lexsort((survivors["suitings"], survivors["rows"], survivors["middle"]))
    if fraction < 1:
        order = order[:math.ceil(fraction * len(order))]
    rows = survivors["rows"][order]
    _, first = np.unique(rows, return_index=True)
    tuple_order = np.argsort(first, kind="stable")
    by_row = {int(r): order[rows == r] for r in np.unique(rows).tolist()}
    ranked = [by_row[int(r)] for r in np.unique(rows)[tuple_order].tolist()]
    chunks: list[IntArray] = []
    current: list[IntArray] = []
    for items in ranked:
        current.append(items)
        if sum(len(c) for c in current) >= ITEMS_PER_CHUNK:
            chunks.append(np.concatenate(current))
            current = []
    if current:
        chunks.append(np.concatenate(current))
    return chunks


class _Best:
    """The exact spreads found so far; ``tau`` is the ``top``-th smallest (kept in a heap of the
    ``top`` smallest, so that pass 3 reads it before every chunk at no cost)."""

    def __init__(self, top: int) -> None:
        self.top = top
        self.found: dict[tuple[int, int], tuple[int, IntArray]] = {}
        self.symmetric: set[tuple[int, int]] = set()
        self._smallest: list[int] = []      # the negated ``top`` smallest spreads (a max-heap)

    def seen(self, rows: IntArray, suitings: IntArray) -> npt.NDArray[np.bool_]:
        """Which suited tuples are already evaluated."""
        return np.array([(r, k) in self.found or (r, k) in self.symmetric
                         for r, k in zip(rows.tolist(), suitings.tolist())], dtype=bool)

    def add(self, arrays: Arrays, table: IntArray) -> None:
        """Record exact results; tuples where two hands have exactly equal equities do not count."""
        shares = arrays["counts"] @ table
        spreads = np.ptp(shares, axis=1)
        equal = (np.diff(np.sort(shares, axis=1), axis=1) == 0).any(axis=1)
        for row, suiting, spread, line, tie in zip(arrays["rows"].tolist(),
                                                   arrays["suitings"].tolist(), spreads.tolist(),
                                                   shares, equal.tolist()):
            if tie:
                self.symmetric.add((row, suiting))
            elif (row, suiting) not in self.found:
                self.found[(row, suiting)] = (spread, line)
                heapq.heappush(self._smallest, -spread)
                if len(self._smallest) > self.top:
                    heapq.heappop(self._smallest)

    @property
    def tau(self) -> float:
        if len(self._smallest) < self.top:
            return math.inf
        return -self._smallest[0]

    def ranked(self) -> list[tuple[int, int, int, IntArray]]:
        items = sorted((v[0], k[0], k[1]) for k, v in self.found.items())
        return [(s, r, k, self.found[(r, k)][1]) for s, r, k in items]


def _pass3(run: _Run, survivors: Arrays, cap: int, top: int, fraction: float, best: _Best) -> None:
    groups = _groups(survivors, fraction)
    table = share_table(run.deck.players)
    skipped = 0

    def chunks() -> Iterator[Chunk]:
        nonlocal skipped
        for number, items in enumerate(groups):
            bounded = survivors["lower"][items] <= min(cap, best.tau)
            skipped += int((~bounded).sum())
            keep = items[bounded & ~best.seen(survivors["rows"][items], survivors["suitings"][items])]
            # Keyed by the group, not by ``keep``: whatever tau pruned a checkpoint, every tuple
            # it skipped has a lower bound above that tau, which is at least the final tau.
            group = content_key("exact", survivors["rows"][items], survivors["suitings"][items])
            yield Chunk(f"chunk-{number:05d}", exact_chunk,
                        (run.spec, survivors["rows"][keep], survivors["suitings"][keep]), group)

    folder = f"pass3-cap{cap}-f{fraction:g}-top{top}"   # what a chunk skipped depends on these
    for _, arrays in run.stream("exact", folder, chunks(), len(groups)):
        best.add(arrays, table)
    run.passes[-1].counts = {"evaluated": len(best.found) + len(best.symmetric),
                             "with_equal_equities": len(best.symmetric),
                             "skipped_by_bound": skipped}


def search(ranks: str | tuple[int, ...] = "23456789TJQKA", players: int = 3, top: int = 10, *,
           fraction: float = 1.0, directory: str | Path | None = None, resume: bool = False,
           client: Any = None, progress: PassProgress | None = None) -> SearchResult:
    """Find the ``top`` suited tuples whose equities are most nearly equal.

    Tuples in which two hands have exactly equal equities (a suit renaming swaps them, as KhQh
    and KsQs in KhQh KsQs 8d4c) are trivial and left out, as in the seed: its answer is the best
    tuple of three different equities.

    Parameters
    ----------
    ranks, players
        The deck (ranks in all four suits) and the hands per tuple (2, 3 or 4).
    fraction
        Keep only this most promising fraction of pass 2 (the seed's preliminary run; the
        result is then not proven).
    directory, resume
        Checkpoint and output directory (``pass1.csv`` ...); ``resume`` continues a run there.
    client
        A ``dask.distributed.Client``, or None to run in this process.
    """
    if top < 1:
        raise CpolyInputError(f"--top must be at least 1, got {top}")
    if not 0 < fraction <= 1:
        raise CpolyInputError(f"--fraction must be in (0, 1], got {fraction}")
    deck = search_deck(ranks, players)
    if directory is None:
        with tempfile.TemporaryDirectory(prefix="cpoly-search-") as scratch:
            return _search(deck, top, fraction, Path(scratch), False, client, progress, False)
    return _search(deck, top, fraction, directory, resume, client, progress, True)


def _search(deck: SearchDeck, top: int, fraction: float, directory: str | Path, resume: bool,
            client: Any, progress: PassProgress | None, keep: bool) -> SearchResult:
    settings = run_settings(deck, top, fraction)
    directory = check_directory(directory, settings, resume)
    run = _Run(deck, directory, client, progress, settings)
    shares = _pass1(run)
    if keep:
        write_pass1(directory / "pass1.csv", deck, shares, run.total)
    cap = math.ceil(FIRST_CAP * run.total)
    best = _Best(top)
    while True:
        survivors = _pass2(run, cap)
        _pass3(run, survivors, cap, top, fraction, best)
        if keep:
            write_pass2(directory / "pass2.csv", deck, survivors, run.total)
        if fraction < 1 or best.tau <= cap or cap >= run.total:
            break
        cap = min(run.total, int(best.tau) if best.tau < math.inf else 8 * cap)
    if keep:
        write_pass3(directory / "pass3.csv", deck, best.ranked(), run.total)
    proven = fraction == 1 and (best.tau <= cap or cap >= run.total)
    return SearchResult(_found(deck, best.ranked()[:top], run.total), proven, run.passes)


def _found(deck: SearchDeck, ranked: list[tuple[int, int, int, IntArray]], total: int) -> list[Found]:
    out = []
    for spread, row, suiting, shares in ranked:
        ranks, suits = tuple_suitings(deck, row)
        hands = format_suited(deck, ranks, suits[suiting])
        order = sorted(range(len(hands)), key=lambda j: (-int(shares[j]), j))
        out.append(Found([hands[j] for j in order], [Fraction(int(shares[j]), total) for j in order],
                         Fraction(spread, total)))
    return out
