"""Counting by equality patterns: plan a count, price it, run it (see :mod:`cpoly.count.counting`).

A count is planned as weighted parts: one part, ``Σ node`` itself, or one per case of a
:class:`~cpoly.count.condition.ValueSplit` (the count conditioned on which vertices hold a wild
value), whichever is cheaper.  Every part is priced (grid points times DAG nodes, per term)
before any is run; :class:`WorkBudget` is charged the whole before the first part starts.

>>> from cpoly.api import load_game
>>> plan = load_game("definitions/deuces_wild.cp").plan
>>> counted = plan_patterns(plan.space.deal, plan.space.sorts, plan.space.universe)
>>> counted.split is None, run_patterns(counted) // 120
(True, 2598960)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from cpoly.count.canonical import CanonicalTerms
from cpoly.count.condition import MAX_CASES, Case, ValueSplit, cases, is_symmetric, split_candidates
from cpoly.count.contraction import Contraction, contraction_sum, plan_contraction
from cpoly.count.decoupled import Decoupled, decouple, decoupled_sum
from cpoly.count.evaluate import grid_points, pattern_axes, pattern_sizes, term_sum
from cpoly.count.pinned import pin
from cpoly.count.plan import TermPlan, plan_term, split_factored
from cpoly.count.typedpatterns import MAX_PATTERNS, pattern_bound
from cpoly.dag.expr import Expr, nodes_under
from cpoly.dag.memo import cached, register
from cpoly.dag.rewrite import ONE, ZERO, mul, narrow
from cpoly.dag.symbolic import Number, expand
from cpoly.errors import CpolyTooLarge
from cpoly.lang.resolve import Sort

__all__ = ["CANONICAL", "CONTRACT_ABOVE", "CONTRACT_FIRST", "DECOUPLE_ABOVE", "PATTERN_BUDGET",
           "PATTERN_REFUSE", "PatternPlan", "PricedTerms", "SPLITS_TRIED", "SPLIT_GOOD", "SplitMemo",
           "TERM_OVERHEAD", "TooManyPatterns", "WorkBudget", "node_count", "plan_patterns", "priced_terms",
           "rekeyed", "run_patterns"]

# Work is measured in node evaluations: grid points x DAG nodes of each term (about 3e8 a second).
PATTERN_BUDGET = 20_000_000_000  # one count on its own (about a minute)
TERM_OVERHEAD = 2_000  # a term's fixed cost per node, in grid points (Python-level overhead)
PATTERN_REFUSE = 8 * MAX_PATTERNS  # a pattern bound above this is refused without enumerating
SPLITS_TRIED = 3  # value sets tried per count (the best candidates)
DECOUPLE_ABOVE = 20_000  # terms with more grid points are priced as a contraction too (cpoly.count.decoupled)
SPLIT_GOOD = 200_000_000  # a split this cheap is taken without pricing the next candidate
# Vertices of a sort from which a cheap contraction (cpoly.count.contraction) is taken without pricing the plan
# by terms (whose patterns grow as Bell numbers); with fewer, that plan is kept unless it costs more
# than SPLIT_GOOD and more than the contraction.
CONTRACT_FIRST = 6
CONTRACT_ABOVE = 20_000_000  # with fewer, a plan by terms that costs more is priced as a contraction too


@dataclass
class WorkBudget:
    """Node evaluations a series of counts may still spend (shared by the counts of one table)."""

    points: int = PATTERN_BUDGET

    def affords(self, work: int) -> bool:
        return work <= self.points

    def spend(self, work: int) -> None:
        if work > self.points:
            raise CpolyTooLarge(f"counting by equality patterns needs {work:,} more node "
                                f"evaluations (budget left {self.points:,})")
        self.points -= work


# ---- equality patterns ------------------------------------------------------------------
class TooManyPatterns(CpolyTooLarge):
    """A term with more equality patterns than the limit (``term`` is named in the refusal)."""

    def __init__(self, message: str, term: Expr) -> None:
        super().__init__(message)
        self.term = term


@dataclass(frozen=True)
class PricedTerms:
    """The planned terms of a count by equality patterns and their work (node evaluations);
    ``biggest`` is the term with the most patterns, named when the count is refused."""

    terms: tuple[TermPlan, ...]
    sizes: tuple[tuple[int, ...] | None, ...]  # per term, its typed patterns per sort (None: none)
    work: int
    biggest: Expr | None = None
    patterns: int = 0
    keys: tuple[int, ...] = ()  # each term's canonical key (cpoly.count.canonical)
    decoupled: tuple[Decoupled | None, ...] = ()  # per term: counted as a contraction, if cheaper


Domains = tuple[tuple[int, Sort], ...]  # the counted vertices and their sorts, a memo key


def domains(sorts: Mapping[int, Sort], universe: frozenset[int]) -> Domains:
    """The vertices of ``universe`` with their sorts, in order: what a plan over them depends
    on besides the node (a key of the memoised plans)."""
    return tuple((v, sorts[v]) for v in sorted(universe))


def priced_terms(node: Expr, sorts: Mapping[int, Sort], universe: frozenset[int]) -> PricedTerms:
    """Plan ``Σ node`` by equality patterns and measure it; raises CpolyTooLarge (naming the
    largest term) when a term's patterns are over the limit, before enumerating them.
    Memoised per node and domains: the wild cases of a table's counts repeat (an overlap's
    case with four deuces is often its category's)."""
    return _priced_terms(node, universe, domains(sorts, universe))


