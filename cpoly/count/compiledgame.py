"""A compiled game: the deal, the categories in pay order and their pay-only-the-highest forms.

The exclusions follow the seed's rule (:func:`seed_exclusions`), computed by the engine.

>>> from cpoly.api import load_game
>>> game = load_game("definitions/jacks_or_better.cp")
>>> game.exclusions()["TwoPair"]
('ThreeOfAKind',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from hashlib import sha256

import numpy as np

from cpoly.count.cardswaps import card_swaps
from cpoly.count.counting import TABLE_BUDGET, CountingPlan, DealSpace
from cpoly.count.dealcheck import deal_witness, value_at
from cpoly.count.evaluate import SortedValues, evaluate_factored
from cpoly.count.exclusive import pairs_left, symmetries, zero_one_terms
from cpoly.count.patterncount import WorkBudget
from cpoly.dag.expr import Expr, vertices_of
from cpoly.dag.rewrite import add, const, delta, is_boolean, mul, neg, one_minus
from cpoly.dag.symbolic import Number, expand
from cpoly.deck.cards import Card, check_hand, format_card, parse_cards
from cpoly.errors import CpolyError, CpolyInputError, CpolyTooLarge
from cpoly.lang.gamespec import GameSpec
from cpoly.lang.lower import Lowerer
from cpoly.lang.paytable import PayTable
from cpoly.lang.resolve import Program, Sort

__all__ = ["Game", "Overlaps", "Planner", "seed_exclusions"]

Planner = Callable[[DealSpace], CountingPlan]


@dataclass
class Game:
    """The game section of a program, lowered to the DAG; ``planner`` makes the counting plan
    from the game's deal space (:mod:`cpoly.count.counting`)."""

    program: Program
    spec: GameSpec
    lowerer: Lowerer
    planner: Planner = field(default=CountingPlan, repr=False)
    _exclusions: dict[str, tuple[str, ...]] | None = field(default=None, repr=False)
    # per category, Σ deal·form·higher over its excluded higher wins (ordered), when derived
    _overlaps: dict[str, Number] = field(default_factory=dict, repr=False)
    _odd: list[str] | None = field(default=None, repr=False)  # the categories not 0/1 on the deals

    @classmethod
    def from_program(cls, program: Program, lowerer: Lowerer | None = None,
                     planner: Planner = CountingPlan) -> Game:
        if program.game is None:
            raise CpolyError(f"{program.module.path} has no game section "
                             "(cards, deal, categories): see docs/language.md")
        return cls(program, program.game, lowerer or Lowerer(program), planner)

    @cached_property
    def plan(self) -> CountingPlan:
        """How this game counts ``Σ deal·node`` (chosen per count, the deal always applied)."""
        return self.planner(DealSpace(self.deal, self.sorts, self.universe, self.face_vertices,
                                      self.suit_vertices, self.spec.ordered, self.spec.copies,
                                      self.lowerer.vertex_labels(), self.version))

    @property
    def version(self) -> str | None:
        """sha256 of the game's definitions (the bytes of the files it was read from, the values
        of its constants), under which the plans of its counts are kept in the store
        (:mod:`cpoly.count.plancache`); None for a game not read from files."""
        sources = self.program.module.sources
        if sources is None:
            return None
        files = [digest for _, _, digest in sources.files]
        return sha256(repr((files, sorted(self.program.constants.items()))).encode()).hexdigest()

    # ---- structure --------------------------------------------------------------------------
    @property
    def hand_size(self) -> int:
        return len(self.face_vertices)

    @property
    def face_vertices(self) -> tuple[int, ...]:
        return self.program.groups[self.spec.face_group]

    @property
    def suit_vertices(self) -> tuple[int, ...]:
        return self.program.groups[self.spec.suit_group]

    @property
    def category_names(self) -> list[str]:
        return [ref.name for ref in self.spec.categories]

    @cached_property
    def deal(self) -> Expr:
        """The deal expression, times the physical-copies weight when the deck has copies.

        The deal must be 0/1 on every assignment of its vertices (it selects hands): else an
        error at the deal with one assignment where it is not (:mod:`cpoly.count.dealcheck`)."""
        raw = self.lowerer.expr(self.spec.deal, {})
        self._require_zero_one_deal(raw)
        return mul(raw, self.copies_weight)

    def _require_zero_one_deal(self, raw: Expr) -> None:
        order = [v for pair in zip(self.face_vertices, self.suit_vertices) for v in pair]
        order += sorted(self.universe - set(order))
        try:
            found = deal_witness(raw, self.sorts, order, WorkBudget(TABLE_BUDGET), self.program.constants)
        except CpolyTooLarge as too_large:
            raise CpolyTooLarge(f"the deal's 0/1 check is too large to count: {too_large.message}",
                                self.spec.deal_span) from None
        if found is None:
            return
        assignment, sizes = found
        hand = " ".join(self.format((assignment[f], assignment[s]))
                        for f, s in zip(self.face_vertices, self.suit_vertices))
        others = sorted(set(assignment) - set(self.face_vertices) - set(self.suit_vertices))
        extra = "".join(f", σ{v} = {assignment[v]}" for v in others)
        at = "".join(f" with {name} = {size}" for name, size in sizes.items())
        raise CpolyError(f"the deal is not 0/1: deal is {value_at(raw, assignment)} on {hand}{extra}"
                         f"{at}; a deal selects hands, so it must be 0 or 1 on every hand (write "
                         "exclusions as products, e.g. Hand * (1 - Flush) * (1 - Straight))",
                         self.spec.deal_span)

    @cached_property
    def copies_weight(self) -> Expr:
        """How many ordered physical hands an ordered hand of card values stands for.

        With c copies of each card, a value repeated m times can be dealt in (c)_m ways, so the
        weight is ``prod_i (c - Σ_{j<i} δF[i],F[j] δS[i],S[j])``: the k-th repeat of a value
        (k = 0, 1, …) has c - k copies left.  It is 1 for a single deck, and 0 for a hand
        with more repeats than copies.

        >>> from cpoly.api import load_game
        >>> game = load_game("definitions/jacks_or_better.cp")
        >>> game.copies_weight
        Const(uid=..., value=1)
        """
        copies = self.spec.copies
        if copies == 1:
            return const(1)
        faces, suits = self.face_vertices, self.suit_vertices
        same = [[mul(delta((faces[i], faces[j])), delta((suits[i], suits[j]))) for j in range(i)]
                for i in range(self.hand_size)]
        return mul(*(add(const(copies), *(neg(x) for x in same[i])) for i in range(self.hand_size)))

    @cached_property
    def categories(self) -> dict[str, Expr]:
        """Each category's DAG; a category may only use the vertices a deal assigns."""
        lowered = {ref.name: self.lowerer.definition(ref.name, ref.span) for ref in self.spec.categories}
        for ref in self.spec.categories:
            outside = sorted(vertices_of([lowered[ref.name]]) - self.universe)
            if outside:
                raise CpolyError(f"category '{ref.name}' uses vertex σ{outside[0]}, which is not a "
                                 "card's face or suit nor used by the deal", ref.span)
        return lowered

    @cached_property
    def universe(self) -> frozenset[int]:
        """The vertices a deal assigns: the cards' vertices and any other the deal mentions."""
        deal = self.lowerer.expr(self.spec.deal, {})
        vertices = frozenset(self.face_vertices + self.suit_vertices) | vertices_of([deal])
        for v in vertices:
            self.program.sort_of(v, self.spec.categories[0].span)
        return vertices

    @property
    def sorts(self) -> dict[int, Sort]:
        return self.program.sorts

    # ---- pay exclusions -------------------------------------------------------------------------
    def exclusions(self) -> dict[str, tuple[str, ...]]:
        """For each category, the higher wins its paid form excludes (seed's rule): by
        :func:`seed_exclusions` counting each overlap (kept for the paid counts), unless
        :meth:`set_exclusions` read them off the deals."""
        if self._exclusions is None:
            names = self.category_names
            known = _Containments(len(names)) if self._all_zero_one() else None

            def overlaps(j: int, excluded: tuple[int, ...], i: int) -> bool:
                if known is not None and known.without_overlap(j, excluded, i):
                    return False  # proved 0 by what earlier overlaps found (_Containments): nothing counted
                form = mul(self.categories[names[j]], *(one_minus(self.categories[names[e]]) for e in excluded))
                overlap = self.plan.count_ordered(mul(form, self.categories[names[i]]),
                                                  f"the overlap of {names[j]} and {names[i]}", checking=False)
                if overlap != 0:
                    self._overlaps[names[j]] = expand(self._overlaps.get(names[j], 0) + overlap)
                if known is not None and overlap == 0:
                    known.missing(j, i, excluded)
                elif known is not None and expand(overlap - self.plan.count_ordered(self.categories[names[i]])) == 0:
                    known.contained(i, j)  # every deal of i is a deal of the form, hence of j
                return overlap != 0

            self._overlaps.update(dict.fromkeys(names, 0))
            self._exclusions = seed_exclusions(names, overlaps)
        return self._exclusions

    def _all_zero_one(self) -> bool:
        """Whether every category is known to be 0/1 on the deals (False when that is too large
        to decide by counting: the check is then left to the caller)."""
        try:
            return not self.not_zero_one_categories()
        except CpolyTooLarge:
            return False

    def not_zero_one_categories(self) -> list[str]:
        """The categories that are not 0/1 on the deals (e.g. ``+`` used as OR over overlapping
        terms), by counting.

        For an integer c, ``c(c-1) >= 0`` with equality exactly when c is 0 or 1, so one count
        of ``deal·c·(c-1)`` decides it.  A sum of 0/1 terms needs less: the pairs of its terms
        the rules do not prove exclusive on the deal, counted as one sum
        (:mod:`cpoly.count.exclusive`).  Raises CpolyTooLarge when a count needs checking every deal.
        """
        if self._odd is None:
            self._odd = [name for name in self.category_names
                         if not is_boolean(self.categories[name]) and self._hits_twice(name)]
        return list(self._odd)

    def _hits_twice(self, name: str) -> bool:
        """Whether some deal has category ``name`` at a value other than 0 and 1."""
        node, what = self.categories[name], f"the 0/1 check of {name}"
        terms = zero_one_terms(node)
        swaps = [] if terms is None or self.spec.ordered else card_swaps(self.face_vertices, self.suit_vertices)
        left = None if terms is None else pairs_left(terms, self.deal, symmetries(terms, self.deal, swaps))
        if left is None:
            return self.plan.count_ordered(mul(node, add(node, const(-1))), what, checking=False) != 0
        return bool(left) and self.plan.count_ordered(add(*left), what, checking=False) != 0

    def not_zero_one(self, name: str, because: str) -> CpolyError:
        """The error for a category that some deal hits more than once, at the category's name
        in the game's list, saying ``because`` what needs a 0/1 category."""
        span = next(ref.span for ref in self.spec.categories if ref.name == name)
        return CpolyError(f"category '{name}' is not 0/1 on the deals: some deals hit it more than "
                          f"once (+ used as OR over overlapping terms?), and {because}; write OR as "
                          "1 - (1 - a)(1 - b) or any(…)", span)

    def set_exclusions(self, masks: Mapping[int, int]) -> None:
        """The exclusions (:meth:`exclusions`) read off the check of every deal instead of
        counted: ``masks`` are the sets of categories (bit i: category i) the deals hit, by weight."""
        hit = [m for m, weight in masks.items() if weight]
        self._exclusions = seed_exclusions(self.category_names, lambda j, excluded, i: any(
            m >> j & 1 and m >> i & 1 and not any(m >> e & 1 for e in excluded) for m in hit))
        self._overlaps.clear()

    def paid_count_ordered(self, name: str) -> Number:
        """``Σ deal·Pay<name>`` over ordered deals.  When the exclusions were derived by
        counting, this is the category's count less the overlaps found on the way
        (``Σ f·(1 - h) = Σ f - Σ f·h`` at each excluded h), so the paid form is not counted again."""
        what = f"Pay{name}"
        self.exclusions()
        if name not in self._overlaps:
            return self.plan.count_ordered(self.paid_form(name), what)
        return expand(self.plan.count_ordered(self.categories[name], what) - self._overlaps[name])

    def paid_form(self, name: str) -> Expr:
        """``Pay<name>``: the category times ``(1 - higher)`` for each excluded higher win."""
        factors = [one_minus(self.categories[h]) for h in self.exclusions()[name]]
        return mul(self.categories[name], *factors)

    # ---- cards ------------------------------------------------------------------------------
    def parse_hand(self, texts: Sequence[str]) -> list[Card]:
        """A dealt hand from card strings; wrong count or duplicates are input errors."""
        cards = parse_cards(texts, self.spec.ranks, self.spec.suit_letters, copies=self.spec.copies)
        _ = self.universe  # every card vertex has a domain (else a CpolyNameError)
        sizes = (self.sorts[self.face_vertices[0]].size, self.sorts[self.suit_vertices[0]].size)
        check_hand(texts, cards, sizes, self.hand_size)
        return cards

    def format(self, card: Card) -> str:
        return format_card(card, self.spec.ranks, self.spec.suit_letters)

    def paytable(self, name: str | None = None) -> PayTable:
        """A pay table by name; the first one when no name is given."""
        tables = self.spec.paytables
        if not tables:
            raise CpolyInputError(
                f"{self.program.module.path} has no pay table: returns need one, a line such as "
                f"'paytable \"mine\": {self.spec.categories[0].name if self.spec.categories else 'Pair'} 2, …' "
                "(docs/language.md); 'cpoly count' gives its deal frequencies without one")
        found = tables[0] if name is None else next((t for t in tables if t.name == name), None)
        if found is not None:
            return found
        known = ", ".join(t.name for t in tables)
        raise CpolyInputError(f"unknown pay table '{name}' (this game has: {known})")

    # ---- checking ---------------------------------------------------------------------------
    def assignment(self, hands: np.ndarray) -> dict[int, np.ndarray]:
        """Vertex arrays for hands given as an (N, hand_size, 2) array of (face, suit)."""
        return self.plan.space.assignment(hands)

    def classify(self, hands: np.ndarray, check_deal: bool = True,
                 ignore: frozenset[str] = frozenset(), not_zero_one: set[str] | None = None) -> np.ndarray:
        """Index of the first category (pay order) each hand hits; len(categories) for none.

        ``hands`` is an (N, hand_size, 2) array of (face, suit).  With ``check_deal``, hands
        for which the deal expression is 0 get -1; without, the caller vouches for them (every
        hand of an enumerated deck).  Categories named in ``ignore`` are never hit (an ordered
        game's position-dependent ones, when classifying unordered hands).  The names of the
        categories whose value on some hand is not 0 or 1 are added to ``not_zero_one``.
        """
        kept = [i for i, name in enumerate(self.category_names) if name not in ignore]
        roots = [self.categories[self.category_names[i]] for i in kept]
        values = evaluate_factored(roots + ([self.deal] if check_deal else []),
                                   {v: s.name for v, s in self.sorts.items()}, self.assignment(hands))
        n = hands.shape[0]
        if not_zero_one is not None:
            not_zero_one.update(self.category_names[i] for i, root, value in zip(kept, roots, values)
                                if not is_boolean(root) and not np.isin(value.value, (0, 1)).all())
        first = np.full(n, len(kept), dtype=np.int16)
        for level in {v.sort for v in values[:len(kept)]}:
            first = np.minimum(first, _first_hit(values[:len(kept)], level, n))
        result: np.ndarray = np.array(kept + [len(self.category_names)], dtype=np.int16)[first]
        if check_deal:
            result[values[-1].at_assignments(n) == 0] = -1
        return result

    def deal_values(self, hands: np.ndarray) -> np.ndarray:
        """The deal expression's value on each hand (an (N, hand_size, 2) array of face, suit)."""
        (value,) = evaluate_factored([self.deal], {v: s.name for v, s in self.sorts.items()},
                                     self.assignment(hands))
        return np.asarray(value.at_assignments(hands.shape[0]))

    def check_dealt(self, cards: Sequence[Card]) -> None:
        """An input error unless the deal expression accepts the hand ``cards``."""
        if not self.deal_values(np.array([cards], dtype=np.int64))[0]:
            raise self._not_a_deal(cards)

    def _not_a_deal(self, cards: Sequence[Card]) -> CpolyInputError:
        """The error for a hand the deal rejects: the first card that is in no deal of this game
        (``Xd`` in a one-joker deck), else the whole hand."""
        deck = set(self.plan.deck_cards())
        outside = [card for card in cards if tuple(card) not in deck]
        if outside:
            return CpolyInputError(f"card {self.format(outside[0])} is not in this deck")
        return CpolyInputError("that hand is not a valid deal of this game: "
                               + " ".join(self.format(c) for c in cards))

    def check(self, cards: Sequence[Card]) -> str | None:
        """The category of one dealt hand (first in pay order that checks 1), or None."""
        hands = np.array([cards], dtype=np.int64)
        index = int(self.classify(hands)[0])
        if index < 0:
            raise self._not_a_deal(cards)
        return None if index == len(self.categories) else self.category_names[index]


