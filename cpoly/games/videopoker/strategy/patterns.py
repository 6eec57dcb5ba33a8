"""Hold patterns of a video-poker game, described in the game's own categories.

A *hold* is the set of cards kept.  Its pattern is read from the subset tables
(:mod:`~cpoly.games.videopoker.prepare.tables`: the hands of each category that contain the held cards),
never from a poker vocabulary written in Python:

* **made**: the category every completion of the hold reaches at least (all of them pay), e.g.
  a high pair in Jacks or Better is a made ``JacksOrBetter`` of 2 cards;
* **toward** a category ``c``: every held card raises the chance of ``c``,
  ``P(c | hold) > P(c | hold minus that card)`` for each held card (both over the draws, the
  discards ignored).  ``KQ`` of one suit is toward the royal flush; an unsuited ``KQ`` is not
  toward four of a kind, because the king alone makes it more often;
* **head**: the best-paying category the hold is toward ("4 to a RoyalFlush");
* **gaps**: how many ways the head completes, ranked among all holds of that size toward it
  (0 = the most ways; with two levels and four cards, "outside" and "inside");
* **high cards**: held cards of the game's paying ranks (a pair of that rank is a made win);
* **wild cards**: held cards that make the best hand whatever four cards they join;
* **side draws**: the other categories the hold is toward, with their gaps (these tell
  ``QJ`` from ``KQ`` of one suit: more straight windows);
* **penalty cards**: discards that would have helped one of the hold's draws
  (:mod:`.penalty`); they depend on the deal, so they are counted per (deal, hold) and added at
  a few levels of detail (:meth:`PatternTables.hold_patterns`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from math import comb

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.games.videopoker.prepare.tables import SubsetTables
from cpoly.games.videopoker.strategy.penalty import PENALTY_CAP, penalty_counts, penalty_ids

__all__ = ["Pattern", "PatternTables", "build_pattern_tables", "cached_pattern_tables"]

#: Columns of a pattern row before the side draws: held, made, head, gaps, high, wild.
_FIXED = 6
#: A qualifier left open: the pattern matches any value of it.
ANY = -2
#: The levels of detail every hold is described at (side draws, high cards, gaps kept); a chart
#: line is a pattern at any of them.
COARSENINGS = (
    # side draws, high cards, gaps, made category, cards held, head (of a hold that is no win)
    (True, True, True, True, True, True), (False, True, True, True, True, True),
    (False, False, True, True, True, True), (False, True, False, True, True, True),
    (False, False, False, True, True, True), (False, False, False, True, False, True),
    (False, False, False, False, False, True), (False, True, False, True, True, False),
)
#: A card is wild when it makes the best hand reachable from the other four this often.
WILD_SHARE = 0.9
#: 4-card subsets sampled per card for the wild-card test.
WILD_SAMPLE = 4000


@dataclass(frozen=True)
class Pattern:
    """One hold pattern; category indices are in pay order, -1 = none.

    Attributes
    ----------
    held : int
        Cards kept.
    made : int
        The category every completion reaches at least (a paid one), -1 = none, ``ANY`` =
        some paid category.
    head : int
        The best-paying category the hold is toward, or -1.
    gaps : int
        Level of the head's completions among holds of this size (0 = most), -1 = one level only.
    high : int
        High cards held (the game's paying ranks).
    wild : int
        Wild cards held.
    side : tuple of (int, int)
        Other categories the hold is toward that have several levels: (category, gaps).
    penalty : int
        Penalty cards among the discards (:mod:`.penalty`), -1 = not counted.
    """

    held: int
    made: int
    head: int
    gaps: int
    high: int
    wild: int
    side: tuple[tuple[int, int], ...]
    penalty: int = -1

    @classmethod
    def from_row(cls, row: np.ndarray) -> Pattern:
        held, made, head, gaps, high, wild = (int(v) for v in row[:_FIXED])
        side = tuple((c, int(level)) for c, level in enumerate(row[_FIXED:]) if level >= 0 and c != head)
        return cls(held, made, head, gaps, high, wild, side)


@dataclass(frozen=True, eq=False)
class PatternTables:
    """The pattern of every subset of the deck, ready to look up by the analysis' indices.

    Attributes
    ----------
    base : tuple of Pattern
        The distinct patterns of the subsets; ``base[i]`` is pattern id ``i``.
    patterns : tuple of Pattern
        Every pattern id: the ``len(base)`` base patterns, then their penalty-count variants
        (:func:`.penalty.penalty_ids`); derived.
    stacked : numpy.ndarray
        ``(levels, rows)``: pattern id of every subset of 0..4 cards at each level of detail
        (:data:`COARSENINGS`), laid out like the stacked subset tables
        (:meth:`SubsetTables.stacked`).
    by_category : numpy.ndarray
        ``(levels, K + 1)``: pattern id of a five-card hold by the hand's category.
    levels : dict
        ``(held, category)`` -> number of distinct gap levels (for the wording).
    high_faces, wild_cards : numpy.ndarray
        bool per face value / per card.
    draws, draws_by_category : numpy.ndarray
        Bitmask of the categories each subset of 0..4 cards is toward (laid out like
        ``stacked``), and of a five-card hold by the hand's category (its own, if paid).
    by_subset, counts_penalties : numpy.ndarray
        Derived: ``stacked`` transposed (one row per subset), and which base patterns take a
        penalty count (holds of 1..4 cards that are no win).
    """

    base: tuple[Pattern, ...]
    stacked: np.ndarray
    by_category: np.ndarray
    levels: dict[tuple[int, int], int]
    high_faces: np.ndarray
    wild_cards: np.ndarray
    draws: np.ndarray
    draws_by_category: np.ndarray
    patterns: tuple[Pattern, ...] = field(init=False)
    by_subset: np.ndarray = field(init=False)
    counts_penalties: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        variants = tuple(replace(p, penalty=count) for p in self.base for count in range(PENALTY_CAP))
        object.__setattr__(self, "patterns", self.base + variants)      # numbered as :func:`.penalty.penalty_ids`
        object.__setattr__(self, "by_subset", np.ascontiguousarray(self.stacked.T))
        object.__setattr__(self, "counts_penalties", np.array([p.made == -1 and 0 < p.held < 5 for p in self.base]))

    def hold_patterns(self, index: np.ndarray, categories: np.ndarray, holds: np.ndarray | None = None) -> np.ndarray:
        """Pattern ids ``(N, H, levels)`` of holds at every level of detail and, after them, at
        the penalty levels, from :func:`~cpoly.games.videopoker.prepare.subsetrows.subset_indices`;
        ``holds``: ``(N, H)`` hold masks (default: all 32 of each deal)."""
        hands = categories[index[:, -1]]
        draws = np.empty(index.shape, dtype=np.int64)
        draws[:, :-1] = self.draws[index[:, :-1]]
        draws[:, -1] = self.draws_by_category[hands]
        holds = np.broadcast_to(np.arange(index.shape[1]), index.shape) if holds is None else holds
        ids = self.by_subset[np.minimum(np.take_along_axis(index, holds, axis=1), len(self.by_subset) - 1)]
        full = holds == index.shape[1] - 1
        ids[full] = self.by_category.T[np.broadcast_to(hands[:, None], holds.shape)[full]]
        extra = penalty_ids(ids, penalty_counts(draws, holds), self.counts_penalties, len(self.base))
        return np.concatenate([ids, extra], axis=2)


def _made(counts: np.ndarray, paid: np.ndarray) -> np.ndarray:
    """The worst category of the completions when all of them are paid, else -1."""
    present = counts > 0
    worst = counts.shape[1] - 1 - np.argmax(present[:, ::-1], axis=1)
    return np.where((present & ~paid[None, :]).any(axis=1), -1, worst)


def _toward(tables: SubsetTables, size: int, hands: np.ndarray, n_paid: int) -> np.ndarray:
    """bool ``(C(n, size), K)``: every held card raises the chance of the category."""
    counts = tables.counts[size][:, :n_paid]
    draws, fewer = comb(tables.n - size, HAND_SIZE - size), comb(tables.n - size + 1, HAND_SIZE - size + 1)
    toward = counts > 0
    for dropped in range(size):
        kept = [i for i in range(size) if i != dropped]
        smaller = tables.counts[size - 1][colex_rank(hands[:, kept])][:, :n_paid]
        toward &= counts * fewer > smaller * draws
    return toward


def _levels(counts: np.ndarray, toward: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """Per category, the rank of each subset's completion count among the distinct counts of
    the subsets toward it (0 = most), -1 where not toward; and the number of levels."""
    level = np.full(toward.shape, -1, dtype=np.int64)
    sizes = []
    for c in range(toward.shape[1]):
        rows = np.flatnonzero(toward[:, c])
        distinct = np.unique(counts[rows, c])[::-1]
        sizes.append(len(distinct))
        level[rows, c] = len(distinct) - 1 - np.searchsorted(distinct[::-1], counts[rows, c])
    return level, sizes


def wild_cards(tables: SubsetTables) -> np.ndarray:
    """bool per card: joined to four other cards it makes the best hand they can reach.

    The test runs on a sample of 4-card subsets; a natural royal flush outranks a wild one, so a
    deuce is not always best, but nearly always (a non-wild card rarely is).
    """
    n = tables.n
    fours = all_hands(n, 4).astype(np.int64)
    fours = fours[:: max(1, len(fours) // WILD_SAMPLE)]
    best = np.argmax(tables.counts[4][colex_rank(fours)] > 0, axis=1)
    wild = np.zeros(n, dtype=bool)
    for card in range(n):
        rows = ~(fours == card).any(axis=1)
        hands = np.sort(np.concatenate([fours[rows], np.full((int(rows.sum()), 1), card)], axis=1), axis=1)
        reached = tables.categories[colex_rank(hands)]
        wild[card] = np.mean(reached == best[rows]) >= WILD_SHARE
    return wild


def high_faces(tables: SubsetTables, faces: np.ndarray, made_pairs: np.ndarray, wild: np.ndarray) -> np.ndarray:
    """bool per face: two natural cards of that face are a made win (the paying ranks)."""
    pairs = [np.flatnonzero((faces == face) & ~wild)[:2] for face in range(int(faces.max()) + 1)]
    return np.array([len(cards) == 2 and made_pairs[int(colex_rank(cards))] >= 0 for cards in pairs], dtype=bool)


def _row_ids(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ids of the distinct rows (in sorted order of the rows) and the first row of each id.

    Columns are folded into one int64 code, recompressed whenever the next column could
    overflow it (``np.unique(axis=0)`` is far slower on a million rows).

    >>> ids, firsts = _row_ids(np.array([[1, 2], [0, 5], [1, 2]]))
    >>> ids.tolist(), firsts.tolist()
    ([1, 0, 1], [1, 0])
    """
    code = np.zeros(len(rows), dtype=np.int64)
    for column in rows.T:
        low = int(column.min())
        radix = int(column.max()) - low + 1
        if (int(code.max(initial=0)) + 1) * radix >= 1 << 62:
            code = np.unique(code, return_inverse=True)[1].reshape(-1)
        code = code * radix + (column - low)
    _, firsts, ids = np.unique(code, return_index=True, return_inverse=True)
    return ids.reshape(-1), firsts


def _coarsen(rows: np.ndarray, level: tuple[bool, bool, bool, bool, bool, bool]) -> np.ndarray:
    """The rows with the side draws, the high cards, the gaps, the made category (with the
    head), the number of cards held by a made win and/or the head of a hold that is no win
    left open (``ANY``)."""
    side, high, gaps, made, held, head = level
    coarse = rows.copy()
    wins = coarse[:, 1] >= 0
    if not head:
        coarse[~wins & (coarse[:, 0] > 0), 2] = ANY
    if not held:
        coarse[wins, 0] = ANY
        coarse[wins, 2:] = ANY
    if not made:
        coarse[wins, 1:3] = ANY
    if not side:
        coarse[:, _FIXED:] = -1
    if not high:
        coarse[:, 4] = ANY
    if not gaps:
        coarse[:, 3] = ANY
    return coarse


def build_pattern_tables(tables: SubsetTables, faces: np.ndarray, pays: Sequence[int]) -> PatternTables:
    """Every subset's pattern (a few seconds' numpy on 52 cards), from the game's subset tables,
    the face of every card and the pay of each category including "nothing" (any positive
    scale: "made" needs a paid category)."""
    n_columns = tables.n_columns
    n_paid = n_columns - 1
    paid = np.asarray(pays)[:n_columns] > 0
    wild = wild_cards(tables)
    high = high_faces(tables, np.asarray(faces), _made(tables.counts[2], paid), wild)
    high_card = high[np.asarray(faces)] & ~wild
    rows: list[np.ndarray] = []
    draws: list[np.ndarray] = []
    levels: dict[tuple[int, int], int] = {}
    bits = np.int64(1) << np.arange(n_paid, dtype=np.int64)
    for size in range(HAND_SIZE):
        hands = all_hands(tables.n, size).astype(np.int64)
        block = np.full((len(hands), _FIXED + n_paid), -1, dtype=np.int64)
        block[:, 0] = size
        block[:, 1] = _made(tables.counts[size], paid) if size else -1
        block[:, 4] = high_card[hands].sum(axis=1)
        block[:, 5] = wild[hands].sum(axis=1)
        draws.append(np.zeros(len(hands), dtype=np.int64))
        if size:
            toward = _toward(tables, size, hands, n_paid)
            draws[-1] = (toward * bits).sum(axis=1)
            level, sizes = _levels(tables.counts[size][:, :n_paid], toward)
            levels.update({(size, c): s for c, s in enumerate(sizes)})
            head = np.where(toward.any(axis=1), np.argmax(toward, axis=1), -1)
            block[:, 2] = head
            has_levels = np.array(sizes) > 1
            block[:, 3] = np.where((head >= 0) & has_levels[np.maximum(head, 0)],
                                   level[np.arange(len(hands)), head], -1)
            block[:, _FIXED:] = np.where(has_levels[None, :], level, -1)
            block[np.arange(len(hands))[head >= 0], _FIXED + head[head >= 0]] = -1
        rows.append(block)
    fives = np.full((n_columns, _FIXED + n_paid), -1, dtype=np.int64)
    fives[:, 0] = HAND_SIZE
    fives[:, 1] = np.where(paid, np.arange(n_columns), -1)
    fives[:, 4] = fives[:, 5] = 0
    fine = np.concatenate(rows + [fives])
    everything = np.concatenate([_coarsen(fine, level) for level in COARSENINGS])
    ids, firsts = _row_ids(everything)
    ids = ids.reshape(len(COARSENINGS), len(fine)).astype(np.int32)
    patterns = tuple(Pattern.from_row(row) for row in everything[firsts])
    split = len(fine) - n_columns
    return PatternTables(patterns, ids[:, :split], ids[:, split:], levels, high, wild, np.concatenate(draws),
                         np.append(np.where(paid[:n_paid], bits, 0), 0))


def cached_pattern_tables(prepared: PreparedGame, faces: np.ndarray, pays: Sequence[int]) -> PatternTables:
    """:func:`build_pattern_tables` of a prepared game through the on-disk cache, keyed by its
    deal classes' categories (with the classes and the suit symmetry they determine every
    hand's, without listing them: a trainer's one hold reads the entry in a moment), the faces
    and which categories pay."""
    n_columns = prepared.n_columns
    paid = (np.asarray(pays)[:n_columns] > 0).astype(np.int64)
    key = cache.entry_key("strategy-patterns-3", prepared.stacked.categories, prepared.representatives,
                          prepared.card_maps, np.asarray(faces), paid, COARSENINGS)
    layout: cache.Layout = {
        "rows": (np.dtype(np.int64), (None, None)), "stacked": (np.dtype(np.int32), (len(COARSENINGS), None)),
        "by_category": (np.dtype(np.int32), (len(COARSENINGS), n_columns)),
        "levels": (np.dtype(np.int64), (None, 3)), "high": (np.dtype(bool), (None,)),
        "wild": (np.dtype(bool), (prepared.n,)), "draws": (np.dtype(np.int64), (None,)),
        "draws_by_category": (np.dtype(np.int64), (n_columns,))}
    stored = cache.load_entry("patterns", key, layout)
    if stored is not None and int(stored["stacked"].max(initial=0)) < len(stored["rows"]):
        levels = {(int(a), int(b)): int(c) for a, b, c in stored["levels"]}
        return PatternTables(tuple(Pattern.from_row(r) for r in stored["rows"]), stored["stacked"],
                             stored["by_category"], levels, stored["high"], stored["wild"], stored["draws"],
                             stored["draws_by_category"])
    built = build_pattern_tables(prepared.tables, faces, pays)
    cache.store_entry("patterns", key, {
        "rows": np.array([built_row(p, n_columns - 1) for p in built.base], dtype=np.int64),
        "stacked": built.stacked, "by_category": built.by_category,
        "levels": np.array([(a, b, c) for (a, b), c in built.levels.items()], dtype=np.int64).reshape(-1, 3),
        "high": built.high_faces, "wild": built.wild_cards, "draws": built.draws,
        "draws_by_category": built.draws_by_category})
    return built


def built_row(pattern: Pattern, n_paid: int) -> list[int]:
    """A pattern back as its row (inverse of :meth:`Pattern.from_row`)."""
    side = dict(pattern.side)
    return [pattern.held, pattern.made, pattern.head, pattern.gaps, pattern.high, pattern.wild,
            *(side.get(category, -1) for category in range(n_paid))]
