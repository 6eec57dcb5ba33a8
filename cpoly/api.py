"""The library's front door: the only place that chains parse → resolve → lower → plan → evaluate.

>>> game = load_game("definitions/jacks_or_better.cp")
>>> table = deal_table(game)
>>> table.total, table.rows[0].name, table.rows[0].ways
(2598960, 'RoyalFlush', 4)
>>> check(game, ["Ah", "Kh", "Qh", "Jh", "Th"])
'RoyalFlush'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path


from cpoly.errors import CpolyError
from cpoly.evaluate import count_dense, count_term
from cpoly.symbolic import Number, expand, is_symbolic
from cpoly.expr import Expr
from cpoly.game import Game
from cpoly.plan import mixes_sorts, plan_term, split_terms
from cpoly.resolve import Program, Sort, resolve
from cpoly.rewrite import ONE, delta, mul, one_minus, substitute
from cpoly.cards import Card
from itertools import combinations
from math import factorial
from cpoly.syntax import read_file


def load_program(path: str | Path, symbolic: Iterable[str] = (),
                 overrides: Mapping[str, int] | None = None) -> Program:
    """Parse and resolve a .cp file; ``symbolic`` constants become sympy symbols and
    ``overrides`` replace the values of constants (``--set Suits=5``)."""
    return resolve(read_file(path), frozenset(symbolic), overrides)


def load_game(path: str | Path, symbolic: Iterable[str] = (),
              overrides: Mapping[str, int] | None = None) -> Game:
    """A .cp file with a game section, ready to count, check and analyse."""
    return Game.from_program(load_program(path, symbolic, overrides))


def count_node(node: Expr, sorts: Mapping[int, Sort], universe: Iterable[int]) -> Number:
    """``Σ node`` over every assignment of the ``universe`` vertices (typed equality patterns)."""
    universe = frozenset(universe)
    names = {v: sorts[v].name for v in universe}
    if mixes_sorts(node, names):
        return _dense_fallback(node, sorts, universe)
    total: Number = 0
    for coefficient, term in split_terms(node, names):
        total += count_term(plan_term(coefficient, term, dict(sorts), universe))
    return expand(total)


def _dense_fallback(node: Expr, sorts: Mapping[int, Sort], universe: frozenset[int]) -> int:
    """A δ that compares vertices of different domains defeats value symmetry: count densely."""
    if any(sorts[v].symbolic for v in universe):
        raise CpolyError("a δ compares vertices of different domains, so the count cannot be "
                         "symbolic (see the warning above)")
    try:
        return count_dense(node, sorts, sorted(universe))
    except ValueError as too_big:
        raise CpolyError(f"a δ compares vertices of different domains, so this needs a dense "
                         f"count, and {too_big}") from None


def count(program: Program, name: str, params: Mapping[str, int] | None = None) -> Number:
    """The counting function of the seed: ``Σ`` of definition ``name`` over all assignments of
    the vertices that have a domain."""
    from cpoly.lower import Lowerer

    node = Lowerer(program, params).definition(name)
    return count_node(node, program.sorts, program.sorts.keys())


def dense_count(game: Game, node: Expr, max_points: int = 50_000_000) -> int:
    """The brute-force oracle: ``Σ deal·node`` by enumerating every assignment (small decks)."""
    return count_dense(mul(game.deal, node), game.sorts, sorted(game.universe), max_points)


@dataclass(frozen=True)
class DealRow:
    """One category on the deal: ways including higher wins, and paid ways (highest win only)."""

    name: str
    ways: Number
    paid_ways: Number


@dataclass(frozen=True)
class DealTable:
    total: Number
    rows: tuple[DealRow, ...]


def count_deals(game: Game, node: Expr) -> Number:
    """``Σ deal·node``: per unordered hand unless the game's deal space is ordered."""
    ordered = count_node(mul(game.deal, node), game.sorts, game.universe)
    return _divide(ordered, game.order_factor)


def deal_table(game: Game) -> DealTable:
    """Deal frequencies of every category, with and without the higher wins."""
    rows = tuple(DealRow(name, count_deals(game, game.categories[name]),
                         count_deals(game, game.paid_form(name)))
                 for name in game.category_names)
    return DealTable(count_deals(game, ONE), rows)


def _divide(count: Number, factor: int) -> Number:
    if is_symbolic(count):
        return expand(count / factor)
    if count % factor:
        raise CpolyError(f"a count of {count} ordered deals is not a multiple of {factor}: the "
                         "category depends on card order; declare 'ordered' in the game")
    return count // factor


def complete(game: Game, node: Expr, held: Mapping[int, Card], excluded: Sequence[Card]) -> Number:
    """The completion function of the seed: ``Σ deal·node`` with the cards at the ``held``
    positions fixed, over every draw of the other positions that avoids the ``excluded`` cards.

    The count is per unordered draw.  For a position-symmetric game the excluded cards are
    handled by inclusion–exclusion (draws that contain a discard are completions with that
    card held too), so every count has only fixed cards and free cards; an ordered game gets
    explicit exclusion factors.

    >>> game = load_game("definitions/jacks_or_better.cp")
    >>> royal = [(12, 0), (11, 0), (10, 0), (9, 0)]          # Ah Kh Qh Jh held, 2c discarded
    >>> complete(game, game.paid_form("RoyalFlush"), dict(enumerate(royal)), royal + [(0, 2)])
    1
    """
    if game.spec.copies != 1:
        raise CpolyError("completion with copies of cards (two decks) is not supported yet")
    if game.spec.ordered:
        return _complete_with_exclusions(game, node, held, excluded)
    held_cards = list(held.values())
    discards = [card for card in excluded if card not in held_cards]
    free = game.hand_size - len(held_cards)
    total: Number = 0
    for size in range(min(free, len(discards)) + 1):
        for chosen in combinations(discards, size):
            total += (-1) ** size * hands_containing(game, node, held_cards + list(chosen))
    return expand(total)


def hands_containing(game: Game, node: Expr, cards: Sequence[Card]) -> Number:
    """The number of unordered deals that contain ``cards`` and satisfy ``node``."""
    fixed: dict[int, int] = {}
    for position, (face, suit) in enumerate(cards):
        fixed[game.face_vertices[position]] = face
        fixed[game.suit_vertices[position]] = suit
    target = substitute(mul(game.deal, node), fixed)
    universe = frozenset(game.universe) - frozenset(fixed)
    return _divide(count_node(target, game.sorts, universe), factorial(game.hand_size - len(cards)))


def _complete_with_exclusions(game: Game, node: Expr, held: Mapping[int, Card],
                              excluded: Sequence[Card]) -> Number:
    fixed: dict[int, int] = {}
    for position, (face, suit) in held.items():
        fixed[game.face_vertices[position]] = face
        fixed[game.suit_vertices[position]] = suit
    free = [i for i in range(game.hand_size) if i not in held]
    avoid = [one_minus(mul(delta((game.face_vertices[i],), {f}), delta((game.suit_vertices[i],), {s})))
             for i in free for f, s in excluded]
    target = substitute(mul(game.deal, node, *avoid), fixed)
    universe = frozenset(game.universe) - frozenset(fixed)
    return count_node(target, game.sorts, universe)


def check(game: Game, cards: Sequence[str]) -> str | None:
    """The category of a dealt hand given as card strings (None: no win)."""
    return game.check(game.parse_hand(cards))
