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
from itertools import combinations
from math import factorial
from pathlib import Path

import numpy as np

from cpoly.cards import Card
from cpoly.errors import CpolyError, CpolyTooLarge, Warning_
from cpoly.evaluate import (
    count_dense,
    count_term,
    evaluate_factored,
    grid_points,
    pattern_axes,
)
from cpoly.expr import Delta, Expr, postorder, vertices_of
from cpoly.game import Game
from cpoly.plan import mixes_sorts, plan_term, split_terms
from cpoly.resolve import Program, Sort, resolve
from cpoly.rewrite import ONE, delta, mul, one_minus, substitute
from cpoly.symbolic import Number, expand, is_symbolic
from cpoly.imports import load_module, read_text


def load_program(path: str | Path, symbolic: Iterable[str] = (),
                 overrides: Mapping[str, int] | None = None) -> Program:
    """Parse and resolve a .cp file; ``symbolic`` constants become sympy symbols and
    ``overrides`` replace the values of constants (``--set Suits=5``)."""
    return resolve(load_module(path), frozenset(symbolic), overrides)


def load_game_text(text: str, name: str = "inline.cp", directory: str | Path | None = None) -> Game:
    """A game written inline (imports looked up from ``directory``, default the current one)."""
    return Game.from_program(resolve(read_text(text, name, None if directory is None else Path(directory))))


def load_game(path: str | Path, symbolic: Iterable[str] = (),
              overrides: Mapping[str, int] | None = None) -> Game:
    """A .cp file with a game section, ready to count, check and analyse."""
    return Game.from_program(load_program(path, symbolic, overrides))


# Work is measured in node evaluations: grid points x DAG nodes of each term (about 3e8 a second).
PATTERN_BUDGET = 20_000_000_000  # one count on its own (about a minute)
TERM_OVERHEAD = 2_000  # a term's fixed cost per node, in grid points (Python-level overhead)


@dataclass
class WorkBudget:
    """Node evaluations a series of counts may still spend (shared by the counts of one table)."""

    points: int = PATTERN_BUDGET

    def spend(self, work: int) -> None:
        if work > self.points:
            raise CpolyTooLarge(f"counting by equality patterns needs {work:,} more node "
                                f"evaluations (budget left {self.points:,})")
        self.points -= work


def count_node(node: Expr, sorts: Mapping[int, Sort], universe: Iterable[int],
               budget: WorkBudget | None = None) -> Number:
    """``Σ node`` over every assignment of the ``universe`` vertices (typed equality patterns).

    Raises CpolyTooLarge when the planned work (grid points times DAG nodes, summed over the
    terms) exceeds the ``budget`` (by default PATTERN_BUDGET for this count alone).
    """
    universe = frozenset(universe)
    outside = sorted(vertices_of([node]) - universe)
    if outside:
        reason = "has no domain" if outside[0] not in sorts else "is not among the counted vertices"
        raise CpolyError(f"the expression uses vertex σ{outside[0]}, which {reason}")
    names = {v: sorts[v].name for v in universe}
    if mixes_sorts(node, names):
        return _dense_fallback(node, sorts, universe)
    plans = [plan_term(c, term, dict(sorts), universe) for c, term in split_terms(node, names)]
    axes = [pattern_axes(plan) for plan in plans]
    (budget or WorkBudget()).spend(
        sum((grid_points(a) + TERM_OVERHEAD) * len(postorder([plan.node])) for plan, a in zip(plans, axes)))
    total: Number = 0
    for plan, plan_axes in zip(plans, axes):
        total += count_term(plan, plan_axes)
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


def count_deals(game: Game, node: Expr, budget: WorkBudget | None = None) -> Number:
    """``Σ deal·node``: per unordered hand unless the game's deal space is ordered."""
    ordered = count_node(mul(game.deal, node), game.sorts, game.universe, budget)
    return _divide(ordered, game.order_factor)


def deal_table(game: Game) -> DealTable:
    """Deal frequencies of every category, with and without the higher wins.

    By equality patterns (exact, symbolic sizes allowed); when that plan is over budget — wild
    cards make every face distinct to some category — by checking every hand of the deck.
    """
    try:
        return deal_table_by_patterns(game)
    except CpolyTooLarge:
        if any(game.sorts[v].symbolic for v in game.universe):
            raise
        return deal_table_by_checking(game)


TABLE_BUDGET = 1_000_000_000  # a whole deal table, exclusions included (a few seconds)


def deal_table_by_patterns(game: Game, budget: WorkBudget | None = None) -> DealTable:
    """The deal table by counting equality patterns (see :func:`count_node`); the counts of
    the table, the exclusions' overlap tests included, share one work budget."""
    budget = budget or WorkBudget(TABLE_BUDGET)
    game.exclusions(lambda node: count_node(node, game.sorts, game.universe, budget))
    rows = tuple(DealRow(name, count_deals(game, game.categories[name], budget),
                         count_deals(game, game.paid_form(name), budget))
                 for name in game.category_names)
    return DealTable(count_deals(game, ONE, budget), rows)


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


