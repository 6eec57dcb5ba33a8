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
* raises a penalty per line step by step, whatever N, until the chart is far below the first:
  each sweep drops the lines worth less than the penalty and puts coarse patterns in where one
  line replaces several;
* fills the charts of that path that fit in N lines (and "draw five" alone) up to N lines with
  the most valuable further lines, and returns the best chart of all it evaluated.

Each deal keeps its first and second pattern under the current order (and their patterns and
values, in deal order), so a move only revisits the deals containing the moved pattern.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cpoly.games.videopoker.strategy.entries import Entries
from cpoly.games.videopoker.strategy.insertion import InsertionBounds, exact_bincount

__all__ = ["ChartSearch", "initial_order", "search_chart"]

#: The line penalty starts at this share of the optimal value and grows by PENALTY_STEP.
PENALTY_START = 1e-7
PENALTY_STEP = 4.0
#: Sweeps of best-position moves at most (each stops early when nothing moves).
MAX_SWEEPS = 2
#: Rounds of moves per step of the penalty path.
PATH_SWEEPS = 2
#: Charts of the penalty path are filled up when they are within this share of the optimal
#: value of the first chart ("draw five" alone always is).
FILL_WITHIN = 1e-3
#: ``progress(done, total)``: see :func:`search_chart`.
Progress = Callable[[int, int], None]
#: What :meth:`ChartSearch.snapshot` keeps: the order and each deal's first two entries.
_STATE = ("rank", "top1", "top2", "first_pattern", "first_value", "second_pattern", "second_value")


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
        self.top1, self.top2 = (np.empty(entries.n_deals, dtype=np.int64) for _ in range(2))
        # the pattern and value of each deal's first two entries, read in deal order (cache-friendly)
        self.first_pattern, self.first_value, self.second_pattern, self.second_value = (
            np.empty(entries.n_deals, dtype=np.int64) for _ in range(4))
        self._bounds: InsertionBounds | None = None
        self._synced = False
        self.reset(order)

    def reset(self, order: list[int]) -> None:
        """Put the patterns in ``order`` (top-down; patterns not listed go below, by id)."""
        listed = set(order)
        ranked = list(order) + [p for p in range(self.entries.n_patterns) if p not in listed]
        self.rank[np.array(ranked, dtype=np.int64)] = np.arange(len(ranked))
        self._refresh(np.arange(self.entries.n_deals))
        self._bounds = None

    # ---- state --------------------------------------------------------------------------
    def snapshot(self) -> tuple[tuple[np.ndarray, ...], InsertionBounds | None]:
        """The order and the deals' first two entries, for :meth:`restore` (cheaper than a
        :meth:`reset`, which recomputes every deal)."""
        return tuple(getattr(self, name).copy() for name in _STATE), self._bounds and self._bounds.copy()

    def restore(self, saved: tuple[tuple[np.ndarray, ...], InsertionBounds | None]) -> None:
        """Back to a :meth:`snapshot`."""
        for name, kept in zip(_STATE, saved[0]):
            getattr(self, name)[:] = kept
        self._plays, self._bounds, self._synced = None, saved[1], False

    def order(self) -> list[int]:
        """The patterns top-down, down to and including the floor."""
        return [int(p) for p in np.argsort(self.rank)[: int(self.rank[self.floor]) + 1]]

    def total(self) -> int:
        """The chart's exact value, ``sum_d W_d * value(d, played)``."""
        return int(np.sum(self.entries.weight * self.first_value))

    def _refresh(self, deals: np.ndarray) -> None:
        """Recompute the first two patterns of ``deals``: per deal, the two smallest keys
        ``rank << 32 | entry`` (one ``minimum.reduceat`` each)."""
        self._plays = None
        if not len(deals):
            return
        rows, lengths = self.entries.rows_of(deals)
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
        entries, self._synced = self.entries, False
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
        rows, deals = self.members[pattern], self.member_deals[pattern]
        first = self.top1[deals]
        other = np.where(first == rows, self.top2[deals], first)    # each deal's best other entry
        ranked = [int(p) for p in np.argsort(self.rank, kind="stable") if p != pattern]
        ranked.insert(position, pattern)
        self.rank[np.array(ranked, dtype=np.int64)] = np.arange(len(ranked))
        held_top = (self.first_pattern[deals] == pattern) | (self.second_pattern[deals] == pattern)
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

    def sweep(self, patterns: list[int], penalty: int = 0, insert: bool = True, rounds: int = MAX_SWEEPS) -> int:
        """Best-position moves of ``patterns`` until none gains (at most ``rounds`` rounds),
        maximising the chart's value minus ``penalty`` per line; with ``insert`` false,
        patterns below the floor stay there.  Returns the penalised gain."""
        total = 0
        for _ in range(rounds):
            gained = sum(self._improve(pattern, penalty, insert) for pattern in patterns)
            total += gained
            if not gained:
                break
        return total

    def _improve(self, pattern: int, penalty: int, insert: bool) -> int:
        if not self.alive(pattern) and (not insert or not self.insertion_bounds().can_gain(
                pattern, penalty, self.plays(), self.floor)):
            return 0
        position, best, now = self.best_position(pattern, penalty)
        if max(best, 0) <= now:
            return 0
        self.move(pattern, position if best > 0 else len(self.rank) - 1)
        self.cleanup()
        return max(best, 0) - now

    def insertion_bounds(self) -> InsertionBounds:
        """What inserting each pattern can gain at most (:mod:`.insertion`), kept up to date."""
        if self._bounds is None:
            self._bounds = InsertionBounds(self.entries, self.first_pattern, self.first_value)
        if not self._synced:
            self._bounds.sync(self.first_pattern, self.first_value)
            self._synced = True
        return self._bounds

    def cleanup(self) -> None:
        """Drop the lines above the floor that no deal plays."""
        played = self.plays() > 0
        for pattern in self.order()[:-1]:
            if not played[pattern]:
                self.move(pattern, len(self.rank) - 1)

    # ---- pruning ------------------------------------------------------------------------------
    def fill(self, lines: int, patterns: list[int]) -> None:
        """Insert the pattern that gains most, then move the chart's lines where they gain,
        while the chart has fewer than ``lines`` lines.

        Lazy greedy: each pattern starts with a bound on its gain anywhere
        (:meth:`.InsertionBounds.rounded_up`); only the leading candidate is evaluated exactly,
        and inserted when it still leads (a pattern's gain rarely grows as lines are added; when
        it does, the chart is still correct, only perhaps not the best fill).  Each step gains
        and none depends on ``lines``: a fill to more lines passes through the fill to fewer.
        """
        if len(self.order()) >= lines:
            return
        bounds = self.insertion_bounds().rounded_up()
        stale = sorted(((int(bounds[p]), p) for p in patterns if not self.alive(p)), reverse=True)
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
            self.sweep(self.order()[:-1], insert=False)
            self.cleanup()


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
    """The best chart of at most ``lines`` lines among those the search evaluates, and the best
    value seen per number of lines.

    The search of the module docstring: the penalty rises by ``PENALTY_STEP`` per sweep until
    only the floor is left, a chart falls ``FILL_WITHIN`` below the first or the penalty exceeds
    the optimal value (the same charts whatever ``lines``).  Each chart that fits is polished
    (moves of its lines), and filled (:meth:`ChartSearch.fill`) when within ``FILL_WITHIN`` of
    the first.  A fill to more lines passes through the fill to fewer and only gains after it,
    so the value returned never falls as ``lines`` grows.

    ``progress(done, total)``: the lines the first chart has beyond one as they are shed (the
    penalty steps that takes are not known in advance), then one for the last fill.
    """
    report = progress or (lambda done, total: None)
    search = ChartSearch(entries, initial_order(entries, fine, floor), floor)
    candidates = [p for p in initial_order(entries, list(range(entries.n_patterns)), floor) if p != floor]
    search.sweep(candidates)
    search.cleanup()
    seen: dict[int, tuple[int, list[int]]] = {}       # lines -> the best value and order seen

    optimal = int(np.sum(entries.weight * entries.optimal()))
    worth_filling = search.total() - int(optimal * FILL_WITHIN)

    def note() -> int:
        order, value = search.order(), search.total()
        if value > seen.get(len(order), (-1, []))[0]:
            seen[len(order)] = (value, order)
        return len(order)

    def visit() -> int:
        size = note()
        if size <= lines:
            saved = search.snapshot()
            search.sweep(search.order()[:-1], insert=False)
            search.cleanup()
            note()
            if search.total() >= worth_filling or size == 1:
                search.fill(lines, candidates)
                note()
            search.restore(saved)
        return size

    first = visit()
    report(0, first)
    penalty = max(1.0, optimal * PENALTY_START)
    size = first
    shed = 0
    while size > 1 and penalty <= optimal * PENALTY_STEP and search.total() >= worth_filling:
        search.sweep(candidates, int(penalty), rounds=PATH_SWEEPS)
        penalty *= PENALTY_STEP
        size = visit()
        shed = max(shed, first - size)
        report(min(shed, first - 1), first)
    if size > 1:
        search.reset([floor])
        visit()
    fitting = [(size, value, order) for size, (value, order) in seen.items() if size <= lines]
    search.reset(max(fitting, key=lambda chart: (chart[1], -chart[0]))[2])     # the fewest lines on a tie
    report(first, first)
    return search, {size: value for size, (value, _) in sorted(seen.items())}
