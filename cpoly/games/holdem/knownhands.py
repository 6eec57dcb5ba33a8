"""Exact equity of fully known hands without NumPy: the holdings method on one holding, read from
the stored strength table as memoryviews.

**Which questions.** Hold'em and short deck (the best five of seven), every player's two hole
cards known, any known board (0, 3, 4 or 5 cards) and dead cards, with or without flushes, once
the game's preflop strength table is in the store: the first exact preflop question of a game
keeps it (:func:`~cpoly.games.holdem.boards.strength_table`); until then, or with the cache off,
this method refuses and the vectorised methods run (loading NumPy).

**What it reads.** The stored file holds the evaluator's outputs, so nothing is evaluated here:
the rank-only strength of every five-card rank multiset with every pair of hole ranks, each row's
multiset code, each hole pair's column, the flush strength of every suit mask and the hand code of
every strength.  A known board's ranks plus the unknown cards' are a five-card multiset, so the
preflop table serves every street.

**How it counts** (as :func:`~cpoly.games.holdem.holding.holding_tally`): every rank multiset of
the unknown cards, weighted by its suitings ``prod C(left, m)``, ranked by ranks only; then, per
suit some player can fill to five cards (suits alike counted once, times their number), every set
of new cards of that suit with every multiset of the others: those boards are counted with their
real showdown and taken off their rank multiset's rank-only count (a board on which no flush
beats a rank-only hand is both added and taken off: no board is tested, lists are built whole).
Equal showdowns are summed before they are tallied.

>>> from cpoly.games.holdem.deal import make_deal
>>> known_hands_price(make_deal(["AsAh", "QQ+"]), Request()).refusal
'every hand must be known (two cards each)'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

from cpoly.errors import CpolyError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.planner import Method, Plan, Price, Progress, Request
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.rules import KIND_NAMES, GameRules
from cpoly.games.holdem.shares import SHARE_UNIT, Counts, Row
from cpoly.games.holdem.tablestore import kept_views, strengths_key, table_path
from cpoly.store.sources import cache_enabled

__all__ = ["KNOWN_HANDS", "StoredTables", "known_hands_count", "known_hands_price", "known_hands_tally",
           "stored_tables"]

#: The method's name, as the plan reports it.
NAME = "known hands"
#: Seconds: a start, and each rank multiset of the unknown cards and each flush event looked at,
#: plus as much again per player (fitted on 2 to 6 players, preflop to river; 2-core machine).
_START, _PER_BOARD, _PER_BOARD_AND_PLAYER = 1.5e-3, 2e-6, 2e-7
#: Bytes held per board looked at and player (its showdown, summed in a dict).
_BYTES_PER_BOARD = 100
#: ``C(n, m)`` for the cards of one rank.
_CHOOSE = [[comb(n, m) for m in range(5)] for n in range(5)]
_POWERS = [5 ** rank for rank in range(13)]
#: Summed weights of showdowns, by every player's strength.
Showdowns = dict[tuple[int, ...], int]


@dataclass(frozen=True)
class StoredTables:
    """The stored file's arrays, flat (see the module docstring): ``table`` rows of ``width``."""

    table: memoryview
    width: int
    row_of: dict[int, int]
    pairs: memoryview
    flushes: memoryview
    codes: memoryview


def _key(rules: GameRules) -> tuple[str, tuple[object, ...]]:
    return strengths_key(rules, (0,) * 13, 5)


def stored_tables(rules: GameRules) -> StoredTables:
    """The game's preflop strength table and what is kept with it, from the store; built and
    kept first when the file is missing or damaged (that loads NumPy)."""
    views = kept_views(*_key(rules))
    if views is None:
        from cpoly.games.holdem.boards import strength_table  # NumPy: a cold store only

        strength_table.cache_clear()
        strength_table(rules, (0,) * 13, 5)
        views = kept_views(*_key(rules))
        if views is None:
            raise CpolyError(f"the strength table of {rules.title} could not be kept in the store")
    rows = views["rows"]
    return StoredTables(views["table"], len(views["table"]) // len(rows),
                        {code: row for row, code in enumerate(rows)}, views["pairs"], views["flushes"], views["codes"])