@cached("patterncount.priced", 50_000)
def _priced_terms(node: Expr, universe: frozenset[int], domains: Domains) -> PricedTerms:
    sorts = dict(domains)
    pieces, plain = split_factored(node, {v: sorts[v].name for v in universe})
    terms, keys = _merged([plan_term(c, term, sorts, universe)
                           for c, term in _relabelings_merged(pieces, plain, domains, universe)])
    for term in terms:
        # Each sort's patterns are enumerated on their own axis (the grid of their product is
        # priced by the work budget below), so each is bounded on its own.
        bound = max((pattern_bound(len(vs), [term.allowed[v] for v in vs],
                                   term.atoms[s].numeric_sizes()) for s, vs in term.vertices.items()),
                    default=0)
        if bound > PATTERN_REFUSE:
            raise TooManyPatterns(f"about {bound:.2e} equality patterns (limit {MAX_PATTERNS:,})",
                                  term.node)
    sizes = [pattern_sizes(term) for term in terms]
    points = [grid_points(s) for s in sizes]
    works: list[int] = []
    decoupled: list[Decoupled | None] = []
    for term, size, n in zip(terms, sizes, points):
        nodes = node_count(term.node)
        found = decouple(term, size) if n > DECOUPLE_ABOVE else None
        if found is not None and found.work >= n * nodes:
            found = None  # the grid of patterns is as cheap
        works.append((n * nodes if found is None else found.work) + TERM_OVERHEAD * nodes)
        decoupled.append(found)
    biggest = terms[points.index(max(points))].node if terms else None
    return PricedTerms(tuple(terms), tuple(sizes), sum(works), biggest, max(points, default=0), tuple(keys),
                       tuple(decoupled))


CANONICAL = CanonicalTerms("patterncount.canonical")  # shared by every count: a term's count is remembered by its key
register(CANONICAL)


def _merged(terms: list[TermPlan]) -> tuple[list[TermPlan], list[int]]:
    """The terms with those equal up to a relabeling of values merged (their coefficients
    added, see :mod:`cpoly.count.canonical`), and each one's canonical key."""
    merged: dict[int, TermPlan] = {}
    for term in terms:
        key = CANONICAL.key(term)
        found = merged.get(key)
        merged[key] = term if found is None else replace(found, coefficient=found.coefficient + term.coefficient)
    kept = [(key, term) for key, term in merged.items() if term.coefficient != 0]
    return [term for _, term in kept], [key for key, _ in kept]