class _Containments:
    """What the overlaps counted so far say about the categories' deals: ``i ⊆ j`` (an overlap
    of a form of ``j`` with ``i`` equal to the whole count of ``i``; closed under ``⊆``) and
    ``i ∩ j = ∅`` (an overlap of ``j`` itself with ``i`` that is 0), and per row ``j`` the
    categories an earlier, larger form of ``j`` missed (a row's forms only shrink as it
    excludes).  For 0/1 categories an overlap of a form of ``j`` (which is at most ``j``, and 0
    wherever an excluded ``e`` holds) with ``i`` is then 0 without a count when ``i ⊆ e`` for
    an excluded ``e`` (``Σ deal·form·i <= Σ deal·i·(1 - e) = 0``), ``i ⊆ k`` for a ``k`` an
    earlier form of the row missed, or ``i ⊆ k`` and ``j ⊆ m`` for some disjoint ``k`` and
    ``m`` (``form·i <= m·k = 0``): the seed's walk shares what earlier rows of it found."""

    def __init__(self, n: int) -> None:
        self.wider: list[set[int]] = [{k} for k in range(n)]  # k -> k and the categories holding wherever k does
        self.apart: set[frozenset[int]] = set()
        self.missed: list[set[int]] = [set() for _ in range(n)]  # j -> the categories a form of j missed

    def missing(self, j: int, i: int, excluded: tuple[int, ...]) -> None:
        """A form of ``j`` has no deal of ``i`` (nor will the smaller forms after it)."""
        self.missed[j].add(i)
        if not excluded:
            self.apart.add(frozenset((i, j)))

    def contained(self, i: int, j: int) -> None:
        for found in self.wider:
            if i in found:
                found.update(self.wider[j])

    def without_overlap(self, j: int, excluded: tuple[int, ...], i: int) -> bool:
        wider = self.wider[i]
        return (not wider.isdisjoint(excluded) or not wider.isdisjoint(self.missed[j])
                or any(frozenset((k, m)) in self.apart for k in wider for m in self.wider[j]))


