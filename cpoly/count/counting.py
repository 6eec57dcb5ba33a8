"""The counting plan: how to compute ``Σ deal·node``, decided once, before any work is done.

Three methods count a game's deals, each with a cost known before it starts:

* **equality patterns** (:mod:`cpoly.count.plan`, :mod:`cpoly.count.typedpatterns`): grid points times DAG
  nodes, per term; the number of patterns is bounded by Stirling numbers before any is built;
* **dense** enumeration of every assignment (a δ that compares vertices of different domains
  defeats value symmetry): the product of the domain sizes;
* **checking every deal**: the hands of the deck (``C(cards, hand size)``), each category
  evaluated on them in chunks of bounded size.

:class:`CountingPlan` estimates all three, chooses the cheapest that fits, and **always**
multiplies by the deal; when none fits it refuses with the sizes and what to do instead.
It owns the deck and the enumeration of hands, and a :class:`~cpoly.count.compiledgame.Game` is handed one.

>>> from cpoly.api import load_game
>>> plan = load_game("definitions/jacks_or_better.cp").plan
>>> plan.estimate(plan.space.deal).method
'patterns'
>>> plan.count(plan.space.deal)
2598960
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from hashlib import sha256
from math import comb, factorial, prod
from time import process_time

import numpy as np

from cpoly.count.evaluate import count_dense, evaluate_factored
from cpoly.count.patterncount import (
    PatternPlan,
    SplitMemo,
    TooManyPatterns,
    WorkBudget,
    node_count,
    plan_patterns,
    rekeyed,
    run_patterns,
)
from cpoly.count.pinned import pin
from cpoly.count.plan import mixes_sorts
from cpoly.count.plancache import keep_plans, recall_plans
from cpoly.dag.expr import Delta, Expr, postorder, render, structure_digest
from cpoly.dag.rewrite import ONE, mul
from cpoly.dag.symbolic import Number, expand, is_symbolic
from cpoly.dag.vertices import substitute, vertices_under
from cpoly.deck.cards import Card
from cpoly.deck.hands import hand_chunks
from cpoly.errors import CpolyError, CpolyTooLarge
from cpoly.lang.resolve import Sort

__all__ = ["CHECK_CHUNK", "CHECK_MAX_WORK", "CategoryTally", "Clock", "CountingPlan", "DENSE_MAX_POINTS",
           "DealSpace", "Estimate", "Pinned", "REWRITE", "TABLE_BUDGET", "count_node", "describe"]

# Work is measured in node evaluations (see cpoly.count.patterncount).
TABLE_BUDGET = 1_000_000_000  # a whole deal table, exclusions included (a few seconds)
DENSE_MAX_POINTS = 50_000_000  # assignments a dense count may enumerate
CHECK_MAX_WORK = 60_000_000_000  # hands x DAG nodes checking every deal may evaluate
CHECK_CHUNK = 200_000  # hands evaluated at once (bounds memory whatever the deck)


def count_node(node: Expr, sorts: Mapping[int, Sort], universe: Iterable[int],
               budget: WorkBudget | None = None) -> Number:
    """``Σ node`` over every assignment of the ``universe`` vertices, no deal applied: the count
    of :meth:`CountingPlan.over` those vertices (by typed equality patterns, or densely when a
    δ compares vertices of different domains).  Raises CpolyTooLarge when over the ``budget``
    (by default :data:`~cpoly.count.patterncount.PATTERN_BUDGET`)."""
    return CountingPlan.over(sorts, universe, budget).count_ordered(node)


REWRITE = (". Rewrite it with fewer distinct value sets (each {…} literal refines the values "
           "counted apart), fewer vertices compared with each other, or as an exclusive sum of "
           "simpler terms; or use a smaller deck (--set)")


def describe(node: Expr | None, labels: Mapping[int, str]) -> str:
    """A sub-expression for a message (its first 160 characters).

    >>> from cpoly.dag.rewrite import delta
    >>> describe(delta((1, 2)), {1: "F[1]", 2: "F[2]"})
    'the term δF[1],F[2]'
    """
    if node is None:
        return "the expression"
    text = render(node, dict(labels), limit=161)
    return f"the term {text[:160] + ' …' if len(text) > 160 else text}"


# ---- the deal space -----------------------------------------------------------------------
@dataclass(frozen=True)
class DealSpace:
    """What a counting plan needs of a game: the deal, the vertices it assigns, the cards."""

    deal: Expr
    sorts: Mapping[int, Sort]
    universe: frozenset[int]
    face_vertices: tuple[int, ...]
    suit_vertices: tuple[int, ...]
    ordered: bool = False
    copies: int = 1
    labels: Mapping[int, str] = field(default_factory=dict)
    game: str | None = None  # the game's version: its counts' plans are kept in the store under it (None: not kept)

    @property
    def hand_size(self) -> int:
        return len(self.face_vertices)

    @property
    def order_factor(self) -> int:
        """Ordered assignments per reported hand: hand size! unless the deal space is ordered."""
        return 1 if self.ordered else factorial(self.hand_size)

    @property
    def symbolic(self) -> bool:
        return any(self.sorts[v].symbolic for v in self.universe)

    def assignment(self, hands: np.ndarray) -> dict[int, np.ndarray]:
        """Vertex arrays for hands given as an (N, hand_size, 2) array of (face, suit)."""
        return {v: hands[:, i, kind] for kind, group in enumerate((self.face_vertices, self.suit_vertices))
                for i, v in enumerate(group)}

    @cached_property
    def digest(self) -> str:
        """sha256 of the game's version and everything a plan of a count over this space depends
        on besides the count: the deal's structure, the domains, the vertices, order, copies and
        labels (the key of the plans kept in the store, :mod:`cpoly.count.plancache`)."""
        sorts = sorted((v, s.name, str(s.size)) for v, s in self.sorts.items())
        parts = (self.game, structure_digest([self.deal]), sorts, sorted(self.universe), self.face_vertices,
                 self.suit_vertices, self.ordered, self.copies, sorted(self.labels.items()))
        return sha256(repr(parts).encode()).hexdigest()


@dataclass(frozen=True)
class Estimate:
    """The cost of each method for one count (None: the method cannot do it) and the choice."""

    patterns: int | None
    dense: int | None
    checking: int | None
    method: str
    why_not: tuple[str, ...] = ()
    biggest: Expr | None = None  # the term with the most equality patterns
    split: str | None = None  # how the pattern count is conditioned (wild cards), if it is


@dataclass(frozen=True)
class Pinned:
    """A target made ready to count: its pinned vertices substituted (:mod:`cpoly.count.pinned`),
    the vertices left, whether a δ compares vertices of different domains, and its plan by
    equality patterns (or why there is none)."""

    node: Expr
    universe: frozenset[int]
    mixed: bool
    patterns: PatternPlan | str


@dataclass
class Clock:
    """CPU seconds a plan has spent planning its counts (each method priced, the cheapest
    chosen) and running them: what ``benchmarks/bench_counting.py`` reports per game."""

    plan: float = 0.0
    count: float = 0.0


@dataclass(frozen=True)
class CategoryTally:
    """Every deal checked: per set of categories hit (a bit mask in pay order), the deals with
    exactly that set; and the categories some deal hits with a value other than 0 or 1."""

    masks: Mapping[int, int]
    not_zero_one: frozenset[int]
    total: int


class CountingPlan:
    """Counts ``Σ deal·node`` for one game, choosing the method per count (module docstring).

    Counts of one table share a :class:`WorkBudget` (a count may be given its own); a count
    over budget by patterns goes to checking every deal when the deck can be enumerated, else
    is refused with its size.
    """

    def __init__(self, space: DealSpace, budget: int | WorkBudget = TABLE_BUDGET) -> None:
        self.space = space
        self.budget = budget if isinstance(budget, WorkBudget) else WorkBudget(budget)
        self.table_budget = self.budget.points
        self._cards: list[Card] | None = None
        self._planned: dict[int, tuple[Expr, Pinned]] = {}  # target uid -> the target, ready to count
        self._kept: dict[int, tuple[Expr, Pinned]] | None = None  # recalled from the store (None: not asked)
        self._unkept = 0  # plans made here that the store did not have
        self._conditioned: SplitMemo = {}  # DAGs conditioned on a value split, shared by counts
        self._tallies: dict[tuple[int, ...], CategoryTally] = {}
        self._counted: dict[int, Number] = {}  # target uid -> its count (a table counts some twice)
        self.clock = Clock()

    @classmethod
    def over(cls, sorts: Mapping[int, Sort], universe: Iterable[int], budget: WorkBudget | None = None,
             labels: Mapping[int, str] | None = None) -> CountingPlan:
        """The plan of counts ``Σ node`` over every assignment of the ``universe`` vertices: no
        deal (1) and no cards (nothing to check deal by deal); by default each count has a
        budget of its own (:data:`~cpoly.count.patterncount.PATTERN_BUDGET`).

        >>> from cpoly.dag.rewrite import delta
        >>> CountingPlan.over({1: Sort("F", 13), 2: Sort("F", 13)}, (1, 2)).count(delta((1, 2)))
        13
        """
        space = DealSpace(ONE, sorts, frozenset(universe), (), (), labels=labels or {})
        return cls(space, budget or WorkBudget())

    # ---- estimates ------------------------------------------------------------------------
    def estimate(self, node: Expr, budget: WorkBudget | None = None) -> Estimate:
        """The cost of counting ``Σ deal·node`` by each method, and the method chosen (within
        ``budget``, by default the plan's)."""
        budget = budget or self.budget
        target = mul(self.space.deal, node)
        pinned = self._pinned(target)
        cost = None if isinstance(pinned.patterns, str) else pinned.patterns
        reasons = [pinned.patterns] if isinstance(pinned.patterns, str) else []
        patterns = None if cost is None else cost.work
        dense = None
        if pinned.mixed:
            sizes = [self.space.sorts[v].size for v in pinned.universe]
            dense = prod(sizes) if all(isinstance(s, int) for s in sizes) else None
            if dense is None:
                reasons.append("a dense count needs numeric sizes (drop --symbolic)")
            elif dense > DENSE_MAX_POINTS:
                reasons.append(f"a dense count enumerates {dense:,} assignments (limit {DENSE_MAX_POINTS:,})")
        checking = self._checking_work(node_count(target), reasons)
        if patterns is not None and budget.affords(patterns):
            method = "patterns"
        elif dense is not None and dense <= DENSE_MAX_POINTS:
            method = "dense"
        elif checking is not None and checking <= CHECK_MAX_WORK:
            method = "checking"
        else:
            method = "refuse"
            if cost is not None:
                reasons.insert(0, f"equality patterns need {cost.work:,} node evaluations (budget "
                                  f"left {budget.points:,}), {cost.patterns:,} grid points in "
                                  f"{describe(cost.biggest, self.space.labels)}")
        split = cost.split.describe() if cost is not None and cost.split is not None else None
        return Estimate(patterns, dense, checking, method, tuple(reasons), cost.biggest if cost else None, split)

    def _pinned(self, target: Expr) -> Pinned:
        """``Σ target`` made ready to count (memoised; its vertices checked first)."""
        found = self._planned.get(target.uid)
        if found is None:
            started = process_time()
            found = self._recalled().get(target.uid)
            if found is None:
                found = (target, self._planned_now(target))
                self._unkept += 1
            self._planned[target.uid] = found
            self.clock.plan += process_time() - started
        return found[1]

    def _planned_now(self, target: Expr) -> Pinned:
        space = self.space
        outside = sorted(vertices_under(target) - space.universe)
        if outside:
            reason = "has no domain" if outside[0] not in space.sorts else "is not among the counted vertices"
            raise CpolyError(f"the expression uses vertex σ{outside[0]}, which {reason}")
        node, universe = pin(target, space.universe, space.sorts)
        mixed = mixes_sorts(node, {v: space.sorts[v].name for v in universe})
        patterns = ("a δ compares vertices of different domains (no value symmetry)" if mixed
                    else self._plan_patterns(node, universe))
        return Pinned(node, universe, mixed, patterns)

    # ---- plans kept in the store (cpoly.count.plancache) --------------------------------------
    def _recalled(self) -> dict[int, tuple[Expr, Pinned]]:
        """The plans kept in the store for this game's deal space (by target uid), read on the
        first plan; none for a space of no game (:meth:`over`, a game not read from files)."""
        if self._kept is None:
            fresh: dict[int, int] = {}  # the keeping process's canonical keys -> this one's
            kept = recall_plans(self.space.digest) if self.space.game is not None else []
            self._kept = {target.uid: (target, _rekeyed(pinned, fresh)) for target, pinned in kept
                          if isinstance(pinned, Pinned)}
        return self._kept

    def keep_plans(self) -> None:
        """Keep every plan made or recalled so far in the store, for the next process that counts
        over this deal space, when some of them were made here (the cache off: nothing is written)."""
        if self._unkept and self.space.game is not None and keep_plans(
                self.space.digest, list({**self._recalled(), **self._planned}.values())):
            self._unkept = 0

    def _plan_patterns(self, node: Expr, universe: frozenset[int]) -> PatternPlan | str:
        space = self.space
        positions = [] if space.ordered else [p for p in zip(space.face_vertices, space.suit_vertices)
                                              if universe.issuperset(p)]
        try:
            return plan_patterns(node, space.sorts, universe, positions, self._conditioned)
        except TooManyPatterns as too_many:
            return f"{too_many.message} in {describe(too_many.term, self.space.labels)}"
        except CpolyTooLarge as too_large:
            return too_large.message

    def _checking_work(self, nodes: int, reasons: list[str]) -> int | None:
        """Node evaluations checking every deal costs, for DAGs of ``nodes`` nodes (deal included);
        None when there are no cards to check (a plan :meth:`over` vertices) or they cannot be."""
        space = self.space
        if not space.face_vertices:
            return None
        if space.symbolic:
            reasons.append("checking every deal needs numeric sizes (drop --symbolic)")
            return None
        if space.copies != 1 or space.ordered:
            reasons.append("decks with copies or ordered deals cannot be checked deal by deal yet")
            return None
        n_cards = prod(int(space.sorts[g[0]].size) for g in (space.face_vertices, space.suit_vertices))
        hands = comb(n_cards, space.hand_size)
        work = hands * nodes
        if work > CHECK_MAX_WORK:
            reasons.append(f"checking every deal evaluates {hands:,} hands x {nodes:,} "
                           f"nodes = {work:,} (limit {CHECK_MAX_WORK:,})")
        return work

    def table_refusal(self, names: Sequence[str], estimates: Sequence[Estimate], why: str) -> CpolyTooLarge:
        """The error for a table whose counts together are over budget and whose deals are too
        many to check: the largest category and its largest term, and what to do."""
        name, worst = max(zip(names, estimates), key=lambda pair: pair[1].patterns or 0)
        return CpolyTooLarge(
            f"this deal table is too large to count: by equality patterns its counts need more than "
            f"the table's budget of {self.table_budget:,} node evaluations (category '{name}' alone "
            f"{worst.patterns or 0:,}, most of it in {describe(worst.biggest, self.space.labels)}), and {why}" + REWRITE)

    def refusal(self, estimate: Estimate, what: str) -> CpolyTooLarge:
        """The error for a count no method can do: what, why each method fails, what to do."""
        return CpolyTooLarge(f"{what} is too large to count: " + "; ".join(estimate.why_not) + REWRITE)

    # ---- counting -----------------------------------------------------------------------------
    def count(self, node: Expr, what: str = "this count") -> Number:
        """``Σ deal·node`` per reported hand (per ordered hand when the deal space is ordered)."""
        return self.per_hand(self.count_ordered(node, what), self.space.order_factor, what)

    def count_ordered(self, node: Expr, what: str = "this count", checking: bool = True,
                      budget: WorkBudget | None = None) -> Number:
        """``Σ deal·node`` over every assignment of the deal's vertices (ordered hands), within
        ``budget`` (by default the plan's).

        Without ``checking``, a count that would check every deal raises CpolyTooLarge instead
        (the caller checks every deal once for many counts: :meth:`tally`)."""
        target = mul(self.space.deal, node)
        found = self._counted.get(target.uid)
        if found is None:
            found = self._counted[target.uid] = self._count_ordered(node, what, checking, budget or self.budget)
        return found

    def _count_ordered(self, node: Expr, what: str, checking: bool, budget: WorkBudget) -> Number:
        estimate = self.estimate(node, budget)
        if estimate.method == "checking" and not checking:
            raise CpolyTooLarge(f"{what} needs checking every deal")
        pinned = self._pinned(mul(self.space.deal, node))
        if estimate.method == "refuse":
            raise self.refusal(estimate, what)
        started = process_time()
        try:
            if estimate.method == "patterns":
                assert not isinstance(pinned.patterns, str)
                return run_patterns(pinned.patterns, budget)
            if estimate.method == "dense":
                return count_dense(pinned.node, self.space.sorts, sorted(pinned.universe), DENSE_MAX_POINTS)
            return self.check_sum(node) * self.space.order_factor
        finally:
            self.clock.count += process_time() - started

    def count_fixed(self, node: Expr, fixed: Mapping[int, int]) -> Number:
        """``Σ deal·node`` with the ``fixed`` vertices set, over every assignment of the others
        (with a budget of its own)."""
        target = substitute(mul(self.space.deal, node), dict(fixed))
        return count_node(target, self.space.sorts, self.space.universe - frozenset(fixed))

    def per_hand(self, count: Number, factor: int, what: str = "this count") -> Number:
        """An ordered count as a count per hand (an error naming ``what`` when it depends on order)."""
        if is_symbolic(count):
            return expand(count / factor)
        if count % factor:
            raise CpolyError(f"{what} depends on card order: a count of {count} ordered deals is not "
                             f"a multiple of {factor}; declare 'ordered' in the game")
        return count // factor

    # ---- the deck and every deal ------------------------------------------------------------------
    def deck_cards(self) -> list[Card]:
        """The cards of the deck, face-major: every (face, suit) of the card domains when the
        deal names no value, else the cards some deal contains (a completion count)."""
        if self._cards is None:
            space = self.space
            sizes = [space.sorts[g[0]].size for g in (space.face_vertices, space.suit_vertices)]
            if not all(isinstance(n, int) for n in sizes):
                raise CpolyError("enumerating the deck needs numeric sizes (drop --symbolic)")
            every = [(f, s) for f in range(int(sizes[0])) for s in range(int(sizes[1]))]
            if any(isinstance(n, Delta) and n.values is not None for n in postorder([space.deal])):
                every = [card for card in every if self.count_fixed(ONE, {
                    space.face_vertices[0]: card[0], space.suit_vertices[0]: card[1]}) != 0]
            self._cards = every
        return self._cards

    def dealt_hands(self, nodes: Sequence[Expr]) -> Iterable[tuple[np.ndarray, np.ndarray]]:
        """Every hand of the deck the deal accepts, CHECK_CHUNK hands at a time: (hands as an
        (N, hand_size, 2) array of face, suit; the deal's value on each, non-zero).  Refused
        before any work when evaluating ``nodes`` on every hand is over CHECK_MAX_WORK."""
        space = self.space
        reasons: list[str] = []
        estimate = self._checking_work(len(postorder([space.deal, *nodes])), reasons)
        if estimate is None or estimate > CHECK_MAX_WORK:
            raise CpolyTooLarge("; ".join(reasons))
        cards = np.array(self.deck_cards(), dtype=np.int64).reshape(-1, 2)
        sort_of = {v: s.name for v, s in space.sorts.items()}
        for rows in hand_chunks(len(cards), space.hand_size, CHECK_CHUNK):
            hands = cards[rows.astype(np.int64)]
            (deal,) = evaluate_factored([space.deal], sort_of, space.assignment(hands))
            weights = np.asarray(deal.at_assignments(len(hands)), dtype=np.int64)
            accepted = weights != 0
            yield hands[accepted], weights[accepted]

    def check_sum(self, node: Expr) -> int:
        """``Σ deal·node`` per unordered hand, by checking every hand of the deck."""
        sort_of = {v: s.name for v, s in self.space.sorts.items()}
        return sum(int((weights * value.at_assignments(len(hands)).astype(object)).sum())
                   for hands, weights in self.dealt_hands([node])
                   for value in evaluate_factored([node], sort_of, self.space.assignment(hands)))

    def tally(self, categories: Sequence[Expr]) -> CategoryTally:
        """Check every deal once for all ``categories`` (see :class:`CategoryTally`)."""
        key = tuple(c.uid for c in categories)
        if key in self._tallies:
            return self._tallies[key]
        started = process_time()
        sort_of = {v: s.name for v, s in self.space.sorts.items()}
        masks: dict[int, int] = {}
        odd: set[int] = set()
        total = 0
        for hands, weights in self.dealt_hands(categories):
            values = evaluate_factored(list(categories), sort_of, self.space.assignment(hands))
            bits = np.zeros(len(hands), dtype=object if len(categories) > 62 else np.int64)
            for index, value in enumerate(values):
                if not np.isin(value.value, (0, 1)).all():
                    odd.add(index)
                bits += (value.at_assignments(len(hands)) != 0).astype(bits.dtype) * (1 << index)
            found, inverse = np.unique(bits, return_inverse=True)
            for mask, weight in zip(found.tolist(), _group_sums(inverse.reshape(-1), weights, len(found))):
                masks[int(mask)] = masks.get(int(mask), 0) + weight
            total += int(weights.astype(object).sum())
        tally = self._tallies[key] = CategoryTally(masks, frozenset(odd), total)
        self.clock.count += process_time() - started
        return tally


def _rekeyed(pinned: Pinned, fresh: dict[int, int]) -> Pinned:
    """A plan recalled from the store with its canonical keys taken again in this process."""
    if isinstance(pinned.patterns, str):
        return pinned
    return Pinned(pinned.node, pinned.universe, pinned.mixed, rekeyed(pinned.patterns, fresh))


def _group_sums(inverse: np.ndarray, weights: np.ndarray, groups: int) -> list[int]:
    """Per group, the exact integer sum of its weights (in float64 when that is exact, else Python ints)."""
    if float(np.abs(weights).sum(initial=0)) < 2**52:
        return [int(round(x)) for x in np.bincount(inverse, weights=weights.astype(np.float64), minlength=groups)]
    exact = np.zeros(groups, dtype=object)
    np.add.at(exact, inverse, weights.astype(object))
    return list(exact)

