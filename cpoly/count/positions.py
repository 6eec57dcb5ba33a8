"""Position-dependent categories of an ordered game, and the ordered hands where they hold.

In an ``ordered`` game a category may depend on where the cards lie (the seed's ordered royal).
Both questions here are answered by the counting engine, exactly:

* a category ``c`` is **position-independent** when ``c(h) = c(τ·h)`` for every position
  permutation ``τ``.  The swap of the first two positions and the cycle of all positions
  generate every permutation (:func:`~cpoly.count.condition.position_generators`), so it suffices
  that, for both generators, ``Σ deal · (c − c∘τ)² = 0``: a sum of squares of integers, zero
  exactly when no deal tells ``c`` from ``c∘τ`` (whatever values ``c`` takes);
* the **witnesses** of a category are the ordered hands where it is 1, found by a depth-first
  search that fixes one vertex at a time and keeps a value only when the completion count of
  the rest is positive.

>>> from cpoly.api import load_game
>>> game = load_game("definitions/sequential_royal.cp")
>>> position_dependent(game)
['SequentialRoyal']
>>> [" ".join(game.format(card) for card in hand) for hand in witnesses(game, "SequentialRoyal")]
['Th Jh Qh Kh Ah', 'Td Jd Qd Kd Ad', 'Tc Jc Qc Kc Ac', 'Ts Js Qs Ks As']
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product

import numpy as np

from cpoly.count.cardswaps import deep_normal, image
from cpoly.count.compiledgame import Game
from cpoly.count.condition import position_generators
from cpoly.count.evaluate import evaluate_factored
from cpoly.count.patterncount import WorkBudget
from cpoly.dag.expr import Expr
from cpoly.dag.rewrite import add, mul, neg
from cpoly.dag.symbolic import Number
from cpoly.dag.vertices import rename
from cpoly.deck.cards import Card
from cpoly.errors import CpolyError, CpolyTooLarge

__all__ = ["MAX_WITNESSES", "deal_depends_on_order", "order_dependent", "position_dependent", "witnesses"]

#: The most ordered hands a position-dependent category may hold on (each is searched for and
#: then followed through every deal of the analysis).
MAX_WITNESSES = 20_000


#: Node evaluations the squared-difference test may plan for one category (a few seconds) before
#: the test on the category's own hands is tried instead.
QUICK_WORK = 2_000_000_000


def _count(game: Game, node: Expr, budget: WorkBudget | None = None) -> Number:
    """``Σ deal·node`` over the ordered hands, by the game's counting plan within a budget of
    its own (``budget``, by default :data:`~cpoly.count.patterncount.PATTERN_BUDGET`), never by
    checking every deal (CpolyTooLarge instead)."""
    return game.plan.count_ordered(node, "this count", checking=False, budget=budget or WorkBudget())


def _moves(game: Game, node: Expr, budget: WorkBudget | None = None) -> bool:
    """Whether some deal changes the value of ``node`` under a generator of S_n.  A generator
    whose image of ``node`` is ``node`` itself in the contraction's normal form
    (:func:`~cpoly.count.cardswaps.image`: the same function) needs no count."""
    positions = list(zip(game.face_vertices, game.suit_vertices))
    same = deep_normal(node)
    differences = (add(node, neg(rename(node, mapping))) for mapping in position_generators(positions)
                   if image(node, tuple(mapping.items())) is not same)
    return any(_count(game, mul(d, d), budget) != 0 for d in differences)


def _moves_on_its_hands(game: Game, name: str) -> bool | None:
    """Whether category ``name`` changes under some reordering of a hand where it is not 0,
    decided on those hands (found by :func:`witnesses`) and all their orderings; None when it
    holds on more than MAX_WITNESSES ordered hands or the hands found do not add up to its count.

    Exact: the hands where it is 0 are reorderings of one another only among themselves, so a
    category that keeps its value on every reordering of its other hands keeps it everywhere.
    Cheaper than the squared difference for categories with many value literals (an ordered
    straight flush tells every face apart).
    """
    total = _count(game, game.categories[name])
    if not isinstance(total, int) or not 0 < total <= MAX_WITNESSES:
        return None
    hands = np.array(witnesses(game, name), dtype=np.int64)
    value = _values(game, name, hands)
    if int(value.sum()) != total:
        return None
    orders = np.array(list(permutations(range(game.hand_size))), dtype=np.int64)
    moved = hands[:, orders].reshape(-1, game.hand_size, 2)
    return bool((_values(game, name, moved).reshape(len(hands), -1) != value[:, None]).any())


def _values(game: Game, name: str, hands: np.ndarray) -> np.ndarray:
    """Category ``name`` on concrete hands ``(N, size, 2)`` of (face, suit), by checking."""
    (values,) = evaluate_factored([game.categories[name]], {v: s.name for v, s in game.sorts.items()},
                                  game.assignment(hands))
    result: np.ndarray = values.at_assignments(hands.shape[0])
    return result


def position_dependent(game: Game) -> list[str]:
    """The game's categories whose value depends on the order of the cards (pay order).

    Raises CpolyError when the deal itself depends on the order (the analysis of such games
    would need the deal's orderings one by one).
    """
    if _moves(game, game.deal):
        raise CpolyError("the deal expression depends on the order of the cards; only "
                         "categories may (the deal must accept every ordering of a hand)")
    found = []
    for name, node in game.categories.items():
        try:
            moves: bool | None = _moves(game, node, WorkBudget(QUICK_WORK))
        except CpolyTooLarge:  # many value literals: decide on the category's own hands
            moves = _moves_on_its_hands(game, name)
        if moves if moves is not None else _moves(game, node):
            found.append(name)
    return found


#: Node evaluations :func:`order_dependent` may spend on one category (well under a second).
LOAD_CHECK_WORK = 50_000_000


def order_dependent(game: Game, work: int = LOAD_CHECK_WORK) -> list[str]:
    """The categories of an unordered game that provably depend on the order of the cards.

    Decided by the squared difference within ``work`` node evaluations per category; one that
    needs more is left out (its count is still checked to divide by the orderings).

    >>> from cpoly.api import load_game_text
    >>> text = 'import "poker.cp"\\ngame "x"\\nFirstTwo = δF[1],F[2]\\ncategories FirstTwo, Flush\\n'
    >>> order_dependent(load_game_text(text, check_order=False))
    ['FirstTwo']
    """
    return [name for name, node in game.categories.items() if _provably_moves(game, node, work)]


def deal_depends_on_order(game: Game, work: int = LOAD_CHECK_WORK) -> bool:
    """Whether the deal expression provably accepts a hand in one order and not in another."""
    return _provably_moves(game, game.deal, work)


def _provably_moves(game: Game, node: Expr, work: int) -> bool:
    try:
        return _moves(game, node, WorkBudget(work))
    except CpolyTooLarge:
        return False


def witnesses(game: Game, name: str, limit: int = MAX_WITNESSES) -> list[tuple[Card, ...]]:
    """Every ordered hand (position order) on which category ``name`` is 1, in search order.

    Raises CpolyTooLarge when the category holds on more than ``limit`` ordered hands.
    """
    target = mul(game.deal, game.categories[name])
    total = _count(game, game.categories[name])
    if not isinstance(total, int):
        raise CpolyError("finding the hands of a category needs numeric sizes (drop --symbolic)")
    if total > limit:
        raise CpolyTooLarge(f"category '{name}' holds on {total:,} ordered hands; following more "
                            f"than {limit:,} of them through the analysis is not supported")
    order = [*game.face_vertices, *game.suit_vertices]
    if set(order) != set(game.universe):
        raise CpolyError("finding the hands of a category needs a deal over the cards' vertices only")
    suits = _suit_assignments(game)
    if suits is None:  # many suits: the search fixes the suits one by one too
        return [tuple((a[f], a[s]) for f, s in zip(game.face_vertices, game.suit_vertices))
                for a in _search(game, game.categories[name], order, {})]
    return _with_suits(game, target, list(_search(game, game.categories[name], list(game.face_vertices), {})), suits)


#: The most suit assignments of a hand that :func:`witnesses` checks at once for one face
#: pattern, instead of searching them vertex by vertex (4 suits: 1,024).
SUIT_ASSIGNMENTS = 4096


def _suit_assignments(game: Game) -> np.ndarray | None:
    """``(S, hand_size)`` every assignment of the suit vertices, in search order (the first
    position's suit slowest); None when there are more than :data:`SUIT_ASSIGNMENTS`."""
    size = game.sorts[game.suit_vertices[0]].size
    assert isinstance(size, int)
    if size**game.hand_size > SUIT_ASSIGNMENTS:
        return None
    return np.array(list(product(range(size), repeat=game.hand_size)), dtype=np.int64).reshape(-1, game.hand_size)


def _with_suits(game: Game, target: Expr, patterns: list[dict[int, int]], suits: np.ndarray) -> list[tuple[Card, ...]]:
    """The hands of the face ``patterns`` (each a positive completion count) and any suits
    on which ``target`` is not 0, checked by evaluating it on every suit assignment at once
    (:data:`PATTERNS_AT_ONCE` patterns a time); in search order (patterns in order, suits as
    :func:`_suit_assignments` lists them)."""
    faces = np.array([[pattern[f] for f in game.face_vertices] for pattern in patterns],
                     dtype=np.int64).reshape(-1, game.hand_size)
    sort_of = {v: s.name for v, s in game.sorts.items()}
    found: list[tuple[Card, ...]] = []
    for start in range(0, len(faces), PATTERNS_AT_ONCE):
        part = faces[start:start + PATTERNS_AT_ONCE]
        hands = np.stack([np.repeat(part, len(suits), axis=0), np.tile(suits, (len(part), 1))], axis=2)
        (values,) = evaluate_factored([target], sort_of, game.assignment(hands))
        hits = np.flatnonzero(values.at_assignments(len(hands)) != 0)
        found += [tuple((int(f), int(s)) for f, s in hand) for hand in hands[hits].tolist()]
    return found


#: Face patterns whose suit assignments :func:`_with_suits` evaluates at once.
PATTERNS_AT_ONCE = 256


def _search(game: Game, category: Expr, order: list[int], fixed: dict[int, int]) -> Iterator[dict[int, int]]:
    """Extend ``fixed`` one vertex of ``order`` at a time, keeping the values with a positive
    completion of ``deal·category``; each assignment of all of ``order`` is yielded, in order."""
    if len(fixed) == len(order):
        yield fixed
        return
    vertex = order[len(fixed)]
    size = game.sorts[vertex].size
    assert isinstance(size, int)
    for value in range(size):
        trial = {**fixed, vertex: value}
        if game.plan.count_fixed(category, trial) != 0:
            yield from _search(game, category, order, trial)