Overlaps = Callable[[int, tuple[int, ...], int], bool]


def seed_exclusions(names: Sequence[str], overlaps: Overlaps) -> dict[str, tuple[str, ...]]:
    """The seed's pay-only-the-highest rule, the one place it is written: for each category
    ``j``, walk the higher wins ``i`` from the nearest up; ``i`` is excluded when category ``j``
    less the wins already excluded still overlaps it on the deal (``overlaps(j, excluded, i)``:
    by counting, :meth:`Game.exclusions`, or off the sets of categories every deal hits).

    >>> hits = [0b011, 0b110]  # deals hitting {0, 1} and {1, 2}
    >>> seed_exclusions("ABC", lambda j, ex, i: any(m >> j & 1 and m >> i & 1 and not any(m >> e & 1 for e in ex)
    ...                                          for m in hits))
    {'A': (), 'B': ('A',), 'C': ('B',)}
    """
    result: dict[str, tuple[str, ...]] = {}
    for j, name in enumerate(names):
        excluded: list[int] = []
        for i in range(j - 1, -1, -1):
            if overlaps(j, tuple(excluded), i):
                excluded.append(i)
        result[name] = tuple(names[i] for i in excluded)
    return result


def _first_hit(values: Sequence[SortedValues], level: str | None, n: int) -> np.ndarray:
    """Per assignment, the first category computed at ``level`` that is non-zero (else the
    number of categories), found on that level's distinct tuples and lifted once."""
    chosen = [(i, v) for i, v in enumerate(values) if v.sort == level]
    size = chosen[0][1].value.shape[0] if level is not None else n
    first = np.full(size, len(values), dtype=np.int16)
    for index, value in reversed(chosen):
        first[np.broadcast_to(value.value, (size,)) != 0] = index
    index_map = chosen[0][1].index
    return first if index_map is None else first[index_map]