def _relabelings_merged(pieces: list[tuple[int, Expr]], plain: Expr, domains: Domains,
                        universe: frozenset[int]) -> list[tuple[int, Expr]]:
    """The terms ``coef · piece · plain`` (:func:`~cpoly.count.plan.split_factored`), with the
    pieces equal up to a relabeling of values merged before ``plain`` multiplies them: ``plain``
    names no value, so their products with it are relabelings of each other too, and count the
    same.  Ten straight windows times the deal are one product, built and planned once."""
    if len(pieces) > 1 and plain is not ONE:
        merged: dict[int, tuple[int, Expr]] = {}
        for coef, piece in pieces:
            key = _piece_key(piece, universe, domains)
            found = merged.get(key)
            merged[key] = (coef, piece) if found is None else (found[0] + coef, found[1])
        pieces = [kept for kept in merged.values() if kept[0] != 0]
    products = [(coef, narrow(mul(piece, plain))) for coef, piece in pieces]
    return [(coef, term) for coef, term in products if term is not ZERO]


@cached("patterncount.piece_keys", 100_000)
def _piece_key(piece: Expr, universe: frozenset[int], domains: Domains) -> int:
    """The canonical key of ``piece`` as a term of its own (memoised: the pieces of a table's
    counts repeat; a key outlives a cleared CANONICAL harmlessly, it is never handed out again)."""
    return CANONICAL.key(plan_term(1, piece, dict(domains), universe))


@cached("patterncount.node_count", 500_000)
def node_count(node: Expr) -> int:
    """The DAG nodes under ``node`` (memoised: nodes are interned)."""
    return len(nodes_under(node))


@dataclass(frozen=True)
class PatternPlan:
    """A count by equality patterns as weighted parts ``(weight, universe, PricedTerms)``; ``split``
    is the value split the parts are the cases of (None: one part, the node itself);
    ``contraction``: the whole count as one face/suit contraction (:mod:`cpoly.count.contraction`),
    added to the parts."""

    parts: tuple[tuple[int, frozenset[int], PricedTerms], ...]
    split: ValueSplit | None = None
    contraction: Contraction | None = None

    @property
    def work(self) -> int:
        return sum(cost.work for _, _, cost in self.parts) + (self.contraction.work if self.contraction else 0)

    @property
    def biggest(self) -> Expr | None:
        return max((cost for _, _, cost in self.parts), key=lambda c: c.patterns).biggest if self.parts else None

    @property
    def patterns(self) -> int:
        return max((cost.patterns for _, _, cost in self.parts), default=0)


def rekeyed(counted: PatternPlan, fresh: dict[int, int]) -> PatternPlan:
    """``counted``, planned in another process (:mod:`cpoly.count.plancache`), with each term's
    canonical key taken again in this one (keys are handed out per process); ``fresh`` maps the
    other process's keys to this one's, filled as they are met (equal keys, equal counts)."""
    def keys(cost: PricedTerms) -> tuple[int, ...]:
        return tuple(fresh[old] if old in fresh else fresh.setdefault(old, CANONICAL.key(term))
                     for old, term in zip(cost.keys, cost.terms))
    return replace(counted, parts=tuple((weight, left, replace(cost, keys=keys(cost)))
                                        for weight, left, cost in counted.parts))


def plan_patterns(node: Expr, sorts: Mapping[int, Sort], universe: frozenset[int],
                  positions: Sequence[Sequence[int]] = (), memo: SplitMemo | None = None) -> PatternPlan:
    """The plan of ``Σ node`` by equality patterns: as one face/suit contraction when that is
    cheap (see CONTRACT_FIRST) or the plan by terms fails or costs more; else conditioned on the cheapest of its first
    :func:`~cpoly.count.condition.split_candidates` (the next one is priced only while the best so
    far costs more than SPLIT_GOOD), else the node itself.

    A wild value set that other literals contain makes every literal an atom of its own, so
    the split is taken without pricing the node itself (that pricing alone enumerates the
    patterns the split avoids).  ``positions`` (tuples of vertices that move together, e.g. a
    card's face and suit) allow one case per size of W when the node is symmetric in them;
    ``memo`` keeps conditioned DAGs between calls.  Raises TooManyPatterns when a term of the
    chosen plan is over the pattern limit.

    With fewer than CONTRACT_FIRST vertices of every sort, the contraction is planned only
    when the plan by terms fails or costs more than SPLIT_GOOD: the choice is the same, and
    most counts of a five-card table never plan it."""
    many = max(Counter(sorts[v].name for v in universe).values(), default=0) >= CONTRACT_FIRST
    contracted = plan_contraction(node, sorts, universe) if many else None
    if contracted is not None and contracted.work <= SPLIT_GOOD:
        return PatternPlan((), None, contracted)
    try:
        planned = _plan_by_terms(node, sorts, universe, positions, memo)
    except CpolyTooLarge:
        contracted = contracted if many else plan_contraction(node, sorts, universe)
        if contracted is None:
            raise
        return PatternPlan((), None, contracted)
    if not many and planned.work > CONTRACT_ABOVE:
        contracted = plan_contraction(node, sorts, universe)
    if contracted is not None and contracted.work < planned.work:
        return PatternPlan((), None, contracted)
    return planned


