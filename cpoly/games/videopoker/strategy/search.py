"""The order of a strategy chart: a search over pattern orders, exact on integer EV numerators.

The input (:class:`~.entries.Entries`) is, for every deal class ``d`` (weight ``W_d``, its number
of deals) and every pattern ``p`` among its holds, the best EV numerator ``value`` of a hold of
that pattern.  A chart is an order of the patterns: each deal plays the first pattern of the
order it contains.  Its value is ``sum_d W_d * value(d, first pattern)`` — an exact integer.

The search (:func:`search_chart`):

* starts from the patterns sorted by their mean EV over the deals where they are optimal;
* moves one pattern at a time to its best position given the others (the exact gain of every
  position in one pass over the deals that contain it: a deal switches to the pattern exactly
  when it lands above the best other pattern the deal contains), until no move gains;
* raises a penalty per line step by step until the chart fits: each sweep drops the lines worth
  less than the penalty and puts coarse patterns in where one line replaces several;
* fills the best chart that fits up to N lines with the most valuable further lines.

Each deal keeps its first and second pattern under the current order (and their patterns and
values, in deal order), so a move only revisits the deals containing the moved pattern.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cpoly.games.videopoker.strategy.entries import Entries

__all__ = ["ChartSearch", "exact_bincount", "initial_order", "search_chart"]

#: The line penalty starts at this share of the optimal value and grows by PENALTY_STEP.
PENALTY_START = 1e-7
PENALTY_STEP = 4.0
#: Sweeps of best-position moves at most (each stops early when nothing moves).
MAX_SWEEPS = 2
#: ``progress(done, total)``: see :func:`search_chart`.
Progress = Callable[[int, int], None]


class ChartSearch:
    """A pattern order and each deal's first two patterns under it (entry indices)."""

    def __init__(self, entries: Entries, order: list[int], floor: int) -> None:
        """``order``: the patterns top-down; ``floor``: the pattern present in every deal (draw
        five), below which patterns are never played."""
        self.entries = entries
        self.floor = floor
        self.rank = np.empty(entries.n_patterns, dtype=np.int64)
        self._plays: np.ndarray | None = None
        by_pattern = np.argsort(entries.pattern.astype(np.int16 if entries.n_patterns < 1 << 15 else np.int64),
                                kind="stable")                 # a radix sort on int16
        bounds = np.searchsorted(entries.pattern[by_pattern], np.arange(entries.n_patterns + 1))
        self.members = [by_pattern[bounds[p]:bounds[p + 1]] for p in range(entries.n_patterns)]
        self.member_deals = [entries.deal[rows] for rows in self.members]
        self.member_weights = [entries.weight[deals] for deals in self.member_deals]
        self.member_values = [w * entries.value[rows] for w, rows in zip(self.member_weights, self.members)]
        # a gain is at most (deal weight) * (largest value) in size: below 2**53 summed, floats are exact
        largest = int(entries.value.max(initial=0))
        self.float_exact = [int(w.sum()) * largest < 1 << 53 for w in self.member_weights]
        self.top1 = np.empty(entries.n_deals, dtype=np.int64)
        self.top2 = np.empty(entries.n_deals, dtype=np.int64)
        # the pattern and value of each deal's first two entries, read in deal order (cache-friendly)
        self.first_pattern = np.empty(entries.n_deals, dtype=np.int64)
        self.first_value = np.empty(entries.n_deals, dtype=np.int64)
        self.second_pattern = np.empty(entries.n_deals, dtype=np.int64)
        self.second_value = np.empty(entries.n_deals, dtype=np.int64)
        self.reset(order)

    def reset(self, order: list[int]) -> None:
        """Put the patterns in ``order`` (top-down; patterns not listed go below, by id)."""
        listed = set(order)
        ranked = list(order) + [p for p in range(self.entries.n_patterns) if p not in listed]
        self.rank[np.array(ranked, dtype=np.int64)] = np.arange(len(ranked))
        self._refresh(np.arange(self.entries.n_deals))

    # ---- state --------------------------------------------------------------------------
    def order(self) -> list[int]:
        """The patterns top-down, down to and including the floor."""
        ranked = np.argsort(self.rank)
        return [int(p) for p in ranked[: int(np.flatnonzero(ranked == self.floor)[0]) + 1]]

    def total(self) -> int:
        """The chart's exact value, ``sum_d W_d * value(d, played)``."""
        return int(np.sum(self.entries.weight * self.first_value))

    def _refresh(self, deals: np.ndarray) -> None:
        """Recompute the first two patterns of ``deals``: per deal, the two smallest keys
        ``rank << 32 | entry`` (one ``minimum.reduceat`` each)."""
        self._plays = None
        if not len(deals):
            return
        rows = self.entries.rows_of(deals)
        lengths = self.entries.start[deals + 1] - self.entries.start[deals]
        starts = np.cumsum(lengths) - lengths
        keys = (self.rank[self.entries.pattern[rows]] << 32) | rows
        first = np.minimum.reduceat(keys, starts)
        keys[np.repeat(first, lengths) == keys] = np.iinfo(np.int64).max
        second = np.minimum.reduceat(keys, starts)
        self.top1[deals] = first & 0xFFFFFFFF
        self.top2[deals] = second & 0xFFFFFFFF
        self._derive(deals)

    def _derive(self, deals: np.ndarray) -> None:
        """The patterns and values of the first two entries of ``deals``, from ``top1, top2``."""
        entries = self.entries
        first, second = self.top1[deals], self.top2[deals]
        self.first_pattern[deals] = entries.pattern[first]
        self.first_value[deals] = entries.value[first]
        self.second_pattern[deals] = entries.pattern[second]
        self.second_value[deals] = entries.value[second]

    def plays(self) -> np.ndarray:
        """Deals (classes) that play each pattern under the current order."""
        if self._plays is None:
            self._plays = np.bincount(self.first_pattern, minlength=len(self.rank))
        return self._plays

    # ---- moves ----------------------------------------------------------------------------
    def _other(self, pattern: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For the deals containing ``pattern``: its entries, the deals, their best other
        entries and whether the pattern is their first."""
        rows = self.members[pattern]
        deals = self.member_deals[pattern]
        first = self.top1[deals]
        mine = first == rows
        other = np.where(mine, self.top2[deals], first)
        return rows, deals, other, mine

    def best_position(self, pattern: int, penalty: int = 0) -> tuple[int, int, int]:
        """Where ``pattern`` does best given the others: its position (among the others, 0 =
        top) and the chart's penalised value there and now, both against the chart without it.

        The penalised value is the exact value added, minus ``penalty`` for the pattern's line,
        plus ``penalty`` for each line that no deal would play any more (a coarse pattern
        placed above its finer ones makes them redundant).
        """
        deals = self.member_deals[pattern]
        first = self.first_pattern[deals]
        mine = first == pattern
        other = np.where(mine, self.second_pattern[deals], first)
        other_value = np.where(mine, self.second_value[deals], self.first_value[deals])
        size = len(self.rank)
        now = int(self.rank[pattern])
        others_rank = self.rank[other]
        compressed = others_rank - (others_rank > now)
        gain = self.member_values[pattern] - self.member_weights[pattern] * other_value
        if self.float_exact[pattern]:
            gains = np.rint(np.bincount(compressed, weights=gain.astype(np.float64), minlength=size)).astype(np.int64)
        else:
            gains = exact_bincount(compressed, gain, size)
        suffix = np.cumsum(gains[::-1])[::-1]
        if penalty:
            suffix = suffix + penalty * (self._redundant(pattern, deals[mine], other, size)
                                         - (np.arange(size) <= compressed.max()))
        best = int(np.argmax(suffix))
        return best, int(suffix[best]), int(suffix[now]) if self.alive(pattern) else 0

    def _redundant(self, pattern: int, played: np.ndarray, other: np.ndarray, size: int) -> np.ndarray:
        """For each position of ``pattern``, how many other lines it would leave unplayed
        (``played``: the deals that play it now; ``other``: the best other pattern of each
        deal that contains it)."""
        plays = self.plays().copy()
        plays[pattern] = 0
        plays += np.bincount(self.second_pattern[played], minlength=size)
        covered = np.bincount(other, minlength=size)
        doomed = np.flatnonzero((plays > 0) & (covered == plays))
        doomed = doomed[(doomed != self.floor) & (doomed != pattern)]
        ranks = self.rank[doomed] - (self.rank[doomed] > self.rank[pattern])
        counts: np.ndarray = np.cumsum(np.bincount(ranks, minlength=size)[::-1])[::-1]
        return counts

    def move(self, pattern: int, position: int) -> None:
        """Put ``pattern`` at ``position`` among the others (0 = top)."""
        if position == int(self.rank[pattern]):
            return
        rows, deals, other, _ = self._other(pattern)
        ranked = [int(p) for p in np.argsort(self.rank, kind="stable") if p != pattern]
        ranked.insert(position, pattern)
        self.rank[np.array(ranked, dtype=np.int64)] = np.arange(len(ranked))
        held_top = (self.entries.pattern[self.top1[deals]] == pattern) | (
            self.entries.pattern[self.top2[deals]] == pattern)
        above = self.rank[pattern] < self.rank[self.entries.pattern[other]]
        self._plays = None
        self.top2[deals[above]] = other[above]
        self.top1[deals[above]] = rows[above]
        second = ~above & ~held_top & (self.rank[pattern] < self.rank[self.entries.pattern[self.top2[deals]]])
        self.top2[deals[second]] = rows[second]
        self._derive(deals[above | second])
        self._refresh(deals[~above & held_top])

    def alive(self, pattern: int) -> bool:
        """True when the pattern stands above the floor (it can be played)."""
        return bool(self.rank[pattern] < self.rank[self.floor])

    def sweep(self, patterns: list[int], penalty: int = 0, insert: bool = True) -> int:
        """Best-position moves of ``patterns`` until none gains (at most ``MAX_SWEEPS``
        rounds), maximising the chart's value minus ``penalty`` per line; with ``insert``
        false, patterns below the floor stay there.  Returns the penalised gain."""
        total = 0
        for _ in range(MAX_SWEEPS):
            gained = 0
            for pattern in patterns:
                gained += self._improve(pattern, penalty, insert)
            total += gained
            if not gained:
                break
        return total

    def _improve(self, pattern: int, penalty: int, insert: bool) -> int:
        alive = self.alive(pattern)
        if not alive and not insert:
            return 0
        position, best, now = self.best_position(pattern, penalty)
        if max(best, 0) <= now:
            return 0
        self.move(pattern, position if best > 0 else len(self.rank) - 1)
        self.cleanup()
        return max(best, 0) - now

    def cleanup(self) -> None:
        """Drop the lines above the floor that no deal plays."""
        played = self.plays() > 0
        for pattern in self.order()[:-1]:
            if not played[pattern]:
                self.move(pattern, len(self.rank) - 1)

    # ---- pruning ------------------------------------------------------------------------------
    def polish(self, lines: int, patterns: list[int]) -> None:
        """Fill up to ``lines`` lines, then best-position moves of the lines in the chart."""
        self.fill(lines, patterns)
        self.sweep([p for p in self.order() if p != self.floor], insert=False)
        self.cleanup()

    def fill(self, lines: int, patterns: list[int]) -> None:
        """Insert the pattern that gains most, while the chart has fewer than ``lines`` lines.

        Lazy greedy: gains are evaluated once, then only the leading candidate is re-evaluated
        before it is inserted (a pattern's gain rarely grows as lines are added; when it does,
        the chart is still correct, only perhaps not the best fill).
        """
        stale = sorted(((self.best_position(p)[1], p) for p in patterns if not self.alive(p)), reverse=True)
        while len(self.order()) < lines and stale and stale[0][0] > 0:
            _, pattern = stale.pop(0)
            position, gain, _ = self.best_position(pattern)
            if stale and gain < stale[0][0]:
                stale.append((gain, pattern))
                stale.sort(reverse=True)
                continue
            if gain <= 0:
                return
            self.move(pattern, position)


def exact_bincount(index: np.ndarray, values: np.ndarray, length: int) -> np.ndarray:
    """``np.bincount(index, weights=values)`` exact for int64 values (sums below 2**78).

    >>> exact_bincount(np.array([0, 2, 0]), np.array([2**60, 5, 1]), 3).tolist()
    [1152921504606846977, 0, 5]
    """
    high, low = np.divmod(values.astype(np.int64), 1 << 26)
    upper = np.rint(np.bincount(index, weights=high.astype(np.float64), minlength=length)).astype(np.int64)
    lower = np.rint(np.bincount(index, weights=low.astype(np.float64), minlength=length)).astype(np.int64)
    result: np.ndarray = upper * (1 << 26) + lower
    return result


def initial_order(entries: Entries, patterns: list[int], floor: int) -> list[int]:
    """``patterns`` by their mean EV over the deals where they are a best play (never-best
    ones left out), the floor among them."""
    best = entries.optimal()
    is_best = entries.value == best[entries.deal]
    weight = entries.weight[entries.deal[is_best]].astype(np.float64)
    deals = np.bincount(entries.pattern[is_best], weights=weight, minlength=entries.n_patterns)
    value = np.bincount(entries.pattern[is_best], weights=weight * best[entries.deal[is_best]],
                        minlength=entries.n_patterns)
    mean = value / np.maximum(deals, 1)
    kept = [p for p in patterns if deals[p] > 0 or p == floor]
    return sorted(kept, key=lambda p: (-mean[p], p))


def search_chart(entries: Entries, fine: list[int], floor: int, lines: int,
                 progress: Progress | None = None) -> tuple[ChartSearch, dict[int, int]]:
    """The best chart found of at most ``lines`` lines, and the best value seen per number of
    lines on the way.

    Starts from the finest patterns (sorted, then best-position moves with every pattern that
    is a best play somewhere allowed in); then raises a penalty per line step by step, each
    step's sweep dropping lines and merging finer lines into coarser ones, until the chart fits;
    the best chart that fits is then filled up to ``lines`` and polished.

    ``progress(done, total)`` counts the lines the first chart has beyond ``lines`` as they are
    shed, plus one step for the fill: how many penalty steps that takes depends on the values
    (each multiplies the penalty by ``PENALTY_STEP``), how many lines it must shed does not.
    """
    report = progress or _silent
    search = ChartSearch(entries, initial_order(entries, fine, floor), floor)
    candidates = [p for p in initial_order(entries, list(range(entries.n_patterns)), floor) if p != floor]
    search.sweep(candidates)
    search.cleanup()
    record: dict[int, int] = {}
    charts: dict[int, tuple[int, list[int]]] = {}

    def note() -> int:
        order, value = search.order(), search.total()
        if value > charts.get(len(order), (-1, []))[0]:
            charts[len(order)] = (value, order)
        record[len(order)] = max(record.get(len(order), value), value)
        return len(order)

    penalty = max(1.0, float(np.sum(entries.weight * entries.optimal())) * PENALTY_START)
    first = note()
    total = max(first - lines, 0) + 1
    shed = 0
    while (size := note()) > lines:
        shed = max(shed, min(first - size, total - 1))
        report(shed, total)
        search.sweep(candidates, int(penalty))
        penalty *= PENALTY_STEP
    report(total - 1, total)
    fits = max((chart for size, chart in charts.items() if size <= lines), key=lambda chart: chart[0])
    search.reset(fits[1])
    search.polish(lines, candidates)
    note()
    report(total, total)
    return search, record


def _silent(done: int, total: int) -> None:
    """No progress shown."""