def deck_cards(game: Game) -> list[Card]:
    """The cards of a game's deck, face-major.

    When the deal expression uses no value literal, every (face, suit) is a card.  Otherwise a
    card belongs to the deck when at least one deal contains it (the completion count of the
    deal with that card held is positive).
    """
    n_faces, n_suits = (game.sorts[group[0]].size for group in (game.face_vertices, game.suit_vertices))
    if not isinstance(n_faces, int) or not isinstance(n_suits, int):
        raise CpolyError("enumerating the deck needs numeric sizes (drop --symbolic)")
    every = [(f, s) for f in range(n_faces) for s in range(n_suits)]
    if not any(isinstance(n, Delta) and n.values is not None for n in postorder([game.deal])):
        return every
    return [card for card in every if hands_containing(game, ONE, [card]) != 0]


def deal_table_by_checking(game: Game) -> DealTable:
    """The deal table by the checking function: every hand of the deck, each category
    evaluated on it (vectorised, one sort at a time).  Numeric single decks only.

    The paid column is the first category in pay order each hand hits, which is what the
    derived ``Pay*`` forms count; the exclusions themselves are read off the same evaluation.
    """
    values = _checked_values(game)
    game.set_exclusions(_exclusions_from_values(game.category_names, values))
    first = np.full(len(values[0]), len(values), dtype=np.int16)
    for index in range(len(values) - 1, -1, -1):
        first[values[index] != 0] = index
    rows = tuple(DealRow(name, int(values[i].sum()), int((first == i).sum()))
                 for i, name in enumerate(game.category_names))
    return DealTable(len(values[0]), rows)


def count_deals_planned(game: Game, node: Expr) -> Number:
    """``Σ deal·node`` per hand, by equality patterns within budget, else by checking every
    hand of the deck (numeric single decks)."""
    try:
        return count_deals(game, node, WorkBudget(TABLE_BUDGET))
    except CpolyTooLarge:
        if any(game.sorts[v].symbolic for v in game.universe):
            raise
        hands = _all_deck_hands(game)
        (value,) = evaluate_factored([node], {v: s.name for v, s in game.sorts.items()},
                                     game.assignment(hands))
        return int(value.at_assignments(len(hands)).sum())


def category_lints(game: Game) -> list[Warning_]:
    """Categories that are not 0/1 on the deals: by counting when affordable, else by checking
    every hand of the deck."""
    budget = WorkBudget(TABLE_BUDGET)
    try:
        return game.lint_categories(lambda node: count_node(node, game.sorts, game.universe, budget))
    except CpolyTooLarge:
        values = _checked_values(game)
        return [game.not_zero_one(name) for name, value in zip(game.category_names, values)
                if not np.isin(value, (0, 1)).all()]


def _checked_values(game: Game) -> list[np.ndarray]:
    """Every category's value on every hand of the deck (computed once per game)."""
    if game.checked_values is None:
        game.checked_values = game.category_values(_all_deck_hands(game))
    return game.checked_values


def _all_deck_hands(game: Game) -> np.ndarray:
    """Every hand of a single, unordered deck as an (N, hand_size, 2) array."""
    from cpoly.games.videopoker.combinatorics import all_hands

    if game.spec.copies != 1 or game.spec.ordered:
        raise CpolyTooLarge("this count is too large for equality patterns, and decks with "
                            "copies or ordered deals cannot be enumerated hand by hand yet")
    cards = np.array(deck_cards(game), dtype=np.int64)
    hands: np.ndarray = cards[all_hands(len(cards), game.hand_size)]
    return hands


def _exclusions_from_values(names: list[str], values: list[np.ndarray]) -> dict[str, tuple[str, ...]]:
    """The seed's exclusion rule applied to the categories' values on every hand."""
    result: dict[str, tuple[str, ...]] = {}
    for j, name in enumerate(names):
        form = values[j] != 0
        excluded: list[str] = []
        for i in range(j - 1, -1, -1):
            if (form & (values[i] != 0)).any():
                excluded.append(names[i])
                form = form & (values[i] == 0)
        result[name] = tuple(excluded)
    return result


def symbolic_validity(nodes: Iterable[Expr], sorts: Mapping[int, Sort]) -> list[Warning_]:
    """Where the polynomials of symbolic sizes hold: above every value literal of their sort.

    A count with a symbolic size weighs value classes by falling factorials, which assume every
    literal value exists in the domain; below that size the polynomial does not apply.

    >>> game = load_game("definitions/jacks_or_better.cp", symbolic=["Faces"])
    >>> [w.message for w in symbolic_validity([game.deal, *game.categories.values()], game.sorts)]
    ['the counts are polynomials in Faces that hold for Faces >= 13 (a definition names the value 12)']
    """
    largest: dict[str, int] = {}
    for node in postorder(list(nodes)):
        if isinstance(node, Delta) and node.values and sorts[node.vertices[0]].symbolic:
            symbol = str(sorts[node.vertices[0]].size)
            largest[symbol] = max(largest.get(symbol, -1), max(node.values))
    return [Warning_(f"the counts are polynomials in {symbol} that hold for {symbol} >= {value + 1} "
                     f"(a definition names the value {value})") for symbol, value in sorted(largest.items())]


def check(game: Game, cards: Sequence[str]) -> str | None:
    """The category of a dealt hand given as card strings (None: no win)."""
    return game.check(game.parse_hand(cards))