def _suit_mask(cards: Iterable[int], suit: int) -> int:
    return sum(1 << (card // 4) for card in cards if card % 4 == suit)


def _multisets(left: Sequence[int], size: int) -> tuple[list[int], list[int]]:
    """The code and the suitings of every rank multiset of ``size`` cards with ``left[r]`` cards
    of rank ``r`` to choose from: its code the sum of ``5 ** rank``, its suitings
    ``prod C(left, m)``.  Built rank by rank, the partial multisets grouped by their number of
    cards (whole lists at a time: no loop in Python per multiset).

    >>> _multisets([2, 0, 1] + [0] * 10, 2)
    ([2, 26], [1, 2])
    """
    codes: list[list[int]] = [[0]] + [[] for _ in range(size)]
    ways: list[list[int]] = [[1]] + [[] for _ in range(size)]
    for rank, n in enumerate(left):
        for cards in range(size - 1, -1, -1):  # fewest cards last: a multiset takes a rank once
            for m in range(1, min(n, size - cards) + 1):
                step, choose = m * _POWERS[rank], _CHOOSE[n][m]
                codes[cards + m] += [code + step for code in codes[cards]]
                ways[cards + m] += [w * choose for w in ways[cards]]
    return codes[size], ways[size]


@dataclass(frozen=True)
class _Holding:
    """One known holding: the players' cards, the board and dead cards, the cards left."""

    hands: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    rules: GameRules

    @property
    def unknown(self) -> int:
        return 5 - len(self.board)

    def left(self) -> list[list[bool]]:
        """``[rank][suit]``: whether that card is still in the deck."""
        known = {c for hand in self.hands for c in hand} | set(self.board) | set(self.dead)
        return [[4 * rank + suit in self.rules.deck and 4 * rank + suit not in known for suit in range(4)]
                for rank in range(13)]

    def board_code(self) -> int:
        return sum(_POWERS[card // 4] for card in self.board)

    def columns(self, tables: StoredTables) -> list[int]:
        """Each player's column of the table (its pair of hole ranks)."""
        return [tables.pairs[14 * (hand[0] // 4) + hand[1] // 4] for hand in self.hands]

    def flush_suits(self, left: list[list[bool]]) -> list[tuple[int, int, int]]:
        """``(suit, copies, fewest new cards)``: the suits whose flush events differ (suits with
        the same cards held, on the board and left are alike), each with the number of suits it
        stands for and the fewest new cards of it that can make some player a flush."""
        groups: dict[tuple[object, ...], list[int]] = {}
        for suit in range(4):
            key = (tuple(_suit_mask(h, suit) for h in self.hands), _suit_mask(self.board, suit),
                   tuple(row[suit] for row in left))
            groups.setdefault(key, []).append(suit)
        found = []
        for suit, *alike in groups.values():
            most = max(_suit_mask(h, suit).bit_count() for h in self.hands)
            fewest = max(0, 5 - _suit_mask(self.board, suit).bit_count() - most)
            if fewest <= self.unknown:
                found.append((suit, 1 + len(alike), fewest))
        return found


def _rank_sets(ranks: Iterable[int], size: int) -> tuple[list[int], list[int]]:
    """The rank mask and the code of every set of ``size`` of ``ranks`` (as :func:`_multisets`).

    >>> _rank_sets([0, 2, 3], 2)
    ([5, 9, 12], [26, 126, 150])
    """
    masks: list[list[int]] = [[0]] + [[] for _ in range(size)]
    codes: list[list[int]] = [[0]] + [[] for _ in range(size)]
    for rank in ranks:
        for cards in range(size - 1, -1, -1):
            masks[cards + 1] += [mask | 1 << rank for mask in masks[cards]]
            codes[cards + 1] += [code + _POWERS[rank] for code in codes[cards]]
    return masks[size], codes[size]


def _rank_showdowns(holding: _Holding, tables: StoredTables, left: list[list[bool]],
                    replaced: dict[int, int], found: Showdowns) -> None:
    """Add every completion ranked by ranks only to ``found``, less the suitings of each row
    that the flush events ``replaced``."""
    table, width, row_of = tables.table, tables.width, tables.row_of
    columns, base = holding.columns(tables), holding.board_code()
    codes, ways = _multisets([sum(row) for row in left], holding.unknown)
    starts = [width * row_of[base + code] for code in codes]
    weights = [w - replaced.get(start, 0) for start, w in zip(starts, ways)] if replaced else ways
    strengths = [[table[start + column] for start in starts] for column in columns]
    for showdown, weight in zip(zip(*strengths), weights):
        found[showdown] += weight


def _flush_showdowns(holding: _Holding, tables: StoredTables, left: list[list[bool]],
                     found: Showdowns) -> dict[int, int]:
    """Add the real showdown of every board with a flush-capable suit to ``found``, and return
    the suitings each row of the table (by its start) hands over to them.  A board on which no
    flush beats a rank-only hand is added and handed over alike (the two cancel), so no board
    is tested: whole lists are built, one per set of flush cards and player."""
    table, width, row_of, flushes = tables.table, tables.width, tables.row_of, tables.flushes
    columns, unknown, base = holding.columns(tables), holding.unknown, holding.board_code()
    replaced: dict[int, int] = defaultdict(int)
    for suit, copies, fewest in holding.flush_suits(left):
        holes = [_suit_mask(hand, suit) | _suit_mask(holding.board, suit) for hand in holding.hands]
        others = [sum(row) - row[suit] for row in left]
        for size in range(fewest, unknown + 1):
            rest_codes, rest_ways = _multisets(others, unknown - size)
            ways = [weight * copies for weight in rest_ways]
            for mask, code in zip(*_rank_sets([r for r in range(13) if left[r][suit]], size)):
                flush = [flushes[hole | mask] for hole in holes]
                if not any(flush):
                    continue
                starts = [width * row_of[base + code + rest] for rest in rest_codes]
                real = [[plain if (plain := table[start + column]) > f else f for start in starts]
                        for f, column in zip(flush, columns)]
                for showdown, weight in zip(zip(*real), ways):
                    found[showdown] += weight
                for start, weight in zip(starts, ways):
                    replaced[start] += weight
    return replaced


def _counts(found: Showdowns, players: int, codes: memoryview) -> Counts:
    """The tally of the summed showdowns: each player's weights by place (0: lost, else the
    number of players sharing the best hand) and hand code, as
    :func:`~cpoly.games.holdem.tally.tally_columns` counts them, then the totals."""
    summed: dict[int, int] = defaultdict(int)  # by (strength >> 16, place, player) in one int
    stride = 16 * players
    for strengths, weight in found.items():
        best = max(strengths)
        place = players * strengths.count(best)
        for player, strength in enumerate(strengths):
            summed[(strength >> 16) * stride + (place if strength == best else 0) + player] += weight
    by_place: dict[tuple[int, int, int], int] = defaultdict(int)
    for key, weight in summed.items():
        by_place[key % players, key % stride // players, codes[key // stride] - 1] += weight
    kinds = range(len(KIND_NAMES))

    def grid(places: range) -> tuple[Row, ...]:
        return tuple(tuple(sum(by_place.get((player, place, code), 0) for place in places) for code in kinds)
                     for player in range(players))

    def shares(player: int, code: int) -> int:
        return sum(by_place.get((player, place, code), 0) * (SHARE_UNIT // place) for place in range(1, players + 1))

    cat_win, cat_tie, cat_occur = grid(range(1, 2)), grid(range(2, players + 1)), grid(range(players + 1))
    cat_share = tuple(tuple(shares(player, code) for code in kinds) for player in range(players))
    return Counts(sum(found.values()), tuple(map(sum, cat_win)), tuple(map(sum, cat_tie)),
                  tuple(map(sum, cat_share)), cat_win, cat_tie, cat_occur, cat_share)


def known_hands_tally(hands: Sequence[tuple[int, ...]], board: Sequence[int] = (), dead: Sequence[int] = (),
                      rules: GameRules | None = None, flushes: bool = True) -> Counts:
    """The exact tally of known ``hands`` over every completion of ``board``, read from the
    stored tables (``rules``: standard Hold'em when None).

    >>> from cpoly.games.holdem.intcards import parse_cards
    >>> counts = known_hands_tally([parse_cards("AsAh"), parse_cards("KsKh")])
    >>> counts.boards, counts.win, counts.tie
    (1712304, (1410336, 292660), (9308, 9308))
    """
    from cpoly.games.holdem.gamefile import resolve_game

    holding = _Holding(tuple(tuple(h) for h in hands), tuple(board), tuple(dead), resolve_game(rules))
    tables = stored_tables(holding.rules)
    left = holding.left()
    found: Showdowns = defaultdict(int)
    replaced = _flush_showdowns(holding, tables, left, found) if flushes else {}
    _rank_showdowns(holding, tables, left, replaced, found)
    return _counts(found, len(hands), tables.codes)


def _known(deal: Deal) -> bool:
    return all(len(holes) == 1 for holes in deal.holes) and deal.rules.hole_cards == 2


def known_hands_price(deal: Deal, request: Request) -> Price:
    """Price of the known-hands method: the rank multisets of the unknown cards and the flush
    events it looks at; it refuses unless every hand is known and the table is stored."""
    if not _known(deal) or deal.weights is not None:
        return Price(NAME, float("inf"), 0, "every hand must be known (two cards each)")
    if not cache_enabled() or not table_path(*_key(deal.rules)).is_file():
        return Price(NAME, float("inf"), 0, "the game's strength table is not in the store yet")
    holding = _Holding(tuple(h[0] for h in deal.ranges), deal.board, deal.dead, deal.rules)
    unknown, left = holding.unknown, holding.left()
    boards = comb(13 + unknown - 1, unknown)  # rank multisets, at most
    if request.flushes:
        boards += sum(comb(sum(row[suit] for row in left), size) * comb(13 + unknown - size - 1, unknown - size)
                      for suit, _, fewest in holding.flush_suits(left) for size in range(fewest, unknown + 1))
    seconds = _START + boards * (_PER_BOARD + _PER_BOARD_AND_PLAYER * deal.players)
    return Price(NAME, seconds, boards * _BYTES_PER_BOARD * deal.players)


def known_hands_count(deal: Deal, request: Request, progress: Progress | None) -> tuple[Counts, int]:
    """The known-hands method's tally of ``deal`` and its one joint holding."""
    counts = known_hands_tally([h[0] for h in deal.ranges], deal.board, deal.dead, deal.rules, request.flushes)
    if progress is not None:
        progress(1, 1)
    return counts, 1


def _run(deal: Deal, request: Request, plan: Plan, progress: Progress | None) -> EquityResult:
    counts, holdings = known_hands_count(deal, request, progress)
    return result_from_tally(counts, deal.labels, plan.reason, holdings=holdings, flushes=request.flushes,
                             rules=deal.rules)


#: The method, as Hold'em's and short deck's registries list it (it needs no NumPy).
KNOWN_HANDS = Method(NAME, known_hands_price, _run, known_hands_count, numpy=False)