def _plan_by_terms(node: Expr, sorts: Mapping[int, Sort], universe: frozenset[int],
                   positions: Sequence[Sequence[int]], memo: SplitMemo | None) -> PatternPlan:
    """The plan of ``Σ node`` term by term (see :func:`plan_patterns`)."""
    best: PatternPlan | None = None
    candidates = split_candidates(node, {v: sorts[v].name for v in universe}, universe,
                                  {sorts[v].name: sorts[v].size for v in universe})[:SPLITS_TRIED]
    for split in candidates[1:] if candidates and not candidates[0].wild else ():
        # cheap: the split's vertices are fixed, so most of their δs are decided
        if split.wild and (found := _cases(node, sorts, universe, split, positions, memo)) is not None \
                and next(found, None) is None:
            return PatternPlan((), split)  # every case is 0: the count is 0, nothing to price
    for split in candidates:
        found = _cases(node, sorts, universe, split, positions, memo)
        try:
            planned = None if found is None else PatternPlan(tuple(
                (case.weight, left, priced_terms(pinned, sorts, left))
                for case in found for pinned, left in [pin(case.node, case.universe, sorts)]), split)
        except TooManyPatterns:
            continue
        if planned is not None and (best is None or planned.work < best.work):
            best = planned
        if best is not None and best.work <= SPLIT_GOOD:
            break
    return best or PatternPlan(((1, universe, priced_terms(node, sorts, universe)),))


SplitMemo = dict[tuple[ValueSplit, tuple[int, ...]], dict[int, Expr]]


def _cases(node: Expr, sorts: Mapping[int, Sort], universe: frozenset[int], split: ValueSplit,
           positions: Sequence[Sequence[int]], memo: SplitMemo | None) -> Iterator[Case] | None:
    """``Σ node`` as the cases of ``split``, lazily (None when they are too many to enumerate: no
    position symmetry and more than MAX_CASES subsets)."""
    symmetric = _symmetric(node, split, positions)
    if not symmetric and 2 ** len(split.vertices) > MAX_CASES:
        return None
    return cases(node, split, universe, symmetric, sorts, memo)


def _symmetric(node: Expr, split: ValueSplit, positions: Sequence[Sequence[int]]) -> bool:
    """Whether one case per size of W is enough: the split's vertices are one vertex of each
    position, in the same slot, and the node is symmetric in the positions."""
    slots = range(min(map(len, positions), default=0))
    if not any(tuple(p[slot] for p in positions) == split.vertices for slot in slots):
        return False
    return _is_symmetric(node, tuple(map(tuple, positions)))


_is_symmetric = cached("patterncount.symmetric", 100_000)(is_symmetric)  # nodes are interned


def run_patterns(counted: PatternPlan, budget: WorkBudget | None = None) -> Number:
    """Run a planned count, after charging its whole work to ``budget``."""
    (budget or WorkBudget()).spend(counted.work)
    total: Number = 0 if counted.contraction is None else contraction_sum(counted.contraction)
    for weight, _, cost in counted.parts:
        for term, sizes, key, decoupled in zip(cost.terms, cost.sizes, cost.keys, cost.decoupled):
            found = CANONICAL.counts.get(key)  # counted by an earlier count (or part)
            if found is None:
                axes = None if sizes is None else pattern_axes(term)  # the patterns, built to count
                found = CANONICAL.counts[key] = (term_sum(term, axes) if decoupled is None
                                                 else decoupled_sum(term, axes, decoupled))
            total += weight * term.coefficient * found
    return expand(total)
